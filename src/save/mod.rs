//! Saved battles: a header (battle, turn, the scenario's size, units and turn limit, the
//! number of commands), the scenario text, the seed, the rules version, who plays each side
//! and the command list. Resuming replays the commands and checks that the replay reaches
//! the same events (a digest of the event log), so a save is also a proof of the battle;
//! digests of the scenario text and of the options (seed, sides' players and levels, rules
//! version, scenario file) name an edit of either. Saves are written atomically (temporary
//! file, then rename) and refused with a named problem when corrupt, truncated, larger than
//! their own battle can make (known from the header before the rest is read), edited or of
//! another version; a refused file is never touched. A save of format 2 (no header, no
//! scenario or options digest) still resumes and is written in this format the next time.

mod error;
mod header;
pub mod lock;
pub use error::SaveError;
pub use header::{SaveHeader, FIRST_HEADER_FORMAT, HEADER_BYTES};

use crate::ai::Level;
use crate::engine::{Command, Dice, Entropy, Event, Game, Rules, SharedDraw, SideId};
use crate::files::ReadError;
use crate::scenario::data::MAX_FILE_BYTES;
use crate::scenario::{Controller, Scenario, MAX_TURN_LIMIT, MAX_UNITS};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Version of the save format itself: 2 since shock rolls record their modifiers by name,
/// so a battle's events (and their digest) differ from format 1's; 3 since a save opens
/// with a header and holds digests of its scenario text and options.
pub const SAVE_FORMAT: u32 = 3;

/// The oldest format this game resumes: format 2's saves lack only the header and the
/// digests of format 3. Format 1's events were recorded otherwise (shock rolls without
/// their modifiers), so its digest cannot be checked and it is refused by name.
pub const OLDEST_FORMAT: u32 = 2;

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

/// Longest line one shared draw takes in a save of a battle across two machines (two
/// values of 64 hex digits, two numbers and the field names are under 200 bytes).
const MAX_DRAW_BYTES: u64 = 200;

/// Commands any battle may take beyond its turns' share: forced dice (`--dice`) and room
/// to spare, so that a small battle's bound is never met by a save the game wrote.
const COMMANDS_PER_BATTLE: u64 = 10_000;

/// Everything in a save but the scenario and the commands: the other fields and the end
/// marker, with a long scenario file name.
const SAVE_OVERHEAD_BYTES: u64 = 64 * 1024;

/// The largest save a battle of `units` units, `turn_limit` turns and a scenario text of
/// `scenario_bytes` can make (each capped at what `check` accepts): the scenario saved as
/// a raw string (at most 3 times its size with the `#`s that fence it) and the commands of
/// every turn.
pub const fn max_save_bytes(units: usize, turn_limit: u32, scenario_bytes: usize) -> u64 {
    let units = if units > MAX_UNITS { MAX_UNITS } else { units } as u64;
    let turns = if turn_limit > MAX_TURN_LIMIT {
        MAX_TURN_LIMIT
    } else {
        turn_limit
    } as u64;
    let scenario = if scenario_bytes > MAX_FILE_BYTES {
        MAX_FILE_BYTES
    } else {
        scenario_bytes
    } as u64;
    let played = turns * (units * COMMANDS_PER_UNIT_TURN + COMMANDS_PER_TURN);
    let commands = played + COMMANDS_PER_BATTLE;
    // Only the commands played roll shared dice: forced dice are off across two machines.
    SAVE_OVERHEAD_BYTES + 3 * scenario + commands * MAX_COMMAND_BYTES + played * MAX_DRAW_BYTES
}

/// The most bytes a save's copy of its rules file (issue 28) adds: a raw string of at most
/// 3 times the rules text's size, capped at what a data file may hold.
pub const fn rules_save_bytes(rules_bytes: usize) -> u64 {
    let rules = if rules_bytes > MAX_FILE_BYTES {
        MAX_FILE_BYTES
    } else {
        rules_bytes
    } as u64;
    3 * rules
}

/// The largest save the game can write, so the largest it reads: that of the largest
/// battle `check` accepts, [`MAX_TURN_LIMIT`] turns of [`MAX_UNITS`] units in a scenario
/// of [`MAX_FILE_BYTES`], with a rules file of as many bytes.
pub const MAX_SAVE_BYTES: u64 =
    max_save_bytes(MAX_UNITS, MAX_TURN_LIMIT, MAX_FILE_BYTES) + rules_save_bytes(MAX_FILE_BYTES);

