//! Resolution: the agenda of steps that turn declared attacks and charges into dice and
//! events (R4.4, R5.1, R5.6, R7.1, R7.3, R8.1–R8.5, R9.2), pausing for a decision whenever
//! the rules hand one to a side.

use super::retreat::Withdrawal;
use super::Game;
use crate::engine::command::Decision;
use crate::engine::event::{
    AttackKind, CancelReason, Event, Modifier, ModifierKind, RollCause, Throw,
};
use crate::engine::rules::ShockResult;
use crate::engine::sums::{face_plus, saturating_sum};
use crate::engine::types::{Formation, Status, UnitId};
use hexx::Hex;

/// A step of resolution still to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// An attack sequence was declared: the target may react first (R5.6).
    Declare {
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
    },
    /// Roll the sequence unless the attacker retreated since `guard` (R5.6).
    Roll {
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
        guard: u32,
    },
    /// R4.4 step 1: the shock roll of a DF or UF target of a cavalry charge.
    ChargeShock { charger: UnitId, target: UnitId },
    /// R4.4: after a shocked target gave ground, keep it or pick a new target.
    ChargeRetarget { charger: UnitId, target: UnitId },
    /// R4.4 step 2: the final target's reaction attack, if ready.
    ChargeReaction { charger: UnitId, target: UnitId },
    /// R7.1: the charge attack of the Melee phase.
    ChargeAttack {
        charger: UnitId,
        target: UnitId,
        guard: u32,
    },
}

/// Hits rolled and waiting for the target's withdrawal (R8.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    pub attacker: UnitId,
    pub target: UnitId,
    pub kind: AttackKind,
    pub damage: u32,
    pub firearm: bool,
    pub withdrawals: Vec<Withdrawal>,
}

/// What a pending decision needs to carry on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ctx {
    Initiative,
    Withdraw(Hit),
    Advance { unit: UnitId, hex: Hex },
    ChargeTarget { charger: UnitId },
}

/// A decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Pending {
    pub decision: Decision,
    pub ctx: Ctx,
}

impl Game {
    /// Runs steps until the agenda is empty, a decision is pending or the battle ends.
    pub(super) fn run_agenda(&mut self) {
        while self.pending.is_none() && self.outcome.is_none() {
            let Some(step) = self.agenda.pop() else { break };
            self.run_step(step);
        }
        if self.outcome.is_none() {
            self.check_annihilation();
        }
    }

    pub(super) fn request(&mut self, decision: Decision, ctx: Ctx) {
        self.emit(Event::DecisionRequested {
            decision: decision.clone(),
        });
        self.pending = Some(Pending { decision, ctx });
    }

    fn run_step(&mut self, step: Step) {
        match step {
            Step::Declare {
                attacker,
                target,
                kind,
            } => self.declare(attacker, target, kind),
            Step::Roll {
                attacker,
                target,
                kind,
                guard,
            } => self.roll_sequence(attacker, target, kind, guard),
            Step::ChargeShock { charger, target } => self.charge_shock(charger, target),
            Step::ChargeRetarget { charger, target } => self.charge_retarget(charger, target),
            Step::ChargeReaction { charger, target } => self.charge_reaction(charger, target),
            Step::ChargeAttack {
                charger,
                target,
                guard,
            } => self.agenda.push(Step::Roll {
                attacker: charger,
                target,
                kind: AttackKind::Charge,
                guard,
            }),
        }
    }

    /// R5.6: a ready target in reach attacks first; then the declared sequence.
    fn declare(&mut self, attacker: UnitId, target: UnitId, kind: AttackKind) {
        let guard = self.at(attacker).retreats;
        self.agenda.push(Step::Roll {
            attacker,
            target,
            kind,
            guard,
        });
        self.push_reaction(target, attacker, false);
    }

