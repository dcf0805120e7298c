//! The troop catalog (`assets/troops.ron`, and a scenario's own `troops`): named troop types
//! as a designer writes them (R2.2), turned into the engine's [`TroopType`] with every
//! problem located. Derived numbers are never written here (R2.3).

use super::data::{parse_ron, DataError, Problem};
use super::spans::{Lines, Span};
use crate::engine::ranges;
use crate::engine::types::{
    CreatureSize, DamageDice, FirearmKind, Formation, HitDice, Lock, MeleeClass, MeleeWeapon,
    MissileKind, MissileWeapon,
};
use crate::engine::TroopType;
use crate::text::escape_text;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The shipped catalog.
pub const DEFAULT_TROOPS_RON: &str = include_str!("../../assets/troops.ron");

/// A melee weapon as written: `(name: "pike", damage: "1d10", class: SpearOrPolearm)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeDef {
    /// The weapon's name, for the unit's profile.
    pub name: String,
    /// Damage per hit as dice, `"1d8"` (R5.2).
    pub damage: String,
    /// Spears and polearms set against a charge (R5.6); `Other` if unset.
    #[serde(default = "other_class")]
    pub class: MeleeClass,
}

fn other_class() -> MeleeClass {
    MeleeClass::Other
}

/// A missile weapon as written: `Firearm(lock: Matchlock, kind: Musket)` or
/// `Missile(kind: LongBow, damage: "1d6")`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MissileDef {
    /// A firearm: its lock and kind set its ranges, damage and reload tokens (R6).
    Firearm {
        /// Matchlock or flintlock.
        lock: Lock,
        /// Arquebus, musket, pistol or carbine.
        kind: FirearmKind,
    },
    /// A bow, crossbow or thrown weapon (R5.4).
    Missile {
        /// The weapon, which sets its ranges.
        kind: MissileKind,
        /// Damage per hit as dice, `"1d6"`.
        damage: String,
    },
}

/// A troop type as written in a catalog.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TroopDef {
    /// The name units give in `troop:`.
    pub name: String,
    /// FF LF IF DF SF UF LC HC (R2.1).
    pub formation: Formation,
    /// Creature size, which sets man-equivalents (R2.2); man-sized if unset.
    #[serde(default = "man")]
    pub size: CreatureSize,
    /// Hit dice: `"1"`, `"1+1"`, `"4-1"`.
    pub hd: String,
    /// Armor AC: armor, shields, hide (R5.3).
    #[serde(default)]
    pub armor: i32,
    /// Magic and Dexterity AC (R5.3).
    #[serde(default)]
    pub other_ac: i32,
    /// Morale modifier of the troop (R9.1).
    #[serde(default)]
    pub morale: i32,
    /// Attack throw: 11 for `11+`.
    pub throw: i32,
    /// Encounter speed in feet.
    pub speed: u32,
    /// The melee weapon.
    pub melee: MeleeDef,
    /// The missile weapon, if any.
    #[serde(default)]
    pub missile: Option<MissileDef>,
    /// Never rolls for shock (R9).
    #[serde(default)]
    pub fearless: bool,
    /// Whether the name is plural, for units named by their troop type; if unset, read
    /// from the name as for a unit's label.
    #[serde(default)]
    pub plural: Option<bool>,
}

fn man() -> CreatureSize {
    CreatureSize::Man
}

/// The catalog file: `(troops: [ ... ])`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogFile {
    /// Every troop type, at most [`MAX_TROOP_TYPES`].
    pub troops: Vec<TroopDef>,
}

/// Most troop types one list may define: more is refused before any is checked, so that a
/// hostile file cannot make the check slow (issue 9).
pub const MAX_TROOP_TYPES: usize = 500;

/// Named troop types, in file order; a type defined again replaces the earlier one in place.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Catalog {
    troops: Vec<TroopType>,
    /// Where each name stands in `troops`, so that a merge is linear, not quadratic.
    by_name: BTreeMap<String, usize>,
    /// Troop types that say whether their name is plural.
    plurals: BTreeMap<String, bool>,
}

