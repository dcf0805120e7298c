//! `volley points`: the troop points of quick battles (issue 29). Without options it prints
//! each catalog type's derived features (R2.3–R2.5) and points from the shipped fit;
//! `--write` recomputes `assets/points.ron`'s table from the stored fit (after a catalog
//! edit); `--fit` plays the round robin (every pair of catalog types, two units against two
//! and two against three on open ground, `normal` against `normal`), fits each type's log
//! value and the weight of numbers, then log value on the features, prints the fit and
//! writes the file; `--armies` prints each army list with its types' numbers and points.
//! The method is in docs/points.md.

use crate::ai::PlayerKind;
use crate::armies::fit::{self, Pairing, FEATURES};
use crate::armies::points::{PointsFile, PointsFit, PointsTable};
use crate::armies::{self, standard_creatures};
use crate::commands::points_battles::fit_stage_two;
use crate::engine::{Rules, SideId, TroopType};
use crate::scenario::{Catalog, Scenario};
use crate::sim::{simulate, SimSetup};
use anyhow::{anyhow, Context, Result};
use std::path::Path;
use std::process::ExitCode;

/// The type whose unit is worth [`ANCHOR_POINTS`].
pub const ANCHOR: &str = "pikemen";
/// Points of one unit of [`ANCHOR`].
pub const ANCHOR_POINTS: u32 = 100;
/// Won games each side of every pairing is credited with, so that a type that won every
/// game still has a finite value.
pub const PRIOR: f64 = 0.5;
/// Where the points table lives, from the repository's root.
pub const POINTS_FILE: &str = "assets/points.ron";

/// What `volley points` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointsAction {
    /// Print the table with each type's features.
    Show,
    /// Print each army list with its types' numbers and points.
    Armies,
    /// Recompute the table from the stored fit and write it to the file.
    Write,
    /// Play the round robin of `games` per pairing from `seed`, then `battles` generated
    /// battles per pairing of lists, refit, print and write.
    Fit {
        /// Games per pairing of two types (half with each on either side).
        games: u32,
        /// Generated battles per pairing of army lists at small size (stage two).
        battles: u32,
        /// Seed of the first game's dice and of the first generated battle.
        seed: u64,
    },
    /// Stage two alone, from the stored round robin's fit: `battles` generated battles per
    /// pairing of lists from `seed`, refit, print and write.
    FitBattles {
        /// Generated battles per pairing of army lists at small size.
        battles: u32,
        /// Seed of the first generated battle.
        seed: u64,
    },
}