    /// The reaction a ready `reactor` makes against `enemy`, by fire if it can, else in
    /// melee if adjacent (R5.6).
    fn push_reaction(&mut self, reactor: UnitId, enemy: UnitId, vs_charge: bool) {
        let Some(kind) = self.reaction_kind(reactor, enemy, vs_charge) else {
            return;
        };
        let guard = self.at(reactor).retreats;
        self.emit(Event::AttackDeclared {
            unit: reactor,
            target: enemy,
            kind,
        });
        self.agenda.push(Step::Roll {
            attacker: reactor,
            target: enemy,
            kind,
            guard,
        });
    }

    /// R5.6: whether and how `reactor` reacts to `enemy`.
    pub fn reaction_kind(
        &self,
        reactor: UnitId,
        enemy: UnitId,
        vs_charge: bool,
    ) -> Option<AttackKind> {
        let (r, e) = (self.unit(reactor)?, self.unit(enemy)?);
        if !r.on_map() || !e.on_map() {
            return None;
        }
        self.reaction_at(r, r.pos, e, e.pos, vs_charge)
    }

    /// Why an attack can no longer be made, if it cannot.
    fn cancelled(
        &self,
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
        guard: u32,
    ) -> Option<CancelReason> {
        let (a, t) = (self.at(attacker), self.at(target));
        if !a.on_map() || a.retreats != guard || a.status == Status::Fleeing {
            return Some(CancelReason::AttackerGaveGround);
        }
        if !t.on_map() {
            return Some(CancelReason::TargetLeftField);
        }
        if !kind.is_missile() && a.pos.unsigned_distance_to(t.pos) != 1 {
            return Some(CancelReason::TargetNotAdjacent);
        }
        None
    }

    /// R5.1: rolls the sequence, then withdrawal (R8.1), damage and shock (R9.2).
    fn roll_sequence(&mut self, attacker: UnitId, target: UnitId, kind: AttackKind, guard: u32) {
        let profile = match self.cancelled(attacker, target, kind, guard) {
            Some(reason) => None.ok_or(reason),
            None => self
                .attack_profile(attacker, target, kind)
                .ok_or(CancelReason::OutOfReach),
        };
        let profile = match profile {
            Ok(p) => p,
            Err(reason) => {
                self.emit(Event::AttackCancelled {
                    unit: attacker,
                    reason,
                });
                return;
            }
        };
        let (n20, n1) = (self.rules.natural_20_hits, self.rules.natural_1_misses);
        let throws: Vec<Throw> = (0..profile.attacks)
            .map(|_| self.roll(20))
            .map(|face| Throw {
                face,
                hit: profile.hits_on(face, n20, n1),
            })
            .collect();
        let hits = throws.iter().filter(|t| t.hit).count() as u32;
        self.emit(Event::AttackRolled {
            attacker,
            target,
            kind,
            needed: profile.needed,
            ac: profile.effective_ac,
            modifier: profile.modifier,
            modifiers: profile.modifiers.clone(),
            throws,
            hits,
            uhp_per_hit: profile.uhp_per_hit,
        });
        if matches!(kind, AttackKind::Reaction { .. }) {
            self.emit(Event::ReadyLost { unit: attacker });
        }
        let tokens = self.at(attacker).profile.reload_tokens;
        if profile.firearm && tokens > 0 {
            self.emit(Event::ReloadTokensGained {
                unit: attacker,
                tokens,
            });
        }
        let damage = hits * profile.uhp_per_hit;
        self.offer_withdrawal(attacker, target, kind, damage, profile.firearm);
    }

    /// R8.1: asks the target's side how far to withdraw when it may; else takes the damage.
    fn offer_withdrawal(
        &mut self,
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
        damage: u32,
        firearm: bool,
    ) {
        let (a, t) = (self.at(attacker), self.at(target));
        let withdrawals = self.withdrawals(t, a.pos, damage, firearm);
        let hit = Hit {
            attacker,
            target,
            kind,
            damage,
            firearm,
            withdrawals,
        };
        if hit.withdrawals.len() > 1 {
            let decision = Decision::Withdraw {
                side: t.side,
                unit: target,
                attacker,
                damage,
                options: hit.withdrawals.iter().map(|w| w.hexes).collect(),
            };
            self.request(decision, Ctx::Withdraw(hit));
        } else {
            self.take_damage(hit, 0);
        }
    }

