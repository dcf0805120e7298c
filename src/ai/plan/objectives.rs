//! The turn limit (R3.3, R10.3): at the end, the side holding more objective hexes wins,
//! then the side that inflicted more uhp, then the defender. As the limit nears each
//! objective gets one unit to hold or take it, the one that can get there soonest, and
//! that unit is drawn to it harder with every turn that passes. Objectives are weighed by
//! what the engine says each is worth to the side (R12.4): the most valuable are manned
//! first, and one that counts only for the enemy is not manned at all.

use crate::engine::{Game, SideId, Status, Unit, UnitId};
use hexx::Hex;
use std::cmp::Reverse;

/// An objective and the unit posted to it.
#[derive(Clone, Copy, Debug)]
pub struct Post {
    pub unit: UnitId,
    pub hex: Hex,
    /// The objective's worth to the side against the most valuable one's, 0 to 1 (R12.4).
    pub share: f64,
}

/// The most any objective is worth to `side` (R12.4), at least 1.
fn top_worth(game: &Game, side: SideId) -> u32 {
    game.objectives()
        .iter()
        .map(|o| o.worth_for(side))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// What standing on `hex` is worth to `side` against the most valuable objective, 0 to 1:
/// 0 off the objectives and on one that counts only for the enemy (R12.4).
pub fn share_at(game: &Game, side: SideId, hex: Hex) -> f64 {
    let worth = game
        .objectives()
        .iter()
        .find(|o| o.hex == hex)
        .map_or(0, |o| o.worth_for(side));
    f64::from(worth) / f64::from(top_worth(game, side))
}

/// Movement phases left after this one (R3.3): 0 on the last turn, the engine's count;
/// 99 for a battle without a turn limit, so that no objective draws a unit yet.
pub fn turns_left(game: &Game) -> u32 {
    game.turns_left().unwrap_or(99)
}

/// Turns `u` needs to stand on `hex` from `from`, marching over the ground (R4.1, R4.6,
/// R12.6), as the engine reckons it; `u32::MAX` if no march gets there.
pub fn eta(game: &Game, u: &Unit, from: Hex, hex: Hex) -> u32 {
    game.march_turns(u, from, hex).unwrap_or(u32::MAX)
}

/// What a post is worth, against its full value, while an enemy could stand on it before
/// the posted unit is back (R10.3 counts who stands there at the limit).
pub const CONTESTED: f64 = 0.4;

/// Turns the soonest of `side`'s units that is not fleeing needs to stand on `hex`,
/// marching (R4.1); `u32::MAX` when none could.
pub fn soonest(game: &Game, side: SideId, hex: Hex) -> u32 {
    game.units_of(side)
        .filter(|e| e.status != Status::Fleeing)
        .map(|e| eta(game, e, e.pos, hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// Posts for `side`: objectives matched greedily to the units that reach them soonest,
/// among those that can still get there before the limit.
pub fn posts(game: &Game, side: SideId) -> Vec<Post> {
    let left = turns_left(game);
    let mut pairs: Vec<(Reverse<u32>, u32, u16, Hex)> = Vec::new();
    // R12.4: an objective that counts only for the enemy is worth nothing to man.
    for o in game.objectives().iter().filter(|o| o.worth_for(side) > 0) {
        for u in game.units_of(side).filter(|u| u.status != Status::Fleeing) {
            let t = eta(game, u, u.pos, o.hex);
            if t <= left + 1 {
                pairs.push((Reverse(o.worth_for(side)), t, u.id.0, o.hex));
            }
        }
    }
    // The most valuable first; among equals (every objective of a battle that sets no
    // values) the soonest reached, as before R12.4.
    pairs.sort_by_key(|(w, t, id, h)| (*w, *t, *id, h.x, h.y));
    let mut out: Vec<Post> = Vec::new();
    for (_, _, id, hex) in pairs {
        if out.iter().all(|p| p.unit.0 != id && p.hex != hex) {
            out.push(Post {
                unit: UnitId(id),
                hex,
                share: share_at(game, side, hex),
            });
        }
    }
    out
}

/// What the posted unit gains by standing `eta` turns from its objective: the full prize
/// on it, less the further it is, and more the nearer the limit.
pub fn post_value(left: u32, eta: u32) -> f64 {
    let prize: f64 = match left {
        0 => 10.0,
        1 => 7.0,
        2 => 5.0,
        3 => 3.0,
        4 => 2.0,
        _ => 1.0,
    };
    prize * (1.0 - f64::from(eta) / f64::from(left + 2)).max(0.0)
}