/// Runs `volley points`; `file` is the points file `--write` and `--fit` write. Refused if
/// the catalog, the lists or the stored fit cannot be read, or the file cannot be written.
pub fn run(action: &PointsAction, file: &Path) -> Result<ExitCode> {
    let catalog = Catalog::standard().map_err(|e| anyhow!("{e}"))?;
    let rules = Rules::standard();
    // `--fit` does not read the shipped table: it may be the file being replaced.
    let shipped = || PointsTable::shipped().map_err(|e| anyhow!("{e}"));
    match action {
        PointsAction::Show => print!("{}", table_text(&shipped()?, &catalog, &rules)),
        PointsAction::Armies => print!("{}", armies_text(&shipped()?, &catalog, &rules)?),
        PointsAction::Write => {
            let table = shipped()?;
            let fit = table
                .fit()
                .ok_or_else(|| anyhow!("{POINTS_FILE} holds no fit: run `volley points --fit`"))?;
            write(file, fit, &catalog, &rules)?;
            eprintln!("wrote {}", crate::files::shown(file));
        }
        PointsAction::Fit {
            games,
            battles,
            seed,
        } => {
            let (mut fitted, observed) = fit_catalog(&catalog, &rules, *games, *seed)?;
            print!("{}", residuals_text(&fitted, &observed, &catalog, &rules));
            let stage_two = (*battles, *seed);
            fitted.battles = Some(fit_stage_two(&fitted, &catalog, &rules, stage_two)?);
            print!("{}", fit_text(&fitted));
            write(file, &fitted, &catalog, &rules)?;
            eprintln!("wrote {}", crate::files::shown(file));
        }
        PointsAction::FitBattles { battles, seed } => {
            let mut fitted = shipped()?
                .fit()
                .cloned()
                .ok_or_else(|| anyhow!("{POINTS_FILE} holds no fit: run `volley points --fit`"))?;
            fitted.battles = Some(fit_stage_two(&fitted, &catalog, &rules, (*battles, *seed))?);
            print!("{}", fit_text(&fitted));
            write(file, &fitted, &catalog, &rules)?;
            eprintln!("wrote {}", crate::files::shown(file));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The file's text for `fit`: its `made_by` line, the fit and the table it gives.
pub fn file_text(fit: &PointsFit, catalog: &Catalog, rules: &Rules) -> Result<String> {
    let points = fit.price(rules, catalog)?;
    let mut made_by = format!(
        "volley points --fit --games {} --seed {}: a round robin of every pair of catalog \
         types at 2 units against 2, 2 against 3 and 3 against 2 (normal against normal); \
         a Bradley-Terry fit of each type's log value and of the weight of numbers; log value \
         fitted by least squares on the features of each type",
        fit.games_per_pairing, fit.seed
    );
    if let Some(b) = &fit.battles {
        made_by += &format!(
            "; then --battles {}: generated battles of every pairing of army lists, log \
             points refitted on the features with each type's residual and the classes' \
             interactions",
            b.battles_per_pairing.first().copied().unwrap_or(0)
        );
    }
    made_by += "; see docs/points.md";
    let file = PointsFile {
        made_by,
        fit: Some(fit.clone()),
        points,
    };
    let config = ron::ser::PrettyConfig::new().indentor("    ".to_string());
    let body = ron::ser::to_string_pretty(&file, config)?;
    Ok(format!(
        "// Volley troop points (issue 29), written by `volley points --fit` or `--write`:\n\
         // never edit by hand. Points per unit of standard size (120 foot, 60 horse, 60 SF).\n{body}\n"
    ))
}

fn write(file: &Path, fit: &PointsFit, catalog: &Catalog, rules: &Rules) -> Result<()> {
    let text = file_text(fit, catalog, rules)?;
    crate::files::write_atomic(file, &[text.as_bytes()])
        .with_context(|| format!("cannot write {}", crate::files::shown(file)))
}

/// The round robin's battle of `south` (side A, the South edge) against `north`, each a
/// troop type and a number of units (at most 6), every unit at standard size, the two lines
/// eight rows apart with one objective between them, on open ground, ten turns (R10.3
/// decides at the limit).
pub fn pairing_battle(south: (&TroopType, u32), north: (&TroopType, u32)) -> String {
    let row = ". . . . . . . . . .";
    let map: Vec<String> = (0..13).map(|_| format!("        {row:?},")).collect();
    let units = |(t, count): (&TroopType, u32), side: &str, r: u32| {
        (0..count.min(6)).map(|i| {
            format!(
                "        (troop: {:?}, side: {side:?}, creatures: {}, at: ({}, {r}), label: \"{side} {}\"),",
                t.name,
                standard_creatures(t),
                4 + i,
                i + 1
            )
        }).collect::<Vec<String>>()
    };
    let units: Vec<String> = [units(south, "South", 10), units(north, "North", 2)].concat();
    format!(
        "(\n    name: \"Round robin\",\n    description: \"Units against units.\",\n    map: [\n{}\n    ],\n    \
         sides: [\n        (name: \"South\", commander: \"South\", edge: South, player: Computer),\n        \
         (name: \"North\", commander: \"North\", edge: North, player: Computer),\n    ],\n    units: [\n{}\n    ],\n    \
         objectives: [(name: \"the hill\", at: (4, 6))],\n    turn_limit: 10,\n    defender: \"North\",\n)\n",
        map.join("\n"),
        units.join("\n")
    )
}

/// Plays `games` of force `a` against force `b` (type and number of units): the first half
/// with `a` on the South edge, the rest with it on the North, game `i` with dice seeded
/// `seed + i`. Gives `a`'s wins and the games that ended.
pub fn play_pairing(
    a: (&TroopType, u32),
    b: (&TroopType, u32),
    (games, seed): (u32, u64),
    tick: &(dyn Fn() + Sync),
) -> Result<(u32, u32)> {
    let half = games / 2;
    let mut a_wins = 0;
    let mut played = 0;
    let second = seed.wrapping_add(u64::from(half));
    for (south_is_a, n, first) in [(true, half, seed), (false, games - half, second)] {
        let (south, north) = if south_is_a { (a, b) } else { (b, a) };
        let scenario = Scenario::parse(&pairing_battle(south, north), "round robin")
            .map_err(|e| anyhow!("{e}"))?;
        let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Normal], first);
        let a_side = if south_is_a { SideId::A } else { SideId::B };
        for result in simulate(&scenario, n as usize, setup, tick) {
            played += 1;
            a_wins += u32::from(result.winner == Some(a_side));
        }
    }
    Ok((a_wins, played))
}

/// The numbers of units each pairing of the round robin is played at: equal numbers measure
/// the types, unequal ones what a unit more is worth against them.
pub const COUNTS: [(u32, u32); 3] = [(2, 2), (2, 3), (3, 2)];

/// Plays the round robin of every pair of the catalog's types that can form a unit, at each
/// of [`COUNTS`], with a progress bar on standard error, and fits the points (see
/// [`fit_results`]); also gives each type's log value as its games alone showed it.
pub fn fit_catalog(
    catalog: &Catalog,
    rules: &Rules,
    games: u32,
    seed: u64,
) -> Result<(PointsFit, Vec<(String, f64)>)> {
    let types: Vec<&TroopType> = catalog
        .troops()
        .iter()
        .filter(|t| fit::features(rules, t).is_some())
        .collect();
    let pairs: Vec<(usize, usize, (u32, u32))> = (0..types.len())
        .flat_map(|a| (a + 1..types.len()).map(move |b| (a, b)))
        .flat_map(|(a, b)| COUNTS.map(|c| (a, b, c)))
        .collect();
    let bar = progress("round-robin games", pairs.len() as u64 * u64::from(games));
    let mut pairings = Vec::with_capacity(pairs.len());
    for (k, &(a, b, counts)) in pairs.iter().enumerate() {
        let (Some(ta), Some(tb)) = (types.get(a), types.get(b)) else {
            continue;
        };
        let first = seed.wrapping_add(k as u64 * u64::from(games));
        let forces = ((*ta, counts.0), (*tb, counts.1));
        let (a_wins, played) = play_pairing(forces.0, forces.1, (games, first), &|| bar.inc(1))?;
        pairings.push(Pairing {
            a,
            b,
            counts,
            a_wins,
            games: played,
        });
    }
    bar.finish_and_clear();
    let fitted = fit_results(&types, &pairings, rules, (games, seed))?;
    let (values, _) = fit::value_fit(types.len(), &pairings, PRIOR).unwrap_or_default();
    let names = types.iter().map(|t| t.name.clone());
    Ok((fitted, names.zip(values).collect()))
}

/// Each type's points from its features (the table) beside the points its games alone
/// would give it: where they differ the features miss something the engine does.
pub fn residuals_text(
    fit: &PointsFit,
    observed: &[(String, f64)],
    catalog: &Catalog,
    rules: &Rules,
) -> String {
    let anchor = catalog
        .get(&fit.anchor)
        .and_then(|t| fit.log_value(rules, t))
        .unwrap_or(0.0);
    let points =
        |log: f64| f64::from(fit.anchor_points) * (fit.points_exponent * (log - anchor)).exp();
    let rows: Vec<Vec<String>> = observed
        .iter()
        .filter_map(|(name, y)| {
            let predicted = fit.log_value(rules, catalog.get(name)?)?;
            Some(vec![
                name.clone(),
                format!("{:.0}", points(predicted)),
                format!("{:.0}", points(*y)),
                format!("{:+.2}", y - predicted),
            ])
        })
        .collect();
    let head = ["troop", "points", "from its games", "log residual"];
    format!(
        "\nEach type's points from its features and from its games alone\n{}",
        super::units::table(&head, &rows, &[false, true, true, true])
    )
}

/// A progress bar on standard error counting `len` things called `what`.
pub fn progress(what: &str, len: u64) -> indicatif::ProgressBar {
    indicatif::ProgressBar::new(len).with_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:30}} {{pos}}/{{len}} {what}, ETA {{eta}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    )
}

