//! Stage two of troop points (issue 29): the points refitted on whole generated battles.
//! The round robin ([`super::fit`]) prices each type against one other type at a time; a
//! quick battle is mixed forces on varied ground, where a type's worth also depends on what
//! fights beside it and against it. Here a type's log points are `c·x + r`: its features x
//! weighted by c, plus its own residual r (what its battles show the features miss, 0 for
//! a type no list fields, so a new type is priced from its features alone); in a battle of
//! a given size its class's term d for that size is added (horse may count for more in a
//! small battle than a large one). A force's strength is the sum of its units' points,
//! S = Σ n exp(c·x + r + d), and side A wins with
//! P = σ(α + γ ln(S_A / S_B) + q·f), where f holds, for each pair of troop classes i < j
//! ([`CLASSES`]), a_i b_j − b_i a_j with a and b the shares of each side's units in each
//! class: rock, paper and scissors between pike, shot and horse, which no one price per
//! type can hold. The generator buys side B's force so that q·f and the points cancel.
//! Fitted by Fisher scoring (Newton's method with the expected information) on the games'
//! scores, with ridges pulling c towards the round robin's and r, d and q towards 0, so that
//! what the battles say little about keeps its prior. This is logistic regression with a
//! Bradley–Terry strength; the ridges are a Gaussian prior (a maximum a posteriori fit).
//! Pure and deterministic: the battles are played by `volley points --fit`
//! (`commands::points_battles`).

use super::fit::solve;
use crate::engine::Formation;

/// The troop classes whose shares meet in the interaction terms, by formation code (R2.1):
/// formed foot (FF), shot in ranks (DF, UF, LF), skirmishers (SF), irregular foot (IF),
/// light horse (LC), heavy horse (HC).
pub const CLASSES: [&str; 6] = [
    "formed foot",
    "shot",
    "skirmishers",
    "irregular foot",
    "light horse",
    "heavy horse",
];

/// The class of [`CLASSES`] a formation belongs to.
pub fn class_of(formation: Formation) -> usize {
    match formation {
        Formation::FF => 0,
        Formation::DF | Formation::UF | Formation::LF => 1,
        Formation::SF => 2,
        Formation::IF => 3,
        Formation::LC => 4,
        Formation::HC => 5,
    }
}

/// The pairs (i, j), i < j, of [`CLASSES`], in the order of the interaction terms.
pub fn class_pairs() -> Vec<(usize, usize)> {
    let n = CLASSES.len();
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

/// The interaction terms of a battle: for each pair of [`class_pairs`], a_i b_j − b_i a_j,
/// with a and b each side's share of units in each class (`class` gives a type's class).
pub fn interaction_terms(a: &[(usize, u32)], b: &[(usize, u32)], class: &[usize]) -> Vec<f64> {
    let shares = |force: &[(usize, u32)]| {
        let mut share = [0.0f64; CLASSES.len()];
        let total: u32 = force.iter().map(|(_, n)| n).sum();
        for &(t, n) in force {
            if let Some(s) = class.get(t).and_then(|&c| share.get_mut(c)) {
                *s += f64::from(n) / f64::from(total.max(1));
            }
        }
        share
    };
    let (sa, sb) = (shares(a), shares(b));
    let at = |s: &[f64; 6], i: usize| s.get(i).copied().unwrap_or(0.0);
    class_pairs()
        .into_iter()
        .map(|(i, j)| at(&sa, i) * at(&sb, j) - at(&sb, i) * at(&sa, j))
        .collect()
}

/// What the fit knows of each troop type: its features and its class.
#[derive(Clone, Debug, PartialEq)]
pub struct Types {
    /// Each type's features ([`super::fit::features`]).
    pub x: Vec<Vec<f64>>,
    /// Each type's class in [`CLASSES`].
    pub class: Vec<usize>,
}

/// How strongly the fit pulls each part of the model to its prior, in games' worth of
/// information: c to the round robin's, the residuals and interactions to 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ridges {
    /// On each feature coefficient.
    pub coefficients: f64,
    /// On each type's residual.
    pub residuals: f64,
    /// On each interaction term.
    pub interactions: f64,
    /// On each class's term at each size.
    pub sizes: f64,
}

