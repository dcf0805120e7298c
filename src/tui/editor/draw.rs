//! Drawing the editor (issue 32): the map by the game's own widget over the preview (every
//! hex size, the same glyphs), a side panel with the tool, the hex under the cursor and
//! the check's findings, the message and the keys' hints from the one key table; the troop
//! picker and the help over them. Text from the file is shown with its control characters
//! escaped.

use super::input::terrain_name;
use super::{Editor, Mode, Tool};
use crate::editor::checker::Finding;
use crate::scenario::UnitDef;
use crate::text::escape_text;
use crate::tui::keys::{self, Context, BINDINGS};
use crate::tui::map_view::{HexMap, Highlights};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// Columns of the side panel: a quarter of the screen, 34 to 64.
fn panel_width(screen: u16) -> u16 {
    (screen / 4).clamp(34, 64)
}

impl Editor {
    /// Draws the whole editor into `frame`.
    pub fn draw(&self, frame: &mut Frame) {
        // A message longer than the screen is wide takes a second line, not cut off.
        let said = self.message_shown();
        let long = crate::columns::width(&said) > usize::from(frame.area().width);
        let [top, middle, message, hints] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1 + u16::from(long)),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let [map, panel] = Layout::horizontal([
            Constraint::Min(10),
            Constraint::Length(panel_width(middle.width)),
        ])
        .areas(middle);
        frame.render_widget(Paragraph::new(self.title_line(top.width)), top);
        self.draw_map(frame, map);
        frame.render_widget(
            Paragraph::new(self.panel_lines(panel.height))
                .block(Block::default().borders(Borders::LEFT))
                .wrap(Wrap { trim: false }),
            panel,
        );
        frame.render_widget(
            Paragraph::new(said)
                .style(Style::default().fg(Color::Yellow))
                .wrap(Wrap { trim: false }),
            message,
        );
        let shown: Vec<String> = keys::hints(self.context())
            .into_iter()
            .map(|h| h.1)
            .collect();
        let hint = keys::fit(&shown, usize::from(hints.width));
        frame.render_widget(Paragraph::new(hint), hints);
        match &self.mode {
            Mode::Pick(picker) => draw_picker(frame, middle, picker),
            Mode::Form(form) => draw_form(frame, middle, form),
            Mode::Help(list) => {
                let context = list.map_or(Context::Editor, |l| l.context());
                draw_help(frame, middle, context);
            }
            Mode::List(list) => self.draw_list(frame, middle, *list),
            Mode::ConfirmLeave => draw_ask(
                frame,
                middle,
                "Leave without saving? (y: leave; the edits are lost)",
            ),
            Mode::Map => {}
        }
    }

    /// The message, else what the check found at the cursor's hex, in full.
    fn message_shown(&self) -> String {
        if !self.message.is_empty() || self.mode != Mode::Map {
            return escape_text(&self.message).into_owned();
        }
        let here: Vec<&Finding> = (self.findings.iter())
            .filter(|f| f.at == Some(self.cursor))
            .collect();
        match here.as_slice() {
            [] => String::new(),
            [f] => format!("here: {}", escape_text(&f.message)),
            [f, ..] => format!("here ({} found): {}", here.len(), escape_text(&f.message)),
        }
    }

    /// The file, whether it is saved, the battle's name, size and turn limit; a path too
    /// long for `width` columns is cut to the file's name, so the rest still shows.
    fn title_line(&self, width: u16) -> Line<'static> {
        let f = self.draft.file();
        let star = match (self.unsaved(), self.stale) {
            (_, true) => " (map as before the last edit: it cannot be drawn now)",
            (true, false) => " (unsaved)",
            (false, false) => "",
        };
        let rest = format!(
            "{star} · {} · {}×{} · turn limit {}",
            escape_text(&f.name),
            self.draft.size().0,
            self.draft.size().1,
            f.turn_limit
        );
        let path = escape_text(&self.path.display().to_string()).into_owned();
        let whole = format!(" Editing {path}{rest}");
        let bold = Style::default().add_modifier(Modifier::BOLD);
        if crate::columns::width(&whole) <= usize::from(width) {
            return Line::from(whole).style(bold);
        }
        let name = self.path.file_name().map_or(path.clone(), |n| {
            escape_text(&n.to_string_lossy()).into_owned()
        });
        let cut = crate::columns::ellipsized(&format!(" Editing {name}{rest}"), width.into());
        Line::from(cut).style(bold)
    }

    fn draw_map(&self, frame: &mut Frame, area: Rect) {
        let Some(app) = &self.view else {
            let why = "Nothing on the map can be drawn yet: see the problems.";
            frame.render_widget(Paragraph::new(why).wrap(Wrap { trim: true }), area);
            return;
        };
        let highlights = Highlights {
            threats: self.marked_hexes(),
            ..Highlights::default()
        };
        frame.render_widget(HexMap { app, highlights }, area);
    }

    /// The hexes of the check's findings, marked `!` on the map.
    fn marked_hexes(&self) -> Vec<hexx::Hex> {
        (self.findings.iter())
            .filter_map(|f| f.at)
            .map(|(c, r)| crate::engine::Map::hex_at(c, r))
            .collect()
    }

    fn panel_lines(&self, height: u16) -> Vec<Line<'static>> {
        let mut lines = vec![
            Line::from(format!(" Tool: {}", self.tool_text())),
            Line::from(format!(" New units: {}", escape_text(&self.side_name()))),
            Line::from(String::new()),
        ];
        lines.extend(self.hex_lines().into_iter().map(Line::from));
        lines.push(Line::from(String::new()));
        if let Some(sim) = &self.sim {
            let names = [0, 1].map(|i| {
                self.draft
                    .file()
                    .sides
                    .get(i)
                    .map_or("", |s| s.name.as_str())
            });
            let names = names.map(|n| escape_text(n).into_owned());
            lines.extend(sim.said([&names[0], &names[1]]).into_iter().map(Line::from));
            if sim.revision != self.draft.revision() {
                lines.push(Line::from("  (of the battle before the last edits)"));
            }
            lines.push(Line::from(String::new()));
        }
        lines.extend(self.finding_lines(height as usize));
        lines
    }

    fn tool_text(&self) -> String {
        match &self.tool {
            Tool::Select => "select".into(),
            Tool::Paint(t) => format!("paint {} ({} across)", terrain_name(*t), self.brush),
            Tool::Road => "road".into(),
            Tool::Works => "field works".into(),
            Tool::Objective => "objective".into(),
            Tool::Place(u) => format!("place {}", escape_text(&u.troop)),
            Tool::Carry(i) => {
                let u = self.draft.file().units.get(*i);
                format!("carry {}", u.map_or(String::new(), unit_name))
            }
        }
    }

    /// What the hex under the cursor holds.
    fn hex_lines(&self) -> Vec<String> {
        let f = self.draft.file();
        let at = self.cursor;
        let ground = self.draft.symbol_at(at).map_or("off the map".into(), |c| {
            crate::engine::Terrain::from_symbol(c).map_or(
                format!("`{}`: no terrain", escape_text(&c.to_string())),
                terrain_name,
            )
        });
        let mut out = vec![format!(" ({}, {}) {ground}", at.0, at.1)];
        if f.works.contains(&at) {
            out.push("  field works".into());
        }
        if f.roads.contains(&at) {
            out.push("  road".into());
        }
        if let Some(u) = self.draft.unit_at(at).and_then(|i| f.units.get(i)) {
            out.push(format!("  {}", unit_name(u)));
            out.push(format!(
                "  {} · {} · {} men",
                escape_text(&u.troop),
                escape_text(&u.side),
                u.creatures
            ));
        }
        if let Some(o) = self
            .draft
            .objective_at(at)
            .and_then(|i| f.objectives.get(i))
        {
            let owner = o
                .owner
                .as_deref()
                .map_or(String::new(), |w| format!(", for {} only", escape_text(w)));
            out.push(format!(
                "  objective {} (worth {}{owner})",
                escape_text(&o.name),
                o.value.unwrap_or(1)
            ));
        }
        out.extend(arrivals(f, at));
        let reserves = f.units.iter().filter(|u| u.reserve.is_some()).count();
        let placed = f.units.len() - reserves;
        out.push(format!(
            " {} placed, {reserves} in reserve",
            count(placed, "unit")
        ));
        if self.lost_comments > 0 {
            out.push(format!(
                " {} inside the file will be lost on saving",
                count(self.lost_comments, "comment")
            ));
        }
        out
    }

    fn finding_lines(&self, room: usize) -> Vec<Line<'static>> {
        let head = match (self.checking(), self.findings.len()) {
            (true, _) => " Checking…".to_string(),
            (_, 0) => " No problems: it plays.".to_string(),
            (_, n) => format!(" {} (`n` shows the next):", count(n, "finding")),
        };
        let mut out = vec![Line::from(head)];
        let left = room.saturating_sub(12).max(1);
        out.extend(self.findings.iter().take(left).map(finding_line));
        out
    }
}

