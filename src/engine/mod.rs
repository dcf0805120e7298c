//! The rules engine: Domains at War with Guns of War as RULES.md states them (R1–R10),
//! pure, deterministic and headless. State changes only through [`Game::submit`].

pub mod command;
pub mod dice;
pub mod error;
pub mod event;
pub mod game;
pub mod map;
pub mod orders;
pub mod ranges;
pub mod rules;
pub mod script;
pub mod sums;
pub mod types;
pub mod unit;

pub use command::{Answer, Command, Decision, Order};
pub use dice::{Dice, Entropy, SharedDraw};
pub use error::{Refusal, RuleError};
pub use event::{AttackKind, CancelReason, Event, Modifier, ModifierKind, MoveKind, Phase, Role};
#[cfg(test)]
pub(crate) use game::each_shipped_battle;
pub use game::{Actor, BattleSetup, Game, Objective, SideSetup, Unit, UnitSetup};
pub use map::{Map, Terrain};
pub use orders::{OrderEntry, ReleaseReason, StandingOrder};
pub use rules::{Rules, ShockResult};
pub use script::{Effect, ReserveSetup, ScenarioEvent, Trigger};
pub use types::{Edge, Formation, SideId, Status, UnitId};
pub use unit::{Profile, TroopType};
