//! Issue 9: what a hostile or careless user does never crashes, hangs or garbles the
//! terminal. A multi-byte typo gets its suggestion, a FIFO is refused by name, a file of
//! thousands of problems is listed briefly, user text is shown with its control characters
//! escaped, and every unit in a message is named by label and hex.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{edit, refused, volley_in};

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::process::Output;
use volley::engine::{Answer, Order};
use volley::scenario::data::MAX_PROBLEMS_SHOWN;
use volley::scenario::{Controller, Scenario, MAX_OBJECTIVES};

/// A small valid battle the tests break one way at a time.
const BASE: &str = r#"(
    name: "Test",
    map: [". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
    ],
    objectives: [(name: "the mill", at: (4, 2))],
    turn_limit: 6,
    defender: "Blue",
)
"#;

fn text_of(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_troop_name_with_a_multibyte_typo_gets_a_located_suggestion() {
    for typo in ["abcé", "pikeé", "é", "中文字符", "pi\u{301}kemen"] {
        let text = edit(
            BASE,
            r#"troop: "pikemen", side: "Blue""#,
            &format!(r#"troop: "{typo}", side: "Blue""#),
        );
        let lines = refused(&text);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("bad.ron:7:10: \"Blue pike\" at (0, 0): unknown troop type"),
            "{lines:?}"
        );
    }
    let text = edit(
        BASE,
        r#""pikemen", side: "Blue""#,
        r#""pikeé", side: "Blue""#,
    );
    assert!(refused(&text)[0].ends_with("did you mean `pikemen`?"));
}

#[test]
fn every_command_that_loads_a_file_refuses_the_multibyte_typo_without_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let text = edit(
        BASE,
        r#""pikemen", side: "Blue""#,
        r#""abcé", side: "Blue""#,
    );
    let file = dir.path().join("typo.ron");
    std::fs::write(&file, &text).unwrap();
    let save = dir.path().join("typo-save.ron");
    let good = Scenario::parse(BASE, "typo.ron").unwrap();
    let game =
        volley::engine::Game::new(good.setup.clone(), volley::engine::Dice::seeded(1)).unwrap();
    let mut saved = volley::save::SaveFile::of(&good, 1, [Controller::Human; 2], &[], &game);
    saved.scenario = text.clone();
    saved.write(&save).unwrap();
    let f = file.to_str().unwrap();
    let s = save.to_str().unwrap();
    // `--resume` without a terminal refuses before it reads the save (issue 25); `replay`
    // reads it first, as the game would.
    let runs: [&[&str]; 5] = [
        &["check", f],
        &["play", f],
        &["units", f],
        &["sim", f, "--games", "2"],
        &["replay", s],
    ];
    for args in runs {
        let out = volley_in(args, dir.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text_of(&out));
        assert!(
            text_of(&out).contains("unknown troop type `abcé`"),
            "{args:?}: {}",
            text_of(&out)
        );
    }
}

/// Makes a named pipe at `path`.
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo");
}

#[test]
fn a_fifo_or_a_directory_is_refused_by_name_instead_of_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.ron");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let d = dir.path().to_str().unwrap();
    let runs: [(&[&str], &str); 4] = [
        (
            &["check", f],
            "it is a named pipe (FIFO), not a regular file",
        ),
        (
            &["play", f],
            "it is a named pipe (FIFO), not a regular file",
        ),
        (
            &["replay", f],
            "it is a named pipe (FIFO), not a regular file",
        ),
        (&["check", d], "it is a directory, not a regular file"),
    ];
    for (args, says) in runs {
        let out = volley_in(args, dir.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text_of(&out));
        assert!(text_of(&out).contains(says), "{args:?}: {}", text_of(&out));
        assert!(text_of(&out).contains("fifo.ron") || args[1] == d);
    }
}

#[test]
fn objectives_past_the_limit_are_one_problem_not_one_each() {
    let many: Vec<String> = (0..60_000)
        .map(|i| format!("(name: \"o{i}\", at: (-1, {i}))"))
        .collect();
    let text = edit(
        BASE,
        r#"[(name: "the mill", at: (4, 2))]"#,
        &format!("[{}]", many.join(", ")),
    );
    assert_eq!(
        refused(&text),
        vec![format!(
            "bad.ron:9:5: 60000 objectives; at most {MAX_OBJECTIVES} are allowed"
        )]
    );
}

