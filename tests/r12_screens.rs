//! What players see of reserves, groups and events (R12.1, R12.3, R12.7): the briefing's
//! reserves, groups and events, the map's mark where a reserve will arrive, the panel's
//! group, a scenario message as a pop-up both players see, and the end screen's reason.
//! A small battle in RON, drawn into ratatui's `TestBackend` and driven by keys.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::Phase;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Mode};

mod screen;
use screen::*;

const BATTLE: &str = r#"(
    name: "Scripted",
    map: [". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike", group: "left wing"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, label: "Blue late", reserve: (turn: 2, hexes: [(5, 0)])),
    ],
    events: [
        (name: "Dawn", when: Turn(1), then: [Message("The mist lifts.")]),
        (name: "Night", when: Turn(2), then: [EndBattle(winner: "Blue", reason: "Night falls on a Blue field.")]),
    ],
    turn_limit: 6,
    defender: "Blue",
)
"#;

/// Ends the side's orders, confirming if asked.
fn end_orders(app: &mut App) {
    press(app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
}

fn battle(controllers: [Controller; 2]) -> App {
    let scenario = Scenario::parse(BATTLE, "scripted.ron").unwrap();
    App::new(scenario, 7, controllers).unwrap()
}

/// R10.2, R12.2: a reserve's uhp joins its side's army-morale mark only when it arrives, so
/// the briefing gives both marks (found playing Coutras: "past 30" in the briefing, then
/// "Lost H 0/34" on the top bar from turn 2, with nothing said).
#[test]
fn r12_2_the_briefing_gives_the_morale_mark_before_and_after_the_reserves() {
    let app = battle(HOTSEAT);
    let text: String = volley::tui::briefing::lines(&app)
        .iter()
        .map(|l| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
                + "\n"
        })
        .collect();
    assert!(
        text.contains("(Red past 4, Blue past 4, 8 once its reserves are on the field)"),
        "{text}"
    );
}

#[test]
fn r12_1_r12_7_the_briefing_lists_reserves_groups_and_what_may_happen() {
    let app = battle(HOTSEAT);
    let s = render(&app, 100, 40);
    for line in [
        "Blue: 2 units, 16 uhp (2 FF), 1 of them in reserve",
        "Reserves (R12.1)",
        "Blue late (Blue): on turn 2, at (5, 0)",
        "Groups and computer orders",
        "Group left wing (Red): Red pike",
        "What may happen (R12.7)",
        "“Dawn” — when turn 1 begins: a message",
        "“Night” — when turn 2 begins: the battle ends: Blue wins",
    ] {
        assert!(
            has(&s, line),
            "the briefing lacks {line:?}:\n{}",
            s.join("\n")
        );
    }
}

#[test]
fn r12_7_a_message_is_a_pop_up_after_the_briefing_closed_with_any_key() {
    let mut app = battle(HOTSEAT);
    press(&mut app, " ");
    assert!(matches!(app.mode(), Mode::Message { .. }));
    let s = render(&app, 80, 24);
    assert_shows(&s, "┌ Message ─");
    assert_shows(&s, "│The mist lifts.");
    press(&mut app, " ");
    assert_eq!(*app.mode(), Mode::Browse);
    let s = render(&app, 100, 30);
    assert_shows(&log(&s), "“The mist lifts.”");
}

#[test]
fn r12_7_against_the_computer_the_message_shows_too() {
    let mut app = battle([Controller::Human, Controller::Computer]);
    press(&mut app, " ");
    assert!(matches!(app.mode(), Mode::Message { .. }));
}

#[test]
fn r12_1_the_map_marks_a_reserves_arrival_hex_until_it_arrives() {
    let mut app = battle(HOTSEAT);
    press(&mut app, "  ");
    let s = render(&app, 100, 30);
    assert!(has(&s, "+B+"), "no arrival mark:\n{}", s.join("\n"));
}

#[test]
fn r12_7_the_panel_shows_a_units_group() {
    let mut app = battle(HOTSEAT);
    press(&mut app, "  ");
    // The cursor starts on the first unit, Red's pike at (0, 3).
    let s = render(&app, 100, 30);
    assert_shows(&panel(&s), "Red (pikemen), group left wing");
}

#[test]
fn r12_7_the_end_screen_gives_the_events_reason() {
    let mut app = battle(HOTSEAT);
    press(&mut app, "  1");
    let mut keys = 0;
    while app.game().outcome().is_none() {
        keys += 1;
        assert!(keys < 100, "the battle did not end");
        match app.mode() {
            Mode::Browse if app.game().phase() == Phase::Initiative => press(&mut app, "1"),
            Mode::Browse => end_orders(&mut app),
            _ => press(&mut app, " "),
        }
    }
    let s = render(&app, 100, 30);
    assert_shows(&s, "Why: Night falls on a Blue field. (R12.7), turn 2");
}

/// A battle whose reserve is released by an event and whose message comes on turn 2.
const RELEASED: &str = r#"(
    name: "Released",
    map: [". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
        (troop: "pikemen", side: "Red", creatures: 120, label: "Red late", reserve: (event: "Help", hexes: [(5, 3)])),
    ],
    events: [(name: "Help", when: Turn(2), then: [Message("Help comes."), Release(unit: "Red late")])],
    turn_limit: 3,
    defender: "Blue",
)
"#;

#[test]
fn r12_7_the_replay_viewer_steps_through_the_scenarios_events() {
    use volley::ai::{Player, RandomPlayer};
    let scenario = Scenario::parse(RELEASED, "released.ron").unwrap();
    let mut game =
        volley::engine::Game::new(scenario.setup.clone(), volley::engine::Dice::seeded(3)).unwrap();
    let mut player = RandomPlayer::new(3);
    let mut commands = Vec::new();
    while let Some(c) = player.choose(&game) {
        game.submit(c).unwrap();
        commands.push(c);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("released.ron");
    volley::save::SaveFile::of(&scenario, 3, HOTSEAT, &commands, &game)
        .write(&path)
        .unwrap();
    let mut replay =
        volley::tui::replay::Replay::new(volley::save::resume(&path).unwrap()).unwrap();
    let lines = [
        "Event: Help (R12.7)",
        "“Help comes.”",
        "Red late is released from the reserve: arrives at the next movement orders (R12.1)",
        "Red late arrives from the reserve at (5, 3) (R12.1)",
    ];
    let shows = |replay: &volley::tui::replay::Replay, line: &str| {
        replay.app.log().iter().any(|l| l == line)
    };
    for line in lines {
        assert!(shows(&replay, line), "the replay's log lacks {line:?}");
    }
    replay.seek(0);
    for line in lines {
        assert!(!shows(&replay, line), "turn 1 already shows {line:?}");
    }
}
