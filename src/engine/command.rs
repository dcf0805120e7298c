//! Commands: every order a side gives (R4–R7) and every answer to a decision the rules hand
//! a side in the middle of another's action (R3.1, R4.4, R7.3, R8.1). A battle is its seed
//! plus its list of commands.

use super::types::{SideId, UnitId};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// One command to the game, checked then resolved by `Game::submit`: an order of the phase
/// or an answer to the decision the engine waits for. Saved as one flat list of variants
/// (`March(unit: 2, to: …)`, `Withdraw(hexes: 1)`), as before the two were told apart.
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Flat", into = "Flat")]
pub enum Command {
    /// An order of the acting side for the phase (R4–R7), or the end of its orders.
    Order(Order),
    /// An answer to the pending decision (R3.1, R4.4, R7.3, R8.1).
    Answer(Answer),
    /// A designer's tool, not a rule: the next die rolled shows `face` (after faces forced
    /// before it), to set up a situation to test. Allowed at any moment, by either side;
    /// kept in the command list so a replay rolls the same.
    ForceDie {
        /// The face, 1 to [`MAX_FORCED_FACE`]; clamped to the die when rolled.
        face: u32,
    },
    /// R10: `side` gives up the battle, which ends at once with the other side winning.
    /// Allowed at any moment while the battle goes on, by either side (a person may give
    /// up while the other side acts); kept in the command list so saves and replays end
    /// the same.
    Concede {
        /// The side that gives up.
        side: SideId,
    },
}

/// The highest face a designer may force: a d20's.
pub const MAX_FORCED_FACE: u32 = 20;

impl Command {
    /// Whether this is an order of the phase (R4–R7, end of orders included) rather than an
    /// answer to a decision.
    pub fn is_order(&self) -> bool {
        matches!(self, Command::Order(_))
    }

    /// Whether this is an order of the Movement phase (stand fast, march, hustle,
    /// disengage, charge): the orders a player may take back while no die has rolled since.
    pub fn is_movement_order(&self) -> bool {
        matches!(
            self,
            Command::Order(
                Order::StandFast { .. }
                    | Order::March { .. }
                    | Order::Hustle { .. }
                    | Order::Disengage { .. }
                    | Order::Charge { .. }
            )
        )
    }

    /// Whether this is a player's order or answer to a decision: the commands a player
    /// gives in turn (not a forced die, not a concession, which may come at any time).
    pub fn is_order_or_answer(&self) -> bool {
        matches!(self, Command::Order(_) | Command::Answer(_))
    }

    /// The order, if this is one.
    pub fn order(&self) -> Option<Order> {
        match *self {
            Command::Order(order) => Some(order),
            Command::Answer(_) | Command::ForceDie { .. } | Command::Concede { .. } => None,
        }
    }
}

/// Shown as the order or answer itself (`March { unit: UnitId(2), … }`), as in messages.
impl Command {
    /// The command with every unit it names renamed by `f` (a battle whose units were
    /// added, removed or reordered); `None` if `f` has no name for one of them.
    pub fn map_units(self, mut f: impl FnMut(UnitId) -> Option<UnitId>) -> Option<Command> {
        use Order::*;
        let order = match self {
            Command::Order(order) => order,
            Command::Answer(Answer::ChooseChargeTarget { target: Some(t) }) => {
                let target = Some(f(t)?);
                return Some(Command::Answer(Answer::ChooseChargeTarget { target }));
            }
            Command::Answer(_) | Command::ForceDie { .. } | Command::Concede { .. } => {
                return Some(self)
            }
        };
        Some(Command::Order(match order {
            StandFast { unit } => StandFast { unit: f(unit)? },
            March { unit, to } => March { unit: f(unit)?, to },
            Hustle { unit, to } => Hustle { unit: f(unit)?, to },
            Charge { unit, to, target } => Charge {
                unit: f(unit)?,
                to,
                target: f(target)?,
            },
            Disengage { unit, to } => Disengage { unit: f(unit)?, to },
            Fire { unit, target } => Fire {
                unit: f(unit)?,
                target: f(target)?,
            },
            Ready { unit } => Ready { unit: f(unit)? },
            Attack { unit, target } => Attack {
                unit: f(unit)?,
                target: f(target)?,
            },
            EndOrders => EndOrders,
        }))
    }
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Order(order) => order.fmt(f),
            Command::Answer(answer) => answer.fmt(f),
            Command::ForceDie { face } => write!(f, "ForceDie {{ face: {face} }}"),
            Command::Concede { side } => write!(f, "Concede {{ side: {side:?} }}"),
        }
    }
}

