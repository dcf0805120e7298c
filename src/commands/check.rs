//! `volley check FILE…`: every problem of every file, as `file:line:col: message`.

use crate::engine::{DataError, Rules};
use crate::scenario::{read_limited, Catalog, Scenario};
use std::path::Path;

/// Checks each file by its kind (rules, troop catalog or scenario); returns the report
/// lines and whether every file passed.
pub fn check_files(paths: &[impl AsRef<Path>]) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut all_ok = true;
    for path in paths {
        let path = path.as_ref();
        match check_one(path) {
            Ok(()) => lines.push(format!("{}: ok", crate::files::shown(path))),
            Err(e) => {
                all_ok = false;
                lines.extend(e.lines());
            }
        }
    }
    (lines, all_ok)
}

fn check_one(path: &Path) -> Result<(), DataError> {
    let file = path.display().to_string();
    let source = read_limited(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    if name.ends_with("rules.ron") {
        Rules::parse(&source, &file).map(|_| ())
    } else if name.ends_with("troops.ron") {
        Catalog::parse(&source, &file).map(|_| ())
    } else {
        Scenario::parse(&source, &file).map(|_| ())
    }
}
