//! The `sitter` player, a baseline for measuring the computer (issue 30): every unit
//! marches to the nearest objective (R10.3, R12.4) not yet claimed by a friend (one
//! standing on it, or an earlier unit in scenario order bound for it; ties go to the
//! objective first in the scenario), then stands fast (R4.1); in the Missile and Melee
//! phases each unit only readies (R5.6). Decisions take their first answer. It never
//! attacks: a side that wins only by holding ground.

use super::Player;
use crate::engine::{Actor, Command, Game, Order, Phase, SideId, UnitId};
use hexx::Hex;

/// Marches to the objectives, stands fast and readies.
#[derive(Clone, Debug, Default)]
pub struct SitterPlayer;

impl Player for SitterPlayer {
    fn choose(&mut self, game: &Game) -> Option<Command> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Decide(decision) => decision.answers().into_iter().next(),
            Actor::Orders { side, phase } => {
                let order = match phase {
                    Phase::Movement => movement_order(game, side),
                    _ => ready_order(game, side),
                };
                Some(order.unwrap_or(Command::Order(Order::EndOrders)))
            }
        }
    }
}

/// Each of `side`'s units and the objective it is bound for, if any: units on an objective
/// that counts for the side hold it; the rest, in scenario order, take the nearest one
/// still unclaimed.
pub fn posts(game: &Game, side: SideId) -> Vec<(UnitId, Option<Hex>)> {
    let goals: Vec<Hex> = game
        .objectives()
        .iter()
        .filter(|o| o.worth_for(side) > 0)
        .map(|o| o.hex)
        .collect();
    let units: Vec<(UnitId, Hex)> = game.units_of(side).map(|u| (u.id, u.pos)).collect();
    let mut claimed: Vec<Hex> = units
        .iter()
        .map(|(_, at)| *at)
        .filter(|at| goals.contains(at))
        .collect();
    units
        .iter()
        .map(|&(id, at)| {
            if goals.contains(&at) {
                return (id, Some(at));
            }
            let free = goals.iter().filter(|g| !claimed.contains(g));
            // `min_by_key` keeps the first of equals: the scenario's order.
            let goal = free.min_by_key(|g| g.unsigned_distance_to(at)).copied();
            claimed.extend(goal);
            (id, goal)
        })
        .collect()
}

/// The next unit's movement order: a march nearer its objective, else stand fast.
fn movement_order(game: &Game, side: SideId) -> Option<Command> {
    posts(game, side).into_iter().find_map(|(id, goal)| {
        let orders = game.unit_orders(id);
        let here = game.unit(id)?.pos;
        let march = goal.and_then(|goal| {
            let distance = |to: &Hex| to.unsigned_distance_to(goal);
            orders
                .iter()
                .filter_map(|c| match c {
                    Command::Order(Order::March { to, .. }) if distance(to) < distance(&here) => {
                        Some((distance(to), *c))
                    }
                    _ => None,
                })
                .min_by_key(|(d, _)| *d)
                .map(|(_, c)| c)
        });
        march.or_else(|| {
            let stand = Command::Order(Order::StandFast { unit: id });
            orders.contains(&stand).then_some(stand)
        })
    })
}

/// The next unit's ready order, if any unit may still ready.
fn ready_order(game: &Game, side: SideId) -> Option<Command> {
    game.units_of(side).find_map(|u| {
        let ready = Command::Order(Order::Ready { unit: u.id });
        game.unit_orders(u.id).contains(&ready).then_some(ready)
    })
}
