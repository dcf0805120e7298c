//! Issue 25, "what the game says about saves is true", in the playing session: a failed
//! autosave raises an alert that stays until the player dismisses it and a banner that stays
//! until a save works, the game tries again after every command, `S` saves elsewhere (and
//! the autosave goes on there), a named save that would replace another battle's asks
//! first, and a name changed to make a file name is reported. Driven by the player's keys
//! (`App::handle_key`) and read back from the screen (`volley::tui::draw`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use volley::save::SaveFile;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

fn tutorial() -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .expect("the tutorial ships");
    Scenario::parse(source, file).expect("the tutorial parses")
}

/// The tutorial at `seed`, hot-seat, past its briefing (at Red's choice of the
/// initiative), saving in `data_dir`.
fn battle(seed: u64, data_dir: &Path) -> App {
    let mut app = App::new(tutorial(), seed, HOTSEAT).expect("the tutorial starts");
    app.handle_key(Key::Char(' '));
    app.save_in(data_dir.to_path_buf());
    app
}

/// [`battle`] with Red first: the movement phase, where `S` saves.
fn moving(seed: u64, data_dir: &Path) -> App {
    let mut app = battle(seed, data_dir);
    press(&mut app, "1");
    assert_eq!(app.commands().len(), 1);
    app
}

/// The screen's rows at 100×30, trailing blanks trimmed.
fn render(app: &App) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| volley::tui::draw(f, app)).unwrap();
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let row: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect()
}

fn has(screen: &[String], text: &str) -> bool {
    screen.iter().any(|r| r.contains(text))
}

#[track_caller]
fn assert_shows(screen: &[String], text: &str) {
    assert!(has(screen, text), "no {text:?} on\n{}", screen.join("\n"));
}

fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(match c {
            '\n' => Key::Enter,
            '\x1b' => Key::Esc,
            c => Key::Char(c),
        });
    }
}

/// `S`, the offered name rubbed out, `typed`, Enter.
fn save_as(app: &mut App, typed: &str) {
    press(app, "S");
    for _ in 0..60 {
        app.handle_key(Key::Backspace);
    }
    press(app, typed);
    press(app, "\n");
}

/// A battle whose autosave cannot be written: its data directory is a file.
fn failing(dir: &Path) -> (App, PathBuf) {
    let file = dir.join("data");
    std::fs::write(&file, "a file, not a directory").unwrap();
    let mut app = battle(7, &file);
    app.open_autosave(file.join("autosave").join("tutorial-1-1.ron"))
        .unwrap();
    app.autosave();
    (app, file)
}

/// Red's end of orders in the movement phase, confirmed, and the keyboard taken by Blue:
/// one more command.
fn end_orders(app: &mut App) {
    press(app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
    if matches!(app.mode(), Mode::Handover { .. }) {
        press(app, " ");
    }
}

/// Issue 25: an autosave that fails says so in a pop-up that stays until dismissed (an
/// order key neither dismisses it nor gives an order), then in a banner that stays while
/// the game tries again after every command, until a save works.
#[test]
fn a_failed_autosave_stays_on_screen_until_dismissed_and_a_banner_until_a_save_works() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, file) = failing(dir.path());
    let screen = render(&app);
    assert_shows(&screen, "┌ Autosave failed");
    assert_shows(&screen, "│NOT SAVED at all");
    assert_shows(
        &screen,
        "/autosave/tutorial-1-1.ron: Not a directory (os error 20)",
    );
    assert_shows(&screen, "│There is no save of this battle.");
    assert_shows(&screen, "│The game tries again after every command.");
    assert_shows(&screen, "│[S] save elsewhere  [Enter] go on  [q] quit");

    press(&mut app, "1");
    assert!(app.commands().is_empty(), "no order under the alert");
    assert_shows(&render(&app), "┌ Autosave failed");

    press(&mut app, "\n");
    let screen = render(&app);
    assert!(!has(&screen, "┌ Autosave failed"), "{}", screen.join("\n"));
    assert!(screen[29].starts_with(" NOT SAVED at all: S saves elsewhere "));

    // Tried again, failed again: the banner stays, the pop-up does not come back.
    press(&mut app, "1");
    assert_eq!(app.commands().len(), 1);
    let screen = render(&app);
    assert!(!has(&screen, "┌ Autosave failed"));
    assert!(screen[29].starts_with(" NOT SAVED at all: S saves elsewhere "));

    // The directory can be written again: the next command is saved, the banner goes.
    std::fs::remove_file(&file).unwrap();
    end_orders(&mut app);
    assert_eq!(
        app.message(),
        "autosave works again: turn 1, command 2 saved"
    );
    assert!(!has(&render(&app), "NOT SAVED"));
    let saved = volley::save::resume(&file.join("autosave").join("tutorial-1-1.ron")).unwrap();
    assert_eq!(saved.commands, app.commands());
}

