//! Points of each troop type for buying quick-battle forces (issue 29), as
//! `assets/points.ron` holds them: one unit at company scale (R1.1) of each catalog type.
//! The table is derived from what a type does in the engine, never chosen by hand: the file
//! keeps the fit's coefficients (`fit`), and a type's points are
//! `anchor points × exp(k × (prediction(type) − prediction(anchor)))` from its features
//! ([`super::fit::features`]); `volley points --fit` plays the round robin and refits them,
//! `volley points --write` recomputes the table from the stored fit (docs/points.md). When
//! the fit has a second stage ([`BattlesFit`], refitted on generated battles by
//! [`super::battle_fit`]), its log points `c·x + r` price the table instead, and its class
//! interactions tell the generator which of side B's buys makes the most even battle.

use super::fit::{features, predict, FEATURES};
use crate::engine::Rules;
use crate::scenario::data::{parse_ron, DataError, Problem};
use crate::scenario::Catalog;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The shipped points table.
pub const SHIPPED_POINTS_RON: &str = include_str!("../../assets/points.ron");

/// The points file: every troop type's points per unit of [`super::standard_creatures`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsFile {
    /// How the table was made, for the reader (the command and its fit).
    #[serde(default)]
    pub made_by: String,
    /// The fit the table follows from, if it was fitted.
    #[serde(default)]
    pub fit: Option<PointsFit>,
    /// Points per unit, by troop type name.
    pub points: BTreeMap<String, u32>,
}

/// The fit of a troop type's log value (Bradley–Terry with numbers) on its features, and
/// how well it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsFit {
    /// The troop type whose unit is worth [`PointsFit::anchor_points`].
    pub anchor: String,
    /// The anchor's points (pikemen: 100).
    pub anchor_points: u32,
    /// The model's constant term (it cancels out of the points).
    pub intercept: f64,
    /// `k` of points = anchor points × exp(k × (log value − the anchor's)): 1/β, the weight
    /// of numbers, so that a force of more points beats one of fewer as one of more units
    /// would.
    pub points_exponent: f64,
    /// Each feature of [`FEATURES`] with its coefficient, in that order.
    pub coefficients: Vec<(String, f64)>,
    /// Games played for each pairing of two types at each number of units.
    pub games_per_pairing: u32,
    /// Seed of the first game's dice.
    pub seed: u64,
    /// Share of the variance of log value the features explain.
    pub r_squared: f64,
    /// RMS difference of the pairings' observed win rates from those the points predict.
    pub rms_win_rate: f64,
    /// The same for the fitted values themselves: the least any points could do.
    pub rms_win_rate_values: f64,
    /// RMS error of a type's log value predicted with that type left out of the fit:
    /// how far off a new type's points may be.
    pub loo_rms_log_value: f64,
    /// Stage two: the points refitted on generated battles; when present it prices the
    /// table instead of the round robin's coefficients.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<BattlesFit>,
}

/// Stage two of the points (docs/points.md): a type's log points `c·x` refitted on
/// generated quick battles of every pairing of army lists and every size, the points of
/// side B tilted so that the games measure what points are worth
/// ([`super::battle_fit`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattlesFit {
    /// Each feature of [`FEATURES`] with its coefficient in a type's log points.
    pub coefficients: Vec<(String, f64)>,
    /// Each troop type's residual log points: what its battles show its features miss
    /// (a type not listed has none).
    #[serde(default)]
    pub residuals: BTreeMap<String, f64>,
    /// Each pair of troop classes ([`super::battle_fit::CLASSES`]), "i v j", with the weight
    /// of its interaction term in logits.
    #[serde(default)]
    pub interactions: Vec<(String, f64)>,
    /// Each size and troop class, "size: class", with the log points the class gains or
    /// loses in a battle of that size (the generator's choice of side B's buy uses them;
    /// the table holds the points over all sizes).
    #[serde(default)]
    pub size_classes: Vec<(String, f64)>,
    /// γ: logits of side A's win per unit of ln(points A / points B).
    pub weight: f64,
    /// α: side A's (the west edge's) edge in logits at equal points.
    pub side_a: f64,
    /// Battles played of each pairing of two lists at each size, smallest first.
    pub battles_per_pairing: Vec<u32>,
    /// Games played of each battle.
    pub games_per_battle: u32,
    /// Seed of the first battle (battle `i` is generated from `seed + i`).
    pub seed: u64,
    /// Side B's budget is multiplied by 2^u, u uniform in ±`tilt`.
    pub tilt: f64,
    /// Games' worth of information pulling each coefficient to the round robin's, and each
    /// residual, interaction weight and size term to 0.
    pub ridges: (f64, f64, f64, f64),
    /// Mean log loss per game (nats) of held-out battles under the round robin's points.
    pub held_out_loss_round_robin: f64,
    /// The same under points fitted without those battles: how much stage two predicts
    /// better.
    pub held_out_loss: f64,
}

