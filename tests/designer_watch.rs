//! Issue 12: hot reload (`volley play FILE --watch`). A change to the file is noticed; a
//! file with problems leaves the battle as it was and lists them; a valid one restarts the
//! battle with the same seed and replays the commands given so far while they stay legal.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::Path;
use volley::engine::{Answer, Command, Map, Order};
use volley::scenario::{Controller, Scenario};
use volley::tui::watch::{reload, FileWatch};
use volley::tui::App;

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

/// The tutorial at seed 1 in a temporary file, with Red's pike and shot standing fast.
fn battle(dir: &Path) -> (App, String) {
    let text = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    let path = dir.join("tutorial.ron");
    write(&path, &text);
    let mut app = App::new(Scenario::load(&path).unwrap(), 1, HOTSEAT).unwrap();
    for c in [
        Command::Answer(Answer::ChooseFirst { first: true }),
        Command::Order(Order::StandFast {
            unit: unit(&app, "Red pike"),
        }),
        Command::Order(Order::StandFast {
            unit: unit(&app, "Red shot"),
        }),
    ] {
        assert!(app.submit(c), "{c:?}: {}", app.message());
    }
    (app, text)
}

fn unit(app: &App, label: &str) -> volley::engine::UnitId {
    app.game()
        .units()
        .iter()
        .find(|u| u.label == label)
        .unwrap()
        .id
}

#[test]
fn a_saved_change_is_noticed_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    write(&path, "one");
    let mut watch = FileWatch::new(&path);
    assert!(!watch.changed(), "nothing written since");
    write(&path, "one, two");
    assert!(watch.changed());
    assert!(!watch.changed(), "noticed once");
}

#[test]
fn a_valid_change_restarts_the_battle_with_the_same_seed_and_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    // The designer moves Blue's horse one hex east and gives the lancers more men.
    let edited = text
        .replace(
            "at: (2, 1), label: \"Blue horse\"",
            "at: (3, 1), label: \"Blue horse\"",
        )
        .replace("creatures: 60, at: (6, 5)", "creatures: 50, at: (6, 5)");
    write(&dir.path().join("tutorial.ron"), &edited);
    let fresh = reload(&app, &dir.path().join("tutorial.ron")).unwrap();
    assert_eq!(fresh.commands(), app.commands());
    assert_eq!(fresh.seed(), app.seed());
    assert_eq!(fresh.message(), "reloaded: 3 commands replayed");
    let horse = fresh
        .game()
        .units()
        .iter()
        .find(|u| u.label == "Blue horse")
        .unwrap();
    assert_eq!(Map::offset(horse.pos), (3, 1));
    assert_eq!(fresh.game().turn(), app.game().turn());
}

#[test]
fn commands_the_new_file_refuses_are_dropped_from_the_first_refused_on() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    // Red's shot is gone: its stand-fast (command 3) no longer fits.
    let edited = text.replace(
        "        (troop: \"matchlock musketeers\", side: \"Red\", creatures: 120, at: (3, 6), label: \"Red shot\"),\n",
        "",
    );
    assert_ne!(edited, text);
    write(&dir.path().join("tutorial.ron"), &edited);
    let fresh = reload(&app, &dir.path().join("tutorial.ron")).unwrap();
    assert_eq!(fresh.commands().len(), 2);
    assert!(
        fresh.message() == "reloaded: 2 of 3 commands replayed; command 3 no longer fits: a unit it names is gone",
        "{}",
        fresh.message()
    );
}

#[test]
fn a_change_with_problems_lists_them_and_leaves_the_battle_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    let edited = text.replace("turn_limit: 6", "turn_limit: 0");
    write(&dir.path().join("tutorial.ron"), &edited);
    let Err(problems) = reload(&app, &dir.path().join("tutorial.ron")) else {
        panic!("a turn limit of 0 was accepted");
    };
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("tutorial.ron:"), "{problems:?}");
    assert!(
        problems[0].contains("turn limit 0 must be between 1 and"),
        "{problems:?}"
    );
}

#[test]
fn a_unit_added_before_the_others_does_not_take_their_orders() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    let edited = text.replacen(
        "    units: [\n",
        "    units: [\n        (troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 7), label: \"Red reserve\"),\n",
        1,
    );
    assert_ne!(edited, text);
    write(&dir.path().join("tutorial.ron"), &edited);
    let fresh = reload(&app, &dir.path().join("tutorial.ron")).unwrap();
    assert_eq!(fresh.message(), "reloaded: 3 commands replayed");
    let stood: Vec<&str> = fresh
        .commands()
        .iter()
        .filter_map(|c| match c {
            Command::Order(Order::StandFast { unit }) => Some(unit),
            _ => None,
        })
        .map(|id| fresh.game().units()[usize::from(id.0)].label.as_str())
        .collect();
    assert_eq!(stood, ["Red pike", "Red shot"]);
}

/// Issue 28: hot reload shows a valid file's warnings as `volley check` would, here both
/// sides set on one edge (R8.4), with the first warning's place.
#[test]
fn i28_a_reload_that_warns_says_so_with_the_first_warning_and_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    let edited = text.replace(
        "commander: \"Captain Voss\", edge: North",
        "commander: \"Captain Voss\", edge: South",
    );
    assert_ne!(edited, text);
    let path = dir.path().join("tutorial.ron");
    write(&path, &edited);
    let warnings = Scenario::load(&path).unwrap().warnings;
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let fresh = reload(&app, &path).unwrap();
    let w = &warnings[0];
    assert_eq!(
        fresh.message(),
        format!(
            "reloaded: 3 commands replayed; 1 warning: {}:{}: {}",
            w.line, w.col, w.message
        )
    );
    assert!(w.message.contains("R8.4"), "{}", w.message);
}

/// Each unit's tag by label, as the map and the panel show it.
fn tags_by_label(app: &App) -> Vec<(String, char)> {
    let units = app.game().units();
    units
        .iter()
        .map(|u| (u.label.clone(), app.tag(u.id)))
        .collect()
}

/// Issue 28: a reload that adds a unit whose label would take another's letter, and moves
/// one, leaves every labelled unit its tag; the new unit gets a letter still free.
#[test]
fn i28_a_reload_that_adds_or_moves_units_keeps_each_labelled_units_tag() {
    let dir = tempfile::tempdir().unwrap();
    let (app, text) = battle(dir.path());
    let before = tags_by_label(&app);
    let edited = text
        .replacen(
            "    units: [\n",
            "    units: [\n        (troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 7), label: \"Red pikemen\"),\n",
            1,
        )
        .replace("at: (6, 1), label: \"Blue pike\"", "at: (7, 1), label: \"Blue pike\"");
    assert_ne!(edited, text);
    write(&dir.path().join("tutorial.ron"), &edited);
    let fresh = reload(&app, &dir.path().join("tutorial.ron")).unwrap();
    let after = tags_by_label(&fresh);
    assert_eq!(after[1..], before[..], "{after:?}");
    let (label, new) = &after[0];
    assert_eq!(label, "Red pikemen");
    let red: Vec<char> = before[..3].iter().map(|(_, t)| *t).collect();
    assert!(!red.contains(new), "{new} is already a Red tag: {red:?}");
}
