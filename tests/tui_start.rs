//! Issue 10, the first minutes: the title screen lists every shipped battle (Kircholm first,
//! one key from play) and the saved battles; a new battle opens on its briefing, which says
//! who the player commands and how this battle is won (R10.1–R10.3); the header shows where
//! R10 stands; the status line fits 80 columns in every mode.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;
use common::screen;

use volley::engine::Order;
use volley::scenario::{Controller, Scenario, SHIPPED};
use volley::tui::title::{Choice, Title};
use volley::tui::{App, Key, Mode};

fn shows(s: &[String], text: &str) -> bool {
    s.iter().any(|r| r.contains(text))
}

#[test]
fn the_title_screen_lists_every_shipped_battle_kircholm_first() {
    let dir = tempfile::tempdir().unwrap();
    let title = Title::new(dir.path());
    let s = screen(80, 24, |f| title.draw(f, f.area()));
    assert!(s[1].starts_with("│> Kircholm, 1605"), "{}", s[1]);
    for (file, src) in SHIPPED {
        let name = Scenario::parse(src, file).unwrap().name;
        assert!(shows(&s, &name), "{name} is listed:\n{}", s.join("\n"));
    }
    assert!(shows(&s, "Sweden v Poland-Lithuania"));
    assert!(shows(
        &s,
        "Enter: Sweden (you) v Poland-Lithuania (the computer, normal), 8 turns."
    ));
    assert!(s[23].contains("Enter play") && s[23].chars().count() <= 80);
    // Issue 26: the hint line was cut at 80 columns (`… q qui`); the least needed goes.
    assert!(s[23].contains(" · q quit"), "{}", s[23]);
    // Playtest 48: the editor is offered on the title even at 80 columns.
    assert!(s[23].trim_end().ends_with("· E edit"), "{}", s[23]);
    assert!(s[23].contains("l level: normal"), "{}", s[23]);
}

#[test]
fn enter_plays_kircholm_as_its_scenario_sets_the_sides_and_keys_choose_the_roles() {
    let dir = tempfile::tempdir().unwrap();
    let roles = [
        (Key::Enter, [Controller::Human, Controller::Computer]),
        (Key::Char('2'), [Controller::Computer, Controller::Human]),
        (Key::Char('h'), [Controller::Human; 2]),
        (Key::Char('w'), [Controller::Computer; 2]),
    ];
    for (key, want) in roles {
        let mut title = Title::new(dir.path());
        match title.key(key) {
            Some(Choice::New(s, controllers)) => {
                assert_eq!(s.name, "Kircholm, 1605");
                assert_eq!(controllers, want, "{key:?}");
            }
            other => panic!("{key:?} gave {other:?}"),
        }
    }
    let mut title = Title::new(dir.path());
    assert_eq!(title.key(Key::Down), None);
    match title.key(Key::Enter) {
        Some(Choice::New(s, _)) => assert_eq!(s.name, "Tutorial: pike, shot and horse"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        Title::new(dir.path()).key(Key::Char('q')),
        Some(Choice::Quit)
    );
}

#[test]
fn the_title_screen_lists_saves_with_battle_and_turn_and_resumes_them() {
    let dir = tempfile::tempdir().unwrap();
    let (file, src) = SHIPPED[0];
    let mut app = App::new(
        Scenario::parse(src, file).unwrap(),
        7,
        [Controller::Human; 2],
    )
    .unwrap();
    let path = dir.path().join("autosave").join("tutorial-1-1.ron");
    app.open_autosave(path.clone()).unwrap();
    app.autosave();
    let mut title = Title::new(dir.path());
    // Thirteen battles and the quick battle (issue 29) fill an 80×24 list; a taller
    // terminal shows the saves under them at once.
    let s = screen(80, 40, |f| title.draw(f, f.area()));
    assert!(shows(&s, "Saved battles"), "{}", s.join("\n"));
    let save = "auto tutorial-1-1    Tutorial: pike, shot an… turn 1";
    assert!(shows(&s, save), "{}", s.join("\n"));
    // At 80×24 the list says the save is below it.
    let s = screen(80, 24, |f| title.draw(f, f.area()));
    assert!(shows(&s, "↓ 1 saved battle below"), "{}", s.join("\n"));
    assert!(!shows(&s, save), "{}", s.join("\n"));
    // Past the battles and the quick battle to the first save, which an 80×24 list
    // scrolls to.
    for _ in 0..=SHIPPED.len() {
        title.key(Key::Down);
    }
    let s = screen(80, 24, |f| title.draw(f, f.area()));
    assert!(shows(&s, save), "{}", s.join("\n"));
    assert!(!shows(&s, "saved battle below"), "{}", s.join("\n"));
    // Its details under the list give what the row cuts: the whole battle name, and the
    // file (found playing: two saves of one battle read alike but for the turn).
    let detail = s
        .iter()
        .rev()
        .take(7)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        detail.contains("Tutorial: pike, shot and horse, turn 1, saved"),
        "{detail}"
    );
    assert!(detail.contains("tutorial-1-1.ron"), "{detail}");
    assert_eq!(title.key(Key::Enter), Some(Choice::Resume(path)));
}

