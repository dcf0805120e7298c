//! The rules of play are in the repository (`docs/rules.md`) and in the game (`volley rules`):
//! every rule id the code cites (R1.1 … R12.8) has its place in the document, and the
//! document has no id the code never cites, except the few listed here with their reason.

#![allow(
    clippy::expect_used,
    reason = "a test that cannot run the binary should fail loudly"
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Folders whose files cite rules: the code, its tests, its data and its battles.
const CITING_FOLDERS: [&str; 5] = ["src", "tests", "assets", "benches", "scenarios"];

/// Files that name ids for another reason than citing a rule: this test (its list below and
/// its unknown ids) and the rules finders (their own unit tests ask for unknown ids).
const NOT_CITING: [&str; 3] = [
    "tests/rules_doc.rs",
    "src/commands/rules.rs",
    "src/rulebook.rs",
];

/// Ids the document has and the code does not cite yet, each with why.
const UNCITED: [(&str, &str); 0] = [];

/// Every `R<digits>.<digits>` in `text` (what the code writes to cite a rule).
fn cited_ids(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        bytes.get(from..).map_or(0, |rest| {
            rest.iter().take_while(|b| b.is_ascii_digit()).count()
        })
    };
    let mut ids = BTreeSet::new();
    for (at, _) in text.match_indices('R') {
        let major = digits(at + 1);
        let dot = at + 1 + major;
        let minor = digits(dot + 1);
        if major > 0 && bytes.get(dot) == Some(&b'.') && minor > 0 {
            ids.extend(text.get(at..dot + 1 + minor).map(str::to_string));
        }
    }
    ids
}

fn files_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            files_under(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// Each id the code cites, with the first file that cites it.
fn ids_in_code() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for folder in CITING_FOLDERS {
        files_under(&Path::new(ROOT).join(folder), &mut files);
    }
    assert!(
        files.len() > 50,
        "the walk found only {} files",
        files.len()
    );
    let mut seen: Vec<(String, String)> = Vec::new();
    for file in files {
        let name = file
            .strip_prefix(ROOT)
            .unwrap_or(&file)
            .to_string_lossy()
            .into_owned();
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if NOT_CITING.contains(&name.as_str()) {
            continue;
        }
        for id in cited_ids(&text) {
            if !seen.iter().any(|(known, _)| *known == id) {
                seen.push((id, name.clone()));
            }
        }
    }
    seen
}

fn doc() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("docs/rules.md")).unwrap_or_default()
}

/// The ids docs/rules.md gives a place: a heading `### R4.4 …`.
fn ids_in_doc(doc: &str) -> Vec<String> {
    doc.lines()
        .filter_map(|line| line.strip_prefix("### "))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|id| cited_ids(id).contains(*id))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_rule_id_the_code_cites_has_its_place_in_docs_rules_md() {
    let places = ids_in_doc(&doc());
    let missing: Vec<String> = ids_in_code()
        .into_iter()
        .filter(|(id, _)| !places.contains(id))
        .map(|(id, file)| format!("{id} (cited in {file})"))
        .collect();
    assert!(missing.is_empty(), "docs/rules.md lacks: {missing:?}");
}

#[test]
fn every_rule_id_in_docs_rules_md_is_cited_by_the_code_or_listed_with_a_reason() {
    let cited: Vec<String> = ids_in_code().into_iter().map(|(id, _)| id).collect();
    let uncited: Vec<String> = ids_in_doc(&doc())
        .into_iter()
        .filter(|id| !cited.contains(id) && !UNCITED.iter().any(|(listed, _)| listed == id))
        .collect();
    assert!(uncited.is_empty(), "no code cites: {uncited:?}");
    let stale: Vec<&str> = UNCITED
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| cited.iter().any(|c| c == id))
        .collect();
    assert!(
        stale.is_empty(),
        "cited now, take them off UNCITED: {stale:?}"
    );
}

#[test]
fn each_rule_id_has_one_place_and_every_id_the_text_names_has_one() {
    let doc = doc();
    let places = ids_in_doc(&doc);
    assert!(places.len() >= 57, "only {} rules found", places.len());
    let unique: BTreeSet<&String> = places.iter().collect();
    assert_eq!(unique.len(), places.len(), "an id has two headings");
    let dangling: Vec<String> = cited_ids(&doc)
        .into_iter()
        .filter(|id| !places.contains(id))
        .collect();
    assert!(
        dangling.is_empty(),
        "named but without a place: {dangling:?}"
    );
}

fn volley(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .output()
        .expect("run the volley binary");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn volley_rules_r4_4_prints_that_rule_and_no_other() {
    let (code, out, err) = volley(&["rules", "R4.4"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("### R4.4 Charge\n"), "{out}");
    assert!(out.contains("Shocked by cavalry"), "{out}");
    assert!(!out.contains("R4.5 Disengage"), "{out}");
}

#[test]
fn volley_rules_with_no_id_prints_the_whole_rules_as_shipped() {
    let (code, out, _) = volley(&["rules"]);
    assert_eq!(code, 0);
    assert_eq!(out, doc());
}

#[test]
fn volley_rules_with_an_unknown_id_fails_and_names_the_nearest() {
    let (code, out, err) = volley(&["rules", "R4.44"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "volley: no rule R4.44 in the rules; did you mean R4.4, R4.1, R4.2?\n"
    );
}

#[test]
fn volley_rules_escapes_the_unknown_id_it_echoes() {
    let (code, _, err) = volley(&["rules", "R\u{1b}[31m9"]);
    assert_eq!(code, 1);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(
        err.starts_with("volley: no rule R\\u{1b}[31m9 in the rules"),
        "{err:?}"
    );
}