/// The games of one generated battle: each side's force as (troop type index, units), and
/// side A's summed score (a win 1, a draw ½) over `games` games.
#[derive(Clone, Debug, PartialEq)]
pub struct ForceGames {
    /// Side A's force: (index into the features, units of that type).
    pub a: Vec<(usize, u32)>,
    /// Side B's force.
    pub b: Vec<(usize, u32)>,
    /// Side A's score summed over the games: 1 a win, ½ a draw.
    pub score_a: f64,
    /// Games played.
    pub games: u32,
    /// The battle's size: 0 small, 1 medium, 2 large.
    pub size: usize,
}

/// The sizes of battle the model tells apart (small, medium, large).
pub const SIZES: usize = 3;

/// The battle model: log points `c·x + r` of a type with features `x` and residual `r`,
/// the interaction weights `q`, the weight of points `γ` (logits per unit of ln(S_A /
/// S_B)) and side A's term `α` (logits).
#[derive(Clone, Debug, PartialEq)]
pub struct BattleModel {
    /// Coefficient of each feature in a type's log points.
    pub coefficients: Vec<f64>,
    /// Each type's residual log points, in the order of [`Types`].
    pub residuals: Vec<f64>,
    /// Each class's log points added at each size, `SIZES × CLASSES` (size-major): what a
    /// class is worth more or less in a small or a large battle than over all sizes.
    pub sizes: Vec<f64>,
    /// Weight of each interaction term of [`interaction_terms`].
    pub interactions: Vec<f64>,
    /// γ: how many logits doubling a side's points is worth, over ln 2.
    pub weight: f64,
    /// α: side A's edge in logits with equal points (the west edge; 0 on a fair map).
    pub side_a: f64,
}

/// ln S of `force` in a battle of size `size` and its gradient in c, r and the size terms:
/// the points-weighted mean feature vector, each type's share of the points, and each
/// class's share at this size.
fn strength(
    force: &[(usize, u32)],
    types: &Types,
    m: &BattleModel,
    size: usize,
) -> (f64, Vec<f64>) {
    let (k, n_types) = (m.coefficients.len(), types.x.len());
    let mut total = 0.0;
    let mut grad = vec![0.0; k + n_types + m.sizes.len()];
    for &(t, n) in force {
        let Some(row) = types.x.get(t) else { continue };
        let d = types.class.get(t).map(|c| size * CLASSES.len() + c);
        let extra = m.residuals.get(t).copied().unwrap_or(0.0)
            + d.and_then(|d| m.sizes.get(d)).copied().unwrap_or(0.0);
        let w = f64::from(n) * (dot(&m.coefficients, row) + extra).exp();
        total += w;
        for (g, v) in grad.iter_mut().zip(row) {
            *g += w * v;
        }
        for at in [Some(k + t), d.map(|d| k + n_types + d)]
            .into_iter()
            .flatten()
        {
            if let Some(g) = grad.get_mut(at) {
                *g += w;
            }
        }
    }
    if total <= 0.0 {
        return (f64::NEG_INFINITY, grad);
    }
    grad.iter_mut().for_each(|g| *g /= total);
    (total.ln(), grad)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(p, q)| p * q).sum()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

impl BattleModel {
    /// The model of `start`'s coefficients and weight with no residuals or interactions,
    /// for `types` types.
    pub fn plain(coefficients: Vec<f64>, weight: f64, types: usize) -> BattleModel {
        BattleModel {
            coefficients,
            residuals: vec![0.0; types],
            sizes: vec![0.0; SIZES * CLASSES.len()],
            interactions: vec![0.0; class_pairs().len()],
            weight,
            side_a: 0.0,
        }
    }

    /// The logit of side A winning `battle` and its gradient in θ ([`Self::theta`]).
    fn logit(&self, types: &Types, battle: &ForceGames) -> Option<(f64, Vec<f64>)> {
        let (sa, ga) = strength(&battle.a, types, self, battle.size);
        let (sb, gb) = strength(&battle.b, types, self, battle.size);
        if !sa.is_finite() || !sb.is_finite() {
            return None;
        }
        let f = interaction_terms(&battle.a, &battle.b, &types.class);
        let mut grad: Vec<f64> = ga
            .iter()
            .zip(&gb)
            .map(|(p, q)| self.weight * (p - q))
            .collect();
        grad.extend(&f);
        grad.push(sa - sb);
        grad.push(1.0);
        Some((
            self.side_a + self.weight * (sa - sb) + dot(&self.interactions, &f),
            grad,
        ))
    }

