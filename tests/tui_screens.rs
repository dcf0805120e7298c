//! Screen tests of the terminal UI: the battle drawn by `volley::tui::draw` into ratatui's
//! `TestBackend`, driven by the same keys a player presses (`App::handle_key`), and read back
//! cell by cell. The tutorial (seed 7) is deterministic, so most assertions are exact lines:
//! a snapshot of what the player sees, kept in the test instead of in separate files.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::Order;
use volley::engine::{Command, Map, Phase, SideId};
use volley::scenario::{Controller, Scenario};
use volley::tui::{App, Key, Mode};

mod screen;
use screen::*;

#[test]
fn the_battle_at_80x24_shows_header_map_prompt_and_log() {
    let mut app = hotseat();
    shows_the_initiative_prompt_at_80x24(&render(&app, 80, 24));
    press(&mut app, "1");
    shows_the_first_sides_orders_at_80x24(&render(&app, 80, 24));
}

/// Before the initiative is settled: the header, the map scrolled to the cursor, Red's
/// prompt over the log.
fn shows_the_initiative_prompt_at_80x24(s: &[String]) {
    // The name gives way so turn, phase and the side deciding fit in 80 columns.
    // Before the initiative is settled, no first side is named.
    assert_eq!(
        s[0],
        " Tutorial: pike, shot and horse │ Turn 1/6 │ Initiative phase │ Red decides"
    );
    // Where R10 stands, in side letters at 80 columns.
    assert_eq!(
        s[1],
        " Held R 0 B 0 │ Lost R 0/12 B 0/10 │ 5 turns more │ B ahead (defender)"
    );
    // 9 of the 10 hex columns fit beside the panel, scrolled a row down to keep the
    // cursor in view; odd rows shift right; units show side letter and formation over
    // their tag and uhp (light horse: 60 riders × 1 HD / 15 = 4 uhp, R2.3). The `▲` says
    // a row of map lies above the view (issue 26).
    assert_lines(
        &columns(&s[2..6], 0, 50),
        &[
            "   .    .   BLC   TT   TT   .   BFF   .    .     ▲",
            "            h 4   TT   TT       p 8",
            " .    .    .    .    .   BDF   .    ^^   .",
            "                         s 8        ^^",
        ],
    );
    // The initiative prompt, addressed to Red by name.
    assert_shows(s, "┌ Red decides ─");
    assert_shows(
        s,
        "│Red won the initiative: [1] be the first side, [2] the second",
    );
    // The log lies under the map, left of the panel: a long line wraps, never cut. The
    // prompt's box leaves every unit in view and covers the log's last line, which says
    // the same.
    assert_lines(
        &log(s)[..2],
        &["── Turn 1 ──", "Initiative d6: 4 v 1 → Red wins"],
    );
    assert!(s[23].starts_with(" answer the prompt"), "{}", s[23]);
}

/// Red chose to go first: the movement phase's header, the map around Red's pike, its
/// numbers in the panel and the map's key hints.
fn shows_the_first_sides_orders_at_80x24(s: &[String]) {
    assert_eq!(
        s[0],
        " Tutorial: pike, shot and horse │ Turn 1/6 │ Movement phase │ Red orders (first)"
    );
    assert_lines(
        &columns(&s[10..14], 0, 50),
        &[
            "   .    .    ^^   .    .    .   RHC   .    .     ▶",
            "             ^^                 l 8",
            " .    .    .   RDF  RFF   .    TT   TT   .",
            "               s 8 [p 8 ]      TT   TT",
        ],
    );
    // The cursor starts on the first unit, Red pike, and the panel names its numbers.
    assert_lines(
        &panel(s),
        &[
            "(4, 6) Clear",
            "Red pike [p]",
            "Red (pikemen)",
            "FF, 120 men, HD 1",
            "uhp 8 of 8",
            "march 2 hustle 3 charge 4",
            "AC 4 (armor 4), morale +0",
            "attack throw 11+",
        ],
    );
    assert_shows(&log(s), "Red is the first side this turn");
    assert!(
        s[23].contains("Tab next unit") && s[23].contains("Enter orders"),
        "{}",
        s[23]
    );
}

#[test]
fn a_larger_terminal_shows_the_whole_map_and_every_derived_number() {
    let mut app = hotseat();
    press(&mut app, "1\t\t");
    assert_eq!(cursor(&app), (6, 5), "Tab, Tab: the lancers");
    let s = render(&app, 100, 30);
    assert_eq!(
        s[0],
        " Tutorial: pike, shot and horse │ Turn 1/6 │ Movement phase │ Red orders (first)"
    );
    // With names, the standing fits 100 columns.
    assert_eq!(
        s[1],
        " Held Red 0 Blue 0 │ Lost Red 0/12 Blue 0/10 │ 5 turns more │ Blue ahead (defender)"
    );
    assert_eq!(
        s[2].chars().take(50).collect::<String>().trim_end(),
        " .    .    .    .    .    .    .    .    .    ."
    );
    assert_eq!(
        columns(&s[12..14], 0, 67),
        [
            "   .    .    ^^   .    .    .   RHC   .    .    .",
            "             ^^                [l 8 ]"
        ]
    );
    // Winged hussars: 60 riders of 2 HD = 8 uhp; 180' mounted = 3/6/9 (R2.3); 2 lance
    // attacks (R2.4: 60 × 1.5 × 4.5 / (40 × 4.5) = 2.25).
    assert_lines(
        &panel(&s),
        &[
            "(6, 5) Clear",
            "Red lancers [l]",
            "Red (winged hussars)",
            "HC, 60 riders, HD 2",
            "uhp 8 of 8",
            "march 3 hustle 6 charge 9",
            "AC 5 (armor 5), morale +2",
            "attack throw 10+",
            "2 kopia lance",
            "steady",
            "may: stand fast, march, hustle,",
            "charge",
        ],
    );
    // Shift-Tab back to the musketeers: firearm attacks, reload tokens, melee weapon and the
    // Formed Foot beside them (R9.4).
    app.handle_key(Key::BackTab);
    let s = render(&app, 100, 30);
    assert_lines(
        &panel(&s),
        &[
            "(3, 6) Clear",
            "Red shot [s]",
            "Red (matchlock musketeers)",
            "DF, 120 men, HD 1",
            "uhp 8 of 8",
            "march 1 hustle 2 charge 3",
            "AC 1 (armor 1), morale +0",
            "attack throw 11+",
            "1 matchlock musket, gains 1",
            "reload token per volley",
            "melee: 2 sword",
            "steady, secured by FF",
        ],
    );
    // The whole log so far shows under the map.
    assert_eq!(log(&s).iter().filter(|l| !l.is_empty()).count(), 6);
}

