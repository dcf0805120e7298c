//! The terminal game: drawing with ratatui and reading keys with crossterm. The battle
//! itself is the engine's; this module only shows it and turns keys into commands.

pub mod app;
pub mod describe;
pub mod map_view;
pub mod panels;
pub mod screens;

pub use app::{App, Key, Mode};

use map_view::{HexMap, Highlights};
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::Frame;
use std::time::Duration;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < screens::MIN_SIZE.0 || area.height < screens::MIN_SIZE.1 {
        screens::too_small(frame, area);
        return;
    }
    let log_height = (area.height / 4).clamp(5, 12);
    let [head, body, log, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(log_height),
        Constraint::Length(1),
    ])
    .areas(area);
    let panel_width = (area.width / 3).clamp(30, 44);
    let [map_area, panel] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(panel_width)]).areas(body);
    frame.render_widget(panels::header(app, head.width), head);
    frame.render_widget(
        HexMap {
            app,
            highlights: app.highlights(),
        },
        map_area,
    );
    panels::side_panel(frame, app, panel);
    panels::log(frame, app, log);
    frame.render_widget(panels::status(app), status);
    screens::overlay(frame, app, area);
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
        let first = |i: usize| {
            self.game
                .side([crate::engine::SideId::A, crate::engine::SideId::B][i])
                .name
                .chars()
                .next()
        };
        match (first(0), first(1)) {
            (Some(a), Some(b)) if !a.eq_ignore_ascii_case(&b) && a.is_ascii() && b.is_ascii() => {
                first(side.index()).map_or('?', |c| c.to_ascii_uppercase())
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

/// A player that gives the computer side's commands.
pub type Computer = Box<dyn crate::ai::Player>;

/// Runs the game in the terminal until the player quits; restores the terminal on the way
/// out, on error and on panic (ratatui's init installs the panic hook).
pub fn run(mut app: App, mut computer: Computer, pause: Duration) -> std::io::Result<()> {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return Err(e);
        }
    };
    let result = (|| -> std::io::Result<()> {
        while !app.quit {
            terminal.draw(|f| draw(f, &app))?;
            if app.computer_to_act() && app.mode == Mode::Browse {
                step_computer(&mut app, &mut computer);
                if event::poll(pause)? {
                    read_key(&mut app)?;
                }
                continue;
            }
            read_key(&mut app)?;
        }
        Ok(())
    })();
    ratatui::restore();
    result
}

/// One computer command; when control returns to a person, a pause to read the log.
pub fn step_computer(app: &mut App, computer: &mut Computer) {
    match computer.choose(&app.game) {
        Some(command) => {
            if !app.submit(command) {
                app.message = format!("the computer's order was refused: {}", app.message);
                app.quit = true;
            }
            if !app.computer_to_act() && app.game.outcome().is_none() {
                app.mode = Mode::ComputerDone;
            }
        }
        None => app.quit = app.game.outcome().is_none(),
    }
}

fn read_key(app: &mut App) -> std::io::Result<()> {
    if let TermEvent::Key(k) = event::read()? {
        if k.kind == KeyEventKind::Press {
            if let Some(key) = key_of(k.code, k.modifiers) {
                app.handle_key(key);
            }
        }
    }
    Ok(())
}
