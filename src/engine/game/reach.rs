//! Reach (R4.1–R4.6): the hexes a unit can end a move of one kind in, with the cheapest
//! cost under terrain (R4.6) and the path to each, stopping where it enters an enemy's
//! side (R4.2) and passing only the units R4.3 lets it pass. The search runs over a flat
//! frame, the part of the map within the move's budget of the unit, in offset rows and
//! columns, so it costs the same on any map and allocates nothing per step.

use super::retreat::passes;
use super::{Game, Unit};
use crate::engine::event::MoveKind;
use crate::engine::map::Map;
use crate::engine::types::{SideId, UnitId};
use hexx::Hex;
use std::cell::RefCell;

/// Not reached, or no hex before it.
const NONE: u32 = u32::MAX;

/// The six neighbours of a hex in offset columns and rows, for even and odd rows ("odd-r":
/// odd rows sit half a hex to the right).
const NEIGHBOURS: [[(i32, i32); 6]; 2] = [
    [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
    [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
];

/// A rectangle of the map in offset columns and rows, where a search runs: every hex within
/// `radius` hexes of the centre, since a step changes the row and the column by at most 1.
/// Its slots run row by row with a border one slot wide all round, which the search takes
/// as already settled, so a step never needs a bounds check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Frame {
    col: i32,
    row: i32,
    cols: i32,
    rows: i32,
    /// Width of the whole map, to find a hex's place in the map's flat arrays.
    map_width: i32,
}

impl Frame {
    pub(super) fn around(map: &Map, centre: Hex, radius: u32) -> Frame {
        let (c, r) = Map::offset(centre);
        let radius = radius.min(crate::engine::map::MAX_MAP_SIDE) as i32;
        let (w, h) = (map.width() as i32, map.height() as i32);
        let (col, row) = ((c - radius).max(0), (r - radius).max(0));
        Frame {
            col,
            row,
            cols: ((c + radius).min(w - 1) - col + 1).max(0),
            rows: ((r + radius).min(h - 1) - row + 1).max(0),
            map_width: w,
        }
    }

    /// Slots, border included.
    pub(super) fn len(&self) -> usize {
        ((self.cols + 2) * (self.rows + 2)) as usize
    }

    /// The slot of the hex in column `c`, row `r`, if it lies inside the frame.
    #[inline]
    fn slot(&self, (c, r): (i32, i32)) -> Option<usize> {
        let (dc, dr) = (c - self.col, r - self.row);
        let inside = (0..self.cols).contains(&dc) && (0..self.rows).contains(&dr);
        inside.then_some(((dr + 1) * (self.cols + 2) + dc + 1) as usize)
    }

    /// The slot of `hex`, if it lies inside the frame.
    #[inline]
    pub(super) fn slot_of(&self, hex: Hex) -> Option<usize> {
        let near = |v: i32| (-(1 << 20)..1 << 20).contains(&v);
        // Far off any map, hostile coordinates must not overflow the offset below.
        (near(hex.x) && near(hex.y))
            .then(|| self.slot(Map::offset(hex)))
            .flatten()
    }

    /// Column and row of a slot.
    #[inline]
    pub(super) fn cell(&self, slot: usize) -> (i32, i32) {
        let (slot, width) = (slot as i32, self.cols + 2);
        (self.col + slot % width - 1, self.row + slot / width - 1)
    }

    /// Where column `c`, row `r` of the frame lies in the map's flat arrays.
    #[inline]
    fn map_index(&self, (c, r): (i32, i32)) -> usize {
        (r * self.map_width + c) as usize
    }

    /// Where column and row `at` lies in the frame, as a number whose order is that of
    /// rows, then columns (the order of slots) and which gives back the column and row
    /// without a division: `row << 16 | column`, counted from the frame's corner.
    pub(super) fn place(&self, (c, r): (i32, i32)) -> u32 {
        ((r - self.row) as u32 & 0xFFFF) << 16 | ((c - self.col) as u32 & 0xFFFF)
    }

    /// The ends a search `found` (`cost << 32 | place`, cheapest first) as hexes and costs:
    /// cheapest first, then by row and column.
    #[inline]
    pub(super) fn ends(&self, found: &mut [u64]) -> Vec<(Hex, u32)> {
        // Hexes settle cheapest first, so only the hexes of one cost need sorting.
        for same_cost in found.chunk_by_mut(|a, b| a >> 32 == b >> 32) {
            same_cost.sort_unstable();
        }
        found
            .iter()
            .map(|&k| {
                let (c, r) = (k as i32 & 0xFFFF, (k >> 16) as i32 & 0xFFFF);
                (Map::hex_at(self.col + c, self.row + r), (k >> 32) as u32)
            })
            .collect()
    }

    /// How far each neighbour of a hex in an even or odd row lies, in slots and in places
    /// of the map's flat arrays, in the order of `NEIGHBOURS`.
    pub(super) fn steps(&self) -> Steps {
        let (width, map_width) = ((self.cols + 2) as isize, self.map_width as isize);
        NEIGHBOURS.map(|row| {
            row.map(|(dc, dr)| {
                let (dc, dr) = (dc as isize, dr as isize);
                (dr * width + dc, dr * map_width + dc)
            })
        })
    }
}

/// How far each neighbour of a hex in an even or odd row lies, in frame slots and in places
/// of the map's flat arrays ([`Frame::steps`]).
pub(super) type Steps = [[(isize, isize); 6]; 2];

/// A hex as a number whose order is the order of axial `(q, r)`: the order ties within one
/// cost are broken in (rows on the map are never negative).
pub(super) fn key((c, r): (i32, i32)) -> u32 {
    let q = c - (r >> 1);
    ((q + (1 << 15)) as u32 & 0xFFFF) << 16 | ((r + (1 << 15)) as u32 & 0xFFFF)
}

fn unkey(key: u32) -> (i32, i32) {
    let (q, r) = (
        (key >> 16) as i32 - (1 << 15),
        (key & 0xFFFF) as i32 - (1 << 15),
    );
    (q + (r >> 1), r)
}

/// A set of unit ids as bits, so a search asks about a unit in constant time however many
/// units a planner supposes (hundreds in a large battle).
#[derive(Clone, Debug, Default)]
pub(super) struct Ids(Vec<u64>);

impl Ids {
    /// No unit.
    pub const EMPTY: Ids = Ids(Vec::new());

    /// The set of `ids`.
    pub fn of(ids: &[UnitId]) -> Ids {
        let mut bits = Vec::new();
        for id in ids {
            let (word, bit) = (usize::from(id.0) / 64, id.0 % 64);
            if bits.len() <= word {
                bits.resize(word + 1, 0);
            }
            if let Some(w) = bits.get_mut(word) {
                *w |= 1 << bit;
            }
        }
        Ids(bits)
    }

    #[inline]
    fn contains(&self, id: UnitId) -> bool {
        self.0
            .get(usize::from(id.0) / 64)
            .is_some_and(|w| w >> (id.0 % 64) & 1 == 1)
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }
}

/// A planner's supposition about the field (never a rule): units taken as gone from the map,
/// and units taken to exert no zone of control because they may move away first.
#[derive(Clone, Copy, Debug)]
pub(super) struct Supposing<'s> {
    pub absent: &'s Ids,
    pub inert: &'s Ids,
}

