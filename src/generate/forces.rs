//! Forces for a quick battle (issue 29), bought with points from an army list: both sides
//! get the same budget, the size's units times the mean points of a unit across the lists;
//! each list's least of each troop type is bought first, then a random type the list still
//! allows and the points still pay for, more likely the more of it the list allows, until
//! none is affordable. What is left is then less than any type still allowed costs. Of
//! [`TRIES`] such buys side A keeps the one that spends the most; of [`TRIES_B`] side B
//! keeps the one the points fit says is nearest to an even battle against A's (equal
//! points, and the classes' interactions cancelled: `BattlesFit::edge`). If the pair is
//! still uneven (a list that reaches its maximums short of its budget), the stronger side
//! buys again on a budget lowered step by step ([`LADDER`]), so the two forces are as
//! even as their lists allow.

use super::{Draw, GenerateError, Size};
use crate::armies::{points::PointsTable, ArmyList};

/// The troop types one side bought, in the list's order, and what they cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bought {
    /// The troop type of each unit, in the order of the army list's entries.
    pub troops: Vec<String>,
    /// Points spent.
    pub spent: u32,
    /// Points the side had.
    pub budget: u32,
    /// What the army's men are called in unit labels (the list's `short`).
    pub short: String,
}

/// Each side's points for a battle of `size`: the size's units times the mean points of a
/// unit over every entry of every list (entries without points left out).
pub fn budget(size: Size, lists: &[ArmyList], points: &PointsTable) -> u32 {
    let costs: Vec<u32> = lists
        .iter()
        .flat_map(|l| &l.troops)
        .filter_map(|e| points.of(&e.troop))
        .collect();
    let total: u64 = costs.iter().map(|&c| u64::from(c)).sum();
    let mean = total / (costs.len().max(1) as u64);
    u32::try_from(mean * u64::from(size.units())).unwrap_or(u32::MAX)
}

/// Random buys tried for side A; the one spending the most is kept.
pub const TRIES: usize = 8;

/// Random buys tried for side B; the one nearest to an even battle is kept.
pub const TRIES_B: usize = 16;

/// Buys `list`'s force with `budget` points: of [`TRIES`] buys of [`buy_once`], the one
/// that spends the most (the first of equals). Refused if a type of the list has no points.
pub fn buy(
    list: &ArmyList,
    points: &PointsTable,
    budget: u32,
    rng: &mut Draw,
) -> Result<Bought, GenerateError> {
    buy_best(list, points, budget, rng, (TRIES, &|b| -f64::from(b.spent)))
}

/// Buys `list`'s force with `budget` points: of [`TRIES_B`] buys of [`buy_once`], the one
/// for which `uneven` is least (the first of equals): how far from even a battle against
/// the other side's force would be. Refused if a type of the list has no points.
pub fn buy_near(
    list: &ArmyList,
    points: &PointsTable,
    budget: u32,
    rng: &mut Draw,
    uneven: &dyn Fn(&Bought) -> f64,
) -> Result<Bought, GenerateError> {
    buy_best(list, points, budget, rng, (TRIES_B, uneven))
}

/// Of `tries` buys, the one with the least `key` (the first of equals).
fn buy_best(
    list: &ArmyList,
    points: &PointsTable,
    budget: u32,
    rng: &mut Draw,
    (tries, key): (usize, &dyn Fn(&Bought) -> f64),
) -> Result<Bought, GenerateError> {
    let mut best = buy_once(list, points, budget, rng)?;
    let mut least = key(&best);
    for _ in 1..tries {
        let next = buy_once(list, points, budget, rng)?;
        let k = key(&next);
        if k < least {
            least = k;
            best = next;
        }
    }
    Ok(best)
}

/// How far below its budget the stronger side's buy may go, step by step, when the fairest
/// of side B's tries is still uneven: 4% a step, down to 60% of the budget.
pub const LADDER: [f64; 10] = [0.96, 0.92, 0.88, 0.84, 0.80, 0.76, 0.72, 0.68, 0.64, 0.60];

/// An edge (log-odds of side A winning) this small counts as even and ends the ladder.
pub const EVEN: f64 = 0.05;

