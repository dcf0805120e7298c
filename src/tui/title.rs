//! The title screen of `volley` with no file: every shipped battle (compiled in) with its
//! year, a one-line description and its sides, then the saved battles of the data
//! directory, newest first. Enter on a battle starts it as its scenario sets the sides (the
//! first entry is Kircholm, so a new player is one key from play); `1` and `2` command one
//! side against the computer, `h` plays hot-seat, `w` watches the computer play both.
//! Under the battles, "Quick battle" opens the quick-battle menu ([`super::quick`]).

use super::app::Key;
use super::keys::{self, Action, Context};
use super::quick::{QuickExit, QuickMenu};
use crate::ai::Level;
use crate::scenario::{Controller, Scenario, SHIPPED};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::path::{Path, PathBuf};

/// Saves listed at most, newest first.
const MAX_SAVES: usize = 20;

/// A saved battle the title screen offers to resume.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveEntry {
    /// The save file.
    pub path: PathBuf,
    /// The battle's name, its turn, and when it was saved, cut to the list's columns.
    pub summary: String,
    /// The same uncut, with the file's path: the details under the list when it is chosen.
    pub detail: Vec<String>,
}

/// What the player chose on the title screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// A new battle with these controllers.
    New(Box<Scenario>, [Controller; 2]),
    /// Resume a saved battle.
    Resume(PathBuf),
    /// Play on from a point of a replay: the battle's scenario, seed and history up to
    /// there, and who plays each side.
    Branch(Box<Scenario>, u64, Box<History>, [Controller; 2]),
    /// A battle across two machines: host one or join one (issue 31).
    Network(Box<NetChoice>),
    /// The battle editor on this file, starting from this text if the file is not on disk
    /// (a shipped battle's copy), with this seed for the battles played from it (issue 32).
    Edit(PathBuf, Option<String>, u64),
    /// Leave without playing.
    Quit,
}

/// A battle's history to play on from: its commands and, for a battle across two
/// machines (issue 31), the shared dice they rolled and the players' commitments.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct History {
    /// The commands, in order.
    pub commands: Vec<crate::engine::Command>,
    /// Their shared draws (none but across two machines).
    pub draws: Vec<crate::engine::SharedDraw>,
    /// The players' commitments (across two machines).
    pub network: Option<crate::save::NetworkRecord>,
}

/// What the title screen chose for a battle across two machines.
#[derive(Clone, Debug, PartialEq)]
pub enum NetChoice {
    /// Host this battle for a player on another machine.
    Host(Box<Scenario>),
    /// Join the battle at this address with this code.
    Join {
        /// The host's address and port.
        address: String,
        /// The join code.
        code: String,
    },
}

/// The title screen's state.
#[derive(Clone, Debug)]
pub struct Title {
    battles: Vec<Scenario>,
    saves: Vec<SaveEntry>,
    selected: usize,
    /// The computer's level the player chose with `l`, for every battle opened from here;
    /// `None` keeps each scenario's own.
    level: Option<Level>,
    /// Why the last choice could not be opened, shown under the list.
    pub message: String,
    /// The player's settings, toggled here with `P` and `H` (issue 26).
    pub settings: super::settings::Settings,
    /// Where a toggle writes them; `None` keeps them for this session.
    settings_path: Option<PathBuf>,
    /// The quick-battle menu, while it is open.
    quick: Option<Box<QuickMenu>>,
    /// The menu of a quick battle started from here, kept so that if the battle cannot be
    /// opened (the reason shows on the list) Enter brings the same choices back.
    parked: Option<Box<QuickMenu>>,
    /// The quick battle's seed when the player types none (the command line's clock).
    quick_seed: u64,
    /// `J`: the host's address and join code, being typed (issue 31).
    join_form: Option<String>,
}

mod edit;
mod net;

