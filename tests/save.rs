//! Save and resume: a save replays to the identical state at every phase; truncated,
//! corrupt and other-version saves are refused with their problem named, and left untouched;
//! writing is atomic.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::Path;
use volley::ai::{ComputerPlayer, Player};
use volley::engine::Answer;
use volley::engine::{Dice, Game, Phase};
use volley::save::{resume, SaveError, SaveFile};
use volley::scenario::{Controller, Scenario, SHIPPED};

const HUMANS: [Controller; 2] = [Controller::Human, Controller::Computer];

fn tutorial() -> Scenario {
    let (file, src) = SHIPPED[0];
    Scenario::parse(src, file).expect("tutorial loads")
}

fn save_to(
    path: &Path,
    scenario: &Scenario,
    seed: u64,
    game: &Game,
    commands: &[volley::engine::Command],
) {
    SaveFile::of(scenario, seed, HUMANS, commands, game)
        .write(path)
        .expect("save written");
}

#[test]
fn save_then_resume_gives_the_identical_state_at_every_phase() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = tutorial();
    let seed = 42;
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).expect("valid");
    let mut player = ComputerPlayer::new(seed, [5, 5]);
    let mut commands = Vec::new();
    let mut phases_checked = 0;
    let mut last = (game.turn(), game.phase());
    while let Some(c) = player.choose(&game) {
        game.submit(c).expect("legal");
        commands.push(c);
        if (game.turn(), game.phase()) != last || game.outcome().is_some() {
            last = (game.turn(), game.phase());
            let path = dir.path().join("battle.ron");
            save_to(&path, &scenario, seed, &game, &commands);
            let back = resume(&path).expect("resumes");
            assert_eq!(back.game.log(), game.log());
            assert_eq!(back.game.units(), game.units());
            assert_eq!(
                (back.game.turn(), back.game.phase()),
                (game.turn(), game.phase())
            );
            phases_checked += 1;
        }
    }
    assert!(game.outcome().is_some());
    assert!(phases_checked >= 8, "only {phases_checked} phases checked");
}

fn written_save(dir: &Path) -> std::path::PathBuf {
    let scenario = tutorial();
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(3)).expect("valid");
    let c = volley::engine::Command::Answer(Answer::ChooseFirst { first: true });
    game.submit(c).expect("legal");
    assert_eq!(game.phase(), Phase::Movement);
    let path = dir.join("s.ron");
    save_to(&path, &scenario, 3, &game, &[c]);
    path
}

#[test]
fn a_truncated_save_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let text = std::fs::read(&path).expect("read");
    std::fs::write(&path, &text[..text.len() / 2]).expect("truncate");
    let before = std::fs::read(&path).expect("read");
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("truncated"), "{err}");
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn a_save_of_another_rules_version_is_refused_with_its_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        text.replace("rules_version: 1,", "rules_version: 99,"),
    )
    .expect("write");
    let err = resume(&path).err().expect("refused");
    assert!(
        matches!(
            err,
            SaveError::RulesVersion {
                found: 99,
                expected: 1,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("rules version 99"), "{err}");
}

#[test]
fn a_corrupt_save_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, "(format: 1, nonsense\n// end of volley save\n").expect("write");
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::Corrupt { .. }), "{err}");
}

/// The save at `path` with every line starting with `field:` replaced by `line`.
fn edit_field(path: &Path, field: &str, line: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    let edited: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with(field) {
                line
            } else {
                l
            }
        })
        .collect();
    std::fs::write(path, edited.join("\n")).expect("write");
}

#[test]
fn a_save_whose_events_differ_says_what_differs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    edit_field(&path, "digest:", "    digest: 1,");
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::DigestMismatch { .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("as saved, but not the same ones") && text.contains("saved 0000000000000001"),
        "{text}"
    );
    assert!(!text.contains("events 1, saved 1"), "{text}");
}

#[test]
fn a_missing_save_is_no_such_save_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let err = resume(&dir.path().join("nowhere.ron"))
        .err()
        .expect("refused");
    assert!(matches!(err, SaveError::Missing { .. }), "{err}");
    assert!(
        err.to_string().ends_with("nowhere.ron: no such save file"),
        "{err}"
    );
}

#[test]
fn a_save_whose_seed_was_edited_says_the_seed_does_not_match() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    edit_field(&path, "seed:", "    seed: 4,");
    let err = resume(&path).err().expect("refused");
    assert!(
        matches!(err, SaveError::SeedMismatch { seed: 4, .. }),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("the seed 4 does not match the one this battle was played with"),
        "{err}"
    );
}

