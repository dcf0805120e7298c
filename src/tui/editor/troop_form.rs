//! The editor's form of one of the battle's own troop types (issue 32, R2.2): formation,
//! size, hit dice, AC, morale, attack throw, speed, melee and missile weapons, fearless.
//! Under the fields it shows the numbers the engine derives (men, uhp, march/hustle/charge,
//! attack sequence; R2.3–R2.5) as `volley troops` prints them, or what the catalog's check
//! (R2.8) finds wrong, updated as the designer types. A unit of a type renamed follows it.

use super::form::{number, Field, Form};
use super::forms::Target;
use crate::commands::troops::{derived as derive, first_legal_size};
use crate::editor::draft::Draft;
use crate::editor::write::word;
use crate::engine::ranges;
use crate::engine::types::{CreatureSize, FirearmKind, Formation, Lock, MeleeClass, MissileKind};
use crate::engine::{Profile, Rules};
use crate::scenario::catalog::{convert, MeleeDef, MissileDef};
use crate::scenario::TroopDef;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;

/// The missile field's words: none, a firearm (R6), another missile (R5.4).
const MISSILES: [&str; 3] = ["none", "Firearm", "Missile"];

/// The words of every value in `all`.
fn words<T: serde::Serialize>(all: &[T]) -> Vec<String> {
    all.iter().map(word).collect()
}

/// The value chosen in field `name`, read back from its word.
fn choose<T: DeserializeOwned>(form: &Form<Target>, name: &str) -> Result<T, String> {
    ron::from_str(form.get(name)).map_err(|_| format!("{name}: choose one"))
}

/// One line of a troop type for the list: `Pikemen FF uhp 6 move 3/6/9 …`.
pub fn summary(t: &TroopDef) -> String {
    match convert(t) {
        Ok(troop) => {
            let d = derive(&troop, &Rules::standard());
            format!(
                "{} {} HD {} AC {} · {} men uhp {} move {} · {}",
                troop.name,
                troop.formation.code(),
                troop.hd,
                troop.armor_ac.saturating_add(troop.other_ac),
                d.men,
                d.uhp,
                d.rate,
                d.sequence
            )
        }
        Err(_) => format!("{}: has problems (Enter shows them)", t.name),
    }
}

/// The form of the battle's own troop type `index`, if it exists.
pub fn troop_form(draft: &Draft, index: usize) -> Option<Form<Target>> {
    let t = draft.file().troops.get(index)?;
    let title = format!(" Troop type: {} ", crate::text::escape_text(&t.name));
    let mut form = Form::new(title, Target::Troop(index), Vec::new());
    form.kept = values_of(t);
    form.fields = fields(&form.kept);
    Some(form)
}

fn values_of(t: &TroopDef) -> BTreeMap<String, String> {
    let mut v: BTreeMap<String, String> = [
        ("name", t.name.clone()),
        ("formation", word(&t.formation)),
        ("size", word(&t.size)),
        ("hd", t.hd.clone()),
        ("armor", t.armor.to_string()),
        ("other_ac", t.other_ac.to_string()),
        ("morale", t.morale.to_string()),
        ("throw", t.throw.to_string()),
        ("speed", t.speed.to_string()),
        ("melee", t.melee.name.clone()),
        ("damage", t.melee.damage.clone()),
        ("class", word(&t.melee.class)),
        ("fearless", if t.fearless { "yes" } else { "no" }.into()),
        (
            "plural",
            t.plural
                .map_or("from the name", |p| if p { "yes" } else { "no" })
                .into(),
        ),
    ]
    .into_iter()
    .map(|(k, x)| (k.to_string(), x))
    .collect();
    let missile = match &t.missile {
        None => vec![("missile", "none".to_string())],
        Some(MissileDef::Firearm { lock, kind }) => vec![
            ("missile", "Firearm".into()),
            ("lock", word(lock)),
            ("firearm", word(kind)),
        ],
        Some(MissileDef::Missile { kind, damage }) => vec![
            ("missile", "Missile".into()),
            ("kind", word(kind)),
            ("missile damage", damage.clone()),
        ],
    };
    v.extend(missile.into_iter().map(|(k, x)| (k.to_string(), x)));
    v
}

