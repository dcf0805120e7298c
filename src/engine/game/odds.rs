//! Exact odds of attack sequences and shock rolls (R5.1, R5.2, R8.2, R9.1, R9.2, R4.4): the
//! chance of each number of hits and of each shock result, from the same attack profile the
//! resolver rolls against, so the odds shown are the odds rolled. The computer player asks
//! the same questions of positions that are not on the board yet
//! ([`Game::missile_odds_at`], [`Game::roll_odds`]).

use super::attack::AttackProfile;
use super::{Game, Unit};
use crate::engine::event::AttackKind;
use crate::engine::rules::ShockResult;
use crate::engine::sums::face_plus;
use crate::engine::types::UnitId;

/// Chances of each shock outcome for a target, summing to 1.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ShockOdds {
    /// No shock roll is made.
    pub no_roll: f64,
    /// The unit is destroyed outright (R8.2).
    pub destroyed: f64,
    /// The unit stands (R9.1).
    pub hold: f64,
    /// It recoils (R8.3).
    pub recoil: f64,
    /// It flees (R8.4).
    pub flee: f64,
    /// It routs (R8.5).
    pub rout: f64,
}

/// Exact odds of an attack sequence: chance of each number of hits (index = hits) and
/// of each shock outcome, assuming the target does not withdraw.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The numbers of the attack sequence.
    pub profile: AttackProfile,
    /// Chance one d20 hits.
    pub hit_chance: f64,
    /// Chance of each number of hits, index = hits.
    pub hits: Vec<f64>,
    /// Chance of each shock result.
    pub shock: ShockOdds,
}

impl Odds {
    /// The most uhp the sequence can deal (R5.2): its most hits of a chance above zero,
    /// times the uhp of a hit. What a withdrawal can save is capped by it (R8.1).
    pub fn most_damage(&self) -> u32 {
        let hits = self.hits.iter().rposition(|p| *p > 0.0).unwrap_or(0);
        u32::try_from(hits)
            .unwrap_or(u32::MAX)
            .saturating_mul(self.profile.uhp_per_hit)
    }
}

impl Game {
    /// Exact odds of `attacker`'s sequence of `kind` on `target`, with no withdrawal.
    pub fn odds(&self, attacker: UnitId, target: UnitId, kind: AttackKind) -> Option<Odds> {
        let profile = self.attack_profile(attacker, target, kind)?;
        Some(self.profile_odds(profile, self.unit(target)?))
    }

    /// Odds of a missile sequence by `a` on `t` as if `a` stood `distance` hexes away with a
    /// clear line of sight, having `moved` this turn or not: the planner's what-if (R5.3,
    /// R5.4, R6.3, R9.2). `None` without a missile weapon or beyond its range.
    pub fn missile_odds_at(&self, a: &Unit, t: &Unit, distance: u32, moved: bool) -> Option<Odds> {
        self.odds_in(a, t, AttackKind::Missile, distance, moved)
    }

    /// Chances of each shock result of a roll made at `modifier` (R9.1), `no_roll` zero.
    pub fn roll_odds(&self, modifier: i32) -> ShockOdds {
        let mut shock = ShockOdds::default();
        self.add_roll_odds(&mut shock, modifier, 1.0);
        shock
    }

    pub(super) fn profile_odds(&self, profile: AttackProfile, t: &Unit) -> Odds {
        let (n20, n1) = (self.rules.natural_20_hits, self.rules.natural_1_misses);
        let faces = (1..=20).filter(|&f| profile.hits_on(f, n20, n1)).count();
        let p = faces as f64 / 20.0;
        let hits = binomial(profile.attacks, p);
        let mut shock = ShockOdds::default();
        // The target's shock modifier looks at its neighbours (R9.4): found once, not for
        // every number of hits.
        let modifier = std::cell::OnceCell::new();
        for (k, pk) in hits.iter().enumerate() {
            let damage = k as u32 * profile.uhp_per_hit;
            let left = t.uhp.saturating_sub(damage);
            if left == 0 {
                shock.destroyed += pk;
                continue;
            }
            match self.damage_shock(t, profile.firearm, damage, left) {
                None => shock.no_roll += pk,
                Some(extra) => {
                    let modifier = modifier.get_or_init(|| self.shock_modifier(t));
                    self.add_roll_odds(&mut shock, modifier.saturating_add(extra), *pk)
                }
            }
        }
        Odds {
            profile,
            hit_chance: p,
            hits,
            shock,
        }
    }

    /// Odds of the shock roll a charge by `charger` forces on `target` (R4.4).
    pub fn charge_shock_odds(&self, charger: UnitId, target: UnitId) -> Option<ShockOdds> {
        let (c, t) = (self.unit(charger)?, self.unit(target)?);
        let mut shock = ShockOdds::default();
        if self.shocked_by_cavalry(c, t) {
            self.add_roll_odds(&mut shock, self.shock_modifier(t), 1.0);
        } else {
            shock.no_roll = 1.0;
        }
        Some(shock)
    }

    fn add_roll_odds(&self, shock: &mut ShockOdds, modifier: i32, weight: f64) {
        // The result of each total of two dice, 2 to 12, looked up once; the chances are
        // still added die by die, in the same order, so the sums are the same to the bit.
        let results: [ShockResult; 11] =
            std::array::from_fn(|i| self.rules.shock_result(face_plus(i as u32 + 2, modifier)));
        for a in 1..=6usize {
            for b in 1..=6usize {
                let p = weight / 36.0;
                match results.get(a + b - 2).copied().unwrap_or(ShockResult::Hold) {
                    ShockResult::Hold => shock.hold += p,
                    ShockResult::Recoil => shock.recoil += p,
                    ShockResult::Flee => shock.flee += p,
                    ShockResult::Rout => shock.rout += p,
                }
            }
        }
    }
}

/// Chance of exactly k successes in n trials of chance p, for k = 0..=n.
fn binomial(n: u32, p: f64) -> Vec<f64> {
    // Zeros written, not a zeroed allocation: this runs for every odds the planner asks.
    let mut dist = Vec::with_capacity(n as usize + 1);
    dist.push(1.0);
    dist.resize(n as usize + 1, 0.0);
    for trials in 1..=n as usize {
        // next[k] = dist[k]·(1 − p) + dist[k − 1]·p: the same sums as adding each term in
        // turn into a zeroed vector, since addition commutes and 0 + x is x. In place, from
        // the bottom, carrying each old dist[k − 1] along.
        let mut below = 0.0;
        for q in dist.iter_mut().take(trials + 1) {
            let here = *q;
            *q = here * (1.0 - p) + below * p;
            below = here;
        }
    }
    dist
}
