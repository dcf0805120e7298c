//! The hex map of R1.2 and R4.6: axial coordinates on a rectangular grid of offset rows,
//! terrain, distances, map edges (R8.4) and the terrain part of line of sight (R6.2); and
//! the field works and the roads laid over the terrain (R12.5, R12.6).

use super::types::Edge;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Terrain of a hex (R4.6); its costs and effects come from `rules.ron`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// Open ground.
    Clear,
    /// Broken ground: slower going.
    Rough,
    /// Woods: block sight, give cover, no mounted charge in.
    Woods,
    /// A hill: raised, costs more to climb.
    Hill,
    /// A village: blocks sight, gives cover.
    Village,
    /// A ford: slow, no mounted charge in.
    Ford,
    /// Water: impassable.
    Water,
}

impl Terrain {
    /// Every terrain, in the order of R4.6.
    pub const ALL: [Terrain; 7] = [
        Terrain::Clear,
        Terrain::Rough,
        Terrain::Woods,
        Terrain::Hill,
        Terrain::Village,
        Terrain::Ford,
        Terrain::Water,
    ];

    /// The single character that stands for the terrain in scenario maps and on screen.
    pub fn symbol(self) -> char {
        match self {
            Terrain::Clear => '.',
            Terrain::Rough => ':',
            Terrain::Woods => 'T',
            Terrain::Hill => '^',
            Terrain::Village => 'V',
            Terrain::Ford => '=',
            Terrain::Water => '~',
        }
    }

    /// The terrain a map character stands for, if any.
    pub fn from_symbol(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.symbol() == c)
    }
}

/// A rectangular hex map of `width × height` hexes in "odd-r" offset rows: odd rows are
/// shifted half a hex to the right. Positions are axial `Hex { x: q, y: r }` (R1.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    width: u32,
    height: u32,
    terrain: Vec<Terrain>,
    /// Field works per hex in [`Map::index`] order (R12.5); empty when the map has none,
    /// so a map without works compares and saves as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    works: Vec<bool>,
    /// Roads per hex in [`Map::index`] order (R12.6); a road on water is a bridge. Empty
    /// when the map has none, so a map without roads compares and saves as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    roads: Vec<bool>,
}

/// Largest map side accepted, in hexes (hostile input guard).
pub const MAX_MAP_SIDE: u32 = 200;

impl Map {
    /// A map from rows of terrain, top row first; `None` if rows differ in length or the
    /// map is empty or larger than [`MAX_MAP_SIDE`].
    pub fn from_rows(rows: Vec<Vec<Terrain>>) -> Option<Map> {
        let height = rows.len() as u32;
        let width = rows.first().map_or(0, |r| r.len()) as u32;
        let square = rows.iter().all(|r| r.len() as u32 == width);
        if !square || width == 0 || height == 0 || width.max(height) > MAX_MAP_SIDE {
            return None;
        }
        let terrain = rows.into_iter().flatten().collect();
        Some(Map {
            width,
            height,
            terrain,
            works: Vec::new(),
            roads: Vec::new(),
        })
    }

    /// An open map of clear hexes.
    pub fn clear(width: u32, height: u32) -> Map {
        let row = vec![Terrain::Clear; width as usize];
        Map::from_rows(vec![row; height as usize]).unwrap_or(Map {
            width: 1,
            height: 1,
            terrain: vec![Terrain::Clear],
            works: Vec::new(),
            roads: Vec::new(),
        })
    }

    /// Width in hexes.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in hexes (rows).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Axial position of the hex in offset column `col` of row `row`.
    pub fn hex_at(col: i32, row: i32) -> Hex {
        Hex::new(col - (row - (row & 1)) / 2, row)
    }

    /// Offset `(col, row)` of an axial position.
    pub fn offset(hex: Hex) -> (i32, i32) {
        (hex.x + (hex.y - (hex.y & 1)) / 2, hex.y)
    }

    /// True if the hex is on the map.
    pub fn contains(&self, hex: Hex) -> bool {
        // In i64: a hex from a hostile save (`x: -2147483648`) must not overflow here.
        let (x, row) = (i64::from(hex.x), i64::from(hex.y));
        let col = x + (row - (row & 1)) / 2;
        (0..i64::from(self.width)).contains(&col) && (0..i64::from(self.height)).contains(&row)
    }