    /// R8.1, R8.2, R9.2: withdraw `hexes`, lose the rest of the damage, roll for shock.
    pub(super) fn take_damage(&mut self, hit: Hit, hexes: u32) {
        let (target, attacker) = (hit.target, hit.attacker);
        let chosen = hit
            .withdrawals
            .iter()
            .find(|w| w.hexes == hexes && hexes > 0);
        if let Some(w) = chosen {
            self.emit(Event::Withdrew {
                unit: target,
                path: w.path.clone(),
            });
            self.emit(Event::Disordered { unit: target });
        }
        let damage = hit.damage.saturating_sub(hexes);
        let t = self.at(target);
        let left = t.uhp.saturating_sub(damage);
        let (by, old_pos) = (self.at(attacker).side, t.pos);
        if damage > 0 {
            self.emit(Event::Damaged {
                unit: target,
                by,
                uhp: t.uhp - left,
                left,
            });
        }
        if left == 0 {
            self.emit(Event::Destroyed { unit: target });
            return;
        }
        let t = self.at(target);
        let Some(extra) = self.damage_shock(t, hit.firearm, damage, left) else {
            return;
        };
        let cause = self.at(attacker).pos;
        let result = self.shock_roll(target, RollCause::Damage, extra, cause);
        if result != ShockResult::Hold && !hit.kind.is_missile() {
            self.offer_advance(attacker, old_pos);
        }
    }

    /// R9.1: rolls 2d6 + modifiers for `unit` and carries out the result, giving ground
    /// away from `cause` (R8.3–R8.5).
    pub(super) fn shock_roll(
        &mut self,
        unit: UnitId,
        cause: RollCause,
        extra: i32,
        from: Hex,
    ) -> ShockResult {
        let mut modifiers = self.shock_modifiers(self.at(unit));
        if extra != 0 {
            modifiers.push(Modifier {
                kind: ModifierKind::DoubleTrigger,
                value: extra,
            });
        }
        let modifier = saturating_sum(modifiers.iter().map(|m| m.value));
        let dice = [self.roll(6), self.roll(6)];
        let total = face_plus(dice[0] + dice[1], modifier);
        let result = self.rules.shock_result(total);
        self.emit(Event::ShockRolled {
            unit,
            cause,
            dice,
            modifier,
            modifiers,
            total,
            result,
        });
        self.give_ground(unit, result, from);
        result
    }

    /// R8.3–R8.5: recoil, flee or rout.
    pub(super) fn give_ground(&mut self, unit: UnitId, result: ShockResult, from: Hex) {
        let u = self.at(unit);
        match result {
            ShockResult::Hold => {}
            ShockResult::Recoil => {
                let to = self.recoil_hex(u, from);
                self.emit(Event::Recoiled { unit, to });
            }
            ShockResult::Flee => {
                let flee = self.flee_move(u);
                self.emit(Event::Fled {
                    unit,
                    path: flee.path,
                });
                if flee.routs {
                    self.emit(Event::Routed { unit });
                }
            }
            ShockResult::Rout => self.emit(Event::Routed { unit }),
        }
    }

    /// R7.3, R4.4: the attacker may advance into the vacated hex; UF must.
    fn offer_advance(&mut self, attacker: UnitId, hex: Hex) {
        let a = self.at(attacker);
        let free = self.unit_at(hex).is_none();
        if !a.on_map()
            || a.status == Status::Fleeing
            || !free
            || a.pos.unsigned_distance_to(hex) != 1
        {
            return;
        }
        if a.troop.formation == Formation::UF {
            self.emit(Event::Advanced {
                unit: attacker,
                to: hex,
            });
        } else {
            let decision = Decision::Advance {
                side: a.side,
                unit: attacker,
                hex,
            };
            self.request(
                decision,
                Ctx::Advance {
                    unit: attacker,
                    hex,
                },
            );
        }
    }

