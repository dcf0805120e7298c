//! The danger to one of our units wherever it might stand: each enemy's charge or attack
//! (R4.4, R7.1, R7.2), the shock of a cavalry charge on shot not secured by pike (R4.4,
//! R9.4), loaded enemy fire in range and sight (R5.3, R6.2–R6.4), less what our ready
//! reaction takes back first (R5.6). An enemy does one of these a turn, so the worse counts.

use super::answers::Answers;
use super::value::{gives_ground, ground_cost, harm, Blow};
use super::view::{enemy_weight, strike_move, Reach, View};
use crate::engine::rules::Range;
use crate::engine::{AttackKind, Game, Phase, Status, Unit, UnitId};
use hexx::Hex;
use std::cell::OnceCell;
use std::sync::Arc;

/// One enemy that could strike our unit, priced when a hex near enough to it is first asked
/// about: most enemies can reach few of the hexes scored.
struct Line {
    id: UnitId,
    /// Where it stands.
    pos: Hex,
    /// Hexes from it beyond which it can neither strike nor shoot: its move and a step,
    /// or its range after a march.
    far: u32,
    body: OnceCell<Body>,
}

/// What one enemy could do to our unit.
struct Body {
    reach: Arc<Reach>,
    strike: f64,
    melee: f64,
    cavalry: bool,
    reaction: f64,
    cancel: f64,
    /// Distances from it to our other units it could strike: nearer ones draw it first.
    rivals: Vec<u32>,
}

/// The danger at one hex: the expected loss, and what the best ready reaction takes back.
#[derive(Clone, Copy)]
pub struct AtHex {
    total: f64,
    reaction: f64,
}

impl AtHex {
    /// The danger [`Danger::at`] gives, unready or ready.
    pub fn at(self, ready: bool) -> f64 {
        if ready {
            self.total - self.reaction
        } else {
            self.total
        }
    }
}

/// The danger map of one of our units.
pub struct Danger<'v, 'a> {
    view: &'v View<'a>,
    unit: &'a Unit,
    lines: Vec<Line>,
    /// Our units that may step away before the enemy moves (see [`View::unsettled`]).
    inert: Vec<UnitId>,
    /// What a cavalry charge's shock roll (R4.4) costs the unit unsecured, and the chance
    /// it gives ground: the same wherever it stands.
    shock: OnceCell<(f64, f64)>,
    /// Our other units that may counter an enemy come to strike it ([`counters`]), by id.
    friends: OnceCell<Vec<&'a Unit>>,
    /// The danger at each hex asked about so far: a march, a hustle and a charge may end
    /// in the same hex.
    priced: Answers<Hex, AtHex>,
}

impl<'v, 'a> Danger<'v, 'a> {
    /// Prices every enemy against `unit`.
    pub fn new(view: &'v View<'a>, unit: &'a Unit) -> Danger<'v, 'a> {
        let lines = view
            .game
            .units_of(unit.side.other())
            .filter(|e| e.status != Status::Fleeing && threatens(view, unit, e))
            .map(|e| Line {
                id: e.id,
                pos: e.pos,
                far: far(view, unit, e),
                body: OnceCell::new(),
            })
            .collect();
        Danger {
            view,
            unit,
            lines,
            inert: view.unsettled(Some(unit.id)),
            shock: OnceCell::new(),
            friends: OnceCell::new(),
            priced: Answers::default(),
        }
    }

    /// Expected uhp-equivalent lost by standing at `h` until the enemy has acted; a ready
    /// unit takes back what its one reaction (R5.6) would do to the worst of them first.
    pub fn at(&self, h: Hex, ready: bool) -> f64 {
        self.both(h).at(ready)
    }

    /// The danger at `h` once for both cases, unready and ready (one pass over the
    /// enemies instead of two).
    pub fn both(&self, h: Hex) -> AtHex {
        self.priced.get(h, || self.price(h))
    }

    fn price(&self, h: Hex) -> AtHex {
        let mut total = 0.0;
        let mut reaction: f64 = 0.0;
        let exposed = OnceCell::new();
        for l in &self.lines {
            let (loss, saved) = self.line_at(l, h, &exposed);
            total += loss;
            reaction = reaction.max(saved);
        }
        AtHex { total, reaction }
    }

    /// What a ready marker would save at `h`: the best single reaction (R5.6).
    pub fn ready_gain(&self, h: Hex) -> f64 {
        let exposed = OnceCell::new();
        self.lines
            .iter()
            .map(|l| self.line_at(l, h, &exposed).1)
            .fold(0.0, f64::max)
    }

