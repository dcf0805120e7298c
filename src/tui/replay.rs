//! `volley replay SAVE`: any save, finished or not, in a viewer. Step forward and back by
//! command or by phase, jump to a turn, with the map, panels and log as they were at that
//! point; `p` plays on from there as a new branch. The battle is replayed once on opening,
//! keeping a copy of the game every [`EVERY`] commands, so any point is at most that many
//! commands from a copy (a jump into a 1,000-command battle is milliseconds: see
//! `cargo bench --bench replay`).

use super::app::{App, Key};
use super::error::GameError;
use super::keys::{self, Action, Context};
use crate::engine::{Command, Game, Phase};
use crate::save::Resumed;
use crate::scenario::{Controller, Scenario};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use ratatui::Frame;

/// Commands between two kept copies of the game.
pub const EVERY: usize = 32;

/// A saved battle opened for viewing.
pub struct Replay {
    scenario: Scenario,
    seed: u64,
    controllers: [Controller; 2],
    commands: Vec<Command>,
    /// A battle across two machines: the shared dice of its commands (issue 31).
    draws: Vec<crate::engine::SharedDraw>,
    /// A battle across two machines: the players' commitments.
    network: Option<crate::save::NetworkRecord>,
    /// The game after `commands[..i * EVERY]`, for each `i`.
    copies: Vec<Game>,
    /// The turn and phase after `commands[..i]`, for each `i` (0 to `commands.len()`).
    marks: Vec<(u32, Phase)>,
    /// The whole battle's log, each line written right after its command, as in play.
    log: Vec<String>,
    /// The log's length after `commands[..i]`, for each `i` (0 to `commands.len()`).
    log_ends: Vec<usize>,
    pos: usize,
    /// The view of the battle at `pos`.
    pub app: App,
    /// Digits typed for a jump to a turn.
    typed: String,
}

/// What the viewer was left for.
pub enum ReplayExit {
    /// Back to the shell.
    Quit,
    /// Play on from the point viewed, as a new branch: what the title screen's
    /// [`Choice::Branch`](super::title::Choice::Branch) carries.
    PlayOn(super::title::Choice),
}

impl Replay {
    /// Opens a resumed save at its last command.
    ///
    /// # Errors
    /// [`GameError`] when the save's scenario does not set up or a command is refused.
    pub fn new(r: Resumed) -> Result<Replay, GameError> {
        // Played through the app as live play is, so the log reads as it did then.
        let dice = (r.seed, r.opening_dice.as_slice());
        let mut app = App::replayed_opened(r.scenario.clone(), dice, (&[], &[]), r.controllers)?;
        app.draws = r.draws.clone();
        let mut copies = vec![app.game().clone()];
        let mut marks = vec![(app.game().turn(), app.game().phase())];
        let mut log_ends = vec![app.log.len()];
        for (i, c) in r.commands.iter().enumerate() {
            app.apply(*c).map_err(|reason| GameError::RefusedOnReplay {
                number: i + 1,
                reason,
            })?;
            marks.push((app.game().turn(), app.game().phase()));
            log_ends.push(app.log.len());
            if (i + 1) % EVERY == 0 {
                copies.push(app.game().clone());
            }
        }
        let pos = r.commands.len();
        let log = std::mem::take(&mut app.log);
        let mut replay = Replay {
            scenario: r.scenario,
            seed: r.seed,
            controllers: r.controllers,
            commands: r.commands,
            draws: r.draws,
            network: r.network,
            copies,
            marks,
            log,
            log_ends,
            pos,
            app,
            typed: String::new(),
        };
        replay.seek(pos);
        Ok(replay)
    }