#[test]
fn the_map_scrolls_to_keep_the_cursor_in_view() {
    let mut app = hotseat();
    press(&mut app, "1lllll");
    assert_eq!(cursor(&app), (9, 6));
    let s = render(&app, 80, 24);
    // Column 9 did not fit at 80 columns: the view moved one hex column to the right.
    assert_lines(
        &columns(&s[12..14], 0, 50),
        &[
            " .    .   RDF  RFF   .    TT   TT   .    .",
            "          s 8  p 8        TT   TT      [    ]",
        ],
    );
}

#[test]
fn the_help_screen_shows_every_line_whole_at_80x24() {
    let mut app = hotseat();
    press(&mut app, "?");
    assert_eq!(*app.mode(), Mode::Help);
    let s = render(&app, 80, 24);
    assert!(
        s.iter().any(|r| r.starts_with("┌ Help ─")),
        "{}",
        s.join("\n")
    );
    for line in volley::tui::screens::HELP.lines() {
        let framed = format!("│{line:<78}│");
        assert!(
            s.contains(&framed),
            "help line cut or wrapped: {line:?}\n{}",
            s.join("\n")
        );
    }
    assert_shows(
        &s,
        "Cavalry charging Drilled Foot not next to friendly Formed Foot",
    );
    // Playtest 48: every mark drawn beside a hex is in the legend.
    for mark in ["? a prompt's units", "! threat", "! target", "> chosen"] {
        assert_shows(&s, mark);
    }
    press(&mut app, "x");
    let s = render(&app, 80, 24);
    assert!(!has(&s, "┌ Help"));
    assert_shows(&s, "│Red won the initiative");
}

#[test]
fn hotseat_hands_the_keyboard_to_the_side_named() {
    let mut app = hotseat();
    press(&mut app, "1e");
    let s = render(&app, 80, 24);
    // The confirmation shows whole, its question on one row.
    assert_shows(&s, "┌ End orders ─");
    assert_shows(
        &s,
        "│3 units can still act. End orders? [y] yes, any other key: no",
    );
    // Which units: by label and map tag.
    assert_shows(
        &s,
        "│Still to act: Red pike [p], Red shot [s], Red lancers [l].",
    );
    press(&mut app, "y");
    assert!(matches!(
        app.mode(),
        Mode::Handover {
            side: SideId::B,
            ..
        }
    ));
    let s = render(&app, 80, 24);
    assert_eq!(
        s[0],
        " Tutorial: pike, shot and horse │ T1/6 │ Movement │ Blue (2nd)"
    );
    assert_shows(&s, "┌ Handover ─");
    assert_shows(&s, "│Pass the keyboard to Blue");
    assert_shows(&s, "│Blue: Movement phase, your orders");
    assert_shows(&s, "│Blue: press any key when you are ready.");
    press(&mut app, " ");
    let s = render(&app, 80, 24);
    assert!(!has(&s, "Pass the keyboard"));
    assert_shows(&log(&s), "Blue gives orders");

    // Blue ends too: the keyboard goes back to Red for the Missile phase.
    press(&mut app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(&mut app, "y");
    }
    assert!(matches!(
        app.mode(),
        Mode::Handover {
            side: SideId::A,
            ..
        }
    ));
    let s = render(&app, 80, 24);
    assert_shows(&s, "│Pass the keyboard to Red");
    assert_shows(&s, "│ Turn 1/6 │ Missile phase │ Red orders (first)");
}

/// Issue 26, no pop-up that says nothing: once the computer has given its orders, play
/// goes straight back to the player, with no "press a key" box; the log tells what it did.
/// While it thinks, the status line offers no orders.
#[test]
fn against_the_computer_no_handover_and_no_pop_up_after_its_orders() {
    let mut app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " 1e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(&mut app, "y");
    }
    assert_eq!(*app.mode(), Mode::Browse, "no handover to the computer");
    assert!(app.computer_to_act());
    // While the computer thinks, the status line offers no orders to give.
    let waiting = render(&app, 80, 24);
    assert!(!waiting[23].contains("Enter orders"), "{}", waiting[23]);
    let mut computer: volley::tui::Computer = Box::new(volley::ai::AdvancePlayer);
    for _ in 0..50 {
        if !app.computer_to_act() {
            break;
        }
        volley::tui::step_computer(&mut app, &mut computer).expect("a legal computer order");
    }
    assert!(!app.computer_to_act());
    assert!(
        !app.has_quit(),
        "the computer's orders were accepted: {}",
        app.message()
    );
    assert_eq!(*app.mode(), Mode::Browse, "the player has the keys at once");
    let s = render(&app, 80, 24);
    assert!(!has(&s, "┌ Computer"), "{}", s.join("\n"));
    assert!(!has(&s, "The computer has given its orders"));
    assert_shows(&log(&s), "Blue");
    assert!(s[23].contains("Enter orders"), "{}", s[23]);
}

#[test]
fn decision_prompts_name_the_side_that_decides() {
    let mut app = hotseat();
    let s = render(&app, 100, 30);
    assert_shows(&s, "│ Initiative phase │ Red decides");
    assert!(
        !has(&s, "first side: Red"),
        "last turn's first side is not named"
    );
    assert_shows(&s, "┌ Red decides ─");
    assert_shows(
        &s,
        "│Red won the initiative: [1] be the first side, [2] the second",
    );
    // Keys that are no answer leave the prompt up.
    press(&mut app, "3x");
    assert_eq!(app.game().phase(), Phase::Initiative);

    // Later in the turn: the lancers' charge lands and Blue, not Red, chooses to withdraw.
    aim_fire(&mut app);
    press(&mut app, "\n");
    press(&mut app, "e");
    let s = render(&app, 100, 30);
    assert_shows(
        &s,
        "│ Turn 1/6 │ Melee phase │ Blue decides │ first side: Red",
    );
    assert_shows(&s, "┌ Blue decides ─");
    assert_shows(
        &s,
        "│Blue: Blue shot at (5, 2) takes 2 uhp. Withdraw how many hexes?",
    );
    assert_shows(&s, "[0-1]");
    assert!(s[29].starts_with(" answer the prompt"), "{}", s[29]);
    press(&mut app, "0");
    let s = render(&app, 100, 30);
    assert!(app
        .log()
        .iter()
        .any(|l| l == "Blue shot loses 2 uhp (6 left)"));
    // Red attacks next in the Melee phase: the keyboard passes back, by name.
    assert_shows(&s, "│Pass the keyboard to Red");
}

