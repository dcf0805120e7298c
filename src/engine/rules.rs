//! The rules data of `assets/rules.ron`: every table and (choice) option of RULES.md (R2.3–R2.6,
//! R4.6, R5.2–R5.4, R6.2–R6.4, R9.1, R10.2), so that a designer can playtest a variant
//! without touching code. The file is read, located and validated by the loaders
//! (`crate::scenario::rules_file`): the engine takes the rules as parsed data.

use super::map::Terrain;
use super::types::{CreatureSize, FirearmKind, Formation, Lock, MissileKind};
use serde::{Deserialize, Serialize};

/// The shipped rules, identical to RULES.md.
pub const DEFAULT_RULES_RON: &str = include_str!("../../assets/rules.ron");

/// Which moment R6.4 reads reload tokens at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ReloadTiming {
    /// A unit fires only if it had no tokens at the start of the turn (the default).
    #[default]
    StartOfTurn,
    /// GoW read literally: no tokens at the moment of firing.
    Literal,
}

/// Rule options a scenario may switch (R6.4, R9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct RuleOptions {
    /// R6.4: when reload tokens are read.
    pub reload_timing: ReloadTiming,
    /// R9.3: the Lamentations of the Flame Princess morale rule replaces Smoke and Thunder.
    pub lotfp_morale: bool,
}

/// Man-equivalents and melee size factor of one creature size (R2.2, R2.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeRow {
    /// The creature size.
    pub size: CreatureSize,
    /// Man-equivalents of one creature (R2.2).
    pub man_equivalents: u32,
    /// Melee size factor (R2.4).
    pub size_factor: u32,
}

/// One step of the cleave table of R2.4: `cleave` applies below `hd_below` hit dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CleaveRow {
    /// Hit dice below which this row applies.
    pub hd_below: f64,
    /// Attacks per man-equivalent of cleave.
    pub cleave: f64,
}

/// GoW's firearm size factors for one firearm (R2.5): DF/SF column and UF column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirearmSizeRow {
    /// The firearm's lock.
    pub lock: Lock,
    /// The firearm's kind.
    pub kind: FirearmKind,
    /// Size factor for DF and SF.
    pub drilled: u32,
    /// Size factor for UF.
    pub undrilled: u32,
}

/// Armor-penetrating and maximum range in hexes (R6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Armor-piercing range in hexes.
    pub ap: u32,
    /// Maximum range in hexes.
    pub max: u32,
}

/// GoW's firearm ranges for one firearm type, against foot and mounted (R6.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirearmRangeRow {
    /// The firearm's kind.
    pub kind: FirearmKind,
    /// Ranges against foot.
    pub foot: Range,
    /// Ranges against mounted units.
    pub mounted: Range,
}

/// Range in hexes of a non-firearm missile weapon (R6.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileRangeRow {
    /// The weapon.
    pub kind: MissileKind,
    /// Its range in hexes.
    pub range: u32,
}

/// March, hustle and charge in hexes (R2.3); written `(march, hustle, charge)` in
/// `rules.ron`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(u32, u32, u32)", into = "(u32, u32, u32)")]
pub struct Rate {
    /// R4.1: the march, in hexes.
    pub march: u32,
    /// R4.1: the hustle, in hexes.
    pub hustle: u32,
    /// R4.4: the charge, in hexes.
    pub charge: u32,
}

impl From<(u32, u32, u32)> for Rate {
    fn from((march, hustle, charge): (u32, u32, u32)) -> Rate {
        Rate {
            march,
            hustle,
            charge,
        }
    }
}

impl From<Rate> for (u32, u32, u32) {
    fn from(r: Rate) -> (u32, u32, u32) {
        (r.march, r.hustle, r.charge)
    }
}

impl Rate {
    /// The longest of the three moves, in hexes.
    pub fn longest(self) -> u32 {
        self.march.max(self.hustle).max(self.charge)
    }

    /// How far a strike can come from (R4.4, R7.2): the longer of a charge and a march and
    /// attack, plus the hex beside its end, in hexes.
    pub fn strike(self) -> u32 {
        self.march.max(self.charge) + 1
    }
}

