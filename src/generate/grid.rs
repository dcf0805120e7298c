//! The generator's grid: hexes by flat index over a `width × height` map of offset rows
//! (R1.2, as [`crate::engine::Map`] lays them out), the half turn that makes the ground
//! fair to both sides, distances, and the least-cost path search that lays rivers and
//! roads (Dijkstra, ties broken by index so the same costs give the same path).

use crate::engine::Map;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A rectangular grid of hexes in the engine's "odd-r" offset layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl Grid {
    /// Number of hexes.
    pub fn len(self) -> usize {
        (self.width.max(0) * self.height.max(0)) as usize
    }

    /// Always false for a map of at least one hex.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The flat index of `(col, row)`, if on the grid.
    pub fn index(self, (col, row): (i32, i32)) -> Option<usize> {
        let inside = (0..self.width).contains(&col) && (0..self.height).contains(&row);
        inside.then(|| (row * self.width + col) as usize)
    }

    /// The `(col, row)` of a flat index.
    pub fn place(self, i: usize) -> (i32, i32) {
        let i = i as i32;
        (i % self.width.max(1), i / self.width.max(1))
    }

    /// The hex a half turn about the map's centre puts in place of hex `i`. With an even
    /// number of rows this is an exact rotation of the hex grid (odd rows become even and
    /// their half-hex shift turns with them), and with an even width no hex is its own
    /// turn, so every hex pairs with another.
    pub fn turned(self, i: usize) -> usize {
        let (col, row) = self.place(i);
        self.index((self.width - 1 - col, self.height - 1 - row))
            .unwrap_or(i)
    }

    /// The indices of the hexes next to hex `i`, in hexx's fixed direction order.
    pub fn neighbours(self, i: usize) -> impl Iterator<Item = usize> {
        let (col, row) = self.place(i);
        Map::hex_at(col, row)
            .all_neighbors()
            .into_iter()
            .filter_map(move |h| self.index(Map::offset(h)))
    }

    /// Hexes between two hexes (R1.2).
    pub fn distance(self, a: usize, b: usize) -> u32 {
        let (ca, ra) = self.place(a);
        let (cb, rb) = self.place(b);
        Map::hex_at(ca, ra).unsigned_distance_to(Map::hex_at(cb, rb))
    }

    /// The cheapest path from `from` to any hex `goal` accepts, both ends included, paying
    /// `cost` to enter each hex (`None`: it cannot be entered); `None` if no such path.
    pub fn cheapest_path(
        self,
        from: usize,
        goal: impl Fn(usize) -> bool,
        cost: impl Fn(usize) -> Option<u32>,
    ) -> Option<Vec<usize>> {
        let mut best = vec![u32::MAX; self.len()];
        let mut came = vec![usize::MAX; self.len()];
        let mut open = BinaryHeap::new();
        *best.get_mut(from)? = 0;
        open.push(Reverse((0u32, from)));
        while let Some(Reverse((spent, at))) = open.pop() {
            if spent > best.get(at).copied().unwrap_or(0) {
                continue;
            }
            if goal(at) {
                return Some(self.walk_back(&came, from, at));
            }
            for next in self.neighbours(at) {
                let Some(step) = cost(next) else { continue };
                let total = spent.saturating_add(step);
                if let (Some(b), Some(c)) = (best.get_mut(next), came.get_mut(next)) {
                    if total < *b {
                        *b = total;
                        *c = at;
                        open.push(Reverse((total, next)));
                    }
                }
            }
        }
        None
    }

    fn walk_back(self, came: &[usize], from: usize, to: usize) -> Vec<usize> {
        let mut path = vec![to];
        let mut at = to;
        while at != from {
            match came.get(at) {
                Some(&prev) if prev != usize::MAX => {
                    path.push(prev);
                    at = prev;
                }
                _ => break,
            }
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The half turn is a symmetry of the hex grid: hexes next to each other stay next to
    /// each other once turned, on every quick-battle map size.
    #[test]
    fn the_half_turn_keeps_neighbours_neighbours_and_fixes_no_hex() {
        for (width, height) in [(16, 10), (22, 14), (30, 18)] {
            let grid = Grid { width, height };
            for i in 0..grid.len() {
                assert_ne!(grid.turned(i), i);
                assert_eq!(grid.turned(grid.turned(i)), i);
                for n in grid.neighbours(i) {
                    assert_eq!(grid.distance(grid.turned(i), grid.turned(n)), 1);
                }
            }
        }
    }
}
