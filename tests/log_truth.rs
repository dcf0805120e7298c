//! Issue 26, "a screen that never lies": the log of a battle is the same text live, after a
//! resume from a save at every tenth command, and in the replay viewer at the same point;
//! every line is written from the state at the time of its event, never from the state of
//! the game it is rebuilt into. Undo and the other side's marks survive a resume too.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use hexx::Hex;
use std::path::Path;
use volley::ai::{ComputerPlayer, Player};
use volley::engine::event::MoveKind;
use volley::engine::{Command, Map, Order, SideId, UnitId};
use volley::save::SaveFile;
use volley::scenario::{Controller, Scenario};
use volley::tui::replay::Replay;
use volley::tui::{App, Key};

const COMPUTERS: [Controller; 2] = [Controller::Computer; 2];
const HOTSEAT: [Controller; 2] = [Controller::Human; 2];

fn shipped(stem: &str) -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with(&format!("{stem}.ron")))
        .expect("the battle ships");
    Scenario::parse(source, file).expect("a shipped battle parses")
}

/// The app resumed from a save of `app` written to text and read back, as `--resume` does.
fn through_a_save(app: &App) -> App {
    let file = SaveFile::of(
        app.scenario(),
        app.seed(),
        app.controllers(),
        app.commands(),
        app.game(),
    );
    let text = file.to_text().expect("the save writes");
    let path = Path::new("battle.volley");
    let back = SaveFile::parse(&text, path).expect("the save reads back");
    App::resumed(back.resume(path).expect("the save resumes"))
}

/// Plays a whole battle computer against computer (at most `cap` commands), checking the
/// resumed log and marks against the live ones at every tenth command; returns the live
/// log after each command.
fn play(stem: &str, seed: u64, cap: usize) -> (App, Vec<Vec<String>>) {
    let mut app = App::new(shipped(stem), seed, COMPUTERS).expect("the battle starts");
    let mut computer = ComputerPlayer::new(seed, [5, 5]);
    let mut logs = vec![app.log().to_vec()];
    while app.game().outcome().is_none() && app.commands().len() < cap {
        let command: Command = computer.choose(app.game()).expect("the computer orders");
        assert!(app.submit(command), "{stem} seed {seed}: {}", app.message());
        logs.push(app.log().to_vec());
        assert_marks_on_units(&app, stem, seed);
        if app.commands().len().is_multiple_of(10) {
            let resumed = through_a_save(&app);
            let at = app.commands().len();
            assert_eq!(
                resumed.log(),
                app.log(),
                "{stem} seed {seed}, resumed at {at}"
            );
            assert_eq!(
                resumed.traces(),
                app.traces(),
                "{stem} seed {seed}: marks at {at}"
            );
        }
    }
    (app, logs)
}

/// Issue 26: every `»`/`×` mark stands on a unit (none left behind by an advance, a
/// withdrawal or a rout).
fn assert_marks_on_units(app: &App, stem: &str, seed: u64) {
    for hex in app.game().map().hexes() {
        if let Some(mark) = app.traces().mark(hex, None) {
            assert!(
                app.game().unit_at(hex).is_some(),
                "{stem} seed {seed}: {mark} on the empty hex {:?} after command {}",
                Map::offset(hex),
                app.commands().len()
            );
        }
    }
}

/// The tutorial hot-seat past its briefing, Red first, and Red's first unit marched to
/// the last hex it can reach: an order that may be taken back.
fn red_marched() -> (App, UnitId, Hex, Hex) {
    let mut app = App::new(shipped("tutorial"), 7, HOTSEAT).expect("the tutorial starts");
    app.handle_key(Key::Char(' ')); // the briefing
    app.handle_key(Key::Char('1')); // Red orders first
    let red = app.game().units_of(SideId::A).next().expect("a Red unit");
    let (unit, from) = (red.id, red.pos);
    let reach = app.game().reach(unit, MoveKind::March);
    let (to, _) = *reach.ends().last().expect("somewhere to march");
    assert!(app.submit(Command::Order(Order::March { unit, to })));
    (app, unit, from, to)
}

