//! Issue 26, "a screen that never lies": each fault reproduced on the screen the player
//! sees (ratatui's `TestBackend`, the keys a player presses) and its fix.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use volley::engine::Actor;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

fn shipped(stem: &str) -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with(&format!("{stem}.ron")))
        .expect("the battle ships");
    Scenario::parse(source, file).expect("a shipped battle parses")
}

/// The tutorial at seed 7, hot-seat, past its opening briefing (Red's initiative choice).
fn hotseat() -> App {
    let mut app = App::new(shipped("tutorial"), 7, HOTSEAT).expect("the tutorial starts");
    press(&mut app, " ");
    app
}

fn render(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
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

fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(match c {
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            '\x1b' => Key::Esc,
            c => Key::Char(c),
        });
    }
}

/// Issue 26: while "terminal too small" is up, keys do not act on the battle (`1`, `e`,
/// `y` there chose the first side and ended a phase unseen); help and quit still work.
#[test]
fn keys_do_not_act_while_the_terminal_is_too_small_but_help_and_quit_do() {
    let mut app = hotseat();
    let before = app.game.actor();
    render(&app, 60, 20);
    press(&mut app, "1ey\n\t2");
    assert_eq!(app.game.actor(), before, "a key acted unseen");
    assert!(app.commands.is_empty());
    press(&mut app, "?");
    assert_eq!(app.mode, Mode::Help);
    let screen = render(&app, 60, 20);
    assert!(has(&screen, "Until then only q (quit) and ? (help) work."));
    assert!(
        has(&screen, "move the cursor"),
        "the help shows: {screen:#?}"
    );
    press(&mut app, "q");
    assert_eq!(app.mode, Mode::Browse, "any key leaves the help");
    press(&mut app, "q");
    assert!(has(&render(&app, 60, 20), "Leave the battle?"));
    press(&mut app, "y");
    assert!(app.quit);
}

/// Issue 26: once the terminal is large enough again the keys act as before.
#[test]
fn keys_act_again_when_the_terminal_grows() {
    let mut app = hotseat();
    render(&app, 60, 20);
    press(&mut app, "1");
    render(&app, 80, 24);
    press(&mut app, "1");
    assert!(matches!(app.game.actor(), Actor::Orders { .. }));
}
