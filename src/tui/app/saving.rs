//! Saving in the terminal game, so that what the game says about its saves is true
//! (issue 25): the autosave after every command, and when it fails an alert that stays until
//! the player acknowledges it, a banner while it keeps failing, a retry after every command
//! and `S` to save elsewhere (the autosave then goes on in that file); the lock on the file
//! the battle writes; a named save that would replace another battle's asks first, and a
//! name changed to make a file name is reported; the report printed on the way out names
//! the newest good save by turn and command, or says there is none.

use super::{App, Mode};
use crate::files::shown;
use crate::save::lock::{LockError, SaveLock};
use crate::save::SaveFile;
use crate::text::escape_text;
use std::path::{Path, PathBuf};

/// A save of the battle that was written: where, and the point of the battle it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedAt {
    /// The file.
    pub path: PathBuf,
    /// The turn the battle had reached.
    pub turn: u32,
    /// The number of commands it holds.
    pub commands: usize,
}

impl SavedAt {
    /// The point of the battle the save holds: `turn 4, command 43`.
    pub fn point(&self) -> String {
        point(self.turn, self.commands)
    }
}

/// A point of a battle in words: `turn 4, command 43`, or `turn 1, before any command`.
pub fn point(turn: u32, commands: usize) -> String {
    match commands {
        0 => format!("turn {turn}, before any command"),
        n => format!("turn {turn}, command {n}"),
    }
}

/// The autosave failed: why (the last failure), and whether the player has seen it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveAlert {
    /// The system's reason, with the file named.
    pub reason: String,
    /// Set when the player has dismissed the alert; the banner stays until a save works.
    pub acknowledged: bool,
}

/// What the game says about the battle's saves on the way out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveReport {
    /// The newest save written of the battle, if any.
    pub newest: Option<SavedAt>,
    /// The turn the battle had reached.
    pub turn: u32,
    /// The commands the battle had been given.
    pub commands: usize,
    /// Why the last save failed, when the battle as it is was not saved.
    pub failure: Option<String>,
    /// Whether the battle is over: a finished battle is watched again, not resumed.
    pub finished: bool,
}

impl SaveReport {
    /// Whether the battle as it is now is saved.
    pub fn is_current(&self) -> bool {
        self.failure.is_none() && self.newest.is_some()
    }

    /// The lines to print on the way out: where the battle is saved and how to resume it,
    /// or that its newest state was not saved, what the newest save holds, or that there
    /// is none.
    pub fn lines(&self) -> Vec<String> {
        let resume = |s: &SavedAt| {
            format!(
                "Resume it with: volley --resume {}",
                crate::files::shell_quoted(&s.path)
            )
        };
        let mut lines = Vec::new();
        if let (true, Some(saved)) = (self.is_current(), &self.newest) {
            lines.push(format!(
                "The battle is saved in {} ({})",
                shown(&saved.path),
                saved.point()
            ));
            // A finished battle cannot be played on: it is offered to watch (issue 26).
            lines.push(if self.finished {
                format!(
                    "The battle is over. Watch it again with: volley replay {}",
                    crate::files::shell_quoted(&saved.path)
                )
            } else {
                resume(saved)
            });
            return lines;
        }
        let reason = self.failure.as_deref().unwrap_or("no save was written");
        lines.push(format!(
            "volley: the battle was NOT saved at {}: {}",
            point(self.turn, self.commands),
            escape_text(reason)
        ));
        match &self.newest {
            Some(saved) => {
                lines.push(format!(
                    "The newest save, {}, holds {} ({} lost)",
                    shown(&saved.path),
                    saved.point(),
                    crate::words::counted(
                        self.commands.saturating_sub(saved.commands) as u64,
                        "later command"
                    )
                ));
                lines.push(resume(saved));
            }
            None => lines.push("There is no save of this battle.".into()),
        }
        lines
    }
}

