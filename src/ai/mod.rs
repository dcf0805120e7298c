//! Players that give commands to the engine without a person: the computer opponent at
//! its three levels (`easy`, `normal` the planner, `hard` the planner with look-ahead),
//! and random legal orders and a simple advancing script (for tests and as baselines).
//! They read the game only through its pure queries.

mod advance;
mod computer;
mod easy;
mod hard;
mod hold;
pub mod kind;
pub mod level;
pub mod obey;
mod plan;
mod random;
mod sitter;
pub mod stranger;

pub use advance::AdvancePlayer;
pub use computer::ComputerPlayer;
pub use easy::EasyPlayer;
pub use hard::HardPlayer;
pub use hold::HoldPlayer;
pub use kind::{PlayerKind, UnknownPlayer};
pub use level::{Budget, Level};
pub use plan::Tuning;
pub use random::RandomPlayer;
pub use sitter::SitterPlayer;

use crate::engine::{Command, Game};

/// SplitMix64's finaliser: the seeds the computer draws from the battle's seed (its
/// tie-break salt, and the dice of its look-aheads) are this of a mix of their inputs.
fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Something that chooses the next command for the side that must act.
pub trait Player {
    /// The next command for the acting side, or `None` if the battle is over.
    fn choose(&mut self, game: &Game) -> Option<Command>;
}