/// The fields for the values `kept`: the missile's fields are those of its kind.
pub fn fields(kept: &BTreeMap<String, String>) -> Vec<Field> {
    let get = |name: &str| kept.get(name).cloned().unwrap_or_default();
    let choice = |name: &str, all: Vec<String>| chosen(kept, name, all);
    let speed = format!(
        "feet, {} in steps of {} (R2.8)",
        ranges::SPEED,
        ranges::SPEED_STEP
    );
    let mut out = vec![
        Field::typed("name", get("name"), "units name it in `troop:`"),
        choice("formation", words(&Formation::ALL)),
        choice("size", words(&CreatureSize::ALL)),
        Field::typed("hd", get("hd"), "hit dice: 1, 1+1, 4-1 (R2.8)"),
    ];
    let numbers = [
        ("armor", ranges::ARMOR_AC, "R5.3"),
        ("other_ac", ranges::OTHER_AC, "R5.3"),
        ("morale", ranges::MORALE, "R9.1"),
        ("throw", ranges::ATTACK_THROW, "R5.1: 11 for 11+"),
    ];
    out.extend(
        numbers
            .map(|(name, range, rule)| Field::typed(name, get(name), format!("{range} ({rule})"))),
    );
    out.extend([
        Field::typed("speed", get("speed"), speed),
        Field::typed("melee", get("melee"), "the weapon's name"),
        Field::typed("damage", get("damage"), "1d8, 1d6+1 (R2.8, R12.8)"),
        choice("class", words(&MeleeClass::ALL)),
        choice("missile", MISSILES.iter().map(|m| m.to_string()).collect()),
    ]);
    out.extend(missile_fields(kept));
    out.push(Field::flag("fearless", get("fearless") == "yes"));
    let plural = ["from the name", "yes", "no"].map(String::from).to_vec();
    out.push(choice("plural", plural));
    out
}

/// A choice among `all`, now the value kept for `name` if it is one of them, else the first.
fn chosen(kept: &BTreeMap<String, String>, name: &str, all: Vec<String>) -> Field {
    let value = match kept.get(name) {
        Some(v) if all.contains(v) => v.clone(),
        _ => all.first().cloned().unwrap_or_default(),
    };
    Field::choice(name, value, all)
}

/// The fields of the missile weapon's kind: a firearm's lock and kind (R6), or another
/// missile's kind and damage (R5.4).
fn missile_fields(kept: &BTreeMap<String, String>) -> Vec<Field> {
    match kept.get("missile").map(String::as_str) {
        Some("Firearm") => vec![
            chosen(kept, "lock", words(&Lock::ALL)),
            chosen(kept, "firearm", words(&FirearmKind::ALL)),
        ],
        Some("Missile") => vec![
            chosen(kept, "kind", words(&MissileKind::ALL)),
            Field::typed(
                "missile damage",
                kept.get("missile damage").cloned().unwrap_or_default(),
                "1d6",
            ),
        ],
        _ => Vec::new(),
    }
}

/// The troop type the form describes, or why a field cannot be read.
pub fn troop_of(form: &Form<Target>) -> Result<TroopDef, String> {
    let missile = match form.get("missile") {
        "Firearm" => Some(MissileDef::Firearm {
            lock: choose(form, "lock")?,
            kind: choose(form, "firearm")?,
        }),
        "Missile" => Some(MissileDef::Missile {
            kind: choose(form, "kind")?,
            damage: form.get("missile damage").to_string(),
        }),
        _ => None,
    };
    let name = form.get("name");
    if name.is_empty() {
        return Err("name: a troop type needs a name".into());
    }
    Ok(TroopDef {
        name: name.to_string(),
        formation: choose(form, "formation")?,
        size: choose(form, "size")?,
        hd: form.get("hd").to_string(),
        armor: number("armor", form.get("armor"))?,
        other_ac: number("other_ac", form.get("other_ac"))?,
        morale: number("morale", form.get("morale"))?,
        throw: number("throw", form.get("throw"))?,
        speed: number("speed", form.get("speed"))?,
        melee: MeleeDef {
            name: form.get("melee").to_string(),
            damage: form.get("damage").to_string(),
            class: choose(form, "class")?,
        },
        missile,
        fearless: super::form::yes(form.get("fearless")),
        plural: match form.get("plural") {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        },
    })
}

