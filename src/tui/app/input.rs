//! What each key does in each mode of the terminal game: cursor moves in hex directions,
//! the order menu, picking a hex or a target, prompts and confirmations.

use super::{App, Key, Mode, TargetOrder};
use crate::engine::event::MoveKind;
use crate::engine::game::Reach;
use crate::engine::{Actor, Command, Map, UnitId};
use crate::engine::{Answer, Order};
use hexx::Hex;

/// The longest name or path `S` takes, in characters.
const MAX_SAVE_NAME: usize = 200;

impl App {
    /// Handles one key.
    pub fn handle_key(&mut self, key: Key) {
        // A failed save is seen before anything else goes on (issue 25).
        if self.alert_open() {
            self.alert_key(key);
            return;
        }
        match self.mode.clone() {
            Mode::Help | Mode::Handover { .. } | Mode::Problems { .. } => self.mode = Mode::Browse,
            Mode::Briefing { scroll } => self.briefing_key(key, scroll),
            Mode::Log => self.log_key(key),
            // The key that ends the pause after the computer's orders also does its work
            // (a scroll, the next unit), unless it only says "go on".
            Mode::ComputerDone => {
                self.mode = Mode::Browse;
                if !matches!(key, Key::Char(' ') | Key::Enter | Key::Esc) {
                    self.handle_key(key);
                }
            }
            Mode::ConfirmQuit => match key {
                Key::Char('y') | Key::Char('q') => self.quit = true,
                _ => self.mode = Mode::Browse,
            },
            Mode::ConfirmReplace { path, note, .. } => match key {
                Key::Char('y') => self.write_named(&path, note.as_deref()),
                _ => {
                    self.mode = Mode::Browse;
                    self.message = format!("not saved: {} is kept", crate::files::shown(&path));
                }
            },
            Mode::SaveAs { name } => self.save_as_key(key, name),
            Mode::ForceDice { faces } => self.force_dice_key(key, faces),
            // While the autosave fails, `S` saves elsewhere whatever is on screen.
            _ if key == Key::Char('S') && self.save_alert.is_some() => self.open_save_prompt(),
            _ if key == Key::Char('F') && self.game.outcome().is_none() => {
                self.mode = Mode::ForceDice {
                    faces: String::new(),
                };
            }
            Mode::ConfirmEnd { .. } => match key {
                Key::Char('y') | Key::Enter | Key::Char('e') => {
                    self.submit(Command::Order(Order::EndOrders));
                }
                _ => self.mode = Mode::Browse,
            },
            _ if self.game.outcome().is_some() => self.game_over_key(key),
            _ if matches!(self.game.actor(), Actor::Decide(_)) => self.decision_key(key),
            Mode::Browse => self.browse_key(key),
            Mode::Orders { unit, options } => self.orders_key(key, unit, &options),
            Mode::PickHex { unit, kind, reach } => self.pick_hex_key(key, unit, kind, &reach),
            Mode::PickTarget {
                unit,
                targets,
                index,
                order,
            } => self.pick_target_key(key, unit, &targets, index, order),
        }
    }

    fn game_over_key(&mut self, key: Key) {
        match key {
            Key::Char('q') | Key::Esc | Key::Enter => self.quit = true,
            k => {
                self.move_cursor(k);
            }
        }
    }

    fn decision_key(&mut self, key: Key) {
        let Actor::Decide(decision) = self.game.actor() else {
            return;
        };
        let answers = decision.answers();
        let pick = match key {
            Key::Char('y') => answers
                .iter()
                .find(|c| matches!(c, Command::Answer(Answer::Advance { advance: true })))
                .copied(),
            Key::Char('n') => answers
                .iter()
                .find(|c| matches!(c, Command::Answer(Answer::Advance { advance: false })))
                .copied(),
            Key::Char(d) if d.is_ascii_digit() => digit_answer(&decision, &answers, d),
            Key::Char('?') => {
                self.mode = Mode::Help;
                return;
            }
            Key::Char('b') => {
                self.mode = Mode::Briefing { scroll: 0 };
                return;
            }
            Key::Char('L') => {
                self.mode = Mode::Log;
                return;
            }
            Key::Char('q') => {
                self.mode = Mode::ConfirmQuit;
                return;
            }
            Key::PageUp | Key::PageDown => {
                self.scroll_log(key);
                return;
            }
            k => {
                self.move_cursor(k);
                None
            }
        };
        if let Some(command) = pick {
            self.submit(command);
        }
    }

