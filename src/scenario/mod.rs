//! Scenarios: battles written as RON files (`scenarios/*.ron`) with their map, sides, units,
//! objectives, turn limit and rule options, checked with every problem reported as
//! `file:line:col`, and turned into the engine's [`BattleSetup`] (R1–R3, R10).

pub mod catalog;
mod check;
mod check_ground;
mod check_orders;
mod check_script;
pub mod data;
pub mod level;
mod parse_words;
mod rule_ranges;
pub mod rules_file;
pub mod script_defs;
pub mod spans;

pub use catalog::{Catalog, TroopDef};
pub use check::{closest_name, MAX_OBJECTIVES, MAX_TURN_LIMIT, MAX_UNITS};
pub use check_orders::Group;
pub use data::{DataError, Problem};
pub use level::Level;
pub use rules_file::{RulesChoice, RulesText};

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
pub const SHIPPED: [(&str, &str); 13] = [
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
    (
        "scenarios/klushino.ron",
        include_str!("../../scenarios/klushino.ron"),
    ),
    (
        "scenarios/turnhout.ron",
        include_str!("../../scenarios/turnhout.ron"),
    ),
    (
        "scenarios/coutras.ron",
        include_str!("../../scenarios/coutras.ron"),
    ),
    (
        "scenarios/nieuwpoort.ron",
        include_str!("../../scenarios/nieuwpoort.ron"),
    ),
    (
        "scenarios/stratton.ron",
        include_str!("../../scenarios/stratton.ron"),
    ),
    (
        "scenarios/auldearn.ron",
        include_str!("../../scenarios/auldearn.ron"),
    ),
    (
        "scenarios/benburb.ron",
        include_str!("../../scenarios/benburb.ron"),
    ),
    (
        "scenarios/dunes.ron",
        include_str!("../../scenarios/dunes.ron"),
    ),
];

/// Who gives a side's orders by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Controller {
    /// A person at the keyboard.
    #[default]
    Human,
    /// The computer opponent.
    Computer,
}

/// A side as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// The side's name, unique in the battle; units name their side by it.
    pub name: String,
    /// The commanding officer, for the briefing.
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
    /// Who gives the side's orders unless the command line says otherwise.
    #[serde(default)]
    pub player: Controller,
    /// The computer's appetite for attack, 0 (cautious) to 10 (reckless); 5 by default.
    #[serde(default = "middling")]
    pub aggression: u8,
    /// How strong the computer plays this side: `easy`, `normal` (the default) or `hard`.
    #[serde(default)]
    pub level: Level,
}

fn middling() -> u8 {
    5
}

/// A unit as written: troop type, side by name, creatures, hex `(col, row)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// The troop type's name in the catalog or the scenario's own `troops`.
    pub troop: String,
    /// The name of the side the unit fights for.
    pub side: String,
    /// Number of creatures (men or horses with riders) in the unit (R2.2).
    pub creatures: u32,
    /// Offset column and row, counted from 0 at the top left; left out for a reserve
    /// (R12.1).
    #[serde(default)]
    pub at: Option<(i32, i32)>,
    /// The name shown on the map and in the log; the troop type's if none.
    #[serde(default)]
    pub label: Option<String>,
    /// Whether the name is plural (`the hussars charge`); if unset, a name whose last word
    /// ends in `s` (`Red lancers`) or `men` is taken as plural.
    #[serde(default)]
    pub plural: Option<bool>,
    /// Starts the battle disordered (R8.3).
    #[serde(default)]
    pub disordered: bool,
    /// Starts the battle ready (R5.6).
    #[serde(default)]
    pub ready: bool,
    /// Starts fleeing (R8.4).
    #[serde(default)]
    pub fleeing: bool,
    /// Reload tokens held at the start (R6.4).
    #[serde(default)]
    pub reload_tokens: u32,
    /// uhp already lost.
    #[serde(default)]
    pub damage: u32,
    /// The named group the unit belongs to, if any (R12.7 triggers and effects, computer orders).
    #[serde(default)]
    pub group: Option<String>,
    /// Held off the map until it arrives: when and where (R12.1).
    #[serde(default)]
    pub reserve: Option<script_defs::ReserveDef>,
}

/// The names an event may give a unit (R12.7): each [`UnitDef::name`] that one unit only
/// bears, in the file's order.
pub fn nameable_units(file: &ScenarioFile) -> Vec<&str> {
    let mut bearers: std::collections::BTreeMap<&str, usize> = Default::default();
    for u in &file.units {
        *bearers.entry(u.name()).or_default() += 1;
    }
    (file.units.iter().map(UnitDef::name))
        .filter(|n| bearers.get(n) == Some(&1))
        .collect()
}