/// Both sides' forces, as even as their lists allow: side A buys with `budgets[0]`
/// ([`buy`]) and side B nearest to even against it ([`buy_near`]). While the pair is
/// still uneven (`edge`: side A's edge in log-odds, 0 for even), the stronger side buys
/// again on a budget lowered by a step of [`LADDER`]; the pair nearest to even is kept. A
/// list that cannot spend its budget (its maximums reached) is met by a smaller force.
pub fn pair(
    lists: [&ArmyList; 2],
    points: &PointsTable,
    budgets: [u32; 2],
    rng: &mut Draw,
    edge: &dyn Fn(&Bought, &Bought) -> f64,
) -> Result<[Bought; 2], GenerateError> {
    let buy_pair = |a: Bought, budget_b: u32, rng: &mut Draw| -> Result<_, GenerateError> {
        let b = buy_near(lists[1], points, budget_b, rng, &|b| edge(&a, b).abs())?;
        let e = edge(&a, &b);
        Ok(([a, b], e))
    };
    let a = buy(lists[0], points, budgets[0], rng)?;
    let (mut best, first) = buy_pair(a, budgets[1], rng)?;
    let mut least = first.abs();
    for step in LADDER {
        if least <= EVEN {
            break;
        }
        let lower = |budget: u32| (f64::from(budget) * step).round() as u32;
        let (next, e) = if first > 0.0 {
            let a = buy(lists[0], points, lower(budgets[0]), rng)?;
            buy_pair(a, budgets[1], rng)?
        } else {
            buy_pair(best[0].clone(), lower(budgets[1]), rng)?
        };
        if e.abs() < least {
            least = e.abs();
            best = next;
        }
        // Past even: a lower budget still would only tip the battle the other way.
        if e.signum() != first.signum() {
            break;
        }
    }
    Ok(best)
}

/// The least share of the points it spent that a side keeps when [`trim`] takes units from
/// it (the lowest step of [`LADDER`], though of points spent, not of the budget).
pub const TRIM_FLOOR: f64 = 0.60;

/// The most units [`trim`] takes from a side.
pub const TRIM_MOST: u32 = 3;

/// `pair` with units of side `side` (0 for A, 1 for B) taken away one at a time, each the
/// one whose loss brings `edge` (side A's edge in logits) nearest to `target`, for as long
/// as a loss brings it nearer; never a type below its list's `min`, nor the side below
/// [`TRIM_FLOOR`] of the points it spent. Of equal losses, the type first in the list.
/// Gives the forces and how many units were taken.
pub fn trim(
    lists: [&ArmyList; 2],
    points: &PointsTable,
    pair: [Bought; 2],
    (side, target): (usize, f64),
    edge: &dyn Fn(&Bought, &Bought) -> f64,
) -> ([Bought; 2], u32) {
    let (Some(list), Some(first)) = (lists.get(side), pair.get(side)) else {
        return (pair, 0);
    };
    let floor = f64::from(first.spent) * TRIM_FLOOR;
    let off = |p: &[Bought; 2]| (edge(&p[0], &p[1]) - target).abs();
    let (mut best, mut taken) = (pair, 0);
    let mut used = vec![false; list.troops.len()];
    while taken < TRIM_MOST {
        let mut least = off(&best);
        let mut next = None;
        for (k, entry) in list.troops.iter().enumerate() {
            if used.get(k).copied().unwrap_or(true) {
                continue;
            }
            let Some(smaller) = without_one(&best, side, entry, points) else {
                continue;
            };
            let spent = smaller.get(side).map_or(0, |b| b.spent);
            if f64::from(spent) >= floor && off(&smaller) < least {
                least = off(&smaller);
                next = Some((k, smaller));
            }
        }
        let Some((k, n)) = next else { break };
        if let Some(u) = used.get_mut(k) {
            *u = true;
        }
        (best, taken) = (n, taken + 1);
    }
    (best, taken)
}

/// `pair` with one unit of `entry`'s type fewer on side `side`, if it has more than the
/// list's `min` of them.
fn without_one(
    pair: &[Bought; 2],
    side: usize,
    entry: &crate::armies::ArmyEntry,
    points: &PointsTable,
) -> Option<[Bought; 2]> {
    let mut out = pair.clone();
    let force = out.get_mut(side)?;
    let have = force.troops.iter().filter(|t| **t == entry.troop).count() as u32;
    if have <= entry.min {
        return None;
    }
    let at = force.troops.iter().rposition(|t| *t == entry.troop)?;
    force.troops.remove(at);
    force.spent = force.spent.saturating_sub(points.of(&entry.troop)?);
    Some(out)
}

