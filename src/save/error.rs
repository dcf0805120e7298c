//! Why a save cannot be written or resumed, each refusal naming the file and what is wrong
//! with it (a missing file, a truncated or corrupt one, one larger than its battle can
//! make, another format or rules version, an edited seed, scenario, options or header, a
//! replay that reaches other events), with user text escaped.

use super::{OLDEST_FORMAT, SAVE_FORMAT};
use crate::files::shown;
use crate::text::escape_text;
use std::path::PathBuf;
use thiserror::Error;

/// Why a save cannot be written or resumed.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The system refused to read or write the file.
    #[error("{}: {source}", shown(path))]
    Io {
        /// The save's path.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Nothing is at the path.
    #[error("{}: no such save file", shown(path))]
    Missing {
        /// The path asked for.
        path: PathBuf,
    },
    /// The file cannot be read as a save at all (not a file, too large, not text).
    #[error("{}: cannot read the save: {reason}", shown(path))]
    Unreadable {
        /// The save's path.
        path: PathBuf,
        /// Why, in words.
        reason: String,
    },
    /// The end marker is missing: the write was cut short.
    #[error("{}: the save is truncated: its end marker is missing", shown(path))]
    Truncated {
        /// The save's path.
        path: PathBuf,
    },
    /// The text is not a save.
    #[error("{}: the save is corrupt: {}", shown(path), escape_text(message))]
    Corrupt {
        /// The save's path.
        path: PathBuf,
        /// What the parser said.
        message: String,
    },
    /// Written in a save format this game does not read.
    #[error(
        "{}: save format {found} is not one this game reads (formats {OLDEST_FORMAT} to {SAVE_FORMAT}){}",
        shown(path),
        format_why(*found)
    )]
    Format {
        /// The save's path.
        path: PathBuf,
        /// The format in the file.
        found: u32,
        /// The format this game writes.
        expected: u32,
    },
    /// Played under other rules.
    #[error(
        "{}: the save is for rules version {found}; this game plays rules version {expected}",
        shown(path)
    )]
    RulesVersion {
        /// The save's path.
        path: PathBuf,
        /// The rules version in the file.
        found: u32,
        /// This game's rules version.
        expected: u32,
    },
    /// The seed was changed after the save was written.
    #[error(
        "{}: the seed {seed} does not match the one this battle was played with: the save was edited",
        shown(path)
    )]
    SeedMismatch {
        /// The save's path.
        path: PathBuf,
        /// The seed in the file.
        seed: u64,
    },
    /// A part of the save no longer matches its digest or its header: it was edited.
    #[error("{}: the save was edited: {}", shown(path), escape_text(what))]
    Edited {
        /// The save's path.
        path: PathBuf,
        /// Which part, and how it differs.
        what: String,
    },
    /// The save is larger than the battle of its header can make (or than the largest
    /// battle, for a save without a header).
    #[error(
        "{}: the save is larger than the {limit} bytes {battle} can make: it was edited or is not a save",
        shown(path)
    )]
    Oversized {
        /// The save's path.
        path: PathBuf,
        /// The most bytes its battle can make.
        limit: u64,
        /// That battle, in words.
        battle: String,
    },
    /// The saved scenario text no longer loads.
    #[error(
        "{}: the saved scenario no longer loads: {}",
        shown(path),
        escape_text(message)
    )]
    Scenario {
        /// The save's path.
        path: PathBuf,
        /// The scenario's problems.
        message: String,
    },
    /// A command is refused when the battle is replayed.
    #[error(
        "{}: command {} of the save is refused on replay: {}",
        shown(path),
        index + 1,
        escape_text(message)
    )]
    Replay {
        /// The save's path.
        path: PathBuf,
        /// 0-based index of the command in the save.
        index: usize,
        /// The rules' reason.
        message: String,
    },
    /// The replay ends with another number of events than the save recorded.
    #[error(
        "{}: the replay ends after {found} events, but the save recorded {expected}: the save was edited or this version plays the rules differently",
        shown(path)
    )]
    Diverged {
        /// The save's path.
        path: PathBuf,
        /// Events the replay reached.
        found: usize,
        /// Events the save recorded.
        expected: usize,
    },
    /// The replay reaches as many events as saved, but not the same ones.
    #[error(
        "{}: the replay reaches {events} events as saved, but not the same ones (digest {found:016x}, saved {expected:016x}): the save was edited or this version plays the rules differently",
        shown(path)
    )]
    DigestMismatch {
        /// The save's path.
        path: PathBuf,
        /// Number of events, the same in both.
        events: usize,
        /// The replay's digest.
        found: u64,
        /// The saved digest.
        expected: u64,
    },
    /// The battle outgrew what its save may hold (it cannot, by
    /// [`super::max_save_bytes`]'s bound), so the save is not written.
    #[error(
        "{}: the save would be {bytes} bytes, more than the {limit} its battle may make",
        shown(path)
    )]
    TooLarge {
        /// The save's path.
        path: PathBuf,
        /// Its size, in bytes.
        bytes: usize,
        /// The most its battle may make, in bytes.
        limit: u64,
    },
}

/// Why a format is not read, when that is known.
fn format_why(found: u32) -> &'static str {
    match found {
        1 => ": format 1 recorded shock rolls without their modifiers, so its battle cannot be checked by this game",
        f if f > SAVE_FORMAT => ": it was written by a newer version of the game",
        _ => "",
    }
}
