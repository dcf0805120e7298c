//! Issue 12: scenario tests. Every shipped `scenarios/tests/*.test.ron` passes (one for
//! each lesson of the tutorial and a situation of each historical battle), and a failing
//! test names the step that failed with file:line:col and exits 1.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use strum::VariantNames;
use volley::commands::scenario_test::run_file;

fn shipped_tests() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("scenarios/tests")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".test.ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_scenario_test_passes_and_every_shipped_battle_has_one() {
    let files = shipped_tests();
    for file in &files {
        assert_eq!(run_file(file), Vec::<String>::new(), "{}", file.display());
    }
    for (battle, _) in volley::scenario::SHIPPED {
        let stem = battle
            .trim_start_matches("scenarios/")
            .trim_end_matches(".ron");
        let test = PathBuf::from(format!("scenarios/tests/{stem}.test.ron"));
        assert!(files.contains(&test), "no scenario test for {battle}");
    }
}

/// A copy of the tutorial's test with one line changed, in a temporary directory beside a
/// copy of the tutorial.
fn broken(old: &str, new: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("scenarios/tutorial.ron", dir.path().join("tutorial.ron")).unwrap();
    let text = std::fs::read_to_string("scenarios/tests/tutorial.test.ron").unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` occurs once");
    let text = text
        .replace("../tutorial.ron", "tutorial.ron")
        .replacen(old, new, 1);
    let path = dir.path().join("broken.test.ron");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn a_failing_check_is_reported_at_its_step_and_the_test_goes_on() {
    let (_dir, path) = broken(
        r#"Expect(unit: "Red lancers", at: (5, 3)),"#,
        r#"Expect(unit: "Red lancers", at: (5, 4), uhp: 99),"#,
    );
    let failures = run_file(&path);
    let file = path.display();
    assert_eq!(
        failures,
        [format!(
            "{file}:19:9: `Red lancers`: at (5, 3), expected (5, 4); uhp 8, expected 99"
        )]
    );
}

#[test]
fn a_refused_order_or_unknown_label_stops_the_test_with_the_engines_reason() {
    let (_dir, path) = broken(
        r#"Ready(unit: "Red shot"),"#,
        r#"Ready(unit: "Red shoot"),"#,
    );
    let failures = run_file(&path);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains(":23:9: no unit labelled `Red shoot` (labels: Red pike, Red shot,")
    );
    let (_dir, path) = broken(
        r#"StandFast(unit: "Red shot"),"#,
        r#"Fire(unit: "Red shot", target: "Blue pike"),"#,
    );
    let failures = run_file(&path);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains(":14:9: Fire(unit: \"Red shot\", target: \"Blue pike\") is refused:"),
        "{failures:?}"
    );
}

#[test]
fn the_cli_exits_1_on_a_failure_and_reports_a_syntax_error_where_it_is() {
    let (_dir, path) = broken(
        r#"Happened(event: "FirstSideChosen"),"#,
        r#"Happened(event: "Routed"),"#,
    );
    let out = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args([
            "test",
            path.to_str().unwrap(),
            "scenarios/tests/kircholm.test.ron",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            ":9:9: no Routed among the last command's events (DecisionAnswered, FirstSideChosen"
        ),
        "{text}"
    );
    assert!(text.contains("broken.test.ron: FAILED"), "{text}");
    assert!(
        text.contains("scenarios/tests/kircholm.test.ron: ok"),
        "{text}"
    );
    let (_dir, path) = broken("EndOrders,\n        EndOrders,", "EndOrders(,");
    let failures = run_file(&path);
    assert_eq!(failures.len(), 1);
    assert!(failures[0].contains("broken.test.ron:20:"), "{failures:?}");
}

#[test]
fn a_label_two_units_share_is_refused_rather_than_taken_for_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let tutorial = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    let twin = tutorial.replace("label: \"Red shot\"", "label: \"Red pike\"");
    std::fs::write(dir.path().join("twin.ron"), twin).unwrap();
    let test = "(scenario: \"twin.ron\", seed: 1, steps: [Expect(unit: \"Red pike\", uhp: 8)])";
    let path = dir.path().join("twin.test.ron");
    std::fs::write(&path, test).unwrap();
    let failures = run_file(&path);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0]
            .ends_with(":1:41: 2 units are labelled `Red pike`: give them labels of their own"),
        "{failures:?}"
    );
}

/// Issue 27: the kinds a test may name are the variants of `Event` themselves (no list kept
/// by hand): every kind may be named (`Conceded`), and a misspelt kind is reported
/// at its `file:line:col` with the kind meant, an unknown one with every kind.
#[test]
fn a_happened_step_names_an_event_by_its_variant_and_a_misspelt_kind_lists_the_kinds() {
    let (_dir, path) = broken(
        r#"Happened(event: "FirstSideChosen"),"#,
        r#"NotHappened(event: "Conceded"), Happened(event: "firstsidechosen"), Happened(event: "Chosen"),"#,
    );
    let failures = run_file(&path);
    let kinds: Vec<&str> = volley::engine::event::EventKind::VARIANTS.to_vec();
    assert_eq!(
        failures
            .iter()
            .map(|f| f.split_once(".ron:").map_or("", |(_, rest)| rest))
            .collect::<Vec<_>>(),
        [
            "9:41: no event kind `firstsidechosen`; did you mean `FirstSideChosen`?".to_string(),
            format!("9:77: no event kind `Chosen` (kinds: {})", kinds.join(", ")),
        ]
    );
    // R12.1, R12.3, R12.7: seven kinds of what a scenario makes happen; two of standing orders.
    assert_eq!(kinds.len(), 41);
}

/// Klushino's test with `old` (found once) replaced by `new`, beside a copy of the battle.
fn klushino_with(old: &str, new: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("scenarios/klushino.ron", dir.path().join("klushino.ron")).unwrap();
    let text = std::fs::read_to_string("scenarios/tests/klushino.test.ron").unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` occurs once");
    let text = text
        .replace("../klushino.ron", "klushino.ron")
        .replacen(old, new, 1);
    let path = dir.path().join("changed.test.ron");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Issue 28, R12.5: `Refused(step: …, because: …)` passes only when the engine refuses the
/// order for that very reason: an order it takes, or refuses otherwise, fails the step.
#[test]
fn r12_5_a_refused_step_fails_on_an_order_taken_or_refused_for_another_reason() {
    let (_dir, path) = klushino_with(
        r#"step: Charge(unit: "Dunikowski's hussars", to: (8, 4), target: "Mercenary pike"),"#,
        r#"step: Charge(unit: "Struś's hussars", to: (10, 9), target: "Russian noble horse"),"#,
    );
    let file = path.display();
    assert_eq!(
        run_file(&path),
        [format!(
            "{file}:11:9: Charge(unit: \"Struś's hussars\", to: (10, 9), target: \"Russian noble horse\") is not refused"
        )]
    );
    let (_dir, path) = klushino_with(
        r#"step: Charge(unit: "Dunikowski's hussars", to: (8, 4), target: "Mercenary pike"),"#,
        r#"step: Charge(unit: "Dunikowski's hussars", to: (4, 5), target: "Mercenary pike"),"#,
    );
    let file = path.display();
    assert_eq!(
        run_file(&path),
        [format!(
            "{file}:11:9: Charge(unit: \"Dunikowski's hussars\", to: (4, 5), target: \"Mercenary pike\") is refused, but because the charge must end adjacent to its target (R4.4), not because mounted units cannot charge into field works, nor at a unit standing in them (R12.5)"
        )]
    );
}

/// Issue 28, R12.1, R12.2: a reserve that has not come is named as one, never by a hex it
/// does not stand on: Klushino's arrival test run against a copy whose Hajduk foot comes a
/// turn later.
#[test]
fn r12_2_a_reserve_still_to_come_is_named_as_one_in_a_failed_test() {
    let dir = tempfile::tempdir().unwrap();
    let battle = std::fs::read_to_string("scenarios/klushino.ron").unwrap();
    assert_eq!(battle.matches("reserve: (turn: 4").count(), 1);
    let later = battle.replace("reserve: (turn: 4", "reserve: (turn: 5");
    std::fs::write(dir.path().join("klushino.ron"), later).unwrap();
    let test = std::fs::read_to_string("scenarios/tests/klushino_reserve.test.ron").unwrap();
    let path = dir.path().join("late.test.ron");
    std::fs::write(&path, test.replace("../klushino.ron", "klushino.ron")).unwrap();
    let file = path.display();
    assert_eq!(
        run_file(&path)[1..],
        [
            format!("{file}:27:9: `Hajduk foot`: at nowhere (a reserve still to come), expected (0, 5)"),
            format!("{file}:29:9: March(unit: \"Hajduk foot\", to: (1, 5)) is refused: no unit \"Hajduk foot\" (a reserve still to come)"),
        ]
    );
}
