//! The field as flat arrays over the map: the cost of entering each hex from level ground
//! or from below (R4.6), read once from `rules.ron`; and, kept up to date as units move, the
//! unit in each hex (R1.3) and how many units of each side stand beside it, which is the
//! zone of control of R4.2. Movement, retreats and line of sight (R4, R6.2, R8) ask these
//! instead of scanning every unit or the terrain table. Field works add their cost to the
//! hex's (R12.5); a step along a road costs 1 to a march or hustle, and a bridge is crossed
//! only along its road, for 1 (R12.6).

use super::Unit;
use crate::engine::map::Map;
use crate::engine::rules::Rules;
use crate::engine::types::{SideId, UnitId};
use hexx::Hex;

/// No unit in a hex.
const EMPTY: u16 = u16::MAX;

/// What entering one hex costs (R4.6), in movement points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ground {
    /// From level ground or from another raised hex; `None` is impassable.
    cost: Option<u32>,
    /// From below, when the hex is raised.
    uphill: Option<u32>,
    elevated: bool,
    /// A road runs through the hex (R12.6).
    road: bool,
    /// The road crosses water here on a bridge (R12.6).
    bridge: bool,
}

/// Ground, occupant and zone of control of every hex of the map; derived from the rules,
/// the map and the units, never saved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Grid {
    ground: Vec<Ground>,
    /// The dearest step on the map, at least 1.
    dearest_step: u32,
    /// Whether any hex has a road (R12.6): without one, a step's cost is its hex's alone.
    roads: bool,
    occupant: Vec<u16>,
    beside: [Vec<u16>; 2],
}

impl Grid {
    /// The grid of `units` on `map` under `rules` (units off the map are left out).
    pub(super) fn new(rules: &Rules, map: &Map, units: &[Unit]) -> Grid {
        let ground: Vec<Ground> = map
            .hexes()
            .map(|h| {
                let row = map.terrain(h).map(|t| rules.terrain(t));
                // R12.5: works cost more to enter than their terrain, whichever way.
                let works = if map.has_works(h) {
                    rules.works_cost
                } else {
                    0
                };
                let dearer = |c: Option<u32>| c.map(|c| c.saturating_add(works));
                Ground {
                    cost: dearer(row.and_then(|r| r.cost)),
                    uphill: dearer(row.and_then(|r| r.cost_uphill)),
                    elevated: row.is_some_and(|r| r.elevated),
                    road: map.has_road(h),
                    bridge: map.has_bridge(h),
                }
            })
            .collect();
        let dearest_step = ground
            .iter()
            .flat_map(|g: &Ground| [g.cost, g.uphill])
            .flatten()
            .max()
            .unwrap_or(1)
            .max(1);
        let roads = ground.iter().any(|g| g.road);
        let mut grid = Grid {
            ground,
            dearest_step,
            roads,
            occupant: vec![EMPTY; map.len()],
            beside: [vec![0; map.len()], vec![0; map.len()]],
        };
        for u in units.iter().filter(|u| u.on_map()) {
            grid.enter(map, u.id, u.side, u.pos);
        }
        grid
    }

    /// Movement points to enter hex `to` from hex `from` by a move that is no march or
    /// hustle, as a withdrawal or a flight (R4.6, R12.6): the uphill cost when `to` is
    /// raised and `from` is not (or is off the map); `None` if `to` is impassable or off
    /// the map, or the step enters or leaves a bridge off its road.
    pub(super) fn step_cost(&self, from: Option<usize>, to: Option<usize>) -> Option<u32> {
        match from {
            Some(from) => self.step_along(from, to?, self.raised(from), false),
            None => self.step_from(false, to?),
        }
    }

    /// Movement points for a step from hex `from` (raised ground or not) into hex `to`, by
    /// a march or hustle (`marching`) or another move (R4.6, R12.6); `None` if the step
    /// may not be made.
    #[inline]
    pub(super) fn step_along(
        &self,
        from: usize,
        to: usize,
        from_raised: bool,
        marching: bool,
    ) -> Option<u32> {
        if self.roads {
            self.road_step(from, to, from_raised, marching)
        } else {
            self.step_from(from_raised, to)
        }
    }

