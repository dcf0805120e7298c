//! What the engine remembers between queries: each unit's legal orders (R4–R7), kept until
//! an event changes what they depend on. In the Movement phase a unit's orders depend only
//! on itself, the ordering side and the units within its longest move of it (R4.2–R4.4), so
//! a move forgets only the orders of units near where it started and ended; any other
//! event there, and every event of the other phases, forgets them all.

use super::Game;
use crate::engine::command::Command;
use crate::engine::command::Order;
use crate::engine::event::{Event, Phase};
use crate::engine::types::UnitId;
use hexx::Hex;

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

    /// Forgets the orders of every unit that could reach beside `hex`, where a unit arrives
    /// or leaves: its longest move explores hexes up to that many hexes away, and reads the
    /// zone of control and charge targets one hex beyond (R4.2, R4.4).
    pub(super) fn forget_orders_near(&mut self, hex: Hex) {
        for (u, cell) in self.units.iter().zip(&mut self.orders) {
            if u.pos.unsigned_distance_to(hex) <= u.profile.rate.longest() + 1 {
                cell.take();
            }
        }
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
            .is_some_and(|orders| orders.contains(command))
    }
}
