//! `volley generate`: a quick battle (issue 29) written to standard output as a scenario
//! file, or the army lists, sizes and grounds it can be made from (`--list`), or a survey
//! that generates many seeds and audits each (`--survey N`: the check, no unit on
//! impassable ground, a way between the armies), or the balance of generated battles
//! played `normal` against `normal` (`--sim N --games G`), through `volley sim`'s games.

use crate::generate::{self, audit, Ground, Request, Size, Stock};
use crate::sim::{simulate, PlayerKind, SimSetup};
use anyhow::{bail, Result};
use std::fmt::Write as _;
use std::process::ExitCode;

/// The options of `volley generate`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GenerateArgs {
    /// Side A's army list (the west; you, in the title screen's quick battle), any case.
    #[arg(long)]
    pub army_a: Option<String>,
    /// Side B's army list (the east; the computer), any case.
    #[arg(long)]
    pub army_b: Option<String>,
    /// small (about 6 units' worth of points a side, 16 × 10 hexes), medium (12, 22 × 14) or large (24,
    /// 30 × 18); small if omitted (every size for --survey).
    #[arg(long)]
    pub size: Option<Size>,
    /// open, wooded, hilly or river; open if omitted (each in turn for --survey and --sim).
    #[arg(long)]
    pub ground: Option<Ground>,
    /// The seed every choice is drawn from; the clock's if omitted (the header shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the army lists, sizes and grounds and stop.
    #[arg(long)]
    pub list: bool,
    /// Generate seeds 1..=N of each size (of the armies given, else every pairing in turn)
    /// and audit each: the scenario check, no unit on impassable ground, a way between the
    /// armies. Exit status 1 if any fails.
    #[arg(long, value_name = "N", conflicts_with = "sim", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub survey: Option<u32>,
    /// Generate N battles (seeds from --seed, 1 if omitted) and play each --games times,
    /// normal against normal with sides swapped every other game: side A's mean score with
    /// its 95% interval, and the share of battles within 30-70%. Without --army-a and
    /// --army-b, every pairing of two lists in turn, with a line each and a summary.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sim: Option<u32>,
    /// Games per battle for --sim.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: u32,
    /// Skip the playtest: the first candidate's battle, as the points fit alone makes it
    /// (for a battle, or for the battles --sim plays).
    #[arg(long)]
    pub no_playtest: bool,
}

/// The battle `request` asks for, playtested unless `args` says not to.
fn battle(stock: &Stock, args: &GenerateArgs, request: &Request) -> Result<generate::Generated> {
    let made = if args.no_playtest {
        generate::generate_unplayed(stock, request)
    } else {
        generate::generate_from(stock, request)
    };
    made.map_err(anyhow::Error::msg)
}

/// Runs `volley generate` with `clock` as the seed when none is given.
pub fn run(args: &GenerateArgs, clock: u64) -> Result<ExitCode> {
    let stock = Stock::shipped().map_err(anyhow::Error::msg)?;
    if args.list || (args.army_a.is_none() && args.survey.is_none() && args.sim.is_none()) {
        return out(&listing(&stock));
    }
    if let Some(n) = args.survey {
        return survey(&stock, args, n);
    }
    if let (Some(n), None) = (args.sim, &args.army_a) {
        return every_pairing(&stock, args, n);
    }
    let (Some(a), Some(b)) = (&args.army_a, &args.army_b) else {
        bail!("give both --army-a and --army-b (volley generate --list names the army lists)");
    };
    let request = Request {
        army_a: a.clone(),
        army_b: b.clone(),
        size: args.size.unwrap_or(Size::Small),
        ground: args.ground.unwrap_or(Ground::Open),
        seed: args.seed.unwrap_or(clock),
    };
    if let Some(n) = args.sim {
        let request = Request {
            seed: args.seed.unwrap_or(1),
            ..request
        };
        let (scores, draws) = balance(&stock, args, &request, n)?;
        return out(&balance_report(
            &request,
            args.ground.is_none(),
            &scores,
            draws,
            args.games,
        ));
    }
    out(&battle(&stock, args, &request)?.text)
}

