//! What the editor draws while a draft still has problems (issue 32): the draft made
//! playable by leaving out what the check refuses (a unit on water, R4.6; two on one hex,
//! R1.3; a troop type nobody defined, R2.2; a number out of its R2.8 range), then checked
//! and built by the same code as a battle, so the map is the game's own. Reserves, events
//! and standing orders are left out of it: they draw nothing on the map (a reserve shows
//! where it arrives, R12.1).
//!
//! A stroke of the brush that changes no hex from passable to impassable or back changes
//! nothing the check decides, so the battle built before is kept with only its terrain
//! painted ([`preview_after`]), which on a 200 × 200 map with 400 units saves most of an
//! edit's time (`cargo bench --bench editor`).

use super::draft::{cells, At, Draft};
use super::write::scenario_text;
use crate::engine::{Rules, Terrain};
use crate::scenario::{Catalog, RulesChoice, Scenario, ScenarioFile, MAX_TURN_LIMIT, MAX_UNITS};
use std::collections::BTreeSet;

/// A preview and the draft it was built from, kept for the next change.
#[derive(Clone, Debug)]
pub struct Kept {
    file: ScenarioFile,
    /// The battle drawn.
    pub scenario: Scenario,
}

/// The preview of `draft` after a change, from `kept` (the one before) when only terrain
/// changed and no hex changed between passable and impassable; else built afresh by
/// [`preview`].
pub fn preview_after(draft: &Draft, path: &str, kept: Option<&Kept>) -> Option<Kept> {
    let repainted = kept.and_then(|k| repainted(k, draft));
    let scenario = repainted.or_else(|| preview(draft, path))?;
    Some(Kept {
        file: draft.file().clone(),
        scenario,
    })
}

/// `kept`'s battle with the terrain of `draft`, if nothing else in the draft changed and
/// no hex became passable or impassable (R4.6).
fn repainted(kept: &Kept, draft: &Draft) -> Option<Scenario> {
    let now = draft.file();
    let same_rest = ScenarioFile {
        map: now.map.clone(),
        ..kept.file.clone()
    } == *now;
    if !same_rest || kept.file.map.len() != now.map.len() {
        return None;
    }
    let rules = Rules::standard();
    let open = |t: Terrain| rules.terrain(t).cost.is_some();
    let mut scenario = kept.scenario.clone();
    for (r, (old, new)) in kept.file.map.iter().zip(&now.map).enumerate() {
        if old == new {
            continue;
        }
        let (old, new): (Vec<char>, Vec<char>) = (cells(old).collect(), cells(new).collect());
        if old.len() != new.len() {
            return None;
        }
        for (c, (a, b)) in old
            .iter()
            .zip(&new)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
        {
            let shown = |ch: char| Terrain::from_symbol(ch).unwrap_or(Terrain::Clear);
            let (a, b) = (shown(*a), shown(*b));
            if open(a) != open(b) {
                return None;
            }
            let hex = crate::engine::Map::hex_at(c as i32, r as i32);
            scenario.setup.map.set(hex, b);
        }
    }
    Some(scenario)
}

/// The draft as a battle the game can draw, if even its playable part will build: first
/// with every unit's starting state, then, if that fails, without states and the
/// scenario's own troop types.
pub fn preview(draft: &Draft, path: &str) -> Option<Scenario> {
    let tidy = tidied(draft);
    build(tidy.clone(), path).or_else(|| build(bare(tidy), path))
}

/// Most times a build leaves out the units the check refused and tries again.
const TRIES: usize = 3;

/// `f` checked and built as a battle; a unit the check refuses (a size R2.6 does not
/// allow, a state its troop cannot hold) is left out and the rest tried again.
fn build(mut f: ScenarioFile, path: &str) -> Option<Scenario> {
    // A side with no units yet stands in with one, taken off the map after the check: a
    // battle needs both sides, a draft need not. Stand-ins are always last in the list.
    let mut stand_ins = stand_in(&mut f);
    for _ in 0..TRIES {
        let text = scenario_text(&f, "");
        let problems = match Scenario::parse_with(&text, path, RulesChoice::Shipped) {
            Ok(s) => return stood_aside(s, stand_ins),
            Err(crate::scenario::DataError::Invalid { problems, .. }) => problems,
            Err(_) => return None,
        };
        let mut refused: Vec<usize> = (problems.iter())
            .filter_map(|p| super::checker::unit_on_line(&text, p.line))
            .filter(|i| *i + stand_ins < f.units.len())
            .collect();
        refused.sort_unstable();
        refused.dedup();
        if refused.is_empty() {
            return None;
        }
        for i in refused.into_iter().rev() {
            f.units.remove(i);
        }
        stand_ins += stand_in(&mut f);
    }
    None
}

