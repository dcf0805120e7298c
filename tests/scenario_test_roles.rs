//! Issue 28, scenario tests that never pass a mistake: a routed unit has no hex and no
//! status but `Routed` (R8.5), and `Happened` matches a unit only in the role the step
//! names (`attacker:`, `target:`, or `unit:` for the unit the event is about).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{scenario_test, test_failures, RedBlue};
use volley::commands::scenario_test::run_file;

/// A battle whose `Red pike` starts fleeing on its own edge and routs (R8.5).
fn rout() -> String {
    RedBlue::new("Rout")
        .unit("pikemen", "Red", (0, 3), "Red pike", ", fleeing: true")
        .unit("pikemen", "Red", (5, 3), "Red guard", "")
        .unit("pikemen", "Blue", (0, 0), "Blue pike", "")
        .text()
}

/// The failures of running `steps` on [`rout`] until `Red pike` has routed, then `checks`.
fn after_the_rout(checks: &str) -> Vec<String> {
    let steps = format!(
        "        ChooseFirst(first: true),\n        EndOrders,\n        EndOrders,\n        EndOrders,\n        EndOrders,\n        EndOrders,\n        EndOrders,\n{checks}"
    );
    let (_dir, path) = scenario_test(&rout(), &steps);
    test_failures(&path)
}

#[test]
fn r8_5_a_routed_unit_is_off_the_map_with_status_routed() {
    let checks = r#"        Expect(unit: "Red pike", on_map: false),
        Expect(unit: "Red pike", status: Routed),"#;
    assert_eq!(after_the_rout(checks), Vec::<String>::new());
}

#[test]
fn r8_5_a_routed_unit_has_no_hex_and_no_status_but_routed() {
    let checks = r#"        Expect(unit: "Red pike", at: (0, 3), status: Fleeing),"#;
    assert_eq!(
        after_the_rout(checks),
        ["12:9: `Red pike`: at nowhere (routed), expected (0, 3); status Routed, expected Fleeing"]
    );
}

/// The failures of the tutorial's test with `old` replaced by `new`, as `line:col: message`.
fn tutorial_with(old: &str, new: &str) -> Vec<String> {
    let scenario = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    let text = std::fs::read_to_string("scenarios/tests/tutorial.test.ron").unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` occurs once");
    let steps = text.replacen(old, new, 1);
    let (start, end) = (
        steps.find("steps: [").unwrap() + 8,
        steps.rfind(']').unwrap(),
    );
    let (_dir, path) = scenario_test(&scenario, &steps[start..end]);
    test_failures(&path)
}

const LANCERS_ATTACK: &str = r#"Happened(event: "AttackRolled", attacker: "Red lancers"),"#;

#[test]
fn i28_happened_matches_a_unit_only_in_the_role_named() {
    assert_eq!(
        tutorial_with(LANCERS_ATTACK, LANCERS_ATTACK),
        Vec::<String>::new()
    );
    let as_target = r#"Happened(event: "AttackRolled", target: "Blue shot"),"#;
    assert_eq!(
        tutorial_with(LANCERS_ATTACK, as_target),
        Vec::<String>::new()
    );
    let wrong_role = r#"Happened(event: "AttackRolled", target: "Red lancers"),"#;
    let failures = tutorial_with(LANCERS_ATTACK, wrong_role);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].starts_with(
            "30:9: no AttackRolled with target `Red lancers` among the last command's events ("
        ),
        "{failures:?}"
    );
    // AttackRolled names an attacker and a target, never a `unit`.
    let no_such_role = r#"Happened(event: "AttackRolled", unit: "Red lancers"),"#;
    assert_eq!(tutorial_with(LANCERS_ATTACK, no_such_role).len(), 1);
}

#[test]
fn i28_check_on_a_test_file_resolves_its_scenario_labels_sides_and_dice() {
    let scenario = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    let steps = r#"        Dice([4, 21]),
        StandFast(unit: "Red shoot"),
        Happened(event: "Fled", unit: "Blue pike"),
        Winner("Bleu"),"#;
    let (_dir, path) = scenario_test(&scenario, steps);
    let (lines, ok) = volley::commands::check_files(&[&path], false);
    assert!(!ok);
    let lines: Vec<&str> = lines
        .iter()
        .map(|l| l.rsplit_once(".test.ron:").unwrap().1)
        .collect();
    assert_eq!(
        lines,
        [
            "5:9: Dice(21): a d20 shows 1 to 20",
            "6:9: no unit labelled `Red shoot`; did you mean `Red shot`?",
            "8:9: no side called `Bleu`; did you mean `Blue`? (sides: Red, Blue)",
        ]
    );
    let (_dir, path) = scenario_test(&scenario, "        EndOrders,");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("battle.ron", "missing.ron")).unwrap();
    let (lines, ok) = volley::commands::check_files(&[&path], false);
    assert!(!ok);
    assert!(
        lines[0].ends_with("missing.ron:1:1: cannot open: no such file"),
        "{lines:?}"
    );
    assert!(
        lines[0].contains(".test.ron:2:5: the scenario does not load: "),
        "{lines:?}"
    );
}

#[test]
fn r3_1_dice_before_the_first_step_force_turn_1s_initiative() {
    let scenario = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    // The winner moves first, so only when Red (side A) wins may Red order at once.
    let steps = |faces: &str| {
        format!(
            "        Dice([{faces}]),\n        ChooseFirst(first: true),\n        StandFast(unit: \"Red pike\"),"
        )
    };
    let (_dir, path) = scenario_test(&scenario, &steps("6, 1"));
    assert_eq!(run_file(&path), Vec::<String>::new(), "Red rolls 6, Blue 1");
    let (_dir, path) = scenario_test(&scenario, &steps("1, 6"));
    let failures = run_file(&path);
    assert_eq!(failures.len(), 1, "Red rolls 1, Blue 6: {failures:?}");
    assert!(failures[0].contains(":7:9: StandFast"), "{failures:?}");
}
