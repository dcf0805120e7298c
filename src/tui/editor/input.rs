//! The editor's keys and mouse (issue 32), looked up in the one key table
//! ([`crate::tui::keys`], contexts `Editor`, `EditorPick`, `EditorLeave`): each edit goes
//! through the draft, so it undoes; the map's tools paint terrain (R4.6), roads (R12.6),
//! field works (R12.5), units (R2.2), reserves (R12.1) and objectives (R10.3).

use super::lists::{List, ListKind};
use super::{EditExit, Editor, Mode, Picker, Tool};
use crate::editor::draft::At;
use crate::editor::words;
use crate::engine::{Map, Terrain};
use crate::scenario::script_defs::ReserveDef;
use crate::scenario::{Controller, ObjectiveDef, UnitDef};
use crate::tui::keys::{action, Action, Context};
use crate::tui::Key;
use hexx::Hex;

/// `1 hex`, `3 hexes`.
fn count_hexes(n: u32) -> String {
    if n == 1 {
        "1 hex".into()
    } else {
        format!("{n} hexes")
    }
}

/// A terrain's name as the panel writes it (`woods`).
pub(super) fn terrain_name(t: Terrain) -> String {
    format!("{t:?}").to_lowercase()
}

impl Editor {
    /// The context the keys are read in.
    pub fn context(&self) -> Context {
        match self.mode {
            Mode::Map => Context::Editor,
            Mode::Pick(_) => Context::EditorPick,
            Mode::ConfirmLeave => Context::EditorLeave,
            Mode::Form(_) => Context::EditorForm,
            Mode::List(list) => list.context(),
            Mode::Help(_) => Context::Notice,
        }
    }

    /// Takes a key; `Some` when the editor is to be left or the draft played.
    pub fn key(&mut self, key: Key) -> Option<EditExit> {
        let before = self.draft.revision();
        if self.mode == Mode::Map {
            // A message answers the key before; this key may give its own.
            self.message.clear();
        }
        let exit = match &self.mode {
            Mode::Map => self.map_key(key),
            Mode::Pick(_) => {
                self.pick_key(key);
                None
            }
            Mode::Form(_) => {
                self.form_key(key);
                None
            }
            Mode::List(_) => {
                self.list_key(key);
                None
            }
            Mode::ConfirmLeave => {
                self.mode = Mode::Map;
                (action(Context::EditorLeave, key) == Some(Action::Yes)).then(|| {
                    self.discard();
                    EditExit::Leave
                })
            }
            Mode::Help(back) => {
                self.mode = back.map_or(Mode::Map, Mode::List);
                None
            }
        };
        if self.draft.revision() != before {
            // Indexes into the unit list may have moved (an undo, a delete).
            if matches!(self.tool, Tool::Carry(_)) {
                self.end_carry();
            }
            self.about = None;
            self.changed();
        }
        exit
    }

