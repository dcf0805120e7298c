//! Issue 26, "a screen that never lies": each fault reproduced on the screen the player
//! sees (ratatui's `TestBackend`, the keys a player presses) and its fix.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use volley::engine::Actor;
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

const HOTSEAT: [Controller; 2] = [Controller::Human, Controller::Human];

fn shipped(stem: &str) -> Scenario {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with(&format!("{stem}.ron")))
        .expect("the battle ships");
    Scenario::parse(source, file).expect("a shipped battle parses")
}

/// The tutorial at seed 7, hot-seat, past its opening briefing (Red's initiative choice).
fn hotseat() -> App {
    let mut app = App::new(shipped("tutorial"), 7, HOTSEAT).expect("the tutorial starts");
    press(&mut app, " ");
    app
}

fn render(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| volley::tui::draw(f, app)).unwrap();
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

fn has(screen: &[String], text: &str) -> bool {
    screen.iter().any(|r| r.contains(text))
}

/// `e`, `y` if asked to confirm, and a key to take the keyboard if it passes hands.
fn end_orders(app: &mut App) {
    press(app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
    if matches!(app.mode(), Mode::Handover { .. }) {
        press(app, " ");
    }
}

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

/// Issue 26: while "terminal too small" is up, keys do not act on the battle (`1`, `e`,
/// `y` there chose the first side and ended a phase unseen); help and quit still work.
#[test]
fn keys_do_not_act_while_the_terminal_is_too_small_but_help_and_quit_do() {
    let mut app = hotseat();
    let before = app.game().actor();
    render(&app, 60, 20);
    press(&mut app, "1ey\n\t2");
    assert_eq!(app.game().actor(), before, "a key acted unseen");
    assert!(app.commands().is_empty());
    press(&mut app, "?");
    assert_eq!(*app.mode(), Mode::Help);
    let screen = render(&app, 60, 20);
    assert!(has(&screen, "Until then only q (quit) and ? (help) work."));
    assert!(has(&screen, "KEYS"), "the help shows: {screen:#?}");
    press(&mut app, "q");
    assert_eq!(*app.mode(), Mode::Browse, "any key leaves the help");
    press(&mut app, "q");
    assert!(has(&render(&app, 60, 20), "Leave the battle?"));
    press(&mut app, "y");
    assert!(app.has_quit());
}

/// Issue 26: once the terminal is large enough again the keys act as before.
#[test]
fn keys_act_again_when_the_terminal_grows() {
    let mut app = hotseat();
    render(&app, 60, 20);
    press(&mut app, "1");
    render(&app, 80, 24);
    press(&mut app, "1");
    assert!(matches!(app.game().actor(), Actor::Orders { .. }));
}

/// Red ends its movement orders; Blue marches a unit to the map's left edge (column 0, an
/// even row, drawn at the map's first column).
fn blue_at_the_left_edge() -> Option<(App, volley::engine::UnitId)> {
    use volley::engine::event::MoveKind;
    use volley::engine::{Command, Map, Order, SideId};
    let mut app = hotseat();
    press(&mut app, "1");
    end_orders(&mut app);
    let reds: Vec<_> = app.game().units_of(SideId::B).map(|u| u.id).collect();
    for unit in reds {
        for kind in [MoveKind::March, MoveKind::Hustle] {
            let reach = app.game().reach(unit, kind);
            let edge = reach.ends().iter().find(|(h, _)| {
                let (c, r) = Map::offset(*h);
                c == 0 && r % 2 == 0
            });
            if let Some((to, _)) = edge {
                let order = match kind {
                    MoveKind::March => Order::March { unit, to: *to },
                    _ => Order::Hustle { unit, to: *to },
                };
                assert!(app.submit(Command::Order(order)), "{}", app.message());
                return Some((app, unit));
            }
        }
    }
    eprintln!("no blue unit reaches the left edge");
    None
}

/// Issue 26: a unit at the left edge of the view keeps its side letter under a `»` mark
/// (`»DF1` was drawn for `BDF1`): the mark goes on its right.
#[test]
fn a_mark_at_the_left_edge_keeps_the_units_side_letter() {
    let (mut app, unit) = blue_at_the_left_edge().expect("a blue unit reaches the left edge");
    end_orders(&mut app); // Blue's movement; Red takes the keyboard for its missile orders
    let u = app.game().unit(unit).unwrap();
    let (_, row) = volley::engine::Map::offset(u.pos);
    let code = format!("B{}", u.troop.formation.code());
    app.put_cursor(u.pos); // the view scrolls to show it
    let screen = render(&app, 80, 24);
    let top = app.geometry().view.1;
    let line = &screen[2 + 2 * (row - top) as usize];
    assert!(
        line.starts_with(&code),
        "{line:?} does not start {code}: {screen:#?}"
    );
    assert!(line.contains('»'), "{line:?} has no mark");
}

/// The screen rows of the hex `hex`'s two lines and the column it starts at (size 1).
fn hex_text(app: &App, screen: &[String], hex: hexx::Hex) -> (String, String) {
    let g = app.geometry();
    let (col, row) = volley::engine::Map::offset(hex);
    let shift = if row & 1 == 1 { 2 } else { 0 };
    let x = (g.area.x as i32 + (col - g.view.0) * 5 + shift) as usize;
    let y = (g.area.y as i32 + (row - g.view.1) * 2) as usize;
    let cut = |r: &String| r.chars().skip(x).take(4).collect::<String>();
    (cut(&screen[y]), cut(&screen[y + 1]))
}

/// Issue 26: while a move is chosen the cost labels leave the moving unit its own tag and
/// an objective its `@@` (the costs replaced both).
#[test]
fn cost_labels_leave_the_units_tag_and_the_objectives_mark() {
    use volley::engine::event::MoveKind;
    use volley::engine::SideId;
    let mut app = hotseat();
    press(&mut app, "1");
    let objective = app.game().objectives()[0].hex;
    let (unit, kind) = app
        .game()
        .units_of(SideId::A)
        .flat_map(|u| [(u.id, MoveKind::March), (u.id, MoveKind::Hustle)])
        .find(|(u, k)| {
            let reach = app.game().reach(*u, *k);
            reach.ends().iter().any(|(h, _)| *h == objective)
        })
        .expect("a red unit reaches the objective");
    let u = app.game().unit(unit).unwrap().clone();
    app.put_cursor(u.pos);
    press(&mut app, "\n");
    press(&mut app, if kind == MoveKind::March { "m" } else { "h" });
    assert!(
        matches!(app.mode(), Mode::PickHex { .. }),
        "{:?}",
        app.mode()
    );
    let screen = render(&app, 80, 24);
    let (_, own) = hex_text(&app, &screen, u.pos);
    let tag = volley::tui::map_view::unit_lines(&app, &u, false)[1].clone();
    assert_eq!(own, tag, "the moving unit's own tag");
    app.put_cursor(objective);
    let screen = render(&app, 80, 24);
    let (top, bottom) = hex_text(&app, &screen, objective);
    assert_eq!(bottom, " @@ ", "the objective's mark");
    assert!(top.contains('+'), "the cost is still shown: {top:?}");
}

const LAST_STAND: &str = r#"(
    name: "Last stand",
    map: [". . . .", ". . . .", ". . . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "winged hussars", side: "Red", creatures: 60, at: (1, 3),
         label: "Chodkiewicz's own banner of winged hussars"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (1, 1), label: "Blue pike", damage: 7),
    ],
    turn_limit: 3,
    defender: "Blue",
)"#;

