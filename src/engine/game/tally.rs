//! What each unit and each side did and suffered over the battle, read from the event log:
//! uhp dealt by attack sequences, uhp taken (R5.2, R8.2), uhp routed off the field (R8.5),
//! shock rolls made and failed (R9), and each unit's fate (R8.2, R8.5); a side's record
//! follows its units through defections (R12.3). For the end-of-battle table, `volley sim`
//! and balance studies, so that every screen and report counts the same way.

use super::{Fate, Game, Unit};
use crate::engine::event::Event;
use crate::engine::rules::ShockResult;
use crate::engine::types::{SideId, UnitId};

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

/// One side's uhp over the battle: dealt by its units' attacks, lost to damage, and taken
/// off the field by its routed units (R8.5), each counted for the side the unit fought for
/// at that moment (R12.3); one side's `lost` is the other's `dealt`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SideTally {
    /// uhp its units' attacks took from enemies (R5.2).
    pub dealt: u32,
    /// uhp its units lost to damage (R5.2, R8.2).
    pub lost: u32,
    /// uhp its routed units took off the field (R8.5).
    pub routed_uhp: u32,
}

impl Game {
    /// Every unit's record so far, indexed by unit id.
    pub fn tallies(&self) -> Vec<Tally> {
        let mut out = vec![Tally::default(); self.units.len()];
        let mut mark = |unit: UnitId, f: &dyn Fn(&mut Tally)| {
            if let Some(t) = out.get_mut(usize::from(unit.0)) {
                f(t);
            }
        };
        for (event, by) in self.credited() {
            match event {
                Event::Damaged { unit, uhp, .. } => {
                    mark(*unit, &|t| t.taken += uhp);
                    if let Some(a) = by {
                        mark(a, &|t| t.dealt += uhp);
                    }
                }
                Event::ShockRolled { unit, result, .. } => mark(*unit, &|t| {
                    t.shock_rolls += 1;
                    t.shock_failed += u32::from(*result != ShockResult::Hold);
                }),
                _ => {}
            }
        }
        for (t, u) in out.iter_mut().zip(&self.units) {
            t.fate = u.fate;
        }
        out
    }

    /// Side A's and side B's record so far, each unit counted for the side it fought for
    /// when the event came (R12.3: a defector's later blows count for its new side); a
    /// routed unit's uhp are those it had left (it keeps them, off the map).
    pub fn side_tallies(&self) -> [SideTally; 2] {
        let mut sides = self.sides_at_start();
        let side_of = |sides: &[SideId], u: UnitId| sides.get(usize::from(u.0)).copied();
        let mut out = [SideTally::default(); 2];
        for (event, by) in self.credited() {
            match event {
                Event::Damaged { unit, uhp, .. } => {
                    if let Some(side) = side_of(&sides, *unit) {
                        side.of_mut(&mut out).lost += uhp;
                    }
                    if let Some(side) = by.and_then(|a| side_of(&sides, a)) {
                        side.of_mut(&mut out).dealt += uhp;
                    }
                }
                Event::Routed { unit } => {
                    let left = self.unit(*unit).map_or(0, Unit::routed_uhp);
                    if let Some(side) = side_of(&sides, *unit) {
                        side.of_mut(&mut out).routed_uhp += left;
                    }
                }
                Event::UnitDefected { unit, to } => {
                    if let Some(s) = sides.get_mut(usize::from(unit.0)) {
                        *s = *to;
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Each unit's side when the battle began: its side now, or the one it left at its
    /// first defection (R12.3).
    fn sides_at_start(&self) -> Vec<SideId> {
        let mut sides: Vec<Option<SideId>> = vec![None; self.units.len()];
        for event in &self.log {
            if let Event::UnitDefected { unit, to } = event {
                if let Some(s @ None) = sides.get_mut(usize::from(unit.0)) {
                    *s = Some(to.other());
                }
            }
        }
        (sides.into_iter().zip(&self.units))
            .map(|(s, u)| s.unwrap_or(u.side))
            .collect()
    }

    /// The battle's log, each event with the unit credited with it: for damage, the
    /// attacker whose throws just hit the damaged unit in the same phase; else none.
    fn credited(&self) -> impl Iterator<Item = (&Event, Option<UnitId>)> {
        let mut attack: Option<(UnitId, UnitId)> = None;
        self.log.iter().map(move |event| {
            let by = match event {
                Event::AttackRolled {
                    attacker, target, ..
                } => {
                    attack = Some((*attacker, *target));
                    None
                }
                Event::Damaged { unit, .. } => attack.filter(|(_, t)| t == unit).map(|(a, _)| a),
                Event::PhaseBegan { .. } | Event::TurnBegan { .. } => {
                    attack = None;
                    None
                }
                _ => None,
            };
            (event, by)
        })
    }
}
