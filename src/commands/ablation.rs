//! Ablation for `volley sim --without LABEL --swap LABEL=TROOP`: the same battle with units
//! taken out or given another troop type, played on the same seeds by the same players as
//! the unchanged battle, so that the change in each side's win rate (with its 95%
//! interval) is what those units are worth.

use super::sim_report::{Tally, UnitLine};
use crate::columns;
use crate::engine::SideId;
use crate::scenario::Scenario;
use crate::sim::{wilson, GameResult};
use crate::text::escape_text;
use std::fmt::Write as _;

/// One change to a battle's units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Every unit of this label leaves the battle.
    Without(String),
    /// Every unit of this label becomes this troop type (same creatures, hex and state).
    Swap(String, String),
}

/// Why a change to a battle cannot be made; user text in it is escaped.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    /// `--swap` without its `=`.
    #[error("`{}`: write --swap LABEL=TROOP", escape_text(.0))]
    NoEquals(String),
    /// The scenario's troop catalog does not load.
    #[error("{0}")]
    Catalog(#[from] crate::scenario::DataError),
    /// No unit has the label; every label is listed.
    #[error("no unit labelled `{}` (labels: {})", escape_text(label), labels.join(", "))]
    NoSuchLabel {
        /// The label asked for.
        label: String,
        /// The battle's labels.
        labels: Vec<String>,
    },
    /// No troop type of that name, with the closest if one is close.
    #[error(
        "no troop type `{}`{}",
        escape_text(troop),
        close.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default()
    )]
    NoSuchTroop {
        /// The name asked for.
        troop: String,
        /// The closest name the catalog has.
        close: Option<String>,
    },
    /// A side would be left without units.
    #[error("{0} would have no unit left")]
    EmptySide(String),
    /// A swapped unit cannot take the field as the new troop type (R2.6, R2.8).
    #[error("`{label}` as {troop}: {problem}")]
    Unfit {
        /// The unit's label.
        label: String,
        /// The troop type it was given.
        troop: String,
        /// What is wrong, as the engine says it.
        problem: String,
    },
}

impl Change {
    /// `LABEL=TROOP` of `--swap`.
    pub fn swap(text: &str) -> Result<Change, ChangeError> {
        match text.split_once('=') {
            Some((label, troop)) => Ok(Change::Swap(label.trim().into(), troop.trim().into())),
            None => Err(ChangeError::NoEquals(text.to_string())),
        }
    }

    fn label(&self) -> &str {
        match self {
            Change::Without(label) | Change::Swap(label, _) => label,
        }
    }

    /// How the report names the change.
    pub fn describe(&self) -> String {
        match self {
            Change::Without(label) => format!("without {}", escape_text(label)),
            Change::Swap(label, troop) => {
                format!("{} as {}", escape_text(label), escape_text(troop))
            }
        }
    }
}

/// `scenario` with `changes` made; an unknown label or troop type is an error naming the
/// ones there are.
pub fn changed(scenario: &Scenario, changes: &[Change]) -> Result<Scenario, ChangeError> {
    let catalog = scenario.catalog()?;
    let mut out = scenario.clone();
    for change in changes {
        let label = change.label();
        let units = &mut out.setup.units;
        if !units.iter().any(|u| u.label == label) {
            return Err(ChangeError::NoSuchLabel {
                label: label.to_string(),
                labels: units.iter().map(|u| u.label.clone()).collect(),
            });
        }
        match change {
            Change::Without(_) => units.retain(|u| u.label != label),
            Change::Swap(_, troop) => {
                let t = catalog.get(troop).ok_or_else(|| ChangeError::NoSuchTroop {
                    troop: troop.clone(),
                    close: catalog.suggest(troop).map(|s| s.to_string()),
                })?;
                for u in units.iter_mut().filter(|u| u.label == label) {
                    u.troop = t.clone();
                }
            }
        }
    }
    for (side, def) in [SideId::A, SideId::B].into_iter().zip(&out.sides) {
        if !out.setup.units.iter().any(|u| u.side == side) {
            return Err(ChangeError::EmptySide(def.name.clone()));
        }
    }
    for u in &out.setup.units {
        let unfit = |problem: String| ChangeError::Unfit {
            label: u.label.clone(),
            troop: u.troop.name.clone(),
            problem,
        };
        let profile = crate::engine::Profile::derive(&out.setup.rules, &u.troop, u.creatures)
            .map_err(|e| unfit(e.to_string()))?;
        if let Some((_, problem)) = u.start_problems(&profile).first() {
            return Err(unfit(problem.to_string()));
        }
    }
    Ok(out)
}

/// The change of one side's win rate, in percentage points rounded to a tenth, with the
/// counts it comes from.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Shift {
    /// The side's name.
    pub side: String,
    /// Games each battle had (the same seeds).
    pub games: usize,
    /// Games it won in the unchanged battle.
    pub wins_before: usize,
    /// Games it won in the changed battle.
    pub wins_after: usize,
    /// Its win percentage in the unchanged battle.
    pub before: f64,
    /// Its win percentage in the changed battle.
    pub after: f64,
    /// `after - before`, in points.
    pub change: f64,
    /// 95% interval of the change (Newcombe's hybrid score interval), in points.
    pub ci95: [f64; 2],
}

