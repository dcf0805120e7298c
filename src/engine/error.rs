//! The rules' errors: why a command is refused (R1–R10), each reason with its rule id.
//! Problems in data files are the loaders' (`crate::scenario::data`), and escaping user text
//! for the terminal is done where text is shown (`crate::text`).

use super::command::Decision;
use super::event::Phase;
use super::types::UnitId;
use thiserror::Error;

/// Why the rules refuse a command; the engine's reason is shown to the player as it is.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RuleError {
    /// R10: the battle has ended; no command is taken.
    #[error("the battle is over")]
    BattleOver,
    /// A decision must be answered before any order; the decision names the side asked
    /// (`A` or `B`, as the scenario lists them).
    #[error("side {:?} is waiting for a decision first", decision.side())]
    DecisionPending {
        /// The decision asked.
        decision: Decision,
    },
    /// An answer was given but no decision is pending.
    #[error("there is no decision to answer")]
    NoDecision,
    /// A forced die face outside 1 to 20.
    #[error("a forced face must be 1 to 20, not {0}")]
    BadForcedFace(u32),
    /// The answer is not one the pending decision offers.
    #[error("that answer does not fit the decision asked")]
    WrongAnswer,
    /// The command names a unit the battle does not have.
    #[error("no unit {0}")]
    NoSuchUnit(UnitId),
    /// R3.2: only the side giving orders may order its units.
    #[error("{0} belongs to the side not giving orders")]
    NotYourUnit(UnitId),
    /// The target of fire, an attack or a charge is a friend.
    #[error("{0} is not an enemy")]
    NotAnEnemy(UnitId),
    /// R3.2: each unit gets one order a phase.
    #[error("{unit} already has its {} order", phase.name())]
    AlreadyOrdered {
        /// The unit ordered twice.
        unit: UnitId,
        /// The phase it was ordered in.
        phase: Phase,
    },
    /// R3.2: the order is not one of the current phase's.
    #[error("that order belongs to another phase")]
    WrongPhase,
    /// R8.4: a fleeing unit takes no orders.
    #[error("{0} is fleeing and takes no orders (R8.4)")]
    Fleeing(UnitId),
    /// R4.2: an engaged unit may only stand fast, disengage or charge an adjacent enemy.
    #[error(
        "{0} is engaged: it may only stand fast, disengage or charge an adjacent enemy (R4.2)"
    )]
    Engaged(UnitId),
    /// R4.1: the hex is beyond the order's reach.
    #[error("{0} cannot reach that hex with this order (R4.1)")]
    Unreachable(UnitId),
    /// R4.4: IF, UF and disordered units never charge.
    #[error("{0} cannot charge: IF, UF and disordered units never charge (R4.4)")]
    CannotCharge(UnitId),
    /// R12.1: a reserve may take a Movement order the phase it arrives, but not a charge.
    #[error("{0} arrived this turn and may not charge (R12.1)")]
    ArrivedThisTurn(UnitId),
    /// R4.4: a charge ends beside its target.
    #[error("the charge must end adjacent to its target (R4.4)")]
    TargetNotAdjacent,
    /// R4.4: horse cannot charge into woods, village or ford.
    #[error("mounted units cannot charge into woods, village or ford (R4.4)")]
    ChargeIntoBadGround,
    /// R12.5: horse cannot charge into field works, nor at a unit standing in them.
    #[error(
        "mounted units cannot charge into field works, nor at a unit standing in them (R12.5)"
    )]
    ChargeIntoWorks,
    /// R4.5: only engaged units other than IF and UF disengage.
    #[error("{0} cannot disengage: IF and UF never disengage, and only engaged units do (R4.5)")]
    CannotDisengage(UnitId),
    /// R4.5: a disengagement ends beside no enemy.
    #[error("a disengaging unit must end adjacent to no enemy (R4.5)")]
    StillEngaged,
    /// R6, R7: the unit may not fire at or attack that target, for the reason given.
    #[error("{unit} cannot attack: {why}")]
    CannotAttack {
        /// The unit ordered.
        unit: UnitId,
        /// The rule that forbids it.
        why: Refusal,
    },
    /// R5.6: the unit may not ready, for the reason given.
    #[error("{unit} cannot ready: {why}")]
    CannotReady {
        /// The unit ordered.
        unit: UnitId,
        /// The rule that forbids it.
        why: Refusal,
    },
    /// R7.2: IF and UF attack whenever they can.
    #[error("{0} must attack: IF and UF attack when able (R7.2)")]
    MustAttack(UnitId),
    /// R7.2: an enemy not yet attacked this phase must be attacked first.
    #[error("attack {0} first: it has not been attacked this phase (R7.2)")]
    PreferUnattacked(UnitId),
}

