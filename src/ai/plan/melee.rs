//! Melee orders (R7.2): each engaged unit attacks the adjacent enemy where its exact odds
//! are worth most, after the target's ready reaction (R5.6), or readies instead when the
//! reaction it would make against the next charge is worth more (R5.6: a ready unit keeps
//! its marker while it stands, so a unit already ready simply attacks). IF and UF must
//! attack (R7.2): the fallback gives that order when nothing better is chosen.

use super::fire::best_strike;
use super::view::View;
use crate::engine::Command;

/// The side's next melee order, or `None` when nothing is worth doing; a unit that may
/// ready always finds that worth a little.
pub fn next(view: &View) -> Option<Command> {
    best_strike(view, 0.06)
}