impl UnitDef {
    /// The name events and messages give the unit: its label, else its troop type's name
    /// (R12.7: a label an event names must belong to one unit only).
    pub fn name(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.troop)
    }

    /// `creatures` of troop type `troop` for side `side` at `at` (`None`: a reserve's
    /// place), steady, unready, unloaded and unhurt, in no group, named by its type.
    pub fn new(troop: &str, side: &str, creatures: u32, at: Option<(i32, i32)>) -> UnitDef {
        UnitDef {
            troop: troop.into(),
            side: side.into(),
            creatures,
            at,
            label: None,
            plural: None,
            disordered: false,
            ready: false,
            fleeing: false,
            reload_tokens: 0,
            damage: 0,
            group: None,
            reserve: None,
        }
    }
}

/// A standing order for the computer as written (issue 28): `Hold(at: (5, 5))`,
/// `Hold(objective: "Klushino")`, `Guard(hexes: [(7, 3), (7, 4)])`, `AdvanceFrom(turn: 5)`
/// or `Free`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum OrderKindDef {
    /// Stay on, or return to, a hex `at` or the objective named `objective` (one of them).
    Hold {
        /// The hex held, `(col, row)`.
        #[serde(default)]
        at: Option<(i32, i32)>,
        /// The name of the objective held.
        #[serde(default)]
        objective: Option<String>,
    },
    /// Stay within the listed hexes `(col, row)`.
    Guard {
        /// The hexes guarded.
        hexes: Vec<(i32, i32)>,
    },
    /// Hold its ground until turn `turn`, free from then on.
    AdvanceFrom {
        /// The first turn the units may move.
        turn: u32,
    },
    /// No order: the computer plays the units as it sees fit.
    Free,
}

/// One entry of the scenario's `orders`: a `group` or a `unit` (by label), its order, and
/// the distance in hexes at which an enemy releases it (issue 28).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderDef {
    /// The name of the group given the order.
    #[serde(default)]
    pub group: Option<String>,
    /// The label of the one unit given the order.
    #[serde(default)]
    pub unit: Option<String>,
    /// What the computer must do with them.
    pub order: OrderKindDef,
    /// Hexes: an enemy on the map this close to any of them releases them all to `Free`.
    #[serde(default)]
    pub release_within: Option<u32>,
}

/// A named objective hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveDef {
    /// The place's name, for the header and the log.
    pub name: String,
    /// Offset column and row, counted from 0 at the top left.
    pub at: (i32, i32),
    /// What holding it is worth at the turn limit, 1 to 100; 1 if unset (R12.4).
    #[serde(default)]
    pub value: Option<u32>,
    /// The name of the only side it counts for; both sides' if unset (R12.4).
    #[serde(default)]
    pub owner: Option<String>,
}

/// A scenario file as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The battle's title.
    pub name: String,
    /// What the battle is about, for the briefing; may run over several lines.
    #[serde(default)]
    pub description: String,
    /// One string per row of hexes, top row first; spaces are ignored.
    pub map: Vec<String>,
    /// Exactly two sides, the first called A and the second B.
    pub sides: Vec<SideDef>,
    /// Every unit on the field at the start, at most [`MAX_UNITS`].
    pub units: Vec<UnitDef>,
    /// Hexes whose holders count at the turn limit (R10.3), at most [`MAX_OBJECTIVES`].
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    /// Hexes `(col, row)` with field works: earthworks, palisades, fences or hedges, on
    /// passable terrain (R12.5).
    #[serde(default)]
    pub works: Vec<(i32, i32)>,
    /// Hexes `(col, row)` a road runs through, on passable terrain or on water as a bridge
    /// (R12.6).
    #[serde(default)]
    pub roads: Vec<(i32, i32)>,
    /// The last turn (R3.3), 1 to [`MAX_TURN_LIMIT`].
    pub turn_limit: u32,
    /// Name of the side that wins ties (R10.3).
    pub defender: String,
    /// Rule options this battle sets, over those of its rules file; the rules file's if
    /// unset.
    #[serde(default)]
    pub options: Option<RuleOptions>,
    /// The rules file this battle is played with, relative to the scenario file
    /// (`"winter.ron"`); the shipped `assets/rules.ron` if unset. `--rules FILE` wins.
    #[serde(default)]
    pub rules: Option<String>,
    /// The dice's seed unless `--seed` gives one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Troop types of this scenario's own, added to or overriding the catalog.
    #[serde(default)]
    pub troops: Vec<TroopDef>,
    /// Standing orders for the computer, each for a group or a unit (issue 28).
    #[serde(default)]
    pub orders: Vec<OrderDef>,
    /// The scenario's events, checked in this order (R12.7).
    #[serde(default)]
    pub events: Vec<script_defs::EventDef>,
}

