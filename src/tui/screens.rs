//! Screens drawn over the battle: help with the key map and a rules summary, the hot-seat
//! handover, decision prompts addressed to a side by name, confirmations, the game-over
//! summary, the alert of a failed autosave (issue 25), and the message shown when the
//! terminal is smaller than 80×24.

use super::app::{App, Mode};
use super::describe::decision_line;
use crate::columns;
use crate::engine::event::EndReason;
use crate::engine::rules::{Rules, ShockResult};
use crate::engine::{Actor, SideId};
use crate::text::escape_text;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// Smallest terminal the game draws in.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The map's legend on the help screen, under the keys.
const MAP_LEGEND: &str = "\
MAP   RDF2 over p 8d: side letter, formation, reload tokens (@: on objective)
      over the unit's tag, uhp, status (* ready, d disordered, F fleeing)
      @@ objective  »× other side's last act (o)  ? a prompt's units  ! threat
      Terrain: . clear  : rough  T woods  ^ hill  V village  = ford  ~ water
      ## works  -==- road  ~==~ bridge  +R+ reserve (R12)  ! target  > chosen";

/// The rules in brief, under the map's legend on the help screen: the initiative die
/// (R3.1), the armor firearms pierce (R5.3) and the shock table (R9.1) are those of
/// `rules`, the rules in use, so a battle with its own rules file shows its own numbers.
fn rules_in_brief(rules: &Rules) -> String {
    let die = rules.initiative_die;
    let ap = rules.armor_penetration;
    let shock = shock_table_words(rules);
    format!(
        "\
TURN  Initiative (d{die} + ability; winner picks first or second side), Movement,
      Missile, Melee, Morale. The first side orders first in each phase.
RULES Hits: d20 + mods >= attack throw + AC. Firearms pierce up to {ap} armor
      in AP range, need line of sight, and must reload (tokens drop when the
      unit stands fast). Shock 2d6+ML: {shock}.
      Cavalry charging Drilled Foot not next to friendly Formed Foot (or any
      Undrilled Foot) forces a shock roll at once. Ready units strike first."
    )
}

/// The shock table in words, each row's totals and result (`2- rout, 3-4 flee, 5-6
/// recoil, 7+ hold`), the totals above the last row holding (R9.1).
fn shock_table_words(rules: &Rules) -> String {
    let mut words = Vec::new();
    let mut low: Option<i32> = None;
    for row in &rules.shock_table {
        let totals = match low {
            None => format!("{}-", row.at_most),
            Some(l) if l >= row.at_most => row.at_most.to_string(),
            Some(l) => format!("{l}-{}", row.at_most),
        };
        words.push(format!("{totals} {}", shock_word(row.result)));
        low = Some(row.at_most.saturating_add(1));
    }
    match low {
        Some(l) => words.push(format!("{l}+ hold")),
        None => words.push("any hold".into()),
    }
    words.join(", ")
}

/// A shock result's word in the help (R9.1).
fn shock_word(result: ShockResult) -> &'static str {
    match result {
        ShockResult::Rout => "rout",
        ShockResult::Flee => "flee",
        ShockResult::Recoil => "recoil",
        ShockResult::Hold => "hold",
    }
}

/// The help screen for `?` under `rules`, the rules in use: the keys, written from the key
/// table ([`super::keys`]), the map's legend, then the rules in brief with their numbers
/// read from `rules`; with the shipped rules every line fits the 78 columns of the help
/// box at 80×24.
pub fn help_text(rules: &Rules) -> String {
    let mut lines = super::keys::help_lines(78);
    lines.push(MAP_LEGEND.to_string());
    lines.push(rules_in_brief(rules));
    lines.join("\n")
}

