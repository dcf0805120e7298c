//! Events: everything that happened, past tense, with every die that was rolled. `apply`
//! turns them into state and never rolls; the log of events explains the battle (R3–R10).

use super::command::Decision;
use super::rules::ShockResult;
use super::types::{SideId, UnitId};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The phases of a turn, in their fixed order (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Phase {
    Initiative,
    Movement,
    Missile,
    Melee,
    Morale,
}

/// Movement orders of R4.1 plus the flee move of R8.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    StandFast,
    March,
    Hustle,
    Charge,
    Disengage,
    Flee,
}

/// What kind of attack sequence (R5, R6, R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// Missile phase fire (R6.1).
    Missile,
    /// Melee phase attack (R7.2).
    Melee,
    /// The charge attack (R7.1), with the charge bonus.
    Charge,
    /// A ready unit's reaction (R5.6): by missile or in melee, and whether against a charge.
    Reaction { missile: bool, vs_charge: bool },
}

impl AttackKind {
    /// True for missile fire, reaction fire included.
    pub fn is_missile(self) -> bool {
        matches!(
            self,
            AttackKind::Missile | AttackKind::Reaction { missile: true, .. }
        )
    }
}

/// One d20 of an attack sequence (R5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    pub face: u32,
    pub hit: bool,
}

/// Why a shock or morale roll was made (R9.2, R9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollCause {
    /// R9.2: an attack sequence triggered it.
    Damage,
    /// R4.4, R9.2: a DF or UF unit declared the target of a cavalry charge.
    CavalryCharge,
    /// R9.6: a fleeing unit tries to rally.
    Rally,
    /// R9.6: a friend next to it routed.
    FriendRouted,
}

/// How the battle ended (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// R10.1: the loser has no unit on the map.
    Annihilated,
    /// R10.2: the loser's army morale broke.
    ArmyBroke,
    /// R10.3: turn limit, more objectives held.
    Objectives,
    /// R10.3: turn limit, objectives equal, more uhp inflicted.
    Losses,
    /// R10.3: turn limit, all equal: the defender wins.
    Defender,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    /// R3.1: each attempt's faces for side A and side B; ties re-roll.
    InitiativeRolled {
        faces: Vec<(u32, u32)>,
        winner: SideId,
    },
    /// R3.1: the first side for this turn.
    FirstSideChosen {
        side: SideId,
    },
    PhaseBegan {
        phase: Phase,
    },
    /// R3.2: this side gives its orders now.
    OrdersPassed {
        side: SideId,
    },
    DecisionRequested {
        decision: Decision,
    },
    DecisionAnswered,
    /// R4.1, R8.4: a unit moved along `path` (start excluded).
    Moved {
        unit: UnitId,
        kind: MoveKind,
        path: Vec<Hex>,
    },
    /// R4.7: a unit that stood fast removed a reload token.
    ReloadTokenRemoved {
        unit: UnitId,
        left: u32,
    },
    /// R4.4: a charge target was declared (also a new target after a shock roll).
    ChargeDeclared {
        unit: UnitId,
        target: UnitId,
    },
    /// R4.4, R5.6, R7.1: a charge or attack was called off, and why.
    AttackCancelled {
        unit: UnitId,
        reason: String,
    },
    /// R5.6: a unit readied.
    Readied {
        unit: UnitId,
    },
    /// R5.6: a ready marker was used or lost.
    ReadyLost {
        unit: UnitId,
    },
    /// R5.5, R6.1, R7.2: an attack sequence was ordered.
    AttackDeclared {
        unit: UnitId,
        target: UnitId,
        kind: AttackKind,
    },
    /// R5.1: the throws of an attack sequence against `needed` = attack throw + `ac`
    /// (d20 + modifier ≥ needed); `modifiers` explains the modifier (R5.4).
    AttackRolled {
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
        needed: i32,
        ac: i32,
        modifier: i32,
        modifiers: Vec<(String, i32)>,
        throws: Vec<Throw>,
        hits: u32,
        uhp_per_hit: u32,
    },
    /// R6.4: a firearm unit completed a missile sequence.
    ReloadTokensGained {
        unit: UnitId,
        tokens: u32,
    },
    /// R8.1: a unit withdrew `path` and saved one uhp per hex.
    Withdrew {
        unit: UnitId,
        path: Vec<Hex>,
    },
    /// R5.2, R8.2: uhp lost.
    Damaged {
        unit: UnitId,
        by: SideId,
        uhp: u32,
        left: u32,
    },
    /// R8.2: at 0 uhp.
    Destroyed {
        unit: UnitId,
    },
    /// R9: a shock or morale roll.
    ShockRolled {
        unit: UnitId,
        cause: RollCause,
        dice: [u32; 2],
        modifier: i32,
        total: i32,
        result: ShockResult,
    },
    /// R8.3, R8.6: a unit became disordered (losing its ready marker).
    Disordered {
        unit: UnitId,
    },
    /// R8.3: recoiled to `to`, or stayed where no hex was free.
    Recoiled {
        unit: UnitId,
        to: Option<Hex>,
    },
    /// R8.4: became fleeing after moving `path`.
    Fled {
        unit: UnitId,
        path: Vec<Hex>,
    },
    /// R8.5: left the battle.
    Routed {
        unit: UnitId,
    },
    /// R4.4, R7.3: advanced into a vacated hex.
    Advanced {
        unit: UnitId,
        to: Hex,
    },
    /// R9.6: a fleeing unit rallied (disordered now).
    Rallied {
        unit: UnitId,
    },
    /// R8.6: disordered and unattacked this turn: steady again.
    BecameSteady {
        unit: UnitId,
    },
    /// R10.2: army morale.
    ArmyMoraleRolled {
        side: SideId,
        dice: [u32; 2],
        modifier: i32,
        total: i32,
        broke: bool,
    },
    /// R10: the battle is over; `winner` is `None` for a draw.
    BattleEnded {
        winner: Option<SideId>,
        reason: EndReason,
    },
}
