//! What `volley sim` prints: wins by side name for each pairing of players with a 95%
//! Wilson interval, how battles ended (R10.1–R10.3) and on which turn, and a table per unit
//! (uhp dealt and lost, how often destroyed or routed, shock rolls made and failed), as
//! text, JSON or CSV (one row per game).

use super::sim::{wilson, GameResult, PlayerKind, UnitTally};
use crate::engine::event::EndReason;
use crate::engine::SideId;
use crate::scenario::Scenario;
use serde::Serialize;
use std::fmt::Write as _;

/// Wins of one side in one pairing, or of one player over all games.
#[derive(Clone, Debug, Serialize)]
pub struct Wins {
    /// A side's name, or a player's.
    pub name: String,
    /// Games won.
    pub wins: usize,
    /// Games played.
    pub games: usize,
    /// Percentage of games won.
    pub percent: f64,
    /// 95% Wilson interval of that percentage.
    pub ci95: [f64; 2],
}

impl Wins {
    fn new(name: &str, wins: usize, games: usize) -> Wins {
        let (lo, hi) = wilson(wins, games);
        Wins {
            name: name.to_string(),
            wins,
            games,
            percent: 100.0 * wins as f64 / games.max(1) as f64,
            ci95: [100.0 * lo, 100.0 * hi],
        }
    }
}

/// One pairing: which player commanded each side, and how each side fared.
#[derive(Clone, Debug, Serialize)]
pub struct Pairing {
    /// The players on side A and side B.
    pub players: [PlayerKind; 2],
    /// Games of this pairing.
    pub games: usize,
    /// Wins of side A and side B, by side name.
    pub sides: [Wins; 2],
    /// Games with no winner.
    pub draws: usize,
}

/// One unit's line of the table, over all games.
#[derive(Clone, Debug, Serialize)]
pub struct UnitLine {
    /// The unit's label.
    pub label: String,
    /// Its side's name.
    pub side: String,
    /// Mean uhp dealt per game.
    pub dealt: f64,
    /// Mean uhp lost per game.
    pub lost: f64,
    /// Percentage of games it was destroyed in.
    pub destroyed: f64,
    /// Percentage of games it routed in.
    pub routed: f64,
    /// Shock and morale rolls made, all games.
    pub shock_rolls: u32,
    /// Of those, the ones that did not hold.
    pub shock_failed: u32,
}

/// Everything `volley sim` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The battle's name.
    pub scenario: String,
    /// Games finished.
    pub games: usize,
    /// Each pairing of players, side A's player first.
    pub pairings: Vec<Pairing>,
    /// Each player's wins over all games and both sides.
    pub players: Vec<Wins>,
    /// How battles ended: `annihilation`, `army morale`, `objectives`, `losses`,
    /// `defender`, with the number of games.
    pub endings: Vec<(String, usize)>,
    /// Games ended on each turn, from turn 1.
    pub turns: Vec<usize>,
    /// The mean turn a battle ended on.
    pub mean_turn: f64,
    /// One line per unit.
    pub units: Vec<UnitLine>,
}

/// The name a report gives an R10 ending.
pub fn ending_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Annihilated => "annihilation",
        EndReason::ArmyBroke => "army morale",
        EndReason::Objectives => "objectives",
        EndReason::Losses => "losses",
        EndReason::Defender => "defender",
    }
}

/// The summary of `results` of battles of `scenario`.
pub fn summarize(scenario: &Scenario, results: &[GameResult]) -> Summary {
    let side_name = |s: SideId| s.of(&scenario.sides).name.as_str();
    let mut pairs: Vec<[PlayerKind; 2]> = results.iter().map(|r| r.players).collect();
    pairs.sort();
    pairs.dedup();
    let pairings = pairs
        .into_iter()
        .map(|players| {
            let of: Vec<&GameResult> = results.iter().filter(|r| r.players == players).collect();
            let won = |s| of.iter().filter(|r| r.winner == Some(s)).count();
            let wins = |s| Wins::new(side_name(s), won(s), of.len());
            Pairing {
                players,
                games: of.len(),
                sides: [wins(SideId::A), wins(SideId::B)],
                draws: of.iter().filter(|r| r.winner.is_none()).count(),
            }
        })
        .collect();
    let mut kinds: Vec<PlayerKind> = results.iter().flat_map(|r| r.players).collect();
    kinds.sort();
    kinds.dedup();
    let players = kinds
        .into_iter()
        .map(|k| {
            let played = results.iter().filter(|r| r.players.contains(&k)).count();
            let won = results
                .iter()
                .filter(|r| r.winner.is_some_and(|w| *w.of(&r.players) == k))
                .count();
            Wins::new(k.name(), won, played)
        })
        .collect();
    Summary {
        scenario: scenario.name.clone(),
        games: results.len(),
        pairings,
        players,
        endings: endings(results),
        turns: turns(results),
        mean_turn: mean(results.iter().map(|r| f64::from(r.turns)), results.len()),
        units: unit_lines(scenario, results),
    }
}

fn mean(values: impl Iterator<Item = f64>, n: usize) -> f64 {
    values.sum::<f64>() / n.max(1) as f64
}

fn endings(results: &[GameResult]) -> Vec<(String, usize)> {
    use EndReason::*;
    [Annihilated, ArmyBroke, Objectives, Losses, Defender]
        .into_iter()
        .map(|r| {
            let n = results.iter().filter(|g| g.reason == r).count();
            (ending_name(r).to_string(), n)
        })
        .collect()
}

