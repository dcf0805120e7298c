//! What-if rule queries for the computer player, each the engine's own rule asked about
//! a position that is not the one on the board: how a unit would react to an enemy
//! standing elsewhere (R5.6), whether it may still attack or fire this turn (R4.1, R4.5,
//! R5.5, R6.1, R7.2), how many turns until a firearm is loaded (R4.7, R6.4), who holds an
//! objective (R10.3), how many turns a march takes over the ground (R4.1, R4.6, R12.5,
//! R12.6), whether pike would secure shot from another hex (R9.4), whether a charge may
//! be declared on a unit in a given hex (R12.5), whether the hit now waiting on a
//! withdrawal was firearm fire (R8.1, R9.2), and the army-morale mark once reserves have
//! come (R10.2, R12.1).

use super::attack::Setting;
use super::resolve::Ctx;
use super::{Game, Odds, Unit};
use crate::engine::event::{AttackKind, MoveKind, Phase};
use crate::engine::rules::ReloadTiming;
use crate::engine::types::{Formation, MissileWeapon, SideId, Status, UnitId};
use crate::engine::Refusal;
use hexx::Hex;
use std::collections::BinaryHeap;
use std::sync::Arc;

impl Unit {
    /// R5.4: whether the unit moved by its own order this turn (anything but stand fast),
    /// which is what costs a musket its fork rest.
    pub fn moved_by_order(&self) -> bool {
        self.marks.moved.is_some_and(|k| k != MoveKind::StandFast)
    }

    /// Whether the unit's missile weapon is a firearm (R2.5, R6.4).
    pub fn has_firearm(&self) -> bool {
        (self.troop.missile.as_ref()).is_some_and(MissileWeapon::is_firearm)
    }
}

impl Game {
    /// R5.6 for a what-if: how `r`, standing at `r_at`, would react to enemy `e` standing
    /// at `e_at`: with fire if it may fire and `e_at` is within its reach from `r_at`,
    /// else in melee if the two hexes touch; `None` if it may not react.
    pub fn reaction_at(
        &self,
        r: &Unit,
        r_at: Hex,
        e: &Unit,
        e_at: Hex,
        vs_charge: bool,
    ) -> Option<AttackKind> {
        r.ready
            .then(|| self.reaction_if_ready(r, r_at, e, e_at, vs_charge))
            .flatten()
    }

    /// [`Game::reaction_at`] as if `r` held a ready marker: what readying would buy.
    pub fn reaction_if_ready(
        &self,
        r: &Unit,
        r_at: Hex,
        e: &Unit,
        e_at: Hex,
        vs_charge: bool,
    ) -> Option<AttackKind> {
        if !r.may_react_if_ready() {
            return None;
        }
        let missile = self.can_fire(r) && self.fire_reach_from(r, r_at, e, e_at).is_some();
        (missile || r_at.unsigned_distance_to(e_at) == 1)
            .then_some(AttackKind::Reaction { missile, vs_charge })
    }

    /// R6.1–R6.2 from hexes: whether `a` at `from` could shoot `t` at `to` (range and line
    /// of sight, reload tokens not asked), and whether overhead.
    pub fn fire_reach_from(&self, a: &Unit, from: Hex, t: &Unit, to: Hex) -> Option<bool> {
        let range = self.missile_range(a, t)?;
        if from.unsigned_distance_to(to) > range.max {
            return None;
        }
        // Where the two stand now does not block a line drawn from hexes they may not be in.
        self.line_of_fire_from(a, from, to, &[a.id, t.id])
    }

    /// Odds of `a`'s sequence of `kind` on `t` as if they stood `distance` hexes apart with
    /// a clear line, `a` having `moved` this turn or not (R5.1–R5.4, R6.3, R9.2); `None` for
    /// a missile sequence without a weapon or beyond its range.
    pub fn odds_in(
        &self,
        a: &Unit,
        t: &Unit,
        kind: AttackKind,
        distance: u32,
        moved: bool,
    ) -> Option<Odds> {
        if kind.is_missile() && distance > self.missile_range(a, t)?.max {
            return None;
        }
        let setting = Setting {
            distance,
            moved,
            overhead: false,
        };
        Some(self.profile_odds(self.profile_in(a, t, kind, setting), t))
    }