/// Issue 26: undo works the same after a resume (the command list is in the save).
#[test]
fn undo_works_after_a_resume_as_before_it() {
    let (app, unit, from, _) = red_marched();
    let mut resumed = through_a_save(&app);
    resumed.handle_key(Key::Char('U'));
    assert_eq!(resumed.message(), "order taken back");
    assert_eq!(resumed.commands().len(), app.commands().len() - 1);
    assert_eq!(resumed.game().unit(unit).map(|u| u.pos), Some(from));
}

/// Issue 26: a move taken back leaves no `»` for the opponent and nothing for `o` to
/// describe, and the log no longer tells it.
#[test]
fn a_move_taken_back_leaves_no_mark_and_no_description() {
    let (mut app, _, _, to) = red_marched();
    assert_eq!(app.traces().mark(to, Some(SideId::B)), Some('»'));
    let told = app.log().last().cloned().expect("the march is logged");
    app.handle_key(Key::Char('U'));
    assert_eq!(app.message(), "order taken back");
    assert_eq!(app.traces().mark(to, Some(SideId::B)), None);
    assert_eq!(app.traces().clone().step(Some(SideId::B)), None);
    assert!(!app.log().contains(&told), "the log still says {told:?}");
}

/// The replay viewer's log at every tenth command and at the end, against the live one.
fn assert_viewer_matches(stem: &str, seed: u64, app: &App, logs: &[Vec<String>]) {
    let file = SaveFile::of(
        app.scenario(),
        app.seed(),
        app.controllers(),
        app.commands(),
        app.game(),
    );
    let path = Path::new("battle.volley");
    let resumed = SaveFile::parse(&file.to_text().unwrap(), path)
        .unwrap()
        .resume(path)
        .unwrap();
    let mut replay = Replay::new(resumed).expect("the viewer opens");
    assert_eq!(
        replay.app.log(),
        app.log(),
        "{stem} seed {seed}: the viewer at the end"
    );
    for (at, live) in logs.iter().enumerate().step_by(10) {
        replay.seek(at);
        assert_eq!(
            &replay.app.log(),
            live,
            "{stem} seed {seed}: the viewer at {at}"
        );
    }
}

/// Issue 26: whole battles (two scenarios, several seeds) give the same log live, resumed
/// at every tenth command and in the replay viewer; the lines that read the state (the
/// side that orders first, a unit's hex in a prompt) are those of their moment.
#[test]
fn the_log_is_the_same_live_after_a_resume_and_in_the_replay_viewer() {
    for (stem, seeds) in [("tutorial", [1, 2, 3]), ("kircholm", [4, 5, 6])] {
        for seed in seeds {
            let (app, logs) = play(stem, seed, 600);
            assert!(app.log().len() > 50, "{stem} seed {seed}: a real battle");
            assert_viewer_matches(stem, seed, &app, &logs);
        }
    }
}

/// Issue 26: a plural unit holds *their* ground ("Chodkiewicz's hussars hold its ground"),
/// and counts agree with their number (`1 hit`, `1 token`, not `1 hit(s)`).
#[test]
fn the_log_agrees_in_number_with_plural_units_and_counts() {
    use volley::engine::event::Event;
    use volley::tui::describe::describe;
    let game =
        volley::engine::Game::new(shipped("kircholm").setup, volley::engine::Dice::seeded(1))
            .unwrap();
    let hussars = game
        .units()
        .iter()
        .find(|u| u.plural)
        .expect("a plural unit");
    let said = describe(&game, &Event::AdvanceDeclined { unit: hussars.id });
    assert_eq!(
        said,
        [format!("{} hold their ground: no advance", hussars.label)]
    );
    let one = game
        .units()
        .iter()
        .find(|u| !u.plural)
        .expect("a singular unit");
    let said = describe(&game, &Event::AdvanceDeclined { unit: one.id });
    assert_eq!(
        said,
        [format!("{} holds its ground: no advance", one.label)]
    );
    let tokens = Event::ReloadTokensGained {
        unit: one.id,
        tokens: 1,
    };
    assert_eq!(
        describe(&game, &tokens),
        [format!("{} must reload: 1 token", one.label)]
    );
}

