//! Issue 12: `volley check` reads what a file is from its content, lists every problem at
//! once (inside a scenario's own troop types too), refuses starting states the rules do not
//! allow (R5.6, R6.4, R8.2, R10.3) with line:col, and warns of suspicious ones.

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

use common::{edit, refused as problems, volley, RedBlue};

use std::path::Path;
use volley::commands::{check_files, kind_of, FileKind};
use volley::engine::{Dice, Game, Status};
use volley::scenario::Scenario;

fn base() -> String {
    RedBlue::pike_and_shot("Test")
        .objective("the mill", (4, 2))
        .text()
}

#[test]
fn a_file_is_checked_as_what_its_fields_say_not_as_its_name_says() {
    let scenario = std::fs::read_to_string("scenarios/kircholm.ron").unwrap();
    let rules = std::fs::read_to_string("assets/rules.ron").unwrap();
    let troops = std::fs::read_to_string("assets/troops.ron").unwrap();
    assert_eq!(kind_of(&scenario, "swedish_troops.ron"), FileKind::Scenario);
    assert_eq!(kind_of(&troops, "winter_rules.ron"), FileKind::Troops);
    assert_eq!(kind_of(&rules, "battle.ron"), FileKind::Rules);
    assert_eq!(
        kind_of("(oops", "x_troops.ron"),
        FileKind::Troops,
        "by name if unparsable"
    );
    let test = std::fs::read_to_string("scenarios/tests/tutorial.test.ron").unwrap();
    assert_eq!(kind_of(&test, "tutorial.test.ron"), FileKind::Test);
    let (lines, ok) = check_files(&["scenarios/tests/kircholm.test.ron"], true);
    assert!(ok, "{lines:?}");
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("swedish_troops.ron", &scenario),
        ("winter_rules.ron", &troops),
        ("my.ron", &rules),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let paths: Vec<_> = files.iter().map(|(n, _)| dir.path().join(n)).collect();
    let (lines, ok) = check_files(&paths, false);
    assert!(ok, "{lines:?}");
}

/// Issue 29: the army lists and the points table are checked as what they are, and a bad
/// army list gets its problem at its place.
#[test]
fn army_lists_and_the_points_table_are_checked_as_themselves() {
    let armies = std::fs::read_to_string("assets/armies.ron").unwrap();
    let points = std::fs::read_to_string("assets/points.ron").unwrap();
    assert_eq!(kind_of(&armies, "a.ron"), FileKind::Armies);
    assert_eq!(kind_of(&points, "b.ron"), FileKind::Points);
    let (lines, ok) = check_files(&["assets/armies.ron", "assets/points.ron"], true);
    assert!(ok, "{lines:?}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("lists.ron");
    let text = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [\n  (troop: \"pikeman\", max: 2),\n ]),\n])";
    std::fs::write(&bad, text).unwrap();
    let (lines, ok) = check_files(&[&bad], false);
    assert!(!ok);
    assert_eq!(
        lines,
        [format!(
            "{}:3:4: army list `A`: unknown troop `pikeman` (did you mean `pikemen`?)",
            bad.display()
        )]
    );
}

#[test]
fn every_problem_of_a_scenarios_own_troop_types_is_listed_at_once() {
    let troops = r#"troops: [
        (name: "odd pike", formation: FF, hd: "x", armor: 4, morale: 0, throw: 40, speed: 90,
            melee: (name: "pike", damage: "1q10")),
        (name: "odd sword", formation: FF, hd: "1", armor: 4, morale: 0, throw: 11, speed: 90,
            melee: (name: "sword", damage: "zz")),
    ],
    units: ["#;
    let lines = problems(&edit(&base(), "units: [", troops));
    assert_eq!(
        lines,
        [
            "bad.ron:6:43: troop `odd pike`: `x` is not hit dice like \"1+1\"",
            "bad.ron:6:73: troop `odd pike`: throw 40 is outside 1 to 30 (R2.8)",
            "bad.ron:7:35: troop `odd pike`: `1q10` is not a damage roll like \"1d8\" or \"1d6+1\"",
            "bad.ron:9:36: troop `odd sword`: `zz` is not a damage roll like \"1d8\" or \"1d6+1\"",
        ]
    );
}

#[test]
fn r5_6_ready_is_refused_on_if_uf_and_on_units_not_steady() {
    let uf = edit(
        &base(),
        r#"label: "Blue pike")"#,
        r#"label: "Blue pike"), (troop: "peasant levy", side: "Blue", creatures: 120, at: (3, 0), ready: true)"#,
    );
    let lines = problems(&uf);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("ready, but IF and UF never ready (R5.6)"),
        "{lines:?}"
    );
    assert!(lines[0].starts_with("bad.ron:8:"), "{lines:?}");
    let disordered = edit(
        &base(),
        r#"label: "Red pike")"#,
        r#"label: "Red pike", disordered: true, ready: true)"#,
    );
    assert_eq!(
        problems(&disordered),
        ["bad.ron:6:106: \"Red pike\" at (0, 3): ready, but only steady units ready (R5.6)"]
    );
}

#[test]
fn r6_4_reload_tokens_are_refused_without_a_firearm_or_beyond_what_it_gains() {
    let pike = edit(
        &base(),
        r#"label: "Red pike")"#,
        r#"label: "Red pike", reload_tokens: 1)"#,
    );
    assert_eq!(
        problems(&pike),
        ["bad.ron:6:88: \"Red pike\" at (0, 3): 1 reload token, but it gains none: no firearm (R6.4)"]
    );
    let shot = edit(
        &base(),
        r#"label: "Red shot")"#,
        r#"label: "Red shot", reload_tokens: 3)"#,
    );
    let lines = problems(&shot);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].contains("3 reload tokens, but it never holds more than 1 (R6.4)"),
        "{lines:?}"
    );
    let one = edit(
        &base(),
        r#"label: "Red shot")"#,
        r#"label: "Red shot", reload_tokens: 1)"#,
    );
    Scenario::parse(&one, "ok.ron").unwrap();
}

