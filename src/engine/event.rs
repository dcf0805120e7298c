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
    /// R3.1: roll for initiative, the winner chooses first or second.
    Initiative,
    /// R4: movement orders.
    Movement,
    /// R6: missile fire.
    Missile,
    /// R7: charges strike home, then melee attacks.
    Melee,
    /// R9.6, R8.6, R10.2: rallies, steadiness and army morale.
    Morale,
}

/// Movement orders of R4.1 plus the flee move of R8.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// R4.1: stayed put.
    StandFast,
    /// R4.1: moved up to the march rate.
    March,
    /// R4.1: moved up to the hustle rate.
    Hustle,
    /// R4.4: moved up to the charge rate.
    Charge,
    /// R4.5: left every enemy's side.
    Disengage,
    /// R8.4: ran for its home edge.
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
    Reaction {
        /// Fire rather than melee.
        missile: bool,
        /// Against a charge (a set spear's damage, R5.6).
        vs_charge: bool,
    },
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
    /// The d20's face, 1 to 20.
    pub face: u32,
    /// Whether it hit, naturals (R5.1) included.
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
    /// R10: the loser gave up the battle (`Command::Concede`).
    Conceded,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// R3: a new turn began.
    TurnBegan {
        /// The turn's number, from 1.
        turn: u32,
    },
    /// R3.1: each attempt's faces for side A and side B; ties re-roll.
    InitiativeRolled {
        /// Each attempt's d6 faces, side A's first.
        faces: Vec<(u32, u32)>,
        /// The side that won.
        winner: SideId,
    },
    /// R3.1: the first side for this turn.
    FirstSideChosen {
        /// The side that orders first.
        side: SideId,
    },
    /// R3: a phase began.
    PhaseBegan {
        /// The phase now under way, in the R3 order: initiative to morale.
        phase: Phase,
    },
    /// R3.2: this side gives its orders now.
    OrdersPassed {
        /// The side whose turn it is to give orders (R3.2).
        side: SideId,
    },
    /// A side must answer a decision before play goes on.
    DecisionRequested {
        /// What is asked, and of whom.
        decision: Decision,
    },
    /// The pending decision was answered.
    DecisionAnswered,
    /// R4.1, R8.4: a unit moved along `path` (start excluded).
    Moved {
        /// The unit that moved.
        unit: UnitId,
        /// The order or the flee move.
        kind: MoveKind,
        /// Hexes entered, in order, the start excluded.
        path: Vec<Hex>,
    },
    /// R4.7: a unit that stood fast removed a reload token.
    ReloadTokenRemoved {
        /// The unit that stood fast and lost the token.
        unit: UnitId,
        /// Tokens it still holds.
        left: u32,
    },
    /// R4.4: a charge target was declared (also a new target after a shock roll).
    ChargeDeclared {
        /// The charging unit.
        unit: UnitId,
        /// The unit charged.
        target: UnitId,
    },
    /// R4.4, R5.6, R7.1: a charge or attack was called off, and why.
    AttackCancelled {
        /// The unit whose attack is off.
        unit: UnitId,
        /// Why, in words, with its rule id.
        reason: String,
    },
    /// R5.6: a unit readied.
    Readied {
        /// The unit now ready.
        unit: UnitId,
    },
    /// R5.6: a ready marker was used or lost.
    ReadyLost {
        /// The unit without its marker now.
        unit: UnitId,
    },
    /// R5.5, R6.1, R7.2: an attack sequence was ordered.
    AttackDeclared {
        /// The attacking unit.
        unit: UnitId,
        /// The unit attacked.
        target: UnitId,
        /// Fire, melee, charge or a ready reaction.
        kind: AttackKind,
    },
    /// R5.1: the throws of an attack sequence against `needed` = attack throw + `ac`
    /// (d20 + modifier ≥ needed); `modifiers` explains the modifier (R5.4).
    AttackRolled {
        /// The attacking unit.
        attacker: UnitId,
        /// The unit attacked.
        target: UnitId,
        /// Fire, melee, charge or a ready reaction.
        kind: AttackKind,
        /// d20 + modifier must reach this to hit.
        needed: i32,
        /// The target's effective AC.
        ac: i32,
        /// Sum of `modifiers`.
        modifier: i32,
        /// Each modifier of R5.4 with its name.
        modifiers: Vec<(String, i32)>,
        /// Every d20 thrown.
        throws: Vec<Throw>,
        /// How many hit.
        hits: u32,
        /// uhp each hit takes (R5.2).
        uhp_per_hit: u32,
    },
    /// R6.4: a firearm unit completed a missile sequence.
    ReloadTokensGained {
        /// The unit that fired.
        unit: UnitId,
        /// Tokens it holds now.
        tokens: u32,
    },
    /// R8.1: a unit withdrew `path` and saved one uhp per hex.
    Withdrew {
        /// The unit that withdrew.
        unit: UnitId,
        /// Hexes entered, in order.
        path: Vec<Hex>,
    },
    /// R5.2, R8.2: uhp lost.
    Damaged {
        /// The unit hurt.
        unit: UnitId,
        /// The side that dealt the damage.
        by: SideId,
        /// uhp lost.
        uhp: u32,
        /// uhp left.
        left: u32,
    },
    /// R8.2: at 0 uhp.
    Destroyed {
        /// The unit destroyed.
        unit: UnitId,
    },
    /// R9: a shock or morale roll.
    ShockRolled {
        /// The unit rolling.
        unit: UnitId,
        /// What made it roll.
        cause: RollCause,
        /// The two d6 faces.
        dice: [u32; 2],
        /// Morale, disorder, pike cover and the like (R9.3, R9.4): the sum of `modifiers`.
        modifier: i32,
        /// Each part of the modifier with its name (`morale`, `disordered`, `secured by FF`).
        modifiers: Vec<(String, i32)>,
        /// Dice plus modifier.
        total: i32,
        /// The shock table's result (R9.1).
        result: ShockResult,
    },
    /// R8.3, R8.6: a unit became disordered (losing its ready marker).
    Disordered {
        /// The unit disordered.
        unit: UnitId,
    },
    /// R8.3: recoiled to `to`, or stayed where no hex was free.
    Recoiled {
        /// The unit that recoiled.
        unit: UnitId,
        /// Where it went; `None` if it could not move.
        to: Option<Hex>,
    },
    /// R8.4: became fleeing after moving `path`.
    Fled {
        /// The unit fleeing.
        unit: UnitId,
        /// Hexes entered, in order.
        path: Vec<Hex>,
    },
    /// R8.5: left the battle.
    Routed {
        /// The unit routed.
        unit: UnitId,
    },
    /// R4.4, R7.3: chose not to advance into a vacated hex.
    AdvanceDeclined {
        /// The unit that stays.
        unit: UnitId,
    },
    /// R4.4, R7.3: advanced into a vacated hex.
    Advanced {
        /// The unit advancing.
        unit: UnitId,
        /// The vacated hex it entered.
        to: Hex,
    },
    /// R9.6: a fleeing unit rallied (disordered now).
    Rallied {
        /// The unit rallied.
        unit: UnitId,
    },
    /// R8.6: disordered and unattacked this turn: steady again.
    BecameSteady {
        /// The unit steady again.
        unit: UnitId,
    },
    /// R10.2: army morale.
    ArmyMoraleRolled {
        /// The side rolling.
        side: SideId,
        /// The two d6 faces.
        dice: [u32; 2],
        /// The side's morale modifier and losses (R10.2).
        modifier: i32,
        /// Dice plus modifier.
        total: i32,
        /// Whether the army broke.
        broke: bool,
    },
    /// A designer forced the face of a die to come (`Command::ForceDie`), not a rule.
    DieForced {
        /// The face.
        face: u32,
    },
    /// R10: `side` gave up the battle; `BattleEnded` follows with the other side winning.
    Conceded {
        /// The side that gave up.
        side: SideId,
    },
    /// R10: the battle is over; `winner` is `None` for a draw.
    BattleEnded {
        /// The side that won, or `None` for a draw.
        winner: Option<SideId>,
        /// Why the battle ended.
        reason: EndReason,
    },
}
