//! The terminal game's state: the battle, the cursor, the mode of input and the log, and
//! what each key does in each mode. No drawing and no terminal here, so keys can be tested.

use super::describe::describe;
use super::error::GameError;
use crate::engine::error::RuleError;
use crate::engine::event::MoveKind;
use crate::engine::game::Reach;
use crate::engine::{Actor, Order};
use crate::engine::{Command, Dice, Event, Game, Map, Phase, SideId, UnitId};
use crate::scenario::{Controller, Scenario};
use hexx::Hex;

mod input;
mod mouse;
pub mod net;
mod reading;
mod saving;

pub use saving::{point, SaveAlert, SaveReport, SavedAt};

/// An order the player is building.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// Moving the cursor over the map.
    Browse,
    /// The order menu of a unit.
    Orders {
        /// The unit being ordered.
        unit: UnitId,
        /// Each order's key and name.
        options: Vec<(char, &'static str)>,
    },
    /// Picking the hex a move ends in.
    PickHex {
        /// The unit moving.
        unit: UnitId,
        /// March, hustle, charge or disengage.
        kind: MoveKind,
        /// The hexes it may end in, with their cost.
        reach: Reach,
    },
    /// Picking the target of fire, an attack or a charge ending in `to`.
    PickTarget {
        /// The unit given the order.
        unit: UnitId,
        /// Every enemy it may strike.
        targets: Vec<UnitId>,
        /// The target under the cursor, an index into `targets`.
        index: usize,
        /// What the target receives.
        order: TargetOrder,
    },
    /// Ending orders with units still able to act, or to ready in the Melee phase.
    ConfirmEnd {
        /// How many units could still move, fire or attack.
        idle: usize,
        /// How many more could only ready (R5.6), in the Melee phase.
        ready: usize,
    },
    /// Asking whether to leave the battle.
    ConfirmQuit,
    /// Asking whether a named save may replace a file that is not a save of this battle.
    ConfirmReplace {
        /// The file the save would replace.
        path: std::path::PathBuf,
        /// Said after saving: the name typed was changed to make a file name.
        note: Option<String>,
        /// What the file holds, in words (`holds another battle (Kircholm, 1605, turn 3)`).
        why: String,
    },
    /// `S`: the name to save the battle under, being typed.
    SaveAs {
        /// The name so far.
        name: String,
        /// Whether it is still the name offered, which the first key typed replaces
        /// (found playing: typing after the offered name added to it).
        fresh: bool,
    },
    /// `T`, a battle across two machines: a line of chat to the other player, being typed.
    Chat {
        /// The line so far.
        line: String,
    },
    /// `F`, a designer's tool: the faces the next dice will show, being typed (`6 6 3`).
    ForceDice {
        /// The faces so far, as typed.
        faces: String,
    },
    /// `--watch`: the scenario file changed but has problems; the battle goes on as it was.
    Problems {
        /// Each problem, `file:line:col: message`.
        lines: Vec<String>,
    },
    /// A message of the scenario's events to both players (R12.7); any key closes it
    /// and brings back what was on screen.
    Message {
        /// The messages, oldest first.
        lines: Vec<String>,
        /// The mode it covers.
        then: Box<Mode>,
    },
    /// The key map and a summary of the rules.
    Help,
    /// `M`: the whole map at one character a cell (issue 26).
    Overview,
    /// The scenario, the forces and how the battle is won: before turn 1, and on `b`.
    Briefing {
        /// Lines scrolled down, when it is taller than the screen.
        scroll: u16,
    },
    /// Hot-seat: the keyboard passes to this side.
    Handover {
        /// The side that takes the keyboard.
        side: SideId,
        /// What is asked of it (`Blue: Missile phase, your orders`).
        ask: String,
        /// The log's lines since this side last had the keyboard, oldest first.
        summary: Vec<String>,
    },
    /// `C`: asking whether `side` gives up the battle (R10).
    ConfirmConcede {
        /// The side that would concede.
        side: SideId,
    },
    /// `L`: the whole log over the screen, wrapped, scrolled by the log's own scroll.
    Log,
    /// `R`: the rules browser over the screen; closing it goes back to the mode it was
    /// opened from.
    Rules {
        /// The browser and where it is in the rules.
        view: super::rules_view::RulesView,
        /// The mode to go back to.
        back: Box<Mode>,
    },
}

