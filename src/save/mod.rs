//! Saved battles: the scenario text, the seed, the rules version, who plays each side and
//! the command list. Resuming replays the commands and checks that the replay reaches the
//! same events (a digest of the event log), so a save is also a proof of the battle. Saves
//! are written atomically (temporary file, then rename) and refused with a named problem
//! when corrupt, truncated or of another version; a refused file is never touched.

mod error;
pub use error::SaveError;

use crate::ai::Level;
use crate::engine::error::MAX_FILE_BYTES;
use crate::engine::{Command, Dice, Event, Game, Rules};
use crate::files::ReadError;
use crate::scenario::{Controller, Scenario, MAX_TURN_LIMIT, MAX_UNITS};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Version of the save format itself: 2 since shock rolls record their modifiers by name,
/// so a battle's events (and their digest) differ from format 1's.
pub const SAVE_FORMAT: u32 = 2;

/// The last line of every complete save.
const END_MARKER: &str = "// end of volley save";

/// Commands a battle may take in one turn for each of its units: three orders (one per
/// phase), and for each of at most four attack sequences it makes or meets (fire, melee,
/// charge, ready reaction) a withdrawal and an advance, with room for charge re-targets.
const COMMANDS_PER_UNIT_TURN: u64 = 16;

/// Commands a turn may take whatever its units: the initiative and each side's end of
/// orders in each phase, with room to spare.
const COMMANDS_PER_TURN: u64 = 16;

/// Longest line one command takes in a save (`Charge(unit: 399, to: (...), target: 398),`
/// with its indent is under 80 bytes).
const MAX_COMMAND_BYTES: u64 = 96;

/// Everything in a save but the scenario and the commands: the other fields and the end
/// marker, with a long scenario file name.
const SAVE_OVERHEAD_BYTES: u64 = 64 * 1024;

/// The largest save the game can write, so the largest it reads: the largest scenario
/// `check` accepts (saved as a raw string, at most 3 times its size with the `#`s that
/// fence it), and the commands of its longest battle, [`MAX_TURN_LIMIT`] turns of
/// [`MAX_UNITS`] units.
pub const MAX_SAVE_BYTES: u64 = SAVE_OVERHEAD_BYTES
    + 3 * MAX_FILE_BYTES as u64
    + MAX_TURN_LIMIT as u64
        * (MAX_UNITS as u64 * COMMANDS_PER_UNIT_TURN + COMMANDS_PER_TURN)
        * MAX_COMMAND_BYTES;

/// A save file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// [`SAVE_FORMAT`] when written.
    pub format: u32,
    /// `rules.ron`'s version the battle was played under.
    pub rules_version: u32,
    /// The scenario's file name when the battle began, for the title and the save's name.
    pub scenario_file: String,
    /// The whole scenario text, so a save outlives edits to the file.
    pub scenario: String,
    /// The battle's name, for lists of saves.
    #[serde(default)]
    pub battle: String,
    /// The turn the battle had reached, for lists of saves.
    #[serde(default)]
    pub turn: u32,
    /// The seed of the battle's dice.
    pub seed: u64,
    /// A digest of the seed, so that an edited seed is named as such on resume.
    #[serde(default)]
    pub seed_check: Option<u64>,
    /// Who gives each side's orders.
    pub controllers: [Controller; 2],
    /// The computer's level on each side; written only when one is not `normal`.
    #[serde(default, skip_serializing_if = "both_normal")]
    pub levels: [Level; 2],
    /// Every command given, in order: the battle is its seed and these.
    pub commands: Vec<Command>,
    /// Number of events after the last command.
    pub events: usize,
    /// Digest of every event after the last command ([`digest`]).
    pub digest: u64,
}

fn both_normal(levels: &[Level; 2]) -> bool {
    levels.iter().all(|l| *l == Level::Normal)
}

/// A battle brought back from a save.
pub struct Resumed {
    /// The saved scenario, checked again.
    pub scenario: Scenario,
    /// The battle's seed.
    pub seed: u64,
    /// Who gives each side's orders.
    pub controllers: [Controller; 2],
    /// The computer's level on each side.
    pub levels: [Level; 2],
    /// Every command given so far.
    pub commands: Vec<Command>,
    /// The battle replayed to its last command.
    pub game: Game,
}