    /// What an enemy that has already moved does this turn to our unit at `h`: its declared
    /// charge if we are its target (R7.1), else a melee attack on one of its neighbours.
    fn strike_now(&self, l: &Body, e: &Unit, h: Hex) -> f64 {
        let (view, u) = (self.view, self.unit);
        if e.pos.unsigned_distance_to(h) != 1 {
            return 0.0;
        }
        match view.charge_target(e.id) {
            Some(t) if t == u.id => l.strike,
            Some(_) => 0.0,
            // R4.1, R4.5, R7.2: the engine says whether it may still attack this turn.
            None if view.game.may_still_attack(e.id).is_some() => 0.0,
            None => {
                let others = view
                    .game
                    .units_of(u.side)
                    .filter(|f| f.id != u.id && f.pos.unsigned_distance_to(e.pos) == 1)
                    .count();
                l.melee / (1 + others) as f64
            }
        }
    }

    /// How likely enemy `e` is to strike our unit at `h` rather than another: an enemy next
    /// to it shares its attention among its neighbours; one further off prefers the nearer
    /// of the units it can reach; and one that has moved waits for next turn.
    fn odds_of_strike(&self, l: &Body, e: &Unit, h: Hex, moved: bool) -> f64 {
        let d = e.pos.unsigned_distance_to(h);
        if d == 1 {
            return 1.0 / (1 + l.rivals.iter().filter(|r| **r == 1).count()) as f64;
        }
        let rivals: f64 = l
            .rivals
            .iter()
            .map(|r| if *r <= d { 0.7 } else { 0.5 })
            .sum();
        (if moved {
            self.view.tuning().next_strike
        } else {
            1.0
        }) / (1.0 + rivals)
    }

    /// The loss one enemy could inflict at `h`, and what a ready reaction would save of it.
    /// An enemy that has moved this turn strikes now only if `h` is next to it (its
    /// declared charge, R7.1, or a melee attack, R7.2); its reach counts for next turn.
    fn line_at(&self, line: &Line, h: Hex, exposed: &OnceCell<bool>) -> (f64, f64) {
        let (view, u) = (self.view, self.unit);
        // Most enemies are too far from `h`: the cheapest test first.
        if line.pos.unsigned_distance_to(h) > line.far {
            return (0.0, 0.0);
        }
        let Some(e) = view.game.unit(line.id).filter(|e| enemy_weight(e) > 0.0) else {
            return (0.0, 0.0);
        };
        let l = line.body.get_or_init(|| body(view, u, e, &self.inert));
        let r = l.reach.as_ref();
        let moved = view.game.phase() != Phase::Movement || e.marks.moved.is_some();
        let now = if moved { self.strike_now(l, e, h) } else { 0.0 };
        let (mut strike, mut saved) = (0.0, 0.0);
        if view.can_strike(r, h, u.id) {
            // Whether a cavalry charge at `h` forces a shock roll (R4.4, R9.4): the same for
            // every enemy's line, so found once per hex.
            let unsecured = || *exposed.get_or_init(|| view.game.exposed_to_cavalry_at(u, h));
            let (shock, give) = if l.cavalry && unsecured() {
                *self.shock.get_or_init(|| {
                    let s = view.game.roll_odds(view.game.shock_modifier_if(u, false));
                    (ground_cost(&s, f64::from(u.uhp)), gives_ground(&s))
                })
            } else {
                (0.0, 0.0)
            };
            let friends = self.friends.get_or_init(|| friends(view, u));
            let counter: f64 = counters(view, friends, e, h).sum();
            strike = shock + (1.0 - give) * (l.strike - 0.3 * counter).max(0.5 * l.strike);
            saved = (1.0 - give) * (l.cancel * l.strike + l.reaction);
            let odds = self.odds_of_strike(l, e, h, moved);
            (strike, saved) = (odds * strike, odds * saved);
        }
        strike += now;
        let fire = fire_danger(view, e, u, h);
        let worst = if strike.abs() > fire { strike } else { fire };
        let loss = if worst < 0.0 { 0.5 * worst } else { worst };
        (
            r.weight * loss,
            if strike.abs() > fire {
                r.weight * saved
            } else {
                0.0
            },
        )
    }
}

/// How far `u` may be from where it is priced: its longest move, or the hex it advances
/// into (R4.1, R4.4, R7.3).
pub fn span(u: &Unit) -> u32 {
    u.profile.rate.longest().max(1)
}

/// Whether enemy `e` could strike `u` anywhere `u` may be priced: by a charge or march and
/// attack into a hex beside it (R4.4, R7.2), or by fire from where it stands or after a
/// march (R6.2). Any other enemy adds exactly nothing to the danger, so it is not priced.
fn threatens(view: &View, u: &Unit, e: &Unit) -> bool {
    let fire = view
        .game
        .missile_range(e, u)
        .map_or(0, |r| r.max + e.profile.rate.march);
    e.pos.unsigned_distance_to(u.pos) <= span(u) + e.profile.rate.strike().max(fire)
}