/// Issue 26: the end screen keeps a long name's tag in its table, and its seed hint is a
/// command the player can type (the file as given; a shipped battle by its name).
#[test]
fn the_end_table_keeps_a_long_names_tag_and_the_seed_hint_can_be_typed() {
    let scenario = Scenario::parse(LAST_STAND, "last_stand.ron").unwrap();
    let mut app = App::new(scenario, 0, HOTSEAT).unwrap();
    press(&mut app, " 1\nck\n\n");
    for _ in 0..4 {
        end_orders(&mut app);
    }
    assert!(app.game().outcome().is_some());
    let screen = render(&app, 80, 24);
    let hussars = app.game().units()[0].id;
    let row = screen
        .iter()
        .find(|r| r.contains("│R Chodkiewicz"))
        .expect("the hussars' row");
    assert!(
        row.contains(&format!("… [{}]", app.tag(hussars))),
        "the tag is kept: {row}"
    );
    assert!(has(
        &screen,
        "Seed 0: `volley --seed 0 last_stand.ron` rolls these dice again."
    ));
}

/// Issue 26: `FILE` may be a shipped battle's name, so the end screen's seed hint for a
/// built-in battle (`volley --seed 7 kircholm`) can be typed.
#[test]
fn a_shipped_battles_name_opens_it_and_is_what_the_seed_hint_says() {
    let kircholm = Scenario::load(std::path::Path::new("kircholm")).expect("a shipped name");
    assert_eq!(kircholm.name, shipped("kircholm").name);
    assert_eq!(kircholm.typed_name(), "kircholm");
    assert!(Scenario::load(std::path::Path::new("no-such-battle")).is_err());
}