/// Fits the points to round-robin `pairings` of `types`: each type's log value and the
/// weight of numbers β ([`fit::value_fit`]), then log value by least squares on the types'
/// features; the points' exponent is 1/β, so that a force of more points beats one of
/// fewer as a force of more units of one type would. Coefficients are rounded to 4
/// decimals (the table is computed from the rounded ones); `(games, seed)` are recorded.
pub fn fit_results(
    types: &[&TroopType],
    pairings: &[Pairing],
    rules: &Rules,
    (games, seed): (u32, u64),
) -> Result<PointsFit> {
    let (y, weight) = fit::value_fit(types.len(), pairings, PRIOR)
        .filter(|(_, b)| *b > 0.0)
        .ok_or_else(|| anyhow!("the round robin cannot tell the types or the numbers apart"))?;
    let x: Vec<Vec<f64>> = types
        .iter()
        .filter_map(|t| fit::features(rules, t).map(|f| f.to_vec()))
        .collect();
    let (intercept, beta) = fit::least_squares(&x, &y)
        .ok_or_else(|| anyhow!("the features are collinear over these troop types"))?;
    let round = |v: f64| (v * 1e4).round() / 1e4;
    let beta: Vec<f64> = beta.into_iter().map(round).collect();
    let intercept = round(intercept);
    let predicted: Vec<f64> = x
        .iter()
        .map(|r| fit::predict(intercept, &beta, r))
        .collect();
    Ok(PointsFit {
        anchor: ANCHOR.into(),
        anchor_points: ANCHOR_POINTS,
        intercept,
        points_exponent: round(1.0 / weight),
        coefficients: FEATURES.iter().map(|f| f.to_string()).zip(beta).collect(),
        games_per_pairing: games,
        seed,
        r_squared: round(fit::r_squared(&y, &predicted)),
        rms_win_rate: round(fit::rms_win_error(pairings, &predicted, weight)),
        rms_win_rate_values: round(fit::rms_win_error(pairings, &y, weight)),
        loo_rms_log_value: round(leave_one_out(&x, &y)),
        battles: None,
    })
}