/// How far from enemy `e` a hex may be for it to strike or shoot there: its move (the
/// engine's budget, R4.1) and a step, or its range after a march (R6.2).
fn far(view: &View, u: &Unit, e: &Unit) -> u32 {
    let fire = view
        .game
        .missile_range(e, u)
        .map(|r| r.max + e.profile.rate.march);
    (Game::move_budget(e, strike_move(e)) + 1).max(fire.unwrap_or(0))
}

fn body(view: &View, u: &Unit, e: &Unit, inert: &[UnitId]) -> Body {
    let game = view.game;
    let reach = view.reach_placing(e, u, inert);
    let (id, charges) = (reach.id, reach.charges);
    let kind = if charges {
        AttackKind::Charge
    } else {
        AttackKind::Melee
    };
    let strike = game.odds(id, u.id, kind).map_or(0.0, |o| harm(&o, u));
    let melee = game
        .odds(id, u.id, AttackKind::Melee)
        .map_or(0.0, |o| harm(&o, u));
    let Blow {
        harm: reaction,
        gives_ground: cancel,
    } = super::value::reaction(game, u, e, charges, true);
    let cavalry = charges && game.unit(id).is_some_and(|e| e.is_mounted());
    let rivals = view
        .within_strike(id)
        .iter()
        .filter(|(f, _)| *f != u.id)
        .map(|(_, d)| *d)
        .collect();
    Body {
        reach,
        strike,
        melee,
        cavalry,
        reaction,
        cancel,
        rivals,
    }
}

/// Our units other than `u` that could counter an enemy striking `u` anywhere it may be
/// priced, by id: steady or disordered, within its span and 2 hexes, each the unit the
/// engine finds in its hex.
fn friends<'a>(view: &View<'a>, u: &Unit) -> Vec<&'a Unit> {
    let game = view.game;
    game.units_of(u.side)
        .filter(|f| {
            f.id != u.id
                && f.status != Status::Fleeing
                && f.pos.unsigned_distance_to(u.pos) <= span(u) + 2
                && game.unit_at(f.pos).is_some_and(|o| o.id == f.id)
        })
        .collect()
}

/// What each of our `friends` within 2 hexes of `h` could do to `e` once it has come to
/// strike there, by unit id: a melee attack, or fire if loaded (R6.1, R7.2).
fn counters<'f>(
    view: &'f View,
    friends: &'f [&Unit],
    e: &'f Unit,
    h: Hex,
) -> impl Iterator<Item = f64> + 'f {
    let game = view.game;
    friends
        .iter()
        .filter(move |f| f.pos.unsigned_distance_to(h) <= 2)
        .map(move |f| {
            view.counter(f.id, e.id, || {
                let melee = game
                    .odds(f.id, e.id, AttackKind::Melee)
                    .map_or(0.0, |o| harm(&o, e));
                let fire = if game.can_fire(f) {
                    volley(view, f, e, 2, false).map_or(0.0, |v| v.harm)
                } else {
                    0.0
                };
                melee.max(fire)
            })
        })
}

/// Loaded enemy shot that can reach `h` with fire now, or after a march if it has not moved.
fn fire_danger(view: &View, e: &Unit, u: &Unit, h: Hex) -> f64 {
    let game = view.game;
    let Some(Range { max, .. }) = game.missile_range(e, u) else {
        return 0.0;
    };
    let d = e.pos.unsigned_distance_to(h);
    let still_to_move =
        game.phase() == Phase::Movement && e.marks.moved.is_none() && !game.is_engaged(e);
    let reach = if d <= max && view.sees(e, e.pos, h, u.id) {
        1.0
    } else if still_to_move && d <= max + e.profile.rate.march {
        0.4
    } else {
        return 0.0;
    };
    // R6.1, R6.4: fire this turn only if it is loaded this turn (standing fast, if its move
    // is still to come) and the engine lets it still fire at `h`; else when its reload
    // tokens are gone, and not before next turn.
    let turns = match game.turns_until_loaded(e, reach == 1.0) {
        Some(0) if game.may_fire_at(e, h) => 0,
        Some(t) => t.max(1),
        None => return 0.0,
    };
    let loaded = match turns {
        0 => 1.0,
        1 => 0.35,
        _ => 0.15,
    };
    // R5.4: a musket loses its fork rest if it moved itself, by order now or by a march.
    let moved = reach < 1.0 || e.moved_by_order();
    let shot = volley(view, e, u, d.min(max).max(1), moved).map_or(0.0, |v| v.harm);
    reach * loaded * shot
}

/// Value and cancel chance of a missile sequence by `a` on `t` at distance `d`, with the
/// musket-fork penalty if `a` moved (R5.1–R5.4, R6.3, R9.2); `None` out of range.
pub fn volley(view: &View, a: &Unit, t: &Unit, d: u32, moved: bool) -> Option<Blow> {
    view.volley(a.id, t.id, d, moved, || {
        let odds = view.game.missile_odds_at(a, t, d, moved)?;
        Some(Blow::of(&odds, t))
    })
}