/// The help screen under the shipped rules (see [`help_text`]).
pub static HELP: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| help_text(&Rules::standard()));

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Rows a line takes when word-wrapped to `width` columns (greedy, as the paragraph wraps).
pub fn wrapped_rows(line: &Line, width: usize) -> usize {
    let width = width.max(1);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let (mut rows, mut col) = (1, None);
    for word in text.split(' ').map(crate::columns::width) {
        let mut c = match col {
            None => word,
            Some(c) if c + 1 + word <= width => c + 1 + word,
            Some(_) => {
                rows += 1;
                word
            }
        };
        while c > width {
            rows += 1;
            c -= width;
        }
        col = Some(c);
    }
    rows
}

fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>, width: u16) {
    popup_clear_of(frame, area, title, lines, width, (&[], &[]));
}

/// The rows a popup of `lines` takes at `width`, borders included.
fn popup_height(lines: &[Line], area: Rect, width: u16) -> u16 {
    // Wrapped lines count: a popup sized by its logical lines cut off the end of long ones.
    let inner = width.min(area.width).saturating_sub(2) as usize;
    lines.iter().map(|l| wrapped_rows(l, inner)).sum::<usize>() as u16 + 2
}

/// Where a box of `width`×`height` goes so that it covers as few of `keep` (screen cells
/// of hexes that must stay in view) as it can, then as few of `rather` (cells better left
/// in view), then as few cells: centred if that covers none, else at the top or bottom of
/// `area`, left, centre or right; the first of the least covering wins.
pub fn placed_clear_of(
    area: Rect,
    width: u16,
    height: u16,
    keep: &[Rect],
    rather: &[Rect],
) -> Rect {
    let c = centered(area, width, height);
    let (top, bottom) = (area.y, area.bottom().saturating_sub(c.height));
    let (left, right) = (area.x, area.right().saturating_sub(c.width));
    let mut spots = vec![c];
    for y in [top, bottom] {
        for x in [c.x, left, right] {
            spots.push(Rect { x, y, ..c });
        }
    }
    let covered = |r: &Rect| {
        let hits = |cells: &[Rect]| cells.iter().filter(|k| k.intersects(*r)).count();
        let all = keep.iter().chain(rather).filter(|k| k.intersects(*r));
        let cells: u32 = all.map(|k| k.intersection(*r).area()).sum();
        (hits(keep), hits(rather), cells)
    };
    spots.into_iter().min_by_key(covered).unwrap_or(c)
}

/// A popup kept clear of the screen cells in `keep` (see [`placed_clear_of`]).
fn popup_clear_of(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    (keep, rather): (&[Rect], &[Rect]),
) {
    let height = popup_height(&lines, area, width);
    // A box kept clear of something stays off the header and the status line too.
    let room = match keep {
        [] => area,
        _ => Rect {
            y: area.y + 2,
            height: area.height.saturating_sub(3),
            ..area
        },
    };
    let room = if room.height >= height { room } else { area };
    let rect = placed_clear_of(room, width, height, keep, rather);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        rect,
    );
}

/// A popup that may be taller than the screen: it shows from line `scroll` (kept within the
/// text) and says in its title when more lies above or below.
fn scrolled_popup(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    scroll: u16,
) {
    let inner = width.min(area.width).saturating_sub(2) as usize;
    let total = lines.iter().map(|l| wrapped_rows(l, inner)).sum::<usize>() as u16;
    let room = area.height.saturating_sub(2);
    let scroll = scroll.min(total.saturating_sub(room));
    let more = match (scroll > 0, scroll + room < total) {
        (false, false) => "",
        (false, true) => " (↓ more)",
        (true, false) => " (↑ more)",
        (true, true) => " (↑↓ more)",
    };
    let rect = centered(area, width, total.min(room) + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title}{more} "));
    let text = Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0));
    frame.render_widget(text, rect);
}

