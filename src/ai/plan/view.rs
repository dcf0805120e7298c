//! The field as one side sees it at one moment: where every enemy could strike next
//! (charge reach over terrain, R4.3, R4.4, R4.6, stopping in our zone of control, R4.2),
//! which hexes are occupied, how many turns are left and what the objectives are worth
//! (R10.3). Built afresh for every order, so it always matches the game.

use super::objectives::{self, Post};
use super::{Style, Tuning};
use crate::engine::game::Sight;
use crate::engine::types::MissileWeapon;
use crate::engine::{Game, Map, Phase, SideId, Status, Unit, UnitId};
use hexx::Hex;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Where one enemy unit could end a charge (or, for IF and UF, a march) next.
pub struct Reach {
    pub id: UnitId,
    cost: Vec<u32>,
    budget: u32,
    /// How likely it is to act at all: 0 fleeing, less when disordered or spent.
    pub weight: f64,
    /// Whether its strike is a charge (R4.4) rather than a march and melee attack.
    pub charges: bool,
}

/// One side's reading of the field.
pub struct View<'a> {
    pub game: &'a Game,
    pub side: SideId,
    pub style: Style,
    width: i32,
    occupant: Vec<Option<UnitId>>,
    pub enemies: Vec<Reach>,
    /// Objectives and the units posted to them (R10.3).
    pub posts: Vec<Post>,
    /// Aggression tempered by the balance of strength, 0.0–1.0.
    pub boldness: f64,
}

impl<'a> View<'a> {
    /// The planner's weights for this side.
    pub fn tuning(&self) -> &Tuning {
        &self.style.tuning
    }