#[test]
fn a_report_of_hundreds_of_problems_lists_the_first_and_counts_the_rest() {
    let units: Vec<String> = (0..300)
        .map(|i| format!("(troop: \"pikemen\", side: \"Red\", creatures: 120, at: ({i}, 9))"))
        .collect();
    let text = edit(
        BASE,
        r#"(troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike"),"#,
        &format!("{},", units.join(",\n")),
    );
    let lines = refused(&text);
    assert_eq!(lines.len(), MAX_PROBLEMS_SHOWN + 1);
    assert_eq!(
        lines[0],
        "bad.ron:6:57: \"pikemen\" at (0, 9) is off the 6×4 map"
    );
    assert_eq!(
        lines[MAX_PROBLEMS_SHOWN],
        format!("bad.ron: … and {} more problems", 300 - MAX_PROBLEMS_SHOWN)
    );
}

/// A scenario whose names hold an escape sequence and a newline.
fn with_hostile_names() -> String {
    let text = edit(
        BASE,
        "label: \"Red pike\"",
        "label: \"\u{1b}[31mRed\npike\"",
    );
    edit(&text, "name: \"the mill\"", "name: \"mill\u{7}\u{202e}\"")
}

#[test]
fn control_characters_in_user_text_are_escaped_in_error_messages() {
    let text = edit(
        &with_hostile_names(),
        r#""pikemen", side: "Red""#,
        "\"pike\u{1b}]0;pwned\u{7}\", side: \"Red\"",
    );
    let lines = refused(&text);
    assert_eq!(lines.len(), 1, "one problem is one line: {lines:?}");
    assert!(
        lines[0].contains(
            r#""\u{1b}[31mRed\npike" at (0, 3): unknown troop type `pike\u{1b}]0;pwned\u{7}`;"#
        ),
        "{lines:?}"
    );
    assert!(!lines[0].chars().any(char::is_control), "{lines:?}");
    let err = Scenario::parse("(name: \"\u{1b}[2J", "evil\u{1b}[31m.ron").unwrap_err();
    let shown = err.to_string();
    assert!(shown.starts_with(r"evil\u{1b}[31m.ron:"), "{shown}");
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown}"
    );
}

#[test]
fn control_characters_in_names_are_escaped_on_screen() {
    let scenario = Scenario::parse(&with_hostile_names(), "names.ron").unwrap();
    let mut app = volley::tui::App::new(scenario, 1, [Controller::Human; 2]).unwrap();
    app.put_cursor(volley::engine::Map::hex_at(0, 3));
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| volley::tui::draw(f, &app)).unwrap();
    let screen: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(screen.contains(r"\u{1b}[31mRed\npike"), "{screen}");
    assert!(
        !screen.chars().any(char::is_control),
        "a control character reached the screen"
    );
    let mill = &app.game().objectives()[0].name;
    assert_eq!(mill, r"mill\u{7}\u{202e}");
}

/// The save of `app`'s battle in its autosave file, resumed.
fn resumed(path: &Path) -> volley::save::Resumed {
    volley::save::resume(path).expect("the autosave resumes")
}

fn tutorial_app(autosave: PathBuf) -> volley::tui::App {
    let (file, src) = volley::scenario::SHIPPED[0];
    let scenario = Scenario::parse(src, file).unwrap();
    let mut app = volley::tui::App::new(scenario, 7, [Controller::Human; 2]).unwrap();
    app.open_autosave(autosave).unwrap();
    app
}

#[test]
fn the_autosave_holds_every_command_not_only_those_of_ended_phases() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave").join("tutorial-1-1.ron");
    let mut app = tutorial_app(path.clone());
    assert!(
        app.submit(volley::engine::Command::Answer(Answer::ChooseFirst {
            first: true
        }))
    );
    let pike = app.game().units()[0].id;
    assert!(app.submit(volley::engine::Command::Order(Order::StandFast {
        unit: pike
    })));
    let back = resumed(&path);
    assert_eq!(
        back.commands,
        app.commands(),
        "the order in mid-phase is saved"
    );
    assert_eq!(back.game.log(), app.game().log());
}

/// A player that always gives the same order, legal or not.
struct Stubborn(volley::engine::Command);

impl volley::ai::Player for Stubborn {
    fn choose(&mut self, _game: &volley::engine::Game) -> Option<volley::engine::Command> {
        Some(self.0)
    }
}

#[test]
fn a_computer_order_the_engine_refuses_is_a_failure_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = tutorial_app(dir.path().join("a.ron"));
    let mut computer: volley::tui::Computer =
        Box::new(Stubborn(volley::engine::Command::Order(Order::EndOrders)));
    let err = volley::tui::step_computer(&mut app, &mut computer)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("the computer's order EndOrders was refused: "),
        "{err}"
    );
    assert!(
        !app.has_quit(),
        "the caller decides how to end, with the reason"
    );
}