    /// R4.4 step 1: a DF or UF target of cavalry rolls for shock before any reaction.
    fn charge_shock(&mut self, charger: UnitId, target: UnitId) {
        let (c, t) = (self.at(charger), self.at(target));
        if !c.on_map() || !t.on_map() {
            return;
        }
        if !self.shocked_by_cavalry(c, t) {
            self.agenda.push(Step::ChargeReaction { charger, target });
            return;
        }
        let (from, old) = (c.pos, t.pos);
        self.agenda.push(Step::ChargeRetarget { charger, target });
        let result = self.shock_roll(target, RollCause::CavalryCharge, 0, from);
        if result == ShockResult::Hold {
            self.agenda.pop();
            self.agenda.push(Step::ChargeReaction { charger, target });
            return;
        }
        // Recoil and flee already leave the target disordered and without its ready marker.
        self.offer_advance(charger, old);
    }

    /// R4.4: a shocked target still adjacent stays the target; else the charger may pick
    /// a new adjacent target, which may shock in turn.
    fn charge_retarget(&mut self, charger: UnitId, target: UnitId) {
        let c = self.at(charger);
        let t = self.at(target);
        if t.on_map() && t.pos.unsigned_distance_to(c.pos) == 1 {
            self.agenda.push(Step::ChargeReaction { charger, target });
            return;
        }
        // R12.5: a new target in field works is no target for horse.
        let options: Vec<UnitId> = self
            .adjacent_enemies(c)
            .into_iter()
            .filter(|&e| self.charge_target_ok(c, self.at(e)))
            .collect();
        if options.is_empty() {
            self.emit(Event::AttackCancelled {
                unit: charger,
                reason: CancelReason::NoEnemyAdjacent,
            });
            return;
        }
        let decision = Decision::NewChargeTarget {
            side: c.side,
            unit: charger,
            options,
        };
        self.request(decision, Ctx::ChargeTarget { charger });
    }

    /// R4.4 step 2: the final target reacts if it is ready.
    fn charge_reaction(&mut self, charger: UnitId, target: UnitId) {
        self.push_reaction(target, charger, true);
    }

    /// Answers to pending decisions (R3.1, R4.4, R7.3, R8.1).
    pub(super) fn answer(&mut self, pending: Pending, answer: &crate::engine::command::Answer) {
        use crate::engine::command::Answer as C;
        self.emit(Event::DecisionAnswered);
        match (pending.ctx, answer) {
            (Ctx::Initiative, C::ChooseFirst { first }) => {
                let Decision::Initiative { side } = pending.decision else {
                    return;
                };
                let chosen = if *first { side } else { side.other() };
                self.emit(Event::FirstSideChosen { side: chosen });
                self.begin_movement();
            }
            (Ctx::Withdraw(hit), C::Withdraw { hexes }) => self.take_damage(hit, *hexes),
            (Ctx::Advance { unit, hex }, C::Advance { advance: true }) => {
                self.emit(Event::Advanced { unit, to: hex })
            }
            (Ctx::Advance { unit, .. }, C::Advance { advance: false }) => {
                self.emit(Event::AdvanceDeclined { unit })
            }
            (Ctx::ChargeTarget { charger }, C::ChooseChargeTarget { target: Some(t) }) => {
                self.emit(Event::ChargeDeclared {
                    unit: charger,
                    target: *t,
                });
                self.agenda.push(Step::ChargeShock {
                    charger,
                    target: *t,
                });
            }
            (Ctx::ChargeTarget { charger }, C::ChooseChargeTarget { target: None }) => {
                self.emit(Event::AttackCancelled {
                    unit: charger,
                    reason: CancelReason::NoNewTarget,
                })
            }
            _ => {}
        }
    }
}
