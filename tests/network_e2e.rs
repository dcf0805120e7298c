//! Issue 31, end to end: `volley host` and `volley join` as two processes on loopback,
//! the computer on both sides (`--computer --headless`). A whole battle ends with the same
//! commands, dice and events on both sides, through a kill of the joining process and a
//! re-join; a wrong code and another scenario are refused without harm (the other refusals:
//! `network_refusals.rs`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test fails loudly"
)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use volley::tui::replay::ReplayExit;
use volley::tui::title::Choice;

/// A child process that is killed if the test ends first (a failed assertion), so no
/// host is left listening.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl std::ops::Deref for Process {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Process {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

/// A host of `battle` on a free loopback port with code `code`; its address.
fn host(dir: &Path, battle: &str, code: &str, extra: &[&str]) -> (Process, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(["host", battle, "--listen", "127.0.0.1:0", "--code", code])
        .args(["--computer", "--headless", "--data-dir"])
        .arg(dir.join("host-data"))
        .arg("--save")
        .arg(dir.join("host.ron"))
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(dir.join("host.err")).unwrap())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = loop {
        let line = lines.next().expect("the host printed its address").unwrap();
        if let Some(a) = line.strip_prefix("listening on ") {
            break a.to_string();
        }
    };
    // The rest of its output (the last line says how the battle ended) goes to a file.
    let out = dir.join("host.out");
    std::thread::spawn(move || {
        let text: Vec<String> = lines.map_while(Result::ok).collect();
        std::fs::write(out, text.join("\n")).unwrap();
    });
    (Process(child), address)
}

/// A joining process; its standard output and error go to `<name>.out` and `<name>.err`.
fn join(dir: &Path, name: &str, address: &str, code: &str, extra: &[&str]) -> Process {
    let child = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args([
            "join",
            address,
            code,
            "--computer",
            "--headless",
            "--data-dir",
        ])
        .arg(dir.join("join-data"))
        .arg("--save")
        .arg(dir.join("join.ron"))
        .args(extra)
        .stdout(std::fs::File::create(dir.join(format!("{name}.out"))).unwrap())
        .stderr(std::fs::File::create(dir.join(format!("{name}.err"))).unwrap())
        .spawn()
        .unwrap();
    Process(child)
}

/// Waits for a process to end (at most a minute); whether it succeeded.
fn finish(child: &mut Child) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if let Some(status) = child.try_wait().unwrap() {
            return status.success();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    panic!("a process did not end within a minute");
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_default()
}