impl BattlesFit {
    /// Side A's edge in logits over side B in a battle of size `size` (0 small, 1 medium,
    /// 2 large), without the side term: the weight of points times ln(S_A / S_B), each
    /// side's S its units' points times exp(its class's size term), plus the interactions
    /// of the two forces' classes. Each force is (points, class in
    /// [`super::battle_fit::CLASSES`]) per unit.
    pub fn edge(&self, a: &[(u32, usize)], b: &[(u32, usize)], size: usize) -> f64 {
        let classes = super::battle_fit::CLASSES.len();
        let strength = |force: &[(u32, usize)]| -> f64 {
            let d = |c: usize| {
                self.size_classes
                    .get(size * classes + c)
                    .map_or(0.0, |(_, d)| *d)
            };
            force
                .iter()
                .map(|&(p, c)| f64::from(p) * d(c).exp())
                .sum::<f64>()
                .max(1e-9)
        };
        let count = |force: &[(u32, usize)]| -> Vec<(usize, u32)> {
            let mut n = vec![0u32; classes];
            for &(_, c) in force {
                if let Some(k) = n.get_mut(c) {
                    *k += 1;
                }
            }
            n.into_iter().enumerate().collect()
        };
        let identity: Vec<usize> = (0..classes).collect();
        let f = super::battle_fit::interaction_terms(&count(a), &count(b), &identity);
        let q = self.interactions.iter().map(|(_, q)| q);
        let mixes: f64 = f.iter().zip(q).map(|(f, q)| f * q).sum();
        self.weight * (strength(a) / strength(b)).ln() + mixes
    }
}

/// Why a stored fit cannot price a catalog.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    /// The coefficients are not [`FEATURES`], in order.
    #[error("the fit's coefficients are not the features {FEATURES:?}: run `volley points --fit`")]
    Features,
    /// The anchor type is not in the catalog or cannot form a unit.
    #[error("the anchor troop `{0}` is not in the catalog or cannot form a unit (R2.6)")]
    Anchor(String),
}

impl PointsFit {
    /// A type's predicted log value, if it can form a unit of standard size (R2.6).
    pub fn log_value(&self, rules: &Rules, troop: &crate::engine::TroopType) -> Option<f64> {
        let x = features(rules, troop)?;
        let beta: Vec<f64> = self.coefficients.iter().map(|(_, c)| *c).collect();
        Some(predict(self.intercept, &beta, &x))
    }

    /// A type's log points up to a constant: stage two's `c·x` when there is one, else
    /// the round robin's log value times the points' exponent.
    pub fn log_points(&self, rules: &Rules, troop: &crate::engine::TroopType) -> Option<f64> {
        match &self.battles {
            Some(b) => {
                let x = features(rules, troop)?;
                let c: Vec<f64> = b.coefficients.iter().map(|(_, c)| *c).collect();
                let residual = b.residuals.get(&troop.name).copied().unwrap_or(0.0);
                Some(predict(residual, &c, &x))
            }
            None => Some(self.points_exponent * self.log_value(rules, troop)?),
        }
    }

