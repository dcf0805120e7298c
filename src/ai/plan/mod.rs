//! The computer's judgement, order by order. Every order is picked from the engine's own
//! legal orders (`Game::unit_orders`, decision answers) and valued with its exact odds
//! (R5, R9): [`view`] reads the field (charge reach R4.2–R4.4, fire R6.2–R6.4, objectives
//! R10.3), [`value`] prices attack sequences and shock results, and one module per phase
//! chooses: [`movement`] (R4), [`fire`] (R6), [`melee`] (R7) and [`decide`] (R3.1, R4.4,
//! R7.3, R8.1).

mod answers;
mod charge;
mod danger;
mod decide;
mod fire;
mod melee;
mod move_scores;
mod movement;
mod objectives;
mod reaches;
mod strength;
mod tuning;
mod value;
mod view;

pub use decide::decide;
pub use move_scores::MoveScores;
pub use objectives::{eta, soonest};
pub use tuning::Tuning;

use crate::engine::{Command, Game, Phase, SideId, Status, Unit, UnitId};
use view::View;

/// How a side plays: aggression 0.0–1.0, a tie-break salt, the planner's weights and the
/// noise in its choices (uhp; 0 for the computer's own play).
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub aggression: f64,
    pub salt: u64,
    pub tuning: Tuning,
    pub noise: f64,
}

impl Style {
    /// A deterministic jitter in [0, 0.01 + noise) drawn from the salt: a tiny one breaks
    /// ties between equal choices; with noise, it blurs the planner's choices as a look-ahead
    /// models an enemy it does not know.
    fn jitter(&self, a: i32, b: i32) -> f64 {
        let h =
            self.salt ^ (a as u64).wrapping_mul(0x9E37_79B9) ^ (b as u64).wrapping_mul(0x85EB_CA6B);
        (h.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f64 / (1u64 << 24) as f64
            * (0.01 + self.noise)
    }
}

/// The best order the side can give now in `phase`, if any unit still has one worth giving;
/// `memo` carries each unit's best movement order from one order of the phase to the next.
pub fn next_order(
    game: &Game,
    side: SideId,
    phase: Phase,
    style: &Style,
    memo: &mut MoveScores,
) -> Option<Command> {
    if phase == Phase::Movement {
        let view = View::keeping(game, side, *style, memo.lend_reaches());
        let order = movement::next(&view, memo);
        memo.keep_reaches(view.into_reaches());
        return order;
    }
    let view = View::new(game, side, *style);
    match phase {
        Phase::Missile => fire::next(&view),
        Phase::Melee => melee::next(&view),
        _ => None,
    }
}

/// Up to `k` movement orders of the unit `planned` moves, best first by the planner's
/// score (R4.1–R4.5), for a look-ahead to weigh.
pub fn alternatives(
    game: &Game,
    side: SideId,
    style: &Style,
    planned: &Command,
    k: usize,
) -> Vec<Command> {
    movement::alternatives(&View::new(game, side, *style), planned, k)
}

/// A unit still on the map.
fn on_map(game: &Game, id: UnitId) -> Option<&Unit> {
    game.unit(id).filter(|u| u.on_map())
}

/// A unit is broken when it has lost two thirds of its uhp, or half while not steady.
fn broken(u: &Unit) -> bool {
    u.uhp * 3 <= u.profile.uhp || (u.status != Status::Steady && u.uhp * 2 <= u.profile.uhp)
}
