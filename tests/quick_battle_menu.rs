//! Issue 29: the title screen's quick battle. "Quick battle..." under the battles opens a
//! menu of army A, army B, size, ground and seed (empty: one drawn for the player, the
//! clock's when the game starts); Enter starts the generated battle, the player on side A
//! against the computer at the title screen's level (`normal` unless `l` changed it); Esc
//! goes back; every key the table binds there does something.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;
use common::screen;

use volley::ai::Level;
use volley::generate::{Ground, Request, Size};
use volley::scenario::{Controller, SHIPPED};
use volley::tui::keys::{Context, BINDINGS};
use volley::tui::title::{Choice, Title};
use volley::tui::Key;

/// The title screen with its quick battle selected, the clock's seed 1629.
fn on_quick_row(dir: &std::path::Path) -> Title {
    to_quick_row(Title::new(dir).with_quick_seed(1629))
}

/// `title` with its quick battle selected, from the top of its list.
fn to_quick_row(mut title: Title) -> Title {
    for _ in 0..SHIPPED.len() {
        title.key(Key::Down);
    }
    title
}

fn opened(dir: &std::path::Path) -> Title {
    let mut title = on_quick_row(dir);
    assert_eq!(title.key(Key::Enter), None);
    assert!(title.in_quick_menu());
    title
}

#[test]
fn i29_the_title_screen_offers_a_quick_battle_under_the_battles() {
    let dir = tempfile::tempdir().unwrap();
    let title = on_quick_row(dir.path());
    let s = screen(100, 30, |f| title.draw(f, f.area()));
    let text = s.join("\n");
    assert!(text.contains("│> Quick battle..."), "{text}");
    assert!(
        text.contains(
            "A battle generated in a moment from two army lists, a size, a ground and a seed."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Enter: choose both armies, the size, the ground and the seed; you command army A."
        ),
        "{text}"
    );
}

/// The menu's screen: a line per choice, the first selected, the seed from the clock,
/// the command that makes the same battle as a file, and the keys.
#[test]
fn i29_the_quick_battle_menu_shows_armies_size_ground_seed_and_its_keys() {
    let dir = tempfile::tempdir().unwrap();
    let title = opened(dir.path());
    let s = screen(100, 30, |f| title.draw(f, f.area()));
    // Each row inside the box, its right border and padding cut.
    let rows: Vec<&str> = s
        .iter()
        .map(|r| r.trim_end().trim_end_matches('│').trim_end())
        .collect();
    assert!(rows[0].starts_with("┌ Quick battle ──"), "{}", rows[0]);
    assert_eq!(
        &rows[2..7],
        [
            "│> Army A (you)       ◂ Army of Flanders ▸",
            "│  Army B (computer)  ◂ Dutch States army ▸",
            "│  Size               ◂ small (about 6 units' worth a side, 16 × 10 hexes) ▸",
            "│  Ground             ◂ open ▸",
            "│  Seed               ◂ 1629 (drawn for you; type digits to choose) ▸",
        ]
    );
    let text = s.join("\n");
    assert!(
        text.contains(
            "Enter starts the battle: you command army A (west) against the computer (normal)."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "The same battle as a file: volley generate --army-a 'Army of Flanders' --army-b"
        ),
        "{text}"
    );
    assert_eq!(
        rows[29],
        " Enter start · ←/→ change · ↑/↓ line · 0-9 seed · Esc back"
    );
}

/// Arrows change the lines, digits type the seed, Enter starts the battle `volley
/// generate` makes with the same choices: side A the player's, side B the computer's at
/// `normal`.
#[test]
fn i29_the_quick_battle_menu_starts_the_battle_volley_generate_makes() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = opened(dir.path());
    for key in [
        Key::Left,
        Key::Down,
        Key::Right,
        Key::Right,
        Key::Down,
        Key::Right,
        Key::Down,
        Key::Left,
    ] {
        assert_eq!(title.key(key), None);
    }
    for c in "042".chars() {
        title.key(Key::Char(c));
    }
    title.key(Key::Char('9'));
    title.key(Key::Backspace);
    // Left from the first list wraps to the last; B moves two on from the second.
    let names: Vec<String> = volley::armies::shipped()
        .unwrap()
        .into_iter()
        .map(|l| l.name)
        .collect();
    let (a, b) = (&names[names.len() - 1], &names[3 % names.len()]);
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(s.contains(&format!("Army A (you)       ◂ {a} ▸")), "{s}");
    assert!(s.contains(&format!("Army B (computer)  ◂ {b} ▸")), "{s}");
    assert!(
        s.contains("◂ medium (about 12 units' worth a side, 22 × 14 hexes) ▸"),
        "{s}"
    );
    assert!(s.contains("Ground             ◂ river ▸"), "{s}");
    assert!(s.contains("│> Seed               ◂ 42 ▸"), "{s}");
    let want = volley::generate::generate(&Request {
        army_a: a.clone(),
        army_b: b.clone(),
        size: Size::Medium,
        ground: Ground::River,
        seed: 42,
    })
    .unwrap();
    match started(&mut title) {
        Some(Choice::New(scenario, controllers)) => {
            assert_eq!(scenario.source, want.text);
            assert_eq!(controllers, [Controller::Human, Controller::Computer]);
            assert_eq!(scenario.sides[1].level, Level::Normal);
            assert_eq!(scenario.name, format!("Quick battle: {a} v {b}"));
        }
        other => panic!("{other:?}"),
    }
    assert!(!title.busy());
    assert_eq!(title.work(), None);
    // Had the battle not opened, its reason shows on the list and Enter brings the same
    // choices back.
    assert!(!title.in_quick_menu());
    title.message = "cannot open the battle".into();
    assert_eq!(title.key(Key::Enter), None);
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(s.contains("│> Seed               ◂ 42 ▸"), "{s}");
}