impl Title {
    /// The shipped battles, Kircholm first, and the saves found in `data_dir`.
    pub fn new(data_dir: &Path) -> Title {
        let mut battles: Vec<Scenario> = SHIPPED
            .iter()
            .filter_map(|(file, src)| Scenario::parse(src, file).ok())
            .collect();
        // Kircholm, the default battle, leads; the rest keep their shipped order.
        battles.sort_by_key(|s| s.file != crate::scenario::DEFAULT_SCENARIO.0);
        Title {
            battles,
            saves: list_saves(data_dir),
            selected: 0,
            level: None,
            message: String::new(),
            settings: super::settings::Settings::default(),
            settings_path: None,
            quick: None,
            parked: None,
            quick_seed: 0,
            join_form: None,
        }
    }

    /// The same title screen whose quick battle takes `seed` when the player types none:
    /// the command line passes one read from the clock (the terminal game reads no clock).
    pub fn with_quick_seed(mut self, seed: u64) -> Title {
        self.quick_seed = seed;
        self
    }

    /// The row of the "Quick battle" entry: right under the battles.
    fn quick_row(&self) -> usize {
        self.battles.len()
    }

    /// The same title screen whose quick-battle menu opens with the choices of `menu`, the
    /// menu the last battle was started from ([`Title::take_quick_menu`]), if any.
    pub fn with_quick_menu(mut self, menu: Option<Box<QuickMenu>>) -> Title {
        self.parked = menu;
        self
    }

    /// The quick-battle menu a battle was started from, to give the next title screen
    /// ([`Title::with_quick_menu`]) so that it opens as the player left it.
    pub fn take_quick_menu(&mut self) -> Option<Box<QuickMenu>> {
        self.parked.take()
    }

    /// Opens the quick-battle menu: with the choices of the last battle started from it
    /// (one that did not open, or one played before this title screen), else new; a seed
    /// not typed is this screen's.
    fn open_quick(&mut self) {
        let seed = self.quick_seed;
        let menu = self.parked.take().map(|m| m.reopened(seed));
        self.quick = Some(menu.unwrap_or_else(|| Box::new(QuickMenu::new(seed))));
    }

    /// Whether the quick-battle menu is open.
    pub fn in_quick_menu(&self) -> bool {
        self.quick.is_some()
    }

    /// A key for the open quick-battle menu ([`QuickMenu::key`]).
    fn quick_key(&mut self, key: Key) -> Option<Choice> {
        let exit = self.quick.as_mut()?.key(key)?;
        self.quick_exit(exit)
    }

    /// Whether the screen waits on work asked for, which [`Title::work`] does once the
    /// screen has been drawn saying so: the quick battle to generate after Enter.
    pub fn busy(&self) -> bool {
        self.quick.as_ref().is_some_and(|m| m.generating())
    }

    /// Does the work [`Title::busy`] says waits: generates the quick battle and starts it
    /// (`Some`), or keeps the menu open with the reason it could not be made.
    pub fn work(&mut self) -> Option<Choice> {
        let exit = self.quick.as_mut()?.finish()?;
        self.quick_exit(exit)
    }

    /// What the quick-battle menu's exit does on the title screen: Esc closes it (its
    /// choices kept for the next time it opens), a
    /// started battle is the choice (side A the player's, side B the computer's at the
    /// level chosen, `normal` unless `l` changed it).
    fn quick_exit(&mut self, exit: QuickExit) -> Option<Choice> {
        match exit {
            QuickExit::Back => {
                // Kept, so that the menu opens again with the player's choices.
                self.parked = self.quick.take();
                None
            }
            QuickExit::Start(mut scenario) => {
                self.parked = self.quick.take();
                if let Some(level) = self.level {
                    scenario
                        .sides
                        .iter_mut()
                        .for_each(|side| side.level = level);
                }
                Some(Choice::New(
                    scenario,
                    [Controller::Human, Controller::Computer],
                ))
            }
        }
    }

    /// The same title screen with the settings of the file at `path` (if any), which its
    /// toggles then write.
    pub fn with_settings_file(mut self, path: Option<PathBuf>) -> Title {
        if let Some(p) = &path {
            let (settings, problem) = super::settings::Settings::load(p);
            self.settings = settings;
            self.level = settings.level;
            self.message = problem.map_or(String::new(), |why| format!("settings ignored: {why}"));
        }
        self.settings_path = path;
        self
    }