    fn browse_key(&mut self, key: Key) {
        match key {
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('b') => self.mode = Mode::Briefing { scroll: 0 },
            Key::Char('L') => self.mode = Mode::Log,
            Key::Char('t') => self.toggle_threats(),
            Key::Char('o') => self.step_traces(),
            Key::Char('+') | Key::Char('=') => self.zoom_by(1),
            Key::Char('-') => self.zoom_by(-1),
            Key::Char('q') => self.mode = Mode::ConfirmQuit,
            Key::Char('U') | Key::Backspace => self.undo(),
            Key::Char('S') => self.open_save_prompt(),
            Key::Tab => self.next_unit(true),
            Key::BackTab => self.next_unit(false),
            Key::Enter | Key::Char(' ') => self.open_orders(),
            Key::Char('e') => self.end_orders(),
            Key::PageUp | Key::PageDown => self.scroll_log(key),
            k => {
                self.move_cursor(k);
            }
        }
    }

    /// Typing a save's name or path: printable characters add, Backspace takes back,
    /// Enter saves, Esc gives up.
    fn save_as_key(&mut self, key: Key, mut name: String) {
        match key {
            Key::Enter => {
                self.mode = Mode::Browse;
                let name = if name.trim().is_empty() {
                    self.default_save_name()
                } else {
                    name
                };
                self.save_as(&name);
                return;
            }
            Key::Esc => {
                self.mode = Mode::Browse;
                return;
            }
            Key::Backspace => {
                name.pop();
            }
            Key::Char(c) if !c.is_control() && name.chars().count() < MAX_SAVE_NAME => {
                name.push(c);
            }
            _ => {}
        }
        self.mode = Mode::SaveAs { name };
    }

    /// Typing forced faces: digits and separators add, Backspace takes back, Enter forces
    /// them (each a `Command::ForceDie`, so saves replay them), Esc gives up.
    fn force_dice_key(&mut self, key: Key, mut faces: String) {
        match key {
            Key::Enter => {
                self.mode = Mode::Browse;
                self.force_dice(&faces);
                return;
            }
            Key::Esc => {
                self.mode = Mode::Browse;
                return;
            }
            Key::Backspace => {
                faces.pop();
            }
            Key::Char(c) if (c.is_ascii_digit() || c == ' ' || c == ',') && faces.len() < 60 => {
                faces.push(c);
            }
            _ => {}
        }
        self.mode = Mode::ForceDice { faces };
    }

    /// Forces each face of `text` (`6 6 3` or `6,6,3`) on the dice to come; a face outside
    /// 1–20 stops there with the engine's reason.
    pub fn force_dice(&mut self, text: &str) {
        let faces = text.split([' ', ',']).filter(|w| !w.is_empty());
        let mut forced = Vec::new();
        for word in faces {
            let face = word.parse::<u32>().unwrap_or(0);
            if !self.submit(Command::ForceDie { face }) {
                return;
            }
            forced.push(face.to_string());
        }
        if !forced.is_empty() {
            self.message = format!("next dice forced: {}", forced.join(" "));
        }
    }

    /// The briefing: up and down (arrows, `j` `k`, PgUp PgDn) scroll a briefing taller than
    /// the screen; any other key begins.
    fn briefing_key(&mut self, key: Key, scroll: u16) {
        let scroll = match key {
            Key::Down | Key::Char('j') => scroll.saturating_add(1),
            Key::PageDown => scroll.saturating_add(5),
            Key::Up | Key::Char('k') => scroll.saturating_sub(1),
            Key::PageUp => scroll.saturating_sub(5),
            _ => {
                self.mode = Mode::Browse;
                return;
            }
        };
        self.mode = Mode::Briefing { scroll };
    }