    fn map_key(&mut self, key: Key) -> Option<EditExit> {
        let act = action(Context::Editor, key)?;
        match act {
            Action::MoveCursor => self.step(key),
            Action::Apply => self.apply(),
            Action::Terrain => self.choose_terrain(key),
            Action::Brush => self.next_brush(),
            Action::Fill => self.fill(),
            Action::Road => self.take(Tool::Road, "Enter lays or takes up a road (R12.6)"),
            Action::Works => self.take(Tool::Works, "Enter adds or takes away field works (R12.5)"),
            Action::Objective => self.take(
                Tool::Objective,
                "Enter adds or takes away an objective; `e` names it",
            ),
            Action::AddUnit => self.mode = Mode::Pick(Picker::new(self.draft.file())),
            Action::SwitchSide => self.switch_side(),
            Action::CopyUnit => self.copy_unit(),
            Action::MoveUnit => self.carry(),
            Action::Delete => self.delete(),
            Action::Reserve => self.reserve(),
            Action::TurnLimit => self.turn_limit(key == Key::Char('>')),
            Action::Undo => {
                let done = self.draft.undo();
                self.message = if done { "undone" } else { "nothing to undo" }.into();
            }
            Action::Redo => {
                let done = self.draft.redo();
                self.message = if done { "redone" } else { "nothing to redo" }.into();
            }
            Action::NextProblem => self.next_problem(),
            Action::Save => self.save(),
            Action::TryIt => return self.try_it([Controller::Human; 2]),
            Action::PlayComputer => return self.try_it([Controller::Human, Controller::Computer]),
            Action::QuickSim => self.quick_sim(),
            Action::Zoom => self.zoom(key),
            Action::Help => self.mode = Mode::Help(None),
            Action::EditHere => self.open_form(),
            Action::BattleForm => self.mode = Mode::Form(super::forms::battle_form(&self.draft)),
            Action::EventList => self.mode = Mode::List(List::new(ListKind::Events)),
            Action::TroopList => self.mode = Mode::List(List::new(ListKind::Troops)),
            Action::ProblemList => self.mode = Mode::List(List::new(ListKind::Problems)),
            Action::Leave if matches!(self.tool, Tool::Carry(_)) => {
                self.end_carry();
                self.message = "the unit stays where it was".into();
            }
            Action::Leave if self.unsaved() => self.mode = Mode::ConfirmLeave,
            Action::Leave => return Some(EditExit::Leave),
            _ => {}
        }
        None
    }

    /// The brush's terrain by its digit, 1 clear to 7 water.
    fn choose_terrain(&mut self, key: Key) {
        if let Key::Char(d) = key {
            let i = d.to_digit(10).unwrap_or(1) as usize;
            let t = Terrain::ALL.get(i.saturating_sub(1)).copied();
            let t = t.unwrap_or(Terrain::Clear);
            self.tool = Tool::Paint(t);
            self.message = format!("the brush paints {}", terrain_name(t));
        }
    }

    /// The brush 1, 3, then 7 hexes across, then 1 again.
    fn next_brush(&mut self) {
        self.brush = match self.brush {
            1 => 3,
            3 => 7,
            _ => 1,
        };
        self.message = format!("the brush is {} across", count_hexes(self.brush));
    }

    fn take(&mut self, tool: Tool, said: &str) {
        self.tool = tool;
        self.message = said.into();
    }

    /// Moves the cursor one hex as an arrow key says, staying on the map.
    fn step(&mut self, key: Key) {
        let (dc, dr) = match key {
            Key::Left | Key::Char('h') => (-1, 0),
            Key::Right | Key::Char('l') => (1, 0),
            Key::Up | Key::Char('k') => (0, -1),
            _ => (0, 1),
        };
        let next = (self.cursor.0 + dc, self.cursor.1 + dr);
        if self.draft.contains(next) {
            self.cursor = next;
            self.place_cursor();
        }
    }

    /// The hexes the brush covers around the cursor, on the map.
    pub fn brush_hexes(&self) -> Vec<At> {
        let centre = Map::hex_at(self.cursor.0, self.cursor.1);
        let radius = self.brush / 2;
        let mut out: Vec<At> = centre
            .range(radius)
            .map(Map::offset)
            .filter(|at| self.draft.contains(*at))
            .collect();
        out.sort_unstable();
        out
    }

    /// Uses the tool on the hex under the cursor.
    pub fn apply(&mut self) {
        let at = self.cursor;
        match self.tool.clone() {
            Tool::Select => self.select(),
            Tool::Paint(t) => {
                let hexes = self.brush_hexes();
                if !self.draft.paint(&hexes, t) {
                    self.message = format!("already {}", terrain_name(t));
                }
            }
            Tool::Road => {
                self.draft.toggle_road(at);
            }
            Tool::Works => {
                self.draft.toggle_works(at);
            }
            Tool::Objective => self.objective(at),
            Tool::Place(template) => self.place(*template, at),
            Tool::Carry(i) => self.put_down(i, at),
        }
    }

