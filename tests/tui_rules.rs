//! Screen tests of the in-game rules browser (issue 27): `R` opens the rules of play as
//! shipped (`docs/rules.md`, the text `volley rules` prints) over the battle, at the rule the
//! player just met: the one a refusal cites, else the newest log line that cites one, else
//! the panel's; at the top when none does. Its keys scroll it, step from rule to rule and
//! close it back to the battle as it was.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::{Command, Map, Order};
use volley::tui::rules_view::rule_met;
use volley::tui::{App, Mode};

mod screen;
use screen::*;

/// The browser's state, or a failure naming the mode the app is in instead.
#[track_caller]
fn view(app: &App) -> &volley::tui::rules_view::RulesView {
    match &app.mode() {
        Mode::Rules { view, .. } => view,
        other => panic!("the rules browser is not open: {other:?}"),
    }
}

/// The rows inside the browser's box at `w`×`h`: its title row, then its text.
fn inside(app: &App, w: u16, h: u16) -> Vec<String> {
    render(app, w, h)
        .into_iter()
        .map(|row| {
            let row = row.trim_start_matches(['│', '┌']);
            row.trim_end_matches(['│', '┐', '─', ' ']).to_string()
        })
        .collect()
}

/// Red's pikemen ordered to march beyond their reach: the engine refuses with R4.1.
fn refused_march(app: &mut App) -> String {
    press(app, "1");
    let pike = unit_id(app, "Red pike");
    let far = Command::Order(Order::March {
        unit: pike,
        to: Map::hex_at(4, 0),
    });
    assert!(!app.submit(far));
    app.message().to_string()
}

#[test]
fn r4_1_after_a_refused_order_r_opens_the_rules_at_the_refused_rule() {
    let mut app = hotseat();
    let refusal = refused_march(&mut app);
    assert!(refusal.ends_with("(R4.1)"), "{refusal}");
    press(&mut app, "R");
    assert_eq!(view(&app).rule(), Some("R4.1"));
    let s = inside(&app, 100, 30);
    assert!(
        s[0].starts_with(" Rules: R4.1, line 110 of 414"),
        "{}",
        s[0]
    );
    assert_eq!(s[1], "R4.1 Movement orders");
    // The footer inside the box names the browser's keys, as does the status line.
    assert_shows(
        &s[27..28],
        "↓/↑/PgDn/PgUp scroll · n next rule · p previous rule · Esc/q close",
    );
}

#[test]
fn with_no_rule_cited_r_opens_the_rules_at_the_top() {
    let mut app = hotseat();
    assert_eq!(app.rule_in_view(), None, "nothing on screen cites a rule");
    press(&mut app, "R");
    assert_eq!(view(&app).top(), 0);
    let s = inside(&app, 100, 30);
    assert!(s[0].starts_with(" Rules: line 1 of 414"), "{}", s[0]);
    assert_eq!(s[1], "Volley: the rules of play");
}

#[test]
fn r9_4_with_no_refusal_the_newest_log_line_that_cites_a_rule_opens_it() {
    let log = [
        "an older line (R4.4)".to_string(),
        "Red pike is secured by pike (R9.4)".into(),
        "a newer line citing nothing".into(),
    ];
    let panel = || vec!["a panel line (R6.3)".to_string()];
    assert_eq!(rule_met("", &log, panel), Some("R9.4"));
    assert_eq!(rule_met("refused (R4.1)", &log, panel), Some("R4.1"));
    assert_eq!(rule_met("", &log[2..], panel), Some("R6.3"));
    assert_eq!(rule_met("", &log[2..], Vec::new), None);
}

#[test]
fn r6_3_with_nothing_else_cited_the_panels_line_opens_its_rule() {
    let mut app = hotseat();
    aim_fire(&mut app);
    app.say("");
    let cited = app.rule_in_view();
    assert!(
        app.log().iter().all(|l| !l.contains("(R")),
        "no log line cites"
    );
    let panel = volley::tui::panels::panel_text(&app);
    let line = panel
        .iter()
        .find(|l| l.contains("(R6."))
        .expect("a range line");
    assert!(line.ends_with(&format!("({})", cited.unwrap())), "{line}");
    press(&mut app, "R");
    assert_eq!(view(&app).rule(), cited);
}

