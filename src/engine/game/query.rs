//! Pure queries for the terminal and the computer player: the legal orders of a unit and of
//! the acting side, and the targets a unit may fire at or attack (R4–R7). None of them
//! rolls a die; each order is vetted by the same check `submit` uses.

use super::order_cache::KnownOrders;
use super::{Actor, Game, Unit};
use crate::engine::command::Command;
use crate::engine::command::Order;
use crate::engine::error::RuleError;
use crate::engine::event::{MoveKind, Phase};
use crate::engine::types::UnitId;
use hexx::Hex;

impl Game {
    /// Every command the acting side may submit now, `EndOrders` included when legal.
    pub fn legal_commands(&self) -> Vec<Command> {
        match self.actor() {
            Actor::Nobody => Vec::new(),
            Actor::Decide(d) => d.answers(),
            Actor::Orders { side, .. } => {
                let lists: Vec<&[Command]> = self
                    .units_of(side)
                    .map(|u| self.unit_orders(u.id))
                    .collect();
                let mut all = Vec::with_capacity(lists.iter().map(|l| l.len()).sum::<usize>() + 1);
                lists.into_iter().for_each(|l| all.extend_from_slice(l));
                if self.check(&Command::Order(Order::EndOrders)).is_ok() {
                    all.push(Command::Order(Order::EndOrders));
                }
                all
            }
        }
    }

    /// The legal orders of one unit in the current phase, worked out once and remembered
    /// until something they depend on changes (see `Game::forget_orders`).
    pub fn unit_orders(&self, unit: UnitId) -> &[Command] {
        if self.orders_closed() {
            return &[];
        }
        match self.orders.get(usize::from(unit.0)) {
            Some(cell) => &cell.get_or_init(|| self.known_orders(unit).into()).orders,
            None => &[],
        }
    }

    /// The legal orders of one unit worked out afresh: what [`Game::unit_orders`]
    /// remembers, for benchmarks and the test that the memory is never stale. Only the
    /// distances that bound a charge search (`Game::distance_to`) may come from memory;
    /// a test of their own keeps them fresh.
    pub fn unit_orders_uncached(&self, unit: UnitId) -> Vec<Command> {
        self.known_orders(unit).orders
    }

    /// The legal orders of one unit worked out afresh, with the searches they came from.
    fn known_orders(&self, unit: UnitId) -> KnownOrders {
        let mut known = KnownOrders::default();
        if self.orders_closed() {
            return known;
        }
        let candidates = match self.phase {
            Phase::Movement => {
                self.move_candidates(unit, &mut known);
                return known;
            }
            // Only a unit with a missile weapon may fire (R6.1), and only at an adjacent
            // enemy may a unit attack (R7.2): the check refuses the rest.
            Phase::Missile => {
                let armed = self.unit(unit).is_some_and(|u| u.troop.missile.is_some());
                let targets = self.enemy_ids(unit).filter(|_| armed);
                let mut c: Vec<Command> = Vec::with_capacity(self.units.len() + 1);
                c.extend(targets.map(|target| Command::Order(Order::Fire { unit, target })));
                c.push(Command::Order(Order::Ready { unit }));
                c
            }
            Phase::Melee => {
                let targets = self.unit(unit).map(|u| self.adjacent_enemies(u));
                let mut c: Vec<Command> = Vec::with_capacity(self.units.len() + 1);
                c.extend(
                    (targets.into_iter().flatten())
                        .map(|target| Command::Order(Order::Attack { unit, target })),
                );
                c.push(Command::Order(Order::Ready { unit }));
                c
            }
            _ => Vec::new(),
        };
        known.orders = candidates
            .into_iter()
            .filter(|c| self.check(c).is_ok())
            .collect();
        known
    }

    /// `text` (a refusal's reason, say) with each unit's `#id` replaced by its label and
    /// hex as scenarios write it, `"Red lancers" at (6, 5)`; longest id first, so `#1`
    /// does not eat the start of `#12`.
    pub fn with_labels(&self, mut text: String) -> String {
        let mut units: Vec<(String, String)> = self
            .units
            .iter()
            .map(|u| {
                let (col, row) = crate::engine::Map::offset(u.pos);
                // A unit off the map has no hex to name (R12.2, R8.2, R8.5).
                let place = match (u.on_map(), u.to_come()) {
                    (true, _) => format!("at ({col}, {row})"),
                    (false, true) => "(a reserve still to come)".into(),
                    (false, false) => "(off the field)".into(),
                };
                (u.id.to_string(), format!("\"{}\" {place}", u.label))
            })
            .collect();
        units.sort_by_key(|(id, _)| std::cmp::Reverse(id.len()));
        for (id, label) in units {
            text = text.replace(&id, &label);
        }
        text
    }

