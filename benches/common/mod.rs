//! What the benchmarks of the computer's thinking share: one side's orders for one phase,
//! and the time of each decision a player gives through a battle.

use std::time::Instant;
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
