//! The arithmetic behind troop points (issue 29): a troop type's features as the engine
//! derives them for a unit of standard size (R1.1, R2.3–R2.5), a Bradley–Terry fit of
//! values and of the weight of numbers to round-robin results, and a least-squares fit of
//! log value on the features, so that a type's points follow from what it is. Pure and deterministic: the
//! games themselves are played by `volley points --fit` (`commands::points`).

use super::standard_creatures;
use crate::engine::types::MeleeClass;
use crate::engine::{Profile, Rules, TroopType};

/// The features the points are fitted on, in the order of [`features`] and of the stored
/// coefficients.
pub const FEATURES: [&str; 10] = [
    "ln uhp",
    "ln melee attacks",
    "fire per turn",
    "AC",
    "morale",
    "hit bonus",
    "march",
    "mounted",
    "formed foot",
    "pole or lance",
];

/// A troop type's features for one unit of [`standard_creatures`] under `rules`: log uhp
/// and log melee attacks (R2.3, R2.4), missile attacks per turn with reloading (attacks ÷
/// (1 + reload tokens), R2.5, R6.3), armor plus other AC, morale score, hit bonus (11 minus
/// the attack throw), march in hexes (R4.1), and 1 or 0 for mounted, Formed Foot, and a
/// pole arm or lance (R7). `None` if the unit cannot be formed (R2.6).
pub fn features(rules: &Rules, troop: &TroopType) -> Option<[f64; 10]> {
    let p = Profile::derive(rules, troop, standard_creatures(troop)).ok()?;
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    Some([
        f64::from(p.uhp.max(1)).ln(),
        f64::from(p.melee_attacks.max(1)).ln(),
        f64::from(p.missile_attacks) / f64::from(p.reload_tokens.saturating_add(1)),
        f64::from(troop.armor_ac.saturating_add(troop.other_ac)),
        f64::from(troop.morale),
        f64::from(11i32.saturating_sub(troop.attack_throw)),
        f64::from(p.rate.march),
        flag(troop.formation.is_mounted()),
        flag(troop.formation == crate::engine::Formation::FF),
        flag(troop.melee.class != MeleeClass::Other),
    ])
}

/// The games of one pairing in the round robin: `a` and `b` index the troop types, `counts`
/// are the units of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// One type.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Units of `a` and of `b` in these games.
    pub counts: (u32, u32),
    /// Games `a` won.
    pub a_wins: u32,
    /// Games played to an end.
    pub games: u32,
}

/// Win probability of `a`'s force under the fitted model: σ(v_a − v_b + β ln(count_a /
/// count_b)), with the types' log values `values` and the weight of numbers `beta`.
pub fn p_force(values: &[f64], beta: f64, r: &Pairing) -> Option<f64> {
    let z = values.get(r.a)? - values.get(r.b)? + beta * count_ratio(r);
    Some(1.0 / (1.0 + (-z).exp()))
}

fn count_ratio(r: &Pairing) -> f64 {
    (f64::from(r.counts.0.max(1)) / f64::from(r.counts.1.max(1))).ln()
}

/// A Bradley–Terry model with the number of units (a logistic regression): each of `n`
/// types has a log value v, and a force of `count` units of it beats another with
/// P = σ(v_a − v_b + β ln(count_a / count_b)). Fitted by Newton's method on the likelihood
/// of `results`, each pairing also credited `prior` won games for each side so that a type
/// that won every game keeps a finite value. Gives the values (mean 0) and β; `None` if the
/// results cannot tell them apart (no games of unequal numbers, or types never met).
pub fn value_fit(n: usize, results: &[Pairing], prior: f64) -> Option<(Vec<f64>, f64)> {
    let dim = n.max(1);
    let mut theta = vec![0.0f64; dim];
    *theta.last_mut()? = 1.0;
    for _ in 0..200 {
        let step = solve(newton_system(&theta, results, prior))?;
        let mut largest = 0.0f64;
        for (t, d) in theta.iter_mut().zip(&step) {
            *t += d.clamp(-2.0, 2.0);
            largest = largest.max(d.abs());
        }
        if largest < 1e-12 {
            break;
        }
    }
    let beta = *theta.last()?;
    let values: Vec<f64> = std::iter::once(0.0)
        .chain(theta.iter().take(dim - 1).copied())
        .take(n)
        .collect();
    let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
    Some((values.iter().map(|v| v - mean).collect(), beta))
}

