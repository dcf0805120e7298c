//! The Movement phase (R4.1–R4.7): reachable hexes with their cost under terrain (R4.6),
//! zone of control (R4.2) and passing through friends (R4.3); checking and carrying out
//! stand fast, march, hustle, charge and disengage, and the reload of R4.7.

use super::reach::{Ids, Supposing, Toward};
use super::{Game, Reach, Unit};
use crate::engine::error::RuleError;
use crate::engine::event::{Event, MoveKind, Phase};
use crate::engine::types::{Status, UnitId};
use hexx::Hex;

impl Game {
    /// True if the unit stands next to an enemy (R4.2).
    pub fn is_engaged(&self, unit: &Unit) -> bool {
        self.next_to_enemy(unit.pos, unit.side)
    }

    /// R4.1–R4.6: where `unit` can go with a move of `kind` from where it stands.
    pub fn reach(&self, unit: UnitId, kind: MoveKind) -> Reach {
        self.reach_in(unit, kind, Supposing::NONE)
    }

    /// [`Game::reach`] for a planner's supposition: as if the units in `absent` were not on
    /// the map, and those in `inert` stood but exerted no zone of control (R4.2) because
    /// they may move away first. Every rule of the move is the engine's own.
    pub fn reach_supposing(
        &self,
        unit: UnitId,
        kind: MoveKind,
        absent: &[UnitId],
        inert: &[UnitId],
    ) -> Reach {
        let (absent, inert) = (Ids::of(absent), Ids::of(inert));
        let s = Supposing {
            absent: &absent,
            inert: &inert,
        };
        self.reach_in(unit, kind, s)
    }

    /// R4.1: the movement points of a move of `kind` by `u` (its march, hustle or charge
    /// rate, in hexes of clear ground); no hex of its reach is further than that.
    pub fn move_budget(u: &Unit, kind: MoveKind) -> u32 {
        match kind {
            MoveKind::March | MoveKind::Disengage => u.profile.rate.march,
            MoveKind::Hustle => u.profile.rate.hustle,
            MoveKind::Charge => u.profile.rate.charge,
            MoveKind::StandFast | MoveKind::Flee => 0,
        }
    }

    fn reach_in(&self, unit: UnitId, kind: MoveKind, s: Supposing) -> Reach {
        self.reach_toward(unit, kind, s, Toward::ANYWHERE)
    }

    /// The charge reach of `unit` with only its ends and the paths to them sure (R4.4):
    /// hexes from which no enemy's side is in reach are left out. What the legal orders,
    /// the check of a charge and the charge itself need, for a part of the search.
    pub(super) fn charge_reach(&self, unit: UnitId) -> Reach {
        let Some(u) = self.unit(unit) else {
            return Reach::default();
        };
        let toward = Toward(Some(self.distance_to(u.side.other())));
        self.reach_toward(unit, MoveKind::Charge, Supposing::NONE, toward)
    }

    fn reach_toward(&self, unit: UnitId, kind: MoveKind, s: Supposing, toward: Toward) -> Reach {
        let Some(u) = self.unit(unit).filter(|u| u.on_map()) else {
            return Reach::default();
        };
        // Engagement is being beside an enemy, inert or not: it stands there now (R4.2).
        let engaged = self.map.index(u.pos).is_some_and(|i| {
            let only_absent = Supposing {
                absent: s.absent,
                inert: &Ids::EMPTY,
            };
            self.zone_supposing(i, u.side.other(), only_absent)
        });
        let budget = Game::move_budget(u, kind);
        let allowed = match kind {
            MoveKind::Disengage => engaged,
            MoveKind::Charge | MoveKind::StandFast => true,
            _ => !engaged,
        };
        if !allowed {
            return Reach::default();
        }
        let budget = if engaged && kind == MoveKind::Charge {
            0
        } else {
            budget
        };
        self.search((u, kind, budget), s, toward)
    }

    /// R4.4, R12.5: whether `u` may end a charge in `hex`: mounted units may not end one by
    /// entering woods, village or ford (terrain with `no_mounted_charge` in `rules.ron`),
    /// nor field works.
    pub fn charge_ground_ok(&self, u: &Unit, hex: Hex) -> bool {
        hex == u.pos
            || !u.is_mounted()
            || !(self.map.has_works(hex)
                || self
                    .map
                    .terrain(hex)
                    .is_some_and(|t| self.rules.terrain(t).no_mounted_charge))
    }

    /// R12.5: whether `u` may declare a charge on `target`: mounted units may not charge
    /// a unit standing in field works.
    pub fn charge_target_ok(&self, u: &Unit, target: &Unit) -> bool {
        self.charge_target_ok_at(u, target.pos)
    }