/// A checked scenario, ready to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Where it came from (`scenarios/rocroi.ron`).
    pub file: String,
    /// Its text, kept so that saves can carry it.
    pub source: String,
    /// The battle's title, control characters escaped.
    pub name: String,
    /// The description, control characters escaped but its lines kept.
    pub description: String,
    /// Both sides as written, names escaped.
    pub sides: [SideDef; 2],
    /// The scenario's own seed, if it pins one.
    pub seed: Option<u64>,
    /// The battle as the engine sets it up.
    pub setup: BattleSetup,
    /// The groups the units name (R12.7, computer orders), in order of first mention.
    pub groups: Vec<Group>,
    /// Suspicious but playable things in the file (two units of one label), with their
    /// line and column.
    pub warnings: Vec<crate::scenario::Problem>,
    /// The rules file the battle is played with, if not the shipped rules: kept so that a
    /// save carries it.
    pub rules: Option<RulesText>,
}

/// The shipped battle `path` names by its stem, when `path` is a bare name (no folder,
/// no extension) and no such file exists: its file and text. `volley play kircholm` opens
/// it; `volley edit kircholm` edits a copy.
pub fn shipped_named(path: &Path) -> Option<(&'static str, &'static str)> {
    let name = path.to_str()?;
    let bare = !name.is_empty() && !name.contains(['/', '\\', '.']);
    if !bare || path.exists() {
        return None;
    }
    SHIPPED
        .iter()
        .find(|(file, _)| crate::save::file_stem(file).eq_ignore_ascii_case(name))
        .copied()
}

impl Scenario {
    /// The name a player types to open this battle again: the shipped battle's stem
    /// (`kircholm`) if it is one, unchanged, else its file as given.
    pub fn typed_name(&self) -> String {
        let shipped = SHIPPED
            .iter()
            .any(|(file, source)| *file == self.file && *source == self.source);
        if shipped {
            crate::save::file_stem(&self.file)
        } else {
            crate::files::shell_quoted(Path::new(&self.file))
        }
    }

    /// Reads and checks a scenario file against the shipped rules and catalog. A bare
    /// name that is no file but a shipped battle's file stem (`kircholm`) opens that
    /// battle, so `volley --seed N kircholm` plays a built-in battle again (issue 26).
    pub fn load(path: &Path) -> Result<Scenario, DataError> {
        Scenario::load_with(path, None)
    }

    /// As [`Scenario::load`], played with the rules file `rules` (`--rules FILE`) in place
    /// of the one the scenario names, if given; a problem in it is reported at its own
    /// `file:line:col`.
    pub fn load_with(path: &Path, rules: Option<&Path>) -> Result<Scenario, DataError> {
        let choice = match rules {
            Some(rules) => RulesChoice::Given(RulesText::read(rules)?),
            None => RulesChoice::Named,
        };
        if let Some((file, source)) = shipped_named(path) {
            return Scenario::parse_with(source, file, choice);
        }
        let file = path.display().to_string();
        let source = read_limited(path)?;
        Scenario::parse_with(&source, &file, choice)
    }

    /// Checks scenario text against the shipped catalog and the rules file it names
    /// (read relative to `file`), else the shipped rules.
    pub fn parse(source: &str, file: &str) -> Result<Scenario, DataError> {
        Scenario::parse_with(source, file, RulesChoice::Named)
    }

    /// Checks scenario text against the shipped catalog and the rules `choice` gives; a
    /// rules file that does not load is the error, at its own `file:line:col`, and one that
    /// cannot be read is named at the scenario's `rules` field.
    pub fn parse_with(
        source: &str,
        file: &str,
        choice: RulesChoice,
    ) -> Result<Scenario, DataError> {
        let text = match choice {
            RulesChoice::Named => rules_file::named_by(source, file)?,
            RulesChoice::Given(text) => Some(text),
            RulesChoice::Shipped => None,
        };
        let rules = match &text {
            Some(text) => text.rules()?,
            None => crate::engine::Rules::standard(),
        };
        let catalog = Catalog::standard()?;
        let mut scenario = check::build(source, file, &rules, catalog)?;
        scenario.rules = text;
        Ok(scenario)
    }

    /// The troop types this battle can use: the shipped catalog with the scenario's own
    /// `troops` added or overriding by name.
    pub fn catalog(&self) -> Result<Catalog, DataError> {
        let parsed: ScenarioFile = crate::scenario::data::parse_ron(&self.source, &self.file)?;
        let mut catalog = Catalog::standard()?;
        let lines = spans::Lines::new(&self.source);
        let problems = catalog.add(&parsed.troops, &lines, "troops");
        if problems.is_empty() {
            Ok(catalog)
        } else {
            Err(DataError::Invalid {
                file: self.file.clone(),
                problems,
            })
        }
    }

    /// The default battle.
    pub fn default_battle() -> Result<Scenario, DataError> {
        Scenario::parse(DEFAULT_SCENARIO.1, DEFAULT_SCENARIO.0)
    }
}

/// Reads a data file: a regular file of at most [`MAX_FILE_BYTES`] of UTF-8, refused
/// before it is read otherwise (a FIFO would block, a device never end).
///
/// [`MAX_FILE_BYTES`]: crate::scenario::data::MAX_FILE_BYTES
pub fn read_limited(path: &Path) -> Result<String, DataError> {
    let limit = crate::scenario::data::MAX_FILE_BYTES as u64;
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
