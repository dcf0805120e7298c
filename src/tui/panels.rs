//! The panels around the map: header (turn, phase, side ordering, initiative), the unit
//! under the cursor with all its derived numbers, the exact odds while choosing a target
//! (computed by the engine's own `odds`), the event log and the status line of keys.

use super::app::{App, Mode, TargetOrder};
use super::map_view::side_color;
use crate::columns;
use crate::engine::event::AttackKind;
use crate::engine::event::EndReason;
use crate::engine::game::{Odds, ShockOdds};
use crate::engine::unit::attack_sequence_text;
use crate::engine::Order;
use crate::engine::{Actor, Command, RuleError, SideId, Status};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::cell::RefCell;

/// The order menu's own state: the screen row of each order as last drawn and its key
/// (Esc as `\u{1b}`), so that a click on the menu gives the order.
#[derive(Debug, Default)]
pub struct OrderMenuRows {
    /// (screen row, key), top to bottom.
    rows: RefCell<Vec<(u16, char)>>,
}

impl OrderMenuRows {
    /// Keeps where this drawing put the menu: its keys on the rows from `first` down.
    pub fn drawn(&self, first: u16, keys: impl Iterator<Item = char>) {
        self.rows.replace((first..).zip(keys).collect());
    }

    /// The key of the order drawn on screen row `y`, if any.
    pub fn key_at(&self, y: u16) -> Option<char> {
        (self.rows.borrow().iter())
            .find(|(r, _)| *r == y)
            .map(|(_, k)| *k)
    }
}

/// The header line, fitted to `width`: the turn, phase and acting side always show; the
/// scenario's name gives way (shortened with `…`) when the line is too long.
pub fn header(app: &App, width: u16) -> Line<'static> {
    // The battle's name is what tells battles apart: where it would be cut, the facts
    // after it take their short form first ("T3/8 │ Movement │ … (1st)"), then name the
    // sides by the letters of the line below.
    let room = |facts: &str| (width as usize).saturating_sub(columns::width(facts) + 2);
    let name = &app.scenario.name;
    let forms = [Facts::Full, Facts::Short, Facts::Letters].map(|f| header_facts(app, f));
    let fits = forms.iter().position(|f| columns::width(name) <= room(f));
    let facts = forms
        .get(fits.unwrap_or(forms.len() - 1))
        .cloned()
        .unwrap_or_default();
    let room = room(&facts);
    let name = match columns::width(name) {
        n if n <= room || room >= 2 => columns::ellipsized(name, room),
        _ => String::new(),
    };
    Line::from(vec![
        Span::styled(
            format!(" {name} "),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Span::raw(facts),
    ])
}

/// How much the header's facts after the battle's name say.
#[derive(Clone, Copy, PartialEq)]
enum Facts {
    /// "Turn 3/8 │ Movement phase │ Red orders (first)".
    Full,
    /// "T3/8 │ Movement │ Red (1st)".
    Short,
    /// The short form with each side's letter for its name, as the standing line has it.
    Letters,
}

/// The header's facts after the battle's name: the turn, the phase and who acts, in
/// `form`.
fn header_facts(app: &App, form: Facts) -> String {
    let g = &app.game();
    let short = form != Facts::Full;
    let named = |s: SideId| match form {
        Facts::Letters => app.side_letter(s).to_string(),
        _ => g.side(s).name.clone(),
    };
    let limit = g.turn_limit().map_or(String::new(), |l| format!("/{l}"));
    let acting = match g.actor() {
        // "(first)" / "(second)" already tells the side order.
        Actor::Orders { side, .. } => {
            let first = match (side == g.first_side(), short) {
                (true, false) => "first",
                (false, false) => "second",
                (true, true) => "1st",
                (false, true) => "2nd",
            };
            let orders = if short { "" } else { " orders" };
            format!("{}{orders} ({first})", named(side))
        }
        // Before the initiative is settled, last turn's first side is not this turn's.
        Actor::Decide(d) if g.phase() == crate::engine::Phase::Initiative => {
            crate::words::side_does(&named(d.side()), "decides")
        }
        Actor::Decide(d) => format!(
            "{} │ first side: {}",
            crate::words::side_does(&named(d.side()), "decides"),
            named(g.first_side())
        ),
        Actor::Nobody => "battle over".into(),
    };
    let (turn, phase) = if short {
        ("T", "")
    } else {
        ("Turn ", " phase")
    };
    format!(
        "│ {turn}{}{limit} │ {:?}{phase} │ {acting}",
        g.turn(),
        g.phase()
    )
}

