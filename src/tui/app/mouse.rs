//! The mouse, doing what keys do: a click selects a hex or unit, a second click on a unit
//! opens its orders, a click on an order in the panel gives it, a click on a highlighted hex
//! or target confirms it, and the wheel scrolls the log.

use super::{App, Key, Mode};
use crate::engine::UnitId;
use hexx::Hex;

impl App {
    /// A left click at screen cell `(x, y)`: selects the hex under it; on a highlighted hex
    /// or target it gives the order being built, and a second click on the selected unit
    /// opens its orders. Each does what a key does (arrows, Enter), so keys suffice.
    pub fn click(&mut self, x: u16, y: u16) {
        if self.map_view.is_small() {
            return;
        }
        // The alert of a failed save is answered by keys only.
        if self.alert_open() {
            return;
        }
        match &self.mode {
            Mode::Help | Mode::Briefing { .. } | Mode::Handover { .. } | Mode::Message { .. } => {
                return self.handle_key(Key::Char(' '));
            }
            Mode::ConfirmQuit
            | Mode::ConfirmEnd { .. }
            | Mode::ConfirmReplace { .. }
            | Mode::ConfirmConcede { .. }
            | Mode::Rules { .. } => return,
            Mode::Orders { .. } => {
                let picked = self.menu_rows.key_at(y);
                let on_panel = x >= self.map_view.geometry().area.right();
                match picked {
                    Some('\u{1b}') if on_panel => return self.handle_key(Key::Esc),
                    Some(k) if on_panel => return self.handle_key(Key::Char(k)),
                    _ => {}
                }
            }
            _ => {}
        }
        let Some(hex) = self.map_view.geometry().hex_at(x, y) else {
            return;
        };
        if !self.game.map().contains(hex) {
            return;
        }
        match self.mode.clone() {
            Mode::PickHex { reach, .. } => {
                self.cursor = hex;
                if reach.cost_to(hex).is_some() {
                    self.handle_key(Key::Enter);
                }
            }
            Mode::PickTarget { targets, .. } => self.click_target(hex, &targets),
            Mode::Orders { .. } => {
                self.mode = Mode::Browse;
                self.cursor = hex;
            }
            _ => {
                let again = self.cursor == hex;
                self.cursor = hex;
                if again && self.game.unit_at(hex).is_some() {
                    self.handle_key(Key::Enter);
                }
            }
        }
    }

    /// A click while picking a target: on a target, picks and confirms it.
    fn click_target(&mut self, hex: Hex, targets: &[UnitId]) {
        let Some(index) = targets
            .iter()
            .position(|t| self.game.unit(*t).is_some_and(|u| u.pos == hex))
        else {
            return;
        };
        if let Mode::PickTarget { index: i, .. } = &mut self.mode {
            *i = index;
        }
        self.cursor = hex;
        self.handle_key(Key::Enter);
    }

    /// The mouse wheel over the game: the log back (`up`) or forward, a line at a time.
    pub fn wheel(&mut self, up: bool) {
        if self.map_view.is_small() {
            return;
        }
        // Over the rules browser the wheel scrolls the rules, as the arrows do.
        if let Mode::Rules { view, .. } = &mut self.mode {
            let key = if up { Key::Up } else { Key::Down };
            view.key(key, Some(super::super::keys::Action::ScrollRules));
            return;
        }
        self.log_panel.wheel(up, self.log.len());
    }
}
