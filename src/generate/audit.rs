//! What every generated battle must be (issue 29, "What shows it is done"): a scenario the
//! check passes without a warning, no unit on ground it cannot enter (R4.6), and a way
//! over passable ground (bridges only along their road, R12.6) from each army to the other.

use super::Generated;
use crate::engine::{Map, SideId};
use crate::scenario::Scenario;
use hexx::Hex;
use std::collections::{BTreeSet, VecDeque};

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

/// Whether a walk over enterable hexes (a bridge entered and left only from its road)
/// leads from any unit of side A to a hex next to a unit of side B.
pub fn armies_meet(scenario: &Scenario) -> bool {
    let setup = &scenario.setup;
    let map = &setup.map;
    let of = |side: SideId| -> Vec<Hex> {
        setup
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.pos)
            .collect()
    };
    let goals: BTreeSet<(i32, i32)> = of(SideId::B).into_iter().map(Map::offset).collect();
    let enterable = |h: Hex| {
        map.terrain(h)
            .is_some_and(|t| setup.rules.terrain(t).cost.is_some() || map.has_bridge(h))
    };
    let mut seen: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut open: VecDeque<Hex> = of(SideId::A).into_iter().collect();
    while let Some(at) = open.pop_front() {
        if goals.contains(&Map::offset(at)) {
            return true;
        }
        if !seen.insert(Map::offset(at)) {
            continue;
        }
        for next in map.neighbors(at) {
            let bridged = map.has_bridge(at) || map.has_bridge(next);
            let along = map.has_road(at) && map.has_road(next);
            if enterable(next) && (!bridged || along) && !seen.contains(&Map::offset(next)) {
                open.push_back(next);
            }
        }
    }
    false
}
