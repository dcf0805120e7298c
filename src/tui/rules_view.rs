//! `R`: the rules browser over the battle. It shows the rules of play as shipped (the text
//! `volley rules` prints, [`crate::rulebook`]) and opens at the rule the player just met: the
//! one a refusal, a log line or a panel line cites (`… (R4.4)`). It owns its state (the line
//! at the top, the page as last drawn) and draws itself as a widget, in the way of ratatui's
//! `demo2` tabs. No rule is implemented here; it only shows R1.1 to R12.8.

use super::app::Key;
use super::keys::{self, Action, Context};
use crate::rulebook::{heading_line, heading_lines, RULES_TEXT};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use std::cell::Cell;

/// The rules browser's state: which line of the rules is at the top of the box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesView {
    /// The line of the rules text shown first, 0 the first line.
    top: usize,
    /// How many lines of the text the box held when last drawn, so `PgDn` turns one page.
    page: Cell<usize>,
}

impl RulesView {
    /// The browser opened at rule or section `id` (its heading at the top), or at the top of
    /// the rules when `id` is `None` or not in them.
    pub fn at(id: Option<&str>) -> RulesView {
        let top = id.and_then(|id| heading_line(RULES_TEXT, id)).unwrap_or(0);
        RulesView {
            top,
            page: Cell::new(10),
        }
    }

    /// The line of the rules text at the top of the box, 0 the first.
    pub fn top(&self) -> usize {
        self.top
    }

    /// The id of the rule whose text is at the top (`R4.4`), `None` above the first rule.
    pub fn rule(&self) -> Option<&'static str> {
        let heading = heading_lines(RULES_TEXT)
            .into_iter()
            .take_while(|at| *at <= self.top)
            .last()?;
        let line = RULES_TEXT.lines().nth(heading)?;
        line.trim_start_matches('#').split_whitespace().next()
    }

    /// Handles a key of the browser: the arrows (`j`, `k`) scroll a line, `PgUp`/`PgDn` a
    /// page, `n`/`p` go to the next or previous rule; whether the browser stays open (the
    /// close keys, `Esc`, `q` and `R`, close it).
    pub fn key(&mut self, key: Key, action: Option<Action>) -> bool {
        let last = RULES_TEXT.lines().count().saturating_sub(1);
        let page = self.page.get().max(1);
        self.top = match (action, key) {
            (Some(Action::CloseRules), _) => return false,
            (Some(Action::NextRule), _) => next_heading(self.top).unwrap_or(self.top),
            (Some(Action::PrevRule), _) => previous_heading(self.top).unwrap_or(0),
            (Some(Action::ScrollRules), Key::PageDown) => self.top.saturating_add(page),
            (Some(Action::ScrollRules), Key::PageUp) => self.top.saturating_sub(page),
            (Some(Action::ScrollRules), Key::Down | Key::Char('j')) => self.top.saturating_add(1),
            (Some(Action::ScrollRules), _) => self.top.saturating_sub(1),
            _ => self.top,
        }
        .min(last);
        true
    }

    /// The box's title: the rule at the top and where the top is in the text.
    fn title(&self) -> String {
        let total = RULES_TEXT.lines().count();
        let rule = self.rule().map(|r| format!("{r}, ")).unwrap_or_default();
        format!(" Rules: {rule}line {} of {total} ", self.top + 1)
    }
}

/// The first heading line after line `top`.
fn next_heading(top: usize) -> Option<usize> {
    heading_lines(RULES_TEXT).into_iter().find(|at| *at > top)
}

/// The last heading line before line `top`.
fn previous_heading(top: usize) -> Option<usize> {
    heading_lines(RULES_TEXT)
        .into_iter()
        .take_while(|at| *at < top)
        .last()
}

