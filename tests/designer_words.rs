//! Issue 28, messages in the designer's terms: a refused step of a scenario test is written
//! as the test file writes it, a decision asked as the answers the file may give, an ending
//! in words, and `volley check`'s parse errors name the file's own things (a unit, an
//! objective, the scenario), never a Rust type (`UnitDef`) or debug form (`Hex { x: .. }`).

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
use volley::scenario::Scenario;

/// A small battle: `Red pike` starts fleeing on its own edge, so it routs in turn 1 (R8.5).
fn battle() -> String {
    RedBlue::new("Words")
        .unit("pikemen", "Red", (0, 3), "Red pike", ", fleeing: true")
        .unit("pikemen", "Blue", (0, 0), "Blue pike", "")
        .text()
}

/// The failures of running a test of `scenario` with `steps`, each from its `line:col` on.
fn failures(scenario: &str, steps: &str) -> Vec<String> {
    let (_dir, path) = scenario_test(scenario, steps);
    test_failures(&path)
}

/// The tutorial battle, as shipped.
fn tutorial() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/tutorial.ron");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn r4_1_a_refused_order_is_written_as_the_test_file_writes_it() {
    let steps =
        "        ChooseFirst(first: true),\n        March(unit: \"Red pike\", to: (12, 1)),";
    assert_eq!(
        failures(&tutorial(), steps),
        [
            "6:9: March(unit: \"Red pike\", to: (12, 1)) is refused: \"Red pike\" at (4, 6) \
             cannot reach that hex with this order (R4.1)"
        ]
    );
}

#[test]
fn r3_1_an_order_before_the_initiative_names_the_answers_the_file_may_give() {
    let steps = "        Charge(unit: \"Red lancers\", to: (5, 3), target: \"Blue shot\"),";
    assert_eq!(
        failures(&tutorial(), steps),
        [
            "5:9: Charge(unit: \"Red lancers\", to: (5, 3), target: \"Blue shot\") is refused: \
             a decision must be answered first (Red chooses to move first or second: \
             ChooseFirst(first: true) or ChooseFirst(first: false))"
        ]
    );
}

#[test]
fn r8_1_a_withdrawal_asked_names_the_units_by_label_and_the_answers() {
    let steps = r#"        ChooseFirst(first: true),
        StandFast(unit: "Red pike"),
        StandFast(unit: "Red shot"),
        Dice([4, 4]),
        Charge(unit: "Red lancers", to: (5, 3), target: "Blue shot"),
        EndOrders,
        EndOrders,
        Ready(unit: "Red shot"),
        EndOrders,
        Dice([20, 20, 2, 2]),
        EndOrders,
        EndOrders,"#;
    let got = failures(&tutorial(), steps);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("16:9: EndOrders is refused: a decision must be answered first (Blue: \"Blue shot\" at (5, 2), hit by \"Red lancers\" at (5, 3), may withdraw: Withdraw(hexes: 0) or "),
        "{got:?}"
    );
}

#[test]
fn r10_a_wrong_winner_says_how_the_battle_ended_in_words() {
    let steps = "        ChooseFirst(first: true),\n        Winner(Some(\"Red\")),";
    assert_eq!(
        failures(&battle(), steps),
        ["6:9: the winner is Blue, expected Red (ended by annihilation, R10.1)"]
    );
}

/// The lines of `volley check` on `text` as `line:col: message`.
fn parse_problems(text: &str) -> Vec<String> {
    let err = Scenario::parse(text, "s.ron").unwrap_err();
    err.to_string()
        .lines()
        .map(|l| l.strip_prefix("s.ron:").unwrap_or(l).to_string())
        .collect()
}

#[test]
fn a_misspelt_unit_field_names_a_unit_not_a_rust_type() {
    let text = battle().replace("label: \"Blue pike\"", "lable: \"Blue pike\"");
    assert_eq!(
        parse_problems(&text),
        [
            "7:70: Unexpected field named `lable` in a unit, expected one of `troop`, `side`, \
          `creatures`, `at`, `label`, `plural`, `disordered`, `ready`, `fleeing`, \
          `reload_tokens`, `damage`, `group`, or `reserve` instead"
        ]
    );
}

#[test]
fn a_missing_field_names_the_scenario_and_a_unit() {
    let text = battle().replace("    turn_limit: 6,\n", "");
    assert_eq!(
        parse_problems(&text),
        ["10:1: missing field `turn_limit` in the scenario"]
    );
    let text = battle().replace("creatures: 120, at: (0, 0)", "at: (0, 0)");
    assert_eq!(
        parse_problems(&text),
        ["7:72: missing field `creatures` in a unit"]
    );
}

#[test]
fn r12_4_a_misspelt_objective_field_and_edge_name_the_file_s_things() {
    let text = battle().replace(
        "    turn_limit: 6,",
        "    objectives: [(name: \"the mill\", at: (1, 1), vlaue: 2)],\n    turn_limit: 6,",
    );
    let got = parse_problems(&text);
    assert!(
        got[0].starts_with("9:49: Unexpected field named `vlaue` in an objective, expected one of `name`, `at`, `value`"),
        "{got:?}"
    );
    let text = battle().replace("edge: South", "edge: Sooth");
    assert_eq!(
        parse_problems(&text),
        [
            "4:33: Unexpected variant named `Sooth` for an edge, expected one of `North`, \
          `South`, `West`, or `East` instead"
        ]
    );
}

#[test]
fn a_test_file_s_parse_errors_name_the_step_as_written() {
    let steps = "        March(unit: \"Red pike\"),";
    assert_eq!(
        failures(&battle(), steps),
        ["5:31: missing field `to` in `March`"]
    );
    let steps = "        Expect(unit: \"Red pike\", stauts: Steady),";
    let got = failures(&battle(), steps);
    assert!(
        got[0].starts_with(
            "5:34: Unexpected field named `stauts` in `Expect`, expected one of `unit`, `at`,"
        ),
        "{got:?}"
    );
    let steps = "        Expect(unit: \"Red pike\", status: Routd),";
    assert_eq!(
        failures(&battle(), steps),
        [
            "5:42: Unexpected variant named `Routd` for a status, expected one of `Steady`, \
          `Disordered`, `Fleeing`, `Destroyed`, or `Routed` instead"
        ]
    );
}