    /// `P` / `H`: flips a setting, writes the file and says what it is now.
    fn toggle(&mut self, key: char) {
        let s = &mut self.settings;
        let what = if key == 'P' {
            s.stop_at_empty_phases = !s.stop_at_empty_phases;
            format!(
                "stop at phases with nothing to order: {}",
                on_off(s.stop_at_empty_phases)
            )
        } else {
            s.handovers = !s.handovers;
            format!("hot-seat handovers: {}", on_off(s.handovers))
        };
        let saved = self.settings_path.as_deref().map(|p| self.settings.save(p));
        self.message = match saved {
            Some(Err(why)) => format!("{what} (not kept: {why})"),
            _ => what,
        };
    }

    /// `l`: the next level for the computer, kept in the settings file for the next time;
    /// back at the selected battle's own level, none is kept (each battle's own).
    fn next_level(&mut self) {
        // Round to each battle's own level again: the choice is kept between sessions, so
        // it must be possible to give it up.
        let own = self.scenario_level();
        let next = self.level.unwrap_or(own).next();
        self.level = (next != own).then_some(next);
        self.settings.level = self.level;
        let saved = self.settings_path.as_deref().map(|p| self.settings.save(p));
        if let Some(Err(why)) = saved {
            self.message = format!("level not kept: {why}");
        }
    }

    fn rows(&self) -> usize {
        self.battles.len() + 1 + self.saves.len()
    }

    /// Handles one key, looked up in the key table ([`keys::BINDINGS`]); `Some` once the
    /// player has chosen.
    pub fn key(&mut self, key: Key) -> Option<Choice> {
        if self.quick.is_some() {
            return self.quick_key(key);
        }
        if let Some(form) = self.join_form.take() {
            return self.join_key(key, form);
        }
        match keys::action(Context::Title, key)? {
            // A message is about the row it was given on: moving on shows the details again.
            Action::Select if matches!(key, Key::Up | Key::Char('k')) => {
                self.message.clear();
                self.selected = self.selected.saturating_sub(1);
            }
            Action::Select => {
                self.message.clear();
                self.selected = (self.selected + 1).min(self.rows().saturating_sub(1));
            }
            Action::Leave => return Some(Choice::Quit),
            // Every key here, wrapped over the details (the status line has room for few).
            Action::Help => self.message = title_keys(),
            Action::Play => return self.choose(None),
            Action::PlaySide | Action::HotSeat | Action::Watch
                if self.selected == self.quick_row() =>
            {
                self.open_quick();
            }
            Action::PlaySide | Action::HotSeat | Action::Watch
                if self.selected > self.quick_row() =>
            {
                self.message =
                    "a save resumes with the sides it was saved with: Enter resumes it".into();
            }
            Action::PlaySide if key == Key::Char('1') => return self.choose(Some('1')),
            Action::PlaySide => return self.choose(Some('2')),
            Action::HotSeat => return self.choose(Some('h')),
            Action::Watch => return self.choose(Some('w')),
            Action::HostBattle => return self.host_selected(),
            Action::JoinBattle => self.join_form = Some(String::new()),
            Action::EditBattle => return Some(self.edit_selected()),
            Action::ToggleStopAtEmpty => self.toggle('P'),
            Action::ToggleHandovers => self.toggle('H'),
            Action::Level => self.next_level(),
            _ => {}
        }
        None
    }

    /// The hint line: the title's keys from the key table, the level's hint naming the
    /// level, as many as fit in `width`.
    fn hint_line(&self, width: u16) -> String {
        let level = self.level.unwrap_or_else(|| self.scenario_level());
        // On a save only what works on a save is offered.
        let on_save = self.selected > self.quick_row();
        let hints: Vec<String> = keys::hints(Context::Title)
            .into_iter()
            .filter(|(action, _)| {
                !on_save
                    || !matches!(
                        action,
                        Some(
                            Action::PlaySide
                                | Action::HotSeat
                                | Action::Watch
                                | Action::Level
                                | Action::EditBattle
                        )
                    )
            })
            .map(|(action, hint)| match action {
                Some(Action::Level) => format!("{hint}: {}", level.name()),
                Some(Action::Play) if on_save => hint.replace("play", "resume"),
                _ => hint,
            })
            .collect();
        format!(
            " {}",
            keys::fit(&hints, usize::from(width).saturating_sub(2))
        )
    }