/// RMS error of each type's log value predicted by a fit without it.
fn leave_one_out(x: &[Vec<f64>], y: &[f64]) -> f64 {
    let errors: Vec<f64> = (0..x.len())
        .filter_map(|i| {
            let (c, beta) = fit::least_squares(&without(x, i), &without(y, i))?;
            Some(fit::predict(c, &beta, x.get(i)?) - y.get(i)?)
        })
        .collect();
    let n = errors.len().max(1) as f64;
    (errors.iter().map(|e| e * e).sum::<f64>() / n).sqrt()
}

fn without<T: Clone>(v: &[T], i: usize) -> Vec<T> {
    v.iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, r)| r.clone())
        .collect()
}

/// The fit as `--fit` prints it: the coefficients and the errors.
pub fn fit_text(fit: &PointsFit) -> String {
    let mut out = format!(
        "Points fit: {} games per pairing from seed {}\n\npoints = {} × exp({:.4} × (log value − that of {}))\nlog value = {:+.4}\n",
        fit.games_per_pairing, fit.seed, fit.anchor_points, fit.points_exponent, fit.anchor, fit.intercept
    );
    for (name, c) in &fit.coefficients {
        out += &format!("    {c:+.4} × {name}\n");
    }
    out += &format!(
        "\nR² of log value on the features              {:.4}\n\
         RMS win-rate error, values from features     {:.4}\n\
         RMS win-rate error, fitted values (floor)    {:.4}\n\
         RMS log-value error, type left out           {:.4}\n",
        fit.r_squared, fit.rms_win_rate, fit.rms_win_rate_values, fit.loo_rms_log_value
    );
    if let Some(b) = &fit.battles {
        out += &battles_fit_text(b);
    }
    out
}