/// Issue 25: leaving while the battle is not saved says so in the question.
#[test]
fn quitting_while_the_autosave_fails_says_what_is_not_saved() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = failing(dir.path());
    press(&mut app, "q");
    let screen = render(&app);
    assert!(!has(&screen, "┌ Autosave failed"));
    assert_shows(&screen, "│NOT SAVED at all");
    assert_shows(&screen, "│Leave the battle? [y] yes, any other key: no");
}

/// Issue 25: while the autosave fails, `S` offers another place (here a path the player
/// types): the battle is saved there and the autosave goes on in that file.
#[test]
fn while_the_autosave_fails_s_saves_elsewhere_and_the_autosave_goes_on_there() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = failing(dir.path());
    press(&mut app, "S");
    let screen = render(&app);
    assert_shows(&screen, "│Save as: tutorial-turn-1_");
    assert_shows(&screen, "│The autosave goes on in the file you choose.");
    for _ in 0..20 {
        app.handle_key(Key::Backspace);
    }
    let elsewhere = dir.path().join("elsewhere").join("mine");
    press(&mut app, elsewhere.to_str().unwrap());
    press(&mut app, "\n");
    let path = dir.path().join("elsewhere").join("mine.ron");
    assert_eq!(
        app.message(),
        format!("saved to {}; the autosave goes on in it", path.display())
    );
    assert!(!has(&render(&app), "NOT SAVED"));
    press(&mut app, "1");
    assert_eq!(
        volley::save::resume(&path).unwrap().commands,
        app.commands()
    );
}

/// Issue 25: a named save that would replace another battle's save asks first; "no" keeps
/// the other battle's file, "yes" replaces it; a save of this same battle is replaced
/// without a question.
#[test]
fn a_named_save_over_another_battles_save_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saves").join("tutorial-turn-1.ron");
    let mut first = moving(7, dir.path());
    save_as(&mut first, "tutorial-turn-1");
    assert_eq!(first.message(), format!("saved to {}", path.display()));

    let mut other = moving(8, dir.path());
    save_as(&mut other, "tutorial-turn-1");
    let screen = render(&other);
    assert_shows(&screen, "┌ Replace?");
    assert_shows(
        &screen,
        "holds another battle (Tutorial: pike, shot and horse, turn 1)",
    );
    assert_shows(&screen, "│Replace it? [y] yes, any other key: no");
    press(&mut other, "n");
    assert_eq!(
        other.message(),
        format!("not saved: {} is kept", path.display())
    );
    assert_eq!(SaveFile::read(&path).unwrap().seed, 7);

    save_as(&mut other, "tutorial-turn-1");
    press(&mut other, "y");
    assert_eq!(other.message(), format!("saved to {}", path.display()));
    assert_eq!(SaveFile::read(&path).unwrap().seed, 8);

    // The same battle, a command later, replaces its own save without asking.
    end_orders(&mut other);
    save_as(&mut other, "tutorial-turn-1");
    assert_eq!(other.message(), format!("saved to {}", path.display()));
    assert_eq!(SaveFile::read(&path).unwrap().commands, other.commands());
}

/// Issue 25: a file that is not a save at all is not replaced without a question either.
#[test]
fn a_named_save_over_a_file_that_is_not_a_save_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.ron");
    std::fs::write(&notes, "my notes").unwrap();
    let mut app = moving(7, dir.path());
    save_as(&mut app, notes.to_str().unwrap());
    assert_shows(&render(&app), "exists and is not a save of this battle");
    press(&mut app, "\x1b");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
}

/// Issue 25: when the name typed is changed to make a file name, the player is told the
/// name the file has.
#[test]
fn a_name_changed_to_make_a_file_name_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = moving(7, dir.path());
    save_as(&mut app, "escape é");
    let path = dir.path().join("saves").join("escapeé.ron");
    assert!(path.is_file());
    assert_eq!(
        app.message(),
        format!(
            "saved to {}: the name \"escape é\" was changed to \"escapeé\" to make a file name",
            path.display()
        )
    );
}

/// `S` offers the battle and the turn as the name; the first key typed replaces it, as a
/// selected default does, and Backspace clears it (found playing: typing after the offer
/// saved `stratton-turn-2pt1-stratton.ron`). Keys after the first add to what is typed.
#[test]
fn the_offered_save_name_is_replaced_by_the_first_key_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = moving(7, dir.path());
    press(&mut app, "S");
    assert_shows(
        &render(&app),
        "│Save as: tutorial-turn-1_ (type to replace it)",
    );
    press(&mut app, "mine");
    assert!(
        matches!(app.mode(), Mode::SaveAs { name, fresh: false } if name == "mine"),
        "{:?}",
        app.mode()
    );
    assert_shows(&render(&app), "│Save as: mine_");
    app.handle_key(Key::Backspace);
    assert!(matches!(app.mode(), Mode::SaveAs { name, .. } if name == "min"));
    press(&mut app, "\x1b");
    press(&mut app, "S");
    app.handle_key(Key::Backspace);
    assert!(matches!(app.mode(), Mode::SaveAs { name, .. } if name.is_empty()));
}
