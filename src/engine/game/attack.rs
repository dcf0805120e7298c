//! Attack sequences as numbers (R5.1–R5.4, R6.2–R6.4, R9.1–R9.5): range, line of sight,
//! effective AC, modifiers, uhp per hit, and the exact odds of hits and shock results. The
//! resolver rolls against these same numbers, so the odds shown are the odds rolled.

use super::{Game, Unit};
use crate::engine::event::{AttackKind, MoveKind};
use crate::engine::rules::{ReloadTiming, ShockResult};
use crate::engine::types::{Formation, MeleeClass, MissileWeapon, Status, UnitId};
use hexx::Hex;

/// What lies between two hexes (R6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    Clear,
    /// Only units block: bows and slings may volley overhead.
    OnlyUnits,
    Blocked,
}

/// The numbers of one attack sequence: `attacks` d20 rolls, each + `modifier` against
/// `needed` (attack throw + effective AC), each hit worth `uhp_per_hit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackProfile {
    pub attacks: u32,
    pub needed: i32,
    pub modifier: i32,
    /// Each modifier of R5.4 with its reason (`charge`, `disordered`), summing to `modifier`.
    pub modifiers: Vec<(String, i32)>,
    pub effective_ac: i32,
    pub uhp_per_hit: u32,
    /// A firearm sequence (R5.3, R6.4, R9.2).
    pub firearm: bool,
    /// Fired overhead (R6.2).
    pub overhead: bool,
}

impl AttackProfile {
    /// R5.1: a natural 20 hits, a natural 1 misses (per `rules.ron`), else total ≥ needed.
    pub fn hits_on(&self, face: u32, nat20: bool, nat1: bool) -> bool {
        if face == 20 && nat20 {
            return true;
        }
        if face == 1 && nat1 {
            return false;
        }
        face as i32 + self.modifier >= self.needed
    }
}

/// Chances of each shock outcome for a target, summing to 1.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ShockOdds {
    /// No shock roll is made.
    pub no_roll: f64,
    /// The unit is destroyed outright (R8.2).
    pub destroyed: f64,
    pub hold: f64,
    pub recoil: f64,
    pub flee: f64,
    pub rout: f64,
}

/// Exact odds of an attack sequence: chance of each number of hits (index = hits) and
/// of each shock outcome, assuming the target does not withdraw.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    pub profile: AttackProfile,
    pub hit_chance: f64,
    pub hits: Vec<f64>,
    pub shock: ShockOdds,
}

impl Game {
    /// R6.2: line of sight from centre to centre, blocked by woods, villages, hills between
    /// lower hexes, and units (which bows may volley over).
    pub fn sight(&self, from: Hex, to: Hex) -> Sight {
        self.sight_ignoring(from, to, &[])
    }

    /// R6.2 as [`Game::sight`], for planning: units in `ignore` (about to move) do not block.
    pub fn sight_ignoring(&self, from: Hex, to: Hex, ignore: &[UnitId]) -> Sight {
        let elevated = |h: Hex| {
            self.map
                .terrain(h)
                .is_some_and(|t| self.rules.terrain(t).elevated)
        };
        let low_ends = !elevated(from) && !elevated(to);
        let mut units = false;
        for hex in crate::engine::map::Map::between(from, to) {
            let Some(t) = self.map.terrain(hex) else {
                return Sight::Blocked;
            };
            let row = self.rules.terrain(t);
            if row.blocks_sight || (row.elevated && low_ends) {
                return Sight::Blocked;
            }
            units |= self.unit_at(hex).is_some_and(|u| !ignore.contains(&u.id));
        }
        if units {
            Sight::OnlyUnits
        } else {
            Sight::Clear
        }
    }

    /// R6.2–R6.3: maximum and armor-penetrating range of a unit's missile weapon against a
    /// target, in hexes (`ap` 0 for non-firearms).
    pub fn missile_range(&self, attacker: &Unit, target: &Unit) -> Option<(u32, u32)> {
        match attacker.troop.missile.as_ref()? {
            MissileWeapon::Missile { kind, .. } => {
                let kind = *kind;
                let row = self.rules.missile_ranges.iter().find(|r| r.kind == kind)?;
                Some((row.range, 0))
            }
            MissileWeapon::Firearm { kind, .. } => {
                let kind = *kind;
                let row = self.rules.firearm_ranges.iter().find(|r| r.kind == kind)?;
                let big = target.is_mounted()
                    || target.troop.size != crate::engine::types::CreatureSize::Man;
                let range = if big { row.mounted } else { row.foot };
                Some((range.max, range.ap))
            }
        }
    }