/// The message for a terminal that is too small.
pub fn too_small(frame: &mut Frame, app: &App, area: Rect) {
    let mut text = vec![
        Line::raw("The terminal is too small for Volley."),
        Line::raw(format!(
            "It needs at least {}×{}; this one is {}×{}.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        )),
        Line::raw("Enlarge the window: the battle goes on where it was."),
        Line::raw("Until then only q (quit) and ? (help) work."),
    ];
    match app.mode {
        Mode::ConfirmQuit => text.push(Line::raw(quit_question(app))),
        Mode::Help => {
            let help = help_text(app.game().rules());
            text.extend(help.lines().map(|l| Line::raw(l.to_string())));
        }
        _ => {}
    }
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .alignment(Alignment::Left),
        area,
    );
}

/// The overlay of the current mode or decision, if any.
pub fn overlay(frame: &mut Frame, app: &App, area: Rect) {
    if mode_overlay(frame, app, area) {
        return;
    }
    let g = &app.game();
    if g.outcome().is_some() {
        return game_over(frame, app, area);
    }
    decision_overlay(frame, app, area);
}

/// The box of the current mode (help, overview, a prompt, a confirmation), if it has one;
/// whether it had (the rules browser counts: nothing is drawn over it).
fn mode_overlay(frame: &mut Frame, app: &App, area: Rect) -> bool {
    let g = &app.game();
    match &app.mode {
        Mode::Help => popup(
            frame,
            area,
            "Help",
            help_text(g.rules())
                .lines()
                .map(|l| Line::raw(l.to_string()))
                .collect(),
            80,
        ),
        Mode::Overview => {
            let inner = (area.width.saturating_sub(2), area.height.saturating_sub(4));
            let lines = super::overview::lines(app, inner.0, inner.1);
            popup(frame, area, "Map overview", lines, area.width);
        }
        Mode::Handover { side, ask, summary } => handover(frame, app, area, *side, ask, summary),
        Mode::Briefing { scroll } => {
            let lines = super::briefing::lines(app);
            scrolled_popup(frame, area, "Briefing", lines, 78, *scroll);
        }
        Mode::SaveAs { name, fresh } => save_prompt(frame, app, area, (name, *fresh)),
        Mode::Chat { line } => chat_prompt(frame, area, line),
        Mode::Message { lines, .. } => {
            let mut shown: Vec<Line<'static>> =
                lines.iter().map(|l| Line::raw(l.clone())).collect();
            shown.push(Line::raw(""));
            shown.push(Line::raw("Press any key to go on."));
            popup(frame, area, "Message", shown, 70);
        }
        Mode::Problems { lines } => {
            let mut shown: Vec<Line<'static>> =
                lines.iter().map(|l| Line::raw(l.clone())).collect();
            shown.push(Line::raw(""));
            shown.push(Line::raw(
                "The battle goes on as it was. Fix the file and save it again.",
            ));
            popup(frame, area, "The scenario file has problems", shown, 90);
        }
        Mode::ForceDice { faces } => {
            let lines = vec![
                Line::raw(format!("Next dice show: {faces}_")),
                Line::raw("Faces 1-20, in order, before the seeded dice go on."),
                Line::raw("Enter forces them (kept in the save), Esc cancels."),
            ];
            popup(frame, area, "Force dice (designer)", lines, 64);
        }
        // The rules browser and the whole log cover the battle: nothing of it is asked
        // over them (a prompt waits until they close; playtest 48).
        Mode::Rules { .. } | Mode::Log => {}
        _ => return confirm_overlay(frame, app, area),
    }
    true
}

/// The units that can still act, by label with their map tags, the first four and how many
/// more: which ones `y` would leave without an order.
fn still_to_act(app: &App) -> String {
    const SHOWN: usize = 4;
    let ids: Vec<_> = (app.units_to_act().into_iter())
        .chain(app.units_only_to_ready())
        .collect();
    let g = app.game();
    let mut names: Vec<String> = (ids.iter().take(SHOWN))
        .filter_map(|id| g.unit(*id))
        .map(|u| format!("{} [{}]", u.label, app.tag(u.id)))
        .collect();
    if ids.len() > SHOWN {
        names.push(format!("{} more", ids.len() - SHOWN));
    }
    format!("Still to act: {}.", names.join(", "))
}

/// What `e` asks with `idle` units still able to move, fire or attack and `ready` more
/// that could only ready (R5.6) in the Melee phase, the turn's last chance to; `[r]` is
/// offered when `readies_all` ([`App::readies_all`]).
fn end_orders_question(idle: usize, ready: usize, readies_all: bool) -> String {
    let count = |n: usize| crate::words::counted(n as u64, "unit");
    let what = match (idle, ready) {
        (0, r) => format!(
            "{} may still ready (R5.6), this turn's last chance.",
            count(r)
        ),
        (i, 0) => format!("{} can still act.", count(i)),
        (i, r) => format!("{} can still act, and {r} more may ready (R5.6).", count(i)),
    };
    let ready_all = match ready {
        _ if !readies_all => String::new(),
        0 => String::new(),
        1 => " [r] ready it, then end,".into(),
        r => format!(" [r] ready the {r}, then end,"),
    };
    format!("{what} End orders? [y] yes,{ready_all} any other key: no")
}

/// The box of a confirmation (replace a file, quit, end orders, concede), if the mode is
/// one; whether it was.
fn confirm_overlay(frame: &mut Frame, app: &App, area: Rect) -> bool {
    let g = &app.game();
    match &app.mode {
        Mode::ConfirmReplace { path, why, .. } => {
            let lines = vec![
                Line::raw(crate::files::shown(path).into_owned()),
                Line::raw(format!("{why}.")),
                Line::raw("Replace it? [y] yes, any other key: no"),
            ];
            popup(frame, area, "Replace?", lines, 80);
        }
        Mode::ConfirmQuit => confirm_quit(frame, app, area),
        Mode::ConfirmEnd { idle, ready } => {
            let lines = vec![
                Line::raw(end_orders_question(*idle, *ready, app.readies_all())),
                Line::raw(still_to_act(app)),
            ];
            popup(frame, area, "End orders", lines, 72);
        }
        Mode::ConfirmConcede { side } => {
            let name = g.side(*side).name.clone();
            let other = g.side(side.other()).name.clone();
            let text = format!(
                "{name} concedes: the battle ends, {other} wins. [y] yes, any other key: no"
            );
            popup(frame, area, "Concede?", vec![Line::raw(text)], 60);
        }
        _ => return false,
    }
    true
}

/// The prompt of a decision a side must take, kept clear of the hexes it is about.
fn decision_overlay(frame: &mut Frame, app: &App, area: Rect) {
    let g = &app.game();
    if let Actor::Decide(decision) = g.actor() {
        if let Some(text) = decision_line(g, &decision) {
            let name = g.side(decision.side()).name.clone();
            // The other player's decision, across two machines: this player waits.
            let text = match app.is_remote(decision.side()) {
                true => format!("Waiting for the other player ({name}) to answer: {text}"),
                false => text,
            };
            popup_clear_of(
                frame,
                area,
                &crate::words::side_does(&name, "decides"),
                vec![Line::raw(text)],
                70,
                (&decision_cells(app, area), &unit_cells(app)),
            );
        }
    }
}

/// The screen cells a decision's box must leave in view: the hexes it is about (every
/// unit's for the initiative, which is about none) and the log's newest lines.
fn decision_cells(app: &App, area: Rect) -> Vec<Rect> {
    let geometry = app.map_view.geometry();
    // The log's newest lines, just above the status line, tell what the decision is
    // about: they stay in view too.
    let log = Rect {
        y: area.bottom().saturating_sub(5).max(geometry.area.bottom()),
        height: 4,
        ..geometry.area
    };
    let hexes = app.concerned();
    if hexes.is_empty() {
        return unit_cells(app).into_iter().chain([log]).collect();
    }
    let cells = hexes.iter().filter_map(|h| geometry.cell(*h));
    cells.chain([log]).collect()
}

/// The screen cells of every unit on the map, better left in view by a box.
fn unit_cells(app: &App) -> Vec<Rect> {
    let geometry = app.map_view.geometry();
    let units = app.game().units().iter().filter(|u| u.on_map());
    units.filter_map(|u| geometry.cell(u.pos)).collect()
}

/// `S`: the name or path being typed, and where it saves.
fn save_prompt(frame: &mut Frame, app: &App, area: Rect, (name, fresh): (&str, bool)) {
    let offered = if fresh { " (type to replace it)" } else { "" };
    let mut lines = vec![
        Line::raw(format!("Save as: {}_{offered}", escape_text(name))),
        Line::raw("A name saves in the data directory's saves/;"),
        Line::raw("a path (with a /) saves there."),
    ];
    if app.save_alert.is_some() {
        lines.push(Line::raw("The autosave goes on in the file you choose."));
    }
    lines.push(Line::raw("Enter saves, Esc cancels."));
    popup(frame, area, "Save", lines, 64);
}

/// `T`: the line of chat being typed to the other player.
fn chat_prompt(frame: &mut Frame, area: Rect, line: &str) {
    let lines = vec![
        Line::raw(format!("To the other player: {}_", escape_text(line))),
        Line::raw("Enter sends, Esc cancels."),
    ];
    popup(frame, area, "Chat", lines, 64);
}

/// Leaving the battle asks first, and says when the battle as it is would be lost.
fn confirm_quit(frame: &mut Frame, app: &App, area: Rect) {
    let mut lines = Vec::new();
    if app.save_alert.is_some() {
        lines.push(Line::styled(not_saved(app), alert_style()));
    }
    // The alert's line above says what is not saved; the question is the plain one then.
    lines.push(Line::raw(match app.save_alert {
        Some(_) => QUIT_QUESTION.to_string(),
        None => quit_question(app),
    }));
    popup(frame, area, "Quit", lines, 64);
}

/// What `q` asks before the battle is left.
const QUIT_QUESTION: &str = "Leave the battle? [y] yes, any other key: no";

/// The quit question on the too-small screen, with what is not saved if the autosave fails.
fn quit_question(app: &App) -> String {
    match (&app.save_alert, app.from_title) {
        (Some(_), _) => format!("{}. {QUIT_QUESTION}", not_saved(app)),
        (None, true) if app.saved.is_some() => BACK_QUESTION.to_string(),
        (None, true) => "Back to the title screen? [y] yes, any other key: no".to_string(),
        (None, false) => QUIT_QUESTION.to_string(),
    }
}

/// The question before leaving a battle opened from the title screen, which goes back there.
const BACK_QUESTION: &str =
    "Back to the title screen? The battle is saved: resume it there. [y] yes, any other key: no";

/// What is lost while the autosave fails: `NOT SAVED since turn 2, command 14`.
pub fn not_saved(app: &App) -> String {
    match &app.saved {
        Some(saved) => format!("NOT SAVED since {}", saved.point()),
        None => "NOT SAVED at all".to_string(),
    }
}

/// The style of what says the battle is not saved: white on red, bold.
pub fn alert_style() -> Style {
    Style::default()
        .fg(Color::White)
        .bg(Color::Red)
        .add_modifier(Modifier::BOLD)
}

/// The alert of a failed autosave, over everything until the player dismisses it.
pub fn save_alert(frame: &mut Frame, app: &App, area: Rect) {
    let Some(alert) = app.save_alert.as_ref().filter(|a| !a.acknowledged) else {
        return;
    };
    let newest = match &app.saved {
        Some(saved) => format!(
            "The newest save, {}, holds {}.",
            crate::files::shown(&saved.path),
            saved.point()
        ),
        None => "There is no save of this battle.".to_string(),
    };
    let lines = vec![
        Line::styled(not_saved(app), alert_style()),
        Line::raw(escape_text(&alert.reason).into_owned()),
        Line::raw(newest),
        Line::raw("The game tries again after every command."),
        Line::raw(""),
        Line::raw("[S] save elsewhere  [Enter] go on  [q] quit"),
    ];
    popup(frame, area, "Autosave failed", lines, area.width.min(100));
}

/// Lines of the other side's doings a handover shows at most (the log has the rest).
const HANDOVER_LINES: usize = 10;

/// The hot-seat handover: to whom, what is asked, and what happened since that player last
/// had the keyboard (its last lines; the log keeps all).
fn handover(frame: &mut Frame, app: &App, area: Rect, side: SideId, ask: &str, summary: &[String]) {
    let name = app.game().side(side).name.clone();
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::styled(format!("Pass the keyboard to {name}"), bold),
        Line::raw(escape_text(ask).into_owned()),
        Line::raw(""),
    ];
    if summary.is_empty() {
        lines.push(Line::raw(
            "Nothing has happened since your last turn at the keys.",
        ));
    } else {
        lines.push(Line::raw("Since you last had the keys:"));
        let cut = summary.len().saturating_sub(HANDOVER_LINES);
        if cut > 0 {
            lines.push(Line::raw(format!("  … {cut} earlier line(s) in the log")));
        }
        let recent = summary.get(cut..).unwrap_or_default();
        lines.extend(
            recent
                .iter()
                .map(|l| Line::raw(format!("  {}", escape_text(l)))),
        );
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw(format!(
        "{name}: press any key when you are ready."
    )));
    lines.push(Line::raw(
        "(H switches handovers off; --no-handover for one game.)",
    ));
    popup(frame, area, "Handover", lines, area.width.min(90));
}