/// The second header line: where R10 stands. Objectives held, losses against the
/// army-morale mark (a side past it rolls army morale, R10.2), turns left, and who is ahead
/// on points (R10.3); side names when they fit in `width`, side letters when not.
pub fn standing(app: &App, width: u16) -> Line<'static> {
    let g = &app.game();
    let s = g.standing();
    let line = |name: &dyn Fn(SideId) -> String| {
        let per_side = |f: &dyn Fn(SideId) -> String| {
            [SideId::A, SideId::B]
                .map(|d| format!("{} {}", name(d), f(d)))
                .join(" ")
        };
        let held = per_side(&|d| d.of(&s.objectives).to_string());
        let lost = per_side(&|d| format!("{}/{}", d.of(&s.losses), d.of(&s.morale_mark)));
        // "5 turns left" beside "Turn 1/6" read as six (playtest 48): say "more".
        let left = (s.turns_left).map_or(String::new(), |n| match n {
            0 => " │ last turn".to_string(),
            n => format!(" │ {} more", crate::words::counted(n, "turn")),
        });
        let (leader, why) = (s.leader.side, s.leader.reason);
        let why = match why {
            EndReason::Objectives => "objectives",
            EndReason::Losses => "losses",
            _ => "defender",
        };
        format!(
            " Held {held} │ Lost {lost}{left} │ {} ahead ({why})",
            name(leader)
        )
    };
    let full = line(&|d| g.side(d).name.clone());
    let text = if columns::width(&full) <= width as usize {
        full
    } else {
        line(&|d| app.side_letter(d).to_string())
    };
    Line::styled(text, Style::default().fg(Color::Gray))
}

