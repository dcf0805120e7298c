//! Issue 12: `volley sim` tells a designer the truth. Every game has its own dice, wins are
//! reported by side name for each pairing of players, with how battles ended and a table
//! per unit, as text, JSON or CSV; `--games 0` is refused.

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

use common::{kircholm, volley};

use volley::commands::sim_report::{csv, summarize, text};
use volley::engine::SideId;
use volley::sim::{simulate, PlayerKind, SimSetup};

#[test]
fn each_game_has_its_own_dice_so_the_same_player_on_both_sides_is_not_a_mirror() {
    let kinds = [PlayerKind::Advance, PlayerKind::Advance];
    let results = simulate(&kircholm(), 12, SimSetup::new(kinds, 5), &|| {});
    let seeds: Vec<u64> = results.iter().map(|r| r.seed).collect();
    assert_eq!(seeds, (5..17).collect::<Vec<_>>());
    // Swapped pairs used to replay one game: the side that won the first of a pair then
    // lost the second, always, and the report printed 50.0% and 50.0%.
    let mirrored = results
        .chunks(2)
        .all(|p| p[0].winner.map(SideId::other) == p[1].winner);
    assert!(!mirrored, "every pair of games mirrors the other");
    let summary = summarize(&kircholm(), &results);
    assert_eq!(
        summary.pairings.len(),
        1,
        "one pairing: advance against advance"
    );
    assert_eq!(summary.pairings[0].games, 12);
}

#[test]
fn wins_are_reported_by_side_name_for_each_pairing_with_endings_and_units() {
    let scenario = kircholm();
    let kinds = [PlayerKind::Normal, PlayerKind::Random];
    let results = simulate(&scenario, 6, SimSetup::new(kinds, 1), &|| {});
    let s = summarize(&scenario, &results);
    assert_eq!(s.pairings.len(), 2);
    assert_eq!(
        s.pairings[0].players,
        [PlayerKind::Normal, PlayerKind::Random]
    );
    assert_eq!(s.pairings[0].sides[0].name, "Sweden");
    assert_eq!(s.pairings[0].sides[1].name, "Poland-Lithuania");
    let ended: usize = s.endings.iter().map(|(_, n)| n).sum();
    assert_eq!(ended, 6);
    assert_eq!(s.turns.iter().sum::<usize>(), 6);
    assert_eq!(s.units.len(), scenario.setup.units.len());
    let printed = text(&s);
    assert!(printed.contains("normal as Sweden against random as Poland-Lithuania: 3 games"));
    assert!(printed.contains("random as Sweden against normal as Poland-Lithuania: 3 games"));
    assert!(printed.contains("How battles ended: annihilation"));
    assert!(printed.contains("Chodkiewicz's hussars"));
}

/// Issue 28: a unit's `lost` is the damage it took (a destroyed unit's included) and its
/// `routed` the uhp that left the field with it when it routed; the two add up to its
/// side's R10.3 losses, and a side's `lost` is exactly what the other side's units `dealt`.
#[test]
fn i28_each_sides_lost_is_the_other_sides_dealt_and_lost_plus_routed_its_losses() {
    let scenario = kircholm();
    let kinds = [PlayerKind::Normal, PlayerKind::Advance];
    let mut routed_somewhere = false;
    for r in simulate(&scenario, 8, SimSetup::new(kinds, 40), &|| {}) {
        for side in [SideId::A, SideId::B] {
            let of_side = |side: SideId, f: &dyn Fn(usize) -> u32| -> u32 {
                let units = scenario.setup.units.iter().enumerate();
                units
                    .filter(|(_, u)| u.side == side)
                    .map(|(i, _)| f(i))
                    .sum()
            };
            let lost = of_side(side, &|i| r.units[i].lost);
            let routed = of_side(side, &|i| r.units[i].routed_uhp);
            routed_somewhere |= routed > 0;
            let seed = r.seed;
            assert_eq!(
                lost + routed,
                r.losses[side.index()],
                "seed {seed} {side:?}"
            );
            let dealt_to_them = of_side(side.other(), &|i| r.units[i].dealt);
            assert_eq!(dealt_to_them, lost, "seed {seed} {side:?}");
        }
        assert!(
            r.units.iter().any(|u| u.dealt > 0),
            "seed {}: nobody dealt",
            r.seed
        );
    }
    assert!(routed_somewhere, "no unit routed: the test proves nothing");
}