/// The end-of-battle popup: who won and why, each side's losses, how to roll the same
/// dice or watch the battle again, and the unit table, as many rows as fit from
/// `app.end_scroll` (`PgUp`/`PgDn`) (R10).
fn game_over(frame: &mut Frame, app: &App, area: Rect) {
    let Some(mut lines) = outcome_lines(app) else {
        return;
    };
    lines.extend(side_lines(app));
    lines.push(Line::raw(""));
    lines.extend(again_lines(app));
    lines.push(Line::raw(""));
    // Rows inside the box once it keeps off the header and the status line, less the
    // lines above and the table's header and footer.
    let inner = area.width.min(100).saturating_sub(2) as usize;
    let above: usize = lines.iter().map(|l| wrapped_rows(l, inner)).sum();
    let room = area.height.saturating_sub(3 + 2) as usize;
    let rows = room.saturating_sub(above + 2).max(1);
    lines.extend(table_window(app, unit_table(app), rows));
    // Kept clear of the log, which tells how it ended.
    let log = app.map_view.geometry().area;
    let below = Rect::new(
        area.x,
        log.bottom(),
        area.width,
        area.bottom().saturating_sub(log.bottom()),
    );
    popup_clear_of(
        frame,
        area,
        "The battle is over",
        lines,
        area.width.min(100),
        (&[below], &[]),
    );
}

