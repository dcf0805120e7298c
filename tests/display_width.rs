//! Issue 25, text measured by display width: labels of combining marks or double-width
//! (CJK) characters keep the end table's columns and the popup's right border aligned.

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
use unicode_width::UnicodeWidthStr;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

/// Red lancers two hexes from a Blue pike company down to its last uhp, labelled `red`
/// and `blue`.
fn last_stand(red: &str, blue: &str) -> App {
    let text = format!(
        r#"(
    name: "Last stand",
    map: [". . . .", ". . . .", ". . . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "winged hussars", side: "Red", creatures: 60, at: (1, 3), label: "{red}"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (1, 1), label: "{blue}", damage: 7),
    ],
    turn_limit: 3,
    defender: "Blue",
)"#
    );
    let scenario = Scenario::parse(&text, "last_stand.ron").unwrap();
    let mut app = App::new(scenario, 0, [Controller::Human; 2]).unwrap();
    for c in " 1\nck\n\n".chars() {
        app.handle_key(if c == '\n' { Key::Enter } else { Key::Char(c) });
    }
    assert!(matches!(app.mode(), Mode::Browse), "{:?}", app.mode());
    for _ in 0..4 {
        app.handle_key(Key::Char('e'));
        if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
            app.handle_key(Key::Char('y'));
        }
        if matches!(app.mode(), Mode::Handover { .. }) {
            app.handle_key(Key::Char(' '));
        }
    }
    assert!(app.game().outcome().is_some(), "the battle is over");
    app
}

/// The screen's rows as the terminal shows them: each cell's symbol, the cell after a
/// double-width glyph (which it covers) left out.
fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| volley::tui::draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| {
            let (mut row, mut x) = (String::new(), 0);
            while x < w {
                let symbol = buf[(x, y)].symbol();
                row.push_str(symbol);
                x += u16::try_from(symbol.width().max(1)).unwrap();
            }
            row
        })
        .collect()
}

/// The display column where `text` ends in `row`, the first time it appears.
fn end_of(row: &str, text: &str) -> usize {
    let at = row
        .find(text)
        .unwrap_or_else(|| panic!("no {text:?} in {row:?}"));
    row[..at].width() + text.width()
}

#[test]
fn issue_25_labels_of_combining_marks_and_wide_characters_keep_the_end_table_aligned() {
    let marks = format!("Lancers{}", "\u{301}".repeat(300));
    let app = last_stand(&marks, "長槍兵長槍兵長槍兵長槍兵長槍兵");
    let s = screen(&app, 100, 30);
    let head = s
        .iter()
        .find(|r| r.contains("unit   "))
        .expect("the table's head");
    let shock = end_of(head, "shock");
    let rows: Vec<&String> = s.iter().filter(|r| r.contains("0/0")).collect();
    assert_eq!(rows.len(), 2, "{}", s.join("\n"));
    for row in rows {
        assert_eq!(end_of(row, "0/0"), shock, "{row:?} under {head:?}");
        assert_eq!(row.width(), 100, "{row:?}");
        assert!(row.ends_with('│'), "{row:?}");
    }
    // The label is cut to fit its 24 columns with its tag kept (issue 26), a
    // double-width glyph never split.
    let blue = s.iter().find(|r| r.starts_with("│B 長槍兵")).unwrap();
    assert!(blue.starts_with("│B 長槍兵長槍兵長槍… ["), "{blue:?}");
    // Stacked marks are kept to four, so no cell holds 300.
    let red = s.iter().find(|r| r.starts_with("│R Lancers")).unwrap();
    assert!(red.starts_with(&format!("│R Lancers{} [l] ", "\u{301}".repeat(4))));
}
