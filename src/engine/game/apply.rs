//! `apply`: turns each event into state. It never rolls and never decides; it only records
//! what resolution decided (R3–R10).

use super::{Fate, Game, Outcome, TurnMarks};
use crate::engine::event::{AttackKind, Event, MoveKind, Phase};
use crate::engine::types::{Status, UnitId};

impl Game {
    pub(super) fn apply(&mut self, event: &Event) {
        match event {
            Event::TurnBegan { turn } => self.apply_turn_began(*turn),
            Event::InitiativeRolled { .. }
            | Event::ShockRolled { .. }
            | Event::AdvanceDeclined { .. } => {}
            Event::FirstSideChosen { side } => self.first = *side,
            Event::PhaseBegan { phase } => self.apply_phase_began(*phase),
            Event::OrdersPassed { side } => self.ordering = *side,
            Event::DecisionRequested { .. } | Event::DecisionAnswered => {}
            Event::DieForced { face } => self.dice.force(*face),
            // The outcome comes with the `BattleEnded` that follows.
            Event::Conceded { .. } => {}
            Event::Moved { unit, kind, path } => {
                self.move_to(*unit, path.last().copied());
                let u = self.unit_mut(*unit);
                u.marks.moved = Some(*kind);
                if *kind != MoveKind::StandFast && *kind != MoveKind::Flee {
                    u.ready = false;
                }
            }
            Event::ReloadTokenRemoved { unit, left } => self.unit_mut(*unit).reload_tokens = *left,
            Event::ChargeDeclared { unit, target } => self.apply_charge(*unit, *target),
            Event::AttackCancelled { unit, .. } => self.charges.retain(|c| c.charger != *unit),
            Event::Readied { unit } => {
                let u = self.unit_mut(*unit);
                u.ready = true;
                u.marks.readied = true;
            }
            Event::ReadyLost { unit } => self.unit_mut(*unit).ready = false,
            Event::AttackDeclared { unit, kind, .. } => {
                if !matches!(kind, AttackKind::Reaction { .. }) {
                    self.unit_mut(*unit).marks.attacked = true;
                }
            }
            Event::AttackRolled {
                attacker,
                target,
                kind,
                ..
            } => {
                let t = self.unit_mut(*target);
                t.marks.was_attacked = true;
                t.marks.attacked_this_phase = true;
                // A charge that struck home is no longer pending (R7.1).
                if *kind == crate::engine::event::AttackKind::Charge {
                    self.charges.retain(|c| c.charger != *attacker);
                }
            }
            Event::ReloadTokensGained { unit, tokens } => {
                self.unit_mut(*unit).reload_tokens += tokens;
            }
            Event::Withdrew { unit, path } => self.move_to(*unit, path.last().copied()),
            Event::Damaged { unit, left, .. } => self.unit_mut(*unit).uhp = *left,
            Event::Destroyed { unit } => {
                self.lift(*unit);
                self.unit_mut(*unit).fate = Some(Fate::Destroyed);
            }
            Event::Disordered { unit } => self.disorder(*unit),
            Event::Recoiled { unit, to } => {
                self.move_to(*unit, *to);
                self.disorder(*unit);
                self.unit_mut(*unit).retreats += 1;
            }
            Event::Fled { unit, path } => {
                self.move_to(*unit, path.last().copied());
                let u = self.unit_mut(*unit);
                u.status = Status::Fleeing;
                u.ready = false;
                u.retreats += 1;
            }
            Event::Routed { unit } => self.apply_rout(*unit),
            Event::Advanced { unit, to } => self.move_to(*unit, Some(*to)),
            Event::Rallied { unit } => {
                let u = self.unit_mut(*unit);
                u.status = Status::Disordered;
                u.marks.rallied = true;
            }
            Event::BecameSteady { unit } => self.unit_mut(*unit).status = Status::Steady,
            Event::ArmyMoraleRolled { side, broke, .. } => *side.of_mut(&mut self.broken) |= broke,
            Event::BattleEnded { winner, reason } => {
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: *reason,
                })
            }
        }
    }

    fn apply_turn_began(&mut self, turn: u32) {
        self.turn = turn;
        self.phase = Phase::Initiative;
        self.routs_this_turn.clear();
        self.charges.clear();
        for u in &mut self.units {
            u.marks = TurnMarks::default();
            u.tokens_at_turn_start = u.reload_tokens;
        }
    }

    fn apply_phase_began(&mut self, phase: Phase) {
        self.phase = phase;
        self.ordering = self.first;
        for u in &mut self.units {
            u.marks.attacked_this_phase = false;
            u.marks.readied = false;
        }
    }

    fn apply_charge(
        &mut self,
        unit: crate::engine::types::UnitId,
        target: crate::engine::types::UnitId,
    ) {
        self.charges.retain(|c| c.charger != unit);
        let guard = self.at(unit).retreats;
        self.charges.push(super::DeclaredCharge {
            charger: unit,
            target,
            guard,
        });
        let u = self.unit_mut(unit);
        u.marks.moved = Some(MoveKind::Charge);
        u.marks.attacked = true;
        u.ready = false;
    }

    fn apply_rout(&mut self, unit: crate::engine::types::UnitId) {
        self.lift(unit);
        let (side, pos) = {
            let u = self.unit_mut(unit);
            u.fate = Some(Fate::Routed);
            u.retreats += 1;
            (u.side, u.pos)
        };
        self.routs_this_turn.push((side, pos));
    }

    /// Moves a unit on the map to `to` (if any), in its state and in the grid.
    fn move_to(&mut self, unit: UnitId, to: Option<hexx::Hex>) {
        let Some(hex) = to else { return };
        let u = self.at(unit);
        if !u.on_map() {
            self.unit_mut(unit).pos = hex;
            return;
        }
        let side = u.side;
        self.lift(unit);
        self.unit_mut(unit).pos = hex;
        self.grid.enter(&self.map, unit, side, hex);
        self.forget_orders_near(hex, side);
    }

    /// Takes a unit on the map out of the grid, before it moves or leaves the map; another
    /// unit in the same hex (a fleeing unit passing through) keeps it.
    fn lift(&mut self, unit: UnitId) {
        let u = self.at(unit);
        if !u.on_map() {
            return;
        }
        let (side, pos) = (u.side, u.pos);
        self.forget_orders_near(pos, side);
        // Where the unit goes next, if anywhere, is after this: its side's distances go now.
        self.forget_distances(side);
        let next = self
            .units
            .iter()
            .find(|o| o.id != unit && o.on_map() && o.pos == pos)
            .map(|o| o.id);
        self.grid.leave(&self.map, unit, side, pos, next);
    }

    fn disorder(&mut self, unit: crate::engine::types::UnitId) {
        let u = self.unit_mut(unit);
        if u.status == Status::Steady {
            u.status = Status::Disordered;
        }
        u.ready = false;
    }
}
