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
    use volley::scenario::data::MAX_FILE_BYTES;
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
        size > 3 * volley::scenario::data::MAX_FILE_BYTES as u64,
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

/// A save of the tutorial written by this game, as text.
fn written_text(dir: &Path) -> (std::path::PathBuf, String) {
    let path = written_save(dir);
    let text = std::fs::read_to_string(&path).expect("read");
    (path, text)
}

/// `path` rewritten with `from` replaced by `to` (which must be there).
fn replace_in(path: &Path, text: &str, from: &str, to: &str) {
    assert!(text.contains(from), "{from} is in the save");
    std::fs::write(path, text.replacen(from, to, 1)).expect("write");
}

/// Issue 25: the digest covers the scenario text, so an edit of it (the turn limit, an
/// objective, the aggression, a value that would crash the battle) is refused by name.
#[test]
fn a_save_whose_scenario_was_edited_is_refused_saying_the_scenario_was_edited() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, text) = written_text(dir.path());
    for (from, to) in [
        (
            "turn_limit: 6,\n    defender",
            "turn_limit: 60,\n    defender",
        ),
        (
            "name: \"the crossroads\", at: (5, 4)",
            "name: \"the crossroads\", at: (4, 6)",
        ),
        ("aggression: 6", "aggression: 1"),
        ("aggression: 6", "aggression: 2147483647"),
    ] {
        replace_in(&path, &text, from, to);
        let err = resume(&path).err().expect("refused");
        assert!(matches!(err, SaveError::Edited { .. }), "{to}: {err}");
        assert!(
            err.to_string().ends_with(
                "s.ron: the save was edited: its scenario text does not match the scenario's digest"
            ),
            "{to}: {err}"
        );
    }
}

/// Issue 25: the digest covers the options: who plays each side, their levels, the
/// scenario file's name and the rules version (the seed has its own check).
#[test]
fn a_save_whose_options_were_edited_is_refused_saying_the_options_were_edited() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, text) = written_text(dir.path());
    for (from, to) in [
        (
            "controllers: (Human, Computer)",
            "controllers: (Computer, Computer)",
        ),
        (
            "controllers: (Human, Computer),",
            "controllers: (Human, Computer),\n    levels: (hard, easy),",
        ),
        (
            "scenario_file: \"scenarios/tutorial.ron\"",
            "scenario_file: \"elsewhere.ron\"",
        ),
    ] {
        replace_in(&path, &text, from, to);
        let err = resume(&path).err().expect("refused");
        assert!(
            err.to_string().ends_with(
                "the save was edited: its options (rules version, rules file, scenario file, seed, who plays each side, levels) do not match their digest"
            ),
            "{to}: {err}"
        );
    }
}

/// The header (read before the rest, for lists and the size bound) must agree with the
/// save it heads.
#[test]
fn a_save_whose_header_was_edited_is_refused_saying_what_it_says() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, text) = written_text(dir.path());
    for (from, to, says) in [
        (
            "command_count: 1,",
            "command_count: 2,",
            "its header says 2 commands, but it holds 1",
        ),
        (
            "units: 6,",
            "units: 7,",
            "its header says 7 units, but its scenario has 6",
        ),
        (
            "    turn_limit: 6,\n",
            "    turn_limit: 9,\n",
            "its header says a turn limit of 9, but its scenario has 6",
        ),
        (
            "    turn: 1,",
            "    turn: 2,",
            "its header says turn 2, but the replay reaches turn 1",
        ),
    ] {
        replace_in(&path, &text, from, to);
        let err = resume(&path).err().expect("refused");
        assert!(
            err.to_string()
                .ends_with(&format!("the save was edited: {says}")),
            "{to}: {err}"
        );
    }
}

/// Format 3: the header's fields come first, each on a line, before the scenario text.
#[test]
fn a_save_opens_with_its_header_before_the_scenario() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, text) = written_text(dir.path());
    let names: Vec<&str> = text
        .lines()
        .skip(1)
        .take(11)
        .map(|l| l.trim_start().split(':').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "format",
            "rules_version",
            "battle",
            "turn",
            "units",
            "turn_limit",
            "scenario_bytes",
            "command_count",
            "sides",
            "players",
            "player_levels",
        ]
    );
    let header = volley::save::SaveHeader::parse(&text).expect("a header");
    assert_eq!(
        (
            header.format,
            header.battle.as_str(),
            header.turn,
            header.units
        ),
        (3, "Tutorial: pike, shot and horse", 1, 6)
    );
    assert_eq!((header.turn_limit, header.command_count), (6, 1));
}

