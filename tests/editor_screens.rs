//! Screen tests of the battle editor (issue 32) at 80×24 and 200×60: the tutorial opened
//! in the editor, drawn into ratatui's `TestBackend` and read back line by line; the keys
//! are those a designer presses (`Editor::key`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod screen;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use screen::{assert_lines, assert_shows, columns, has, rows};
use volley::editor::draft::Draft;
use volley::tui::editor::Editor;
use volley::tui::keys::{Context, BINDINGS};
use volley::tui::Key;

/// The tutorial in the editor, its file in `dir` (never written unless saved).
fn tutorial_editor(dir: &std::path::Path) -> Editor {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(f, _)| f.ends_with("tutorial.ron"))
        .unwrap();
    let draft = Draft::parse(source, file).unwrap();
    let mut editor = Editor::new(draft, dir.join("tutorial.ron"), String::new()).unwrap();
    editor.wait_checked();
    editor
}

fn draw(editor: &Editor, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| editor.draw(f)).unwrap();
    rows(&t)
}

fn keys(editor: &mut Editor, keys: &str) {
    for c in keys.chars() {
        editor.key(match c {
            '\n' => Key::Enter,
            '\x1b' => Key::Esc,
            c => Key::Char(c),
        });
    }
    editor.wait_checked();
}

/// At 80×24: the title, the map as the battle draws it, the panel with the tool, the hex
/// under the cursor and the check's verdict, and the hints from the key table.
#[test]
fn the_editor_at_80x24_shows_the_map_the_tool_and_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let e = tutorial_editor(dir.path());
    let s = draw(&e, 80, 24);
    // The temporary folder's path would push the rest off: the file's name stands for it.
    assert_eq!(
        s[0].trim_end(),
        " Editing tutorial.ron · Tutorial: pike, shot and horse · 10×8 · turn limit 6"
    );
    assert_lines(
        &columns(&s[1..7], 0, 45),
        &[
            " .    .    .    .    .    .    .    .",
            "",
            "   .    .   BLC   TT   TT   .   BFF   .",
            "            h 4   TT   TT       p 8",
            " .    .    .    .    .   BDF   .    ^^",
            "                         s 8        ^^",
        ],
    );
    for text in [
        "│ Tool: select",
        "│ New units: Red",
        "│ (0, 0) clear",
        "│ 6 units placed, 0 in reserve",
        "│ No problems: it plays.",
    ] {
        assert_shows(&s, text);
    }
    assert_eq!(
        s[23],
        "Enter use · 1 terrain · a unit · o objective · S save · u undo · ? help · q quit"
    );
}

/// Water painted under Red's pike: the check's finding is marked `!` on its hex, listed
/// in the panel, and said in full on the message line while the cursor is there; the pike
/// is left out of the map drawn (R4.6), the rest still drawn.
#[test]
fn a_problem_is_marked_listed_and_said_in_full_at_its_hex() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "lllljjjjjj7\n");
    let s = draw(&e, 80, 24);
    assert_shows(&s, "│ (4, 6) water");
    assert_shows(&s, "│ 1 finding (`n` shows the next):");
    assert!(has(&s, "│ (4, 6) \"Red pike\""), "{}", s.join("\n"));
    assert!(
        s[22].starts_with("here: \"Red pike\" at (4, 6)"),
        "{}",
        s[22]
    );
    assert!(!has(&s, "RFF"), "the pike on water is not drawn");
    assert!(has(&s, "RDF"), "the shot beside it is");
    assert!(has(&s, "~~~~"), "the water is");
}

/// At 200×60: hexes at the largest size with their outlines and terrain names, a wider
/// panel, every hint on the status line.
#[test]
fn the_editor_at_200x60_draws_large_hexes_and_every_hint() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "3lljjj");
    let s = draw(&e, 200, 60);
    assert!(s[0].ends_with("· 10×8 · turn limit 6"), "{}", s[0]);
    assert_eq!(&s[1][..12], " /------\\   ");
    assert!(has(&s, "|  BLC   |"), "{}", s.join("\n"));
    assert!(has(&s, "| woods  |"));
    assert_shows(&s, "│ (2, 3) clear");
    let panel_at = s[1].find('│').unwrap();
    assert_eq!(
        s[1].chars().count() - s[1][..panel_at].chars().count(),
        1 + " Tool: paint woods (1 across)".len()
    );
    assert_eq!(
        s[59],
        "Enter use · 1 terrain · a unit · o objective · S save · u undo · ? help · q quit · b brush · U redo · x delete · p play · n problem · e form · B battle · E events · T troops · P v computer · i sim"
    );
}

