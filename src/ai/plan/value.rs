//! Prices in uhp: what an attack sequence (R5.1, R5.2) and the shock roll it may cause
//! (R9.1, R9.2) are worth to the side that makes it. A rout takes the whole unit off the
//! field (R8.5), a flight nearly so (R8.4), a recoil disorders the unit (R8.3, R8.6).

use crate::engine::game::{Odds, ShockOdds};
use crate::engine::{Game, Unit};

/// An attack sequence as the planner prices it (R5.1, R5.2, R9.2): the harm it does and the
/// chance its target gives ground.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Blow {
    /// The harm done, in uhp ([`harm`]).
    pub harm: f64,
    /// Chance the target gives ground or is destroyed ([`gives_ground`]).
    pub gives_ground: f64,
}

impl Blow {
    /// The sequence with `odds` on `target`.
    pub fn of(odds: &Odds, target: &Unit) -> Blow {
        Blow {
            harm: harm(odds, target),
            gives_ground: gives_ground(&odds.shock),
        }
    }
}

/// Chance that the unit gives ground or is destroyed: its pending attack is cancelled (R5.6).
pub fn gives_ground(s: &ShockOdds) -> f64 {
    s.destroyed + s.rout + s.flee + s.recoil
}

/// What the shock results cost a unit left with `left` uhp.
pub fn ground_cost(s: &ShockOdds, left: f64) -> f64 {
    s.rout * (left + 1.5)
        + s.flee * (0.7 * left + 1.0)
        + s.recoil * (0.6 + 0.1 * left)
        + s.destroyed
}

/// Expected uhp an attack sequence takes from `target`.
pub fn expected_damage(odds: &Odds, target: &Unit) -> f64 {
    let per_hit = odds.profile.uhp_per_hit;
    odds.hits
        .iter()
        .enumerate()
        .map(|(k, p)| f64::from((k as u32 * per_hit).min(target.uhp)) * p)
        .sum()
}

/// Expected uhp plus the price of the shock the sequence causes.
pub fn harm(odds: &Odds, target: &Unit) -> f64 {
    let damage = expected_damage(odds, target);
    let left = (f64::from(target.uhp) - damage).max(0.0);
    damage + ground_cost(&odds.shock, left)
}

/// R5.6, as the engine decides it: what `r`'s reaction does to enemy `e` come to strike it
/// from a hex beside it (by a charge if `vs_charge`): fire if it may fire, else melee, and
/// nothing if it may not react (a firearm unit holding reload tokens). With `if_ready` the
/// reaction is priced as if `r` held a ready marker, which is what readying buys.
pub fn reaction(game: &Game, r: &Unit, e: &Unit, vs_charge: bool, if_ready: bool) -> Blow {
    let beside = r.pos.all_neighbors()[0];
    let kind = if if_ready {
        game.reaction_if_ready(r, r.pos, e, beside, vs_charge)
    } else {
        game.reaction_at(r, r.pos, e, beside, vs_charge)
    };
    kind.and_then(|kind| game.odds_in(r, e, kind, 1, false))
        .map_or_else(Blow::default, |o| Blow::of(&o, e))
}
