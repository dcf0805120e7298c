//! The computer's levels, as the scenario sets them ([`Level`], a plain scenario value
//! read here): `easy` (plausible but beatable), `normal` (the planner) and `hard` (the
//! planner's plans tried on copies of the battle against the enemy's likely replies and
//! fresh dice), and the budget a `hard` player thinks within.

use super::{ComputerPlayer, EasyPlayer, HardPlayer, Player};
pub use crate::scenario::level::{Level, UnknownLevel};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What a computer player may spend on one decision: `hard` at most `iterations`
/// look-aheads (which makes its orders depend only on the seed), and at most `time` if
/// given, stopping early when `cancel` is set (the battle moved on, or the player quit);
/// `normal` up to `threads` threads, which changes how soon it chooses, never what.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The most look-aheads (one copy of the battle played to the end of the turn) per
    /// decision; racing stops sooner when the choice is plain.
    pub iterations: u32,
    /// Wall-clock limit per decision, in play; `None` in sims and tests.
    pub time: Option<Duration>,
    /// Set from outside to stop thinking at once.
    pub cancel: Arc<AtomicBool>,
    /// Threads `normal` may score units on (1 in sims and tests, whose games already share
    /// the machine's cores; the machine's cores in play). `easy` and `hard` keep to one:
    /// `hard`'s look-aheads copy its planner into every copy of the battle.
    pub threads: usize,
}

impl Budget {
    /// A budget of look-aheads alone: the same seed gives the same orders.
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations,
            time: None,
            cancel: Arc::default(),
            threads: 1,
        }
    }

    /// The budget in play: `ms` milliseconds a decision, and no more look-aheads than
    /// [`MAX_ITERATIONS`].
    pub fn think_ms(ms: u64) -> Budget {
        Budget {
            iterations: MAX_ITERATIONS,
            time: Some(Duration::from_millis(ms)),
            cancel: Arc::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// The most look-aheads a decision takes in play, however long it may think.
pub const MAX_ITERATIONS: u32 = 400;

/// The most look-aheads per decision of `hard` in `volley sim` unless `--iterations` says;
/// racing stops sooner when the choice is plain. At 48, `hard` won 59.2% (56.1–62.2) of
/// 1,000 games against `normal` at Kircholm (issue 30). In play it takes as many as its
/// time allows, up to [`MAX_ITERATIONS`].
pub const SIM_ITERATIONS: u32 = 48;

/// The player of a level for a battle of `seed` with each side's aggression (0–10).
pub fn player(
    level: Level,
    seed: u64,
    aggression: [u8; 2],
    budget: Budget,
) -> Box<dyn Player + Send> {
    match level {
        Level::Easy => Box::new(EasyPlayer::new(seed)),
        Level::Normal => {
            Box::new(ComputerPlayer::new(seed, aggression).with_threads(budget.threads))
        }
        Level::Hard => Box::new(HardPlayer::new(seed, aggression, budget)),
    }
}

/// Each side's player of its own level; one decision goes to the acting side's.
pub struct Sided {
    players: [Box<dyn Player + Send>; 2],
}

impl Player for Sided {
    fn choose(&mut self, game: &crate::engine::Game) -> Option<crate::engine::Command> {
        let side = game.acting_side()?;
        side.of_mut(&mut self.players).choose(game)
    }
}

/// A player for both sides of a battle of `seed`, each at its own level.
pub fn sided(levels: [Level; 2], seed: u64, aggression: [u8; 2], budget: &Budget) -> Sided {
    Sided {
        players: levels.map(|l| player(l, seed, aggression, budget.clone())),
    }
}