    /// Side A's chance of winning `battle` under the model (`None` if a force is empty).
    pub fn p_a(&self, types: &Types, battle: &ForceGames) -> Option<f64> {
        self.logit(types, battle).map(|(z, _)| sigmoid(z))
    }

    /// Mean log loss per game of the battles' scores under the model (nats; ln 2 ≈ 0.693 is
    /// a coin's).
    pub fn log_loss(&self, types: &Types, battles: &[ForceGames]) -> f64 {
        let mut loss = 0.0;
        let mut games = 0.0;
        for b in battles {
            let Some(p) = self.p_a(types, b) else {
                continue;
            };
            let p = p.clamp(1e-9, 1.0 - 1e-9);
            let n = f64::from(b.games);
            loss -= b.score_a * p.ln() + (n - b.score_a) * (1.0 - p).ln();
            games += n;
        }
        if games > 0.0 {
            loss / games
        } else {
            0.0
        }
    }

    /// The parameters in one vector: c, r, the size terms, q, γ, α.
    fn theta(&self) -> Vec<f64> {
        let mut t = self.coefficients.clone();
        t.extend(&self.residuals);
        t.extend(&self.sizes);
        t.extend(&self.interactions);
        t.push(self.weight);
        t.push(self.side_a);
        t
    }

    /// The model of `theta`, shaped as `like`.
    fn from_theta(theta: &[f64], like: &BattleModel) -> BattleModel {
        let mut rest = theta.iter().copied();
        let mut take = |n: usize| rest.by_ref().take(n).collect::<Vec<f64>>();
        let coefficients = take(like.coefficients.len());
        let residuals = take(like.residuals.len());
        let sizes = take(like.sizes.len());
        let interactions = take(like.interactions.len());
        let tail = take(2);
        BattleModel {
            coefficients,
            residuals,
            sizes,
            interactions,
            weight: tail.first().copied().unwrap_or(1.0),
            side_a: tail.get(1).copied().unwrap_or(0.0),
        }
    }

    /// Each parameter's ridge and prior, in the order of [`Self::theta`].
    fn priors(&self, ridges: Ridges) -> Vec<(f64, f64)> {
        let mut p: Vec<(f64, f64)> = self
            .coefficients
            .iter()
            .map(|&c| (ridges.coefficients, c))
            .collect();
        p.extend(self.residuals.iter().map(|_| (ridges.residuals, 0.0)));
        p.extend(self.sizes.iter().map(|_| (ridges.sizes, 0.0)));
        p.extend(self.interactions.iter().map(|_| (ridges.interactions, 0.0)));
        p.extend([(0.0, 0.0), (0.0, 0.0)]);
        p
    }
}

/// The penalised log likelihood (per game) that [`fit_battles`] maximises.
fn objective(m: &BattleModel, types: &Types, data: &[ForceGames], priors: &[(f64, f64)]) -> f64 {
    let games: f64 = data
        .iter()
        .map(|b| f64::from(b.games))
        .sum::<f64>()
        .max(1.0);
    let pull: f64 = m
        .theta()
        .iter()
        .zip(priors)
        .map(|(t, (w, p))| w * (t - p).powi(2))
        .sum();
    -m.log_loss(types, data) - pull / (2.0 * games)
}

/// Fits the model to `data` by Fisher scoring from `start`, each part pulled to its prior
/// by `ridges` (c to `start`'s); step-halving keeps each step uphill. `None` if the
/// information is singular.
pub fn fit_battles(
    types: &Types,
    data: &[ForceGames],
    start: &BattleModel,
    ridges: Ridges,
) -> Option<BattleModel> {
    let priors = start.priors(ridges);
    let mut model = start.clone();
    let mut best = objective(&model, types, data, &priors);
    for _ in 0..100 {
        let step = solve(scoring_system(&model, types, data, &priors))?;
        let theta = model.theta();
        let mut scale = 1.0;
        let mut moved = false;
        while scale > 1e-4 {
            let next: Vec<f64> = theta
                .iter()
                .zip(&step)
                .map(|(t, d)| t + scale * d)
                .collect();
            let candidate = BattleModel::from_theta(&next, &model);
            let value = objective(&candidate, types, data, &priors);
            if value >= best {
                moved = value - best > 1e-12;
                best = value;
                model = candidate;
                break;
            }
            scale /= 2.0;
        }
        if !moved {
            break;
        }
    }
    Some(model)
}