    /// The select tool changes nothing: it opens the form of what is under the cursor,
    /// else says how to take a tool that edits.
    fn select(&mut self) {
        if self.unit_here().is_some() || self.draft.objective_at(self.cursor).is_some() {
            self.open_form();
        } else {
            self.message = words::START_HINT.into();
        }
    }

    fn objective(&mut self, at: At) {
        if let Some(i) = self.draft.objective_at(at) {
            self.draft.remove_objective(i);
            return;
        }
        let taken: Vec<&str> = (self.draft.file().objectives.iter())
            .map(|o| o.name.as_str())
            .collect();
        let name = (1..)
            .map(|n| format!("objective {n}"))
            .find(|n| !taken.contains(&n.as_str()))
            .unwrap_or_default();
        self.draft.add_objective(ObjectiveDef {
            name,
            at,
            value: None,
            owner: None,
        });
    }

    /// Places a unit like `template` at `at`, labelled apart from the others.
    fn place(&mut self, template: UnitDef, at: At) {
        if self.draft.unit_at(at).is_some() {
            self.message = "a unit stands there: `x` deletes it, `m` moves it".into();
            return;
        }
        let mut unit = template;
        unit.at = Some(at);
        unit.label = Some(self.fresh_label(&unit));
        self.message = words::placed(unit.name(), at);
        self.draft.add_unit(unit);
    }

    /// `"<side> <troop> N"`, the first N no unit has.
    fn fresh_label(&self, u: &UnitDef) -> String {
        let taken: Vec<&str> = (self.draft.file().units.iter())
            .filter_map(|u| u.label.as_deref())
            .collect();
        (1..)
            .map(|n| format!("{} {} {n}", u.side, u.troop))
            .find(|l| !taken.contains(&l.as_str()))
            .unwrap_or_default()
    }

    fn put_down(&mut self, index: usize, at: At) {
        let Some(mut unit) = self.draft.file().units.get(index).cloned() else {
            return;
        };
        if self.draft.unit_at(at).is_some_and(|i| i != index) {
            self.message = "a unit stands there already".into();
            return;
        }
        unit.at = Some(at);
        self.message = words::moved(unit.name(), at);
        self.draft.set_unit(index, unit);
        self.end_carry();
    }

    /// Back to the tool in hand before a unit was picked up.
    fn end_carry(&mut self) {
        self.tool = match self.before_carry.take() {
            Some(tool) => tool,
            None => Tool::Place(Box::new(self.template(None))),
        };
    }

    /// The unit under the cursor: one standing there, else a reserve arriving there
    /// (R12.1).
    fn unit_here(&self) -> Option<usize> {
        let at = self.cursor;
        self.draft.unit_at(at).or_else(|| {
            (self.draft.file().units.iter())
                .position(|u| u.reserve.as_ref().is_some_and(|r| r.hexes.contains(&at)))
        })
    }

    /// A unit of the chosen troop type (or the last one placed) for the chosen side.
    fn template(&self, troop: Option<String>) -> UnitDef {
        let troop = troop
            .or_else(|| match &self.tool {
                Tool::Place(u) => Some(u.troop.clone()),
                _ => None,
            })
            .unwrap_or_else(|| "pikemen".into());
        let side = self.side_name();
        // The size `volley troops` shows: the first R2.6 allows for the type.
        let rules = crate::engine::Rules::standard();
        let creatures = super::pick::catalog_of(self.draft.file())
            .and_then(|c| {
                let t = c.get(&troop)?;
                crate::commands::troops::first_legal_size(t, &rules).map(|(n, _)| n)
            })
            .unwrap_or(120);
        UnitDef::new(&troop, &side, creatures, None)
    }