#[test]
fn a_save_whose_command_is_refused_names_it_from_1() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let text = std::fs::read_to_string(&path).expect("read");
    let edited = text.replace("ChooseFirst(first: true)", "EndOrders");
    assert_ne!(edited, text, "the save holds its command on one line");
    std::fs::write(&path, edited).expect("write");
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::Replay { index: 0, .. }), "{err}");
    assert!(
        err.to_string().contains("command 1 of the save is refused"),
        "{err}"
    );
}

#[test]
fn two_writers_of_one_save_never_fail_or_leave_it_half_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let writers: Vec<_> = (0..2u64)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let scenario = tutorial();
                let game = Game::new(scenario.setup.clone(), Dice::seeded(w)).expect("valid");
                let save = SaveFile::of(&scenario, w, HUMANS, &[], &game);
                (0..100).filter(|_| save.write(&path).is_err()).count()
            })
        })
        .collect();
    let reads = (0..100).filter(|_| resume(&path).is_ok()).count();
    let failures: usize = writers.into_iter().map(|w| w.join().expect("writer")).sum();
    assert_eq!(failures, 0, "writes failed");
    assert_eq!(reads, 100, "a reader met a half-written save");
    let stray: Vec<_> = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .filter(|n| n != "s.ron")
        .collect();
    assert!(stray.is_empty(), "temporary files left: {stray:?}");
}

#[test]
fn each_battle_has_its_own_autosave_and_a_resumed_autosave_goes_on_in_its_file() {
    let data = Path::new("/data");
    let a = volley::save::autosave_path(data, "scenarios/kircholm.ron", "100-7");
    let b = volley::save::autosave_path(data, "scenarios/kircholm.ron", "100-8");
    assert_eq!(a, Path::new("/data/autosave/kircholm-100-7.ron"));
    assert_ne!(a, b);
    let again = volley::save::resumed_autosave_path(data, &a, "scenarios/kircholm.ron", "200-9");
    assert_eq!(again, a);
    let named = Path::new("/data/saves/kircholm.ron");
    let fresh = volley::save::resumed_autosave_path(data, named, "scenarios/kircholm.ron", "200-9");
    assert_eq!(fresh, Path::new("/data/autosave/kircholm-200-9.ron"));
    let odd = volley::save::autosave_path(data, "../my \u{1b}battle?.ron", "1-1");
    assert_eq!(odd, Path::new("/data/autosave/mybattle-1-1.ron"));
}

#[test]
fn the_data_dir_can_be_chosen() {
    let dir = Path::new("/some/where");
    assert_eq!(volley::save::data_dir(Some(dir)), dir);
}

/// The largest battle `check` accepts: a 200×200 map, the most units, the longest turn
/// limit, and a file padded to the size limit with what a save must fence: quotes,
/// backslashes and a long run of `#`.
fn largest_battle() -> String {
    use volley::engine::error::MAX_FILE_BYTES;
    use volley::scenario::{MAX_TURN_LIMIT, MAX_UNITS};
    let side = volley::engine::map::MAX_MAP_SIDE as usize;
    let row = vec!["."; side].join(" ");
    let map: Vec<String> = (0..side).map(|_| format!("        \"{row}\",")).collect();
    let units: Vec<String> = (0..MAX_UNITS)
        .map(|i| {
            let (name, r) = if i % 2 == 0 {
                ("Red", 199)
            } else {
                ("Blue", 0)
            };
            format!(
                "        (troop: \"pikemen\", side: \"{name}\", creatures: 120, at: ({}, {r})),",
                i / 2
            )
        })
        .collect();
    let body = format!(
        "(\n    name: \"The largest battle\",\n    map: [\n{}\n    ],\n    sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)],\n    units: [\n{}\n    ],\n    turn_limit: {MAX_TURN_LIMIT},\n    defender: \"Blue\",\n)\n",
        map.join("\n"),
        units.join("\n")
    );
    let fences = "// \"quoted\" and \\ back-slashed\n// ";
    let room = MAX_FILE_BYTES - body.len() - fences.len() - 1;
    let text = format!("{fences}{}\n{body}", "#".repeat(room));
    assert_eq!(text.len(), MAX_FILE_BYTES);
    text
}

