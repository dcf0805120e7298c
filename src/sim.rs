//! Headless battles between two players (any [`PlayerKind`]), each game with its own dice
//! and the players' sides swapped every other game, spread over every core: the games of
//! `volley sim`, of the generator's playtest, of the points fit and of the editor's quick
//! sim. What each game ended with (winner, R10 reason, turn, losses and a tally per unit)
//! goes to `volley sim`'s report ([`crate::commands::sim_report`]), which prints the
//! statistics.

use crate::ai::level::{self, Budget, Level};
use crate::ai::{AdvancePlayer, HoldPlayer, Player, RandomPlayer, SitterPlayer};
use crate::engine::event::EndReason;
use crate::engine::game::Fate;
use crate::engine::{Dice, Game, SideId};
use crate::scenario::Scenario;
use serde::Serialize;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub use crate::ai::PlayerKind;

/// What one unit did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct UnitTally {
    /// uhp its attacks took from enemies (R5.2).
    pub dealt: u32,
    /// uhp it lost to damage, a destroyed unit's last included (R5.2, R8.2): what the
    /// enemy dealt it.
    pub lost: u32,
    /// uhp that left the field with it when it routed (R8.5); `lost + routed_uhp` is what
    /// it adds to its side's losses (R10.3).
    pub routed_uhp: u32,
    /// Whether it was destroyed (R8.2).
    pub destroyed: bool,
    /// Whether it routed (R8.5).
    pub routed: bool,
    /// Shock and morale rolls it made (R9).
    pub shock_rolls: u32,
    /// Of those, the ones that did not hold: recoil, flee or rout (R9.1).
    pub shock_failed: u32,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The seed of this game's dice.
    pub seed: u64,
    /// The player on map side A and on side B.
    pub players: [PlayerKind; 2],
    /// The side that won, if any.
    pub winner: Option<SideId>,
    /// Why the battle ended (R10).
    pub reason: EndReason,
    /// The turn it ended on.
    pub turns: u32,
    /// uhp lost by side A and side B (R10.3).
    pub losses: [u32; 2],
    /// Each unit's tally, by unit id.
    pub units: Vec<UnitTally>,
    /// Side A's and side B's uhp dealt, lost and routed, each counted for the side the unit
    /// fought for at that moment (R12.3: a defector's later blows count for its new side).
    pub sides: [SideTally; 2],
}

impl GameResult {
    /// What the game scored for `side`: 1 a win, ½ a draw, 0 a loss.
    pub fn score(&self, side: SideId) -> f64 {
        match self.winner {
            Some(w) if w == side => 1.0,
            None => 0.5,
            Some(_) => 0.0,
        }
    }
}

pub use crate::engine::game::SideTally;

fn make(
    kind: PlayerKind,
    seed: u64,
    aggression: [u8; 2],
    iterations: u32,
) -> Box<dyn Player + Send> {
    let level = |l| level::player(l, seed, aggression, Budget::iterations(iterations));
    match kind {
        PlayerKind::Easy => level(Level::Easy),
        PlayerKind::Normal => level(Level::Normal),
        PlayerKind::Hard => level(Level::Hard),
        PlayerKind::Random => Box::new(RandomPlayer::new(seed ^ 0xA5A5)),
        PlayerKind::Advance => Box::new(AdvancePlayer),
        PlayerKind::Hold => Box::new(HoldPlayer),
        PlayerKind::Sitter => Box::new(SitterPlayer),
        PlayerKind::Stranger => Box::new(crate::ai::stranger::player(seed, aggression)),
    }
}

/// Plays one battle with dice seeded `seed`: `players[0]` commands map side A,
/// `players[1]` side B; a `hard` player looks ahead `iterations` times a decision. `None`
/// if a player gave up or the battle did not end.
pub fn play_one(
    scenario: &Scenario,
    seed: u64,
    players: [PlayerKind; 2],
    iterations: u32,
) -> Option<GameResult> {
    let aggression = [scenario.sides[0].aggression, scenario.sides[1].aggression];
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).ok()?;
    let mut made = [
        make(players[0], seed, aggression, iterations),
        make(players[1], seed, aggression, iterations),
    ];
    for _ in 0..100_000 {
        let side = game.acting_side()?;
        let command = side.of_mut(&mut made).choose(&game)?;
        game.submit(command).ok()?;
        if let Some(outcome) = game.outcome() {
            return Some(GameResult {
                seed,
                players,
                winner: outcome.winner,
                reason: outcome.reason,
                turns: game.turn(),
                losses: [game.losses(SideId::A), game.losses(SideId::B)],
                units: tallies(&game),
                sides: game.side_tallies(),
            });
        }
    }
    None
}