    /// Points of every catalog type that can form a unit: `anchor_points ×
    /// exp(points_exponent × (log value − the anchor's))`, rounded, at least 1; refused if the coefficients
    /// are not the current features or the anchor is missing.
    pub fn price(
        &self,
        rules: &Rules,
        catalog: &Catalog,
    ) -> Result<BTreeMap<String, u32>, PricingError> {
        let named = |c: &[(String, f64)]| c.iter().map(|(n, _)| n.as_str()).eq(FEATURES);
        let stage_two = self.battles.as_ref().map(|b| b.coefficients.as_slice());
        if !named(&self.coefficients) || !stage_two.is_none_or(named) {
            return Err(PricingError::Features);
        }
        let anchor = catalog
            .get(&self.anchor)
            .and_then(|t| self.log_points(rules, t))
            .ok_or_else(|| PricingError::Anchor(self.anchor.clone()))?;
        Ok(catalog
            .troops()
            .iter()
            .filter_map(|t| {
                let ratio = (self.log_points(rules, t)? - anchor).exp();
                let points = (f64::from(self.anchor_points) * ratio)
                    .round()
                    .clamp(1.0, 1e6);
                Some((t.name.clone(), points as u32))
            })
            .collect())
    }
}

/// Troop types' points per unit, by name.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PointsTable {
    points: BTreeMap<String, u32>,
    fit: Option<PointsFit>,
}

impl PointsTable {
    /// The shipped table.
    pub fn shipped() -> Result<PointsTable, DataError> {
        PointsTable::parse(SHIPPED_POINTS_RON, "assets/points.ron")
    }

    /// Parses a points file; a type of 0 points is a problem (it could be bought without end).
    pub fn parse(source: &str, file: &str) -> Result<PointsTable, DataError> {
        let parsed: PointsFile = parse_ron(source, file)?;
        let problems: Vec<Problem> = parsed
            .points
            .iter()
            .filter(|(_, &p)| p == 0)
            .map(|(name, _)| {
                let (line, col) = crate::scenario::data::locate(source, name, 0);
                Problem::new(line, col, format!("`{name}` has 0 points"))
            })
            .collect();
        if problems.is_empty() {
            Ok(PointsTable {
                points: parsed.points,
                fit: parsed.fit,
            })
        } else {
            Err(DataError::Invalid {
                file: file.into(),
                problems,
            })
        }
    }

    /// A table of `points` made by `fit` (stage two buys with each round's).
    pub fn with_fit(points: BTreeMap<String, u32>, fit: PointsFit) -> PointsTable {
        PointsTable {
            points,
            fit: Some(fit),
        }
    }

    /// Points of one unit of a troop type, if the table has it.
    pub fn of(&self, troop: &str) -> Option<u32> {
        self.points.get(troop).copied()
    }

    /// The fit the table was made from, if it was fitted.
    pub fn fit(&self) -> Option<&PointsFit> {
        self.fit.as_ref()
    }

    /// Whether the table is what its fit gives for `catalog` under `rules`: an error naming
    /// the first types that differ and the command that regenerates the table.
    pub fn check_against(&self, rules: &Rules, catalog: &Catalog) -> Result<(), String> {
        let fit = self
            .fit
            .as_ref()
            .ok_or("assets/points.ron holds no fit: run `volley points --fit` (docs/points.md)")?;
        let priced = fit.price(rules, catalog).map_err(|e| e.to_string())?;
        let names: BTreeSet<&String> = priced.keys().chain(self.points.keys()).collect();
        let stale: Vec<String> = names
            .into_iter()
            .filter(|n| priced.get(*n) != self.points.get(*n))
            .map(|n| {
                let shown = |p: Option<&u32>| p.map_or("none".to_string(), u32::to_string);
                format!(
                    "`{}` (table {}, fit {})",
                    crate::text::escape_text(n),
                    shown(self.points.get(n)),
                    shown(priced.get(n))
                )
            })
            .collect();
        if stale.is_empty() {
            return Ok(());
        }
        Err(format!(
            "assets/points.ron is stale for {}: run `volley points --write` after a catalog \
             edit, or `volley points --fit` after a change to the rules (docs/points.md)",
            stale.join(", ")
        ))
    }

    /// Every type's points, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.points.iter().map(|(n, &p)| (n.as_str(), p))
    }
}
