//! What threatens a hex and what a unit threatens, for the terminal's threat and fire-range
//! views (R4.4 charges, R6.1–R6.3 range and line of sight). Every answer is read off the
//! engine's own charge reach, range table and sight line, so a view cannot tell a rule the
//! engine does not play.

use super::attack::Sight;
use super::{Game, Unit};
use crate::engine::event::MoveKind;
use crate::engine::rules::Range;
use crate::engine::types::{SideId, UnitId};
use hexx::Hex;

/// How a shooter covers one hex of its field of fire (R6.2, R6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// In sight and within armor-piercing range against foot (firearms, R6.3).
    Pierce,
    /// In sight and within maximum range against foot.
    Range,
    /// In sight, beyond the range against foot but within it against mounted units or
    /// large creatures (R6.3's mounted column).
    Mounted,
    /// Within range, seen only over units: a bow or sling volleys overhead at −2 (R6.2).
    Overhead,
    /// Within range but out of sight: terrain blocks it, or units block a firearm (R6.2).
    Hidden,
    /// Within range and sight, but the shooter is engaged and may fire only at an enemy
    /// beside it (R6.1): [`Game::fire_field_now`] only.
    Engaged,
}

impl Cover {
    /// True when the shooter may fire into the hex (all but [`Cover::Hidden`] and
    /// [`Cover::Engaged`]).
    pub fn shootable(self) -> bool {
        !matches!(self, Cover::Hidden | Cover::Engaged)
    }
}

/// A shooter's weapon ranges and the hexes within them (R6.2, R6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireField {
    /// Maximum and armor-piercing range against foot, in hexes.
    pub foot: Range,
    /// Maximum and armor-piercing range against mounted units or large creatures.
    pub mounted: Range,
    /// Every map hex within the longer maximum range but its own, row by row, with how
    /// the shooter covers it.
    pub hexes: Vec<(Hex, Cover)>,
}

impl FireField {
    /// How the field covers `hex`, if it is within range.
    pub fn cover(&self, hex: Hex) -> Option<Cover> {
        self.hexes.iter().find(|(h, _)| *h == hex).map(|(_, c)| *c)
    }
}

/// The enemies that could strike a hex, by id order (R4.4, R6.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Enemies whose charge could end beside the hex next Movement phase, as they stand.
    pub chargers: Vec<UnitId>,
    /// Enemies with the hex within range and sight of their missile weapon.
    pub shooters: Vec<UnitId>,
}

/// The hexes one unit threatens, row by row (R4.4, R6.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Menace {
    /// Hexes beside the end of a charge it could make next Movement phase.
    pub charge: Vec<Hex>,
    /// Hexes its missile weapon could reach now.
    pub fire: Vec<Hex>,
}

impl Game {
    /// R6.2–R6.3: the field of fire of `unit`'s missile weapon: both range pairs and every
    /// hex within the longer maximum range with its [`Cover`]; `None` without a missile
    /// weapon or off the map. Reload tokens are not considered ([`Game::can_fire`] does).
    pub fn fire_field(&self, unit: UnitId) -> Option<FireField> {
        let u = self.unit(unit).filter(|u| u.on_map())?;
        let foot = self.weapon_range(u, false)?;
        let mounted = self.weapon_range(u, true)?;
        let reach = foot.max.max(mounted.max);
        let hexes = (self.map.hexes())
            .filter(|h| *h != u.pos && h.unsigned_distance_to(u.pos) <= reach)
            .map(|h| (h, self.cover_of(u, h, foot, mounted)))
            .collect();
        Some(FireField {
            foot,
            mounted,
            hexes,
        })
    }

    /// R6.1–R6.3: [`Game::fire_field`] as the shooter may fire this phase: an engaged
    /// shooter's hexes beyond those beside it, shootable by range and sight, are
    /// [`Cover::Engaged`] (R6.1), so its marks show the targets its order offers.
    pub fn fire_field_now(&self, unit: UnitId) -> Option<FireField> {
        let mut field = self.fire_field(unit)?;
        let u = self.unit(unit)?;
        if self.is_engaged(u) {
            for (hex, cover) in &mut field.hexes {
                if cover.shootable() && hex.unsigned_distance_to(u.pos) > 1 {
                    *cover = Cover::Engaged;
                }
            }
        }
        Some(field)
    }

    /// How `u` covers `hex` given its ranges against foot and mounted (R6.2, R6.3).
    fn cover_of(&self, u: &Unit, hex: Hex, foot: Range, mounted: Range) -> Cover {
        let overhead = u.volleys_overhead();
        let distance = hex.unsigned_distance_to(u.pos);
        match self.sight(u.pos, hex) {
            Sight::Blocked => Cover::Hidden,
            Sight::OnlyUnits if !overhead => Cover::Hidden,
            Sight::OnlyUnits => Cover::Overhead,
            Sight::Clear if distance <= foot.ap => Cover::Pierce,
            Sight::Clear if distance <= foot.max => Cover::Range,
            Sight::Clear if distance <= mounted.max => Cover::Mounted,
            Sight::Clear => Cover::Hidden,
        }
    }

    /// R4.4, R6.1: the units of `side.other()` that could charge a unit of `side` standing
    /// in `hex` next Movement phase (a charge of theirs could end beside it, as the board
    /// stands) and those that could fire at it (range and sight as [`Game::fire_reach`];
    /// a unit of `side` in the hex is judged by its own size, an empty hex as the longer
    /// range). Reload tokens are not considered: they may be gone by then.
    pub fn threats_to(&self, hex: Hex, side: SideId) -> Threats {
        let defender = self.unit_at(hex).filter(|d| d.side == side);
        let mut threats = Threats::default();
        for e in self.units_of(side.other()) {
            if self
                .charge_ends(e)
                .iter()
                .any(|end| end.unsigned_distance_to(hex) == 1)
            {
                threats.chargers.push(e.id);
            }
            let fires = match defender {
                Some(d) => self.fire_reach(e, d).is_some(),
                None => self
                    .fire_field(e.id)
                    .and_then(|f| f.cover(hex))
                    .is_some_and(Cover::shootable),
            };
            if fires {
                threats.shooters.push(e.id);
            }
        }
        threats
    }

    /// R4.4, R6.1: the hexes `unit` threatens: beside each end of a charge it could make,
    /// and within range and sight of its missile weapon. Empty for an unknown unit.
    pub fn menace(&self, unit: UnitId) -> Menace {
        let Some(u) = self.unit(unit).filter(|u| u.on_map()) else {
            return Menace::default();
        };
        let ends = self.charge_ends(u);
        let charge = (self.map.hexes())
            .filter(|h| ends.iter().any(|e| e.unsigned_distance_to(*h) == 1))
            .collect();
        let fire = self
            .fire_field(unit)
            .map(|f| f.hexes.into_iter().filter(|(_, c)| c.shootable()))
            .into_iter()
            .flatten()
            .map(|(h, _)| h)
            .collect();
        Menace { charge, fire }
    }

    /// R4.4: where a charge of `u` could end as the board stands: its own hex and each end
    /// of its charge reach on ground its horse may charge into; none for a unit that may
    /// not charge (undisciplined foot, or not steady), as the order list decides.
    fn charge_ends(&self, u: &Unit) -> Vec<Hex> {
        if !u.may_charge() {
            return Vec::new();
        }
        let reach = self.reach(u.id, MoveKind::Charge);
        std::iter::once(u.pos)
            .chain(reach.ends().iter().map(|(h, _)| *h))
            .filter(|h| self.charge_ground_ok(u, *h))
            .collect()
    }
}