    /// The choice for the selected row, with a role key for a battle.
    fn choose(&mut self, role: Option<char>) -> Option<Choice> {
        if let Some(s) = self.battles.get(self.selected) {
            let default = [s.sides[0].player, s.sides[1].player];
            let controllers = match role {
                None => default,
                Some('1') => [Controller::Human, Controller::Computer],
                Some('2') => [Controller::Computer, Controller::Human],
                Some('h') => [Controller::Human; 2],
                _ => [Controller::Computer; 2],
            };
            let mut scenario = s.clone();
            if let Some(level) = self.level {
                scenario
                    .sides
                    .iter_mut()
                    .for_each(|side| side.level = level);
            }
            return Some(Choice::New(Box::new(scenario), controllers));
        }
        if self.selected == self.quick_row() {
            self.open_quick();
            return None;
        }
        let save = self.saves.get(self.selected - self.quick_row() - 1)?;
        Some(Choice::Resume(save.path.clone()))
    }

    /// The level of the selected battle's computer side (the first, if both or neither).
    fn scenario_level(&self) -> Level {
        let Some(s) = self.battles.get(self.selected) else {
            return Level::Normal;
        };
        let computer = s.sides.iter().find(|d| d.player == Controller::Computer);
        computer.unwrap_or(&s.sides[0]).level
    }

    /// Draws the list and the selected battle's details.
    pub fn draw(&self, frame: &mut Frame, area: Rect) {
        if let Some(menu) = &self.quick {
            // A generated battle sets no level: it is played at the default unless `l` chose.
            menu.draw(frame, area, self.level.unwrap_or_default());
            return;
        }
        if let Some(form) = &self.join_form {
            net::draw_join_form(frame, area, form, &self.message);
            return;
        }
        let [list, detail, keys] = Layout::vertical([
            Constraint::Min(8),
            Constraint::Length(6),
            Constraint::Length(1),
        ])
        .areas(area);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Volley: pike-and-shot battles ");
        let inner = usize::from(list.width.saturating_sub(2));
        let rows = usize::from(list.height.saturating_sub(2));
        let (lines, selected_line) = self.list_lines(inner, rows);
        // Scroll only as far as keeps the selected row in sight.
        let top = (selected_line + 1).saturating_sub(rows);
        // Saves under a list too long for the screen are said to be there (issue 29).
        let saves_heading = lines.len().saturating_sub(self.saves.len() + 1);
        let block = if !self.saves.is_empty() && saves_heading >= top + rows {
            let n = crate::words::count(self.saves.len() as u64, "saved battle", "saved battles");
            block.title_bottom(format!(" ↓ {n} below "))
        } else {
            block
        };
        let top = u16::try_from(top).unwrap_or(u16::MAX);
        frame.render_widget(Paragraph::new(lines).block(block).scroll((top, 0)), list);
        // A message (a refused save, say) is wrapped over the details, so none of it is
        // cut at the screen's edge; the key hints stay on their line.
        let details = if self.message.is_empty() {
            self.detail_lines()
        } else {
            let bold = Style::default().add_modifier(Modifier::BOLD);
            vec![Line::styled(self.message.clone(), bold)]
        };
        frame.render_widget(Paragraph::new(details).wrap(Wrap { trim: true }), detail);
        frame.render_widget(Line::raw(self.hint_line(keys.width)), keys);
    }