/// The augmented Newton system `H δ = g` of [`value_fit`] at `theta` (the values of types
/// 1.. with type 0's fixed at 0, then β).
fn newton_system(theta: &[f64], results: &[Pairing], prior: f64) -> Vec<Vec<f64>> {
    let dim = theta.len();
    let mut h = vec![vec![0.0f64; dim + 1]; dim];
    for r in results {
        let mut x = vec![0.0f64; dim];
        let slot = |i: usize| i.checked_sub(1).filter(|&i| i + 1 < dim);
        if let Some(v) = slot(r.a).and_then(|i| x.get_mut(i)) {
            *v += 1.0;
        }
        if let Some(v) = slot(r.b).and_then(|i| x.get_mut(i)) {
            *v -= 1.0;
        }
        if let Some(v) = x.last_mut() {
            *v = count_ratio(r);
        }
        let z: f64 = theta.iter().zip(&x).map(|(t, v)| t * v).sum();
        let p = 1.0 / (1.0 + (-z).exp());
        let games = f64::from(r.games) + 2.0 * prior;
        let residual = f64::from(r.a_wins) + prior - games * p;
        let weight = games * p * (1.0 - p);
        for (line, xi) in h.iter_mut().zip(&x) {
            for (cell, xj) in line.iter_mut().zip(&x) {
                *cell += weight * xi * xj;
            }
            if let Some(last) = line.last_mut() {
                *last += residual * xi;
            }
        }
    }
    h
}

/// Least squares with an intercept: the `(intercept, coefficients)` that minimise
/// Σ (y − intercept − x·β)²; `None` if the features are collinear (a type set too small or
/// a feature no type varies).
pub fn least_squares(x: &[Vec<f64>], y: &[f64]) -> Option<(f64, Vec<f64>)> {
    let k = x.first()?.len() + 1;
    let mut a = vec![vec![0.0f64; k + 1]; k];
    for (row, &target) in x.iter().zip(y) {
        let full: Vec<f64> = std::iter::once(1.0).chain(row.iter().copied()).collect();
        for (i, line) in a.iter_mut().enumerate() {
            let xi = full.get(i).copied().unwrap_or(0.0);
            for (j, cell) in line.iter_mut().take(k).enumerate() {
                *cell += xi * full.get(j).copied().unwrap_or(0.0);
            }
            if let Some(last) = line.get_mut(k) {
                *last += xi * target;
            }
        }
    }
    let solution = solve(a)?;
    let (&intercept, rest) = solution.split_first()?;
    Some((intercept, rest.to_vec()))
}

/// Gauss–Jordan elimination with partial pivoting of an augmented `k × (k+1)` system.
pub(crate) fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let k = a.len();
    for col in 0..k {
        let pivot = (col..k).max_by(|&i, &j| {
            let v = |r: usize| a.get(r).and_then(|l| l.get(col)).map_or(0.0, |x| x.abs());
            v(i).total_cmp(&v(j))
        })?;
        a.swap(col, pivot);
        let head = a.get(col)?.clone();
        let p = *head.get(col)?;
        if p.abs() < 1e-9 {
            return None;
        }
        for (r, line) in a.iter_mut().enumerate() {
            if r == col {
                continue;
            }
            let factor = line.get(col).copied().unwrap_or(0.0) / p;
            for (cell, h) in line.iter_mut().zip(&head) {
                *cell -= factor * h;
            }
        }
    }
    a.iter()
        .enumerate()
        .map(|(i, line)| Some(line.get(k)? / line.get(i)?))
        .collect()
}

/// Root-mean-square difference between each pairing's observed win rate and the one
/// the log values `values` and weight of numbers `beta` predict (0 with no games).
pub fn rms_win_error(results: &[Pairing], values: &[f64], beta: f64) -> f64 {
    let errors: Vec<f64> = results
        .iter()
        .filter(|r| r.games > 0)
        .filter_map(|r| Some(f64::from(r.a_wins) / f64::from(r.games) - p_force(values, beta, r)?))
        .collect();
    if errors.is_empty() {
        return 0.0;
    }
    (errors.iter().map(|e| e * e).sum::<f64>() / errors.len() as f64).sqrt()
}

