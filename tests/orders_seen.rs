//! Issue 28, what players see of groups and standing orders: the unit panel shows a unit's
//! group and its order with what releases it, the briefing names the groups and the orders,
//! and a battle without them shows neither.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::Map;
use volley::scenario::{Controller, Scenario, SHIPPED};
use volley::tui::App;

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

/// The tutorial's source.
fn tutorial() -> &'static str {
    SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .map(|(_, source)| *source)
        .unwrap()
}

/// The tutorial with Blue's pike and shot in the group "the centre", holding the
/// crossroads until an enemy is within 2 hexes, and Blue's horse guarding two hexes.
fn ordered() -> String {
    let text = tutorial()
        .replace(
            r#"label: "Blue pike")"#,
            r#"label: "Blue pike", group: "the centre")"#,
        )
        .replace(
            r#"label: "Blue shot")"#,
            r#"label: "Blue shot", group: "the centre")"#,
        )
        .replace(
            "    turn_limit: 6,",
            r#"    orders: [
        (group: "the centre", order: Hold(objective: "the crossroads"), release_within: 2),
        (unit: "Blue horse", order: Guard(hexes: [(2, 1), (3, 1)])),
    ],
    turn_limit: 6,"#,
        );
    assert_ne!(text, tutorial());
    text
}

/// The panel's lines with the cursor on the unit at `(col, row)`.
fn panel_at(app: &mut App, (col, row): (i32, i32)) -> Vec<String> {
    app.put_cursor(Map::hex_at(col, row));
    volley::tui::panels::panel_text(app)
}

/// Issue 28: the panel shows a unit's group and standing order, and what releases it. On
/// a side a person plays, the order is the computer's, not the player's (issue 29's
/// playtest: a player took it as an order to obey).
#[test]
fn the_panel_shows_a_units_group_and_its_standing_order() {
    let scenario = Scenario::parse(&ordered(), "t.ron").unwrap();
    let mut app = App::new(
        scenario.clone(),
        7,
        [Controller::Human, Controller::Computer],
    )
    .unwrap();
    let pike = panel_at(&mut app, (6, 1));
    assert!(
        pike.iter().any(|l| l
            == "group: the centre — orders: hold the crossroads until an enemy is within 2 hexes"),
        "{pike:#?}"
    );
    let horse = panel_at(&mut app, (2, 1));
    assert!(
        horse.iter().any(|l| l == "orders: guard (2, 1), (3, 1)"),
        "{horse:#?}"
    );
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    let horse = panel_at(&mut app, (2, 1));
    assert!(
        horse
            .iter()
            .any(|l| l == "computer's orders: guard (2, 1), (3, 1)"),
        "{horse:#?}"
    );
    let plain = Scenario::parse(tutorial(), "t.ron").unwrap();
    let mut app = App::new(plain, 7, HOTSEAT).unwrap();
    let pike = panel_at(&mut app, (6, 1));
    assert!(
        pike.iter()
            .all(|l| !l.contains("group") && !l.contains("orders:")),
        "{pike:#?}"
    );
}

/// Issue 28: the briefing names each group with its units and orders, then each other
/// unit under an order; a battle with none says nothing of them.
#[test]
fn the_briefing_names_the_groups_and_their_orders() {
    let text = |app: &App| -> Vec<String> {
        volley::tui::briefing::lines(app)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    let scenario = Scenario::parse(&ordered(), "t.ron").unwrap();
    let app = App::new(scenario, 7, HOTSEAT).unwrap();
    let lines = text(&app);
    let at = lines
        .iter()
        .position(|l| l.starts_with("Groups and computer orders"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert_eq!(
        lines[at..at + 3],
        [
            "Groups and computer orders (kept until released)",
            " Group the centre (Blue): Blue pike, Blue shot — orders: hold the crossroads until an enemy is within 2 hexes",
            " Blue horse (Blue): orders: guard (2, 1), (3, 1)",
        ]
    );
    let plain = App::new(Scenario::parse(tutorial(), "t.ron").unwrap(), 7, HOTSEAT).unwrap();
    assert!(text(&plain).iter().all(|l| !l.contains("Group")));
}

/// Issue 28, R12.7: the log says when units are given new orders, in the file's words.
#[test]
fn the_log_says_when_units_get_new_orders() {
    use volley::engine::{Event, StandingOrder, UnitId};
    let scenario = Scenario::parse(&ordered(), "t.ron").unwrap();
    let app = App::new(scenario, 7, HOTSEAT).unwrap();
    let event = |units: Vec<UnitId>, order| Event::OrdersChanged { units, order };
    let say = |e: &Event| volley::tui::describe::describe(app.game(), e);
    assert_eq!(
        say(&event(vec![UnitId(3), UnitId(4)], StandingOrder::Free)),
        ["New orders for Blue pike and Blue shot: free."]
    );
    let hexes = (0..6).map(|c| Map::hex_at(c, 1)).collect();
    assert_eq!(
        say(&event(vec![UnitId(5)], StandingOrder::Guard { hexes })),
        ["New orders for Blue horse: guard (0, 1), (1, 1), (2, 1), (3, 1) and 2 more."]
    );
    assert_eq!(
        say(&event(
            vec![UnitId(5)],
            StandingOrder::AdvanceFrom { turn: 4 }
        )),
        ["New orders for Blue horse: advance from turn 4."]
    );
}

/// Issue 28: a group whose units are not all under one order gets no order on its line:
/// each unit under an order is listed with its own.
#[test]
fn the_briefing_gives_a_group_an_order_only_when_all_its_units_share_it() {
    let text = ordered().replace(
        r#"(group: "the centre", order: Hold(objective: "the crossroads"), release_within: 2),"#,
        r#"(unit: "Blue pike", order: Hold(at: (6, 1))),"#,
    );
    let app = App::new(Scenario::parse(&text, "t.ron").unwrap(), 7, HOTSEAT).unwrap();
    let lines: Vec<String> = volley::tui::briefing::lines(&app)
        .iter()
        .map(ToString::to_string)
        .collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Groups and computer orders"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert_eq!(
        lines[at + 1..at + 4],
        [
            " Group the centre (Blue): Blue pike, Blue shot",
            " Blue pike (Blue): orders: hold (6, 1)",
            " Blue horse (Blue): orders: guard (2, 1), (3, 1)",
        ]
    );
}
