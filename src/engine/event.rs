//! Events: everything that happened, past tense, with every die that was rolled. `apply`
//! turns them into state and never rolls; the log of events explains the battle (R3–R10).

use super::command::Decision;
use super::map::Terrain;
use super::orders::{ReleaseReason, StandingOrder};
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

impl Phase {
    /// The phase's name in a sentence: `movement`, `missile` (R3).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Initiative => "initiative",
            Phase::Movement => "movement",
            Phase::Missile => "missile",
            Phase::Melee => "melee",
            Phase::Morale => "morale",
        }
    }
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
    /// R12.7: a scenario event ended it, for the reason that event gives.
    Scripted {
        /// The event's place in the battle's event list.
        event: u32,
    },
}

/// What a modifier to an attack throw (R5.4) or a shock roll (R9.1) is for. Its saved name
/// (`"disordered"`, `"secured by FF"`) is the one format 2 and 3 saves were written with, so
/// their event digests still match; the words the player reads are the log's.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray,
)]
pub enum ModifierKind {
    /// R8.6: the unit is disordered (attack throws and shock rolls).
    #[strum(serialize = "disordered")]
    Disordered,
    /// R5.4: the charge attack.
    #[strum(serialize = "charge")]
    Charge,
    /// R5.4: a musket fired after its unit moved, without its fork rest.
    #[strum(serialize = "no fork rest")]
    NoForkRest,
    /// R5.4: missile fire into woods or a village.
    #[strum(serialize = "cover")]
    Cover,
    /// R12.5: missile fire at a unit in field works.
    #[strum(serialize = "field works")]
    Works,
    /// R5.4, R6.2: a volley over units in between.
    #[strum(serialize = "overhead")]
    Overhead,
    /// R5.4, R4.6: melee from a hill down.
    #[strum(serialize = "uphill")]
    Uphill,
    /// R9.1: the unit's morale (ML).
    #[strum(serialize = "morale")]
    Morale,
    /// R9.4: DF secured by Formed Foot.
    #[strum(serialize = "secured by FF")]
    SecuredByFormedFoot,
    /// R9.3: the ½-uhp trigger on top of the LotFP firearm trigger.
    #[strum(serialize = "double trigger")]
    DoubleTrigger,
}

impl ModifierKind {
    /// The rule that gives the modifier, as RULES.md numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            ModifierKind::Disordered => "R8.6",
            ModifierKind::Charge
            | ModifierKind::NoForkRest
            | ModifierKind::Cover
            | ModifierKind::Overhead
            | ModifierKind::Uphill => "R5.4",
            ModifierKind::Morale => "R9.1",
            ModifierKind::SecuredByFormedFoot => "R9.4",
            ModifierKind::DoubleTrigger => "R9.3",
            ModifierKind::Works => "R12.5",
        }
    }

    /// The name it is saved under (`"secured by FF"`).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl Serialize for ModifierKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for ModifierKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse()
            .map_err(|_| serde::de::Error::custom(format!("no modifier is named {name:?}")))
    }
}

/// One modifier and its value; saved as the pair `("disordered", -2)` (R5.4, R9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(ModifierKind, i32)", into = "(ModifierKind, i32)")]
pub struct Modifier {
    /// What it is for, with its rule.
    pub kind: ModifierKind,
    /// What it adds to the throw or roll.
    pub value: i32,
}

impl From<(ModifierKind, i32)> for Modifier {
    fn from((kind, value): (ModifierKind, i32)) -> Modifier {
        Modifier { kind, value }
    }
}

impl From<Modifier> for (ModifierKind, i32) {
    fn from(m: Modifier) -> (ModifierKind, i32) {
        (m.kind, m.value)
    }
}

