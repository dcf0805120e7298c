//! Where units go when they give ground: withdrawal paths (R8.1, with DF's passage through
//! friends and extra hex), recoil (R8.3) and flee moves (R8.4). Every choice is made in a
//! fixed order so the same state always gives the same path.

use super::{Game, Unit};
use crate::engine::types::{Formation, SideId, UnitId};
use hexx::Hex;

/// One withdrawal open to a unit that takes damage (R8.1): how many hexes, and the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Withdrawal {
    /// Hexes withdrawn, each cancelling a point of damage (R8.2); 0 to stand. A DF unit's
    /// path may run a hex further, to end in a free hex (R8.1).
    pub hexes: u32,
    /// The hexes passed through, start excluded; empty when standing.
    pub path: Vec<Hex>,
}

impl Withdrawal {
    /// Standing where it is: 0 hexes, always open.
    fn stand() -> Withdrawal {
        Withdrawal {
            hexes: 0,
            path: Vec::new(),
        }
    }
}

/// Where a flee move ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct FleeMove {
    pub path: Vec<Hex>,
    /// The unit could not complete the move or ran off the map: it routs (R8.4).
    pub routs: bool,
}

impl Game {
    /// Movement cost of entering `to` from `from` (R4.6), `None` if impassable or off-map.
    pub fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        self.grid
            .step_cost(self.map.index(from), self.map.index(to))
    }

    /// True if `hex` has an enemy of `side` next to it (R4.2).
    pub fn next_to_enemy(&self, hex: Hex, side: SideId) -> bool {
        match self.map.index(hex) {
            Some(index) => self.grid.beside(index, side.other()),
            // Off the map (a flee path's last step): no grid there, so ask every enemy.
            None => self
                .units_of(side.other())
                .any(|e| e.pos.unsigned_distance_to(hex) == 1),
        }
    }

    /// Distance to the nearest enemy of `side`, for breaking ties away from danger.
    fn enemy_distance(&self, hex: Hex, side: SideId) -> u32 {
        self.units_of(side.other())
            .map(|e| e.pos.unsigned_distance_to(hex))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Order of preference among hexes for a retreating unit: nearer its edge, farther from
    /// enemies, then by coordinates.
    fn retreat_key(&self, unit: &Unit, hex: Hex) -> (i32, std::cmp::Reverse<u32>, i32, i32) {
        let edge = self.map.edge_distance(hex, unit.side.of(&self.sides).edge);
        (
            edge,
            std::cmp::Reverse(self.enemy_distance(hex, unit.side)),
            hex.y,
            hex.x,
        )
    }

    /// R8.3: the free hex directly away from `cause`, if any: of the free hexes farther
    /// from the cause, the one farthest from it in a straight line (the line from the cause
    /// through the unit, continued), then by the retreat preference.
    pub(super) fn recoil_hex(&self, unit: &Unit, cause: Hex) -> Option<Hex> {
        let here = unit.pos.unsigned_distance_to(cause);
        // Squared centre-to-centre distance in axial coordinates (times 1/3 hex²).
        let straight = |h: Hex| {
            let (dq, dr) = (i64::from(h.x - cause.x), i64::from(h.y - cause.y));
            dq * dq + dq * dr + dr * dr
        };
        self.map
            .neighbors(unit.pos)
            .filter(|h| h.unsigned_distance_to(cause) > here)
            .filter(|h| self.step_cost(unit.pos, *h).is_some() && self.unit_at(*h).is_none())
            .min_by_key(|h| (std::cmp::Reverse(straight(*h)), self.retreat_key(unit, *h)))
    }

    /// R8.4: up to the hustle rate towards the home edge and away from enemies.
    pub(super) fn flee_move(&self, unit: &Unit) -> FleeMove {
        let edge = unit.side.of(&self.sides).edge;
        let mut points = unit.profile.rate.hustle;
        let (mut at, mut path) = (unit.pos, Vec::new());
        while points > 0 {
            let here = self.map.edge_distance(at, edge);
            if here == 0 {
                return FleeMove { path, routs: true };
            }
            let next = self
                .map
                .neighbors(at)
                .filter(|h| {
                    self.map.edge_distance(*h, edge) < here && self.step_cost(at, *h).is_some()
                })
                .filter(|h| {
                    self.unit_at(*h)
                        .is_none_or(|o| o.side == unit.side && passes(unit, o))
                })
                .min_by_key(|h| self.retreat_key(unit, *h));
            let Some(next) = next else {
                return FleeMove { path, routs: true };
            };
            let cost = self.step_cost(at, next).unwrap_or(u32::MAX);
            if cost > points {
                break;
            }
            points -= cost;
            path.push(next);
            at = next;
        }
        while path
            .last()
            .is_some_and(|h| self.unit_at(*h).is_some_and(|o| o.id != unit.id))
        {
            path.pop();
        }
        let stuck = path.is_empty() && unit.profile.rate.hustle > 0;
        FleeMove { path, routs: stuck }
    }

    /// R8.1: the legal withdrawal counts (0 included) and the path for each, away from
    /// `from`, up to `most` hexes.
    fn withdraw_paths(&self, unit: &Unit, from: Hex, most: u32) -> Vec<Withdrawal> {
        let mut out = vec![Withdrawal::stand()];
        let extra = u32::from(unit.troop.formation == Formation::DF);
        for n in 1..=most {
            let exact = self.best_withdrawal(unit, from, n);
            let path = exact.or_else(|| {
                (extra == 1)
                    .then(|| self.best_withdrawal(unit, from, n + 1))
                    .flatten()
            });
            if let Some(path) = path {
                out.push(Withdrawal { hexes: n, path });
            }
        }
        out
    }

    /// The preferred path of exactly `len` hexes, each farther from `from`, ending free.
    fn best_withdrawal(&self, unit: &Unit, from: Hex, len: u32) -> Option<Vec<Hex>> {
        let mut paths = vec![vec![unit.pos]];
        for _ in 0..len {
            let mut next = Vec::new();
            for path in &paths {
                let at = *path.last()?;
                for h in self.map.neighbors(at) {
                    let ok = h.unsigned_distance_to(from) > at.unsigned_distance_to(from)
                        && self.step_cost(at, h).is_some()
                        && self
                            .unit_at(h)
                            .is_none_or(|o| o.side == unit.side && withdraws_through(unit, o));
                    if ok && !path.contains(&h) {
                        let mut p = path.clone();
                        p.push(h);
                        next.push(p);
                    }
                }
            }
            paths = next;
        }
        paths
            .into_iter()
            .filter(|p| {
                p.last()
                    .is_some_and(|h| *h != unit.pos && self.unit_at(*h).is_none())
            })
            .min_by_key(|p| p.last().map(|h| self.retreat_key(unit, *h)))
            .map(|p| p.get(1..).unwrap_or_default().to_vec())
    }

    /// R8.1: how many hexes `target` could withdraw from `attacker`'s attack sequence when
    /// it deals `damage` uhp, saving one uhp each: no more than the damage, its march rate
    /// or the room behind it (0 if it may not withdraw); a what-if for the odds panel, as
    /// the withdrawal prompt will offer it.
    pub fn withdraw_reach(
        &self,
        attacker: UnitId,
        target: UnitId,
        firearm: bool,
        damage: u32,
    ) -> u32 {
        let (Some(a), Some(t)) = (self.unit(attacker), self.unit(target)) else {
            return 0;
        };
        let options = self.withdrawals(t, a.pos, damage, firearm);
        options.iter().map(|w| w.hexes).max().unwrap_or(0)
    }

    /// R8.1: the withdrawals open to `unit` from an attack sequence from `from` that deals
    /// `damage` uhp: each count of hexes, 0 included, up to the damage and its march rate,
    /// with its path; only 0 when nothing is dealt or it may not withdraw.
    pub(super) fn withdrawals(
        &self,
        unit: &Unit,
        from: Hex,
        damage: u32,
        firearm: bool,
    ) -> Vec<Withdrawal> {
        if damage > 0 && self.may_withdraw(unit, firearm) {
            self.withdraw_paths(unit, from, damage.min(unit.profile.rate.march))
        } else {
            vec![Withdrawal::stand()]
        }
    }

    /// R8.1: LF, LC and SF withdraw from anything except LF from firearms; DF from anything.
    pub fn may_withdraw(&self, unit: &Unit, firearm: bool) -> bool {
        match unit.troop.formation {
            Formation::LF => !firearm,
            Formation::LC | Formation::SF | Formation::DF => true,
            _ => false,
        }
    }

    /// Ids of the units adjacent to `unit` of the other side, by id.
    pub fn adjacent_enemies(&self, unit: &Unit) -> Vec<UnitId> {
        self.units_of(unit.side.other())
            .filter(|e| e.pos.unsigned_distance_to(unit.pos) == 1)
            .map(|e| e.id)
            .collect()
    }
}

/// R4.3: a friend may be passed if either unit is LF, SF or DF.
pub(super) fn passes(mover: &Unit, friend: &Unit) -> bool {
    mover.troop.formation.is_permeable() || friend.troop.formation.is_permeable()
}

/// R8.1: DF withdraw through friends and friends withdraw through DF.
fn withdraws_through(mover: &Unit, friend: &Unit) -> bool {
    mover.troop.formation == Formation::DF || friend.troop.formation == Formation::DF
}
