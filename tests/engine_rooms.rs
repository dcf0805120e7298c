//! The engine is the rules, pure and headless (issue 27, "Rooms that say what they hold"):
//! outside its tests, no file of `src/engine/` imports from the rest of the crate (the
//! loaders, the terminal, the computer), so the rules never depend on how files are read
//! or text is shown.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::string_slice,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The lines of `source` before its test module, with `//` comments dropped.
fn code_lines(source: &str) -> impl Iterator<Item = (usize, &str)> {
    source
        .lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .map(|l| l.split("//").next().unwrap_or(""))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// `crate::X` paths in a line whose `X` is not `engine`.
fn outside_paths(line: &str) -> Vec<String> {
    line.match_indices("crate::")
        .map(|(at, _)| line[at + "crate::".len()..].to_string())
        .filter(|rest| !rest.starts_with("engine"))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn the_engine_imports_nothing_from_outside_src_engine() {
    let files = rust_files(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/engine"
    )));
    assert!(files.len() > 10, "found only {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for (n, line) in code_lines(&source) {
            for module in outside_paths(line) {
                found.push(format!("{}:{n}: crate::{module}", file.display()));
            }
            for gui in ["ratatui", "crossterm"] {
                if line.contains(&format!("{gui}::")) {
                    found.push(format!("{}:{n}: {gui}", file.display()));
                }
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}
