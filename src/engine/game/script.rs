//! The scenario's scripted battle (R12.1, R12.2, R12.3, R12.7): reserves arriving at the
//! start of their side's Movement orders, or delayed while every hex of their list is taken;
//! the scenario's events checked at the start of each turn and at the end of each phase, in
//! one pass, their effects emitted as events in the listed order (a message, a release, a
//! defection, a change of terrain, the battle's end); and `apply` for those events, which
//! never rolls, so a replay of the commands gives the same battle.

use super::{grid, Game};
use crate::engine::event::{EndReason, Event, Phase};
use crate::engine::map::Terrain;
use crate::engine::script::{Effect, Trigger};
use crate::engine::types::{SideId, Status, UnitId};
use hexx::Hex;

impl Game {
    /// R12.7: checks every scenario event, in the scenario's order, in one pass: the
    /// triggers are read first, so an effect fires no other event before the next check.
    /// Stops once an effect ends the battle.
    pub(super) fn check_scenario_events(&mut self) {
        let due: Vec<usize> = (self.events.iter().enumerate())
            .filter(|(i, e)| (e.repeat || !self.has_fired(*i)) && self.holds(&e.when))
            .map(|(i, _)| i)
            .collect();
        for index in due {
            if self.outcome.is_some() {
                return;
            }
            self.fire(index);
        }
    }

    /// Whether a trigger holds now (R12.7).
    fn holds(&self, trigger: &Trigger) -> bool {
        let every = |ids: &[UnitId], pred: &dyn Fn(&super::Unit) -> bool| {
            !ids.is_empty() && ids.iter().all(|id| self.unit(*id).is_some_and(pred))
        };
        match trigger {
            Trigger::Turn(n) => self.turn >= *n,
            Trigger::Lost(ids) => every(ids, &|u| u.fate.is_some()),
            Trigger::Fleeing(ids) => every(ids, &|u| {
                u.fate == Some(super::Fate::Routed) || (u.on_map() && u.status == Status::Fleeing)
            }),
            Trigger::Holds { side, objective } => (self.objectives.get(*objective))
                .and_then(|o| self.unit_at(o.hex))
                .is_some_and(|u| u.side == *side),
            Trigger::Losses { side, percent } => {
                let start = u64::from(self.side(*side).start_uhp);
                start > 0 && u64::from(self.losses(*side)) * 100 >= start * u64::from(*percent)
            }
        }
    }

    /// Fires the event at `index`: logs it, then each effect in order (R12.7).
    fn fire(&mut self, index: usize) {
        let Some(event) = self.events.get(index).cloned() else {
            return;
        };
        self.emit(Event::ScenarioEventFired {
            event: u32::try_from(index).unwrap_or(u32::MAX),
        });
        for effect in &event.then {
            if self.outcome.is_some() {
                return;
            }
            self.take_effect(index, effect);
        }
    }

    /// One effect of the event at `index` (R12.7).
    fn take_effect(&mut self, index: usize, effect: &Effect) {
        match effect {
            // The loader escaped the scenario's words (`check_script`).
            Effect::Message(text) => self.emit(Event::MessageShown { text: text.clone() }),
            Effect::Release(ids) => {
                for &unit in ids {
                    let waiting = self.unit(unit).and_then(|u| u.reserve.as_ref());
                    if waiting.is_some_and(|r| !r.released) && self.at(unit).fate.is_none() {
                        self.emit(Event::ReserveReleased { unit });
                    }
                }
            }
            Effect::Defect(ids) => {
                for &unit in ids {
                    if let Some(u) = self.unit(unit).filter(|u| u.fate.is_none()) {
                        let to = u.side.other();
                        self.emit(Event::UnitDefected { unit, to });
                    }
                }
            }
            Effect::Orders { units, order } => self.change_orders(units, order.clone()),
            Effect::Terrain { hexes, to } => self.change_terrain(hexes, *to),
            Effect::EndBattle { winner, .. } => {
                let event = u32::try_from(index).unwrap_or(u32::MAX);
                self.end_battle(Some(*winner), EndReason::Scripted { event });
            }
        }
    }

    /// R12.7: the hexes become `to`; a unit on one that is impassable now routs (R8.5).
    fn change_terrain(&mut self, hexes: &[Hex], to: Terrain) {
        let hexes: Vec<Hex> = hexes
            .iter()
            .copied()
            .filter(|h| self.map.contains(*h))
            .collect();
        self.emit(Event::TerrainChanged {
            hexes: hexes.clone(),
            to,
        });
        if self.rules.terrain(to).cost.is_some() {
            return;
        }
        let stranded: Vec<UnitId> = (self.units.iter())
            .filter(|u| u.on_map() && hexes.contains(&u.pos))
            .map(|u| u.id)
            .collect();
        for unit in stranded {
            self.emit(Event::Routed { unit });
        }
    }