/// Why a unit may not fire, attack or ready (R4.1, R4.5, R5.5, R5.6, R6.1, R6.2, R6.4, R7.2,
/// R8.4): each kind carries its rule, and its text is what the player reads.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    /// R6.1: only units with a missile weapon fire.
    #[error("it has no missile weapon (R6.1)")]
    NoMissileWeapon,
    /// R8.4: a fleeing unit takes no orders.
    #[error("it is fleeing (R8.4)")]
    Fleeing,
    /// R5.5: one attack sequence a turn.
    #[error("it made its attack sequence this turn (R5.5)")]
    AttackedThisTurn,
    /// R5.6: a unit that readied gives no other order this phase.
    #[error("it readied this phase")]
    ReadiedThisPhase,
    /// R4.1: a unit that hustled makes no attack sequence and does not ready.
    #[error("it hustled this turn (R4.1)")]
    Hustled,
    /// R7.2: a charger's attack is its charge.
    #[error("it charged this turn (R7.2)")]
    Charged,
    /// R4.5: a unit that disengaged makes no attack sequence.
    #[error("it disengaged this turn (R4.5)")]
    Disengaged,
    /// R6.4: a firearm unit with reload tokens does not fire.
    #[error("it is still reloading (R6.4)")]
    Reloading,
    /// R6.1: an engaged unit fires only at an enemy beside it.
    #[error("engaged units fire only at an adjacent enemy (R6.1)")]
    EngagedFiresAdjacent,
    /// R6.2: the target is beyond the weapon's range or out of sight.
    #[error("the target is out of range or sight (R6.2)")]
    OutOfRangeOrSight,
    /// R7.2: melee attacks only an adjacent enemy.
    #[error("the target is not adjacent (R7.2)")]
    NotAdjacent,
    /// R5.6: IF and UF never ready.
    #[error("IF and UF never ready (R5.6)")]
    UndisciplinedNeverReady,
    /// R5.6: only steady units ready.
    #[error("only steady units ready (R5.6)")]
    OnlySteadyReady,
    /// R5.6: a ready unit cannot ready again.
    #[error("it is ready already")]
    AlreadyReady,
    /// R6.1: in the Missile phase only missile units ready.
    #[error("only missile units ready in the Missile phase (R6.1)")]
    MissileReadyOnly,
}

impl Refusal {
    /// The rule that refuses, as RULES.md numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::NoMissileWeapon
            | Refusal::EngagedFiresAdjacent
            | Refusal::MissileReadyOnly => "R6.1",
            Refusal::Fleeing => "R8.4",
            Refusal::AttackedThisTurn => "R5.5",
            Refusal::ReadiedThisPhase
            | Refusal::UndisciplinedNeverReady
            | Refusal::OnlySteadyReady
            | Refusal::AlreadyReady => "R5.6",
            Refusal::Hustled => "R4.1",
            Refusal::Charged | Refusal::NotAdjacent => "R7.2",
            Refusal::Disengaged => "R4.5",
            Refusal::Reloading => "R6.4",
            Refusal::OutOfRangeOrSight => "R6.2",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refusal::*;

    /// R3.2: the typed phase is written as the words the player always read; a pending
    /// decision names the side it waits for by its letter, so no scenario text is shown.
    #[test]
    fn r3_2_refusals_with_a_phase_or_a_decision_read_as_before() {
        use super::{Decision, Phase, RuleError, UnitId};
        let twice = RuleError::AlreadyOrdered {
            unit: UnitId(4),
            phase: Phase::Movement,
        };
        assert_eq!(twice.to_string(), "#4 already has its movement order");
        let pending = RuleError::DecisionPending {
            decision: Decision::Initiative {
                side: crate::engine::SideId::B,
            },
        };
        assert_eq!(
            pending.to_string(),
            "side B is waiting for a decision first"
        );
    }

    #[test]
    fn each_refusal_names_its_rule_where_its_text_cites_one() {
        let all = [
            NoMissileWeapon,
            Fleeing,
            AttackedThisTurn,
            ReadiedThisPhase,
            Hustled,
            Charged,
            Disengaged,
            Reloading,
            EngagedFiresAdjacent,
            OutOfRangeOrSight,
            NotAdjacent,
            UndisciplinedNeverReady,
            OnlySteadyReady,
            AlreadyReady,
            MissileReadyOnly,
        ];
        for r in all {
            let text = r.to_string();
            assert!(r.rule().starts_with('R'), "{r:?}");
            if text.contains("(R") {
                assert!(text.contains(&format!("({})", r.rule())), "{r:?}: {text}");
            }
        }
    }
}