/// What the engine derives from the form as it stands (R2.3–R2.5), or every problem the
/// catalog's check finds, field by field.
pub fn derived(form: &Form<Target>) -> Result<String, String> {
    let def = troop_of(form)?;
    match convert(&def) {
        Ok(troop) => {
            let rules = Rules::standard();
            if first_legal_size(&troop, &rules).is_none() {
                // Why not: a reason other than the size if one size finds it (a DF, SF or
                // UF type with no firearm, R2.1), else what the size of 120 breaks (R2.6).
                let errors = [10, 120].map(|n| Profile::derive(&rules, &troop, n).err());
                let why = (errors.iter().flatten())
                    .find(|e| !matches!(e, crate::engine::unit::ProfileError::SizeLimit { .. }))
                    .or(errors.get(1).and_then(Option::as_ref))
                    .cloned();
                let why = why.map_or_else(String::new, |e| format!(": {e}"));
                return Err(format!("no unit of it can be formed{why}"));
            }
            let d = derive(&troop, &rules);
            Ok(format!(
                "{} men · uhp {} · move {} · {}",
                d.men, d.uhp, d.rate, d.sequence
            ))
        }
        Err(problems) => Err(problems
            .iter()
            .map(|(field, why)| format!("{field}: {why}"))
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

/// Applies the form of troop type `index` as one edit; false if it changed nothing. A
/// name another of the battle's types has is refused; units of the old name follow a new
/// one.
pub fn apply_troop(draft: &mut Draft, index: usize, form: &Form<Target>) -> Result<bool, String> {
    let troop = troop_of(form)?;
    let troops = &draft.file().troops;
    let Some(old) = troops.get(index).map(|t| t.name.clone()) else {
        return Ok(false);
    };
    if (troops.iter().enumerate()).any(|(i, t)| i != index && t.name == troop.name) {
        return Err(format!(
            "name: the battle has another type called `{}`",
            troop.name
        ));
    }
    Ok(draft.change(|f| {
        if troop.name != old {
            crate::editor::renames::rename_troop(f, &old, &troop.name);
        }
        if let Some(t) = f.troops.get_mut(index) {
            *t = troop;
        }
    }))
}

/// Adds a new troop type after the others (`New troop N`, man-sized Formed Foot with pikes)
/// and gives its index.
pub fn add_troop(draft: &mut Draft) -> usize {
    let troops = &draft.file().troops;
    let name = (troops.len() + 1..)
        .map(|n| format!("New troop {n}"))
        .find(|n| !troops.iter().any(|t| t.name == *n))
        .unwrap_or_default();
    let troop = TroopDef {
        name,
        formation: Formation::FF,
        size: CreatureSize::Man,
        hd: "1".into(),
        armor: 4,
        other_ac: 0,
        morale: 0,
        throw: 10,
        speed: 120,
        melee: MeleeDef {
            name: "pike".into(),
            damage: "1d10".into(),
            class: MeleeClass::SpearOrPolearm,
        },
        missile: None,
        fearless: false,
        plural: None,
    };
    draft.change(|f| f.troops.push(troop));
    draft.file().troops.len().saturating_sub(1)
}

/// Deletes the battle's own troop type `index` (units of it then need another, which the
/// check asks for).
pub fn delete_troop(draft: &mut Draft, index: usize) -> bool {
    if index >= draft.file().troops.len() {
        return false;
    }
    draft.change(|f| {
        f.troops.remove(index);
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::*;
    use crate::scenario::UnitDef;

    fn set(form: &mut Form<Target>, name: &str, value: &str) {
        let f = form.fields.iter_mut().find(|f| f.name == name).unwrap();
        f.value = value.into();
    }

    fn with_type() -> (Draft, usize) {
        let mut d = Draft::blank(6, 4, ["Red", "Blue"]);
        let i = add_troop(&mut d);
        d.add_unit(UnitDef::new("New troop 1", "Red", 120, Some((1, 1))));
        (d, i)
    }

    #[test]
    fn r2_2_every_missile_kind_reads_back_from_its_form_as_it_was() {
        let (mut d, i) = with_type();
        let missiles = [
            None,
            Some(MissileDef::Firearm {
                lock: Lock::Wheellock,
                kind: FirearmKind::Musket,
            }),
            Some(MissileDef::Missile {
                kind: MissileKind::LongBow,
                damage: "1d6+1".into(),
            }),
        ];
        for (n, missile) in missiles.into_iter().enumerate() {
            d.change(|f| {
                f.troops[i].missile = missile.clone();
                f.troops[i].plural = [None, Some(true), Some(false)][n];
                f.troops[i].size = CreatureSize::Large;
            });
            let form = troop_form(&d, i).unwrap();
            assert_eq!(troop_of(&form).as_ref(), Ok(&d.file().troops[i]));
            assert_eq!(apply_troop(&mut d, i, &form), Ok(false), "unchanged");
        }
    }

    #[test]
    fn r2_3_the_derived_numbers_follow_what_is_typed_and_r2_8_ranges_are_named() {
        let (d, i) = with_type();
        let mut form = troop_form(&d, i).unwrap();
        let before = derived(&form).unwrap();
        assert!(before.starts_with("120 men · uhp "), "{before}");
        set(&mut form, "hd", "3");
        let after = derived(&form).unwrap();
        assert_ne!(before, after, "more hit dice, more uhp (R2.3)");
        set(&mut form, "speed", "100");
        let why = derived(&form).unwrap_err();
        assert!(why.starts_with("speed: "), "{why}");
        set(&mut form, "speed", "fast");
        assert_eq!(
            derived(&form),
            Err("speed: `fast` is not a whole number".into())
        );
    }

    #[test]
    fn choosing_a_firearm_shows_its_lock_and_kind() {
        let (d, i) = with_type();
        let mut form = troop_form(&d, i).unwrap();
        form.selected = form
            .fields
            .iter()
            .position(|f| f.name == "missile")
            .unwrap();
        form.change(true);
        form.reshape(fields);
        assert_eq!(
            (form.get("lock"), form.get("firearm")),
            ("Matchlock", "Pistol")
        );
        let troop = troop_of(&form).unwrap();
        assert_eq!(
            troop.missile,
            Some(MissileDef::Firearm {
                lock: Lock::Matchlock,
                kind: FirearmKind::Pistol
            })
        );
    }

    #[test]
    fn renaming_a_type_renames_its_units_and_a_taken_name_is_refused() {
        let (mut d, i) = with_type();
        let j = add_troop(&mut d);
        let mut form = troop_form(&d, i).unwrap();
        set(&mut form, "name", "New troop 2");
        assert!(apply_troop(&mut d, i, &form).is_err());
        set(&mut form, "name", "Hakkapeliitta");
        d.change(|f| {
            f.events.push(crate::scenario::script_defs::EventDef {
                name: "e".into(),
                when: crate::scenario::script_defs::TriggerDef::Lost {
                    unit: Some("New troop 1".into()),
                    group: None,
                },
                repeat: false,
                then: vec![],
            });
        });
        assert_eq!(apply_troop(&mut d, i, &form), Ok(true));
        assert_eq!(d.file().units[0].troop, "Hakkapeliitta");
        // The unit had no label: events named it by its type, and follow it (R12.7).
        assert_eq!(
            d.file().events[0].when,
            crate::scenario::script_defs::TriggerDef::Lost {
                unit: Some("Hakkapeliitta".into()),
                group: None
            }
        );
        assert!(delete_troop(&mut d, j));
        assert_eq!(d.file().troops.len(), 1);
    }
}