    /// Reads the field for `side`.
    pub fn new(game: &'a Game, side: SideId, style: Style) -> View<'a> {
        let width = game.map().width() as i32;
        let size = (game.map().width() * game.map().height()) as usize;
        let mut view = View {
            game,
            side,
            style,
            width,
            occupant: vec![None; size],
            enemies: Vec::new(),
            posts: objectives::posts(game, side),
            boldness: style.aggression,
        };
        for u in game.units().iter().filter(|u| u.on_map()) {
            if let Some(slot) = view.index(u.pos).and_then(|i| view.occupant.get_mut(i)) {
                *slot = Some(u.id);
            }
        }
        view.enemies = view.reaches(None);
        view.boldness = (style.aggression + super::strength::stakes(&view)).clamp(0.0, 1.0);
        view
    }

    /// Where every enemy could strike if our unit `moving` (if any) were not where it stands;
    /// our zone of control is ignored for a moving unit, since the others move too.
    pub fn reaches(&self, moving: Option<UnitId>) -> Vec<Reach> {
        self.reaches_of(moving, |_| true)
    }

    /// [`View::reaches`] of the enemies `keep` picks (those near enough to matter).
    pub fn reaches_of(&self, moving: Option<UnitId>, keep: impl Fn(&Unit) -> bool) -> Vec<Reach> {
        let zoc = self.zone_of(self.side, moving);
        let game = self.game;
        game.units_of(self.side.other())
            .filter(|e| e.status != Status::Fleeing && keep(e))
            .map(|e| self.reach_of(e, &zoc, moving))
            .collect()
    }

    /// Index of a hex on the map.
    pub fn index(&self, h: Hex) -> Option<usize> {
        if !self.game.map().contains(h) {
            return None;
        }
        let (col, row) = Map::offset(h);
        Some((row * self.width + col) as usize)
    }

    /// The unit standing in `h`.
    pub fn occupant(&self, h: Hex) -> Option<UnitId> {
        self.index(h)
            .and_then(|i| self.occupant.get(i).copied().flatten())
    }

    /// Hexes next to a unit of `side`: where the other side's moves stop (R4.2). While
    /// `moving` is being placed, only friends already settled this turn count: the others
    /// may still move away.
    fn zone_of(&self, side: SideId, moving: Option<UnitId>) -> Vec<bool> {
        let mut zoc = vec![false; self.occupant.len()];
        let settled = |u: &Unit| {
            moving.is_none() || self.game.phase() != Phase::Movement || u.marks.moved.is_some()
        };
        for u in self
            .game
            .units_of(side)
            .filter(|u| Some(u.id) != moving && settled(u))
        {
            for n in self.game.map().neighbors(u.pos) {
                if let Some(z) = self.index(n).and_then(|i| zoc.get_mut(i)) {
                    *z = true;
                }
            }
        }
        zoc
    }

    /// Dijkstra over the map from the enemy's hex, through empty hexes only (a charge
    /// passes through no unit, R4.3), stopping where it enters our zone of control.
    fn reach_of(&self, e: &Unit, zoc: &[bool], moving: Option<UnitId>) -> Reach {
        let charges = !e.troop.formation.is_undisciplined();
        let engaged = self
            .game
            .units_of(self.side)
            .any(|f| Some(f.id) != moving && f.pos.unsigned_distance_to(e.pos) == 1);
        let budget = match (engaged, charges) {
            (true, _) => 0,
            (false, true) => e.profile.rate.2,
            (false, false) => e.profile.rate.0,
        };
        let mut cost = vec![u32::MAX; self.occupant.len()];
        let mut heap = BinaryHeap::new();
        if let Some(i) = self.index(e.pos) {
            if let Some(start) = cost.get_mut(i) {
                *start = 0;
                heap.push(Reverse((0u32, i)));
            }
        }
        while let Some(Reverse((c, i))) = heap.pop() {
            let at = self.hex_of(i);
            let stale = cost.get(i).is_none_or(|&best| c > best);
            if stale || (at != e.pos && zoc.get(i).copied().unwrap_or(false)) {
                continue;
            }
            for n in self.game.map().neighbors(at) {
                let (Some(j), Some(step)) = (self.index(n), self.game.step_cost(at, n)) else {
                    continue;
                };
                let free = self
                    .occupant
                    .get(j)
                    .is_some_and(|o| o.is_none_or(|o| Some(o) == moving));
                match cost.get_mut(j) {
                    Some(best) if c + step <= budget && c + step < *best && free => {
                        *best = c + step;
                        heap.push(Reverse((c + step, j)));
                    }
                    _ => {}
                }
            }
        }
        Reach {
            id: e.id,
            cost,
            budget,
            weight: enemy_weight(e),
            charges,
        }
    }

    fn hex_of(&self, i: usize) -> Hex {
        Map::hex_at(i as i32 % self.width, i as i32 / self.width)
    }

    /// Whether enemy `r` could end its move next to `h` (where `mover` will stand).
    pub fn can_strike(&self, r: &Reach, h: Hex, mover: UnitId) -> bool {
        let Some(e) = self.game.unit(r.id) else {
            return false;
        };
        self.game.map().neighbors(h).into_iter().any(|n| {
            let Some(i) = self.index(n) else { return false };
            let free = self
                .occupant
                .get(i)
                .is_some_and(|o| o.is_none_or(|o| o == r.id || o == mover));
            let reached = r.cost.get(i).is_some_and(|&c| c <= r.budget);
            free && reached && (!r.charges || self.game.charge_ground_ok(e, n))
        })
    }

    /// R6.2: whether `shooter` standing at `from` could shoot at `to`: terrain blocks, and
    /// units in between block all but bows and slings (`ignore` is a unit about to move).
    pub fn sees(&self, shooter: &Unit, from: Hex, to: Hex, ignore: UnitId) -> bool {
        let overhead = matches!(&shooter.troop.missile, Some(MissileWeapon::Missile { kind, .. }) if kind.volleys_overhead());
        match self.game.sight_ignoring(from, to, &[ignore, shooter.id]) {
            Sight::Clear => true,
            Sight::OnlyUnits => overhead,
            Sight::Blocked => false,
        }
    }

    /// Enemy horse that could charge `h` soon, weighted by readiness to act.
    pub fn horse_near(&self, h: Hex) -> f64 {
        let horse = self
            .enemies
            .iter()
            .filter_map(|r| self.game.unit(r.id).map(|e| (r, e)))
            .filter(|(_, e)| e.is_mounted());
        horse
            .filter(|(_, e)| e.pos.unsigned_distance_to(h) <= e.profile.rate.2 + 2)
            .map(|(r, _)| r.weight)
            .sum()
    }

    /// Distance from `h` to the nearest enemy on the map.
    pub fn enemy_distance(&self, h: Hex) -> u32 {
        self.game
            .units_of(self.side.other())
            .map(|e| e.pos.unsigned_distance_to(h))
            .min()
            .unwrap_or(99)
    }

    /// The unit `charger` declared a charge on this turn, if it did (R4.4): the engine's
    /// answer, not a reading of the log.
    pub fn charge_target(&self, charger: UnitId) -> Option<UnitId> {
        self.game.charge_target(charger)
    }

    /// Movement phases left after this turn's (R3.3): 0 on the last turn.
    pub fn turns_left(&self) -> u32 {
        objectives::turns_left(self.game)
    }

    /// R10.3: what standing at `h` is worth for holding objectives at the turn limit: much
    /// for the unit posted to one, a little for any other unit on a free objective.
    pub fn objective_value(&self, u: &Unit, h: Hex) -> f64 {
        if let Some(p) = self.posts.iter().find(|p| p.unit == u.id) {
            return objectives::post_value(self.turns_left(), objectives::eta(u, h, p.hex));
        }
        let free =
            |id: UnitId| id == u.id || self.game.unit(id).is_some_and(|x| x.side != self.side);
        let on = self
            .game
            .objectives()
            .iter()
            .any(|o| o.hex == h && self.occupant(h).is_none_or(free));
        if on {
            0.3
        } else {
            0.0
        }
    }
}

/// Charges declared this turn and not yet struck or called off, charger and its latest
/// target, from the log (R4.4, R7.1).
/// How likely an enemy is to strike: not at all when fleeing, half when disordered.
fn enemy_weight(e: &Unit) -> f64 {
    match e.status {
        Status::Fleeing => 0.0,
        Status::Disordered => 0.5,
        Status::Steady => 1.0,
    }
}