    /// The name of the side new units go to.
    pub(super) fn side_name(&self) -> String {
        (self.draft.file().sides.get(self.side))
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    fn switch_side(&mut self) {
        self.side = 1 - self.side.min(1);
        let side = self.side_name();
        if let Tool::Place(u) = &mut self.tool {
            u.side = side.clone();
        }
        self.message = format!("new units go to {}", crate::text::escape_text(&side));
    }

    fn copy_unit(&mut self) {
        match self.unit_here() {
            Some(i) => {
                let mut u = self.draft.file().units.get(i).cloned();
                if let Some(u) = &mut u {
                    (u.at, u.label, u.reserve) = (None, None, None);
                }
                self.tool = Tool::Place(Box::new(u.unwrap_or_else(|| self.template(None))));
                self.message = "Enter places copies".into();
            }
            None => self.message = "no unit here to copy".into(),
        }
    }

    fn carry(&mut self) {
        match self.draft.unit_at(self.cursor) {
            Some(i) => {
                if !matches!(self.tool, Tool::Carry(_)) {
                    self.before_carry = Some(self.tool.clone());
                }
                self.tool = Tool::Carry(i);
                let unit = self.draft.file().units.get(i);
                self.message = words::picked_up(unit.map_or("the unit", |u| u.name()));
            }
            None if self.unit_here().is_some() => {
                self.message = "a reserve arrives here: `e` sets where and when".into();
            }
            None => self.message = "no unit here to move".into(),
        }
    }

    fn delete(&mut self) {
        let f = self.draft.file();
        if let Some(i) = self.unit_here() {
            self.message =
                (f.units.get(i)).map_or(String::new(), |u| words::removed_unit(u.name()));
            self.draft.remove_unit(i);
            if matches!(self.tool, Tool::Carry(_)) {
                self.end_carry();
            }
        } else if let Some(i) = self.draft.objective_at(self.cursor) {
            let o = f.objectives.get(i);
            self.message = o.map_or(String::new(), |o| words::removed_objective(&o.name));
            self.draft.remove_objective(i);
        } else {
            self.message = "nothing here to delete".into();
        }
    }

    /// R12.1: the unit under the cursor becomes a reserve arriving at its hex on turn 2;
    /// a reserve arriving under the cursor comes back onto the map there.
    fn reserve(&mut self) {
        if let Some(i) = self.draft.unit_at(self.cursor) {
            let turn = 2.min(self.draft.file().turn_limit.max(1));
            let reserve = ReserveDef {
                turn: Some(turn),
                event: None,
                hexes: vec![self.cursor],
            };
            self.draft.make_reserve(i, reserve);
            self.message = format!(
                "a reserve now: it arrives here on turn {turn} (R12.1); `e` changes when and where"
            );
            return;
        }
        let Some(i) = self.unit_here() else {
            self.message = "no unit here to hold in reserve".into();
            return;
        };
        if let Some(mut u) = self.draft.file().units.get(i).cloned() {
            (u.reserve, u.at) = (None, Some(self.cursor));
            self.draft.set_unit(i, u);
            self.message = "no longer a reserve: it stands here from the start".into();
        }
    }

    fn turn_limit(&mut self, longer: bool) {
        let changed = self.draft.change(|f| {
            f.turn_limit = if longer {
                f.turn_limit
                    .saturating_add(1)
                    .min(crate::scenario::MAX_TURN_LIMIT)
            } else {
                f.turn_limit.saturating_sub(1).max(1)
            }
        });
        let limit = self.draft.file().turn_limit;
        self.message = match changed {
            true => format!("the battle ends after turn {limit} (R3.3)"),
            false => format!(
                "the turn limit stays {limit}: 1 to {}",
                crate::scenario::MAX_TURN_LIMIT
            ),
        };
    }

    /// Flood-fills the area of the cursor's terrain with the brush's terrain.
    fn fill(&mut self) {
        let Tool::Paint(to) = self.tool else {
            self.message = "choose a terrain first (1-7)".into();
            return;
        };
        let area = self.draft.area_of(self.cursor);
        if !self.draft.paint(&area, to) {
            self.message = format!("already {}", terrain_name(to));
        }
    }

    /// The cursor to the next finding's hex, if it names one on the map; the message
    /// says it in full, and `e` then opens the form of the unit it is about.
    /// Goes to the next problem the check found and says it.
    pub(super) fn next_problem(&mut self) {
        let n = self.findings.len();
        let Some(f) = self.findings.get(self.next_finding % n.max(1)).cloned() else {
            self.message = "no problem: it plays".into();
            return;
        };
        let shown = self.next_finding % n.max(1) + 1;
        self.next_finding = shown % n.max(1);
        if let Some(at) = f.at.filter(|at| self.draft.contains(*at)) {
            self.cursor = at;
            self.place_cursor();
        }
        self.about = crate::editor::checker::unit_on_line(&self.text(), f.line);
        let kind = if f.warning { "warning" } else { "problem" };
        self.message = format!("{kind} {shown} of {n}: {}", f.message);
    }

    fn try_it(&mut self, players: [Controller; 2]) -> Option<EditExit> {
        if self.playable().is_some() {
            return Some(EditExit::Play(players));
        }
        self.message = "mend the problems first (`n` shows the next)".into();
        None
    }

    /// Starts a quick sim of the draft, or stops the one running.
    fn quick_sim(&mut self) {
        if self.sim.as_ref().is_some_and(|s| s.tally().is_none()) {
            self.sim = None;
            self.message = "sim stopped".into();
            return;
        }
        let Some(scenario) = self.playable() else {
            self.message = "mend the problems first (`n` shows the next)".into();
            return;
        };
        match super::sim::QuickSim::start(scenario, self.draft.revision(), self.seed) {
            Ok(sim) => self.sim = Some(sim),
            Err(e) => self.message = format!("no sim: {e}"),
        }
    }

    fn zoom(&mut self, key: Key) {
        let now = self
            .view
            .as_ref()
            .map_or(1, |app| app.map_view.geometry().zoom);
        let next = if key == Key::Char('-') {
            now.saturating_sub(1).max(1)
        } else {
            (now + 1).min(crate::tui::map_view::MAX_ZOOM)
        };
        if next == now {
            self.message = "the hexes are that size already".into();
        }
        self.zoom = Some(next);
        if let Some(app) = &self.view {
            app.map_view.choose_zoom(self.zoom);
        }
    }

    /// The form of what is under the cursor: a unit, a reserve arriving there, or an
    /// objective.
    fn open_form(&mut self) {
        let form = match (self.unit_here(), self.draft.objective_at(self.cursor)) {
            (Some(i), _) => super::forms::unit_form(&self.draft, i),
            (None, Some(i)) => super::forms::objective_form(&self.draft, i),
            // The unit the problem `n` last showed is about, wherever it is.
            (None, None) => self
                .about
                .and_then(|i| super::forms::unit_form(&self.draft, i)),
        };
        match form {
            Some(form) => self.mode = Mode::Form(form),
            None => {
                self.message = "no unit, reserve or objective here: `B` is the battle's form".into()
            }
        }
    }

    /// Applies `form`, going back to `back` if it can be read, else saying why not; a
    /// troop type renamed is renamed in the tool placing it too.
    fn confirm_form(&mut self, form: &super::form::Form<super::forms::Target>, back: Mode) {
        let troops = &self.draft.file().troops;
        let was = match form.target {
            super::forms::Target::Troop(i) => troops.get(i).map(|t| (i, t.name.clone())),
            _ => None,
        };
        match super::forms::apply(&mut self.draft, form) {
            Ok(changed) => {
                self.mode = back;
                self.adding = false;
                if matches!(form.target, super::forms::Target::NewBattle) {
                    // The editor opened on this form: now say how to start.
                    self.message = words::START_HINT.into();
                } else if !changed {
                    self.message = "nothing changed".into();
                }
            }
            Err(why) => {
                if let Mode::Form(open) = &mut self.mode {
                    open.error = Some(why);
                }
                return;
            }
        }
        let now = was
            .as_ref()
            .and_then(|(i, _)| self.draft.file().troops.get(*i));
        if let (Some((_, was)), Some(now), Tool::Place(u)) = (&was, now, &mut self.tool) {
            if u.troop == *was {
                u.troop = now.name.clone();
            }
        }
    }

    fn form_key(&mut self, key: Key) {
        let Mode::Form(form) = &mut self.mode else {
            return;
        };
        let back = super::forms::list_of(form.target).map_or(Mode::Map, Mode::List);
        match action(Context::EditorForm, key) {
            Some(Action::Select) => form.step(matches!(key, Key::Down | Key::Tab)),
            Some(Action::Change) if matches!(key, Key::Home | Key::End) => {
                form.cursor_to(key == Key::End);
            }
            Some(Action::Change) => {
                if !form.nudge(key == Key::Right) {
                    form.change(key == Key::Right);
                    super::forms::reshape(form, &self.draft);
                }
            }
            Some(Action::DeleteChar) => form.typed(None),
            Some(Action::Cancel) => {
                self.mode = back;
                // Esc on the form of an item just added takes the add back too.
                if std::mem::take(&mut self.adding) {
                    self.draft.undo();
                }
            }
            Some(Action::Confirm) => {
                let form = form.clone();
                self.confirm_form(&form, back);
            }
            _ => {
                if let Key::Char(c) = key {
                    form.typed(Some(c));
                    // A letter may have chosen a trigger or an effect.
                    let chosen = form.fields.get(form.selected);
                    if chosen.is_some_and(|f| !f.choices.is_empty()) {
                        super::forms::reshape(form, &self.draft);
                    }
                }
            }
        }
    }

    fn pick_key(&mut self, key: Key) {
        let Mode::Pick(picker) = &mut self.mode else {
            return;
        };
        match action(Context::EditorPick, key) {
            Some(Action::Select) => picker.step(key == Key::Down),
            Some(Action::DeleteChar) => picker.typed(None),
            Some(Action::Cancel) => self.mode = Mode::Map,
            Some(Action::Confirm) => {
                let chosen = picker.chosen();
                self.mode = Mode::Map;
                if let Some(troop) = chosen {
                    self.tool = Tool::Place(Box::new(self.template(Some(troop))));
                    self.message = "Enter places a unit; `s` switches side".into();
                }
            }
            _ => {
                if let Key::Char(c) = key {
                    picker.typed(Some(c));
                }
            }
        }
    }

    /// A click at screen cell `(x, y)`: the cursor goes to the hex there and the tool is
    /// used, unless `drag` and the hex is the one already under the cursor.
    pub fn click(&mut self, x: u16, y: u16, drag: bool) {
        if self.mode != Mode::Map {
            return;
        }
        let Some(hex) = self.hex_on_screen(x, y) else {
            return;
        };
        let at = Map::offset(hex);
        if drag && at == self.cursor {
            return;
        }
        self.cursor = at;
        self.place_cursor();
        let before = self.draft.revision();
        match self.tool {
            // A drag of paint is one stroke: one edit for undo.
            Tool::Paint(t) => {
                let hexes = self.brush_hexes();
                self.draft.paint_stroke(&hexes, t, drag);
            }
            _ if !drag => self.apply(),
            _ => {}
        }
        if self.draft.revision() != before {
            self.changed();
        }
    }

    fn hex_on_screen(&self, x: u16, y: u16) -> Option<Hex> {
        let app = self.view.as_ref()?;
        let hex = app.map_view.geometry().hex_at(x, y)?;
        self.draft.contains(Map::offset(hex)).then_some(hex)
    }
}
