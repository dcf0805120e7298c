//! The quick battle's ground (issue 29), after Wesnoth's map generator: a smooth height map
//! of a few hill centres with falloff, whose highest hexes are the hills (in clusters); a
//! second such field for the woods; a river (`river` ground) laid by a least-cost path of
//! random costs from one long edge to the other between the armies, with two to four
//! crossings; villages on good ground; and roads found by path search over terrain costs
//! linking both side's edges and every village, a road over water being a bridge (R12.6)
//! and a crossing no road takes a ford (R4.6). Every step is made symmetric under a half
//! turn about the centre, so neither side has the better ground; each side's edge
//! (West, East) is kept open, [`ZONE`] columns deep, for its army to form up.

use super::grid::Grid;
use super::{Draw, Ground, Size};
use crate::engine::Terrain;
use std::collections::BTreeSet;

/// Columns at each side's edge kept for its deployment: no woods, water, village or rough
/// ground there (hills may stay).
pub const ZONE: i32 = 4;

/// The generated ground.
#[derive(Clone, Debug, PartialEq)]
pub struct Land {
    /// The map's grid.
    pub grid: Grid,
    /// Each hex's terrain, by flat index.
    pub terrain: Vec<Terrain>,
    /// The road hexes in the order they were laid, each once; one on water is a bridge.
    pub roads: Vec<usize>,
    /// The villages, in pairs turned about the centre.
    pub villages: Vec<usize>,
    /// The river's crossings: fords and bridges (none without a river).
    pub crossings: Vec<usize>,
}

impl Land {
    /// The terrain of hex `i` (clear off the map).
    pub fn at(&self, i: usize) -> Terrain {
        self.terrain.get(i).copied().unwrap_or(Terrain::Clear)
    }

    /// Whether a road runs through hex `i`.
    pub fn has_road(&self, i: usize) -> bool {
        self.roads.contains(&i)
    }

    /// Whether hex `i` lies in either side's deployment zone.
    pub fn in_zone(&self, i: usize) -> bool {
        let (col, _) = self.grid.place(i);
        col < ZONE || col >= self.grid.width - ZONE
    }

    fn set(&mut self, i: usize, terrain: Terrain) {
        if let Some(t) = self.terrain.get_mut(i) {
            *t = terrain;
        }
    }

    fn set_pair(&mut self, i: usize, terrain: Terrain) {
        let j = self.grid.turned(i);
        for k in [i, j] {
            if let Some(t) = self.terrain.get_mut(k) {
                *t = terrain;
            }
        }
    }
}

/// How much of each terrain a ground has: percent of hexes, and field centres per 160
/// hexes (a small map's area).
struct Recipe {
    hills: usize,
    woods: usize,
    rough: usize,
    hill_centres: u32,
    wood_centres: u32,
}

fn recipe(ground: Ground) -> Recipe {
    let (hills, woods, rough, hill_centres, wood_centres) = match ground {
        Ground::Open => (5, 5, 3, 2, 3),
        Ground::Wooded => (5, 24, 2, 2, 7),
        Ground::Hilly => (20, 7, 4, 5, 3),
        Ground::River => (5, 7, 2, 2, 3),
    };
    Recipe {
        hills,
        woods,
        rough,
        hill_centres,
        wood_centres,
    }
}

/// The ground of a battle of `size` over `ground`, drawn from `rng`.
pub fn make(size: Size, ground: Ground, rng: &mut Draw) -> Land {
    let (width, height) = size.map();
    let grid = Grid { width, height };
    let mut land = Land {
        grid,
        terrain: vec![Terrain::Clear; grid.len()],
        roads: Vec::new(),
        villages: Vec::new(),
        crossings: Vec::new(),
    };
    let r = recipe(ground);
    let scale = |centres: u32| (centres * grid.len() as u32).div_ceil(160).max(1);
    let share = |percent: usize| grid.len() * percent / 100;
    let heights = field(grid, scale(r.hill_centres), (2, 4), rng);
    for i in top_pairs(grid, &heights, share(r.hills), |_| true) {
        land.set(i, Terrain::Hill);
    }
    let woods = field(grid, scale(r.wood_centres), (1, 3), rng);
    let clear = land.terrain.clone();
    let open = |i: usize| clear.get(i) == Some(&Terrain::Clear);
    for i in top_pairs(grid, &woods, share(r.woods), open) {
        land.set(i, Terrain::Woods);
    }
    let broken = field(grid, scale(2), (1, 2), rng);
    let clear = land.terrain.clone();
    let open = |i: usize| clear.get(i) == Some(&Terrain::Clear);
    for i in top_pairs(grid, &broken, share(r.rough), open) {
        land.set(i, Terrain::Rough);
    }
    if ground == Ground::River {
        river(&mut land, rng);
    }
    clear_zones(&mut land);
    villages(&mut land, size, rng);
    roads(&mut land, rng);
    for &c in &land.crossings.clone() {
        if !land.has_road(c) {
            land.set_pair(c, Terrain::Ford);
        }
    }
    land
}

