//! Enemy reaches (the engine's R4.1–R4.6 searches) kept through one side's Movement phase,
//! as the planner supposes them: an enemy's reach is found again only when one of our
//! units changed within its move and a zone of control (R4.2) of it. The planner's
//! memory ([`super::MoveScores`]) forgets them all when an enemy changes or the phase ends.

use super::answers::Answers;
use super::view::{out_of_the_way, Reach};
use crate::engine::{Game, UnitId};
use hexx::Hex;
use std::sync::Arc;

/// What an enemy's reach supposes of our units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Supposed {
    /// Nothing: every unit stands and exerts its zone of control.
    Nothing,
    /// Our unmoved units exert no zone of control (they may step away first).
    Passing,
    /// As `Passing`, and this unit of ours, being placed, is gone.
    Placing(UnitId),
}

/// Enemy reaches by what they suppose and the enemy; only looked up, never iterated for a
/// decision.
#[derive(Clone, Debug, Default)]
pub struct Reaches {
    kept: Answers<(Supposed, UnitId), Arc<Reach>>,
}

impl Reaches {
    /// The reach of enemy `e` supposing `s`, found by `find` if not kept.
    pub fn get(&self, s: Supposed, e: UnitId, find: impl FnOnce() -> Reach) -> Arc<Reach> {
        self.get_shared(s, e, || Arc::new(find()))
    }

    /// [`Reaches::get`] where `find` may hand back a reach kept under another supposition
    /// that is known to be the same.
    pub fn get_shared(
        &self,
        s: Supposed,
        e: UnitId,
        find: impl FnOnce() -> Arc<Reach>,
    ) -> Arc<Reach> {
        self.kept.get((s, e), find)
    }

    /// Keeps the reaches `other` found that this does not hold yet: both were found on the
    /// same game state (a helper thread's copy, `movement::score_apart`), so either answer
    /// is the answer.
    pub fn absorb(&self, other: Reaches) {
        self.kept.absorb(other.kept);
    }

    /// Forgets every reach.
    pub fn clear(&self) {
        self.kept.clear();
    }

    /// Forgets the reaches a change at any of `hexes` could alter: those whose search came
    /// within a zone of control (R4.2) and a step of one of them (see [`out_of_the_way`]).
    pub fn forget_near(&self, game: &Game, hexes: &[Hex]) {
        if hexes.is_empty() {
            return;
        }
        // A reach of radius 0 (the enemy could not move) tells nothing of where a search
        // would go once a unit near it changes, so it is never kept across a change.
        self.kept.retain(|(_, id), r| {
            r.radius() > 0
                && game
                    .unit(*id)
                    .is_some_and(|e| hexes.iter().all(|h| out_of_the_way(r, *h, e.pos)))
        });
    }
}

#[cfg(test)]
impl Reaches {
    /// Every reach kept, with what it supposes and its enemy.
    pub fn all(&self) -> Vec<((Supposed, UnitId), Arc<Reach>)> {
        self.kept.answers()
    }
}
