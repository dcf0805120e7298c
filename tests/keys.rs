//! The one key table (issue 26, "One key table"): the key table of docs/keys.md (which the
//! README links) is written from
//! it, every key it lists for a context reaches a handler there, no key means two actions
//! in one context, and every hint on a status line names a key that works there.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::tui::keys::{self, Action, Context, BINDINGS, CONTEXTS};

/// The table of docs/keys.md: its lines from the first `|` to the first
/// line that is not a table row.
fn readme_key_table() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/keys.md"))
        .expect("docs/keys.md is read");
    readme
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Issue 26: the key table of docs/keys.md is the key table, so a key cannot be documented and
/// not work, or the reverse. On failure, the table to paste is printed.
#[test]
fn i26_the_readme_key_table_is_written_from_the_key_table() {
    let want = keys::readme_table();
    assert!(
        readme_key_table() == want,
        "docs/keys.md's table differs from the key table; it should read:\n\n{want}"
    );
}

/// Issue 26: in each context a key means one action at most, so no binding hides another.
#[test]
fn i26_no_two_actions_of_one_context_share_a_key() {
    for context in CONTEXTS {
        let bound: Vec<_> = BINDINGS
            .iter()
            .filter(|b| b.contexts.contains(&context))
            .collect();
        for (i, a) in bound.iter().enumerate() {
            for b in bound.iter().skip(i + 1) {
                let shared: Vec<_> = a.keys.iter().filter(|k| b.keys.contains(k)).collect();
                assert!(
                    shared.is_empty(),
                    "{context:?}: {:?} and {:?} share {shared:?}",
                    a.action,
                    b.action
                );
            }
        }
    }
}

/// Issue 26: every action a context hints on its status line is bound there, so a hint
/// cannot offer a key that does nothing.
#[test]
fn i26_every_hinted_action_is_bound_in_its_context() {
    for context in CONTEXTS {
        for action in keys::hinted(context) {
            assert!(
                keys::binding_of(context, *action).is_some(),
                "{context:?} hints {action:?}, which has no key there"
            );
        }
    }
}

/// Issue 26: every context's keys are in the table, and each binding names a key and a
/// context, a hint and a help sentence.
#[test]
fn i26_every_binding_has_keys_contexts_a_hint_and_help() {
    for b in BINDINGS {
        assert!(!b.keys.is_empty(), "{:?} has no key", b.action);
        assert!(!b.contexts.is_empty(), "{:?} works nowhere", b.action);
        assert!(!b.hint.is_empty() && !b.help.is_empty(), "{:?}", b.action);
        assert!(
            b.named >= 1,
            "{:?} names no key on the status line",
            b.action
        );
    }
    assert_eq!(
        keys::action(Context::Map, volley::tui::Key::Char('e')),
        Some(Action::EndOrders)
    );
}

// ---- Every key of a context reaches a handler there ----

use volley::engine::Map;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

fn tutorial() -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .expect("the tutorial ships");
    Scenario::parse(source, file).expect("the tutorial parses")
}

/// Keys as typed: `\t` Tab, `\n` Enter, `\x1b` Esc, anything else a character.
fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.handle_key(match c {
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            '\x1b' => Key::Esc,
            c => Key::Char(c),
        });
    }
}

/// The tutorial at seed 7, hot-seat, past its briefing: Red chooses the initiative. The
/// cursor is on a hex with a neighbour on every side and the log is scrolled back a line,
/// so that every cursor and log key has somewhere to go.
fn asked() -> App {
    let mut app = App::new(tutorial(), 7, [Controller::Human; 2]).expect("the tutorial starts");
    press(&mut app, " ");
    centred(&mut app);
    app
}

fn centred(app: &mut App) {
    app.put_cursor(Map::hex_at(3, 3));
    app.scroll_log_back(1);
}

/// Red gives movement orders, the cursor on no unit.
fn on_map() -> App {
    let mut app = asked();
    press(&mut app, "1");
    centred(&mut app);
    app
}

/// Red pike's order menu.
fn order_menu() -> App {
    let mut app = on_map();
    press(&mut app, "\t\n");
    assert!(matches!(app.mode(), Mode::Orders { .. }));
    app.scroll_log_back(1);
    app
}

/// Red pike marching: choosing the hex, the cursor moved off the unit.
fn picking_hex() -> App {
    let mut app = order_menu();
    press(&mut app, "m");
    centred(&mut app);
    app
}

/// Red lancers charging from (6,2): two targets to choose from (as in tests/tui_screens.rs).
fn picking_target() -> App {
    let mut app = App::new(tutorial(), 7, [Controller::Human; 2]).expect("the tutorial starts");
    press(&mut app, " 1\t\t\ncyyu\n");
    assert!(matches!(app.mode(), Mode::PickTarget { .. }));
    app.scroll_log_back(1);
    app
}