impl Catalog {
    /// The shipped catalog.
    pub fn standard() -> Result<Catalog, DataError> {
        // Parsed once: the editor's preview and the sim ask for it at every build.
        static STANDARD: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        if let Some(catalog) = STANDARD.get() {
            return Ok(catalog.clone());
        }
        let catalog = Catalog::parse(DEFAULT_TROOPS_RON, "assets/troops.ron")?;
        Ok(STANDARD.get_or_init(|| catalog).clone())
    }

    /// Parses and checks a catalog file.
    pub fn parse(source: &str, file: &str) -> Result<Catalog, DataError> {
        let parsed: CatalogFile = parse_ron(source, file)?;
        let mut catalog = Catalog::default();
        let problems = catalog.add(&parsed.troops, &Lines::new(source), "troops");
        if problems.is_empty() {
            Ok(catalog)
        } else {
            Err(DataError::Invalid {
                file: file.into(),
                problems,
            })
        }
    }

    /// Adds (or overrides, by name) troop types defined under list `key` of the indexed
    /// source; returns their problems. More than [`MAX_TROOP_TYPES`] is one problem.
    pub fn add(&mut self, defs: &[TroopDef], lines: &Lines, key: &str) -> Vec<Problem> {
        if defs.len() > MAX_TROOP_TYPES {
            let (line, col) = lines.top_field(key);
            let message = format!(
                "{} troop types; at most {MAX_TROOP_TYPES} are allowed",
                defs.len()
            );
            return vec![Problem::new(line, col, message)];
        }
        let spans = lines.list(key);
        let mut problems = Vec::new();
        let mut seen: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for (i, def) in defs.iter().enumerate() {
            let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
            let here = lines.field_in(span, "name");
            // One list naming a type twice: the second would silently replace the first.
            if let Some((line, col)) = seen.insert(def.name.as_str(), here) {
                let message = format!(
                    "troop `{}` is defined twice (first at {line}:{col})",
                    def.name
                );
                problems.push(Problem::new(here.0, here.1, message));
                continue;
            }
            match convert(def) {
                Ok(troop) => {
                    match def.plural {
                        Some(p) => self.plurals.insert(troop.name.clone(), p),
                        None => self.plurals.remove(&troop.name),
                    };
                    self.insert(troop);
                }
                Err(found) => {
                    for (field, message) in found {
                        let (line, col) = lines.field_in(span, field);
                        let message = format!("troop `{}`: {message}", def.name);
                        problems.push(Problem::new(line, col, message));
                    }
                }
            }
        }
        problems
    }

    /// Adds a troop type, replacing one of the same name where it stands.
    fn insert(&mut self, troop: TroopType) {
        match self
            .by_name
            .get(&troop.name)
            .and_then(|&i| self.troops.get_mut(i))
        {
            Some(slot) => *slot = troop,
            None => {
                self.by_name.insert(troop.name.clone(), self.troops.len());
                self.troops.push(troop);
            }
        }
    }

    /// Whether the troop type of a name says its name is plural, if it says.
    pub fn plural(&self, name: &str) -> Option<bool> {
        self.plurals.get(escape_text(name).as_ref()).copied()
    }

    /// The troop type of a name.
    pub fn get(&self, name: &str) -> Option<&TroopType> {
        // Names are kept escaped (see `convert`), so the query is escaped the same way.
        let index = self.by_name.get(escape_text(name).as_ref())?;
        self.troops.get(*index)
    }

    /// Every troop type.
    pub fn troops(&self) -> &[TroopType] {
        &self.troops
    }

    /// The catalog name closest to `name`, for "did you mean": the first that contains it,
    /// is contained in it or shares its first four characters, each name compared by its
    /// first [`SUGGEST_CHARS`] characters only.
    pub fn suggest(&self, name: &str) -> Option<&str> {
        let lower = compared(name).to_lowercase();
        // A prefix of whole characters: a byte cut could split `é` and panic.
        let prefix: String = lower.chars().take(4).collect();
        self.troops.iter().map(|t| t.name.as_str()).find(|t| {
            let t = compared(t);
            t.contains(&lower) || lower.contains(t) || t.starts_with(prefix.as_str())
        })
    }
}

/// Characters of a name "did you mean" compares: a typo shows within them, and whole names
/// made each comparison as long as both names (issue 25: 394 unknown troop names against
/// 500 own types, each thousands of characters long, took 2.4–3.7 s to check).
pub const SUGGEST_CHARS: usize = 64;

