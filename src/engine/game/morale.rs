//! The Morale phase (R9.6) and the end of the battle (R10): rally rolls, morale rolls next
//! to routed friends, recovery from disorder (R8.6), army morale (R10.2), annihilation
//! (R10.1) and the turn limit with objectives (by value and owner, R12.4), losses and the
//! defender (R10.3).

use super::Game;

/// Where the battle stands against R10.2 and R10.3, per side (A first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Total value of the objectives each side stands on that count for it (R10.3, R12.4).
    pub objectives: [usize; 2],
    /// uhp each side has lost (R10.2).
    pub losses: [u32; 2],
    /// Losses past which a side rolls army morale at the end of the turn: half its
    /// starting uhp (R10.2).
    pub morale_mark: [u32; 2],
    /// Turns after this one before the turn limit (R10.3), if the battle has one.
    pub turns_left: Option<u32>,
    /// Who wins on points if the battle ends now, and by which rule (R10.3).
    pub leader: Lead,
}

/// The side ahead on points and the R10.3 step that puts it ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lead {
    /// The side that would win if the battle ended now.
    pub side: SideId,
    /// Why: [`EndReason::Objectives`], [`EndReason::Losses`] or [`EndReason::Defender`].
    pub reason: EndReason,
}
use crate::engine::event::{EndReason, Event, ModifierKind, Phase, RollCause};
use crate::engine::sums::{face_plus, saturating_sum};
use crate::engine::types::{SideId, Status, UnitId};

impl Game {
    /// R9.6 in order, then the victory check and the next turn.
    pub(super) fn morale_phase(&mut self) {
        self.emit(Event::PhaseBegan {
            phase: Phase::Morale,
        });
        self.rally_fleeing();
        self.roll_for_routed_friends();
        self.recover_disordered();
        self.roll_army_morale();
        self.release_standing_orders();
        // R12.7: the end of the Morale phase, before the victory check.
        if self.outcome.is_none() {
            self.check_scenario_events();
        }
        // R9.6 victory check: a side left without units (R10.1) loses before any new turn.
        if self.outcome.is_none() {
            self.check_annihilation();
        }
        if self.outcome.is_none() {
            self.check_end_of_battle();
        }
        if self.outcome.is_none() {
            self.begin_turn();
        }
    }

    /// R9.6: a fleeing unit rallies on hold or better and stays disordered; its rally roll
    /// takes no disordered −2 (choice).
    fn rally_fleeing(&mut self) {
        for id in self.ids_where(|g, u| u.status == Status::Fleeing && g.outcome.is_none()) {
            let mut modifiers = self.shock_modifiers(self.at(id));
            modifiers.retain(|m| m.kind != ModifierKind::Disordered);
            let modifier = saturating_sum(modifiers.iter().map(|m| m.value));
            let dice = [self.roll(6), self.roll(6)];
            let total = face_plus(dice[0] + dice[1], modifier);
            let result = self.rules.shock_result(total);
            self.emit(Event::ShockRolled {
                unit: id,
                cause: RollCause::Rally,
                dice,
                modifier,
                modifiers,
                total,
                result,
            });
            if result.rallies() {
                self.emit(Event::Rallied { unit: id });
            }
        }
    }

    /// R9.6: units next to a friend that routed this turn make a morale roll.
    fn roll_for_routed_friends(&mut self) {
        let routs = self.routs_this_turn.clone();
        let shaken = self.ids_where(|_, u| {
            u.status != Status::Fleeing
                && routs
                    .iter()
                    .any(|(side, hex)| *side == u.side && hex.unsigned_distance_to(u.pos) == 1)
        });
        for id in shaken {
            let u = self.at(id);
            if !u.on_map() {
                continue;
            }
            let nearest = self
                .units_of(u.side.other())
                .min_by_key(|e| e.pos.unsigned_distance_to(u.pos));
            let from = nearest.map_or(u.pos, |e| e.pos);
            self.shock_roll(id, RollCause::FriendRouted, 0, from);
        }
    }

    /// R8.6: disordered units not attacked this turn become steady.
    fn recover_disordered(&mut self) {
        let calm = self.ids_where(|_, u| {
            u.status == Status::Disordered && !u.marks.was_attacked && !u.marks.rallied
        });
        for unit in calm {
            self.emit(Event::BecameSteady { unit });
        }
    }

