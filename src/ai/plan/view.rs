//! The field as one side sees it at one moment: where every enemy could strike next (the
//! engine's own charge or march reach, R4.2–R4.6, supposing our unit being placed gone and
//! our unmoved units free to step away), which hexes are occupied, how many turns are left
//! and what the objectives are worth (R10.3). Built afresh for every order, so it always
//! matches the game; only the enemies' reaches may be lent to it from the last order of
//! the phase, brought up to date first (`super::reaches`).

use super::answers::Answers;
use super::objectives::{self, Post};
use super::reaches::{Reaches, Supposed};
use super::value::Blow;
use super::{Style, Tuning};
use crate::engine::{Game, MoveKind, Phase, SideId, Status, Unit, UnitId};
use hexx::Hex;
use std::cell::OnceCell;
use std::rc::Rc;
use std::sync::Arc;

/// Where one enemy unit could end a charge (or, for IF and UF, a march) next.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    pub id: UnitId,
    /// The engine's reach of that move (R4.1–R4.6).
    reach: crate::engine::game::Reach,
    /// How likely it is to act at all: 0 fleeing, less when disordered or spent.
    pub weight: f64,
    /// Whether its strike is a charge (R4.4) rather than a march and melee attack.
    pub charges: bool,
}

impl Reach {
    /// Hexes from the enemy beyond which its move reaches nothing (the engine's bound).
    pub fn radius(&self) -> u32 {
        self.reach.radius()
    }
}

/// A missile sequence priced: shooter, target, distance in hexes, and whether it moved.
type VolleyKey = (UnitId, UnitId, u32, bool);

/// Our units an enemy could strike next, with their distance from it in hexes.
type Rivals = Rc<[(UnitId, u32)]>;