/// The reserves arriving at `at`, and when (R12.1).
fn arrivals(f: &crate::scenario::ScenarioFile, at: crate::editor::draft::At) -> Vec<String> {
    (f.units.iter())
        .filter_map(|u| Some((u, u.reserve.as_ref()?)))
        .filter(|(_, r)| r.hexes.contains(&at))
        .map(|(u, r)| {
            let when = match (&r.turn, &r.event) {
                (Some(t), _) => format!("on turn {t}"),
                (None, Some(e)) => format!("at `{}`", escape_text(e)),
                (None, None) => "never".into(),
            };
            format!("  reserve {} arrives here {when}", unit_name(u))
        })
        .collect()
}

/// `1 unit`, `2 units`.
pub(super) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn unit_name(u: &UnitDef) -> String {
    escape_text(u.name()).into_owned()
}

fn finding_line(f: &Finding) -> Line<'static> {
    let at =
        f.at.map_or(format!("line {}", f.line), |(c, r)| format!("({c}, {r})"));
    let colour = if f.warning {
        Color::Yellow
    } else {
        Color::LightRed
    };
    Line::from(format!(" {at} {}", escape_text(&f.message))).style(Style::default().fg(colour))
}

/// A box in the middle of `area`, `w` × `h` at most, cleared.
pub(super) fn boxed(frame: &mut Frame, area: Rect, w: u16, h: u16, title: &str) -> Rect {
    let (w, h) = (w.min(area.width), h.min(area.height));
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, r);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(title.to_string());
    let inner = block.inner(r);
    frame.render_widget(block, r);
    inner
}

