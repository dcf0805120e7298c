//! The engine's speed (issue 11): full battles of Kircholm played by random legal orders,
//! and the legal orders of one unit in the Movement phase. Target: 2,000 battles a second
//! and 20 µs a unit on one core, release build.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

use volley::ai::{Player, RandomPlayer};
use volley::engine::{Actor, Dice, Game, Phase};
use volley::scenario::Scenario;

fn kircholm() -> Scenario {
    Scenario::default_battle().unwrap()
}

fn main() {
    divan::main();
}

/// One whole battle of random legal orders; returns the commands given.
fn random_battle(scenario: &Scenario, seed: u64) -> usize {
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    let mut n = 0;
    while let Some(c) = player.choose(&game) {
        game.submit(c).unwrap();
        n += 1;
    }
    n
}

/// The same 100 battles (seeds 1–100) each sample: battles a second = 100 / the time.
#[divan::bench(sample_count = 20)]
fn kircholm_100_random_battles(bencher: divan::Bencher) {
    let scenario = kircholm();
    bencher.bench_local(|| {
        (1..=100)
            .map(|seed| random_battle(&scenario, seed))
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 100)]
fn legal_orders_of_one_unit_in_movement(bencher: divan::Bencher) {
    let scenario = kircholm();
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(3)).unwrap();
    while !matches!(
        game.actor(),
        Actor::Orders {
            phase: Phase::Movement,
            ..
        }
    ) {
        let c = RandomPlayer::new(3).choose(&game).unwrap();
        game.submit(c).unwrap();
    }
    let Actor::Orders { side, .. } = game.actor() else {
        unreachable!()
    };
    let units: Vec<_> = game.units_of(side).map(|u| u.id).collect();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % units.len();
        game.unit_orders_uncached(units[i]).len()
    });
}