/// Why an ordered attack or charge was called off (R4.4, R5.6, R6.2, R7.1). Saved as the
/// sentence format 2 and 3 saves were written with, so their event digests still match.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString, strum::VariantArray,
)]
pub enum CancelReason {
    /// R5.6: the attacker recoiled, fled or withdrew before its sequence.
    #[strum(serialize = "the attacker gave ground (R5.6)")]
    AttackerGaveGround,
    /// The target left the map first.
    #[strum(serialize = "the target has left the field")]
    TargetLeftField,
    /// R7.2: a melee target is no longer next to the attacker.
    #[strum(serialize = "the target is no longer adjacent")]
    TargetNotAdjacent,
    /// R6.2: the target is out of range or sight now.
    #[strum(serialize = "the target is out of reach")]
    OutOfReach,
    /// R4.4: the charge's target gave ground and no enemy is next to the charger.
    #[strum(serialize = "no enemy is left adjacent (R4.4)")]
    NoEnemyAdjacent,
    /// R4.4: the charger chose no new target.
    #[strum(serialize = "no new target chosen (R4.4)")]
    NoNewTarget,
}

impl CancelReason {
    /// The rule that calls the attack off, as RULES.md numbers it.
    pub fn rule(self) -> &'static str {
        match self {
            CancelReason::AttackerGaveGround => "R5.6",
            CancelReason::TargetLeftField | CancelReason::TargetNotAdjacent => "R7.2",
            CancelReason::OutOfReach => "R6.2",
            CancelReason::NoEnemyAdjacent | CancelReason::NoNewTarget => "R4.4",
        }
    }

    /// The sentence it is saved as.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl Serialize for CancelReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CancelReason {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse()
            .map_err(|_| serde::de::Error::custom(format!("no cancel reason is {name:?}")))
    }
}

/// Something that happened. Its kind without its data is an [`EventKind`], which scenario
/// tests name (`Happened(event: "ShockRolled")`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(EventKind),
    derive(strum::EnumString, strum::IntoStaticStr, strum::VariantNames),
    doc = "The kind of an [`Event`], named as the variant is (`ShockRolled`)."
)]
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
        /// Why, with its rule id.
        reason: CancelReason,
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
        /// Each modifier of R5.4 with its kind.
        modifiers: Vec<Modifier>,
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
        /// Each part of the modifier with its kind (morale, disordered, secured by FF).
        modifiers: Vec<Modifier>,
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
    /// R12.1: a reserve came onto the map, steady and not ready; its uhp joined its side's
    /// starting uhp (R12.2).
    ReserveArrived {
        /// The reserve.
        unit: UnitId,
        /// The first free hex of its list.
        at: Hex,
    },
    /// R12.1: every hex of a due reserve's list was taken; it tries again at its side's
    /// next Movement orders.
    ReserveDelayed {
        /// The reserve kept waiting.
        unit: UnitId,
    },
    /// R12.1, R12.7: an event released a reserve: it arrives at its side's next Movement
    /// orders.
    ReserveReleased {
        /// The reserve released.
        unit: UnitId,
    },
    /// R12.7: a scenario event's trigger held; its effects follow as events.
    ScenarioEventFired {
        /// The event's place in the battle's event list.
        event: u32,
    },
    /// R12.7: a message the scenario shows both players.
    MessageShown {
        /// The message, in the scenario's words (control characters escaped).
        text: String,
    },
    /// R12.3: a unit went over to `to`, keeping its hex, uhp, status and reload tokens,
    /// losing its ready marker; its uhp moved between the sides' starting uhp.
    UnitDefected {
        /// The unit that changed sides.
        unit: UnitId,
        /// Its new side.
        to: SideId,
    },
    /// R12.7: the terrain of these hexes changed (a tide, a flood).
    TerrainChanged {
        /// The hexes changed.
        hexes: Vec<Hex>,
        /// Their terrain now.
        to: Terrain,
    },
    /// Standing orders for the computer (issue 28) were released: the units are free now.
    OrdersReleased {
        /// The units released, in id order.
        units: Vec<UnitId>,
        /// Why: an enemy came within the order's distance.
        reason: ReleaseReason,
    },
    /// The units were given a new standing order (R12.7: an event's effect).
    OrdersChanged {
        /// The units given the order, in id order.
        units: Vec<UnitId>,
        /// Their order from now on.
        order: StandingOrder,
    },
}

