//! The `hold` player: every unit stands fast (R4.1) and nothing else is ordered; each
//! decision takes its first answer. Nothing moves, so a battle runs to its turn limit: the
//! long battles of tests and benchmarks (saves, replays) are played with it.

use super::Player;
use crate::engine::{Actor, Command, Game, Order, Phase};

/// Stands every unit fast in the Movement phase and ends every other phase's orders.
#[derive(Clone, Debug, Default)]
pub struct HoldPlayer;

impl Player for HoldPlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Decide(decision) => decision.answers().into_iter().next(),
            Actor::Orders { side, phase } => {
                let stand = game
                    .units_of(side)
                    .filter(|_| phase == Phase::Movement)
                    .map(|u| Command::Order(Order::StandFast { unit: u.id }))
                    .find(|c| game.check_command(c).is_ok());
                Some(stand.unwrap_or(Command::Order(Order::EndOrders)))
            }
        }
    }
}