/// The unit panel: the unit or terrain under the cursor, or the odds of the chosen target.
pub fn side_panel(frame: &mut Frame, app: &App, area: Rect) {
    let mut lines = cursor_lines(app);
    let (extra, keep) = mode_lines(app);
    if !extra.is_empty() {
        // The menu or the odds matter more than the unit's details: on a small terminal the
        // details give way so the whole menu or every percentage stays visible.
        let inner = area.width.saturating_sub(1).max(1) as usize;
        let rows = |ls: &[Line]| -> usize {
            ls.iter()
                .map(|l| super::screens::wrapped_rows(l, inner))
                .sum()
        };
        if rows(&lines) + 1 + rows(&extra) > area.height.saturating_sub(1) as usize {
            lines.truncate(keep);
        } else {
            lines.push(Line::raw(""));
        }
        // Where each order of the menu is drawn, so that a click on it gives the order.
        if let Mode::Orders { options, .. } = &app.mode {
            let first = area.y + 1 + rows(&lines) as u16 + 1;
            let keys = options.iter().map(|(k, _)| *k).chain(['\u{1b}']);
            app.menu_rows.drawn(first, keys);
        }
        lines.extend(extra);
    }
    let block = Block::default().borders(Borders::LEFT).title(" Unit ");
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The panel's text as plain lines: the hex and unit under the cursor, then what the mode
/// adds (the odds, the order menu, the threats), so a cited rule can be found in it.
pub fn panel_text(app: &App) -> Vec<String> {
    let (extra, _) = mode_lines(app);
    let text = |l: &Line| {
        l.spans
            .iter()
            .map(|s| s.content.as_ref())
            .collect::<String>()
    };
    cursor_lines(app).iter().chain(&extra).map(text).collect()
}

/// What the mode adds to the panel, and how many lines of the unit to keep when space is
/// short: the odds of the chosen target, the order menu, the threat view.
fn mode_lines(app: &App) -> (Vec<Line<'static>>, usize) {
    match &app.mode {
        Mode::PickTarget {
            unit,
            targets,
            index,
            order,
        } => match targets.get(*index) {
            Some(target) => {
                let mut extra = odds_lines(app, *unit, *target, *order);
                if app.shooter() == Some(*unit) {
                    extra.extend(fire_range_lines(app, *unit));
                }
                (extra, 1)
            }
            None => (Vec::new(), 0),
        },
        Mode::Orders { options, unit } => {
            let mut menu = vec![Line::styled(
                "Orders:",
                Style::default().add_modifier(Modifier::BOLD),
            )];
            menu.extend(
                options
                    .iter()
                    .map(|(k, label)| Line::raw(format!(" [{k}] {label}"))),
            );
            menu.push(Line::raw(" [Esc] cancel"));
            if app.shooter() == Some(*unit) {
                menu.extend(fire_range_lines(app, *unit));
            }
            (menu, 2)
        }
        Mode::Browse if app.threat_view => (threat_lines(app), 1),
        _ => (Vec::new(), 0),
    }
}

/// The panel's lines for the hex under the cursor: its ground, then the unit on it.
fn cursor_lines(app: &App) -> Vec<Line<'static>> {
    let mut lines = vec![hex_line(app)];
    if let Some(u) = app.game().unit_at(app.cursor) {
        lines.extend(unit_lines(app, u));
    }
    lines
}

/// The hex's place, ground, field works (R12.5) and objective with its worth (R12.4).
fn hex_line(app: &App) -> Line<'static> {
    let g = &app.game();
    let place = super::describe::place(app.cursor);
    let terrain = g
        .map()
        .terrain(app.cursor)
        .map_or("—".into(), |t| format!("{t:?}"));
    let objective = g
        .objectives()
        .iter()
        .find(|o| o.hex == app.cursor)
        .map(|o| {
            format!(
                ", objective: {}{}",
                o.name,
                super::describe::objective_worth(g, o)
            )
        });
    // R12.5: the works are part of the hex's ground.
    let works = if g.map().has_works(app.cursor) {
        " with field works"
    } else {
        ""
    };
    // R12.6: so is a road, or the bridge that carries one over water.
    let road = match (g.map().has_bridge(app.cursor), g.map().has_road(app.cursor)) {
        (true, _) => ", bridge",
        (false, true) => ", road",
        (false, false) => "",
    };
    Line::raw(format!(
        "{place} {terrain}{road}{works}{}",
        objective.unwrap_or_default()
    ))
}

/// The unit's name, troop, strength, rates, defence, weapons and marks, then what it may
/// do (for the side giving orders only).
fn unit_lines(app: &App, u: &crate::engine::Unit) -> Vec<Line<'static>> {
    let g = &app.game();
    let p = &u.profile;
    let t = &u.troop;
    let side = Style::default()
        .fg(side_color(u.side.index()))
        .add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::styled(format!("{} [{}]", u.label, app.tag(u.id)), side),
        Line::raw(match &u.group {
            // R12.7: the scenario's group, which its events and orders name.
            Some(group) => format!("{} ({}), group {group}", g.side(u.side).name, t.name),
            None => format!("{} ({})", g.side(u.side).name, t.name),
        }),
        Line::raw(format!(
            "{}, {} {}, HD {}",
            t.formation,
            u.creatures,
            crate::words::size_word(t),
            t.hd
        )),
        Line::raw(format!("uhp {} of {}", u.uhp, p.uhp)),
        Line::raw(format!(
            "march {} hustle {} charge {}",
            p.rate.march, p.rate.hustle, p.rate.charge
        )),
        Line::raw(format!(
            "AC {} (armor {}), morale {:+}",
            t.armor_ac.saturating_add(t.other_ac),
            t.armor_ac,
            t.morale
        )),
        Line::raw(format!("attack throw {}+", t.attack_throw)),
        Line::raw(weapon_line(t, p)),
    ];
    if t.missile.is_some() {
        lines.push(Line::raw(format!(
            "melee: {} {}",
            p.melee_attacks, t.melee.name
        )));
    }
    lines.push(Line::raw(marks_line(g, u)));
    lines.extend(orders_line(app, u.id).map(Line::raw));
    // What it may do, or why not: for the side giving orders only.
    if matches!(g.actor(), Actor::Orders { side, .. } if side == u.side) {
        lines.push(Line::raw(may_do(app, u.id)));
        if !g.unit_orders(u.id).is_empty() {
            lines.extend(why_not_lines(app, u.id));
        }
    }
    lines
}