/// The rules as the browser draws them, a line for each line of the text: a heading
/// without its `#` marks, in bold; elsewhere `**words**` in bold, `*words*` in italics and
/// `` `code` `` without its backticks. Emphasis may run over a line break but not past the
/// paragraph's end (a blank line or a heading).
fn rendered() -> &'static [Line<'static>] {
    static LINES: std::sync::LazyLock<Vec<Line<'static>>> = std::sync::LazyLock::new(|| {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let (mut in_bold, mut in_italic) = (false, false);
        let mut out = Vec::new();
        for line in RULES_TEXT.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                (in_bold, in_italic) = (false, false);
                let text = line.trim_start_matches('#').trim_start().replace('`', "");
                out.push(Line::styled(text, bold));
                continue;
            }
            let mut spans = Vec::new();
            for (i, part) in line.split("**").enumerate() {
                in_bold ^= i > 0;
                for (j, piece) in part.split('*').enumerate() {
                    in_italic ^= j > 0;
                    let text = piece.replace('`', "");
                    let mut style = Style::default();
                    if in_bold {
                        style = style.add_modifier(Modifier::BOLD);
                    }
                    if in_italic {
                        style = style.add_modifier(Modifier::ITALIC);
                    }
                    if !text.is_empty() {
                        spans.push(Span::styled(text, style));
                    }
                }
            }
            out.push(Line::from(spans));
        }
        out
    });
    &LINES
}

/// How many of `lines` fit whole in `rows` rows wrapped to `width` columns (at least 1).
fn lines_that_fit(lines: &[Line], width: usize, rows: usize) -> usize {
    let mut used = 0;
    let fitting = lines.iter().take_while(|l| {
        used += super::screens::wrapped_rows(l, width);
        used <= rows
    });
    fitting.count().max(1)
}

impl Widget for &RulesView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let block = Block::default().borders(Borders::ALL).title(self.title());
        let inner = block.inner(area);
        block.render(area, buf);
        let [text, footer] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
        let lines: Vec<Line<'static>> = rendered().iter().skip(self.top).cloned().collect();
        let fits = lines_that_fit(&lines, usize::from(text.width), usize::from(text.height));
        self.page.set(fits);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(text, buf);
        let hints: Vec<String> = keys::hints(Context::RulesView)
            .into_iter()
            .map(|(_, hint)| hint)
            .collect();
        Line::styled(
            keys::fit(&hints, usize::from(footer.width)),
            Style::default().fg(Color::Black).bg(Color::Gray),
        )
        .render(footer, buf);
    }
}

/// The rule the player just met: the one `message` (a refusal) cites, else the newest line
/// of `log` that cites one, else the first line of `panel` that does; `None` when none
/// cites a rule the rules of play hold.
pub fn rule_met(
    message: &str,
    log: &[String],
    panel: impl FnOnce() -> Vec<String>,
) -> Option<&'static str> {
    let cited = |line: &str| crate::rulebook::cited_id(crate::rulebook::RULES_TEXT, line);
    cited(message)
        .or_else(|| log.iter().rev().find_map(|line| cited(line)))
        .or_else(|| panel().iter().find_map(|line| cited(line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Single-star emphasis is drawn in italics without its stars, over a line break too.
    #[test]
    fn single_star_emphasis_is_italic_without_its_stars() {
        let lines = rendered();
        let italic = Style::default().add_modifier(Modifier::ITALIC);
        let text = |l: &Line| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
        };
        assert!(lines.iter().all(|l| !text(l).contains('*')));
        let spans: Vec<&Span> = lines.iter().flat_map(|l| l.spans.iter()).collect();
        for words in ["Guns of War", "first side", "second side", "engaged"] {
            assert!(
                spans
                    .iter()
                    .any(|s| s.content == words && s.style == italic),
                "{words}"
            );
        }
    }

    /// Bold runs over a line break within its paragraph, and stops at the paragraph's end.
    #[test]
    fn bold_carries_over_a_line_break() {
        let lines = rendered();
        let at = |text: &str| {
            (RULES_TEXT.lines().position(|l| l.starts_with(text))).unwrap_or(usize::MAX)
        };
        let morale = lines.get(at("Morale**.")).map(|l| l.spans.clone());
        let bold = Style::default().add_modifier(Modifier::BOLD);
        assert_eq!(
            morale,
            Some(vec![Span::styled("Morale", bold), Span::raw(".")])
        );
        let next = lines
            .get(at("Each side rolls 1d6"))
            .map(|l| l.spans.clone());
        assert!(next.is_some_and(|s| s.iter().all(|s| s.style != bold)));
    }
}
