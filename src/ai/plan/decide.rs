//! Answers to the decisions the rules hand a side in the middle of play: the initiative
//! winner's choice of first or second side (R3.1, R3.2), how far to withdraw (R8.1),
//! whether to advance into a vacated hex (R4.4, R7.3) and a charger's new target (R4.4).

use super::charge;
use super::danger::Danger;
use super::value::{ground_cost, harm};
use super::view::View;
use super::{on_map, Style};
use crate::engine::Answer;
use crate::engine::{
    AttackKind, Command, Decision, Game, MoveKind, Phase, SideId, Status, Unit, UnitId,
};
use hexx::Hex;

/// The answer the computer gives to `decision`.
pub fn decide(game: &Game, decision: &Decision, style: &Style) -> Command {
    let view = View::new(game, decision.side(), *style);
    match decision {
        Decision::Initiative { side } => Command::Answer(Answer::ChooseFirst {
            first: wants_first(&view, *side),
        }),
        Decision::Withdraw {
            unit,
            attacker,
            options,
            damage,
            ..
        } => Command::Answer(Answer::Withdraw {
            hexes: withdraw(&view, *unit, *attacker, options, *damage),
        }),
        Decision::Advance { unit, hex, .. } => Command::Answer(Answer::Advance {
            advance: advance(&view, *unit, *hex),
        }),
        Decision::NewChargeTarget { unit, options, .. } => {
            Command::Answer(Answer::ChooseChargeTarget {
                target: new_target(&view, *unit, options),
            })
        }
    }
}

/// R3.2: be first when firing and fighting first matters more than seeing the enemy move:
/// loaded shot with targets in reach, or fights already joined.
fn wants_first(view: &View, side: SideId) -> bool {
    let theta = view.tuning().theta;
    let ours = strike_potential(view, side);
    let theirs = strike_potential(view, side.other());
    ours > theirs * theta + 0.5
}

/// The best charge each unit of `side` could make now, summed (R4.4).
fn strike_potential(view: &View, side: SideId) -> f64 {
    let game = view.game;
    let mut total = 0.0;
    for u in game.units_of(side).filter(|u| u.may_charge()) {
        let reach = game.reach(u.id, MoveKind::Charge);
        let best = game
            .units_of(side.other())
            .filter(|e| {
                reach
                    .ends()
                    .iter()
                    .any(|(h, _)| h.unsigned_distance_to(e.pos) == 1)
            })
            .map(|e| charge::gain(view, u, e))
            .fold(0.0, f64::max);
        total += best;
    }
    total
}

/// R8.1: the number of hexes that costs least: damage taken, the shock it may bring, and
/// the disorder and lost ready marker that any withdrawal brings.
fn withdraw(view: &View, id: UnitId, attacker: UnitId, options: &[u32], damage: u32) -> u32 {
    let Some(u) = on_map(view.game, id) else {
        return 0;
    };
    // R9.2: the engine knows whether the hit was firearm fire.
    let firearm = view.game.pending_withdrawal_firearm().unwrap_or(false);
    let pending = pending_strikes(view, u, attacker);
    let cost = |n: u32| {
        let escape = match n {
            0 => 0.0,
            1 => 0.6 * pending,
            _ => 0.85 * pending,
        };
        withdraw_cost(view, u, damage.saturating_sub(n), n > 0, firearm) - escape
    };
    options
        .iter()
        .copied()
        .min_by(|a, b| cost(*a).total_cmp(&cost(*b)))
        .unwrap_or(0)
}