fn saves_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves")
}

/// Issue 25: a save of format 2 (no header, no scenario digest) still resumes, and the
/// next autosave writes it in this game's format.
#[test]
fn a_format_2_save_resumes_and_its_next_autosave_is_in_format_3() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("autosave").join("tutorial-1-1.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::copy(saves_dir().join("format2.ron"), &path).unwrap();
    let back = resume(&path).expect("format 2 resumes");
    assert_eq!(back.commands.len(), 3);
    let mut app = volley::tui::App::resumed(back);
    app.open_autosave(path.clone()).unwrap();
    app.autosave();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("(\n    format: 3,\n"), "{text}");
    let again = resume(&path).expect("rewritten, it resumes");
    assert_eq!(again.commands.len(), 3);
}

/// Issue 25: a save of format 1 is refused naming its format and why.
#[test]
fn a_format_1_save_is_refused_naming_its_format() {
    let path = saves_dir().join("format1.ron");
    let err = resume(&path).err().expect("refused");
    assert!(
        matches!(
            err,
            SaveError::Format {
                found: 1,
                expected: 3,
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().ends_with(
            "format1.ron: save format 1 is not one this game reads (formats 2 to 3): format 1 recorded shock rolls without their modifiers, so its battle cannot be checked by this game"
        ),
        "{err}"
    );
}

#[test]
fn a_save_of_a_newer_format_is_refused_as_such() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, text) = written_text(dir.path());
    replace_in(&path, &text, "format: 3,", "format: 4,");
    let err = resume(&path).err().expect("refused");
    assert!(
        err.to_string()
            .ends_with("save format 4 is not one this game reads (formats 2 to 3): it was written by a newer version of the game"),
        "{err}"
    );
}

/// A reader that counts the bytes read from it.
struct Counting<R> {
    inner: R,
    read: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: std::io::Read> std::io::Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// Issue 25: a save is bounded by what its own battle can make, known from its header: a
/// save padded without end is refused after at most that many bytes, not read to its end.
#[test]
fn a_save_larger_than_its_battle_can_make_is_refused_without_reading_it_all() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (path, text) = written_text(dir.path());
    let header = volley::save::SaveHeader::parse(&text).unwrap();
    let limit = header.max_bytes();
    assert!(limit < 2_000_000, "a tutorial's save is small: {limit}");
    let read = std::rc::Rc::new(std::cell::Cell::new(0));
    let endless = Counting {
        inner: std::io::Read::chain(text.as_bytes(), std::io::repeat(b' ')),
        read: read.clone(),
    };
    let err = SaveFile::read_from(endless, None, &path).expect_err("refused");
    assert!(read.get() <= limit + 1, "{} bytes read", read.get());
    assert!(
        err.to_string().ends_with(&format!(
            "s.ron: the save is larger than the {limit} bytes a battle of 6 units and 6 turns can make: it was edited or is not a save"
        )),
        "{err}"
    );
    // Its size known, it is refused having read no more than its header.
    let read = std::rc::Rc::new(std::cell::Cell::new(0));
    let endless = Counting {
        inner: std::io::Read::chain(text.as_bytes(), std::io::repeat(b' ')),
        read: read.clone(),
    };
    let err = SaveFile::read_from(endless, Some(100_000_000), &path).expect_err("refused");
    assert!(matches!(err, SaveError::Oversized { .. }), "{err}");
    assert!(
        read.get() <= volley::save::HEADER_BYTES,
        "{} bytes read",
        read.get()
    );
}