/// `→` and `←` on the seed line step the seed shown, drawn or typed, as its arrows say.
#[test]
fn i29_the_arrows_on_the_seed_line_step_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = opened(dir.path());
    for _ in 0..4 {
        title.key(Key::Down);
    }
    title.key(Key::Right);
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(s.contains("│> Seed               ◂ 1630 ▸"), "{s}");
    title.key(Key::Left);
    title.key(Key::Left);
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(s.contains("│> Seed               ◂ 1628 ▸"), "{s}");
}

/// Issue 29: `l` on the title screen sets the computer's level for the quick battle too,
/// and the menu says the level the battle will be played at, not always `normal`.
#[test]
fn i29_the_quick_battle_menu_names_the_level_chosen_on_the_title_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = on_quick_row(dir.path());
    // `l` turns the level on from the shipped battles' own; until it is hard.
    for _ in 0..3 {
        let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
        if s.contains("level: hard") {
            break;
        }
        title.key(Key::Char('l'));
    }
    assert_eq!(title.key(Key::Enter), None);
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(
        s.contains("you command army A (west) against the computer (hard)."),
        "{s}"
    );
    match started(&mut title) {
        Some(Choice::New(scenario, _)) => assert_eq!(scenario.sides[1].level, Level::Hard),
        other => panic!("{other:?}"),
    }
}

/// Enter, then the work the title loop does once the screen says so (see the next test).
fn started(title: &mut Title) -> Option<Choice> {
    assert_eq!(title.key(Key::Enter), None);
    assert!(title.busy());
    title.work()
}

/// Enter first says on the screen that the battle is being made and playtested (which
/// takes up to about a second, a large one too); the title loop then makes it.
#[test]
fn i29_the_screen_says_the_battle_is_being_made_and_playtested() {
    let dir = tempfile::tempdir().unwrap();
    let says = "Generating the battle and playtesting it, normal against normal (about a";
    for rights in [0, 2] {
        let mut title = opened(dir.path());
        title.key(Key::Down);
        title.key(Key::Down);
        for _ in 0..rights {
            title.key(Key::Right);
        }
        assert!(!title.busy());
        assert_eq!(title.key(Key::Enter), None);
        assert!(title.busy());
        let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
        assert!(s.contains(says), "{s}");
        assert!(matches!(title.work(), Some(Choice::New(..))));
        assert!(!title.busy());
    }
}

/// Esc leaves the menu for the title list, where the quick battle stays selected.
#[test]
fn i29_esc_goes_back_from_the_quick_battle_menu_to_the_title_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = opened(dir.path());
    assert_eq!(title.key(Key::Esc), None);
    assert!(!title.in_quick_menu());
    let s = screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert!(s.contains("│> Quick battle..."), "{s}");
    assert_eq!(title.key(Key::Esc), Some(Choice::Quit));
}

/// The menu keeps the player's choices: opened again after Esc, and on the next title
/// screen after a battle started from it, with the army lists, size, ground and a typed
/// seed as they were; a seed not typed is drawn anew (the next screen's).
#[test]
fn i29_the_quick_battle_menu_opens_as_the_player_left_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut title = opened(dir.path());
    for key in [
        Key::Down,
        Key::Right,
        Key::Down,
        Key::Right,
        Key::Down,
        Key::Right,
    ] {
        title.key(key);
    }
    let size = "◂ medium (about 12 units' worth a side, 22 × 14 hexes) ▸";
    let menu = |title: &Title| screen(100, 30, |f| title.draw(f, f.area())).join("\n");
    assert_eq!(title.key(Key::Esc), None);
    assert_eq!(title.key(Key::Enter), None);
    let s = menu(&title);
    assert!(
        s.contains(size) && s.contains("Ground             ◂ wooded ▸"),
        "{s}"
    );
    assert!(s.contains("Seed               ◂ 1629 (drawn"), "{s}");
    // The next title screen, after a battle: the same choices, a seed drawn anew.
    title.key(Key::Esc);
    let kept = title.take_quick_menu();
    assert!(kept.is_some());
    let mut next = to_quick_row(
        Title::new(dir.path())
            .with_quick_seed(1700)
            .with_quick_menu(kept),
    );
    assert_eq!(next.key(Key::Enter), None);
    let s = menu(&next);
    assert!(
        s.contains(size) && s.contains("Ground             ◂ wooded ▸"),
        "{s}"
    );
    assert!(s.contains("Seed               ◂ 1700 (drawn"), "{s}");
    // A typed seed stays.
    next.key(Key::Down);
    for c in "77".chars() {
        next.key(Key::Char(c));
    }
    next.key(Key::Esc);
    let mut again = to_quick_row(
        Title::new(dir.path())
            .with_quick_seed(1800)
            .with_quick_menu(next.take_quick_menu()),
    );
    again.key(Key::Enter);
    let s = menu(&again);
    assert!(s.contains("Seed               ◂ 77 ▸"), "{s}");
}