/// Issue 28: the report says the same per side: its units' uhp dealt, lost and routed per
/// game, a side's lost the other's dealt.
#[test]
fn i28_the_report_gives_each_sides_dealt_lost_and_routed() {
    let scenario = kircholm();
    let kinds = [PlayerKind::Normal, PlayerKind::Advance];
    let results = simulate(&scenario, 6, SimSetup::new(kinds, 40), &|| {});
    let s = summarize(&scenario, &results);
    let [a, b] = &s.sides;
    assert_eq!(
        (a.name.as_str(), b.name.as_str()),
        ("Sweden", "Poland-Lithuania")
    );
    assert_eq!(a.lost, b.dealt);
    assert_eq!(b.lost, a.dealt);
    let printed = text(&s);
    assert!(printed.contains("lost  routed"), "{printed}");
    let (_, sides) = printed.split_once("\nSides: ").unwrap();
    let line = sides.lines().find(|l| l.starts_with("  Sweden ")).unwrap();
    let numbers: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(
        numbers,
        [a.dealt, a.lost, a.routed_uhp].map(|x| format!("{x:.1}")),
        "{line}"
    );
}

/// Issue 28: `normal` against `normal` reports wins by side in the JSON, with no player's
/// "normal 100%" (a player on both sides wins every game).
#[test]
fn i28_json_of_a_player_against_itself_reports_by_side() {
    let out = volley(&[
        "sim",
        "scenarios/tutorial.ron",
        "--games",
        "4",
        "--side-a",
        "advance",
        "--side-b",
        "advance",
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let summary = &v["summary"];
    assert_eq!(
        summary["players"].as_array().map(Vec::len),
        Some(0),
        "{summary}"
    );
    assert_eq!(summary["wins"][0]["name"], "Red");
    assert_eq!(summary["wins"][1]["name"], "Blue");
    let wins = |i: usize| summary["wins"][i]["wins"].as_u64().unwrap();
    let draws = summary["pairings"][0]["draws"].as_u64().unwrap();
    assert_eq!(wins(0) + wins(1) + draws, 4);
}

#[test]
fn csv_has_a_row_per_game_with_the_winners_side_name() {
    let scenario = kircholm();
    let kinds = [PlayerKind::Normal, PlayerKind::Random];
    let results = simulate(&scenario, 4, SimSetup::new(kinds, 1), &|| {});
    let table = csv(&scenario, &results);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "seed,player_a,player_b,winner,ending,turn,losses_a,losses_b"
    );
    assert_eq!(lines.len(), 5);
    assert!(lines[1].starts_with("1,normal,random,"));
    assert!(lines[2].starts_with("2,random,normal,"));
    assert!(table.contains("\"Poland-Lithuania\"") || table.contains("\"Sweden\""));
}

#[test]
fn the_cli_refuses_zero_games_and_prints_json_a_tool_can_read() {
    let zero = volley(&["sim", "scenarios/kircholm.ron", "--games", "0"]);
    assert!(!zero.status.success());
    assert!(String::from_utf8_lossy(&zero.stderr).contains("0 is not in 1.."));
    assert!(zero.stdout.is_empty(), "nothing like -0.0% printed");
    let out = volley(&[
        "sim",
        "scenarios/kircholm.ron",
        "--games",
        "2",
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["summary"]["games"], 2);
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert_eq!(v["summary"]["pairings"][0]["sides"][0]["name"], "Sweden");
}

#[test]
fn ablation_changes_the_units_named_and_only_them_and_plays_the_same_seeds() {
    use volley::commands::ablation::{changed, shifts, Change};
    let scenario = kircholm();
    let without = changed(&scenario, &[Change::Without("Uncovered shot".into())]).unwrap();
    assert_eq!(without.setup.units.len(), scenario.setup.units.len() - 1);
    assert!(without
        .setup
        .units
        .iter()
        .all(|u| u.label != "Uncovered shot"));
    let swap = Change::swap("Uncovered shot = pikemen").unwrap();
    let swapped = changed(&scenario, &[swap]).unwrap();
    let shot = swapped
        .setup
        .units
        .iter()
        .find(|u| u.label == "Uncovered shot")
        .unwrap();
    assert_eq!(shot.troop.name, "pikemen");
    let kinds = [PlayerKind::Advance, PlayerKind::Advance];
    let before = simulate(&scenario, 10, SimSetup::new(kinds, 1), &|| {});
    let after = simulate(&swapped, 10, SimSetup::new(kinds, 1), &|| {});
    assert_ne!(before, after, "the swap changed no game");
    assert_eq!(
        before.iter().map(|r| r.seed).collect::<Vec<_>>(),
        after.iter().map(|r| r.seed).collect::<Vec<_>>()
    );
    let s = shifts(&scenario, &before, &before);
    assert_eq!((s[0].change, s[1].change), (0.0, 0.0));
    assert!(s[0].ci95[0] < 0.0 && s[0].ci95[1] > 0.0);
    let unknown = changed(
        &scenario,
        &[Change::Swap("Uncovered shot".into(), "pikeman".into())],
    );
    assert_eq!(
        unknown.unwrap_err().to_string(),
        "no troop type `pikeman`; did you mean `pikemen`?"
    );
    assert!(changed(&scenario, &[Change::Without("Nobody".into())])
        .unwrap_err()
        .to_string()
        .starts_with("no unit labelled `Nobody` (labels: Mansfeld's pike,"));
    assert!(Change::swap("no equals sign").is_err());
}

/// `volley sim` of the tutorial with the Red lancers swapped for pikemen, 10 games, in
/// `format`.
fn swapped(format: &str) -> String {
    let out = volley(&[
        "sim",
        "scenarios/tutorial.ron",
        "--games",
        "10",
        "--side-a",
        "advance",
        "--side-b",
        "advance",
        "--swap",
        "Red lancers=pikemen",
        "--format",
        format,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Issue 28: the ablation's JSON gives game and win counts, and percentages rounded to a
/// tenth of a point (no `30.000000000000004`).
#[test]
fn i28_ablation_json_has_game_counts_and_no_float_noise() {
    let v: serde_json::Value = serde_json::from_str(&swapped("json")).unwrap();
    assert_eq!(v["games"], 10);
    assert_eq!(v["changes"][0], "Red lancers as pikemen");
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides[0]["side"], "Red");
    for s in sides {
        let wins = |k: &str| s[k].as_u64().unwrap();
        assert_eq!(
            s["before"].as_f64().unwrap(),
            wins("wins_before") as f64 * 10.0
        );
        assert_eq!(
            s["after"].as_f64().unwrap(),
            wins("wins_after") as f64 * 10.0
        );
        for k in ["before", "after", "change"] {
            let x = s[k].as_f64().unwrap();
            assert_eq!(
                format!("{x}"),
                format!("{:.1}", x).trim_end_matches(".0"),
                "{k}: {x}"
            );
        }
        for x in s["ci95"].as_array().unwrap() {
            let x = x.as_f64().unwrap();
            assert_eq!((x * 10.0).round() / 10.0, x, "{x}");
        }
    }
    // Each battle's units too, to a hundredth.
    for table in ["units_unchanged", "units_changed"] {
        let units = v[table].as_array().unwrap();
        assert_eq!(units.len(), 6, "{table}");
        for u in units {
            let x = u["lost"].as_f64().unwrap();
            assert_eq!((x * 100.0).round() / 100.0, x, "{table}: {u}");
        }
    }
}

/// Issue 28: `--format csv` works for an ablation: a row per side.
#[test]
fn i28_ablation_csv_has_a_row_per_side() {
    let csv = swapped("csv");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "side,games,wins_before,wins_after,before,after,change,ci95_low,ci95_high"
    );
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].starts_with("\"Red\",10,"), "{csv}");
    assert!(lines[2].starts_with("\"Blue\",10,"), "{csv}");
}

/// Issue 28: a swap's text report gives the per-unit table, unchanged and changed, like
/// the normal report's.
#[test]
fn i28_the_swap_report_gives_the_per_unit_table() {
    let text = swapped("text");
    assert_eq!(text.matches("\nUnits").count(), 2, "{text}");
    assert!(text.contains("Units of the changed battle:"), "{text}");
    let lancers = text
        .lines()
        .filter(|l| l.starts_with("  Red lancers "))
        .count();
    assert_eq!(lancers, 2, "{text}");
}

/// R12.7: a battle a scenario event ends is counted under "scenario event" in the report's
/// endings; a battle with no such ending lists no such row.
#[test]
fn r12_7_the_report_counts_endings_by_a_scenario_event() {
    let (_, text_of) = volley::scenario::SHIPPED
        .iter()
        .find(|(f, _)| f.ends_with("kircholm.ron"))
        .unwrap();
    let source = text_of.replace(
        "    turn_limit: 8,",
        "    events: [(name: \"Fog\", when: Turn(2), then: [EndBattle(winner: \"Sweden\", reason: \"Fog.\")])],\n    turn_limit: 8,",
    );
    let scenario = volley::scenario::Scenario::parse(&source, "fog.ron").unwrap();
    let kinds = [PlayerKind::Random, PlayerKind::Random];
    let results = simulate(&scenario, 4, SimSetup::new(kinds, 1), &|| {});
    let report = text(&summarize(&scenario, &results));
    assert!(report.contains("scenario event 4 (100.0%)"), "{report}");
    let plain = kircholm();
    let results = simulate(&plain, 4, SimSetup::new(kinds, 1), &|| {});
    let report = text(&summarize(&plain, &results));
    assert!(!report.contains("scenario event"), "{report}");
}
