//! The `easy` computer: the planner made reckless (it weighs danger lightly, so it
//! overlooks threats) and, now and then, giving a unit another of its orders at random
//! instead of the best. It answers decisions as the planner does. Its randomness is seeded
//! from the battle's seed, so a saved game replays exactly.

use super::{ComputerPlayer, Player};
use crate::engine::{Actor, Command, Game, Order};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Chance in 100 that an order is replaced by another of the same unit.
const WHIM: u64 = 50;

/// The `easy` computer player.
#[derive(Clone, Debug)]
pub struct EasyPlayer {
    planner: ComputerPlayer,
    rng: ChaCha8Rng,
}

impl EasyPlayer {
    /// An easy player for a battle of `seed`: reckless whatever the scenario's aggression.
    pub fn new(seed: u64) -> EasyPlayer {
        EasyPlayer {
            planner: ComputerPlayer::new(seed, [10, 10]),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0xEA5E),
        }
    }
}

impl Player for EasyPlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        let planned = self.planner.choose(game)?;
        let unit = match (game.actor(), planned.order().and_then(Order::unit)) {
            (Actor::Orders { .. }, Some(unit)) => unit,
            _ => return Some(planned),
        };
        if self.rng.next_u64() % 100 >= WHIM {
            return Some(planned);
        }
        // Its whims stay within the unit's standing orders (issue 28).
        let orders = super::obey::obeyed(game, unit, game.unit_orders(unit));
        let pick = (self.rng.next_u64() % orders.len().max(1) as u64) as usize;
        orders.get(pick).map(|c| **c).or(Some(planned))
    }
}