/// The tutorial played to its turn limit, every side ending its orders.
fn battle_over() -> App {
    let mut app = asked();
    for _ in 0..500 {
        if app.game().outcome().is_some() {
            break;
        }
        match (&app.mode(), app.game().actor()) {
            (Mode::Browse, volley::engine::Actor::Decide(_)) => press(&mut app, "1"),
            (Mode::Browse, _) => press(&mut app, "ey"),
            _ => press(&mut app, " "),
        }
    }
    assert!(app.game().outcome().is_some(), "the battle ended");
    centred(&mut app);
    app
}

/// On the map, then `keys` typed, saving in `dir`; the mode they open must pass `opened`.
fn in_mode(
    dir: std::path::PathBuf,
    keys: &'static str,
    opened: fn(&Mode) -> bool,
) -> impl Fn() -> App {
    move || {
        let mut app = on_map();
        app.save_in(dir.clone());
        press(&mut app, keys);
        assert!(
            opened(app.mode()),
            "{keys:?} opened {:?}: {}",
            app.mode(),
            app.message()
        );
        app
    }
}

/// On the map, `S` and Enter: the save's file is there and holds no save, so the player is
/// asked whether to replace it.
fn replace_asked(dir: &std::path::Path) -> App {
    let mut app = on_map();
    app.save_in(dir.to_path_buf());
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let file = saves.join(format!("{}.ron", app.default_save_name()));
    std::fs::write(file, "not a save").unwrap();
    press(&mut app, "S\n");
    assert!(
        matches!(app.mode(), Mode::ConfirmReplace { .. }),
        "{}",
        app.message()
    );
    app
}

/// On the map, or in the order menu, with the autosave failing (its folder is a file):
/// the alert open, or dismissed with Esc.
fn failing_autosave(dir: &std::path::Path, menu: bool, dismissed: bool) -> App {
    let mut app = if menu { order_menu() } else { on_map() };
    let _ = app.open_autosave(dir.join("a-file").join("autosave.ron"));
    app.autosave();
    if dismissed {
        press(&mut app, "\x1b");
    }
    assert_eq!(app.save_alert().map(|a| a.acknowledged), Some(dismissed));
    app
}

/// What a key can change in the battle screen.
fn state(app: &App) -> String {
    format!(
        "{:?}|{:?}|{}|{}|{}|{:?}|{}|{:?}",
        app.mode(),
        app.cursor(),
        app.message(),
        app.log_scroll(),
        app.has_quit(),
        app.zoom(),
        app.commands().len(),
        app.save_alert()
    )
}

/// Issue 26: every key the table binds in a battle context does something there: the mode,
/// the cursor, the message ("why nothing"), the log, the battle or the save alert changes.
#[test]
fn i26_every_key_of_a_battle_context_reaches_a_handler() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the autosave's folder goes.
    std::fs::write(dir.path().join("a-file"), "not a folder").unwrap();
    let mut fixtures = battle_fixtures();
    fixtures.extend(prompt_fixtures(dir.path()));
    let (tried, dead) = dead_keys(&fixtures);
    assert!(
        dead.is_empty(),
        "keys that did nothing:\n{}",
        dead.join("\n")
    );
    assert!(tried > 100, "{tried} keys tried");
}

/// A battle screen in a given context, made afresh for each key.
type Fixture = Box<dyn Fn() -> App>;

/// The battle's own contexts: the map, its menus and pickers, a prompt, the end, the
/// rules browser.
fn battle_fixtures() -> Vec<(Context, Fixture)> {
    vec![
        (Context::Map, Box::new(on_map)),
        (Context::Orders, Box::new(order_menu)),
        (Context::PickHex, Box::new(picking_hex)),
        (Context::PickTarget, Box::new(picking_target)),
        (Context::Decide, Box::new(asked)),
        (Context::GameOver, Box::new(battle_over)),
        (
            Context::ConfirmEnd,
            Box::new(|| {
                let mut a = on_map();
                press(&mut a, "e");
                a
            }),
        ),
        (
            Context::RulesView,
            Box::new(|| {
                // Opened inside the rules, so that every scroll key moves it.
                let mut a = on_map();
                a.say("refused (R4.4)");
                press(&mut a, "R");
                a
            }),
        ),
    ]
}

/// The prompts and alerts over the battle, with their files in `dir` (where `a-file`
/// stands in the autosave folder's way).
fn prompt_fixtures(dir: &std::path::Path) -> Vec<(Context, Fixture)> {
    let data = dir.to_path_buf();
    let (alert_dir, unsaved_dir, replace_dir) = (data.clone(), data.clone(), data.clone());
    vec![
        (
            Context::ConfirmQuit,
            Box::new(in_mode(data.clone(), "q", |m| *m == Mode::ConfirmQuit)),
        ),
        (
            Context::ConfirmReplace,
            Box::new(move || replace_asked(&replace_dir)),
        ),
        (
            Context::SaveName,
            Box::new(in_mode(
                data.clone(),
                "Sx",
                |m| matches!(m, Mode::SaveAs { name, .. } if name.ends_with('x')),
            )),
        ),
        (
            Context::DiceFaces,
            Box::new(in_mode(
                data.clone(),
                "F6",
                |m| matches!(m, Mode::ForceDice { faces } if faces == "6"),
            )),
        ),
        (
            Context::Briefing,
            Box::new(in_mode(data.clone(), "bjjjjjjjjjj", |m| {
                *m == Mode::Briefing { scroll: 10 }
            })),
        ),
        (
            Context::LogView,
            Box::new(in_mode(data.clone(), "L", |m| *m == Mode::Log)),
        ),
        (
            Context::ConfirmConcede,
            Box::new(in_mode(data, "C", |m| {
                *m == Mode::ConfirmConcede {
                    side: volley::engine::SideId::A,
                }
            })),
        ),
        (
            Context::Alert,
            Box::new(move || failing_autosave(&alert_dir, false, false)),
        ),
        (
            Context::Unsaved,
            Box::new(move || failing_autosave(&unsaved_dir, true, true)),
        ),
    ]
}

