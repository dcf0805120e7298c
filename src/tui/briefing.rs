//! The briefing shown before turn 1 and on `b`: the scenario's description, each side's
//! commander and forces, the objectives, how this battle is won (R10.1–R10.3 with its turn
//! limit, army-morale marks and defender, all read from the engine) and who commands what.

use super::app::App;
use crate::engine::{Formation, SideId};
use crate::scenario::Controller;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

/// The briefing's lines, to be word-wrapped by the popup that shows them.
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::styled(app.scenario.name.clone(), bold)];
    out.extend(
        app.scenario
            .description
            .lines()
            .map(|l| Line::raw(l.to_string())),
    );
    out.push(Line::raw(""));
    out.push(Line::styled(command_line(app), bold));
    out.push(Line::raw(""));
    out.push(Line::styled("Forces", bold));
    out.extend([SideId::A, SideId::B].map(|s| Line::raw(forces(app, s))));
    out.push(Line::raw(objectives(app)));
    let groups = group_lines(app);
    if !groups.is_empty() {
        // A heading of its own, as the reserves and events below have (R12.7).
        out.push(Line::raw(""));
        out.push(Line::styled(
            "Groups and computer orders (kept until released)",
            bold,
        ));
        out.extend(groups.into_iter().map(Line::raw));
    }
    out.extend(script(app, bold));
    out.push(Line::raw(""));
    out.push(Line::styled("How the battle is won", bold));
    out.extend(victory(app).into_iter().map(Line::raw));
    out.extend(rules_file(app).map(Line::raw));
    out.push(Line::raw(""));
    out.push(Line::raw(
        "Press any key to begin (↑↓ scroll); b shows this briefing again.",
    ));
    out
}

/// Who the player commands: a side, both (hot-seat), or neither (the computer plays both).
fn command_line(app: &App) -> String {
    let g = &app.game();
    if let Some(own) = app.own_net_side() {
        return format!(
            "Across two machines: you command {}; the other player commands {}.",
            g.side(own).name,
            g.side(own.other()).name
        );
    }
    let humans: Vec<SideId> = [SideId::A, SideId::B]
        .into_iter()
        .filter(|s| app.controller(*s) == Controller::Human)
        .collect();
    match humans.as_slice() {
        [one] => format!("You command {}.", g.side(*one).name),
        [_, _] => "Hot-seat: both sides play at this keyboard.".into(),
        _ => "The computer plays both sides; you watch.".into(),
    }
}

/// One side's commander and forces: units by formation and total uhp.
fn forces(app: &App, side: SideId) -> String {
    let g = &app.game();
    let commander = &side.of(&app.scenario.sides).commander;
    let units: Vec<_> = g.units().iter().filter(|u| u.side == side).collect();
    let uhp: u32 = units.iter().map(|u| u.uhp).sum();
    let by_formation: Vec<String> = Formation::ALL
        .iter()
        .filter_map(|f| {
            let n = units.iter().filter(|u| u.troop.formation == *f).count();
            (n > 0).then(|| format!("{n} {f}"))
        })
        .collect();
    let led = if commander.is_empty() {
        String::new()
    } else {
        format!(" under {commander}")
    };
    let reserves = units.iter().filter(|u| u.to_come()).count();
    let held = match reserves {
        0 => String::new(),
        n => format!(", {n} of them in reserve"),
    };
    format!(
        " {}{led}: {} units, {uhp} uhp ({}){held}",
        g.side(side).name,
        units.len(),
        by_formation.join(", ")
    )
}

