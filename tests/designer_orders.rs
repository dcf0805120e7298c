//! Issue 28: a scenario's groups (`group:` on units) and standing orders for the computer
//! (`orders: [...]`) load into the engine by unit id, and `volley check` refuses every
//! mistake in them at its `file:line:col`, with "did you mean" for names: an unknown group,
//! label or objective, a label two units share, a hex off the map or impassable, a unit
//! under two orders, a turn beyond the turn limit.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{edit, refused};
use volley::engine::{Map, OrderEntry, StandingOrder, UnitId};
use volley::scenario::{Group, Scenario};

const BASE: &str = r#"(
    name: "Test",
    map: [". . . . . .", ". . . . . .", ". . ~ . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike", group: "right wing"),
        (troop: "matchlock musketeers", side: "Red", creatures: 120, at: (1, 3), label: "Red shot", group: "right wing"),
        (troop: "winged hussars", side: "Red", creatures: 60, at: (3, 3), label: "Hussars"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
    ],
    objectives: [(name: "the mill", at: (4, 2)), (name: "the ford", at: (5, 0))],
    orders: [
        (group: "right wing", order: Hold(objective: "the mill"), release_within: 2),
        (unit: "Hussars", order: Guard(hexes: [(3, 3), (4, 3)])),
    ],
    turn_limit: 6,
    defender: "Blue",
)
"#;

/// Issue 28: groups and orders load by unit id, in the file's order, names left behind.
#[test]
fn groups_and_orders_load_into_the_engine_by_unit_id() {
    let s = Scenario::parse(BASE, "ok.ron").unwrap();
    assert_eq!(
        s.groups,
        [Group {
            name: "right wing".into(),
            units: vec![UnitId(0), UnitId(1)],
        }]
    );
    assert_eq!(
        s.setup.orders,
        [
            OrderEntry {
                units: vec![UnitId(0), UnitId(1)],
                order: StandingOrder::HoldObjective { objective: 0 },
                release_within: Some(2),
            },
            OrderEntry {
                units: vec![UnitId(2)],
                order: StandingOrder::Guard {
                    hexes: vec![Map::hex_at(3, 3), Map::hex_at(4, 3)],
                },
                release_within: None,
            },
        ]
    );
}

/// Issue 28: every other kind of order loads as written.
#[test]
fn hold_at_advance_from_and_free_load_as_written() {
    let text = edit(
        BASE,
        r#"(unit: "Hussars", order: Guard(hexes: [(3, 3), (4, 3)])),"#,
        r#"(unit: "Hussars", order: Hold(at: (5, 3))), (unit: "Blue pike", order: AdvanceFrom(turn: 6)), (unit: "Red pike", order: Free),"#,
    );
    let text = edit(
        &text,
        r#"(group: "right wing", order"#,
        r#"(unit: "Red shot", order"#,
    );
    let orders: Vec<StandingOrder> = Scenario::parse(&text, "ok.ron")
        .unwrap()
        .setup
        .orders
        .into_iter()
        .map(|o| o.order)
        .collect();
    assert_eq!(
        orders,
        [
            StandingOrder::HoldObjective { objective: 0 },
            StandingOrder::Hold {
                hex: Map::hex_at(5, 3)
            },
            StandingOrder::AdvanceFrom { turn: 6 },
            StandingOrder::Free,
        ]
    );
}

/// The problems of BASE with `old` replaced by `new`.
fn problems(old: &str, new: &str) -> Vec<String> {
    refused(&edit(BASE, old, new))
}

