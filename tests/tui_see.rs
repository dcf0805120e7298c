//! Screen tests of what the player needs to see to play well (issue 26): the threat view
//! (`t`), a shooter's fire range (R6.2, R6.3), why each missing order is missing, the log
//! under the map and whole (`L`), and decision boxes kept clear of the hexes they concern.
//! Drawn by `volley::tui::draw` into ratatui's `TestBackend` from the tutorial at seed 7.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    dead_code,
    reason = "a test that meets the unexpected should fail loudly"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use volley::engine::{Map, Phase, SideId, UnitId};
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

fn tutorial() -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .expect("the tutorial ships");
    Scenario::parse(source, file).expect("the tutorial parses")
}

/// The tutorial at its own seed, both sides at the keyboard.
/// The tutorial at seed 7, hot-seat, past its opening briefing.
fn hotseat() -> App {
    let mut app = App::new(tutorial(), 7, HOTSEAT).expect("the tutorial starts");
    assert_eq!(
        app.mode,
        Mode::Briefing { scroll: 0 },
        "a new battle opens on its briefing"
    );
    press(&mut app, " ");
    app
}

/// A terminal of `w`×`h` with the battle drawn in it.
fn terminal(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| volley::tui::draw(f, app)).unwrap();
    t
}

/// The screen's rows as text, trailing blanks trimmed (every glyph the UI draws is one
/// column wide, so a row's chars are its columns).
fn rows(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let row: String = (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect()
}

fn render(app: &App, w: u16, h: u16) -> Vec<String> {
    rows(&terminal(app, w, h))
}

/// Columns `from..to` of every row, trailing blanks trimmed.
fn columns(screen: &[String], from: usize, to: usize) -> Vec<String> {
    screen
        .iter()
        .map(|r| {
            r.chars()
                .skip(from)
                .take(to - from)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The unit panel's text: the rows under its " Unit " title, right of its border, down to
/// the status line (the log lies under the map, left of the panel).
fn panel(screen: &[String]) -> Vec<String> {
    let title = screen
        .iter()
        .position(|r| r.contains("│ Unit"))
        .expect("the panel's title");
    let border = screen[title]
        .chars()
        .position(|c| c == '│')
        .expect("the panel's border");
    let mut rows = columns(&screen[title + 1..screen.len() - 1], border + 1, 200);
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// The event log's rows: under its title, left of the panel's border.
fn log(screen: &[String]) -> Vec<String> {
    let log = screen
        .iter()
        .position(|r| r.starts_with(" Log "))
        .expect("the log's title");
    let border = screen[log].chars().position(|c| c == '│').unwrap_or(200);
    let mut rows = columns(&screen[log + 1..screen.len() - 1], 0, border);
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// The last `n` rows of the log.
fn log_tail(screen: &[String], n: usize) -> Vec<String> {
    let rows = log(screen);
    rows[rows.len().saturating_sub(n)..].to_vec()
}

fn has(screen: &[String], text: &str) -> bool {
    screen.iter().any(|r| r.contains(text))
}

#[track_caller]
fn assert_shows(screen: &[String], text: &str) {
    assert!(
        has(screen, text),
        "the screen does not show {text:?}:\n{}",
        screen.join("\n")
    );
}

#[track_caller]
fn assert_lines(got: &[String], want: &[&str]) {
    let got: Vec<&str> = got.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        &got[..want.len().min(got.len())],
        want,
        "\nscreen part:\n{}",
        got.join("\n")
    );
}

/// Keys as a player types them: `\t` Tab, `\n` Enter, `\x1b` Esc, anything else a character.
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

/// `e`, `y` if asked to confirm, and any key to take the keyboard if it passes hands.
fn end_orders(app: &mut App) {
    press(app, "e");
    if matches!(app.mode, Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
    if matches!(app.mode, Mode::Handover { .. }) {
        press(app, " ");
    }
}

fn unit_id(app: &App, label: &str) -> UnitId {
    app.game
        .units()
        .iter()
        .find(|u| u.label == label)
        .map(|u| u.id)
        .expect("unit")
}

fn cursor(app: &App) -> (i32, i32) {
    Map::offset(app.cursor)
}

/// Red picks the first side; Tab, Tab to the lancers; Enter, `c` charge, `y` `y` to (5,3)
/// and `u` to (6,2) next to both Blue shot and Blue pike: target picking.
fn aim_charge(app: &mut App) {
    press(app, "1\t\t\nc");
    assert_eq!(
        cursor(app),
        (6, 5),
        "the cursor starts on the charging unit"
    );
    press(app, "yy");
    assert_eq!(cursor(app), (5, 3));
    press(app, "u\n");
    assert!(
        matches!(app.mode, Mode::PickTarget { .. }),
        "two enemies next to (6,2): pick one"
    );
    if app.game.unit_at(app.cursor).map(|u| u.label.as_str()) != Some("Blue shot") {
        press(app, "\t");
    }
    assert_eq!(cursor(app), (5, 2));
}

/// The tutorial's scripted first turn up to Blue shot aiming its muskets at the lancers:
/// the charge on Blue shot, both sides end movement, Red ends missile orders, Blue fires.
fn aim_fire(app: &mut App) {
    aim_charge(app);
    press(app, "\n");
    end_orders(app); // Red's movement
    end_orders(app); // Blue's movement
    end_orders(app); // Red's missile orders
    assert_eq!(
        app.game.actor(),
        volley::engine::Actor::Orders {
            side: SideId::B,
            phase: Phase::Missile
        }
    );
    app.cursor = Map::hex_at(5, 2);
    press(app, "\nf");
    assert!(matches!(app.mode, Mode::PickTarget { .. }));
}

/// Every unit's top line on the tutorial's map, as drawn at size 1.
const UNITS: [&str; 6] = ["BLC", "BFF", "BDF", "RHC", "RDF", "RFF"];

#[test]
fn r4_4_r6_1_t_marks_every_enemy_that_could_charge_or_fire_at_the_hex_under_the_cursor() {
    let mut app = hotseat();
    press(&mut app, "1t");
    assert!(app.threat_view);
    let s = render(&app, 80, 24);
    // Red pike at (4,6): every Blue unit could charge beside it; none could fire at it.
    assert_lines(
        &columns(&s[2..5], 0, 50),
        &[
            "   .    .  !BLC   TT   TT   .  !BFF   .    .     ▲",
            "            h 4   TT   TT       p 8",
            " .    .    .    .    .  !BDF   .    ^^   .",
        ],
    );
    let p = panel(&s).join("\n");
    assert!(
        p.contains("Threats (t):\ncharge (!): Blue pike [p],\nBlue shot [s], Blue horse [h]\nfire (!): nobody"),
        "{p}"
    );
    press(&mut app, "t");
    assert!(!render(&app, 80, 24).iter().any(|r| r.contains("!B")));
}

#[test]
fn r4_4_t_on_an_enemy_marks_the_hexes_its_charge_could_reach() {
    let mut app = hotseat();
    press(&mut app, "1t");
    app.cursor = Map::hex_at(2, 1);
    let s = render(&app, 80, 24);
    // Blue horse (charge 12): beside its own hex and far down the field.
    assert_shows(&s, "        ch [h 4 ] ch   TT       p 8");
    assert_shows(&s, "      ch   ch  s 8  p 8   ch   ch   ch   ch");
    let p = panel(&s).join(" ");
    assert!(
        p.contains("it could charge next to 35 hex(es) (ch), fire into 0"),
        "{p}"
    );
}

#[test]
fn r6_2_r6_3_aiming_fire_marks_the_muskets_piercing_and_maximum_range_and_what_they_see() {
    let mut app = hotseat();
    aim_fire(&mut app);
    let s = render(&app, 100, 30);
    // Blue shot at (5,2): `ap` within 3 hexes in sight, `mt` the fourth hex (horse only),
    // `--` behind the woods and the hill.
    assert_lines(
        &columns(&s[2..10], 0, 66),
        &[
            " .    .    .    .    .    .    .    .    .    .",
            "           --   --   --   --   ap   --   --",
            "   .    .   BLC   TT   TT   .   BFF   .    .    .",
            "        --  h 4   ap   ap   ap  p 8   --   --",
            " .    .    .    .    .  ×BDF >RHC   ^^   .    .",
            "      mt   ap   ap   ap  s 8 [l 8 ] --   --   --",
            "   .    .    .    .    .    .    .    .    .    .",
            "        mt   ap   ap   ap   ap   ap   --   --",
        ],
    );
    let p = panel(&s).join(" ");
    assert!(
        p.contains("Range v. foot AP 3 max 3; v. horse AP 4 max 4 (R6.3)"),
        "{p}"
    );
    // Every hex the map marks as in range and sight holds or could hold a legal target:
    // the lancers are in the field, at `ap`.
    let shot = unit_id(&app, "Blue shot");
    let field = app.game.fire_field(shot).unwrap();
    assert_eq!(
        field.cover(Map::hex_at(6, 2)),
        Some(volley::engine::game::Cover::Pierce)
    );
}

#[test]
fn r6_4_the_panel_says_why_each_missing_order_is_missing_and_what_a_volley_costs() {
    let mut app = hotseat();
    aim_charge(&mut app);
    press(&mut app, "\n");
    end_orders(&mut app);
    end_orders(&mut app);
    assert_eq!(app.game.phase(), Phase::Missile);
    app.cursor = Map::hex_at(3, 6);
    let s = render(&app, 100, 30);
    let p = panel(&s).join(" ");
    assert!(
        p.contains("1 matchlock musket, gains 1 reload token per volley"),
        "{p}"
    );
    assert!(p.contains("may: ready no fire: "), "{p}");
}

#[test]
fn the_log_takes_every_row_under_the_map_at_120x40() {
    let app = hotseat();
    let s = render(&app, 120, 40);
    let title = s.iter().position(|r| r.starts_with(" Log ")).unwrap();
    // Rows for log lines between its title and the status line: 9 before issue 26.
    assert_eq!(s.len() - 1 - (title + 1), 20, "{}", s.join("\n"));
}

#[test]
fn l_shows_the_whole_log_and_pgup_stops_at_its_top_and_pages_by_a_page() {
    let mut app = hotseat();
    aim_fire(&mut app);
    press(&mut app, "\n");
    end_orders(&mut app);
    // A small terminal, a long log: PgUp pages until the first line is at the top.
    render(&app, 80, 24);
    let (page, top) = app.log_paging.get();
    assert!(page >= 2 && top > page, "page {page}, top {top}");
    app.handle_key(Key::PageUp);
    assert_eq!(app.log_scroll, page, "a page back");
    for _ in 0..50 {
        render(&app, 80, 24);
        app.handle_key(Key::PageUp);
    }
    assert_eq!(app.log_scroll, top, "PgUp stops at the top");
    assert_eq!(log(&render(&app, 80, 24))[0], "── Turn 1 ──");
    app.handle_key(Key::PageDown);
    assert_eq!(app.log_scroll, top - app.log_paging.get().0);
    // `L`: the log over the whole screen, from its first line; Esc goes back.
    press(&mut app, "L");
    assert_eq!(app.mode, Mode::Log);
    let s = render(&app, 80, 24);
    assert!(
        s[0].starts_with("┌ Log (PgUp/PgDn, ↑/↓, Esc back)"),
        "{}",
        s[0]
    );
    assert!(s[1].starts_with("│── Turn 1 ──"), "{}", s[1]);
    press(&mut app, "\x1b");
    assert!(matches!(app.mode, Mode::Browse));
}

#[test]
fn the_initiative_box_leaves_every_unit_in_view() {
    let app = hotseat();
    let s = render(&app, 80, 24);
    assert_shows(&s, "Red won the initiative: [1] be the first side");
    for unit in UNITS {
        assert_shows(&s, unit);
    }
}

#[test]
fn r8_1_the_withdraw_box_leaves_the_unit_hit_and_its_neighbours_in_view_and_marks_them() {
    let mut app = hotseat();
    aim_fire(&mut app);
    press(&mut app, "\n");
    end_orders(&mut app);
    assert!(matches!(
        app.game.actor(),
        volley::engine::Actor::Decide(volley::engine::Decision::Withdraw { .. })
    ));
    let s = render(&app, 100, 30);
    // Blue shot at (5,2), hit by the lancers beside it: both marked `?`, in view with
    // their neighbours, and the log's newest lines too.
    assert_shows(&s, "?BDF1?RHC");
    assert_shows(&s, "   .    .   BLC   TT ? TT ? .   BFF");
    assert_shows(
        &s[24..29],
        "Blue: Blue shot at (5, 2) takes 2 uhp. Withdraw how many hexes?",
    );
}

/// Writes `app`'s battle as a save named `name` in `dir`/saves.
fn save_in(dir: &std::path::Path, name: &str, app: &App, levels: [volley::ai::Level; 2]) {
    let mut file = volley::save::SaveFile::of(
        &app.scenario,
        app.seed,
        app.controllers,
        &app.commands,
        &app.game,
    );
    file.levels = levels;
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    file.write(&dir.join("saves").join(format!("{name}.ron")))
        .unwrap();
}

#[test]
fn the_save_list_tells_saves_apart_by_name_battle_players_turn_and_end() {
    use volley::ai::Level;
    let dir = tempfile::tempdir().unwrap();
    let mut hot = hotseat();
    press(&mut hot, "1");
    save_in(dir.path(), "hot", &hot, [Level::Normal; 2]);
    let solo = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    save_in(dir.path(), "solo", &solo, [Level::Normal, Level::Hard]);
    let mut over = hotseat();
    while over.game.outcome().is_none() {
        match over.game.actor() {
            volley::engine::Actor::Decide(_) => press(&mut over, "1"),
            _ => end_orders(&mut over),
        }
    }
    save_in(dir.path(), "over", &over, [Level::Normal; 2]);
    // A format-3 save written before issue 26: its header has no players nor end.
    std::fs::copy("tests/saves/format3.ron", dir.path().join("saves/old.ron")).unwrap();
    let mut title = volley::tui::title::Title::new(dir.path());
    let mut t = Terminal::new(TestBackend::new(130, 60)).unwrap();
    let draw = |t: &mut Terminal<TestBackend>, title: &volley::tui::title::Title| {
        t.draw(|f| title.draw(f, f.area())).unwrap();
        rows(t)
    };
    let s = draw(&mut t, &title);
    let line = |stem: &str| {
        s.iter()
            .find(|r| r.trim_start_matches(['│', '>', ' ']).starts_with(stem))
            .unwrap_or_else(|| panic!("no {stem} in\n{}", s.join("\n")))
            .clone()
    };
    let battle = "Tutorial: pike, shot an…";
    assert!(
        line("hot ").contains(&format!("{battle} hot-seat")),
        "{}",
        line("hot ")
    );
    assert!(
        line("solo ").contains("you: Red v computer (hard)"),
        "{}",
        line("solo ")
    );
    assert!(line("solo ").contains("turn 1 "), "{}", line("solo "));
    assert!(
        line("over ").contains("turn 6 ") && line("over ").contains("  finished: Blue won"),
        "{}",
        line("over ")
    );
    assert!(line("old ").contains("turn 1 "), "{}", line("old "));
    assert!(!line("old ").contains("finished"), "{}", line("old "));
    // On a save, `1` does not start anything and the hint offers only what works.
    while !draw(&mut t, &title).iter().any(|r| r.starts_with("│> hot")) {
        title.key(Key::Down);
    }
    for _ in 0..20 {
        title.key(Key::Down);
    }
    let s = draw(&mut t, &title);
    assert!(
        s.last().unwrap().starts_with(" Enter resume · q quit"),
        "{}",
        s.last().unwrap()
    );
    assert_eq!(title.key(Key::Char('1')), None);
    assert_eq!(
        title.message,
        "a save resumes with the sides it was saved with: Enter resumes it"
    );
}

#[test]
fn a_save_header_names_players_levels_and_end_and_an_older_one_reads_without_them() {
    use volley::ai::Level;
    let dir = tempfile::tempdir().unwrap();
    let solo = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    save_in(dir.path(), "solo", &solo, [Level::Normal, Level::Hard]);
    let h = volley::save::SaveHeader::peek(&dir.path().join("saves/solo.ron")).unwrap();
    assert_eq!(h.players, Some([Controller::Human, Controller::Computer]));
    assert_eq!(h.player_levels, Some([Level::Normal, Level::Hard]));
    assert_eq!(h.sides, Some(["Red".to_string(), "Blue".to_string()]));
    assert_eq!(h.finished, None);
    let old =
        volley::save::SaveHeader::peek(std::path::Path::new("tests/saves/format3.ron")).unwrap();
    assert_eq!((old.players, old.finished, old.turn), (None, None, 1));
    assert!(volley::save::resume(std::path::Path::new("tests/saves/format3.ron")).is_ok());
}
