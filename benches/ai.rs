//! Thinking time of the computer opponent: how long it takes to give one side's orders for
//! one phase, on every shipped battle. Positions are taken from computer-versus-computer
//! battles (every phase of seeds 1–4); the 95th percentile is printed first, then divan
//! measures each battle. Target: p95 under 1 s in a release build on 2 cores. Then, for
//! level `hard` (issue 13), the time of one decision at the first order of each of those
//! phases under a thinking budget of `THINK_MS` (100 ms unless set): target p95 within the
//! budget plus 10%. Last, every decision of a `hard` player through a battle against the
//! planner and against the `advance` script (seed 1 on each map), within the same budget
//! (`hard` knows nothing of which it faces, issue 30).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{decision_times, one_phase, summary};
use std::time::Instant;
use volley::ai::{AdvancePlayer, Budget, ComputerPlayer, HardPlayer, Player};
use volley::engine::{Actor, Dice, Game};
use volley::scenario::{Scenario, SHIPPED};

/// Game states at the start of a side's orders, from a few computer battles.
fn positions(index: usize) -> Vec<Game> {
    let (file, src) = SHIPPED[index];
    let Ok(scenario) = Scenario::parse(src, file) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for seed in 1..=4 {
        let Ok(mut game) = Game::new(scenario.setup.clone(), Dice::seeded(seed)) else {
            continue;
        };
        let mut player = ComputerPlayer::new(seed, [5, 5]);
        let mut last = None;
        while let Some(c) = player.choose(&game) {
            if let Actor::Orders { side, phase } = game.actor() {
                if last != Some((game.turn(), phase, side)) {
                    last = Some((game.turn(), phase, side));
                    out.push(game.clone());
                }
            }
            if game.submit(c).is_err() {
                break;
            }
        }
    }
    out
}

/// Gives every order of the acting side for this phase, with a fresh computer player.
fn phase_of(mut game: Game) -> Game {
    one_phase(&mut game, &mut ComputerPlayer::new(7, [5, 5]));
    game
}

/// One decision of a `hard` player with a budget of `ms` at each position.
fn hard_percentiles(ms: u64) {
    println!("hard, one decision, budget {ms} ms:");
    for (i, (file, _)) in SHIPPED.iter().enumerate() {
        let times = positions(i)
            .into_iter()
            .map(|g| {
                let mut hard = HardPlayer::new(7, [5, 5], Budget::think_ms(ms));
                let t = Instant::now();
                divan::black_box(hard.choose(&g));
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        println!("{file:<28} {}", summary("phases", times));
    }
}

/// Every decision of a `hard` player (side A, budget `ms`) through a battle against
/// `enemy` (named `name`).
fn hard_through_a_battle(ms: u64, name: &str, enemy: fn() -> Box<dyn Player>) {
    println!("hard against {name}, every decision of a battle, budget {ms} ms:");
    for (file, src) in SHIPPED {
        let Ok(scenario) = Scenario::parse(src, file) else {
            continue;
        };
        let Ok(mut game) = Game::new(scenario.setup, Dice::seeded(1)) else {
            continue;
        };
        let mut hard = HardPlayer::new(1, [5, 5], Budget::think_ms(ms));
        let times = decision_times(&mut game, &mut hard, enemy().as_mut(), 100_000);
        println!("{file:<28} {}", summary("decisions", times));
    }
}

fn percentiles() {
    for (i, (file, _)) in SHIPPED.iter().enumerate() {
        let mut times: Vec<f64> = positions(i)
            .into_iter()
            .map(|g| {
                let t = Instant::now();
                divan::black_box(phase_of(g));
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "{file:<28} phases {:>4}  p50 {:>7.2} ms  p95 {:>7.2} ms  max {:>7.2} ms",
            times.len(),
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}

fn main() {
    percentiles();
    let ms = std::env::var("THINK_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    hard_percentiles(ms);
    hard_through_a_battle(ms, "the planner", || {
        Box::new(ComputerPlayer::new(1, [5, 5]))
    });
    hard_through_a_battle(ms, "the advance script", || Box::new(AdvancePlayer));
    divan::main();
}

#[divan::bench(args = [0, 1, 2, 3, 4], sample_count = 20)]
fn computer_orders_one_phase(bencher: divan::Bencher, battle: usize) {
    let positions = positions(battle);
    let next = std::sync::atomic::AtomicUsize::new(0);
    bencher
        .with_inputs(|| {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            positions.get(i % positions.len().max(1)).cloned()
        })
        .bench_values(|g| g.map(phase_of));
}
