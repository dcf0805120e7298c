//! The arithmetic behind troop points (issue 29): a troop type's features as the engine
//! derives them for a unit of standard size (R1.1, R2.3–R2.5), a Bradley–Terry fit of
//! strengths to round-robin results, and a least-squares fit of log strength on the
//! features, so that a type's points follow from what it is. Pure and deterministic: the
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

/// The games of one pairing in the round robin: `a` and `b` index the troop types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// One type.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Games `a` won.
    pub a_wins: u32,
    /// Games played to an end.
    pub games: u32,
}

/// Bradley–Terry strengths of `n` types from `results` (P(a beats b) = s_a / (s_a + s_b)),
/// by the standard MM iteration (Hunter 2004), normalised to a geometric mean of 1. Each
/// pairing also counts `prior` won games for each side, so a type that won every game gets
/// a finite strength. Strengths of types in no pairing stay 1.
pub fn bradley_terry(n: usize, results: &[Pairing], prior: f64) -> Vec<f64> {
    let mut s = vec![1.0f64; n];
    for _ in 0..10_000 {
        let next = mm_step(&s, results, prior);
        let change = s
            .iter()
            .zip(&next)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        s = next;
        if change < 1e-12 {
            break;
        }
    }
    s
}

/// One MM update: s_i ← W_i / Σ_j n_ij / (s_i + s_j), then scaled to a geometric mean of 1.
fn mm_step(s: &[f64], results: &[Pairing], prior: f64) -> Vec<f64> {
    let mut wins = vec![0.0f64; s.len()];
    let mut denominators = vec![0.0f64; s.len()];
    for r in results {
        let (Some(&sa), Some(&sb)) = (s.get(r.a), s.get(r.b)) else {
            continue;
        };
        let games = f64::from(r.games) + 2.0 * prior;
        let a_wins = f64::from(r.a_wins) + prior;
        add(&mut wins, r.a, a_wins);
        add(&mut wins, r.b, games - a_wins);
        add(&mut denominators, r.a, games / (sa + sb));
        add(&mut denominators, r.b, games / (sa + sb));
    }
    let next: Vec<f64> = s
        .iter()
        .zip(wins.iter().zip(&denominators))
        .map(|(&si, (&w, &d))| if d > 0.0 { w / d } else { si })
        .collect();
    let mean_log = next.iter().map(|x| x.ln()).sum::<f64>() / next.len().max(1) as f64;
    next.iter().map(|x| x / mean_log.exp()).collect()
}

fn add(v: &mut [f64], i: usize, x: f64) {
    if let Some(slot) = v.get_mut(i) {
        *slot += x;
    }
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
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
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

/// Win probability of strength `sa` against `sb` under Bradley–Terry.
pub fn p_win(sa: f64, sb: f64) -> f64 {
    sa / (sa + sb)
}

/// Root-mean-square difference between each pairing's observed win rate and the one
/// `strength` predicts (0 with no games).
pub fn rms_win_error(results: &[Pairing], strength: &[f64]) -> f64 {
    let errors: Vec<f64> = results
        .iter()
        .filter(|r| r.games > 0)
        .filter_map(|r| {
            let predicted = p_win(*strength.get(r.a)?, *strength.get(r.b)?);
            Some(f64::from(r.a_wins) / f64::from(r.games) - predicted)
        })
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

    /// Exact expected results of 10,000 games per pairing for strengths 1, 2 and 4.
    fn made_up(strengths: &[f64]) -> Vec<Pairing> {
        let mut out = Vec::new();
        for a in 0..strengths.len() {
            for b in a + 1..strengths.len() {
                let p = p_win(strengths[a], strengths[b]);
                let a_wins = (p * 10_000.0).round() as u32;
                out.push(Pairing {
                    a,
                    b,
                    a_wins,
                    games: 10_000,
                });
            }
        }
        out
    }

    #[test]
    fn a_bradley_terry_fit_recovers_known_strengths() {
        let truth = [1.0, 2.0, 4.0];
        let s = bradley_terry(3, &made_up(&truth), 0.0);
        let ratio = |i: usize, j: usize| s[i] / s[j];
        assert!((ratio(1, 0) - 2.0).abs() < 1e-3, "{s:?}");
        assert!((ratio(2, 0) - 4.0).abs() < 1e-3, "{s:?}");
        let product: f64 = s.iter().product();
        assert!((product - 1.0).abs() < 1e-9, "geometric mean 1: {s:?}");
    }

    #[test]
    fn a_type_that_won_every_game_gets_a_finite_strength_with_the_prior() {
        let results = [Pairing {
            a: 0,
            b: 1,
            a_wins: 10,
            games: 10,
        }];
        let s = bradley_terry(2, &results, 0.5);
        assert!((s[0] / s[1] - 21.0).abs() < 1e-6, "10.5 wins to 0.5: {s:?}");
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
