//! Bytes to a battle: the first byte picks a shipped scenario, the next eight seed the
//! dice, and each byte after that gives one command. Below 0xE0 it is a legal one: an answer
//! to the pending decision, or the end of orders, or a unit whose orders (`Game::unit_orders`)
//! the next byte picks from. From 0xE0 it is an arbitrary one decoded from the five bytes
//! that follow (unit ids of the battle and past it, hexes on the map, far off it and at the
//! ends of `i32`), so that the engine's refusals are exercised too. At most [`MAX_COMMANDS`]
//! commands, and none once the battle is over. Shared by the `commands` fuzz target and by
//! `tests/fuzz_regressions.rs` (through `#[path]`: the main crate's tests cannot depend on
//! the fuzz crate), which replays the crash files found. A change to how bytes are read
//! changes what an old crash file plays, so keep it stable.

use hexx::Hex;
use volley::engine::{Actor, Command, Dice, Game, UnitId};
use volley::engine::{Answer, Order};
use volley::scenario::{Scenario, SHIPPED};

/// Most commands one input may give, so that a run stays short.
pub const MAX_COMMANDS: usize = 200;

/// Plays the battle `data` describes; any refusal is fine, a panic is the bug.
pub fn play(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some((file, source)) = SHIPPED.get(usize::from(pick) % SHIPPED.len()) else {
        return;
    };
    let Ok(scenario) = Scenario::parse(source, file) else {
        return;
    };
    let (seed, mut bytes) = rest.split_at(rest.len().min(8));
    let seed = seed.iter().fold(0u64, |s, b| s << 8 | u64::from(*b));
    let Ok(mut game) = Game::new(scenario.setup.clone(), Dice::seeded(seed)) else {
        return;
    };
    for _ in 0..MAX_COMMANDS {
        if game.outcome().is_some() {
            return;
        }
        let Some(command) = next_command(&game, &mut bytes) else {
            return;
        };
        let _ = game.submit(command);
    }
}

/// A legal command picked by the bytes: an answer to the pending decision, or one unit's
/// order (or the end of orders), asking the engine for one unit's orders only so that a
/// run stays fast under the fuzzer's instrumentation.
fn legal_pick(game: &Game, b: u8, bytes: &mut &[u8]) -> Command {
    match game.actor() {
        Actor::Decide(decision) => {
            let answers = decision.answers();
            answers
                .get(usize::from(b) % answers.len().max(1))
                .copied()
                .unwrap_or(Command::Order(Order::EndOrders))
        }
        Actor::Orders { side, .. } => {
            let units: Vec<UnitId> = game.units_of(side).map(|u| u.id).collect();
            let Some(unit) = units.get(usize::from(b) % (units.len() + 1)) else {
                return Command::Order(Order::EndOrders);
            };
            let orders = game.unit_orders(*unit);
            let (&pick, rest) = bytes.split_first().unwrap_or((&0, &[]));
            *bytes = rest;
            orders
                .get(usize::from(pick) % orders.len().max(1))
                .copied()
                .unwrap_or(Command::Order(Order::EndOrders))
        }
        Actor::Nobody => Command::Order(Order::EndOrders),
    }
}

/// The next command the bytes give, or `None` when they run out.
fn next_command(game: &Game, bytes: &mut &[u8]) -> Option<Command> {
    let (&b, rest) = bytes.split_first()?;
    *bytes = rest;
    if b < 0xE0 {
        return Some(legal_pick(game, b, bytes));
    }
    let mut take = || {
        let (&x, rest) = bytes.split_first().unwrap_or((&0, &[]));
        *bytes = rest;
        x
    };
    let unit = unit_id(take());
    let target = unit_id(take());
    let to = Hex::new(coordinate(take()), coordinate(take()));
    let n = match take() {
        0xFF => u32::MAX,
        n => u32::from(n),
    };
    Some(match b % 13 {
        0 => Command::Answer(Answer::ChooseFirst { first: n % 2 == 0 }),
        1 => Command::Order(Order::StandFast { unit }),
        2 => Command::Order(Order::March { unit, to }),
        3 => Command::Order(Order::Hustle { unit, to }),
        4 => Command::Order(Order::Charge { unit, to, target }),
        5 => Command::Order(Order::Disengage { unit, to }),
        6 => Command::Order(Order::Fire { unit, target }),
        7 => Command::Order(Order::Ready { unit }),
        8 => Command::Order(Order::Attack { unit, target }),
        9 => Command::Order(Order::EndOrders),
        10 => Command::Answer(Answer::Withdraw { hexes: n }),
        11 => Command::Answer(Answer::Advance {
            advance: n % 2 == 0,
        }),
        _ => Command::Answer(Answer::ChooseChargeTarget {
            target: (n % 2 == 0).then_some(target),
        }),
    })
}

/// A unit id from a byte: mostly one of the battle's (no shipped battle has 16 units),
/// sometimes one past them, sometimes near the end of the id range.
fn unit_id(x: u8) -> UnitId {
    UnitId(match x {
        0..=0xBF => u16::from(x % 16),
        0xC0..=0xEF => u16::from(x),
        _ => u16::MAX - u16::from(x & 0x0F),
    })
}

/// A hex coordinate from a byte: mostly on or near the map, sometimes thousands of hexes
/// off it, rarely at the ends of `i32`.
fn coordinate(x: u8) -> i32 {
    match x {
        0..=0xBF => i32::from(x % 24) - 4,
        0xC0..=0xFD => i32::from(x & 0x3F) * 997 - 31_000,
        0xFE => i32::MAX,
        _ => i32::MIN,
    }
}