/// Foot movement of GoW's Standard Unit Movement Rate and Formation table, per formation and
/// encounter speed in feet (R2.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FootMoveRow {
    /// The foot formation.
    pub formation: Formation,
    /// Encounter speed in feet.
    pub speed: u32,
    /// March, hustle and charge in hexes.
    pub rate: Rate,
}

/// One terrain of R4.6: movement cost, line of sight and combat effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// The terrain.
    pub terrain: Terrain,
    /// Movement cost to enter; `None` is impassable.
    pub cost: Option<u32>,
    /// Cost to enter from a lower hex (hills: 2 up).
    pub cost_uphill: Option<u32>,
    /// Blocks line of sight beyond the hex.
    pub blocks_sight: bool,
    /// A raised hex: blocks sight between two lower hexes, +1 in melee downhill.
    pub elevated: bool,
    /// Missile attacks into the hex take the cover modifier.
    pub cover: bool,
    /// Mounted units may not end a charge by entering it.
    pub no_mounted_charge: bool,
}

/// Attack throw, shock and morale modifiers (R5.4, R8.6, R9.3, R9.4), each −1,000 to
/// +1,000 (R2.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifiers {
    /// Attack throw modifier of a disordered unit (R8.6).
    pub disordered: i32,
    /// Attack throw modifier of a charging unit (R7.1).
    pub charging: i32,
    /// Attack throw modifier of a musket fired without its fork rest (R5.4).
    pub musket_without_rest: i32,
    /// Attack throw modifier of missile fire into cover (R5.4).
    pub missile_into_cover: i32,
    /// Attack throw modifier of missile fire at a unit in field works (R12.5), not added
    /// to terrain cover; −2 when a rules file leaves it out.
    #[serde(default = "works_cover")]
    pub missile_into_works: i32,
    /// Attack throw modifier of bows and slings volleying over units (R6.2).
    pub volley_overhead: i32,
    /// Attack throw modifier of melee from a hill onto lower ground (R5.4).
    pub uphill_melee: i32,
    /// Shock roll modifier of DF secured by friendly FF (R9.4).
    pub secured_by_formed_foot: i32,
    /// Shock roll modifier of the LotFP option's double trigger (R9.3).
    pub lotfp_double_trigger: i32,
}

fn works_cover() -> i32 {
    -2
}

fn works_cost() -> u32 {
    1
}

/// Outcome of a shock or morale roll (R9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShockResult {
    /// R8.5: the unit leaves the battle.
    Rout,
    /// R8.4: the unit flees.
    Flee,
    /// R8.3: the unit recoils.
    Recoil,
    /// The unit stands.
    Hold,
}

impl ShockResult {
    /// R9.6: whether a fleeing unit's rally roll with this result stops its flight (hold
    /// or better).
    pub fn rallies(self) -> bool {
        self >= ShockResult::Hold
    }
}

/// A row of the shock table: totals up to `at_most` (−1,000 to +1,000, R2.8) give `result`
/// (R9.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShockRow {
    /// The highest total of this row.
    pub at_most: i32,
    /// The result of those totals.
    pub result: ShockResult,
}

/// Unit size limits in man-equivalents (R2.6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeLimitRow {
    /// The formation.
    pub formation: Formation,
    /// Fewest man-equivalents.
    pub min: u32,
    /// Most man-equivalents.
    pub max: u32,
}