impl Order {
    /// The unit ordered; `None` for the end of orders.
    pub fn unit(self) -> Option<UnitId> {
        match self {
            Order::StandFast { unit }
            | Order::March { unit, .. }
            | Order::Hustle { unit, .. }
            | Order::Charge { unit, .. }
            | Order::Disengage { unit, .. }
            | Order::Fire { unit, .. }
            | Order::Ready { unit }
            | Order::Attack { unit, .. } => Some(unit),
            Order::EndOrders => None,
        }
    }
}

impl From<Order> for Command {
    fn from(order: Order) -> Command {
        Command::Order(order)
    }
}

impl From<Answer> for Command {
    fn from(answer: Answer) -> Command {
        Command::Answer(answer)
    }
}

/// An order of the phase (R4–R7): what the acting side tells one unit, or that it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// R4.1: stay put; a unit that stands fast removes a reload token (R4.7).
    StandFast {
        /// The unit ordered.
        unit: UnitId,
    },
    /// R4.1: move up to the march rate.
    March {
        /// The unit ordered.
        unit: UnitId,
        /// Where the move ends.
        to: Hex,
    },
    /// R4.1: move up to the hustle rate; no attack or ready this turn.
    Hustle {
        /// The unit ordered.
        unit: UnitId,
        /// Where the move ends.
        to: Hex,
    },
    /// R4.4: move up to the charge rate, ending adjacent to `target`.
    Charge {
        /// The unit charging.
        unit: UnitId,
        /// Where the charge ends, beside the target.
        to: Hex,
        /// The enemy charged.
        target: UnitId,
    },
    /// R4.5: leave every enemy's side, moving up to the march rate.
    Disengage {
        /// The unit ordered.
        unit: UnitId,
        /// Where the move ends, beside no enemy.
        to: Hex,
    },
    /// R6.1: fire one missile attack sequence.
    Fire {
        /// The unit ordered.
        unit: UnitId,
        /// The enemy fired at.
        target: UnitId,
    },
    /// R5.6: ready instead of attacking.
    Ready {
        /// The unit ordered.
        unit: UnitId,
    },
    /// R7.2: attack one adjacent enemy.
    Attack {
        /// The unit ordered.
        unit: UnitId,
        /// The adjacent enemy attacked.
        target: UnitId,
    },
    /// The ordering side has given all its orders for this phase (R3.2).
    EndOrders,
}

/// An answer to a decision the rules hand a side in the middle of another's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// R3.1: the initiative winner chooses to be the first side (`true`) or the second.
    ChooseFirst {
        /// `true` to be the first side.
        first: bool,
    },
    /// R8.1: withdraw this many hexes (0 to take the damage in place).
    Withdraw {
        /// Hexes to withdraw, one of the decision's options.
        hexes: u32,
    },
    /// R4.4, R7.3: advance into the vacated hex or not.
    Advance {
        /// `true` to advance.
        advance: bool,
    },
    /// R4.4: the charger's new target after a shock roll, or none.
    ChooseChargeTarget {
        /// The new target, one of the decision's options, or none.
        target: Option<UnitId>,
    },
}

/// How commands are saved: every order and answer as one list of variants, the shape saves
/// had before the two were told apart. Each variant mirrors the one of `Order` or `Answer`
/// of the same name (documented there); the conversions below name every one, so a
/// variant added to either type without its mirror does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[rustfmt::skip]
enum Flat {
    StandFast { unit: UnitId },
    March { unit: UnitId, to: Hex },
    Hustle { unit: UnitId, to: Hex },
    Charge { unit: UnitId, to: Hex, target: UnitId },
    Disengage { unit: UnitId, to: Hex },
    Fire { unit: UnitId, target: UnitId },
    Ready { unit: UnitId },
    Attack { unit: UnitId, target: UnitId },
    EndOrders,
    ChooseFirst { first: bool },
    Withdraw { hexes: u32 },
    Advance { advance: bool },
    ChooseChargeTarget { target: Option<UnitId> },
    ForceDie { face: u32 },
    Concede { side: SideId },
}

impl From<Flat> for Command {
    fn from(flat: Flat) -> Command {
        match flat {
            Flat::StandFast { unit } => Command::Order(Order::StandFast { unit }),
            Flat::March { unit, to } => Command::Order(Order::March { unit, to }),
            Flat::Hustle { unit, to } => Command::Order(Order::Hustle { unit, to }),
            Flat::Charge { unit, to, target } => Command::Order(Order::Charge { unit, to, target }),
            Flat::Disengage { unit, to } => Command::Order(Order::Disengage { unit, to }),
            Flat::Fire { unit, target } => Command::Order(Order::Fire { unit, target }),
            Flat::Ready { unit } => Command::Order(Order::Ready { unit }),
            Flat::Attack { unit, target } => Command::Order(Order::Attack { unit, target }),
            Flat::EndOrders => Command::Order(Order::EndOrders),
            Flat::ChooseFirst { first } => Command::Answer(Answer::ChooseFirst { first }),
            Flat::Withdraw { hexes } => Command::Answer(Answer::Withdraw { hexes }),
            Flat::Advance { advance } => Command::Answer(Answer::Advance { advance }),
            Flat::ChooseChargeTarget { target } => {
                Command::Answer(Answer::ChooseChargeTarget { target })
            }
            Flat::ForceDie { face } => Command::ForceDie { face },
            Flat::Concede { side } => Command::Concede { side },
        }
    }
}