/// The help lists every key of the editor at 80×24.
#[test]
fn the_help_fits_every_editor_key_at_80x24() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "?");
    let s = draw(&e, 80, 24);
    for key in [
        "1/2/3/4/5/6/7 terrain",
        "</> turns",
        "u/Backspace undo",
        "U redo",
        "S save",
        "B battle",
        "i sim",
        "q/Esc quit",
    ] {
        assert!(has(&s, key), "{key} missing:\n{}", s.join("\n"));
    }
}

/// Issue 26's rule for the editor: every key the table binds on the editor's map does
/// something there (the screen changes, or it leaves to play), in a battle with an
/// objective under Red's pike, so that undo, delete, the forms and the tools all have
/// something to act on.
#[test]
fn every_key_of_the_editor_does_something() {
    let mut tried = 0;
    for b in BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Editor))
    {
        for key in b.keys {
            let dir = tempfile::tempdir().unwrap();
            let mut e = tutorial_editor(dir.path());
            keys(&mut e, "lllljjjjjjo\n");
            let before = draw(&e, 100, 30);
            let exit = e.key(*key);
            e.wait_checked();
            let after = draw(&e, 100, 30);
            assert!(
                exit.is_some() || before != after,
                "{key:?} ({:?}) did nothing",
                b.action
            );
            tried += 1;
        }
    }
    assert!(tried > 40, "{tried} keys tried");
}

fn summary(events: &[volley::scenario::script_defs::EventDef]) -> Vec<String> {
    events
        .iter()
        .map(|e| format!("{}: {:?}", e.name, e.when))
        .collect()
}

fn press(editor: &mut Editor, keys: &[Key]) {
    for k in keys {
        editor.key(*k);
    }
    editor.wait_checked();
}

/// R12.7 at 80×24: `E` lists the events, `a` adds one and opens its form; choosing a
/// trigger shows its fields with the names the battle has, and Enter adds it to the list
/// as one edit the check accepts.
#[test]
fn r12_7_an_event_is_built_in_its_form_from_names_the_battle_has() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "E");
    assert_shows(&draw(&e, 80, 24), "No events yet: `a` adds one.");
    keys(&mut e, "a");
    // name → when: "turn begun" → "lost", which asks who.
    press(&mut e, &[Key::Down, Key::Right]);
    let s = draw(&e, 80, 24);
    assert_shows(&s, "Event: Event 1");
    assert_shows(&s, "when                 lost");
    assert_shows(&s, "who                  unit Red pike");
    assert_shows(&s, "then 1               message");
    assert_shows(&s, "then 2               (none)");
    press(&mut e, &[Key::Down, Key::Right]); // who: the next name
                                             // An empty message is one the check refuses (R12.7): down past `repeat` and `then 1`.
    press(&mut e, &[Key::Down, Key::Down, Key::Down]);
    for c in "The shot is lost!".chars() {
        e.key(Key::Char(c));
    }
    press(&mut e, &[Key::Enter]);
    let s = draw(&e, 80, 24);
    assert_shows(&s, "Event 1: Red shot lost → message");
    keys(&mut e, "\x1b");
    let f = e.draft().file();
    assert_eq!(f.events.len(), 1);
    assert!(e.findings().is_empty(), "{:?}", e.findings());
    // Adding it was one edit and the form another: each undoes.
    keys(&mut e, "u");
    assert_eq!(summary(&e.draft().file().events), ["Event 1: Turn(2)"]);
    keys(&mut e, "u");
    assert!(e.draft().file().events.is_empty());
}

/// R2.2 at 80×24: `T` lists the battle's own troop types; a new one's form shows the
/// numbers the engine derives from it, and they follow what is typed (R2.3).
#[test]
fn r2_2_a_troop_type_form_shows_its_derived_numbers_as_you_type() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "Ta");
    let s = draw(&e, 80, 24);
    assert_shows(&s, "Troop type: New troop 1");
    assert_shows(&s, "= 120 men · uhp");
    let before = s.join("\n");
    // Down to `hd`, erase it and type 3.
    press(&mut e, &[Key::Down, Key::Down, Key::Down, Key::Backspace]);
    keys(&mut e, "3");
    let after = draw(&e, 80, 24).join("\n");
    assert_ne!(before, after);
    press(&mut e, &[Key::Backspace]);
    keys(&mut e, "x");
    assert_shows(&draw(&e, 80, 24), "✗ hd:");
    press(&mut e, &[Key::Backspace]);
    keys(&mut e, "2\n");
    assert_shows(&draw(&e, 80, 24), "New troop 1 FF HD 2");
    assert_eq!(e.draft().file().troops[0].hd, "2");
}

