//! The editor's lists (issue 32): the battle's events in the order they are checked
//! (R12.7), and the battle's own troop types (R2.2). A list adds, deletes and reorders its
//! items and opens an item's form; each change is one edit of the draft, so it undoes.

use super::event_read::{add_event, delete_event, move_event, summary};
use super::{Editor, Mode};
use crate::text::escape_text;
use crate::tui::keys::{action, Action, Context};
use crate::tui::Key;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Which list is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// The scenario's events (R12.7).
    Events,
    /// The scenario's own troop types (R2.2).
    Troops,
    /// The problems and warnings the check found.
    Problems,
}

/// An open list and the item chosen in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct List {
    /// What it lists.
    pub kind: ListKind,
    /// The chosen item's index.
    pub selected: usize,
}

impl List {
    /// The list of `kind`, its first item chosen.
    pub fn new(kind: ListKind) -> List {
        List { kind, selected: 0 }
    }

    /// The context its keys are read in: the problems list only goes to a problem.
    pub fn context(self) -> Context {
        match self.kind {
            ListKind::Problems => Context::EditorProblems,
            ListKind::Events | ListKind::Troops => Context::EditorList,
        }
    }
}

impl Editor {
    /// The items' lines of a list of `kind`.
    fn list_lines(&self, kind: ListKind) -> Vec<String> {
        let f = self.draft.file();
        match kind {
            ListKind::Events => f.events.iter().map(summary).collect(),
            ListKind::Troops => f.troops.iter().map(super::troop_form::summary).collect(),
            ListKind::Problems => (self.findings.iter())
                .map(|p| {
                    let at = p.at.map_or(String::new(), |(c, r)| format!("({c}, {r}) "));
                    let kind = if p.warning { "warning: " } else { "" };
                    format!("{at}{kind}{}", p.message)
                })
                .collect(),
        }
    }

    /// Takes a key in a list.
    pub(super) fn list_key(&mut self, key: Key) {
        let Mode::List(mut list) = self.mode else {
            return;
        };
        let n = self.list_lines(list.kind).len();
        // The problems change as the check answers while the list is open.
        list.selected = list.selected.min(n.saturating_sub(1));
        match action(list.context(), key) {
            Some(Action::Select) if n > 0 => {
                list.selected = match key {
                    Key::Up => (list.selected + n - 1) % n,
                    _ => (list.selected + 1) % n,
                };
            }
            Some(Action::Confirm) if list.kind == ListKind::Problems => {
                self.mode = Mode::Map;
                self.next_finding = list.selected;
                return self.next_problem();
            }
            Some(Action::Confirm) => return self.open_item(list),
            Some(Action::AddItem) => {
                let added = match list.kind {
                    ListKind::Events => add_event(&mut self.draft),
                    ListKind::Troops => super::troop_form::add_troop(&mut self.draft),
                    // The check's findings are not added by hand.
                    ListKind::Problems => return,
                };
                (list.selected, self.adding) = (added, true);
                return self.open_item(list);
            }
            Some(Action::Delete) => {
                self.delete_item(list);
                list.selected = list.selected.min(n.saturating_sub(2));
            }
            Some(Action::MoveItem) if list.kind == ListKind::Events => {
                list.selected = move_event(&mut self.draft, list.selected, key == Key::Char('['));
            }
            Some(Action::Cancel) => {
                self.mode = Mode::Map;
                return;
            }
            Some(Action::Help) => {
                self.mode = Mode::Help(Some(list));
                return;
            }
            _ => {}
        }
        self.mode = Mode::List(list);
    }

    /// Deletes the list's chosen item, saying what used it: the reserves an event
    /// released, the units of a troop type (each then needs another, which the check asks).
    fn delete_item(&mut self, list: List) {
        let f = self.draft.file();
        let (users, what) = match list.kind {
            ListKind::Problems => return,
            ListKind::Troops => {
                let name = f.troops.get(list.selected).map(|t| t.name.as_str());
                let users = f.units.iter().filter(|u| Some(u.troop.as_str()) == name);
                (users.count(), "unit")
            }
            ListKind::Events => {
                let name = f.events.get(list.selected).map(|e| e.name.as_str());
                let waits = |u: &&crate::scenario::UnitDef| {
                    u.reserve
                        .as_ref()
                        .is_some_and(|r| r.event.as_deref() == name)
                };
                (f.units.iter().filter(waits).count(), "reserve")
            }
        };
        let done = match list.kind {
            ListKind::Troops => super::troop_form::delete_troop(&mut self.draft, list.selected),
            ListKind::Events => delete_event(&mut self.draft, list.selected),
            ListKind::Problems => false,
        };
        self.message = match (done, users) {
            (false, _) => String::new(),
            (true, 0) => "deleted (`u` on the map undoes it)".into(),
            (true, n) => format!(
                "deleted; {} used it and must be mended (`u` on the map undoes it)",
                super::draw::count(n, what)
            ),
        };
    }

    /// Opens the form of the list's chosen item, if there is one.
    fn open_item(&mut self, list: List) {
        let form = match list.kind {
            ListKind::Troops => super::troop_form::troop_form(&self.draft, list.selected),
            ListKind::Events => super::event_form::event_form(&self.draft, list.selected),
            ListKind::Problems => None,
        };
        self.mode = match form {
            Some(form) => Mode::Form(form),
            None => Mode::List(list),
        };
    }

    /// Draws an open list over `area`.
    pub(super) fn draw_list(&self, frame: &mut Frame, area: Rect, list: List) {
        let (title, empty) = match list.kind {
            ListKind::Events => (
                " Events, checked in this order (R12.7) ",
                " No events yet: `a` adds one.",
            ),
            ListKind::Troops => (
                " The battle's own troop types (R2.2) ",
                " None yet: `a` adds one (the catalog's are in `a` on the map).",
            ),
            ListKind::Problems => (
                " What the check found (Enter goes to it) ",
                " No problems: it plays.",
            ),
        };
        let inner = super::draw::boxed(frame, area, 100, 24, title);
        let items = self.list_lines(list.kind);
        let selected = list.selected.min(items.len().saturating_sub(1));
        let empty = if list.kind == ListKind::Problems && self.checking() {
            " Checking…"
        } else {
            empty
        };
        let room = usize::from(inner.height).max(1);
        let first = selected.saturating_sub(room - 1);
        let mut lines: Vec<Line> = (items.iter().enumerate())
            .skip(first)
            .take(room)
            .map(|(i, text)| {
                let line = Line::from(format!(" {}", escape_text(text)));
                if i == selected {
                    line.style(Style::default().add_modifier(Modifier::REVERSED))
                } else {
                    line
                }
            })
            .collect();
        if items.is_empty() {
            lines.push(Line::from(empty));
        }
        frame.render_widget(Paragraph::new(lines), inner);
    }
}
