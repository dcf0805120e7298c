//! Stage two of `volley points --fit` (issue 29): generated quick battles of every pairing
//! of two army lists at every size, side B's budget tilted by 2^u (u uniform in
//! ±[`TILT`]), each played [`GAMES`] times `normal` against `normal`; then a type's log
//! points refitted on the features, each type's residual and the classes' interactions
//! ([`crate::armies::battle_fit`]). Two rounds: the first buys with the round robin's
//! points, the second with the first's fit, so that its battles are near even under it.
//! Half the battles are held out of a fit to measure how much better the refitted points
//! predict; the kept fit uses them all. The method is in docs/points.md.

use crate::ai::PlayerKind;
use crate::armies::battle_fit::{
    class_of, class_pairs, fit_battles, BattleModel, ForceGames, Ridges, Types, CLASSES,
};
use crate::armies::fit::{self, FEATURES};
use crate::armies::points::{BattlesFit, PointsFit, PointsTable};
use crate::engine::{Rules, SideId};
use crate::generate::{self, Draw, Ground, Request, Size, Stock};
use crate::scenario::Catalog;
use crate::sim::{simulate, SimSetup};
use anyhow::{anyhow, Result};

/// Games played of each generated battle.
pub const GAMES: u32 = 4;
/// Side B's budget is multiplied by 2^u, u uniform in ±`TILT`.
pub const TILT: f64 = 0.4;
/// Games' worth of information pulling each coefficient towards the round robin's, each
/// type's residual and each interaction weight towards 0; on a first run of 2,000 battles
/// a range around these gave held-out losses within 0.003 of each other (docs/points.md).
pub const RIDGES: Ridges = Ridges {
    coefficients: 200.0,
    residuals: 30.0,
    interactions: 2.0,
    sizes: 30.0,
};

/// How many battles of each pairing at each size (a large battle takes about fifteen times
/// a small one's time, so they are half as many), from `battles` per pairing at small.
pub fn battles_per_pairing(battles: u32) -> [u32; 3] {
    [battles, battles, battles.div_ceil(2)]
}

/// One battle of the stage: its request and tilt.
#[derive(Clone, Debug)]
struct Planned {
    request: Request,
    tilt: f64,
    held_out: bool,
}

/// Every battle of the stage, in a fixed order: each size, each pairing of two lists
/// (unordered; the lists change edges from one battle to the next), each battle `k` on the
/// grounds in turn; battle `i` is generated from `seed + i`.
fn plan(stock: &Stock, per_size: [u32; 3], seed: u64) -> Vec<Planned> {
    let names: Vec<&str> = stock.lists.iter().map(|l| l.name.as_str()).collect();
    let mut out = Vec::new();
    for (size, n) in Size::ALL.into_iter().zip(per_size) {
        for i in 0..names.len() {
            for j in i + 1..names.len() {
                for k in 0..n {
                    let s = seed.wrapping_add(out.len() as u64);
                    let (a, b) = if k % 2 == 0 { (i, j) } else { (j, i) };
                    let pick = |x: usize| names.get(x).copied().unwrap_or("").to_string();
                    let ground = Ground::in_turn(u64::from(k));
                    let mut draw = Draw::new(s ^ 0x7117_7117);
                    let u = (f64::from(draw.below(2001)) / 1000.0 - 1.0) * TILT;
                    let request = Request {
                        army_a: pick(a),
                        army_b: pick(b),
                        size,
                        ground,
                        seed: s,
                    };
                    out.push(Planned {
                        request,
                        tilt: u.exp2(),
                        held_out: (k / 2) % 2 == 1,
                    });
                }
            }
        }
    }
    out
}

/// The catalog's types that can form a unit, with their features and classes, in catalog
/// order.
fn type_data(catalog: &Catalog, rules: &Rules) -> (Vec<String>, Types) {
    let mut names = Vec::new();
    let mut types = Types {
        x: Vec::new(),
        class: Vec::new(),
    };
    for t in catalog.troops() {
        let Some(x) = fit::features(rules, t) else {
            continue;
        };
        names.push(t.name.clone());
        types.x.push(x.to_vec());
        types.class.push(class_of(t.formation));
    }
    (names, types)
}

/// A bought force as (type index, units).
fn counts(troops: &[String], names: &[String]) -> Vec<(usize, u32)> {
    let mut out: Vec<(usize, u32)> = Vec::new();
    for t in troops {
        let Some(k) = names.iter().position(|n| n == t) else {
            continue;
        };
        match out.iter_mut().find(|(i, _)| *i == k) {
            Some((_, n)) => *n += 1,
            None => out.push((k, 1)),
        }
    }
    out
}

