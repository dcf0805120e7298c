//! Reading saves near the size cap (issue 25): a save padded to 600 MB with the header of
//! a tutorial battle is refused, and the title screen lists a save folder holding it, from
//! the header alone; a format-2 save (no header) so padded is refused from its scenario
//! (before format 3, each took 15 s and 1.5 GB). Target: each well under
//! 100 ms in a release build, whatever the files' sizes.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

use std::path::PathBuf;
use volley::engine::{Answer, Command, Dice, Game};
use volley::save::SaveFile;
use volley::scenario::{Controller, Scenario, SHIPPED};

/// Bytes of the padded save: just under the cap of the largest battle's save.
const HUGE: u64 = 600_000_000;

/// A data directory with a tutorial autosave padded (sparsely) to [`HUGE`] bytes.
fn data_dir_with_a_huge_save() -> (tempfile::TempDir, PathBuf) {
    let (file, src) = SHIPPED[0];
    let scenario = Scenario::parse(src, file).unwrap();
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(3)).unwrap();
    let c = Command::Answer(Answer::ChooseFirst { first: true });
    game.submit(c).unwrap();
    let save = SaveFile::of(&scenario, 3, [Controller::Human; 2], &[c], &game);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("autosave").join("tutorial-1-1.ron");
    save.write(&path).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(HUGE)
        .unwrap();
    (dir, path)
}

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 20)]
fn resume_refuses_a_600_mb_save(bencher: divan::Bencher) {
    let (_dir, path) = data_dir_with_a_huge_save();
    bencher.bench(|| volley::save::resume(divan::black_box(&path)).err().unwrap());
}

#[divan::bench(sample_count = 20)]
fn resume_refuses_a_600_mb_format_2_save(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.ron");
    let saves = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/saves");
    std::fs::copy(saves.join("format2.ron"), &path).unwrap();
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(HUGE).unwrap();
    bencher.bench(|| volley::save::resume(divan::black_box(&path)).err().unwrap());
}

#[divan::bench(sample_count = 20)]
fn title_list_of_a_folder_with_a_600_mb_save(bencher: divan::Bencher) {
    let (dir, _path) = data_dir_with_a_huge_save();
    bencher.bench(|| {
        let list = volley::tui::title::list_saves(divan::black_box(dir.path()));
        assert_eq!(list.len(), 1);
        list
    });
}