/// One side's reading of the field.
pub struct View<'a> {
    pub game: &'a Game,
    pub side: SideId,
    pub style: Style,
    /// Enemy reaches, found when first asked and kept through the Movement phase.
    reaches: Reaches,
    /// What one of our units would do to an enemy that came to strike, by (ours, enemy):
    /// the same for every unit whose danger counts it, so priced once.
    counters: Answers<(UnitId, UnitId), f64>,
    /// Missile sequences priced so far, by shooter, target, distance and whether it moved.
    volleys: Answers<VolleyKey, Option<Blow>>,
    /// Our units each enemy could strike next, by enemy, found when first asked.
    within_strike: Answers<UnitId, Rivals>,
    /// Our units that have not moved this Movement phase.
    unmoved: OnceCell<Vec<UnitId>>,
    /// Enemy units that stepped away from a charge before (R4.5), read from the log when
    /// first asked.
    stepped_away: OnceCell<Vec<UnitId>>,
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
        View::keeping(game, side, style, Reaches::default())
    }

    /// Reads the field for `side` with the enemy reaches kept so far in the phase, which
    /// the planner's memory brings up to date before they are used.
    pub fn keeping(game: &'a Game, side: SideId, style: Style, reaches: Reaches) -> View<'a> {
        let mut view = View {
            game,
            side,
            style,
            reaches,
            counters: Answers::default(),
            within_strike: Answers::default(),
            volleys: Answers::default(),
            unmoved: OnceCell::new(),
            stepped_away: OnceCell::new(),
            posts: objectives::posts(game, side),
            boldness: style.aggression,
        };
        view.boldness = (style.aggression + super::strength::stakes(&view)).clamp(0.0, 1.0);
        view
    }

    /// `price` of our unit `ours` countering enemy `enemy`, priced once per view (only
    /// looked up, never iterated).
    pub fn counter(&self, ours: UnitId, enemy: UnitId, price: impl FnOnce() -> f64) -> f64 {
        self.counters.get((ours, enemy), price)
    }

    /// The enemy reaches kept, to bring up to date or to keep for the next order.
    pub fn reaches(&self) -> &Reaches {
        &self.reaches
    }

    /// The enemy reaches, to keep for the next order of the phase.
    pub fn into_reaches(self) -> Reaches {
        self.reaches
    }

    /// Our units that enemy `id` could strike next, with their distance from it, by id:
    /// those within its strike (R4.4, R7.2) beside which its reach ends.
    pub fn within_strike(&self, id: UnitId) -> Rivals {
        self.within_strike
            .get(id, || match (self.enemy_reach(id), self.game.unit(id)) {
                (Some(r), Some(e)) => self
                    .game
                    .units_of(self.side)
                    .filter(|f| f.pos.unsigned_distance_to(e.pos) <= e.profile.rate.strike())
                    .filter(|f| self.can_strike(&r, f.pos, f.id))
                    .map(|f| (f.id, f.pos.unsigned_distance_to(e.pos)))
                    .collect(),
                _ => Rc::new([]),
            })
    }

    /// Where enemy `id` could strike next with nothing supposed away; `None` for a unit
    /// that is not a steady or disordered enemy on the map.
    pub fn enemy_reach(&self, id: UnitId) -> Option<Arc<Reach>> {
        let e = self.game.unit(id)?;
        let enemy = e.on_map() && e.side != self.side && e.status != Status::Fleeing;
        enemy.then(|| {
            self.reaches
                .get(Supposed::Nothing, id, || self.reach_of(e, &[], &[]))
        })
    }

    /// Where enemy `e` could strike while our unit `moving` is being placed: as if
    /// `moving` were not where it stands, with `inert` (from [`View::unsettled`]) exerting
    /// no zone of control.
    pub fn reach_placing(&self, e: &Unit, moving: &Unit, inert: &[UnitId]) -> Arc<Reach> {
        let passing = self.reaches.get_shared(Supposed::Passing, e.id, || {
            let unmoved = self.unmoved.get_or_init(|| self.unsettled_all());
            let plain = self
                .reaches
                .get(Supposed::Nothing, e.id, || self.reach_of(e, &[], &[]));
            // Zones of control the search never came near change nothing in it.
            let apart = |id: &UnitId| {
                self.game
                    .unit(*id)
                    .is_none_or(|m| out_of_the_way(&plain, m.pos, e.pos))
            };
            if unmoved.iter().all(apart) {
                plain
            } else {
                Arc::new(self.reach_of(e, &[], unmoved))
            }
        });
        if out_of_the_way(&passing, moving.pos, e.pos) {
            return passing;
        }
        // `passing` supposes `moving` inert if it has not moved: had every unmoved unit been
        // out of the way (so `passing` the plain reach), `moving` would have been too.
        let unmoved = self.unmoved.get_or_init(|| self.unsettled_all());
        let inert_before = unmoved.contains(&moving.id);
        self.reaches
            .get(Supposed::Placing(moving.id), e.id, || Reach {
                // The passing reach with `moving` gone as well: searched again only near it.
                reach: self.game.reach_without(
                    &passing.reach,
                    (e.id, strike_move(e)),
                    (moving.id, inert_before),
                    (&[], inert),
                ),
                ..*passing
            })
    }

    /// Enemy `e`'s reach supposing `s`, searched afresh and shared with nothing: what a
    /// kept reach must equal.
    #[cfg(test)]
    pub fn afresh(&self, s: Supposed, e: &Unit) -> Reach {
        match s {
            Supposed::Nothing => self.reach_of(e, &[], &[]),
            Supposed::Passing => self.reach_of(e, &[], &self.unsettled_all()),
            Supposed::Placing(m) => self.reach_of(e, &[m], &self.unsettled(Some(m))),
        }
    }

    /// All our units that have not moved, in the Movement phase (else none).
    fn unsettled_all(&self) -> Vec<UnitId> {
        if self.game.phase() != Phase::Movement {
            return Vec::new();
        }
        self.game
            .units_of(self.side)
            .filter(|u| u.marks.moved.is_none())
            .map(|u| u.id)
            .collect()
    }

    /// The unit standing in `h` (the engine's answer).
    pub fn occupant(&self, h: Hex) -> Option<UnitId> {
        self.game.unit_at(h).map(|u| u.id)
    }

    /// While `moving` is being placed in the Movement phase, our units that have not moved
    /// yet: they may step away first, so their zone of control (R4.2) is not counted on.
    pub fn unsettled(&self, moving: Option<UnitId>) -> Vec<UnitId> {
        if moving.is_none() || self.game.phase() != Phase::Movement {
            return Vec::new();
        }
        self.game
            .units_of(self.side)
            .filter(|u| Some(u.id) != moving && u.marks.moved.is_none())
            .map(|u| u.id)
            .collect()
    }

    /// The engine's reach of enemy `e`'s next strike: a charge (R4.4), or a march for IF
    /// and UF (R4.1), with `absent` gone and `inert` exerting no zone of control.
    fn reach_of(&self, e: &Unit, absent: &[UnitId], inert: &[UnitId]) -> Reach {
        let kind = strike_move(e);
        Reach {
            id: e.id,
            reach: self.game.reach_supposing(e.id, kind, absent, inert),
            weight: enemy_weight(e),
            charges: kind == MoveKind::Charge,
        }
    }

    /// Whether enemy `r` could end its move next to `h` (where `mover` will stand).
    pub fn can_strike(&self, r: &Reach, h: Hex, mover: UnitId) -> bool {
        let Some(e) = self.game.unit(r.id) else {
            return false;
        };
        // R12.5: enemy horse may not charge a unit in field works (it may still shoot).
        if r.charges && !self.game.charge_target_ok_at(e, h) {
            return false;
        }
        self.game.map().neighbors(h).any(|n| {
            // It can always strike from where it stands (a melee attack, R7.2). Asked
            // first: most hexes beside `h` are out of its reach.
            let reached = n == e.pos || r.reach.cost_of(n).is_some();
            let free = || {
                self.game.map().contains(n)
                    && self.occupant(n).is_none_or(|o| o == r.id || o == mover)
            };
            reached && free() && (!r.charges || self.game.charge_ground_ok(e, n))
        })
    }

    /// R6.2: whether `shooter` standing at `from` could shoot at `to`, as the engine's
    /// line of fire from a hex has it (`ignore` is a unit about to move).
    pub fn sees(&self, shooter: &Unit, from: Hex, to: Hex, ignore: UnitId) -> bool {
        self.game
            .line_of_fire_from(shooter, from, to, &[ignore, shooter.id])
            .is_some()
    }

    /// Enemy horse that could charge `h` soon, weighted by readiness to act.
    pub fn horse_near(&self, h: Hex) -> f64 {
        self.game
            .units_of(self.side.other())
            .filter(|e| e.status != Status::Fleeing && e.is_mounted())
            .filter(|e| e.pos.unsigned_distance_to(h) <= e.profile.rate.charge + 2)
            .map(enemy_weight)
            .sum()
    }

    /// Distance from `h` to the nearest enemy on the map (the engine's, remembered until an
    /// enemy moves), 99 if there is none.
    pub fn enemy_distance(&self, h: Hex) -> u32 {
        self.game
            .distance_to_nearest(self.side.other(), h)
            .unwrap_or(99)
    }

    /// `price` of a missile sequence by `a` on `t` at distance `d` (after moving, or not),
    /// priced once per view.
    pub fn volley(
        &self,
        a: UnitId,
        t: UnitId,
        d: u32,
        moved: bool,
        price: impl FnOnce() -> Option<Blow>,
    ) -> Option<Blow> {
        self.volleys.get((a, t, d, moved), price)
    }

    /// The unit `charger` declared a charge on this turn, if it did (R4.4): the engine's
    /// answer, not a reading of the log.
    pub fn charge_target(&self, charger: UnitId) -> Option<UnitId> {
        self.game.charge_target(charger)
    }

    /// R4.5: whether enemy `target` is likely to step away from a charge declared on it
    /// now, before the charge strikes: the engine says it still may, and the log shows it
    /// did so from a charge before (a player remembers how the enemy meets a charge).
    pub fn expects_step_away(&self, target: &Unit) -> bool {
        self.game.may_step_away(target.id)
            && self
                .stepped_away
                .get_or_init(|| self.game.stepped_away_from_charges(self.side.other()))
                .contains(&target.id)
    }

    /// Movement phases left after this turn's (R3.3): 0 on the last turn.
    pub fn turns_left(&self) -> u32 {
        objectives::turns_left(self.game)
    }

    /// R10.3: what standing at `h` is worth for holding objectives at the turn limit: much
    /// for the unit posted to one, less the longer it would take to get back, and far less
    /// where an enemy could stand on it first ([`objectives::CONTESTED`]); a little for any
    /// other unit on a free objective.
    pub fn objective_value(&self, u: &Unit, h: Hex) -> f64 {
        self.objective_value_held(u, h, 0)
    }

    /// [`View::objective_value`] for a unit held `held` turns longer before it can march
    /// back to its post: a charge ends engaged, and leaving a melee takes a turn (R4.5).
    pub fn objective_value_held(&self, u: &Unit, h: Hex, held: u32) -> f64 {
        if let Some(p) = self.posts.iter().find(|p| p.unit == u.id) {
            let back = objectives::eta(self.game, u, h, p.hex).saturating_add(if h == p.hex {
                0
            } else {
                held
            });
            let mut value = objectives::post_value(self.turns_left(), back);
            // Off its objective, the unit leaves it to an enemy that could be there first.
            if back > 0 && objectives::soonest(self.game, self.side.other(), p.hex) <= back {
                value *= objectives::CONTESTED;
            }
            return value * p.share;
        }
        let free =
            |id: UnitId| id == u.id || self.game.unit(id).is_some_and(|x| x.side != self.side);
        let on = self
            .game
            .objectives()
            .iter()
            .any(|o| o.hex == h && self.occupant(h).is_none_or(free));
        if on {
            0.3 * objectives::share_at(self.game, self.side, h)
        } else {
            0.0
        }
    }
}

/// Whether a unit of ours at `pos` cannot change `reach` (of the enemy at `from`) by
/// being gone, or by coming, or by its zone of control (R4.2) starting to count: the search
/// got nowhere near it. Those change only whether the search may enter `pos` and its
/// neighbours, which it can enter only from a hex within 2 of `pos`; if it reached none
/// of those, it reaches none of them with the change either, and is the same.
pub fn out_of_the_way(reach: &Reach, pos: Hex, from: Hex) -> bool {
    if pos.unsigned_distance_to(from) > reach.radius() + 2 {
        return true;
    }
    pos.range(2).all(|h| reach.reach.cost_of(h).is_none())
}

/// The move an enemy strikes with: a charge (R4.4), or a march for IF and UF (R4.1).
pub fn strike_move(e: &Unit) -> MoveKind {
    if e.charges_at_all() {
        MoveKind::Charge
    } else {
        MoveKind::March
    }
}

/// How likely an enemy is to strike: not at all when fleeing, half when disordered.
pub fn enemy_weight(e: &Unit) -> f64 {
    match e.status {
        Status::Fleeing => 0.0,
        Status::Disordered => 0.5,
        Status::Steady => 1.0,
    }
}
