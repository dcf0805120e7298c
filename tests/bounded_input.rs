//! Issue 25, bounded work and output for a terminal: the interactive game refuses to start
//! without a terminal and writes no save; every message that repeats what was typed
//! (clap's included) escapes its control characters; `sim --games` and `show --width` are
//! bounded, and `sim` streams its games instead of allocating them all up front.

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

use common::volley_in;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file under `dir`, however deep.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path.display().to_string());
        }
    }
    found
}

#[test]
fn issue_25_without_a_terminal_the_game_refuses_to_start_and_writes_no_save() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let save = dir.path().join("old.ron");
    std::fs::write(&save, "not read").unwrap();
    let saves = data.to_str().unwrap();
    let runs: [&[&str]; 4] = [
        &["scenarios/tutorial.ron", "--data-dir", saves],
        &["play", "scenarios/kircholm.ron"],
        &["--data-dir", saves],
        &["--resume", save.to_str().unwrap(), "--data-dir", saves],
    ];
    for args in runs {
        let out = volley_in(args, &data);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert_eq!(
            stderr(&out),
            "volley: the game is played in a terminal, and standard input and output are not \
             a terminal; nothing was started or saved. Without a terminal, `volley sim FILE` \
             plays battles headless and `volley show FILE` draws a battle's map as text\n",
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?} drew into a pipe");
        assert_eq!(files_under(&data), Vec::<String>::new(), "{args:?} saved");
    }
}

#[test]
fn issue_25_a_file_is_still_checked_before_the_terminal_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = volley_in(
        &["play", "scenarios/kircholm.ron", "--level", "Sweden=expert"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("unknown level `expert`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn issue_25_a_level_argument_with_an_escape_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let out = volley_in(
        &[
            "play",
            "scenarios/kircholm.ron",
            "--level",
            "A=\u{1b}[31mhard",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(!text.contains('\u{1b}'), "raw ESC in {text:?}");
    assert!(text.contains("unknown level `\\u{1b}[31mhard`"), "{text}");
    let out = volley_in(
        &[
            "play",
            "scenarios/kircholm.ron",
            "--level",
            "\u{1b}]0;x\u{7}=hard",
        ],
        dir.path(),
    );
    let text = stderr(&out);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        text.contains("no side called `\\u{1b}]0;x\\u{7}`"),
        "{text}"
    );
}

#[test]
fn issue_25_clap_refusals_escape_what_was_typed_and_keep_their_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [&[&str]; 3] = [
        &["sim", "scenarios/tutorial.ron", "--games", "\u{1b}[2J"],
        &["--bogus-\u{1b}[31m"],
        &["show", "scenarios/tutorial.ron", "--width", "\u{9b}31m"],
    ];
    for args in runs {
        let out = volley_in(args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let text = stderr(&out);
        assert!(text.starts_with("error: "), "{args:?}: {text}");
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {text:?}"
        );
        assert!(
            text.contains("\\u{1b}[") || text.contains("\\u{9b}"),
            "{text}"
        );
    }
    let help = volley_in(&["--help"], dir.path());
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: volley"));
    let version = volley_in(&["--version"], dir.path());
    assert_eq!(version.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("volley "));
}

#[test]
fn issue_25_sim_refuses_more_games_than_the_statistics_need_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    for games in ["4294967295", "10000001", "99999999999999999999"] {
        let out = volley_in(
            &["sim", "scenarios/tutorial.ron", "--games", games],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(2), "{games}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
        let text = stderr(&out);
        assert!(
            text.contains("is not in 1..=10000000: at 10000000 games a win rate's 95% interval")
                || text.contains("number too large"),
            "{games}: {text}"
        );
    }
    let out = volley_in(
        &["sim", "scenarios/tutorial.ron", "--games", "0"],
        dir.path(),
    );
    assert!(stderr(&out).contains("0 is not in 1..=10000000: play at least one game"));
}

#[test]
fn issue_25_sim_streams_csv_rows_as_games_finish_instead_of_holding_them_all() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    // Ten million games take hours: the first rows must come long before the last game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(["sim", "scenarios/tutorial.ron", "--games", "10000000"])
        .args([
            "--side-a", "advance", "--side-b", "advance", "--format", "csv",
        ])
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .take(3)
            .map(Result::unwrap)
            .collect();
        let _ = send.send(lines);
    });
    let lines = receive.recv_timeout(Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    let lines = lines.expect("rows before all ten million games are played");
    assert_eq!(
        lines[0],
        "seed,player_a,player_b,winner,ending,turn,losses_a,losses_b"
    );
    assert!(lines[1].starts_with("1,advance,advance,"), "{lines:?}");
    assert!(lines[2].starts_with("2,advance,advance,"), "{lines:?}");
}

