//! What the rest of the program may read of the terminal game, and the few changes it may
//! make from outside: the battle and its command list change only together, through
//! [`App::apply`] and [`App::submit`], so a save always replays to the game on screen.

use super::{App, Mode, SaveAlert, SavedAt};
use crate::engine::{Command, Game};
use crate::scenario::{Controller, Scenario};
use hexx::Hex;
use std::path::{Path, PathBuf};

impl App {
    /// The battle's scenario, as checked.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The battle itself.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The dice's seed, for saves and replays.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every command given, in order: with the seed, the whole battle.
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Who gives each side's orders.
    pub fn controllers(&self) -> [Controller; 2] {
        self.controllers
    }

    /// The computer's level on each side it plays.
    pub fn levels(&self) -> [crate::ai::Level; 2] {
        self.levels
    }

    /// How long the computer may think about one decision at level `hard`, in ms.
    pub fn think_ms(&self) -> u64 {
        self.think_ms
    }

    /// Sets how long the computer may think about one decision at level `hard`, in ms
    /// (`--think-ms`).
    pub fn set_think_ms(&mut self, ms: u64) {
        self.think_ms = ms;
    }

    /// The hex under the cursor.
    pub fn cursor(&self) -> Hex {
        self.cursor
    }

    /// Puts the cursor on `hex`, as a click on it does (the map scrolls to show it when
    /// next drawn).
    pub fn put_cursor(&mut self, hex: Hex) {
        self.cursor = hex;
    }

    /// What keys do now.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The status bar's line: a refusal's reason or what just happened.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Says `text` on the status bar, as a refusal or a note does.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = text.into();
    }

    /// The battle's log, one line an entry.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// Whether the player has left.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Whether the player left the battle (finished, or one opened from there) for the
    /// title screen.
    pub fn to_title(&self) -> bool {
        self.to_title
    }

    /// The same battle, marked as opened from the title screen: leaving it goes back there
    /// instead of ending the program.
    pub fn opened_from_title(mut self) -> App {
        self.from_title = true;
        self
    }

    /// Whether the threat view (`t`) is on.
    pub fn threat_view(&self) -> bool {
        self.threat_view
    }

    /// Where named saves go; `None` when `S` is off.
    pub fn save_dir(&self) -> Option<&Path> {
        self.save_dir.as_deref()
    }

    /// Lets `S` save named battles in `dir` (the data directory).
    pub fn save_in(&mut self, dir: PathBuf) {
        self.save_dir = Some(dir);
    }

    /// This battle's own autosave file, when it has one.
    pub fn autosave_file(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// The newest save of the battle written.
    pub fn saved(&self) -> Option<&SavedAt> {
        self.saved.as_ref()
    }

    /// The save-failed alert, while the autosave fails.
    pub fn save_alert(&self) -> Option<&SaveAlert> {
        self.save_alert.as_ref()
    }

    /// The other side's moves and attacks since the player's last order.
    pub fn traces(&self) -> &crate::tui::traces::Traces {
        &self.traces
    }

    /// The player's settings, as read when the battle opened or toggled since.
    pub fn settings(&self) -> &crate::tui::settings::Settings {
        &self.settings
    }

    /// Uses `settings` (as read from the settings file); a toggle writes them back to
    /// `path`, or keeps them for this battle only when it is `None`.
    pub fn use_settings(
        &mut self,
        settings: crate::tui::settings::Settings,
        path: Option<PathBuf>,
    ) {
        self.settings = settings;
        self.settings_path = path;
    }

    /// `--no-handover`: no handover screen between hot-seat sides, for this battle only.
    pub fn no_handovers(&mut self) {
        self.settings.handovers = false;
    }

    /// `--watch`: reloads the scenario at `path` when it changes.
    pub fn watch_file(&mut self, path: &Path) {
        self.watch = Some(crate::tui::watch::FileWatch::new(path));
    }

    /// Opens the battle on its briefing, as a new battle does.
    pub fn open_briefing(&mut self) {
        self.mode = Mode::Briefing { scroll: 0 };
    }
}

impl App {
    /// Lines the log is scrolled back from its end.
    pub fn log_scroll(&self) -> usize {
        self.log_panel.back()
    }

    /// The log's page (entries one page shows) and its largest scroll back, as last drawn.
    pub fn log_paging(&self) -> (usize, usize) {
        self.log_panel.paging()
    }

    /// Scrolls the log back `lines` from its end, as the arrows in the log view do.
    pub fn scroll_log_back(&mut self, lines: usize) {
        self.log_panel.set_back(lines);
    }

    /// The hex size the player chose with `+`/`-`; `None` fits the map to the terminal.
    pub fn zoom(&self) -> Option<u8> {
        self.map_view.chosen_zoom()
    }

    /// Where the map was last drawn: its area, scroll and hex size.
    pub fn geometry(&self) -> crate::tui::map_view::MapGeometry {
        self.map_view.geometry()
    }
}
