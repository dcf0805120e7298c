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
use volley::engine::{Map, Phase};
use volley::scenario::Controller;
use volley::tui::{App, Key, Mode};

mod screen;
use screen::*;

/// Every unit's top line on the tutorial's map, as drawn at size 1.
const UNITS: [&str; 6] = ["BLC", "BFF", "BDF", "RHC", "RDF", "RFF"];

#[test]
fn r4_4_r6_1_t_marks_every_enemy_that_could_charge_or_fire_at_the_hex_under_the_cursor() {
    let mut app = hotseat();
    press(&mut app, "1t");
    assert!(app.threat_view());
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
    app.put_cursor(Map::hex_at(2, 1));
    let s = render(&app, 80, 24);
    // Blue horse (charge 12): beside its own hex and far down the field.
    assert_shows(&s, "        ch [h 4 ] ch   TT       p 8");
    assert_shows(&s, "      ch   ch  s 8  p 8   ch   ch   ch   ch");
    let p = panel(&s).join(" ");
    assert!(
        p.contains("it could charge next to 35 hexes (ch), fire into 0"),
        "{p}"
    );
}

#[test]
fn r6_1_r6_2_r6_3_aiming_fire_marks_the_muskets_piercing_and_maximum_range_and_what_they_see() {
    let mut app = hotseat();
    aim_fire(&mut app);
    let s = render(&app, 100, 30);
    // Blue shot at (5, 2): `ap` within 3 hexes in sight, `--` behind the woods and the
    // hill; (4, 0) is seen past the woods at (4, 1) by the open (5, 1) across the line. The lancers beside it engage it, so only the hexes beside it are open to its
    // fire (R6.1); the rest in range and sight read `en`, where the fourth hex would read
    // `mt` (horse only) were it free (found playing: the marks reached far, the order
    // offered only the lancers).
    assert_lines(
        &columns(&s[2..10], 0, 66),
        &[
            " .    .    .    .    .    .    .    .    .    .",
            "           --   --   --   en   en   --   --",
            "   .    .   BLC   TT   TT   .   BFF   .    .    .",
            "        --  h 4   en   ap   ap  p 8   --   --",
            " .    .    .    .    .  ×BDF >RHC   ^^   .    .",
            "      en   en   en   ap  s 8 [l 8 ] --   --   --",
            "   .    .    .    .    .    .    .    .    .    .",
            "        en   en   en   ap   ap   en   --   --",
        ],
    );
    use volley::engine::game::Cover;
    let shot = unit_id(&app, "Blue shot");
    let g = app.game();
    assert_eq!(
        g.fire_field(shot).unwrap().cover(Map::hex_at(1, 2)),
        Some(Cover::Mounted)
    );
    assert_eq!(
        g.fire_field_now(shot).unwrap().cover(Map::hex_at(1, 2)),
        Some(Cover::Engaged)
    );
    assert!(
        panel(&s)
            .join(" ")
            .contains("engaged: it may fire only at an enemy beside it (R6.1)"),
        "{}",
        panel(&s).join("\n")
    );
    let p = panel(&s).join(" ");
    assert!(
        p.contains("Range v. foot AP 3 max 3; v. horse AP 4 max 4 (R6.3)"),
        "{p}"
    );
    // Every hex the map marks as in range and sight holds or could hold a legal target:
    // the lancers are in the field, at `ap`.
    let shot = unit_id(&app, "Blue shot");
    let field = app.game().fire_field(shot).unwrap();
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
    assert_eq!(app.game().phase(), Phase::Missile);
    app.put_cursor(Map::hex_at(3, 6));
    let s = render(&app, 100, 30);
    let p = panel(&s).join(" ");
    assert!(
        p.contains("1 matchlock musket, gains 1 reload token per volley"),
        "{p}"
    );
    assert!(p.contains("may: ready no fire: "), "{p}");
}

