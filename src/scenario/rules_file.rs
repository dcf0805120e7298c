//! The rules file (`assets/rules.ron`, or a designer's variant): parsed, and every missing
//! row or number out of its range (R2.8) and the shock table's order (R9.1) located at
//! `file:line:col`. The engine's [`Rules`] is the parsed data; reading and locating a file
//! is the loaders' craft, as for troops and scenarios.

use super::data::{locate, parse_ron, DataError, Problem};
use crate::engine::map::Terrain;
use crate::engine::rules::DEFAULT_RULES_RON;
use crate::engine::types::{CreatureSize, FirearmKind, Formation, Lock, MissileKind};
use crate::engine::Rules;
use std::path::Path;

impl Rules {
    /// The shipped rules of RULES.md.
    #[allow(
        clippy::panic,
        reason = "the rules are compiled in and checked by a test: a bad file is a broken build"
    )]
    pub fn standard() -> Rules {
        // Parsed once: the editor's preview and the sim ask for it at every build.
        static STANDARD: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
        STANDARD
            .get_or_init(|| {
                Rules::parse(DEFAULT_RULES_RON, "assets/rules.ron").unwrap_or_else(|e| {
                    panic!("the embedded assets/rules.ron is invalid: {e}");
                })
            })
            .clone()
    }

    /// Parses and validates a rules file; every problem is listed with its line and column.
    pub fn parse(source: &str, file: &str) -> Result<Rules, DataError> {
        let rules: Rules = parse_ron(source, file)?;
        let problems = rules.validate(source);
        if problems.is_empty() {
            Ok(rules)
        } else {
            Err(DataError::Invalid {
                file: file.to_string(),
                problems,
            })
        }
    }

    /// Every missing or inconsistent row, located at the table it belongs to.
    pub fn validate(&self, source: &str) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut missing = |table: &str, row: String| {
            let (line, col) = locate(source, table, 0);
            out.push(Problem::new(
                line,
                col,
                format!("table `{table}` has no row for {row}"),
            ));
        };
        for size in CreatureSize::ALL {
            if !self.creature_sizes.iter().any(|r| r.size == size) {
                missing("creature_sizes", format!("{size:?}"));
            }
        }
        for kind in FirearmKind::ALL {
            if !self.firearm_ranges.iter().any(|r| r.kind == kind) {
                missing("firearm_ranges", format!("{kind:?}"));
            }
        }
        for kind in MissileKind::ALL {
            if !self.missile_ranges.iter().any(|r| r.kind == kind) {
                missing("missile_ranges", format!("{kind:?}"));
            }
        }
        for terrain in Terrain::ALL {
            if !self.terrain.iter().any(|r| r.terrain == terrain) {
                missing("terrain", format!("{terrain:?}"));
            }
        }
        for formation in Formation::ALL.into_iter().filter(|f| !f.is_mounted()) {
            if !self.foot_movement.iter().any(|r| r.formation == formation) {
                missing("foot_movement", format!("{formation}"));
            }
        }
        for lock in [Lock::Flintlock, Lock::Matchlock] {
            for kind in FirearmKind::ALL {
                if self.firearm_size(lock, kind).is_none() {
                    missing("firearm_sizes", format!("{lock:?} {kind:?}"));
                }
            }
        }
        if self.cleave.is_empty() {
            missing("cleave", "any hit dice".into());
        }
        if self.shock_table.is_empty() {
            missing("shock_table", "any total".into());
        }
        out.extend(self.validate_values(source));
        out
    }

    /// R2.8's ranges (see [`super::rule_ranges`]) and the shock table's order (R9.1).
    fn validate_values(&self, source: &str) -> Vec<Problem> {
        let mut out = self.range_problems(source);
        if self
            .shock_table
            .windows(2)
            .any(|w| matches!(w, [a, b] if a.at_most >= b.at_most))
        {
            let (line, col) = locate(source, "shock_table", 0);
            let message = "`shock_table`: rows must rise in `at_most`";
            out.push(Problem::new(line, col, message));
        }
        out
    }
}

/// A rules file in force in place of the shipped `assets/rules.ron` (issue 28): where it
/// was read and its whole text, kept so that a save carries the rules it was played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesText {
    /// The file as the designer or the command line named it.
    pub file: String,
    /// Its text, as read.
    pub source: String,
}

impl RulesText {
    /// Reads a rules file (at most the data files' limit); a missing file is named.
    pub fn read(path: &Path) -> Result<RulesText, DataError> {
        Ok(RulesText {
            file: path.display().to_string(),
            source: super::read_limited(path)?,
        })
    }

    /// The rules it holds; every problem at its own `file:line:col`.
    pub fn rules(&self) -> Result<Rules, DataError> {
        Rules::parse(&self.source, &self.file)
    }
}

/// Which rules a scenario is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesChoice {
    /// The rules file the scenario's `rules` field names, else the shipped rules.
    Named,
    /// These rules, whatever the scenario names: `--rules FILE`, or a save's own.
    Given(RulesText),
    /// The shipped rules, whatever the scenario names (a save made before saves carried
    /// their rules).
    Shipped,
}

/// The rules file the scenario text names in its `rules` field, read relative to the
/// scenario `file`'s folder; `None` if it names none or does not parse (its checking then
/// reports why). A file that cannot be read is a problem at the `rules` field.
pub(super) fn named_by(source: &str, file: &str) -> Result<Option<RulesText>, DataError> {
    let Ok(parsed) = parse_ron::<super::ScenarioFile>(source, file) else {
        return Ok(None);
    };
    let Some(name) = parsed.rules else {
        return Ok(None);
    };
    let folder = Path::new(file).parent().unwrap_or(Path::new(""));
    let path = folder.join(&name);
    RulesText::read(&path).map(Some).map_err(|e| {
        let (line, col) = super::spans::Lines::new(source).top_field("rules");
        let reason = match e {
            DataError::Syntax { message, .. } => message,
            other => other.to_string(),
        };
        let message = format!("rules file `{}` cannot be read: {reason}", path.display());
        DataError::Invalid {
            file: file.to_string(),
            problems: vec![Problem::new(line, col, message)],
        }
    })
}