    /// The list's lines for `rows` rows of `width` columns, and the line of the selected row.
    /// When a summary under every battle would not fit, only the selected battle keeps its
    /// summary (the details below show it too), so the saves stay in sight.
    fn list_lines(&self, width: usize, rows: usize) -> (Vec<Line<'static>>, usize) {
        let saves = if self.saves.is_empty() {
            0
        } else {
            self.saves.len() + 2
        };
        let roomy = 2 * (self.battles.len() + 1) + saves <= rows;
        let mut lines = Vec::new();
        let mut selected_line = 0;
        for (i, s) in self.battles.iter().enumerate() {
            let sides = format!("{} v {}", s.sides[0].name, s.sides[1].name);
            let name = crate::columns::pad(&s.name, 32);
            if i == self.selected {
                selected_line = lines.len();
            }
            lines.push(self.row(i, format!("{name} {sides}")));
            if !roomy && i != self.selected {
                continue;
            }
            let dim = Style::default().add_modifier(Modifier::DIM);
            let text = format!("    {}", summary(s));
            let text = crate::columns::ellipsized(&text, width);
            lines.push(Line::styled(text, dim));
        }
        if self.selected == self.quick_row() {
            selected_line = lines.len();
        }
        lines.push(self.row(self.quick_row(), "Quick battle...".into()));
        if roomy || self.selected == self.quick_row() {
            let dim = Style::default().add_modifier(Modifier::DIM);
            lines.push(Line::styled(format!("    {QUICK_SUMMARY}"), dim));
        }
        if !self.saves.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::raw(" Saved battles"));
        }
        for (i, save) in self.saves.iter().enumerate() {
            let row = self.quick_row() + 1 + i;
            if row == self.selected {
                selected_line = lines.len();
            }
            // A row wider than the list ends in an ellipsis, not mid-word (playtest 48).
            let text = crate::columns::ellipsized(save.summary.trim_end(), width.saturating_sub(2));
            lines.push(self.row(row, text));
        }
        (lines, selected_line)
    }

    fn row(&self, index: usize, text: String) -> Line<'static> {
        if index == self.selected {
            let style = Style::default().add_modifier(Modifier::REVERSED);
            Line::styled(format!("> {text}"), style)
        } else {
            Line::raw(format!("  {text}"))
        }
    }

    fn detail_lines(&self) -> Vec<Line<'static>> {
        match self.battles.get(self.selected) {
            Some(s) => {
                let players = |i: usize| match s.sides.get(i) {
                    Some(d) if d.player == Controller::Human => "you".to_string(),
                    d => {
                        let level = self.level.or(d.map(|d| d.level)).unwrap_or_default();
                        format!("the computer, {}", level.name())
                    }
                };
                vec![
                    Line::styled(
                        s.name.clone(),
                        Style::default().add_modifier(Modifier::BOLD),
                    ),
                    Line::raw(summary(s)),
                    Line::raw(format!(
                        "Enter: {} ({}) v {} ({}), {} turns.",
                        s.sides[0].name,
                        players(0),
                        s.sides[1].name,
                        players(1),
                        s.setup.turn_limit.unwrap_or(0)
                    )),
                ]
            }
            None if self.selected == self.quick_row() => vec![
                Line::styled("Quick battle", Style::default().add_modifier(Modifier::BOLD)),
                Line::raw(QUICK_SUMMARY),
                Line::raw("Enter: choose both armies, the size, the ground and the seed; you command army A."),
            ],
            None => {
                let save = self
                    .selected
                    .checked_sub(self.quick_row() + 1)
                    .and_then(|i| self.saves.get(i));
                let mut lines: Vec<Line<'static>> = save
                    .map(|e| e.detail.iter().cloned().map(Line::raw).collect())
                    .unwrap_or_default();
                lines.push(Line::raw("Enter resumes this battle where it was saved."));
                lines
            }
        }
    }
}

/// Every key of the title screen with its word (`h hot-seat`), from the key table.
fn title_keys() -> String {
    let keys: Vec<String> = keys::BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&Context::Title))
        .map(|b| format!("{} {}", b.all_keys(), b.hint))
        .collect();
    format!("Keys: {}", keys.join(" · "))
}

/// The quick battle's line under its row.
const QUICK_SUMMARY: &str =
    "A battle generated in a moment from two army lists, a size, a ground and a seed.";

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// A battle's one-line description: the first sentence of its description.
fn summary(s: &Scenario) -> String {
    let first = s.description.split(". ").next().unwrap_or("");
    let first = first.lines().next().unwrap_or("");
    format!("{}.", first.trim_end_matches('.'))
}