/// Issue 28: an unknown group, label or objective is refused at its place, with the name
/// meant.
#[test]
fn an_unknown_group_label_or_objective_is_refused_with_the_name_meant() {
    assert_eq!(
        problems(r#"(group: "right wing", order"#, r#"(group: "rihgt wing", order"#),
        ["bad.ron:13:10: no unit is in group `rihgt wing`; did you mean `right wing`? (groups: `right wing`)"]
    );
    assert_eq!(
        problems(r#"(unit: "Hussars","#, r#"(unit: "Husars","#),
        ["bad.ron:14:10: no unit is labelled `Husars`; did you mean `Hussars`?"]
    );
    assert_eq!(
        problems(r#"objective: "the mill""#, r#"objective: "the mil""#),
        ["bad.ron:13:43: no objective is called `the mil`; did you mean `the mill`?"]
    );
}

/// Issue 28: an order may not name a label two units share (R12.7: a label an event or
/// order names belongs to one unit), and no unit is under two orders.
#[test]
fn a_shared_label_and_a_unit_under_two_orders_are_refused() {
    let shared = edit(BASE, r#"label: "Red shot""#, r#"label: "Hussars""#);
    let lines = refused(&shared);
    assert!(lines.contains(&"bad.ron:14:10: the label `Hussars` belongs to 2 units (\"Hussars\" at (1, 3), \"Hussars\" at (3, 3)): an order names one unit; label them apart or give them a group".to_string()), "{lines:?}");
    assert_eq!(
        problems(r#"(unit: "Hussars","#, r#"(unit: "Red pike","#),
        ["bad.ron:14:10: \"Red pike\" at (0, 3) is under two orders: this one and the one at 13:10"]
    );
}

/// Issue 28: hexes an order names are on the map and enterable (R4.6); a turn within the
/// turn limit (R3.3); a release distance of at least 1.
#[test]
fn hexes_turns_and_distances_out_of_bounds_are_refused() {
    assert_eq!(
        problems(
            "Guard(hexes: [(3, 3), (4, 3)])",
            "Guard(hexes: [(9, 3), (2, 2)])"
        ),
        [
            "bad.ron:14:40: the hex (9, 3) guarded is off the 6×4 map",
            "bad.ron:14:40: the hex (2, 2) guarded is water, which no unit can enter (R4.6)",
        ]
    );
    assert_eq!(
        problems("Guard(hexes: [(3, 3), (4, 3)])", "AdvanceFrom(turn: 7)"),
        ["bad.ron:14:46: `AdvanceFrom` turn 7 is not within the battle's turns, 1 to the turn limit 6 (R3.3)"]
    );
    assert_eq!(
        problems("release_within: 2", "release_within: 0"),
        ["bad.ron:13:67: `release_within` is 0 hexes; it must be 1 to 200 (an enemy never stands closer than 1)"]
    );
    assert_eq!(
        problems(r#"Hold(objective: "the mill")"#, "Hold()"),
        ["bad.ron:13:31: `Hold` needs `at: (col, row)` or `objective: \"name\"`"]
    );
}

/// Issue 28: an order names a group or a unit, one of them; a group's name says something.
#[test]
fn an_order_names_one_group_or_one_unit_and_groups_have_names() {
    assert_eq!(
        problems(
            r#"(unit: "Hussars","#,
            r#"(unit: "Hussars", group: "right wing","#
        ),
        ["bad.ron:14:10: an order names a `group` or a `unit`, not both"]
    );
    assert_eq!(
        problems(r#"(unit: "Hussars","#, "("),
        ["bad.ron:14:9: an order names a `group` or a `unit`: it has neither"]
    );
    let text = edit(
        BASE,
        r#"label: "Hussars")"#,
        r#"label: "Hussars", group: " ")"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:8:93: \"Hussars\" at (3, 3): the group's name is empty"]
    );
}

/// docs/designers.md's example of groups and orders, put into Kircholm, passes `check` and
/// gives the orders it shows.
#[test]
fn the_designers_guide_example_of_groups_and_orders_passes_check() {
    let guide = std::fs::read_to_string("docs/designers.md").unwrap();
    let (_, after) = guide
        .split_once("**Groups and orders for the computer.**")
        .unwrap();
    let mut blocks = after.split("```ron").skip(1).map(|b| {
        let (_, b) = b.split_once('\n').unwrap();
        let (block, _) = b.split_once("```").unwrap();
        block
    });
    let (units, orders) = (blocks.next().unwrap(), blocks.next().unwrap());
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("kircholm.ron"))
        .unwrap();
    let mut text = source.to_string();
    for line in units.lines() {
        let (plain, _) = line.split_once(r#", group:"#).unwrap();
        text = edit(&text, &format!("{plain}),"), line);
    }
    let text = edit(
        &text,
        "    turn_limit: 8,",
        &format!("{orders}    turn_limit: 8,"),
    );
    let s = Scenario::parse(&text, file).unwrap();
    assert_eq!(s.groups.len(), 1);
    let kinds: Vec<String> = s
        .setup
        .orders
        .iter()
        .map(|o| format!("{:?}", o.order).chars().take(5).collect())
        .collect();
    assert_eq!(kinds, ["HoldO", "Guard", "Advan", "Hold ", "Free"]);
}

/// Issue 28: a battle with standing orders, played by the computer to its end and saved,
/// resumes to the identical log, the orders' releases included (the engine decides them,
/// so a replay is exact).
#[test]
fn a_battle_with_orders_saves_and_resumes_to_the_identical_log() {
    use volley::ai::{ComputerPlayer, Player};
    use volley::engine::{Dice, Event, Game};
    let text = edit(
        &edit(
            BASE,
            r#"(troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),"#,
            r#"(troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
        (troop: "winged hussars", side: "Blue", creatures: 60, at: (5, 0), label: "Blue horse"),"#,
        ),
        "turn_limit: 6",
        "turn_limit: 12",
    );
    let scenario = Scenario::parse(&text, "orders.ron").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut released = 0;
    for seed in 1..=4 {
        let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).unwrap();
        let mut player = ComputerPlayer::new(seed, [5, 5]);
        let mut commands = Vec::new();
        while let Some(c) = player.choose(&game) {
            game.submit(c).unwrap();
            commands.push(c);
        }
        let path = dir.path().join("battle.ron");
        let controllers = [volley::scenario::Controller::Computer; 2];
        volley::save::SaveFile::of(&scenario, seed, controllers, &commands, &game)
            .write(&path)
            .unwrap();
        let back = volley::save::resume(&path).unwrap();
        assert_eq!(back.game.log(), game.log());
        released += (game.log().iter())
            .filter(|e| matches!(e, Event::OrdersReleased { .. }))
            .count();
    }
    assert!(released > 0, "some battle releases its orders");
}
