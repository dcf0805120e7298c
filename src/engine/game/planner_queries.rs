//! Rule queries the computer player and the scenario checker ask instead of working the
//! rules out themselves: who may charge (R4.4), who may react (R5.6), securing by pike with a unit supposed away
//! (R9.4), the army-morale margin (R10.2), turns left (R3.3), fire from a hex other than
//! the shooter's own (R6.2), and the pure placement rules of a setup: one unit per hex
//! (R1.3) and units that start engaged (R4.2); the uhp still to come as reserves (R12.1);
//! whether a charge's target may still step away before it strikes, and which units have
//! stepped away from a charge before, as the log tells (R4.5).

use super::{Game, Sight, Unit};
use crate::engine::event::{Event, MoveKind, Phase};
use crate::engine::types::{Formation, MissileWeapon, SideId, Status, UnitId};
use hexx::Hex;

impl Unit {
    /// R4.4: whether the unit's formation ever charges (IF and UF never do), whatever
    /// its status now.
    pub fn charges_at_all(&self) -> bool {
        !self.troop.formation.is_undisciplined()
    }

    /// R4.5: whether the unit's formation ever disengages (IF and UF never do), whatever
    /// its status now.
    pub fn disengages_at_all(&self) -> bool {
        !self.troop.formation.is_undisciplined()
    }

    /// R4.4: whether the unit may declare a charge now: a steady unit of a formation that
    /// charges (the first test of a charge order's check).
    pub fn may_charge(&self) -> bool {
        self.charges_at_all() && self.status == Status::Steady && !self.marks.arrived
    }

    /// R5.6: whether the unit may react to an enemy at all: ready and steady, and a
    /// firearm unit only with no reload tokens, not even in melee.
    pub fn may_react(&self) -> bool {
        self.ready && self.may_react_if_ready()
    }

    /// R5.6 for a what-if: whether the unit could react if it held a ready marker: steady,
    /// and a firearm unit only with no reload tokens.
    pub fn may_react_if_ready(&self) -> bool {
        let firearm = (self.troop.missile.as_ref()).is_some_and(MissileWeapon::is_firearm);
        self.status == Status::Steady && !(firearm && self.reload_tokens > 0)
    }

    /// R6.2: whether the unit's missile weapon volleys over units in the way (bows and
    /// slings).
    pub fn volleys_overhead(&self) -> bool {
        matches!(
            self.troop.missile,
            Some(MissileWeapon::Missile { kind, .. }) if kind.volleys_overhead()
        )
    }
}

impl Game {
    /// R4.5, R3.2: whether the rules still let `target` step away (disengage) from a
    /// charge declared against it now, before the charge strikes in the Melee phase: it is
    /// the Movement phase, the target's side gives its orders after the side ordering now,
    /// and the target has not moved this turn, is not fleeing and is not IF or UF. Whether
    /// a hex clear of enemies lies within its march is not asked.
    pub fn may_step_away(&self, target: UnitId) -> bool {
        let Some(t) = self.unit(target).filter(|t| t.on_map()) else {
            return false;
        };
        self.phase == Phase::Movement
            && self.ordering == self.first
            && t.side != self.ordering
            && t.marks.moved.is_none()
            && t.status != Status::Fleeing
            && t.disengages_at_all()
    }

    /// R4.5: the units of `side` that disengaged in a turn in which a charge was declared
    /// on them, as the log tells, in id order: what a player at the table remembers of
    /// how the enemy meets a charge.
    pub fn stepped_away_from_charges(&self, side: SideId) -> Vec<UnitId> {
        let mut charged: Vec<UnitId> = Vec::new();
        let mut stepped: Vec<UnitId> = Vec::new();
        for e in &self.log {
            match e {
                Event::TurnBegan { .. } => charged.clear(),
                Event::ChargeDeclared { target, .. } => charged.push(*target),
                Event::Moved {
                    unit,
                    kind: MoveKind::Disengage,
                    ..
                } if charged.contains(unit) => stepped.push(*unit),
                _ => {}
            }
        }
        stepped.retain(|u| self.unit(*u).is_some_and(|u| u.side == side));
        stepped.sort_unstable();
        stepped.dedup();
        stepped
    }

    /// R12.1, R12.2: the uhp of `side`'s reserves still to come (by turn or by an event
    /// not yet fired), which join its strength when they arrive.
    pub fn uhp_to_come(&self, side: SideId) -> u32 {
        (self.units.iter())
            .filter(|u| u.side == side && u.to_come())
            .fold(0u32, |sum, u| sum.saturating_add(u.uhp))
    }

