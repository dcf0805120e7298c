//! A quick battle's order of battle, objectives and turn limit (issue 29). Each side forms
//! up in its own zone at its edge (A west, B east, the same drill turned about the centre):
//! the foot in the centre in two lines, pike in the middle of each line with its shot on
//! the flanks, the horse on both wings; never on water. The objectives (R10.3, with a value
//! as R12.4 allows) are a pair of villages, else hills, else road hexes, nearest the middle
//! of the field, turned about the centre so each side has one as near. The turn limit lets
//! the slowest foot march (R4.1) to the farther objective and leaves turns to fight:
//! `ceil(distance / march) + FIGHT_TURNS`.

use super::forces::Bought;
use super::grid::Grid;
use super::land::{Land, ZONE};
use super::{Draw, GenerateError};
use crate::engine::{Rules, Terrain};
use crate::scenario::Catalog;

/// Turns the turn limit leaves for the fighting once the slowest foot could reach the far
/// objective.
pub const FIGHT_TURNS: u32 = 4;

/// The fewest turns a quick battle lasts.
pub const MIN_TURNS: u32 = 8;

/// A unit's arm, for its place in the order of battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Arm {
    /// Foot without missiles: the pike (and halberds, swords) in the centre of a line.
    Pike,
    /// Foot with missiles: the shot on the flanks of the pike.
    Shot,
    /// Mounted: on the wings.
    Horse,
}

/// A unit placed: its troop type, side (0 for A, 1 for B), hex, label and men.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The troop type.
    pub troop: String,
    /// 0 for side A, 1 for side B.
    pub side: usize,
    /// The hex, by flat index.
    pub at: usize,
    /// `1st Spanish pikemen`: numbered by army and type, so no two share a label.
    pub label: String,
    /// Creatures at company scale (R1.1).
    pub creatures: u32,
}

/// An objective: its hex, name and value (R12.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// The hex, by flat index.
    pub at: usize,
    /// The place's name.
    pub name: String,
    /// What holding it is worth at the turn limit.
    pub value: u32,
}

/// Everything placed on the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Every unit, side A's first.
    pub units: Vec<Placed>,
    /// The objectives.
    pub objectives: Vec<Objective>,
    /// The last turn.
    pub turn_limit: u32,
    /// The slowest foot's march in hexes (the slowest unit's without foot), and the hexes
    /// from a side's front to its farther objective: what the turn limit was made from.
    pub march_and_distance: (u32, u32),
    /// Whether the march is a foot unit's (else the battle has no foot).
    pub on_foot: bool,
    /// The side that wins ties (R10.3), drawn at random: 0 or 1.
    pub defender: usize,
    /// Each side's points spent and budget.
    pub points: [(u32, u32); 2],
}

/// Places both sides' bought forces on `land`, chooses the objectives and the turn limit.
pub fn plan(
    land: &Land,
    bought: &[Bought],
    catalog: &Catalog,
    rng: &mut Draw,
) -> Result<Plan, GenerateError> {
    let armies = form_armies(land, bought, catalog)?;
    let objectives = objectives(land, rng);
    let defender = rng.below(2) as usize;
    Ok(armies.plan(land, bought, objectives, defender))
}

/// The battle of `old` with the forces `bought` instead (a side given fewer units by the
/// playtest, [`super::playtest`]): formed up again in the same drill, the same objectives
/// and defender, and the turn limit the new forces' slowest foot needs.
pub fn plan_again(
    land: &Land,
    bought: &[Bought],
    catalog: &Catalog,
    old: &Plan,
) -> Result<Plan, GenerateError> {
    let armies = form_armies(land, bought, catalog)?;
    Ok(armies.plan(land, bought, old.objectives.clone(), old.defender))
}

/// Both armies formed up, labelled, and the slowest march on foot and of any unit.
struct Armies {
    units: Vec<Placed>,
    slowest: [u32; 2],
}

/// Forms up both sides' bought forces in their zones (no chance in it).
fn form_armies(land: &Land, bought: &[Bought], catalog: &Catalog) -> Result<Armies, GenerateError> {
    let rules = Rules::standard();
    let mut units = Vec::new();
    // The slowest march on foot, and of any unit (for a battle without foot).
    let mut slowest = [u32::MAX; 2];
    let mut taken = vec![false; land.grid.len()];
    for (side, force) in bought.iter().enumerate().take(2) {
        let mut arms = Vec::new();
        for troop in &force.troops {
            let t = catalog
                .get(troop)
                .ok_or_else(|| GenerateError::Data(format!("unknown troop `{troop}`")))?;
            let march = crate::engine::unit::movement(&rules, t).march;
            if !t.formation.is_mounted() {
                slowest[0] = slowest[0].min(march.max(1));
            }
            slowest[1] = slowest[1].min(march.max(1));
            arms.push((troop.clone(), arm_of(t), creatures(&rules, t)));
        }
        for (troop, hex, creatures) in form_up(land, &arms, side, &mut taken) {
            units.push(Placed {
                label: String::new(),
                troop,
                side,
                at: hex,
                creatures,
            });
        }
    }
    label(&mut units, bought);
    Ok(Armies { units, slowest })
}