fn kircholm(controllers: [Controller; 2]) -> App {
    let scenario = Scenario::default_battle().unwrap();
    App::new(scenario, 5, controllers).unwrap()
}

#[test]
fn a_new_battle_opens_on_its_briefing_and_b_shows_it_again() {
    let mut app = kircholm([Controller::Human, Controller::Computer]);
    assert_eq!(*app.mode(), Mode::Briefing { scroll: 0 });
    let s = screen(80, 24, |f| volley::tui::draw(f, &app));
    for text in [
        "┌ Briefing",
        "You command Sweden.",
        "Sweden under Charles IX: 6 units, 39 uhp",
        "the heights (2, 1), the Riga road (6, 5)",
        "R10.1 A side with no unit left on the field loses.",
        "R10.3 After turn 8: more objective value held wins (R12.4);",
        "Press any key to begin",
    ] {
        assert!(shows(&s, text), "{text:?} in\n{}", s.join("\n"));
    }
    app.handle_key(Key::Char(' '));
    assert_eq!(*app.mode(), Mode::Browse);
    app.handle_key(Key::Char('b'));
    assert_eq!(*app.mode(), Mode::Briefing { scroll: 0 });
    let watch = kircholm([Controller::Computer; 2]);
    let s = screen(80, 24, |f| volley::tui::draw(f, &watch));
    assert!(shows(&s, "The computer plays both sides; you watch."));
    let both = kircholm([Controller::Human; 2]);
    let s = screen(80, 24, |f| volley::tui::draw(f, &both));
    assert!(shows(&s, "Hot-seat: both sides play at this keyboard."));
}

#[test]
fn the_header_shows_where_r10_stands_and_the_status_line_fits_80_columns() {
    let mut app = kircholm([Controller::Human; 2]);
    app.handle_key(Key::Char(' '));
    let standing = app.game().standing();
    let s = screen(80, 24, |f| volley::tui::draw(f, &app));
    let want = format!(
        " Held S {} P {} │ Lost S {}/{} P {}/{} │ 7 turns more │",
        standing.objectives[0],
        standing.objectives[1],
        standing.losses[0],
        standing.morale_mark[0],
        standing.losses[1],
        standing.morale_mark[1]
    );
    assert!(s[1].starts_with(&want), "{}\nwant {want}", s[1]);
    for keys in ["", "\n", "\nm", "\x1b?", "\x1bq"] {
        for c in keys.chars() {
            let key = match c {
                '\n' => Key::Enter,
                '\x1b' => Key::Esc,
                c => Key::Char(c),
            };
            app.handle_key(key);
        }
        let s = screen(80, 24, |f| volley::tui::draw(f, &app));
        assert!(s[23].trim_end().chars().count() <= 80);
        assert!(!s[23].trim().is_empty(), "{keys:?}: a hint shows");
    }
}

