//! How the two armies compare: each unit's fighting power is what its attack sequence (a
//! charge, R4.4, R7.1, or fire at its reload cadence, R6.4) is worth on average against
//! the enemy's units, times the uhp it has left to deliver it with. The ratio tempers the
//! side's aggression: a commander presses when stronger and holds when weaker.

use super::danger::volley;
use super::value::harm;
use super::view::View;
use crate::engine::{AttackKind, SideId, Status, Unit};

/// Our strength over theirs (1.0 when even).
pub fn ratio(view: &View) -> f64 {
    let ours = side_strength(view, view.side);
    let theirs = side_strength(view, view.side.other());
    (ours + 1.0) / (theirs + 1.0)
}

fn side_strength(view: &View, side: SideId) -> f64 {
    let game = view.game;
    game.units_of(side)
        .filter(|u| u.status != Status::Fleeing)
        .map(|u| power(view, u) * f64::from(u.uhp))
        .sum()
}

/// Average worth of one attack sequence of `u` on the enemy's units.
fn power(view: &View, u: &Unit) -> f64 {
    let game = view.game;
    let enemies: Vec<&Unit> = game.units_of(u.side.other()).collect();
    if enemies.is_empty() {
        return 0.0;
    }
    let kind = if u.troop.formation.is_undisciplined() {
        AttackKind::Melee
    } else {
        AttackKind::Charge
    };
    let cadence = 1.0 / f64::from(1 + u.profile.reload_tokens);
    let total: f64 = enemies
        .iter()
        .map(|e| {
            let strike = game.odds(u.id, e.id, kind).map_or(0.0, |o| harm(&o, e));
            let fire = volley(view, u, e, 1, false).map_or(0.0, |v| v.0) * cadence;
            strike.max(fire)
        })
        .sum();
    total / enemies.len() as f64
}

/// How the state of the battle shifts boldness: caution when our army is close to the
/// half-strength mark where it rolls for morale each turn (R10.2), pressure when theirs
/// is; near the turn limit, caution when the count of R10.3 already favours us and
/// boldness when it does not.
pub fn stakes(view: &View) -> f64 {
    let game = view.game;
    let margin = |s: SideId| f64::from(game.side(s).start_uhp) / 2.0 - f64::from(game.losses(s));
    let mut shift = 0.0;
    if (0.0..=3.0).contains(&margin(view.side)) {
        shift -= 0.25;
    }
    if (0.0..=3.0).contains(&margin(view.side.other())) {
        shift += 0.15;
    }
    let tuning = view.tuning();
    let (horizon, up, down) = (tuning.horizon, tuning.behind_push, tuning.ahead_hold);
    if view.turns_left() <= horizon {
        shift += if ahead_at_limit(view) { -down } else { up };
    }
    shift
}

/// R10.3: whether the side would win if the battle ended now on the turn limit.
fn ahead_at_limit(view: &View) -> bool {
    let game = view.game;
    let (us, them) = (view.side, view.side.other());
    let (ours, theirs) = (game.objectives_held(us), game.objectives_held(them));
    if ours != theirs {
        return ours > theirs;
    }
    let (dealt, taken) = (game.side(us).inflicted, game.side(them).inflicted);
    dealt > taken || (dealt == taken && game.defender() == us)
}
