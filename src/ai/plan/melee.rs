//! Melee orders (R7.2): each engaged unit attacks the adjacent enemy where its exact odds
//! are worth most, after the target's ready reaction (R5.6), or readies instead when the
//! reaction it would make against the next charge is worth more (R5.6: a ready unit keeps
//! its marker while it stands, so a unit already ready simply attacks). IF and UF must
//! attack (R7.2): the fallback gives that order when nothing better is chosen.

use super::fire::{ready_value, shot_value};
use super::on_map;
use super::view::View;
use crate::engine::Command;

/// The side's next melee order, or `None` when nothing is worth doing.
pub fn next(view: &View) -> Option<Command> {
    let game = view.game;
    let mut best: Option<(f64, Command)> = None;
    for u in game.units_of(view.side) {
        for c in game.unit_orders(u.id) {
            let value = match c {
                Command::Attack { target, .. } => {
                    on_map(game, target).map_or(0.0, |t| shot_value(view, u, t))
                }
                Command::Ready { .. } => ready_value(view, u).max(0.06),
                _ => continue,
            };
            if value > 0.05 && best.as_ref().is_none_or(|b| value > b.0) {
                best = Some((value, c));
            }
        }
    }
    best.map(|b| b.1)
}
