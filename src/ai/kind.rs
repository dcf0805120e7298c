//! Every kind of player there is, in one list: the computer at each of its levels (the
//! scenario's [`Level`]), the scripted players `random`, `advance`, `hold` and `sitter`,
//! and the stranger pool `stranger`. `volley sim`, the tests and the reports name players
//! from this list alone.

use super::Level;
use serde::Serialize;

/// A kind of player: a computer level or a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// The computer at level `easy`.
    Easy,
    /// The computer at level `normal` (also called `computer`).
    Normal,
    /// The computer at level `hard`, with `--iterations` look-aheads a decision in sims.
    Hard,
    /// Random legal orders.
    Random,
    /// Every unit marches at the nearest enemy, fires and attacks.
    Advance,
    /// Every unit stands fast and only ever readies: a target that never answers.
    Hold,
    /// Every unit marches to the nearest objective no friend has claimed, then stands fast
    /// and readies: the baseline of issue 30.
    Sitter,
    /// The planner with other weights and temper, one of the stranger pool
    /// (`crate::ai::stranger`) picked by the game's seed: the yardstick of issue 30.
    Stranger,
}

/// A player name that is not in [`PlayerKind::ALL`]; its message lists every kind's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player `{0}`: use {names}", names = PlayerKind::names_to_use())]
pub struct UnknownPlayer(pub String);

impl PlayerKind {
    /// Every kind, the computer's levels first (weakest first), then the scripts.
    pub const ALL: [PlayerKind; 8] = [
        PlayerKind::Easy,
        PlayerKind::Normal,
        PlayerKind::Hard,
        PlayerKind::Random,
        PlayerKind::Advance,
        PlayerKind::Hold,
        PlayerKind::Sitter,
        PlayerKind::Stranger,
    ];

    /// The name `--side-a` takes and reports print: a level's own name, or the script's.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Advance => "advance",
            PlayerKind::Hold => "hold",
            PlayerKind::Sitter => "sitter",
            PlayerKind::Stranger => "stranger",
            level => level.level().map_or("", Level::name),
        }
    }

    /// Every kind's name as a refusal offers them: "easy, normal (or computer), …, advance or
    /// hold", from [`PlayerKind::ALL`] so that no kind is left out.
    fn names_to_use() -> String {
        let name = |k: &PlayerKind| match k {
            PlayerKind::Normal => "normal (or computer)",
            k => k.name(),
        };
        let names: Vec<&str> = PlayerKind::ALL.iter().map(name).collect();
        match names.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The computer's level this kind plays at; `None` for a script.
    pub fn level(self) -> Option<Level> {
        match self {
            PlayerKind::Easy => Some(Level::Easy),
            PlayerKind::Normal => Some(Level::Normal),
            PlayerKind::Hard => Some(Level::Hard),
            PlayerKind::Random
            | PlayerKind::Advance
            | PlayerKind::Hold
            | PlayerKind::Sitter
            | PlayerKind::Stranger => None,
        }
    }
}

impl From<Level> for PlayerKind {
    fn from(level: Level) -> PlayerKind {
        match level {
            Level::Easy => PlayerKind::Easy,
            Level::Normal => PlayerKind::Normal,
            Level::Hard => PlayerKind::Hard,
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = UnknownPlayer;
    /// A kind by its name (`computer` is `normal`); [`UnknownPlayer`] otherwise.
    fn from_str(s: &str) -> Result<PlayerKind, UnknownPlayer> {
        if s == "computer" {
            return Ok(PlayerKind::Normal);
        }
        PlayerKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownPlayer(crate::text::escape_text(s).into_owned()))
    }
}
