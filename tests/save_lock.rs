//! Issue 25: the lock a game holds on the save it writes (two games, one save), and what the
//! game prints about its saves on the way out (the newest good save by turn and command, or
//! that there is none).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::PathBuf;
use volley::save::lock::{lock_path, LockError, SaveLock};
use volley::tui::app::{SaveReport, SavedAt};

/// Issue 25: a second lock on a save is refused, naming the process that holds it; the
/// lock file goes when the holder lets go, and the save can be locked again.
#[test]
fn a_locked_save_is_refused_naming_the_holder_and_freed_when_it_lets_go() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("autosave").join("kircholm-1-2.ron");
    let held = SaveLock::acquire(&save).unwrap();
    assert_eq!(
        held.path(),
        dir.path().join("autosave/.kircholm-1-2.ron.lock")
    );
    let refused = SaveLock::acquire(&save).unwrap_err();
    assert!(matches!(refused, LockError::Held { pid: Some(p), .. } if p == std::process::id()));
    assert_eq!(
        refused.to_string(),
        format!(
            "{} is open in another game (process {}): quit that game first, or resume a copy \
             of the save",
            save.display(),
            std::process::id()
        )
    );
    drop(held);
    assert!(
        !lock_path(&save).exists(),
        "the lock file goes with its lock"
    );
    SaveLock::acquire(&save).unwrap();
}

/// Issue 25: a lock file left by a game killed with `kill -9` holds a dead process's id
/// but no lock: it does not block the save.
#[test]
fn a_stale_lock_file_does_not_block_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.ron");
    std::fs::write(lock_path(&save), "4000000").unwrap();
    let lock = SaveLock::acquire(&save).unwrap();
    let pid = std::fs::read_to_string(lock.path()).unwrap();
    assert_eq!(pid, std::process::id().to_string());
}

fn saved(commands: usize) -> Option<SavedAt> {
    Some(SavedAt {
        path: PathBuf::from("/data/autosave/tutorial-1-2.ron"),
        turn: 4,
        commands,
    })
}

/// Issue 25: the battle as it is, saved: where and the point it holds, and how to resume.
#[test]
fn the_farewell_of_a_saved_battle_names_the_file_turn_and_command() {
    let report = SaveReport {
        newest: saved(43),
        turn: 4,
        commands: 43,
        failure: None,
        finished: false,
    };
    assert!(report.is_current());
    assert_eq!(
        report.lines(),
        [
            "The battle is saved in /data/autosave/tutorial-1-2.ron (turn 4, command 43)",
            "Resume it with: volley --resume /data/autosave/tutorial-1-2.ron",
        ]
    );
}

/// Issue 26: a finished battle's farewell offers to watch it again, never to resume it.
#[test]
fn the_farewell_of_a_finished_battle_offers_the_replay_not_a_resume() {
    let report = SaveReport {
        newest: saved(43),
        turn: 4,
        commands: 43,
        failure: None,
        finished: true,
    };
    assert_eq!(
        report.lines(),
        [
            "The battle is saved in /data/autosave/tutorial-1-2.ron (turn 4, command 43)",
            "The battle is over. Watch it again with: volley replay \
             /data/autosave/tutorial-1-2.ron",
        ]
    );
}

/// Issue 25: the battle went on after its last good save: the farewell says it was not
/// saved, what the newest save holds and how many commands are lost.
#[test]
fn the_farewell_of_a_battle_saved_earlier_says_what_is_lost() {
    let report = SaveReport {
        newest: saved(43),
        turn: 6,
        commands: 86,
        failure: Some("/data/autosave/tutorial-1-2.ron: No space left on device".into()),
        finished: false,
    };
    assert!(!report.is_current());
    assert_eq!(
        report.lines(),
        [
            "volley: the battle was NOT saved at turn 6, command 86: \
             /data/autosave/tutorial-1-2.ron: No space left on device",
            "The newest save, /data/autosave/tutorial-1-2.ron, holds turn 4, command 43 \
             (43 later commands lost)",
            "Resume it with: volley --resume /data/autosave/tutorial-1-2.ron",
        ]
    );
}

/// Issue 25: no save was ever written: the farewell says so and offers no resume.
#[test]
fn the_farewell_of_a_battle_never_saved_says_there_is_no_save() {
    let report = SaveReport {
        newest: None,
        turn: 1,
        commands: 0,
        failure: Some("/ro/autosave/t.ron: Read-only file system (os error 30)".into()),
        finished: false,
    };
    assert_eq!(
        report.lines(),
        [
            "volley: the battle was NOT saved at turn 1, before any command: \
             /ro/autosave/t.ron: Read-only file system (os error 30)",
            "There is no save of this battle.",
        ]
    );
}

/// Issue 25: `--watch` rebuilds the battle when its scenario changes; the rebuilt battle
/// keeps the lock on its autosave, so the file stays locked when the old one goes.
#[test]
fn a_battle_reloaded_by_watch_keeps_the_lock_on_its_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("autosave").join("tutorial-1-2.ron");
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .unwrap();
    let scenario = volley::scenario::Scenario::parse(source, file).unwrap();
    let hotseat = [volley::scenario::Controller::Human; 2];
    let mut old = volley::tui::App::new(scenario.clone(), 7, hotseat).unwrap();
    old.open_autosave(save.clone()).unwrap();
    old.autosave();
    let mut fresh = volley::tui::App::new(scenario, 7, hotseat).unwrap();
    fresh.keep_saving_of(&mut old);
    drop(old);
    assert!(lock_path(&save).is_file(), "the lock file stays");
    assert!(matches!(
        SaveLock::acquire(&save),
        Err(LockError::Held { .. })
    ));
    assert_eq!(fresh.saved().as_ref().map(|s| s.commands), Some(0));
}
