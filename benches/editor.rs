//! The battle editor (issue 32) on a 200 × 200 map with 400 units: each edit (a brush
//! stroke or its undo; a unit deleted or put back) from its key to the screen drawn at
//! 200 × 60, the preview built again included; target p95 under 16 ms. Then opening and
//! saving a 4 MiB scenario (the same battle with a long description): target each under
//! 1 s. `EDITS` sets the number of edits (120 unless set).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

#[allow(dead_code, reason = "the battle helpers serve the other benchmarks")]
mod common;

use common::summary;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Instant;
use volley::editor::draft::Draft;
use volley::engine::Terrain;
use volley::scenario::UnitDef;
use volley::tui::editor::Editor;
use volley::tui::Key;

/// 200 × 200 hexes with woods and hills in patches, 200 units a side in ranks.
fn big_draft() -> Draft {
    let mut d = Draft::blank(200, 200, ["Red", "Blue"]);
    let patches: Vec<(i32, i32)> = (0..200)
        .flat_map(|r| (0..200).map(move |c| (c, r)))
        .filter(|(c, r)| (c * 7 + r * 13) % 29 == 0)
        .collect();
    d.paint(&patches, Terrain::Woods);
    for i in 0..400 {
        let (side, row) = if i < 200 {
            ("Red", 150 + (i / 100) * 2)
        } else {
            ("Blue", 40 + ((i - 200) / 100) * 2)
        };
        let troop = if i % 2 == 0 {
            "pikemen"
        } else {
            "matchlock musketeers"
        };
        let mut u = UnitDef::new(troop, side, 120, Some((i % 100 * 2, row)));
        u.label = Some(format!("{side} {i}"));
        d.add_unit(u);
    }
    d.paint(&[(0, 150), (2, 150)], Terrain::Clear);
    d
}

fn main() {
    let edits: usize = std::env::var("EDITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    let dir = tempfile::tempdir().unwrap();
    let mut editor = Editor::new(big_draft(), dir.path().join("big.ron"), String::new()).unwrap();
    let mut term = Terminal::new(TestBackend::new(200, 60)).unwrap();
    term.draw(|f| editor.draw(f)).unwrap();
    // Brush strokes of woods 3 across, each undone the next time, walking the map.
    for key in "3b".chars() {
        editor.key(Key::Char(key));
    }
    let mut strokes = Vec::new();
    for i in 0..edits {
        editor.put_cursor(((i * 7 % 190) as i32 + 5, (i * 13 % 190) as i32 + 5));
        let key = if i % 2 == 0 {
            Key::Enter
        } else {
            Key::Char('u')
        };
        strokes.push(timed(&mut editor, &mut term, key));
    }
    println!(
        "200×200, 400 units, a brush stroke drawn: {}",
        summary("edits", strokes)
    );
    // A unit deleted, then the deletion undone, along the Red ranks.
    let mut units = Vec::new();
    for i in 0..edits {
        editor.put_cursor(((i / 2 % 100 * 2) as i32, 150));
        let key = if i % 2 == 0 {
            Key::Char('x')
        } else {
            Key::Char('u')
        };
        units.push(timed(&mut editor, &mut term, key));
    }
    println!(
        "200×200, 400 units, a unit deleted or put back, drawn: {}",
        summary("edits", units)
    );
    open_and_save(&dir);
}

/// Milliseconds from `key` to the screen drawn.
fn timed(editor: &mut Editor, term: &mut Terminal<TestBackend>, key: Key) -> f64 {
    let t = Instant::now();
    editor.key(key);
    editor.poll();
    term.draw(|f| editor.draw(f)).unwrap();
    t.elapsed().as_secs_f64() * 1000.0
}

/// A 4 MiB scenario: the big battle with a description long enough.
fn open_and_save(dir: &tempfile::TempDir) {
    let mut draft = big_draft();
    let text = volley::editor::write::scenario_text(draft.file(), "");
    let room = volley::scenario::data::MAX_FILE_BYTES - text.len() - 1024;
    draft.change(|f| f.description = "A long description. ".repeat(room / 20));
    let path = dir.path().join("four.ron");
    std::fs::write(
        &path,
        volley::editor::write::scenario_text(draft.file(), ""),
    )
    .unwrap();
    let bytes = std::fs::metadata(&path).unwrap().len();
    let t = Instant::now();
    let mut editor = Editor::open(&path, (1, 1), ["A", "B"]).unwrap();
    let open = t.elapsed().as_secs_f64() * 1000.0;
    let t = Instant::now();
    editor.save();
    let save = t.elapsed().as_secs_f64() * 1000.0;
    editor.wait_checked();
    println!("{bytes} bytes: open {open:.0} ms, save {save:.0} ms");
}