/// Issue 26: a refusal ("that hex is not highlighted…") goes with the move given up on by
/// Esc, and a key that does nothing says so in the status line.
#[test]
fn esc_clears_a_stale_refusal_and_a_key_that_does_nothing_says_why() {
    use volley::engine::SideId;
    let mut app = hotseat();
    press(&mut app, "1");
    let red = app.game().units_of(SideId::A).next().unwrap().pos;
    app.put_cursor(red);
    press(&mut app, "\nm");
    assert!(matches!(app.mode(), Mode::PickHex { .. }));
    // Far from any reach: the top-left corner.
    app.put_cursor(volley::engine::Map::hex_at(0, 0));
    press(&mut app, "\n");
    assert!(app.message().starts_with("that hex is not highlighted"));
    press(&mut app, "\x1b");
    assert_eq!(*app.mode(), Mode::Browse);
    let screen = render(&app, 80, 24);
    assert!(!has(&screen, "not highlighted"), "{:?}", screen.last());
    press(&mut app, "x");
    assert_eq!(app.message(), "`x` does nothing here: ? lists the keys");
    assert!(has(&render(&app, 80, 24), "`x` does nothing here"));
}

/// Issue 26: the help's map legend names the unit's tag where it stands (it read
/// "T … terrain"), and its example is drawn as the map draws a unit.
#[test]
fn the_help_legend_names_the_units_tag_not_terrain() {
    let help: &str = &volley::tui::screens::HELP;
    let map = help
        .lines()
        .skip_while(|l| !l.starts_with("MAP"))
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(map.contains("RDF2 over p 8d"), "{map}");
    assert!(map.contains("the unit's tag, uhp, status"), "{map}");
    assert!(!map.contains("terrain, uhp"), "{map}");
    // The example's shape is a real unit's: Red shot of the tutorial with 2 tokens.
    let app = hotseat();
    let shot = app
        .game()
        .units()
        .iter()
        .find(|u| u.label == "Red shot")
        .unwrap();
    let lines = volley::tui::map_view::unit_lines(&app, shot, false);
    assert!(lines[0].starts_with("RDF"), "{lines:?}");
    assert_eq!(lines[1].chars().count(), "p 8d".len());
}

/// Issue 26: the hex size re-fits when the window grows (a 200×60 screen stayed at the
/// 80×24 size), unless the player chose a size with `+`/`-`.
#[test]
fn the_hex_size_refits_when_the_window_grows_unless_chosen() {
    let mut app = App::new(shipped("kircholm"), 7, HOTSEAT).unwrap();
    press(&mut app, " 1"); // the briefing, the initiative
    render(&app, 80, 24);
    assert_eq!(app.geometry().zoom, 1);
    render(&app, 200, 60);
    let big = app.geometry().zoom;
    assert!(big > 1, "still size {big} at 200×60");
    press(&mut app, "-");
    render(&app, 200, 60);
    assert_eq!(app.geometry().zoom, big - 1, "the player's size is kept");
    render(&app, 120, 40);
    assert_eq!(app.geometry().zoom, big - 1, "and kept on a resize");
}

