//! R12.6 roads and bridges: the scenario field as `check` takes or refuses it, and what the
//! engine's movement does with it: exact costs and paths of marches, charges and retreats.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;
mod screen;
use common::*;
use volley::engine::types::SideId;
use volley::engine::{BattleSetup, Game, MoveKind, Phase, Terrain};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// A clear field with `terrain` in the listed hexes and roads through `roads`; A's foot on
/// (2,5), B's far off on (10,0).
fn field(terrain: &[((i32, i32), Terrain)], roads: &[(i32, i32)]) -> BattleSetup {
    let mut s = setup(vec![ff(A, 2, 5), ff(B, 10, 0)]);
    for &((col, row), t) in terrain {
        s.map.set(at(col, row), t);
    }
    for &(col, row) in roads {
        s.map.add_road(at(col, row));
    }
    s
}

fn moving(setup: BattleSetup) -> Game {
    let mut g = game_with(setup, &[6, 1]);
    to_phase(&mut g, Phase::Movement);
    g
}

const WOODS: [((i32, i32), Terrain); 2] = [((3, 5), Terrain::Woods), ((4, 5), Terrain::Woods)];
const ROAD: [(i32, i32); 4] = [(2, 5), (3, 5), (4, 5), (5, 5)];

#[test]
fn r12_6_a_march_along_a_road_costs_1_a_hex_whatever_the_terrain() {
    // FF hustle 3: off the road the woods at (4,5) are out of reach (2 + 2).
    let off = moving(field(&WOODS, &[]));
    let reach = off.reach(id(0), MoveKind::Hustle);
    assert_eq!(
        (reach.cost_of(at(3, 5)), reach.cost_of(at(4, 5))),
        (Some(2), None)
    );
    let g = moving(field(&WOODS, &ROAD));
    for kind in [MoveKind::March, MoveKind::Hustle] {
        let reach = g.reach(id(0), kind);
        assert_eq!(reach.cost_of(at(4, 5)), Some(2), "{kind:?}");
        assert_eq!(reach.path_to(at(4, 5)), [at(3, 5), at(4, 5)], "{kind:?}");
    }
}

#[test]
fn r12_6_a_step_off_the_road_pays_the_terrain() {
    // (3,5) is woods with a road, but (2,5) has none: stepping on the road pays the woods.
    let g = moving(field(&WOODS, &[(3, 5), (4, 5)]));
    let reach = g.reach(id(0), MoveKind::Hustle);
    assert_eq!(reach.cost_of(at(3, 5)), Some(2));
    assert_eq!(reach.cost_of(at(4, 5)), Some(3));
}

#[test]
fn r12_6_a_charge_and_a_retreat_along_a_road_pay_the_terrain() {
    let g = moving(field(&WOODS, &ROAD));
    assert_eq!(g.reach(id(0), MoveKind::Charge).cost_of(at(3, 5)), Some(2));
    assert_eq!(g.step_cost(at(2, 5), at(3, 5)), Some(2));
    assert_eq!(g.step_cost(at(3, 5), at(4, 5)), Some(2));
}

/// Column 3 is a river; a bridge carries the road from (2,5) over (3,5) to (4,5).
fn river(roads: &[(i32, i32)]) -> BattleSetup {
    let water: Vec<_> = (0..12).map(|row| ((3, row), Terrain::Water)).collect();
    field(&water, roads)
}

#[test]
fn r12_6_a_bridge_costs_1_to_any_move_along_its_road() {
    let g = moving(river(&[(2, 5), (3, 5), (4, 5)]));
    for kind in [MoveKind::March, MoveKind::Hustle, MoveKind::Charge] {
        let reach = g.reach(id(0), kind);
        assert_eq!(reach.cost_of(at(3, 5)), Some(1), "{kind:?}");
        assert_eq!(reach.cost_of(at(4, 5)), Some(2), "{kind:?}");
        assert_eq!(reach.path_to(at(4, 5)), [at(3, 5), at(4, 5)], "{kind:?}");
    }
    assert_eq!(g.step_cost(at(2, 5), at(3, 5)), Some(1));
    assert_eq!(g.step_cost(at(3, 5), at(4, 5)), Some(1));
}

#[test]
fn r12_6_a_bridge_is_entered_and_left_only_from_and_to_its_road() {
    // Off the road at (2,4), (2,6), (4,4) and (4,6), all beside the bridge.
    let g = moving(river(&[(2, 5), (3, 5), (4, 5)]));
    assert_eq!(g.step_cost(at(2, 4), at(3, 5)), None);
    assert_eq!(g.step_cost(at(3, 5), at(4, 4)), None);
    assert_eq!(g.step_cost(at(3, 5), at(2, 6)), None);
    // The far bank is reached only over the bridge and through (4,5).
    let reach = g.reach(id(0), MoveKind::Hustle);
    assert_eq!(reach.cost_of(at(4, 4)), Some(3));
    assert_eq!(reach.path_to(at(4, 4)), [at(3, 5), at(4, 5), at(4, 4)]);
    // A bridge whose road ends on it leads nowhere.
    let dead_end = moving(river(&[(2, 5), (3, 5)]));
    let reach = dead_end.reach(id(0), MoveKind::Hustle);
    assert_eq!(reach.cost_of(at(3, 5)), Some(1));
    assert_eq!(reach.cost_of(at(4, 5)), None);
    assert_eq!(reach.cost_of(at(4, 4)), None);
}