/// FNV-1a over the RON text of every event: a digest that is the same on every machine.
pub fn digest(events: &[Event]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in events {
        for b in ron::to_string(e).unwrap_or_default().bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// FNV-1a of a seed's bytes: the seed check of a save.
fn seed_check(seed: u64) -> u64 {
    seed.to_le_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

impl SaveFile {
    /// The save of a battle in progress.
    pub fn of(
        scenario: &Scenario,
        seed: u64,
        controllers: [Controller; 2],
        commands: &[Command],
        game: &Game,
    ) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            rules_version: game.rules().version,
            scenario_file: scenario.file.clone(),
            scenario: scenario.source.clone(),
            battle: scenario.name.clone(),
            turn: game.turn(),
            seed,
            seed_check: Some(seed_check(seed)),
            controllers,
            levels: Default::default(),
            commands: commands.to_vec(),
            events: game.log().len(),
            digest: digest(game.log()),
        }
    }

    /// The save as text: one field a line, one command a line, the scenario as a raw
    /// string (as written, not escaped), then the end marker.
    pub fn to_text(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .depth_limit(2)
            .escape_strings(false);
        let text = ron::ser::to_string_pretty(self, config)?;
        Ok(format!("{text}\n{END_MARKER}\n"))
    }

    /// Writes the save atomically and durably (see [`crate::files::write_atomic`]); a save
    /// that would not be read back is not written.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        let io = |source| SaveError::Io {
            path: path.to_path_buf(),
            source,
        };
        let text = self
            .to_text()
            .map_err(|e| io(std::io::Error::other(e.to_string())))?;
        if text.len() as u64 > MAX_SAVE_BYTES {
            return Err(SaveError::TooLarge {
                path: path.to_path_buf(),
                bytes: text.len(),
            });
        }
        crate::files::write_atomic(path, &[text.as_bytes()]).map_err(io)
    }

    /// Reads a save, refusing a missing, truncated, corrupt or incompatible one.
    pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
        let p = || path.to_path_buf();
        let text = crate::files::read_text(path, MAX_SAVE_BYTES).map_err(|e| match e {
            ReadError::Missing => SaveError::Missing { path: p() },
            other => SaveError::Unreadable {
                path: p(),
                reason: other.to_string(),
            },
        })?;
        SaveFile::parse(&text, path)
    }

    /// Parses a save's text (read from `path`, named in errors), refusing a truncated,
    /// corrupt or incompatible one.
    pub fn parse(text: &str, path: &Path) -> Result<SaveFile, SaveError> {
        let p = || path.to_path_buf();
        if !text.trim_end().ends_with(END_MARKER) {
            return Err(SaveError::Truncated { path: p() });
        }
        let save: SaveFile = ron::from_str(text).map_err(|e| SaveError::Corrupt {
            path: p(),
            message: e.to_string(),
        })?;
        if save.format != SAVE_FORMAT {
            return Err(SaveError::Format {
                path: p(),
                found: save.format,
                expected: SAVE_FORMAT,
            });
        }
        let expected = Rules::standard().version;
        if save.rules_version != expected {
            return Err(SaveError::RulesVersion {
                path: p(),
                found: save.rules_version,
                expected,
            });
        }
        if save.seed_check.is_some_and(|c| c != seed_check(save.seed)) {
            return Err(SaveError::SeedMismatch {
                path: p(),
                seed: save.seed,
            });
        }
        Ok(save)
    }

    /// Replays the save and checks it reaches the saved state.
    pub fn resume(self, path: &Path) -> Result<Resumed, SaveError> {
        let p = || path.to_path_buf();
        let scenario = Scenario::parse(&self.scenario, &self.scenario_file).map_err(|e| {
            SaveError::Scenario {
                path: p(),
                message: e.to_string(),
            }
        })?;
        let mut game = Game::new(scenario.setup.clone(), Dice::seeded(self.seed)).map_err(|e| {
            let problems: Vec<String> = e.into_iter().map(|p| p.message).collect();
            SaveError::Scenario {
                path: p(),
                message: problems.join("; "),
            }
        })?;
        for (index, c) in self.commands.iter().enumerate() {
            game.submit(*c).map_err(|e| SaveError::Replay {
                path: p(),
                index,
                message: e.to_string(),
            })?;
        }
        self.check_reached(&game, path)?;
        Ok(Resumed {
            scenario,
            seed: self.seed,
            controllers: self.controllers,
            levels: self.levels,
            commands: self.commands,
            game,
        })
    }

    /// The replayed game has the saved number of events and the saved digest.
    fn check_reached(&self, game: &Game, path: &Path) -> Result<(), SaveError> {
        let found = game.log().len();
        if found != self.events {
            return Err(SaveError::Diverged {
                path: path.to_path_buf(),
                found,
                expected: self.events,
            });
        }
        let digest = digest(game.log());
        if digest != self.digest {
            return Err(SaveError::DigestMismatch {
                path: path.to_path_buf(),
                events: found,
                found: digest,
                expected: self.digest,
            });
        }
        Ok(())
    }
}