/// Issue 26: a clipped map says which edges have more map (Rocroi at 80×24 hid rows 0–2
/// with nothing to say so); a map shown whole has no arrow.
#[test]
fn a_clipped_map_marks_the_edges_with_more_map() {
    let mut app = App::new(shipped("rocroi"), 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    app.put_cursor(volley::engine::Map::hex_at(0, 9));
    let screen = render(&app, 80, 24);
    let (vc, vr) = app.geometry().view;
    assert!(vr > 0, "the view is scrolled down");
    assert!(has(&screen, "▲"), "{screen:#?}");
    assert!(!has(&screen, "▼"), "the bottom row is shown");
    assert_eq!(has(&screen, "◀"), vc > 0);
    let whole = render(&app, 200, 60);
    assert!(!whole.iter().any(|r| r.contains(['▲', '▼', '◀', '▶'])));
}

/// Issue 26: `M` shows the whole of a map the terminal clips (Rocroi at 80×24 hides rows
/// 0–2 and two units), every unit on the field as its side letter, and any key closes it.
#[test]
fn the_overview_shows_the_whole_clipped_map_and_every_unit() {
    let mut app = App::new(shipped("rocroi"), 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    app.put_cursor(volley::engine::Map::hex_at(0, 9));
    render(&app, 80, 24);
    assert!(app.geometry().view.1 > 0, "the map is clipped");
    press(&mut app, "M");
    assert_eq!(*app.mode(), Mode::Overview);
    let screen = render(&app, 80, 24);
    assert!(has(&screen, "Map overview"), "{screen:#?}");
    let (w, h) = (app.game().map().width(), app.game().map().height());
    assert!(
        has(&screen, &format!("{w}×{h} hexes, one cell a hex")),
        "{screen:#?}"
    );
    // One line a map row, each unit as its side letter: as many letters as units.
    let start = screen
        .iter()
        .position(|l| l.contains("Map overview"))
        .unwrap()
        + 1;
    let rows = &screen[start..start + h as usize];
    for side in [volley::engine::SideId::A, volley::engine::SideId::B] {
        let letter = app.side_letter(side);
        let drawn: usize = rows.iter().map(|r| r.matches(letter).count()).sum();
        assert_eq!(
            drawn,
            app.game().units_of(side).filter(|u| u.on_map()).count()
        );
    }
    press(&mut app, "x");
    assert_eq!(*app.mode(), Mode::Browse, "any key closes it");
}

/// R12.6: the overview (`M`) shows roads: `+` over clear, rough or hill, `#` for a bridge,
/// woods, villages and fords keeping their own symbol; units and objectives over all.
#[test]
fn r12_6_the_overview_shows_roads_and_bridges() {
    let (mut roads, mut bridges) = (0, 0);
    for battle in [
        "turnhout", "benburb", "coutras", "klushino", "stratton", "dunes",
    ] {
        let app = App::new(shipped(battle), 7, HOTSEAT).unwrap();
        let (r, b) = overview_marks_roads(&app);
        (roads, bridges) = (roads + r, bridges + b);
    }
    assert!(roads > 0 && bridges > 0, "{roads} roads, {bridges} bridges");
}

/// Checks every hex of `app`'s overview against the map; the road and bridge marks seen.
fn overview_marks_roads(app: &App) -> (usize, usize) {
    use volley::engine::map::Terrain;
    let g = app.game();
    let lines = volley::tui::overview::lines(app, 200, 60);
    let text = |line: &ratatui::text::Line| -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    };
    let (mut roads, mut bridges) = (0, 0);
    for r in 0..g.map().height() {
        let row = text(&lines[r as usize]);
        for c in 0..g.map().width() {
            let hex = volley::engine::Map::hex_at(c as i32, r as i32);
            let terrain = g.map().terrain(hex).unwrap();
            let open = matches!(terrain, Terrain::Clear | Terrain::Rough | Terrain::Hill);
            let want = if let Some(u) = g.unit_at(hex) {
                app.side_letter(u.side)
            } else if g.objectives().iter().any(|o| o.hex == hex) {
                '@'
            } else if g.map().has_bridge(hex) {
                bridges += 1;
                '#'
            } else if g.map().has_road(hex) && open {
                roads += 1;
                '+'
            } else {
                terrain.symbol()
            };
            let at = (r % 2 + 2 * c) as usize;
            assert_eq!(row.chars().nth(at), Some(want), "({c}, {r}) in {row:?}");
        }
    }
    let key = text(lines.last().unwrap());
    assert!(key.contains("+ road, # bridge"), "{key}");
    (roads, bridges)
}