/// The replay viewer's screen at `w`×`h`.
fn viewer_screen(replay: &Replay, w: u16, h: u16) -> Vec<String> {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(|f| replay.draw(f)).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

/// Issue 26: the viewer's hint jumps to a turn the battle has (it offered `12t` on an
/// 8-turn battle), and Esc clears a turn number half typed before it leaves.
#[test]
fn the_replay_hint_offers_a_real_turn_and_esc_clears_a_number_first() {
    use volley::tui::replay::ReplayExit;
    let (app, _) = play("tutorial", 2, 60);
    let path = Path::new("battle.volley");
    let text = SaveFile::of(
        app.scenario(),
        app.seed(),
        app.controllers(),
        app.commands(),
        app.game(),
    )
    .to_text()
    .unwrap();
    let resumed = SaveFile::parse(&text, path).unwrap().resume(path).unwrap();
    let mut replay = Replay::new(resumed).unwrap();
    let last = app.game().turn();
    let hint = viewer_screen(&replay, 120, 30).pop().unwrap();
    assert!(hint.contains(&format!("· {last}t turn {last} ·")), "{hint}");
    assert!(!hint.contains("12t"), "{hint}");
    assert!(replay.key(Key::Char('3')).is_none());
    assert!(viewer_screen(&replay, 120, 30)
        .pop()
        .unwrap()
        .contains("turn 3_"));
    assert!(replay.key(Key::Esc).is_none(), "Esc clears the number");
    assert!(!viewer_screen(&replay, 120, 30)
        .pop()
        .unwrap()
        .contains("turn 3_"));
    assert!(matches!(replay.key(Key::Esc), Some(ReplayExit::Quit)));
}

/// Issue 26: a battle played on from `volley replay SAVE` is saved beside the save it came
/// from: in the data directory above an `autosave` folder, else in the save's folder.
#[test]
fn play_on_from_a_replay_saves_beside_the_save() {
    use std::path::PathBuf;
    use volley::save::data_dir_of_save;
    let cases = [
        ("/games/volley/autosave/kircholm-1-2.ron", "/games/volley"),
        ("/games/mine/rocroi-turn-3.ron", "/games/mine"),
        ("autosave/t.ron", "."),
        ("t.ron", "."),
    ];
    for (save, dir) in cases {
        assert_eq!(
            data_dir_of_save(Path::new(save)),
            PathBuf::from(dir),
            "{save}"
        );
    }
}

/// `o` says when each of the other side's moves was made and how many there are: a move of
/// the turn before read as new (found playing a quick battle, turn 2's Movement).
#[test]
fn their_moves_say_when_they_were_made_and_how_many() {
    let (app, _, _, _) = red_marched();
    let told = app.log().last().cloned().expect("the march is logged");
    let trace = app
        .traces()
        .clone()
        .step(Some(SideId::B))
        .expect("Blue sees Red's march");
    assert_eq!(
        trace.text,
        format!("1 of 1 · turn 1, Movement phase: {told}")
    );
}

/// `o` gives each move the turn and phase it was made in, followed through the command's
/// events, not the phase the game reached after them (the end of a side's orders may open
/// the next phase, or the next turn).
#[test]
fn their_moves_keep_the_phase_they_were_made_in() {
    use volley::engine::event::Event;
    use volley::engine::Phase;
    let (app, unit, _, to) = red_marched();
    let game = app.game();
    let moved = Event::Moved {
        unit,
        kind: MoveKind::March,
        path: vec![to],
    };
    let events = [
        moved.clone(),
        Event::PhaseBegan {
            phase: Phase::Missile,
        },
        Event::TurnBegan { turn: 2 },
        moved,
    ];
    let mut traces = volley::tui::traces::Traces::default();
    traces.record((SideId::A, true, (1, Phase::Movement)), game, &events);
    let said = |t: Option<volley::tui::traces::Trace>| t.map(|t| t.text).unwrap_or_default();
    assert!(said(traces.step(Some(SideId::B))).starts_with("1 of 2 · turn 1, Movement phase: "));
    assert!(said(traces.step(Some(SideId::B))).starts_with("2 of 2 · turn 2, Missile phase: "));
}