/// The autosaves and named saves of the data directory, newest first, each read from its
/// header (at most [`crate::save::HEADER_BYTES`] of it, never the whole file); a save
/// larger than its battle can make, or of a format this game does not read, is listed
/// with that said, so that choosing it shows why it is refused.
pub fn list_saves(data_dir: &Path) -> Vec<SaveEntry> {
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = ["autosave", "saves"]
        .iter()
        .filter_map(|d| std::fs::read_dir(data_dir.join(d)).ok())
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found
        .into_iter()
        .take(MAX_SAVES)
        .filter_map(|(when, path)| {
            let header = crate::save::SaveHeader::peek(&path)?;
            let summary = save_summary(&header, &path, when);
            let detail = save_detail(&header, &path, when);
            Some(SaveEntry {
                path,
                summary,
                detail,
            })
        })
        .collect()
}

/// Who plays a saved battle, from its header: `hot-seat`, `you: Red v computer (hard)`,
/// `computer v computer`; empty for a save written before its header said.
fn players(header: &crate::save::SaveHeader) -> String {
    let (Some(players), Some(sides)) = (header.players, header.sides.as_ref()) else {
        return String::new();
    };
    let levels = header.player_levels.unwrap_or_default();
    let [a, b] = sides;
    match players {
        [Controller::Human, Controller::Human] => "hot-seat".into(),
        [Controller::Human, Controller::Computer] => {
            format!("you: {a} v computer ({})", levels[1].name())
        }
        [Controller::Computer, Controller::Human] => {
            format!("you: {b} v computer ({})", levels[0].name())
        }
        [Controller::Computer, Controller::Computer] => "computer v computer".into(),
    }
}

/// A save's details, uncut: its battle and turn, when it was saved and who plays it, then
/// its file (escaped, as every line from a file).
fn save_detail(
    header: &crate::save::SaveHeader,
    path: &Path,
    when: std::time::SystemTime,
) -> Vec<String> {
    let battle = if header.battle.is_empty() {
        "A saved battle".to_string()
    } else {
        header.battle.clone()
    };
    let turn = match header.turn {
        0 => String::new(),
        t => format!(", turn {t}"),
    };
    let who = match players(header) {
        w if w.is_empty() => String::new(),
        w => format!("; {w}"),
    };
    let time = crate::save::format_time(when);
    [
        format!("{battle}{turn}, saved {time}{who}"),
        crate::files::shown(path).into_owned(),
    ]
    .map(|l| crate::text::escape_text(&l).into_owned())
    .to_vec()
}

/// A save's line in the list: its file's name, its battle, who plays it and the
/// computer's level, its turn, when it was saved, whether it is finished, and what is
/// wrong with it if its header already says.
fn save_summary(
    header: &crate::save::SaveHeader,
    path: &Path,
    when: std::time::SystemTime,
) -> String {
    use crate::save::{OLDEST_FORMAT, SAVE_FORMAT};
    let name = if header.battle.is_empty() {
        let file = path.file_name().map(|n| n.to_string_lossy().into_owned());
        crate::save::file_stem(&file.unwrap_or_default())
    } else {
        header.battle.clone()
    };
    let turn = match header.turn {
        0 => "?".to_string(),
        t => t.to_string(),
    };
    let time = crate::save::format_time(when);
    let stem = path.file_stem().map(|n| n.to_string_lossy().into_owned());
    let stem = stem.unwrap_or_default();
    // An autosave and a named save of one battle read alike but for this (playtest 48).
    let autosave = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|d| d == "autosave");
    let file = if autosave {
        format!("auto {stem}")
    } else {
        stem
    };
    let file = crate::columns::pad(&crate::columns::ellipsized(&file, 20), 20);
    let name = crate::columns::pad(&crate::columns::ellipsized(&name, 24), 24);
    let who = crate::columns::pad(&crate::columns::fit(&players(header), 30), 30);
    // Turn and time before the players: on a narrow screen the players are cut, not when.
    let mut line = format!("{file} {name} turn {turn:<3} {time}  {who}");
    if let Some(end) = &header.finished {
        line.push_str(&format!("  finished: {end}"));
    }
    if !(OLDEST_FORMAT..=SAVE_FORMAT).contains(&header.format) {
        line.push_str(&format!("  (format {}: not resumable)", header.format));
    } else if header.file_bytes > header.max_bytes() {
        line.push_str("  (refused: larger than its battle can make)");
    }
    crate::text::escape_text(&line).into_owned()
}