/// The longest battle name a header holds, in characters (a list shows less).
const MAX_HEADER_NAME: usize = 120;

/// A save file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// [`SAVE_FORMAT`] when written.
    pub format: u32,
    /// `rules.ron`'s version the battle was played under.
    pub rules_version: u32,
    /// The battle's name on one line (control characters escaped), for lists of saves.
    #[serde(default)]
    pub battle: String,
    /// The turn the battle had reached, for lists of saves.
    #[serde(default)]
    pub turn: u32,
    /// Header: the number of units in the scenario (format 3 on).
    #[serde(default)]
    pub units: usize,
    /// Header: the scenario's turn limit (format 3 on).
    #[serde(default)]
    pub turn_limit: u32,
    /// Header: the scenario text's length in bytes (format 3 on), set when written.
    #[serde(default)]
    pub scenario_bytes: usize,
    /// Header: the number of commands (format 3 on), set when written.
    #[serde(default)]
    pub command_count: usize,
    /// Header: the length in bytes of the rules text the save carries (issue 28; 0, and
    /// not written, when it was played with the shipped rules), set when written.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rules_bytes: usize,
    /// Header: the sides' names, for lists of saves (issue 26; absent before), set when
    /// written.
    #[serde(default)]
    pub sides: Option<[String; 2]>,
    /// Header: who gives each side's orders, for lists of saves (issue 26; absent
    /// before), set when written from `controllers`.
    #[serde(default)]
    pub players: Option<[Controller; 2]>,
    /// Header: the computer's level on each side, for lists of saves (issue 26; absent
    /// before), set when written from `levels`.
    #[serde(default)]
    pub player_levels: Option<[Level; 2]>,
    /// Header: how the battle ended (`Red won`, `a draw`), `None` while it goes on.
    #[serde(default)]
    pub finished: Option<String>,
    /// Digest of the scenario text (format 3 on), set when written.
    #[serde(default)]
    pub scenario_check: Option<u64>,
    /// Digest of the options: rules version, scenario file, seed, players and levels
    /// (format 3 on), set when written.
    #[serde(default)]
    pub options_check: Option<u64>,
    /// The scenario's file name when the battle began, for the title and the save's name.
    pub scenario_file: String,
    /// The whole scenario text, so a save outlives edits to the file.
    pub scenario: String,
    /// The rules file the battle was played with, as named (issue 28; not written when it
    /// was played with the shipped rules, as every save before was).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_file: Option<String>,
    /// That rules file's whole text, so a save outlives edits to it or its removal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The seed of the battle's dice.
    pub seed: u64,
    /// A digest of the seed, so that an edited seed is named as such on resume.
    #[serde(default)]
    pub seed_check: Option<u64>,
    /// Who gives each side's orders.
    pub controllers: [Controller; 2],
    /// `--dice`: faces forced before the battle opened, on turn 1's initiative (R3.1);
    /// written only when there are some (issue 28).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening_dice: Vec<u32>,
    /// The computer's level on each side; written only when one is not `normal`.
    #[serde(default, skip_serializing_if = "both_normal")]
    pub levels: [Level; 2],
    /// Every command given, in order: the battle is its seed and these.
    pub commands: Vec<Command>,
    /// A battle across two machines (issue 31): the dice each command rolled with, drawn
    /// from both players' values; written only when there are some.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<SharedDraw>,
    /// A battle across two machines: who played which side and each player's commitment
    /// to its values, so that every draw can be checked; written only for such a battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkRecord>,
    /// Number of events after the last command.
    pub events: usize,
    /// Digest of every event after the last command ([`digest`]).
    pub digest: u64,
}

/// What a save of a battle across two machines keeps of it beyond its draws (issue 31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetworkRecord {
    /// The side the host played.
    pub host_side: SideId,
    /// The head of each player's chain of values, the host's first: each value revealed
    /// hashes, with its number, back to the one before and at last to this head.
    pub heads: [Entropy; 2],
    /// The opening's draw (number 1), whose [`SharedDraw::battle_seed`] is the seed.
    pub opening: SharedDraw,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
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
    /// Faces forced before the battle opened (`--dice`), none for most battles.
    pub opening_dice: Vec<u32>,
    /// Every command given so far.
    pub commands: Vec<Command>,
    /// The shared dice of a battle across two machines, none for others (issue 31).
    pub draws: Vec<SharedDraw>,
    /// The players' commitments of a battle across two machines.
    pub network: Option<NetworkRecord>,
    /// The battle replayed to its last command.
    pub game: Game,
}