/// The unit's group and its standing order for the computer (issue 28), `group: right
/// wing — orders: hold Klushino until an enemy is within 2 hexes`; none for a free unit of
/// no group, so battles without them read as before. On a side a person plays the order
/// reads `computer's orders:`, the designer's word to the computer, not to the player
/// (found playing: a player took it as an order to obey).
fn orders_line(app: &App, unit: crate::engine::UnitId) -> Option<String> {
    let group = (app.scenario.groups.iter())
        .find(|g| g.units.contains(&unit))
        .map(|g| format!("group: {}", g.name));
    let person = (app.game().unit(unit))
        .is_some_and(|u| app.controller(u.side) == crate::scenario::Controller::Human);
    let whose = if person {
        "computer's orders"
    } else {
        "orders"
    };
    let orders =
        crate::tui::describe::standing_words(app.game(), unit).map(|o| format!("{whose}: {o}"));
    match (group, orders) {
        (Some(g), Some(o)) => Some(format!("{g} — {o}")),
        (g, o) => g.or(o),
    }
}

/// The unit's marks: its status, readiness (R5.6), reload tokens held (R6.4), fearlessness
/// and whether formed foot secures it (R9.4).
fn marks_line(g: &crate::engine::Game, u: &crate::engine::Unit) -> String {
    let status = match u.status {
        Status::Steady => "steady",
        Status::Disordered => "disordered",
        Status::Fleeing => "fleeing",
    };
    let mut marks = vec![status.to_string()];
    // R5.6: the marker stays through the unit's own fire; a firearm holding reload
    // tokens reacts only once they are gone (found playing: a `*` still shown after a
    // volley looked like a mistake).
    match (u.ready, u.may_react()) {
        (true, true) => marks.push("ready".into()),
        (true, false) => marks.push("ready (reacts once reloaded, R5.6)".into()),
        _ => {}
    }
    if u.reload_tokens > 0 {
        marks.push(crate::words::counted(u.reload_tokens, "reload token"));
    }
    if u.troop.fearless {
        marks.push("fearless".into());
    }
    if g.secured_by_formed_foot(u) {
        marks.push("secured by FF".into());
    }
    marks.join(", ")
}

/// The weapon line: the attack sequence, and what each volley costs in reload tokens
/// (R6.4), told apart from the tokens the unit holds now (on the marks line).
fn weapon_line(t: &crate::engine::TroopType, p: &crate::engine::unit::Profile) -> String {
    match &t.missile {
        Some(missile) => {
            let weapon = format!("{} {}", p.missile_attacks, missile.name());
            match p.reload_tokens {
                0 => weapon,
                1 => format!("{weapon}, gains 1 reload token per volley"),
                k => format!("{weapon}, gains {k} reload tokens per volley"),
            }
        }
        None => attack_sequence_text(t, p),
    }
}

