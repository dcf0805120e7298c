//! `volley units FILE`: each unit's formation, men, uhp, movement, AC, morale and attack
//! sequence, derived by the engine (R2.3–R2.5), the state it starts in (uhp after damage,
//! reload tokens held (R6.4), status (R8.3, R8.4), ready (R5.6)) and every weapon, the
//! melee weapon of shooters included, as text or JSON.

use crate::columns;
use crate::engine::types::MissileWeapon;
use crate::engine::unit::attack_sequence_text;
use crate::engine::{BattleSetup, Profile, Rules, TroopType, UnitSetup};
use crate::scenario::Scenario;
use serde::Serialize;

/// One unit as `volley units` prints it: what it is and the state it starts in.
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
    /// Unit hit points at the start: the full uhp less the damage it starts with.
    pub uhp: u32,
    /// Unit hit points undamaged (R2.3).
    pub full_uhp: u32,
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
    /// The melee weapon with its attacks, `2 sword`.
    pub melee: String,
    /// Every weapon: the missile weapon first, if any, then the melee weapon.
    pub weapons: Vec<WeaponRow>,
    /// Reload tokens held at the start (R6.4).
    pub reload_tokens: u32,
    /// Reload tokens each volley gains (R2.5).
    pub reload_tokens_per_volley: u32,
    /// `Steady`, `Disordered` (R8.3) or `Fleeing` (R8.4), as a test's `Expect` names it; `Reserve`
    /// for a unit off the map until it arrives (R12.1).
    pub status: &'static str,
    /// Starts ready (R5.6).
    pub ready: bool,
    /// Makes no shock roll (R9.5).
    pub fearless: bool,
}

/// One weapon of a unit: its use, name, attacks a sequence (R2.4, R2.5) and damage a hit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeaponRow {
    /// `missile` or `melee`.
    #[serde(rename = "use")]
    pub used: &'static str,
    /// The weapon's name.
    pub name: String,
    /// Attacks in its attack sequence.
    pub attacks: u32,
    /// Damage dice of a hit, `1d6`.
    pub damage: String,
}

/// The weapons of a troop type, missile first (a firearm's damage die is the rules', R2.5).
fn weapons(rules: &Rules, t: &TroopType, p: &Profile) -> Vec<WeaponRow> {
    let missile = t.missile.as_ref().map(|m| WeaponRow {
        used: "missile",
        name: m.name(),
        attacks: p.missile_attacks,
        damage: match m {
            MissileWeapon::Missile { damage, .. } => damage.to_string(),
            MissileWeapon::Firearm { .. } => format!("1d{}", rules.firearm_damage_sides),
        },
    });
    let melee = WeaponRow {
        used: "melee",
        name: t.melee.name.clone(),
        attacks: p.melee_attacks,
        damage: t.melee.damage.to_string(),
    };
    missile.into_iter().chain(std::iter::once(melee)).collect()
}

/// A unit's status at the start, as a test's `Expect` names it.
fn status(u: &UnitSetup) -> &'static str {
    if u.reserve.is_some() {
        // R12.1: off the map until it arrives, steady.
        return "Reserve";
    }
    match (u.fleeing, u.disordered) {
        (true, _) => "Fleeing",
        (false, true) => "Disordered",
        (false, false) => "Steady",
    }
}

/// The row of one unit, or `None` if its troop type cannot form it (`check` says why).
fn unit_row(setup: &BattleSetup, u: &UnitSetup) -> Option<UnitRow> {
    let p = Profile::derive(&setup.rules, &u.troop, u.creatures).ok()?;
    let t = &u.troop;
    Some(UnitRow {
        label: u.label.clone(),
        side: u.side.of(&setup.sides).name.clone(),
        // A reserve's first arrival hex (R12.1).
        hex: crate::engine::Map::offset(
            (u.reserve.as_ref())
                .and_then(|r| r.hexes.first().copied())
                .unwrap_or(u.pos),
        ),
        troop: t.name.clone(),
        formation: t.formation.code().into(),
        men: u.creatures,
        uhp: p.uhp.saturating_sub(u.damage),
        full_uhp: p.uhp,
        movement: format!("{}/{}/{}", p.rate.march, p.rate.hustle, p.rate.charge),
        ac: t.armor_ac.saturating_add(t.other_ac),
        armor_ac: t.armor_ac,
        morale: t.morale,
        attack_throw: t.attack_throw,
        melee: format!("{} {}", p.melee_attacks, t.melee.name),
        attack_sequence: attack_sequence_text(t, &p),
        weapons: weapons(&setup.rules, t, &p),
        reload_tokens: u.reload_tokens,
        reload_tokens_per_volley: p.reload_tokens,
        status: status(u),
        ready: u.ready,
        fearless: t.fearless,
    })
}

/// The rows of every unit of a scenario, in scenario order.
pub fn unit_rows(scenario: &Scenario) -> Vec<UnitRow> {
    let setup = &scenario.setup;
    (setup.units.iter())
        .filter_map(|u| unit_row(setup, u))
        .collect()
}

/// A row's cells as the text report shows them.
fn cells(r: &UnitRow) -> Vec<String> {
    let uhp = match r.uhp == r.full_uhp {
        true => r.uhp.to_string(),
        false => format!("{}/{}", r.uhp, r.full_uhp),
    };
    let ready = if r.ready { ", ready" } else { "" };
    let fearless = if r.fearless { ", fearless" } else { "" };
    let shooter = r.weapons.iter().any(|w| w.used == "missile");
    let (tokens, missile) = match shooter {
        true => (r.reload_tokens.to_string(), r.attack_sequence.clone()),
        false => ("-".into(), "-".into()),
    };
    let melee = (r.weapons.iter().find(|w| w.used == "melee")).map_or(String::new(), |w| {
        format!("{} {} {}", w.attacks, w.name, w.damage)
    });
    vec![
        r.label.clone(),
        r.side.clone(),
        format!("({}, {})", r.hex.0, r.hex.1),
        r.formation.clone(),
        r.men.to_string(),
        uhp,
        r.movement.clone(),
        r.ac.to_string(),
        format!("{:+}", r.morale),
        format!("{}{ready}{fearless}", r.status.to_lowercase()),
        tokens,
        missile,
        melee,
    ]
}

/// The report as text (columns as wide as their longest entry) or JSON.
pub fn units_report(scenario: &Scenario, json: bool) -> String {
    let rows = unit_rows(scenario);
    if json {
        return serde_json::to_string_pretty(&rows)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    }
    let head = [
        "unit", "side", "hex", "fm", "men", "uhp", "move", "AC", "ML", "status", "tokens",
        "missile", "melee",
    ];
    let cells: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let right = [
        false, false, false, false, true, true, true, true, true, false, true, false, false,
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