impl Supposing<'_> {
    /// The field as it stands.
    pub const NONE: Supposing<'static> = Supposing {
        absent: &Ids::EMPTY,
        inert: &Ids::EMPTY,
    };

    fn is_none(&self) -> bool {
        self.absent.is_empty() && self.inert.is_empty()
    }
}

/// Where a charge search heads (R4.4: a charge ends beside an enemy): the hex distance
/// from each hex to the nearest enemy, by the hex's place in the map's flat arrays
/// (`Game::distance_to`). Every step costs at least 1, so from a hex `d` steps from the
/// nearest enemy no charge ends for less than `d - 1` more; a hex reached with less than
/// that left is of no use to the charge and is left out. This changes neither the ends nor
/// the cheapest path to any: a hex `p` on such a path to end `e` has `d(p) <= steps(p, e) +
/// 1 <= budget - cost(p) + 1`, so it passes. `None`: every hex is of use.
#[derive(Clone, Copy, Debug)]
pub(super) struct Toward<'d>(pub Option<&'d [u16]>);

impl Toward<'_> {
    /// No hex is left out.
    pub const ANYWHERE: Toward<'static> = Toward(None);

    /// Whether map hex `index` lies more than `left` movement points from every hex beside
    /// the enemies headed for.
    #[inline]
    fn beyond(&self, index: usize, left: u32) -> bool {
        self.0
            .and_then(|d| d.get(index))
            .is_some_and(|&d| u32::from(d) > left + 1)
    }
}