/// The battle with its last `stand_ins` units made reserves that never arrive and have
/// nowhere to: on no hex of the map.
fn stood_aside(mut s: Scenario, stand_ins: usize) -> Option<Scenario> {
    let first = s.setup.units.len().checked_sub(stand_ins)?;
    for u in s.setup.units.iter_mut().skip(first) {
        u.reserve = Some(crate::engine::ReserveSetup {
            turn: None,
            hexes: Vec::new(),
        });
    }
    Some(s)
}

/// Adds a catalog unit, last in the list, for each side that has none, on a free hex;
/// how many it added.
fn stand_in(f: &mut ScenarioFile) -> usize {
    let empty: Vec<String> = (f.sides.iter())
        .filter(|s| !f.units.iter().any(|u| u.side == s.name))
        .map(|s| s.name.clone())
        .collect();
    let taken: BTreeSet<At> = f.units.iter().filter_map(|u| u.at).collect();
    let passable = passable_hexes(&f.map);
    let mut free = passable.hexes().filter(|h| !taken.contains(h));
    let mut added = 0;
    for side in empty {
        let Some(at) = free.next() else { break };
        f.units.push(crate::scenario::UnitDef::new(
            STAND_IN,
            &side,
            120,
            Some(at),
        ));
        added += 1;
    }
    added
}

/// The catalog troop type that stands in for a side with no units.
const STAND_IN: &str = "pikemen";

/// The playable part of the draft (see the module).
fn tidied(draft: &Draft) -> ScenarioFile {
    let mut f = draft.file().clone();
    let (width, height) = draft.size();
    f.map = map_rows(&f.map, width.max(1), height.max(1));
    tidy_sides(&mut f);
    f.turn_limit = f.turn_limit.clamp(1, MAX_TURN_LIMIT);
    (f.orders, f.events, f.rules, f.options, f.seed) = (vec![], vec![], None, None, None);
    let passable = passable_hexes(&f.map);
    let known = known_troops(&f);
    let sides: Vec<String> = f.sides.iter().map(|s| s.name.clone()).collect();
    let mut taken = BTreeSet::new();
    let limit = f.turn_limit;
    for u in &mut f.units {
        u.creatures = u.creatures.clamp(1, 1200);
        if let Some(r) = &mut u.reserve {
            // Events are left out: a reserve they release shows where it will arrive.
            (r.turn, r.event) = (Some(r.turn.unwrap_or(limit).clamp(1, limit)), None);
            r.hexes.retain(|h| passable.contains(h));
            dedup(&mut r.hexes);
            (u.at, u.disordered, u.ready, u.fleeing) = (None, false, false, false);
        }
    }
    f.units.retain(|u| {
        let placed = match &u.reserve {
            Some(r) => !r.hexes.is_empty(),
            None => {
                u.at.is_some_and(|at| passable.contains(&at) && taken.insert(at))
            }
        };
        placed && known.contains(&u.troop) && sides.contains(&u.side)
    });
    f.units.truncate(MAX_UNITS);
    let mut marked = BTreeSet::new();
    f.objectives
        .retain(|o| passable.contains(&o.at) && marked.insert(o.at));
    for o in &mut f.objectives {
        o.value = o.value.map(|v| v.clamp(1, 100));
        o.owner = o.owner.take().filter(|w| sides.contains(w));
        if o.name.trim().is_empty() {
            o.name = format!("objective at {:?}", o.at);
        }
    }
    let on_map = |h: &At| h.0 >= 0 && h.1 >= 0 && (h.0 as u32) < width && (h.1 as u32) < height;
    f.works.retain(|h| passable.contains(h));
    f.roads.retain(on_map);
    dedup(&mut f.works);
    dedup(&mut f.roads);
    f
}

/// Rows of `width` known terrain characters: unknown ones as clear ground, short rows
/// filled out.
fn map_rows(map: &[String], width: u32, height: u32) -> Vec<String> {
    let clear = Terrain::Clear.symbol();
    (0..height as usize)
        .map(|r| {
            let row = map.get(r).map_or("", String::as_str);
            let mut out = String::with_capacity(width as usize * 2);
            let known = cells(row).map(|c| Terrain::from_symbol(c).map_or(clear, |_| c));
            let padding = std::iter::repeat(clear);
            for (i, c) in known.chain(padding).take(width as usize).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push(c);
            }
            out
        })
        .collect()
}