/// The groups and the units under standing orders for the computer (issue 28): each group
/// with its units and its orders, then each other unit under an order; nothing when the
/// battle has neither.
fn group_lines(app: &App) -> Vec<String> {
    let g = app.game();
    let words = |id| crate::tui::describe::standing_words(g, id);
    let label = |id| g.unit(id).map_or_else(String::new, |u| u.label.clone());
    let mut out = Vec::new();
    // Units whose order a group's line gives: the rest under an order get lines of their own.
    let mut told = Vec::new();
    for group in &app.scenario.groups {
        let units: Vec<String> = group.units.iter().map(|id| label(*id)).collect();
        let first = group.units.first().copied();
        let side = first
            .and_then(|id| g.unit(id))
            .map(|u| g.side(u.side).name.clone());
        let order = first.and_then(words);
        // The group's order, when all its units are under the same one.
        let shared = group.units.iter().all(|id| words(*id) == order);
        let orders = match order.filter(|_| shared) {
            Some(o) => {
                told.extend(group.units.iter().copied());
                format!(" — orders: {o}")
            }
            None => String::new(),
        };
        out.push(format!(
            " Group {} ({}): {}{orders}",
            group.name,
            side.unwrap_or_default(),
            units.join(", ")
        ));
    }
    for u in g.units().iter().filter(|u| !told.contains(&u.id)) {
        if let Some(o) = words(u.id) {
            out.push(format!(
                " {} ({}): orders: {o}",
                u.label,
                g.side(u.side).name
            ));
        }
    }
    out
}

fn objectives(app: &App) -> String {
    let names: Vec<String> = app
        .game()
        .objectives()
        .iter()
        .map(|o| {
            let worth = crate::tui::describe::objective_worth(app.game(), o);
            format!("{} {}{worth}", o.name, crate::tui::describe::place(o.hex))
        })
        .collect();
    if names.is_empty() {
        "Objectives: none".into()
    } else {
        format!("Objectives (@@ on the map): {}", names.join(", "))
    }
}

/// The rules file the battle is played with when it is not the shipped rules (issue 28),
/// so that a player knows the numbers may differ from RULES.md's.
fn rules_file(app: &App) -> Option<String> {
    let rules = app.scenario.rules.as_ref()?;
    let file = crate::text::escape_text(&rules.file);
    Some(format!(
        "Rules: this battle is played with its own rules file, {file}, not the shipped rules."
    ))
}

/// The scenario's reserves (when and where) and events (what may happen), under their
/// headings, for both players alike (R12.1, R12.7); nothing for a battle without. The
/// groups and their orders are [`group_lines`]'.
fn script(app: &App, bold: Style) -> Vec<Line<'static>> {
    let g = app.game();
    let words = super::script_words::reserve_words;
    let reserves: Vec<String> = (g.units().iter())
        .filter_map(|u| {
            Some(format!(
                " {} ({}): {}",
                u.label,
                g.side(u.side).name,
                words(g, u)?
            ))
        })
        .collect();
    let events: Vec<String> = (g.scenario_events().iter())
        .map(|e| format!(" {}", super::script_words::event_words(g, e)))
        .collect();
    let mut out = Vec::new();
    for (title, list) in [
        ("Reserves (R12.1)", reserves),
        ("What may happen (R12.7)", events),
    ] {
        if !list.is_empty() {
            out.push(Line::raw(""));
            out.push(Line::styled(title, bold));
            out.extend(list.into_iter().map(Line::raw));
        }
    }
    out
}

/// R10.1–R10.3 as they apply to this battle.
fn victory(app: &App) -> Vec<String> {
    let g = &app.game();
    let s = g.standing();
    let name = |side: SideId| g.side(side).name.clone();
    let marks: Vec<String> = [SideId::A, SideId::B]
        .map(|d| {
            let mark = format!("{} past {}", name(d), d.of(&s.morale_mark));
            // R12.2: a reserve's uhp joins the mark's count only when it arrives, so the
            // top bar's mark grows then; the briefing says by how much.
            match g.uhp_to_come(d) {
                0 => mark,
                coming => format!(
                    "{mark}, {} once its reserves are on the field",
                    g.morale_mark_with(d, coming)
                ),
            }
        })
        .to_vec();
    let breaks = g.rules().army_breaks_at_most;
    let mut out = vec![
        " R10.1 A side with no unit left on the field loses.".to_string(),
        format!(
            " R10.2 A side that has lost more than half its uhp ({}) rolls 2d6 + its morale modifier each Morale phase; {breaks} or less breaks its army.",
            marks.join(", ")
        ),
    ];
    out.push(match g.turn_limit() {
        Some(limit) => format!(
            " R10.3 After turn {limit}: more objective value held wins (R12.4); if equal, more losses inflicted; if still equal, the defender, {}.",
            name(g.defender())
        ),
        None => " R10.3 This battle has no turn limit.".into(),
    });
    out
}