/// Plays every battle of the plan with `stock`'s lists and points; each battle's forces
/// and side A's score, and whether it is held out of the first fit.
fn play(
    stock: &Stock,
    names: &[String],
    per_size: [u32; 3],
    seed: u64,
) -> Result<Vec<(ForceGames, bool)>> {
    let planned = plan(stock, per_size, seed);
    let bar = super::points::progress("battles", planned.len() as u64);
    let mut out = Vec::with_capacity(planned.len());
    for p in &planned {
        let made = generate::generate_tilted(stock, &p.request, p.tilt)
            .map_err(|e| anyhow!("{}: {e}", p.request.command_line()))?;
        let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Normal], p.request.seed);
        let results = simulate(&made.scenario, GAMES as usize, setup, &|| {});
        let score: f64 = results.iter().map(|r| r.score(SideId::A)).sum();
        let [a, b] = &made.forces;
        let games = ForceGames {
            a: counts(&a.troops, names),
            b: counts(&b.troops, names),
            score_a: score,
            games: u32::try_from(results.len()).unwrap_or(0),
            size: p.request.size.index(),
        };
        out.push((games, p.held_out));
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(out)
}

/// The round robin's points as a battle model: c = k × its coefficients, γ = 1/k, no
/// residuals or interactions.
fn round_robin_model(stage_one: &PointsFit, types: usize) -> BattleModel {
    let k = stage_one.points_exponent;
    let c = stage_one.coefficients.iter().map(|(_, c)| k * c).collect();
    BattleModel::plain(c, if k > 0.0 { 1.0 / k } else { 1.0 }, types)
}

/// The stored form of a fitted model, rounded to 4 decimals.
fn stored(model: &BattleModel, names: &[String], meta: BattlesFit) -> BattlesFit {
    let round = |v: f64| (v * 1e4).round() / 1e4;
    let pairs = class_pairs();
    BattlesFit {
        coefficients: FEATURES
            .iter()
            .map(|f| f.to_string())
            .zip(model.coefficients.iter().map(|&c| round(c)))
            .collect(),
        residuals: names
            .iter()
            .cloned()
            .zip(model.residuals.iter().map(|&r| round(r)))
            .filter(|(_, r)| *r != 0.0)
            .collect(),
        interactions: pairs
            .iter()
            .map(|&(i, j)| {
                let name = |k: usize| CLASSES.get(k).copied().unwrap_or("?");
                format!("{} v {}", name(i), name(j))
            })
            .zip(model.interactions.iter().map(|&q| round(q)))
            .collect(),
        size_classes: Size::ALL
            .iter()
            .flat_map(|s| CLASSES.iter().map(move |c| format!("{s}: {c}")))
            .zip(model.sizes.iter().map(|&d| round(d)))
            .collect(),
        weight: round(model.weight),
        side_a: round(model.side_a),
        ..meta
    }
}

/// Stage two from `stage_one` (the round robin's fit; any battles fit it has is ignored):
/// round one buys with the round robin's points, round two (seeds from `seed` + 1,000,000)
/// with round one's fit; then the fit on half of both rounds' battles measures the
/// held-out loss, and the fit on all of them is kept.
pub fn fit_stage_two(
    stage_one: &PointsFit,
    catalog: &Catalog,
    rules: &Rules,
    (battles, seed): (u32, u64),
) -> Result<BattlesFit> {
    let mut fit = PointsFit {
        battles: None,
        ..stage_one.clone()
    };
    let (names, types) = type_data(catalog, rules);
    let per_size = battles_per_pairing(battles);
    let start = round_robin_model(&fit, names.len());
    let mut data = Vec::new();
    let mut meta = BattlesFit {
        coefficients: Vec::new(),
        residuals: Default::default(),
        interactions: Vec::new(),
        size_classes: Vec::new(),
        weight: 0.0,
        side_a: 0.0,
        battles_per_pairing: per_size.to_vec(),
        games_per_battle: GAMES,
        seed,
        tilt: TILT,
        ridges: (
            RIDGES.coefficients,
            RIDGES.residuals,
            RIDGES.interactions,
            RIDGES.sizes,
        ),
        held_out_loss_round_robin: 0.0,
        held_out_loss: 0.0,
    };
    for round in 0..2u64 {
        let stock = Stock {
            lists: crate::armies::shipped()?,
            points: PointsTable::with_fit(fit.price(rules, catalog)?, fit.clone()),
        };
        data.extend(play(
            &stock,
            &names,
            per_size,
            seed.wrapping_add(round * 1_000_000),
        )?);
        let all: Vec<ForceGames> = data.iter().map(|(g, _)| g.clone()).collect();
        let model = fit_battles(&types, &all, &start, RIDGES).ok_or_else(unfit)?;
        fit.battles = Some(stored(&model, &names, meta.clone()));
    }
    let (train, test): (Vec<_>, Vec<_>) = data.iter().partition(|(_, held)| !held);
    let train: Vec<ForceGames> = train.into_iter().map(|(g, _)| g.clone()).collect();
    let test: Vec<ForceGames> = test.into_iter().map(|(g, _)| g.clone()).collect();
    let half = fit_battles(&types, &train, &start, RIDGES).ok_or_else(unfit)?;
    let round = |v: f64| (v * 1e4).round() / 1e4;
    meta.held_out_loss_round_robin = round(start.log_loss(&types, &test));
    meta.held_out_loss = round(half.log_loss(&types, &test));
    let kept = fit.battles.ok_or_else(unfit)?;
    Ok(BattlesFit {
        held_out_loss_round_robin: meta.held_out_loss_round_robin,
        held_out_loss: meta.held_out_loss,
        ..kept
    })
}

fn unfit() -> anyhow::Error {
    anyhow!("the battles cannot tell the features apart")
}
