//! Issue 28, "Tools that never pass a mistake": `volley check` refuses or warns, with
//! `file:line:col`, of values no battle should have (objectives no unit can hold, empty
//! names, two objectives of one name, both sides on one edge), and one real mistake is
//! reported once, without false problems after it.

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

use common::{edit, refused, RedBlue};
use volley::scenario::Scenario;

fn base() -> String {
    RedBlue::pike_and_shot("Test")
        .map(&[". . . . . .", ". . . . . .", ". . ~ . . .", ". . . . . ."])
        .objective("the mill", (4, 2))
        .objective("the ford", (5, 0))
        .text()
}

/// The warnings of a scenario that loads, as `line:col: message`.
fn warnings(text: &str) -> Vec<String> {
    let scenario = Scenario::parse(text, "warned.ron").unwrap();
    scenario.warnings.iter().map(ToString::to_string).collect()
}

#[test]
fn the_base_battle_is_clean() {
    assert!(warnings(&base()).is_empty());
}

#[test]
fn i28_values_an_objective_on_water_is_refused_no_unit_can_hold_it() {
    let text = edit(&base(), "at: (4, 2))", "at: (2, 2))");
    assert_eq!(
        refused(&text),
        ["bad.ron:10:37: objective `the mill` at (2, 2) is on water, which no unit can enter (R4.6)"]
    );
}

#[test]
fn i28_values_empty_battle_label_and_objective_names_are_refused() {
    let text = edit(&base(), r#"name: "Test""#, r#"name: " ""#);
    let text = edit(&text, r#"label: "Red shot""#, r#"label: """#);
    let text = edit(&text, r#"name: "the ford""#, r#"name: """#);
    assert_eq!(
        refused(&text),
        [
            "bad.ron:2:5: the battle's name is empty",
            "bad.ron:7:82: the unit at (1, 3) has an empty label: leave `label` out to use its troop type's name",
            "bad.ron:10:51: the objective at (5, 0) has an empty name",
        ]
    );
}

#[test]
fn i28_values_two_objectives_of_one_name_are_refused_at_the_second() {
    let text = edit(&base(), r#"name: "the ford""#, r#"name: "the mill""#);
    assert_eq!(
        refused(&text),
        ["bad.ron:10:51: objective `the mill` at (5, 0) has the same name as the one at (4, 2) (first at 10:19)"]
    );
}

#[test]
fn i28_values_both_sides_on_one_edge_is_a_warning_r8_4() {
    let text = edit(&base(), "edge: North", "edge: South");
    assert_eq!(
        warnings(&text),
        ["4:56: both sides have South as their home edge: their routed units flee the same way (R8.4)"]
    );
}

/// A scenario's own troop type `odd pike` with one bad field, used by two units.
fn with_bad_troop() -> String {
    let troops = r#"troops: [
        (name: "odd pike", formation: FF, hd: "1", armor: 99, morale: 0, throw: 11, speed: 90,
            melee: (name: "pike", damage: "1d10")),
    ],
    units: ["#;
    let text = edit(&base(), "units: [", troops);
    let text = edit(
        &text,
        r#""pikemen", side: "Red""#,
        r#""odd pike", side: "Red""#,
    );
    edit(
        &text,
        r#""pikemen", side: "Blue""#,
        r#""odd pike", side: "Blue""#,
    )
}

#[test]
fn i28_no_false_errors_a_bad_troop_field_is_not_also_an_unknown_type_at_each_unit() {
    assert_eq!(
        refused(&with_bad_troop()),
        ["bad.ron:6:52: troop `odd pike`: armor 99 is outside 0 to 15 (R2.8)"]
    );
}

#[test]
fn i28_no_false_errors_a_misspelt_side_adds_no_engaged_warning() {
    let text = edit(
        &base(),
        r#"side: "Blue", creatures: 120, at: (0, 0)"#,
        r#"side: "Bleu", creatures: 120, at: (0, 2)"#,
    );
    assert_eq!(
        refused(&text),
        [
            "bad.ron:4:41: side `Blue` has no units",
            "bad.ron:8:28: \"Blue pike\" at (0, 2): unknown side `Bleu`; did you mean `Blue`? (sides: Red, Blue)",
        ]
    );
}

#[test]
fn i28_no_false_errors_two_sides_of_one_name_are_one_error() {
    let kircholm = std::fs::read_to_string("scenarios/kircholm.ron").unwrap();
    let text = edit(
        &kircholm,
        r#"(name: "Poland-Lithuania""#,
        r#"(name: "Sweden""#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:31:10: both sides are called `Sweden`: give each its own name"]
    );
}