    /// The unit `charger` declared a charge on this turn, if that charge is still to strike
    /// home (R4.4, R7.1): declared, not cancelled, not yet struck.
    pub fn charge_target(&self, charger: UnitId) -> Option<UnitId> {
        self.charges
            .iter()
            .rev()
            .find(|c| c.charger == charger)
            .map(|c| c.target)
    }

    /// Why a unit has no order to give now, in the rules' words: the refusal of the order it
    /// would most likely be given (stand fast, fire, attack, ready), or `None` if it has one.
    pub fn why_no_order(&self, unit: UnitId) -> Option<RuleError> {
        if !self.unit_orders(unit).is_empty() {
            return None;
        }
        let tries: Vec<Command> = match self.phase {
            Phase::Movement => vec![Command::Order(Order::StandFast { unit })],
            Phase::Missile => self
                .enemy_ids(unit)
                .map(|target| Command::Order(Order::Fire { unit, target }))
                .chain([Command::Order(Order::Ready { unit })])
                .collect(),
            Phase::Melee => self
                .enemy_ids(unit)
                .map(|target| Command::Order(Order::Attack { unit, target }))
                .chain([Command::Order(Order::Ready { unit })])
                .collect(),
            _ => vec![Command::Order(Order::StandFast { unit })],
        };
        tries.iter().find_map(|c| self.check(c).err())
    }

    /// For each order of the phase that `unit` may not give now, its name and the rules'
    /// reason (R4.1, R5.6, R6.1–R6.4, R7.2): in the Missile phase `fire` (at the nearest
    /// enemy; only for a unit with a missile weapon) and `ready`, in the Melee phase
    /// `attack` (the nearest enemy) and `ready`, in the Movement phase `move` when it may not
    /// even stand fast. Empty when no order is being given.
    pub fn why_not_each(&self, unit: UnitId) -> Vec<(&'static str, RuleError)> {
        if self.orders_closed() || self.unit(unit).is_none() {
            return Vec::new();
        }
        let have = |f: fn(&Command) -> bool| self.unit_orders(unit).iter().any(f);
        let nearest = self.nearest_enemy(unit);
        let armed = self.unit(unit).is_some_and(|u| u.troop.missile.is_some());
        let tries: Vec<(&'static str, Option<Command>, bool)> = match self.phase {
            Phase::Movement => vec![(
                "move",
                Some(Command::Order(Order::StandFast { unit })),
                have(|c| matches!(c, Command::Order(Order::StandFast { .. }))),
            )],
            Phase::Missile => vec![
                (
                    "fire",
                    nearest.map(|target| Command::Order(Order::Fire { unit, target })),
                    !armed || have(|c| matches!(c, Command::Order(Order::Fire { .. }))),
                ),
                ("ready", Some(Command::Order(Order::Ready { unit })), false),
            ],
            Phase::Melee => vec![
                (
                    "attack",
                    nearest.map(|target| Command::Order(Order::Attack { unit, target })),
                    have(|c| matches!(c, Command::Order(Order::Attack { .. }))),
                ),
                ("ready", Some(Command::Order(Order::Ready { unit })), false),
            ],
            _ => Vec::new(),
        };
        tries
            .into_iter()
            .filter(|(_, _, has)| !has)
            .filter_map(|(name, c, _)| Some((name, self.check(&c?).err()?)))
            .collect()
    }

    /// The enemy nearest `unit`, the lowest id among the nearest.
    fn nearest_enemy(&self, unit: UnitId) -> Option<UnitId> {
        let from = self.unit(unit)?.pos;
        self.enemy_ids(unit)
            .min_by_key(|e| (self.at(*e).pos.unsigned_distance_to(from), *e))
    }