/// Two sides with names apart, and a defender among them.
fn tidy_sides(f: &mut ScenarioFile) {
    f.sides.truncate(2);
    let spare = |i: usize| crate::scenario::SideDef {
        name: ["Side A", "Side B"]
            .get(i)
            .copied()
            .unwrap_or("Side")
            .into(),
        commander: String::new(),
        strategic_ability: 0,
        morale_modifier: 0,
        edge: [crate::engine::Edge::South, crate::engine::Edge::North]
            .get(i)
            .copied()
            .unwrap_or(crate::engine::Edge::North),
        player: crate::scenario::Controller::Human,
        aggression: 5,
        level: crate::scenario::Level::default(),
    };
    while f.sides.len() < 2 {
        f.sides.push(spare(f.sides.len()));
    }
    for (i, s) in f.sides.iter_mut().enumerate() {
        (s.strategic_ability, s.morale_modifier) = (
            s.strategic_ability.clamp(-5, 5),
            s.morale_modifier.clamp(-5, 5),
        );
        s.aggression = s.aggression.min(10);
        if s.name.trim().is_empty() {
            s.name = spare(i).name;
        }
    }
    if f.sides.first().map(|s| &s.name) == f.sides.get(1).map(|s| &s.name) {
        if let Some(b) = f.sides.get_mut(1) {
            b.name = format!("{} (2)", b.name);
        }
    }
    if !f.sides.iter().any(|s| s.name == f.defender) {
        f.defender = f.sides.get(1).map(|s| s.name.clone()).unwrap_or_default();
    }
}

/// The draft with every unit steady, unhurt, unready and unloaded, in no group, and only
/// the catalog's troop types.
fn bare(mut f: ScenarioFile) -> ScenarioFile {
    f.troops.clear();
    let known = known_troops(&f);
    f.units.retain(|u| known.contains(&u.troop));
    for u in &mut f.units {
        (u.disordered, u.ready, u.fleeing) = (false, false, false);
        (u.reload_tokens, u.damage, u.group) = (0, 0, None);
    }
    f
}

/// Hexes of `map` a unit may stand on under the shipped rules (R4.6), a flag per hex row
/// by row: a draft's map may hold 40,000 hexes, asked about for every unit, objective and
/// work.
struct Passable {
    width: usize,
    open: Vec<bool>,
}

impl Passable {
    fn contains(&self, &(c, r): &At) -> bool {
        let (Ok(c), Ok(r)) = (usize::try_from(c), usize::try_from(r)) else {
            return false;
        };
        c < self.width && self.open.get(r * self.width + c).copied().unwrap_or(false)
    }

    /// The passable hexes, row by row.
    fn hexes(&self) -> impl Iterator<Item = At> + '_ {
        let width = self.width.max(1);
        (self.open.iter().enumerate())
            .filter(|(_, open)| **open)
            .map(move |(i, _)| ((i % width) as i32, (i / width) as i32))
    }
}

fn passable_hexes(map: &[String]) -> Passable {
    let rules = Rules::standard();
    let width = map.iter().map(|r| cells(r).count()).max().unwrap_or(0);
    let mut open = vec![false; width * map.len()];
    for (r, row) in map.iter().enumerate() {
        for (c, ch) in cells(row).enumerate() {
            if let Some(slot) = open.get_mut(r * width + c) {
                *slot = Terrain::from_symbol(ch).is_some_and(|t| rules.terrain(t).cost.is_some());
            }
        }
    }
    Passable { width, open }
}

/// Troop types a unit may name: the shipped catalog's and the scenario's own.
fn known_troops(f: &ScenarioFile) -> BTreeSet<String> {
    let catalog = Catalog::standard().ok();
    let shipped = catalog
        .iter()
        .flat_map(|c| c.troops().iter().map(|t| t.name.clone()));
    shipped
        .chain(f.troops.iter().map(|t| t.name.clone()))
        .collect()
}

