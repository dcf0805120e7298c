//! Movement orders (R4.1–R4.5). Every legal order of every unit is scored the same way:
//! what it does now (a charge, R4.4), the danger where the unit ends (R4.2, R6.2–R6.4),
//! what it can strike from there (R6.1, R7.2), cover for shot by pike (R9.4), a ready
//! marker and reload kept by standing fast (R4.7, R5.6), objectives as the turn limit
//! nears (R10.3) and a drift towards the enemy that grows with aggression. Charges are
//! given first, best first; then pike, shot and horse in turn, so shot can close on the
//! pike that has just moved.

use super::charge;
use super::danger::{volley, Danger};
use super::move_scores::{end_of, Entry, MoveScores, Stale};
use super::view::View;
use super::{broken, on_map};
use crate::ai::obey::obeyed;
use crate::engine::Order;
use crate::engine::{AttackKind, Command, Formation, Unit};
use hexx::Hex;
use std::cell::OnceCell;

/// The next movement order of the side, if a unit still waits for one: the best charge of
/// any unit whose best order is a charge, else the best order of the first unit by rank.
/// Only units that may charge are scored to find the first (scoring is most of the
/// planner's time); the others wait for their turn by rank. Scores are remembered in
/// `memo` from one order to the next.
pub fn next(view: &View, memo: &mut MoveScores) -> Option<Command> {
    memo.sync(view);
    let chargers: Vec<&Unit> = view
        .game
        .units_of(view.side)
        .filter(|u| {
            obeyed(view.game, u.id, view.game.unit_orders(u.id))
                .iter()
                .any(|c| matches!(c, Command::Order(Order::Charge { .. })))
        })
        .collect();
    if memo.threads() > 1 {
        score_apart(view, memo, &chargers);
    }
    let mut best: Option<(f64, Command)> = None;
    for u in chargers {
        let scored = memo.best_for_charges(view.game, u, |stale| scores(view, u, stale));
        if let Some((value, order)) = scored {
            let charge = matches!(order, Command::Order(Order::Charge { .. }));
            if charge && best.as_ref().is_none_or(|b| value > b.0) {
                best = Some((value, order));
            }
        }
    }
    if let Some((_, order)) = best {
        return Some(order);
    }
    let first = view
        .game
        .units_of(view.side)
        .filter(|u| !view.game.unit_orders(u.id).is_empty())
        .min_by_key(|u| (rank(u), u.id.0))?;
    memo.best(view.game, first, |stale| scores(view, first, stale))
        .map(|(_, order)| order)
}

/// Scores the `chargers` that [`next`] would score again, split between this thread and
/// helpers (`MoveScores::threads`), each helper with a view of its own on a copy of the
/// enemy reaches kept so far. A score depends only on the game, the unit and what it
/// scored before, never on what a view has cached, so the scores, and every order after,
/// are the same as one thread's; `tests/ai.rs` plays battles both ways to check it.
fn score_apart(view: &View, memo: &mut MoveScores, chargers: &[&Unit]) {
    let due: Vec<&Unit> = chargers
        .iter()
        .copied()
        .filter(|u| memo.due_for_charges(view.game, u))
        .collect();
    // A unit is scored sooner here than handed to a helper: no helper without two units.
    let threads = memo.threads().min(due.len());
    if threads < 2 {
        return;
    }
    // Dealt in turn, not in halves: units near each other cost alike.
    let mut parts: Vec<Vec<(&Unit, Option<Entry>)>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, u) in due.into_iter().enumerate() {
        let old = memo.take(u);
        if let Some(p) = parts.get_mut(i % threads) {
            p.push((u, old));
        }
    }
    let Some((mine, theirs)) = parts.split_first() else {
        return;
    };
    let (game, side, style) = (view.game, view.side, view.style);
    let (scored, found, apart) = std::thread::scope(|scope| {
        let (mut scored, mut helpers) = (Vec::new(), Vec::new());
        for part in theirs {
            let reaches = view.reaches().clone();
            let helper = std::thread::Builder::new().spawn_scoped(scope, move || {
                let own = View::keeping(game, side, style, reaches);
                (score_all(&own, part), own.into_reaches())
            });
            match helper {
                Ok(h) => helpers.push(h),
                // No thread to be had: this one scores the part as well.
                Err(_) => scored.extend(score_all(view, part)),
            }
        }
        scored.extend(score_all(view, mine));
        let (mut found, mut apart) = (Vec::new(), 0);
        for helper in helpers {
            // A helper that panicked (a planner bug, which would panic on this thread
            // too) leaves its units for [`next`] to score afresh here.
            if let Ok((s, r)) = helper.join() {
                apart += s.len();
                scored.extend(s);
                found.push(r);
            }
        }
        (scored, found, apart)
    });
    for r in found {
        view.reaches().absorb(r);
    }
    memo.note_scored_apart(apart);
    for (u, scores) in scored {
        memo.keep(u, scores);
    }
}