/// Share of the variance of `y` that `predicted` explains (R²).
pub fn r_squared(y: &[f64], predicted: &[f64]) -> f64 {
    let mean = y.iter().sum::<f64>() / y.len().max(1) as f64;
    let total: f64 = y.iter().map(|v| (v - mean).powi(2)).sum();
    let residual: f64 = y.iter().zip(predicted).map(|(v, p)| (v - p).powi(2)).sum();
    if total > 0.0 {
        1.0 - residual / total
    } else {
        1.0
    }
}

/// The fitted model's value `intercept + x·β` for one type's features.
pub fn predict(intercept: f64, coefficients: &[f64], x: &[f64]) -> f64 {
    intercept + coefficients.iter().zip(x).map(|(c, v)| c * v).sum::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact expected results of a million games per pairing at 2 against 2, 2 against 3
    /// and 3 against 2.
    fn made_up(values: &[f64], beta: f64) -> Vec<Pairing> {
        let mut out = Vec::new();
        for a in 0..values.len() {
            for b in a + 1..values.len() {
                for counts in [(2, 2), (2, 3), (3, 2)] {
                    let mut r = Pairing {
                        a,
                        b,
                        counts,
                        a_wins: 0,
                        games: 1_000_000,
                    };
                    let p = p_force(values, beta, &r).unwrap();
                    r.a_wins = (p * 1e6).round() as u32;
                    out.push(r);
                }
            }
        }
        out
    }

    #[test]
    fn a_bradley_terry_fit_with_numbers_recovers_known_values_and_their_weight() {
        let truth = [-1.0, 0.0, 0.25, 0.75];
        let (values, beta) = value_fit(4, &made_up(&truth, 3.0), 0.0).unwrap();
        for (v, t) in values.iter().zip(truth) {
            assert!((v - t).abs() < 1e-3, "{values:?}");
        }
        assert!((beta - 3.0).abs() < 1e-3, "{beta}");
    }

    #[test]
    fn a_type_that_won_every_game_gets_a_finite_value_with_the_prior() {
        let won = |counts| Pairing {
            a: 0,
            b: 1,
            counts,
            a_wins: 10,
            games: 10,
        };
        let lost = Pairing {
            a: 0,
            b: 1,
            counts: (2, 3),
            a_wins: 0,
            games: 10,
        };
        let (values, beta) = value_fit(2, &[won((2, 2)), lost], 0.5).unwrap();
        assert!(
            values[0] - values[1] > 1.0 && values[0] - values[1] < 10.0,
            "{values:?}"
        );
        assert!(beta > 0.0, "{beta}");
    }

    #[test]
    fn values_without_games_of_unequal_numbers_are_refused() {
        let r = Pairing {
            a: 0,
            b: 1,
            counts: (2, 2),
            a_wins: 6,
            games: 10,
        };
        assert_eq!(value_fit(2, &[r], 0.5), None);
    }

    #[test]
    fn least_squares_recovers_a_known_line() {
        let x: Vec<Vec<f64>> = (0..6)
            .map(|i| vec![f64::from(i), f64::from(i * i % 5)])
            .collect();
        let y: Vec<f64> = x.iter().map(|r| 0.5 + 2.0 * r[0] - 3.0 * r[1]).collect();
        let (intercept, beta) = least_squares(&x, &y).unwrap_or_default();
        assert!((intercept - 0.5).abs() < 1e-9, "{intercept}");
        assert!(
            (beta[0] - 2.0).abs() < 1e-9 && (beta[1] + 3.0).abs() < 1e-9,
            "{beta:?}"
        );
    }

    #[test]
    fn collinear_features_are_refused() {
        let x = vec![vec![1.0, 2.0], vec![2.0, 4.0], vec![3.0, 6.0]];
        assert_eq!(least_squares(&x, &[1.0, 2.0, 3.0]), None);
    }
}