/// Writes `text` to standard output; a closed pipe (`| head`) ends quietly.
fn out(text: &str) -> Result<ExitCode> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// The army lists with their troop types, ranges and points, then the sizes and grounds.
pub fn listing(stock: &Stock) -> String {
    let mut out = String::from("Army lists (assets/armies.ron; points from assets/points.ron):\n");
    for list in &stock.lists {
        let _ = writeln!(out, "  {} ({}-{})", list.name, list.years.0, list.years.1);
        for e in &list.troops {
            let points = stock
                .points
                .of(&e.troop)
                .map_or("?".into(), |p| p.to_string());
            let _ = writeln!(
                out,
                "      {:<28} {}-{} units, {points} points each",
                e.troop, e.min, e.max
            );
        }
    }
    out.push_str("Sizes:\n");
    for size in Size::ALL {
        let (w, h) = size.map();
        let _ = writeln!(
            out,
            "  {:<7} about {} units' worth a side, {w} × {h} hexes",
            size.name(),
            size.units()
        );
    }
    let grounds: Vec<&str> = Ground::ALL.iter().map(|g| g.name()).collect();
    let _ = writeln!(out, "Grounds: {}", grounds.join(", "));
    out.push_str("Example: volley generate --army-a \"Swedish army\" --army-b \"Army of Flanders\" --size small --ground river --seed 7 > battle.ron\n");
    out
}

/// The request of survey seed `seed`: the armies given, else the pairings of two lists in
/// turn; the ground given, else each in turn.
fn survey_request(stock: &Stock, args: &GenerateArgs, size: Size, seed: u64) -> Request {
    let names: Vec<&str> = stock.lists.iter().map(|l| l.name.as_str()).collect();
    let n = names.len().max(1) as u64;
    let pairing = seed % (n * n);
    let pick = |k: u64| names.get(k as usize).copied().unwrap_or("").to_string();
    Request {
        army_a: args.army_a.clone().unwrap_or_else(|| pick(pairing / n)),
        army_b: args.army_b.clone().unwrap_or_else(|| pick(pairing % n)),
        size,
        ground: args.ground.unwrap_or_else(|| Ground::in_turn(seed)),
        seed,
    }
}

