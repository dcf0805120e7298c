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

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a test that meets the unexpected should fail"
    )]
    use super::RandomPlayer;
    use crate::ai::Player;
    use crate::engine::{each_shipped_battle, Command, Game, Order};

    /// The pick from the whole of [`Game::legal_commands`], as the random player made it
    /// before it asked unit by unit: the specification its way of asking must keep, draw
    /// for draw.
    fn pick_from_list(player: &mut RandomPlayer, game: &Game) -> Option<Command> {
        let legal = game.legal_commands();
        let end_orders = Command::Order(Order::EndOrders);
        let end = legal.iter().position(|c| *c == end_orders);
        let orders = legal.len() - usize::from(end.is_some());
        match end {
            _ if legal.is_empty() => None,
            Some(i) if orders == 0 || player.below(4) == 0 => legal.get(i).copied(),
            _ => {
                let pick = player.below(orders);
                let at = match end {
                    Some(i) if pick >= i => pick + 1,
                    _ => pick,
                };
                legal.get(at).copied()
            }
        }
    }

    /// In random battles on every shipped map the random player picks what a uniform pick
    /// from the list of legal commands gives, with the same draws, so its generator stays
    /// in step to the end.
    #[test]
    fn picks_as_from_the_whole_list_of_legal_commands() {
        each_shipped_battle(|file, seed, mut game| {
            let (mut asks, mut lists) = (RandomPlayer::new(seed), RandomPlayer::new(seed));
            while let Some(command) = asks.choose(&game) {
                assert_eq!(Some(command), pick_from_list(&mut lists, &game), "{file}");
                game.submit(command).unwrap();
            }
            assert_eq!(pick_from_list(&mut lists, &game), None, "{file}");
            assert_eq!(asks.below(1 << 30), lists.below(1 << 30), "{file} {seed}");
        });
    }
}
