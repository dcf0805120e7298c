//! What a charge is worth (R4.4): the shock it forces on Drilled Foot not secured by pike
//! and on Undrilled Foot (R9.4), the charge attack with its bonus and lances (R5.2, R5.4,
//! R7.1), less the ready target's reaction, which strikes first and may cancel it (R5.6);
//! the strike counts only as far as the target is likely to stay, when it may still step
//! away and has done so from a charge before (R4.5). A target that recoils is followed up
//! and struck disordered (R7.3, R8.6).

use super::value::{gives_ground, ground_cost, harm, Blow};
use super::view::View;
use crate::engine::{AttackKind, Unit};

/// Expected gain of `charger` charging `target` now, in uhp-equivalents, before the
/// danger of where the charge ends.
pub fn gain(view: &View, charger: &Unit, target: &Unit) -> f64 {
    let game = view.game;
    let shock = game
        .charge_shock_odds(charger.id, target.id)
        .unwrap_or_default();
    let strike = game
        .odds(charger.id, target.id, AttackKind::Charge)
        .map_or(0.0, |o| harm(&o, target));
    let Blow {
        harm: react,
        gives_ground: cancel,
    } = reaction(view, target, charger);
    let left = f64::from(target.uhp);
    let follow = strike * 1.15 + 0.3;
    let held = shock.hold + shock.no_roll;
    // The shock and the reaction come when the charge is declared (R4.4); the strike
    // lands only if the target stays. One that steps away leaves its hex all the same.
    let stays = if view.expects_step_away(target) {
        1.0 - STEPS_AWAY_AGAIN
    } else {
        1.0
    };
    let value = ground_cost(&shock, left)
        + shock.recoil * follow
        + held * (stays * (1.0 - cancel) * strike - react);
    value + dislodge(view, target, gives_ground(&shock) + (1.0 - cancel) * 0.3)
}

/// R4.5: the chance that a unit which stepped away from a charge before, and still may,
/// does so again: a player who evades once will evade again.
const STEPS_AWAY_AGAIN: f64 = 0.9;

/// R5.6: the ready target's reaction on a charger next to it: harm done and chance the
/// charger gives ground.
pub fn reaction(view: &View, target: &Unit, charger: &Unit) -> Blow {
    super::value::reaction(view.game, target, charger, true, false)
}

/// R10.3: pushing an enemy off an objective near the end is worth the objective.
pub fn dislodge(view: &View, target: &Unit, chance: f64) -> f64 {
    let on = view.game.objectives().iter().any(|o| o.hex == target.pos);
    match (on, view.turns_left()) {
        (true, 0) => 6.0 * chance,
        (true, 1) => 2.5 * chance,
        (true, 2) => 1.0 * chance,
        _ => 0.0,
    }
}