/// Each unit of `part` with its orders scored on `view`.
fn score_all<'a>(
    view: &View,
    part: &[(&'a Unit, Option<Entry>)],
) -> Vec<(&'a Unit, Vec<(Command, f64)>)> {
    part.iter()
        .map(|(u, old)| (*u, scores(view, u, old.as_ref().map(Entry::stale).as_ref())))
        .collect()
}

/// The orders of the unit `planned` moves, best first by the planner's score, at most
/// `k`: the alternatives a look-ahead weighs against the planner's own choice.
pub fn alternatives(view: &View, planned: &Command, k: usize) -> Vec<Command> {
    let Some(u) = planned
        .order()
        .and_then(Order::unit)
        .and_then(|id| view.game.unit(id))
    else {
        return Vec::new();
    };
    let scorer = Scorer::new(view, u);
    let mut scored: Vec<(f64, Command)> = obeyed(view.game, u.id, view.game.unit_orders(u.id))
        .into_iter()
        .filter_map(|c| scorer.score(c).map(|v| (v, *c)))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(k).map(|(_, c)| c).collect()
}

/// Order in which units that do not charge are moved: shot, then the pike that covers
/// it, then horse.
fn rank(u: &Unit) -> u8 {
    match u.troop.formation {
        Formation::FF => 1,
        f if f.is_mounted() => 2,
        _ => 0,
    }
}

/// The scores of one unit's legal movement orders that its standing order allows (issue
/// 28), in the engine's order; those `stale` still vouches for are not scored again.
fn scores(view: &View, u: &Unit, stale: Option<&Stale>) -> Vec<(Command, f64)> {
    let orders = obeyed(view.game, u.id, view.game.unit_orders(u.id));
    let scorer = OnceCell::new();
    orders
        .into_iter()
        .filter_map(|c| {
            let kept = stale.and_then(|s| s.kept(c, end_of(c, u)));
            kept.or_else(|| scorer.get_or_init(|| Scorer::new(view, u)).score(c))
                .map(|v| (*c, v))
        })
        .collect()
}

/// Scores the orders of one unit.
struct Scorer<'v, 'a> {
    view: &'v View<'a>,
    unit: &'a Unit,
    danger: Danger<'v, 'a>,
    /// Enemy positions with what a melee attack and a charge on them are worth; a melee
    /// attack on a ready enemy net of its reaction (R5.6).
    prospects: Vec<(Hex, f64, f64)>,
    caution: f64,
}

impl<'v, 'a> Scorer<'v, 'a> {
    fn new(view: &'v View<'a>, unit: &'a Unit) -> Scorer<'v, 'a> {
        let game = view.game;
        // Only enemies within a charge and a hex of where the unit may end count in
        // `strike_from`; the rest are not priced.
        let within = super::danger::span(unit) + unit.profile.rate.charge + 1;
        let prospects = game
            .units_of(unit.side.other())
            .filter(|e| e.pos.unsigned_distance_to(unit.pos) <= within)
            .map(|e| {
                let harm = |by: &Unit, to: &Unit| {
                    game.odds(by.id, to.id, AttackKind::Melee)
                        .map_or(0.0, |o| super::value::harm(&o, to))
                };
                // A ready enemy strikes first when attacked (R5.6), as the engine has it.
                let reaction = super::value::reaction(game, e, unit, false, false).harm;
                (e.pos, harm(unit, e) - reaction, charge::gain(view, unit, e))
            })
            .collect();
        let caution = view.tuning().caution
            * (1.3 - 0.6 * view.boldness)
            * if broken(unit) { 2.0 } else { 1.0 }
            * if covers_shot(view, unit) {
                1.0 + view.tuning().pike_worth
            } else {
                1.0
            };
        Scorer {
            view,
            unit,
            danger: Danger::new(view, unit),
            prospects,
            caution,
        }
    }

    fn score(&self, c: &Command) -> Option<f64> {
        let u = self.unit;
        let jitter = |h: Hex| self.view.style.jitter(h.x, h.y);
        match *c {
            Command::Order(Order::StandFast { .. }) => Some(self.place(u.pos, Move::Stay)),
            Command::Order(Order::March { to, .. }) => {
                Some(self.place(to, Move::March) + jitter(to))
            }
            Command::Order(Order::Disengage { to, .. }) => {
                Some(self.place(to, Move::Hustle) + jitter(to))
            }
            Command::Order(Order::Hustle { to, .. }) => {
                Some(self.place(to, Move::Hustle) + jitter(to) - 0.05)
            }
            Command::Order(Order::Charge { to, target, .. }) => {
                let t = on_map(self.view.game, target)?;
                let after = -self.caution * self.danger.at(to, false)
                    + self.view.objective_value_held(u, to, 1)
                    + self.support(to)
                    + self.drift(to);
                let gain = self.view.tuning().charge_gain * charge::gain(self.view, u, t);
                Some(gain + after + jitter(to))
            }
            _ => None,
        }
    }

    /// The worth of ending the move at `h`: the better of striking from there and of
    /// readying there (R5.6), with cover, drift, objectives and reload (R4.7).
    fn place(&self, h: Hex, how: Move) -> f64 {
        let u = self.unit;
        let keep = how == Move::Stay && u.ready;
        let strike = self.strike_from(h, how) * if broken(u) { 0.3 } else { 1.0 };
        let danger = self.danger.both(h);
        let mut best = -self.caution * danger.at(keep) + strike;
        if !keep && how != Move::Hustle && self.can_ready() {
            let in_time = self.view.game.first_side() != self.view.side;
            let saved = danger.at(false) - danger.at(true);
            let ready =
                -self.caution * (danger.at(false) - if in_time { saved } else { 0.5 * saved });
            best = best.max(ready);
        }
        let mut v = best + self.support(h) + self.drift(h) + self.view.objective_value(u, h);
        if how == Move::Stay && u.reload_tokens > 0 {
            v += self.view.tuning().reload;
        }
        v
    }

    /// R5.6, asked of the engine: whether this unit could ready in a coming phase.
    fn can_ready(&self) -> bool {
        crate::engine::Game::never_ready(self.unit).is_none()
    }

    /// What the unit can strike from `h`: fire this turn or soon, a melee attack, a charge
    /// next turn.
    fn strike_from(&self, h: Hex, how: Move) -> f64 {
        let (game, u) = (self.view.game, self.unit);
        let mut best: f64 = 0.0;
        if u.troop.missile.is_some() && how != Move::Hustle {
            // R4.7, R6.4: loaded this turn, standing fast here if it stays, or later.
            let loaded_now = game.turns_until_loaded(u, how == Move::Stay) == Some(0);
            let now = if loaded_now { 1.0 } else { 0.3 };
            for e in game.units_of(u.side.other()) {
                let d = e.pos.unsigned_distance_to(h);
                // Out of range the volley is worth nothing: no need to trace the sight line.
                let in_range = game.missile_range(u, e).is_some_and(|r| d <= r.max);
                if in_range && self.view.sees(u, h, e.pos, u.id) {
                    best = best.max(
                        now * volley(self.view, u, e, d, how != Move::Stay).map_or(0.0, |v| v.harm),
                    );
                }
            }
        }
        // IF and UF must attack an adjacent enemy (R7.2), this turn or, after a hustle,
        // the next (they may not disengage, R4.5): the best such attack, however bad.
        let must = crate::engine::Game::must_attack(u);
        let mut forced: Option<f64> = None;
        for &(pos, melee, charge) in &self.prospects {
            let d = pos.unsigned_distance_to(h);
            if d == 1 && how != Move::Hustle {
                best = best.max(0.8 * melee);
            }
            if d == 1 && must {
                forced = Some(forced.map_or(0.8 * melee, |f: f64| f.max(0.8 * melee)));
            }
            // R4.4: only a unit that ever charges gains by standing a charge away.
            if d > 1 && u.charges_at_all() && d <= u.profile.rate.charge + 1 {
                best = best.max(if u.is_mounted() { 0.4 } else { 0.15 } * charge);
            }
        }
        forced.map_or(best, |f| f.min(best))
    }

    /// Pike covering shot against horse (R9.4): the cavalry shock it spares each Drilled
    /// Foot next to `h` that no other pike covers; a little for any friend close by.
    fn support(&self, h: Hex) -> f64 {
        let (view, u) = (self.view, self.unit);
        let game = view.game;
        // Friends beside `h`, in the order of their ids, so the sum is always the same.
        let mut friends: Vec<&Unit> = (h.all_neighbors().into_iter())
            .filter_map(|n| game.unit_at(n))
            .filter(|f| f.side == u.side && f.id != u.id)
            .collect();
        friends.sort_by_key(|f| f.id);
        let mut v = 0.0;
        if game.secured_at(u, h) {
            v += view.tuning().secure * view.horse_near(h).min(2.0);
        }
        for f in friends {
            v += 0.1;
            // Shot that some other pike secures (R9.4) is spared no shock by this one.
            if game.secured_with(f, u, h, &[u.id]) && !game.secured_supposing(f, f.pos, &[u.id]) {
                v += view.tuning().cover * view.horse_near(f.pos).min(2.0);
            }
        }
        v
    }

    /// A pull towards the enemy beyond the unit's own striking distance, growing with
    /// aggression; broken units keep away instead.
    fn drift(&self, h: Hex) -> f64 {
        let u = self.unit;
        let d = f64::from(self.view.enemy_distance(h));
        if broken(u) {
            return 0.15 * d.min(6.0);
        }
        let comfort = match &u.troop.missile {
            _ if u.is_mounted() => f64::from(u.profile.rate.charge),
            Some(_) => 2.0,
            None => 1.0,
        };
        -self.view.tuning().drift * (0.05 + 0.3 * self.view.boldness) * (d - comfort).max(0.0)
    }
}

/// R9.4: pike is worth more than its uhp while it is what secures our Drilled Foot against
/// the enemy's horse.
fn covers_shot(view: &View, u: &Unit) -> bool {
    let game = view.game;
    game.units_of(u.side)
        .any(|f| crate::engine::Game::secures(u, f))
        && game.units_of(u.side.other()).any(|e| e.is_mounted())
}

/// How the unit gets where it ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Move {
    Stay,
    March,
    Hustle,
}
