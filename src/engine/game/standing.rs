//! Standing orders in play (issue 28, R12.7's computer orders): each unit's order as a
//! query, the release of an order's units when an enemy comes within its distance (checked
//! at the end of each phase and logged as `OrdersReleased`), and new orders an event gives
//! (`OrdersChanged`). The engine only records them; the computer obeys them.

use super::Game;
use crate::engine::event::Event;
use crate::engine::orders::{OrderEntry, ReleaseReason, Standing, StandingOrder};
use crate::engine::types::UnitId;

/// The order of a unit no entry names.
static FREE: StandingOrder = StandingOrder::Free;

impl Game {
    /// The standing order the computer keeps for `unit` now; `Free` for a unit under none
    /// (or an id the game does not know).
    pub fn standing_order(&self, unit: UnitId) -> &StandingOrder {
        self.standing
            .get(usize::from(unit.0))
            .map_or(&FREE, |s| &s.order)
    }

    /// The distance in hexes at which an enemy releases `unit`'s standing order, if its
    /// order (still the scenario's) gives one.
    pub fn release_within(&self, unit: UnitId) -> Option<u32> {
        let s = self.standing.get(usize::from(unit.0))?;
        let entry = self.order_entries.get(s.entry?)?;
        entry
            .release_within
            .filter(|_| s.order != StandingOrder::Free)
    }

    /// Releases, entry by entry, every order an enemy on the map has come within the
    /// distance of (one `OrdersReleased` for all the entry's units still under it). Called
    /// at the end of each phase; does nothing once the battle is over.
    pub(super) fn release_standing_orders(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let releases: Vec<(Vec<UnitId>, ReleaseReason)> = (self.order_entries.iter())
            .enumerate()
            .filter_map(|(i, e)| self.release_of(i, e))
            .collect();
        for (units, reason) in releases {
            self.emit(Event::OrdersReleased { units, reason });
        }
    }

    /// The units of entry `index` still under it and why they are released, if an enemy
    /// on the map stands within its distance of one of them on the map (first unit by id,
    /// then first enemy by id, so the reason is always the same).
    fn release_of(&self, index: usize, entry: &OrderEntry) -> Option<(Vec<UnitId>, ReleaseReason)> {
        let within = entry.release_within?;
        let under: Vec<UnitId> = (entry.units.iter().copied())
            .filter(|id| {
                self.standing
                    .get(usize::from(id.0))
                    .is_some_and(|s| s.entry == Some(index) && s.order != StandingOrder::Free)
            })
            .collect();
        let reason = (under.iter().filter_map(|id| self.unit(*id)))
            .filter(|u| u.on_map())
            .find_map(|u| {
                let enemy = (self.units_of(u.side.other()))
                    .find(|e| e.pos.unsigned_distance_to(u.pos) <= within)?;
                Some(ReleaseReason::EnemyNear {
                    enemy: enemy.id,
                    unit: u.id,
                    within,
                })
            })?;
        Some((under, reason))
    }

    /// Gives `units` the standing `order`, no longer under their scenario entry.
    pub(super) fn set_standing(&mut self, units: &[UnitId], order: &StandingOrder) {
        for id in units {
            if let Some(s) = self.standing.get_mut(usize::from(id.0)) {
                *s = Standing {
                    order: order.clone(),
                    entry: None,
                };
            }
        }
    }

    /// Gives `units` a new standing order as an event's effect (R12.7), logged as
    /// `OrdersChanged` so a replay is exact; ids the game does not know are left out.
    #[cfg_attr(
        not(test),
        allow(
            dead_code,
            reason = "R12.7's `Orders` effect calls it once events are merged"
        )
    )]
    pub(crate) fn change_orders(&mut self, units: &[UnitId], order: StandingOrder) {
        let units: Vec<UnitId> = (units.iter().copied())
            .filter(|id| self.unit(*id).is_some())
            .collect();
        if !units.is_empty() {
            self.emit(Event::OrdersChanged { units, order });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::event::Event;
    use crate::engine::types::UnitId;
    use crate::engine::{Map, StandingOrder};

    /// R12.7 (an event's "new computer orders"): `change_orders` logs `OrdersChanged` for
    /// the units the game knows and applying it sets their order, with no release distance
    /// left from the scenario's; replaying the logged event gives the same state.
    #[test]
    fn r12_7_new_orders_are_logged_and_applied_and_replay_exactly() {
        let mut done = false;
        crate::engine::each_shipped_battle(|_, _, mut game| {
            if done {
                return;
            }
            done = true;
            let order = StandingOrder::Hold {
                hex: Map::hex_at(3, 4),
            };
            let mut copy = game.clone();
            game.change_orders(&[UnitId(1), UnitId(60_000), UnitId(0)], order.clone());
            let changed = Event::OrdersChanged {
                units: vec![UnitId(1), UnitId(0)],
                order: order.clone(),
            };
            assert_eq!(game.log().last(), Some(&changed));
            assert_eq!(game.standing_order(UnitId(0)), &order);
            assert_eq!(game.standing_order(UnitId(1)), &order);
            assert_eq!(game.standing_order(UnitId(2)), &StandingOrder::Free);
            assert_eq!(game.release_within(UnitId(0)), None);
            copy.emit(changed);
            assert_eq!(copy.standing, game.standing);
            game.change_orders(&[UnitId(60_000)], StandingOrder::Free);
            assert_eq!(game.log().last(), copy.log().last());
        });
        assert!(done);
    }
}