fn turns(results: &[GameResult]) -> Vec<usize> {
    let last = results.iter().map(|r| r.turns as usize).max().unwrap_or(0);
    (1..=last)
        .map(|t| results.iter().filter(|r| r.turns as usize == t).count())
        .collect()
}

fn unit_lines(scenario: &Scenario, results: &[GameResult]) -> Vec<UnitLine> {
    let n = results.len();
    let pct = |count: usize| 100.0 * count as f64 / n.max(1) as f64;
    scenario
        .setup
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let all: Vec<UnitTally> = results
                .iter()
                .map(|r| r.units.get(i).copied().unwrap_or_default())
                .collect();
            UnitLine {
                label: u.label.clone(),
                side: u.side.of(&scenario.sides).name.clone(),
                dealt: mean(all.iter().map(|t| f64::from(t.dealt)), n),
                lost: mean(all.iter().map(|t| f64::from(t.lost)), n),
                destroyed: pct(all.iter().filter(|t| t.destroyed).count()),
                routed: pct(all.iter().filter(|t| t.routed).count()),
                shock_rolls: all.iter().map(|t| t.shock_rolls).sum(),
                shock_failed: all.iter().map(|t| t.shock_failed).sum(),
            }
        })
        .collect()
}

/// The summary as text for a terminal.
pub fn text(s: &Summary) -> String {
    let mut out = format!("{}: {}\n", s.scenario, games(s.games));
    let width = s
        .pairings
        .iter()
        .flat_map(|p| p.sides.iter().map(|w| w.name.chars().count()))
        .chain(s.players.iter().map(|w| w.name.chars().count()))
        .max()
        .unwrap_or(0);
    for p in &s.pairings {
        let [a, b] = &p.sides;
        let [pa, pb] = p.players.map(PlayerKind::name);
        let _ = writeln!(
            out,
            "\n{pa} as {} against {pb} as {}: {}",
            a.name,
            b.name,
            games(p.games)
        );
        for w in &p.sides {
            out.push_str(&wins_line(w, width));
        }
        let _ = writeln!(out, "  draws {}", p.draws);
    }
    if s.pairings.len() > 1 {
        out.push_str("\nBy player, both sides:\n");
        for w in &s.players {
            out.push_str(&wins_line(w, width));
        }
    }
    out.push_str(&endings_text(s));
    out.push_str(&units_text(&s.units));
    out
}

/// `1 game` or `12 games`.
fn games(n: usize) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

fn wins_line(w: &Wins, width: usize) -> String {
    format!(
        "  {:<width$}  {:>5} wins  {:5.1}%  (95% CI {:5.1}%–{:5.1}%)\n",
        w.name, w.wins, w.percent, w.ci95[0], w.ci95[1]
    )
}

fn endings_text(s: &Summary) -> String {
    let n = s.games.max(1) as f64;
    let parts: Vec<String> = s
        .endings
        .iter()
        .map(|(name, k)| format!("{name} {k} ({:.1}%)", 100.0 * *k as f64 / n))
        .collect();
    let first = s.turns.iter().position(|&k| k > 0).map_or(0, |t| t + 1);
    format!(
        "\nHow battles ended: {}\nTurn ended: mean {:.1}, earliest {first}, latest {}\n",
        parts.join(", "),
        s.mean_turn,
        s.turns.len()
    )
}

fn units_text(units: &[UnitLine]) -> String {
    let lw = units
        .iter()
        .map(|u| u.label.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let sw = units
        .iter()
        .map(|u| u.side.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "\nUnits: uhp dealt and lost per game, % of games destroyed and routed, shock rolls\n\
         \x20 {:<lw$}  {:<sw$}  {:>6}  {:>6}  {:>9}  {:>6}  {:>6}  {:>6}\n",
        "unit", "side", "dealt", "lost", "destroyed", "routed", "shock", "failed"
    );
    for u in units {
        let _ = writeln!(
            out,
            "  {:<lw$}  {:<sw$}  {:>6.1}  {:>6.1}  {:>8.1}%  {:>5.1}%  {:>6}  {:>6}",
            u.label, u.side, u.dealt, u.lost, u.destroyed, u.routed, u.shock_rolls, u.shock_failed
        );
    }
    out
}

/// The summary and every game as JSON.
pub fn json(s: &Summary, results: &[GameResult]) -> String {
    #[derive(Serialize)]
    struct All<'a> {
        summary: &'a Summary,
        games: &'a [GameResult],
    }
    serde_json::to_string_pretty(&All {
        summary: s,
        games: results,
    })
    .unwrap_or_default()
        + "\n"
}

/// One CSV row per game: seed, players, winner's side name, ending, turn and losses.
pub fn csv(scenario: &Scenario, results: &[GameResult]) -> String {
    let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let side = |s: SideId| quote(&s.of(&scenario.sides).name);
    let mut out = String::from("seed,player_a,player_b,winner,ending,turn,losses_a,losses_b\n");
    for r in results {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{}",
            r.seed,
            r.players[0].name(),
            r.players[1].name(),
            r.winner.map(side).unwrap_or_default(),
            ending_name(r.reason),
            r.turns,
            r.losses[0],
            r.losses[1]
        );
    }
    out
}