/// What a picked target receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetOrder {
    /// A missile attack sequence (R6.1).
    Fire,
    /// A melee attack sequence (R7.2).
    Attack,
    /// A charge (R4.4) that ends in `to`.
    Charge {
        /// The hex the charge ends in.
        to: Hex,
    },
}

/// A key, reduced to what the game cares about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A letter, digit or sign.
    Char(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter: open orders, confirm.
    Enter,
    /// Escape: cancel.
    Esc,
    /// The next unit with an order to give, or the next target.
    Tab,
    /// Shift-Tab: the previous one.
    BackTab,
    /// Take back the last movement order.
    Backspace,
    /// Scroll the log back.
    PageUp,
    /// Scroll the log forward.
    PageDown,
    /// Home: the start of a typed field.
    Home,
    /// End: the end of a typed field.
    End,
}

/// How long the computer thinks about one decision at level `hard` unless `--think-ms`
/// says, in ms.
pub const DEFAULT_THINK_MS: u64 = 1000;

/// The terminal game.
pub struct App {
    /// The scenario's messages not yet shown (R12.7).
    unread: Vec<String>,
    /// The battle's scenario, as checked.
    pub(super) scenario: Scenario,
    /// The battle itself.
    game: Game,
    /// The dice's seed, for saves and replays.
    pub(super) seed: u64,
    /// Every command given, in order: with the seed, the whole battle.
    commands: Vec<Command>,
    /// A battle across two machines (issue 31): the shared dice of its commands, by the
    /// index of the command each rolled for; none for other battles.
    pub(super) draws: Vec<crate::engine::SharedDraw>,
    /// A battle across two machines: the players' commitments, for its saves.
    pub(super) network: Option<crate::save::NetworkRecord>,
    /// A battle across two machines: this player's seat (issue 31).
    net: Option<net::NetSeat>,
    /// Lines of the log that no event wrote (chat, the line's news), each with its place
    /// in the log, so that a log rebuilt by an undo or a re-join keeps them.
    side_lines: Vec<(usize, String)>,
    /// Who gives each side's orders.
    pub(super) controllers: [Controller; 2],
    /// The computer's level on each side it plays.
    pub(super) levels: [crate::ai::Level; 2],
    /// How long the computer may think about one decision at level `hard`, in ms.
    pub(super) think_ms: u64,
    /// The hex under the cursor.
    pub(super) cursor: Hex,
    /// What keys do now.
    pub(super) mode: Mode,
    /// One line for the status bar: a refusal's reason or what just happened.
    pub(super) message: String,
    /// The battle's log, one line an entry.
    pub(super) log: Vec<String>,
    /// The log panel: how far it is scrolled back, its page as last drawn.
    pub(super) log_panel: super::log_scroll::LogScroll,
    /// The end-of-battle table of units: how many rows are scrolled past (`PgDn`).
    pub(super) end_scroll: usize,
    /// The end-of-battle table as last drawn: rows a page shows, and the most that may be
    /// scrolled past.
    pub(super) end_paging: std::cell::Cell<(usize, usize)>,
    /// Whether the scenario's file holds this battle, read once when the end screen first
    /// asks (not at every frame).
    pub(super) file_holds_battle: std::cell::OnceCell<bool>,
    /// `t`: the threat view is on: the cursor's hex shows the enemies that could charge or
    /// fire at it, an enemy unit the hexes it threatens (R4.4, R6.1).
    pub(super) threat_view: bool,
    /// Set when the player leaves.
    pub(super) quit: bool,
    /// The map view: its scroll, the player's hex size, whether the terminal is too small,
    /// where it was last drawn.
    pub(super) map_view: super::map_view::MapViewState,
    /// The screen row of each order of the open menu and its key (Esc as `\u{1b}`), to
    /// turn a click on the menu into the order.
    pub(super) menu_rows: super::panels::OrderMenuRows,
    /// Where named saves go (the data directory); `None` disables `S`.
    pub(super) save_dir: Option<std::path::PathBuf>,
    /// This battle's own autosave file, written after every command; `None` disables it.
    pub(super) autosave: Option<std::path::PathBuf>,
    /// `--watch`: the scenario file to reload when it changes.
    pub(super) watch: Option<super::watch::FileWatch>,
    /// The newest save of the battle written, by the autosave or `S` while it failed.
    pub(super) saved: Option<SavedAt>,
    /// Set while the autosave fails: the alert, then the banner, until a save works.
    pub(super) save_alert: Option<SaveAlert>,
    /// The lock on the autosave file, so no other game writes it.
    lock: Option<crate::save::lock::SaveLock>,
    undo_ok: bool,
    /// The side whose last command could be taken back (a movement order with no die
    /// rolled since), whoever played it.
    undo_by: Option<SideId>,
    last_human: Option<SideId>,
    /// Each unit's tag, by unit id (see [`super::tags`]).
    tags: Vec<char>,
    /// `--dice`: faces forced before the battle opened, so on turn 1's initiative (R3.1);
    /// every replay of the battle forces them again, and the save keeps them.
    pub(super) opening_dice: Vec<u32>,
    /// The other side's moves and attacks since the player's last order.
    pub(super) traces: super::traces::Traces,
    /// The player's settings (stops at empty phases, handovers), as read when it opened.
    pub(super) settings: super::settings::Settings,
    /// Where a toggle writes the settings; `None` keeps them for this battle only.
    pub(super) settings_path: Option<std::path::PathBuf>,
    /// Set when the player leaves a finished battle for the title screen.
    pub(super) to_title: bool,
    /// The battle was opened from the title screen: leaving it (`q` `y`) goes back there.
    pub(super) from_title: bool,
    /// For each side, the log's length when it last had the keyboard (hot-seat summary).
    seen: [usize; 2],
}

