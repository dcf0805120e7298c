//! `volley check FILE…`: every problem of every file, as `file:line:col: message`, and
//! warnings as `file:line:col: warning: message`. What a file is (scenario, troop catalog,
//! rules, army lists, points table or scenario test) is read from its top-level fields, not its name.

use crate::engine::Rules;
use crate::scenario::{read_limited, Catalog, RulesChoice, RulesText, Scenario};
use crate::scenario::{DataError, Problem};
use crate::text::escape_text;
use std::path::Path;

/// What a data file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A battle: it has a `map`, `sides` or `units`.
    Scenario,
    /// A troop catalog: only `troops`.
    Troops,
    /// The rules' tables (`assets/rules.ron`).
    Rules,
    /// A scenario test (`*.test.ron`): it has `steps`.
    Test,
    /// Army lists for quick battles (`assets/armies.ron`): it has `armies`.
    Armies,
    /// The troop points table (`assets/points.ron`): it has `points`.
    Points,
}

/// Fields only a rules file has at its top level.
const RULES_FIELDS: [&str; 4] = ["shock_table", "terrain", "foot_movement", "creature_sizes"];

/// What `source` holds, read from its top-level fields; a file that does not parse is
/// taken by its name, so that the parser of that kind reports where it breaks.
pub fn kind_of(source: &str, name: &str) -> FileKind {
    let Ok(ron::Value::Map(map)) = ron::from_str::<ron::Value>(source) else {
        return kind_by_name(name);
    };
    let has = |key: &str| {
        map.iter()
            .any(|(k, _)| *k == ron::Value::String(key.into()))
    };
    if has("map") || has("units") || has("sides") {
        FileKind::Scenario
    } else if RULES_FIELDS.iter().any(|k| has(k)) {
        FileKind::Rules
    } else if has("troops") {
        FileKind::Troops
    } else if has("armies") {
        FileKind::Armies
    } else if has("points") {
        FileKind::Points
    } else {
        kind_by_name(name)
    }
}

fn kind_by_name(name: &str) -> FileKind {
    if name.ends_with(".test.ron") {
        FileKind::Test
    } else if name.ends_with("rules.ron") {
        FileKind::Rules
    } else if name.ends_with("troops.ron") {
        FileKind::Troops
    } else {
        FileKind::Scenario
    }
}

/// Checks each file by what it holds; returns the report lines and whether every file
/// passed. With `deny_warnings` a warning fails its file.
pub fn check_files(paths: &[impl AsRef<Path>], deny_warnings: bool) -> (Vec<String>, bool) {
    check_files_with(paths, deny_warnings, None)
}

/// As [`check_files`], scenarios (and those of scenario tests) checked against the rules
/// file `rules` (`--rules FILE`) in place of the one each names, if given.
pub fn check_files_with(
    paths: &[impl AsRef<Path>],
    deny_warnings: bool,
    rules: Option<&Path>,
) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut all_ok = true;
    for path in paths {
        let path = path.as_ref();
        match check_one(path, rules) {
            Ok(warnings) => {
                let shown = crate::files::shown(path);
                lines.extend(warnings.iter().map(|w| warning_line(path, w)));
                if deny_warnings && !warnings.is_empty() {
                    all_ok = false;
                    lines.push(format!("{shown}: refused: warnings are errors"));
                } else {
                    lines.push(format!("{shown}: ok"));
                }
            }
            Err(e) => {
                all_ok = false;
                lines.extend(e.lines());
            }
        }
    }
    (lines, all_ok)
}

fn warning_line(path: &Path, w: &Problem) -> String {
    let file = escape_text(&path.display().to_string()).into_owned();
    format!(
        "{file}:{}:{}: warning: {}",
        w.line,
        w.col,
        escape_text(&w.message)
    )
}

/// The file's warnings if it is valid.
fn check_one(path: &Path, rules: Option<&Path>) -> Result<Vec<Problem>, DataError> {
    let file = path.display().to_string();
    let source = read_limited(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    match kind_of(&source, &name) {
        FileKind::Rules => Rules::parse(&source, &file).map(|_| Vec::new()),
        FileKind::Troops => Catalog::parse(&source, &file).map(|_| Vec::new()),
        FileKind::Armies => {
            crate::armies::parse(&source, &file, &Catalog::standard()?).map(|_| Vec::new())
        }
        FileKind::Points => {
            crate::armies::points::PointsTable::parse(&source, &file).map(|_| Vec::new())
        }
        FileKind::Scenario => {
            let choice = match rules {
                Some(rules) => RulesChoice::Given(RulesText::read(rules)?),
                None => RulesChoice::Named,
            };
            Scenario::parse_with(&source, &file, choice).map(|s| s.warnings)
        }
        FileKind::Test => super::scenario_test::check_file(path, &source, rules),
    }
}

/// `volley check FILE…`: prints every file's problems (or that it is fine); exit status 1
/// if any file is refused.
pub fn print(
    paths: &[impl AsRef<Path>],
    deny_warnings: bool,
    rules: Option<&Path>,
) -> std::process::ExitCode {
    let (lines, ok) = check_files_with(paths, deny_warnings, rules);
    for line in &lines {
        println!("{line}");
    }
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