/// For each order of the phase the unit may not give, why not (the engine's reason).
fn why_not_lines(app: &App, unit: crate::engine::UnitId) -> Vec<Line<'static>> {
    let g = app.game();
    (g.why_not_each(unit).into_iter())
        .map(|(order, why)| {
            let reloading = matches!(
                why,
                crate::engine::RuleError::CannotAttack {
                    why: crate::engine::Refusal::Reloading,
                    ..
                }
            );
            let detail = match g.unit(unit) {
                Some(u) if reloading => reload_detail(u),
                _ => String::new(),
            };
            Line::raw(format!(
                "no {order}: {}{detail}",
                app.with_labels(why.to_string())
            ))
        })
        .collect()
}

/// R6.4: the tokens behind a reload refusal, now and when the turn began (a firearm fires
/// only with none at the start of the turn, so "0 now" alone would not explain it).
fn reload_detail(u: &crate::engine::Unit) -> String {
    if u.reload_tokens > 0 || u.tokens_at_turn_start > 0 {
        format!(
            "; {} now, {} at the start of the turn",
            crate::words::counted(u.reload_tokens, "reload token"),
            u.tokens_at_turn_start
        )
    } else {
        String::new()
    }
}

/// The shooter's ranges and what the map's marks mean (R6.2, R6.3).
fn fire_range_lines(app: &App, unit: crate::engine::UnitId) -> Vec<Line<'static>> {
    let Some(f) = app.game().fire_field(unit) else {
        return Vec::new();
    };
    let ((fm, fa), (mm, ma)) = ((f.foot.max, f.foot.ap), (f.mounted.max, f.mounted.ap));
    let range = if fa == 0 && ma == 0 && fm == mm {
        format!(
            "Range {}; ov: overhead −2 (R6.2)",
            crate::words::count(fm, "hex", "hexes")
        )
    } else {
        format!("Range v. foot AP {fa} max {fm}; v. horse AP {ma} max {mm} (R6.3)")
    };
    let mut lines = vec![
        Line::raw(range),
        Line::raw("map: ap piercing, rg range, mt v. horse only, ov overhead, -- unseen"),
    ];
    // Found playing: an engaged shooter's marks reached far, yet its fire order offered
    // only the enemies beside it.
    let g = app.game();
    if g.unit(unit).is_some_and(|u| g.is_engaged(u)) {
        lines.push(Line::raw(
            "engaged: it may fire only at an enemy beside it (R6.1); en in range, not now",
        ));
    }
    lines
}

/// The threat view's words: what threatens the cursor's hex, or what the enemy there
/// threatens (R4.4, R6.1).
fn threat_lines(app: &App) -> Vec<Line<'static>> {
    let g = &app.game();
    let own = app.own_side();
    let name = |id: &crate::engine::UnitId| {
        g.unit(*id).map_or(String::new(), |u| {
            format!("{} [{}]", u.label, app.tag(u.id))
        })
    };
    let mut lines = vec![Line::styled(
        "Threats (t):",
        Style::default().add_modifier(Modifier::BOLD),
    )];
    match g.unit_at(app.cursor) {
        Some(enemy) if enemy.side != own => {
            let m = g.menace(enemy.id);
            lines.push(Line::raw(format!(
                "it could charge next to {} (ch), fire into {} (ap/rg/mt/ov)",
                crate::words::count(m.charge.len() as u64, "hex", "hexes"),
                m.fire.len()
            )));
        }
        _ => {
            let t = g.threats_to(app.cursor, own);
            let list = |ids: &[crate::engine::UnitId]| match ids {
                [] => "nobody".to_string(),
                _ => ids.iter().map(name).collect::<Vec<_>>().join(", "),
            };
            lines.push(Line::raw(format!("charge (!): {}", list(&t.chargers))));
            lines.push(Line::raw(format!("fire (!): {}", list(&t.shooters))));
        }
    }
    lines
}