/// Waits until `path` holds `text` (at most 30 s).
fn wait_for(path: &Path, text: &str) {
    let start = Instant::now();
    while !read(path.to_path_buf()).contains(text) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{} never said {text:?}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Issue 31: a whole tutorial battle, computer against computer across the line; the
/// joining process is killed in the middle of the battle and joins again; both sides end
/// with the same save: the same commands, shared dice, events and digest, and each save
/// resumes, its every value checked against the players' commitments.
#[test]
fn a_battle_across_the_line_survives_a_killed_joiner_and_ends_the_same_on_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut host_process, address) = host(d, "tutorial", "1111-2222", &[]);
    let mut first = join(d, "join1", &address, "1111-2222", &["--pause", "10"]);
    wait_for(&d.join("join1.err"), "command 20:");
    first.kill().unwrap();
    first.wait().unwrap();
    wait_for(&d.join("host.err"), "paused:");
    let mut second = join(d, "join2", &address, "1111-2222", &[]);
    assert!(
        finish(&mut second),
        "the re-joined side finished: {}",
        read(d.join("join2.err"))
    );
    assert!(
        finish(&mut host_process),
        "the host finished: {}",
        read(d.join("host.err"))
    );
    let rejoined = read(d.join("join2.err"));
    let so_far: usize = rejoined
        .lines()
        .find_map(|l| l.strip_prefix("joined: ")?.split(' ').next()?.parse().ok())
        .unwrap();
    assert!(
        so_far >= 20,
        "the re-join brought the battle so far: {rejoined}"
    );
    let (host_save, join_save) = (read(d.join("host.ron")), read(d.join("join.ron")));
    assert_eq!(host_save, join_save, "both sides' saves are the same");
    let host_end = read(d.join("host.out"));
    let join_end = read(d.join("join2.out"));
    assert!(join_end.starts_with("over after "), "{join_end}");
    assert_eq!(host_end.lines().last(), join_end.lines().last());
    let save = volley::save::SaveFile::read(&d.join("join.ron")).unwrap();
    assert!(save.draws.len() > 20 && save.network.is_some());
    let path = d.join("join.ron");
    let resumed = save.clone().resume(&path).unwrap();
    assert!(resumed.game.outcome().is_some());
    // Resumed in the terminal (as hot-seat) and in the replay viewer, every shared draw
    // rolls again: the same events to the end, and the same from a copy midway.
    let app = volley::tui::App::resumed(save.clone().resume(&path).unwrap());
    assert!(app.game().log() == resumed.game.log());
    let mut replay = volley::tui::replay::Replay::new(save.clone().resume(&path).unwrap()).unwrap();
    assert!(replay.game_at(replay.len()).log() == resumed.game.log());
    // Played on from command 40 of the replay, as a new battle: the same 40 commands' dice.
    replay.seek(40);
    let at_40 = replay.game_at(40);
    let Some(ReplayExit::PlayOn(Choice::Branch(scenario, seed, history, who))) =
        replay.key(volley::tui::Key::Char('p'))
    else {
        panic!("p did not play on");
    };
    let branch = volley::tui::App::branch(*scenario, seed, *history, who).unwrap();
    assert!(branch.game().log() == at_40.log());
    // A value changed in the save is caught against the players' commitments.
    let mut edited = save;
    edited.draws[3].join = volley::engine::Entropy([0; 32]);
    let why = edited.resume(&path).err().unwrap().to_string();
    assert!(
        why.contains("the joining player's value does not hash back"),
        "{why}"
    );
}

/// Issue 31: a wrong code is refused, the host is told, the address waits a second before
/// it is heard again, and then the right code gets in.
#[test]
fn a_wrong_code_is_refused_and_the_host_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut host_process, address) = host(d, "tutorial", "1234-5678", &[]);
    let mut wrong = join(d, "wrong", &address, "1234-5679", &[]);
    assert!(!finish(&mut wrong));
    let said = read(d.join("wrong.err"));
    assert!(said.contains("the host refused: wrong join code"), "{said}");
    wait_for(
        &d.join("host.err"),
        "gave a wrong code; the next try waits 1 s",
    );
    // From the same address, even the right code waits out the second.
    let mut soon = join(d, "soon", &address, "1234-5678", &[]);
    assert!(!finish(&mut soon));
    let said = read(d.join("soon.err"));
    assert!(
        said.contains("the host refused: too many wrong codes: try again in"),
        "{said}"
    );
    std::thread::sleep(Duration::from_millis(1100));
    let mut right = join(d, "right", &address, "1234-5678", &[]);
    assert!(finish(&mut right), "{}", read(d.join("right.err")));
    assert!(finish(&mut host_process));
    // The line never dropped: the host's first command, sent at once, was read only once
    // the joining side had built its battle (it once closed the line and re-joined).
    assert!(
        !read(d.join("right.err")).contains("paused"),
        "{}",
        read(d.join("right.err"))
    );
}

/// Issue 31: a join that names another battle than the host's is refused, saying so,
/// and the host is told; the right player then gets in and the battle is played.
#[test]
fn a_join_expecting_another_battle_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (mut host_process, address) = host(d, "tutorial", "5555-0000", &[]);
    // `volley join ADDRESS CODE BATTLE`: the battle this player expects.
    let out = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args([
            "join",
            &address,
            "5555-0000",
            "kircholm",
            "--computer",
            "--headless",
        ])
        .arg("--data-dir")
        .arg(d.join("other-data"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        said.contains("the host refused: the scenario differs"),
        "{said}"
    );
    wait_for(
        &d.join("host.err"),
        "a join was refused: the scenario differs",
    );
    let mut right = join(d, "right", &address, "5555-0000", &[]);
    assert!(finish(&mut right), "{}", read(d.join("right.err")));
    assert!(finish(&mut host_process));
}