/// R6.4 (playtest 48): a shot that stood fast off its last token is refused fire as still
/// reloading, and the panel says why: no tokens now, but one when the turn began.
#[test]
fn r6_4_a_reload_refusal_gives_the_tokens_now_and_at_the_start_of_the_turn() {
    let (file, source) = (volley::scenario::SHIPPED.iter())
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .unwrap();
    let loaded = source.replace(
        r#"at: (3, 6), label: "Red shot")"#,
        r#"at: (3, 6), label: "Red shot", reload_tokens: 1)"#,
    );
    assert_ne!(&loaded, source);
    let scenario = volley::scenario::Scenario::parse(&loaded, file).unwrap();
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " 1");
    app.put_cursor(Map::hex_at(3, 6));
    press(&mut app, "\ns");
    end_orders(&mut app);
    end_orders(&mut app);
    assert_eq!(app.game().phase(), Phase::Missile);
    app.put_cursor(Map::hex_at(3, 6));
    let p = panel(&render(&app, 100, 30)).join(" ");
    assert!(
        p.contains("still reloading (R6.4); 0 reload tokens now, 1 at the start of the turn"),
        "{p}"
    );
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
    let (page, top) = app.log_paging();
    assert!(page >= 2 && top > page, "page {page}, top {top}");
    app.handle_key(Key::PageUp);
    assert_eq!(app.log_scroll(), page, "a page back");
    for _ in 0..50 {
        render(&app, 80, 24);
        app.handle_key(Key::PageUp);
    }
    assert_eq!(app.log_scroll(), top, "PgUp stops at the top");
    assert_eq!(log(&render(&app, 80, 24))[0], "── Turn 1 ──");
    app.handle_key(Key::PageDown);
    assert_eq!(app.log_scroll(), top - app.log_paging().0);
    // `L`: the log over the whole screen, from its first line; Esc goes back.
    press(&mut app, "L");
    assert_eq!(*app.mode(), Mode::Log);
    let s = render(&app, 80, 24);
    assert!(
        s[0].starts_with("┌ Log (PgUp/PgDn, ↑/↓, Esc back)"),
        "{}",
        s[0]
    );
    assert!(s[1].starts_with("│── Turn 1 ──"), "{}", s[1]);
    press(&mut app, "\x1b");
    assert!(matches!(app.mode(), Mode::Browse));
    assert_eq!(
        app.log_scroll(),
        0,
        "the panel is back at the newest entries"
    );
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
        app.game().actor(),
        volley::engine::Actor::Decide(volley::engine::Decision::Withdraw { .. })
    ));
    let s = render(&app, 100, 30);
    // Blue shot at (5,2), hit by the lancers beside it: both marked `?`, in view with
    // their neighbours, and the log's newest lines too.
    assert_shows(&s, "?BDF1?RHC");
    assert_shows(&s, "   .    .   BLC   TT ? TT ? .   BFF");
    assert_shows(
        &s[24..29],
        "Blue shot at (5, 2) takes 2 uhp; Blue may withdraw it up to 1 hex",
    );
    // The box asks, with what a withdrawal does.
    assert_shows(
        &s,
        "│[0-1] Each saves 1 uhp; a unit that withdraws is disordered (R8.1).",
    );
}

/// Writes `app`'s battle as a save named `name` in `dir`/saves.
fn save_in(dir: &std::path::Path, name: &str, app: &App, levels: [volley::ai::Level; 2]) {
    let mut file = volley::save::SaveFile::of(
        app.scenario(),
        app.seed(),
        app.controllers(),
        app.commands(),
        app.game(),
    );
    file.levels = levels;
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    file.write(&dir.join("saves").join(format!("{name}.ron")))
        .unwrap();
}

#[test]
fn the_save_list_tells_saves_apart_by_name_battle_players_turn_and_end() {
    let dir = tempfile::tempdir().unwrap();
    four_saves_in(dir.path());
    let mut title = volley::tui::title::Title::new(dir.path());
    let mut t = Terminal::new(TestBackend::new(130, 60)).unwrap();
    each_row_names_the_battle_players_turn_and_end(&draw_title(&mut t, &title));
    on_a_save_1_starts_nothing_and_the_hint_offers_what_works(&mut t, &mut title);
}

/// A hot-seat save, one against the hard computer, a finished battle, and a format-3 save
/// written before issue 26 (its header has no players nor end), in `dir`/saves.
fn four_saves_in(dir: &std::path::Path) {
    use volley::ai::Level;
    let mut hot = hotseat();
    press(&mut hot, "1");
    save_in(dir, "hot", &hot, [Level::Normal; 2]);
    let solo = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    save_in(dir, "solo", &solo, [Level::Normal, Level::Hard]);
    let mut over = hotseat();
    while over.game().outcome().is_none() {
        match over.game().actor() {
            volley::engine::Actor::Decide(_) => press(&mut over, "1"),
            _ => end_orders(&mut over),
        }
    }
    save_in(dir, "over", &over, [Level::Normal; 2]);
    std::fs::copy("tests/saves/format3.ron", dir.join("saves/old.ron")).unwrap();
}

/// The title screen with its save list, as rows of text.
fn draw_title(t: &mut Terminal<TestBackend>, title: &volley::tui::title::Title) -> Vec<String> {
    t.draw(|f| title.draw(f, f.area())).unwrap();
    rows(t)
}