/// A smooth field: `centres` cones of random radius in `radii`, their heights added, then
/// added to the field turned about the centre so that it is symmetric.
fn field(grid: Grid, centres: u32, radii: (i32, i32), rng: &mut Draw) -> Vec<i32> {
    let mut f = vec![0i32; grid.len()];
    for _ in 0..centres {
        let centre = rng.below(grid.len() as u32) as usize;
        let radius = rng.between(radii.0, radii.1);
        for (i, v) in f.iter_mut().enumerate() {
            let d = grid.distance(i, centre) as i32;
            *v += (radius + 1 - d).max(0);
        }
    }
    (0..grid.len())
        .map(|i| f.get(i).copied().unwrap_or(0) + f.get(grid.turned(i)).copied().unwrap_or(0))
        .collect()
}

/// About `count` hexes of the highest positive field that `eligible` accepts, taken in
/// pairs turned about the centre (highest first, of equals the lower index first).
fn top_pairs(grid: Grid, f: &[i32], count: usize, eligible: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut pairs: Vec<(i32, usize)> = (0..grid.len())
        .filter(|&i| i < grid.turned(i) && eligible(i) && eligible(grid.turned(i)))
        .map(|i| (f.get(i).copied().unwrap_or(0), i))
        .filter(|&(v, _)| v > 0)
        .collect();
    pairs.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    pairs
        .into_iter()
        .take(count / 2)
        .flat_map(|(_, i)| [i, grid.turned(i)])
        .collect()
}

/// The river: a meandering path (least cost over random costs) from the north edge to the
/// centre, between the deployment zones, and its half turn on to the south edge; then one
/// or two crossings on each half.
fn river(land: &mut Land, rng: &mut Draw) {
    let grid = land.grid;
    let (w, h) = (grid.width, grid.height);
    let (lo, hi) = (ZONE + 2, w - ZONE - 3);
    let costs: Vec<u32> = (0..grid.len()).map(|_| 1 + rng.below(6)).collect();
    let start = grid.index((rng.between(lo, hi), 0)).unwrap_or(0);
    // The centre pair: this hex and its turn are next to each other.
    let centre = grid.index((w / 2, h / 2 - 1)).unwrap_or(0);
    // Within the band between the zones, and off the top edge but at its source, so the
    // river flows across the field and not along its edge.
    let in_band = |i: usize| {
        let (col, row) = grid.place(i);
        (lo..=hi).contains(&col) && (row > 0 || i == start)
    };
    let cost = |i: usize| in_band(i).then(|| costs.get(i).copied().unwrap_or(1));
    let Some(half) = grid.cheapest_path(start, |i| i == centre, cost) else {
        return;
    };
    for &i in &half {
        land.set_pair(i, Terrain::Water);
    }
    // A crossing has land on both banks: the hexes beside it in its row.
    let water = |c: i32, r: i32| {
        grid.index((c, r))
            .is_none_or(|k| land.at(k) == Terrain::Water)
    };
    let inner: Vec<usize> = half
        .iter()
        .copied()
        .skip(1)
        .take(half.len().saturating_sub(3))
        .filter(|&i| {
            let (c, r) = grid.place(i);
            !water(c - 1, r) && !water(c + 1, r)
        })
        .collect();
    if inner.is_empty() {
        return;
    }
    let first = rng.below(inner.len() as u32) as usize;
    let mut picks = vec![first];
    if rng.below(2) == 1 {
        let far: Vec<usize> = (0..inner.len())
            .filter(|&k| k.abs_diff(first) >= 2)
            .collect();
        if let Some(&k) = far.get(rng.below(far.len() as u32) as usize) {
            picks.push(k);
        }
    }
    for k in picks {
        if let Some(&c) = inner.get(k) {
            land.crossings.extend([c, grid.turned(c)]);
        }
    }
}

