//! What the benchmarks of the computer's thinking share: one side's orders for one phase,
//! the time of each decision a player gives through a battle, and a summary of such times.

use std::time::Instant;

/// The allocator the game itself runs on (`src/main.rs`), so that the benchmarks time what
/// a player waits for.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use volley::ai::{ComputerPlayer, Player};
use volley::engine::{Actor, Game, SideId};

/// Gives every order of the acting side for this phase (decisions on the way included).
pub fn one_phase(game: &mut Game, player: &mut ComputerPlayer) {
    let start = game.actor();
    while let Some(c) = player.choose(game) {
        let _ = game.submit(c);
        let same = matches!((&start, game.actor()), (Actor::Orders { side: a, phase: p }, Actor::Orders { side: b, phase: q }) if *a == b && *p == q);
        if !same && !matches!(game.actor(), Actor::Decide(_)) {
            break;
        }
    }
}

/// Plays `game` on, `timed` as side A and `enemy` as side B, until the battle ends, a
/// command is missing or refused, or `limit` decisions of side A were timed; the time of
/// each of them, in ms.
pub fn decision_times(
    game: &mut Game,
    timed: &mut dyn Player,
    enemy: &mut dyn Player,
    limit: usize,
) -> Vec<f64> {
    let mut times = Vec::new();
    while times.len() < limit {
        let Some(side) = game.acting_side() else {
            break;
        };
        let t = Instant::now();
        let command = match side {
            SideId::A => timed.choose(game),
            SideId::B => enemy.choose(game),
        };
        if side == SideId::A {
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        match command {
            Some(c) if game.submit(c).is_ok() => {}
            _ => break,
        }
    }
    times
}

/// How many `what` (phases, decisions) were timed, and their p50, p95 and max (ms).
pub fn summary(what: &str, mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    format!(
        "{what} {:>4}  p50 {:>7.2} ms  p95 {:>7.2} ms  max {:>7.2} ms",
        times.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    )
}