fn dedup(list: &mut Vec<At>) {
    let mut seen = BTreeSet::new();
    list.retain(|h| seen.insert(*h));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::*;
    use crate::scenario::UnitDef;

    fn unit(troop: &str, side: &str, at: At) -> UnitDef {
        UnitDef::new(troop, side, 120, Some(at))
    }

    #[test]
    fn a_draft_with_problems_still_draws_what_is_playable() {
        let mut d = Draft::blank(5, 4, ["Red", "Blue"]);
        d.paint(&[(2, 2)], Terrain::Water);
        d.add_unit(unit("pikemen", "Red", (1, 3)));
        d.add_unit(unit("pikemen", "Red", (1, 3)));
        d.add_unit(unit("pikemen", "Red", (2, 2)));
        d.add_unit(unit("no such troop", "Blue", (3, 0)));
        d.add_unit(unit("pikemen", "Green", (4, 0)));
        let mut ready_pike = unit("pikemen", "Blue", (2, 0));
        ready_pike.fleeing = true;
        ready_pike.ready = true;
        d.add_unit(ready_pike);
        d.change(|f| f.turn_limit = 0);
        let s = preview(&d, "draft.ron").unwrap();
        assert_eq!(
            s.setup.units.len(),
            2,
            "one of the two on (1, 3), and the Blue pike"
        );
        assert_eq!(s.setup.turn_limit, Some(1));
    }

    #[test]
    fn r4_6_a_stroke_that_keeps_every_hex_passable_repaints_the_battle_kept() {
        let mut d = Draft::blank(5, 4, ["Red", "Blue"]);
        d.add_unit(unit("pikemen", "Red", (1, 3)));
        d.add_unit(unit("pikemen", "Blue", (1, 0)));
        let kept = preview_after(&d, "draft.ron", None).unwrap();
        d.paint(&[(2, 2), (1, 3)], Terrain::Woods);
        let painted = preview_after(&d, "draft.ron", Some(&kept)).unwrap();
        let afresh = preview(&d, "draft.ron").unwrap();
        assert_eq!(painted.scenario.setup.map, afresh.setup.map);
        assert_eq!(painted.scenario.setup.units, afresh.setup.units);
        // Water under the pike: built afresh, the pike left out.
        d.paint(&[(1, 3)], Terrain::Water);
        let flooded = preview_after(&d, "draft.ron", Some(&painted)).unwrap();
        assert_eq!(
            flooded.scenario.setup.units.len(),
            2,
            "the Blue pike and a stand-in"
        );
        assert!(repainted(&painted, &d).is_none());
    }

    #[test]
    fn r2_6_a_unit_the_check_refuses_is_left_out_and_the_rest_drawn() {
        let mut d = Draft::blank(5, 4, ["Red", "Blue"]);
        let mut huge = unit("pikemen", "Red", (1, 3));
        huge.creatures = 1200;
        d.add_unit(huge);
        d.add_unit(unit("pikemen", "Red", (2, 3)));
        d.add_unit(unit("pikemen", "Blue", (1, 0)));
        let s = preview(&d, "draft.ron").unwrap();
        let on_map: Vec<_> = (s.setup.units.iter())
            .filter(|u| u.reserve.is_none())
            .map(|u| u.creatures)
            .collect();
        assert_eq!(on_map, [120, 120]);
    }

    #[test]
    fn a_new_battle_with_no_units_draws_its_ground() {
        let mut d = Draft::blank(5, 4, ["Red", "Blue"]);
        d.paint(&[(0, 0)], Terrain::Woods);
        let s = preview(&d, "draft.ron").unwrap();
        let nowhere =
            |u: &crate::engine::UnitSetup| u.reserve.as_ref().is_some_and(|r| r.hexes.is_empty());
        assert_eq!(s.setup.units.iter().filter(|u| nowhere(u)).count(), 2);
        assert_eq!(s.setup.units.len(), 2);
        d.add_unit(unit("pikemen", "Red", (1, 3)));
        let s = preview(&d, "draft.ron").unwrap();
        assert_eq!(s.setup.units.iter().filter(|u| !nowhere(u)).count(), 1);
        assert_eq!(s.setup.units.len(), 2);
    }

    #[test]
    fn r12_1_a_reserve_released_by_an_event_shows_where_it_arrives() {
        let mut d = Draft::blank(5, 4, ["Red", "Blue"]);
        d.add_unit(unit("pikemen", "Red", (1, 3)));
        d.add_unit(unit("pikemen", "Blue", (1, 0)));
        d.add_unit(unit("pikemen", "Red", (0, 0)));
        let reserve = crate::scenario::script_defs::ReserveDef {
            turn: None,
            event: Some("no such event".into()),
            hexes: vec![(4, 3), (9, 9)],
        };
        d.make_reserve(2, reserve);
        let s = preview(&d, "draft.ron").unwrap();
        let r = s.setup.units[2].reserve.clone().unwrap();
        assert_eq!(r.hexes, [crate::engine::Map::hex_at(4, 3)]);
    }
}