impl App {
    /// A new battle from a scenario and a seed.
    ///
    /// # Errors
    /// [`GameError::SetUp`] with the scenario's setup problems.
    pub fn new(
        scenario: Scenario,
        seed: u64,
        controllers: [Controller; 2],
    ) -> Result<App, GameError> {
        App::with_opening_dice(scenario, seed, controllers, &[])
    }

    /// A new battle whose first dice show `faces` (`--dice`): forced before it opens, so
    /// turn 1's initiative rolls them (R3.1), then the seeded dice go on. Errors: the
    /// engine's setup problems.
    pub fn with_opening_dice(
        scenario: Scenario,
        seed: u64,
        controllers: [Controller; 2],
        faces: &[u32],
    ) -> Result<App, GameError> {
        let game = opened(&scenario, seed, faces).map_err(|problems| GameError::SetUp {
            file: scenario.file.clone(),
            problems: problems.into_iter().map(|p| p.message).collect(),
        })?;
        let mut app = App::start(scenario, game, seed, Vec::new(), controllers, String::new());
        app.opening_dice = faces.to_vec();
        // A new battle opens on its briefing; the hot-seat handover waits behind it, and
        // turn 1's messages come after it (R12.7).
        app.mode = Mode::Briefing { scroll: 0 };
        app.unread = messages(app.game.log());
        Ok(app)
    }
    /// Appends the events' descriptions to the log.
    fn record(&mut self, events: &[Event]) {
        for e in events {
            self.log.extend(describe(&self.game, e));
        }
        self.log_panel.to_end();
    }

    /// Submits a command from the player or the computer: across the line in a battle
    /// across two machines (applied when the host accepts it), else here at once.
    pub fn submit(&mut self, command: Command) -> bool {
        if self.net.is_some() {
            return self.net_send(command);
        }
        self.submit_here(command)
    }

    /// Gives a command to this side's battle at once.
    pub(super) fn submit_here(&mut self, command: Command) -> bool {
        let start = self.game.log().len();
        match self.apply(command) {
            Ok(()) => {
                let new = self.game.log().get(start..).unwrap_or_default();
                self.unread.extend(messages(new));
                self.message.clear();
                self.autosave();
                self.mode = Mode::Browse;
                self.after_change(true);
                self.show_messages();
                true
            }
            Err(e) => {
                self.message = self.with_labels(e.to_string());
                false
            }
        }
    }

