//! Army lists (`assets/armies.ron`): which troop types each army of the battles fielded, and
//! how many units of each a quick battle may buy (issue 29). Troop types are the catalog's
//! (R2.2); their derived numbers come from the engine, their points from [`points`].

pub mod battle_fit;
pub mod fit;
pub mod points;

use crate::scenario::data::{parse_ron, DataError, Problem};
use crate::scenario::spans::{Lines, Span};
use crate::scenario::Catalog;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The shipped army lists.
pub const SHIPPED_ARMIES_RON: &str = include_str!("../../assets/armies.ron");

/// Most army lists one file may hold, and most entries one list may hold.
pub const MAX_LISTS: usize = 200;

/// Most units of one troop type a list may allow (a large quick battle is about 24 a side).
pub const MAX_PER_TYPE: u32 = 40;

/// The army-list file: `(armies: [ ... ])`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyFile {
    /// Every army list, in the order the quick-battle menu shows them.
    pub armies: Vec<ArmyList>,
}

/// One army as it fought in a period: `(name: "Army of Flanders", years: (1567, 1659),
/// battles: ["Rocroi"], troops: [(troop: "tercio pikemen", min: 1, max: 6), ...])`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyList {
    /// The army's name as the menu shows it, unique in the file.
    pub name: String,
    /// What its men are called in a quick battle's unit labels (`Spanish` makes `1st
    /// Spanish pikemen`), so the log tells the two armies apart; none leaves labels plain.
    #[serde(default)]
    pub short: String,
    /// First and last year (AD) the list stands for.
    pub years: (u16, u16),
    /// The shipped battles this army fought in, by their title (for the reader).
    #[serde(default)]
    pub battles: Vec<String>,
    /// The troop types the army may field, each with its least and most units.
    pub troops: Vec<ArmyEntry>,
}

/// A troop type in an army list, with how many units of it a bought force holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyEntry {
    /// A troop type of the catalog.
    pub troop: String,
    /// Fewest units of this type a force holds (0 for optional).
    #[serde(default)]
    pub min: u32,
    /// Most units of this type a force holds, at most [`MAX_PER_TYPE`].
    pub max: u32,
}

/// Creatures in one unit of a troop type at company scale (R1.1): 120 foot, 60 horse, or
/// the first of 60, 30 and 10 the unit-size limits allow when those do not (R2.6: Skirmishing
/// Foot is 10–60 man-equivalents, so 60).
pub fn standard_creatures(troop: &crate::engine::TroopType) -> u32 {
    let full = if troop.formation.is_mounted() {
        60
    } else {
        120
    };
    let rules = crate::engine::Rules::standard();
    [full, 60, 30, 10]
        .into_iter()
        .find(|&n| crate::engine::Profile::derive(&rules, troop, n).is_ok())
        .unwrap_or(full)
}

/// The shipped army lists, checked against the shipped catalog.
pub fn shipped() -> Result<Vec<ArmyList>, DataError> {
    parse(
        SHIPPED_ARMIES_RON,
        "assets/armies.ron",
        &Catalog::standard()?,
    )
}

/// Parses and checks an army-list file: every problem (unknown troop, `min` over `max`, a
/// name used twice, counts out of range) is listed at its `file:line:col`.
pub fn parse(source: &str, file: &str, catalog: &Catalog) -> Result<Vec<ArmyList>, DataError> {
    let parsed: ArmyFile = parse_ron(source, file)?;
    let lines = Lines::new(source);
    let problems = check(&parsed.armies, &lines, catalog);
    if problems.is_empty() {
        Ok(parsed.armies)
    } else {
        Err(DataError::Invalid {
            file: file.into(),
            problems,
        })
    }
}