    /// R12.6: a step from road to road costs 1 to a march or hustle, and entering a bridge
    /// along its road costs 1 to any move; a bridge is entered and left only along its road.
    #[inline(never)]
    fn road_step(&self, from: usize, to: usize, from_raised: bool, marching: bool) -> Option<u32> {
        let (f, t) = (self.ground.get(from)?, self.ground.get(to)?);
        let along = f.road && t.road;
        if (f.bridge || t.bridge) && !along {
            return None;
        }
        if along && (marching || t.bridge) {
            return Some(1);
        }
        self.step_from(from_raised, to)
    }

    /// Whether hex `index` is raised ground (R4.6).
    #[inline]
    pub(super) fn raised(&self, index: usize) -> bool {
        self.ground.get(index).is_some_and(|g| g.elevated)
    }

    /// [`Grid::step_cost`] into hex `to` from a hex that is raised or not.
    #[inline]
    pub(super) fn step_from(&self, from_raised: bool, to: usize) -> Option<u32> {
        let to = self.ground.get(to)?;
        if to.elevated && !from_raised {
            to.uphill
        } else {
            to.cost
        }
    }

    /// The dearest step on the map, in movement points (at least 1): with the number of
    /// hexes, the most any cheapest path can cost.
    pub(super) fn dearest_step(&self) -> u32 {
        self.dearest_step
    }

    /// The unit in hex `index`, if any.
    pub(super) fn occupant(&self, index: usize) -> Option<UnitId> {
        match self.occupant.get(index) {
            Some(&id) if id != EMPTY => Some(UnitId(id)),
            _ => None,
        }
    }

    /// Whether a unit of `side` stands beside hex `index` (R4.2).
    pub(super) fn beside(&self, index: usize, side: SideId) -> bool {
        side.of(&self.beside).get(index).is_some_and(|&n| n > 0)
    }

    /// Records `id` of `side` standing in `hex`; the lower id keeps a shared hex, as a scan
    /// of the unit list by id would find it.
    pub(super) fn enter(&mut self, map: &Map, id: UnitId, side: SideId, hex: Hex) {
        if let Some(slot) = map.index(hex).and_then(|i| self.occupant.get_mut(i)) {
            *slot = (*slot).min(id.0);
        }
        self.count_beside(map, side, hex, true);
    }

    /// Records that `id` of `side` no longer stands in `hex`; `next` is another unit still
    /// there, if any.
    pub(super) fn leave(
        &mut self,
        map: &Map,
        id: UnitId,
        side: SideId,
        hex: Hex,
        next: Option<UnitId>,
    ) {
        if let Some(slot) = map.index(hex).and_then(|i| self.occupant.get_mut(i)) {
            if *slot == id.0 {
                *slot = next.map_or(EMPTY, |n| n.0);
            }
        }
        self.count_beside(map, side, hex, false);
    }

    fn count_beside(&mut self, map: &Map, side: SideId, hex: Hex, add: bool) {
        let counts = side.of_mut(&mut self.beside);
        for n in hex.all_neighbors() {
            if let Some(c) = map.index(n).and_then(|i| counts.get_mut(i)) {
                *c = if add {
                    c.saturating_add(1)
                } else {
                    c.saturating_sub(1)
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Grid;
    use crate::engine::game::each_random_position;

    /// R1.3, R4.2: after every command of random battles on every shipped map, the grid
    /// kept up to date as units moved equals one built afresh from where they stand.
    #[test]
    fn the_grid_kept_up_to_date_equals_one_built_afresh() {
        each_random_position(|file, game, command| {
            let fresh = Grid::new(&game.rules, &game.map, &game.units);
            assert_eq!(game.grid, fresh, "{file} after {command:?}");
        });
    }
}
