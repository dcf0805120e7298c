//! The computer keeps its units' standing orders (issue 28, R12.7's computer orders), as
//! the engine holds them (`Game::standing_order`): orders only ever narrow the movement
//! orders the computer may pick (R4.1) and the advances it may take (R4.4, R7.3); firing,
//! readying and melee from where a unit stands are never restricted. `Hold` keeps a unit
//! on its hex (or objective) or brings it back there by the shortest way, never charging
//! away; `Guard` keeps it within its hexes (or brings it back); `AdvanceFrom` keeps it
//! standing fast until its turn; `Free` is no restriction. The `easy`, `normal` and `hard`
//! levels obey (they build on the planner); the `random` and `advance` scripts do not.

use crate::engine::{Command, Game, Order, StandingOrder, UnitId};
use hexx::Hex;

/// What a unit's standing order lets the computer do with it this phase.
#[derive(Clone, Debug, PartialEq)]
pub enum Leash {
    /// Anything the rules allow.
    Free,
    /// Only stand fast.
    Stand,
    /// End every move in one of `places` (it stands in one), or, from outside them,
    /// end as near one as any of its orders can (`nearest` hexes away), nearer than now.
    Within {
        /// The hexes it must keep to.
        places: Vec<Hex>,
        /// How near one of them its best order ends, when it stands outside them.
        nearest: u32,
        /// How far it is from them now (0 inside).
        now: u32,
    },
}

impl Leash {
    /// The leash of `unit`'s standing order on its legal orders now.
    pub fn of(game: &Game, unit: UnitId) -> Leash {
        let places = match game.standing_order(unit) {
            StandingOrder::Free => return Leash::Free,
            StandingOrder::AdvanceFrom { turn } if game.turn() >= *turn => return Leash::Free,
            StandingOrder::AdvanceFrom { .. } => return Leash::Stand,
            StandingOrder::Hold { hex } => vec![*hex],
            StandingOrder::HoldObjective { objective } => match game.objectives().get(*objective) {
                Some(o) => vec![o.hex],
                None => return Leash::Free,
            },
            StandingOrder::Guard { hexes } => hexes.clone(),
        };
        let Some(u) = game.unit(unit) else {
            return Leash::Free;
        };
        let now = distance(&places, u.pos);
        let nearest = (game.unit_orders(unit).iter())
            .filter_map(|c| end(game, c))
            .map(|h| distance(&places, h))
            .min()
            .unwrap_or(now);
        Leash::Within {
            places,
            nearest,
            now,
        }
    }

    /// Whether the leash lets the computer give `command` (any command but a movement
    /// order is let through).
    pub fn allows(&self, game: &Game, command: &Command) -> bool {
        let Some(end) = end(game, command) else {
            return true;
        };
        let stand = matches!(command, Command::Order(Order::StandFast { .. }));
        match self {
            Leash::Free => true,
            Leash::Stand => stand,
            Leash::Within { places, now: 0, .. } => distance(places, end) == 0,
            Leash::Within {
                places,
                nearest,
                now,
            } if nearest < now => distance(places, end) == *nearest,
            // It cannot come nearer this phase: it waits where it is.
            Leash::Within { .. } => stand,
        }
    }

    /// Whether the unit may end up in `hex` by an advance after combat (R4.4, R7.3).
    pub fn allows_hex(&self, hex: Hex) -> bool {
        match self {
            Leash::Free => true,
            Leash::Stand => false,
            Leash::Within { places, now, .. } => distance(places, hex) < (*now).max(1),
        }
    }
}

/// The commands of `orders` the unit's standing order allows; all of them when it allows
/// none (so that a unit is never left without an order by a leash it cannot keep).
pub fn obeyed<'c>(game: &Game, unit: UnitId, orders: &'c [Command]) -> Vec<&'c Command> {
    let leash = Leash::of(game, unit);
    let kept: Vec<&Command> = orders.iter().filter(|c| leash.allows(game, c)).collect();
    if kept.is_empty() {
        orders.iter().collect()
    } else {
        kept
    }
}

/// The hex where a movement order leaves its unit (its own hex for stand fast).
fn end(game: &Game, command: &Command) -> Option<Hex> {
    match command.order()? {
        Order::StandFast { unit } => game.unit(unit).map(|u| u.pos),
        Order::March { to, .. }
        | Order::Hustle { to, .. }
        | Order::Disengage { to, .. }
        | Order::Charge { to, .. } => Some(to),
        _ => None,
    }
}

/// Hexes from `h` to the nearest of `places` (`u32::MAX` for none).
fn distance(places: &[Hex], h: Hex) -> u32 {
    places
        .iter()
        .map(|p| p.unsigned_distance_to(h))
        .min()
        .unwrap_or(u32::MAX)
}