/// The first [`SUGGEST_CHARS`] characters of `text`, cut between whole characters.
fn compared(text: &str) -> &str {
    match text.char_indices().nth(SUGGEST_CHARS) {
        Some((end, _)) => text.get(..end).unwrap_or(text),
        None => text,
    }
}

/// A catalog's troop type as the engine's, or every problem with the field at fault:
/// syntax of the hit and damage dice, and R2.8's range of every number.
pub fn convert(def: &TroopDef) -> Result<TroopType, Vec<(&'static str, String)>> {
    let mut problems = Vec::new();
    let hd = hit_dice(&def.hd)
        .map_err(|p| problems.push(("hd", p.to_string())))
        .ok();
    let mut damage = |text: &str, field| {
        DamageDice::read(text)
            .map_err(|p| problems.push((field, p.to_string())))
            .ok()
    };
    let melee_damage = damage(&def.melee.damage, "damage");
    let missile = match &def.missile {
        None => Some(None),
        Some(MissileDef::Firearm { lock, kind }) => Some(Some(MissileWeapon::Firearm {
            lock: *lock,
            kind: *kind,
        })),
        Some(MissileDef::Missile { kind, damage: d }) => damage(d, "missile").map(|damage| {
            Some(MissileWeapon::Missile {
                kind: *kind,
                damage,
            })
        }),
    };
    problems.extend(number_problems(def));
    let (Some(hd), Some(melee_damage), Some(missile), true) =
        (hd, melee_damage, missile, problems.is_empty())
    else {
        return Err(problems);
    };
    let melee = MeleeWeapon {
        name: def.melee.name.clone(),
        damage: melee_damage,
        class: def.melee.class,
    };
    Ok(TroopType {
        // Escaped once here, so no troop name can drive the terminal when shown.
        name: escape_text(&def.name).into_owned(),
        formation: def.formation,
        size: def.size,
        hd,
        armor_ac: def.armor,
        other_ac: def.other_ac,
        morale: def.morale,
        attack_throw: def.throw,
        speed: def.speed,
        melee,
        missile,
        fearless: def.fearless,
    })
}

/// Why a troop type's `hd` cannot be used (R2.8).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HitDiceError {
    /// Not written as hit dice.
    #[error("`{0}` is not hit dice like \"1+1\"")]
    Syntax(String),
    /// Outside R2.8's range.
    #[error("hd `{0}` is outside 0 to 30 hit dice (R2.8)")]
    OutOfRange(String),
}

/// Hit dice as written, in R2.8's 0 to 30 HD (`1-1` and lower are quarter steps above 0).
fn hit_dice(text: &str) -> Result<HitDice, HitDiceError> {
    let hd = HitDice::parse(text).ok_or_else(|| HitDiceError::Syntax(text.to_string()))?;
    let quarters = i64::from(hd.dice) * 4 + i64::from(hd.plus);
    if ranges::HIT_DICE_QUARTERS.holds(quarters) {
        Ok(hd)
    } else {
        Err(HitDiceError::OutOfRange(text.to_string()))
    }
}

/// R2.8: armor AC, other AC, morale, attack throw and speed (in steps of 30'), each in its
/// range, with the field at fault.
fn number_problems(def: &TroopDef) -> Vec<(&'static str, String)> {
    let checks = [
        ("armor", ranges::ARMOR_AC.check("armor", def.armor)),
        ("other_ac", ranges::OTHER_AC.check("other_ac", def.other_ac)),
        ("morale", ranges::MORALE.check("morale", def.morale)),
        ("throw", ranges::ATTACK_THROW.check("throw", def.throw)),
        ("speed", speed_problem(def.speed)),
    ];
    checks
        .into_iter()
        .filter_map(|(field, problem)| Some((field, problem?)))
        .collect()
}

/// R2.8: an encounter speed of 30' to 480' in steps of 30'.
fn speed_problem(speed: u32) -> Option<String> {
    let step = ranges::SPEED_STEP;
    (!ranges::SPEED.holds(speed) || !speed.is_multiple_of(step)).then(|| {
        format!(
            "speed {speed} is outside {}' in steps of {step}' (R2.8)",
            ranges::SPEED.to_string().replace(" to", "' to")
        )
    })
}