/// The system `I δ = g` of one Fisher-scoring step: expected information and score of the
/// log likelihood, plus the ridges.
fn scoring_system(
    m: &BattleModel,
    types: &Types,
    data: &[ForceGames],
    priors: &[(f64, f64)],
) -> Vec<Vec<f64>> {
    let theta = m.theta();
    let dim = theta.len();
    let mut a = vec![vec![0.0f64; dim + 1]; dim];
    for b in data {
        let Some((z, grad)) = m.logit(types, b) else {
            continue;
        };
        let p = sigmoid(z);
        let n = f64::from(b.games);
        let residual = b.score_a - n * p;
        let info = n * p * (1.0 - p);
        for (line, gi) in a.iter_mut().zip(&grad) {
            if *gi == 0.0 {
                continue;
            }
            for (cell, gj) in line.iter_mut().zip(&grad) {
                *cell += info * gi * gj;
            }
            if let Some(last) = line.get_mut(dim) {
                *last += residual * gi;
            }
        }
    }
    for (i, (line, (w, prior))) in a.iter_mut().zip(priors).enumerate() {
        let t = theta.get(i).copied().unwrap_or(0.0);
        if let Some(cell) = line.get_mut(i) {
            *cell += w;
        }
        if let Some(last) = line.get_mut(dim) {
            *last -= w * (t - prior);
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    /// Three types with features (1, 0), (0, 1) and (1, 1), of classes formed foot, shot and
    /// heavy horse.
    fn types() -> Types {
        Types {
            x: vec![vec![1.0, 0.0], vec![0.0, 1.0], vec![1.0, 1.0]],
            class: vec![0, 1, 5],
        }
    }

    /// Battles between random mixed forces of the three types, each decided by `truth`
    /// with exact expected scores over 40 games.
    fn made_up(truth: &BattleModel) -> Vec<ForceGames> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut units = || rng.next_u32() % 4;
        (0..600)
            .map(|i| {
                let mut b = ForceGames {
                    a: vec![(0, units() + 1), (1, units()), (2, units())],
                    b: vec![(0, units()), (1, units() + 1), (2, units())],
                    score_a: 0.0,
                    games: 40,
                    size: i % SIZES,
                };
                b.score_a = 40.0 * truth.p_a(&types(), &b).unwrap_or(0.5);
                b
            })
            .collect()
    }

    fn model(c: [f64; 2], weight: f64, side_a: f64) -> BattleModel {
        BattleModel {
            side_a,
            ..BattleModel::plain(c.to_vec(), weight, 3)
        }
    }

    const FIXED: Ridges = Ridges {
        coefficients: 0.0,
        residuals: 1e12,
        interactions: 1e12,
        sizes: 1e12,
    };

    /// Issue 29: the fit recovers the coefficients, weight and side term that made the
    /// scores, from a start far from them.
    #[test]
    fn the_battle_fit_recovers_a_known_model() {
        let truth = model([0.5, -0.3], 3.0, 0.2);
        let data = made_up(&truth);
        let start = model([0.0, 0.0], 1.0, 0.0);
        let Some(fitted) = fit_battles(&types(), &data, &start, FIXED) else {
            panic!("the fit failed");
        };
        for (f, t) in fitted.coefficients.iter().zip(&truth.coefficients) {
            assert!((f - t).abs() < 1e-3, "{fitted:?}");
        }
        assert!((fitted.weight - 3.0).abs() < 1e-3, "{fitted:?}");
        assert!((fitted.side_a - 0.2).abs() < 1e-3, "{fitted:?}");
        assert!(fitted.log_loss(&types(), &data) < start.log_loss(&types(), &data));
    }

    /// Issue 29: a type's residual (up to a constant common to all), heavy horse's worth in
    /// small battles and the weight of horse against pike are recovered when the ridges let
    /// them move.
    #[test]
    fn the_battle_fit_recovers_a_residual_and_an_interaction() {
        let mut truth = model([0.5, -0.3], 3.0, 0.0);
        truth.residuals = vec![0.0, 0.4, 0.0];
        let horse_v_pike = class_pairs().iter().position(|&p| p == (0, 5)).unwrap_or(0);
        truth.interactions[horse_v_pike] = 1.5;
        truth.sizes[5] = 0.5; // heavy horse in small battles
        let data = made_up(&truth);
        let start = model([0.5, -0.3], 3.0, 0.0);
        let ridges = Ridges {
            coefficients: 1e12,
            residuals: 1e-6,
            interactions: 1e-6,
            sizes: 1e-6,
        };
        let Some(fitted) = fit_battles(&types(), &data, &start, ridges) else {
            panic!("the fit failed");
        };
        // Log points are known up to a constant common to every type at each size: the
        // ratios matter. Type t of class k at size s: r[t] + d[6s + k].
        let (r, d) = (&fitted.residuals, &fitted.sizes);
        let at = |t: usize, k: usize, s: usize| r[t] + d[6 * s + k];
        assert!((at(1, 1, 0) - at(0, 0, 0) - 0.4).abs() < 1e-2, "{fitted:?}");
        assert!((at(1, 1, 1) - at(0, 0, 1) - 0.4).abs() < 1e-2, "{fitted:?}");
        assert!((at(2, 5, 0) - at(0, 0, 0) - 0.5).abs() < 1e-2, "{fitted:?}");
        assert!((at(2, 5, 1) - at(0, 0, 1)).abs() < 1e-2, "{fitted:?}");
        assert!(
            (fitted.interactions[horse_v_pike] - 1.5).abs() < 1e-2,
            "{fitted:?}"
        );
    }

    /// Issue 29: large ridges keep the coefficients at the start's and the residuals and
    /// interactions at 0.
    #[test]
    fn large_ridges_keep_the_round_robins_points() {
        let mut truth = model([0.5, -0.3], 3.0, 0.0);
        truth.residuals = vec![0.3, 0.0, -0.3];
        let data = made_up(&truth);
        let start = model([0.1, 0.1], 3.0, 0.0);
        let ridges = Ridges {
            coefficients: 1e12,
            residuals: 1e12,
            interactions: 1e12,
            sizes: 1e12,
        };
        let Some(fitted) = fit_battles(&types(), &data, &start, ridges) else {
            panic!("the fit failed");
        };
        let moved = fitted.coefficients.iter().map(|c| (c - 0.1).abs());
        let moved = moved.chain(fitted.residuals.iter().map(|r| r.abs()));
        assert!(moved.fold(0.0, f64::max) < 1e-6, "{fitted:?}");
    }

    /// Issue 29: equal points and equal mixes give side A only its side term, whatever the
    /// types.
    #[test]
    fn equal_points_give_even_odds_whatever_the_types() {
        let m = model([2.0_f64.ln(), 0.0], 3.0, 0.0);
        let battle = ForceGames {
            a: vec![(0, 2)],
            b: vec![(1, 4)],
            score_a: 0.0,
            games: 1,
            size: 1,
        };
        let mut t = types();
        t.class = vec![1, 1, 1];
        let p = m.p_a(&t, &battle).unwrap_or(0.0);
        assert!((p - 0.5).abs() < 1e-12, "{p}");
    }

    /// Issue 29: the interaction terms are antisymmetric: swapping the sides negates them.
    #[test]
    fn interaction_terms_change_sign_with_the_sides() {
        let (a, b) = (vec![(0, 2), (2, 1)], vec![(1, 3)]);
        let class = types().class;
        let ab = interaction_terms(&a, &b, &class);
        let ba = interaction_terms(&b, &a, &class);
        assert_eq!(ab.len(), 15);
        assert!(ab.iter().zip(&ba).all(|(x, y)| (x + y).abs() < 1e-12));
        assert!(ab.iter().any(|x| x.abs() > 0.1), "{ab:?}");
    }
}
