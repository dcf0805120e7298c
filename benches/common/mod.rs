//! What the benchmarks of the computer's thinking share: one side's orders for one phase.

use volley::ai::{ComputerPlayer, Player};
use volley::engine::{Actor, Game};

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