fn draw_picker(frame: &mut Frame, area: Rect, picker: &super::Picker) {
    let inner = boxed(frame, area, 96, 20, " Troop type ");
    let mut lines = vec![Line::from(format!(
        " search: {}_",
        escape_text(&picker.query)
    ))];
    let shown = picker.shown();
    let room = usize::from(inner.height).saturating_sub(1).max(1);
    let first = picker.selected.saturating_sub(room - 1);
    for (i, (name, said)) in shown.iter().enumerate().skip(first).take(room) {
        let line = Line::from(format!(" {} — {}", escape_text(name), escape_text(said)));
        let style = if i == picker.selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(line.style(style));
    }
    if shown.is_empty() {
        lines.push(Line::from(
            " no troop type has that name, weapon or formation",
        ));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_form(frame: &mut Frame, area: Rect, form: &super::form::Form<super::forms::Target>) {
    let inner = boxed(frame, area, 100, 32, &form.title);
    // A troop type shows what the engine derives from it as it stands (R2.3–R2.5).
    let derived = matches!(form.target, super::forms::Target::Troop(_))
        .then(|| super::troop_form::derived(form));
    let below = 2 + usize::from(derived.is_some()) * 2;
    let room = usize::from(inner.height).saturating_sub(below).max(1);
    let first = form.selected.saturating_sub(room - 1);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line> = (form.fields.iter().enumerate())
        .skip(first)
        .take(room)
        .map(|(i, f)| field_line(f, i == form.selected, width))
        .collect();
    match derived {
        Some(Ok(numbers)) => lines.push(Line::from(format!(" = {}", escape_text(&numbers)))),
        Some(Err(why)) => lines.push(
            Line::from(format!(" ✗ {}", escape_text(&why)))
                .style(Style::default().fg(Color::Yellow)),
        ),
        None => {}
    }
    if let Some(why) = &form.error {
        lines.push(
            Line::from(format!(" {}", escape_text(why)))
                .style(Style::default().fg(Color::LightRed)),
        );
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// A form's field on one line of `width` columns: its name, its value and what it takes.
/// The field being typed into shows the end of its value and the cursor after it, so a
/// long text is seen as it grows.
fn field_line(f: &super::form::Field, selected: bool, width: usize) -> Line<'static> {
    use crate::columns::{fit, pad, width as columns};
    let typing = selected && f.choices.is_empty();
    let chars = f.value.chars().count();
    let at = f.cursor.unwrap_or(chars).min(chars);
    // The cursor: `_` after the text, `│` inside it.
    let (before, after): (String, String) = (
        f.value.chars().take(at).collect(),
        f.value.chars().skip(at).collect(),
    );
    let mark = if at < chars { "│" } else { "_" };
    let (before, after) = (escape_text(&before), escape_text(&after));
    let room = width.saturating_sub(25).max(8);
    let whole = columns(&before) + columns(&after) + 4 + columns(&f.hint);
    let (value, hint) = match (typing, whole > room) {
        (false, _) => (format!("{before}{after}"), f.hint.clone()),
        (true, false) => (format!("{before}{mark}{after}"), f.hint.clone()),
        // The text up to the cursor in view, then as much of the rest as fits.
        (true, true) => {
            // With text after the cursor, a third of the room is kept for it.
            let keep = if after.is_empty() { 1 } else { room / 3 };
            let shown = tail(&format!("{before}{mark}"), room.saturating_sub(keep));
            let rest = crate::columns::ellipsized(&after, room.saturating_sub(columns(&shown)));
            (format!("{shown}{rest}"), String::new())
        }
    };
    let name = pad(&fit(&f.name, 20), 20);
    let text = fit(&format!(" {name} {value}   {hint}"), width);
    let style = if selected {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default()
    };
    Line::from(text).style(style)
}

/// The end of `text` in at most `room` columns of whole characters, after a `…` if cut.
fn tail(text: &str, room: usize) -> String {
    let mut start = text.len();
    let mut used = 0;
    for (i, c) in text.char_indices().rev() {
        used += crate::columns::width(c.encode_utf8(&mut [0; 4]));
        if used > room {
            break;
        }
        start = i;
    }
    match text.get(start..) {
        Some(end) if start > 0 => format!("…{end}"),
        _ => text.to_string(),
    }
}

/// The editor's keys with their short words, flowing to the box's width so that all of
/// them fit at 80×24.
fn draw_help(frame: &mut Frame, area: Rect, context: Context) {
    let title = match context {
        Context::EditorList | Context::EditorProblems => {
            " The list's keys (any key closes; all: docs/keys.md) "
        }
        _ => " Editor keys (any key closes; all: docs/keys.md) ",
    };
    let inner = boxed(frame, area, 100, 30, title);
    let entries: Vec<String> = (BINDINGS.iter())
        .filter(|b| b.contexts.contains(&context))
        .map(|b| format!("{} {}", b.all_keys(), b.hint))
        .collect();
    let width = usize::from(inner.width).saturating_sub(1).max(20);
    let mut lines = vec![Line::from(String::new())];
    let mut line = String::from(" ");
    for entry in entries {
        let used = crate::columns::width(&line);
        if used > 1 && used + 3 + crate::columns::width(&entry) > width {
            lines.push(Line::from(std::mem::replace(&mut line, String::from(" "))));
        }
        if line.len() > 1 {
            line.push_str(" · ");
        }
        line.push_str(&entry);
    }
    lines.push(Line::from(line));
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_ask(frame: &mut Frame, area: Rect, question: &str) {
    let inner = boxed(frame, area, 60, 3, "");
    frame.render_widget(Paragraph::new(question.to_string()), inner);
}