/// Empties every bucket, keeping its capacity, and makes one for each cost up to `budget`.
pub(super) fn clear_buckets(buckets: &mut Vec<Vec<u64>>, budget: u32) {
    buckets.resize_with(buckets.len().max(budget as usize + 1), Vec::new);
    buckets.iter_mut().for_each(Vec::clear);
}

thread_local! {
    /// The search's buckets, one per cost, of hexes as `key << 32 | slot`, kept between
    /// searches so none allocates.
    pub(super) static BUCKETS: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
    /// The ends a search found, kept between searches.
    static FOUND: std::cell::Cell<Vec<u64>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The hexes a unit can reach with one kind of move, with the cheapest cost (movement
/// points) and path to each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    frame: Frame,
    /// Each slot of the frame: the cost to its hex, `NONE` where not reached, and the slot
    /// of the hex before it on its cheapest path: one array, so one allocation for both.
    slots: Vec<Slot>,
    ends: Vec<(Hex, u32)>,
    /// Every hex the search reached is at most this many hexes from the start: its budget,
    /// since every step costs at least 1.
    radius: u32,
}

/// A slot of a search's frame: the cost to its hex and the slot before it on the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    cost: u32,
    prev: u32,
}

impl Reach {
    fn new(frame: Frame, radius: u32) -> Reach {
        // The border costs 0: settled, so never entered.
        let border = Slot {
            cost: 0,
            prev: NONE,
        };
        let mut slots = vec![border; frame.len()];
        let (width, cols) = ((frame.cols + 2) as usize, frame.cols as usize);
        for r in 1..=frame.rows as usize {
            if let Some(row) = slots.get_mut(r * width + 1..r * width + 1 + cols) {
                row.fill(Slot {
                    cost: NONE,
                    prev: NONE,
                });
            }
        }
        Reach {
            frame,
            slots,
            ends: Vec::new(),
            radius,
        }
    }

    /// Hexes where the move may end, with their movement cost, cheapest first, then by row
    /// and column.
    pub fn ends(&self) -> &[(Hex, u32)] {
        &self.ends
    }

    /// Hexes from the unit's start within which every hex the search reached lies (its
    /// movement budget, since every step costs at least 1): beyond it `cost_of` is `None`.
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// Cost of the cheapest path to `hex`, if the search reached it, whether or not the move
    /// may end there (a hex of friends passed through, R4.3).
    pub fn cost_of(&self, hex: Hex) -> Option<u32> {
        let c = self.slots.get(self.frame.slot_of(hex)?)?.cost;
        (c != NONE).then_some(c)
    }

    /// The frame the search ran over.
    pub(super) fn frame(&self) -> Frame {
        self.frame
    }

    /// Cost of the cheapest path to the hex of frame slot `slot`, if reached.
    pub(super) fn cost_at(&self, slot: usize) -> Option<u32> {
        self.slots.get(slot).map(|s| s.cost).filter(|&c| c != NONE)
    }