    /// R6.1–R6.2: whether `attacker` can shoot `target` now (range and line of sight),
    /// and whether overhead; reload tokens are checked by [`Game::can_fire`].
    pub fn fire_reach(&self, attacker: &Unit, target: &Unit) -> Option<bool> {
        let (max, _) = self.missile_range(attacker, target)?;
        if attacker.pos.unsigned_distance_to(target.pos) > max {
            return None;
        }
        let weapon = attacker.troop.missile.as_ref()?;
        match self.sight(attacker.pos, target.pos) {
            Sight::Clear => Some(false),
            Sight::OnlyUnits => match weapon {
                MissileWeapon::Missile { kind, .. } if kind.volleys_overhead() => Some(true),
                _ => None,
            },
            Sight::Blocked => None,
        }
    }

    /// R6.4: a firearm unit fires only with no reload tokens (at the start of the turn too,
    /// under `StartOfTurn`); other missile units always may.
    pub fn can_fire(&self, unit: &Unit) -> bool {
        let firearm = unit
            .troop
            .missile
            .as_ref()
            .is_some_and(MissileWeapon::is_firearm);
        if !firearm {
            return unit.troop.missile.is_some();
        }
        match self.rules.options.reload_timing {
            ReloadTiming::StartOfTurn => unit.reload_tokens == 0 && unit.tokens_at_turn_start == 0,
            ReloadTiming::Literal => unit.reload_tokens == 0,
        }
    }

    /// The numbers of an attack sequence by `attacker` on `target` (R5.1–R5.4), or `None`
    /// if either unit is gone or a missile attack has no reach.
    pub fn attack_profile(
        &self,
        attacker: UnitId,
        target: UnitId,
        kind: AttackKind,
    ) -> Option<AttackProfile> {
        let (a, t) = (self.unit(attacker)?, self.unit(target)?);
        let overhead = if kind.is_missile() {
            self.fire_reach(a, t)?
        } else {
            false
        };
        let firearm = kind.is_missile()
            && a.troop
                .missile
                .as_ref()
                .is_some_and(MissileWeapon::is_firearm);
        let effective_ac = self.effective_ac(a, t, firearm);
        let modifiers = self.throw_modifiers(a, t, kind, overhead);
        Some(AttackProfile {
            attacks: if kind.is_missile() {
                a.profile.missile_attacks
            } else {
                a.profile.melee_attacks
            },
            needed: a.troop.attack_throw + effective_ac,
            modifier: modifiers.iter().map(|(_, v)| v).sum(),
            modifiers,
            effective_ac,
            uhp_per_hit: self.uhp_per_hit(a, t, kind),
            firearm,
            overhead,
        })
    }

    /// R5.3: other AC + armor AC, less up to 5 armor within armor-penetrating range.
    fn effective_ac(&self, a: &Unit, t: &Unit, firearm: bool) -> i32 {
        let armor = t.troop.armor_ac;
        let pierced = firearm
            && self
                .missile_range(a, t)
                .is_some_and(|(_, ap)| a.pos.unsigned_distance_to(t.pos) <= ap);
        let ignored = if pierced {
            armor.clamp(0, self.rules.armor_penetration)
        } else {
            0
        };
        t.troop.other_ac + armor - ignored
    }

    /// R5.4: the attack throw modifiers that apply, each with its reason.
    fn throw_modifiers(
        &self,
        a: &Unit,
        t: &Unit,
        kind: AttackKind,
        overhead: bool,
    ) -> Vec<(String, i32)> {
        let m = &self.rules.modifiers;
        let terrain = |h: Hex| self.map.terrain(h).map(|t| self.rules.terrain(t));
        let high = |h: Hex| terrain(h).is_some_and(|r| r.elevated);
        let musket = a
            .troop
            .missile
            .as_ref()
            .is_some_and(MissileWeapon::is_musket);
        let moved = a.marks.moved.is_some_and(|k| k != MoveKind::StandFast);
        let all = [
            ("disordered", m.disordered, a.status == Status::Disordered),
            ("charge", m.charging, kind == AttackKind::Charge),
            (
                "no fork rest",
                m.musket_without_rest,
                kind == AttackKind::Missile && musket && moved,
            ),
            (
                "cover",
                m.missile_into_cover,
                kind.is_missile() && terrain(t.pos).is_some_and(|r| r.cover),
            ),
            ("overhead", m.volley_overhead, overhead),
            (
                "uphill",
                m.uphill_melee,
                !kind.is_missile() && high(a.pos) && !high(t.pos),
            ),
        ];
        all.into_iter()
            .filter(|(_, v, applies)| *applies && *v != 0)
            .map(|(why, v, _)| (why.to_string(), v))
            .collect()
    }