impl Armies {
    /// The plan with these armies, `objectives` and `defender`, and the turn limit that
    /// lets the slowest foot reach the farther objective with [`FIGHT_TURNS`] to fight.
    fn plan(
        self,
        land: &Land,
        bought: &[Bought],
        objectives: Vec<Objective>,
        defender: usize,
    ) -> Plan {
        let front = land
            .grid
            .index((ZONE - 1, land.grid.height / 2))
            .unwrap_or(0);
        let far = objectives
            .iter()
            .map(|o| land.grid.distance(front, o.at))
            .max()
            .unwrap_or(0);
        let on_foot = self.slowest[0] != u32::MAX;
        let march = if on_foot {
            self.slowest[0]
        } else {
            self.slowest[1].clamp(1, u32::MAX - 1)
        };
        let turn_limit = (far.div_ceil(march) + FIGHT_TURNS).max(MIN_TURNS);
        let points = |k: usize| bought.get(k).map_or((0, 0), |b| (b.spent, b.budget));
        Plan {
            units: self.units,
            objectives,
            turn_limit,
            march_and_distance: (march, far),
            on_foot,
            defender,
            points: [points(0), points(1)],
        }
    }
}

/// A troop type's arm: mounted is horse, foot with a missile weapon shot, other foot pike.
pub fn arm_of(troop: &crate::engine::TroopType) -> Arm {
    if troop.formation.is_mounted() {
        Arm::Horse
    } else if troop.missile.is_some() {
        Arm::Shot
    } else {
        Arm::Pike
    }
}

/// Creatures in a unit of `troop`: the company-scale standard (R1.1, 120 foot, 60 horse)
/// brought within the formation's size limits (R2.6: skirmishers stand at most 60).
pub fn creatures(rules: &Rules, troop: &crate::engine::TroopType) -> u32 {
    let each = rules.man_equivalents(troop.size).max(1);
    let standard = crate::armies::standard_creatures(troop);
    let limit = rules
        .unit_size_limits
        .iter()
        .find(|r| r.formation == troop.formation);
    let Some(limit) = limit else { return standard };
    standard.min(limit.max / each).max(limit.min.div_ceil(each))
}

/// Rows from the middle outwards, alternately above and below: the order a line fills.
fn rows_out(height: i32) -> Vec<i32> {
    let mid = height / 2;
    (0..height)
        .map(|k| {
            if k % 2 == 0 {
                mid + k / 2
            } else {
                mid - 1 - k / 2
            }
        })
        .filter(|r| (0..height).contains(r))
        .collect()
}

/// Each unit's hex in side `side`'s zone, as `(troop, hex, creatures)`: the wanted places
/// of [`wanted`] laid out for the west edge (turned for the east), a unit whose place is
/// taken or impassable going to the nearest free hex of its zone.
fn form_up(
    land: &Land,
    arms: &[(String, Arm, u32)],
    side: usize,
    taken: &mut [bool],
) -> Vec<(String, usize, u32)> {
    let grid = land.grid;
    let mut order: Vec<usize> = (0..arms.len()).collect();
    order.sort_by_key(|&k| arms.get(k).map(|a| a.1));
    let kinds: Vec<Arm> = order
        .iter()
        .filter_map(|&k| arms.get(k).map(|a| a.1))
        .collect();
    let places = wanted(grid, &kinds);
    let mut out = Vec::new();
    for (&k, &(col, row)) in order.iter().zip(&places) {
        let Some((troop, _, creatures)) = arms.get(k) else {
            continue;
        };
        let west = grid.index((col, row));
        let want = west.map(|i| if side == 0 { i } else { grid.turned(i) });
        let hex = free_hex(land, want, side, taken);
        if let Some(hex) = hex {
            if let Some(t) = taken.get_mut(hex) {
                *t = true;
            }
            out.push((troop.clone(), hex, *creatures));
        }
    }
    out
}