#[test]
fn the_browser_scrolls_steps_from_rule_to_rule_and_closes_back_to_the_battle() {
    let mut app = hotseat();
    let before = app.mode().clone();
    press(&mut app, "R");
    press(&mut app, "j");
    assert_eq!(view(&app).top(), 1, "j: a line down");
    press(&mut app, "k");
    assert_eq!(view(&app).top(), 0, "k: a line up");
    press(&mut app, "k");
    assert_eq!(view(&app).top(), 0, "not above the first line");
    press(&mut app, "nn");
    assert_eq!(view(&app).rule(), Some("R1.1"), "n: the next rule twice");
    press(&mut app, "p");
    assert_eq!(view(&app).rule(), Some("R1"), "p: the rule before");
    // A page is what the box held when last drawn: at 100×30, 26 rows of text under the
    // title and over the footer, none of these lines wrapped.
    render(&app, 100, 30);
    let top = view(&app).top();
    app.handle_key(volley::tui::Key::PageDown);
    let page = view(&app).top() - top;
    assert_eq!(page, 26, "PgDn: a page");
    let s = inside(&app, 100, 30);
    assert!(
        s[0].starts_with(&format!(" Rules: R2.2, line {} of 414", top + page + 1)),
        "{}",
        s[0]
    );
    app.handle_key(volley::tui::Key::PageUp);
    assert_eq!(view(&app).top(), top);
    for close in ["\x1b", "q", "R"] {
        press(&mut app, close);
        assert_eq!(*app.mode(), before, "{close:?} closes the browser");
        press(&mut app, "R");
    }
    press(&mut app, "\x1b");
    assert!(!has(&render(&app, 100, 30), "Rules:"), "the battle again");
}

#[test]
fn r4_4_closing_the_rules_goes_back_to_the_order_being_built() {
    let mut app = hotseat();
    aim_charge(&mut app);
    let aiming = app.mode().clone();
    press(&mut app, "R");
    assert!(matches!(app.mode(), Mode::Rules { .. }));
    press(&mut app, "\x1b");
    assert_eq!(*app.mode(), aiming, "the target is still being picked");
}

/// The help screen's rows at 80×24 joined, so a sentence wrapped in the box reads whole.
fn help_screen(app: &mut App) -> String {
    press(app, "?");
    assert_eq!(*app.mode(), Mode::Help);
    render(app, 80, 24).join("\n")
}

#[test]
fn r3_1_r5_3_r9_1_the_help_shows_the_numbers_of_the_shipped_rules() {
    let help = help_screen(&mut hotseat());
    assert!(help.contains("Initiative (d6 + ability;"), "{help}");
    assert!(help.contains("Firearms pierce up to 5 armor"), "{help}");
    assert!(
        help.contains("Shock 2d6+ML: 2- rout, 3-4 flee, 5-6 recoil, 7+ hold."),
        "{help}"
    );
}

#[test]
fn r3_1_r5_3_r9_1_the_help_reads_its_numbers_from_the_battles_own_rules() {
    use volley::engine::rules::{ShockResult, ShockRow};
    let mut scenario = tutorial();
    let rules = &mut scenario.setup.rules;
    rules.initiative_die = 8;
    rules.armor_penetration = 4;
    rules.shock_table = vec![
        ShockRow {
            at_most: 3,
            result: ShockResult::Rout,
        },
        ShockRow {
            at_most: 4,
            result: ShockResult::Flee,
        },
        ShockRow {
            at_most: 8,
            result: ShockResult::Recoil,
        },
    ];
    let mut app = App::new(scenario, 7, HOTSEAT).unwrap();
    press(&mut app, " ");
    let help = help_screen(&mut app);
    assert!(help.contains("Initiative (d8 + ability;"), "{help}");
    assert!(help.contains("Firearms pierce up to 4 armor"), "{help}");
    assert!(
        help.contains("Shock 2d6+ML: 3- rout, 4 flee, 5-8 recoil, 9+ hold."),
        "{help}"
    );
}

/// R12.1, R12.5, R12.6: the help's map key names the marks of field works, roads, bridges
/// and a reserve's arrival hexes, and the rules browser has R12 in full.
#[test]
fn r12_the_help_names_the_marks_of_works_roads_bridges_and_reserves() {
    let help = volley::tui::screens::HELP.as_str();
    for mark in ["## works", "-==- road", "~==~ bridge", "+R+ reserve"] {
        assert!(help.contains(mark), "the help lacks {mark:?}:\n{help}");
    }
    let text = volley::rulebook::RULES_TEXT;
    for id in ["R12.1", "R12.3", "R12.5", "R12.6", "R12.7"] {
        assert!(volley::rulebook::rule_text(text, id).is_some(), "{id}");
    }
}

/// The browser shows `**bold**` without its stars and `code` without its backticks, on
/// every page.
#[test]
fn the_browser_shows_no_bold_or_code_marks() {
    let mut app = hotseat();
    press(&mut app, "R");
    let mut pages = 0;
    loop {
        let s = inside(&app, 100, 30);
        for row in &s[1..] {
            assert!(!row.contains("**") && !row.contains('`'), "{row}");
        }
        let top = view(&app).top();
        app.handle_key(volley::tui::Key::PageDown);
        pages += 1;
        if view(&app).top() == top {
            break;
        }
    }
    assert!(pages > 10, "only {pages} pages: the text was not all seen");
}