/// FNV-1a over the RON text of every event: a digest that is the same on every machine.
pub fn digest(events: &[Event]) -> u64 {
    RunningDigest::default().of(events)
}

/// FNV-1a digest of the events' RON text, kept up to date as the log grows (a save's digest,
/// [`digest`], read once as a battle goes on).
#[derive(Clone, Copy, Debug)]
pub struct RunningDigest {
    events: usize,
    hash: u64,
}

impl Default for RunningDigest {
    fn default() -> RunningDigest {
        RunningDigest {
            events: 0,
            hash: 0xcbf2_9ce4_8422_2325,
        }
    }
}

impl RunningDigest {
    /// The digest of all of `log`, reading only the events not read before (a log that
    /// shrank, after an undo, is read again from its start).
    pub fn of(&mut self, log: &[Event]) -> u64 {
        if log.len() < self.events {
            *self = RunningDigest::default();
        }
        for e in log.get(self.events..).unwrap_or_default() {
            for b in ron::to_string(e).unwrap_or_default().bytes() {
                self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        self.events = log.len();
        self.hash
    }
}

/// FNV-1a of a text: the digest of a scenario text that saves and a network join compare.
pub fn text_digest(text: &str) -> u64 {
    fnv(text.as_bytes())
}

/// FNV-1a of `bytes`.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// FNV-1a of a seed's bytes: the seed check of a save.
fn seed_check(seed: u64) -> u64 {
    fnv(&seed.to_le_bytes())
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
            battle: one_line(&scenario.name),
            turn: game.turn(),
            units: scenario.setup.units.len(),
            turn_limit: scenario.setup.turn_limit.unwrap_or(MAX_TURN_LIMIT),
            scenario_bytes: 0,
            command_count: 0,
            rules_bytes: 0,
            sides: Some([SideId::A, SideId::B].map(|d| one_line(&game.side(d).name))),
            players: None,
            player_levels: None,
            finished: game.outcome().map(|o| match o.winner {
                Some(side) => one_line(&format!("{} won", game.side(side).name)),
                None => "a draw".to_string(),
            }),
            scenario_check: None,
            options_check: None,
            scenario_file: scenario.file.clone(),
            scenario: scenario.source.clone(),
            rules_file: scenario.rules.as_ref().map(|r| r.file.clone()),
            rules: scenario.rules.as_ref().map(|r| r.source.clone()),
            seed,
            seed_check: Some(seed_check(seed)),
            controllers,
            levels: Default::default(),
            opening_dice: Vec::new(),
            commands: commands.to_vec(),
            draws: Vec::new(),
            network: None,
            events: game.log().len(),
            digest: digest(game.log()),
        }
    }

    /// The save as text: the header, one field a line, one command a line, the scenario
    /// as a raw string (as written, not escaped), then the end marker; the header's sizes
    /// and the digests are made from the fields as they are now.
    pub fn to_text(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .depth_limit(2)
            .escape_strings(false);
        let text = ron::ser::to_string_pretty(&self.sealed(), config)?;
        Ok(format!("{text}\n{END_MARKER}\n"))
    }

    /// A copy with the header's sizes and the digests made from its fields.
    fn sealed(&self) -> SaveFile {
        let mut sealed = self.clone();
        sealed.battle = one_line(&self.battle);
        sealed.scenario_bytes = self.scenario.len();
        sealed.command_count = self.commands.len();
        sealed.rules_bytes = self.rules.as_ref().map_or(0, String::len);
        sealed.players = Some(self.controllers);
        sealed.player_levels = Some(self.levels);
        sealed.scenario_check = Some(fnv(self.scenario.as_bytes()));
        sealed.options_check = Some(self.options_digest());
        sealed
    }

    /// FNV-1a of the options' RON text: rules version, scenario file, seed, players,
    /// levels, and the rules file and text when the save carries them (a save played with
    /// the shipped rules has the digest it had before saves could carry rules).
    fn options_digest(&self) -> u64 {
        let options = (
            self.rules_version,
            &self.scenario_file,
            self.seed,
            self.controllers,
            self.levels,
        );
        let text = match (&self.rules_file, &self.rules) {
            (None, None) => ron::to_string(&options),
            (file, rules) => ron::to_string(&(options, file, rules)),
        };
        fnv(text.unwrap_or_default().as_bytes())
    }