    /// The frame slot of the hex before slot `slot` on its cheapest path, if any.
    pub(super) fn prev_at(&self, slot: usize) -> Option<usize> {
        self.slots
            .get(slot)
            .map(|s| s.prev)
            .filter(|&p| p != NONE)
            .map(|p| p as usize)
    }

    /// Makes frame slot `from` the hex before slot `slot` on its cheapest path.
    pub(super) fn set_prev(&mut self, slot: usize, from: usize) {
        if let Some(s) = self.slots.get_mut(slot) {
            s.prev = from as u32;
        }
    }

    /// Replaces the ends at the frame slots `settled` with those a search `found` there
    /// (`cost << 32 | place`), keeping the order of [`Reach::ends`].
    pub(super) fn merge_ends(&mut self, settled: &[usize], found: &mut Vec<u64>) {
        let frame = self.frame;
        let kept = self.ends.iter().filter_map(|&(h, cost)| {
            let slot = frame.slot_of(h)?;
            let at = Map::offset(h);
            (!settled.contains(&slot)).then(|| u64::from(cost) << 32 | u64::from(frame.place(at)))
        });
        found.extend(kept);
        found.sort_unstable();
        self.ends = frame.ends(found);
    }

    /// Cost to end in `hex`, if the move may end there.
    pub fn cost_to(&self, hex: Hex) -> Option<u32> {
        self.ends.iter().find(|(h, _)| *h == hex).map(|(_, c)| *c)
    }

    /// The path to `hex`, start excluded.
    pub fn path_to(&self, hex: Hex) -> Vec<Hex> {
        let mut path = vec![hex];
        let mut at = self
            .frame
            .slot_of(hex)
            .and_then(|s| self.slots.get(s).map(|s| s.prev));
        while let Some(p) = at.filter(|p| *p != NONE) {
            let (c, r) = self.frame.cell(p as usize);
            path.push(Map::hex_at(c, r));
            at = self.slots.get(p as usize).map(|s| s.prev);
        }
        path.reverse();
        path.remove(0);
        path
    }
}

impl Game {
    /// Dijkstra over the frame from the unit's hex, taking hexes by `(cost, q, r)` so the
    /// paths found never depend on anything but the position. Costs are small whole
    /// numbers and every step costs at least 1, so a bucket per cost replaces the heap: a
    /// bucket is full before it is taken.
    ///
    /// With `toward`, a hex is left unreached if no hex beside those enemies could be
    /// reached through it within the budget (see [`Toward`]).
    pub(super) fn search(
        &self,
        (u, kind, budget): (&Unit, MoveKind, u32),
        s: Supposing,
        toward: Toward,
    ) -> Reach {
        let mut reach = Reach::new(Frame::around(&self.map, u.pos, budget), budget);
        let Some(start) = reach.frame.slot_of(u.pos) else {
            return reach;
        };
        let budget = self.bucket_budget(reach.frame, budget);
        if let Some(c) = reach.slots.get_mut(start) {
            c.cost = 0;
        }
        let mut found = FOUND.take();
        found.clear();
        BUCKETS.with_borrow_mut(|buckets| {
            let first = u64::from(key(reach.frame.cell(start))) << 32 | start as u64;
            let into = (&mut reach, &mut found, buckets);
            self.settle_all((u, kind, s, toward), (first, budget), into);
        });
        reach.ends = reach.frame.ends(&mut found);
        FOUND.set(found);
        reach
    }

    /// The costs a search over `frame` needs buckets for: `budget`, or less for a budget
    /// from outlandish rates, since no cheapest path in the frame costs more than a dearest
    /// step per hex.
    pub(super) fn bucket_budget(&self, frame: Frame, budget: u32) -> u32 {
        let most =
            (frame.len() as u64 * u64::from(self.grid.dearest_step())).min(u64::from(u32::MAX));
        budget.min(most as u32)
    }