/// `--survey N`: seeds 1..=N of each size (or the size given), each generated and audited;
/// a line per size and one per failure with the command that makes it. Each seed's first
/// candidate is audited, unplayed: a playtest picks among candidates made the same way, or
/// (a large battle) forms its one up again with a few units fewer, and playing them all
/// would take minutes where the audit takes seconds; CI audits playtested battles.
fn survey(stock: &Stock, args: &GenerateArgs, n: u32) -> Result<ExitCode> {
    let sizes: Vec<Size> = args.size.map_or(Size::ALL.to_vec(), |s| vec![s]);
    let mut failed = 0;
    for size in sizes {
        let started = std::time::Instant::now();
        let mut bad = 0;
        for seed in 1..=u64::from(n) {
            let request = survey_request(stock, args, size, seed);
            let wrong = match generate::generate_unplayed(stock, &request) {
                Ok(made) => audit::audit(&made),
                Err(e) => vec![e.to_string()],
            };
            if !wrong.is_empty() {
                bad += 1;
                println!(
                    "FAILED {}:\n  {}",
                    request.command_line(),
                    wrong.join("\n  ")
                );
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!("{size}: {n} battles generated and audited, {bad} failed ({secs:.1} s)");
        failed += bad;
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Side A's mean score over a battle's games ([`crate::sim::GameResult::score`]) and the draws.
fn score(results: &[crate::sim::GameResult]) -> (f64, usize) {
    let draws = results.iter().filter(|r| r.winner.is_none()).count();
    let side_a = crate::engine::SideId::A;
    (crate::sim::mean_score(results, side_a), draws)
}

/// `--sim N`: battles of seeds `request.seed` onwards (each ground in turn if `rotate`),
/// each played `games` times normal against normal; side A's score in each battle, and the
/// draws.
fn balance(
    stock: &Stock,
    args: &GenerateArgs,
    request: &Request,
    n: u32,
) -> Result<(Vec<f64>, usize)> {
    let (rotate, games) = (args.ground.is_none(), args.games);
    let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Normal], 1);
    let mut scores = Vec::new();
    let mut draws = 0;
    for k in 0..u64::from(n) {
        let seed = request.seed.wrapping_add(k);
        let ground = if rotate {
            Ground::in_turn(seed)
        } else {
            request.ground
        };
        let r = Request {
            seed,
            ground,
            ..request.clone()
        };
        let made = battle(stock, args, &r)?;
        let results = simulate(&made.scenario, games as usize, setup, &|| {});
        let (s, d) = score(&results);
        scores.push(s);
        draws += d;
        eprint!("\r{} v {}: battle {}/{n}   ", r.army_a, r.army_b, k + 1);
    }
    eprintln!();
    Ok((scores, draws))
}

/// `--sim N` without armies: every pairing of two different lists (the earlier in the file
/// as side A), a line each, then how many pairings have side A's mean within 40-60% and
/// the share of all battles within 30-70%.
fn every_pairing(stock: &Stock, args: &GenerateArgs, n: u32) -> Result<ExitCode> {
    let size = args.size.unwrap_or(Size::Small);
    let names: Vec<&str> = stock.lists.iter().map(|l| l.name.as_str()).collect();
    let mut all = Vec::new();
    let mut clean = 0.0;
    let mut even = 0;
    let mut pairings = 0;
    let mut report = format!(
        "Every pairing of two army lists, {size}, {n} battles each from seed {}, {} games each, normal v normal\n",
        args.seed.unwrap_or(1),
        args.games
    );
    for (i, a) in names.iter().enumerate() {
        for b in names.iter().skip(i + 1) {
            let request = Request {
                army_a: a.to_string(),
                army_b: b.to_string(),
                size,
                ground: args.ground.unwrap_or(Ground::Open),
                seed: args.seed.unwrap_or(1),
            };
            let (scores, _) = balance(stock, args, &request, n)?;
            let (mean, half) = mean_interval(&scores);
            let fair = within(&scores);
            pairings += 1;
            even += usize::from((0.4..=0.6).contains(&mean));
            let line = format!(
                "{a} v {b}: {:.1}% (±{:.1}), {:.0}% of battles within 30-70%\n",
                100.0 * mean,
                100.0 * half,
                100.0 * fair
            );
            eprint!("{line}");
            report += &line;
            clean += within_without_noise(&scores, args.games) * scores.len() as f64;
            all.extend(scores);
        }
    }
    report += &format!(
        "pairings with side A's mean within 40-60%: {even} of {pairings}\n\
         battles within 30-70%: {:.1}% of {}; without the dice's noise of {} games, about {:.1}% \
         by pairing, {:.1}% pooled\n",
        100.0 * within(&all),
        all.len(),
        args.games,
        100.0 * clean / all.len().max(1) as f64,
        100.0 * within_without_noise(&all, args.games)
    );
    out(&report)
}

/// Mean of `scores` and their sample variance.
fn mean_var(scores: &[f64]) -> (f64, f64) {
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var)
}

/// Mean of `scores` and the half-width of its 95% interval.
fn mean_interval(scores: &[f64]) -> (f64, f64) {
    let (mean, var) = mean_var(scores);
    (mean, 1.96 * (var / scores.len().max(1) as f64).sqrt())
}

/// Share of `scores` within 30-70%.
fn within(scores: &[f64]) -> f64 {
    let fair = scores.iter().filter(|s| (0.3..=0.7).contains(*s)).count();
    fair as f64 / scores.len().max(1) as f64
}

/// About the share of battles whose true score lies within 30-70%, were each played
/// without end: the true scores taken as normal around the battles' mean, with the scores'
/// variance less the binomial noise of `games` games (the mean of s(1−s)/(games − 1)).
/// Over one pairing's few battles the mean's own noise counts as spread, so it reads low
/// when battles are near even (a true 90% reads about 81% from 12 battles of 4 games);
/// pooled over every pairing's battles that noise is negligible (docs/generate.md).
pub fn within_without_noise(scores: &[f64], games: u32) -> f64 {
    let (mean, var) = mean_var(scores);
    let n = scores.len().max(1) as f64;
    let noise = scores.iter().map(|s| s * (1.0 - s)).sum::<f64>() / n / f64::from(games.max(2) - 1);
    let sd = (var - noise).max(1e-6).sqrt();
    normal_cdf((0.7 - mean) / sd) - normal_cdf((0.3 - mean) / sd)
}

/// Φ, the standard normal distribution function (Abramowitz and Stegun 7.1.26, error under
/// 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The balance summary of `scores`, one per battle.
pub fn balance_report(
    request: &Request,
    rotate: bool,
    scores: &[f64],
    draws: usize,
    games: u32,
) -> String {
    let n = scores.len().max(1) as f64;
    let (mean, half) = mean_interval(scores);
    let fair = scores.iter().filter(|s| (0.3..=0.7).contains(*s)).count();
    let ground = if rotate {
        "each ground in turn".to_string()
    } else {
        format!("{} ground", request.ground)
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} v {}, {}, {ground}: {} battles (seeds {}-{}), {games} games each, normal v normal, sides swapped every other game",
        request.army_a,
        request.army_b,
        request.size,
        scores.len(),
        request.seed,
        request.seed.saturating_add(scores.len().saturating_sub(1) as u64)
    );
    let _ = writeln!(
        out,
        "side A's mean score (win 1, draw 1/2): {:.1}% (95% interval {:.1}-{:.1}%); draws {:.1}% of games",
        100.0 * mean,
        100.0 * (mean - half),
        100.0 * (mean + half),
        100.0 * draws as f64 / (n * f64::from(games))
    );
    let _ = writeln!(
        out,
        "battles with side A's score within 30-70%: {:.1}% ({fair} of {})",
        100.0 * fair as f64 / n,
        scores.len()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 29: battles that are all even, scored over 4 games each, spread only as the
    /// dice do (0, ¼, ½, ¾, 1 in the binomial's shares); only 6 in 16 fall within 30-70%,
    /// but with the dice's noise taken out all of them do.
    #[test]
    fn even_battles_are_all_within_30_70_once_the_dice_noise_is_taken_out() {
        let mut scores = Vec::new();
        for (score, n) in [(0.0, 1), (0.25, 4), (0.5, 6), (0.75, 4), (1.0, 1)] {
            scores.extend(std::iter::repeat_n(score, n * 10));
        }
        assert!((within(&scores) - 0.375).abs() < 1e-12);
        assert!(within_without_noise(&scores, 4) > 0.99);
    }

    /// Issue 29: battles truly at 80% and 95%, scored over 1,000 games, are not within
    /// 30-70% however the noise is taken out.
    #[test]
    fn lopsided_battles_stay_outside_30_70() {
        let scores: Vec<f64> = (0..100)
            .map(|i| if i % 2 == 0 { 0.8 } else { 0.95 })
            .collect();
        assert!(within_without_noise(&scores, 1000) < 0.1);
    }

    /// Φ is the standard normal distribution function to within its stated error.
    #[test]
    fn normal_cdf_matches_known_values() {
        for (z, p) in [(0.0, 0.5), (1.96, 0.975), (-1.0, 0.158_655)] {
            assert!((normal_cdf(z) - p).abs() < 1e-5, "{z}");
        }
    }
}
