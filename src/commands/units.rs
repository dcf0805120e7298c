//! `volley units FILE`: each unit's formation, men, uhp, movement, AC, morale and attack
//! sequence, derived by the engine (R2.3–R2.5), as text or JSON.

use crate::columns;
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
    /// Its hex as the scenario writes it, `(col, row)`.
    pub hex: (i32, i32),
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
                hex: crate::engine::Map::offset(u.pos),
                troop: t.name.clone(),
                formation: t.formation.code().into(),
                men: u.creatures,
                uhp: p.uhp,
                movement: format!("{}/{}/{}", p.rate.march, p.rate.hustle, p.rate.charge),
                ac: t.armor_ac.saturating_add(t.other_ac),
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

/// The report as text (columns as wide as their longest entry) or JSON.
pub fn units_report(scenario: &Scenario, json: bool) -> String {
    let rows = unit_rows(scenario);
    if json {
        return serde_json::to_string_pretty(&rows)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    }
    let head = [
        "unit",
        "side",
        "hex",
        "fm",
        "men",
        "uhp",
        "move",
        "AC",
        "ML",
        "attack sequence",
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let fearless = if r.fearless { " (fearless)" } else { "" };
            vec![
                r.label.clone(),
                r.side.clone(),
                format!("({}, {})", r.hex.0, r.hex.1),
                r.formation.clone(),
                r.men.to_string(),
                r.uhp.to_string(),
                r.movement.clone(),
                r.ac.to_string(),
                format!("{:+}", r.morale),
                format!("{}{fearless}", r.attack_sequence),
            ]
        })
        .collect();
    let right = [
        false, false, false, false, true, true, true, true, true, false,
    ];
    format!("{}\n{}", scenario.name, table(&head, &cells, &right))
}

/// Rows under a header, each column as wide as its longest entry (in display columns, so
/// `ü` counts one and `長` two), right-aligned where `right` says; the last column is never padded.
pub fn table(head: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    let mut widths: Vec<usize> = head.iter().map(|h| columns::width(h)).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(columns::width(cell));
        }
    }
    let line = |cells: Vec<&str>| {
        let last = cells.len().saturating_sub(1);
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths
                    .get(i)
                    .copied()
                    .unwrap_or(0)
                    .saturating_sub(columns::width(c));
                match (i == last, right.get(i).copied().unwrap_or(false)) {
                    (_, true) => format!("{}{c}", " ".repeat(pad)),
                    (true, false) => c.to_string(),
                    (false, false) => format!("{c}{}", " ".repeat(pad)),
                }
            })
            .collect();
        parts.join("  ") + "\n"
    };
    let mut out = line(head.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// `volley units FILE`: prints each unit of the scenario at `file`, as text or JSON.
pub fn print(file: &std::path::Path, json: bool) -> anyhow::Result<std::process::ExitCode> {
    let scenario = Scenario::load(file).map_err(|e| anyhow::anyhow!("{e}"))?;
    print!("{}", units_report(&scenario, json));
    Ok(std::process::ExitCode::SUCCESS)
}
