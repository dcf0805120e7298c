//! The `random` player: a uniformly random legal command, ending its orders now and then.

use super::Player;
use crate::engine::Order;
use crate::engine::{Command, Game};
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
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        let legal = game.legal_commands();
        if legal.is_empty() {
            return None;
        }
        let end = legal
            .iter()
            .position(|c| matches!(c, Command::Order(Order::EndOrders)));
        let orders = legal.len() - usize::from(end.is_some());
        match end {
            Some(i) if orders == 0 || self.below(4) == 0 => legal.get(i).copied(),
            _ => {
                // The pick among the orders other than ending them, in the list's order.
                let pick = self.below(orders);
                let at = match end {
                    Some(i) if pick >= i => pick + 1,
                    _ => pick,
                };
                legal.get(at).copied()
            }
        }
    }
}
