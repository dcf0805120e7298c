//! Reserves and events as a scenario file writes them (R12.1, R12.3, R12.7): units, groups,
//! sides, objectives and events by name, resolved to the engine's ids by the check
//! (`check_script`) before the battle is built.

use crate::engine::Terrain;
use serde::{Deserialize, Serialize};

/// When and where a reserve arrives (R12.1): `(turn: 4, hexes: [(15, 5)])` or
/// `(event: "Buturlin comes up", hexes: [(15, 5)])`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReserveDef {
    /// The turn it arrives on, 1 to the turn limit.
    #[serde(default)]
    pub turn: Option<u32>,
    /// The name of the event that releases it (R12.7).
    #[serde(default)]
    pub event: Option<String>,
    /// Arrival hexes `(col, row)`, in order of preference.
    pub hexes: Vec<(i32, i32)>,
}

/// One scenario event (R12.7): a name, a trigger, whether it repeats, and its effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDef {
    /// Its name, unique in the battle.
    pub name: String,
    /// The condition that fires it.
    pub when: TriggerDef,
    /// Fire at every check where the trigger holds, not only the first time.
    #[serde(default)]
    pub repeat: bool,
    /// What happens, in order.
    pub then: Vec<EffectDef>,
}

/// A trigger as written (R12.7); a unit by its label, a group, side or objective by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TriggerDef {
    /// `Turn(5)`: turn 5 has begun.
    Turn(u32),
    /// `Lost(unit: "L")` or `Lost(group: "G")`: destroyed or routed, every unit of a group.
    Lost {
        /// One unit's label.
        #[serde(default)]
        unit: Option<String>,
        /// A group's name.
        #[serde(default)]
        group: Option<String>,
    },
    /// `Fleeing(unit: "L")` or `Fleeing(group: "G")`: fleeing (or fled off the field).
    Fleeing {
        /// One unit's label.
        #[serde(default)]
        unit: Option<String>,
        /// A group's name.
        #[serde(default)]
        group: Option<String>,
    },
    /// `Holds(side: "Poland", objective: "Klushino")`.
    Holds {
        /// The side's name.
        side: String,
        /// The objective's name.
        objective: String,
    },
    /// `Losses(side: "Muscovy", percent: 50)`: losses reached that share of starting uhp.
    Losses {
        /// The side's name.
        side: String,
        /// 1 to 100.
        percent: u32,
    },
}

/// An effect as written (R12.7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EffectDef {
    /// `Message("...")` to both players.
    Message(String),
    /// `Release(unit: "L")` or `Release(group: "G")`: reserves may arrive (R12.1).
    Release {
        /// One unit's label.
        #[serde(default)]
        unit: Option<String>,
        /// A group's name.
        #[serde(default)]
        group: Option<String>,
    },
    /// `Defect(unit: "L")` or `Defect(group: "G")`: go over to the other side (R12.3).
    Defect {
        /// One unit's label.
        #[serde(default)]
        unit: Option<String>,
        /// A group's name.
        #[serde(default)]
        group: Option<String>,
    },
    /// `Orders(group: "G", order: Free)` or `Orders(unit: "L", order: Hold(at: (5, 5)))`:
    /// new standing orders for the computer.
    Orders {
        /// One unit's label.
        #[serde(default)]
        unit: Option<String>,
        /// A group's name.
        #[serde(default)]
        group: Option<String>,
        /// The order, as the scenario's `orders` list writes one.
        order: super::OrderKindDef,
    },
    /// `Terrain(hexes: [(0, 3)], to: Water)`.
    Terrain {
        /// The hexes `(col, row)`.
        hexes: Vec<(i32, i32)>,
        /// Their new terrain.
        to: Terrain,
    },
    /// `EndBattle(winner: "Poland", reason: "...")`.
    EndBattle {
        /// The winning side's name.
        winner: String,
        /// Why, for the end screen.
        reason: String,
    },
}
