//! The order cache: what the engine remembers between queries, each unit's legal orders (R4–R7)
//! and the distance to each side's nearest unit that bounds a charge search (R4.4), kept until
//! an event changes what they depend on. In the Movement phase a unit's orders depend only on
//! itself, the ordering side and the units near the hexes its searches reached (R4.2–R4.4). An
//! enemy counts within the unit's longest move and a hex (its zone of control and its standing
//! as a charge target reach that far); a friend only where it stands in or beside a hex a
//! search reached, since a friend changes only whether the unit may enter or end in its hex
//! (R4.3). So a move forgets only the orders of units near where it started and ended; any
//! other event there, and every event of the other phases, forgets them all.

use super::{Game, Reach};
use crate::engine::command::Command;
use crate::engine::command::Order;
use crate::engine::event::{Event, MoveKind, Phase};
use crate::engine::types::{SideId, UnitId};
use hexx::Hex;

/// A unit's legal orders as worked out, with the movement searches they came from.
#[derive(Debug, Default)]
pub(super) struct KnownOrders {
    /// The orders, as [`Game::unit_orders`] gives them.
    pub orders: Vec<Command>,
    /// The searches of the Movement phase, by move kind, for the path of the order given.
    moves: Vec<(MoveKind, Reach)>,
}

impl KnownOrders {
    /// Keeps the search for moves of `kind`.
    pub fn keep(&mut self, kind: MoveKind, reach: Reach) {
        // Hustle, march, disengage and charge at most.
        self.moves.reserve(4);
        self.moves.push((kind, reach));
    }

    /// The path of a move of `kind` to `to` (start excluded) from a search kept for it, if
    /// one was and `to` is among its ends: a march may come from the hustle's search, whose
    /// cheapest paths within the march rate are the march's own.
    pub fn path(&self, kind: MoveKind, to: Hex, march: u32) -> Option<Vec<Hex>> {
        let kept = |k: MoveKind| self.moves.iter().find(|(m, _)| *m == k).map(|(_, r)| r);
        let (reach, most) = match (kind, kept(kind)) {
            (_, Some(r)) => (r, u32::MAX),
            (MoveKind::March, None) => (kept(MoveKind::Hustle)?, march),
            _ => return None,
        };
        reach
            .cost_to(to)
            .filter(|c| *c <= most)
            .map(|_| reach.path_to(to))
    }

    /// Whether a search for these orders reached `hex` (R4.1–R4.6); none did outside the
    /// Movement phase.
    pub fn reached(&self, hex: Hex) -> bool {
        self.moves.iter().any(|(_, r)| r.cost_of(hex).is_some())
    }
}

impl Game {
    /// No unit has orders to give: a decision is pending or the battle is over.
    pub(super) fn orders_closed(&self) -> bool {
        self.pending.is_some() || self.outcome.is_some()
    }

    /// Forgets the remembered orders `event` may have changed.
    pub(super) fn forget_orders(&mut self, event: &Event) {
        match event {
            _ if self.phase != Phase::Movement => self.forget_all_orders(),
            // Where it went was forgotten as it moved (`forget_orders_near`).
            Event::Moved { unit, .. } | Event::ReloadTokenRemoved { unit, .. } => {
                self.forget_unit_orders(*unit);
            }
            _ => self.forget_all_orders(),
        }
    }

    /// Forgets every unit's orders.
    fn forget_all_orders(&mut self) {
        for cell in &mut self.orders {
            cell.take();
        }
    }

    fn forget_unit_orders(&mut self, unit: UnitId) {
        if let Some(cell) = self.orders.get_mut(usize::from(unit.0)) {
            cell.take();
        }
    }

    /// Forgets the orders `side`'s unit arriving in or leaving `hex` may have changed. An
    /// enemy of the unit counts within its longest move and a hex: its search explores
    /// hexes up to that many hexes away, and reads the zone of control and charge targets
    /// one hex beyond (R4.2, R4.4). A friend counts only in or beside a hex a search
    /// reached, where it changes whether the unit may enter or end its move (R4.3).
    pub(super) fn forget_orders_near(&mut self, hex: Hex, side: SideId) {
        let near = hex.all_neighbors();
        for (u, cell) in self.units.iter().zip(&mut self.orders) {
            let within = u.pos.unsigned_distance_to(hex) <= u.profile.rate.longest() + 1;
            let forget = if u.side == side {
                within
                    && cell
                        .get()
                        .is_some_and(|k| k.reached(hex) || near.iter().any(|&n| k.reached(n)))
            } else {
                within
            };
            if forget {
                cell.take();
            }
        }
    }

    /// The hex distance from each hex of the map (by its place in the map's flat arrays) to
    /// the nearest unit of `side` on the map, `u16::MAX` if it has none. Every step of a
    /// move costs at least 1 movement point (R4.6), so no move gets there in fewer. Worked
    /// out once ([`Game::distances_to`]) and remembered until a unit of `side` moves.
    pub(super) fn distance_to(&self, side: SideId) -> &[u16] {
        side.of(&self.nearest)
            .get_or_init(|| self.distances_to(side))
    }

    /// The hex distance from `hex` to the nearest unit of `side` on the map; `None` if
    /// `side` has no unit on it. Remembered as [`Game::distance_to`] for the map's hexes,
    /// measured for a hex off it.
    pub fn distance_to_nearest(&self, side: SideId, hex: Hex) -> Option<u32> {
        let Some(index) = self.map.index(hex) else {
            return self
                .units_of(side)
                .map(|u| u.pos.unsigned_distance_to(hex))
                .min();
        };
        let d = *self.distance_to(side).get(index)?;
        (d != u16::MAX).then_some(u32::from(d))
    }