/// The wanted `(col, row)` on the west edge of each unit of `kinds` (pike, then shot, then
/// horse): foot alternately into the front line (column `ZONE - 1`) and the second, each
/// line filling from the middle row outwards (so the pike, placed first, stands in the
/// middle and the shot on its flanks); horse on the rows outside the foot, front first.
fn wanted(grid: Grid, kinds: &[Arm]) -> Vec<(i32, i32)> {
    let rows = rows_out(grid.height);
    let height = rows.len().max(1);
    let foot = kinds.iter().filter(|a| **a != Arm::Horse).count();
    let mut places = Vec::new();
    let mut in_line = [0usize; 2];
    for (k, _) in kinds.iter().enumerate().take(foot) {
        let line = k % 2;
        let n = in_line.get(line).copied().unwrap_or(0);
        let col = ZONE - 1 - line as i32 - 2 * (n / height) as i32;
        places.push((col, rows.get(n % height).copied().unwrap_or(0)));
        if let Some(c) = in_line.get_mut(line) {
            *c += 1;
        }
    }
    let used = foot.div_ceil(2).min(height);
    let wings: Vec<i32> = rows.iter().skip(used).copied().collect();
    let mut horse_slots = Vec::new();
    for col in (0..ZONE).rev() {
        horse_slots.extend(wings.iter().map(|&r| (col, r)));
    }
    for col in (0..ZONE - 2).rev() {
        horse_slots.extend(rows.iter().map(|&r| (col, r)));
    }
    places.extend(horse_slots.into_iter().take(kinds.len() - foot));
    places
}

/// `want` if it is free and passable, else the nearest free passable hex of side `side`'s
/// half of the map (its zone first), of equals the lowest index.
fn free_hex(land: &Land, want: Option<usize>, side: usize, taken: &[bool]) -> Option<usize> {
    let grid = land.grid;
    let ok = |i: usize| land.at(i) != Terrain::Water && !taken.get(i).copied().unwrap_or(true);
    if let Some(w) = want.filter(|&w| ok(w)) {
        return Some(w);
    }
    let home = |i: usize| {
        let col = grid.place(i).0;
        if side == 0 {
            col < grid.width / 2
        } else {
            col >= grid.width / 2
        }
    };
    let anchor = want.unwrap_or(0);
    (0..grid.len())
        .filter(|&i| home(i) && ok(i))
        .min_by_key(|&i| (!land.in_zone(i), grid.distance(anchor, i), i))
}

/// Numbers the units by army and troop type: `1st Spanish pikemen`, `2nd Spanish
/// pikemen`, `1st Dutch pikemen`, … (the army's `short` name, so the log tells the sides
/// apart; two armies of one name are numbered across the battle, so no two share a label).
fn label(units: &mut [Placed], bought: &[Bought]) {
    let mut seen: std::collections::BTreeMap<String, u32> = std::collections::BTreeMap::new();
    for u in units.iter_mut() {
        let short = bought.get(u.side).map_or("", |b| b.short.trim());
        let kind = match short {
            "" => u.troop.clone(),
            short => format!("{short} {}", u.troop),
        };
        let n = seen.entry(kind.clone()).or_insert(0);
        *n += 1;
        u.label = format!("{} {kind}", ordinal(*n));
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, …
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Names for the places of a quick battle.
const PLACE_NAMES: [&str; 16] = [
    "Altdorf",
    "Bergheim",
    "Dornach",
    "Elsholz",
    "Feldkirch",
    "Grunau",
    "Hohenau",
    "Kirchberg",
    "Lindow",
    "Mittelbach",
    "Neudorf",
    "Oberhof",
    "Rosenthal",
    "Steinbach",
    "Waldau",
    "Zell",
];

/// A pair of objectives turned about the centre, of one value from 1 to 3: the villages
/// nearest the middle column, else the hills, else the road hexes, else clear ground.
fn objectives(land: &Land, rng: &mut Draw) -> Vec<Objective> {
    let grid = land.grid;
    let between = |i: usize| !land.in_zone(i) && land.at(i) != Terrain::Water;
    let kinds: [(&dyn Fn(usize) -> bool, &str); 4] = [
        (&|i| land.at(i) == Terrain::Village, ""),
        (&|i| land.at(i) == Terrain::Hill, " hill"),
        (&|i| land.has_road(i), " crossroads"),
        (&|i| land.at(i) == Terrain::Clear, " field"),
    ];
    let middle = |i: usize| (2 * grid.place(i).0 - (grid.width - 1)).unsigned_abs();
    let mut chosen = None;
    for (is, word) in kinds {
        let best = (0..grid.len())
            .filter(|&i| is(i) && between(i) && i < grid.turned(i))
            .min_by_key(|&i| (middle(i), i));
        if let Some(i) = best {
            chosen = Some((i, word));
            break;
        }
    }
    let Some((at, word)) = chosen else {
        return Vec::new();
    };
    let first = rng.below(PLACE_NAMES.len() as u32) as usize;
    let second = (first + 1 + rng.below(PLACE_NAMES.len() as u32 - 1) as usize) % PLACE_NAMES.len();
    let value = rng.between(1, 3) as u32;
    let name = |k: usize| format!("{}{word}", PLACE_NAMES.get(k).copied().unwrap_or("Dorf"));
    vec![
        Objective {
            at,
            name: name(first),
            value,
        },
        Objective {
            at: grid.turned(at),
            name: name(second),
            value,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_as_english() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).to_vec();
        assert_eq!(
            words,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
        );
    }
}