/// Issue 25: a 100 MB save in the data directory is refused on resume and flagged in the
/// title screen's list, which reads only its header.
#[test]
fn a_huge_save_is_flagged_in_the_list_and_refused_on_resume() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, text) = written_text(dir.path());
    let path = dir.path().join("autosave").join("tutorial-1-1.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::fs::File::create(&path).unwrap();
    std::io::Write::write_all(&mut &file, text.as_bytes()).unwrap();
    file.set_len(100_000_000).unwrap();
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::Oversized { .. }), "{err}");
    let header = volley::save::SaveHeader::peek(&path).expect("its header");
    assert_eq!(header.file_bytes, 100_000_000);
    let list = volley::tui::title::list_saves(dir.path());
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(
        list[0]
            .summary
            .contains("Tutorial: pike, shot an… turn 1   ")
            && list[0].summary.contains("  you: Red v computer (normal)")
            && list[0].summary.starts_with("auto tutorial")
            && list[0]
                .summary
                .ends_with("(refused: larger than its battle can make)"),
        "{}",
        list[0].summary
    );
}

/// The title list reads a format-2 save small enough to fit its bounded prefix whole.
#[test]
fn the_list_shows_a_format_2_saves_battle_and_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("saves").join("old.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::copy(saves_dir().join("format2.ron"), &path).unwrap();
    let list = volley::tui::title::list_saves(dir.path());
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(
        list[0]
            .summary
            .starts_with("old                  Tutorial: pike, shot an… turn 1 "),
        "{}",
        list[0].summary
    );
}

/// The scenario inside a save is checked like any scenario on load, and its refusal names
/// the save (its digest matches: the game wrote it so).
#[test]
fn a_save_whose_scenario_no_longer_loads_is_refused_naming_the_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario = tutorial();
    let game = Game::new(scenario.setup.clone(), Dice::seeded(1)).expect("valid");
    let mut save = SaveFile::of(&scenario, 1, HUMANS, &[], &game);
    save.scenario = save.scenario.replacen("\"light horse\"", "\"unicorns\"", 1);
    let path = dir.path().join("bad-scenario.ron");
    save.write(&path).expect("written");
    let err = resume(&path).err().expect("refused");
    let text = err.to_string();
    assert!(matches!(err, SaveError::Scenario { .. }), "{text}");
    assert!(
        text.contains("bad-scenario.ron: the saved scenario no longer loads: ")
            && text.contains("unknown troop type `unicorns`"),
        "{text}"
    );
}

/// Issue 25: `tests/saves` keeps a save of every format the game has written, and each
/// resumes, but format 1's, which is refused naming its format.
#[test]
fn a_save_of_every_past_format_resumes_or_is_refused_naming_its_format() {
    let mut formats = Vec::new();
    for entry in std::fs::read_dir(saves_dir()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let format = volley::save::SaveHeader::parse(&text).unwrap().format;
        match resume(&path) {
            Ok(back) => assert_eq!(back.commands.len(), 3, "{}", path.display()),
            Err(SaveError::Format { found: 1, .. }) if format == 1 => {}
            Err(e) => panic!("format {format}: {e}"),
        }
        formats.push(format);
    }
    formats.sort_unstable();
    let every: Vec<u32> = (1..=volley::save::SAVE_FORMAT).collect();
    assert_eq!(formats, every, "one save of each format");
}

/// Issue 25: a save without a header (format 2) is bounded by its own scenario too, read
/// from its fourth field: padded to 100 MB it is refused long before its end.
#[test]
fn a_format_2_save_larger_than_its_battle_can_make_is_refused_without_reading_it_all() {
    let path = saves_dir().join("format2.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let read = std::rc::Rc::new(std::cell::Cell::new(0));
    let endless = Counting {
        inner: std::io::Read::chain(text.as_bytes(), std::io::repeat(b' ')),
        read: read.clone(),
    };
    let err = SaveFile::read_from(endless, Some(100_000_000), &path).expect_err("refused");
    assert!(
        err.to_string()
            .contains("bytes a battle of 6 units and 6 turns can make"),
        "{err}"
    );
    assert!(read.get() < 16_000_000, "{} bytes read", read.get());
    // Its scenario moved from where the game wrote it, it is refused by name.
    let moved = text.replacen("    scenario: r#", "    scenario:\n        r#", 1);
    let err = SaveFile::read_from(moved.as_bytes(), None, &path).expect_err("refused");
    assert!(
        err.to_string().ends_with(
            "the save is corrupt: a save of format 2 holds its scenario text as its fourth field"
        ),
        "{err}"
    );
}