/// Every key the table binds in the quick-battle menu does something there (the line, the
/// choice, the seed, or leaving or starting).
#[test]
fn i29_every_key_of_the_quick_battle_menu_reaches_a_handler() {
    let dir = tempfile::tempdir().unwrap();
    let mut dead = Vec::new();
    for b in BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::QuickBattle))
    {
        for key in b.keys {
            // On the size line with a seed typed, so every key has something to change.
            let mut title = opened(dir.path());
            for k in [Key::Char('7'), Key::Up, Key::Up] {
                title.key(k);
            }
            let before = screen(100, 30, |f| title.draw(f, f.area()));
            let chose = title.key(*key).is_some();
            let left = !title.in_quick_menu();
            if !chose && !left && screen(100, 30, |f| title.draw(f, f.area())) == before {
                dead.push(format!("{key:?} ({:?})", b.action));
            }
        }
    }
    assert!(
        dead.is_empty(),
        "quick-battle keys that did nothing:\n{}",
        dead.join("\n")
    );
}

/// A large generated battle (30 × 18 hexes) opens in the terminal game and draws at 100 ×
/// 30, its long name whole in the header, the map clipped to what fits (its overview, `M`,
/// shows the whole of it), past the briefing.
#[test]
fn i29_a_large_generated_battle_draws_in_the_terminal() {
    let made = volley::generate::generate(&Request {
        army_a: "Swedish army".into(),
        army_b: "Polish-Lithuanian Commonwealth".into(),
        size: Size::Large,
        ground: Ground::River,
        seed: 9,
    })
    .unwrap();
    let mut app =
        volley::tui::App::new(made.scenario, 1, [Controller::Human, Controller::Computer]).unwrap();
    app.handle_key(Key::Char(' '));
    let s = screen(100, 30, |f| volley::tui::draw(f, &app)).join("\n");
    assert!(
        s.contains(" Quick battle: Swedish army v Polish-Lithuanian Commonwealth │ T1/"),
        "{s}"
    );
    app.handle_key(Key::Char('M'));
    let s = screen(100, 30, |f| volley::tui::draw(f, &app));
    assert!(s.iter().any(|r| r.contains('~')), "{}", s.join("\n"));
}

/// The end screen of a quick battle, which no file holds, tells the `volley generate` that
/// writes its file before the command that rolls its dice again.
#[test]
fn i29_a_quick_battles_end_screen_says_how_to_make_its_file_first() {
    let request = Request {
        army_a: "Dutch States army".into(),
        army_b: "French royal army".into(),
        size: Size::Small,
        ground: Ground::Open,
        seed: 42,
    };
    let made = volley::generate::generate(&request).unwrap();
    let file = made.scenario.file.clone();
    assert!(!std::path::Path::new(&file).exists(), "{file} is on disk");
    let mut app =
        volley::tui::App::new(made.scenario, 5, [Controller::Human, Controller::Human]).unwrap();
    for k in [' ', 'C', 'y'] {
        app.handle_key(Key::Char(k));
    }
    let s = screen(100, 40, |f| volley::tui::draw(f, &app)).join("");
    let want = format!(
        "Seed 5: `{} > {file}`, then `volley --seed 5 --hotseat {file}` rolls these dice again.",
        request.command_line()
    );
    let squeezed = |t: &str| t.replace(['│', ' '], "");
    assert!(squeezed(&s).contains(&squeezed(&want)), "{s}");
}

/// A generated battle's units are named "1st pikemen", "2nd pikemen"…; their map tags are
/// letters, never the digit that would run into the uhp beside it ("2" and "10" read "210").
#[test]
fn i29_a_generated_battles_tags_are_letters() {
    let made = volley::generate::generate(&Request {
        army_a: "Dutch States army".into(),
        army_b: "French royal army".into(),
        size: Size::Medium,
        ground: Ground::Hilly,
        seed: 42,
    })
    .unwrap();
    let game =
        volley::engine::Game::new(made.scenario.setup, volley::engine::Dice::seeded(1)).unwrap();
    assert!(game.units().iter().any(|u| u.label.starts_with('2')));
    let tags = volley::tui::tags::tags(&game);
    assert!(tags.iter().all(char::is_ascii_alphabetic), "{tags:?}");
}
