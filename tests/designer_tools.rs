//! Issue 12: the designer's views of a scenario. `volley show` draws the map with the
//! game's own widget as plain text, `volley troops` lists the catalog with a scenario's own
//! troop types, and `volley units` keeps its columns aligned and shows each unit's hex.

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

use common::volley;

use volley::commands::troops::{own_troops, troops_report};
use volley::commands::units_report;
use volley::engine::Rules;
use volley::scenario::{Catalog, Scenario};

const OWN: &str = r#"(
    name: "Own troops",
    map: [". . . .", ". ^ . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    troops: [
        (name: "winter pikemen", formation: FF, hd: "1", armor: 5, morale: 1, throw: 11, speed: 60,
            melee: (name: "pike", damage: "1d10", class: SpearOrPolearm)),
    ],
    units: [
        (troop: "winter pikemen", side: "Red", creatures: 120, at: (0, 2),
            label: "The very long label of Lord Ormonde's pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (3, 0), label: "Blue pike"),
    ],
    objectives: [(name: "the mill", at: (2, 1))],
    turn_limit: 6,
    defender: "Blue",
)
"#;

#[test]
fn show_draws_the_map_with_every_unit_and_objective_and_a_key() {
    let out = volley(&["show", "scenarios/tutorial.ron"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Tutorial: pike, shot and horse\n"));
    // The map as the game draws it: Red's pike at (4, 6) shows as `RFF` over `p 8`.
    assert!(text.contains("RFF"), "{text}");
    assert!(text.contains("p 8"), "{text}");
    assert!(text.contains("@@"), "the objective is marked: {text}");
    assert!(text.contains("  RFF p  Red pike"), "{text}");
    assert!(
        text.contains("  the crossroads                    (5, 4)"),
        "{text}"
    );
    assert!(text.contains("Terrain: . clear"), "{text}");
    assert!(!text.contains('\u{1b}'), "plain text, no escape codes");
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let shown = volley::tui::show::show(scenario, 60).unwrap();
    let too_narrow = volley::tui::show::show(Scenario::parse(OWN, "own.ron").unwrap(), 20);
    assert_eq!(
        too_narrow.unwrap_err().to_string(),
        "the map is 4 hexes wide: it needs a width of at least 23 columns"
    );
    let map_lines = shown.lines().take_while(|l| !l.starts_with("Terrain:"));
    assert!(
        map_lines.into_iter().all(|l| l.chars().count() <= 60),
        "{shown}"
    );
}

#[test]
fn troops_lists_the_catalog_and_marks_a_scenarios_own_troop_types() {
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let standard = Catalog::standard().unwrap();
    let merged = scenario.catalog().unwrap();
    let own = own_troops(&merged, &standard);
    assert_eq!(own, ["winter pikemen"]);
    let text = troops_report("T", &merged, &own, &Rules::standard());
    let line = text
        .lines()
        .find(|l| l.starts_with("winter pikemen"))
        .unwrap();
    assert!(line.contains("scenario"), "{line}");
    assert!(line.ends_with("3 pike"), "{line}");
    let pike = text.lines().find(|l| l.starts_with("pikemen ")).unwrap();
    assert!(pike.contains("catalog") && pike.contains("2/3/4"), "{pike}");
    let cli = volley(&["troops"]);
    assert!(cli.status.success());
    assert!(String::from_utf8_lossy(&cli.stdout).contains("matchlock musketeers"));
}

#[test]
fn units_keeps_its_columns_aligned_for_long_labels_and_shows_each_hex() {
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let text = units_report(&scenario, false);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let column = |l: &str, what: &str| l.find(what).unwrap();
    let side_at = column(lines[0], "side");
    assert_eq!(lines[1].find(" Red ").unwrap() + 1, side_at, "{text}");
    assert_eq!(lines[2].find(" Blue ").unwrap() + 1, side_at, "{text}");
    assert!(
        lines[1].contains("(0, 2)") && lines[2].contains("(3, 0)"),
        "{text}"
    );
}
