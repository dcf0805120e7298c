//! The head of a save: the fields a list of saves shows (battle, turn, format, the
//! scenario's units and turn limit, the number of commands) written before the scenario
//! text, so that a list reads a bounded prefix of each file and a resume knows from the
//! first lines the most bytes the save's own battle can make, refusing a larger file
//! before reading the rest of it.

use super::{max_save_bytes, rules_save_bytes, MAX_SAVE_BYTES};
use crate::scenario::MAX_TURN_LIMIT;
use serde::Deserialize;
use std::path::Path;

/// The most bytes read from the start of a save for its header (the header itself is
/// under 1 KiB; a small save of an earlier format, with no header, fits whole).
pub const HEADER_BYTES: u64 = 64 * 1024;

/// The first save format with a header.
pub const FIRST_HEADER_FORMAT: u32 = 3;

/// The fields a header may hold, each on a line of its own after the opening `(`.
const FIELDS: [&str; 13] = [
    "format",
    "rules_version",
    "battle",
    "turn",
    "units",
    "turn_limit",
    "scenario_bytes",
    "command_count",
    "rules_bytes",
    "sides",
    "players",
    "player_levels",
    "finished",
];

/// What the first lines of a save say about it (every field 0 or empty when absent, as in
/// saves of formats before [`FIRST_HEADER_FORMAT`]).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct SaveHeader {
    /// The save format.
    pub format: u32,
    /// The rules version the battle was played under.
    pub rules_version: u32,
    /// The battle's name, on one line.
    pub battle: String,
    /// The turn the battle had reached.
    pub turn: u32,
    /// The number of units in the saved scenario.
    pub units: usize,
    /// The saved scenario's turn limit.
    pub turn_limit: u32,
    /// The length of the saved scenario text, in bytes.
    pub scenario_bytes: usize,
    /// The number of commands the save holds.
    pub command_count: usize,
    /// The length of the rules text the save carries, in bytes (0: the shipped rules).
    pub rules_bytes: usize,
    /// The sides' names (issue 26; `None` in earlier saves).
    pub sides: Option<[String; 2]>,
    /// Who gives each side's orders (issue 26; `None` in earlier saves).
    pub players: Option<[crate::scenario::Controller; 2]>,
    /// The computer's level on each side (issue 26; `None` in earlier saves).
    pub player_levels: Option<[crate::ai::Level; 2]>,
    /// How the battle ended (`Red won`, `a draw`); `None` while it goes on or unknown.
    pub finished: Option<String>,
    /// The file's size in bytes, when read from a file.
    #[serde(skip)]
    pub file_bytes: u64,
}

impl SaveHeader {
    /// The header at the start of `prefix` (a save's first bytes); `None` if it does not
    /// open as a save. A save of an earlier format gives its `format` and little else.
    pub fn parse(prefix: &str) -> Option<SaveHeader> {
        let mut lines = prefix.lines();
        if lines.next()?.trim() != "(" {
            return None;
        }
        let fields: Vec<&str> = lines.take_while(|l| is_header_line(l)).collect();
        ron::from_str(&format!("(\n{}\n)", fields.join("\n"))).ok()
    }

    /// Whether the save has a header (format [`FIRST_HEADER_FORMAT`] or later).
    pub fn has_header(&self) -> bool {
        self.format >= FIRST_HEADER_FORMAT
    }

    /// Whether the save's own battle is known: it has a header, or its scenario's size
    /// was found (a save of format 2 read for its scenario).
    fn bounded(&self) -> bool {
        self.has_header() || self.scenario_bytes > 0
    }

    /// The most bytes the save may hold: what its own battle can make (its scenario, its
    /// units over its turn limit) when it has a header, else [`MAX_SAVE_BYTES`].
    pub fn max_bytes(&self) -> u64 {
        if !self.bounded() {
            return MAX_SAVE_BYTES;
        }
        let battle = max_save_bytes(self.units, self.turn_limit, self.scenario_bytes);
        (battle + rules_save_bytes(self.rules_bytes)).min(MAX_SAVE_BYTES)
    }

    /// The battle the bound of [`SaveHeader::max_bytes`] is for, in words.
    pub fn bound_for(&self) -> String {
        if self.bounded() {
            let turns = self.turn_limit.min(MAX_TURN_LIMIT);
            format!("a battle of {} units and {turns} turns", self.units)
        } else {
            "the largest battle".into()
        }
    }

    /// The header of the save at `path`, read from at most [`HEADER_BYTES`] of it, with
    /// the file's size; a save of an earlier format that fits in those bytes is parsed
    /// whole for its battle, turn and commands. `None` if it is not a save.
    pub fn peek(path: &Path) -> Option<SaveHeader> {
        let (file, bytes) = crate::files::open_regular(path).ok()?;
        let prefix = crate::files::read_prefix(file, HEADER_BYTES).ok()?;
        let mut header = SaveHeader::parse(&prefix)?;
        header.file_bytes = bytes;
        if !header.has_header() && bytes <= HEADER_BYTES {
            let save = super::SaveFile::parse(&prefix, path).ok()?;
            header.battle = save.battle;
            header.turn = save.turn;
            header.command_count = save.commands.len();
        }
        Some(header)
    }
}

/// `    name: value,` for a header field's name, its value on the line.
fn is_header_line(line: &str) -> bool {
    let Some((name, value)) = line.strip_prefix("    ").and_then(|l| l.split_once(": ")) else {
        return false;
    };
    FIELDS.contains(&name) && value.ends_with(',')
}
