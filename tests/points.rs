//! Troop points (`assets/points.ron`, issue 29): derived from the engine by `volley points
//! --fit`, never chosen by hand. The table in the repository must be what its stored fit
//! gives for the catalog, and the round robin that fits it is deterministic.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::armies::points::{PointsFit, PointsTable};
use volley::commands::points::{file_text, pairing_battle, play_pairing, table_text};
use volley::engine::Rules;
use volley::scenario::{Catalog, Scenario};

fn catalog() -> Catalog {
    Catalog::standard().unwrap_or_else(|e| panic!("{e}"))
}

fn shipped() -> PointsTable {
    PointsTable::shipped().unwrap_or_else(|e| panic!("{e}"))
}

fn shipped_fit() -> PointsFit {
    shipped()
        .fit()
        .cloned()
        .unwrap_or_else(|| panic!("assets/points.ron holds no fit"))
}

/// The catalog with one line of assets/troops.ron changed.
fn edited_catalog(from: &str, to: &str) -> Catalog {
    let source = volley::scenario::catalog::DEFAULT_TROOPS_RON.replacen(from, to, 1);
    assert_ne!(source, volley::scenario::catalog::DEFAULT_TROOPS_RON);
    Catalog::parse(&source, "troops.ron").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_points_table_in_the_repository_is_what_its_fit_gives_for_the_catalog() {
    let checked = shipped().check_against(&Rules::standard(), &catalog());
    assert_eq!(checked, Ok(()));
}

#[test]
fn the_points_file_is_byte_for_byte_what_volley_points_write_would_write() {
    let text =
        file_text(&shipped_fit(), &catalog(), &Rules::standard()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        text == volley::armies::points::SHIPPED_POINTS_RON,
        "assets/points.ron differs from what `volley points --write` writes: run it"
    );
}

#[test]
fn editing_a_troop_type_without_regenerating_names_the_type_and_the_command() {
    let edited = edited_catalog(
        "(name: \"gendarmes\", formation: HC, size: Large, hd: \"2\", armor: 6",
        "(name: \"gendarmes\", formation: HC, size: Large, hd: \"2\", armor: 2",
    );
    let checked = shipped().check_against(&Rules::standard(), &edited);
    let message = checked.err().unwrap_or_default();
    let stored = shipped().of("gendarmes").unwrap_or_default();
    let priced = shipped_fit()
        .price(&Rules::standard(), &edited)
        .unwrap_or_default();
    let now = priced.get("gendarmes").copied().unwrap_or_default();
    assert_ne!(stored, now, "the fit sees armor");
    assert_eq!(
        message,
        format!(
            "assets/points.ron is stale for `gendarmes` (table {stored}, fit {now}): run \
             `volley points --write` after a catalog edit, or `volley points --fit` after a \
             change to the rules (docs/points.md)"
        )
    );
}

#[test]
fn a_new_troop_type_gets_points_from_its_features_without_new_games() {
    let edited = edited_catalog(
        "(name: \"halberdiers\",",
        "(name: \"new pikemen\", formation: FF, hd: \"1\", armor: 4, morale: 0, throw: 11, speed: 90,\n\
         melee: (name: \"pike\", damage: \"1d10\", class: SpearOrPolearm)),\n(name: \"halberdiers\",",
    );
    let priced = shipped_fit()
        .price(&Rules::standard(), &edited)
        .unwrap_or_default();
    assert_eq!(priced.get("new pikemen"), Some(&100));
    assert_eq!(priced.get("pikemen"), Some(&100), "the anchor");
}

#[test]
fn the_round_robin_battle_passes_check_with_its_units_on_open_ground() {
    let catalog = catalog();
    let (Some(pike), Some(shot)) = (catalog.get("pikemen"), catalog.get("commanded shot")) else {
        panic!("catalog types missing");
    };
    let source = pairing_battle((pike, 2), (shot, 3));
    let scenario = Scenario::parse(&source, "rr.ron").unwrap_or_else(|e| panic!("{e}\n{source}"));
    let sizes: Vec<u32> = scenario.setup.units.iter().map(|u| u.creatures).collect();
    assert_eq!(
        sizes,
        [120, 120, 60, 60, 60],
        "standard sizes, R1.1 and R2.6"
    );
}

#[test]
fn the_round_robin_is_deterministic_and_plays_every_game_to_an_end() {
    let catalog = catalog();
    let (Some(pike), Some(horse)) = (catalog.get("pikemen"), catalog.get("light horse")) else {
        panic!("catalog types missing");
    };
    let play =
        || play_pairing((pike, 2), (horse, 2), (6, 7), &|| {}).unwrap_or_else(|e| panic!("{e}"));
    let first = play();
    assert_eq!(first.1, 6, "every game ends (R10)");
    assert_eq!(first, play());
}

#[test]
fn volley_points_shows_each_type_with_its_features_and_points() {
    let text = table_text(&shipped(), &catalog(), &Rules::standard());
    let pike = text
        .lines()
        .find(|l| l.starts_with("pikemen "))
        .unwrap_or_default();
    let cells: Vec<&str> = pike.split_whitespace().collect();
    assert_eq!(
        cells,
        ["pikemen", "FF", "120", "8", "3", "0.00", "4", "+0", "+0", "2", "100"]
    );
}