    /// Index of a hex in row-by-row order (the order of [`Map::hexes`]), for flat arrays
    /// over the map; `None` off the map.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        if !self.contains(hex) {
            return None;
        }
        let (col, row) = Map::offset(hex);
        Some(row as usize * self.width as usize + col as usize)
    }

    /// The hex at `index` of a flat array over the map (the inverse of [`Map::index`]).
    pub fn hex_of(&self, index: usize) -> Hex {
        let width = self.width.max(1) as usize;
        Map::hex_at((index % width) as i32, (index / width) as i32)
    }

    /// Number of hexes on the map: the length of a flat array over it.
    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    /// Always false: a map has at least one hex.
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// Terrain of a hex; `None` off the map.
    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        self.terrain.get(self.index(hex)?).copied()
    }

    /// Changes the terrain of a hex on the map (for tests and editors).
    pub fn set(&mut self, hex: Hex, terrain: Terrain) {
        if self.contains(hex) {
            let (col, row) = Map::offset(hex);
            let index = row as usize * self.width as usize + col as usize;
            if let Some(slot) = self.terrain.get_mut(index) {
                *slot = terrain;
            }
        }
    }

    /// Whether field works stand in a hex (R12.5); false off the map.
    pub fn has_works(&self, hex: Hex) -> bool {
        self.index(hex)
            .and_then(|i| self.works.get(i))
            .is_some_and(|w| *w)
    }

    /// Lays field works in a hex on the map (R12.5); a hex off the map is ignored.
    pub fn add_works(&mut self, hex: Hex) {
        let Some(index) = self.index(hex) else {
            return;
        };
        if self.works.is_empty() {
            self.works = vec![false; self.terrain.len()];
        }
        if let Some(slot) = self.works.get_mut(index) {
            *slot = true;
        }
    }

    /// Whether a road runs through a hex (R12.6); false off the map.
    pub fn has_road(&self, hex: Hex) -> bool {
        self.index(hex)
            .and_then(|i| self.roads.get(i))
            .is_some_and(|r| *r)
    }

    /// Whether a bridge carries a road over water in a hex (R12.6); false off the map.
    pub fn has_bridge(&self, hex: Hex) -> bool {
        self.has_road(hex) && self.terrain(hex) == Some(Terrain::Water)
    }

    /// Lays a road through a hex on the map, a bridge if the hex is water (R12.6); a hex
    /// off the map is ignored.
    pub fn add_road(&mut self, hex: Hex) {
        let Some(index) = self.index(hex) else {
            return;
        };
        if self.roads.is_empty() {
            self.roads = vec![false; self.terrain.len()];
        }
        if let Some(slot) = self.roads.get_mut(index) {
            *slot = true;
        }
    }

    /// Every hex of the map, row by row: a deterministic order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.height as i32)
            .flat_map(move |row| (0..self.width as i32).map(move |col| Map::hex_at(col, row)))
    }

    /// Neighbours of a hex that are on the map, in hexx's fixed direction order.
    pub fn neighbors(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        hex.all_neighbors()
            .into_iter()
            .filter(|h| self.contains(*h))
    }

    /// Hexes between a hex and an edge: 0 on the edge row or column (R8.4).
    pub fn edge_distance(&self, hex: Hex, edge: Edge) -> i32 {
        let (col, row) = Map::offset(hex);
        match edge {
            Edge::North => row,
            Edge::South => self.height as i32 - 1 - row,
            Edge::West => col,
            Edge::East => self.width as i32 - 1 - col,
        }
    }

    /// The hexes strictly between two hexes on the centre-to-centre line (R6.2), the line
    /// moved a hair to one side (`side` true) or the other. Where the line meets the edge
    /// between two hexes, running along it or crossing it at its middle, the two sides give
    /// the two hexes; elsewhere they agree. A
    /// line left unmoved would take the hex its rounding falls on, which may differ from
    /// one end to the other (a sight one way and not back) and hide a target behind a hill
    /// beside an open hex (found playing).
    pub fn between(from: Hex, to: Hex, side: bool) -> impl Iterator<Item = Hex> {
        // Far smaller than the nearest a point of a line on the map comes to a hex's edge
        // without lying on it, and far larger than `f32`'s error there.
        const NUDGE: [f32; 2] = [1e-4, 2e-4];
        let sign = if side { 1.0 } else { -1.0 };
        let nudge = hexx::Vec2::new(NUDGE[0] * sign, NUDGE[1] * sign);
        let distance = from.unsigned_distance_to(to);
        let (a, b) = (from.as_vec2() + nudge, to.as_vec2() + nudge);
        let steps = distance.max(1) as f32;
        (1..distance).map(move |i| Hex::from(a.lerp(b, i as f32 / steps)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_2_offset_rows_round_trip_through_axial() {
        for row in 0..6 {
            for col in 0..6 {
                assert_eq!(Map::offset(Map::hex_at(col, row)), (col, row));
            }
        }
        let map = Map::clear(4, 3);
        assert_eq!(map.hexes().count(), 12);
        assert!(!map.contains(Map::hex_at(4, 0)));
    }
}