/// The part a unit plays in an event, named as the event's field that holds it: what a
/// scenario test's `Happened(…, attacker: "L")` matches (`volley test`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The unit the event is about (its `unit` field).
    Unit,
    /// The attacking unit of a roll or a withdrawal (`attacker`).
    Attacker,
    /// The unit attacked or charged (`target`).
    Target,
}

impl Event {
    /// Every unit the event names, each with its role; a requested decision names the units
    /// of the decision (R8.1 withdraw, R4.4 advance and new charge target).
    pub fn units(&self) -> Vec<(Role, UnitId)> {
        use Role::{Attacker, Target, Unit};
        match self {
            Event::Moved { unit, .. }
            | Event::ReloadTokenRemoved { unit, .. }
            | Event::AttackCancelled { unit, .. }
            | Event::Readied { unit }
            | Event::ReadyLost { unit }
            | Event::ReloadTokensGained { unit, .. }
            | Event::Withdrew { unit, .. }
            | Event::Damaged { unit, .. }
            | Event::Destroyed { unit }
            | Event::ShockRolled { unit, .. }
            | Event::Disordered { unit }
            | Event::Recoiled { unit, .. }
            | Event::Fled { unit, .. }
            | Event::Routed { unit }
            | Event::AdvanceDeclined { unit }
            | Event::Advanced { unit, .. }
            | Event::Rallied { unit }
            | Event::BecameSteady { unit } => vec![(Unit, *unit)],
            Event::ChargeDeclared { unit, target } | Event::AttackDeclared { unit, target, .. } => {
                vec![(Unit, *unit), (Target, *target)]
            }
            Event::AttackRolled {
                attacker, target, ..
            } => vec![(Attacker, *attacker), (Target, *target)],
            Event::DecisionRequested { decision } => decision_units(decision),
            Event::ReserveArrived { unit, .. }
            | Event::ReserveDelayed { unit }
            | Event::ReserveReleased { unit }
            | Event::UnitDefected { unit, .. } => vec![(Unit, *unit)],
            Event::OrdersReleased { units, .. } | Event::OrdersChanged { units, .. } => {
                units.iter().map(|u| (Unit, *u)).collect()
            }
            Event::TurnBegan { .. }
            | Event::InitiativeRolled { .. }
            | Event::FirstSideChosen { .. }
            | Event::PhaseBegan { .. }
            | Event::OrdersPassed { .. }
            | Event::DecisionAnswered
            | Event::ArmyMoraleRolled { .. }
            | Event::DieForced { .. }
            | Event::Conceded { .. }
            | Event::BattleEnded { .. }
            | Event::ScenarioEventFired { .. }
            | Event::MessageShown { .. }
            | Event::TerrainChanged { .. } => Vec::new(),
        }
    }

    /// The unit the event names in `role`, if it names one there.
    pub fn unit_in(&self, role: Role) -> Option<UnitId> {
        (self.units().into_iter())
            .find(|&(r, _)| r == role)
            .map(|(_, id)| id)
    }
}

