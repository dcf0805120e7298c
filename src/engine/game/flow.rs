//! The turn's sequence (R3): initiative with ties re-rolled and the winner's choice (R3.1),
//! the first side's orders then the second's in Movement, Missile and Melee (R3.2), the
//! Missile and Melee orders (R5.5, R5.6, R6.1, R7.1, R7.2), then the Morale phase.

use super::resolve::{Ctx, Step};
use super::Game;
use crate::engine::command::{Command, Decision, Order, MAX_FORCED_FACE};
use crate::engine::error::{Refusal, RuleError};
use crate::engine::event::{AttackKind, Event, MoveKind, Phase};
use crate::engine::sums::face_plus;
use crate::engine::types::{SideId, Status, UnitId};
use hexx::Hex;

impl Game {
    /// R3.1: a new turn and its initiative roll; the winner is asked to choose.
    pub(super) fn begin_turn(&mut self) {
        self.emit(Event::TurnBegan {
            turn: self.turn + 1,
        });
        // R12.7: the scenario's events are checked before initiative.
        self.check_scenario_events();
        if self.outcome.is_some() {
            return;
        }
        let die = self.rules.initiative_die;
        let (a, b) = (
            self.sides[0].strategic_ability,
            self.sides[1].strategic_ability,
        );
        let mut faces = Vec::new();
        let winner = loop {
            let (fa, fb) = (self.roll(die), self.roll(die));
            faces.push((fa, fb));
            let (ta, tb) = (face_plus(fa, a), face_plus(fb, b));
            if ta != tb {
                break if ta > tb { SideId::A } else { SideId::B };
            }
            if faces.len() >= 100 {
                break self.defender; // scripted dice that always tie
            }
        };
        self.emit(Event::InitiativeRolled { faces, winner });
        self.request(Decision::Initiative { side: winner }, Ctx::Initiative);
    }

    /// R4.1, R8.4: the Movement phase opens with the flee moves, then the first side orders.
    pub(super) fn begin_movement(&mut self) {
        // R12.7: the end of the Initiative phase.
        self.check_scenario_events();
        if self.outcome.is_some() {
            return;
        }
        self.emit(Event::PhaseBegan {
            phase: Phase::Movement,
        });
        let fleeing: Vec<UnitId> = self
            .units
            .iter()
            .filter(|u| u.on_map() && u.status == Status::Fleeing)
            .map(|u| u.id)
            .collect();
        for id in fleeing {
            let flee = self.flee_move(self.at(id));
            self.emit(Event::Moved {
                unit: id,
                kind: MoveKind::Flee,
                path: flee.path,
            });
            if flee.routs {
                self.emit(Event::Routed { unit: id });
            }
        }
        self.pass_orders(self.first);
    }

    /// Checks a command against the state without changing it: an answer must be one the
    /// pending decision offers; an order must wait for no decision and be of this phase.
    pub(super) fn check(&self, command: &Command) -> Result<(), RuleError> {
        match (command, &self.pending) {
            (Command::ForceDie { face }, _) if (1..=MAX_FORCED_FACE).contains(face) => Ok(()),
            (Command::ForceDie { face }, _) => Err(RuleError::BadForcedFace(*face)),
            // R10: either side may give up at any moment, even while the other acts.
            (Command::Concede { .. }, _) => Ok(()),
            (Command::Answer(_), Some(p)) if p.decision.answers().contains(command) => Ok(()),
            (Command::Answer(_), Some(_)) => Err(RuleError::WrongAnswer),
            (Command::Answer(_), None) => Err(RuleError::NoDecision),
            (Command::Order(_), Some(p)) => Err(RuleError::DecisionPending {
                decision: p.decision.clone(),
            }),
            (Command::Order(order), None) => self.check_order(*order),
        }
    }

