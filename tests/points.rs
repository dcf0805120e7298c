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

mod common;

use common::volley;
use volley::armies::fit::{self, Pairing, FEATURES};
use volley::armies::points::{PointsFit, PointsTable};
use volley::commands::points::{file_text, fit_results, pairing_battle, play_pairing, table_text};
use volley::engine::Rules;
use volley::engine::TroopType;
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
    let fit = shipped_fit();
    let priced = fit.price(&Rules::standard(), &edited).unwrap_or_default();
    // The new type has pikemen's features but not the residual pikemen's battles gave them.
    let residual = fit
        .battles
        .as_ref()
        .and_then(|b| b.residuals.get("pikemen").copied())
        .unwrap_or(0.0);
    let expected = (100.0 * (-residual).exp()).round() as u32;
    assert_eq!(priced.get("new pikemen"), Some(&expected));
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

/// Made-up results: every pair of catalog types at 2 against 2, 2 against 3 and 3 against 2,
/// with the wins over a million games that log values `truth · features` and a weight of
/// numbers `weight` give.
fn made_up_results(types: &[&TroopType], truth: &[f64], weight: f64) -> Vec<Pairing> {
    let rules = Rules::standard();
    let values: Vec<f64> = types
        .iter()
        .map(|t| fit::predict(0.0, truth, &fit::features(&rules, t).unwrap()))
        .collect();
    let mut out = Vec::new();
    for a in 0..types.len() {
        for b in a + 1..types.len() {
            for counts in [(2, 2), (2, 3), (3, 2)] {
                let mut r = Pairing {
                    a,
                    b,
                    counts,
                    a_wins: 0,
                    games: 1_000_000,
                };
                let p = fit::p_force(&values, weight, &r).unwrap();
                r.a_wins = (p * 1e6).round() as u32;
                out.push(r);
            }
        }
    }
    out
}

#[test]
fn the_fit_recovers_known_coefficients_from_made_up_results() {
    let catalog = catalog();
    let types: Vec<&TroopType> = catalog.troops().iter().collect();
    let truth = [0.8, -0.4, 1.1, 0.2, 0.4, 0.6, 0.45, 1.0, 1.3, 0.15];
    let fitted = fit_results(
        &types,
        &made_up_results(&types, &truth, 4.0),
        &Rules::standard(),
        (1_000_000, 1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = fitted
        .coefficients
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(names, FEATURES);
    for ((name, got), want) in fitted.coefficients.iter().zip(truth) {
        assert!((got - want).abs() < 0.02, "{name}: {got} against {want}");
    }
    assert!(
        (fitted.points_exponent - 0.25).abs() < 1e-3,
        "1/β: {}",
        fitted.points_exponent
    );
    assert!(fitted.r_squared > 0.999, "{}", fitted.r_squared);
    assert!(fitted.rms_win_rate < 0.005, "{}", fitted.rms_win_rate);
    assert!(
        fitted.loo_rms_log_value < 0.05,
        "{}",
        fitted.loo_rms_log_value
    );
}

#[test]
fn volley_points_write_writes_the_shipped_file_and_armies_lists_every_army() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("points.ron");
    let written = volley(&["points", "--write", "--out", out.to_str().unwrap()]);
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text == volley::armies::points::SHIPPED_POINTS_RON);
    let armies = volley(&["points", "--armies"]);
    let listed = String::from_utf8_lossy(&armies.stdout);
    assert!(
        listed
            .contains("Polish-Lithuanian Commonwealth (1576–1660): Kircholm, 1605; Klushino, 1610"),
        "{listed}"
    );
    assert_eq!(listed.matches(" min  max").count(), 16, "{listed}");
}

#[test]
fn volley_points_refuses_games_without_fit_and_fit_with_write() {
    for args in [
        &["points", "--games", "5"][..],
        &["points", "--fit", "--write"],
    ] {
        let refused = volley(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
    }
}
