//! `apply`: turns each event into state. It never rolls and never decides; it only records
//! what resolution decided (R3–R10).

use super::{Fate, Game, Outcome, TurnMarks};
use crate::engine::event::{AttackKind, Event, MoveKind, Phase};
use crate::engine::types::{Status, UnitId};

impl Game {
    /// Records `event` in the state, by its family: the flow of turns and phases, movement,
    /// attacks and charges, or what an attack and morale did to a unit.
    pub(super) fn apply(&mut self, event: &Event) {
        match event {
            Event::TurnBegan { .. }
            | Event::InitiativeRolled { .. }
            | Event::FirstSideChosen { .. }
            | Event::PhaseBegan { .. }
            | Event::OrdersPassed { .. }
            | Event::DecisionRequested { .. }
            | Event::DecisionAnswered
            | Event::DieForced { .. }
            | Event::Conceded { .. }
            | Event::ArmyMoraleRolled { .. }
            | Event::BattleEnded { .. } => self.apply_flow(event),
            Event::Moved { .. }
            | Event::ReloadTokenRemoved { .. }
            | Event::Readied { .. }
            | Event::ReadyLost { .. }
            | Event::Withdrew { .. }
            | Event::Advanced { .. }
            | Event::AdvanceDeclined { .. } => self.apply_movement(event),
            Event::ChargeDeclared { .. }
            | Event::AttackCancelled { .. }
            | Event::AttackDeclared { .. }
            | Event::ShockRolled { .. }
            | Event::AttackRolled { .. }
            | Event::ReloadTokensGained { .. } => self.apply_attack(event),
            Event::Damaged { .. }
            | Event::Destroyed { .. }
            | Event::Disordered { .. }
            | Event::Recoiled { .. }
            | Event::Fled { .. }
            | Event::Routed { .. }
            | Event::Rallied { .. }
            | Event::BecameSteady { .. } => self.apply_harm(event),
            Event::OrdersReleased { units, .. } => {
                self.set_standing(units, &crate::engine::StandingOrder::Free)
            }
            Event::OrdersChanged { units, order } => self.set_standing(units, order),
            Event::ReserveArrived { .. }
            | Event::ReserveDelayed { .. }
            | Event::ReserveReleased { .. }
            | Event::ScenarioEventFired { .. }
            | Event::MessageShown { .. }
            | Event::UnitDefected { .. }
            | Event::TerrainChanged { .. } => self.apply_script(event),
        }
    }

    /// Turns, phases, initiative, decisions, army morale and the battle's end (R3, R10.3).
    fn apply_flow(&mut self, event: &Event) {
        match event {
            Event::TurnBegan { turn } => self.apply_turn_began(*turn),
            Event::FirstSideChosen { side } => self.first = *side,
            Event::PhaseBegan { phase } => self.apply_phase_began(*phase),
            Event::OrdersPassed { side } => self.ordering = *side,
            Event::DieForced { face } => self.dice.force(*face),
            Event::ArmyMoraleRolled { side, broke, .. } => *side.of_mut(&mut self.broken) |= broke,
            Event::BattleEnded { winner, reason } => {
                self.outcome = Some(Outcome {
                    winner: *winner,
                    reason: *reason,
                });
            }
            // The outcome of a concession comes with the `BattleEnded` that follows; a roll
            // or a decision asked and answered changes nothing by itself.
            _ => {}
        }
    }

    /// Moves, readiness and reload tokens spent moving (R4, R5).
    fn apply_movement(&mut self, event: &Event) {
        match event {
            Event::Moved { unit, kind, path } => {
                self.move_to(*unit, path.last().copied());
                let u = self.unit_mut(*unit);
                u.marks.moved = Some(*kind);
                if *kind != MoveKind::StandFast && *kind != MoveKind::Flee {
                    u.ready = false;
                }
            }
            Event::ReloadTokenRemoved { unit, left } => self.unit_mut(*unit).reload_tokens = *left,
            Event::Readied { unit } => {
                let u = self.unit_mut(*unit);
                u.ready = true;
                u.marks.readied = true;
            }
            Event::ReadyLost { unit } => self.unit_mut(*unit).ready = false,
            Event::Withdrew { unit, path } => self.move_to(*unit, path.last().copied()),
            Event::Advanced { unit, to } => self.move_to(*unit, Some(*to)),
            _ => {}
        }
    }

    /// Charges declared and struck home, attacks made and reload tokens gained (R6, R7).
    fn apply_attack(&mut self, event: &Event) {
        match event {
            Event::ChargeDeclared { unit, target } => self.apply_charge(*unit, *target),
            Event::AttackCancelled { unit, .. } => self.charges.retain(|c| c.charger != *unit),
            // A reaction is not the unit's one attack sequence of the turn (R5.5, R5.6).
            Event::AttackDeclared { unit, kind, .. }
                if !matches!(kind, AttackKind::Reaction { .. }) =>
            {
                self.unit_mut(*unit).marks.attacked = true;
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
                if *kind == AttackKind::Charge {
                    self.charges.retain(|c| c.charger != *attacker);
                }
            }
            Event::ReloadTokensGained { unit, tokens } => {
                self.unit_mut(*unit).reload_tokens += tokens;
            }
            _ => {}
        }
    }

    /// Damage, disorder, retreats, routs and rallies (R8–R10).
    fn apply_harm(&mut self, event: &Event) {
        match event {
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
            Event::Rallied { unit } => {
                let u = self.unit_mut(*unit);
                u.status = Status::Disordered;
                u.marks.rallied = true;
            }
            Event::BecameSteady { unit } => self.unit_mut(*unit).status = Status::Steady,
            _ => {}
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

    fn apply_charge(&mut self, unit: UnitId, target: UnitId) {
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

    fn apply_rout(&mut self, unit: UnitId) {
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
    pub(super) fn lift(&mut self, unit: UnitId) {
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

    fn disorder(&mut self, unit: UnitId) {
        let u = self.unit_mut(unit);
        if u.status == Status::Steady {
            u.status = Status::Disordered;
        }
        u.ready = false;
    }
}
