//! What each key does in each mode of the terminal game: cursor moves in hex directions,
//! the order menu, picking a hex or a target, prompts and confirmations. Keys are looked up
//! in the one key table ([`keys::BINDINGS`], issue 26) and the handlers match on actions.

use super::super::keys::{self, Action, Context};
use super::super::rules_view::RulesView;
use super::{App, Key, Mode, TargetOrder};
use crate::engine::event::MoveKind;
use crate::engine::game::Reach;
use crate::engine::{Actor, Command, Map, SideId, UnitId};
use crate::engine::{Answer, Order};
use crate::scenario::Controller;
use hexx::Hex;

/// The longest name or path `S` takes, in characters.
const MAX_SAVE_NAME: usize = 200;

impl App {
    /// Where keys are pressed now: the mode, the battle's state and the autosave's alert
    /// decide which part of the key table ([`keys::BINDINGS`]) applies.
    pub fn context(&self) -> Context {
        if self.alert_open() {
            return Context::Alert;
        }
        match &self.mode {
            Mode::Help
            | Mode::Overview
            | Mode::Handover { .. }
            | Mode::Problems { .. }
            | Mode::Message { .. } => Context::Notice,
            Mode::Briefing { .. } => Context::Briefing,
            Mode::ConfirmConcede { .. } => Context::ConfirmConcede,
            Mode::Log => Context::LogView,
            Mode::Rules { .. } => Context::RulesView,
            Mode::ConfirmQuit => Context::ConfirmQuit,
            Mode::ConfirmReplace { .. } => Context::ConfirmReplace,
            Mode::SaveAs { .. } => Context::SaveName,
            Mode::ForceDice { .. } => Context::DiceFaces,
            Mode::Chat { .. } => Context::ChatLine,
            Mode::ConfirmEnd { .. } => Context::ConfirmEnd,
            _ if self.game.outcome().is_some() => Context::GameOver,
            // The other player's decision across two machines leaves this player the map.
            _ if matches!(self.game.actor(), Actor::Decide(d) if !self.is_remote(d.side())) => {
                Context::Decide
            }
            Mode::Browse => Context::Map,
            Mode::Orders { .. } => Context::Orders,
            Mode::PickHex { .. } => Context::PickHex,
            Mode::PickTarget { .. } => Context::PickTarget,
        }
    }

    /// Handles one key: looked up in the key table for the context, then done.
    pub fn handle_key(&mut self, key: Key) {
        if self.map_view.is_small() {
            return self.small_key(key);
        }
        let context = self.context();
        let action = keys::action(context, key);
        // A failed save is seen before anything else goes on (issue 25).
        if context == Context::Alert {
            return self.alert_key(action);
        }
        // While the autosave fails, `S` saves elsewhere whatever is on screen.
        if self.save_alert.is_some()
            && context.overlaid_by_unsaved()
            && keys::action(Context::Unsaved, key) == Some(Action::Save)
        {
            return self.open_save_prompt();
        }
        if self.any_mode_key(action) {
            return;
        }
        self.mode_key(context, key, action);
    }

    /// The keys that act the same in every mode they work in (dice, concede, overview,
    /// log, rules, the settings' toggles); whether `action` was one.
    fn any_mode_key(&mut self, action: Option<Action>) -> bool {
        match action {
            // Forced dice are off in a battle across two machines (issue 31).
            Some(Action::ForceDice) if self.net.is_some() => {
                self.message = "forced dice are off in a battle across two machines".into();
            }
            Some(Action::ForceDice) => {
                self.mode = Mode::ForceDice {
                    faces: String::new(),
                };
            }
            Some(Action::Chat) if self.net.is_some() => {
                self.mode = Mode::Chat {
                    line: String::new(),
                };
            }
            Some(Action::Chat) => {
                self.message =
                    "chat is for a battle across two machines (volley host / join)".into();
            }
            Some(Action::Concede) => self.ask_concede(),
            Some(Action::Overview) => self.mode = Mode::Overview,
            Some(Action::ShowLog) => self.mode = Mode::Log,
            Some(Action::Rules) => self.open_rules(),
            Some(Action::ToggleStopAtEmpty) => self.toggle_stop_at_empty_phases(),
            Some(Action::ToggleHandovers) => self.toggle_handovers(),
            _ => return false,
        }
        true
    }