    /// Checks an order of the phase (R4–R7).
    fn check_order(&self, order: Order) -> Result<(), RuleError> {
        let during = |phases: &[Phase]| {
            if phases.contains(&self.phase) {
                Ok(())
            } else {
                Err(RuleError::WrongPhase)
            }
        };
        let movement = [Phase::Movement];
        match order {
            Order::EndOrders => self.check_end_orders(),
            Order::StandFast { unit } => during(&movement)
                .and_then(|()| self.check_move(unit, MoveKind::StandFast, Hex::ZERO, None)),
            Order::March { unit, to } => {
                during(&movement).and_then(|()| self.check_move(unit, MoveKind::March, to, None))
            }
            Order::Hustle { unit, to } => {
                during(&movement).and_then(|()| self.check_move(unit, MoveKind::Hustle, to, None))
            }
            Order::Disengage { unit, to } => during(&movement)
                .and_then(|()| self.check_move(unit, MoveKind::Disengage, to, None)),
            Order::Charge { unit, to, target } => during(&movement)
                .and_then(|()| self.check_move(unit, MoveKind::Charge, to, Some(target))),
            Order::Fire { unit, target } => {
                during(&[Phase::Missile]).and_then(|()| self.check_fire(unit, target))
            }
            Order::Ready { unit } => {
                during(&[Phase::Missile, Phase::Melee]).and_then(|()| self.check_ready(unit))
            }
            Order::Attack { unit, target } => {
                during(&[Phase::Melee]).and_then(|()| self.check_attack(unit, target))
            }
        }
    }

    /// Carries out a checked command.
    pub(super) fn execute(&mut self, command: Command) {
        match command {
            Command::Answer(answer) => {
                if let Some(pending) = self.pending.take() {
                    self.answer(pending, &answer);
                }
            }
            Command::Order(order) => self.execute_order(order),
            Command::ForceDie { face } => self.emit(Event::DieForced { face }),
            Command::Concede { side } => {
                self.emit(Event::Conceded { side });
                self.end_battle(
                    Some(side.other()),
                    crate::engine::event::EndReason::Conceded,
                );
            }
        }
    }

    /// Carries out a checked order.
    fn execute_order(&mut self, order: Order) {
        match order {
            Order::EndOrders => self.end_orders(),
            Order::StandFast { unit } => {
                self.execute_move(unit, MoveKind::StandFast, Hex::ZERO, None)
            }
            Order::March { unit, to } => self.execute_move(unit, MoveKind::March, to, None),
            Order::Hustle { unit, to } => self.execute_move(unit, MoveKind::Hustle, to, None),
            Order::Disengage { unit, to } => self.execute_move(unit, MoveKind::Disengage, to, None),
            Order::Charge { unit, to, target } => {
                self.execute_move(unit, MoveKind::Charge, to, Some(target))
            }
            Order::Fire { unit, target } => self.declare_attack(unit, target, AttackKind::Missile),
            Order::Attack { unit, target } => self.declare_attack(unit, target, AttackKind::Melee),
            Order::Ready { unit } => self.emit(Event::Readied { unit }),
        }
    }

    fn declare_attack(&mut self, unit: UnitId, target: UnitId, kind: AttackKind) {
        self.emit(Event::AttackDeclared { unit, target, kind });
        self.agenda.push(Step::Declare {
            attacker: unit,
            target,
            kind,
        });
    }

    /// R6.1, R5.5, R6.4: fire at an enemy in range and sight.
    fn check_fire(&self, unit: UnitId, target: UnitId) -> Result<(), RuleError> {
        let u = self.own_unit(unit)?;
        let why = |why| Err(RuleError::CannotAttack { unit, why });
        let t = self.enemy_of(u.side, target)?;
        if u.troop.missile.is_none() {
            return why(Refusal::NoMissileWeapon);
        }
        if let Some(reason) = self.acted_reason(unit) {
            return why(reason);
        }
        if !self.can_fire(u) {
            return why(Refusal::Reloading);
        }
        if self.is_engaged(u) && u.pos.unsigned_distance_to(t.pos) != 1 {
            return why(Refusal::EngagedFiresAdjacent);
        }
        if self.fire_reach(u, t).is_none() {
            return why(Refusal::OutOfRangeOrSight);
        }
        Ok(())
    }

    /// R7.2, R5.5: attack an adjacent enemy, preferring one not attacked this phase.
    fn check_attack(&self, unit: UnitId, target: UnitId) -> Result<(), RuleError> {
        let u = self.own_unit(unit)?;
        let t = self.enemy_of(u.side, target)?;
        let why = |why| Err(RuleError::CannotAttack { unit, why });
        if let Some(reason) = self.acted_reason(unit) {
            return why(reason);
        }
        if u.pos.unsigned_distance_to(t.pos) != 1 {
            return why(Refusal::NotAdjacent);
        }
        if t.marks.attacked_this_phase {
            let fresh = self
                .adjacent_enemies(u)
                .into_iter()
                .find(|e| !self.at(*e).marks.attacked_this_phase);
            if let Some(other) = fresh {
                return Err(RuleError::PreferUnattacked(other));
            }
        }
        Ok(())
    }

