//! The `volley` command line: only the clap types and a dispatch to each command's path in
//! `volley::commands`. With no command it opens the default battle, as `volley play` does.

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use volley::commands::ablation::Change;
use volley::commands::play::PlayArgs;
use volley::commands::points::PointsAction;
use volley::commands::sim_report::SimFormat;
use volley::sim::PlayerKind;

/// mimalloc, a well-kept allocator faster than the system's for the planner's many small
/// vectors (scores, reaches, dangers): 1,000 Kircholm games of `hard` against `normal` in
/// 15% less time, the same games (docs/computer.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Volley: pike-and-shot battles on a hex map, in the terminal.
#[derive(Parser, Debug)]
#[command(
    name = "volley",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    /// With no command: `volley [FILE] [options]` plays, as `volley play` does.
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play a battle (the default battle if no file is given).
    Play(PlayArgs),
    /// Validate scenario, troop catalog or rules files; lists every problem as file:line:col.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Refuse a file with warnings (two units of one label, …) as if they were errors.
        #[arg(long)]
        deny_warnings: bool,
        /// Check scenarios against this rules file in place of the one each names.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Play battles headless between two players and print the results.
    Sim {
        /// The scenario file, or a shipped battle's name (`kircholm`).
        file: PathBuf,
        /// Number of games: game i has dice seeded `seed + i`, and the players change
        /// sides every other game.
        /// At most 10,000,000: the statistics need no more.
        #[arg(long, default_value_t = 200, value_parser = volley::commands::sim_run::parse_games)]
        games: u32,
        /// Seed of the first game's dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Player of side A in even games (`computer`, also accepted, is `normal`).
        #[arg(long, default_value = "normal", value_parser = PlayerKindParser)]
        side_a: PlayerKind,
        /// Player of side B in even games (`computer`, also accepted, is `normal`).
        #[arg(long, default_value = "random", value_parser = PlayerKindParser)]
        side_b: PlayerKind,
        /// Look-aheads a `hard` player takes per decision (the same seed then gives the
        /// same orders).
        #[arg(long, default_value_t = volley::ai::level::SIM_ITERATIONS, value_parser = clap::value_parser!(u32).range(1..))]
        iterations: u32,
        /// text for people; json (summary and every game) or csv (a row per game) for tools;
        /// for an ablation, json with game and win counts and csv a row per side; with
        /// `--yardstick`, each game's two scores (csv: `seed,player,yardstick`), to pool
        /// runs over other seeds.
        #[arg(long, value_enum, default_value_t = SimFormat::Text)]
        format: SimFormat,
        /// Ablation: play the battle also without the units of this label, on the same
        /// seeds, and report the change in each side's win rate. Repeatable.
        #[arg(long, value_name = "LABEL")]
        without: Vec<String>,
        /// Ablation: give the units of LABEL another troop type. Repeatable.
        #[arg(long, value_name = "LABEL=TROOP", value_parser = Change::swap)]
        swap: Vec<Change>,
        /// Play with this rules file in place of the one the scenario names.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// Measure --side-a against this player: both meet --side-b in the same games
        /// (the same seeds and sides), and the report gives --side-a's edge in points.
        #[arg(long, value_name = "KIND", value_parser = PlayerKindParser, conflicts_with_all = ["without", "swap"])]
        yardstick: Option<PlayerKind>,
    },
    /// Watch a saved battle, finished or not: step by command or phase, jump to a turn, and
    /// play on from any point.
    Replay {
        /// The save to watch (an autosave or a named save).
        save: PathBuf,
        /// Where a battle played on from the replay is saved; the save's own data
        /// directory (the folder above `autosave/`, else the save's folder) if omitted.
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// Leave the mouse to the terminal.
        #[arg(long)]
        no_mouse: bool,
    },
    /// Draw a scenario's map with its units and objectives as plain text.
    Show {
        file: PathBuf,
        /// Columns to draw within; the largest hexes that fit the whole map are used. If
        /// omitted, 100, or the narrowest that shows the whole map if that is wider.
        #[arg(long)]
        width: Option<u16>,
    },
    /// Print the troop catalog with derived numbers, plus a scenario's own troop types.
    Troops {
        /// A scenario whose own troop types are added.
        file: Option<PathBuf>,
    },
    /// Print the rules of play, or one rule or section (`volley rules R4.4`, `volley rules R4`).
    Rules {
        /// A rule id such as R4.4, or a section such as R4; the whole rules if omitted.
        id: Option<String>,
    },
    /// Run scenario tests (`*.test.ron`): scripted orders, forced dice and checks,
    /// headless; every failure as file:line:col, exit status 1 if any.
    Test {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Play each test's scenario with this rules file in place of the one it names.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// Print each troop type's derived features and points for quick battles; `--fit`
    /// replays the round robin and generated battles and refits them (docs/points.md).
    Points(PointsArgs),
    /// Generate a quick battle from two army lists, a size, a ground and a seed, written
    /// to standard output as a scenario (`volley generate --list` lists what it is made of).
    Generate(volley::commands::generate::GenerateArgs),
    /// The battle editor: paint the ground, place the armies, check as you go, try it,
    /// save it as RON (a new battle if FILE does not exist).
    Edit(volley::commands::edit::EditArgs),
    /// Open a battle for a second player on another machine: shows the address and a
    /// join code to give them.
    Host(volley::commands::network::HostArgs),
    /// Join a battle another player hosts, with the address and code their screen shows.
    Join(volley::commands::network::JoinArgs),
    /// Print each unit of a scenario with its derived numbers.
    Units {
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Reads `--side-a` and `--side-b` as [`PlayerKind`]'s `FromStr` does, and gives clap every
/// kind of [`PlayerKind::ALL`] for the help, so a new kind cannot be left out of it.
#[derive(Clone, Copy)]
struct PlayerKindParser;

impl clap::builder::TypedValueParser for PlayerKindParser {
    type Value = PlayerKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<PlayerKind, clap::Error> {
        let by_name = |s: &str| s.parse::<PlayerKind>();
        by_name.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let value = |kind: PlayerKind| {
            let value = clap::builder::PossibleValue::new(kind.name());
            match kind {
                PlayerKind::Normal => value.alias("computer"),
                _ => value,
            }
        };
        Some(Box::new(PlayerKind::ALL.into_iter().map(value)))
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return refused_by_clap(&e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Messages repeat arguments and file text: nothing in them may drive the terminal.
            let message = volley::text::escape_keeping_lines(&format!("{e:#}"));
            eprintln!("volley: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Prints clap's help, version or refusal with clap's exit status; a refusal repeats what
/// was typed, so its control characters are escaped (its colours are dropped with them).
fn refused_by_clap(e: &clap::Error) -> ExitCode {
    let code = u8::try_from(e.exit_code()).unwrap_or(2);
    if !e.use_stderr() {
        // Help and version: our own text, printed as clap prints it.
        return match e.print() {
            Ok(()) => ExitCode::from(code),
            Err(_) => ExitCode::FAILURE,
        };
    }
    // clap's plain text drops every escape sequence, the user's with its own colours, so a
    // typed `\e[2J` would vanish from the message: the arguments are parsed again with no
    // styles, leaving only what was typed to escape.
    use clap::CommandFactory;
    let plain = Cli::command()
        .styles(clap::builder::Styles::plain())
        .try_get_matches();
    let text = match plain {
        Err(plain) => plain.render().ansi().to_string(),
        Ok(_) => e.render().to_string(),
    };
    eprint!("{}", volley::text::escape_keeping_lines(&text));
    ExitCode::from(code)
}

/// The options of `volley points`.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("fitting").args(["fit", "fit_battles"]))]
struct PointsArgs {
    /// Play the round robin of every pair of catalog types and then generated battles of
    /// every pairing of army lists, refit the points, print the fit and write the points
    /// file (about 20 minutes; run it with `nice`).
    #[arg(long, conflicts_with_all = ["write", "armies", "fit_battles"])]
    fit: bool,
    /// Only the second stage of `--fit`: the generated battles and the refit, from the
    /// round robin's fit stored in the points file.
    #[arg(long, conflicts_with_all = ["write", "armies"])]
    fit_battles: bool,
    /// Generated battles of each pairing of army lists at small and at medium size (and
    /// half as many at large), with `--fit` or `--fit-battles`.
    #[arg(long, default_value_t = 12, requires = "fitting", value_parser = clap::value_parser!(u32).range(2..=10_000))]
    battles: u32,
    /// Recompute the points file's table from its stored fit (after a catalog edit).
    #[arg(long, conflicts_with = "armies")]
    write: bool,
    /// Print each army list with its troop types' derived numbers and points.
    #[arg(long)]
    armies: bool,
    /// Games of each pairing of two troop types at each number of units, with `--fit`.
    #[arg(long, default_value_t = 100, requires = "fit", value_parser = clap::value_parser!(u32).range(2..=100_000))]
    games: u32,
    /// Seed of the first game's dice and of the first generated battle, with `--fit` or
    /// `--fit-battles`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The points file `--fit` and `--write` write.
    #[arg(long, default_value = volley::commands::points::POINTS_FILE)]
    out: PathBuf,
}

/// `volley points`'s flags as the one thing it does.
fn points_action(args: &PointsArgs) -> PointsAction {
    let (games, battles, seed) = (args.games, args.battles, args.seed);
    match [args.fit, args.fit_battles, args.write, args.armies] {
        [true, ..] => PointsAction::Fit {
            games,
            battles,
            seed,
        },
        [_, true, ..] => PointsAction::FitBattles { battles, seed },
        [_, _, true, _] => PointsAction::Write,
        [.., true] => PointsAction::Armies,
        _ => PointsAction::Show,
    }
}

/// Calls the command's path in `volley::commands`; no command plays, as `volley play` does.
fn run(cli: Cli) -> Result<ExitCode> {
    use volley::commands::{check, play, replay, rules, show, sim_run, test_files, troops, units};
    match cli.command.unwrap_or(Cmd::Play(cli.play)) {
        Cmd::Play(args) => play::play(args),
        Cmd::Check {
            files,
            deny_warnings,
            rules,
        } => Ok(check::print(&files, deny_warnings, rules.as_deref())),
        Cmd::Sim {
            file,
            games,
            seed,
            side_a,
            side_b,
            format,
            without,
            swap,
            iterations,
            rules,
            yardstick,
        } => {
            let setup = volley::sim::SimSetup {
                kinds: [side_a, side_b],
                seed,
                iterations,
            };
            let changes = without.into_iter().map(Change::Without).chain(swap);
            let options = sim_run::SimOptions {
                games,
                setup,
                format,
                changes: changes.collect(),
                rules,
                yardstick,
            };
            sim_run::run(&file, &options)
        }
        Cmd::Replay {
            save,
            data_dir,
            no_mouse,
        } => replay::replay(&save, data_dir, no_mouse),
        Cmd::Show { file, width } => show::print(&file, width),
        Cmd::Troops { file } => troops::print(file.as_deref()),
        Cmd::Rules { id } => rules::print(id.as_deref()),
        Cmd::Test { files, rules } => Ok(test_files::run(&files, rules.as_deref())),
        Cmd::Units { file, format } => units::print(&file, format == Format::Json),
        Cmd::Points(args) => volley::commands::points::run(&points_action(&args), &args.out),
        Cmd::Host(args) => volley::commands::network::host(args),
        Cmd::Join(args) => volley::commands::network::join(args),
        Cmd::Edit(args) => volley::commands::edit::run(&args, volley::commands::play::clock_seed()),
        Cmd::Generate(args) => {
            // The clock seeds a battle only when no --seed is given; the header shows it.
            let clock = args.seed.unwrap_or_else(volley::commands::play::clock_seed);
            volley::commands::generate::run(&args, clock)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Issue 27: `volley sim`'s `--side-a`, `--side-b` and `--yardstick` offer every player kind of
    /// [`PlayerKind::ALL`], in its order, and the help lists them all (`hold` was missing).
    #[test]
    fn i27_sim_sides_offer_every_player_kind_in_the_help() {
        let mut cli = Cli::command();
        let sim = cli.find_subcommand_mut("sim").unwrap();
        let names: Vec<&str> = PlayerKind::ALL.iter().map(|k| k.name()).collect();
        let listed = format!("[possible values: {}]", names.join(", "));
        // The help wraps at the terminal's width: compare its words.
        let help = sim.render_help().to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for side in ["side_a", "side_b", "yardstick"] {
            let arg = sim.get_arguments().find(|a| a.get_id() == side).unwrap();
            let offered: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_owned())
                .collect();
            assert_eq!(offered, names, "--{side}");
        }
        assert_eq!(help.matches(&listed).count(), 3, "{help}");
    }

    /// Issue 27: a side's player is read by name, `computer` being `normal`, and an unknown
    /// name is refused with the list of every kind.
    #[test]
    fn i27_sim_sides_read_every_player_kind_by_name() {
        for kind in PlayerKind::ALL {
            let cli = Cli::try_parse_from(["volley", "sim", "x.ron", "--side-b", kind.name()]);
            assert!(
                matches!(cli.unwrap().command, Some(Cmd::Sim { side_b, .. }) if side_b == kind)
            );
        }
        let cli = Cli::try_parse_from(["volley", "sim", "x.ron", "--side-a", "computer"]);
        assert!(matches!(
            cli.unwrap().command,
            Some(Cmd::Sim {
                side_a: PlayerKind::Normal,
                ..
            })
        ));
        let refused = Cli::try_parse_from(["volley", "sim", "x.ron", "--side-a", "expert"]);
        let message = refused.unwrap_err().render().to_string();
        assert!(
            message.contains("unknown player `expert`: use easy, normal (or computer), hard, random, advance, hold, sitter or stranger"),
            "{message}"
        );
    }
}