    /// Plays one command and keeps what follows from it: the command list, the other
    /// side's traces, whether it may be taken back, and the log written from the state
    /// right after it. Live play, a resume, undo and the replay viewer all come through
    /// here, so their logs and marks are the same.
    ///
    /// # Errors
    /// The engine's refusal of `command`.
    pub fn apply(&mut self, command: Command) -> Result<(), RuleError> {
        let before = self.game.dice_rolled();
        let acting = self.game.acting_side();
        let when = (self.game.turn(), self.game.phase());
        // Written here, not where the phase is skipped, so a resumed log has it too.
        let empty = (command == Command::Order(Order::EndOrders))
            .then(|| self.empty_phase_line())
            .flatten();
        let draw = crate::engine::dice::draw_of(&self.draws, self.commands.len());
        let events = self.game.submit_drawn(command, draw).map(<[_]>::to_vec)?;
        self.commands.push(command);
        if let Some(side) = acting {
            let order = command.is_order() && command != Command::Order(Order::EndOrders);
            self.traces.record((side, order, when), &self.game, &events);
        }
        self.traces.follow(&self.game);
        // Only a person's own order is taken back, never the computer's.
        let here = |s: SideId| self.controller(s) == Controller::Human && !self.is_remote(s);
        let human = acting.is_some_and(here);
        let undoable = self.game.may_take_back(&command, before);
        self.undo_by = acting.filter(|_| undoable);
        self.undo_ok = human && undoable;
        if (events.iter()).any(|e| matches!(e, crate::engine::Event::UnitDefected { .. })) {
            // A defector's tag may be one its new side already uses (R12.3).
            self.tags = super::tags::after_defection(&self.game, &self.tags);
        }
        self.log.extend(empty);
        self.record(&events);
        Ok(())
    }

    /// Shows the scenario's messages not shown yet (R12.7) over whatever is on screen,
    /// which comes back once they are read: both players see them, in hot-seat before the
    /// handover, against the computer before it moves on.
    pub(super) fn show_messages(&mut self) {
        if self.unread.is_empty() {
            return;
        }
        let lines = std::mem::take(&mut self.unread);
        let then = std::mem::replace(&mut self.mode, Mode::Browse);
        self.mode = Mode::Message {
            lines,
            then: Box::new(then),
        };
    }

    /// The engine's reason with each unit's `#id` replaced by its label and hex
    /// (`"Red lancers" at (6, 5)`), longest id first so `#1` does not eat the start of `#12`.
    pub fn with_labels(&self, text: String) -> String {
        self.game.with_labels(text)
    }

    /// After each change: a person's phase with nothing to order ends by itself (unless
    /// the settings say stop there); when the keyboard passes between two people, the
    /// handover says what is asked and what happened since; the cursor goes to the first
    /// unit with an order.
    /// `skip`: whether an empty phase may be ended (never while a battle is only opened).
    fn after_change(&mut self, skip: bool) {
        let Some(side) = self.game.acting_side() else {
            return;
        };
        if self.controller(side) != Controller::Human || self.is_remote(side) {
            return;
        }
        if skip && self.skip_empty_phase(side) {
            return;
        }
        let changed = self.last_human.is_some_and(|s| s != side);
        let both_human =
            self.net.is_none() && self.controllers.iter().all(|c| *c == Controller::Human);
        if both_human && changed && self.settings.handovers {
            let from = (*side.of(&self.seen)).min(self.log.len());
            let summary = self.log.get(from..).unwrap_or_default().to_vec();
            let ask = self.asked_of(side);
            self.mode = Mode::Handover { side, ask, summary };
        }
        if changed {
            self.cursor_to_first_order();
        }
        self.last_human = Some(side);
        *side.of_mut(&mut self.seen) = self.log.len();
    }

    /// A phase just handed to `side` in which none of its units has an order other than
    /// stand fast (the engine's legal orders) is ended, unless the settings say stop
    /// there; whether it was.
    fn skip_empty_phase(&mut self, side: SideId) -> bool {
        if self.settings.stop_at_empty_phases || self.empty_phase_line().is_none() {
            return false;
        }
        debug_assert_eq!(self.game.acting_side(), Some(side));
        self.submit(Command::Order(Order::EndOrders))
    }