/// The units a decision is about, in the roles its fields give them.
fn decision_units(decision: &Decision) -> Vec<(Role, UnitId)> {
    match decision {
        Decision::Initiative { .. } => Vec::new(),
        Decision::Withdraw { unit, attacker, .. } => {
            vec![(Role::Unit, *unit), (Role::Attacker, *attacker)]
        }
        Decision::Advance { unit, .. } | Decision::NewChargeTarget { unit, .. } => {
            vec![(Role::Unit, *unit)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    /// R5.4, R9.1: a modifier is saved as format 2 and 3 saves wrote its `(String, i32)`
    /// pair, so the digest of their events is unchanged (`save::digest`).
    #[test]
    fn r5_4_modifiers_are_saved_as_the_named_pairs_old_saves_hold() {
        let pairs = [
            (ModifierKind::Disordered, "(\"disordered\",-2)"),
            (ModifierKind::Charge, "(\"charge\",-2)"),
            (ModifierKind::NoForkRest, "(\"no fork rest\",-2)"),
            (ModifierKind::Cover, "(\"cover\",-2)"),
            (ModifierKind::Works, "(\"field works\",-2)"),
            (ModifierKind::Overhead, "(\"overhead\",-2)"),
            (ModifierKind::Uphill, "(\"uphill\",-2)"),
            (ModifierKind::Morale, "(\"morale\",-2)"),
            (ModifierKind::SecuredByFormedFoot, "(\"secured by FF\",-2)"),
            (ModifierKind::DoubleTrigger, "(\"double trigger\",-2)"),
        ];
        assert_eq!(pairs.len(), ModifierKind::VARIANTS.len());
        for (kind, text) in pairs {
            let m = Modifier { kind, value: -2 };
            assert_eq!(ron::to_string(&m).ok().as_deref(), Some(text));
            assert_eq!(ron::from_str::<Modifier>(text).ok(), Some(m));
        }
    }

    /// R4.4, R5.6: a cancelled attack's reason is saved as the sentence old saves hold.
    #[test]
    fn r4_4_cancel_reasons_are_saved_as_the_sentences_old_saves_hold() {
        let event = Event::AttackCancelled {
            unit: UnitId(3),
            reason: CancelReason::NoEnemyAdjacent,
        };
        let text = "AttackCancelled(unit:(3),reason:\"no enemy is left adjacent (R4.4)\")";
        assert_eq!(ron::to_string(&event).ok().as_deref(), Some(text));
        for &reason in CancelReason::VARIANTS {
            let back = ron::from_str(&ron::to_string(&reason).unwrap_or_default()).ok();
            assert_eq!(back, Some(reason));
        }
    }

    /// Every modifier kind names the rule that gives it, in the ids RULES.md uses.
    #[test]
    fn r5_4_r9_1_each_modifier_kind_names_its_rule() {
        let rules: Vec<&str> = ModifierKind::VARIANTS.iter().map(|k| k.rule()).collect();
        assert_eq!(
            rules,
            ["R8.6", "R5.4", "R5.4", "R5.4", "R12.5", "R5.4", "R5.4", "R9.1", "R9.4", "R9.3"]
        );
    }

    /// Issue 28: `Happened` matches a unit by the role its event gives it, read from the
    /// event's fields (a renamed field fails to compile), decisions' units included.
    #[test]
    fn i28_an_event_names_each_unit_in_its_role() {
        let rolled = Event::AttackRolled {
            attacker: UnitId(1),
            target: UnitId(12),
            kind: AttackKind::Melee,
            needed: 10,
            ac: 4,
            modifier: 0,
            modifiers: Vec::new(),
            throws: Vec::new(),
            hits: 0,
            uhp_per_hit: 1,
        };
        assert_eq!(
            rolled.units(),
            [(Role::Attacker, UnitId(1)), (Role::Target, UnitId(12))]
        );
        assert_eq!(rolled.unit_in(Role::Unit), None);
        let charge = Event::ChargeDeclared {
            unit: UnitId(2),
            target: UnitId(3),
        };
        assert_eq!(charge.unit_in(Role::Target), Some(UnitId(3)));
        let withdraw = Event::DecisionRequested {
            decision: Decision::Withdraw {
                side: SideId::B,
                unit: UnitId(4),
                attacker: UnitId(5),
                options: vec![0, 1],
                damage: 2,
            },
        };
        assert_eq!(
            withdraw.units(),
            [(Role::Unit, UnitId(4)), (Role::Attacker, UnitId(5))]
        );
        assert_eq!(
            Event::Routed { unit: UnitId(6) }.unit_in(Role::Unit),
            Some(UnitId(6))
        );
        assert!(Event::TurnBegan { turn: 1 }.units().is_empty());
    }
}
