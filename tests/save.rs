//! Save and resume: a save replays to the identical state at every phase; truncated,
//! corrupt and other-version saves are refused with their problem named, and left untouched;
//! writing is atomic.

use std::path::Path;
use volley::ai::{ComputerPlayer, Player};
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
    let c = volley::engine::Command::ChooseFirst { first: true };
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

#[test]
fn a_save_whose_commands_do_not_replay_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let text = std::fs::read_to_string(&path).expect("read");
    let edited: Vec<String> = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("digest:") {
                "    digest: 1,".to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&path, edited.join("\n")).expect("write");
    let err = resume(&path).err().expect("refused");
    assert!(matches!(err, SaveError::Diverged { .. }), "{err}");
}

#[test]
fn a_failed_write_keeps_the_previous_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = written_save(dir.path());
    let before = std::fs::read(&path).expect("read");
    std::fs::create_dir(path.with_extension("ron.tmp")).expect("block the temporary file");
    let scenario = tutorial();
    let game = Game::new(scenario.setup.clone(), Dice::seeded(9)).expect("valid");
    let err = SaveFile::of(&scenario, 9, HUMANS, &[], &game).write(&path);
    assert!(err.is_err());
    assert_eq!(std::fs::read(&path).expect("read"), before);
    assert!(resume(&path).is_ok());
}

#[test]
fn the_data_dir_can_be_chosen() {
    let dir = Path::new("/some/where");
    assert_eq!(volley::save::data_dir(Some(dir)), dir);
}
