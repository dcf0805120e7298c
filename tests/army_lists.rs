//! Army lists (`assets/armies.ron`, issue 29): every army of the shipped and coming battles has
//! a list a quick battle can buy a small and a large force from, true to the army, and a bad
//! list file is refused with each problem at its `file:line:col`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::armies::{self, points::PointsTable, ArmyList};
use volley::scenario::{Catalog, Scenario};

fn lists() -> Vec<ArmyList> {
    armies::shipped().unwrap_or_else(|e| panic!("{e}"))
}

fn list(name: &str) -> ArmyList {
    lists()
        .into_iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("no army list `{name}`"))
}

/// The problems `source` gives as `a.ron`, one per line.
fn problems(source: &str) -> Vec<String> {
    let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
    armies::parse(source, "a.ron", &catalog)
        .err()
        .map(|e| e.lines())
        .unwrap_or_default()
}

/// The scenario files in `scenarios/`, sorted.
fn shipped_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir("scenarios")
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Units of mounted troop types among a list's most.
fn horse_share(list: &ArmyList) -> f64 {
    let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
    let mounted = |troop: &str| catalog.get(troop).is_some_and(|t| t.formation.is_mounted());
    let total: u32 = list.troops.iter().map(|e| e.max).sum();
    let horse: u32 = list
        .troops
        .iter()
        .filter(|e| mounted(&e.troop))
        .map(|e| e.max)
        .sum();
    f64::from(horse) / f64::from(total)
}

#[test]
fn every_army_of_the_issue_29_battles_has_a_list() {
    let names: Vec<String> = lists().into_iter().map(|l| l.name).collect();
    assert_eq!(
        names,
        [
            "Army of Flanders",
            "Dutch States army",
            "French royal army",
            "French Catholic royal army",
            "Huguenot army",
            "Swedish army",
            "Imperialist and Catholic League",
            "Saxon army",
            "Polish-Lithuanian Commonwealth",
            "Muscovite army and mercenaries",
            "English Royalists",
            "English Parliament",
            "Scots Covenanters",
            "Montrose's Royalist Scots and Irish",
            "Irish Confederates",
            "English Commonwealth",
        ]
    );
}

#[test]
fn every_list_buys_a_small_force_of_6_and_a_large_one_of_24() {
    for list in lists() {
        let least: u32 = list.troops.iter().map(|e| e.min).sum();
        let most: u32 = list.troops.iter().map(|e| e.max).sum();
        assert!(least <= 4, "{}: mins add up to {least}, over 4", list.name);
        assert!(
            most >= 30,
            "{}: maxes add up to {most}, under 30",
            list.name
        );
    }
}

#[test]
fn every_historical_shipped_battle_is_named_by_an_army_list_of_each_side() {
    let lists = lists();
    for file in shipped_files() {
        let scenario = Scenario::load(&file).unwrap_or_else(|e| panic!("{e}"));
        if scenario.name.starts_with("Tutorial") {
            continue;
        }
        let armies = lists
            .iter()
            .filter(|l| l.battles.contains(&scenario.name))
            .count();
        assert!(armies >= 2, "{} is named by {armies} lists", scenario.name);
    }
}

#[test]
fn every_listed_type_has_points_and_a_unit_of_standard_size_is_legal() {
    let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
    let table = PointsTable::shipped().unwrap_or_else(|e| panic!("{e}"));
    let rules = volley::engine::Rules::standard();
    for entry in lists().iter().flat_map(|l| &l.troops) {
        let troop = catalog
            .get(&entry.troop)
            .unwrap_or_else(|| panic!("{entry:?}"));
        let n = armies::standard_creatures(troop);
        assert!(
            volley::engine::Profile::derive(&rules, troop, n).is_ok(),
            "{n} {}",
            troop.name
        );
        assert!(
            table.of(&entry.troop).is_some(),
            "{} has no points",
            entry.troop
        );
    }
}

/// R2.6: Skirmishing Foot is at most 60 man-equivalents, so its standard unit is 60 (R1.1's
/// 120 foot would be refused).
#[test]
fn r2_6_a_standard_skirmishing_foot_unit_is_60_men() {
    let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
    let size = |name: &str| catalog.get(name).map(armies::standard_creatures);
    assert_eq!(size("commanded shot"), Some(60));
    assert_eq!(size("pikemen"), Some(120));
    assert_eq!(size("winged hussars"), Some(60));
}

#[test]
fn a_polish_list_is_mostly_horse_and_a_covenanter_list_mostly_foot() {
    assert!(horse_share(&list("Polish-Lithuanian Commonwealth")) > 0.75);
    assert!(horse_share(&list("Scots Covenanters")) < 0.35);
    assert!(horse_share(&list("Irish Confederates")) < 0.35);
}

#[test]
fn an_unknown_troop_is_refused_at_its_place_with_a_suggestion() {
    let source = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [\n  (troop: \"pikemen\", max: 2),\n  (troop: \"pikeman\", max: 2),\n ]),\n])";
    assert_eq!(
        problems(source),
        ["a.ron:4:4: army list `A`: unknown troop `pikeman` (did you mean `pikemen`?)"]
    );
}

#[test]
fn a_min_over_its_max_is_refused_at_its_entry() {
    let source = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [\n  (troop: \"pikemen\", min: 3, max: 2),\n ]),\n])";
    assert_eq!(
        problems(source),
        ["a.ron:3:4: army list `A`: `pikemen`: min 3 and max 2 must satisfy min ≤ max, 1 ≤ max ≤ 40"]
    );
}

#[test]
fn a_list_named_twice_is_refused_at_the_second_name() {
    let source = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [(troop: \"pikemen\", max: 2)]),\n (name: \"A\", years: (1600, 1610), troops: [(troop: \"pikemen\", max: 2)]),\n])";
    assert_eq!(
        problems(source),
        ["a.ron:3:3: army list `A` is named twice"]
    );
}

#[test]
fn years_that_run_backwards_are_refused_at_the_years() {
    let source = "(armies: [\n (name: \"A\", years: (1610, 1600), troops: [(troop: \"pikemen\", max: 2)]),\n])";
    assert_eq!(
        problems(source),
        ["a.ron:2:14: army list `A`: years (1610, 1600) run backwards: the first year comes first"]
    );
}

#[test]
fn a_troop_name_with_control_characters_is_shown_escaped() {
    let source = "(armies: [\n (name: \"A\", years: (1600, 1610), troops: [(troop: \"pike\\u{1b}[2J\", max: 2)]),\n])";
    let lines = problems(source);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains('\u{1b}')), "{lines:?}");
}

#[test]
fn every_catalog_type_a_shipped_battle_fields_is_in_a_list_of_that_battle() {
    let lists = lists();
    let catalog = Catalog::standard().unwrap_or_else(|e| panic!("{e}"));
    let mut missing = Vec::new();
    for file in shipped_files() {
        let scenario = Scenario::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let listed = |troop: &str| {
            lists.iter().any(|l| {
                l.battles.contains(&scenario.name) && l.troops.iter().any(|e| e.troop == troop)
            })
        };
        for unit in &scenario.setup.units {
            let name = &unit.troop.name;
            let own = catalog.get(name) != Some(&unit.troop);
            if !own && !scenario.name.starts_with("Tutorial") && !listed(name) {
                missing.push(format!("{}: {name}", scenario.name));
            }
        }
    }
    missing.dedup();
    assert_eq!(missing, Vec::<String>::new());
}