#[test]
fn a_terminal_too_small_says_so_and_the_battle_returns_when_it_grows() {
    let app = hotseat();
    let mut t = terminal(&app, 60, 20);
    assert_lines(
        &rows(&t),
        &[
            "The terminal is too small for Volley.",
            "It needs at least 80×24; this one is 60×20.",
            "Enlarge the window: the battle goes on where it was.",
            "Until then only q (quit) and ? (help) work.",
            "",
        ],
    );
    for (w, h) in [(79, 24), (80, 23)] {
        let s = render(&app, w, h);
        assert_eq!(
            s[1],
            format!("It needs at least 80×24; this one is {w}×{h}.")
        );
    }
    t.backend_mut().resize(80, 24);
    t.draw(|f| volley::tui::draw(f, &app)).unwrap();
    let s = rows(&t);
    assert!(
        s[0].starts_with(" Tutorial: pike, shot and horse │ Turn 1/6 │ Initiative phase"),
        "{}",
        s[0]
    );
    assert!(!has(&s, "too small"));
    assert_shows(&s, "BDF");
}

#[test]
fn the_game_over_screen_at_the_turn_limit() {
    let mut app = hotseat();
    let mut keys = 0;
    while app.game().outcome().is_none() {
        keys += 1;
        assert!(keys < 500, "the battle did not end");
        match (&app.mode(), app.game().actor()) {
            (Mode::Browse, volley::engine::Actor::Decide(_)) => press(&mut app, "1"),
            (Mode::Browse, _) => end_orders(&mut app),
            _ => press(&mut app, " "),
        }
    }
    let s = render(&app, 80, 24);
    assert_eq!(
        s[0],
        " Tutorial: pike, shot and horse │ Turn 6/6 │ Morale phase │ battle over"
    );
    assert_shows(&s, "┌ The battle is over ─");
    let body: Vec<String> = s
        .iter()
        .filter_map(|r| r.split('│').nth(1).map(|b| b.trim_end().to_string()))
        .collect();
    for line in [
        "Blue wins",
        "Why: the defender holds at the turn limit (R10.3), turn 6",
        // Issue 28: in `volley sim`'s words, lost (to damage) and routed (off the field).
        "Red: lost 0 and routed 0 of 24 uhp, 0 units gone, held objectives worth 0",
        "Blue: lost 0 and routed 0 of 20 uhp, 0 units gone, held objectives worth 0",
        "unit                     dealt  lost routed  shock  fate",
        "R Red pike [p]               0     0      0    0/0  8 uhp left",
        "B Blue horse [h]             0     0      0    0/0  4 uhp left",
        "Seed 7: `volley --seed 7 --hotseat tutorial` rolls these dice again.",
        "Enter or t: back to the title screen · q: leave.",
    ] {
        assert!(
            body.iter().any(|b| b == line),
            "no {line:?} in\n{}",
            s.join("\n")
        );
    }
    assert!(
        s[23].starts_with(" t title · q quit · arrows move"),
        "{}",
        s[23]
    );
    // A taller terminal leaves the log's newest lines in view below the summary.
    let s = render(&app, 100, 40);
    assert_shows(
        &s[30..39],
        "Blue wins: the defender holds at the turn limit",
    );
    press(&mut app, "h");
    assert!(!app.has_quit(), "arrows still look at the map");
    press(&mut app, "\n");
    assert!(app.has_quit());
}

/// Red lancers two hexes from a Blue pike company already down to its last uhp.
const LAST_STAND: &str = r#"(
    name: "Last stand",
    map: [". . . .", ". . . .", ". . . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "winged hussars", side: "Red", creatures: 60, at: (1, 3), label: "Red lancers"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (1, 1), label: "Blue pike", damage: 7),
    ],
    turn_limit: 3,
    defender: "Blue",
)"#;

#[test]
fn the_game_over_screen_when_a_side_is_destroyed() {
    let scenario = Scenario::parse(LAST_STAND, "last_stand.ron").unwrap();
    let mut app = App::new(scenario, 0, HOTSEAT).unwrap();
    // The charge's end beside Blue pike, then Enter again: even a lone target is confirmed
    // with its odds in view.
    press(&mut app, " 1\nck\n");
    assert!(matches!(app.mode(), Mode::PickTarget { .. }));
    press(&mut app, "\n");
    let s = render(&app, 80, 24);
    assert_shows(&log(&s), "Red lancers charge 1 hex");
    assert_shows(&log(&s), "Red lancers charge Blue pike!");
    for _ in 0..4 {
        end_orders(&mut app);
    }
    let s = render(&app, 80, 24);
    assert_eq!(s[0], " Last stand │ Turn 1/3 │ Melee phase │ battle over");
    assert!(!has(&s, "BFF"), "the pikemen are gone from the map");
    assert_shows(&s, "│Red wins");
    assert_shows(
        &s,
        "│Why: no enemy unit is left on the field (R10.1), turn 1",
    );
    assert_shows(
        &s,
        "│Red: lost 0 and routed 0 of 8 uhp, 0 units gone, held objectives worth 0",
    );
    assert_shows(
        &s,
        "│Blue: lost 1 and routed 0 of 1 uhp, 1 unit gone, held objectives worth 0",
    );
    // The unit table: the lancers dealt the last uhp, the pike took it and is destroyed.
    assert_shows(
        &s,
        "│R Red lancers [l]            1     0      0    0/0  8 uhp left",
    );
    assert_shows(
        &s,
        "│B Blue pike [p]              0     1      0    0/0  destroyed",
    );
    let s = render(&app, 100, 40);
    let log = log(&s);
    assert_shows(&log, "Blue pike is destroyed");
    assert_eq!(
        log.last().map(|l| l.as_str()),
        Some("Red wins: the enemy has no unit left on the field")
    );
    press(&mut app, "q");
    assert!(app.has_quit());
}

