//! Every input the fuzzers ever crashed on (`tests/fuzz_regressions/<target>/`, issue 9),
//! fed again to the loader or engine it broke: each must now give a result or a located
//! error, never a panic. A new crash file dropped into those folders is tested at once.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

#[path = "../fuzz/src/stream.rs"]
mod stream;

use std::path::{Path, PathBuf};

/// The crash files of one target, sorted (dot files such as `.keep` aside); the folder
/// must exist and hold at least one, so no target's test passes by running nothing.
fn crashes(target: &str) -> Vec<PathBuf> {
    files_in(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fuzz_regressions")
            .join(target),
    )
}

/// The files of `dir`, sorted (dot files aside); panics if there are none (issue 27: a
/// walk of an empty folder is a test that cannot fail).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert!(
        !files.is_empty(),
        "{}: no regression file, so its test would run nothing",
        dir.display()
    );
    files.sort();
    files
}

/// Issue 27: the shared walker refuses a folder that holds only `.keep`, as `rules` once
/// did, so a target emptied by mistake fails instead of passing unseen.
#[test]
#[should_panic(expected = "no regression file, so its test would run nothing")]
fn a_regression_folder_holding_only_keep_fails_the_walk() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".keep"), "").unwrap();
    files_in(dir.path());
}

/// Every fuzz target (`fuzz/fuzz_targets/*.rs`) has a folder of regressions holding at
/// least one file, so a new target cannot go untested here.
#[test]
fn every_fuzz_target_has_a_regression_file() {
    let targets = files_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets"));
    for target in targets {
        let name = target.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(!crashes(&name).is_empty(), "{name}");
    }
}

/// Each crash file of `target` as text (lossy: a loader sees what `volley check` would).
fn texts(target: &str) -> Vec<(PathBuf, String)> {
    crashes(target)
        .into_iter()
        .map(|p| {
            let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
            (p, text)
        })
        .collect()
}

/// A battle a loader accepted, driven as far as a player could take it (issue 25: a file
/// `check` passes must never crash the game): `volley units`, `volley show`, and the battle
/// played to its end by the computer on both sides, every event described as the log does.
fn play_out(s: &volley::scenario::Scenario) {
    use volley::ai::Player;
    let _ = volley::commands::units_report(s, false);
    let _ = volley::tui::show::show(s.clone(), 400);
    let Ok(mut game) = volley::engine::Game::new(s.setup.clone(), volley::engine::Dice::seeded(1))
    else {
        return;
    };
    let mut players = [
        volley::ai::ComputerPlayer::new(1, [5, 5]),
        volley::ai::ComputerPlayer::new(2, [5, 5]),
    ];
    for _ in 0..20_000 {
        let Some(side) = game.acting_side() else {
            break;
        };
        let Some(command) = players[side.index()].choose(&game) else {
            break;
        };
        let before = game.log().len();
        let _ = game.submit(command);
        for event in &game.log()[before..] {
            let _ = volley::tui::describe::describe(&game, event);
        }
    }
}

#[test]
fn scenario_crashes_load_or_are_refused() {
    for (path, text) in texts("scenario") {
        if let Ok(s) = volley::scenario::Scenario::parse(&text, "fuzz.ron") {
            play_out(&s);
        }
        eprintln!("ok: {}", path.display());
    }
}

#[test]
fn catalog_crashes_load_or_are_refused() {
    let rules = volley::engine::Rules::standard();
    for (_, text) in texts("catalog") {
        // A catalog that loads is also listed as `volley troops` lists it.
        if let Ok(catalog) = volley::scenario::Catalog::parse(&text, "troops.ron") {
            let _ = volley::commands::troops::troops_report("fuzz", &catalog, &[], &rules);
        }
    }
}

#[test]
fn rules_crashes_load_or_are_refused() {
    for (_, text) in texts("rules") {
        if let Ok(rules) = volley::engine::Rules::parse(&text, "rules.ron") {
            let (file, source) = volley::scenario::SHIPPED[0];
            let mut setup = volley::scenario::Scenario::parse(source, file)
                .unwrap()
                .setup;
            setup.rules = rules;
            let _ = volley::engine::Game::new(setup, volley::engine::Dice::seeded(1));
        }
    }
}

#[test]
fn save_crashes_resume_or_are_refused() {
    for (_, text) in texts("save") {
        let path = Path::new("fuzz-save.ron");
        if let Ok(save) = volley::save::SaveFile::parse(&text, path) {
            let _ = save.resume(path);
        }
    }
}

#[test]
fn command_stream_crashes_play_out() {
    for path in crashes("commands") {
        stream::play(&std::fs::read(path).unwrap());
    }
}

/// Issue 31: the network decoder's hostile inputs are refused, never a panic: each file as
/// a message and as a frame.
#[test]
fn wire_crashes_are_refused() {
    for path in crashes("wire") {
        let data = std::fs::read(&path).unwrap();
        assert!(
            volley::net::wire::decode(&data).is_err(),
            "{}",
            path.display()
        );
        let mut reader = data.as_slice();
        if let Ok(frame) = volley::net::secure::read_frame(&mut reader) {
            assert!(
                volley::net::wire::decode(&frame).is_err(),
                "{}",
                path.display()
            );
        }
    }
}
