//! The `volley` command line: a thin shell over the library. With no command it opens the
//! default battle; `play`, `check` and `units` do what their help says.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use volley::commands::sim::PlayerKind;
use volley::commands::sim_report::SimFormat;
use volley::scenario::{Controller, Scenario};

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
    },
    /// Play battles headless between two players and print the results.
    Sim {
        file: PathBuf,
        /// Number of games: game i has dice seeded `seed + i`, and the players change
        /// sides every other game.
        /// At most 10,000,000: the statistics need no more.
        #[arg(long, default_value_t = 200, value_parser = volley::commands::sim::parse_games)]
        games: u32,
        /// Seed of the first game's dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Player of side A in even games: easy, normal (or computer), hard, random or
        /// advance.
        #[arg(long, default_value = "normal")]
        side_a: PlayerKind,
        /// Player of side B in even games: easy, normal (or computer), hard, random or
        /// advance.
        #[arg(long, default_value = "random")]
        side_b: PlayerKind,
        /// Look-aheads a `hard` player takes per decision (the same seed then gives the
        /// same orders).
        #[arg(long, default_value_t = volley::ai::level::SIM_ITERATIONS, value_parser = clap::value_parser!(u32).range(1..))]
        iterations: u32,
        /// text for people; json (summary and every game) or csv (a row per game) for tools.
        #[arg(long, value_enum, default_value_t = SimFormat::Text)]
        format: SimFormat,
        /// Ablation: play the battle also without the units of this label, on the same
        /// seeds, and report the change in each side's win rate. Repeatable.
        #[arg(long, value_name = "LABEL")]
        without: Vec<String>,
        /// Ablation: give the units of LABEL another troop type. Repeatable.
        #[arg(long, value_name = "LABEL=TROOP", value_parser = volley::commands::ablation::Change::swap)]
        swap: Vec<volley::commands::ablation::Change>,
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
        /// Columns to draw within; the largest hexes that fit the whole map are used.
        #[arg(long, default_value_t = 100)]
        width: u16,
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
    },
    /// Print each unit of a scenario with its derived numbers.
    Units {
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// Scenario file, or a shipped battle's name (`kircholm`); the default battle
    /// (Kircholm, 1605) if omitted.
    file: Option<PathBuf>,
    /// Seed for the dice; else the scenario's seed, else the clock.
    #[arg(long)]
    seed: Option<u64>,
    /// Let the computer play this side (its name, or A / B); repeat for both.
    #[arg(long)]
    computer: Vec<String>,
    /// Two players at one keyboard: no computer side.
    #[arg(long, conflicts_with = "computer")]
    hotseat: bool,
    /// Resume a saved battle instead of opening a scenario.
    #[arg(long, conflicts_with = "file")]
    resume: Option<PathBuf>,
    /// Where saves and the autosave go (default: the XDG data directory).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Designer: faces the first dice rolled after the battle opens will show, in order,
    /// before the seeded dice go on (`--dice 6,6,3`; 1 to 20 each). Kept in the save.
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=20))]
    dice: Vec<u32>,
    /// The computer's level on a side: `SIDE=LEVEL` with the side's name (or A / B) and
    /// easy, normal or hard; repeat for both. Else the scenario's `level`.
    #[arg(long, value_name = "SIDE=LEVEL")]
    level: Vec<String>,
    /// How long the computer may think about one decision at level hard, in ms.
    #[arg(long, default_value_t = volley::tui::app::DEFAULT_THINK_MS)]
    think_ms: u64,
    /// Designer: reload the scenario file whenever it is saved; problems are shown, and a
    /// valid file restarts the battle with the same seed and the commands given so far.
    #[arg(long, requires = "file")]
    watch: bool,
    /// Milliseconds to show each computer order before the next.
    #[arg(long, default_value_t = 250)]
    pause: u64,
    /// Leave the mouse to the terminal (no clicks on the map, no wheel on the log).
    #[arg(long)]
    no_mouse: bool,
    /// Hot-seat: pass the keyboard without the handover pop-up (nothing in these rules is
    /// hidden). For this game only; `H` in a battle switches it for good.
    #[arg(long)]
    no_handover: bool,
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
            let message = volley::engine::error::escape_keeping_lines(&format!("{e:#}"));
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
    eprint!("{}", volley::engine::error::escape_keeping_lines(&text));
    ExitCode::from(code)
}

