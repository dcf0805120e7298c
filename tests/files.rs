//! Files: a UTF-8 byte-order mark at the start of a file is accepted by every loader (it
//! is dropped in the one reading function), and the temporary files a kill leaves between
//! write and rename are removed the next time their directory is written, stale ones only.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const BOM: &str = "\u{feff}";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `from` (relative to the project) copied into `dir` as `name` with a byte-order mark first.
fn with_bom(dir: &Path, from: &str, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(root().join(from)).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("{BOM}{text}")).unwrap();
    path
}

#[test]
fn a_byte_order_mark_is_dropped_when_a_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.ron");
    std::fs::write(&path, format!("{BOM}(a: 1)\n")).unwrap();
    assert_eq!(volley::files::read_text(&path, 100).unwrap(), "(a: 1)\n");
    // Only one, at the start: a mark inside the text is the text's own.
    std::fs::write(&path, format!("{BOM}{BOM}x{BOM}")).unwrap();
    assert_eq!(
        volley::files::read_text(&path, 100).unwrap(),
        format!("{BOM}x{BOM}")
    );
}

#[test]
fn every_loader_accepts_a_file_that_starts_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        with_bom(dir.path(), "assets/rules.ron", "rules.ron"),
        with_bom(dir.path(), "assets/troops.ron", "troops.ron"),
        with_bom(dir.path(), "scenarios/tutorial.ron", "tutorial.ron"),
        with_bom(
            dir.path(),
            "scenarios/tests/tutorial.test.ron",
            "tutorial.test.ron",
        ),
    ];
    // The test file is checked where its scenario is found, below.
    let (lines, ok) = volley::commands::check_files(&files[..3], false);
    assert!(ok, "{lines:#?}");
    volley::scenario::Scenario::load(&files[2]).unwrap();
    let test = std::fs::read_to_string(&files[3]).unwrap();
    // The test file names its scenario beside it.
    assert!(test.contains("scenario: \"../tutorial.ron\""), "{test}");
    let nested = dir.path().join("tests");
    std::fs::create_dir(&nested).unwrap();
    std::fs::rename(&files[3], nested.join("tutorial.test.ron")).unwrap();
    let (lines, ok) = volley::commands::check_files(&[nested.join("tutorial.test.ron")], false);
    assert!(ok, "{lines:#?}");
    let failures = volley::commands::scenario_test::run_file(&nested.join("tutorial.test.ron"));
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_save_that_starts_with_a_byte_order_mark_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = with_bom(dir.path(), "tests/saves/format2.ron", "bom.ron");
    let back = volley::save::resume(&path).unwrap();
    assert_eq!(back.scenario.file, "scenarios/tutorial.ron");
}

/// A file named `name` in `dir`, last modified `ago`.
fn file_aged(dir: &Path, name: &str, ago: Duration) -> PathBuf {
    let path = dir.join(name);
    let file = std::fs::File::create(&path).unwrap();
    file.set_modified(SystemTime::now() - ago).unwrap();
    path
}

#[test]
fn a_write_removes_the_stale_temporary_files_a_kill_left_and_keeps_fresh_ones() {
    let dir = tempfile::tempdir().unwrap();
    let old = Duration::from_secs(3600);
    let stale = file_aged(dir.path(), ".volley-AbC123.tmp", old);
    let fresh = file_aged(dir.path(), ".volley-XyZ789.tmp", Duration::ZERO);
    let others = [
        file_aged(dir.path(), ".volley-notes.txt", old),
        file_aged(dir.path(), "battle.tmp", old),
        file_aged(dir.path(), "kircholm.ron", old),
    ];
    volley::files::write_atomic(&dir.path().join("new.ron"), &[b"text"]).unwrap();
    assert!(!stale.exists(), "the stale temporary file is removed");
    assert!(fresh.exists(), "a concurrent writer's fresh one survives");
    for other in others {
        assert!(other.exists(), "{} is not ours", other.display());
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("new.ron")).unwrap(),
        "text"
    );
}

#[test]
fn stale_temporary_files_are_those_older_than_a_minute() {
    assert_eq!(volley::files::STALE_TEMP_AGE, Duration::from_secs(60));
    let dir = tempfile::tempdir().unwrap();
    file_aged(dir.path(), ".volley-a.tmp", Duration::from_secs(61));
    file_aged(dir.path(), ".volley-b.tmp", Duration::from_secs(30));
    let removed = volley::files::remove_stale_temps(dir.path(), volley::files::STALE_TEMP_AGE);
    assert_eq!(removed, 1);
    assert!(dir.path().join(".volley-b.tmp").exists());
}

#[test]
fn a_prefix_is_cut_before_a_character_the_limit_splits() {
    let text = format!("{BOM}ab\u{e9}cd");
    // The mark (3 bytes), `ab`, then `é`'s first byte of two.
    let prefix = volley::files::read_prefix(text.as_bytes(), 6).unwrap();
    assert_eq!(prefix, "ab");
    let prefix = volley::files::read_prefix(text.as_bytes(), 7).unwrap();
    assert_eq!(prefix, "ab\u{e9}");
    let bad: &[u8] = b"ab\xffcd";
    assert!(volley::files::read_prefix(bad, 5).is_err());
}