#[test]
fn verbs_agree_with_plural_names_read_from_the_label_or_declared() {
    let (file, src) = SHIPPED[0];
    let plural_of = |text: &str, label: &str| {
        let s = Scenario::parse(text, file).unwrap();
        s.setup
            .units
            .iter()
            .find(|u| u.label == label)
            .unwrap()
            .plural
    };
    assert!(
        plural_of(src, "Red lancers"),
        "a label ending in s reads as plural"
    );
    assert!(!plural_of(src, "Red pike"));
    assert!(!plural_of(src, "Blue horse"));
    let singular = src.replace(
        r#"label: "Red lancers")"#,
        r#"label: "Red lancers", plural: false)"#,
    );
    assert_ne!(singular, src);
    assert!(
        !plural_of(&singular, "Red lancers"),
        "a label may say it is not plural"
    );
    let unlabelled = src.replace(r#", label: "Red pike""#, "");
    assert!(
        plural_of(&unlabelled, "pikemen"),
        "a troop type's name reads as plural"
    );
}

/// The tutorial at seed 7, hot-seat, past its briefing, Red first.
fn tutorial_underway() -> App {
    let (file, src) = SHIPPED[0];
    let mut app = App::new(
        Scenario::parse(src, file).unwrap(),
        7,
        [Controller::Human; 2],
    )
    .unwrap();
    app.handle_key(Key::Char(' '));
    app.handle_key(Key::Char('1'));
    app
}

#[test]
fn the_map_grows_with_the_terminal_and_plus_and_minus_change_it() {
    let mut app = tutorial_underway();
    // 120×40: the whole 10×8 map at the smallest size (the next would not fit).
    let s = screen(120, 40, |f| volley::tui::draw(f, &app));
    assert!(
        s[2].starts_with(" .    .    .    .    .    .    .    .    .    .  "),
        "{}",
        s[2]
    );
    assert!(shows(&s, "RDF  RFF"), "{}", s.join("\n"));
    // 200×60: the largest hexes, outlined, each unit with its terrain named.
    let s = screen(200, 60, |f| volley::tui::draw(f, &app));
    assert!(shows(&s, " /------\\   /------\\ "), "{}", s.join("\n"));
    assert!(shows(&s, "|  RHC   |"), "{}", s.join("\n"));
    assert!(shows(&s, "| woods  |"));
    assert!(shows(&s, "|   @@   |"), "the objective");
    // `-` goes one size down from what is drawn, `+` back up.
    app.handle_key(Key::Char('-'));
    let s = screen(200, 60, |f| volley::tui::draw(f, &app));
    assert!(!shows(&s, "/------\\"), "no outlines at the middle size");
    assert!(shows(&s, "  RHC  "));
    app.handle_key(Key::Char('+'));
    let s = screen(200, 60, |f| volley::tui::draw(f, &app));
    assert!(shows(&s, "|  RHC   |"));
}

#[test]
fn a_click_selects_a_hex_and_a_click_on_a_highlighted_hex_gives_the_order() {
    let mut app = tutorial_underway();
    let _ = screen(100, 30, |f| volley::tui::draw(f, &app));
    let geometry = app.geometry();
    // The lancers at (6,5): odd row, so shifted half a hex; a click inside their cell.
    let at = |col: u16, row: u16| {
        (
            geometry.area.x + col * 5 + (row % 2) * 2 + 1,
            geometry.area.y + row * 2,
        )
    };
    let (x, y) = at(6, 5);
    app.click(x, y);
    assert_eq!(volley::engine::Map::offset(app.cursor()), (6, 5));
    app.click(x, y);
    assert!(
        matches!(app.mode(), Mode::Orders { .. }),
        "a second click opens the orders"
    );
    app.handle_key(Key::Char('m'));
    let (x, y) = at(6, 3);
    app.click(x, y);
    let lancers = app
        .game()
        .units()
        .iter()
        .find(|u| u.label == "Red lancers")
        .unwrap();
    assert_eq!(
        volley::engine::Map::offset(lancers.pos),
        (6, 3),
        "the march is ordered"
    );
    // The wheel scrolls the log, never past its top: here the whole log is in view.
    app.wheel(true);
    assert_eq!(app.log_scroll(), 0);
    // Drawn on a short terminal, the log has entries above its page.
    let _ = screen(100, 24, |f| volley::tui::draw(f, &app));
    assert!(app.log_paging().1 > 0, "{:?}", app.log_paging());
    app.wheel(true);
    assert_eq!(app.log_scroll(), 1);
    app.wheel(false);
    assert_eq!(app.log_scroll(), 0);
}

#[test]
fn the_replay_viewer_steps_by_command_and_phase_and_jumps_to_a_turn() {
    use volley::tui::replay::Replay;
    let mut app = tutorial_underway();
    for _ in 0..40 {
        if app.game().turn() >= 3 {
            break;
        }
        match (&app.mode(), app.game().actor()) {
            (Mode::Browse, volley::engine::Actor::Decide(_)) => app.handle_key(Key::Char('1')),
            (Mode::Browse, _) => {
                app.handle_key(Key::Char('e'));
                app.handle_key(Key::Char('y'));
            }
            _ => app.handle_key(Key::Char(' ')),
        }
    }
    let (file, src) = SHIPPED[0];
    let game = app.game().clone();
    let resumed = volley::save::Resumed {
        scenario: Scenario::parse(src, file).unwrap(),
        seed: 7,
        controllers: [Controller::Human; 2],
        levels: Default::default(),
        opening_dice: Vec::new(),
        commands: app.commands().to_vec(),
        draws: Vec::new(),
        network: None,
        game,
    };
    let mut replay = Replay::new(resumed).unwrap();
    let n = replay.len();
    assert_eq!(replay.position(), n, "it opens at the end");
    replay.key(Key::Left);
    assert_eq!(replay.position(), n - 1);
    for k in "2t".chars() {
        replay.key(Key::Char(k));
    }
    assert_eq!(replay.app.game().turn(), 2);
    assert_eq!(replay.app.game().phase(), volley::engine::Phase::Initiative);
    replay.key(Key::Char(']'));
    assert_eq!(replay.app.game().phase(), volley::engine::Phase::Movement);
    let s = screen(100, 30, |f| replay.draw(f));
    assert!(
        s[29].starts_with(&format!(
            " Replay {}/{n} · turn 2 Movement",
            replay.position()
        )),
        "{}",
        s[29]
    );
    assert!(shows(&s, "── Turn 2 ──"), "the log as it was");
    assert!(!shows(&s, "── Turn 3 ──"), "and no later");
}

#[test]
fn a_charge_that_rolled_no_die_is_taken_back_like_a_move() {
    let mut app = tutorial_underway();
    // Tab, Tab to the lancers; `c`, `y` `y` `u` to (6,2); Blue pike is Formed Foot, so the
    // charge rolls no shock (R4.4); Enter confirms it with its odds.
    for k in ['\t', '\t', '\n', 'c', 'y', 'y', 'u', '\n'] {
        app.handle_key(match k {
            '\t' => Key::Tab,
            '\n' => Key::Enter,
            c => Key::Char(c),
        });
    }
    if app.game().unit_at(app.cursor()).map(|u| u.label.as_str()) != Some("Blue pike") {
        app.handle_key(Key::Tab);
    }
    let before = app.commands().len();
    app.handle_key(Key::Enter);
    assert_eq!(app.commands().len(), before + 1, "{}", app.message());
    assert!(matches!(
        app.commands().last(),
        Some(volley::engine::Command::Order(Order::Charge { .. }))
    ));
    app.handle_key(Key::Char('U'));
    assert_eq!(app.commands().len(), before, "{}", app.message());
    let lancers = app
        .game()
        .units()
        .iter()
        .find(|u| u.label == "Red lancers")
        .unwrap();
    assert_eq!(volley::engine::Map::offset(lancers.pos), (6, 5));
}

/// A computer player that gives its order only when the test lets it go: what happens
/// meanwhile is counted in frames, not timed, so a loaded machine cannot change it.
struct Gated(volley::ai::AdvancePlayer, std::sync::mpsc::Receiver<()>);

impl volley::ai::Player for Gated {
    fn choose(&mut self, game: &volley::engine::Game) -> Option<volley::engine::Command> {
        // A dropped sender lets it go too, so a failed test never leaves it waiting.
        let _ = self.1.recv();
        self.0.choose(game)
    }
}

/// A thinker for `Gated`, and the sender that lets it go.
fn gated() -> (volley::tui::thinker::Thinker, std::sync::mpsc::Sender<()>) {
    let (go, gate) = std::sync::mpsc::channel();
    let player = Gated(volley::ai::AdvancePlayer, gate);
    (volley::tui::thinker::Thinker::new(Box::new(player)), go)
}

/// Waits until the thinker has given or dropped its order (a hang guard of a minute, not a
/// speed target).
fn wait_for_order(thinker: &mut volley::tui::thinker::Thinker, app: &mut App) {
    let started = std::time::Instant::now();
    while !thinker.give_if_ready(app).unwrap() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the computer never gave its order"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Issue 27: while the computer thinks, frames are drawn and `?` opens the help, five
/// frames of it before the computer is let go; then its order is given.
#[test]
fn the_screen_draws_and_keys_work_while_the_computer_thinks() {
    let mut app = kircholm([Controller::Computer; 2]);
    app.handle_key(Key::Char(' '));
    let (mut thinker, go) = gated();
    let given = app.commands().len();
    thinker.start_if_due(&app);
    assert!(thinker.is_thinking());
    app.handle_key(Key::Char('?'));
    for frame in 0..5 {
        assert!(!thinker.give_if_ready(&mut app).unwrap(), "frame {frame}");
        let s = screen(80, 24, |f| volley::tui::draw(f, &app));
        assert!(shows(&s, "┌ Help"), "? works while the computer thinks");
    }
    assert_eq!(app.commands().len(), given, "no order before it is ready");
    go.send(()).unwrap();
    wait_for_order(&mut thinker, &mut app);
    assert_eq!(
        app.commands().len(),
        given + 1,
        "its order was given when ready"
    );
}

#[test]
fn an_order_thought_for_a_battle_that_moved_on_is_thought_again() {
    let mut app = kircholm([Controller::Computer; 2]);
    app.handle_key(Key::Char(' '));
    let (mut thinker, go) = gated();
    thinker.start_if_due(&app);
    // Meanwhile the battle moves on (as an undo or a replay would).
    let answer = app.game().actor();
    let volley::engine::Actor::Decide(d) = answer else {
        panic!("Kircholm opens on the initiative decision: {answer:?}")
    };
    assert!(app.submit(d.answers()[0]));
    let given = app.commands().len();
    go.send(()).unwrap();
    wait_for_order(&mut thinker, &mut app);
    assert_eq!(app.commands().len(), given, "the stale order is dropped");
    assert!(!thinker.is_thinking());
}

/// Issue 13: `l` on the title screen cycles the computer's level, shown in the key line
/// and beside the computer's side, and the battle opened plays at it.
#[test]
fn l_on_the_title_screen_sets_the_computers_level() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = Title::new(dir.path());
    assert_eq!(title.key(Key::Char('l')), None);
    let s = screen(80, 24, |f| title.draw(f, f.area()));
    assert!(s[23].contains("l level: hard"), "{}", s[23]);
    assert!(shows(&s, "Poland-Lithuania (the computer, hard)"));
    match title.key(Key::Enter) {
        Some(Choice::New(s, _)) => {
            let levels = s.sides.each_ref().map(|d| d.level);
            assert_eq!(levels, [volley::ai::Level::Hard; 2]);
        }
        other => panic!("{other:?}"),
    }
}

/// The level chosen with `l` is kept in the settings file: a title screen opened again
/// with that file starts at it.
#[test]
fn the_level_chosen_on_the_title_screen_is_kept_for_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Some(dir.path().join("settings.ron"));
    let mut title = Title::new(dir.path()).with_settings_file(settings.clone());
    title.key(Key::Char('l'));
    let mut again = Title::new(dir.path()).with_settings_file(settings.clone());
    let s = screen(80, 24, |f| again.draw(f, f.area()));
    assert!(s[23].contains("l level: hard"), "{}", s[23]);
    // Round to the battle's own level (normal): no level is kept then.
    again.key(Key::Char('l'));
    again.key(Key::Char('l'));
    let (kept, _) = volley::tui::settings::Settings::load(settings.as_deref().unwrap());
    assert_eq!(kept.level, None);
}