/// Presses each key the table binds in each fixture's context on a fresh screen: how many
/// were tried, and those that changed nothing (the mode, cursor, message, log, battle or
/// save alert).
fn dead_keys(fixtures: &[(Context, Fixture)]) -> (usize, Vec<String>) {
    let (mut tried, mut dead) = (0, Vec::new());
    for (context, fixture) in fixtures {
        for b in BINDINGS.iter().filter(|b| b.contexts.contains(context)) {
            for key in b.keys {
                let mut app = fixture();
                if *context != Context::Unsaved {
                    assert_eq!(app.context(), *context, "the fixture of {context:?}");
                }
                let before = state(&app);
                app.handle_key(*key);
                if state(&app) == before {
                    dead.push(format!("{context:?}: {key:?} ({:?})", b.action));
                }
                tried += 1;
            }
        }
    }
    (tried, dead)
}

/// The screen of `draw` at 100×30, as text.
fn screen(draw: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(draw).unwrap();
    let buf = t.backend().buffer();
    buf.content().iter().map(|c| c.symbol()).collect()
}

/// Issue 26: every key the table binds on the title screen does something there (the
/// selection, the level or a choice).
#[test]
fn i26_every_key_of_the_title_screen_reaches_a_handler() {
    use volley::tui::title::Title;
    let empty = std::env::temp_dir().join(format!("volley-keys-title-{}", std::process::id()));
    let mut dead = Vec::new();
    for b in BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Title))
    {
        for key in b.keys {
            // The second battle is selected, so up and down both have somewhere to go.
            let mut title = Title::new(&empty);
            title.key(Key::Down);
            let before = screen(|f| title.draw(f, f.area()));
            let chose = title.key(*key).is_some();
            if !chose && screen(|f| title.draw(f, f.area())) == before {
                dead.push(format!("{key:?} ({:?})", b.action));
            }
        }
    }
    assert!(
        dead.is_empty(),
        "title keys that did nothing:\n{}",
        dead.join("\n")
    );
}

/// Issue 26: every key the table binds in the replay viewer does something there (the
/// point viewed, the turn typed, the log, or leaving).
#[test]
fn i26_every_key_of_the_replay_viewer_reaches_a_handler() {
    use volley::tui::replay::Replay;
    let mut played = on_map();
    for _ in 0..60 {
        if played.game().turn() >= 3 {
            break;
        }
        match (&played.mode(), played.game().actor()) {
            (Mode::Browse, volley::engine::Actor::Decide(_)) => press(&mut played, "1"),
            (Mode::Browse, _) => press(&mut played, "ey"),
            _ => press(&mut played, " "),
        }
    }
    let mut dead = Vec::new();
    for b in BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Replay))
    {
        for key in b.keys {
            let mut replay = Replay::new(volley::save::Resumed {
                scenario: tutorial(),
                seed: 7,
                controllers: [Controller::Human; 2],
                levels: Default::default(),
                opening_dice: Vec::new(),
                commands: played.commands().to_vec(),
                draws: Vec::new(),
                network: None,
                game: played.game().clone(),
            })
            .unwrap();
            // Midway, the log scrolled back a line: every step and scroll can go.
            replay.seek(replay.len() / 2);
            replay.app.scroll_log_back(1);
            let before = (replay.position(), screen(|f| replay.draw(f)));
            let left = replay.key(*key).is_some();
            if !left && (replay.position(), screen(|f| replay.draw(f))) == before {
                dead.push(format!("{key:?} ({:?})", b.action));
            }
        }
    }
    assert!(
        dead.is_empty(),
        "replay keys that did nothing:\n{}",
        dead.join("\n")
    );
}

/// Issue 26: the help screen lists every key of the battle screen, as the table has it.
#[test]
fn i26_the_help_screen_lists_every_battle_key_from_the_table() {
    let help = volley::tui::screens::HELP.as_str();
    let battle = [
        Context::Map,
        Context::Orders,
        Context::PickHex,
        Context::PickTarget,
        Context::Decide,
        Context::GameOver,
    ];
    for b in BINDINGS
        .iter()
        .filter(|b| b.contexts.iter().any(|x| battle.contains(x)))
    {
        let entry = format!("{} {}", b.all_keys(), b.hint);
        assert!(help.contains(&entry), "help lacks {entry:?}:\n{help}");
    }
}
