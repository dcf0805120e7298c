//! `volley sim`: headless battles between two players (`computer`, `random`, `advance`),
//! sides swapped on paired seeds, spread over every core, with win rates and their 95%
//! interval, average turns and losses by side.

use crate::ai::{AdvancePlayer, ComputerPlayer, Player, RandomPlayer};
use crate::engine::{Dice, Game, SideId};
use crate::scenario::Scenario;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A kind of player for `sim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The computer opponent.
    Computer,
    /// Random legal orders.
    Random,
    /// Every unit marches at the nearest enemy, fires and attacks.
    Advance,
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerKind, String> {
        match s {
            "computer" => Ok(PlayerKind::Computer),
            "random" => Ok(PlayerKind::Random),
            "advance" => Ok(PlayerKind::Advance),
            other => Err(format!(
                "unknown player `{other}`: use computer, random or advance"
            )),
        }
    }
}

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Which of the two players (0 = `--side-a`'s, 1 = `--side-b`'s) won, if anyone.
    pub winner: Option<usize>,
    /// Turns played.
    pub turns: u32,
    /// uhp lost by side A and side B of the map.
    pub losses: [u32; 2],
}

fn make(kind: PlayerKind, seed: u64, aggression: [u8; 2]) -> Box<dyn Player + Send> {
    match kind {
        PlayerKind::Computer => Box::new(ComputerPlayer::new(seed, aggression)),
        PlayerKind::Random => Box::new(RandomPlayer::new(seed ^ 0xA5A5)),
        PlayerKind::Advance => Box::new(AdvancePlayer),
    }
}

/// Plays one battle: `players[0]` commands map side A, `players[1]` side B.
pub fn play_one(
    scenario: &Scenario,
    seed: u64,
    kinds: [PlayerKind; 2],
) -> Option<(Option<SideId>, u32, [u32; 2])> {
    let aggression = [scenario.sides[0].aggression, scenario.sides[1].aggression];
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).ok()?;
    let mut players = [
        make(kinds[0], seed, aggression),
        make(kinds[1], seed, aggression),
    ];
    for _ in 0..100_000 {
        let side = game.acting_side()?;
        let command = side.of_mut(&mut players).choose(&game)?;
        game.submit(command).ok()?;
        if let Some(outcome) = game.outcome() {
            return Some((
                outcome.winner,
                game.turn(),
                [game.losses(SideId::A), game.losses(SideId::B)],
            ));
        }
    }
    None
}

/// Plays `games` battles in pairs of seeds from `seed`, sides swapped within a pair.
pub fn simulate(
    scenario: &Scenario,
    games: usize,
    seed: u64,
    kinds: [PlayerKind; 2],
    progress: bool,
) -> Vec<GameResult> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(games));
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let progress = progress && std::io::IsTerminal::is_terminal(&std::io::stderr());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let swapped = i % 2 == 1;
                let pair_seed = seed.wrapping_add((i / 2) as u64);
                let order = if swapped { [kinds[1], kinds[0]] } else { kinds };
                let result = play_one(scenario, pair_seed, order).map(|(winner, turns, losses)| {
                    GameResult {
                        winner: winner.map(|w| w.index() ^ usize::from(swapped)),
                        turns,
                        losses,
                    }
                });
                let mut all = results.lock().unwrap_or_else(|e| e.into_inner());
                all.push((i, result));
                if progress {
                    eprint!("\rsim: {}/{games} games", all.len());
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut all = results.into_inner().unwrap_or_else(|e| e.into_inner());
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().filter_map(|(_, r)| r).collect()
}

/// Wilson score interval at 95% for `wins` out of `n`.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, wins as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The printed summary of a simulation.
pub fn report(name: &str, kinds: [PlayerKind; 2], results: &[GameResult]) -> String {
    let n = results.len();
    let mut out = format!("{name}: {n} games\n");
    for (i, kind) in kinds.iter().enumerate() {
        let wins = results.iter().filter(|r| r.winner == Some(i)).count();
        let (lo, hi) = wilson(wins, n);
        let rate = if n > 0 { wins as f64 / n as f64 } else { 0.0 };
        out.push_str(&format!(
            "  {:<8} ({}) wins {wins:>4}  {:5.1}%  95% CI {:5.1}%–{:5.1}%\n",
            format!("{kind:?}").to_lowercase(),
            if i == 0 { "side-a" } else { "side-b" },
            rate * 100.0,
            lo * 100.0,
            hi * 100.0
        ));
    }
    let draws = results.iter().filter(|r| r.winner.is_none()).count();
    let avg = |f: &dyn Fn(&GameResult) -> u32| {
        results.iter().map(|r| f64::from(f(r))).sum::<f64>() / n.max(1) as f64
    };
    out.push_str(&format!(
        "  draws {draws}, average turns {:.1}\n",
        avg(&|r| r.turns)
    ));
    out.push_str(&format!(
        "  average uhp lost: map side A {:.1}, map side B {:.1}\n",
        avg(&|r| r.losses[0]),
        avg(&|r| r.losses[1])
    ));
    out
}