/// The table's header and `rows` of its rows from `app.end_scroll` (kept within the
/// table), with a footer saying which rows show when they do not all fit; the paging is
/// kept for `PgUp` / `PgDn`.
fn table_window(app: &App, table: Vec<Line<'static>>, rows: usize) -> Vec<Line<'static>> {
    let mut table = table.into_iter();
    let header: Vec<Line<'static>> = table.next().into_iter().collect();
    let body: Vec<Line<'static>> = table.collect();
    // The footer's row holds a unit when the table fits whole.
    let rows = if body.len() <= rows + 1 {
        rows + 1
    } else {
        rows
    };
    let most = body.len().saturating_sub(rows);
    app.end_paging.set((rows, most));
    let from = app.end_scroll.min(most);
    let shown: Vec<Line<'static>> = body.iter().skip(from).take(rows).cloned().collect();
    let footer = (shown.len() < body.len()).then(|| {
        Line::raw(format!(
            "units {}–{} of {} · PgUp PgDn: scroll",
            from + 1,
            from + shown.len(),
            body.len()
        ))
    });
    header.into_iter().chain(shown).chain(footer).collect()
}

/// Who won and why (R10.1-R10.3), with a blank line after; `None` while the battle goes on.
fn outcome_lines(app: &App) -> Option<Vec<Line<'static>>> {
    let g = &app.game();
    let outcome = g.outcome()?;
    let winner = outcome.winner.map_or("Nobody wins: a draw".into(), |s| {
        crate::words::side_does(&g.side(s).name, "wins")
    });
    let said: String;
    let why: &str = match outcome.reason {
        EndReason::Annihilated => "no enemy unit is left on the field (R10.1)",
        EndReason::ArmyBroke => "the enemy army's morale broke (R10.2)",
        EndReason::Objectives => "more objectives held at the turn limit (R10.3)",
        EndReason::Losses => "more losses inflicted by the turn limit (R10.3)",
        EndReason::Defender => "the defender holds at the turn limit (R10.3)",
        EndReason::Conceded => {
            // Named: "the enemy" read as the player's own enemy to the side that gave up.
            let loser = outcome.winner.map(|w| g.side(w.other()).name.as_str());
            said = format!("{} conceded the battle (R10)", loser.unwrap_or("a side"));
            &said
        }
        EndReason::Scripted { event } => {
            said = format!(
                "{} (R12.7)",
                g.scripted_reason(event).unwrap_or("a scenario event")
            );
            &said
        }
    };
    let bold = Style::default().add_modifier(Modifier::BOLD);
    Some(vec![
        Line::styled(winner, bold),
        Line::raw(format!("Why: {why}, turn {}", g.turn())),
        Line::raw(""),
    ])
}