    /// R4.1, R4.5, R5.5, R7.2, R8.4: why `unit` may not attack (fire or strike) any more
    /// this turn, if it may not: it flees, has attacked, or hustled, charged or disengaged,
    /// or it readied in the Melee phase (readied in the Missile phase, it may still strike
    /// in the Melee phase). An unknown unit may not attack at all.
    pub fn may_still_attack(&self, unit: UnitId) -> Option<Refusal> {
        if self.unit(unit).is_none() {
            return Some(Refusal::Fleeing);
        }
        match self.acted_reason(unit) {
            Some(Refusal::ReadiedThisPhase) if self.phase != Phase::Melee => None,
            why => why,
        }
    }

    /// R6.1: whether `shooter` may still fire this turn at a unit standing at `to`, range,
    /// sight and reload tokens aside (those are [`Game::fire_reach_from`] and
    /// [`Game::turns_until_loaded`]): it has not acted (see [`Game::may_still_attack`]), and
    /// if engaged it shoots only at an adjacent hex.
    pub fn may_fire_at(&self, shooter: &Unit, to: Hex) -> bool {
        self.may_still_attack(shooter.id).is_none()
            && (!self.is_engaged(shooter) || shooter.pos.unsigned_distance_to(to) == 1)
    }

    /// R4.7, R6.4: turns from now until `u` is loaded: 0 this turn, 1 the next, and so on,
    /// if it stands fast every Movement phase from here (`stands_fast` says whether it does
    /// in this turn's, if that is still to come); `None` without a missile weapon. Whether
    /// it has already acted this turn is [`Game::may_still_attack`].
    pub fn turns_until_loaded(&self, u: &Unit, stands_fast: bool) -> Option<u32> {
        u.troop.missile.as_ref()?;
        if self.can_fire(u) || !u.has_firearm() {
            return Some(0);
        }
        let drops_now = stands_fast
            && matches!(self.phase, Phase::Initiative | Phase::Movement)
            && u.marks.moved.is_none()
            && u.reload_tokens > 0;
        let left = u.reload_tokens.saturating_sub(u32::from(drops_now));
        Some(match self.rules.options.reload_timing {
            ReloadTiming::StartOfTurn => left.saturating_add(1),
            ReloadTiming::Literal => left,
        })
    }

    /// R10.3, R12.4: the side whose unit stands on objective `index` (fleeing or not), if
    /// any; whether it counts for that side is [`super::Objective::worth_for`].
    pub fn objective_holder(&self, index: usize) -> Option<SideId> {
        let o = self.objectives.get(index)?;
        self.unit_at(o.hex).map(|u| u.side)
    }

    /// R9.4 for a what-if: whether DF `shot` at its own hex would be secured by Formed Foot
    /// `pike` if `pike` stood at `pike_at`, with the units in `absent` gone.
    pub fn secured_with(&self, shot: &Unit, pike: &Unit, pike_at: Hex, absent: &[UnitId]) -> bool {
        let by_pike = Game::secures(pike, shot) && pike_at.unsigned_distance_to(shot.pos) == 1;
        // The pike stands at `pike_at`, not where it is now.
        let mut gone = absent.to_vec();
        gone.push(pike.id);
        by_pike || self.secured_supposing(shot, shot.pos, &gone)
    }

    /// R9.4: whether `pike` is the kind of unit that secures `shot` when beside it: a
    /// friendly Formed Foot unit, not fleeing, beside Drilled Foot.
    pub fn secures(pike: &Unit, shot: &Unit) -> bool {
        shot.troop.formation == Formation::DF
            && pike.side == shot.side
            && pike.id != shot.id
            && pike.troop.formation == Formation::FF
            && pike.status != Status::Fleeing
    }