    /// `o`: the cursor to the next thing the other side did, its log line as the message.
    fn step_traces(&mut self) {
        match self.traces.step(self.viewer()) {
            Some(t) => {
                self.cursor = t.hex;
                self.message = t.text;
            }
            None => self.message = "the other side has done nothing since your last order".into(),
        }
    }

    /// `t`: the threat view on or off, saying what it shows.
    fn toggle_threats(&mut self) {
        self.threat_view = !self.threat_view;
        self.message = if self.threat_view {
            "threats: ! marks enemies that could charge or fire at the cursor's hex; on an enemy, its reach (t: off)".into()
        } else {
            "threat view off".into()
        };
    }

    /// `+` / `-`: larger or smaller hexes, from the size drawn now.
    fn zoom_by(&mut self, step: i8) {
        let now = self.geometry.get().zoom.max(1);
        let next = now
            .saturating_add_signed(step)
            .clamp(1, super::super::map_view::MAX_ZOOM);
        self.zoom.set(Some(next));
    }

    /// PgUp / PgDn: the log back or forward by a page as last drawn, at any time; back
    /// stops where the oldest entry is at the top.
    fn scroll_log(&mut self, key: Key) {
        let (page, top) = self.log_paging.get();
        let top = top.min(self.log.len());
        self.log_scroll = match key {
            Key::PageUp => (self.log_scroll + page).min(top),
            Key::Up | Key::Char('k') => (self.log_scroll + 1).min(top),
            Key::Down | Key::Char('j') => self.log_scroll.saturating_sub(1),
            _ => self.log_scroll.saturating_sub(page),
        };
    }

    /// `L`: the whole log; PgUp, PgDn and the arrows scroll it, any other key goes back.
    fn log_key(&mut self, key: Key) {
        match key {
            Key::PageUp | Key::PageDown | Key::Up | Key::Down | Key::Char('k' | 'j') => {
                self.scroll_log(key)
            }
            _ => self.mode = Mode::Browse,
        }
    }

    /// Moves the cursor one hex; returns false for keys that are not movement.
    pub fn move_cursor(&mut self, key: Key) -> bool {
        let (col, row) = Map::offset(self.cursor);
        let odd = row & 1;
        let (dc, dr) = match key {
            Key::Left | Key::Char('h') => (-1, 0),
            Key::Right | Key::Char('l') => (1, 0),
            Key::Up | Key::Char('k') => (0, -1),
            Key::Down | Key::Char('j') => (0, 1),
            Key::Char('y') => (odd - 1, -1),
            Key::Char('u') => (odd, -1),
            Key::Char('v') => (odd - 1, 1),
            Key::Char('n') => (odd, 1),
            _ => return false,
        };
        let next = Map::hex_at(col + dc, row + dr);
        if self.game.map().contains(next) {
            self.cursor = next;
        }
        true
    }

    /// Units of the acting side that still have an order to give this phase.
    pub fn units_to_order(&self) -> Vec<UnitId> {
        let Actor::Orders { side, .. } = self.game.actor() else {
            return Vec::new();
        };
        self.game
            .units_of(side)
            .filter(|u| {
                self.game
                    .unit_orders(u.id)
                    .iter()
                    .any(|c| !matches!(c, Command::Order(Order::StandFast { .. })))
            })
            .map(|u| u.id)
            .collect()
    }