/// Issue 26: the settings file round trip: a missing file is the defaults, a saved one reads
/// back the same, a bad one is the defaults with its reason naming the file.
#[test]
fn issue26_settings_are_kept_in_a_file_and_read_back() {
    use volley::tui::settings::Settings;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("volley").join("settings.ron");
    let (fresh, problem) = Settings::load(&path);
    assert_eq!(fresh, Settings::default());
    assert!(!fresh.stop_at_empty_phases && fresh.handovers);
    assert_eq!(problem, None);
    let chosen = Settings {
        stop_at_empty_phases: true,
        handovers: false,
        level: Some(volley::ai::Level::Easy),
    };
    chosen.save(&path).unwrap();
    assert_eq!(Settings::load(&path), (chosen, None));
    std::fs::write(&path, "(stop_at_empty_phases: maybe)").unwrap();
    let (bad, problem) = Settings::load(&path);
    assert_eq!(bad, Settings::default());
    assert!(problem.unwrap().contains("settings.ron"));
}

/// Issue 29: with more battles than the list has rows, only the selected battle keeps its
/// summary line and the list scrolls so the selection stays in sight.
#[test]
fn the_title_list_scrolls_to_the_selected_battle_on_a_short_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = Title::new(dir.path());
    for _ in 1..SHIPPED.len() {
        title.key(Key::Down);
    }
    // The last two shipped battles (Kircholm, which leads the list, is neither).
    let name = |i: usize| {
        let (file, src) = SHIPPED[i];
        Scenario::parse(src, file).unwrap().name
    };
    let (above, last) = (name(SHIPPED.len() - 2), name(SHIPPED.len() - 1));
    let s = screen(80, 16, |f| title.draw(f, f.area()));
    let list = &s[..9];
    let at = list.iter().position(|l| l.contains(&format!("> {last}")));
    let at = at.unwrap_or_else(|| panic!("{}", s.join("\n")));
    // The battle above it has no summary line under it.
    assert!(
        list[at - 1].contains(&format!("  {above}")),
        "{}",
        s.join("\n")
    );
}

/// `?` on the title screen lists every key that works there, wrapped under the list, and
/// moving the selection brings the details back (found playing: `?` did nothing here).
#[test]
fn question_mark_on_the_title_screen_lists_its_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = Title::new(dir.path());
    assert_eq!(title.key(Key::Char('?')), None);
    let s = screen(100, 30, |f| title.draw(f, f.area()));
    let text = s.join(" ");
    for key in [
        "Keys: ",
        "h hot-seat",
        "w watch",
        "J join",
        "E edit",
        "q/Esc quit",
    ] {
        assert!(text.contains(key), "{key:?} in\n{}", s.join("\n"));
    }
    title.key(Key::Down);
    let s = screen(100, 30, |f| title.draw(f, f.area()));
    assert!(!s.join(" ").contains("Keys: "), "{}", s.join("\n"));
}
