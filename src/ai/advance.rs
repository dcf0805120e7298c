//! The `advance` player: a simple script. Every unit moves towards the nearest enemy
//! (charging when it can), fires when it can, and attacks when adjacent; decisions take the
//! first answer that keeps the unit in the fight.

use super::Player;
use crate::engine::{Actor, Command, Decision, Game, UnitId};
use crate::engine::{Answer, Order};
use hexx::Hex;

/// The scripted advance-and-fight player.
#[derive(Clone, Debug, Default)]
pub struct AdvancePlayer;

impl Player for AdvancePlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Decide(d) => Some(answer(&d)),
            Actor::Orders { side, .. } => {
                let best = game.units_of(side).find_map(|u| best_order(game, u.id));
                best.or_else(|| {
                    game.legal_commands()
                        .into_iter()
                        .find(|c| *c == Command::Order(Order::EndOrders))
                })
                .or_else(|| game.legal_commands().into_iter().next())
            }
        }
    }
}

fn answer(d: &Decision) -> Command {
    match d {
        Decision::Initiative { .. } => Command::Answer(Answer::ChooseFirst { first: false }),
        Decision::Withdraw { .. } => Command::Answer(Answer::Withdraw { hexes: 0 }),
        Decision::Advance { .. } => Command::Answer(Answer::Advance { advance: true }),
        Decision::NewChargeTarget { options, .. } => Command::Answer(Answer::ChooseChargeTarget {
            target: options.first().copied(),
        }),
    }
}

/// The order this unit gives by script, if it has any left.
fn best_order(game: &Game, unit: UnitId) -> Option<Command> {
    let orders = game.unit_orders(unit);
    let first = |f: &dyn Fn(&Command) -> bool| orders.iter().find(|c| f(c)).copied();
    if let Some(c) = first(&|c| {
        matches!(
            c,
            Command::Order(Order::Fire { .. })
                | Command::Order(Order::Attack { .. })
                | Command::Order(Order::Charge { .. })
        )
    }) {
        return Some(c);
    }
    let target = nearest_enemy(game, unit)?;
    let here = game.unit(unit)?.pos.unsigned_distance_to(target);
    let closer = orders
        .iter()
        .filter_map(|c| match c {
            Command::Order(Order::March { to, .. }) => Some((to.unsigned_distance_to(target), *c)),
            _ => None,
        })
        .filter(|(d, _)| *d < here)
        .min_by_key(|(d, _)| *d);
    closer
        .map(|(_, c)| c)
        .or_else(|| first(&|c| matches!(c, Command::Order(Order::StandFast { .. }))))
}

fn nearest_enemy(game: &Game, unit: UnitId) -> Option<Hex> {
    let u = game.unit(unit)?;
    game.units_of(u.side.other())
        .map(|e| e.pos)
        .min_by_key(|p| (p.unsigned_distance_to(u.pos), p.y, p.x))
}