/// R12.2: a reserve that never came is not among its side's units gone, and the end screen
/// counts each side as `volley sim` does.
#[test]
fn r12_2_the_game_over_screen_does_not_count_a_reserve_still_to_come_as_gone() {
    let late = r#"label: "Red lancers"),
        (troop: "pikemen", side: "Red", creatures: 120, label: "Red late", reserve: (turn: 3, hexes: [(2, 3)])),"#;
    let text = LAST_STAND.replace(r#"label: "Red lancers"),"#, late);
    let scenario = Scenario::parse(&text, "last_stand.ron").unwrap();
    let mut app = App::new(scenario, 0, HOTSEAT).unwrap();
    press(&mut app, " 1\nck\n\n");
    for _ in 0..4 {
        end_orders(&mut app);
    }
    let s = render(&app, 80, 24);
    assert_shows(&s, "│Red wins");
    assert_shows(
        &s,
        "│Red: lost 0 and routed 0 of 8 uhp, 0 units gone, held objectives worth 0",
    );
    assert_eq!(
        app.game().side_tallies().map(|t| (t.dealt, t.lost)),
        [(1, 0), (0, 1)]
    );
}

/// Red's damaged pike company starts fleeing on its own edge, so it routs in turn 1 (R8.5),
/// and Red has nothing left on the field (R10.1).
const ROUTED: &str = r#"(
    name: "Routed",
    map: [". . . .", ". . . .", ". . . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike", damage: 3, fleeing: true),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
    ],
    turn_limit: 3,
    defender: "Blue",
)"#;

/// Issue 28: the end screen says what left the field in `volley sim`'s words: `lost` to
/// damage and `routed` (the uhp a routed unit took off the field), which add up to the
/// side's losses.
#[test]
fn i28_the_game_over_screen_says_lost_and_routed_as_sim_does() {
    let scenario = Scenario::parse(ROUTED, "routed.ron").unwrap();
    let mut app = App::new(scenario, 0, HOTSEAT).unwrap();
    press(&mut app, " ");
    for _ in 0..20 {
        if app.game().outcome().is_some() {
            break;
        }
        match (app.mode(), app.game().actor()) {
            (Mode::Browse, volley::engine::Actor::Decide(_)) => press(&mut app, "1"),
            (Mode::Browse, _) => end_orders(&mut app),
            _ => press(&mut app, " "),
        }
    }
    let s = render(&app, 80, 24);
    assert_shows(&s, "│Blue wins");
    assert_shows(
        &s,
        "│Red: lost 0 and routed 5 of 5 uhp, 1 unit gone, held objectives worth 0",
    );
    assert_shows(
        &s,
        "│R Red pike [p]               0     0      5    0/0  routed",
    );
}

#[test]
fn the_odds_panel_while_picking_a_charge_target() {
    let mut app = hotseat();
    aim_charge(&mut app);
    for (w, h) in [(100, 30), (80, 24)] {
        let s = render(&app, w, h);
        // The targets are marked on the map: `>` the selected one, `!` the other.
        assert_shows(&s, "   .    .   BLC   TT   TT   .  !BFF");
        assert_shows(&s, " .    .    .    .    .  >BDF");
        let p = panel(&s);
        let from = p
            .iter()
            .position(|l| l == "Target: Blue shot")
            .unwrap_or_else(|| panic!("{}", s.join("\n")));
        // R4.4, R9: Blue shot is Drilled Foot with no pike beside it, so it rolls 2d6 + 0
        // at once: 2 rout 1/36, 3–4 flee 5/36, 5–6 recoil 9/36, 7+ hold 21/36. The charge
        // itself: 2 lance attacks at +2 against 10 + AC 1, each hit 2 uhp (R5.2).
        let odds = [
            "Shock roll on being charged:",
            " hold 58% recoil 25%",
            " flee 14% rout 3%",
            "2 × d20 +2 charge vs 11: 60%",
            "each",
            " 0 hits = 0 uhp: 16%",
            " 1 hit = 2 uhp: 48%",
            " 2 hits = 4 uhp: 36%",
            "Target afterwards:",
            " no roll 64% destroyed 0%",
        ];
        assert_lines(&p[from + 1..], &odds);
        assert!(
            s.last().unwrap().starts_with(" Tab/arrows next target"),
            "{}",
            s.last().unwrap()
        );
    }
    // Tab to the other target: the odds follow.
    press(&mut app, "\t");
    let p = panel(&render(&app, 80, 24));
    assert!(
        p.iter().any(|l| l == "Target: Blue pike"),
        "{}",
        p.join("\n")
    );
    assert!(
        !p.iter().any(|l| l.starts_with("Shock roll")),
        "pike are not shocked by cavalry"
    );
    press(&mut app, "\x1b");
    assert_eq!(*app.mode(), Mode::Browse);
    assert!(!panel(&render(&app, 80, 24))
        .iter()
        .any(|l| l.starts_with("Target:")));
}

#[test]
fn the_odds_panel_while_aiming_fire() {
    let mut app = hotseat();
    aim_fire(&mut app);
    let s = render(&app, 80, 24);
    let p = panel(&s);
    let from = p
        .iter()
        .position(|l| l == "Target: Red lancers")
        .unwrap_or_else(|| panic!("{}", s.join("\n")));
    // A musket next to its target pierces the lancers' 5 armor (R5.3): 11+ on a d20 is 50%;
    // a firearm hit makes them roll 2d6 + 2 (Smoke and Thunder, R9.2).
    assert_lines(
        &p[from + 1..],
        &[
            "1 × d20 vs 11: 50% each",
            " 0 hits = 0 uhp: 50%",
            " 1 hit = 1 uhp: 50%",
            "Target afterwards:",
            " no roll 50% destroyed 0%",
            " hold 42% recoil 7%",
            " flee 1% rout 0%",
        ],
    );
    press(&mut app, "\n");
    let s = render(&app, 100, 30);
    assert_lines(
        &log_tail(&s, 6),
        &[
            "Blue shot fires at Red lancers",
            "Blue shot on Red lancers: 1 hit",
            "  d20 14 = 14 vs 11+AC0 11: hit",
            "Blue shot must reload: 1 token",
            "Red lancers lose 1 uhp (7 left)",
            "Red lancers: shock 2d6 10 +2 morale = 12: hold",
        ],
    );
    // The reload token shows on the map as a digit, the lost uhp under the lancers.
    assert_shows(&s, " .    .    .    .    .   BDF1 RHC   ^^");
    assert_shows(&s, "                         s 8 [l 7 ] ^^");
}

