//! How long `volley check` takes on hostile files at the 4 MiB size limit (issue 9): 119,355
//! objectives off the map, 40,829 troop types with a bad `hd`, 400 bad units with 500 bad
//! troop types all on one line, and (issue 25) 394 units of unknown troops among 500 own
//! types, every name thousands of characters long; a million map rows, as many units as
//! fit, and a file one byte over the limit (these three timed in tests until issue 27).
//! Target: each under 1 s in a release build (and under 100 MB, measured with
//! `/usr/bin/time -v volley check FILE`, see docs/performance.md).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

use volley::scenario::data::MAX_FILE_BYTES;
use volley::scenario::{Catalog, Scenario};

/// A valid battle's fields before its objectives, with `units` and `troops` spliced in.
fn head(units: &str, troops: &str) -> String {
    format!(
        "(name: \"Hostile\", map: [\". . . .\", \". . . .\"], \
         sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)], \
         units: [(troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 1)), \
         (troop: \"pikemen\", side: \"Blue\", creatures: 120, at: (0, 0)), {units}], \
         troops: [{troops}], turn_limit: 6, defender: \"Blue\", objectives: ["
    )
}

/// `head`, then as many `item(i)` as fit in 4 MiB, then the end of the file.
fn filled(head: &str, item: impl Fn(usize) -> String, sep: &str) -> String {
    let tail = "])\n";
    let mut text = head.to_string();
    for i in 0.. {
        let next = format!("{}{sep}", item(i));
        if text.len() + next.len() + tail.len() > MAX_FILE_BYTES {
            break;
        }
        text.push_str(&next);
    }
    text + tail
}

fn off_map_objectives() -> String {
    filled(
        &head("", ""),
        |i| format!("(name: \"o{i}\", at: (-1, {i}))"),
        ",\n",
    )
}

fn bad_catalog() -> String {
    let troop = |i| {
        format!(
            "(name: \"t{i}\", formation: FF, hd: \"x\", throw: 10, speed: 120, \
             melee: (name: \"pike\", damage: \"1d8\"))"
        )
    };
    filled("(troops: [", troop, ",\n")
}

/// 400 units of unknown troops, then 500 troop types with a bad `hd`, on one line of wide
/// characters, padded with a comment to 4 MiB.
fn one_line_of_problems() -> String {
    let units: Vec<String> = (0..398)
        .map(|i| format!("(troop: \"é{i}\", side: \"Red\", creatures: 120, at: ({i}, 9))"))
        .collect();
    let troops: Vec<String> = (0..500)
        .map(|i| {
            format!(
                "(name: \"中{i}\", formation: FF, hd: \"x\", throw: 10, speed: 120, \
                 melee: (name: \"pike\", damage: \"1d8\"))"
            )
        })
        .collect();
    let body = head(&units.join(", "), &troops.join(", ")) + "])\n";
    let room = MAX_FILE_BYTES - body.len() - 4;
    format!("/*{}*/{body}", "é".repeat(room / 2))
}

/// 500 own troop types and 394 units of unknown troops, every name long enough to fill
/// 4 MiB and none like another, so "did you mean" weighs each unit against every type
/// (issue 25: 2.4–3.7 s when each comparison read both whole names).
fn unknown_troops_among_long_names() -> String {
    let (types, units) = (500, 394);
    let pad = |i: usize, tag: &str, len: usize| format!("{tag}{i}-{}", "x".repeat(len));
    let troop = |name: String| {
        format!(
            "(name: \"{name}\", formation: FF, hd: \"1\", throw: 10, speed: 120, \
             melee: (name: \"pike\", damage: \"1d8\"))"
        )
    };
    let unit = |name: String, i: usize| {
        format!(
            "(troop: \"{name}\", side: \"Red\", creatures: 120, at: ({}, 1))",
            i % 4
        )
    };
    let fixed = head(&unit(pad(0, "u", 0), 0), &troop(pad(0, "t", 0))).len() + 200;
    let each = (MAX_FILE_BYTES - fixed) / (types + units) - 160;
    let troops: Vec<String> = (0..types).map(|i| troop(pad(i, "t", each))).collect();
    let unknown: Vec<String> = (0..units).map(|i| unit(pad(i, "u", each), i)).collect();
    head(&unknown.join(", "), &troops.join(", ")) + "])\n"
}

/// A million map rows of one hex each (issue 9; a wall-clock assert in tests/scenarios.rs
/// until issue 27).
fn a_million_map_rows() -> String {
    let rows = "\".\",".repeat(1_000_000);
    head("", "").replacen("map: [", &format!("map: [{rows}"), 1) + "])\n"
}

/// As many units as fit in 4 MiB (over 70,000; 400 are allowed).
fn as_many_units_as_fit() -> String {
    let unit = "(troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 1)), ";
    let count = (MAX_FILE_BYTES - head("", "").len() - 16) / unit.len();
    head(&unit.repeat(count), "") + "])\n"
}

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn check_a_million_map_rows(bencher: divan::Bencher) {
    let text = a_million_map_rows();
    assert!(text.len() <= MAX_FILE_BYTES);
    bencher.bench(|| Scenario::parse(divan::black_box(&text), "hostile.ron").unwrap_err());
}

#[divan::bench(sample_count = 10)]
fn check_as_many_units_as_fit(bencher: divan::Bencher) {
    let text = as_many_units_as_fit();
    assert!(text.len() <= MAX_FILE_BYTES);
    bencher.bench(|| Scenario::parse(divan::black_box(&text), "hostile.ron").unwrap_err());
}

/// A file one byte over 4 MiB is refused from its size alone, before it is read (issue 9;
/// a wall-clock assert in tests/scenarios.rs until issue 27).
#[divan::bench(sample_count = 10)]
fn load_a_file_over_4_mib(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.ron");
    std::fs::write(&path, " ".repeat(MAX_FILE_BYTES + 1)).unwrap();
    bencher.bench(|| Scenario::load(divan::black_box(&path)).unwrap_err());
}

#[divan::bench(sample_count = 10)]
fn check_off_map_objectives(bencher: divan::Bencher) {
    let text = off_map_objectives();
    bencher.bench(|| Scenario::parse(divan::black_box(&text), "hostile.ron").unwrap_err());
}

#[divan::bench(sample_count = 10)]
fn check_a_catalog_of_bad_troop_types(bencher: divan::Bencher) {
    let text = bad_catalog();
    bencher.bench(|| Catalog::parse(divan::black_box(&text), "troops.ron").unwrap_err());
}

#[divan::bench(sample_count = 10)]
fn check_one_line_of_problems(bencher: divan::Bencher) {
    let text = one_line_of_problems();
    assert!(text.len() <= MAX_FILE_BYTES);
    bencher.bench(|| Scenario::parse(divan::black_box(&text), "hostile.ron").unwrap_err());
}

#[divan::bench(sample_count = 10)]
fn check_unknown_troops_among_long_names(bencher: divan::Bencher) {
    let text = unknown_troops_among_long_names();
    assert!(text.len() <= MAX_FILE_BYTES && text.len() > MAX_FILE_BYTES - 100_000);
    let problems = Scenario::parse(&text, "hostile.ron").unwrap_err().lines();
    assert!(
        problems.iter().any(|p| p.contains("unknown troop type")),
        "{} problems, none of an unknown troop type",
        problems.len()
    );
    bencher.bench(|| Scenario::parse(divan::black_box(&text), "hostile.ron").unwrap_err());
}