    /// A key handled by the mode it is pressed in.
    fn mode_key(&mut self, context: Context, key: Key, action: Option<Action>) {
        match self.mode.clone() {
            Mode::Help | Mode::Overview | Mode::Handover { .. } | Mode::Problems { .. } => {
                self.mode = Mode::Browse
            }
            Mode::Message { then, .. } => self.mode = *then,
            Mode::Log => self.log_key(key, action),
            Mode::Rules { mut view, back } => {
                self.mode = match view.key(key, action) {
                    true => Mode::Rules { view, back },
                    false => *back,
                };
            }
            Mode::Briefing { scroll } => self.briefing_key(key, action, scroll),
            Mode::ConfirmConcede { side } => match action {
                Some(Action::Yes) => {
                    self.submit(Command::Concede { side });
                }
                _ => {
                    self.mode = Mode::Browse;
                    self.message = "the battle goes on".into();
                }
            },
            Mode::ConfirmQuit => match action {
                Some(Action::Yes) => self.leave(),
                _ => self.mode = Mode::Browse,
            },
            Mode::ConfirmReplace { path, note, .. } => match action {
                Some(Action::Yes) => self.write_named(&path, note.as_deref()),
                _ => {
                    self.mode = Mode::Browse;
                    self.message = format!("not saved: {} is kept", crate::files::shown(&path));
                }
            },
            Mode::SaveAs { name, fresh } => self.save_as_key(key, action, (name, fresh)),
            Mode::ForceDice { faces } => self.force_dice_key(key, action, faces),
            Mode::Chat { line } => self.chat_key(key, action, line),
            Mode::ConfirmEnd { ready, .. } => match action {
                Some(Action::Yes) => {
                    self.submit(Command::Order(Order::EndOrders));
                }
                Some(Action::Ready) if ready > 0 && self.readies_all() => self.ready_all_and_end(),
                _ => self.mode = Mode::Browse,
            },
            _ if context == Context::GameOver => self.game_over_key(key, action),
            _ if context == Context::Decide => self.decision_key(key, action),
            Mode::Browse => self.browse_key(key, action),
            Mode::Orders { unit, options } => self.orders_key(key, action, unit, &options),
            Mode::PickHex { unit, kind, reach } => {
                self.pick_hex_key(key, action, unit, kind, &reach)
            }
            Mode::PickTarget {
                unit,
                targets,
                index,
                order,
            } => self.pick_target_key(key, action, unit, &targets, index, order),
        }
    }

    /// Leaves the battle: back to the title screen if it was opened there, else out.
    fn leave(&mut self) {
        self.quit = true;
        self.to_title = self.from_title;
    }

    /// A key while the terminal is too small to show the battle: quit (asked first) and
    /// help work, nothing else acts on a battle out of sight (issue 26).
    fn small_key(&mut self, key: Key) {
        self.mode = match (&self.mode, key) {
            (Mode::ConfirmQuit, Key::Char('y') | Key::Char('q')) => return self.leave(),
            (Mode::ConfirmQuit | Mode::Help, _) => Mode::Browse,
            (_, Key::Char('q')) => Mode::ConfirmQuit,
            (_, Key::Char('?')) => Mode::Help,
            _ => {
                self.message = "the terminal is too small: enlarge it to play on".into();
                return;
            }
        };
    }

    /// After the battle: `t` or Enter go back to the title screen, `q` or Esc leave, `PgUp`
    /// and `PgDn` scroll the table of units.
    fn game_over_key(&mut self, key: Key, action: Option<Action>) {
        match action {
            Some(Action::BackToTitle) => {
                self.to_title = true;
                self.quit = true;
            }
            Some(Action::Leave) => self.quit = true,
            Some(Action::Help) => self.mode = Mode::Help,
            Some(Action::ScrollTable) => self.scroll_end_table(key),
            _ => {
                self.move_cursor(action, key);
            }
        }
    }