/// What an ablation reports, as `--format json` prints it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Ablation {
    /// The battle's name.
    pub scenario: String,
    /// The changes, as the text report names them (`without Red shot`).
    pub changes: Vec<String>,
    /// Games each battle had.
    pub games: usize,
    /// Each side's shift, side A first.
    pub sides: Vec<Shift>,
    /// The unchanged battle's table of units, numbers to a hundredth.
    pub units_unchanged: Vec<UnitLine>,
    /// The changed battle's table of units, numbers to a hundredth.
    pub units_changed: Vec<UnitLine>,
}

impl Ablation {
    /// The report of `changes` to `scenario` (`variant` is the changed battle): the shifts
    /// of the games added up in `before` and `after`, and each battle's units.
    pub fn new(
        (scenario, variant): (&Scenario, &Scenario),
        changes: &[Change],
        before: &Tally,
        after: &Tally,
    ) -> Self {
        let units = |t: &Tally, s: &Scenario| t.summary(s).units.into_iter().map(hundredths);
        Ablation {
            scenario: scenario.name.clone(),
            changes: changes.iter().map(Change::describe).collect(),
            games: after.games(),
            sides: shifts_of(scenario, before, after),
            units_unchanged: units(before, scenario).collect(),
            units_changed: units(after, variant).collect(),
        }
    }

    /// A CSV row per side: its name, the games, the wins and the percentages.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "side,games,wins_before,wins_after,before,after,change,ci95_low,ci95_high\n",
        );
        for s in &self.sides {
            let _ = writeln!(
                out,
                "\"{}\",{},{},{},{},{},{},{},{}",
                s.side.replace('"', "\"\""),
                s.games,
                s.wins_before,
                s.wins_after,
                s.before,
                s.after,
                s.change,
                s.ci95[0],
                s.ci95[1]
            );
        }
        out
    }
}

/// A unit's line with its means and percentages to a hundredth (no float noise in JSON).
fn hundredths(u: UnitLine) -> UnitLine {
    let r = |x: f64| (x * 100.0).round() / 100.0;
    UnitLine {
        dealt: r(u.dealt),
        lost: r(u.lost),
        routed_uhp: r(u.routed_uhp),
        destroyed: r(u.destroyed),
        routed: r(u.routed),
        ..u
    }
}

/// Percentage points to a tenth: what the report shows, with no `30.000000000000004`.
fn tenth(x: f64) -> f64 {
    let r = (x * 10.0).round() / 10.0;
    // No `-0.0` for a change of nothing.
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// Each side's shift from `before` to `after` (games on the same seeds).
pub fn shifts(scenario: &Scenario, before: &[GameResult], after: &[GameResult]) -> Vec<Shift> {
    let tally = |games: &[GameResult]| {
        let mut t = Tally::default();
        games.iter().for_each(|g| t.add(g));
        t
    };
    shifts_of(scenario, &tally(before), &tally(after))
}

/// Each side's shift from the games added up in `before` to those in `after`.
pub fn shifts_of(scenario: &Scenario, before: &Tally, after: &Tally) -> Vec<Shift> {
    [SideId::A, SideId::B]
        .into_iter()
        .map(|side| {
            let (w1, n1) = (before.wins_of_side(side), before.games());
            let (w2, n2) = (after.wins_of_side(side), after.games());
            let (p1, p2) = (w1 as f64 / n1.max(1) as f64, w2 as f64 / n2.max(1) as f64);
            let ((l1, u1), (l2, u2)) = (wilson(w1, n1), wilson(w2, n2));
            let d = p2 - p1;
            let lo = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
            let hi = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
            Shift {
                side: side.of(&scenario.sides).name.clone(),
                games: n2,
                wins_before: w1,
                wins_after: w2,
                before: tenth(100.0 * p1),
                after: tenth(100.0 * p2),
                change: tenth(100.0 * p2) - tenth(100.0 * p1),
                ci95: [tenth(100.0 * lo), tenth(100.0 * hi)],
            }
        })
        .map(|s| Shift {
            change: tenth(s.change),
            ..s
        })
        .collect()
}

/// The shifts as text, headed by what changed and how many games each battle had.
pub fn text(title: &str, changes: &[Change], games: usize, shifts: &[Shift]) -> String {
    let what: Vec<String> = changes.iter().map(Change::describe).collect();
    let width = shifts
        .iter()
        .map(|s| columns::width(&s.side))
        .max()
        .unwrap_or(4);
    let mut out = format!(
        "{title}, {}: {games} games against the unchanged battle on the same seeds\n",
        what.join(", ")
    );
    let _ = writeln!(
        out,
        "  {}  {:>9}  {:>9}  change in win rate (95% CI)",
        columns::pad("side", width),
        "unchanged",
        "changed"
    );
    for s in shifts {
        let _ = writeln!(
            out,
            "  {}  {:>8.1}%  {:>8.1}%  {:+.1} points ({:+.1} to {:+.1})",
            columns::pad(&s.side, width),
            s.before,
            s.after,
            s.change,
            s.ci95[0],
            s.ci95[1]
        );
    }
    out
}
