//! `volley replay`: how long a jump to any point of a 1,000-command battle takes (issue 10
//! target: under 100 ms). The battle is a generated field of 60 units a side, every unit
//! standing fast every turn for 20 turns (1,280 commands); each jump rebuilds the map,
//! panels and log as they were at that point.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

use volley::ai::{HoldPlayer, Player};
use volley::engine::{Dice, Game};
use volley::save::Resumed;
use volley::scenario::{Controller, Scenario};
use volley::tui::replay::Replay;

/// A 40×40 field, 60 pike companies a side on opposite edges, 20 turns.
fn scenario() -> Scenario {
    let row = vec!["."; 40].join(" ");
    let map: Vec<String> = (0..40).map(|_| format!("\"{row}\"")).collect();
    let units: Vec<String> = (0..120)
        .map(|i| {
            let (side, r) = if i % 2 == 0 {
                ("Red", 39 - i / 80)
            } else {
                ("Blue", i / 80)
            };
            format!(
                "(troop: \"pikemen\", side: \"{side}\", creatures: 120, at: ({}, {r}))",
                (i / 2) % 40
            )
        })
        .collect();
    let text = format!(
        "(name: \"Long\", map: [{}], sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)], units: [{}], turn_limit: 20, defender: \"Blue\")",
        map.join(", "),
        units.join(", ")
    );
    Scenario::parse(&text, "long.ron").expect("the generated battle loads")
}

/// The battle played out: every unit stands fast each Movement phase.
fn long_battle() -> Resumed {
    let scenario = scenario();
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(1)).unwrap();
    let mut commands = Vec::new();
    let mut player = HoldPlayer;
    while let Some(c) = player.choose(&game) {
        game.submit(c).unwrap();
        commands.push(c);
    }
    assert!(commands.len() >= 1000, "{} commands", commands.len());
    Resumed {
        scenario,
        seed: 1,
        controllers: [Controller::Human; 2],
        levels: Default::default(),
        opening_dice: Vec::new(),
        commands,
        draws: Vec::new(),
        network: None,
        game,
    }
}

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 5)]
fn open_the_replay(bencher: divan::Bencher) {
    bencher
        .with_inputs(long_battle)
        .bench_values(|r| Replay::new(r).unwrap());
}

#[divan::bench(sample_count = 20)]
fn jump_to_any_point(bencher: divan::Bencher) {
    let mut replay = Replay::new(long_battle()).unwrap();
    let len = replay.len();
    let mut next = 0usize;
    bencher.bench_local(|| {
        // Points spread over the battle, each in a different stretch between copies.
        next = (next + 389) % (len + 1);
        replay.seek(next);
        divan::black_box(replay.position())
    });
}
