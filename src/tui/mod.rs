//! The terminal game: drawing with ratatui and reading keys with crossterm. The battle
//! itself is the engine's; this module only shows it and turns keys into commands.

pub mod app;
pub mod briefing;
pub mod describe;
pub mod keys;
pub mod map_view;
pub mod overview;
pub mod panels;
pub mod replay;
pub mod screens;
pub mod session;
pub mod settings;
pub mod show;
pub mod tags;
pub mod thinker;
pub mod title;
pub mod traces;
pub mod watch;

pub use app::{App, Key, Mode};
pub use session::{run, step_computer, Computer, Exit, Start};

use map_view::{HexMap, Highlights};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::Frame;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let small = area.width < screens::MIN_SIZE.0 || area.height < screens::MIN_SIZE.1;
    app.small.set(small);
    if small {
        screens::too_small(frame, app, area);
        return;
    }
    let log_height = (area.height / 4).clamp(5, 12);
    let [head, body, log, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(10),
        Constraint::Length(log_height),
        Constraint::Length(1),
    ])
    .areas(area);
    let panel_width = (area.width / 3).clamp(30, 44);
    let [map_area, panel] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(panel_width)]).areas(body);
    let [title, standing] = Layout::vertical([Constraint::Length(1); 2]).areas(head);
    frame.render_widget(panels::header(app, head.width), title);
    frame.render_widget(panels::standing(app, head.width), standing);
    frame.render_widget(
        HexMap {
            app,
            highlights: app.highlights(),
        },
        map_area,
    );
    panels::side_panel(frame, app, panel);
    panels::log(frame, app, log);
    frame.render_widget(panels::status(app, status.width), status);
    screens::overlay(frame, app, area);
    screens::save_alert(frame, app, area);
}

impl App {
    /// The hexes and units the current mode highlights.
    pub fn highlights(&self) -> Highlights {
        match &self.mode {
            Mode::PickHex { reach, .. } => Highlights {
                reach: reach.ends().to_vec(),
                ..Highlights::default()
            },
            Mode::PickTarget { targets, index, .. } => {
                let pos = |id: &crate::engine::UnitId| self.game.unit(*id).map(|u| u.pos);
                Highlights {
                    targets: targets.iter().filter_map(pos).collect(),
                    selected: targets.get(*index).and_then(pos),
                    ..Highlights::default()
                }
            }
            _ => Highlights::default(),
        }
    }

    /// The letter that marks a side's units: the first letter of its name, or A / B.
    pub fn side_letter(&self, side: crate::engine::SideId) -> char {
        let first = |side| self.game.side(side).name.chars().next();
        match (
            first(crate::engine::SideId::A),
            first(crate::engine::SideId::B),
        ) {
            (Some(a), Some(b)) if !a.eq_ignore_ascii_case(&b) && a.is_ascii() && b.is_ascii() => {
                first(side).map_or('?', |c| c.to_ascii_uppercase())
            }
            _ => {
                if side.index() == 0 {
                    'A'
                } else {
                    'B'
                }
            }
        }
    }
}

/// Turns a terminal key into a game key.
pub fn key_of(code: KeyCode, modifiers: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => Key::Char('q'),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        _ => return None,
    })
}
