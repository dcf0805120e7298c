//! Scenarios: battles written as RON files (`scenarios/*.ron`) with their map, sides, units,
//! objectives, turn limit and rule options, checked with every problem reported as
//! `file:line:col`, and turned into the engine's [`BattleSetup`] (R1–R3, R10).

pub mod catalog;
mod check;
pub mod spans;

pub use catalog::{Catalog, TroopDef};
pub use check::{MAX_OBJECTIVES, MAX_TURN_LIMIT, MAX_UNITS};

use crate::engine::error::DataError;
use crate::engine::rules::RuleOptions;
use crate::engine::types::Edge;
use crate::engine::BattleSetup;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The default battle, compiled into the binary.
pub const DEFAULT_SCENARIO: (&str, &str) = (
    "scenarios/kircholm.ron",
    include_str!("../../scenarios/kircholm.ron"),
);

/// Every shipped scenario, compiled in: (file name, source).
pub const SHIPPED: [(&str, &str); 5] = [
    (
        "scenarios/tutorial.ron",
        include_str!("../../scenarios/tutorial.ron"),
    ),
    DEFAULT_SCENARIO,
    (
        "scenarios/rocroi.ron",
        include_str!("../../scenarios/rocroi.ron"),
    ),
    (
        "scenarios/breitenfeld.ron",
        include_str!("../../scenarios/breitenfeld.ron"),
    ),
    (
        "scenarios/roundway_down.ron",
        include_str!("../../scenarios/roundway_down.ron"),
    ),
];

/// Who gives a side's orders by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Controller {
    #[default]
    Human,
    Computer,
}

/// A side as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub name: String,
    #[serde(default)]
    pub commander: String,
    /// Added to initiative (R3.1).
    #[serde(default)]
    pub strategic_ability: i32,
    /// Added to army morale (R10.2).
    #[serde(default)]
    pub morale_modifier: i32,
    /// Home map edge (R8.4).
    pub edge: Edge,
    #[serde(default)]
    pub player: Controller,
    /// The computer's appetite for attack, 0 (cautious) to 10 (reckless); 5 by default.
    #[serde(default = "middling")]
    pub aggression: u8,
}

fn middling() -> u8 {
    5
}

/// A unit as written: troop type, side by name, creatures, hex `(col, row)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    pub troop: String,
    pub side: String,
    pub creatures: u32,
    /// Offset column and row, counted from 0 at the top left.
    pub at: (i32, i32),
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub disordered: bool,
    #[serde(default)]
    pub ready: bool,
    #[serde(default)]
    pub reload_tokens: u32,
    /// uhp already lost.
    #[serde(default)]
    pub damage: u32,
}

/// A named objective hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveDef {
    pub name: String,
    pub at: (i32, i32),
}

/// A scenario file as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// One string per row of hexes, top row first; spaces are ignored.
    pub map: Vec<String>,
    pub sides: Vec<SideDef>,
    pub units: Vec<UnitDef>,
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    pub turn_limit: u32,
    /// Name of the side that wins ties (R10.3).
    pub defender: String,
    #[serde(default)]
    pub options: RuleOptions,
    #[serde(default)]
    pub seed: Option<u64>,
    /// Troop types of this scenario's own, added to or overriding the catalog.
    #[serde(default)]
    pub troops: Vec<TroopDef>,
}

/// A checked scenario, ready to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Where it came from (`scenarios/rocroi.ron`).
    pub file: String,
    /// Its text, kept so that saves can carry it.
    pub source: String,
    pub name: String,
    pub description: String,
    pub sides: [SideDef; 2],
    pub seed: Option<u64>,
    pub setup: BattleSetup,
}

impl Scenario {
    /// Reads and checks a scenario file against the shipped rules and catalog.
    pub fn load(path: &Path) -> Result<Scenario, DataError> {
        let file = path.display().to_string();
        let source = read_limited(path)?;
        Scenario::parse(&source, &file)
    }

    /// Checks scenario text against the shipped rules and catalog.
    pub fn parse(source: &str, file: &str) -> Result<Scenario, DataError> {
        let catalog = Catalog::standard()?;
        check::build(source, file, &crate::engine::Rules::standard(), catalog)
    }

    /// The default battle.
    pub fn default_battle() -> Result<Scenario, DataError> {
        Scenario::parse(DEFAULT_SCENARIO.1, DEFAULT_SCENARIO.0)
    }
}

/// Reads a data file: a regular file of at most [`MAX_FILE_BYTES`] of UTF-8, refused
/// before it is read otherwise (a FIFO would block, a device never end).
///
/// [`MAX_FILE_BYTES`]: crate::engine::error::MAX_FILE_BYTES
pub fn read_limited(path: &Path) -> Result<String, DataError> {
    let limit = crate::engine::error::MAX_FILE_BYTES as u64;
    crate::files::read_text(path, limit).map_err(|e| DataError::Syntax {
        file: path.display().to_string(),
        line: 1,
        col: 1,
        message: match e {
            crate::files::ReadError::Missing => "cannot open: no such file".into(),
            other => other.to_string(),
        },
    })
}