fn withdraw_cost(view: &View, u: &Unit, damage: u32, moves: bool, firearm: bool) -> f64 {
    let left = u.uhp.saturating_sub(damage);
    if left == 0 {
        return f64::from(u.uhp) + 2.0;
    }
    let game = view.game;
    let mut disordered = u.clone();
    if moves {
        disordered.status = Status::Disordered;
    }
    let secured = !moves && game.secured_by_formed_foot(u);
    let shock = game
        .damage_shock(u, firearm, damage, left)
        .map_or(0.0, |extra| {
            let modifier = game
                .shock_modifier_if(&disordered, secured)
                .saturating_add(extra);
            ground_cost(&game.roll_odds(modifier), f64::from(left))
        });
    let disorder = match (moves, u.status) {
        (false, _) => 0.0,
        (true, Status::Steady) => view.tuning().withdraw_disorder + if u.ready { 0.4 } else { 0.0 },
        (true, _) => 0.1,
    };
    let objective = if moves && view.game.objectives().iter().any(|o| o.hex == u.pos) {
        view.objective_value(u, u.pos)
    } else {
        0.0
    };
    f64::from(damage) + shock + disorder + objective
}

/// Attacks still to come this turn on `u` from enemies next to it, besides `attacker`:
/// declared charges not yet struck (R7.1) and melee attacks of enemies that have not
/// attacked (R7.2). Withdrawing out of their reach (R8.1) escapes them.
fn pending_strikes(view: &View, u: &Unit, attacker: UnitId) -> f64 {
    let game = view.game;
    let near = game.units_of(u.side.other()).filter(|e| {
        e.id != attacker && e.status != Status::Fleeing && e.pos.unsigned_distance_to(u.pos) == 1
    });
    near.map(|e| match view.charge_target(e.id) {
        Some(t) if t == u.id => game
            .odds(e.id, u.id, AttackKind::Charge)
            .map_or(0.0, |o| harm(&o, u)),
        Some(_) => 0.0,
        // R4.1, R4.5, R7.2: the engine says whether it may still attack this turn.
        None if game.may_still_attack(e.id).is_some() => 0.0,
        None => {
            let targets = game
                .units_of(u.side)
                .filter(|f| f.pos.unsigned_distance_to(e.pos) == 1)
                .count();
            game.odds(e.id, u.id, AttackKind::Melee)
                .map_or(0.0, |o| harm(&o, u))
                / targets.max(1) as f64
        }
    })
    .sum()
}

/// R4.4, R7.3: advance when the vacated hex is the better place: a charger that keeps its
/// target or finds a new one, or a unit that gains ground without more danger.
fn advance(view: &View, id: UnitId, hex: Hex) -> bool {
    let Some(u) = on_map(view.game, id) else {
        return false;
    };
    // A standing order that keeps the unit where it is keeps it out of the vacated hex.
    if !crate::ai::obey::Leash::of(view.game, id).allows_hex(hex) {
        return false;
    }
    let danger = Danger::new(view, u);
    let place = |h: Hex| {
        view.objective_value(u, h) - (1.3 - 0.6 * view.boldness) * danger.at(h, false)
            + strike_next(view, u, h)
    };
    place(hex) > place(u.pos) - 0.2 * view.boldness
}

/// What a charger that has not yet struck could still strike from `h` (R4.4): the best
/// adjacent enemy; other units gain nothing more this turn.
fn strike_next(view: &View, u: &Unit, h: Hex) -> f64 {
    let charging = view.game.phase() == Phase::Movement && u.marks.moved == Some(MoveKind::Charge);
    if !charging {
        return 0.0;
    }
    let adjacent = view
        .game
        .units_of(u.side.other())
        .filter(|e| e.pos.unsigned_distance_to(h) == 1);
    adjacent
        .map(|e| charge::gain(view, u, e))
        .fold(0.0, f64::max)
}

/// R4.4: the new target worth charging, if any.
fn new_target(view: &View, id: UnitId, options: &[UnitId]) -> Option<UnitId> {
    let u = on_map(view.game, id)?;
    options
        .iter()
        .filter_map(|t| on_map(view.game, *t).map(|e| (charge::gain(view, u, e), *t)))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(v, _)| *v > 0.0)
        .map(|(_, t)| t)
}