    /// Forgets the distances to `side`'s units ([`Game::distance_to`]): one of them moved.
    pub(super) fn forget_distances(&mut self, side: SideId) {
        side.of_mut(&mut self.nearest).take();
    }

    /// [`Game::distance_to`] worked out afresh.
    fn distances_to(&self, side: SideId) -> Vec<u16> {
        let units: Vec<Hex> = self.units_of(side).map(|u| u.pos).collect();
        (0..self.map.len())
            .map(|i| {
                let hex = self.map.hex_of(i);
                let d = units.iter().map(|u| u.unsigned_distance_to(hex)).min();
                d.map_or(u16::MAX, |d| u16::try_from(d).unwrap_or(u16::MAX))
            })
            .collect()
    }

    /// The path of `unit`'s move of `kind` to `to` from the searches remembered with its
    /// orders, if they were worked out and kept one for it.
    pub(super) fn remembered_path(
        &self,
        unit: UnitId,
        kind: MoveKind,
        to: Hex,
    ) -> Option<Vec<Hex>> {
        let known = self.orders.get(usize::from(unit.0))?.get()?;
        known.path(kind, to, self.unit(unit)?.profile.rate.march)
    }

    /// Whether the orders remembered for `unit` include `command`: a legal order, since they
    /// are never stale, so `check` need not search again.
    pub(super) fn remembered(&self, command: &Command) -> bool {
        let Some(unit) = command.order().and_then(Order::unit) else {
            return false;
        };
        if self.orders_closed() {
            return false;
        }
        self.orders
            .get(usize::from(unit.0))
            .and_then(|cell| cell.get())
            .is_some_and(|known| known.orders.contains(command))
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        reason = "a test that meets the unexpected should fail"
    )]
    use crate::engine::command::{Command, Order};
    use crate::engine::event::{MoveKind, Phase};
    use crate::engine::game::each_random_position;
    use crate::engine::types::SideId;
    use crate::engine::Game;

    /// R4.4: the charge search that leaves out hexes from which no enemy's side is in reach
    /// finds the same ends, and the same path to each, as the whole search; and the path a
    /// remembered search gives an order is the one a fresh search gives. Checked for every
    /// unit after every command of random battles on every shipped map.
    #[test]
    fn r4_4_bounded_charge_search_and_kept_searches_give_the_paths_of_a_fresh_search() {
        let mut checked = 0;
        each_random_position(|file, game, _| {
            if game.phase() == Phase::Movement {
                checked += same_paths(game, file);
            }
        });
        assert!(checked > 10_000, "only {checked} paths were checked");
    }

    /// The distances to each side's units the engine remembers for bounding charges (R4.4)
    /// are never stale: after every command of random battles on every shipped map they
    /// equal distances worked out afresh.
    #[test]
    fn r4_4_remembered_distances_to_the_nearest_enemy_are_never_stale() {
        each_random_position(|file, game, command| {
            for side in [SideId::A, SideId::B] {
                let fresh = game.distances_to(side);
                assert_eq!(game.distance_to(side), fresh, "{file} after {command:?}");
            }
        });
    }

    /// The distance to a side's nearest unit, on the map and off it: at Kircholm's start
    /// Mansfeld's shot stands at (3, 3), Chodkiewicz's hussars at (3, 7), the Hajduk foot at
    /// (2, 8); the map has rows 0 to 9.
    #[test]
    fn distances_to_the_nearest_unit_on_the_map_and_off_it() {
        use crate::engine::{Dice, Map};
        let scenario = crate::scenario::Scenario::default_battle().unwrap();
        let game = Game::new(scenario.setup, Dice::seeded(1)).unwrap();
        let at = |c, r| Map::hex_at(c, r);
        assert_eq!(game.distance_to_nearest(SideId::A, at(2, 3)), Some(1));
        assert_eq!(game.distance_to_nearest(SideId::A, at(-1, 3)), Some(4));
        assert_eq!(game.distance_to_nearest(SideId::B, at(3, 7)), Some(0));
        assert_eq!(game.distance_to_nearest(SideId::B, at(2, 11)), Some(3));
    }

    /// Compares the bounded and kept searches of every unit with fresh ones; the number of
    /// paths compared.
    fn same_paths(game: &Game, file: &str) -> usize {
        let mut checked = 0;
        for u in game.units() {
            let (bounded, whole) = (game.charge_reach(u.id), game.reach(u.id, MoveKind::Charge));
            assert_eq!(bounded.ends(), whole.ends(), "{file}: charges of {}", u.id);
            for &(to, _) in whole.ends() {
                assert_eq!(bounded.path_to(to), whole.path_to(to), "{file}: {}", u.id);
                checked += 1;
            }
            for command in game.unit_orders(u.id) {
                let (kind, to) = match command {
                    Command::Order(Order::March { to, .. }) => (MoveKind::March, *to),
                    Command::Order(Order::Hustle { to, .. }) => (MoveKind::Hustle, *to),
                    Command::Order(Order::Disengage { to, .. }) => (MoveKind::Disengage, *to),
                    Command::Order(Order::Charge { to, .. }) => (MoveKind::Charge, *to),
                    _ => continue,
                };
                let kept = game.remembered_path(u.id, kind, to).unwrap();
                assert_eq!(
                    kept,
                    game.reach(u.id, kind).path_to(to),
                    "{file}: {command:?}"
                );
                checked += 1;
            }
        }
        checked
    }
}
