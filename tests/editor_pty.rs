//! The battle editor (issue 32) end to end: the real `volley edit` in a pseudo-terminal of
//! 100×30, driven by the keys a designer types. A small battle is built from nothing
//! (ground painted, two units a side, a reserve, an objective, a longer turn limit), saved,
//! and then passes `volley check` and a `volley test` of its reserve (R12.1); and an edit
//! survives `kill -9` through the autosave.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

#[path = "common/pty.rs"]
mod pty;

use pty::Session;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn volley(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .output()
        .expect("volley runs")
}

/// Keys, each awaited until the screen has taken it (the tool or the cursor's hex line
/// changes, or `wait_for` shows).
fn keys(s: &mut Session, keys: &str, wait_for: &str) {
    s.send(keys);
    s.expect(&[wait_for]);
}

/// `volley edit` on a new file of `size`: it asks the size and sides first, with those
/// given filled in, and Enter takes them.
fn new_battle(path: &str, size: &str) -> Session {
    let mut s = Session::start(&["edit", path, "--size", size]);
    let (width, _) = size.split_once('x').unwrap();
    s.expect(&[
        "A new battle: its size and sides",
        "width",
        width,
        "A name",
        "Red",
    ]);
    keys(&mut s, "\r", "Enter use");
    s
}

#[test]
fn a_battle_built_by_keys_saves_checks_and_plays_its_reserve() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("built.ron");
    let path = file.to_str().unwrap();
    let mut s = new_battle(path, "10x8");
    s.expect(&["Editing", "built.ron", "10×8", "side `Red` has no units"]);
    // Woods on (0, 0), brush 1; a hill with the brush 3 across around (5, 3).
    keys(&mut s, "3\r", "(0, 0) woods");
    keys(&mut s, "4b", "paint hill (3 across)");
    keys(&mut s, "lllllljjj", "(6, 3) clear");
    keys(&mut s, "h\r", "(5, 3) hill");
    keys(&mut s, "b", "(7 across)");
    keys(&mut s, "b", "(1 across)");
    // Two Red pike at (2, 6) and (3, 6).
    keys(&mut s, "a", "Troop type");
    keys(&mut s, "pikemen", "search: pikemen_");
    keys(&mut s, "\r", "Tool: place pikemen");
    keys(&mut s, "hhhjjj", "(2, 6)");
    keys(&mut s, "\r", "Red pikemen 1");
    keys(&mut s, "l\r", "Red pikemen 2");
    // Two Blue pike at (3, 1) and (4, 1).
    keys(&mut s, "s", "New units: Blue");
    keys(&mut s, "kkkkk\r", "Blue pikemen 1");
    keys(&mut s, "l\r", "Blue pikemen 2");
    // A third Red pike at (6, 7), held in reserve to arrive there on turn 2.
    keys(&mut s, "s", "New units: Red");
    keys(&mut s, "lljjjjjj\r", "Red pikemen 3");
    keys(&mut s, "R", "a reserve now");
    s.expect(&["4 units placed, 1 in reserve"]);
    // An objective at (4, 4), and a turn limit of 8.
    keys(&mut s, "o", "Tool: objective");
    keys(&mut s, "hhkkk\r", "objective objective 1");
    keys(&mut s, ">>", "turn limit 8");
    s.expect(&["No problems: it plays."]);
    keys(&mut s, "S", "saved");
    s.send("q");
    wait_exit(&mut s);

    let checked = volley(&["check", path, "--deny-warnings"]);
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("      // 0 1 2 3 4 5 6 7 8 9\n"), "{text}");
    assert!(text.contains("\"T . . . . . . . . .\""), "{text}");
    assert!(
        text.contains("reserve: (turn: 2, hexes: [(6, 7)])"),
        "{text}"
    );
    let test = dir.path().join("built.test.ron");
    std::fs::write(&test, RESERVE_TEST).unwrap();
    let tested = volley(&["test", test.to_str().unwrap()]);
    assert!(
        tested.status.success(),
        "{}{}",
        String::from_utf8_lossy(&tested.stdout),
        String::from_utf8_lossy(&tested.stderr)
    );
}

/// The reserve is off the map on turn 1 and arrives on turn 2 (R12.1).
const RESERVE_TEST: &str = r#"(
    scenario: "built.ron",
    seed: 1,
    steps: [
        Dice([6, 1]),
        ChooseFirst(first: true),
        Expect(unit: "Red pikemen 3", on_map: false),
        EndOrders, EndOrders, EndOrders, EndOrders, EndOrders, EndOrders,
        Dice([6, 1]),
        ChooseFirst(first: true),
        Happened(event: "ReserveArrived", unit: "Red pikemen 3"),
        Expect(unit: "Red pikemen 3", at: (6, 7), status: Steady),
    ],
)
"#;

#[test]
fn an_edit_killed_before_a_save_is_recovered_from_the_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("killed.ron");
    let path = file.to_str().unwrap();
    let mut s = new_battle(path, "6x4");
    keys(&mut s, "7\r", "(0, 0) water");
    keys(&mut s, "l3\r", "(1, 0) woods");
    // The autosave holds both edits once the checker has written it.
    let autosave = dir.path().join(".killed.ron.autosave");
    wait_for_file(&autosave, "\"~ T . . . .\"");
    s.child.kill().unwrap();
    let _ = s.child.wait();
    assert!(!file.exists(), "never saved");

    let mut again = Session::start(&["edit", path]);
    again.expect(&["recovered unsaved edits", "(unsaved)"]);
    keys(&mut again, "l", "(1, 0) woods");
    keys(&mut again, "S", "saved");
    again.send("q");
    wait_exit(&mut again);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("\"~ T . . . .\""));
    assert!(!autosave.exists(), "a save drops the autosave");
}

fn wait_for_file(path: &Path, text: &str) {
    let start = Instant::now();
    while !std::fs::read_to_string(path).is_ok_and(|t| t.contains(text)) {
        assert!(
            start.elapsed() < pty::WAIT,
            "{} never held {text}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn wait_exit(s: &mut Session) {
    let start = Instant::now();
    while s.child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < pty::WAIT,
            "the editor did not leave:\n{}",
            s.dump()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The mouse (SGR reports, as xterm sends them): a click moves the cursor to the hex and
/// paints it, a drag paints each hex it crosses. At 100×30 a 10×8 map is drawn at the
/// smallest hexes: hex `(c, 0)`'s terrain mark is at column `2 + 5c`, line 2 (1-based).
#[test]
fn a_click_paints_a_hex_and_a_drag_paints_a_stroke() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mouse.ron");
    let path = file.to_str().unwrap();
    let mut s = new_battle(path, "10x8");
    s.expect(&["Editing", "Tool: select"]);
    keys(&mut s, "3", "Tool: paint woods");
    let x = |c: u32| 2 + 5 * c;
    s.send(&format!("\x1b[<0;{};2M\x1b[<0;{};2m", x(2), x(2)));
    s.expect(&["(2, 0) woods"]);
    s.send(&format!("\x1b[<0;{};2M", x(3)));
    s.expect(&["(3, 0) woods"]);
    for c in [4, 5] {
        s.send(&format!("\x1b[<32;{};2M", x(c)));
        s.expect(&[&format!("({c}, 0) woods")]);
    }
    s.send(&format!("\x1b[<0;{};2m", x(5)));
    keys(&mut s, "S", "saved");
    s.send("q");
    wait_exit(&mut s);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\". . T T T T . . . .\""), "{text}");
}
