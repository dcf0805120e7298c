//! The `random` player: a uniformly random legal command, ending its orders now and then.
//! It asks the engine for each unit's orders in turn rather than for one list of them all,
//! and only as far as its draws need, so a random playout costs little beyond the engine's
//! answers.

use super::Player;
use crate::engine::{Actor, Command, Game, Order, UnitId};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks random legal commands with its own seeded generator (never the game's dice).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player seeded from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n.max(1) as u64) as usize
    }

    /// One of `units`' orders, or `EndOrders` (when `end`, a time in four while any unit
    /// has an order): the pick [`Game::legal_commands`] would give, the same draw for
    /// draw, without copying every order into one list.
    fn order(&mut self, game: &Game, units: &[UnitId], end: bool) -> Option<Command> {
        let end_orders = Command::Order(Order::EndOrders);
        // Finding one unit with an order is enough to draw whether to end them.
        let any = units.iter().any(|&u| !game.unit_orders(u).is_empty());
        if end && (!any || self.below(4) == 0) {
            return Some(end_orders);
        }
        if !any {
            return None;
        }
        let total = units.iter().map(|&u| game.unit_orders(u).len()).sum();
        let mut pick = self.below(total);
        for &u in units {
            let orders = game.unit_orders(u);
            match orders.get(pick) {
                Some(order) => return Some(*order),
                None => pick -= orders.len(),
            }
        }
        None
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        if let Actor::Orders { side, .. } = game.actor() {
            let units: Vec<UnitId> = game.units_of(side).map(|u| u.id).collect();
            let end = game
                .check_command(&Command::Order(Order::EndOrders))
                .is_ok();
            return self.order(game, &units, end);
        }
        let answers = game.legal_commands();
        if answers.is_empty() {
            return None;
        }
        let pick = self.below(answers.len());
        answers.get(pick).copied()
    }
}