    /// The log's line for a person's side whose phase has just come to it with nothing to
    /// order but stand fast (the engine's legal orders); `None` otherwise.
    fn empty_phase_line(&self) -> Option<String> {
        let Actor::Orders { phase, side } = self.game.actor() else {
            return None;
        };
        // Only as the phase or the keyboard comes to `side`: once it has given an order, it
        // ends its orders itself (it may want to undo).
        let just_handed = self.game.log().last().is_some_and(|e| match e {
            Event::OrdersPassed { side: s } => *s == side,
            Event::PhaseBegan { .. } => true,
            _ => false,
        });
        let person = self.controller(side) == Controller::Human && !self.is_remote(side);
        // Found playing: "nothing but stand fast" read wrong outside the Movement phase.
        let only = match phase {
            Phase::Movement => "nothing but stand fast",
            Phase::Missile => "no unit may fire or ready",
            _ => "no unit may attack or ready",
        };
        (just_handed && person && self.units_to_order().is_empty()).then(|| {
            format!(
                "{}: no orders for you in the {} phase ({only}): it goes on.",
                self.game.side(side).name,
                phase_name(phase)
            )
        })
    }

    /// What the rules ask of `side` now, for the handover.
    fn asked_of(&self, side: SideId) -> String {
        let name = &self.game.side(side).name;
        match self.game.actor() {
            Actor::Decide(d) => super::describe::decision_line(&self.game, &d)
                .unwrap_or_else(|| format!("{name}: a decision")),
            Actor::Orders { phase, .. } => {
                format!("{name}: {} phase, your orders", phase_name(phase))
            }
            Actor::Nobody => format!("{name}: the battle is over"),
        }
    }

    /// The cursor on the unit a decision is about, else the first unit with an order.
    fn cursor_to_first_order(&mut self) {
        let unit = match self.game.actor() {
            Actor::Decide(
                crate::engine::Decision::Withdraw { unit, .. }
                | crate::engine::Decision::Advance { unit, .. }
                | crate::engine::Decision::NewChargeTarget { unit, .. },
            ) => Some(unit),
            _ => self.units_to_order().first().copied(),
        };
        if let Some(u) = unit.and_then(|id| self.game.unit(id)) {
            self.cursor = u.pos;
        }
    }

    /// True when the computer must give the next command.
    pub fn computer_to_act(&self) -> bool {
        self.game.outcome().is_none()
            && self
                .game()
                .acting_side()
                .is_some_and(|s| self.controller(s) == Controller::Computer)
            && !self.is_remote_turn_or_waiting()
    }

    /// The tag that tells a unit apart from its side's others (`?` if unknown).
    pub fn tag(&self, id: UnitId) -> char {
        self.tags.get(usize::from(id.0)).copied().unwrap_or('?')
    }

    /// After a reload of `old`'s battle (`--watch`): each unit keeps the tag it had there,
    /// by side and label (see [`super::tags::keeping`]).
    pub(super) fn keep_tags(&mut self, old: &App) {
        self.tags = super::tags::keeping(self.game(), old.game(), &old.tags);
    }

    /// The side at the keyboard: the human side that acted last (`None` before anyone has,
    /// or when the computer plays both sides).
    pub fn viewer(&self) -> Option<SideId> {
        self.last_human
    }

    /// Who gives `side`'s orders.
    pub fn controller(&self, side: SideId) -> Controller {
        let [a, b] = self.controllers;
        match side {
            SideId::A => a,
            SideId::B => b,
        }
    }

    /// A battle resumed from a save: replayed command by command as it was played, so its
    /// log, the other side's marks and undo are what they were before the save.
    pub fn resumed(r: crate::save::Resumed) -> App {
        let message = "battle resumed".to_string();
        let levels = r.levels;
        let dice = (r.seed, r.opening_dice.as_slice());
        let replayed = App::replayed_opened(
            r.scenario.clone(),
            dice,
            (&r.commands, &r.draws),
            r.controllers,
        );
        let mut app = match replayed {
            Ok(app) => app,
            // The save was replayed once already; this cannot fail, but if it does the
            // battle is still shown, with its log rebuilt from the game.
            Err(_) => App::viewing(r.scenario, r.game, r.seed, r.commands, r.controllers),
        };
        app.opening_dice = r.opening_dice;
        app.message = message;
        app.levels = levels;
        app.draws = r.draws;
        app.network = r.network;
        app
    }

    /// A new branch of a battle: its scenario and seed replayed through `commands`.
    pub fn branch(
        scenario: Scenario,
        seed: u64,
        history: super::title::History,
        controllers: [Controller; 2],
    ) -> Result<App, GameError> {
        let played = (history.commands.as_slice(), history.draws.as_slice());
        let mut app = App::replayed_opened(scenario, (seed, &[]), played, controllers)?;
        app.network = history.network;
        app.message = format!("playing on from command {}", app.commands().len());
        Ok(app)
    }