    /// R12.5: whether `u` may declare a charge on a unit standing at `hex`: mounted units
    /// may not charge into field works.
    pub fn charge_target_ok_at(&self, u: &Unit, hex: Hex) -> bool {
        !u.is_mounted() || !self.map.has_works(hex)
    }

    /// R8.1, R9.2: whether the hit waiting on a withdrawal decision was firearm fire (which
    /// makes its shock roll harder); `None` when no withdrawal is pending.
    pub fn pending_withdrawal_firearm(&self) -> Option<bool> {
        match &self.pending.as_ref()?.ctx {
            Ctx::Withdraw(hit) => Some(hit.firearm),
            _ => None,
        }
    }

    /// R10.2, R12.1: `side`'s army-morale mark once `arriving` more uhp of reserves have
    /// joined its starting uhp.
    pub fn morale_mark_with(&self, side: SideId, arriving: u32) -> u32 {
        side.of(&self.sides).start_uhp.saturating_add(arriving) / 2
    }
}

/// Movement points from each hex of a map (by index) to one hex, marching: `u32::MAX`
/// where no march arrives.
pub(super) type MarchField = Arc<[u32]>;

impl Game {
    /// R4.1, R4.6, R12.5, R12.6: at least how many turns `u` needs to march from `from`
    /// onto `to` over the ground (terrain, slopes, works and roads): the cheapest path's
    /// cost over its march rate, rounded up, other units and zones of control aside (a step
    /// that does not fit in what is left of a turn waits for the next, so a path may take
    /// more); `None` if no march gets there.
    pub fn march_turns(&self, u: &Unit, from: Hex, to: Hex) -> Option<u32> {
        let start = self.map.index(from)?;
        let field = self.march_field(to)?;
        let cost = *field.get(start)?;
        (cost != u32::MAX).then(|| cost.div_ceil(u.profile.rate.march.max(1)))
    }

    /// Works out the march costs to every objective's hex, if not yet (at setup and after
    /// the terrain changes, R12.7), so that copies of the game share them.
    pub(super) fn warm_march_fields(&self) {
        self.kept_march_fields();
    }

    fn kept_march_fields(&self) -> &[(Hex, MarchField)] {
        self.march_fields.get_or_init(|| {
            (self.objectives.iter())
                .map(|o| (o.hex, self.march_field_to(o.hex)))
                .filter_map(|(h, f)| Some((h, f?)))
                .collect()
        })
    }

    /// The march costs to `to` from every hex, kept for the objectives' hexes (until the
    /// terrain changes, R12.7) and worked out afresh for any other.
    fn march_field(&self, to: Hex) -> Option<MarchField> {
        let kept = self.kept_march_fields();
        match kept.iter().find(|(h, _)| *h == to) {
            Some((_, f)) => Some(Arc::clone(f)),
            None => self.march_field_to(to),
        }
    }

    /// Cheapest march costs into `to` (Dijkstra backwards over the grid's steps).
    fn march_field_to(&self, to: Hex) -> Option<MarchField> {
        let goal = self.map.index(to)?;
        let mut cost = vec![u32::MAX; self.map.len()];
        let mut heap = BinaryHeap::new();
        *cost.get_mut(goal)? = 0;
        heap.push(std::cmp::Reverse((0u32, goal)));
        while let Some(std::cmp::Reverse((c, at))) = heap.pop() {
            if cost.get(at).is_some_and(|k| c > *k) {
                continue;
            }
            for n in self.map.neighbors(self.map.hex_of(at)) {
                let Some(from) = self.map.index(n) else {
                    continue;
                };
                let step = self.grid.step_along(from, at, self.grid.raised(from), true);
                let next = step.map(|s| c.saturating_add(s));
                if let Some((next, slot)) = next.zip(cost.get_mut(from)) {
                    if next < *slot {
                        *slot = next;
                        heap.push(std::cmp::Reverse((next, from)));
                    }
                }
            }
        }
        Some(cost.into())
    }
}