    /// The rules the battle was played with: the text it carries, else the shipped rules
    /// (every save made before saves carried their rules).
    fn rules_choice(&self) -> crate::scenario::RulesChoice {
        use crate::scenario::{RulesChoice, RulesText};
        match &self.rules {
            Some(source) => RulesChoice::Given(RulesText {
                file: self.rules_file.clone().unwrap_or_else(|| "rules".into()),
                source: source.clone(),
            }),
            None => RulesChoice::Shipped,
        }
    }

    /// The header of this save, as its first lines say it.
    fn header(&self) -> SaveHeader {
        SaveHeader {
            format: self.format,
            rules_version: self.rules_version,
            battle: self.battle.clone(),
            turn: self.turn,
            units: self.units,
            turn_limit: self.turn_limit,
            scenario_bytes: self.scenario_bytes,
            command_count: self.command_count,
            rules_bytes: self.rules_bytes,
            sides: self.sides.clone(),
            players: self.players,
            player_levels: self.player_levels,
            finished: self.finished.clone(),
            file_bytes: 0,
        }
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
        let limit = SaveHeader::parse(&text).map_or(MAX_SAVE_BYTES, |h| h.max_bytes());
        if text.len() as u64 > limit {
            return Err(SaveError::TooLarge {
                path: path.to_path_buf(),
                bytes: text.len(),
                limit,
            });
        }
        crate::files::write_atomic(path, &[text.as_bytes()]).map_err(io)
    }

