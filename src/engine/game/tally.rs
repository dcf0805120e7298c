//! What each unit did and suffered over the battle, read from the event log: uhp dealt by
//! its attack sequences, uhp taken (R5.2, R8.2), shock rolls made and failed (R9), and its
//! fate (R8.2, R8.5). For the end-of-battle table and for balance studies.

use super::{Fate, Game};
use crate::engine::event::Event;
use crate::engine::rules::ShockResult;
use crate::engine::types::UnitId;

/// One unit's record over the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// uhp its attack sequences took from enemies.
    pub dealt: u32,
    /// uhp it lost.
    pub taken: u32,
    /// Shock and morale rolls it made (R9).
    pub shock_rolls: u32,
    /// Of those, the ones that did not hold.
    pub shock_failed: u32,
    /// Destroyed or routed, if it left the field.
    pub fate: Option<Fate>,
}

impl Game {
    /// Every unit's record so far, indexed by unit id.
    pub fn tallies(&self) -> Vec<Tally> {
        let mut out = vec![Tally::default(); self.units.len()];
        let mut last_attacker: Option<(UnitId, UnitId)> = None;
        for event in &self.log {
            match event {
                Event::AttackRolled {
                    attacker, target, ..
                } => {
                    last_attacker = Some((*attacker, *target));
                }
                Event::Damaged { unit, uhp, .. } => {
                    if let Some(t) = out.get_mut(usize::from(unit.0)) {
                        t.taken += uhp;
                    }
                    let by = last_attacker.filter(|(_, target)| target == unit);
                    if let Some(t) = by.and_then(|(a, _)| out.get_mut(usize::from(a.0))) {
                        t.dealt += uhp;
                    }
                }
                Event::ShockRolled { unit, result, .. } => {
                    if let Some(t) = out.get_mut(usize::from(unit.0)) {
                        t.shock_rolls += 1;
                        t.shock_failed += u32::from(*result != ShockResult::Hold);
                    }
                }
                _ => {}
            }
        }
        for (t, u) in out.iter_mut().zip(&self.units) {
            t.fate = u.fate;
        }
        out
    }
}