fn check(armies: &[ArmyList], lines: &Lines, catalog: &Catalog) -> Vec<Problem> {
    if armies.len() > MAX_LISTS {
        let (line, col) = lines.top_field("armies");
        let message = format!(
            "{} army lists; at most {MAX_LISTS} are allowed",
            armies.len()
        );
        return vec![Problem::new(line, col, message)];
    }
    let spans = lines.list("armies");
    let mut names = BTreeSet::new();
    let mut problems = Vec::new();
    for (i, army) in armies.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
        if !names.insert(army.name.as_str()) {
            let (line, col) = lines.field_in(span, "name");
            let message = format!("army list `{}` is named twice", army.name);
            problems.push(Problem::new(line, col, message));
        }
        problems.extend(check_list(army, span, lines, catalog));
    }
    problems
}

fn check_list(army: &ArmyList, span: Span, lines: &Lines, catalog: &Catalog) -> Vec<Problem> {
    let mut problems = Vec::new();
    let (line, col) = lines.field_in(span, "troops");
    if army.troops.is_empty() || army.troops.len() > MAX_LISTS {
        let message = format!(
            "army list `{}` needs 1 to {MAX_LISTS} troop types",
            army.name
        );
        problems.push(Problem::new(line, col, message));
    }
    if army.years.0 > army.years.1 {
        let (line, col) = lines.field_in(span, "years");
        let (first, last) = army.years;
        let message = format!(
            "army list `{}`: years ({first}, {last}) run backwards: the first year comes first",
            army.name
        );
        problems.push(Problem::new(line, col, message));
    }
    let entries = entry_spans(lines.source(), span);
    for (j, entry) in army.troops.iter().enumerate() {
        let at = entries.get(j).copied().unwrap_or(span);
        let here = lines.line_col(at.start);
        let say =
            |m: String| Problem::new(here.0, here.1, format!("army list `{}`: {m}", army.name));
        if catalog.get(&entry.troop).is_none() {
            let hint = catalog
                .suggest(&entry.troop)
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            problems.push(say(format!("unknown troop `{}`{hint}", entry.troop)));
        }
        if entry.max == 0 || entry.max > MAX_PER_TYPE || entry.min > entry.max {
            let m = format!(
                "`{}`: min {} and max {} must satisfy min ≤ max, 1 ≤ max ≤ {MAX_PER_TYPE}",
                entry.troop, entry.min, entry.max
            );
            problems.push(say(m));
        }
    }
    problems
}

/// Byte spans of the `(troop: ...)` entries inside one army's span, in order: each starts at
/// its `troop` key.
fn entry_spans(source: &str, army: Span) -> Vec<Span> {
    let text = source.get(army.start..army.end).unwrap_or("");
    let starts: Vec<usize> = text
        .match_indices("troop:")
        .map(|(i, _)| army.start + i)
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(k, &start)| Span {
            start,
            end: starts.get(k + 1).copied().unwrap_or(army.end),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_army_lists_and_points_load_and_every_listed_type_has_points() {
        let lists = shipped().unwrap_or_else(|e| panic!("{e}"));
        let table = points::PointsTable::shipped().unwrap_or_else(|e| panic!("{e}"));
        for list in &lists {
            for entry in &list.troops {
                assert!(
                    table.of(&entry.troop).is_some(),
                    "{} has no points",
                    entry.troop
                );
            }
        }
    }

    #[test]
    fn an_unknown_troop_and_min_over_max_are_located() {
        let source = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [\n  (troop: \"pikemen\", min: 3, max: 2),\n  (troop: \"pikeman\", max: 2),\n ]),\n])";
        let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
        let lines = parse(source, "a.ron", &catalog)
            .err()
            .map(|e| e.lines())
            .unwrap_or_default();
        assert_eq!(
            lines,
            [
                "a.ron:3:4: army list `A`: `pikemen`: min 3 and max 2 must satisfy min ≤ max, 1 ≤ max ≤ 40",
                "a.ron:4:4: army list `A`: unknown troop `pikeman` (did you mean `pikemen`?)",
            ]
        );
    }
}