/// Clears each side's deployment zone of all but hills, so the army has room to form up.
fn clear_zones(land: &mut Land) {
    for i in 0..land.grid.len() {
        if land.in_zone(i) && land.at(i) != Terrain::Hill {
            land.set(i, Terrain::Clear);
        }
    }
}

/// Villages in pairs on clear ground between the zones, the best places first: near water
/// and by a hill, off the map's top and bottom rows, at least four hexes from another village and from their own pair.
fn villages(land: &mut Land, size: Size, rng: &mut Draw) {
    let grid = land.grid;
    let pairs = match size {
        Size::Small => 1,
        Size::Medium => 2,
        Size::Large => 3,
    };
    let near = |i: usize, t: Terrain, land: &Land| {
        (0..grid.len()).any(|j| land.at(j) == t && grid.distance(i, j) <= 2)
    };
    let mut scored: Vec<(u32, usize)> = (0..grid.len())
        .filter(|&i| {
            let (col, row) = grid.place(i);
            let inland = row > 0 && row < grid.height - 1;
            inland && col > ZONE && col < grid.width - ZONE - 1 && land.at(i) == Terrain::Clear
        })
        .map(|i| {
            let water = if near(i, Terrain::Water, land) { 6 } else { 0 };
            let hill = if near(i, Terrain::Hill, land) { 3 } else { 0 };
            (rng.below(8) + water + hill, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in scored {
        if land.villages.len() >= 2 * pairs {
            break;
        }
        let spaced = land.villages.iter().all(|&v| grid.distance(i, v) >= 4);
        let apart = grid.distance(i, grid.turned(i)) >= 4;
        if spaced && apart && land.at(i) == Terrain::Clear {
            land.set_pair(i, Terrain::Village);
            land.villages.extend([i, grid.turned(i)]);
        }
    }
}

/// What a road pays to enter a hex: little along an existing road, more over rough
/// ground, hills and woods, water only at a crossing (where it becomes a bridge).
fn road_cost(land: &Land, laid: &BTreeSet<usize>, i: usize) -> Option<u32> {
    if laid.contains(&i) {
        return Some(1);
    }
    match land.at(i) {
        Terrain::Clear | Terrain::Village => Some(3),
        Terrain::Rough | Terrain::Hill | Terrain::Ford => Some(5),
        Terrain::Woods => Some(7),
        Terrain::Water => land.crossings.contains(&i).then_some(6),
    }
}

/// Roads: one from the west edge to the east (and its half turn), then each village to
/// the nearest road, each path with its half turn.
fn roads(land: &mut Land, rng: &mut Draw) {
    let grid = land.grid;
    let row = rng.between(grid.height / 3, grid.height * 2 / 3 - 1);
    let west = grid.index((0, row)).unwrap_or(0);
    let east = grid.turned(west);
    let mut laid = BTreeSet::new();
    let main = grid.cheapest_path(west, |i| i == east, |i| road_cost(land, &laid, i));
    lay(land, &mut laid, main.unwrap_or_default());
    for v in land.villages.clone().into_iter().step_by(2) {
        if laid.contains(&v) {
            continue;
        }
        let path = grid.cheapest_path(v, |i| laid.contains(&i), |i| road_cost(land, &laid, i));
        lay(land, &mut laid, path.unwrap_or_default());
    }
}

/// Lays a road along `path` and along its half turn.
fn lay(land: &mut Land, laid: &mut BTreeSet<usize>, path: Vec<usize>) {
    let turned: Vec<usize> = path.iter().map(|&i| land.grid.turned(i)).collect();
    for i in path.into_iter().chain(turned) {
        if laid.insert(i) {
            land.roads.push(i);
        }
    }
}