/// A line per side in `volley sim`'s words and by its count ([`Game::side_tallies`], R12.3):
/// uhp lost to damage and routed off the field (together its R10.3 losses) of its start,
/// units gone and the value of the objectives it holds (R10.3, R12.4).
///
/// [`Game::side_tallies`]: crate::engine::Game::side_tallies
fn side_lines(app: &App) -> Vec<Line<'static>> {
    let g = &app.game();
    let tallies = g.side_tallies();
    [SideId::A, SideId::B]
        .into_iter()
        .map(|side| {
            let s = g.side(side);
            let t = side.of(&tallies);
            let gone = (g.units().iter())
                .filter(|u| u.side == side && !u.on_map() && !u.to_come())
                .count();
            Line::raw(format!(
                "{}: lost {} and routed {} of {} uhp, {} gone, held objectives worth {}",
                s.name,
                t.lost,
                t.routed_uhp,
                s.start_uhp,
                crate::words::counted(gone as u64, "unit"),
                g.objectives_held(side)
            ))
        })
        .collect()
}

/// The command that rolls these dice again; for a battle generated on the spot (no file
/// holds it), the `volley generate` that writes its file first.
fn play_again(app: &App) -> String {
    let seed = app.seed;
    let file = &app.scenario.file;
    let levels = sides_played(app);
    let made = crate::generate::write::made_with_command(&app.scenario.source);
    // A file of that name holding another battle does not make this one again.
    let on_disk = *app
        .file_holds_battle
        .get_or_init(|| std::fs::read_to_string(file).is_ok_and(|s| s == app.scenario.source));
    match made.filter(|_| !on_disk) {
        Some(command) => {
            let file = crate::files::shell_quoted(std::path::Path::new(file));
            format!("Seed {seed}: `{command} > {file}`, then `volley --seed {seed}{levels} {file}` rolls these dice again.")
        }
        None => format!(
            "Seed {seed}: `volley --seed {seed}{levels} {}` rolls these dice again.",
            app.scenario.typed_name()
        ),
    }
}