impl App {
    /// The file the battle's autosave goes on in, locked against other games; a save that
    /// another game holds is refused with that game's process id. When the lock cannot be
    /// made (a read-only directory, ...) the battle goes on unlocked: the autosave's own
    /// failure then says what is wrong.
    ///
    /// # Errors
    /// [`GameError::Locked`] when another game holds the save.
    pub fn open_autosave(&mut self, path: PathBuf) -> Result<(), super::GameError> {
        match SaveLock::acquire(&path) {
            Ok(lock) => self.lock = Some(lock),
            Err(e @ LockError::Held { .. }) => return Err(e.into()),
            Err(LockError::Io { .. }) => self.lock = None,
        }
        self.autosave = Some(path);
        Ok(())
    }

    /// Writes this battle's autosave file (after every command, so that quitting, a kill or
    /// a closed terminal loses at most the order in flight). A failure raises the alert (or
    /// updates its reason); a success after failures clears it and says so.
    pub fn autosave(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        match self.save_file().write(&path) {
            Ok(()) => {
                let saved = self.saved_at(path);
                if self.save_alert.take().is_some() {
                    self.message = format!("autosave works again: {} saved", saved.point());
                }
                self.saved = Some(saved);
            }
            Err(e) => self.save_failed(e.to_string()),
        }
    }

    fn saved_at(&self, path: PathBuf) -> SavedAt {
        SavedAt {
            path,
            turn: self.game.turn(),
            commands: self.commands.len(),
        }
    }

    fn save_failed(&mut self, reason: String) {
        match &mut self.save_alert {
            Some(alert) => alert.reason = reason,
            None => {
                self.save_alert = Some(SaveAlert {
                    reason,
                    acknowledged: false,
                })
            }
        }
    }

    /// Whether the save-failed alert is on screen, waiting for the player.
    pub fn alert_open(&self) -> bool {
        self.save_alert.as_ref().is_some_and(|a| !a.acknowledged)
    }

    /// What to say about the battle's saves on the way out; `None` when saving is off.
    pub fn save_report(&self) -> Option<SaveReport> {
        self.autosave.as_ref()?;
        Some(SaveReport {
            newest: self.saved.clone(),
            turn: self.game.turn(),
            commands: self.commands.len(),
            failure: self.save_alert.as_ref().map(|a| a.reason.clone()),
            finished: self.game.outcome().is_some(),
        })
    }

    /// The saving state of `old` (the same battle, reloaded by `--watch`): its autosave
    /// file, its lock and its newest save, each when this app has none.
    pub fn keep_saving_of(&mut self, old: &mut App) {
        if self.autosave.is_none() {
            self.autosave.clone_from(&old.autosave);
        }
        if self.lock.is_none() {
            self.lock = old.lock.take();
        }
        if self.saved.is_none() {
            self.saved = old.saved.take();
        }
    }

    /// A key while the alert is open: `S` saves elsewhere, `q` asks to quit, Enter, Esc or
    /// Space dismiss it; any other key is ignored so that an order key cannot dismiss it.
    pub(super) fn alert_key(&mut self, action: Option<crate::tui::keys::Action>) {
        use crate::tui::keys::Action;
        let dismiss = |app: &mut App| {
            if let Some(alert) = &mut app.save_alert {
                alert.acknowledged = true;
            }
        };
        match action {
            Some(Action::Save) => {
                dismiss(self);
                self.open_save_prompt();
            }
            Some(Action::Quit) => {
                dismiss(self);
                self.mode = Mode::ConfirmQuit;
            }
            Some(Action::Dismiss) => dismiss(self),
            _ => {}
        }
    }

    /// `S`: the prompt for a save's name, offering the battle and the turn.
    pub(super) fn open_save_prompt(&mut self) {
        let name = self.default_save_name();
        self.mode = Mode::SaveAs { name, fresh: true };
    }