    /// R5.2: 1 uhp per hit; 2 for lances charging and for ready spears set against a
    /// mounted charge.
    fn uhp_per_hit(&self, a: &Unit, t: &Unit, kind: AttackKind) -> u32 {
        let class = a.troop.melee.class;
        match kind {
            AttackKind::Charge if a.is_mounted() && class == MeleeClass::Lance => {
                self.rules.lance_charge_damage
            }
            AttackKind::Reaction {
                missile: false,
                vs_charge: true,
            } if a.troop.formation == Formation::FF
                && class == MeleeClass::SpearOrPolearm
                && t.is_mounted() =>
            {
                self.rules.set_vs_charge_damage
            }
            _ => 1,
        }
    }

    /// R9.1, R8.6, R9.4: ML, −2 if disordered, +2 if DF secured by Formed Foot.
    pub fn shock_modifier(&self, unit: &Unit) -> i32 {
        let mut m = unit.troop.morale;
        if unit.status == Status::Disordered {
            m += self.rules.modifiers.disordered;
        }
        if self.secured_by_formed_foot(unit) {
            m += self.rules.modifiers.secured_by_formed_foot;
        }
        m
    }

    /// R9.4: DF next to a friendly FF unit that is not fleeing.
    pub fn secured_by_formed_foot(&self, unit: &Unit) -> bool {
        unit.troop.formation == Formation::DF
            && self.units_of(unit.side).any(|f| {
                f.troop.formation == Formation::FF
                    && f.status != Status::Fleeing
                    && f.pos.unsigned_distance_to(unit.pos) == 1
            })
    }

    /// R9.2–R9.5: whether an attack sequence that dealt `damage` and left `left` uhp makes
    /// the target roll, and the roll's extra modifier (−2 for the LotFP double trigger).
    pub fn damage_shock(
        &self,
        target: &Unit,
        firearm: bool,
        damage: u32,
        left: u32,
    ) -> Option<i32> {
        if left == 0 {
            return None;
        }
        let half = damage > 0 && left * 2 <= target.profile.uhp;
        let fearless = target.troop.fearless;
        if self.rules.options.lotfp_morale {
            let lotfp = firearm && target.troop.morale <= 0 && !fearless;
            return match (lotfp, half) {
                (true, true) => Some(self.rules.modifiers.lotfp_double_trigger),
                (true, false) | (false, true) => Some(0),
                (false, false) => None,
            };
        }
        let smoke = firearm && damage > 0 && !fearless;
        (half || smoke).then_some(0)
    }

    /// R4.4, R9.2, R9.4, R9.5: whether a charge by `charger` makes `target` roll for shock.
    pub fn shocked_by_cavalry(&self, charger: &Unit, target: &Unit) -> bool {
        let f = target.troop.formation;
        let exposed =
            f == Formation::UF || (f == Formation::DF && !self.secured_by_formed_foot(target));
        charger.is_mounted() && exposed && !target.troop.fearless
    }

    /// Exact odds of `attacker`'s sequence of `kind` on `target`, with no withdrawal.
    pub fn odds(&self, attacker: UnitId, target: UnitId, kind: AttackKind) -> Option<Odds> {
        let profile = self.attack_profile(attacker, target, kind)?;
        let t = self.unit(target)?;
        let (n20, n1) = (self.rules.natural_20_hits, self.rules.natural_1_misses);
        let faces = (1..=20).filter(|&f| profile.hits_on(f, n20, n1)).count();
        let p = faces as f64 / 20.0;
        let hits = binomial(profile.attacks, p);
        let mut shock = ShockOdds::default();
        for (k, pk) in hits.iter().enumerate() {
            let damage = k as u32 * profile.uhp_per_hit;
            let left = t.uhp.saturating_sub(damage);
            if left == 0 {
                shock.destroyed += pk;
                continue;
            }
            match self.damage_shock(t, profile.firearm, damage, left) {
                None => shock.no_roll += pk,
                Some(extra) => self.add_roll_odds(&mut shock, self.shock_modifier(t) + extra, *pk),
            }
        }
        Some(Odds {
            profile,
            hit_chance: p,
            hits,
            shock,
        })
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
        for a in 1..=6 {
            for b in 1..=6 {
                let p = weight / 36.0;
                match self.rules.shock_result(a + b + modifier) {
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
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 1];
        for (k, q) in dist.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        dist = next;
    }
    dist
}
