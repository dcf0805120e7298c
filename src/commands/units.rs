//! `volley units FILE`: each unit's formation, men, uhp, movement, AC, morale and attack
//! sequence, derived by the engine (R2.3–R2.5), as text or JSON.

use crate::engine::unit::attack_sequence_text;
use crate::scenario::Scenario;
use serde::Serialize;

/// One unit as `volley units` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitRow {
    /// Name on the map.
    pub label: String,
    /// Its side's name.
    pub side: String,
    /// Troop type.
    pub troop: String,
    /// Formation code.
    pub formation: String,
    /// Creatures in the unit.
    pub men: u32,
    /// Unit hit points.
    pub uhp: u32,
    /// `march/hustle/charge` in hexes.
    pub movement: String,
    /// Armor AC + other AC.
    pub ac: i32,
    /// Armor AC, which firearms may ignore.
    pub armor_ac: i32,
    /// Morale modifier.
    pub morale: i32,
    /// Attack throw, 11 for `11+`.
    pub attack_throw: i32,
    /// The attack sequence as the supplement writes it.
    pub attack_sequence: String,
    /// The melee weapon.
    pub melee: String,
    /// Reload tokens gained per volley.
    pub reload_tokens: u32,
    /// Makes no shock roll (R9.5).
    pub fearless: bool,
}

/// The rows of every unit of a scenario, in scenario order.
pub fn unit_rows(scenario: &Scenario) -> Vec<UnitRow> {
    let setup = &scenario.setup;
    setup
        .units
        .iter()
        .filter_map(|u| {
            let p = crate::engine::Profile::derive(&setup.rules, &u.troop, u.creatures).ok()?;
            let t = &u.troop;
            Some(UnitRow {
                label: u.label.clone(),
                side: u.side.of(&setup.sides).name.clone(),
                troop: t.name.clone(),
                formation: t.formation.code().into(),
                men: u.creatures,
                uhp: p.uhp,
                movement: format!("{}/{}/{}", p.rate.0, p.rate.1, p.rate.2),
                ac: t.armor_ac + t.other_ac,
                armor_ac: t.armor_ac,
                morale: t.morale,
                attack_throw: t.attack_throw,
                melee: format!("{} {}", p.melee_attacks, t.melee.name),
                attack_sequence: attack_sequence_text(t, &p),
                reload_tokens: p.reload_tokens,
                fearless: t.fearless,
            })
        })
        .collect()
}

/// The report as text (aligned columns) or JSON.
pub fn units_report(scenario: &Scenario, json: bool) -> String {
    let rows = unit_rows(scenario);
    if json {
        return serde_json::to_string_pretty(&rows)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    }
    let mut out = format!("{}\n", scenario.name);
    out.push_str(&format!(
        "{:<24} {:<18} {:<3} {:>4} {:>4} {:>6} {:>3} {:>3}  {}\n",
        "unit", "side", "fm", "men", "uhp", "move", "AC", "ML", "attack sequence"
    ));
    for r in rows {
        out.push_str(&format!(
            "{:<24} {:<18} {:<3} {:>4} {:>4} {:>6} {:>3} {:>+3}  {}{}\n",
            r.label,
            r.side,
            r.formation,
            r.men,
            r.uhp,
            r.movement,
            r.ac,
            r.morale,
            r.attack_sequence,
            if r.fearless { " (fearless)" } else { "" }
        ));
    }
    out
}
