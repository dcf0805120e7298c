//! The level a scenario sets the computer to for a side (`level: hard`): a plain value of
//! the scenario, which the computer player (`crate::ai`) reads; the scenario knows nothing
//! of how each level plays.

use serde::{Deserialize, Serialize};

/// How strong the computer plays a side: `easy`, `normal` or `hard`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The planner made reckless (it weighs danger lightly), giving half its orders to
    /// another order of the same unit at random.
    Easy,
    /// The planner: each order scored with tuned weights and the engine's exact odds.
    #[default]
    Normal,
    /// Looks ahead: tries the planner's plans on copies, to the end of the turn (or of the
    /// battle against the `advance` script).
    Hard,
}

/// A level name that is none of `easy`, `normal` and `hard`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: use easy, normal or hard")]
pub struct UnknownLevel(pub String);

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its name: `easy`, `normal`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The next level up, wrapping from `hard` to `easy` (for a key that cycles them).
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Normal,
            Level::Normal => Level::Hard,
            Level::Hard => Level::Easy,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;
    /// A level by its name, in any case (`HARD`); [`UnknownLevel`] otherwise.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel(crate::text::escape_text(s).into_owned()))
    }
}