    /// Settles the hexes of the search cheapest first from bucket entry `first` (the
    /// start, `key << 32 | slot`), a bucket of entries per cost up to `budget`.
    #[inline]
    fn settle_all(
        &self,
        mover: (&Unit, MoveKind, Supposing, Toward),
        (first, budget): (u64, u32),
        (reach, found, buckets): (&mut Reach, &mut Vec<u64>, &mut Vec<Vec<u64>>),
    ) {
        clear_buckets(buckets, budget);
        if let Some(bucket) = buckets.first_mut() {
            bucket.push(first);
        }
        self.settle(mover, budget, (reach, found, buckets), |_| {});
    }

    /// Settles the entries in the buckets (`key << 32 | slot`, a bucket per cost up to
    /// `budget`) cheapest first, handing `settled` each slot as it settles; an entry left
    /// behind by a cheaper one later is passed over. The buckets may outnumber the costs,
    /// kept from an earlier search, and keep their capacity for the next.
    #[inline(always)]
    pub(super) fn settle(
        &self,
        mover: (&Unit, MoveKind, Supposing, Toward),
        budget: u32,
        (reach, found, buckets): (&mut Reach, &mut Vec<u64>, &mut [Vec<u64>]),
        mut settled: impl FnMut(usize),
    ) {
        let steps = reach.frame.steps();
        for cost in 0..=budget as usize {
            let Some(mut bucket) = buckets.get_mut(cost).map(std::mem::take) else {
                break;
            };
            bucket.sort_unstable();
            for &entry in &bucket {
                let slot = entry as u32 as usize;
                if reach.cost_at(slot) == Some(cost as u32) {
                    settled(slot);
                }
                let step = (cost as u32, budget, entry);
                self.expand(mover, step, (&mut *reach, &steps, &mut *found), buckets);
            }
            bucket.clear();
            if let Some(slot) = buckets.get_mut(cost) {
                *slot = bucket;
            }
        }
    }

    /// Settles the hex of bucket entry `entry` (`key << 32 | slot`), reached for `cost`:
    /// unless it was reached more cheaply since it was put in this bucket, records it in
    /// `found` (`cost << 32 | place`) if the move may end there, and relaxes its neighbours
    /// into the buckets, up to `budget` (the buckets may outnumber it, kept from an earlier
    /// search). `steps` are the frame's [`Frame::steps`].
    #[inline(always)]
    fn expand(
        &self,
        mover @ (u, kind, s, _): (&Unit, MoveKind, Supposing, Toward),
        (cost, budget, entry): (u32, u32, u64),
        (reach, steps, found): (&mut Reach, &Steps, &mut Vec<u64>),
        buckets: &mut [Vec<u64>],
    ) {
        let (at, slot) = (unkey((entry >> 32) as u32), entry as u32 as usize);
        let here = reach.frame.map_index(at);
        if reach.slots.get(slot).is_some_and(|c| c.cost < cost) {
            return;
        }
        let beside = self.zone_supposing(here, u.side.other(), s);
        if self.ends_in(u, kind, (cost, here, at), beside, s) {
            found.push(u64::from(cost) << 32 | u64::from(reach.frame.place(at)));
        }
        if cost > 0 && beside {
            return; // R4.2: entering an enemy's side stops the move.
        }
        let parity = (at.1 & 1) as usize;
        let (Some(neighbours), Some(offsets)) = (NEIGHBOURS.get(parity), steps.get(parity)) else {
            return;
        };
        let raised = self.grid.raised(here);
        for (&(dc, dr), &(to, there)) in neighbours.iter().zip(offsets) {
            let to = slot.wrapping_add_signed(to);
            let there = here.wrapping_add_signed(there);
            let Some(total) = self.step(mover, (cost, budget, raised), (here, to, there), reach)
            else {
                continue;
            };
            let (Some(bucket), Some(next)) =
                (buckets.get_mut(total as usize), reach.slots.get_mut(to))
            else {
                continue;
            };
            (next.cost, next.prev) = (total, slot as u32);
            bucket.push(u64::from(key((at.0 + dc, at.1 + dr))) << 32 | to as u64);
        }
    }

