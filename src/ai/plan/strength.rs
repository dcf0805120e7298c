//! How the state of the battle tempers the side's aggression: the army-morale mark of
//! either side (R10.2), the reserves either side still has to come (R12.1, R12.2) and,
//! near the turn limit, who would win on the count (R10.3).

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
    shift += reserves(view);
    let tuning = view.tuning();
    let (horizon, up, down) = (tuning.horizon, tuning.behind_push, tuning.ahead_hold);
    if view.turns_left() <= horizon {
        shift += if ahead_at_limit(view) { -down } else { up };
    }
    shift
}

/// The most boldness reserves shift: all of a side's strength still to come.
const RESERVE_SHIFT: f64 = 0.3;

/// R12.1, R12.2: patience while our reserves are still to come, pressure to strike before
/// theirs arrive, each in proportion to the share of the side's strength still to come.
fn reserves(view: &View) -> f64 {
    let game = view.game;
    let share = |s: SideId| {
        let to_come = f64::from(game.uhp_to_come(s));
        let all = to_come + f64::from(game.uhp_on_map(s));
        if all > 0.0 {
            to_come / all
        } else {
            0.0
        }
    };
    RESERVE_SHIFT * (share(view.side.other()) - share(view.side))
}

/// R10.3: whether the side would win if the battle ended now on the turn limit, as the
/// engine itself would decide it.
fn ahead_at_limit(view: &View) -> bool {
    view.game.standing().leader.side == view.side
}

#[cfg(test)]
mod tests {
    use super::reserves;
    use crate::ai::plan::view::View;
    use crate::ai::plan::{Style, Tuning};
    use crate::engine::{Dice, Game, SideId};
    use crate::scenario::{Scenario, SHIPPED};

    fn battle(name: &str) -> Game {
        let (file, src) = SHIPPED.iter().find(|(f, _)| f.contains(name)).unwrap();
        Game::new(Scenario::parse(src, file).unwrap().setup, Dice::seeded(1)).unwrap()
    }

    fn shift(game: &Game, side: SideId) -> f64 {
        let style = Style {
            aggression: 0.5,
            salt: 1,
            tuning: Tuning::default(),
            noise: 0.0,
        };
        reserves(&View::new(game, side, style))
    }

    /// R12.1, R12.2: at Klushino the Poles' Hajduk foot is still to come on turn 1: the
    /// Poles wait for it and Muscovy presses before it comes; a battle with no reserves
    /// shifts nobody.
    #[test]
    fn r12_1_reserves_to_come_make_their_side_patient_and_the_enemy_bold() {
        let klushino = battle("klushino");
        assert!(klushino.uhp_to_come(SideId::A) > 0);
        assert!(shift(&klushino, SideId::A) < 0.0);
        assert!(shift(&klushino, SideId::B) > 0.0);
        let kircholm = battle("kircholm");
        assert_eq!(shift(&kircholm, SideId::A), 0.0);
        assert_eq!(shift(&kircholm, SideId::B), 0.0);
    }
}