    /// Reads a save, refusing a missing, truncated, corrupt, edited or incompatible one,
    /// and one larger than its header's battle can make before reading past the header.
    pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
        let (file, bytes) = crate::files::open_regular(path).map_err(|e| unreadable(path, e))?;
        SaveFile::read_from(file, Some(bytes), path)
    }

    /// Reads a save from `reader` (of `bytes` when known, from `path`, named in errors):
    /// the header from at most [`HEADER_BYTES`], then no more than the bytes its battle
    /// can make, refusing a larger save at once when its size is known.
    pub fn read_from(
        mut reader: impl Read,
        bytes: Option<u64>,
        path: &Path,
    ) -> Result<SaveFile, SaveError> {
        let mut head = Vec::new();
        (&mut reader)
            .take(HEADER_BYTES)
            .read_to_end(&mut head)
            .map_err(|e| unreadable(path, ReadError::Io(e)))?;
        let prefix = crate::files::read_prefix(head.as_slice(), HEADER_BYTES).unwrap_or_default();
        let mut header = SaveHeader::parse(&prefix).unwrap_or_default();
        if (OLDEST_FORMAT..FIRST_HEADER_FORMAT).contains(&header.format) {
            header = headerless_bound(&mut head, &mut reader, path)?;
        }
        let limit = header.max_bytes();
        let oversized = || SaveError::Oversized {
            path: path.to_path_buf(),
            limit,
            battle: header.bound_for(),
        };
        if bytes.is_some_and(|b| b > limit) {
            return Err(oversized());
        }
        let text = match crate::files::read_all(head.as_slice().chain(reader), limit) {
            Err(ReadError::TooLarge(_)) => return Err(oversized()),
            other => other.map_err(|e| unreadable(path, e))?,
        };
        SaveFile::parse(&text, path)
    }

    /// Parses a save's text (read from `path`, named in errors; a leading byte-order mark
    /// dropped), refusing a truncated, corrupt, edited, oversized or incompatible one;
    /// a save of format 2 has no header or digests to check.
    pub fn parse(text: &str, path: &Path) -> Result<SaveFile, SaveError> {
        let p = || path.to_path_buf();
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if !text.trim_end().ends_with(END_MARKER) {
            return Err(SaveError::Truncated { path: p() });
        }
        let save: SaveFile = ron::from_str(text).map_err(|e| SaveError::Corrupt {
            path: p(),
            message: e.to_string(),
        })?;
        if !(OLDEST_FORMAT..=SAVE_FORMAT).contains(&save.format) {
            return Err(SaveError::Format {
                path: p(),
                found: save.format,
                expected: SAVE_FORMAT,
            });
        }
        // A save carrying its rules is played with them, whatever their version.
        let expected = Rules::standard().version;
        if save.rules.is_none() && save.rules_version != expected {
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
        if save.format >= FIRST_HEADER_FORMAT {
            save.check_sealed(text.len(), path)?;
        }
        Ok(save)
    }

    /// A save with a header: its digests and sizes are those of its fields, and it is no
    /// larger than its battle can make.
    fn check_sealed(&self, bytes: usize, path: &Path) -> Result<(), SaveError> {
        let edited = |what: String| {
            Err(SaveError::Edited {
                path: path.to_path_buf(),
                what,
            })
        };
        let header = self.header();
        if bytes as u64 > header.max_bytes() {
            return Err(SaveError::Oversized {
                path: path.to_path_buf(),
                limit: header.max_bytes(),
                battle: header.bound_for(),
            });
        }
        if self.scenario_check != Some(fnv(self.scenario.as_bytes())) {
            return edited("its scenario text does not match the scenario's digest".into());
        }
        if self.options_check != Some(self.options_digest()) {
            return edited(
                "its options (rules version, rules file, scenario file, seed, who plays each side, levels) do not match their digest"
                    .into(),
            );
        }
        if self.scenario_bytes != self.scenario.len() {
            let (said, has) = (self.scenario_bytes, self.scenario.len());
            return edited(format!(
                "its header says the scenario has {said} bytes, but it has {has}"
            ));
        }
        let rules_bytes = self.rules.as_ref().map_or(0, String::len);
        if self.rules_bytes != rules_bytes {
            let said = self.rules_bytes;
            return edited(format!(
                "its header says the rules have {said} bytes, but they have {rules_bytes}"
            ));
        }
        if self.command_count != self.commands.len() {
            let (said, has) = (self.command_count, self.commands.len());
            return edited(format!(
                "its header says {said} commands, but it holds {has}"
            ));
        }
        Ok(())
    }

    /// Replays the save and checks it reaches the saved state.
    pub fn resume(self, path: &Path) -> Result<Resumed, SaveError> {
        let p = || path.to_path_buf();
        let choice = self.rules_choice();
        let scenario = Scenario::parse_with(&self.scenario, &self.scenario_file, choice);
        let scenario = scenario.map_err(|e| SaveError::Scenario {
            path: p(),
            message: e.to_string(),
        })?;
        let mut dice = Dice::seeded(self.seed);
        // Clamped to the die rolled, so a hand-edited face cannot break the replay.
        self.opening_dice.iter().for_each(|&f| dice.force(f));
        let mut game = Game::new(scenario.setup.clone(), dice).map_err(|e| {
            let problems: Vec<String> = e.into_iter().map(|p| p.message).collect();
            SaveError::Scenario {
                path: p(),
                message: problems.join("; "),
            }
        })?;
        self.check_header(&scenario, path)?;
        self.check_draws(path)?;
        crate::engine::game::replay(&mut game, &self.commands, &self.draws).map_err(
            |(index, e)| SaveError::Replay {
                path: p(),
                index,
                message: e.to_string(),
            },
        )?;
        self.check_reached(&game, path)?;
        Ok(Resumed {
            scenario,
            seed: self.seed,
            controllers: self.controllers,
            levels: self.levels,
            opening_dice: self.opening_dice,
            commands: self.commands,
            draws: self.draws,
            network: self.network,
            game,
        })
    }

    /// A battle across two machines: every draw's values hash back to the players'
    /// commitments (issue 31), so neither player's dice were changed after the fact.
    fn check_draws(&self, path: &Path) -> Result<(), SaveError> {
        let Some(net) = &self.network else {
            return match self.draws.is_empty() {
                true => Ok(()),
                false => Err(SaveError::Edited {
                    path: path.to_path_buf(),
                    what: "it has shared dice but no record of the players' commitments".into(),
                }),
            };
        };
        let edited = |what| SaveError::Edited {
            path: path.to_path_buf(),
            what,
        };
        if net.opening.battle_seed() != self.seed {
            return Err(edited(
                "its seed is not the one its opening values make".into(),
            ));
        }
        let all: Vec<SharedDraw> = std::iter::once(net.opening)
            .chain(self.draws.iter().copied())
            .collect();
        crate::net::chain::check_draws(net.heads, &all).map_err(edited)
    }

    /// A save with a header: the header's units and turn limit are the scenario's.
    fn check_header(&self, scenario: &Scenario, path: &Path) -> Result<(), SaveError> {
        if self.format < FIRST_HEADER_FORMAT {
            return Ok(());
        }
        let units = scenario.setup.units.len();
        let turn_limit = scenario.setup.turn_limit.unwrap_or(MAX_TURN_LIMIT);
        let what = if self.units != units {
            format!(
                "its header says {} units, but its scenario has {units}",
                self.units
            )
        } else if self.turn_limit != turn_limit {
            let said = self.turn_limit;
            format!("its header says a turn limit of {said}, but its scenario has {turn_limit}")
        } else {
            return Ok(());
        };
        Err(SaveError::Edited {
            path: path.to_path_buf(),
            what,
        })
    }

    /// The replayed game has the saved number of events and the saved digest, and (with a
    /// header) is at the saved turn.
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
        if self.format >= FIRST_HEADER_FORMAT && self.turn != game.turn() {
            let what = format!(
                "its header says turn {}, but the replay reaches turn {}",
                self.turn,
                game.turn()
            );
            return Err(SaveError::Edited {
                path: path.to_path_buf(),
                what,
            });
        }
        Ok(())
    }
}