impl From<Command> for Flat {
    fn from(command: Command) -> Flat {
        match command {
            Command::Order(Order::StandFast { unit }) => Flat::StandFast { unit },
            Command::Order(Order::March { unit, to }) => Flat::March { unit, to },
            Command::Order(Order::Hustle { unit, to }) => Flat::Hustle { unit, to },
            Command::Order(Order::Charge { unit, to, target }) => Flat::Charge { unit, to, target },
            Command::Order(Order::Disengage { unit, to }) => Flat::Disengage { unit, to },
            Command::Order(Order::Fire { unit, target }) => Flat::Fire { unit, target },
            Command::Order(Order::Ready { unit }) => Flat::Ready { unit },
            Command::Order(Order::Attack { unit, target }) => Flat::Attack { unit, target },
            Command::Order(Order::EndOrders) => Flat::EndOrders,
            Command::Answer(Answer::ChooseFirst { first }) => Flat::ChooseFirst { first },
            Command::Answer(Answer::Withdraw { hexes }) => Flat::Withdraw { hexes },
            Command::Answer(Answer::Advance { advance }) => Flat::Advance { advance },
            Command::Answer(Answer::ChooseChargeTarget { target }) => {
                Flat::ChooseChargeTarget { target }
            }
            Command::ForceDie { face } => Flat::ForceDie { face },
            Command::Concede { side } => Flat::Concede { side },
        }
    }
}

/// A decision the engine waits for; the named side answers it with a command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// R3.1: be the first side or the second this turn (`ChooseFirst`).
    Initiative {
        /// The side that won the initiative.
        side: SideId,
    },
    /// R8.1: how many hexes `unit` withdraws from `attacker` (`Withdraw`); `options` lists
    /// the legal counts, 0 included; `damage` is the uhp it would lose in place.
    Withdraw {
        /// The side that answers.
        side: SideId,
        /// The unit hit.
        unit: UnitId,
        /// The unit that hit it.
        attacker: UnitId,
        /// Legal numbers of hexes, 0 first.
        options: Vec<u32>,
        /// uhp it loses if it stays.
        damage: u32,
    },
    /// R4.4, R7.3: whether `unit` advances into the vacated `hex` (`Advance`).
    Advance {
        /// The side that answers.
        side: SideId,
        /// The unit that may advance.
        unit: UnitId,
        /// The hex it would enter.
        hex: Hex,
    },
    /// R4.4: the charger `unit` may declare a new adjacent target (`ChooseChargeTarget`).
    NewChargeTarget {
        /// The side that answers.
        side: SideId,
        /// The charging unit.
        unit: UnitId,
        /// The adjacent enemies it may charge instead.
        options: Vec<UnitId>,
    },
}

impl Decision {
    /// The side that must answer.
    pub fn side(&self) -> SideId {
        match self {
            Decision::Initiative { side }
            | Decision::Withdraw { side, .. }
            | Decision::Advance { side, .. }
            | Decision::NewChargeTarget { side, .. } => *side,
        }
    }

    /// Every legal answer, for players that enumerate (the computer, random play).
    pub fn answers(&self) -> Vec<Command> {
        match self {
            Decision::Initiative { .. } => vec![
                Command::Answer(Answer::ChooseFirst { first: true }),
                Command::Answer(Answer::ChooseFirst { first: false }),
            ],
            Decision::Withdraw { options, .. } => options
                .iter()
                .map(|&hexes| Command::Answer(Answer::Withdraw { hexes }))
                .collect(),
            Decision::Advance { .. } => vec![
                Command::Answer(Answer::Advance { advance: true }),
                Command::Answer(Answer::Advance { advance: false }),
            ],
            Decision::NewChargeTarget { options, .. } => {
                let mut all: Vec<Command> = options
                    .iter()
                    .map(|&t| Command::Answer(Answer::ChooseChargeTarget { target: Some(t) }))
                    .collect();
                all.push(Command::Answer(Answer::ChooseChargeTarget { target: None }));
                all
            }
        }
    }
}