#[test]
fn issue_25_sim_hands_games_on_in_order_and_stops_when_asked() {
    use std::ops::ControlFlow;
    use volley::sim::{simulate, simulate_each, PlayerKind, SimSetup};
    let scenario = volley::scenario::Scenario::default_battle().unwrap();
    let setup = SimSetup::new([PlayerKind::Advance, PlayerKind::Random], 7);
    let mut seen = Vec::new();
    simulate_each(&scenario, 10_000_000, setup, &|| {}, &mut |r| {
        seen.push(r);
        if seen.len() == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, simulate(&scenario, 3, setup, &|| {}));
    assert_eq!(seen.iter().map(|r| r.seed).collect::<Vec<_>>(), [7, 8, 9]);
}

/// A valid battle on a `size`×`size` map of open ground.
fn big_battle(size: usize) -> String {
    let row = vec!["."; size].join(" ");
    let rows: Vec<String> = (0..size).map(|_| format!("\"{row}\"")).collect();
    format!(
        "(name: \"Big\", map: [{}], \
         sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)], \
         units: [(troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, {})), \
         (troop: \"pikemen\", side: \"Blue\", creatures: 120, at: (0, 0))], \
         turn_limit: 6, defender: \"Blue\")",
        rows.join(", "),
        size - 1
    )
}

#[test]
fn issue_25_show_draws_a_huge_width_no_wider_than_the_largest_hexes_in_bounded_memory() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.ron");
    std::fs::write(&file, big_battle(200)).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_volley"));
    command.args(["show", file.to_str().unwrap(), "--width", "65535"]);
    // SAFETY: setrlimit is async-signal-safe and touches only the child being started.
    unsafe {
        command.pre_exec(|| {
            // 1 GiB of address space: drawn 65,535 wide the map took 3 GB.
            let limit = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let out = command.output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    // The largest hexes are 11 columns: 200 of them, half a hex more and the outline; the
    // text is what that width draws.
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
    // Row numbers up to 199 take 4 columns more at the left (issue 28).
    assert_eq!(widest, 2208, "trailing blanks are trimmed");
    let scenario = volley::scenario::Scenario::parse(&big_battle(200), "big.ron").unwrap();
    assert_eq!(
        text,
        volley::tui::show::show(scenario, 200 * 11 + 6 + 4).unwrap()
    );
}

#[test]
fn issue_25_did_you_mean_still_finds_a_type_among_long_names() {
    // Names are compared by their first 64 characters (benches/check.rs times 394 unknown
    // names against 500 types, each thousands of characters long): a typo there is found.
    let long = "x".repeat(3000);
    let text = format!(
        "(name: \"Long\", map: [\". . . .\", \". . . .\"], \
         sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)], \
         units: [(troop: \"zulu guard{long}\", side: \"Red\", creatures: 120, at: (0, 1)), \
         (troop: \"pikemen\", side: \"Blue\", creatures: 120, at: (0, 0))], \
         troops: [(name: \"zulu guards{long}\", formation: FF, hd: \"1\", throw: 10, \
         speed: 120, melee: (name: \"spear\", damage: \"1d6\"))], \
         turn_limit: 6, defender: \"Blue\")"
    );
    let problems = volley::scenario::Scenario::parse(&text, "long.ron")
        .unwrap_err()
        .lines();
    let unknown = problems
        .iter()
        .find(|p| p.contains("unknown troop type"))
        .expect("the unknown troop is a problem");
    assert!(
        unknown.ends_with(&format!("did you mean `zulu guards{long}`?")),
        "{}",
        &unknown[..200]
    );
}
