//! Bytes to a battle: the first byte picks a shipped scenario, the next eight seed the
//! dice, and each byte after that gives one command, mostly a legal one (an index into
//! `Game::legal_commands`), sometimes an arbitrary one decoded from the bytes that follow,
//! so that the engine's refusals are exercised too. Shared by the `commands` fuzz target
//! and by `tests/fuzz_regressions.rs`, which replays the crash files found.

use hexx::Hex;
use volley::engine::{Command, Dice, Game, UnitId};
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

/// The next command the bytes give, or `None` when they run out.
fn next_command(game: &Game, bytes: &mut &[u8]) -> Option<Command> {
    let (&b, rest) = bytes.split_first()?;
    *bytes = rest;
    if b < 0xE0 {
        let legal = game.legal_commands();
        return legal.get(usize::from(b) % legal.len().max(1)).copied();
    }
    let mut take = || {
        let (&x, rest) = bytes.split_first().unwrap_or((&0, &[]));
        *bytes = rest;
        x
    };
    let unit = UnitId(u16::from(take()) % 64);
    let target = UnitId(u16::from(take()) % 64);
    let to = Hex::new(i32::from(take() as i8), i32::from(take() as i8));
    let n = u32::from(take());
    Some(match b % 13 {
        0 => Command::ChooseFirst { first: n % 2 == 0 },
        1 => Command::StandFast { unit },
        2 => Command::March { unit, to },
        3 => Command::Hustle { unit, to },
        4 => Command::Charge { unit, to, target },
        5 => Command::Disengage { unit, to },
        6 => Command::Fire { unit, target },
        7 => Command::Ready { unit },
        8 => Command::Attack { unit, target },
        9 => Command::EndOrders,
        10 => Command::Withdraw { hexes: n },
        11 => Command::Advance {
            advance: n % 2 == 0,
        },
        _ => Command::ChooseChargeTarget {
            target: (n % 2 == 0).then_some(target),
        },
    })
}