    /// Movement orders built from the reach of each move kind, legal by construction; only
    /// charges are vetted again for their target. `known` keeps the searches.
    fn move_candidates(&self, unit: UnitId, known: &mut KnownOrders) {
        let stand = Command::Order(Order::StandFast { unit });
        if self.check(&stand).is_err() {
            return;
        }
        let u = self.at(unit);
        known.orders.push(stand);
        // One search serves march and hustle: they differ only in budget, and a cheapest
        // path within the march rate is the same whichever budget prunes the search.
        let (march, hustle) = (u.profile.rate.march, u.profile.rate.hustle);
        let hustles = self.reach(unit, MoveKind::Hustle);
        let marches = (hustle < march).then(|| self.reach(unit, MoveKind::March));
        let march_ends = match &marches {
            Some(m) => m.ends(),
            // Cheapest first, so the ends within the march rate come first.
            None => {
                let n = hustles.ends().partition_point(|(_, c)| *c <= march);
                hustles.ends().get(..n).unwrap_or_default()
            }
        };
        let orders = &mut known.orders;
        orders.reserve(march_ends.len() + 2 * hustles.ends().len() + 8);
        orders.extend(
            march_ends
                .iter()
                .map(|&(to, _)| Command::Order(Order::March { unit, to })),
        );
        orders.extend(
            (hustles.ends().iter()).map(|&(to, _)| Command::Order(Order::Hustle { unit, to })),
        );
        known.keep(MoveKind::Hustle, hustles);
        if let Some(m) = marches {
            known.keep(MoveKind::March, m);
        }
        if u.disengages_at_all() {
            let away = self.reach(unit, MoveKind::Disengage);
            let orders = away
                .ends()
                .iter()
                .map(|&(to, _)| Command::Order(Order::Disengage { unit, to }));
            known.orders.extend(orders);
            known.keep(MoveKind::Disengage, away);
        }
        self.charge_candidates(u, known);
    }

    /// The charges of `u` (R4.4) into `known`.
    fn charge_candidates(&self, u: &Unit, known: &mut KnownOrders) {
        // A charge ends beside an enemy (R4.4): with none within the charge rate and one hex,
        // there is nothing to search for.
        if !u.may_charge() {
            return;
        }
        let within = u.profile.rate.charge + 1;
        let near: Vec<(UnitId, Hex)> = (self.units_of(u.side.other()))
            .filter(|e| e.pos.unsigned_distance_to(u.pos) <= within)
            .filter(|e| self.charge_target_ok(u, e))
            .map(|e| (e.id, e.pos))
            .collect();
        if near.is_empty() {
            return;
        }
        // The search proved each end reachable, and the stand-fast check the unit's right to
        // move: what a charge adds is only an adjacent enemy and ground horse may enter
        // (R4.4), so the whole check is not run again for every end and target.
        let unit = u.id;
        let charges = self.charge_reach(unit);
        for &(to, _) in charges.ends() {
            if !self.charge_ground_ok(u, to) {
                continue;
            }
            // Every enemy beside a hex the charge can reach is within `within` (by id).
            for &(target, at) in &near {
                if at.unsigned_distance_to(to) == 1 {
                    known
                        .orders
                        .push(Command::Order(Order::Charge { unit, to, target }));
                }
            }
        }
        known.keep(MoveKind::Charge, charges);
    }

    /// The enemies of `unit` on the map; none if there is no such unit, since the public
    /// queries above reach here before any check of the id.
    fn enemy_ids(&self, unit: UnitId) -> impl Iterator<Item = UnitId> + '_ {
        let enemy = self.unit(unit).map(|u| u.side.other());
        enemy
            .into_iter()
            .flat_map(|side| self.units_of(side))
            .map(|u| u.id)
    }

    /// Enemies `unit` may fire at now (R6.1–R6.4).
    pub fn fire_targets(&self, unit: UnitId) -> Vec<UnitId> {
        self.enemy_ids(unit)
            .filter(|&target| {
                self.check(&Command::Order(Order::Fire { unit, target }))
                    .is_ok()
            })
            .collect()
    }

    /// Enemies `unit` may attack in melee now (R7.2).
    pub fn melee_targets(&self, unit: UnitId) -> Vec<UnitId> {
        self.enemy_ids(unit)
            .filter(|&target| {
                self.check(&Command::Order(Order::Attack { unit, target }))
                    .is_ok()
            })
            .collect()
    }

    /// Why a command would be refused now, or `Ok` if it is legal.
    pub fn check_command(&self, command: &Command) -> Result<(), crate::engine::error::RuleError> {
        if self.outcome.is_some() {
            return Err(crate::engine::error::RuleError::BattleOver);
        }
        self.check(command)
    }
}