    /// The battle of `scenario` and `seed` played through `commands` the way live play
    /// does (see [`App::apply`]); the first refused command is named in the error.
    pub fn replayed(
        scenario: Scenario,
        seed: u64,
        commands: &[Command],
        controllers: [Controller; 2],
    ) -> Result<App, GameError> {
        App::replayed_opened(scenario, (seed, &[]), (commands, &[]), controllers)
    }

    /// [`App::replayed`] for a battle whose first dice were forced (`--dice`): `dice` is
    /// its seed and those faces.
    pub fn replayed_opened(
        scenario: Scenario,
        (seed, faces): (u64, &[u32]),
        (commands, draws): (&[Command], &[crate::engine::SharedDraw]),
        controllers: [Controller; 2],
    ) -> Result<App, GameError> {
        let game = opened(&scenario, seed, faces).map_err(|_| GameError::NotSetUp)?;
        let mut app = App::start(scenario, game, seed, Vec::new(), controllers, String::new());
        app.opening_dice = faces.to_vec();
        app.draws = draws.to_vec();
        app.last_human = None;
        for (i, c) in commands.iter().enumerate() {
            app.apply(*c).map_err(|reason| GameError::RefusedOnReplay {
                number: i + 1,
                reason,
            })?;
        }
        app.after_change(false);
        Ok(app)
    }

    /// The battle at some point of its commands, as the replay viewer shows it; its log is
    /// rebuilt from the game's events as they read now (the viewer sets the true log).
    pub fn viewing(
        scenario: Scenario,
        game: Game,
        seed: u64,
        commands: Vec<Command>,
        controllers: [Controller; 2],
    ) -> App {
        App::start(scenario, game, seed, commands, controllers, String::new())
    }

    /// The app over `game` (already at the end of `commands`), its log filled from the
    /// game's events and the cursor on the first unit.
    fn start(
        scenario: Scenario,
        game: Game,
        seed: u64,
        commands: Vec<Command>,
        controllers: [Controller; 2],
        message: String,
    ) -> App {
        let cursor = game.units().first().map_or(Map::hex_at(0, 0), |u| u.pos);
        let levels = scenario.sides.each_ref().map(|s| s.level);
        let mut app = App {
            scenario,
            game,
            seed,
            commands,
            draws: Vec::new(),
            network: None,
            net: None,
            side_lines: Vec::new(),
            levels,
            think_ms: DEFAULT_THINK_MS,
            controllers,
            cursor,
            mode: Mode::Browse,
            message,
            log: Vec::new(),
            threat_view: false,
            log_panel: super::log_scroll::LogScroll::default(),
            end_scroll: 0,
            end_paging: std::cell::Cell::new((0, 0)),
            file_holds_battle: std::cell::OnceCell::new(),
            quit: false,
            map_view: super::map_view::MapViewState::default(),
            menu_rows: super::panels::OrderMenuRows::default(),
            save_dir: None,
            autosave: None,
            watch: None,
            saved: None,
            save_alert: None,
            lock: None,
            undo_ok: false,
            undo_by: None,
            last_human: None,
            tags: Vec::new(),
            opening_dice: Vec::new(),
            traces: super::traces::Traces::default(),
            settings: super::settings::Settings::default(),
            settings_path: None,
            to_title: false,
            from_title: false,
            seen: [0; 2],
            unread: Vec::new(),
        };
        app.tags = super::tags::tags(app.game());
        let events = app.game().log().to_vec();
        app.record(&events);
        app.seen = [app.log.len(); 2];
        // A battle opened (or viewed) as it was saved: nothing is submitted on its own.
        app.after_change(false);
        app
    }

    fn save_file(&self) -> crate::save::SaveFile {
        let mut file = crate::save::SaveFile::of(
            &self.scenario,
            self.seed,
            self.controllers,
            &self.commands,
            &self.game,
        );
        file.levels = self.levels;
        file.opening_dice = self.opening_dice.clone();
        file.draws = self.draws.clone();
        file.network = self.network;
        file
    }

    /// The name `S` offers: the battle and the turn, `kircholm-turn-3`.
    pub fn default_save_name(&self) -> String {
        let stem = crate::save::file_stem(&self.scenario.file);
        format!("{stem}-turn-{}", self.game.turn())
    }

