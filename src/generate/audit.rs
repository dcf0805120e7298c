//! What every generated battle must be (issue 29, "What shows it is done"): a scenario the
//! check passes without a warning, no unit on ground it cannot enter (R4.6), and a way
//! over passable ground (bridges only along their road, R12.6) from each army to the other.

use super::Generated;
use crate::engine::{Dice, Game, SideId};
use crate::scenario::Scenario;

/// Everything wrong with a generated battle, one line each; empty if nothing is.
pub fn audit(generated: &Generated) -> Vec<String> {
    let scenario = &generated.scenario;
    let mut wrong: Vec<String> = scenario
        .warnings
        .iter()
        .map(|w| format!("warning {}:{}: {}", w.line, w.col, w.message))
        .collect();
    let setup = &scenario.setup;
    for u in &setup.units {
        let terrain = setup.map.terrain(u.pos);
        let enterable = terrain.is_some_and(|t| setup.rules.terrain(t).cost.is_some());
        if !enterable {
            wrong.push(format!(
                "`{}` stands on {terrain:?}, which no unit can enter",
                u.label
            ));
        }
    }
    if !armies_meet(scenario) {
        wrong.push("no way over passable ground leads from side A's units to side B's".into());
    }
    wrong
}

/// Whether a march over the ground (the engine's own costs, R4.6; a bridge entered and
/// left only along its road, R12.6) leads from any unit of side A to a unit of side B.
pub fn armies_meet(scenario: &Scenario) -> bool {
    let Ok(game) = Game::new(scenario.setup.clone(), Dice::seeded(0)) else {
        return false;
    };
    let of = |side: SideId| {
        game.units()
            .iter()
            .filter(move |u| u.side == side && u.on_map())
    };
    of(SideId::A).any(|a| of(SideId::B).any(|b| game.march_turns(a, a.pos, b.pos).is_some()))
}