#[test]
fn r8_2_damage_that_leaves_no_uhp_and_r10_3_two_objectives_on_one_hex_are_refused() {
    let hurt = edit(
        &base(),
        r#"label: "Red pike")"#,
        r#"label: "Red pike", damage: 500)"#,
    );
    let lines = problems(&hurt);
    assert!(lines[0].starts_with("bad.ron:6:88:") && lines[0].contains("damage 500 leaves none"));
    let twin = edit(
        &base(),
        r#"(name: "the mill", at: (4, 2))"#,
        r#"(name: "the mill", at: (4, 2)), (name: "the ford", at: (4, 2))"#,
    );
    assert_eq!(
        problems(&twin),
        ["bad.ron:10:69: objective `the ford` at (4, 2) is on the same hex as `the mill`: one hex counts once (R10.3)"]
    );
}

#[test]
fn r8_4_a_unit_may_start_fleeing() {
    let text = edit(
        &base(),
        r#"label: "Blue pike")"#,
        r#"label: "Blue pike", fleeing: true)"#,
    );
    let scenario = Scenario::parse(&text, "ok.ron").unwrap();
    let game = Game::new(scenario.setup, Dice::seeded(1)).unwrap();
    let blue = game
        .units()
        .iter()
        .find(|u| u.label == "Blue pike")
        .unwrap();
    assert_eq!(blue.status, Status::Fleeing);
    let both = edit(
        &base(),
        r#"label: "Blue pike")"#,
        r#"label: "Blue pike", fleeing: true, disordered: true)"#,
    );
    assert!(problems(&both)[0].contains("fleeing and disordered"));
}

#[test]
fn duplicate_labels_warn_and_deny_warnings_makes_them_refusals() {
    let twin = edit(&base(), r#"label: "Red shot")"#, r#"label: "Red pike")"#);
    let scenario = Scenario::parse(&twin, "twin.ron").unwrap();
    assert_eq!(scenario.warnings.len(), 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twin.ron");
    std::fs::write(&path, &twin).unwrap();
    let p = path.to_str().unwrap();
    let warned = volley(&["check", p]);
    assert!(warned.status.success());
    let out = String::from_utf8_lossy(&warned.stdout);
    assert!(
        out.contains("twin.ron:7:82: warning: \"Red pike\" at (1, 3) has the same label as \"Red pike\" at (0, 3)"),
        "{out}"
    );
    let denied = volley(&["check", "--deny-warnings", p]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&denied.stdout).contains("refused: warnings are errors"));
    assert!(Path::new(p).exists());
}

#[test]
fn r4_2_a_unit_starting_beside_an_enemy_is_a_warning() {
    let text = edit(
        &base(),
        "at: (0, 0), label: \"Blue pike\"",
        "at: (0, 2), label: \"Blue pike\"",
    );
    let scenario = Scenario::parse(&text, "close.ron").unwrap();
    let warnings: Vec<&str> = scenario
        .warnings
        .iter()
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(
        warnings,
        ["\"Blue pike\" at (0, 2) starts beside the enemy \"Red pike\" at (0, 3): engaged from the first turn (R4.2)"]
    );
    assert_eq!(
        (scenario.warnings[0].line, scenario.warnings[0].col),
        (8, 58)
    );
}

#[test]
fn a_troop_type_defined_twice_in_one_list_is_refused_at_the_second() {
    let troops = r#"troops: [
        (name: "odd pike", formation: FF, hd: "1", armor: 4, morale: 0, throw: 11, speed: 90,
            melee: (name: "pike", damage: "1d10")),
        (name: "odd pike", formation: FF, hd: "1", armor: 5, morale: 0, throw: 11, speed: 90,
            melee: (name: "pike", damage: "1d10")),
    ],
    units: ["#;
    assert_eq!(
        problems(&edit(&base(), "units: [", troops)),
        ["bad.ron:8:10: troop `odd pike` is defined twice (first at 6:10)"]
    );
}

#[test]
fn a_map_with_problems_does_not_hide_the_units_problems() {
    let text = edit(
        &base(),
        r#"". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]"#,
        r#"". . . . . .", ". . X . . .", ". . . . . .", ". . . . . ."]"#,
    );
    let text = edit(
        &text,
        r#"label: "Red shot")"#,
        r#"label: "Red shot", reload_tokens: 3)"#,
    );
    let lines = problems(&text);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("unknown terrain `X`"), "{lines:?}");
    assert!(
        lines[1].contains("3 reload tokens, but it never holds more than 1 (R6.4)"),
        "{lines:?}"
    );
}
