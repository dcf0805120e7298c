//! Standing orders for the computer (issue 28; R12.7's "new computer orders for a unit or
//! group"): what each unit was told to do by the scenario (hold a hex or an objective, guard
//! hexes, advance from a turn, or free), and the rule that releases an order when an enemy
//! comes within the distance it gives. The engine holds them and decides their release, so
//! a replay is exact; only the computer obeys them, the human player is never restricted.

use super::types::UnitId;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// What the computer must do with a unit until it is released (issue 28).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StandingOrder {
    /// No restriction: the computer plays the unit as it sees fit.
    #[default]
    Free,
    /// Stay on (or return to) this hex; fire, ready and melee from it, never charge away.
    Hold {
        /// The hex held.
        hex: Hex,
    },
    /// Stay on (or return to) the objective of this index in the battle's list (R12.4).
    HoldObjective {
        /// Index of the objective in `Game::objectives`.
        objective: usize,
    },
    /// Stay within these hexes.
    Guard {
        /// The hexes guarded, at least one.
        hexes: Vec<Hex>,
    },
    /// Hold its ground (stand fast, ready, fire, melee) until this turn begins; free from it.
    AdvanceFrom {
        /// The first turn it may move.
        turn: u32,
    },
}

/// One standing order of the setup: the units it is given to (by setup index, which is
/// their id), and the distance at which an enemy releases them all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderEntry {
    /// The units under the order.
    pub units: Vec<UnitId>,
    /// The order.
    pub order: StandingOrder,
    /// Hexes: an enemy on the map this close to any of the units releases them all.
    pub release_within: Option<u32>,
}

/// Why standing orders were released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReleaseReason {
    /// An enemy came within the order's distance of one of its units.
    EnemyNear {
        /// The enemy that came near.
        enemy: UnitId,
        /// The unit under the order it came near.
        unit: UnitId,
        /// The order's distance, in hexes.
        within: u32,
    },
}

/// A unit's standing order now, and the entry of the setup it came from (none once an
/// event gave it a new order, so that the entry's release no longer applies to it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Standing {
    pub(crate) order: StandingOrder,
    pub(crate) entry: Option<usize>,
}

/// Each unit's standing order from the setup's entries, for `count` units; a unit no entry
/// names is free. An id out of range is ignored (the scenario check refuses it first).
pub(crate) fn standing_from(entries: &[OrderEntry], count: usize) -> Vec<Standing> {
    let mut out = vec![Standing::default(); count];
    for (i, e) in entries.iter().enumerate() {
        for id in &e.units {
            if let Some(s) = out.get_mut(usize::from(id.0)) {
                *s = Standing {
                    order: e.order.clone(),
                    entry: Some(i),
                };
            }
        }
    }
    out
}
