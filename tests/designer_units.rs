//! Issue 28, `volley units` shows what a battle starts with: each unit's uhp after the
//! damage it starts with, its reload tokens held (R6.4) apart from those a volley gains
//! (R2.5), its status (R8.3, R8.4) and whether it is ready (R5.6), and every weapon, the
//! melee weapon of shooters included (R2.4), as text and JSON.

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

use common::RedBlue;
use volley::commands::units_report;
use volley::scenario::Scenario;

/// Four units, each starting in another state.
fn starts() -> String {
    RedBlue::new("Start states")
        .unit(
            "matchlock musketeers",
            "Red",
            (1, 3),
            "Red shot",
            ", ready: true",
        )
        .unit(
            "matchlock musketeers",
            "Red",
            (2, 3),
            "Reloading shot",
            ", reload_tokens: 1",
        )
        .unit(
            "pikemen",
            "Red",
            (0, 3),
            "Red pike",
            ", damage: 3, disordered: true",
        )
        .unit("pikemen", "Blue", (0, 0), "Blue pike", ", fleeing: true")
        .text()
}

fn scenario() -> Scenario {
    Scenario::parse(&starts(), "starts.ron").unwrap()
}

#[test]
fn r5_6_r6_4_r8_3_units_text_shows_each_unit_s_starting_state_and_every_weapon() {
    let expected = "\
Start states
unit            side  hex     fm  men  uhp   move  AC  ML  status         tokens  missile                             melee
Red shot        Red   (1, 3)  DF  120    8  1/2/3   1  +0  steady, ready       0  1 matchlock musket, 1 reload token  2 sword 1d6
Reloading shot  Red   (2, 3)  DF  120    8  1/2/3   1  +0  steady              1  1 matchlock musket, 1 reload token  2 sword 1d6
Red pike        Red   (0, 3)  FF  120  5/8  2/3/4   4  +0  disordered          -  -                                   3 pike 1d10
Blue pike       Blue  (0, 0)  FF  120    8  2/3/4   4  +0  fleeing             -  -                                   3 pike 1d10
";
    assert_eq!(units_report(&scenario(), false), expected);
}

#[test]
fn r2_5_r6_4_units_json_names_tokens_per_volley_apart_from_tokens_held() {
    let rows: serde_json::Value = serde_json::from_str(&units_report(&scenario(), true)).unwrap();
    let shot = &rows[1];
    assert_eq!(shot["label"], "Reloading shot");
    assert_eq!(shot["reload_tokens"], 1);
    assert_eq!(shot["reload_tokens_per_volley"], 1);
    assert_eq!(rows[0]["reload_tokens"], 0);
    assert_eq!(rows[0]["ready"], true);
    assert_eq!(rows[0]["status"], "Steady");
    assert_eq!(
        shot["weapons"],
        serde_json::json!([
            {"use": "missile", "name": "matchlock musket", "attacks": 1, "damage": "1d8"},
            {"use": "melee", "name": "sword", "attacks": 2, "damage": "1d6"},
        ])
    );
    let pike = &rows[2];
    assert_eq!(pike["uhp"], 5);
    assert_eq!(pike["full_uhp"], 8);
    assert_eq!(pike["status"], "Disordered");
    assert_eq!(pike["ready"], false);
    assert_eq!(rows[3]["status"], "Fleeing");
    assert_eq!(
        pike["weapons"],
        serde_json::json!([{"use": "melee", "name": "pike", "attacks": 3, "damage": "1d10"}])
    );
}
