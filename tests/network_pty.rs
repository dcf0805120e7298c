//! Issue 31: the two screens of a battle across two machines, each the real binary in a
//! pseudo-terminal: `volley host` shows its address and code, `volley join` gets in, and
//! the players play a turn of the tutorial by keys, each seeing the other's orders in its
//! log as they are given. The opening's dice are both players' fresh values, so who wins
//! the initiative differs from run to run: the test asks each screen whose turn it is.

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
use std::time::{Duration, Instant};

/// Whether the screen's status line says it is this player's turn.
fn my_turn(s: &Session) -> bool {
    s.rows().iter().any(|r| r.contains("│ your turn"))
}

/// The side's name this screen plays, from its banner-less header: the host plays Red.
fn shows(s: &Session, text: &str) -> bool {
    s.rows().iter().any(|r| r.contains(text))
}

/// The host in one pseudo-terminal on a free port, and a joining player in another.
fn host_and_join() -> (Session, Session) {
    let host = Session::start(&[
        "host",
        "tutorial",
        "--listen",
        "127.0.0.1:0",
        "--code",
        "4242-4242",
    ]);
    let rows = host.expect(&["listening on 127.0.0.1:", "volley join 127.0.0.1:"]);
    let address = rows
        .iter()
        .find_map(|r| r.split("listening on ").nth(1))
        .and_then(|a| a.split_whitespace().next())
        .map(|a| a.trim_end_matches('│').to_string())
        .unwrap();
    let join = Session::start(&["join", &address, "4242-4242"]);
    (host, join)
}

#[test]
fn host_and_join_screens_play_a_turn_by_keys() {
    let (mut host, mut join) = host_and_join();
    host.expect(&["Across two machines: you command Red; the other player commands Blue."]);
    join.expect(&["Across two machines: you command Blue; the other player commands Red."]);
    host.begin();
    join.begin();
    // The initiative's winner chooses to go first.
    host.expect(&["won the initiative"]);
    join.expect(&["won the initiative"]);
    let (first, second) = if my_turn(&host) {
        (&mut host, &mut join)
    } else {
        (&mut join, &mut host)
    };
    assert!(!my_turn(second), "only one player is asked");
    first.send("1");
    second.expect(&["is the first side this turn"]);
    // The first side marches a unit; the other screen's log shows it.
    first.expect(&["│ your turn"]);
    march_a_unit(first);
    second.expect(&["marches"]);
    // A line of chat, named by its speaker's side.
    first.send("T");
    first.expect(&["To the other player:"]);
    first.send("hold the ford\r");
    second.expect(&[": hold the ford"]);
    // Taken back (the host at once, the joining player by asking it): gone on both screens;
    // the chat stays in the log rebuilt without the order.
    first.send("U");
    second.expect(&["an order was taken back"]);
    second.expect_gone("marches");
    first.expect_gone("marches");
    assert!(shows(second, ": hold the ford") && shows(first, "(you): hold the ford"));
    march_a_unit(first);
    second.expect(&["marches"]);
    first.send("e");
    first.expect(&["End orders?"]);
    first.send("y");
    // The second side's turn: it marches and takes it back too, so that both the host's
    // undo and the joining player's are tried whoever won the initiative.
    second.expect(&["│ your turn"]);
    let before = first.rows().concat().matches("marches").count();
    march_a_unit(second);
    first.wait_until("their march", |rows| {
        rows.concat().matches("marches").count() > before
    });
    second.send("U");
    first.expect(&["an order was taken back"]);
    to_turn_2(&mut host, &mut join);
    host.quit();
    join.expect(&["the other player left"]);
}

/// The players end their orders phase after phase (the initiative's winner going first)
/// until both screens show turn 2.
fn to_turn_2(host: &mut Session, join: &mut Session) {
    let start = Instant::now();
    while !(shows(host, "Turn 2") && shows(join, "Turn 2")) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no turn 2:\n{}\n{}",
            host.dump(),
            join.dump()
        );
        for s in [&mut *host, &mut *join] {
            if shows(s, "End orders?") {
                s.send("y");
            } else if shows(s, "answer the prompt") && my_turn(s) {
                s.send("1");
            } else if my_turn(s) && !shows(s, "Turn 2") {
                s.send("e");
            }
        }
        std::thread::sleep(Duration::from_millis(150));
    }
}

/// Marches the first unit with an order one hex in whichever direction it may go.
fn march_a_unit(s: &mut Session) {
    for direction in ["\x1b[D", "\x1b[C", "\x1b[A", "\x1b[B"] {
        s.send("\t");
        std::thread::sleep(Duration::from_millis(100));
        s.send("\r");
        std::thread::sleep(Duration::from_millis(100));
        s.send("m");
        std::thread::sleep(Duration::from_millis(100));
        s.send(direction);
        s.send("\r");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(3) {
            if shows(s, "marches") {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        s.send("\x1b");
    }
    panic!("no unit could march:\n{}", s.dump());
}