#[test]
fn r12_6_water_without_a_road_stays_impassable() {
    let g = moving(river(&[]));
    assert_eq!(g.reach(id(0), MoveKind::Hustle).cost_of(at(3, 5)), None);
    assert_eq!(g.step_cost(at(2, 5), at(3, 5)), None);
}

// ---------------------------------------------------------------- check (R12.6)

fn with_roads(roads: &str) -> String {
    edit(
        &kircholm().source,
        "    turn_limit: 8,",
        &format!("    roads: {roads},\n    turn_limit: 8,"),
    )
}

#[test]
fn r12_6_roads_load_onto_the_map_and_a_road_on_water_is_a_bridge() {
    let s = volley::scenario::Scenario::parse(&with_roads("[(3, 3), (9, 9)]"), "k.ron").unwrap();
    let map = &s.setup.map;
    assert!(map.has_road(at(3, 3)) && !map.has_bridge(at(3, 3)));
    assert!(map.has_road(at(9, 9)) && map.has_bridge(at(9, 9)));
    assert!(!map.has_road(at(4, 3)));
}

#[test]
fn r12_6_a_road_off_the_map_or_listed_twice_is_refused_at_its_place() {
    assert_eq!(
        refused(&with_roads("[(9, 9), (12, 0), (3, 3), (3, 3)]")),
        [
            "bad.ron:49:21: the road at (12, 0) is off the map (R12.6)",
            "bad.ron:49:38: the road at (3, 3) is listed twice (R12.6)",
        ]
    );
}

#[test]
fn r12_6_a_scenario_without_roads_has_none() {
    let s = kircholm();
    assert!(s.setup.map.hexes().all(|h| !s.setup.map.has_road(h)));
}

/// docs/designers.md's example of R12.6, put into Kircholm, passes `check` and lays one
/// unbroken road, each hex beside the last, through the woods.
#[test]
fn r12_6_the_designers_guide_example_passes_check() {
    let guide = std::fs::read_to_string("docs/designers.md").unwrap();
    let (_, after) = guide.split_once("**Roads and bridges (R12.6).**").unwrap();
    let (_, block) = after.split_once("```ron\n").unwrap();
    let (example, _) = block.split_once("```").unwrap();
    let text = edit(
        &kircholm().source,
        "    turn_limit: 8,",
        &format!("{example}    turn_limit: 8,"),
    );
    let s = volley::scenario::Scenario::parse(&text, "example.ron").unwrap();
    let map = &s.setup.map;
    let road: Vec<_> = map.hexes().filter(|&h| map.has_road(h)).collect();
    assert_eq!(road.len(), 6);
    let listed = [(6, 5), (7, 5), (8, 5), (9, 6), (9, 7), (9, 8)].map(|(c, r)| at(c, r));
    assert!(listed
        .windows(2)
        .all(|w| w[0].unsigned_distance_to(w[1]) == 1));
    assert_eq!(map.terrain(at(9, 7)), Some(Terrain::Woods));
}

// ---------------------------------------------------------------- drawing (R12.6)

/// `volley show` of Kircholm with a road at (0,0)–(1,0) and a bridge at (10,9)–(11,9), at
/// `width` columns.
fn shown(width: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.ron");
    std::fs::write(&file, with_roads("[(0, 0), (1, 0), (10, 9), (11, 9)]")).unwrap();
    let out = volley(&["show", file.to_str().unwrap(), "--width", width]);
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{shown}");
    shown
}

#[test]
fn r12_6_show_draws_roads_and_bridges_at_every_hex_size_and_keys_them() {
    // 70, 110 and 150 columns draw Kircholm's 12 columns at hex sizes 1, 2 and 3.
    for (width, name) in [("70", None), ("110", Some("road")), ("150", Some("bridge"))] {
        let text = shown(width);
        let (map, key) = text.split_once("\nTerrain: ").unwrap();
        assert!(key.starts_with(". clear,"), "{key}");
        assert!(
            key.contains("-==- road (R12.6), ~==~ bridge (R12.6)"),
            "{key}"
        );
        let marks = |mark: &str| map.lines().filter(|l| l.contains(mark)).count();
        assert!(
            marks("-==-") >= 1 && marks("~==~") >= 1,
            "at {width}:\n{map}"
        );
        if let Some(name) = name {
            assert!(map.contains(name), "at {width}:\n{map}");
        }
    }
}

#[test]
fn r12_6_the_hex_panel_names_a_road_and_a_bridge() {
    let text = with_roads("[(0, 0), (1, 0), (10, 9), (11, 9)]");
    let scenario = volley::scenario::Scenario::parse(&text, "k.ron").unwrap();
    let mut app = volley::tui::App::new(scenario, 7, screen::HOTSEAT).unwrap();
    screen::press(&mut app, " ");
    for (hex, want) in [
        (at(0, 0), "(0, 0) Clear, road"),
        (at(10, 9), "(10, 9) Water, bridge"),
        (at(2, 0), "(2, 0) Clear"),
    ] {
        app.put_cursor(hex);
        let panel = screen::panel(&screen::render(&app, 120, 40));
        assert!(
            panel.iter().any(|l| l.trim_end() == want),
            "{want}: {panel:#?}"
        );
    }
}