#[test]
fn the_orders_menu_shows_whole_at_80x24() {
    let mut app = hotseat();
    press(&mut app, "1\t\t\n");
    let s = render(&app, 80, 24);
    // The panel runs down beside the log: the menu and the unit's details both fit.
    assert_lines(
        &panel(&s),
        &[
            "(6, 5) Clear",
            "Red lancers [l]",
            "Red (winged hussars)",
            "HC, 60 riders, HD 2",
            "uhp 8 of 8",
            "march 3 hustle 6 charge 9",
            "AC 5 (armor 5), morale +2",
            "attack throw 10+",
            "2 kopia lance",
            "steady",
            "may: stand fast, march,",
            "hustle, charge",
            "",
            "Orders:",
            " [s] stand fast",
            " [m] march",
            " [h] hustle",
            " [c] charge",
            " [Esc] cancel",
        ],
    );
    // With room, the details stay above the menu.
    let p = panel(&render(&app, 100, 30));
    assert_eq!(p[3], "HC, 60 riders, HD 2");
    assert!(
        p.iter().any(|l| l == " [c] charge") && p.iter().any(|l| l == " [Esc] cancel"),
        "{}",
        p.join("\n")
    );
    // A key that is no order closes the menu.
    press(&mut app, "x");
    assert_eq!(*app.mode(), Mode::Browse);
}

#[test]
fn the_charge_is_logged_with_the_shock_roll() {
    let mut app = hotseat();
    aim_charge(&mut app);
    press(&mut app, "\n");
    let s = render(&app, 80, 24);
    assert_lines(
        &log_tail(&s, 3),
        &[
            "Red lancers charge Blue shot!",
            "Blue shot: shock (cavalry charge) 2d6 7 +0 = 7:",
            "hold",
        ],
    );
    // The lancers now stand at (6,2), beside Blue shot.
    assert_shows(&s, " .    .    .    .    .   BDF  RHC   ^^");
    assert!(
        app.message().is_empty(),
        "no message on the status line: {}",
        app.message()
    );
}

#[test]
fn refused_orders_put_the_engines_reason_on_the_status_line() {
    let mut app = hotseat();
    press(&mut app, "1");
    a_march_too_far_is_refused_first_on_the_status_line(&mut app);
    an_order_for_the_side_not_ordering_is_refused_by_name(&mut app);
    the_picker_refuses_a_hex_and_a_good_order_clears_the_message(&mut app);
}

/// The engine's reason for a march beyond the pikemen's 2 hexes leads the status line,
/// with the unit named by its label and hex, at both sizes.
fn a_march_too_far_is_refused_first_on_the_status_line(app: &mut App) {
    let pike = unit_id(app, "Red pike");
    // A march far beyond the pikemen's 2 hexes.
    let far = Command::Order(Order::March {
        unit: pike,
        to: Map::hex_at(4, 0),
    });
    // The engine's reason, with the unit named by its label and hex rather than its id.
    let reason = app
        .game()
        .check_command(&far)
        .expect_err("too far")
        .to_string()
        .replace(&pike.to_string(), "\"Red pike\" at (4, 6)");
    assert!(reason.starts_with("\"Red pike\" at (4, 6) "), "{reason}");
    assert!(!app.submit(far));
    assert_eq!(app.message(), reason);
    // It comes first on the status line, where the list of keys cannot push it off, at
    // the smallest size too.
    for (w, h) in [(100, 30), (80, 24)] {
        let s = render(app, w, h);
        let status = &s[h as usize - 1];
        assert!(
            status.starts_with(&format!(" {reason}")) && status.chars().count() <= w as usize,
            "status: {status:?}, reason: {reason:?}"
        );
    }
}

/// An order for Blue while Red orders: refused, the unit named, no raw id shown.
fn an_order_for_the_side_not_ordering_is_refused_by_name(app: &mut App) {
    let blue_pike = unit_id(app, "Blue pike");
    let blue = Command::Order(Order::StandFast { unit: blue_pike });
    let reason = app
        .game()
        .check_command(&blue)
        .expect_err("not Blue's turn")
        .to_string();
    let reason = reason.replace(&blue_pike.to_string(), "\"Blue pike\" at (6, 1)");
    assert!(!app.submit(blue));
    let s = render(app, 100, 30);
    assert!(
        s[29].starts_with(&format!(" {reason} ")),
        "status: {:?}, reason: {reason:?}",
        s[29]
    );
    assert!(!s[29].contains('#'), "no raw unit id: {}", s[29]);
}

/// The picker itself refuses a hex the move cannot end in, and says why; a good order
/// then clears the message.
fn the_picker_refuses_a_hex_and_a_good_order_clears_the_message(app: &mut App) {
    let pike = unit_id(app, "Red pike");
    press(app, "\nm");
    assert!(matches!(app.mode(), Mode::PickHex { .. }));
    app.put_cursor(Map::hex_at(0, 0));
    press(app, "\n");
    let s = render(app, 100, 30);
    assert_shows(
        &s[29..],
        "that hex is not highlighted: pick one the unit can reach (R4.1)",
    );
    // The refusal cites its rule, so the rules browser opens at it.
    press(app, "R");
    assert!(
        matches!(app.mode(), Mode::Rules { .. }),
        "R opens the rules browser"
    );
    let s = render(app, 100, 30);
    assert!(s[0].contains("R4.1"), "opens at the march's rule: {}", s[0]);
    press(app, "\x1b");

    // A good order clears the message.
    press(app, "\x1b");
    app.put_cursor(app.game().unit(pike).unwrap().pos);
    press(app, "\nm");
    assert_eq!(
        app.cursor(),
        app.game().unit(pike).unwrap().pos,
        "moves start on the unit"
    );
    press(app, "k");
    let to = app.cursor();
    press(app, "\n");
    assert_eq!(app.game().unit(pike).unwrap().pos, to);
    assert!(app.message().is_empty());
    assert_shows(&log(&render(app, 100, 30)), "Red pike marches");
}