fn may_do(app: &App, unit: crate::engine::UnitId) -> String {
    let orders = app.game().unit_orders(unit);
    let mut kinds: Vec<&str> = orders
        .iter()
        .map(|c| match c {
            Command::Order(Order::StandFast { .. }) => "stand fast",
            Command::Order(Order::March { .. }) => "march",
            Command::Order(Order::Hustle { .. }) => "hustle",
            Command::Order(Order::Charge { .. }) => "charge",
            Command::Order(Order::Disengage { .. }) => "disengage",
            Command::Order(Order::Fire { .. }) => "fire",
            Command::Order(Order::Attack { .. }) => "attack",
            Command::Order(Order::Ready { .. }) => "ready",
            _ => "",
        })
        .collect();
    kinds.dedup();
    if !kinds.is_empty() {
        return format!("may: {}", kinds.join(", "));
    }
    let Some(u) = app.game().unit(unit) else {
        return "no order now".into();
    };
    let why = match app.game().why_no_order(unit) {
        // R3.2: ordered already this phase is done, not refused (a playtest read it as an
        // error).
        Some(RuleError::AlreadyOrdered { phase, .. }) => {
            return format!("done: {} order given", phase.name());
        }
        Some(why) => app.with_labels(why.to_string()),
        None => return "no order now".into(),
    };
    // The rule's reason, with the tokens behind a reload (R6.4).
    format!("no order: {why}{}", reload_detail(u))
}

/// The engine's exact odds for the order being aimed.
fn odds_lines(
    app: &App,
    unit: crate::engine::UnitId,
    target: crate::engine::UnitId,
    order: TargetOrder,
) -> Vec<Line<'static>> {
    let g = &app.game();
    let name = g.unit(target).map(|u| u.label.clone()).unwrap_or_default();
    let mut lines = vec![Line::styled(
        format!("Target: {name}"),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    if let TargetOrder::Charge { .. } = order {
        if let Some(s) = g
            .charge_shock_odds(unit, target)
            .filter(|s| s.no_roll < 1.0)
        {
            lines.push(Line::raw("Shock roll on being charged:"));
            lines.extend(result_lines(&s));
        }
    }
    lines.extend(reaction_line(app, unit, target, order));
    let kind = match order {
        TargetOrder::Fire => AttackKind::Missile,
        TargetOrder::Attack => AttackKind::Melee,
        TargetOrder::Charge { .. } => AttackKind::Charge,
    };
    if let Some(odds) = g.odds(unit, target, kind) {
        lines.extend(sequence_lines(&odds));
        let most = odds.most_damage();
        let hexes = g.withdraw_reach(unit, target, odds.profile.firearm, most);
        if hexes > 0 {
            lines.push(Line::raw(format!(
                "It may withdraw up to {}, no more than the uhp it takes, saving 1 uhp each (R8.1); \
                 the odds above are if it stays",
                crate::words::count(hexes, "hex", "hexes")
            )));
        }
    }
    lines
}

/// R5.6: a ready target that would make its attack sequence first against the unit, from
/// where the order leaves it (a charge's end hex), as the engine's what-if has it; nothing
/// if it would not (found playing: a charge's odds gave no hint of the volley that came
/// first and called it off).
fn reaction_line(
    app: &App,
    unit: crate::engine::UnitId,
    target: crate::engine::UnitId,
    order: TargetOrder,
) -> Option<Line<'static>> {
    let g = &app.game();
    let (a, t) = (g.unit(unit)?, g.unit(target)?);
    let (at, charge) = match order {
        TargetOrder::Charge { to } => (to, true),
        _ => (a.pos, false),
    };
    let kind = g.reaction_at(t, t.pos, a, at, charge)?;
    let how = match kind {
        AttackKind::Reaction { missile: true, .. } => "fires",
        _ => "strikes",
    };
    Some(Line::raw(format!(
        "The target is ready and {how} first (R5.6): if that makes this unit recoil, flee or \
         rout, its attack is off"
    )))
}

