//! How the state of the battle tempers the side's aggression: the army-morale mark of
//! either side (R10.2) and, near the turn limit, who would win on the count (R10.3).

use super::view::View;
use crate::engine::SideId;

/// How the state of the battle shifts boldness: caution when our army is close to the
/// half-strength mark where it rolls for morale each turn (R10.2), pressure when theirs
/// is; near the turn limit, caution when the count of R10.3 already favours us and
/// boldness when it does not.
pub fn stakes(view: &View) -> f64 {
    let game = view.game;
    // The engine's integer mark (R10.2): the uhp a side may still lose before it rolls.
    let close = |s: SideId| (0..=3).contains(&game.morale_margin(s));
    let mut shift = 0.0;
    if close(view.side) {
        shift -= 0.25;
    }
    if close(view.side.other()) {
        shift += 0.15;
    }
    let tuning = view.tuning();
    let (horizon, up, down) = (tuning.horizon, tuning.behind_push, tuning.ahead_hold);
    if view.turns_left() <= horizon {
        shift += if ahead_at_limit(view) { -down } else { up };
    }
    shift
}

/// R10.3: whether the side would win if the battle ended now on the turn limit, as the
/// engine itself would decide it.
fn ahead_at_limit(view: &View) -> bool {
    view.game.standing().leader.side == view.side
}