    fn next_unit(&mut self, forward: bool) {
        let mut ids = self.units_to_order();
        if !forward {
            ids.reverse();
        }
        let here = self.game.unit_at(self.cursor).map(|u| u.id);
        let pos = here.and_then(|h| ids.iter().position(|i| *i == h));
        let next = match pos {
            Some(p) => ids.get(p + 1).or(ids.first()),
            None => ids.first(),
        };
        match next.and_then(|id| self.game.unit(*id)) {
            Some(u) => self.cursor = u.pos,
            None => {
                self.message = "no unit has an order left to give: press e to end orders".into()
            }
        }
    }

    fn end_orders(&mut self) {
        let idle = self.units_to_order().len();
        if idle > 0 {
            self.mode = Mode::ConfirmEnd { idle };
        } else {
            self.submit(Command::Order(Order::EndOrders));
        }
    }

    fn open_orders(&mut self) {
        let Some(unit) = self.game.unit_at(self.cursor).map(|u| u.id) else {
            self.message = "no unit here".into();
            return;
        };
        let options = order_menu(self.game.unit_orders(unit));
        if options.is_empty() {
            self.message = "this unit has no order to give now".into();
        } else {
            self.mode = Mode::Orders { unit, options };
        }
    }

    fn orders_key(&mut self, key: Key, unit: UnitId, options: &[(char, &'static str)]) {
        let Key::Char(c) = key else {
            self.mode = Mode::Browse;
            return;
        };
        if !options.iter().any(|(k, _)| *k == c) {
            self.mode = Mode::Browse;
            return;
        }
        match c {
            's' => {
                self.submit(Command::Order(Order::StandFast { unit }));
            }
            'r' => {
                self.submit(Command::Order(Order::Ready { unit }));
            }
            'm' => self.pick_hex(unit, MoveKind::March),
            'h' => self.pick_hex(unit, MoveKind::Hustle),
            'd' => self.pick_hex(unit, MoveKind::Disengage),
            'c' => self.pick_hex(unit, MoveKind::Charge),
            'f' => self.pick_target(unit, self.game.fire_targets(unit), TargetOrder::Fire),
            'a' => self.pick_target(unit, self.game.melee_targets(unit), TargetOrder::Attack),
            _ => self.mode = Mode::Browse,
        }
    }

    /// A move starts with the cursor on the unit itself; the reachable hexes are marked.
    fn pick_hex(&mut self, unit: UnitId, kind: MoveKind) {
        let reach = self.game.reach(unit, kind);
        if let Some(u) = self.game.unit(unit) {
            self.cursor = u.pos;
        }
        self.mode = Mode::PickHex { unit, kind, reach };
    }

    fn pick_hex_key(&mut self, key: Key, unit: UnitId, kind: MoveKind, reach: &Reach) {
        match key {
            Key::Esc => {
                // Back where the order began: on the unit.
                if let Some(u) = self.game.unit(unit) {
                    self.cursor = u.pos;
                }
                self.mode = Mode::Browse;
            }
            Key::Enter | Key::Char(' ') => {
                if reach.cost_to(self.cursor).is_none() {
                    self.message =
                        "that hex is not highlighted: pick one the unit can reach".into();
                    return;
                }
                let to = self.cursor;
                match kind {
                    MoveKind::March => {
                        self.submit(Command::Order(Order::March { unit, to }));
                    }
                    MoveKind::Hustle => {
                        self.submit(Command::Order(Order::Hustle { unit, to }));
                    }
                    MoveKind::Disengage => {
                        self.submit(Command::Order(Order::Disengage { unit, to }));
                    }
                    _ => self.charge_targets(unit, to),
                }
            }
            k => {
                self.move_cursor(k);
            }
        }
    }

    fn charge_targets(&mut self, unit: UnitId, to: Hex) {
        let targets: Vec<UnitId> = self
            .game
            .unit_orders(unit)
            .iter()
            .filter_map(|c| match *c {
                Command::Order(Order::Charge { to: t, target, .. }) if t == to => Some(target),
                _ => None,
            })
            .collect();
        // Even a lone target is picked, so the odds show before the charge is declared.
        if targets.is_empty() {
            self.message = "no enemy to charge from that hex".into();
        } else {
            self.pick_target(unit, targets, TargetOrder::Charge { to });
        }
    }

    fn pick_target(&mut self, unit: UnitId, targets: Vec<UnitId>, order: TargetOrder) {
        let Some(first) = targets.first().and_then(|t| self.game.unit(*t)) else {
            self.message = "no target in reach".into();
            self.mode = Mode::Browse;
            return;
        };
        self.cursor = first.pos;
        self.mode = Mode::PickTarget {
            unit,
            targets,
            index: 0,
            order,
        };
    }

    fn pick_target_key(
        &mut self,
        key: Key,
        unit: UnitId,
        targets: &[UnitId],
        index: usize,
        order: TargetOrder,
    ) {
        let cycle = |i: isize| (index as isize + i).rem_euclid(targets.len() as isize) as usize;
        let index = match key {
            Key::Esc => {
                self.mode = Mode::Browse;
                return;
            }
            Key::Enter | Key::Char(' ') => {
                let Some(&target) = targets.get(index) else {
                    self.mode = Mode::Browse;
                    return;
                };
                let command = match order {
                    TargetOrder::Fire => Command::Order(Order::Fire { unit, target }),
                    TargetOrder::Attack => Command::Order(Order::Attack { unit, target }),
                    TargetOrder::Charge { to } => {
                        Command::Order(Order::Charge { unit, to, target })
                    }
                };
                self.submit(command);
                return;
            }
            Key::Tab | Key::Right | Key::Down | Key::Char('l') | Key::Char('j') => cycle(1),
            Key::BackTab | Key::Left | Key::Up | Key::Char('h') | Key::Char('k') => cycle(-1),
            _ => index,
        };
        if let Some(u) = targets.get(index).and_then(|t| self.game.unit(*t)) {
            self.cursor = u.pos;
        }
        self.mode = Mode::PickTarget {
            unit,
            targets: targets.to_vec(),
            index,
            order,
        };
    }
}

fn digit_answer(
    decision: &crate::engine::Decision,
    answers: &[Command],
    d: char,
) -> Option<Command> {
    use crate::engine::Decision as D;
    let n = d.to_digit(10)? as usize;
    match decision {
        D::Initiative { .. } => match n {
            1 => Some(Command::Answer(Answer::ChooseFirst { first: true })),
            2 => Some(Command::Answer(Answer::ChooseFirst { first: false })),
            _ => None,
        },
        D::Withdraw { .. } => answers
            .iter()
            .find(|c| **c == Command::Answer(Answer::Withdraw { hexes: n as u32 }))
            .copied(),
        D::NewChargeTarget { options, .. } => match n {
            0 => Some(Command::Answer(Answer::ChooseChargeTarget { target: None })),
            i => options
                .get(i - 1)
                .map(|t| Command::Answer(Answer::ChooseChargeTarget { target: Some(*t) })),
        },
        D::Advance { .. } => None,
    }
}

/// The order menu for a unit's legal orders: key and label.
fn order_menu(orders: &[Command]) -> Vec<(char, &'static str)> {
    let all = [
        ('s', "stand fast"),
        ('m', "march"),
        ('h', "hustle"),
        ('c', "charge"),
        ('d', "disengage"),
        ('f', "fire"),
        ('a', "attack"),
        ('r', "ready"),
    ];
    all.into_iter()
        .filter(|(k, _)| {
            orders.iter().any(|c| {
                matches!(
                    (k, c),
                    ('s', Command::Order(Order::StandFast { .. }))
                        | ('m', Command::Order(Order::March { .. }))
                        | ('h', Command::Order(Order::Hustle { .. }))
                        | ('c', Command::Order(Order::Charge { .. }))
                        | ('d', Command::Order(Order::Disengage { .. }))
                        | ('f', Command::Order(Order::Fire { .. }))
                        | ('a', Command::Order(Order::Attack { .. }))
                        | ('r', Command::Order(Order::Ready { .. }))
                )
            })
        })
        .collect()
}
