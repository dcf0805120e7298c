//! The rules file (`assets/rules.ron`, or a designer's variant): parsed, and every missing
//! row or number out of its range (R2.8) and the shock table's order (R9.1) located at
//! `file:line:col`. The engine's [`Rules`] is the parsed data; reading and locating a file
//! is the loaders' craft, as for troops and scenarios.

use super::data::{locate, parse_ron, DataError, Problem};
use crate::engine::map::Terrain;
use crate::engine::rules::DEFAULT_RULES_RON;
use crate::engine::types::{CreatureSize, FirearmKind, Formation, Lock, MissileKind};
use crate::engine::Rules;

impl Rules {
    /// The shipped rules of RULES.md.
    #[allow(
        clippy::panic,
        reason = "the rules are compiled in and checked by a test: a bad file is a broken build"
    )]
    pub fn standard() -> Rules {
        Rules::parse(DEFAULT_RULES_RON, "assets/rules.ron").unwrap_or_else(|e| {
            panic!("the embedded assets/rules.ron is invalid: {e}");
        })
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