/// R2.6: a unit of the battle's own troop type is placed at the first size the rules
/// allow for it, as `volley troops` shows it, not at a size the check refuses.
#[test]
fn r2_6_a_unit_of_the_battles_own_type_is_placed_at_a_size_it_may_have() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "Ta");
    // formation FF → LC (four steps on), size Man → Large.
    press(
        &mut e,
        &[
            Key::Down,
            Key::Right,
            Key::Right,
            Key::Right,
            Key::Right,
            Key::Right,
            Key::Right,
        ],
    );
    press(&mut e, &[Key::Down, Key::Right, Key::Enter, Key::Esc]);
    let t = &e.draft().file().troops[0];
    assert_eq!(format!("{:?} {:?}", t.formation, t.size), "LC Large");
    keys(&mut e, "anew troop\n");
    e.put_cursor((0, 0));
    keys(&mut e, "\n");
    let placed = e.draft().file().units.last().unwrap();
    assert_eq!(
        (placed.troop.as_str(), placed.creatures),
        ("New troop 1", 60)
    );
    assert!(e.findings().is_empty(), "{:?}", e.findings());
}

/// `!` lists what the check found; Enter on one puts the cursor on its hex and says it.
#[test]
fn enter_on_a_problem_in_the_list_goes_to_its_hex() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    e.put_cursor((4, 6));
    keys(&mut e, "7\n"); // water under the Red pike
    e.put_cursor((0, 0));
    keys(&mut e, "!");
    let s = draw(&e, 80, 24);
    assert_shows(&s, "What the check found (Enter goes to it)");
    assert_shows(&s, "(4, 6) ");
    // Its status line hints only what works there: no add, delete or order.
    assert_eq!(
        s[23].trim_end(),
        "↑/↓ select · Enter go to it · Esc back · ? help"
    );
    // The check's findings are neither added nor deleted by hand.
    let before = e.draft().file().clone();
    keys(&mut e, "ax");
    assert_eq!(*e.draft().file(), before);
    keys(&mut e, "\n");
    let s = draw(&e, 80, 24);
    assert_shows(&s, "(4, 6) water");
    assert_shows(&s, "problem 1 of 1:");
}

/// Esc on the form of an item just added takes the add back.
#[test]
fn esc_on_the_form_of_an_item_just_added_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "Ea");
    press(&mut e, &[Key::Esc]);
    assert!(e.draft().file().events.is_empty());
    press(&mut e, &[Key::Esc]);
    keys(&mut e, "U");
    assert_eq!(
        e.draft().file().events.len(),
        1,
        "an add taken back is redone by `U`"
    );
}

/// Deleting a troop type units use says so, and `u` brings it back.
#[test]
fn deleting_a_troop_type_in_use_says_how_many_units_used_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "Ta\n");
    press(&mut e, &[Key::Esc]);
    keys(&mut e, "anew troop\n");
    e.put_cursor((0, 0));
    keys(&mut e, "\nTx");
    assert_shows(
        &draw(&e, 80, 24),
        "deleted; 1 unit used it and must be mended",
    );
    assert!(e.draft().file().troops.is_empty());
    press(&mut e, &[Key::Esc]);
    keys(&mut e, "u");
    assert_eq!(e.draft().file().troops.len(), 1);
}

/// `?` in a list shows the list's keys, and any key goes back to the list.
#[test]
fn help_in_a_list_shows_its_keys_and_goes_back_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "E?");
    let s = draw(&e, 80, 24);
    assert_shows(&s, "The list's keys");
    assert_shows(&s, "a add · x delete · [/] order");
    keys(&mut e, " ");
    assert_shows(&draw(&e, 80, 24), "No events yet");
}