    /// Commands in the save.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether the save holds no command at all.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The command count the view stands at (0: before the first command).
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The game after the first `pos` commands: the nearest kept copy, played forward.
    pub fn game_at(&self, pos: usize) -> Game {
        let pos = pos.min(self.commands.len());
        let copy = (pos / EVERY).min(self.copies.len().saturating_sub(1));
        let mut game = match self.copies.get(copy) {
            Some(g) => g.clone(),
            None => return self.app.game().clone(),
        };
        let from = copy * EVERY;
        for (i, c) in self
            .commands
            .get(from..pos)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let draw = crate::engine::dice::draw_of(&self.draws, from + i);
            // Each command was accepted when the copies were made.
            let _ = game.submit_drawn(*c, draw);
        }
        game
    }

    /// Moves the view to `pos` commands.
    pub fn seek(&mut self, pos: usize) {
        let pos = pos.min(self.commands.len());
        let game = self.game_at(pos);
        let commands = self.commands.get(..pos).unwrap_or_default();
        self.app = view(&self.scenario, game, self.seed, commands, self.controllers);
        let end = self.log_ends.get(pos).copied().unwrap_or(self.log.len());
        self.app.log = self.log.get(..end).unwrap_or_default().to_vec();
        self.pos = pos;
    }

    /// The first point after (or before) `pos` where the turn or phase differs.
    fn next_phase(&self, forward: bool) -> usize {
        let here = self.marks.get(self.pos).copied();
        let differs = |i: &usize| self.marks.get(*i).copied() != here;
        if forward {
            (self.pos + 1..=self.len())
                .find(differs)
                .unwrap_or(self.len())
        } else {
            let start = (0..self.pos).rev().find(differs).unwrap_or(0);
            let mark = self.marks.get(start).copied();
            // The first command of that phase, not its last.
            (0..=start)
                .rev()
                .take_while(|i| self.marks.get(*i).copied() == mark)
                .last()
                .unwrap_or(0)
        }
    }

    /// The first point of turn `turn` (or the end, for a turn not reached).
    fn turn_start(&self, turn: u32) -> usize {
        self.marks
            .iter()
            .position(|(t, _)| *t >= turn)
            .unwrap_or(self.len())
    }

    /// Handles one key, looked up in the key table ([`keys::BINDINGS`]); `Some` when the
    /// viewer is left.
    pub fn key(&mut self, key: Key) -> Option<ReplayExit> {
        // Nothing moves a view the player cannot see (issue 26): only quit works.
        if self.app.map_view.is_small() {
            return (key == Key::Char('q')).then_some(ReplayExit::Quit);
        }
        // Esc first clears a turn number half typed (issue 26).
        if key == Key::Esc && !self.typed.is_empty() {
            self.typed.clear();
            return None;
        }
        let target = match keys::action(Context::Replay, key)? {
            Action::StepForward => self.pos + 1,
            Action::StepBack => self.pos.saturating_sub(1),
            Action::NextPhase => self.next_phase(true),
            Action::PrevPhase => self.next_phase(false),
            Action::Digit => {
                if let Key::Char(d) = key {
                    self.typed.push(d);
                }
                return None;
            }
            Action::JumpTurn => {
                let turn = self.typed.parse().unwrap_or(1);
                self.typed.clear();
                self.turn_start(turn)
            }
            Action::PlayOn => return Some(ReplayExit::PlayOn(self.branch())),
            Action::Leave => return Some(ReplayExit::Quit),
            Action::ScrollLog => {
                self.app.handle_key(key);
                return None;
            }
            _ => return None,
        };
        self.seek(target);
        None
    }

    /// The battle up to the point viewed, to play on from.
    fn branch(&self) -> super::title::Choice {
        let commands = self.commands.get(..self.pos).unwrap_or_default().to_vec();
        let kept = |d: &&crate::engine::SharedDraw| (d.command as usize) < self.pos;
        let history = super::title::History {
            commands,
            draws: self.draws.iter().filter(kept).copied().collect(),
            network: self.network,
        };
        super::title::Choice::Branch(
            Box::new(self.scenario.clone()),
            self.seed,
            Box::new(history),
            self.controllers,
        )
    }

    /// Draws the battle as it was, with the viewer's line at the bottom.
    pub fn draw(&self, frame: &mut Frame) {
        super::draw(frame, &self.app);
        let area = frame.area();
        if area.width < super::screens::MIN_SIZE.0 || area.height < super::screens::MIN_SIZE.1 {
            return;
        }
        let (turn, phase) = self
            .marks
            .get(self.pos)
            .copied()
            .unwrap_or((0, Phase::Initiative));
        let typed = if self.typed.is_empty() {
            String::new()
        } else {
            format!(" · turn {}_", self.typed)
        };
        // The example jump is to a turn the battle has (it offered `12t` on 8 turns).
        let last = self.marks.last().map_or(1, |m| m.0.max(1));
        let hints: Vec<String> = keys::hints(Context::Replay)
            .into_iter()
            .filter(|(action, _)| *action != Some(Action::Digit))
            .map(|(action, hint)| match action {
                Some(Action::JumpTurn) => format!("{last}t turn {last}"),
                _ => hint,
            })
            .collect();
        let text = format!(
            " Replay {}/{} · turn {turn} {phase:?}{typed} · {}",
            self.pos,
            self.len(),
            hints.join(" · ")
        );
        let row = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        frame.render_widget(ratatui::widgets::Clear, row);
        let style = Style::default().fg(Color::Black).bg(Color::Gray);
        frame.render_widget(Line::styled(text, style), row);
    }
}

/// The game at a point, as the battle screen shows it, with its log.
fn view(
    scenario: &Scenario,
    game: Game,
    seed: u64,
    commands: &[Command],
    controllers: [Controller; 2],
) -> App {
    App::viewing(scenario.clone(), game, seed, commands.to_vec(), controllers)
}
