//! `volley generate`: a quick battle (issue 29) written to standard output as a scenario
//! file, or the army lists, sizes and grounds it can be made from (`--list`), or a survey
//! that generates many seeds and audits each (`--survey N`: the check, no unit on
//! impassable ground, a way between the armies), or the balance of generated battles
//! played `normal` against `normal` (`--sim N --games G`), through `volley sim`'s games.

use crate::generate::{self, audit, Ground, Request, Size, Stock};
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
    /// small (about 6 units a side, 16 × 10 hexes), medium (12, 22 × 14) or large (24,
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
    /// Generate seeds 1..=N and play each --games times, normal against normal with sides
    /// swapped every other game: side A's mean score with its 95% interval, and the share
    /// of battles within 30-70%.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sim: Option<u32>,
    /// Games per battle for --sim.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: u32,
}

/// Runs `volley generate` with `clock` as the seed when none is given.
pub fn run(args: &GenerateArgs, clock: u64) -> Result<ExitCode> {
    let stock = Stock::shipped().map_err(anyhow::Error::msg)?;
    if args.list || (args.army_a.is_none() && args.survey.is_none()) {
        return out(&listing(&stock));
    }
    if let Some(n) = args.survey {
        return survey(&stock, args, n);
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
        return balance(&stock, &request, args.ground.is_none(), n, args.games);
    }
    let made = generate::generate_from(&stock, &request).map_err(anyhow::Error::msg)?;
    out(&made.text)
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
            "  {:<7} about {} units a side, {w} × {h} hexes",
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
        ground: args.ground.unwrap_or_else(|| ground_of(seed)),
        seed,
    }
}

/// Ground of seed `seed` when none is given: each in turn.
fn ground_of(seed: u64) -> Ground {
    let all = Ground::ALL;
    all.get((seed % all.len() as u64) as usize)
        .copied()
        .unwrap_or(Ground::Open)
}

/// `--survey N`: seeds 1..=N of each size (or the size given), each generated and audited;
/// a line per size and one per failure with the command that makes it.
fn survey(stock: &Stock, args: &GenerateArgs, n: u32) -> Result<ExitCode> {
    let sizes: Vec<Size> = args.size.map_or(Size::ALL.to_vec(), |s| vec![s]);
    let mut failed = 0;
    for size in sizes {
        let started = std::time::Instant::now();
        let mut bad = 0;
        for seed in 1..=u64::from(n) {
            let request = survey_request(stock, args, size, seed);
            let wrong = match generate::generate_from(stock, &request) {
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

/// Side A's score in each battle's games: a win 1, a draw ½.
fn score(results: &[crate::commands::sim::GameResult]) -> (f64, usize) {
    let wins = results
        .iter()
        .filter(|r| r.winner == Some(crate::engine::SideId::A))
        .count();
    let draws = results.iter().filter(|r| r.winner.is_none()).count();
    let n = results.len().max(1) as f64;
    ((wins as f64 + draws as f64 / 2.0) / n, draws)
}

/// `--sim N`: battles of seeds 1..=N (each ground in turn if none was given), each played
/// `games` times normal against normal; side A's mean score with a 95% interval over the
/// battles, and the share of battles whose score lies within 30-70%.
fn balance(stock: &Stock, request: &Request, rotate: bool, n: u32, games: u32) -> Result<ExitCode> {
    use crate::commands::sim::{simulate, PlayerKind, SimSetup};
    let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Normal], 1);
    let mut scores = Vec::new();
    let mut draws = 0;
    for seed in 1..=u64::from(n) {
        let ground = if rotate {
            ground_of(seed)
        } else {
            request.ground
        };
        let r = Request {
            seed,
            ground,
            ..request.clone()
        };
        let made = generate::generate_from(stock, &r).map_err(anyhow::Error::msg)?;
        let results = simulate(&made.scenario, games as usize, setup, &|| {});
        let (s, d) = score(&results);
        scores.push(s);
        draws += d;
        eprint!("\rbattle {seed}/{n}");
    }
    eprintln!();
    out(&balance_report(request, rotate, &scores, draws, games))
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
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let fair = scores.iter().filter(|s| (0.3..=0.7).contains(*s)).count();
    let ground = if rotate {
        "each ground in turn".to_string()
    } else {
        format!("{} ground", request.ground)
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} v {}, {}, {ground}: {} battles (seeds 1-{}), {games} games each, normal v normal, sides swapped every other game",
        request.army_a, request.army_b, request.size, scores.len(), scores.len()
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