    /// `PgUp` / `PgDn` on the end-of-battle table: a page of rows, as last drawn, stopping
    /// at either end with a word why nothing moved.
    fn scroll_end_table(&mut self, key: Key) {
        let (page, most) = self.end_paging.get();
        // The last drawing's limit: a larger terminal may have lowered it since.
        let now = self.end_scroll.min(most);
        let to = match key {
            Key::PageUp => now.saturating_sub(page.max(1)),
            _ => (now + page.max(1)).min(most),
        };
        if to == now {
            self.message = match key {
                Key::PageUp => "the table shows its first unit",
                _ => "the table shows its last unit",
            }
            .into();
        }
        self.end_scroll = to;
    }

    fn decision_key(&mut self, key: Key, action: Option<Action>) {
        let Actor::Decide(decision) = self.game.actor() else {
            return;
        };
        let answers = decision.answers();
        let advance = |yes: bool| {
            answers
                .iter()
                .find(|c| matches!(c, Command::Answer(Answer::Advance { advance }) if *advance == yes))
                .copied()
        };
        let pick = match (action, key) {
            (Some(Action::Yes), _) => advance(true),
            (Some(Action::No), _) => advance(false),
            (Some(Action::Digit), Key::Char(d)) => digit_answer(&decision, &answers, d),
            (Some(Action::Help), _) => return self.mode = Mode::Help,
            (Some(Action::Briefing), _) => return self.mode = Mode::Briefing { scroll: 0 },
            (Some(Action::Quit), _) => return self.mode = Mode::ConfirmQuit,
            (Some(Action::ScrollLog), _) => return self.scroll_log(key),
            _ => {
                self.move_cursor(action, key);
                return;
            }
        };
        match pick {
            Some(command) => {
                self.submit(command);
            }
            // An answer key that answers nothing here says so.
            None => {
                self.message = format!(
                    "{} does not answer this prompt: the prompt says which keys do",
                    keys::key_name(key)
                );
            }
        }
    }

    fn browse_key(&mut self, key: Key, action: Option<Action>) {
        match action {
            Some(Action::Help) => self.mode = Mode::Help,
            Some(Action::Briefing) => self.mode = Mode::Briefing { scroll: 0 },
            Some(Action::TheirMoves) => self.step_traces(),
            Some(Action::Threats) => self.toggle_threats(),
            Some(Action::Zoom) => self.zoom_by(if key == Key::Char('-') { -1 } else { 1 }),
            Some(Action::Quit) => self.mode = Mode::ConfirmQuit,
            Some(Action::Undo) => self.undo(),
            Some(Action::Save) => self.open_save_prompt(),
            Some(Action::NextUnit) => self.next_unit(true),
            Some(Action::PrevUnit) => self.next_unit(false),
            Some(Action::OpenOrders) => self.open_orders(),
            Some(Action::EndOrders) => self.end_orders(),
            Some(Action::ScrollLog) => self.scroll_log(key),
            _ => {
                // What was said of the last hex or order is stale once the cursor moves on.
                self.message.clear();
                self.move_cursor(action, key);
            }
        }
    }

    /// A key with no work in this mode says so, and where the keys are (issue 26).
    fn does_nothing(&mut self, key: Key) {
        let name = match key {
            Key::Char(c) => format!("`{}`", c.escape_default()),
            k => format!("{k:?}"),
        };
        self.message = format!("{name} does nothing here: ? lists the keys");
    }

    /// Typing a save's name or path: printable characters add, Backspace takes back,
    /// Enter saves, Esc gives up.
    fn save_as_key(&mut self, key: Key, action: Option<Action>, (mut name, fresh): (String, bool)) {
        // The offered name is replaced by the first key typed, or cleared by Backspace.
        let typed = matches!(key, Key::Char(c) if !c.is_control());
        if fresh && (action == Some(Action::DeleteChar) || typed) {
            name.clear();
        }
        match (action, key) {
            (Some(Action::Confirm), _) => {
                self.mode = Mode::Browse;
                let name = if name.trim().is_empty() {
                    self.default_save_name()
                } else {
                    name
                };
                self.save_as(&name);
                return;
            }
            (Some(Action::Cancel), _) => {
                self.mode = Mode::Browse;
                return;
            }
            (Some(Action::DeleteChar), _) => {
                name.pop();
            }
            (_, Key::Char(c)) if !c.is_control() && name.chars().count() < MAX_SAVE_NAME => {
                name.push(c);
            }
            _ => {}
        }
        self.mode = Mode::SaveAs { name, fresh: false };
    }