    /// Saves as `typed`: a name (in `<data dir>/saves/`, letters, digits, `-` and `_`
    /// kept) or a path with a `/`. A file that is not a save of this battle is replaced
    /// only after the player says yes ([`Mode::ConfirmReplace`]).
    pub fn save_as(&mut self, typed: &str) {
        let Some(dir) = self.save_dir.clone() else {
            self.message = "saving is off".into();
            return;
        };
        let (path, note) = self.save_target(&dir, typed);
        match self.replace_question(&path) {
            Some(why) => self.mode = Mode::ConfirmReplace { path, note, why },
            None => self.write_named(&path, note.as_deref()),
        }
    }

    /// Where `typed` saves, and a note when the name typed was changed to make a file name.
    fn save_target(&self, dir: &Path, typed: &str) -> (PathBuf, Option<String>) {
        if typed.contains('/') || typed.contains(std::path::MAIN_SEPARATOR) {
            let mut path = PathBuf::from(typed);
            if typed.ends_with('/') || path.is_dir() {
                path.push(format!("{}.ron", self.default_save_name()));
            } else if path.extension().is_none_or(|e| e != "ron") {
                path.as_mut_os_string().push(".ron");
            }
            return (std::path::absolute(&path).unwrap_or(path), None);
        }
        let bare = typed.strip_suffix(".ron").unwrap_or(typed);
        let stem = crate::save::file_stem(&format!("{bare}.ron"));
        let note = (stem != bare).then(|| {
            format!(
                "the name \"{}\" was changed to \"{stem}\" to make a file name",
                escape_text(typed)
            )
        });
        (dir.join("saves").join(format!("{stem}.ron")), note)
    }

    /// Why replacing the file at `path` needs the player's yes (`holds another battle
    /// (...)`, said after the path): it holds something other
    /// than a save of this battle (same scenario and seed, one's commands beginning the
    /// other's). `None` when there is nothing there, or this battle.
    fn replace_question(&self, path: &Path) -> Option<String> {
        if std::fs::symlink_metadata(path).is_err() || self.autosave.as_deref() == Some(path) {
            return None;
        }
        let mine = self.save_file();
        match SaveFile::read(path) {
            Ok(theirs) if same_battle(&mine, &theirs) => None,
            Ok(theirs) => Some(format!(
                "holds another battle ({}, turn {})",
                escape_text(&theirs.battle),
                theirs.turn
            )),
            Err(_) => Some("exists and is not a save of this battle".into()),
        }
    }

    /// Writes the save at `path`. While the autosave fails, the autosave goes on in this
    /// file from now on (locked first: a file another game has open is refused).
    pub(super) fn write_named(&mut self, path: &Path, note: Option<&str>) {
        self.mode = Mode::Browse;
        let relocate = self.save_alert.is_some();
        let other_file = self.autosave.as_deref() != Some(path);
        let lock = match (relocate && other_file).then(|| SaveLock::acquire(path)) {
            Some(Err(e @ LockError::Held { .. })) => {
                self.message = format!("not saved: {e}");
                return;
            }
            Some(Ok(lock)) => Some(lock),
            _ => None,
        };
        if let Err(e) = self.save_file().write(path) {
            self.message = format!("save failed: {e}");
            return;
        }
        let mut message = format!("saved to {}", shown(path));
        if relocate {
            if other_file {
                self.lock = lock;
            }
            self.autosave = Some(path.to_path_buf());
            self.save_alert = None;
            self.saved = Some(self.saved_at(path.to_path_buf()));
            message.push_str("; the autosave goes on in it");
        }
        if let Some(note) = note {
            message = format!("{message}: {note}");
        }
        self.message = message;
    }
}

/// Whether two saves are of one battle: the same scenario text and seed, and the commands
/// of one begin the other's.
fn same_battle(a: &SaveFile, b: &SaveFile) -> bool {
    let (short, long) = if a.commands.len() <= b.commands.len() {
        (&a.commands, &b.commands)
    } else {
        (&b.commands, &a.commands)
    };
    a.scenario == b.scenario && a.seed == b.seed && long.starts_with(short)
}