/// The options that play the sides as this battle was played: `--hotseat`, or each
/// computer side with `--computer` when they are not the file's, and the computer's level
/// (perhaps one chosen with `l` on the title screen, which the file does not say).
fn sides_played(app: &App) -> String {
    use crate::scenario::Controller::Computer;
    let file = [0, 1].map(|i| app.scenario.sides.get(i).map(|s| s.player));
    let played = [0, 1].map(|i| app.controllers.get(i).copied());
    let name = |i: usize| if i == 0 { 'A' } else { 'B' };
    let computer: Vec<usize> = (0..2)
        .filter(|&i| played.get(i) == Some(&Some(Computer)))
        .collect();
    let mut out = String::new();
    if played != file {
        if computer.is_empty() {
            out.push_str(" --hotseat");
        }
        for &i in &computer {
            out.push_str(&format!(" --computer {}", name(i)));
        }
    }
    for &i in &computer {
        if let Some(level) = app.levels.get(i) {
            out.push_str(&format!(" --level {}={}", name(i), level.name()));
        }
    }
    out
}

/// How to roll these dice again, watch the saved battle again, and the keys that leave.
fn again_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = vec![Line::raw(match app.network.is_some() {
        // Across two machines the dice came from both players' values, not the seed.
        true => "Every roll came from both players' values; the save keeps them.".to_string(),
        false => play_again(app),
    })];
    if let Some(path) = app.saved.as_ref().map(|s| &s.path) {
        lines.push(Line::raw(format!(
            "Watch it again: volley replay {}",
            crate::files::shell_quoted(path)
        )));
    }
    lines.push(Line::raw(match app.network.is_some() {
        true => "q: leave.",
        false => "Enter or t: back to the title screen · q: leave.",
    }));
    lines
}

