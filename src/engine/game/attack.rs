//! Attack sequences as numbers (R5.1–R5.4, R6.2–R6.4, R9.2–R9.5): range, line of sight,
//! effective AC, modifiers, uhp per hit, and when a sequence or a charge makes the target
//! roll for shock, with the cover of field works (R12.5). The resolver rolls against these same numbers; [`super::odds`] turns them
//! into exact chances.

use super::{Game, Unit};
use crate::engine::event::{AttackKind, Modifier, ModifierKind};
use crate::engine::rules::{Range, ReloadTiming};
use crate::engine::sums::{face_plus, saturating_sum};
use crate::engine::types::{Formation, MeleeClass, MissileWeapon, UnitId};
use hexx::Hex;

/// What lies between two hexes (R6.2), the clearest first: the lesser of two is the
/// better sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sight {
    /// Nothing stands between.
    Clear,
    /// Only units block: bows and slings may volley overhead.
    OnlyUnits,
    /// Terrain or a raised hex blocks the line.
    Blocked,
}

/// Where and how an attack is made: read off the board for a real attack, supplied by the
/// caller for a what-if (R5.3 range, R5.4 musket forks and overhead fire).
#[derive(Clone, Copy, Debug)]
pub(super) struct Setting {
    /// Hexes between attacker and target.
    pub distance: u32,
    /// The attacker moved by its own order this turn (anything but stand fast).
    pub moved: bool,
    /// Fired overhead of units in between (R6.2).
    pub overhead: bool,
}

/// The numbers of one attack sequence: `attacks` d20 rolls, each + `modifier` against
/// `needed` (attack throw + effective AC), each hit worth `uhp_per_hit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackProfile {
    /// d20s thrown.
    pub attacks: u32,
    /// Attack throw + effective AC.
    pub needed: i32,
    /// Sum of `modifiers`.
    pub modifier: i32,
    /// Each modifier of R5.4 with its kind (charge, disordered), summing to `modifier`.
    pub modifiers: Vec<Modifier>,
    /// AC after armor piercing (R5.3).
    pub effective_ac: i32,
    /// uhp each hit takes (R5.2).
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
        face_plus(face, self.modifier) >= self.needed
    }
}

impl Game {
    /// R6.2: line of sight from centre to centre, blocked by woods, villages, hills between
    /// lower hexes, and units (which bows may volley over).
    pub fn sight(&self, from: Hex, to: Hex) -> Sight {
        self.sight_ignoring(from, to, &[])
    }

    /// R6.2 as [`Game::sight`], for planning: units in `ignore` (about to move) do not block.
    /// A line that meets the edge between two hexes is traced moved a hair to either side,
    /// and the better of the two counts (RULES.md leaves it open; docs/rules.md's choice):
    /// so sight is the same both ways. The whole line keeps to one side, not each edge.
    pub fn sight_ignoring(&self, from: Hex, to: Hex, ignore: &[UnitId]) -> Sight {
        let one = self.sight_along(from, to, ignore, true);
        if one == Sight::Clear {
            return one;
        }
        one.min(self.sight_along(from, to, ignore, false))
    }