    /// Checks a movement order of `unit` ending in `to` (R4.1–R4.5).
    pub(super) fn check_move(
        &self,
        unit: UnitId,
        kind: MoveKind,
        to: Hex,
        target: Option<UnitId>,
    ) -> Result<(), RuleError> {
        let u = self.own_unit(unit)?;
        if u.status == Status::Fleeing {
            return Err(RuleError::Fleeing(unit));
        }
        if u.marks.moved.is_some() {
            return Err(RuleError::AlreadyOrdered {
                unit,
                phase: Phase::Movement,
            });
        }
        // A hex off the map is refused before any distance to it is measured: hostile
        // coordinates (`i32::MIN`) would overflow the measure.
        if kind != MoveKind::StandFast && !self.map.contains(to) {
            return Err(RuleError::Unreachable(unit));
        }
        let engaged = self.is_engaged(u);
        match kind {
            MoveKind::March | MoveKind::Hustle if engaged => return Err(RuleError::Engaged(unit)),
            MoveKind::Charge => return self.check_charge(u, to, target),
            MoveKind::Disengage if !engaged || !u.disengages_at_all() => {
                return Err(RuleError::CannotDisengage(unit))
            }
            MoveKind::Disengage if self.next_to_enemy(to, u.side) => {
                return Err(RuleError::StillEngaged)
            }
            _ => {}
        }
        if kind != MoveKind::StandFast && self.reach(unit, kind).cost_to(to).is_none() {
            return Err(RuleError::Unreachable(unit));
        }
        Ok(())
    }

    fn check_charge(&self, u: &Unit, to: Hex, target: Option<UnitId>) -> Result<(), RuleError> {
        if u.marks.arrived {
            return Err(RuleError::ArrivedThisTurn(u.id));
        }
        if !u.may_charge() {
            return Err(RuleError::CannotCharge(u.id));
        }
        let target = target.ok_or(RuleError::TargetNotAdjacent)?;
        let t = self
            .unit(target)
            .filter(|t| t.on_map())
            .ok_or(RuleError::NoSuchUnit(target))?;
        if t.side == u.side {
            return Err(RuleError::NotAnEnemy(target));
        }
        if t.pos.unsigned_distance_to(to) != 1 {
            return Err(RuleError::TargetNotAdjacent);
        }
        let works = to != u.pos && self.map.has_works(to);
        if u.is_mounted() && (works || !self.charge_target_ok(u, t)) {
            return Err(RuleError::ChargeIntoWorks);
        }
        if !self.charge_ground_ok(u, to) {
            return Err(RuleError::ChargeIntoBadGround);
        }
        if self.charge_reach(u.id).cost_to(to).is_none() {
            return Err(RuleError::Unreachable(u.id));
        }
        Ok(())
    }

    /// Carries out a checked movement order.
    pub(super) fn execute_move(
        &mut self,
        unit: UnitId,
        kind: MoveKind,
        to: Hex,
        target: Option<UnitId>,
    ) {
        if kind == MoveKind::StandFast {
            self.stand_fast(unit);
            return;
        }
        // The search that found the order, if the unit's orders were asked for, or afresh.
        let path = self
            .remembered_path(unit, kind, to)
            .unwrap_or_else(|| match kind {
                MoveKind::Charge => self.charge_reach(unit).path_to(to),
                _ => self.reach(unit, kind).path_to(to),
            });
        self.emit(Event::Moved { unit, kind, path });
        if let (MoveKind::Charge, Some(target)) = (kind, target) {
            self.emit(Event::ChargeDeclared { unit, target });
            self.agenda.push(super::resolve::Step::ChargeShock {
                charger: unit,
                target,
            });
        }
    }

    /// R4.1, R4.7: stand fast and remove one reload token.
    pub(super) fn stand_fast(&mut self, unit: UnitId) {
        self.emit(Event::Moved {
            unit,
            kind: MoveKind::StandFast,
            path: Vec::new(),
        });
        let tokens = self.at(unit).reload_tokens;
        if tokens > 0 {
            self.emit(Event::ReloadTokenRemoved {
                unit,
                left: tokens - 1,
            });
        }
    }

    /// A unit of the ordering side on the map, or why not.
    pub(super) fn own_unit(&self, unit: UnitId) -> Result<&Unit, RuleError> {
        let u = self
            .unit(unit)
            .filter(|u| u.on_map())
            .ok_or(RuleError::NoSuchUnit(unit))?;
        if u.side != self.ordering {
            return Err(RuleError::NotYourUnit(unit));
        }
        Ok(u)
    }
}