/// Stage two as `--fit` prints it: the refitted log points, each type's residual, the
/// classes' interactions and how well they predict.
fn battles_fit_text(b: &crate::armies::points::BattlesFit) -> String {
    let mut out = format!(
        "\nStage two: generated battles, {:?} per pairing of lists (small, medium, large), \
         {} games each, from seed {}; side B's points tilted by 2^u, |u| ≤ {}\n\
         log points = residual of the type +\n",
        b.battles_per_pairing, b.games_per_battle, b.seed, b.tilt
    );
    for (name, c) in &b.coefficients {
        out += &format!("    {c:+.4} × {name}\n");
    }
    out += "residuals:\n";
    for (name, r) in &b.residuals {
        out += &format!("    {r:+.4}  {name}\n");
    }
    out += "interactions (share of A's units in the first class × B's in the second, less the reverse):\n";
    for (name, q) in &b.interactions {
        out += &format!("    {q:+.4}  {name}\n");
    }
    out += "size terms (log points of a class at a size, for the generator's choice):\n";
    for (name, d) in &b.size_classes {
        out += &format!("    {d:+.4}  {name}\n");
    }
    out += &format!(
        "P(side A wins) = σ({:+.4} + {:.4} × ln(points A / points B) + interactions)\n\
         held-out log loss per game, round robin's points   {:.4}\n\
         held-out log loss per game, refitted points        {:.4}\n",
        b.side_a, b.weight, b.held_out_loss_round_robin, b.held_out_loss
    );
    out
}

/// The columns of a troop's row ([`troop_row`]), and which are numbers (right-aligned).
const TROOP_HEAD: [&str; 11] = [
    "troop",
    "fm",
    "men",
    "uhp",
    "melee",
    "fire/turn",
    "AC",
    "ML",
    "hit",
    "march",
    "points",
];
const TROOP_RIGHT: [bool; 11] = [
    false, false, true, true, true, true, true, true, true, true, true,
];

/// The catalog's types with their features and points, stored and as the stored fit gives.
pub fn table_text(table: &PointsTable, catalog: &Catalog, rules: &Rules) -> String {
    let head = TROOP_HEAD;
    let rows: Vec<Vec<String>> = catalog
        .troops()
        .iter()
        .map(|t| troop_row(t, table.of(&t.name), rules))
        .collect();
    let right = TROOP_RIGHT;
    let made_by = table.fit().map_or(String::new(), fit_text);
    format!(
        "Troop points ({POINTS_FILE}), per unit of standard size\n{}\n{made_by}",
        super::units::table(&head, &rows, &right)
    )
}

fn troop_row(t: &TroopType, points: Option<u32>, rules: &Rules) -> Vec<String> {
    let n = standard_creatures(t);
    let profile = crate::engine::Profile::derive(rules, t, n).ok();
    let f = fit::features(rules, t);
    let num = |v: Option<u32>| v.map_or("-".into(), |v| v.to_string());
    vec![
        t.name.clone(),
        t.formation.code().into(),
        n.to_string(),
        num(profile.as_ref().map(|p| p.uhp)),
        num(profile.as_ref().map(|p| p.melee_attacks)),
        f.map_or("-".into(), |f| format!("{:.2}", f[2])),
        t.armor_ac.saturating_add(t.other_ac).to_string(),
        format!("{:+}", t.morale),
        format!("{:+}", 11i32.saturating_sub(t.attack_throw)),
        num(profile.as_ref().map(|p| p.rate.march)),
        num(points),
    ]
}

/// Each army list with its types' derived numbers and points (the issue's "derived
/// numbers"); refused if the lists cannot be read.
pub fn armies_text(table: &PointsTable, catalog: &Catalog, rules: &Rules) -> Result<String> {
    let lists = armies::shipped().map_err(|e| anyhow!("{e}"))?;
    let head = [TROOP_HEAD.as_slice(), &["min", "max"]].concat();
    let right = [TROOP_RIGHT.as_slice(), &[true, true]].concat();
    let mut out = String::new();
    for list in &lists {
        let rows: Vec<Vec<String>> = list
            .troops
            .iter()
            .filter_map(|e| {
                let t = catalog.get(&e.troop)?;
                let mut row = troop_row(t, table.of(&t.name), rules);
                row.extend([e.min.to_string(), e.max.to_string()]);
                Some(row)
            })
            .collect();
        out += &format!(
            "{} ({}–{}): {}\n{}\n",
            list.name,
            list.years.0,
            list.years.1,
            list.battles.join("; "),
            super::units::table(&head, &rows, &right)
        );
    }
    Ok(out)
}