/// Issue 27: the order menu keeps the rows it was drawn on, so a click on an order's row in
/// the panel gives that order and a click on `[Esc] cancel` closes the menu.
#[test]
fn a_click_on_an_order_menu_row_gives_that_order() {
    let mut app = hotseat();
    press(&mut app, "1\n");
    assert!(matches!(app.mode(), Mode::Orders { .. }));
    let at = |s: &[String], text: &str| -> (u16, u16) {
        let y = s.iter().position(|r| r.contains(text)).unwrap();
        let x = s[y].split(text).next().unwrap().chars().count();
        (x as u16, y as u16)
    };
    let s = render(&app, 100, 30);
    let (x, y) = at(&s, "[Esc] cancel");
    app.click(x, y);
    assert_eq!(*app.mode(), Mode::Browse, "Esc's row closes the menu");
    press(&mut app, "\n");
    let s = render(&app, 100, 30);
    let (x, y) = at(&s, "[m] march");
    app.click(x, y);
    assert!(
        matches!(app.mode(), Mode::PickHex { .. }),
        "march's row gives the march: {:?}",
        app.mode()
    );
}

#[test]
fn quitting_asks_first() {
    let mut app = hotseat();
    press(&mut app, "1q");
    let s = render(&app, 80, 24);
    assert_shows(&s, "┌ Quit ─");
    assert_shows(&s, "│Leave the battle? [y] yes, any other key: no");
    press(&mut app, "n");
    assert!(!app.has_quit());
    assert!(!has(&render(&app, 80, 24), "Leave the battle?"));
    press(&mut app, "qy");
    assert!(app.has_quit());
}

/// Issue 12: `F` is the designer's key that forces the next dice; the faces become
/// commands (so saves keep them) and the prompt says what it does.
#[test]
fn the_designer_key_forces_the_next_dice_as_commands() {
    let mut app = hotseat();
    press(&mut app, "F6 3");
    let screen = rows(&terminal(&app, 100, 30)).join("\n");
    assert!(screen.contains("Next dice show: 6 3_"), "{screen}");
    press(&mut app, "\n");
    let forced: Vec<Command> = app.commands().iter().rev().take(2).rev().copied().collect();
    assert_eq!(
        forced,
        [Command::ForceDie { face: 6 }, Command::ForceDie { face: 3 }]
    );
    assert_eq!(app.message(), "next dice forced: 6 3");
    assert_eq!(*app.mode(), Mode::Browse);
    press(&mut app, "F25\n");
    assert!(
        app.message()
            .contains("a forced face must be 1 to 20, not 25"),
        "{}",
        app.message()
    );
}

/// Red (first) marches its pike one hex and ends its orders: the keyboard passes to Blue.
fn red_marches_then_ends(app: &mut App) {
    press(app, "1");
    app.put_cursor(app.game().unit(unit_id(app, "Red pike")).unwrap().pos);
    press(app, "\nmk\n");
    press(app, "e");
    if matches!(app.mode(), Mode::ConfirmEnd { .. }) {
        press(app, "y");
    }
}

/// Issue 26, hot-seat handovers: the handover names the phase and what is asked, and lists
/// what the other side did since this player last had the keys; after it the cursor is on
/// the first of the new player's units with an order.
#[test]
fn issue26_the_handover_names_the_phase_and_lists_what_the_other_side_did() {
    let mut app = hotseat();
    red_marches_then_ends(&mut app);
    assert!(matches!(
        app.mode(),
        Mode::Handover {
            side: SideId::B,
            ..
        }
    ));
    let s = render(&app, 100, 30);
    assert_shows(&s, "│Pass the keyboard to Blue");
    assert_shows(&s, "│Blue: Movement phase, your orders");
    assert_shows(&s, "│Since you last had the keys:");
    assert_shows(&s, "│  Red pike marches");
    press(&mut app, " ");
    assert_eq!(*app.mode(), Mode::Browse);
    let first = app.units_to_order()[0];
    assert_eq!(app.game().unit(first).unwrap().side, SideId::B);
    assert_eq!(app.cursor(), app.game().unit(first).unwrap().pos);
}

/// Issue 26: with handovers off (`--no-handover`, `H`), the keyboard passes with no pop-up
/// and the cursor still goes to the new player's first unit with an order.
#[test]
fn issue26_with_handovers_off_the_keyboard_passes_without_a_pop_up() {
    let mut app = hotseat();
    app.no_handovers();
    red_marches_then_ends(&mut app);
    assert_eq!(*app.mode(), Mode::Browse);
    assert_eq!(app.game().acting_side(), Some(SideId::B));
    assert!(!has(&render(&app, 100, 30), "Pass the keyboard"));
    let first = app.units_to_order()[0];
    assert_eq!(app.cursor(), app.game().unit(first).unwrap().pos);
}

/// The tutorial without Red's shot, hot-seat, handovers off, past its briefing: Red has
/// nothing to order in the Missile phase (only a shot may ready there).
fn tutorial_without_red_shot(stop: bool) -> App {
    let scenario = tutorial_edited(|source| {
        let line = source.lines().find(|l| l.contains("\"Red shot\"")).unwrap();
        source.replace(line, "")
    });
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    let settings = volley::tui::settings::Settings {
        stop_at_empty_phases: stop,
        handovers: false,
        level: None,
    };
    app.use_settings(settings, None);
    press(&mut app, " 1");
    app
}