/// Refuses to start the interactive game unless standard input and output are both a
/// terminal: drawn into a file or a pipe it would wait on keys no one can press, and
/// without a terminal it could only fail after writing an autosave.
fn need_terminal() -> Result<()> {
    use std::io::IsTerminal;
    let not = match (
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    ) {
        (true, true) => return Ok(()),
        (false, true) => "standard input is not a terminal",
        (true, false) => "standard output is not a terminal",
        (false, false) => "standard input and output are not a terminal",
    };
    anyhow::bail!(
        "the game is played in a terminal, and {not}; nothing was started or saved. \
         Without a terminal, `volley sim FILE` plays battles headless and `volley show FILE` \
         draws a battle's map as text"
    )
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command.unwrap_or(Cmd::Play(cli.play)) {
        Cmd::Play(args) => play(args),
        Cmd::Check {
            files,
            deny_warnings,
        } => {
            let (lines, ok) = volley::commands::check_files(&files, deny_warnings);
            for line in &lines {
                println!("{line}");
            }
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
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
        } => {
            let scenario = Scenario::load(&file).map_err(|e| anyhow::anyhow!("{e}"))?;
            let setup = volley::commands::sim::SimSetup {
                kinds: [side_a, side_b],
                seed,
                iterations,
            };
            use volley::commands::ablation::{self, Change};
            let changes: Vec<Change> = without
                .into_iter()
                .map(Change::Without)
                .chain(swap)
                .collect();
            if !changes.is_empty() {
                if format == SimFormat::Csv {
                    anyhow::bail!("an ablation prints text or json, not csv");
                }
                let variant = ablation::changed(&scenario, &changes).map_err(anyhow::Error::msg)?;
                let before = sim(&scenario, games, setup);
                let after = sim(&variant, games, setup);
                let shifts = ablation::shifts_of(&scenario, &before, &after);
                print!(
                    "{}",
                    match format {
                        SimFormat::Json => serde_json::to_string_pretty(&shifts)? + "\n",
                        _ => ablation::text(&scenario.name, &changes, after.games(), &shifts),
                    }
                );
                return Ok(ExitCode::SUCCESS);
            }
            let bar = progress(games);
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let written = volley::commands::sim_report::write_report(
                &scenario,
                games as usize,
                setup,
                format,
                &|| bar.inc(1),
                &mut out,
            );
            bar.finish_and_clear();
            written.context("cannot write the results")?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Replay {
            save,
            data_dir,
            no_mouse,
        } => {
            let resumed = volley::save::resume(&save)?;
            let replay = volley::tui::replay::Replay::new(resumed).map_err(anyhow::Error::msg)?;
            need_terminal()?;
            let args = PlayArgs {
                file: None,
                seed: None,
                computer: Vec::new(),
                hotseat: false,
                resume: None,
                // Played on beside the save it came from unless told (issue 26).
                data_dir: data_dir.or_else(|| Some(volley::save::data_dir_of_save(&save))),
                dice: Vec::new(),
                watch: false,
                level: Vec::new(),
                think_ms: volley::tui::app::DEFAULT_THINK_MS,
                pause: 250,
                no_mouse,
                no_handover: false,
            };
            session(volley::tui::Start::Replay(Box::new(replay)), &args)
        }
        Cmd::Show { file, width } => {
            let scenario = Scenario::load(&file).map_err(|e| anyhow::anyhow!("{e}"))?;
            print!(
                "{}",
                volley::tui::show::show(scenario, width).map_err(anyhow::Error::msg)?
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Troops { file } => {
            use volley::scenario::Catalog;
            let standard = Catalog::standard().map_err(|e| anyhow::anyhow!("{e}"))?;
            let rules = volley::engine::Rules::standard();
            let (title, catalog) = match &file {
                Some(path) => {
                    let scenario = Scenario::load(path).map_err(|e| anyhow::anyhow!("{e}"))?;
                    let catalog = scenario.catalog().map_err(|e| anyhow::anyhow!("{e}"))?;
                    (format!("Troop types of {}", scenario.name), catalog)
                }
                None => (
                    "Troop types (assets/troops.ron)".to_string(),
                    standard.clone(),
                ),
            };
            let own = volley::commands::troops::own_troops(&catalog, &standard);
            print!(
                "{}",
                volley::commands::troops::troops_report(&title, &catalog, &own, &rules)
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Rules { id } => volley::commands::rules::print(id.as_deref()),
        Cmd::Test { files } => {
            let mut ok = true;
            for file in &files {
                let failures = volley::commands::scenario_test::run_file(file);
                let shown = volley::files::shown(file);
                if failures.is_empty() {
                    println!("{shown}: ok");
                } else {
                    ok = false;
                    failures.iter().for_each(|f| println!("{f}"));
                    println!("{shown}: FAILED");
                }
            }
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Cmd::Units { file, format } => {
            let scenario = Scenario::load(&file).map_err(|e| anyhow::anyhow!("{e}"))?;
            print!(
                "{}",
                volley::commands::units_report(&scenario, format == Format::Json)
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `volley sim`'s progress bar with its ETA on standard error (drawn only when that is a
/// terminal).
fn progress(games: u32) -> indicatif::ProgressBar {
    indicatif::ProgressBar::new(u64::from(games)).with_style(
        indicatif::ProgressStyle::with_template("sim {bar:30} {pos}/{len} games, ETA {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    )
}

/// Plays an ablation's games with the progress bar, adding them up as they finish.
fn sim(
    scenario: &Scenario,
    games: u32,
    setup: volley::commands::sim::SimSetup,
) -> volley::commands::sim_report::Tally {
    let bar = progress(games);
    let tally =
        volley::commands::sim_report::tally_games(scenario, games as usize, setup, &|| bar.inc(1));
    bar.finish_and_clear();
    tally
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    use volley::tui::title::Title;
    use volley::tui::Start;
    let data_dir = volley::save::data_dir(args.data_dir.as_deref());
    // A new battle's file is checked first (its problems matter more than the terminal);
    // a resumed battle writes its autosave as it is read, so the terminal is asked first.
    let start = match (&args.resume, &args.file) {
        (Some(path), _) => {
            need_terminal()?;
            Start::Battle(Box::new(resumed(path, &data_dir, &args)?))
        }
        (None, Some(_)) => {
            let app = new_battle(&args)?;
            need_terminal()?;
            Start::Battle(Box::new(prepared(app, &data_dir, None, &args)?))
        }
        (None, None) => {
            need_terminal()?;
            Start::Title(
                Title::new(&data_dir).with_settings_file(volley::tui::settings::settings_path()),
            )
        }
    };
    session(start, &args)
}

/// Runs the game from `start` in the terminal; says where the battle is saved on the way out.
fn session(start: volley::tui::Start, args: &PlayArgs) -> Result<ExitCode> {
    use volley::tui::title::Choice;
    let data_dir = volley::save::data_dir(args.data_dir.as_deref());
    let open = |choice: Choice| -> Result<volley::tui::App> {
        match choice {
            Choice::New(scenario, controllers) => {
                let seed = args.seed.or(scenario.seed).unwrap_or_else(clock_seed);
                let mut scenario = *scenario;
                set_levels(&mut scenario, &args.level)?;
                let mut app = volley::tui::App::new(scenario, seed, controllers)?;
                app.think_ms = args.think_ms;
                prepared(app, &data_dir, None, args)
            }
            Choice::Resume(path) => resumed(&path, &data_dir, args),
            Choice::Branch(scenario, seed, commands, controllers) => {
                let app = volley::tui::App::branch(*scenario, seed, commands, controllers)?;
                prepared(app, &data_dir, None, args)
            }
            Choice::Quit => Err(anyhow::anyhow!("nothing to open")),
        }
    };
    let pause = std::time::Duration::from_millis(args.pause);
    let (exit, report) =
        volley::tui::run(start, &open, pause, !args.no_mouse).context("the terminal failed")?;
    Ok(farewell(&exit, report.as_ref()))
}

/// A saved battle, replayed, going on in its autosave.
fn resumed(
    path: &std::path::Path,
    data_dir: &std::path::Path,
    args: &PlayArgs,
) -> Result<volley::tui::App> {
    let app = volley::tui::App::resumed(volley::save::resume(path)?);
    prepared(app, data_dir, Some(path), args)
}

/// The battle with its saves in `data_dir` and its autosave locked and written once, so
/// that even a kill before the first key loses nothing; a resumed autosave goes on in its
/// own file. A save another game has open is refused, naming that game's process. The
/// player's settings are read from the settings file as the battle opens (`--no-handover`
/// switches handovers off for this game only).
fn prepared(
    mut app: volley::tui::App,
    data_dir: &std::path::Path,
    resumed_from: Option<&std::path::Path>,
    args: &PlayArgs,
) -> Result<volley::tui::App> {
    use volley::tui::settings::{settings_path, Settings};
    if let Some(path) = settings_path() {
        let (settings, problem) = Settings::load(&path);
        app.settings = settings;
        app.settings_path = Some(path);
        if let Some(why) = problem {
            app.message = format!("settings ignored: {why}");
        }
    }
    if args.no_handover {
        app.settings.handovers = false;
    }
    let started = battle_id();
    let file = app.scenario.file.clone();
    let autosave = match resumed_from {
        Some(path) => volley::save::resumed_autosave_path(data_dir, path, &file, &started),
        None => volley::save::autosave_path(data_dir, &file, &started),
    };
    app.save_dir = Some(data_dir.to_path_buf());
    app.open_autosave(autosave)?;
    app.autosave();
    Ok(app)
}

/// Says where the battle is saved and how to resume it, or that its newest state was not
/// saved and what the newest save holds (issue 25); the exit status for `exit`, and 1
/// when the battle as it ended is not saved.
fn farewell(exit: &volley::tui::Exit, report: Option<&volley::tui::app::SaveReport>) -> ExitCode {
    use volley::tui::Exit;
    if let Exit::ComputerFailed(reason) = exit {
        let reason = reason.to_string();
        eprintln!("volley: {}", volley::engine::error::escape_text(&reason));
    }
    for line in report.map(|r| r.lines()).unwrap_or_default() {
        eprintln!("{line}");
    }
    let unsaved = report.is_some_and(|r| !r.is_current());
    match exit {
        Exit::Signal(signal) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
        Exit::ComputerFailed(_) => ExitCode::FAILURE,
        Exit::Quit if unsaved => ExitCode::FAILURE,
        Exit::Quit => ExitCode::SUCCESS,
    }
}

/// What makes this battle's autosave name unique: when it started and this process's id.
fn battle_id() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!("{secs}-{}", std::process::id())
}

fn new_battle(args: &PlayArgs) -> Result<volley::tui::App> {
    let scenario = match &args.file {
        Some(path) => Scenario::load(path).map_err(|e| anyhow::anyhow!("{e}")),
        None => Scenario::default_battle().map_err(|e| anyhow::anyhow!("{e}")),
    }
    .context("cannot open the battle")?;
    let seed = args.seed.or(scenario.seed).unwrap_or_else(clock_seed);
    let controllers = controllers(&scenario, args)?;
    let mut scenario = scenario;
    set_levels(&mut scenario, &args.level)?;
    let mut app = volley::tui::App::new(scenario, seed, controllers).map_err(anyhow::Error::msg)?;
    app.think_ms = args.think_ms;
    let faces: Vec<String> = args.dice.iter().map(u32::to_string).collect();
    app.force_dice(&faces.join(" "));
    // The briefing opens the battle, forced dice or not.
    app.mode = volley::tui::app::Mode::Briefing { scroll: 0 };
    if let (true, Some(path)) = (args.watch, &args.file) {
        app.watch = Some(volley::tui::watch::FileWatch::new(path));
    }
    Ok(app)
}

/// Sets the computer's level on the sides `--level SIDE=LEVEL` names.
fn set_levels(scenario: &mut Scenario, given: &[String]) -> Result<()> {
    for text in given {
        let (side, level) = text
            .split_once('=')
            .with_context(|| format!("`{}`: write --level SIDE=LEVEL", escape(text)))?;
        let level: volley::ai::Level = level.trim().parse().map_err(anyhow::Error::msg)?;
        let index = side_index(scenario, side.trim())?;
        if let Some(s) = scenario.sides.get_mut(index) {
            s.level = level;
        }
    }
    Ok(())
}

fn escape(text: &str) -> String {
    volley::engine::error::escape_text(text).into_owned()
}

/// The side a name (or `A` / `B`) means.
fn side_index(scenario: &Scenario, name: &str) -> Result<usize> {
    scenario
        .sides
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(name))
        .or(match name.to_ascii_uppercase().as_str() {
            "A" => Some(0),
            "B" => Some(1),
            _ => None,
        })
        .with_context(|| {
            let names: Vec<&str> = scenario.sides.iter().map(|s| s.name.as_str()).collect();
            format!(
                "no side called `{}` (sides: {})",
                escape(name),
                names.join(", ")
            )
        })
}

/// Who plays each side: the scenario's default, `--computer SIDE`, or `--hotseat`.
fn controllers(scenario: &Scenario, args: &PlayArgs) -> Result<[Controller; 2]> {
    if args.hotseat {
        return Ok([Controller::Human; 2]);
    }
    if args.computer.is_empty() {
        return Ok([scenario.sides[0].player, scenario.sides[1].player]);
    }
    let mut out = [Controller::Human; 2];
    for name in &args.computer {
        let index = side_index(scenario, name)?;
        if let Some(slot) = out.get_mut(index) {
            *slot = Controller::Computer;
        }
    }
    Ok(out)
}

/// The only place the clock seeds anything: a battle started with no seed at all.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
