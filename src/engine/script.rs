//! What a scenario may script (R12.1, R12.2, R12.3, R12.7): reserves held off the map with
//! their arrival turn or releasing event and arrival hexes, and the scenario's events, each a
//! trigger on the battle and effects in order. Plain data in unit ids and side ids: the
//! scenario loader resolves labels and groups before the battle is built, so the engine
//! never looks a name up.

use super::map::Terrain;
use super::types::{SideId, UnitId};
use hexx::Hex;

/// A unit held off the map until it arrives (R12.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReserveSetup {
    /// The turn it arrives on; `None` when only an event releases it (R12.7).
    pub turn: Option<u32>,
    /// Where it may arrive, in order of preference (R12.1).
    pub hexes: Vec<Hex>,
}

/// One of the scenario's events (R12.7), checked at the start of each turn and at the end
/// of each phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioEvent {
    /// Its name, for the log and the briefing.
    pub name: String,
    /// The condition that fires it.
    pub when: Trigger,
    /// Fires at every check where the trigger holds, not only the first (R12.7).
    pub repeat: bool,
    /// What happens, in order.
    pub then: Vec<Effect>,
}

/// A condition on the battle at a check (R12.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Turn N has begun (it holds from turn N on).
    Turn(u32),
    /// Every one of these units is destroyed or routed (R8.2, R8.5).
    Lost(Vec<UnitId>),
    /// Every one of these units is fleeing (R8.4); one that fled off the field (routed)
    /// counts as fleeing, so a flight that ends in a rout within one move still fires it.
    Fleeing(Vec<UnitId>),
    /// A side stands on an objective (by its place in the battle's objective list).
    Holds {
        /// The side that must hold it.
        side: SideId,
        /// Index in the battle's objectives.
        objective: usize,
    },
    /// A side's losses have reached this share of its starting uhp (R10.2).
    Losses {
        /// The side counted.
        side: SideId,
        /// The share, 1 to 100 percent.
        percent: u32,
    },
}

/// What an event does (R12.7), in the listed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A message to both players.
    Message(String),
    /// These reserves may arrive at their side's next Movement orders (R12.1).
    Release(Vec<UnitId>),
    /// These units go over to the other side (R12.3).
    Defect(Vec<UnitId>),
    /// These units get a new standing order for the computer (an event's "new computer
    /// orders"); any release distance they had lapses.
    Orders {
        /// The units given it, in scenario order.
        units: Vec<UnitId>,
        /// Their order from now on.
        order: super::orders::StandingOrder,
    },
    /// These hexes become this terrain; a unit on one that becomes impassable routs (R8.5).
    Terrain {
        /// The hexes changed.
        hexes: Vec<Hex>,
        /// Their new terrain.
        to: Terrain,
    },
    /// The battle ends with this winner, for the scenario's reason (R10).
    EndBattle {
        /// The side that wins.
        winner: SideId,
        /// Why, in the scenario's words, for the end screen.
        reason: String,
    },
}

impl ScenarioEvent {
    /// The reason its `EndBattle` effect gives, if it has one (R10, R12.7).
    pub fn end_reason(&self) -> Option<&str> {
        self.then.iter().find_map(|e| match e {
            Effect::EndBattle { reason, .. } => Some(reason.as_str()),
            _ => None,
        })
    }
}