    /// R10.2: a side that lost more than half its starting uhp rolls 2d6 + modifier.
    fn roll_army_morale(&mut self) {
        for side in [SideId::A, SideId::B] {
            let s = side.of(&self.sides);
            if self.losses(side) * 2 <= s.start_uhp {
                continue;
            }
            let modifier = s.morale_modifier;
            let dice = [self.roll(6), self.roll(6)];
            let total = face_plus(dice[0] + dice[1], modifier);
            let broke = total <= self.rules.army_breaks_at_most;
            self.emit(Event::ArmyMoraleRolled {
                side,
                dice,
                modifier,
                total,
                broke,
            });
        }
        match self.broken {
            [true, false] => self.end_battle(Some(SideId::B), EndReason::ArmyBroke),
            [false, true] => self.end_battle(Some(SideId::A), EndReason::ArmyBroke),
            [true, true] => self.decide_on_points(),
            _ => {}
        }
    }

    /// R10.1: a side with no unit on the map, and no reserve to come (R12.2), loses.
    pub(super) fn check_annihilation(&mut self) {
        // R12.2: a side with a reserve still to come has not lost.
        let alive = |s: SideId| self.units_of(s).next().is_some() || self.reserves_to_come(s);
        match (alive(SideId::A), alive(SideId::B)) {
            (true, true) => {}
            (true, false) => self.end_battle(Some(SideId::A), EndReason::Annihilated),
            (false, true) => self.end_battle(Some(SideId::B), EndReason::Annihilated),
            (false, false) => self.end_battle(None, EndReason::Annihilated),
        }
    }

    /// R10.3 at the turn limit.
    fn check_end_of_battle(&mut self) {
        if self.turn_limit.is_some_and(|limit| self.turn >= limit) {
            self.decide_on_points();
        }
    }

    /// R10.3: objectives held, then uhp inflicted, then the defender.
    fn decide_on_points(&mut self) {
        let Lead { side, reason } = self.standing().leader;
        self.end_battle(Some(side), reason);
    }

    /// Where R10.2 and R10.3 stand now: objectives held, losses against the army-morale
    /// mark, turns left, and who would win on points if the battle ended now.
    pub fn standing(&self) -> Standing {
        let objectives = [SideId::A, SideId::B].map(|s| self.objectives_held(s));
        // Losses as R10.2 counts them (damage, destroyed and routed units): a routed unit's
        // remaining uhp are losses its enemy inflicted.
        let losses = [SideId::A, SideId::B].map(|s| self.losses(s));
        let [oa, ob] = objectives;
        let [la, lb] = losses;
        let (side, reason) = if oa != ob {
            let side = if oa > ob { SideId::A } else { SideId::B };
            (side, EndReason::Objectives)
        } else if la != lb {
            // The side that lost less inflicted more.
            let side = if lb > la { SideId::A } else { SideId::B };
            (side, EndReason::Losses)
        } else {
            (self.defender, EndReason::Defender)
        };
        Standing {
            objectives,
            losses,
            morale_mark: [SideId::A, SideId::B].map(|s| self.morale_mark(s)),
            turns_left: self.turns_left(),
            leader: Lead { side, reason },
        }
    }

    /// Total value of the objectives a side stands on that count for it (R10.3, R12.4):
    /// one held by the side it does not belong to counts for nobody.
    pub fn objectives_held(&self, side: SideId) -> usize {
        (self.objectives.iter().enumerate())
            .filter(|(i, _)| self.objective_holder(*i) == Some(side))
            .map(|(_, o)| o.worth_for(side) as usize)
            .sum()
    }

    pub(super) fn end_battle(&mut self, winner: Option<SideId>, reason: EndReason) {
        if self.outcome.is_none() {
            self.agenda.clear();
            self.pending = None;
            self.emit(Event::BattleEnded { winner, reason });
        }
    }

    fn ids_where(&self, pred: impl Fn(&Game, &super::Unit) -> bool) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|u| u.on_map() && pred(self, u))
            .map(|u| u.id)
            .collect()
    }
}
