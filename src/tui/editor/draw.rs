//! Drawing the editor (issue 32): the map by the game's own widget over the preview (every
//! hex size, the same glyphs), a side panel with the tool, the hex under the cursor and
//! the check's findings, the message and the keys' hints from the one key table; the troop
//! picker and the help over them. Text from the file is shown with its control characters
//! escaped.

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

/// Columns of the side panel.
const PANEL: u16 = 34;

impl Editor {
    /// Draws the whole editor into `frame`.
    pub fn draw(&self, frame: &mut Frame) {
        let [top, middle, message, hints] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        let [map, panel] =
            Layout::horizontal([Constraint::Min(10), Constraint::Length(PANEL)]).areas(middle);
        frame.render_widget(Paragraph::new(self.title_line()), top);
        self.draw_map(frame, map);
        frame.render_widget(
            Paragraph::new(self.panel_lines(panel.height))
                .block(Block::default().borders(Borders::LEFT)),
            panel,
        );
        let said = escape_text(&self.message);
        frame.render_widget(
            Paragraph::new(said).style(Style::default().fg(Color::Yellow)),
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
            Mode::Help => draw_help(frame, middle),
            Mode::ConfirmLeave => draw_ask(
                frame,
                middle,
                "Leave without saving? (y: leave; the edits are lost)",
            ),
            Mode::Map => {}
        }
    }

    fn title_line(&self) -> Line<'static> {
        let f = self.draft.file();
        let star = if self.unsaved() { " (unsaved)" } else { "" };
        Line::from(format!(
            " Editing {}{star} · {} · {}×{} · turn limit {}",
            escape_text(&self.path.display().to_string()),
            escape_text(&f.name),
            self.draft.size().0,
            self.draft.size().1,
            f.turn_limit
        ))
        .style(Style::default().add_modifier(Modifier::BOLD))
    }

    fn draw_map(&self, frame: &mut Frame, area: Rect) {
        let Some(app) = &self.view else {
            let why = "Nothing on the map can be drawn yet: see the problems.";
            frame.render_widget(Paragraph::new(why).wrap(Wrap { trim: true }), area);
            return;
        };
        let highlights = Highlights {
            concerned: self.marked_hexes(),
            ..Highlights::default()
        };
        frame.render_widget(HexMap { app, highlights }, area);
    }

    /// The hexes the brush covers and the problems' hexes, marked on the map.
    fn marked_hexes(&self) -> Vec<hexx::Hex> {
        let brush = match self.tool {
            Tool::Paint(_) if self.brush > 1 => self.brush_hexes(),
            _ => Vec::new(),
        };
        let problems = self.findings.iter().filter_map(|f| f.at);
        brush
            .into_iter()
            .chain(problems)
            .map(|(c, r)| crate::engine::Map::hex_at(c, r))
            .collect()
    }

    fn panel_lines(&self, height: u16) -> Vec<Line<'static>> {
        let mut lines = vec![
            Line::from(format!(" Tool: {}", self.tool_text())),
            Line::from(format!(
                " New units: {}",
                escape_text(&self.side_name_shown())
            )),
            Line::from(String::new()),
        ];
        lines.extend(self.hex_lines().into_iter().map(Line::from));
        lines.push(Line::from(String::new()));
        lines.extend(self.finding_lines(height as usize));
        lines
    }

    fn side_name_shown(&self) -> String {
        (self.draft.file().sides.get(self.side))
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    fn tool_text(&self) -> String {
        match &self.tool {
            Tool::Paint(t) => format!("paint {t:?} ({} across)", self.brush).to_lowercase(),
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
                |t| format!("{t:?}").to_lowercase(),
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
            out.push(format!(
                "  objective {} (worth {})",
                escape_text(&o.name),
                o.value.unwrap_or(1)
            ));
        }
        let reserves = f.units.iter().filter(|u| u.reserve.is_some()).count();
        let placed = f.units.len() - reserves;
        out.push(format!(" {placed} units placed, {reserves} in reserve"));
        out
    }

    fn finding_lines(&self, room: usize) -> Vec<Line<'static>> {
        let rev = self.draft.revision();
        let head = match (self.checked, self.findings.len()) {
            (Some(c), _) if c != rev => " Checking…".to_string(),
            (None, _) => " Checking…".to_string(),
            (_, 0) => " No problems: it plays.".to_string(),
            (_, n) => format!(" {n} to see (`n` goes to the next):"),
        };
        let mut out = vec![Line::from(head)];
        let left = room.saturating_sub(12).max(1);
        out.extend(self.findings.iter().take(left).map(finding_line));
        out
    }
}

fn unit_name(u: &UnitDef) -> String {
    escape_text(u.label.as_deref().unwrap_or(&u.troop)).into_owned()
}

fn finding_line(f: &Finding) -> Line<'static> {
    let at =
        f.at.map_or(format!("l.{}", f.line), |(c, r)| format!("({c}, {r})"));
    let colour = if f.warning {
        Color::Yellow
    } else {
        Color::LightRed
    };
    Line::from(format!(" {at} {}", escape_text(&f.message))).style(Style::default().fg(colour))
}

/// A box in the middle of `area`, `w` × `h` at most, cleared.
fn boxed(frame: &mut Frame, area: Rect, w: u16, h: u16, title: &str) -> Rect {
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
        lines.push(Line::from(" no troop type has that name"));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_form(frame: &mut Frame, area: Rect, form: &super::form::Form<super::forms::Target>) {
    let inner = boxed(frame, area, 100, 32, &form.title);
    let room = usize::from(inner.height).saturating_sub(2).max(1);
    let first = form.selected.saturating_sub(room - 1);
    let mut lines: Vec<Line> = (form.fields.iter().enumerate())
        .skip(first)
        .take(room)
        .map(|(i, f)| {
            let cursor = if i == form.selected && f.choices.is_empty() { "_" } else { "" };
            let text = format!(" {:<20} {}{cursor}   {}", f.name, escape_text(&f.value), f.hint);
            let style = if i == form.selected {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            Line::from(text).style(style)
        })
        .collect();
    if let Some(why) = &form.error {
        lines.push(Line::from(format!(" {}", escape_text(why))).style(Style::default().fg(Color::LightRed)));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_help(frame: &mut Frame, area: Rect) {
    let inner = boxed(frame, area, 100, 30, " Editor keys (any key closes) ");
    let lines: Vec<Line> = BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Editor))
        .map(|b| Line::from(format!(" {:<10} {}", b.all_keys(), b.help)))
        .collect();
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn draw_ask(frame: &mut Frame, area: Rect, question: &str) {
    let inner = boxed(frame, area, 60, 3, "");
    frame.render_widget(Paragraph::new(question.to_string()), inner);
}