    /// R12.1, R12.7: the uhp of `side`'s reserves still to come that arrive by turn `last`
    /// (any turn when `None`) or that an event has released; those only an event not yet
    /// fired would release are left out.
    pub fn uhp_due_by(&self, side: SideId, last: Option<u32>) -> u32 {
        let due = |r: &super::Reserve| r.due_by(last.unwrap_or(u32::MAX));
        (self.units.iter())
            .filter(|u| u.side == side && u.to_come())
            .filter(|u| u.reserve.as_ref().is_some_and(due))
            .fold(0u32, |sum, u| sum.saturating_add(u.uhp))
    }

    /// The uhp of `side`'s units on the map now (R12.2: reserves not counted).
    pub fn uhp_on_map(&self, side: SideId) -> u32 {
        (self.units.iter())
            .filter(|u| u.side == side && u.on_map())
            .fold(0u32, |sum, u| sum.saturating_add(u.uhp))
    }

    /// R9.4 for a what-if: whether DF `unit` standing at `at` would be secured by a
    /// friendly Formed Foot unit that is not fleeing, with the units in `absent` supposed
    /// gone (a pike about to move away) and every other unit where it is.
    pub fn secured_supposing(&self, unit: &Unit, at: Hex, absent: &[UnitId]) -> bool {
        unit.troop.formation == Formation::DF
            && at.all_neighbors().into_iter().any(|n| {
                self.unit_at(n)
                    .is_some_and(|f| !absent.contains(&f.id) && Game::secures(f, unit))
            })
    }

    /// R10.2: uhp `side` may still lose before it rolls army morale at the end of a turn
    /// (its morale mark, half its starting uhp rounded down, less its losses); negative
    /// once past the mark.
    pub fn morale_margin(&self, side: SideId) -> i64 {
        i64::from(self.morale_mark(side)) - i64::from(self.losses(side))
    }

    /// R10.2: losses past which `side` rolls army morale, half its starting uhp rounded
    /// down.
    pub fn morale_mark(&self, side: SideId) -> u32 {
        self.morale_mark_with(side, 0)
    }

    /// R3.3: Movement phases left after this turn's, 0 on the last turn; `None` for a
    /// battle without a turn limit.
    pub fn turns_left(&self) -> Option<u32> {
        self.turn_limit.map(|l| l.saturating_sub(self.turn))
    }

    /// R6.2 from a hex: whether `shooter`, standing at `from`, would see to shoot at `to`
    /// (range not considered), and whether overhead: `Some(false)` for a clear line,
    /// `Some(true)` over units for a bow or sling, `None` when blocked. Units in `ignore`
    /// (about to move) do not block.
    pub fn line_of_fire_from(
        &self,
        shooter: &Unit,
        from: Hex,
        to: Hex,
        ignore: &[UnitId],
    ) -> Option<bool> {
        match self.sight_ignoring(from, to, ignore) {
            Sight::Clear => Some(false),
            Sight::OnlyUnits => shooter.volleys_overhead().then_some(true),
            Sight::Blocked => None,
        }
    }
}

/// R1.3: each unit of a setup's list (by index, in order) that stands in the hex of a unit
/// listed before it, with the index of the last such unit before it.
pub fn shared_hexes(hexes: &[Hex]) -> Vec<(usize, usize)> {
    let mut last: std::collections::BTreeMap<(i32, i32), usize> = Default::default();
    hexes
        .iter()
        .enumerate()
        .filter_map(|(i, h)| last.insert((h.x, h.y), i).map(|j| (i, j)))
        .collect()
}

/// R4.2: each unit of a setup's list (by index, in order) that starts beside an enemy
/// listed before it, with the index of the first such enemy; `side` tells the sides
/// apart (any value two units of one side share).
pub fn engaged_at_start<S: PartialEq>(units: &[(Hex, S)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, (h, side)) in units.iter().enumerate() {
        let earlier = units.get(..i).unwrap_or_default();
        let enemy = earlier
            .iter()
            .position(|(o, s)| s != side && Game::engages(*o, *h));
        if let Some(j) = enemy {
            out.push((i, j));
        }
    }
    out
}

impl Game {
    /// R4.2: whether units of opposing sides at `a` and `b` are engaged (adjacent).
    pub fn engages(a: Hex, b: Hex) -> bool {
        a.unsigned_distance_to(b) == 1
    }
}