/// Issue 26: a phase in which none of the player's units has an order but stand fast ends
/// by itself, said in the log, and the keyboard goes on to the other side.
#[test]
fn issue26_a_phase_with_nothing_to_order_goes_on_with_a_line_in_the_log() {
    let mut app = tutorial_without_red_shot(false);
    end_orders(&mut app);
    end_orders(&mut app);
    assert_eq!(
        app.game().actor(),
        volley::engine::Actor::Orders {
            side: SideId::B,
            phase: Phase::Missile
        }
    );
    let i = app
        .log()
        .iter()
        .position(|l| l.starts_with("Missile phase: Red gives orders first"))
        .unwrap();
    assert_eq!(
        app.log()[i + 1..i + 3],
        [
            "Red: no orders for you in the Missile phase (no unit may fire or ready): it goes on.",
            "Blue gives orders"
        ]
    );
    // The line is the command's, so a resumed battle's log has it where the live one does.
    let resumed = App::replayed(
        app.scenario().clone(),
        app.seed(),
        app.commands(),
        app.controllers(),
    )
    .unwrap();
    assert_eq!(resumed.log(), app.log(), "the resumed log is the live one");
}

/// Issue 26: with "stop at phases with nothing to order" set, the game waits for the player.
#[test]
fn issue26_with_the_setting_on_a_phase_with_nothing_to_order_waits() {
    let mut app = tutorial_without_red_shot(true);
    end_orders(&mut app);
    end_orders(&mut app);
    assert_eq!(
        app.game().actor(),
        volley::engine::Actor::Orders {
            side: SideId::A,
            phase: Phase::Missile
        }
    );
    assert!(app.units_to_order().is_empty());
    assert!(!app.log().iter().any(|l| l.contains("no orders for you")));
}

/// Issue 26, concede (R10): `C` asks, `y` ends the battle with the other side winning and
/// the reason in the log; any other key goes on.
#[test]
fn issue26_r10_concede_asks_then_ends_the_battle_with_the_reason_logged() {
    let mut app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " C");
    assert_eq!(*app.mode(), Mode::ConfirmConcede { side: SideId::A });
    assert_shows(
        &render(&app, 100, 30),
        "│Red concedes: the battle ends, Blue wins. [y] yes, any",
    );
    press(&mut app, "n");
    assert_eq!(*app.mode(), Mode::Browse);
    assert!(app.game().outcome().is_none());
    press(&mut app, "Cy");
    let outcome = app.game().outcome().unwrap();
    assert_eq!(outcome.winner, Some(SideId::B));
    assert_eq!(
        app.commands().last(),
        Some(&Command::Concede { side: SideId::A })
    );
    let n = app.log().len();
    assert_eq!(
        app.log()[n - 2..],
        ["Red concedes the battle.", "Blue wins: Red conceded"]
    );
    assert_shows(&render(&app, 100, 40), "Why: Red conceded the battle (R10)");
}

/// After a battle of many units, the lines that say how to play it again and which keys
/// leave stay in view on an 80×24 terminal, and `PgDn` / `PgUp` scroll the unit table.
#[test]
fn the_end_screen_of_a_big_battle_keeps_its_keys_in_view_and_scrolls_its_units() {
    let (file, source) = (volley::scenario::SHIPPED.iter())
        .find(|(file, _)| file.ends_with("breitenfeld.ron"))
        .unwrap();
    let scenario = Scenario::parse(source, file).unwrap();
    let units = scenario.setup.units.len();
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " Cy");
    assert!(app.game().outcome().is_some());
    let s = render(&app, 80, 24);
    assert_shows(&s, "Enter or t: back to the title screen · q: leave.");
    let first = "units 1–";
    let footer = s.iter().find(|l| l.contains(first)).unwrap().clone();
    assert!(
        footer.contains(&format!(" of {units} · PgUp PgDn: scroll")),
        "{footer}"
    );
    // A page down: the rows after those shown, or the last page.
    let shown: usize = footer
        .split_once("units 1–")
        .and_then(|(_, r)| r.split(' ').next()?.parse().ok())
        .unwrap();
    app.handle_key(Key::PageDown);
    let s = render(&app, 80, 24);
    let from = shown.min(units - shown);
    let next = format!("units {}–{} of {units}", from + 1, from + shown);
    assert_shows(&s, &next);
    app.handle_key(Key::PageUp);
    assert_shows(&render(&app, 80, 24), first);
}

/// Issue 26: after the battle, Enter or `t` goes back to the title screen; `q` leaves.
#[test]
fn issue26_after_the_battle_a_key_returns_to_the_title_screen() {
    let mut app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " Cy");
    press(&mut app, "t");
    assert!(app.has_quit() && app.to_title());
    let mut app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " Cyq");
    assert!(app.has_quit() && !app.to_title());
}

/// A battle opened from the title screen goes back there when the player leaves it mid-
/// battle (`q` `y`), and the question says so; one opened from the command line ends the
/// program.
#[test]
fn leaving_a_battle_opened_from_the_title_goes_back_to_the_title() {
    let app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    let mut app = app.opened_from_title();
    press(&mut app, " q");
    assert_shows(
        &render(&app, 100, 30),
        "│Back to the title screen? [y] yes, any other key: no",
    );
    press(&mut app, "y");
    assert!(app.has_quit() && app.to_title());
    let mut app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " qy");
    assert!(app.has_quit() && !app.to_title());
    // The same from the screen too small to show the battle, which asks the same question.
    let app = App::new(tutorial(), 7, [Controller::Human, Controller::Computer]).unwrap();
    let mut app = app.opened_from_title();
    press(&mut app, " ");
    assert!(has(&render(&app, 60, 20), "too small"));
    press(&mut app, "q");
    assert!(has(&render(&app, 60, 20), "Back to the title screen?"));
    press(&mut app, "y");
    assert!(app.has_quit() && app.to_title());
}

/// R8.1, issue 26: the odds panel says how far the target may withdraw in words that agree
/// with the count ("up to 1 hex", never "1 hex(es)").
#[test]
fn r8_1_the_odds_panel_counts_the_withdrawal_in_hexes() {
    let mut app = hotseat();
    aim_charge(&mut app);
    let p = panel(&render(&app, 100, 40));
    let line = p
        .iter()
        .find(|l| l.contains("withdraw up to"))
        .unwrap_or_else(|| panic!("no withdrawal in\n{}", p.join("\n")));
    assert!(line.starts_with("It may withdraw up to 1 hex,"), "{line}");
    // The odds of hits and of its fate above it count no withdrawal, and it says so.
    let whole = p.join(" ");
    assert!(whole.contains("the odds above are if it stays"), "{whole}");
}

