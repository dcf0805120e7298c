//! Why the terminal game cannot open or replay a battle, lock its autosave, draw a map as
//! text, keep the settings or play the computer's order: typed errors with their context,
//! whose text is what the player reads. The rules' own refusals are the engine's
//! [`RuleError`] (R3.2 and on), carried here unchanged; no rule is implemented here.

use crate::engine::error::RuleError;
use crate::engine::Command;
use std::path::PathBuf;

/// Why a battle cannot be opened, replayed or shown.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The scenario's setup has problems (R2.8): the file and each problem's message.
    #[error("{file}: {}", .problems.join("; "))]
    SetUp {
        /// The scenario file.
        file: String,
        /// Each problem, in the order found.
        problems: Vec<String>,
    },
    /// A save's scenario no longer sets up, so its commands cannot be replayed.
    #[error("the scenario does not set up")]
    NotSetUp,
    /// A save's command the engine refuses on replay.
    #[error("command {number} is refused on replay: {reason}")]
    RefusedOnReplay {
        /// The command's place in the save, 1 the first.
        number: usize,
        /// The engine's refusal.
        reason: RuleError,
    },
    /// Another game holds the autosave file's lock.
    #[error(transparent)]
    Locked(#[from] crate::save::lock::LockError),
    /// `volley show`: the width asked for is too narrow for the map at the smallest hexes.
    #[error("the map is {hexes} hexes wide: it needs a width of at least {need} columns")]
    TooNarrow {
        /// The map's width in hexes.
        hexes: u32,
        /// The narrowest width that shows it, in columns.
        need: u16,
    },
}

/// Why the computer's turn failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    /// The engine refused the computer's order: the order and the reason as the player
    /// reads it (units named by label).
    #[error("the computer's order {command:?} was refused: {reason}")]
    Refused {
        /// The order refused.
        command: Command,
        /// The engine's reason, with each unit's label.
        reason: String,
    },
    /// The computer gave no order while the battle goes on.
    #[error("the computer gave no order while the battle goes on")]
    NoOrder,
    /// The thread working out the order ended without one.
    #[error("the computer's thinking stopped without an order")]
    Stopped,
}

/// Why the settings file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The settings could not be written as RON.
    #[error("cannot write the settings: {0}")]
    Format(#[from] ron::Error),
    /// The file could not be written.
    #[error("{}: {source}", crate::files::shown(.path))]
    Write {
        /// The settings file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}
