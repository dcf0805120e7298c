//! `volley sim --yardstick KIND`: a player measured against a yardstick on the same seeds
//! (issue 30). The player meets side B's player in every game, then the yardstick meets
//! it in the same games (the same dice seeds and sides, so a stranger of the pool is the
//! same stranger); the edge is the player's mean score less the yardstick's, with a 95%
//! interval from the paired differences, which the shared dice and enemies make tighter
//! than two separate rates would be.

use crate::engine::SideId;
use crate::scenario::Scenario;
use crate::sim::{simulate, GameResult, PlayerKind, SimSetup};
use std::collections::BTreeMap;

/// A player's paired edge over a yardstick.
#[derive(Clone, Debug, PartialEq)]
pub struct PairedEdge {
    /// Games played by both (a game without an end in either is left out).
    pub games: usize,
    /// The player's and the yardstick's mean score (win 1, draw ½), 0–1.
    pub scores: [f64; 2],
    /// The player's mean score less the yardstick's, and the half-width of its 95%
    /// interval, both in score (×100 for points).
    pub edge: (f64, f64),
    /// Each game both played: its dice seed, the player's score and the yardstick's, so
    /// that runs over other seeds can be pooled (empty from [`edge_of`]).
    pub every: Vec<PairedGame>,
}

/// One game of a paired measure: dice seed, the player's score, the yardstick's (0, ½, 1).
pub type PairedGame = (u64, f64, f64);

/// Each game's score for `setup.kinds[0]`, by dice seed: side A's in even games, side
/// B's in odd ones (the players change sides).
fn scores(results: &[GameResult], setup: &SimSetup) -> BTreeMap<u64, f64> {
    results
        .iter()
        .map(|r| {
            let odd = r.seed.wrapping_sub(setup.seed) % 2 == 1;
            let side = if odd { SideId::B } else { SideId::A };
            (r.seed, r.score(side))
        })
        .collect()
}

/// Plays `games` games of `setup` and the same games with `yardstick` in place of
/// `setup.kinds[0]`; the paired edge. `tick` is called as each game ends.
pub fn paired(
    scenario: &Scenario,
    games: usize,
    setup: SimSetup,
    yardstick: PlayerKind,
    tick: &(dyn Fn() + Sync),
) -> PairedEdge {
    let mut other = setup;
    other.kinds[0] = yardstick;
    let player = scores(&simulate(scenario, games, setup, tick), &setup);
    let yard = scores(&simulate(scenario, games, other, tick), &other);
    let every: Vec<PairedGame> = player
        .iter()
        .filter_map(|(seed, p)| Some((*seed, *p, *yard.get(seed)?)))
        .collect();
    let pairs: Vec<(f64, f64)> = every.iter().map(|&(_, p, y)| (p, y)).collect();
    PairedEdge {
        every,
        ..edge_of(&pairs)
    }
}

/// The paired edge of the first scores over the second.
pub fn edge_of(pairs: &[(f64, f64)]) -> PairedEdge {
    let n = pairs.len().max(1) as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let scores = [mean(&|p| p.0), mean(&|p| p.1)];
    let d = scores[0] - scores[1];
    let var = pairs.iter().map(|p| (p.0 - p.1 - d).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    PairedEdge {
        games: pairs.len(),
        scores,
        edge: (d, 1.96 * (var / n).sqrt()),
        every: Vec::new(),
    }
}

/// The report's text: the players, the games and the edge in points.
pub fn text(name: &str, kinds: [PlayerKind; 2], yardstick: PlayerKind, e: &PairedEdge) -> String {
    let pc = |x: f64| 100.0 * x;
    format!(
        "{name}: {player} and {yardstick} each against {enemy}, the same {games} games \
         (sides swapped every other game)\n  \
         {player} scored {:.1}%, {yardstick} {:.1}%: edge {:+.1} points \
         (95% interval {:+.1} to {:+.1})\n",
        pc(e.scores[0]),
        pc(e.scores[1]),
        pc(e.edge.0),
        pc(e.edge.0 - e.edge.1),
        pc(e.edge.0 + e.edge.1),
        player = kinds[0],
        enemy = kinds[1],
        games = e.games,
    )
}

/// The report as CSV: a row per game (`seed,player,yardstick`, the scores 0, 0.5 or 1),
/// for pooling runs over other seeds.
pub fn csv(e: &PairedEdge) -> String {
    // A fixed header: the player and the yardstick may be the same kind.
    let mut out = String::from("seed,player,yardstick\n");
    for (seed, p, y) in &e.every {
        out += &format!("{seed},{p},{y}\n");
    }
    out
}

/// The report as JSON: the players, every game's scores and both mean scores (0–1), and
/// the edge in points with its 95% interval.
pub fn json(kinds: [PlayerKind; 2], yardstick: PlayerKind, e: &PairedEdge) -> String {
    let games: Vec<serde_json::Value> = (e.every.iter())
        .map(|(seed, p, y)| serde_json::json!({ "seed": seed, "player": p, "yardstick": y }))
        .collect();
    let report = serde_json::json!({
        "player": kinds[0].to_string(),
        "yardstick": yardstick.to_string(),
        "enemy": kinds[1].to_string(),
        "games": games,
        "scores": e.scores,
        "edge_points": 100.0 * e.edge.0,
        "interval_points": [100.0 * (e.edge.0 - e.edge.1), 100.0 * (e.edge.0 + e.edge.1)],
    });
    report.to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30: the edge is the difference of the means, and its interval comes from the
    /// paired differences (a constant difference has none).
    #[test]
    fn the_paired_edge_is_the_mean_difference_with_its_interval() {
        let same = edge_of(&[(1.0, 0.0), (0.0, -1.0), (0.5, -0.5)]);
        assert_eq!(same.edge, (1.0, 0.0));
        let e = edge_of(&[(1.0, 0.0), (0.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        assert_eq!(e.scores, [0.5, 0.5]);
        // Differences 1, 0, 0, -1: variance 2/3, standard error sqrt(2/3/4).
        assert!((e.edge.1 - 1.96 * (2.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    /// Issue 30: a paired run keeps every game it played, for the CSV.
    #[test]
    fn a_paired_run_keeps_every_game() {
        let (file, source) = (crate::scenario::SHIPPED.iter())
            .find(|(f, _)| f.ends_with("tutorial.ron"))
            .copied()
            .unwrap_or_default();
        let Ok(scenario) = Scenario::parse(source, file) else {
            panic!("the tutorial parses");
        };
        let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Random], 11);
        let e = paired(&scenario, 4, setup, PlayerKind::Easy, &|| {});
        let seeds: Vec<u64> = e.every.iter().map(|g| g.0).collect();
        assert_eq!(seeds, [11, 12, 13, 14]);
    }

    /// Issue 30: the CSV gives each game's seed and both scores, so that runs over other
    /// seeds pool into one measure.
    #[test]
    fn the_paired_csv_has_a_row_per_game() {
        let e = PairedEdge {
            every: vec![(201, 1.0, 0.5), (202, 0.0, 0.0)],
            ..edge_of(&[(1.0, 0.5), (0.0, 0.0)])
        };
        assert_eq!(csv(&e), "seed,player,yardstick\n201,1,0.5\n202,0,0\n");
    }
}
