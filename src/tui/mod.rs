//! The terminal game: drawing with ratatui and reading keys with crossterm. The battle
//! itself is the engine's; this module only shows it and turns keys into commands.

pub mod app;
pub mod briefing;
pub mod describe;
pub mod editor;
pub mod error;
pub mod keys;
pub mod log_scroll;
pub mod map_view;
pub mod net_session;
pub mod overview;
pub mod panels;
pub mod quick;
pub mod replay;
pub mod rules_view;
pub mod screens;
pub mod script_words;
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
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::Frame;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let small = area.width < screens::MIN_SIZE.0 || area.height < screens::MIN_SIZE.1;
    app.map_view.set_small(small);
    if small {
        screens::too_small(frame, app, area);
        return;
    }
    let [head, body, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(10),
        Constraint::Length(1),
    ])
    .areas(area);
    let panel_width = (area.width / 3).clamp(30, 44);
    let [left, panel] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(panel_width)]).areas(body);
    // The map takes the rows its hexes need and the log every row left under it.
    let least_log = (area.height / 4).clamp(5, 12);
    let room = left.height.saturating_sub(least_log).max(1);
    let zoom = app.map_view.chosen_zoom().unwrap_or_else(|| {
        map_view::auto_zoom(
            app.game().map(),
            Rect {
                height: room,
                ..left
            },
        )
    });
    let map_rows = map_view::rows_needed(app.game().map(), zoom).clamp(1, room);
    let [map_area, log] =
        Layout::vertical([Constraint::Length(map_rows), Constraint::Min(1)]).areas(left);
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
    full_screens(frame, app, area);
    screens::overlay(frame, app, area);
    screens::save_alert(frame, app, area);
}

/// The screens that cover the battle above the status line: the whole log (`L`) and the
/// rules browser (`R`).
fn full_screens(frame: &mut Frame, app: &App, area: Rect) {
    let above_status = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    match &app.mode {
        Mode::Log => panels::log_screen(frame, app, above_status),
        Mode::Rules { view, .. } => frame.render_widget(view, above_status),
        _ => {}
    }
}

impl App {
    /// The hexes and units the current mode highlights: reach, targets, a shooter's field
    /// of fire while its order is chosen (R6.2, R6.3), and the threat view's marks.
    pub fn highlights(&self) -> Highlights {
        let mut h = match &self.mode {
            Mode::PickHex { reach, .. } => Highlights {
                reach: reach.ends().to_vec(),
                ..Highlights::default()
            },
            Mode::PickTarget { targets, index, .. } => {
                let pos = |id: &crate::engine::UnitId| self.game().unit(*id).map(|u| u.pos);
                Highlights {
                    targets: targets.iter().filter_map(pos).collect(),
                    selected: targets.get(*index).and_then(pos),
                    ..Highlights::default()
                }
            }
            _ => Highlights::default(),
        };
        if let Some(field) = self.shooter().and_then(|u| self.game().fire_field_now(u)) {
            h.fire = field.hexes;
        }
        if self.threat_view && self.mode == Mode::Browse {
            self.threat_marks(&mut h);
        }
        h.concerned = self.concerned();
        h
    }

    /// The hexes the pending decision is about: the unit hit and its attacker and
    /// neighbours (R8.1), the advancing unit and the hex it may enter (R7.3), the charger
    /// and its possible targets (R4.4); none for the initiative, which concerns no hex.
    pub fn concerned(&self) -> Vec<hexx::Hex> {
        use crate::engine::{Actor, Decision};
        let g = &self.game();
        let pos = |id: &crate::engine::UnitId| g.unit(*id).filter(|u| u.on_map()).map(|u| u.pos);
        let Actor::Decide(d) = g.actor() else {
            return Vec::new();
        };
        let mut hexes: Vec<hexx::Hex> = match &d {
            Decision::Initiative { .. } => Vec::new(),
            Decision::Withdraw { unit, attacker, .. } => pos(unit)
                .into_iter()
                .flat_map(|p| std::iter::once(p).chain(g.map().neighbors(p)))
                .chain(pos(attacker))
                .collect(),
            Decision::Advance { unit, hex, .. } => {
                pos(unit).into_iter().chain(std::iter::once(*hex)).collect()
            }
            Decision::NewChargeTarget { unit, options, .. } => pos(unit)
                .into_iter()
                .chain(options.iter().filter_map(pos))
                .collect(),
        };
        let mut seen = Vec::new();
        hexes.retain(|h| {
            let fresh = !seen.contains(h);
            seen.push(*h);
            fresh
        });
        hexes
    }

    /// The shooter whose field of fire is marked: the unit whose orders are open, or which
    /// is aiming fire, if it has a missile weapon and the phase is the Missile phase.
    pub fn shooter(&self) -> Option<crate::engine::UnitId> {
        let unit = match &self.mode {
            Mode::Orders { unit, .. } => *unit,
            Mode::PickTarget {
                unit,
                order: app::TargetOrder::Fire,
                ..
            } => *unit,
            _ => return None,
        };
        let armed = self.game().unit(unit)?.troop.missile.is_some();
        (armed && self.game().phase() == crate::engine::Phase::Missile).then_some(unit)
    }

    /// The side whose point of view the threat view takes: the side at the keyboard, else
    /// the side to act, else side A.
    pub fn own_side(&self) -> crate::engine::SideId {
        self.viewer()
            .or(self.game().acting_side())
            .unwrap_or(crate::engine::SideId::A)
    }

    /// The threat view: on an enemy unit, the hexes it threatens; elsewhere, the enemies
    /// that could charge or fire at the cursor's hex (the engine's queries, R4.4, R6.1).
    fn threat_marks(&self, h: &mut Highlights) {
        let own = self.own_side();
        match self.game().unit_at(self.cursor) {
            Some(enemy) if enemy.side != own => {
                let menace = self.game().menace(enemy.id);
                h.charge_zone = menace.charge;
                if let Some(field) = self.game().fire_field(enemy.id) {
                    h.fire = field.hexes;
                }
            }
            _ => {
                let t = self.game().threats_to(self.cursor, own);
                let pos = |id: &crate::engine::UnitId| self.game().unit(*id).map(|u| u.pos);
                h.threats = t
                    .chargers
                    .iter()
                    .chain(&t.shooters)
                    .filter_map(pos)
                    .collect();
            }
        }
    }

    /// The letter that marks a side's units: the first letter of its name, or A / B.
    pub fn side_letter(&self, side: crate::engine::SideId) -> char {
        let first = |side| self.game().side(side).name.chars().next();
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
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        _ => return None,
    })
}
