//! The `sitter` player, a baseline for measuring the computer (issue 30): every unit
//! marches to the nearest objective (R10.3, R12.4) not yet claimed by a friend (one
//! standing on it, or an earlier unit in scenario order bound for it; ties go to the
//! objective first in the scenario), then stands fast (R4.1); in the Missile and Melee
//! phases each unit only readies (R5.6), and attacks only when it must (IF and UF beside
//! an enemy, R7.2). Decisions take their first answer: a side that wins only by holding
//! ground.

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
                // IF and UF beside an enemy must attack before the orders end (R7.2).
                Some(order.unwrap_or_else(|| super::computer::fallback(game)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::each_shipped_battle;

    /// Issue 30: against `normal`, every shipped battle played by the sitter on either side
    /// comes to an end: its orders are always legal, R7.2's compulsory attacks included.
    #[test]
    fn the_sitter_plays_every_shipped_battle_to_its_end() {
        each_shipped_battle(|file, seed, game| {
            for sitter_side in [SideId::A, SideId::B] {
                let mut game = game.clone();
                game.reseed(seed);
                let mut normal = crate::ai::ComputerPlayer::new(seed, [5, 5]);
                for _ in 0..50_000 {
                    let Some(side) = game.acting_side() else {
                        break;
                    };
                    let c = if side == sitter_side {
                        SitterPlayer.choose(&game)
                    } else {
                        normal.choose(&game)
                    };
                    let Some(c) = c else { break };
                    if let Err(e) = game.submit(c) {
                        panic!("{file}: the sitter's {c:?} refused: {e}");
                    }
                }
                assert!(game.outcome().is_some(), "{file}: no end");
            }
        });
    }
}
