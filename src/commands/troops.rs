//! `volley troops [FILE]`: the troop catalog (R2.1–R2.5), with a scenario's own troop types
//! added, each with the numbers the engine derives for a unit of it, as `volley units`
//! prints them.

use super::units::table;
use crate::engine::unit::attack_sequence_text;
use crate::engine::{Profile, Rules, TroopType};
use crate::scenario::Catalog;

/// Unit sizes tried, in order, for a troop type's derived numbers: the first the unit-size
/// limits allow (R2.6) is shown.
const SIZES: [u32; 6] = [120, 60, 240, 30, 480, 10];

/// The catalog as a table; `own` names the troop types a scenario adds or overrides,
/// marked `scenario` in the `from` column.
pub fn troops_report(title: &str, catalog: &Catalog, own: &[String], rules: &Rules) -> String {
    let head = [
        "troop",
        "from",
        "fm",
        "HD",
        "AC",
        "ML",
        "throw",
        "speed",
        "men",
        "uhp",
        "move",
        "attack sequence",
    ];
    let rows: Vec<Vec<String>> = catalog
        .troops()
        .iter()
        .map(|t| row(t, own.contains(&t.name), rules))
        .collect();
    let right = [
        false, false, false, false, true, true, true, true, true, true, true, false,
    ];
    format!("{title}\n{}", table(&head, &rows, &right))
}

/// The numbers the engine derives for a unit of a troop type (R2.2–R2.5), as words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    /// Creatures in the unit: the first size of [`SIZES`] R2.6 allows, `-` if none.
    pub men: String,
    /// Its uhp (R2.3).
    pub uhp: String,
    /// Its march/hustle/charge in hexes (R2.5).
    pub rate: String,
    /// Its attack sequence (R2.4), with `(fearless)` for a type that never rolls for shock.
    pub sequence: String,
}

/// The first unit size of [`SIZES`] R2.6 allows for `t`, in creatures, with the unit's
/// profile.
pub fn first_legal_size(t: &TroopType, rules: &Rules) -> Option<(u32, Profile)> {
    SIZES
        .iter()
        .find_map(|&n| Profile::derive(rules, t, n).ok().map(|p| (n, p)))
}

/// What the engine derives for a unit of `t` of the first size R2.6 allows.
pub fn derived(t: &TroopType, rules: &Rules) -> Derived {
    let found = first_legal_size(t, rules);
    let fearless = if t.fearless { " (fearless)" } else { "" };
    match &found {
        Some((n, p)) => Derived {
            men: n.to_string(),
            uhp: p.uhp.to_string(),
            rate: format!("{}/{}/{}", p.rate.march, p.rate.hustle, p.rate.charge),
            sequence: format!("{}{fearless}", attack_sequence_text(t, p)),
        },
        None => Derived {
            men: "-".into(),
            uhp: "-".into(),
            rate: "-".into(),
            sequence: format!("no legal unit size{fearless}"),
        },
    }
}

/// A troop type's line of the table: name, where it comes from, formation, HD, AC, ML,
/// throw, speed, and the derived men, uhp, march/hustle/charge and attack sequence of the
/// first unit size R2.6 allows (R2.2–R2.5).
pub fn row(t: &TroopType, own: bool, rules: &Rules) -> Vec<String> {
    let Derived {
        men,
        uhp,
        rate,
        sequence,
    } = derived(t, rules);
    vec![
        t.name.clone(),
        if own { "scenario" } else { "catalog" }.into(),
        t.formation.code().into(),
        t.hd.to_string(),
        t.armor_ac.saturating_add(t.other_ac).to_string(),
        format!("{:+}", t.morale),
        format!("{}+", t.attack_throw),
        format!("{}'", t.speed),
        men,
        uhp,
        rate,
        sequence,
    ]
}

/// The names of the troop types in `merged` that the shipped catalog lacks or defines
/// otherwise: a scenario's own.
pub fn own_troops(merged: &Catalog, standard: &Catalog) -> Vec<String> {
    merged
        .troops()
        .iter()
        .filter(|t| standard.get(&t.name) != Some(t))
        .map(|t| t.name.clone())
        .collect()
}

/// `volley troops [FILE]`: prints the shipped catalog, or a scenario's with its own troop
/// types marked; refused if the catalog or the scenario cannot be read.
pub fn print(file: Option<&std::path::Path>) -> anyhow::Result<std::process::ExitCode> {
    let standard = Catalog::standard().map_err(|e| anyhow::anyhow!("{e}"))?;
    let rules = Rules::standard();
    let (title, catalog) = match file {
        Some(path) => {
            let scenario =
                crate::scenario::Scenario::load(path).map_err(|e| anyhow::anyhow!("{e}"))?;
            let catalog = scenario.catalog().map_err(|e| anyhow::anyhow!("{e}"))?;
            (format!("Troop types of {}", scenario.name), catalog)
        }
        None => (
            "Troop types (assets/troops.ron)".to_string(),
            standard.clone(),
        ),
    };
    let own = own_troops(&catalog, &standard);
    print!("{}", troops_report(&title, &catalog, &own, &rules));
    Ok(std::process::ExitCode::SUCCESS)
}