/// The attack sequence's throw, the chance of each number of hits, and the target's shock
/// outcomes (R5.1, R9.1).
fn sequence_lines(odds: &Odds) -> Vec<Line<'static>> {
    let p = &odds.profile;
    let mods = super::describe::modifier_list(&p.modifiers);
    let mut lines = vec![Line::raw(format!(
        "{} × d20{mods} vs {}: {} each",
        p.attacks,
        p.needed,
        pct(odds.hit_chance)
    ))];
    for (k, chance) in odds.hits.iter().enumerate().filter(|(_, c)| **c > 0.0005) {
        lines.push(Line::raw(format!(
            " {} = {} uhp: {}",
            crate::words::counted(k as u64, "hit"),
            k as u32 * p.uhp_per_hit,
            pct(*chance)
        )));
    }
    let s = &odds.shock;
    lines.push(Line::raw("Target afterwards:"));
    lines.push(Line::raw(format!(
        " no roll {} destroyed {}",
        pct(s.no_roll),
        pct(s.destroyed)
    )));
    lines.extend(result_lines(s));
    lines
}

/// The chances of each result of a shock roll (R9.1), two to a line.
fn result_lines(s: &ShockOdds) -> [Line<'static>; 2] {
    [
        Line::raw(format!(" hold {} recoil {}", pct(s.hold), pct(s.recoil))),
        Line::raw(format!(" flee {} rout {}", pct(s.flee), pct(s.rout))),
    ]
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The event log under the map, newest at the bottom, long lines wrapped.
pub fn log(frame: &mut Frame, app: &App, area: Rect) {
    draw_log(frame, app, area, Borders::TOP, "Log (PgUp/PgDn, L whole)");
}

/// `L`: the whole screen given to the log, long lines wrapped.
pub fn log_screen(frame: &mut Frame, app: &App, area: Rect) {
    frame.render_widget(ratatui::widgets::Clear, area);
    draw_log(
        frame,
        app,
        area,
        Borders::ALL,
        "Log (PgUp/PgDn, ↑/↓, Esc back)",
    );
}

/// Where the log stands when drawn `width` columns by `height` rows: the first entry shown
/// at the scroll `back` (clamped so the first entry ends at the top, never past it), the
/// clamp itself, and how many entries one page shows.
pub fn log_window(app: &App, width: usize, height: usize, back: usize) -> LogWindow {
    let rows = |l: &String| super::screens::wrapped_rows(&Line::raw(l.as_str()), width);
    // The oldest entries that fill one page: scrolling further would show nothing new.
    let (mut used, mut fit) = (0, 0);
    for l in &app.log {
        used += rows(l);
        if used > height {
            break;
        }
        fit += 1;
    }
    let top = app.log.len().saturating_sub(fit);
    let back = back.min(top);
    let end = app.log.len() - back;
    let (mut used, mut start) = (0, end);
    while let Some(l) = start.checked_sub(1).and_then(|i| app.log.get(i)) {
        if used + rows(l) > height && start < end {
            break;
        }
        used += rows(l);
        start -= 1;
    }
    LogWindow {
        start,
        end,
        top,
        page: (end - start).max(1),
        overflow: used.saturating_sub(height),
    }
}

/// The part of the log one page shows (see [`log_window`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogWindow {
    /// The first entry shown.
    pub start: usize,
    /// One past the last entry shown.
    pub end: usize,
    /// The largest scroll back: at it the oldest entry is at the top.
    pub top: usize,
    /// Entries shown at once: what PgUp and PgDn move by.
    pub page: usize,
    /// Rows of a lone entry taller than the page that do not show.
    pub overflow: usize,
}