/// Playtest: a new user presses Enter "to select". The editor opens with the select tool,
/// which changes nothing (Enter on a unit opens its form), and the message line says how
/// to start painting or placing; a digit then takes the brush.
#[test]
fn the_editor_opens_with_a_tool_that_changes_nothing_and_says_how_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    let s = draw(&e, 80, 24);
    assert_shows(&s, "│ Tool: select");
    let hint = "1-7 paint terrain · a place a troop · Enter opens the form here";
    assert_eq!(s[22].trim_end(), hint);
    let before = e.draft().file().clone();
    keys(&mut e, "\n ");
    assert_eq!(*e.draft().file(), before, "Enter painted nothing");
    assert_eq!(draw(&e, 80, 24)[22].trim_end(), hint, "and says again how");
    e.put_cursor((4, 6));
    keys(&mut e, "\n");
    assert_shows(&draw(&e, 80, 24), "Unit: Red pike");
    keys(&mut e, "\x1b");
    e.put_cursor((0, 0));
    keys(&mut e, "3\n");
    assert_shows(&draw(&e, 80, 24), "│ (0, 0) woods");
}

/// The picker's line in full, found by the troop type's name at its start.
fn picker_line(s: &[String], name: &str) -> String {
    let start = format!(" {name} — ");
    let row = s.iter().find(|r| r.contains(&start));
    let row = row.unwrap_or_else(|| panic!("no {name}:\n{}", s.join("\n")));
    row.trim_end().to_string()
}

/// R2.2, R2.3: the troop picker gives each number with its unit, counting foot in men and
/// horse in riders as the game's unit panel does (`120 men, 8 uhp`, not `120 uhp 8`).
#[test]
fn r2_3_the_troop_picker_says_men_or_riders_and_uhp_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "apikemen");
    let pike = picker_line(&draw(&e, 200, 60), "pikemen");
    assert!(pike.contains(" — FF 120 men, 8 uhp, move "), "{pike}");
    keys(&mut e, "\x1bacossack");
    let horse = picker_line(&draw(&e, 200, 60), "cossack horse");
    assert!(horse.contains(" — LC 60 riders, "), "{horse}");
    assert!(horse.contains(" uhp, move "), "{horse}");
}

/// The picker's search looks in each type's weapons and formation too, in any case:
/// `lanc` finds the horse with lances, `HC` the heavy horse and nothing else.
#[test]
fn the_troop_picker_finds_a_type_by_its_weapon_or_formation() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    keys(&mut e, "alanc");
    let s = draw(&e, 200, 60);
    assert!(picker_line(&s, "cossack horse").contains(" — LC "));
    assert!(!has(&s, "no troop type has"), "{}", s.join("\n"));
    assert!(!has(&s, " pikemen — "), "only lances:\n{}", s.join("\n"));
    keys(&mut e, "\x1baHC");
    let s = draw(&e, 200, 60);
    assert!(picker_line(&s, "reiters").contains(" — HC "));
    assert!(!has(&s, " — LC "), "no light horse:\n{}", s.join("\n"));
    keys(&mut e, "\n");
    assert_shows(&draw(&e, 80, 24), "│ Tool: place ");
}

/// Placing, moving and deleting a unit or an objective each say what was done on the
/// message line, a name with control characters escaped.
#[test]
fn placing_moving_and_deleting_say_what_was_done() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = tutorial_editor(dir.path());
    let said = |e: &Editor| draw(e, 80, 24)[22].trim_end().to_string();
    keys(&mut e, "apikemen\n");
    e.put_cursor((0, 0));
    keys(&mut e, "\n");
    assert_eq!(said(&e), "placed Red pikemen 1 at (0, 0)");
    keys(&mut e, "m");
    assert!(
        said(&e).starts_with("picked up Red pikemen 1: "),
        "{}",
        said(&e)
    );
    keys(&mut e, "l\n");
    assert_eq!(said(&e), "moved Red pikemen 1 to (1, 0)");
    keys(&mut e, "x");
    assert_eq!(said(&e), "removed Red pikemen 1 (`u` undoes)");
    keys(&mut e, "o\nx");
    assert_eq!(said(&e), "removed objective objective 1 (`u` undoes)");
    // A label from a file is the user's text: its escape character is shown, not sent.
    let mut d = Draft::parse(&e.text(), "t.ron").unwrap();
    let pike = d.unit_at((4, 6)).unwrap();
    d.change(|f| f.units[pike].label = Some("Red\u{1b}[2Jpike".into()));
    let mut e = Editor::new(d, dir.path().join("t.ron"), String::new()).unwrap();
    e.put_cursor((4, 6));
    keys(&mut e, "x");
    assert_eq!(said(&e), "removed Red\\u{1b}[2Jpike (`u` undoes)");
}