/// Reads and replays a save.
pub fn resume(path: &Path) -> Result<Resumed, SaveError> {
    SaveFile::read(path)?.resume(path)
}

/// Where saves go: `--data-dir`, else `$XDG_DATA_HOME/volley`, else
/// `$HOME/.local/share/volley`, else `./volley-data`.
pub fn data_dir(chosen: Option<&Path>) -> PathBuf {
    if let Some(dir) = chosen {
        return dir.to_path_buf();
    }
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("XDG_DATA_HOME")
        .map(|d| d.join("volley"))
        .or_else(|| env("HOME").map(|h| h.join(".local/share/volley")))
        .unwrap_or_else(|| PathBuf::from("volley-data"))
}

/// The autosave file of a battle started now: `<data dir>/autosave/<scenario>-<started>.ron`.
/// `started` must be unique to the battle (the caller's clock and process id), so that two
/// games on one data directory never write the same file.
pub fn autosave_path(data_dir: &Path, scenario_file: &str, started: &str) -> PathBuf {
    data_dir
        .join("autosave")
        .join(format!("{}-{started}.ron", file_stem(scenario_file)))
}

/// The autosave a resumed battle goes on writing: the file it was resumed from when that
/// is an autosave (in the data directory's `autosave` folder, or another data directory's,
/// however the path is written: relative, through `.` or `..`, or a link), made absolute;
/// else (a named save, kept as it was) a new one of its own.
pub fn resumed_autosave_path(
    data_dir: &Path,
    resumed_from: &Path,
    scenario_file: &str,
    started: &str,
) -> PathBuf {
    match as_autosave(data_dir, resumed_from) {
        Some(path) => path,
        None => autosave_path(data_dir, scenario_file, started),
    }
}

/// `path`, canonical, if it is an autosave: its folder is the data directory's `autosave`
/// folder or is named `autosave`. Paths that do not exist are compared as written.
fn as_autosave(data_dir: &Path, path: &Path) -> Option<PathBuf> {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let file = canonical(path);
    let folder = file.parent()?;
    let ours = canonical(&data_dir.join("autosave"));
    (folder == ours || folder.file_name() == Some("autosave".as_ref())).then_some(file)
}

/// A scenario file's stem made safe for a file name: letters, digits, `-` and `_`.
pub fn file_stem(scenario_file: &str) -> String {
    let stem = Path::new(scenario_file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let safe: String = stem
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
        .take(40)
        .collect();
    if safe.is_empty() {
        "battle".into()
    } else {
        safe
    }
}

/// A moment as the save lists show it: `2026-11-23 02:10` (UTC).
pub fn format_time(when: std::time::SystemTime) -> String {
    let text = humantime::format_rfc3339_seconds(when).to_string();
    text.get(..16).unwrap_or(&text).replace('T', " ")
}