    /// R5.6: ready in lieu of attacking.
    fn check_ready(&self, unit: UnitId) -> Result<(), RuleError> {
        let u = self.own_unit(unit)?;
        let why = |why| Err(RuleError::CannotReady { unit, why });
        if let Some(refusal) = Game::never_ready(u) {
            return why(refusal);
        }
        if u.ready {
            return why(Refusal::AlreadyReady);
        }
        if self.phase == Phase::Missile && u.troop.missile.is_none() {
            return why(Refusal::MissileReadyOnly);
        }
        match self.acted_reason(unit) {
            Some(reason) => why(reason),
            None => Ok(()),
        }
    }

    /// R5.6: why `u` could not ready in any phase as it is now (undisciplined foot never
    /// readies; only steady units do), or `None` if it could once it has not acted.
    pub fn never_ready(u: &super::Unit) -> Option<Refusal> {
        if u.troop.formation.is_undisciplined() {
            Some(Refusal::UndisciplinedNeverReady)
        } else if u.status != Status::Steady {
            Some(Refusal::OnlySteadyReady)
        } else {
            None
        }
    }

    /// R7.2 (GoW): whether `u` must attack an adjacent enemy in the Melee phase when it is
    /// able: IF and UF do.
    pub fn must_attack(u: &super::Unit) -> bool {
        u.troop.formation.is_undisciplined()
    }

    /// Why a unit may not attack or ready now (R4.1, R4.5, R5.5, R8.4), if it may not.
    pub(super) fn acted_reason(&self, unit: UnitId) -> Option<Refusal> {
        let u = self.at(unit);
        if u.status == Status::Fleeing {
            return Some(Refusal::Fleeing);
        }
        // The move first: a charger whose charge was called off (its target stepped away,
        // R4.5) made no attack, yet may not attack, because it charged (R7.2).
        let moved = match u.marks.moved {
            Some(MoveKind::Hustle) => Some(Refusal::Hustled),
            Some(MoveKind::Charge) => Some(Refusal::Charged),
            Some(MoveKind::Disengage) => Some(Refusal::Disengaged),
            _ => None,
        };
        if moved.is_some() {
            return moved;
        }
        if u.marks.attacked {
            return Some(Refusal::AttackedThisTurn);
        }
        u.marks.readied.then_some(Refusal::ReadiedThisPhase)
    }

    fn enemy_of(&self, side: SideId, target: UnitId) -> Result<&super::Unit, RuleError> {
        let t = self
            .unit(target)
            .filter(|t| t.on_map())
            .ok_or(RuleError::NoSuchUnit(target))?;
        if t.side == side {
            return Err(RuleError::NotAnEnemy(target));
        }
        Ok(t)
    }

    /// R7.2: IF and UF must attack if able before their side ends its Melee orders.
    fn check_end_orders(&self) -> Result<(), RuleError> {
        if self.phase != Phase::Melee {
            return Ok(());
        }
        let must = self.units_of(self.ordering).find(|u| {
            Game::must_attack(u)
                && self
                    .adjacent_enemies(u)
                    .iter()
                    .any(|t| self.check_attack(u.id, *t).is_ok())
        });
        match must {
            Some(u) => Err(RuleError::MustAttack(u.id)),
            None => Ok(()),
        }
    }

    /// R3.2: the first side hands over to the second; after the second, the next phase.
    fn end_orders(&mut self) {
        if self.phase == Phase::Movement {
            let idle: Vec<UnitId> = self
                .units_of(self.ordering)
                .filter(|u| u.marks.moved.is_none() && u.status != Status::Fleeing)
                .map(|u| u.id)
                .collect();
            for unit in idle {
                self.stand_fast(unit);
            }
        }
        if self.ordering == self.first {
            self.pass_orders(self.first.other());
            return;
        }
        // R12.7: the end of the Movement, Missile or Melee phase.
        self.check_scenario_events();
        if self.outcome.is_some() {
            return;
        }
        self.release_standing_orders();
        match self.phase {
            Phase::Movement => self.emit(Event::PhaseBegan {
                phase: Phase::Missile,
            }),
            Phase::Missile => self.begin_melee(),
            _ => self.morale_phase(),
        }
    }

    /// R7.1: the Melee phase opens with every declared charge, in order.
    fn begin_melee(&mut self) {
        self.emit(Event::PhaseBegan {
            phase: Phase::Melee,
        });
        for c in self.charges.clone().into_iter().rev() {
            self.agenda.push(Step::ChargeAttack {
                charger: c.charger,
                target: c.target,
                guard: c.guard,
            });
        }
    }
}