#[test]
fn the_save_of_the_largest_battle_played_to_its_turn_limit_resumes() {
    let text = largest_battle();
    let scenario = Scenario::parse(&text, "largest.ron").expect("check accepts it");
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(5)).expect("valid");
    let mut commands = Vec::new();
    // Every unit stands fast every turn (R4.1); every other order is the end of orders.
    let mut player = volley::ai::HoldPlayer;
    while let Some(command) = player.choose(&game) {
        game.submit(command).expect("legal");
        commands.push(command);
    }
    assert_eq!(
        game.turn(),
        volley::scenario::MAX_TURN_LIMIT,
        "played to its turn limit"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("largest-save.ron");
    save_to(&path, &scenario, 5, &game, &commands);
    let size = std::fs::metadata(&path).expect("written").len();
    assert!(
        size > 3 * volley::engine::error::MAX_FILE_BYTES as u64,
        "{size} bytes"
    );
    let back = resume(&path).expect("every save the game writes resumes");
    assert_eq!(back.commands.len(), commands.len());
    assert_eq!(back.game.log().len(), game.log().len());
}

/// Orders and answers are told apart in the engine's types, but saved as one flat list of
/// variants as before, so saves written before the split still load.
#[test]
fn commands_are_saved_as_one_flat_list_of_orders_and_answers() {
    use volley::engine::{Answer, Command, Order, UnitId};
    let march = Command::Order(Order::March {
        unit: UnitId(2),
        to: hexx::Hex::new(1, 3),
    });
    let withdraw = Command::Answer(Answer::Withdraw { hexes: 1 });
    let text = ron::to_string(&vec![march, withdraw, Command::Order(Order::EndOrders)]).unwrap();
    // As in the saves of `fuzz/corpus/save/`, written before the split.
    assert_eq!(
        text,
        "[March(unit:(2),to:(x:1,y:3)),Withdraw(hexes:1),EndOrders]"
    );
    let back: Vec<Command> = ron::from_str(&text).unwrap();
    assert_eq!(
        back,
        vec![march, withdraw, Command::Order(Order::EndOrders)]
    );
}

/// The saves kept in `fuzz/corpus/save/`, written before orders and answers were told apart,
/// still resume: every command replays to the saved digest.
#[test]
fn saves_written_before_the_typed_protocol_still_resume() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/save");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        resume(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        n += 1;
    }
    assert!(n >= 3, "the corpus holds its saves");
}

/// A directory for a test under the target directory, so that a path relative to the
/// working directory (the package root) reaches it.
fn data_dir_under_target() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("temp dir")
}

/// `path` relative to the working directory.
fn relative(path: &Path) -> std::path::PathBuf {
    let cwd = std::env::current_dir().expect("working directory");
    path.strip_prefix(&cwd)
        .expect("under the working directory")
        .to_path_buf()
}

/// The README: a resumed autosave goes on in the same file, however its path is written.
#[test]
fn an_autosave_resumed_by_a_relative_path_goes_on_in_its_own_file() {
    let data = data_dir_under_target();
    let autosave = data.path().join("autosave").join("tutorial-1-1.ron");
    std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
    std::fs::copy("fuzz/corpus/save/tutorial_save.ron", &autosave).unwrap();
    let canonical = autosave.canonicalize().unwrap();
    let rel = relative(&autosave);
    assert!(rel.is_relative(), "{}", rel.display());
    let dotted = data.path().join("autosave/../autosave/./tutorial-1-1.ron");
    for (data_dir, from) in [
        (data.path().to_path_buf(), rel.clone()),
        (relative(data.path()), autosave.clone()),
        (relative(data.path()), dotted),
    ] {
        let again = volley::save::resumed_autosave_path(&data_dir, &from, "tutorial.ron", "2-2");
        assert_eq!(
            again,
            canonical,
            "{} in {}",
            from.display(),
            data_dir.display()
        );
    }
}

/// The README: a resumed autosave goes on in the same file, also when it is a finished
/// battle's or another data directory's (resumed without `--data-dir`).
#[test]
fn a_finished_battle_or_another_data_directorys_autosave_goes_on_in_its_own_file() {
    let other = tempfile::tempdir().expect("temp dir");
    let autosave = other.path().join("autosave").join("tutorial-1-1.ron");
    std::fs::create_dir_all(autosave.parent().unwrap()).unwrap();
    std::fs::copy("fuzz/corpus/save/tutorial_finished.ron", &autosave).unwrap();
    let finished = resume(&autosave).expect("resumes");
    assert!(finished.game.outcome().is_some(), "the battle is over");
    let data = Path::new("/the/default/data/dir");
    let again = volley::save::resumed_autosave_path(data, &autosave, "tutorial.ron", "2-2");
    assert_eq!(again, autosave.canonicalize().unwrap());
}