/// Each save's row names its battle, its players (with the computer's level), its turn and
/// how it ended; the old save reads without players nor end.
fn each_row_names_the_battle_players_turn_and_end(s: &[String]) {
    let line = |stem: &str| {
        s.iter()
            .find(|r| r.trim_start_matches(['│', '>', ' ']).starts_with(stem))
            .unwrap_or_else(|| panic!("no {stem} in\n{}", s.join("\n")))
            .clone()
    };
    let battle = "Tutorial: pike, shot an…";
    assert!(
        line("hot ").contains(&format!("{battle} turn 1 ")) && line("hot ").contains("  hot-seat"),
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
}

/// On a save, `1` does not start anything and the hint offers only what works.
fn on_a_save_1_starts_nothing_and_the_hint_offers_what_works(
    t: &mut Terminal<TestBackend>,
    title: &mut volley::tui::title::Title,
) {
    while !draw_title(t, title).iter().any(|r| r.starts_with("│> hot")) {
        title.key(Key::Down);
    }
    for _ in 0..20 {
        title.key(Key::Down);
    }
    let s = draw_title(t, title);
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

/// R4.4 (playtest 48): horse already beside its target may charge 0 hexes; choosing the
/// charge marks its own hex and says Enter there charges from where it stands.
#[test]
fn r4_4_a_charge_from_where_the_unit_stands_is_marked_and_explained() {
    let (file, source) = (volley::scenario::SHIPPED.iter())
        .find(|(file, _)| file.ends_with("tutorial.ron"))
        .unwrap();
    let beside = source.replace(
        r#"at: (6, 5), label: "Red lancers""#,
        r#"at: (5, 3), label: "Red lancers""#,
    );
    assert_ne!(&beside, source);
    let scenario = volley::scenario::Scenario::parse(&beside, file).unwrap();
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " 1");
    app.put_cursor(Map::hex_at(5, 3));
    press(&mut app, "\nc");
    assert!(matches!(app.mode(), Mode::PickHex { .. }));
    let own = app.highlights().reach;
    assert!(own.contains(&(Map::hex_at(5, 3), 0)), "{own:?}");
    let s = render(&app, 100, 30).join("\n");
    assert!(s.contains("Enter here charges from where it stands"), "{s}");
    // Enter there charges, and the log says so in words, not "charges 0 hexes".
    press(&mut app, "\n");
    if matches!(app.mode(), Mode::PickTarget { .. }) {
        press(&mut app, "\n");
    }
    let log = app.log().join("\n");
    assert!(log.contains("Red lancers charge without moving"), "{log}");
}

/// Playtest 48: the whole log (`L`) opened at a prompt is not covered by the prompt's box;
/// the box is back once the log closes.
#[test]
fn the_whole_log_is_not_drawn_over_by_a_pending_prompt() {
    let mut app = hotseat();
    assert!(matches!(app.mode(), Mode::Browse));
    let box_title = |s: &[String]| s.iter().any(|r| r.contains("┌ Red decides"));
    assert!(
        box_title(&render(&app, 100, 30)),
        "the initiative prompt is shown"
    );
    press(&mut app, "L");
    assert!(matches!(app.mode(), Mode::Log));
    let s = render(&app, 100, 30);
    assert!(!box_title(&s), "{}", s.join("\n"));
    press(&mut app, "\x1b");
    assert!(box_title(&render(&app, 100, 30)));
}

/// Playtest 48: at 100 columns the title's hint still offers the editor and joining, and a
/// save's row too long for the list ends in an ellipsis; on a save, `E` is not offered.
#[test]
fn at_100_columns_the_title_offers_the_editor_and_clips_saves_with_an_ellipsis() {
    let dir = tempfile::tempdir().unwrap();
    four_saves_in(dir.path());
    let mut title = volley::tui::title::Title::new(dir.path());
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let s = draw_title(&mut t, &title);
    let hint = s.last().unwrap();
    assert!(hint.contains("E edit") && hint.contains("J join"), "{hint}");
    let solo = s.iter().find(|r| r.contains("  solo ")).unwrap();
    assert!(
        solo.trim_end_matches('│').trim_end().ends_with('…'),
        "{solo}"
    );
    while !draw_title(&mut t, &title)
        .iter()
        .any(|r| r.starts_with("│> solo"))
    {
        title.key(Key::Down);
    }
    let hint = draw_title(&mut t, &title).last().unwrap().clone();
    assert!(!hint.contains("E edit"), "{hint}");
}

/// R4.1: choosing a hustle says what it costs (no attack or ready this turn) before the hex
/// is picked, so that a player learns it before the Melee phase refuses the attack; and the
/// threat view's explanation fits a 100-column status line.
#[test]
fn r4_1_choosing_a_hustle_says_it_rules_out_attacking_and_readying() {
    let mut app = tutorial_movement();
    app.put_cursor(Map::hex_at(6, 5));
    press(&mut app, "\nh");
    assert!(matches!(app.mode(), Mode::PickHex { .. }));
    let s = render(&app, 100, 30).join("\n");
    assert!(
        s.contains("hustle: farther than a march, but no attack or ready this turn (R4.1)"),
        "{s}"
    );
    press(&mut app, "\u{1b}t");
    let s = render(&app, 100, 30).join("\n");
    assert!(s.contains("on an enemy, its reach (t: off)"), "{s}");
}

/// R3.2: a unit that has its order for the phase reads as done on the panel, not as a
/// refusal (a playtest read "no order: … already has its movement order" as an error).
#[test]
fn r3_2_a_unit_ordered_this_phase_reads_as_done() {
    let mut app = tutorial_movement();
    let at = Map::hex_at(6, 5);
    app.put_cursor(at);
    press(&mut app, "\nm");
    let to = (app.highlights().reach.iter())
        .map(|(h, _)| *h)
        .find(|h| *h != at)
        .unwrap();
    app.put_cursor(to);
    press(&mut app, "\n");
    app.put_cursor(to);
    let s = render(&app, 100, 30).join("\n");
    assert!(s.contains("done: movement order given"), "{s}");
    assert!(!s.contains("no order:"), "{s}");
}

/// A message said of one hex does not stay on the status line once the cursor moves on,
/// nor once another unit's orders open (a playtest read an old refusal as the new one's).
#[test]
fn a_message_goes_when_the_cursor_moves_on_or_orders_open() {
    let mut app = tutorial_movement();
    app.put_cursor(Map::hex_at(0, 0));
    press(&mut app, "\n");
    assert!(render(&app, 100, 30).join("\n").contains("no unit here"));
    press(&mut app, "l");
    assert!(!render(&app, 100, 30).join("\n").contains("no unit here"));
    press(&mut app, "\n");
    assert!(render(&app, 100, 30).join("\n").contains("no unit here"));
    app.put_cursor(Map::hex_at(6, 5));
    press(&mut app, "\n");
    assert!(matches!(app.mode(), Mode::Orders { .. }));
    assert!(!render(&app, 100, 30).join("\n").contains("no unit here"));
}

/// A quick battle's name, long with its two lists, is whole in the header at 100 columns:
/// the turn, phase and side take their short form instead, the sides by the standing
/// line's letters (a playtest found it cut).
#[test]
fn a_quick_battles_long_name_is_whole_in_the_header_at_100_columns() {
    use volley::generate::{self, Ground, Request, Size};
    let request = Request {
        army_a: "Army of Flanders".into(),
        army_b: "Muscovite army and mercenaries".into(),
        size: Size::Small,
        ground: Ground::Open,
        seed: 3,
    };
    let made = generate::generate_unplayed(&generate::Stock::shipped().unwrap(), &request);
    let mut app = App::new(made.unwrap().scenario, 7, HOTSEAT).unwrap();
    let name = "Quick battle: Army of Flanders v Muscovite army and mercenaries";
    let s = render(&app, 100, 30);
    assert!(
        s[0].contains(&format!("{name} │ T1/")),
        "{}",
        s[..3].join("\n")
    );
    assert!(s[0].ends_with("│ Initiative │ A decides"), "{}", s[0]);
    assert!(s[1].contains("Held A 0 M 0"), "{}", s[1]);
    press(&mut app, " 1");
    let s = render(&app, 100, 30);
    assert!(s[0].contains("│ Movement │"), "{}", s[0]);
    assert!(
        s[0].ends_with("│ A (1st)") || s[0].ends_with("│ M (1st)"),
        "{}",
        s[0]
    );
    // The tutorial's name fits beside the facts in full.
    let mut app = App::new(tutorial(), 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    let s = render(&app, 100, 30);
    assert!(s[0].contains("│ Turn 1/6 │ Initiative phase │"), "{}", s[0]);
}

/// The tutorial at seed 7, hot-seat, past its briefing and its initiative (Red first): the
/// first Movement phase.
fn tutorial_movement() -> App {
    let mut app = App::new(tutorial(), 7, HOTSEAT).unwrap();
    press(&mut app, " 1");
    app
}