fn draw_log(frame: &mut Frame, app: &App, area: Rect, borders: Borders, title: &str) {
    let sides = if borders == Borders::ALL { 2 } else { 0 };
    let (width, height) = (
        area.width.saturating_sub(sides).max(1) as usize,
        area.height.saturating_sub(if sides > 0 { 2 } else { 1 }) as usize,
    );
    let w = log_window(app, width, height, app.log_panel.back());
    app.log_panel.drawn(w.page, w.top);
    let lines: Vec<Line> = (app.log.get(w.start..w.end).unwrap_or_default().iter())
        .map(|l| Line::raw(l.clone()))
        .collect();
    let more = match (w.start > 0, w.end < app.log.len()) {
        (true, true) => " ↑↓ more",
        (true, false) => " ↑ more",
        (false, true) => " ↓ more",
        (false, false) => "",
    };
    let block = Block::default()
        .borders(borders)
        .title(format!(" {title}{more} "));
    let text = Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .scroll((w.overflow as u16, 0));
    frame.render_widget(text, area);
}

/// The keys that work now, most needed first, each as it reads on the status line: the
/// key table's hints for the context (issue 26).
fn key_hints(app: &App) -> Vec<String> {
    use super::keys::Action as A;
    // The other player's turn across two machines, or the computer's while it thinks:
    // nothing here to order or end.
    let theirs =
        app.game().acting_side().is_some_and(|s| app.is_remote(s)) || app.computer_to_act();
    let ordering = [
        A::OpenOrders,
        A::EndOrders,
        A::NextUnit,
        A::PrevUnit,
        A::Undo,
    ];
    let mut hints: Vec<String> = super::keys::hints(app.context())
        .into_iter()
        .filter(|(action, _)| !(theirs && action.is_some_and(|a| ordering.contains(&a))))
        .map(|(_, hint)| hint)
        .collect();
    // A map the terminal clips hides units past its arrows: the overview, early, shows
    // them (found playing a small quick battle at 100 × 30: 13 of its 16 columns shown).
    let overview = super::keys::binding_of(app.context(), A::Overview)
        .map(|b| format!("{} {}", b.short_keys(), b.hint));
    if let Some(hint) = overview.filter(|_| map_clipped(app)) {
        hints.insert(hints.len().min(3), hint);
    }
    hints
}

/// Whether the map was last drawn with some of its hexes out of view.
fn map_clipped(app: &App) -> bool {
    let drawn = app.map_view.geometry();
    if drawn.area.area() == 0 {
        return false;
    }
    let (cols, rows) = super::map_view::HexMap::capacity(drawn.area, drawn.zoom);
    let map = app.game().map();
    cols < map.width() as i32 || rows < map.height() as i32
}

/// The status line, fitted to `width`: while the autosave fails, the banner that says so
/// (issue 25); then the last message (a refusal's reason must not be pushed off), then as
/// many key hints as fit, the least needed dropped first.
pub fn status(app: &App, width: u16) -> Line<'static> {
    let banner = app
        .save_alert
        .as_ref()
        .map(|_| format!(" {}: S saves elsewhere ", super::screens::not_saved(app)))
        .unwrap_or_default();
    let net = match (&app.save_alert, app.net_banner()) {
        (None, Some(b)) => format!(" {b} "),
        _ => String::new(),
    };
    let message = if app.message.is_empty() {
        String::new()
    } else {
        format!(" {} ", app.message)
    };
    let used = columns::width(&banner) + columns::width(&net) + columns::width(&message) + 2;
    let room = (width as usize).saturating_sub(used);
    let shown = super::keys::fit(&key_hints(app), room);
    let keys = Span::styled(
        format!(" {shown} "),
        Style::default().fg(Color::Black).bg(Color::Gray),
    );
    let mut spans = Vec::new();
    if !banner.is_empty() {
        spans.push(Span::styled(banner, super::screens::alert_style()));
    }
    if !net.is_empty() {
        spans.push(Span::styled(
            net,
            Style::default().fg(Color::Black).bg(Color::Cyan),
        ));
    }
    if !message.is_empty() {
        spans.push(Span::styled(message, Style::default().fg(Color::LightRed)));
    }
    spans.push(keys);
    Line::from(spans)
}