    /// Typing a line of chat: printable characters add (up to the limit), Backspace takes
    /// back, Enter sends it, Esc gives up.
    fn chat_key(&mut self, key: Key, action: Option<Action>, mut line: String) {
        match (action, key) {
            (Some(Action::Confirm), _) => {
                self.mode = Mode::Browse;
                if !line.trim().is_empty() {
                    self.send_chat(&line);
                }
                return;
            }
            (Some(Action::Cancel), _) => {
                self.mode = Mode::Browse;
                return;
            }
            (Some(Action::DeleteChar), _) => {
                line.pop();
            }
            (_, Key::Char(c))
                if !c.is_control() && line.chars().count() < crate::net::wire::MAX_CHAT =>
            {
                line.push(c);
            }
            _ => {}
        }
        self.mode = Mode::Chat { line };
    }

    /// Typing forced faces: digits and separators add, Backspace takes back, Enter forces
    /// them (each a `Command::ForceDie`, so saves replay them), Esc gives up.
    fn force_dice_key(&mut self, key: Key, action: Option<Action>, mut faces: String) {
        match (action, key) {
            (Some(Action::Confirm), _) => {
                self.mode = Mode::Browse;
                self.force_dice(&faces);
                return;
            }
            (Some(Action::Cancel), _) => {
                self.mode = Mode::Browse;
                return;
            }
            (Some(Action::DeleteChar), _) => {
                faces.pop();
            }
            (_, Key::Char(c))
                if (c.is_ascii_digit() || c == ' ' || c == ',') && faces.len() < 60 =>
            {
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
    fn briefing_key(&mut self, key: Key, action: Option<Action>, scroll: u16) {
        if action != Some(Action::ScrollBriefing) {
            self.mode = Mode::Browse;
            self.show_messages();
            return;
        }
        let scroll = match key {
            Key::Down | Key::Char('j') => scroll.saturating_add(1),
            Key::PageDown => scroll.saturating_add(5),
            Key::PageUp => scroll.saturating_sub(5),
            _ => scroll.saturating_sub(1),
        };
        self.mode = Mode::Briefing { scroll };
    }

    /// `C`: asks whether the side at the keyboard gives up (R10): the person's side against
    /// the computer, in hot-seat the side whose player has the keyboard.
    fn ask_concede(&mut self) {
        if let Some(side) = self.net.as_ref().map(|n| n.peer.side()) {
            self.mode = Mode::ConfirmConcede { side };
            return;
        }
        let human = |s: &SideId| self.controller(*s) == Controller::Human;
        let acting = self.game.acting_side().filter(human);
        let only = [SideId::A, SideId::B]
            .into_iter()
            .filter(human)
            .collect::<Vec<_>>();
        let side = match only.as_slice() {
            [one] => Some(*one),
            _ => acting.or(self.viewer()),
        };
        match side {
            Some(side) => self.mode = Mode::ConfirmConcede { side },
            None => self.message = "no side here is played by a person: nobody can concede".into(),
        }
    }

    /// `P`: stop, or not, at a phase in which none of your units has an order; saved in
    /// the settings file.
    fn toggle_stop_at_empty_phases(&mut self) {
        self.settings.stop_at_empty_phases = !self.settings.stop_at_empty_phases;
        let what = if self.settings.stop_at_empty_phases {
            "the game now stops at a phase with nothing for you to order"
        } else {
            "a phase with nothing for you to order now goes on by itself"
        };
        self.message = self.settings_saved(what);
    }

    /// `H`: hot-seat handover pop-ups on or off; saved in the settings file.
    fn toggle_handovers(&mut self) {
        self.settings.handovers = !self.settings.handovers;
        let what = if self.settings.handovers {
            "handovers on: the keyboard passes with a summary"
        } else {
            "handovers off: the keyboard passes without a pop-up"
        };
        self.message = self.settings_saved(what);
    }

    /// `what`, and whether the settings file took it.
    fn settings_saved(&self, what: &str) -> String {
        match self.settings_path.as_deref().map(|p| self.settings.save(p)) {
            Some(Ok(())) | None => what.to_string(),
            Some(Err(why)) => format!("{what} (not kept: {why})"),
        }
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
            "threats: ! marks who could charge or fire at the cursor's hex; on an enemy, its reach (t: off)".into()
        } else {
            "threat view off".into()
        };
    }

    /// `R`: the rules browser, opened at the rule the player just met (see
    /// [`App::rule_in_view`]), over the mode it goes back to.
    fn open_rules(&mut self) {
        let view = RulesView::at(self.rule_in_view());
        let back = Box::new(std::mem::replace(&mut self.mode, Mode::Browse));
        self.mode = Mode::Rules { view, back };
    }

    /// The rule the player just met: the one the message (a refusal) cites, else the newest
    /// log line that cites one, else the first panel line of the hex under the cursor that
    /// does; `None` when none cites a rule.
    pub fn rule_in_view(&self) -> Option<&'static str> {
        super::super::rules_view::rule_met(&self.message, &self.log, || {
            super::super::panels::panel_text(self)
        })
    }

    /// `+` / `-`: larger or smaller hexes, from the size drawn now.
    fn zoom_by(&mut self, step: i8) {
        let now = self.map_view.geometry().zoom.max(1);
        let next = now
            .saturating_add_signed(step)
            .clamp(1, super::super::map_view::MAX_ZOOM);
        self.map_view.choose_zoom(Some(next));
    }

    /// PgUp / PgDn: the log back or forward by a page as last drawn, at any time; back
    /// stops where the oldest entry is at the top.
    fn scroll_log(&mut self, key: Key) {
        self.log_panel.key(key, self.log.len());
    }

    /// `L`: the whole log; PgUp, PgDn and the arrows scroll it, any other key goes back,
    /// the log panel back at the newest entries (a playtest found it left showing an
    /// earlier turn's).
    fn log_key(&mut self, key: Key, action: Option<Action>) {
        match action {
            Some(Action::ScrollLog) => self.scroll_log(key),
            _ => {
                self.log_panel.to_end();
                self.mode = Mode::Browse;
            }
        }
    }

    /// Moves the cursor one hex for a cursor action (the key of [`Action::MoveCursor`]
    /// gives its direction); any other action or none does nothing.
    fn move_cursor(&mut self, action: Option<Action>, key: Key) {
        let (col, row) = Map::offset(self.cursor);
        let odd = row & 1;
        let (dc, dr) = match (action, key) {
            (Some(Action::MoveUpLeft), _) => (odd - 1, -1),
            (Some(Action::MoveUpRight), _) => (odd, -1),
            (Some(Action::MoveDownLeft), _) => (odd - 1, 1),
            (Some(Action::MoveDownRight), _) => (odd, 1),
            (Some(Action::MoveCursor), Key::Left | Key::Char('h')) => (-1, 0),
            (Some(Action::MoveCursor), Key::Right | Key::Char('l')) => (1, 0),
            (Some(Action::MoveCursor), Key::Up | Key::Char('k')) => (0, -1),
            (Some(Action::MoveCursor), _) => (0, 1),
            _ => return self.does_nothing(key),
        };
        let next = Map::hex_at(col + dc, row + dr);
        if self.game.map().contains(next) {
            self.cursor = next;
        }
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

    /// The units of the side giving orders with an order that does something now, a move,
    /// a volley or an attack, not only stand fast or ready: those `e` asks about first.
    pub fn units_to_act(&self) -> Vec<UnitId> {
        (self.units_to_order().into_iter())
            .filter(|id| self.may_act(*id))
            .collect()
    }

    /// Whether `unit` has an order that does something now: not stand fast, not ready.
    fn may_act(&self, unit: UnitId) -> bool {
        self.game.unit_orders(unit).iter().any(|c| {
            !matches!(
                c,
                Command::Order(Order::StandFast { .. } | Order::Ready { .. })
            )
        })
    }

    /// Whether `r` at the end-of-orders question may ready the units left: not across two
    /// machines, where one command waits for its answer before the next is sent.
    pub fn readies_all(&self) -> bool {
        self.net.is_none()
    }

    /// The units whose only order left is to ready (R5.6), in the Melee phase, the turn's
    /// last chance to: `e` asks about them too, and `r` there readies them. In the Missile
    /// phase none are asked about: they may still ready in the Melee phase, unless the
    /// enemy's fire disorders them first (a unit readied now would fire back first, R5.6);
    /// asking in every Missile phase was the friction a playtest found.
    pub fn units_only_to_ready(&self) -> Vec<UnitId> {
        if self.game.phase() != crate::engine::Phase::Melee {
            return Vec::new();
        }
        (self.units_to_order().into_iter())
            .filter(|id| !self.may_act(*id))
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
            Some(u) => {
                self.cursor = u.pos;
                self.message.clear();
            }
            None => {
                self.message = "no unit has an order left to give: press e to end orders".into()
            }
        }
    }

    fn end_orders(&mut self) {
        if self.game.acting_side().is_some_and(|s| self.is_remote(s)) {
            self.message = "not your turn: the other player gives the next command".into();
            return;
        }
        // The computer ends its own orders (review: `e` while it thought ended them).
        if self.computer_to_act() {
            self.message = "the computer is giving its orders".into();
            return;
        }
        let idle = self.units_to_act().len();
        let ready = self.units_only_to_ready().len();
        if idle + ready > 0 {
            self.mode = Mode::ConfirmEnd { idle, ready };
        } else {
            self.submit(Command::Order(Order::EndOrders));
        }
    }

    /// Readies every unit whose only order left is to ready (R5.6), then ends orders: `r`
    /// at the end-of-orders question. Stops at the first refusal, which the message says.
    fn ready_all_and_end(&mut self) {
        for unit in self.units_only_to_ready() {
            if !self.submit(Command::Order(Order::Ready { unit })) {
                self.mode = Mode::Browse;
                return;
            }
        }
        self.submit(Command::Order(Order::EndOrders));
    }

    fn open_orders(&mut self) {
        let Some(unit) = self.game.unit_at(self.cursor).map(|u| u.id) else {
            self.message = "no unit here".into();
            return;
        };
        // Across two machines, the other player's units and turns are theirs to order.
        let theirs = self.game.unit(unit).is_some_and(|u| self.is_remote(u.side));
        if theirs || self.game.acting_side().is_some_and(|s| self.is_remote(s)) {
            self.message = "not yours to order: the other player gives these orders".into();
            return;
        }
        let options = order_menu(self.game.unit_orders(unit));
        if options.is_empty() {
            self.message = "this unit has no order to give now".into();
        } else {
            self.mode = Mode::Orders { unit, options };
            self.message.clear();
        }
    }

    /// The order menu: an order it offers is given; PgUp/PgDn scroll the log; any other
    /// key closes it.
    fn orders_key(
        &mut self,
        key: Key,
        action: Option<Action>,
        unit: UnitId,
        options: &[(char, &'static str)],
    ) {
        let offered = |a: Action| {
            keys::binding_of(Context::Orders, a)
                .and_then(|b| b.keys.first())
                .is_some_and(|k| options.iter().any(|(c, _)| Key::Char(*c) == *k))
        };
        match action {
            Some(Action::ScrollLog) => self.scroll_log(key),
            Some(a) if !offered(a) => self.mode = Mode::Browse,
            Some(Action::StandFast) => {
                self.submit(Command::Order(Order::StandFast { unit }));
            }
            Some(Action::Ready) => {
                self.submit(Command::Order(Order::Ready { unit }));
            }
            Some(Action::March) => self.pick_hex(unit, MoveKind::March),
            Some(Action::Hustle) => self.pick_hex(unit, MoveKind::Hustle),
            Some(Action::Disengage) => self.pick_hex(unit, MoveKind::Disengage),
            Some(Action::Charge) => self.pick_hex(unit, MoveKind::Charge),
            Some(Action::Fire) => {
                self.pick_target(unit, self.game.fire_targets(unit), TargetOrder::Fire)
            }
            Some(Action::Attack) => {
                self.pick_target(unit, self.game.melee_targets(unit), TargetOrder::Attack)
            }
            None => {
                self.mode = Mode::Browse;
                self.message = format!(
                    "{} is not an order of this unit: menu closed",
                    keys::key_name(key)
                );
            }
            _ => self.mode = Mode::Browse,
        }
    }

    /// A move starts with the cursor on the unit itself; the reachable hexes are marked.
    fn pick_hex(&mut self, unit: UnitId, kind: MoveKind) {
        let reach = self.game.reach(unit, kind);
        if let Some(u) = self.game.unit(unit) {
            self.cursor = u.pos;
        }
        if kind == MoveKind::Charge && self.charges_in_place(unit) {
            // R4.4: a unit beside its target charges 0 hexes. Its own hex is in the reach,
            // but the unit drawn there hides the cost label, so the way is said.
            self.message =
                "Enter here charges from where it stands, or pick a highlighted hex".into();
        } else if kind == MoveKind::Hustle {
            // R4.1: the price of the longer move, said before it is paid.
            self.message =
                "hustle: farther than a march, but no attack or ready this turn (R4.1)".into();
        }
        self.mode = Mode::PickHex { unit, kind, reach };
    }

    /// R4.4: whether the engine lets `unit` charge without moving (beside a target).
    fn charges_in_place(&self, unit: UnitId) -> bool {
        let here = self.game.unit(unit).map(|u| u.pos);
        self.game
            .unit_orders(unit)
            .iter()
            .any(|c| matches!(c, Command::Order(Order::Charge { to, .. }) if Some(*to) == here))
    }

    fn pick_hex_key(
        &mut self,
        key: Key,
        action: Option<Action>,
        unit: UnitId,
        kind: MoveKind,
        reach: &Reach,
    ) {
        match action {
            Some(Action::Cancel) => {
                // Back where the order began: on the unit.
                if let Some(u) = self.game.unit(unit) {
                    self.cursor = u.pos;
                }
                self.mode = Mode::Browse;
                // A refusal of the hex given up on is stale now (issue 26).
                self.message.clear();
            }
            Some(Action::ScrollLog) => self.scroll_log(key),
            Some(Action::Confirm) => {
                if reach.cost_to(self.cursor).is_none() {
                    // The rule of the move cited, so `R` opens the rules at it.
                    let rule = match kind {
                        MoveKind::Charge => "R4.4",
                        MoveKind::Disengage => "R4.5",
                        _ => "R4.1",
                    };
                    self.message = format!(
                        "that hex is not highlighted: pick one the unit can reach ({rule})"
                    );
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
            _ => {
                self.message.clear();
                self.move_cursor(action, key);
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
        action: Option<Action>,
        unit: UnitId,
        targets: &[UnitId],
        index: usize,
        order: TargetOrder,
    ) {
        let cycle = |i: isize| (index as isize + i).rem_euclid(targets.len() as isize) as usize;
        let index = match action {
            Some(Action::Cancel) => {
                self.mode = Mode::Browse;
                self.message.clear();
                return;
            }
            Some(Action::ScrollLog) => return self.scroll_log(key),
            Some(Action::Confirm) => {
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
            Some(Action::CycleTarget) if targets.len() == 1 => {
                self.message = "this is the only target in reach".into();
                index
            }
            Some(Action::CycleTarget) => match key {
                Key::Tab | Key::Right | Key::Down | Key::Char('l') | Key::Char('j') => cycle(1),
                _ => cycle(-1),
            },
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

/// The order menu for a unit's legal orders: key and label, from the key table, in its
/// order.
fn order_menu(orders: &[Command]) -> Vec<(char, &'static str)> {
    keys::BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Orders))
        .filter(|b| orders.iter().any(|c| order_action(c) == Some(b.action)))
        .filter_map(|b| match b.keys.first() {
            Some(Key::Char(k)) => Some((*k, b.hint)),
            _ => None,
        })
        .collect()
}

/// The order menu's action that gives `command`.
fn order_action(command: &Command) -> Option<Action> {
    let Command::Order(order) = command else {
        return None;
    };
    Some(match order {
        Order::StandFast { .. } => Action::StandFast,
        Order::March { .. } => Action::March,
        Order::Hustle { .. } => Action::Hustle,
        Order::Charge { .. } => Action::Charge,
        Order::Disengage { .. } => Action::Disengage,
        Order::Fire { .. } => Action::Fire,
        Order::Attack { .. } => Action::Attack,
        Order::Ready { .. } => Action::Ready,
        _ => return None,
    })
}