    /// In a battle across two machines: the other player's turn, or this player's command
    /// still waiting for its answer (the computer on this side waits too).
    fn is_remote_turn_or_waiting(&self) -> bool {
        self.net.as_ref().is_some_and(|n| {
            n.peer.waiting() || !n.peer.in_step() || self.game.acting_side() != Some(n.peer.side())
        })
    }

    /// Takes back the last movement order if no die has been rolled since (issue: undo).
    /// The battle, its log and the other side's marks are replayed without it, so nothing
    /// of the order taken back stays on screen (issue 26).
    pub fn undo(&mut self) {
        if !self.undo_ok {
            self.message =
                "nothing to undo: only a movement order with no die rolled can be taken back"
                    .into();
            return;
        }
        if self.net.is_some() {
            return self.net_undo();
        }
        let kept = self.commands.len().saturating_sub(1);
        if let Err(why) = self.back_to(kept) {
            self.message = format!("undo failed: {why}");
            return;
        }
        self.autosave();
        self.undo_ok = false;
        self.undo_by = None;
        self.message = "order taken back".into();
    }

    /// The battle replayed through its first `kept` commands (an undo, here or across the
    /// line); the history stays in place if the replay fails.
    ///
    /// # Errors
    /// The replay's failure.
    pub(super) fn back_to(&mut self, kept: usize) -> Result<(), GameError> {
        let commands = self.commands.get(..kept).unwrap_or_default();
        let draws: Vec<_> = (self.draws.iter())
            .filter(|d| (d.command as usize) < kept)
            .copied()
            .collect();
        // The history stays in place until the replay has succeeded.
        let dice = (self.seed, self.opening_dice.as_slice());
        let back = App::replayed_opened(
            self.scenario.clone(),
            dice,
            (commands, &draws),
            self.controllers,
        )?;
        self.game = back.game;
        self.commands = back.commands;
        self.draws = back.draws;
        // Whether the last command may be taken back, as the replay found it.
        self.undo_by = back.undo_by;
        self.log = back.log;
        for (at, line) in &mut self.side_lines {
            // Where it stands now, for the next rebuild.
            *at = (*at).min(self.log.len());
            self.log.insert(*at, line.clone());
        }
        self.traces = back.traces;
        self.log_panel.to_end();
        Ok(())
    }

    /// The phase and the side giving orders, for the header.
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }
}

/// A phase's name as the header writes it (`Missile`).
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Initiative => "Initiative",
        Phase::Movement => "Movement",
        Phase::Missile => "Missile",
        Phase::Melee => "Melee",
        Phase::Morale => "Morale",
    }
}

/// The battle of `scenario` opened with dice seeded `seed`, `faces` forced first (`--dice`):
/// turn 1's initiative rolls them (R3.1). Errors: the engine's setup problems.
pub(super) fn opened(
    scenario: &Scenario,
    seed: u64,
    faces: &[u32],
) -> Result<Game, Vec<crate::engine::game::SetupError>> {
    let mut dice = Dice::seeded(seed);
    faces.iter().for_each(|&f| dice.force(f));
    Game::new(scenario.setup.clone(), dice)
}

/// The scenario's messages among `events` (R12.7), oldest first.
fn messages(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MessageShown { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        reason = "a test fails loudly"
    )]
    use super::App;
    use crate::engine::{Answer, Command, Order};
    use crate::scenario::{Controller, Scenario, SHIPPED};

    /// A history that no longer replays (as if the battle's data had changed under it)
    /// survives a failed undo, which says which command was refused. Only a unit test can
    /// make one: outside this module the command list changes only with the game.
    #[test]
    fn an_undo_whose_replay_fails_keeps_the_history() {
        let (file, src) = SHIPPED[0];
        let scenario = Scenario::parse(src, file).unwrap();
        let mut app = App::new(scenario, 7, [Controller::Human; 2]).unwrap();
        assert!(app.submit(Command::Answer(Answer::ChooseFirst { first: true })));
        let pike = app.game.units()[0].id;
        assert!(app.submit(Command::Order(Order::StandFast { unit: pike })));
        app.commands.insert(0, Command::Order(Order::EndOrders));
        let history = app.commands.clone();
        app.undo();
        assert_eq!(app.commands, history, "the history survives a failed undo");
        assert!(
            app.message.starts_with("undo failed: command 1 is refused"),
            "{}",
            app.message
        );
    }
}