    /// R6.2 along the line from `from` to `to` moved a hair to `side` ([`crate::engine::Map::between`]).
    fn sight_along(&self, from: Hex, to: Hex, ignore: &[UnitId], side: bool) -> Sight {
        let elevated = |h: Hex| {
            self.map
                .terrain(h)
                .is_some_and(|t| self.rules.terrain(t).elevated)
        };
        let low_ends = !elevated(from) && !elevated(to);
        let mut units = false;
        for hex in crate::engine::map::Map::between(from, to, side) {
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
    pub fn missile_range(&self, attacker: &Unit, target: &Unit) -> Option<Range> {
        let big =
            target.is_mounted() || target.troop.size != crate::engine::types::CreatureSize::Man;
        self.weapon_range(attacker, big)
    }

    /// R6.2–R6.3: maximum and armor-penetrating range of `attacker`'s missile weapon in
    /// hexes, against foot of man size (`big` false) or against mounted or larger creatures
    /// (`big` true, R6.3's mounted column); `ap` is 0 for non-firearms.
    pub fn weapon_range(&self, attacker: &Unit, big: bool) -> Option<Range> {
        match attacker.troop.missile.as_ref()? {
            MissileWeapon::Missile { kind, .. } => {
                let kind = *kind;
                let row = self.rules.missile_ranges.iter().find(|r| r.kind == kind)?;
                Some(Range {
                    max: row.range,
                    ap: 0,
                })
            }
            MissileWeapon::Firearm { kind, .. } => {
                let kind = *kind;
                let row = self.rules.firearm_ranges.iter().find(|r| r.kind == kind)?;
                Some(if big { row.mounted } else { row.foot })
            }
        }
    }

    /// R6.1–R6.2: whether `attacker` can shoot `target` now (range and line of sight),
    /// and whether overhead; reload tokens are checked by [`Game::can_fire`].
    pub fn fire_reach(&self, attacker: &Unit, target: &Unit) -> Option<bool> {
        self.fire_reach_from(attacker, attacker.pos, target, target.pos)
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
        let setting = Setting {
            distance: a.pos.unsigned_distance_to(t.pos),
            moved: a.moved_by_order(),
            overhead,
        };
        Some(self.profile_in(a, t, kind, setting))
    }

    /// The numbers of a sequence of `kind` by `a` on `t` made in `setting` (R5.1–R5.4).
    pub(super) fn profile_in(
        &self,
        a: &Unit,
        t: &Unit,
        kind: AttackKind,
        setting: Setting,
    ) -> AttackProfile {
        let firearm = kind.is_missile()
            && a.troop
                .missile
                .as_ref()
                .is_some_and(MissileWeapon::is_firearm);
        let effective_ac = self.effective_ac(a, t, firearm, setting.distance);
        let modifiers = self.throw_modifiers(a, t, kind, setting);
        AttackProfile {
            attacks: if kind.is_missile() {
                a.profile.missile_attacks
            } else {
                a.profile.melee_attacks
            },
            needed: a.troop.attack_throw.saturating_add(effective_ac),
            modifier: saturating_sum(modifiers.iter().map(|m| m.value)),
            modifiers,
            effective_ac,
            uhp_per_hit: self.uhp_per_hit(a, t, kind),
            firearm,
            overhead: setting.overhead,
        }
    }

    /// R5.3: other AC + armor AC, less up to 5 armor within armor-penetrating range of
    /// `distance` hexes.
    fn effective_ac(&self, a: &Unit, t: &Unit, firearm: bool, distance: u32) -> i32 {
        let armor = t.troop.armor_ac;
        let pierced = firearm && self.missile_range(a, t).is_some_and(|r| distance <= r.ap);
        let ignored = if pierced {
            armor.clamp(0, self.rules.armor_penetration)
        } else {
            0
        };
        t.troop
            .other_ac
            .saturating_add(armor)
            .saturating_sub(ignored)
    }

    /// R5.4: the attack throw modifiers that apply, each with its reason.
    fn throw_modifiers(
        &self,
        a: &Unit,
        t: &Unit,
        kind: AttackKind,
        setting: Setting,
    ) -> Vec<Modifier> {
        let m = &self.rules.modifiers;
        let terrain = |h: Hex| self.map.terrain(h).map(|t| self.rules.terrain(t));
        let high = |h: Hex| terrain(h).is_some_and(|r| r.elevated);
        let covered = terrain(t.pos).is_some_and(|r| r.cover);
        let musket = a
            .troop
            .missile
            .as_ref()
            .is_some_and(MissileWeapon::is_musket);
        let all = [
            (
                ModifierKind::Disordered,
                m.disordered,
                a.status.is_disordered(),
            ),
            (ModifierKind::Charge, m.charging, kind == AttackKind::Charge),
            (
                ModifierKind::NoForkRest,
                m.musket_without_rest,
                kind == AttackKind::Missile && musket && setting.moved,
            ),
            (
                ModifierKind::Cover,
                m.missile_into_cover,
                kind.is_missile() && covered,
            ),
            // R12.5: works give cover too, but not on top of the terrain's.
            (
                ModifierKind::Works,
                m.missile_into_works,
                kind.is_missile() && !covered && self.map.has_works(t.pos),
            ),
            (ModifierKind::Overhead, m.volley_overhead, setting.overhead),
            (
                ModifierKind::Uphill,
                m.uphill_melee,
                !kind.is_missile() && high(a.pos) && !high(t.pos),
            ),
        ];
        all.into_iter()
            .filter(|(_, v, applies)| *applies && *v != 0)
            .map(|(kind, value, _)| Modifier { kind, value })
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
        self.shock_modifier_if(unit, self.secured_by_formed_foot(unit))
    }

    /// The shock modifier `unit` would have if `secured` said whether Formed Foot covered
    /// it (R9.1, R8.6, R9.4): the planner's what-if for a hex it has not reached.
    pub fn shock_modifier_if(&self, unit: &Unit, secured: bool) -> i32 {
        saturating_sum(
            self.shock_modifiers_if(unit, secured)
                .iter()
                .map(|m| m.value),
        )
    }

    /// Each part of `unit`'s shock modifier with its name, none of them 0: `morale`,
    /// `disordered`, `secured by FF` (R9.1, R8.6, R9.4).
    pub fn shock_modifiers(&self, unit: &Unit) -> Vec<Modifier> {
        self.shock_modifiers_if(unit, self.secured_by_formed_foot(unit))
    }

    fn shock_modifiers_if(&self, unit: &Unit, secured: bool) -> Vec<Modifier> {
        let m = &self.rules.modifiers;
        let parts = [
            (ModifierKind::Morale, unit.troop.morale, true),
            (
                ModifierKind::Disordered,
                m.disordered,
                unit.status.is_disordered(),
            ),
            (
                ModifierKind::SecuredByFormedFoot,
                m.secured_by_formed_foot,
                secured && unit.troop.formation == Formation::DF,
            ),
        ];
        parts
            .into_iter()
            .filter(|(_, v, applies)| *applies && *v != 0)
            .map(|(kind, value, _)| Modifier { kind, value })
            .collect()
    }

    /// R9.4: DF next to a friendly FF unit that is not fleeing.
    pub fn secured_by_formed_foot(&self, unit: &Unit) -> bool {
        self.secured_at(unit, unit.pos)
    }

    /// R9.4 for a what-if: whether DF `unit` would be secured by Formed Foot standing at
    /// `at`, with every other unit where it is.
    pub fn secured_at(&self, unit: &Unit, at: Hex) -> bool {
        self.secured_supposing(unit, at, &[])
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
        charger.is_mounted() && self.exposed_to_cavalry_at(target, target.pos)
    }

    /// R4.4, R9.4, R9.5 for a what-if: whether a mounted charge would make `target` roll
    /// for shock if it stood at `at`: UF, or DF not secured there, and not fearless.
    pub fn exposed_to_cavalry_at(&self, target: &Unit, at: Hex) -> bool {
        let f = target.troop.formation;
        let exposed = f == Formation::UF || (f == Formation::DF && !self.secured_at(target, at));
        exposed && !target.troop.fearless
    }
}