    /// The cost of a step from map hex `here`, settled for `cost` (on raised ground or not),
    /// into frame slot `to`, map hex `there`, if the mover may enter it (R4.3, R4.5, R12.6)
    /// and reaches it within `budget` more cheaply than before, and it is of use to the move
    /// ([`Toward`]). A march or hustle goes along roads for 1 a hex (R12.6).
    #[inline]
    fn step(
        &self,
        (u, kind, s, toward): (&Unit, MoveKind, Supposing, Toward),
        (cost, budget, raised): (u32, u32, bool),
        (here, to, there): (usize, usize, usize),
        reach: &Reach,
    ) -> Option<u32> {
        // Every step costs at least 1 (rules.ron is checked for it): a hex reached for
        // `cost + 1` or less, and the frame's border, are settled. This keeps the search
        // inside its frame and each bucket closed before it is taken.
        let known = reach.slots.get(to).map_or(0, |s| s.cost);
        if known <= cost + 1 {
            return None;
        }
        let marching = matches!(kind, MoveKind::March | MoveKind::Hustle);
        let total = cost + self.grid.step_along(here, there, raised, marching)?.max(1);
        if total > budget || total >= known || !self.may_enter(u, kind, there, s) {
            return None;
        }
        (!toward.beyond(there, budget - total)).then_some(total)
    }

    /// The unit in map hex `index`, unless it is supposed gone.
    fn occupant_supposing(&self, index: usize, s: Supposing) -> Option<UnitId> {
        self.grid.occupant(index).filter(|o| !s.absent.contains(*o))
    }

    /// Whether a unit of `side` stands beside map hex `index` (R4.2), leaving out the units
    /// supposed gone or inert.
    #[inline]
    pub(super) fn zone_supposing(&self, index: usize, side: SideId, s: Supposing) -> bool {
        if s.is_none() {
            self.grid.beside(index, side)
        } else {
            self.zone_without(index, side, s)
        }
    }

    /// [`Game::zone_supposing`] when some units are supposed gone or inert.
    #[inline(never)]
    fn zone_without(&self, index: usize, side: SideId, s: Supposing) -> bool {
        // Supposing units away only takes zones away: with none of `side` beside the hex,
        // there is nothing to ask of its neighbours.
        if !self.grid.beside(index, side) {
            return false;
        }
        let hex = self.map.hex_of(index);
        hex.all_neighbors().into_iter().any(|n| {
            self.unit_at(n).is_some_and(|o| {
                o.side == side && !s.absent.contains(o.id) && !s.inert.contains(o.id)
            })
        })
    }

    /// R4.3, R4.5: enemies block; friends block chargers and non-permeable pairs;
    /// disengaging units may not enter an enemy's side. `index` is the hex's place in the
    /// map's flat arrays.
    pub(super) fn may_enter(&self, u: &Unit, kind: MoveKind, index: usize, s: Supposing) -> bool {
        if kind == MoveKind::Disengage && self.zone_supposing(index, u.side.other(), s) {
            return false;
        }
        match self.occupant_supposing(index, s).and_then(|o| self.unit(o)) {
            None => true,
            Some(o) if o.side != u.side => false,
            Some(o) => kind != MoveKind::Charge && passes(u, o),
        }
    }

    /// Whether a move may end in map hex `here` (column and row `at`), reached for `cost`
    /// and `beside` an enemy or not: an empty hex (or, for a charge, its own), and for a
    /// charge one beside an enemy on ground the charger may enter (R4.4).
    #[inline]
    fn ends_in(
        &self,
        u: &Unit,
        kind: MoveKind,
        (cost, here, at): (u32, usize, (i32, i32)),
        beside: bool,
        s: Supposing,
    ) -> bool {
        let charge = kind == MoveKind::Charge;
        let free = self.occupant_supposing(here, s).is_none_or(|o| o == u.id);
        let moves = cost > 0 || charge;
        let strikes = !charge || (beside && self.charge_ground_ok(u, Map::hex_at(at.0, at.1)));
        free && moves && strikes
    }
}
