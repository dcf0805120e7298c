//! Helpers the screen tests share: the tutorial in hot-seat, drawn into ratatui's
//! `TestBackend` and read back as lines, the panel, the log, keys pressed as a player would,
//! and the orders that aim a charge or fire.

#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "helpers of tests: what one test binary does not use is no defect"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use volley::engine::{Map, Phase, SideId, UnitId};
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

pub const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

pub fn tutorial() -> Scenario {
    tutorial_edited(str::to_string)
}

/// The tutorial parsed from its file's text after `edit`: a unit taken out, or one of its
/// fields set.
pub fn tutorial_edited(edit: impl Fn(&str) -> String) -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .expect("the tutorial ships");
    Scenario::parse(&edit(source), file).expect("the edited tutorial parses")
}

/// The tutorial at its own seed, both sides at the keyboard.
/// The tutorial at seed 7, hot-seat, past its opening briefing.
pub fn hotseat() -> App {
    let mut app = App::new(tutorial(), 7, HOTSEAT).expect("the tutorial starts");
    assert_eq!(
        *app.mode(),
        Mode::Briefing { scroll: 0 },
        "a new battle opens on its briefing"
    );
    press(&mut app, " ");
    app
}

/// A terminal of `w`×`h` with the battle drawn in it.
pub fn terminal(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| volley::tui::draw(f, app)).unwrap();
    t
}

/// The screen's rows as text, trailing blanks trimmed (every glyph the UI draws is one
/// column wide, so a row's chars are its columns).
pub fn rows(t: &Terminal<TestBackend>) -> Vec<String> {
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

pub fn render(app: &App, w: u16, h: u16) -> Vec<String> {
    rows(&terminal(app, w, h))
}

/// Columns `from..to` of every row, trailing blanks trimmed.
pub fn columns(screen: &[String], from: usize, to: usize) -> Vec<String> {
    screen
        .iter()
        .map(|r| {
            r.chars()
                .skip(from)
                .take(to - from)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The unit panel's text: the rows under its " Unit " title, right of its border, down to
/// the status line (the log lies under the map, left of the panel).
pub fn panel(screen: &[String]) -> Vec<String> {
    let title = screen
        .iter()
        .position(|r| r.contains("│ Unit"))
        .expect("the panel's title");
    let border = screen[title]
        .chars()
        .position(|c| c == '│')
        .expect("the panel's border");
    let mut rows = columns(&screen[title + 1..screen.len() - 1], border + 1, 200);
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// The event log's rows: under its title, left of the panel's border.
pub fn log(screen: &[String]) -> Vec<String> {
    let log = screen
        .iter()
        .position(|r| r.starts_with(" Log "))
        .expect("the log's title");
    let border = screen[log].chars().position(|c| c == '│').unwrap_or(200);
    let mut rows = columns(&screen[log + 1..screen.len() - 1], 0, border);
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// The last `n` rows of the log.
pub fn log_tail(screen: &[String], n: usize) -> Vec<String> {
    let rows = log(screen);
    rows[rows.len().saturating_sub(n)..].to_vec()
}

pub fn has(screen: &[String], text: &str) -> bool {
    screen.iter().any(|r| r.contains(text))
}

#[track_caller]
pub fn assert_shows(screen: &[String], text: &str) {
    assert!(
        has(screen, text),
        "the screen does not show {text:?}:\n{}",
        screen.join("\n")
    );
}

#[track_caller]
pub fn assert_lines(got: &[String], want: &[&str]) {
    let got: Vec<&str> = got.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        &got[..want.len().min(got.len())],
        want,
        "\nscreen part:\n{}",
        got.join("\n")
    );
}

/// Keys as a player types them: `\t` Tab, `\n` Enter, `\x1b` Esc, anything else a character.
pub fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(match c {
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            '\x1b' => Key::Esc,
            c => Key::Char(c),
        });
    }
}

/// `e`, `y` if asked to confirm, and any key to take the keyboard if it passes hands.
pub fn end_orders(app: &mut App) {
    press(app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
    if matches!(app.mode(), Mode::Handover { .. }) {
        press(app, " ");
    }
}

pub fn unit_id(app: &App, label: &str) -> UnitId {
    app.game()
        .units()
        .iter()
        .find(|u| u.label == label)
        .map(|u| u.id)
        .expect("unit")
}

pub fn cursor(app: &App) -> (i32, i32) {
    Map::offset(app.cursor())
}

/// Red picks the first side; Tab, Tab to the lancers; Enter, `c` charge, `y` `y` to (5,3)
/// and `u` to (6,2) next to both Blue shot and Blue pike: target picking.
pub fn aim_charge(app: &mut App) {
    press(app, "1\t\t\nc");
    assert_eq!(
        cursor(app),
        (6, 5),
        "the cursor starts on the charging unit"
    );
    press(app, "yy");
    assert_eq!(cursor(app), (5, 3));
    press(app, "u\n");
    assert!(
        matches!(app.mode(), Mode::PickTarget { .. }),
        "two enemies next to (6,2): pick one"
    );
    if app.game().unit_at(app.cursor()).map(|u| u.label.as_str()) != Some("Blue shot") {
        press(app, "\t");
    }
    assert_eq!(cursor(app), (5, 2));
}

/// The tutorial's scripted first turn up to Blue shot aiming its muskets at the lancers:
/// the charge on Blue shot, both sides end movement, Red ends missile orders, Blue fires.
pub fn aim_fire(app: &mut App) {
    aim_charge(app);
    press(app, "\n");
    end_orders(app); // Red's movement
    end_orders(app); // Blue's movement
    end_orders(app); // Red's missile orders
    assert_eq!(
        app.game().actor(),
        volley::engine::Actor::Orders {
            side: SideId::B,
            phase: Phase::Missile
        }
    );
    app.put_cursor(Map::hex_at(5, 2));
    press(app, "\nf");
    assert!(matches!(app.mode(), Mode::PickTarget { .. }));
}
