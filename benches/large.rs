//! A generated 400-unit battle (issue 11): Kircholm's troops copied twenty times over on a
//! 60 × 40 map, two hundred a side in lines facing each other. Measures the engine's legal
//! orders there and the computer's orders for one phase, on `THREADS` threads (the
//! machine's cores unless set, as in play); the target is p95 under 500 ms. Then
//! `hard`'s first decision at each of those phases under a budget of `THINK_MS` (1,000 ms,
//! the default in play, unless set): the target is p95 within the budget plus 10%. Last,
//! `hard` plays the first `DECISIONS` (300 unless set) of a battle against the `advance`
//! script under the same budget: once its check has found the script out, it tries a
//! look-ahead to the end of the battle, the longest it takes, within half the time left,
//! and when that is cut short (as here) weighs the turn for the rest.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

mod common;

use common::{decision_times, one_phase, summary};
use std::time::Instant;
use volley::ai::{AdvancePlayer, Budget, ComputerPlayer, HardPlayer, Player};
use volley::engine::{Actor, BattleSetup, Dice, Game, Map, SideId};
use volley::scenario::Scenario;

/// 400 units: each side's Kircholm units repeated in ranks 2 hexes apart.
pub fn large_battle() -> BattleSetup {
    let mut setup = Scenario::default_battle().unwrap().setup;
    setup.map = Map::clear(60, 40);
    let templates = setup.units.clone();
    setup.units.clear();
    for side in [SideId::A, SideId::B] {
        let own: Vec<_> = templates.iter().filter(|u| u.side == side).collect();
        for i in 0..200 {
            let mut u = own[i % own.len()].clone();
            let (col, rank) = ((i % 50) as i32 + 5, (i / 50) as i32);
            let row = if side == SideId::A {
                4 + rank * 2
            } else {
                35 - rank * 2
            };
            u.pos = Map::hex_at(col, row);
            u.label = format!("{} {i}", u.label);
            setup.units.push(u);
        }
    }
    setup.objectives.clear();
    setup.turn_limit = Some(12);
    setup
}

fn main() {
    let mut game = Game::new(large_battle(), Dice::seeded(1)).unwrap();
    // THREADS: how many threads the planner scores on (as in play: the machine's cores).
    let threads = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut player = ComputerPlayer::new(1, [5, 5]).with_threads(threads);
    let mut times = Vec::new();
    let mut starts = Vec::new();
    let phases: usize = std::env::var("PHASES")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(12);
    while times.len() < phases && game.outcome().is_none() {
        if let Actor::Orders { side, phase } = game.actor() {
            starts.push(game.clone());
            let t = Instant::now();
            one_phase(&mut game, &mut player);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            println!("turn {} {phase:?} {side:?}: {ms:.0} ms", game.turn());
            times.push(ms);
        } else if let Some(c) = player.choose(&game) {
            game.submit(c).unwrap();
        }
    }
    println!(
        "400 units, normal on {threads} threads, one phase: {} (log {} events, {} units scored on helpers)",
        summary("phases", times),
        game.log().len(),
        player.scored_apart()
    );
    let ms = std::env::var("THINK_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let hard: Vec<f64> = starts
        .iter()
        .map(|g| {
            let mut hard = HardPlayer::new(1, [5, 5], Budget::think_ms(ms));
            let t = Instant::now();
            std::hint::black_box(hard.choose(g));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    println!(
        "400 units, hard, first decision of a phase, budget {ms} ms: {}",
        summary("phases", hard)
    );
    against_the_script(ms);
}

/// Every decision of `hard` (side A, budget `ms`) in the first `DECISIONS` of a battle
/// against the `advance` script, the check of its enemy model included.
fn against_the_script(ms: u64) {
    let decisions: usize = std::env::var("DECISIONS")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(300);
    let mut game = Game::new(large_battle(), Dice::seeded(1)).unwrap();
    let mut hard = HardPlayer::new(1, [5, 5], Budget::think_ms(ms));
    let times = decision_times(&mut game, &mut hard, &mut AdvancePlayer, decisions);
    println!(
        "400 units, hard against the advance script, every decision, budget {ms} ms: {}",
        summary("decisions", times)
    );
}
