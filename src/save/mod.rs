//! Saved battles: the scenario text, the seed, the rules version, who plays each side and
//! the command list. Resuming replays the commands and checks that the replay reaches the
//! same events (a digest of the event log), so a save is also a proof of the battle. Saves
//! are written atomically (temporary file, then rename) and refused with a named problem
//! when corrupt, truncated or of another version; a refused file is never touched.

use crate::engine::{Command, Dice, Event, Game, Rules};
use crate::scenario::{Controller, Scenario};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Version of the save format itself.
pub const SAVE_FORMAT: u32 = 1;

/// The last line of every complete save.
const END_MARKER: &str = "// end of volley save";

/// A save file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: u32,
    /// `rules.ron`'s version the battle was played under.
    pub rules_version: u32,
    pub scenario_file: String,
    /// The whole scenario text, so a save outlives edits to the file.
    pub scenario: String,
    pub seed: u64,
    pub controllers: [Controller; 2],
    pub commands: Vec<Command>,
    /// Number of events and their digest after the last command.
    pub events: usize,
    pub digest: u64,
}

/// Why a save cannot be written or resumed.
#[derive(Debug, Error)]
pub enum SaveError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: the save is truncated: its end marker is missing")]
    Truncated { path: PathBuf },
    #[error("{path}: the save is corrupt: {message}")]
    Corrupt { path: PathBuf, message: String },
    #[error("{path}: save format {found} is not this game's format {expected}")]
    Format {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
    #[error(
        "{path}: the save is for rules version {found}; this game plays rules version {expected}"
    )]
    RulesVersion {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
    #[error("{path}: the saved scenario no longer loads: {message}")]
    Scenario { path: PathBuf, message: String },
    #[error("{path}: command {index} of the save is refused on replay: {message}")]
    Replay {
        path: PathBuf,
        index: usize,
        message: String,
    },
    #[error(
        "{path}: the replay does not reach the saved state (events {found}, saved {expected})"
    )]
    Diverged {
        path: PathBuf,
        found: usize,
        expected: usize,
    },
}

/// A battle brought back from a save.
pub struct Resumed {
    pub scenario: Scenario,
    pub seed: u64,
    pub controllers: [Controller; 2],
    pub commands: Vec<Command>,
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
            seed,
            controllers,
            commands: commands.to_vec(),
            events: game.log().len(),
            digest: digest(game.log()),
        }
    }

    /// Writes the save atomically: a temporary file beside it, flushed, then renamed.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        let io = |source| SaveError::Io {
            path: path.to_path_buf(),
            source,
        };
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| io(std::io::Error::other(e.to_string())))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let tmp = path.with_extension("ron.tmp");
        let write = || -> std::io::Result<()> {
            use std::io::Write;
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.write_all(format!("\n{END_MARKER}\n").as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io(e)
        })
    }

    /// Reads a save, refusing a truncated, corrupt or incompatible one.
    pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
        let p = || path.to_path_buf();
        let text = crate::scenario::read_limited(path).map_err(|e| SaveError::Corrupt {
            path: p(),
            message: e.to_string(),
        })?;
        if !text.trim_end().ends_with(END_MARKER) {
            return Err(SaveError::Truncated { path: p() });
        }
        let save: SaveFile = ron::from_str(&text).map_err(|e| SaveError::Corrupt {
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
            SaveError::Scenario {
                path: p(),
                message: format!("{e:?}"),
            }
        })?;
        for (index, c) in self.commands.iter().enumerate() {
            game.submit(*c).map_err(|e| SaveError::Replay {
                path: p(),
                index,
                message: e.to_string(),
            })?;
        }
        if game.log().len() != self.events || digest(game.log()) != self.digest {
            return Err(SaveError::Diverged {
                path: p(),
                found: game.log().len(),
                expected: self.events,
            });
        }
        Ok(Resumed {
            scenario,
            seed: self.seed,
            controllers: self.controllers,
            commands: self.commands,
            game,
        })
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