/// What bounds a save without a header (format 2): its scenario, its fourth field as the
/// game wrote it, read with at most the largest scenario's room more than the header's
/// bytes and parsed for its units and turn limit. Refused if it is not there or does not
/// load (its resume would refuse it for that), so no file escapes a bound of its own.
fn headerless_bound(
    head: &mut Vec<u8>,
    reader: &mut impl Read,
    path: &Path,
) -> Result<SaveHeader, SaveError> {
    let room = SAVE_OVERHEAD_BYTES + 3 * MAX_FILE_BYTES as u64;
    reader
        .take(room)
        .read_to_end(head)
        .map_err(|e| unreadable(path, ReadError::Io(e)))?;
    let text = crate::files::read_prefix(head.as_slice(), u64::MAX).unwrap_or_default();
    let source = headerless_scenario(&text).ok_or_else(|| SaveError::Corrupt {
        path: path.to_path_buf(),
        message: "a save of format 2 holds its scenario text as its fourth field".into(),
    })?;
    let choice = crate::scenario::RulesChoice::Shipped;
    let scenario =
        Scenario::parse_with(source, "scenario", choice).map_err(|e| SaveError::Scenario {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
    Ok(SaveHeader {
        format: OLDEST_FORMAT,
        units: scenario.setup.units.len(),
        turn_limit: scenario.setup.turn_limit.unwrap_or(MAX_TURN_LIMIT),
        scenario_bytes: source.len(),
        ..SaveHeader::default()
    })
}

/// The scenario text of a save without a header: the raw string of its `scenario` field.
fn headerless_scenario(text: &str) -> Option<&str> {
    const FIELD: &str = "\n    scenario: r";
    let rest = text.get(text.find(FIELD)? + FIELD.len()..)?;
    let hashes = rest.bytes().take_while(|b| *b == b'#').count();
    let body = rest.get(hashes..)?.strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    body.get(..body.find(&close)?)
}

/// A reading refusal as a save's.
fn unreadable(path: &Path, e: ReadError) -> SaveError {
    match e {
        ReadError::Missing => SaveError::Missing {
            path: path.to_path_buf(),
        },
        other => SaveError::Unreadable {
            path: path.to_path_buf(),
            reason: other.to_string(),
        },
    }
}

/// `text` on one line of at most [`MAX_HEADER_NAME`] characters, control characters
/// escaped, for the header.
fn one_line(text: &str) -> String {
    let escaped = crate::text::escape_text(text);
    escaped.chars().take(MAX_HEADER_NAME).collect()
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

/// The data directory a save belongs to, where a battle played on from it (`volley replay
/// SAVE`, `p`) is saved: the folder above an `autosave` folder, else the save's own folder
/// (issue 26: it went to the default data directory, away from the save).
pub fn data_dir_of_save(save: &Path) -> PathBuf {
    let folder = save.parent().unwrap_or(Path::new(""));
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    match (folder.file_name(), folder.parent()) {
        (Some(name), Some(above)) if name == "autosave" => {
            if above.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                above.to_path_buf()
            }
        }
        _ => folder.to_path_buf(),
    }
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
