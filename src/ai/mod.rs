//! Players that give commands to the engine without a person: random legal orders and a
//! simple advancing script (for tests and as baselines). They read the game only through its pure queries.

mod advance;
mod computer;
mod easy;
mod hard;
mod hold;
pub mod level;
mod plan;
mod random;

pub use advance::AdvancePlayer;
pub use computer::ComputerPlayer;
pub use easy::EasyPlayer;
pub use hard::{worth, HardPlayer};
pub use hold::HoldPlayer;
pub use level::{Budget, Level};
pub use plan::Tuning;
pub use random::RandomPlayer;

use crate::engine::{Command, Game};

/// Something that chooses the next command for the side that must act.
pub trait Player {
    /// The next command for the acting side, or `None` if the battle is over.
    fn choose(&mut self, game: &Game) -> Option<Command>;
}