/// R3.3, R10.3: with one turn to come the header says "1 turn more", not "1 turns".
#[test]
fn r10_3_one_turn_left_is_said_in_the_singular() {
    let mut scenario = tutorial();
    scenario.setup.turn_limit = Some(2);
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    let s = render(&app, 80, 24);
    assert_eq!(
        s[1],
        " Held R 0 B 0 │ Lost R 0/12 B 0/10 │ 1 turn more │ B ahead (defender)"
    );
}

/// R3.3 (playtest 48): on the last turn the header says so, not "0 turns".
#[test]
fn r3_3_the_last_turn_is_called_the_last_turn() {
    let mut scenario = tutorial();
    scenario.setup.turn_limit = Some(1);
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    let s = render(&app, 80, 24);
    assert_eq!(
        s[1],
        " Held Red 0 Blue 0 │ Lost Red 0/12 Blue 0/10 │ last turn │ Blue ahead (defender)"
    );
}

/// Review 48: the end screen's command rolls the same dice against the same computer: its
/// level, perhaps one chosen with `l` on the title screen (which the file does not say),
/// is given with `--level`.
#[test]
fn the_end_screens_command_names_the_computers_level() {
    let mut scenario = tutorial();
    scenario.sides[1].level = volley::ai::Level::Hard;
    let mut app = App::new(scenario, 7, [Controller::Human, Controller::Computer]).unwrap();
    press(&mut app, " C");
    press(&mut app, "y");
    assert!(app.game().outcome().is_some());
    let s = render(&app, 120, 40).join("\n");
    assert!(
        s.contains("Seed 7: `volley --seed 7 --level B=hard tutorial` rolls these dice again."),
        "{s}"
    );
}

/// R5.6, R6.4: a ready firearm unit keeps its marker through its own volley, but reacts only
/// once its reload tokens are gone, and the unit panel says so (found playing Coutras: the
/// `*` still shown after a volley looked like a mistake).
#[test]
fn r5_6_a_ready_unit_holding_reload_tokens_is_shown_to_react_once_reloaded() {
    for (fields, said, unsaid) in [
        ("ready: true", "steady, ready", "reacts once reloaded"),
        (
            "ready: true, reload_tokens: 1",
            "steady, ready (reacts once",
            "steady, ready, ",
        ),
    ] {
        let scenario = tutorial_edited(|source| {
            let label = "label: \"Red shot\"";
            source.replace(label, &format!("{label}, {fields}"))
        });
        let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
        press(&mut app, " ");
        app.put_cursor(Map::hex_at(3, 6));
        let s = render(&app, 100, 40);
        assert_shows(&s, said);
        assert!(!has(&s, unsaid), "{}", s.join("\n"));
    }
}

/// R5.6: aiming a charge at a ready target that would fire first says so, and what it would
/// do to the charge; at a target not ready it says nothing of it (found playing: "no roll
/// 100%", then the volley came first and the charge was off).
#[test]
fn r5_6_the_charge_preview_warns_of_a_ready_target_that_fires_first() {
    let warning = "The target is ready and fires first (R5.6)";
    let mut app = hotseat();
    aim_charge(&mut app);
    let p = panel(&render(&app, 100, 40)).join(" ");
    assert!(!p.contains(warning), "{p}");
    let scenario = tutorial_edited(|source| {
        source.replace("label: \"Blue shot\"", "label: \"Blue shot\", ready: true")
    });
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    aim_charge(&mut app);
    let p = panel(&render(&app, 100, 40)).join(" ");
    assert!(p.contains(warning), "{p}");
    assert!(p.contains("recoil, flee or rout, its attack is off"), "{p}");
}

/// R5.6, issue 29's playtest ("End orders?" asked when units could only ready): in the
/// Missile phase a unit that may only ready is not asked about, since it may still ready in
/// the Melee phase; there, the turn's last chance, `e` asks, and `r` readies them all and
/// ends the side's orders.
#[test]
fn r5_6_end_orders_asks_about_units_that_may_only_ready_in_the_melee_phase_only() {
    let mut app = hotseat();
    press(&mut app, "1");
    end_orders(&mut app);
    end_orders(&mut app);
    assert_eq!(app.game().phase(), Phase::Missile);
    assert!(app.units_to_act().is_empty(), "nothing is in range yet");
    assert!(!app.units_to_order().is_empty(), "Red shot may ready");
    press(&mut app, "e");
    assert_eq!(
        app.game().acting_side(),
        Some(SideId::B),
        "no question asked"
    );
    if matches!(app.mode(), Mode::Handover { .. }) {
        press(&mut app, " ");
    }
    end_orders(&mut app);
    assert_eq!(app.game().phase(), Phase::Melee);
    let readiable = app.units_only_to_ready();
    assert!(!readiable.is_empty());
    press(&mut app, "e");
    let s = render(&app, 100, 30);
    assert_shows(&s, "may still ready (R5.6), this turn's last chance.");
    assert_shows(&s, "[r] ready the 3, then end");
    press(&mut app, "r");
    for id in readiable {
        assert!(app.game().unit(id).unwrap().ready, "{id:?} is ready");
    }
    assert_eq!(
        app.game().acting_side(),
        Some(SideId::B),
        "Red's orders ended"
    );
}

/// Issue 29's playtest (a small quick battle at 100 × 30 showed 13 of its 16 columns): a
/// map the terminal clips puts the overview's key among the first hints of the status
/// line; a map shown whole does not.
#[test]
fn a_clipped_map_hints_the_overview_on_the_status_line() {
    let app = hotseat();
    let clipped = render(&app, 80, 24);
    let whole = render(&app, 100, 30);
    let status = |s: &[String]| s.last().cloned().unwrap_or_default();
    assert!(
        has(&clipped, "◀") || has(&clipped, "▶"),
        "{}",
        clipped.join("\n")
    );
    assert!(
        status(&clipped).contains("· M overview ·"),
        "{}",
        status(&clipped)
    );
    assert!(!status(&whole).contains("M overview"), "{}", status(&whole));
}
