//! Missile orders (R6.1): each loaded unit fires where its exact odds (R5.3 armor
//! piercing, R5.4 modifiers, R9.2 Smoke and Thunder) are worth most, minus the reaction
//! of a ready target that fires first (R5.6); a unit with nothing worth shooting readies
//! when that takes more from an enemy charge than it costs (R5.6). The best shot of the
//! side goes first, so a target shaken by one volley meets the next disordered (R8.6).

use super::charge::dislodge;
use super::danger::Danger;
use super::on_map;
use super::value::{gives_ground, harm, Blow};
use super::view::View;
use crate::engine::Order;
use crate::engine::{AttackKind, Command, Game, Unit, UnitId};

/// The side's next missile order, or `None` when nothing is worth doing.
pub fn next(view: &View) -> Option<Command> {
    best_strike(view, 0.0)
}

/// The side's best order of this phase: fire (R6.1) or a melee attack (R7.2) valued by its
/// odds, or ready (R5.6) valued at least `ready_floor`; `None` when nothing is worth 0.05.
pub fn best_strike(view: &View, ready_floor: f64) -> Option<Command> {
    let game = view.game;
    let mut best: Option<(f64, Command)> = None;
    for u in game.units_of(view.side) {
        for &c in game.unit_orders(u.id) {
            let value = match c {
                Command::Order(Order::Fire { target, .. })
                | Command::Order(Order::Attack { target, .. }) => {
                    on_map(game, target).map_or(0.0, |t| shot_value(view, u, t))
                }
                Command::Order(Order::Ready { .. }) => ready_value(view, u).max(ready_floor),
                _ => continue,
            };
            if value > 0.05 && best.as_ref().is_none_or(|b| value > b.0) {
                best = Some((value, c));
            }
        }
    }
    best.map(|b| b.1)
}

/// What a fire or melee attack by `u` on `t` is worth: the exact odds, lessened by the
/// target's ready reaction, which strikes first and may cancel it (R5.6).
pub fn shot_value(view: &View, u: &Unit, t: &Unit) -> f64 {
    let kind = if view.game.phase() == crate::engine::Phase::Melee {
        AttackKind::Melee
    } else {
        AttackKind::Missile
    };
    let Some(odds) = view.game.odds(u.id, t.id, kind) else {
        return 0.0;
    };
    let Blow {
        harm: react,
        gives_ground: cancel,
    } = reaction(view.game, t.id, u.id);
    let value = harm(&odds, t);
    (1.0 - cancel) * (value + dislodge(view, t, gives_ground(&odds.shock))) - react
        + view.style.jitter(t.id.0.into(), u.id.0.into())
}

/// R5.6: harm done by `reactor`'s reaction to an attack by `enemy`, and the chance it
/// makes the attacker give ground.
fn reaction(game: &Game, reactor: UnitId, enemy: UnitId) -> Blow {
    let kind = game.reaction_kind(reactor, enemy, false);
    match (
        kind.and_then(|k| game.odds(reactor, enemy, k)),
        on_map(game, enemy),
    ) {
        (Some(o), Some(e)) => Blow::of(&o, e),
        _ => Blow::default(),
    }
}

/// R5.6: what a ready marker is worth to `u` where it stands: the danger it takes away.
pub fn ready_value(view: &View, u: &Unit) -> f64 {
    let k = view.tuning().ready;
    k * Danger::new(view, u).ready_gain(u.pos)
}
