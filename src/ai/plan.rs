//! The computer's judgement, order by order: values of charges, fire and melee from the
//! engine's exact odds (R5, R9), and of hexes from threat, support and objectives
//! (R4.2, R6.3, R9.4, R10.3).

use crate::engine::event::AttackKind;
use crate::engine::game::{Odds, ShockOdds};
use crate::engine::types::{Formation, MissileWeapon, Status};
use crate::engine::{Command, Decision, Game, SideId, Unit, UnitId};
use hexx::Hex;

/// How a side plays: aggression 0.0–1.0 and a tie-break salt.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub aggression: f64,
    pub salt: u64,
}

impl Style {
    /// A tiny deterministic jitter in [0, 0.01) to break ties between equal choices.
    fn jitter(&self, a: i32, b: i32) -> f64 {
        let h = self.salt ^ (a as u64).wrapping_mul(0x9E37_79B9) ^ (b as u64).wrapping_mul(0x85EB_CA6B);
        (h.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f64 / (1u64 << 24) as f64 * 0.01
    }
}

/// Units of a side in the order the computer thinks about them: horse first.
pub fn units_in_order(game: &Game, side: SideId) -> Vec<UnitId> {
    let mut units: Vec<&Unit> = game.units_of(side).collect();
    units.sort_by_key(|u| (!u.is_mounted(), u.id));
    units.into_iter().map(|u| u.id).collect()
}

/// Value of a shock outcome for the side inflicting it.
fn shock_value(s: &ShockOdds) -> f64 {
    s.destroyed * 4.0 + s.rout * 4.0 + s.flee * 3.0 + s.recoil * 1.0
}

/// Expected uhp plus the value of the shock it causes.
fn attack_value(odds: &Odds) -> f64 {
    let expected: f64 = odds.hits.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    expected * f64::from(odds.profile.uhp_per_hit) + shock_value(&odds.shock)
}

fn unit(game: &Game, id: UnitId) -> Option<&Unit> {
    game.unit(id).filter(|u| u.on_map())
}

/// A unit is broken when it has lost two thirds of its uhp, or half while disordered.
fn broken(u: &Unit) -> bool {
    u.uhp * 3 <= u.profile.uhp || (u.status == Status::Disordered && u.uhp * 2 <= u.profile.uhp)
}

/// R4.4, R5.6: what a charge on `target` is worth, less what the reaction costs.
pub fn charge_value(game: &Game, charger: UnitId, target: UnitId, style: &Style) -> f64 {
    let shock = game.charge_shock_odds(charger, target).unwrap_or_default();
    let strike = game.odds(charger, target, AttackKind::Charge).map_or(0.0, |o| attack_value(&o));
    let held = 1.0 - shock.no_roll - (shock.recoil + shock.flee + shock.rout);
    let gain = shock_value(&shock) * 1.5 + strike * (shock.no_roll + held);
    let risk = game
        .reaction_kind(target, charger, true)
        .and_then(|kind| game.odds(target, charger, kind))
        .map_or(0.0, |o| attack_value(&o));
    gain - risk * (1.5 - style.aggression)
}

/// R4.1–R4.5: the movement order of one unit, if it has one to give.
pub fn movement_order(game: &Game, id: UnitId, style: &Style) -> Option<Command> {
    let orders = game.unit_orders(id);
    if orders.is_empty() {
        return None;
    }
    let u = unit(game, id)?;
    if broken(u) {
        return Some(pull_back(game, u, &orders));
    }
    let charge = orders
        .iter()
        .filter_map(|c| match c {
            Command::Charge { target, to, .. } => Some((charge_value(game, id, *target, style) + style.jitter(to.x, to.y), *c)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let bar = 2.5 - 2.0 * style.aggression;
    if let Some((value, c)) = charge.filter(|(v, _)| *v > bar) {
        let _ = value;
        return Some(c);
    }
    Some(best_position(game, u, &orders, style))
}

/// A broken unit disengages or marches away from the enemy, towards its own edge.
fn pull_back(game: &Game, u: &Unit, orders: &[Command]) -> Command {
    let safety = |h: Hex| nearest_enemy_distance(game, u.side, h) as i32 * 2 - game.map().edge_distance(h, game.side(u.side).edge);
    orders
        .iter()
        .filter_map(|c| match c {
            Command::Disengage { to, .. } | Command::March { to, .. } => Some((safety(*to), *c)),
            _ => None,
        })
        .max_by_key(|(s, _)| *s)
        .filter(|(s, _)| *s > safety(u.pos))
        .map_or(Command::StandFast { unit: u.id }, |(_, c)| c)
}

/// The march, hustle or stand fast that leaves the unit best placed.
fn best_position(game: &Game, u: &Unit, orders: &[Command], style: &Style) -> Command {
    let stay = Command::StandFast { unit: u.id };
    let mut best = (hex_value(game, u, u.pos, true, style), stay);
    for c in orders {
        let to = match c {
            Command::March { to, .. } => *to,
            Command::Hustle { to, .. } if hustle_sensible(game, u) => *to,
            _ => continue,
        };
        let v = hex_value(game, u, to, false, style) + style.jitter(to.x, to.y);
        if v > best.0 {
            best = (v, *c);
        }
    }
    best.1
}

/// Hustle only when far from any enemy: it forbids attacking and readying (R4.1).
fn hustle_sensible(game: &Game, u: &Unit) -> bool {
    u.troop.missile.is_none() && nearest_enemy_distance(game, u.side, u.pos) > u.profile.rate.2 + 2
}

fn nearest_enemy_distance(game: &Game, side: SideId, h: Hex) -> u32 {
    game.units_of(side.other()).map(|e| e.pos.unsigned_distance_to(h)).min().unwrap_or(99)
}

/// How good a hex is for a unit: close to its aim, secured if shot, out of loaded enemy
/// fire and cavalry reach if vulnerable, on objectives late in the battle.
fn hex_value(game: &Game, u: &Unit, h: Hex, stays: bool, style: &Style) -> f64 {
    let shot = u.troop.missile.is_some();
    let focus = focus_distance(game, u, h);
    let ideal = if shot { firing_distance(u) } else { 1 };
    let mut v = -(focus as f64 - ideal as f64).abs() * (0.5 + style.aggression);
    if shot && stays {
        v += 0.8 + 0.6 * u.reload_tokens.min(2) as f64; // reload and musket forks (R4.7, R5.4)
    }
    v -= exposure(game, u, h) * (1.5 - style.aggression);
    if u.troop.formation == Formation::DF && secured_at(game, u, h) {
        v += 2.0 * cavalry_threat(game, u.side, h);
    }
    if u.troop.formation == Formation::FF {
        v += 1.5 * shields_friendly_shot(game, u, h);
    }
    v + objective_pull(game, u, h)
}

/// Distance from `h` to what the unit aims at: the nearest enemy, or late in the battle
/// the nearest objective not held.
fn focus_distance(game: &Game, u: &Unit, h: Hex) -> u32 {
    let enemy = nearest_enemy_distance(game, u.side, h);
    let late = game.turn_limit().is_some_and(|l| game.turn() + 2 >= l);
    let objective = game.objectives().iter().map(|o| o.hex.unsigned_distance_to(h)).min();
    match objective {
        Some(d) if late => d.min(enemy + 1),
        _ => enemy,
    }
}

/// R6.3: the armor-piercing range of a firearm against foot, or 3 for other missiles.
fn firing_distance(u: &Unit) -> u32 {
    match &u.troop.missile {
        Some(MissileWeapon::Firearm { kind, .. }) => match kind {
            crate::engine::types::FirearmKind::Pistol => 1,
            crate::engine::types::FirearmKind::Musket => 3,
            crate::engine::types::FirearmKind::RifledMusket => 4,
            _ => 2,
        },
        Some(_) => 3,
        None => 1,
    }
}

/// Danger at `h`: loaded enemy shot in range, and for unsecured shot, enemy cavalry in
/// charge reach (R4.4, R6.4).
fn exposure(game: &Game, u: &Unit, h: Hex) -> f64 {
    let mut danger = 0.0;
    for e in game.units_of(u.side.other()) {
        let d = e.pos.unsigned_distance_to(h);
        if e.troop.missile.is_some() && game.can_fire(e) && game.missile_range(e, u).is_some_and(|(max, _)| d <= max) {
            danger += 0.5;
        }
        let shockable = matches!(u.troop.formation, Formation::DF | Formation::UF) && !u.troop.fearless;
        if shockable && e.is_mounted() && d <= e.profile.rate.2 + 1 && !secured_at(game, u, h) {
            danger += 2.0;
        }
    }
    danger
}

/// R9.4: whether a DF unit standing at `h` would be next to a friendly FF unit.
fn secured_at(game: &Game, u: &Unit, h: Hex) -> bool {
    game.units_of(u.side).any(|f| f.id != u.id && f.troop.formation == Formation::FF && f.status != Status::Fleeing && f.pos.unsigned_distance_to(h) == 1)
}

/// 1 when enemy cavalry could reach `h` next turn, else 0.
fn cavalry_threat(game: &Game, side: SideId, h: Hex) -> f64 {
    let near = game.units_of(side.other()).any(|e| e.is_mounted() && e.pos.unsigned_distance_to(h) <= e.profile.rate.2 + 2);
    if near { 1.0 } else { 0.0 }
}

/// Friendly DF next to `h` that pike standing there would secure (R9.4).
fn shields_friendly_shot(game: &Game, u: &Unit, h: Hex) -> f64 {
    let threatened = cavalry_threat(game, u.side, h);
    game.units_of(u.side)
        .filter(|f| f.troop.formation == Formation::DF && f.pos.unsigned_distance_to(h) == 1)
        .count()
        .min(2) as f64
        * threatened
}

/// Late in the battle, standing on an objective is worth a lot (R10.3).
fn objective_pull(game: &Game, u: &Unit, h: Hex) -> f64 {
    let late = game.turn_limit().is_some_and(|l| game.turn() + 2 >= l);
    let on = game.objectives().iter().any(|o| o.hex == h);
    let value: f64 = match (on, late) {
        (true, true) => 6.0,
        (true, false) => 1.0,
        _ => 0.0,
    };
    value.min(if u.is_mounted() { 3.0 } else { 6.0 })
}

/// R6.1, R5.6: fire at the best target, or ready when a charge is coming.
pub fn missile_order(game: &Game, id: UnitId, style: &Style) -> Option<Command> {
    let best = game
        .fire_targets(id)
        .into_iter()
        .filter_map(|t| game.odds(id, t, AttackKind::Missile).map(|o| (attack_value(&o), t)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((value, target)) = best {
        if value > 0.15 - style.aggression * 0.1 {
            return Some(Command::Fire { unit: id, target });
        }
    }
    ready_if_threatened(game, id)
}

/// R7.2, R5.6: attack the best adjacent enemy, or ready.
pub fn melee_order(game: &Game, id: UnitId, style: &Style) -> Option<Command> {
    let best = game
        .melee_targets(id)
        .into_iter()
        .filter_map(|t| game.odds(id, t, AttackKind::Melee).map(|o| (attack_value(&o) + style.jitter(t.0.into(), 0), t)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((_, target)) => Some(Command::Attack { unit: id, target }),
        None => ready_if_threatened(game, id),
    }
}

/// Ready a unit that an enemy could charge or attack next turn.
fn ready_if_threatened(game: &Game, id: UnitId) -> Option<Command> {
    let u = unit(game, id)?;
    let ready = Command::Ready { unit: id };
    let threat = game.units_of(u.side.other()).any(|e| e.pos.unsigned_distance_to(u.pos) <= e.profile.rate.2 + 1);
    let useful = u.troop.missile.is_none() || game.can_fire(u) || u.troop.formation == Formation::FF;
    (threat && useful && game.check_command(&ready).is_ok()).then_some(ready)
}

/// Answers to the decisions the rules hand a side (R3.1, R4.4, R7.3, R8.1).
pub fn decide(game: &Game, decision: &Decision, style: &Style) -> Command {
    match decision {
        Decision::Initiative { side } => Command::ChooseFirst { first: wants_first(game, *side) },
        Decision::Withdraw { unit, options, damage, .. } => Command::Withdraw { hexes: withdraw(game, *unit, options, *damage) },
        Decision::Advance { unit, hex, .. } => Command::Advance { advance: advance(game, *unit, *hex, style) },
        Decision::NewChargeTarget { unit, options, .. } => {
            let best = options
                .iter()
                .map(|t| (charge_value(game, *unit, *t, style), *t))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .filter(|(v, _)| *v > 0.0);
            Command::ChooseChargeTarget { target: best.map(|(_, t)| t) }
        }
    }
}

/// R3.2: be first when there is loaded shot with targets or a fight already joined.
fn wants_first(game: &Game, side: SideId) -> bool {
    game.units_of(side).any(|u| {
        let in_reach = game.units_of(side.other()).any(|e| game.fire_reach(u, e).is_some());
        let loaded = u.troop.missile.is_some() && game.can_fire(u) && in_reach;
        loaded || game.is_engaged(u)
    })
}

/// R8.1: withdraw just enough to stay above half strength, or all the way when it fails.
fn withdraw(game: &Game, id: UnitId, options: &[u32], damage: u32) -> u32 {
    let Some(u) = unit(game, id) else { return 0 };
    let safe = |n: u32| {
        let left = u.uhp.saturating_sub(damage.saturating_sub(n));
        left * 2 > u.profile.uhp
    };
    if safe(0) {
        return 0;
    }
    options.iter().copied().find(|n| safe(*n)).unwrap_or_else(|| options.iter().copied().max().unwrap_or(0))
}

/// R7.3: follow up with horse and pike when bold; shot keeps its place by the pike.
fn advance(game: &Game, id: UnitId, hex: Hex, style: &Style) -> bool {
    let Some(u) = unit(game, id) else { return false };
    let objective = game.objectives().iter().any(|o| o.hex == hex);
    objective || (u.troop.missile.is_none() && style.aggression >= 0.3)
}
