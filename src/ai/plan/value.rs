//! Prices in uhp: what an attack sequence (R5.1, R5.2) and the shock roll it may cause
//! (R9.1, R9.2) are worth to the side that makes it. A rout takes the whole unit off the
//! field (R8.5), a flight nearly so (R8.4), a recoil disorders the unit (R8.3, R8.6).

use crate::engine::game::{Odds, ShockOdds};
use crate::engine::{Formation, Game, ShockResult, Status, Unit};

/// Chances of each result of a shock roll made at `modifier` (R9.1), `no_roll` zero.
pub fn roll_odds(game: &Game, modifier: i32) -> ShockOdds {
    let mut s = ShockOdds::default();
    for a in 1..=6 {
        for b in 1..=6 {
            let p = 1.0 / 36.0;
            match game.rules().shock_result(a + b + modifier) {
                ShockResult::Hold => s.hold += p,
                ShockResult::Recoil => s.recoil += p,
                ShockResult::Flee => s.flee += p,
                ShockResult::Rout => s.rout += p,
            }
        }
    }
    s
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

/// R9.1, R8.6, R9.4: the shock modifier `u` would have if `secured` stated its cover.
pub fn shock_modifier(game: &Game, u: &Unit, secured: bool) -> i32 {
    let m = &game.rules().modifiers;
    let mut total = u.troop.morale;
    if u.status != Status::Steady {
        total += m.disordered;
    }
    if secured && u.troop.formation == Formation::DF {
        total += m.secured_by_formed_foot;
    }
    total
}

/// Chance that one d20 + `modifier` reaches `needed` (R5.1 with its natural 20 and 1).
pub fn hit_chance(game: &Game, needed: i32, modifier: i32) -> f64 {
    let rules = game.rules();
    let faces = (1..=20)
        .filter(|&f| {
            if f == 20 && rules.natural_20_hits {
                return true;
            }
            if f == 1 && rules.natural_1_misses {
                return false;
            }
            f + modifier >= needed
        })
        .count();
    faces as f64 / 20.0
}