/// All of RULES.md's tables and options as data. Every number is 0 to 1,000 (R2.8) unless
/// its field says otherwise; the rules file's loader checks them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Version of the rules; saves of another version are refused.
    pub version: u32,
    /// Options a scenario may switch.
    pub options: RuleOptions,
    /// Faces of the initiative die (R3.1).
    pub initiative_die: u32,
    /// Man-equivalents and size factor per creature size (R2.2, R2.4).
    pub creature_sizes: Vec<SizeRow>,
    /// The cleave table (R2.4).
    pub cleave: Vec<CleaveRow>,
    /// Cleave at or above the table's last row.
    pub cleave_otherwise: f64,
    /// Firearm size factors (R2.5).
    pub firearm_sizes: Vec<FirearmSizeRow>,
    /// Below this number of attacks a firearm unit gains reload tokens (R2.5).
    pub reload_below: f64,
    /// Faces of a firearm's damage die (R2.5).
    pub firearm_damage_sides: u32,
    /// Firearm ranges (R6.3).
    pub firearm_ranges: Vec<FirearmRangeRow>,
    /// Bow, sling and javelin ranges (R6.2).
    pub missile_ranges: Vec<MissileRangeRow>,
    /// Armor AC a firearm ignores within its armor-penetrating range (R5.3).
    pub armor_penetration: i32,
    /// Foot movement per formation and speed (R2.3).
    pub foot_movement: Vec<FootMoveRow>,
    /// Mounted units move `s/2s/3s` with `s` = speed ÷ this (R2.3).
    pub mounted_feet_per_hex: u32,
    /// Terrain effects (R4.6).
    pub terrain: Vec<TerrainRow>,
    /// Movement points added to the cost of entering a hex with field works (R12.5); 1
    /// when a rules file leaves it out.
    #[serde(default = "works_cost")]
    pub works_cost: u32,
    /// Attack, shock and morale modifiers.
    pub modifiers: Modifiers,
    /// A natural 20 always hits (R5.1).
    pub natural_20_hits: bool,
    /// A natural 1 always misses (R5.1).
    pub natural_1_misses: bool,
    /// uhp per hit of a lance charge (R7.1).
    pub lance_charge_damage: u32,
    /// uhp per hit of a set spear against a charge (R5.6).
    pub set_vs_charge_damage: u32,
    /// The shock table, rising in `at_most` (R9.1).
    pub shock_table: Vec<ShockRow>,
    /// Army morale: 2d6 + modifier at most this breaks the army (R10.2); −1,000 to +1,000.
    pub army_breaks_at_most: i32,
    /// Unit size limits (R2.6).
    pub unit_size_limits: Vec<SizeLimitRow>,
    /// Largest unit of any formation, in man-equivalents (R1.1).
    pub unit_max_man_equivalents: u32,
}

impl Rules {
    /// Man-equivalents of one creature (R2.2).
    pub fn man_equivalents(&self, size: CreatureSize) -> u32 {
        self.size_row(size).map_or(1, |r| r.man_equivalents)
    }

    /// Melee size factor of a creature size (R2.4).
    pub fn size_factor(&self, size: CreatureSize) -> u32 {
        self.size_row(size).map_or(60, |r| r.size_factor.max(1))
    }

    fn size_row(&self, size: CreatureSize) -> Option<&SizeRow> {
        self.creature_sizes.iter().find(|r| r.size == size)
    }

    /// GoW size factor of a firearm for a formation (R2.5); `None` if the table lacks it.
    pub fn firearm_size(&self, lock: Lock, kind: FirearmKind) -> Option<&FirearmSizeRow> {
        self.firearm_sizes
            .iter()
            .find(|r| r.lock == lock && r.kind == kind)
    }

    /// The terrain row for a terrain (R4.6); validated to exist, and impassable if a
    /// hand-built rules value lacks it.
    pub fn terrain(&self, terrain: Terrain) -> &TerrainRow {
        const MISSING: TerrainRow = TerrainRow {
            terrain: Terrain::Water,
            cost: None,
            cost_uphill: None,
            blocks_sight: true,
            elevated: false,
            cover: false,
            no_mounted_charge: true,
        };
        self.terrain
            .iter()
            .find(|r| r.terrain == terrain)
            .unwrap_or(&MISSING)
    }

    /// Reads a shock or morale total on the shock table (R9.1).
    pub fn shock_result(&self, total: i32) -> ShockResult {
        self.shock_table
            .iter()
            .find(|r| total <= r.at_most)
            .map_or(ShockResult::Hold, |r| r.result)
    }
}