/// Each unit's tally as the engine reads it from the log ([`Game::tallies`]); a routed
/// unit's uhp are those it had left (a routed unit keeps them, off the map).
fn tallies(game: &Game) -> Vec<UnitTally> {
    (game.tallies().iter().zip(game.units()))
        .map(|(t, u)| {
            let routed = t.fate == Some(Fate::Routed);
            UnitTally {
                dealt: t.dealt,
                lost: t.taken,
                routed_uhp: u.routed_uhp(),
                destroyed: t.fate == Some(Fate::Destroyed),
                routed,
                shock_rolls: t.shock_rolls,
                shock_failed: t.shock_failed,
            }
        })
        .collect()
}

/// How `sim` plays: the two players, the first game's seed, and the look-aheads a `hard`
/// player takes a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimSetup {
    /// The players; the first commands side A in even games.
    pub kinds: [PlayerKind; 2],
    /// Seed of game 0's dice; game `i` has `seed + i`.
    pub seed: u64,
    /// Look-aheads of a `hard` player per decision.
    pub iterations: u32,
}

impl SimSetup {
    /// `kinds` from seed `seed`, `hard` with the default look-aheads.
    pub fn new(kinds: [PlayerKind; 2], seed: u64) -> SimSetup {
        SimSetup {
            kinds,
            seed,
            iterations: level::SIM_ITERATIONS,
        }
    }
}

/// Games played and held at once: results are handed on a chunk at a time, in game order,
/// so memory does not grow with `--games`.
const CHUNK: usize = 1024;

/// Plays `games` battles; game `i` has dice seeded `seed + i`, and in every odd game the
/// players change sides. `tick` is called as each game ends (for a progress bar).
pub fn simulate(
    scenario: &Scenario,
    games: usize,
    setup: SimSetup,
    tick: &(dyn Fn() + Sync),
) -> Vec<GameResult> {
    let mut all = Vec::new();
    simulate_each(scenario, games, setup, tick, &mut |r| {
        all.push(r);
        ControlFlow::Continue(())
    });
    all
}

/// Plays the games of [`simulate`], handing each finished one to `each` in game order
/// instead of keeping them: at most a chunk of games is held at once. `each` may break to
/// stop (a closed pipe); the games after it are not played.
pub fn simulate_each(
    scenario: &Scenario,
    games: usize,
    setup: SimSetup,
    tick: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(GameResult) -> ControlFlow<()>,
) {
    let mut start = 0;
    while start < games {
        let end = games.min(start.saturating_add(CHUNK));
        for result in play_range(scenario, start..end, setup, tick)
            .into_iter()
            .flatten()
        {
            if each(result).is_break() {
                return;
            }
        }
        start = end;
    }
}

/// Plays games `range` over every core; their results in game order (`None`: no end).
fn play_range(
    scenario: &Scenario,
    range: Range<usize>,
    setup: SimSetup,
    tick: &(dyn Fn() + Sync),
) -> Vec<Option<GameResult>> {
    let SimSetup {
        kinds,
        seed,
        iterations,
    } = setup;
    let next = AtomicUsize::new(range.start);
    let results = Mutex::new(Vec::with_capacity(range.len()));
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= range.end {
                    break;
                }
                let players = if i % 2 == 1 {
                    [kinds[1], kinds[0]]
                } else {
                    kinds
                };
                let result = play_one(scenario, seed.wrapping_add(i as u64), players, iterations);
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, result));
                tick();
            });
        }
    });
    let mut all = results.into_inner().unwrap_or_else(|e| e.into_inner());
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// `side`'s mean score over `results` (a win 1, a draw ½, a loss 0); 0 with none.
pub fn mean_score(results: &[GameResult], side: SideId) -> f64 {
    let total: f64 = results.iter().map(|r| r.score(side)).sum();
    total / results.len().max(1) as f64
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