/// A row per unit, side by side, in `volley sim`'s words: uhp dealt, lost to damage and
/// routed off the field, shock rolls failed of made, its fate.
fn unit_table(app: &App) -> Vec<Line<'static>> {
    let g = &app.game();
    let tallies = g.tallies();
    let mut lines = vec![Line::styled(
        format!(
            "{:<24} {:>5} {:>5} {:>6} {:>6}  {}",
            "unit", "dealt", "lost", "routed", "shock", "fate"
        ),
        Style::default().add_modifier(Modifier::UNDERLINED),
    )];
    for u in g.units() {
        let Some(t) = tallies.get(usize::from(u.id.0)) else {
            continue;
        };
        let fate = match t.fate {
            Some(crate::engine::game::Fate::Destroyed) => "destroyed".to_string(),
            Some(crate::engine::game::Fate::Routed) => "routed".to_string(),
            None => format!("{} uhp left", u.uhp),
        };
        // Cut and padded by display width: characters miscount CJK and combining marks.
        // A long label is cut, never the tag after it (issue 26).
        let label = columns::ellipsized(&u.label, 24 - 6);
        let name = format!("{} {label} [{}]", app.side_letter(u.side), app.tag(u.id));
        let name = columns::pad(&name, 24);
        lines.push(Line::raw(format!(
            "{name} {:>5} {:>5} {:>6} {:>6}  {fate}",
            t.dealt,
            t.taken,
            u.routed_uhp(),
            format!("{}/{}", t.shock_failed, t.shock_rolls)
        )));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::end_orders_question;

    /// R5.6: the end-of-orders question offers `r` only where it can ready every unit
    /// left (not across two machines), and names how many it readies.
    #[test]
    fn r5_6_the_end_of_orders_question_offers_r_only_where_it_readies_them() {
        assert_eq!(
            end_orders_question(0, 1, true),
            "1 unit may still ready (R5.6), this turn's last chance. End orders? [y] yes, \
             [r] ready it, then end, any other key: no"
        );
        assert_eq!(
            end_orders_question(2, 3, false),
            "2 units can still act, and 3 more may ready (R5.6). End orders? [y] yes, any \
             other key: no"
        );
    }
}