/// One buy of `list`'s force with `budget` points: every type's `min`, then random
/// affordable types within their `max` (weighted by the room left under it) until none is
/// affordable. Refused if a type of the list has no points.
pub fn buy_once(
    list: &ArmyList,
    points: &PointsTable,
    budget: u32,
    rng: &mut Draw,
) -> Result<Bought, GenerateError> {
    let mut costs = Vec::new();
    for entry in &list.troops {
        let cost = points
            .of(&entry.troop)
            .ok_or_else(|| GenerateError::NoPoints {
                army: list.name.clone(),
                troop: entry.troop.clone(),
            })?;
        costs.push(cost);
    }
    let mut counts: Vec<u32> = list.troops.iter().map(|e| e.min).collect();
    let mut spent: u32 = counts.iter().zip(&costs).map(|(n, c)| n * c).sum();
    loop {
        let left = budget.saturating_sub(spent);
        let room: Vec<(usize, u32)> = list
            .troops
            .iter()
            .enumerate()
            .filter(|(k, e)| {
                counts.get(*k).is_some_and(|&n| n < e.max)
                    && costs.get(*k).is_some_and(|&c| c <= left)
            })
            .map(|(k, e)| (k, e.max - counts.get(k).copied().unwrap_or(0)))
            .collect();
        let total: u32 = room.iter().map(|(_, w)| w).sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let chosen = room.iter().find(|(_, w)| {
            let hit = pick < *w;
            pick = pick.saturating_sub(*w);
            hit
        });
        let Some(&(k, _)) = chosen else { break };
        if let (Some(n), Some(c)) = (counts.get_mut(k), costs.get(k)) {
            *n += 1;
            spent += c;
        }
    }
    let troops = list
        .troops
        .iter()
        .zip(&counts)
        .flat_map(|(e, &n)| std::iter::repeat_n(e.troop.clone(), n as usize))
        .collect();
    Ok(Bought {
        troops,
        spent,
        budget,
        short: list.short.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::armies::ArmyEntry;

    fn list(entries: &[(&str, u32, u32)]) -> ArmyList {
        ArmyList {
            name: "Test".into(),
            short: String::new(),
            years: (1600, 1650),
            battles: Vec::new(),
            troops: entries
                .iter()
                .map(|&(troop, min, max)| ArmyEntry {
                    troop: troop.into(),
                    min,
                    max,
                })
                .collect(),
        }
    }

    /// Issue 29: a bought force keeps every type's min and max, spends at most its budget,
    /// and leaves less than the cheapest type it could still buy.
    #[test]
    fn a_force_keeps_the_lists_min_and_max_and_leaves_less_than_the_cheapest_type() {
        let points = PointsTable::shipped().unwrap_or_default();
        let army = list(&[
            ("pikemen", 2, 3),
            ("matchlock musketeers", 1, 8),
            ("cuirassiers", 0, 1),
        ]);
        for seed in 0..50 {
            let bought = buy(&army, &points, 600, &mut Draw::new(seed)).ok();
            let Some(bought) = bought else {
                unreachable!("every type has points")
            };
            let count = |t: &str| bought.troops.iter().filter(|x| *x == t).count() as u32;
            assert!((2..=3).contains(&count("pikemen")), "{bought:?}");
            assert!(
                (1..=8).contains(&count("matchlock musketeers")),
                "{bought:?}"
            );
            assert!(count("cuirassiers") <= 1, "{bought:?}");
            assert!(bought.spent <= 600);
            let cheapest = ["pikemen", "matchlock musketeers", "cuirassiers"]
                .into_iter()
                .filter(|t| {
                    count(t)
                        < if *t == "cuirassiers" {
                            1
                        } else if *t == "pikemen" {
                            3
                        } else {
                            8
                        }
                })
                .filter_map(|t| points.of(t))
                .min();
            if let Some(cheapest) = cheapest {
                assert!(600 - bought.spent < cheapest, "{bought:?}");
            }
        }
    }

    /// Issue 29: side B keeps the one of its tries that the key says is nearest to even,
    /// and every try is drawn: the same seed with another key may keep another force.
    #[test]
    fn side_b_keeps_the_try_nearest_to_an_even_battle() {
        let points = PointsTable::shipped().unwrap_or_default();
        let army = list(&[
            ("pikemen", 0, 6),
            ("matchlock musketeers", 0, 8),
            ("cuirassiers", 0, 4),
        ]);
        let tries = |seed| -> Vec<Bought> {
            let mut rng = Draw::new(seed);
            (0..TRIES_B)
                .filter_map(|_| buy_once(&army, &points, 600, &mut rng).ok())
                .collect()
        };
        let horse = |b: &Bought| b.troops.iter().filter(|t| *t == "cuirassiers").count() as f64;
        for seed in 0..20 {
            let all = tries(seed);
            let Ok(kept) = buy_near(&army, &points, 600, &mut Draw::new(seed), &|b| horse(b))
            else {
                panic!("refused");
            };
            let least = all.iter().map(horse).fold(f64::INFINITY, f64::min);
            assert_eq!(horse(&kept), least, "seed {seed}");
            assert_eq!(all.iter().find(|b| horse(b) == least), Some(&kept));
        }
    }

    fn pikemen(max: u32) -> ArmyList {
        list(&[("pikemen", 0, max)])
    }

    /// Side A's edge by points spent alone, as the generator reckons it without a fit.
    fn by_spent(a: &Bought, b: &Bought) -> f64 {
        (f64::from(a.spent.max(1)) / f64::from(b.spent.max(1))).ln()
    }

    fn paired(lists: [&ArmyList; 2], budgets: [u32; 2]) -> [Bought; 2] {
        let points = PointsTable::shipped().unwrap_or_default();
        let pair = pair(lists, &points, budgets, &mut Draw::new(7), &by_spent);
        pair.unwrap_or_else(|e| panic!("refused: {e}"))
    }

    /// Issue 29: a list that reaches its maximums short of the budget (8 pikemen for 1,000
    /// points) is met by a smaller force: side A's budget steps down until even.
    #[test]
    fn a_side_that_cannot_spend_its_points_meets_a_smaller_force() {
        let [a, b] = paired([&pikemen(20), &pikemen(8)], [1000, 1000]);
        assert_eq!((a.spent, a.budget), (800, 880));
        assert_eq!(b.spent, 800);
        let [a, b] = paired([&pikemen(8), &pikemen(20)], [1000, 1000]);
        assert_eq!(a.spent, 800);
        assert_eq!((b.spent, b.budget), (800, 880));
    }

    /// Issue 29: an even pair is kept as first bought, with the full budgets.
    #[test]
    fn an_even_pair_keeps_its_budgets() {
        let [a, b] = paired([&pikemen(20), &pikemen(20)], [1000, 1000]);
        assert_eq!(
            (a.spent, a.budget, b.spent, b.budget),
            (1000, 1000, 1000, 1000)
        );
    }

    /// Issue 29: the ladder stops at 60% of the budget: a list of two pikemen meets six.
    #[test]
    fn the_ladder_stops_at_sixty_percent_of_the_budget() {
        let [a, b] = paired([&pikemen(20), &pikemen(2)], [1000, 1000]);
        assert_eq!((a.spent, b.spent), (600, 200));
        assert!((600..700).contains(&a.budget), "{a:?}");
    }

    fn force(troops: &[&str], points: &PointsTable) -> Bought {
        let troops: Vec<String> = troops.iter().map(|t| (*t).to_string()).collect();
        let spent = troops.iter().filter_map(|t| points.of(t)).sum();
        Bought {
            troops,
            spent,
            budget: spent,
            short: String::new(),
        }
    }

    /// Issue 29: the stronger side gives up units while each brings the edge nearer the
    /// target, the type that brings it nearest first, one of a type at most, never below a
    /// type's min nor [`TRIM_FLOOR`] of its points, and at most [`TRIM_MOST`].
    #[test]
    fn i29_trim_takes_the_units_that_bring_the_edge_nearest_the_target() {
        let points = PointsTable::shipped().unwrap_or_default();
        let army = list(&[
            ("pikemen", 2, 6),
            ("matchlock musketeers", 0, 8),
            ("cuirassiers", 0, 4),
        ]);
        let lists = [&army, &army];
        let trimmed = |a: &[&str], b: &[&str], target: f64| {
            let pair = [force(a, &points), force(b, &points)];
            let ([a, b], taken) = trim(lists, &points, pair, (0, target), &by_spent);
            (a.troops, b.troops, taken)
        };
        let three = ["pikemen", "pikemen", "pikemen"];
        let owned = |t: &[&str]| t.iter().map(|t| (*t).to_string()).collect::<Vec<_>>();
        // 485 points against 339: the cuirassiers (146) even it exactly, and then any
        // other loss would take it further; side B is untouched.
        let a = [
            "pikemen",
            "pikemen",
            "pikemen",
            "matchlock musketeers",
            "cuirassiers",
        ];
        let b = ["pikemen", "pikemen", "pikemen", "matchlock musketeers"];
        assert_eq!(trimmed(&a, &b, 0.0), (owned(&b), owned(&b), 1));
        // A target already met takes nothing.
        assert_eq!(trimmed(&a, &b, (485.0f64 / 339.0).ln()).2, 0);
        // Far beyond: the cuirassiers, then the musketeers; a pike would leave less than
        // 60% of 485 points.
        assert_eq!(trimmed(&a, &b, -10.0), (owned(&three), owned(&b), 2));
        // One of a type at most: the second cuirassiers stay.
        let many = ["pikemen"; 6]
            .into_iter()
            .chain(["cuirassiers"; 2])
            .collect::<Vec<_>>();
        let (left, _, taken) = trimmed(&many, &b, -10.0);
        assert_eq!(taken, 2);
        assert_eq!(
            left,
            owned(&[
                "pikemen",
                "pikemen",
                "pikemen",
                "pikemen",
                "pikemen",
                "cuirassiers"
            ])
        );
        // Never below a type's min: the two pike stay, though either would go first.
        let musk = "matchlock musketeers";
        let (left, _, taken) = trimmed(&["pikemen", "pikemen", musk, musk, musk, musk], &b, -10.0);
        assert_eq!(
            (left, taken),
            (owned(&["pikemen", "pikemen", musk, musk, musk]), 1)
        );
    }
}