    /// Emits `OrdersPassed` to `side`; in the Movement phase its due reserves then arrive,
    /// before any order (R12.1).
    pub(super) fn pass_orders(&mut self, side: SideId) {
        self.emit(Event::OrdersPassed { side });
        if self.phase == Phase::Movement {
            self.arrive_reserves(side);
        }
    }

    /// R12.1: each due reserve of `side`, in scenario order, takes the first free passable
    /// hex of its list, or is delayed (logged) and tries again next turn.
    fn arrive_reserves(&mut self, side: SideId) {
        let due: Vec<UnitId> = (self.units.iter())
            .filter(|u| u.side == side && u.to_come())
            .filter(|u| u.reserve.as_ref().is_some_and(|r| r.due_by(self.turn)))
            .map(|u| u.id)
            .collect();
        for unit in due {
            let hexes = self.at(unit).reserve.as_ref().map(|r| r.hexes.clone());
            let free = hexes.unwrap_or_default().into_iter().find(|h| {
                self.unit_at(*h).is_none()
                    && (self.map.terrain(*h)).is_some_and(|t| self.rules.terrain(t).cost.is_some())
            });
            match free {
                Some(at) => self.emit(Event::ReserveArrived { unit, at }),
                None => self.emit(Event::ReserveDelayed { unit }),
            }
        }
    }

    /// Whether `side` has a reserve still to come, by turn or by an event (R12.2): such a
    /// side has not lost by R10.1.
    pub(super) fn reserves_to_come(&self, side: SideId) -> bool {
        self.units.iter().any(|u| u.side == side && u.to_come())
    }

    /// Records the events of this module in the state (R12.1, R12.3, R12.7).
    pub(super) fn apply_script(&mut self, event: &Event) {
        match event {
            Event::ReserveArrived { unit, at } => self.apply_arrival(*unit, *at),
            Event::ReserveReleased { unit } => {
                if let Some(r) = self.unit_mut(*unit).reserve.as_mut() {
                    r.released = true;
                }
            }
            Event::ScenarioEventFired { event } => {
                if let Some(f) = self.fired.get_mut(*event as usize) {
                    *f = true;
                }
            }
            Event::UnitDefected { unit, to } => self.apply_defection(*unit, *to),
            Event::TerrainChanged { hexes, to } => {
                for hex in hexes {
                    self.map.set(*hex, *to);
                }
                self.grid = grid::Grid::new(&self.rules, &self.map, &self.units);
                self.march_fields.take();
                self.warm_march_fields();
                self.forget_distances(SideId::A);
                self.forget_distances(SideId::B);
            }
            // A delay and a message change nothing: they are for the log (R12.1, R12.7).
            _ => {}
        }
    }

    /// R12.1, R12.2: the reserve stands on `at`, steady and not ready, and its uhp join its
    /// side's starting uhp.
    fn apply_arrival(&mut self, unit: UnitId, at: Hex) {
        let u = self.unit_mut(unit);
        u.reserve = None;
        u.pos = at;
        u.status = Status::Steady;
        u.ready = false;
        u.marks.arrived = true;
        let (side, uhp) = (u.side, u.uhp);
        let start = &mut side.of_mut(&mut self.sides).start_uhp;
        *start = start.saturating_add(uhp);
        self.grid.enter(&self.map, unit, side, at);
        self.forget_orders_near(at, side);
        self.forget_distances(side);
    }

    /// R12.3: the unit changes sides where it stands, loses its ready marker, and charges
    /// it declared or that were declared on it are called off; its uhp on the map move
    /// from its old side's starting uhp to its new side's, a loss for neither.
    fn apply_defection(&mut self, unit: UnitId, to: SideId) {
        let on_map = self.at(unit).on_map();
        self.lift(unit);
        let u = self.unit_mut(unit);
        let (from, uhp, pos) = (u.side, u.uhp, u.pos);
        u.side = to;
        u.ready = false;
        if on_map {
            let old = &mut from.of_mut(&mut self.sides).start_uhp;
            *old = old.saturating_sub(uhp);
            let new = &mut to.of_mut(&mut self.sides).start_uhp;
            *new = new.saturating_add(uhp);
            self.grid.enter(&self.map, unit, to, pos);
            self.forget_orders_near(pos, to);
        }
        self.charges
            .retain(|c| c.charger != unit && c.target != unit);
        // Its standing orders were its old side's: it fights for the other now (R12.3).
        self.set_standing(&[unit], &crate::engine::StandingOrder::Free);
        self.forget_distances(from);
        self.forget_distances(to);
    }
}
