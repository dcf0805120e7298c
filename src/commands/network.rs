//! `volley host` and `volley join` (issue 31): a battle across two machines, in the
//! terminal or, with `--headless`, played by the computer on this side with progress on
//! standard error (for tests and for trying a line). The protocol is [`crate::net`]; this
//! module opens the battle each side builds from it and keeps its save after every command.

use crate::ai::Player;
use crate::engine::{Command, Dice, Game, SharedDraw, SideId};
use crate::net::peer::{JoinedBattle, Offer};
use crate::net::{Peer, Record};
use crate::save::{NetworkRecord, SaveFile};
use crate::scenario::{Controller, RulesChoice, RulesText, Scenario};
use anyhow::{anyhow, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The options of `volley host`.
#[derive(clap::Args, Debug, Clone)]
pub struct HostArgs {
    /// Scenario file, or a shipped battle's name (`tutorial`); the default battle if omitted.
    pub file: Option<PathBuf>,
    /// The address and port to listen on (port 0: any free port).
    #[arg(long, default_value = DEFAULT_LISTEN)]
    pub listen: String,
    /// The side the host plays (its name, or A / B); the joining player has the other.
    #[arg(long, default_value = "A")]
    pub side: String,
    /// The join code to use instead of a new random one (for scripts and tests).
    #[arg(long, hide = true)]
    pub code: Option<String>,
    /// Shared with `volley join`.
    #[command(flatten)]
    pub common: NetArgs,
}

/// The options of `volley join`.
#[derive(clap::Args, Debug, Clone)]
pub struct JoinArgs {
    /// The host's address and port, as the host's screen shows it (`192.168.1.20:7878`).
    pub address: String,
    /// The join code the host's screen shows.
    pub code: String,
    /// The battle this player expects (a file or a shipped battle's name): the join is
    /// refused if the host plays another.
    pub battle: Option<PathBuf>,
    /// Shared with `volley host`.
    #[command(flatten)]
    pub common: NetArgs,
}

/// The options both ends take.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct NetArgs {
    /// The computer plays this player's side.
    #[arg(long)]
    pub computer: bool,
    /// The computer's level with `--computer`: easy, normal or hard.
    #[arg(long, default_value = "normal")]
    pub level: String,
    /// Play without the terminal screens (needs `--computer`): progress on standard error.
    #[arg(long, requires = "computer")]
    pub headless: bool,
    /// Milliseconds the computer waits before each of its commands when headless.
    #[arg(long, default_value_t = 0)]
    pub pause: u64,
    /// Where this side's save is written after every command (default: the autosave in
    /// the data directory).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Where saves, the autosave and the joining player's secrets go (default: the XDG
    /// data directory).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Leave the mouse to the terminal.
    #[arg(long)]
    pub no_mouse: bool,
}

/// A battle across the line as one side holds it: enough to check, apply, undo and save.
pub struct NetBattle {
    /// The scenario, as both sides loaded it.
    pub scenario: Scenario,
    /// The battle's seed, from the opening's draw.
    pub seed: u64,
    /// The opening's draw.
    pub opening: SharedDraw,
    /// The battle.
    pub game: Game,
    /// Every command given.
    pub commands: Vec<Command>,
    /// Their draws.
    pub draws: Vec<SharedDraw>,
    /// The host's side.
    pub host_side: SideId,
    /// Both players' commitments (host's first).
    pub heads: [crate::engine::Entropy; 2],
    /// The side whose last command may be taken back (a movement order, no die since).
    pub undoable_by: Option<SideId>,
}

impl NetBattle {
    /// The battle of `scenario` opened with the opening draw's seed and the given commands.
    pub fn open(
        scenario: Scenario,
        opening: SharedDraw,
        host_side: SideId,
        heads: [crate::engine::Entropy; 2],
        commands: &[Command],
        draws: &[SharedDraw],
    ) -> Result<NetBattle> {
        let seed = opening.battle_seed();
        let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).map_err(|e| {
            anyhow!(
                "the battle does not open: {}",
                e.into_iter()
                    .map(|p| p.message)
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        })?;
        // All but the last command replayed, the last given as in play: whether it may be
        // taken back is known as after play.
        let (last, before) = match commands.split_last() {
            Some((last, before)) => (Some(*last), before),
            None => (None, commands),
        };
        let early: Vec<SharedDraw> = (draws.iter())
            .filter(|d| (d.command as usize) < before.len())
            .copied()
            .collect();
        crate::engine::game::replay(&mut game, before, &early)
            .map_err(|(i, e)| anyhow!("the host's command {} is refused here: {e}", i + 1))?;
        let mut battle = NetBattle {
            scenario,
            seed,
            opening,
            game,
            commands: before.to_vec(),
            draws: early,
            host_side,
            heads,
            undoable_by: None,
        };
        if let Some(last) = last {
            let draw = draws
                .iter()
                .find(|d| d.command as usize == before.len())
                .copied();
            battle.apply(last, draw)?;
        }
        Ok(battle)
    }

    /// The joining player's battle, from what the host sent.
    pub fn joined(j: &JoinedBattle, own_head: crate::engine::Entropy) -> Result<NetBattle> {
        let w = &j.welcome;
        let choice = match &w.rules {
            Some((file, source)) => RulesChoice::Given(RulesText {
                file: file.clone(),
                source: source.clone(),
            }),
            None => RulesChoice::Shipped,
        };
        let scenario = Scenario::parse_with(&w.scenario, &w.scenario_file, choice)
            .map_err(|e| anyhow!("the host's battle does not load here: {e}"))?;
        NetBattle::open(
            scenario,
            j.opening,
            w.host_side,
            [w.head, own_head],
            &j.commands,
            &j.draws,
        )
    }

    /// The battle as the protocol reads it.
    pub fn record(&self) -> Record<'_> {
        Record {
            game: &self.game,
            commands: &self.commands,
            draws: &self.draws,
            undoable_by: self.undoable_by,
        }
    }

    /// Gives a command the protocol says to give, with its dice.
    pub fn apply(&mut self, command: Command, draw: Option<SharedDraw>) -> Result<()> {
        let before = self.game.dice_rolled();
        let acting = self.game.acting_side();
        self.game
            .submit_drawn(command, draw.as_ref())
            .map_err(|e| anyhow!("command {} is refused: {e}", self.commands.len() + 1))?;
        self.commands.push(command);
        self.draws.extend(draw);
        let undoable = self.game.may_take_back(&command, before);
        self.undoable_by = acting.filter(|_| undoable);
        Ok(())
    }

    /// The battle back at its first `keep` commands (an undo).
    pub fn back_to(&mut self, keep: usize) -> Result<()> {
        let commands = self.commands.get(..keep).unwrap_or_default().to_vec();
        let draws: Vec<SharedDraw> = self
            .draws
            .iter()
            .filter(|d| (d.command as usize) < keep)
            .copied()
            .collect();
        *self = NetBattle::open(
            self.scenario.clone(),
            self.opening,
            self.host_side,
            self.heads,
            &commands,
            &draws,
        )?;
        Ok(())
    }

    /// The save of the battle as it stands, with its draws and both commitments.
    pub fn save(&self) -> SaveFile {
        let mut save = SaveFile::of(
            &self.scenario,
            self.seed,
            [Controller::Human; 2],
            &self.commands,
            &self.game,
        );
        save.draws = self.draws.clone();
        save.network = Some(NetworkRecord {
            host_side: self.host_side,
            heads: self.heads,
            opening: self.opening,
        });
        save
    }
}

/// `volley host`: opens the battle for a second player and plays it.
pub fn host(args: HostArgs) -> Result<ExitCode> {
    let scenario = match &args.file {
        Some(path) => Scenario::load_with(path, None).map_err(|e| anyhow!("{e}")),
        None => Scenario::default_battle().map_err(|e| anyhow!("{e}")),
    }
    .context("cannot open the battle")?;
    Ok(host_scenario(scenario, &args)?.code())
}

/// How a battle across two machines ended: on the screens, with what the terminal game
/// says of it, or headless, with its exit status.
pub enum Ended {
    /// In the terminal: how it ended and its save (none if no battle began).
    Screen(crate::tui::Exit, Option<crate::tui::app::SaveReport>),
    /// Headless.
    Headless(ExitCode),
}

impl Ended {
    /// The exit status, after saying where the battle is saved.
    pub fn code(self) -> ExitCode {
        match self {
            Ended::Screen(exit, report) => super::session::farewell(&exit, report.as_ref()),
            Ended::Headless(code) => code,
        }
    }
}

/// What the title screen's choice of a battle across two machines came to.
pub enum FromTitle {
    /// No battle began (the player left the lobby, or the join failed): back to the title
    /// screen, saying why.
    Back(String),
    /// A battle was played: the exit status.
    Done(ExitCode),
}

/// The title screen's choice of a battle across two machines, with the default options
/// (`volley host` on port 7878 as side A, or `volley join`).
pub fn from_title(
    choice: crate::tui::title::NetChoice,
    data_dir: Option<PathBuf>,
    no_mouse: bool,
) -> Result<FromTitle> {
    use crate::tui::title::NetChoice;
    let common = NetArgs {
        data_dir,
        no_mouse,
        level: "normal".into(),
        ..NetArgs::default()
    };
    let ended = match choice {
        NetChoice::Host(scenario) => {
            let args = HostArgs {
                file: None,
                listen: DEFAULT_LISTEN.into(),
                side: "A".into(),
                code: None,
                common,
            };
            host_scenario(*scenario, &args)
        }
        NetChoice::Join { address, code } => join_with(JoinArgs {
            address,
            code,
            battle: None,
            common,
        }),
    };
    Ok(match ended {
        Ok(Ended::Screen(exit, None)) => FromTitle::Back(match exit {
            crate::tui::Exit::Stopped(why) => why,
            _ => String::new(),
        }),
        Ok(ended) => FromTitle::Done(ended.code()),
        Err(why) => FromTitle::Back(format!("{why:#}")),
    })
}

/// Where `volley host` listens unless told: every address, port 7878.
pub const DEFAULT_LISTEN: &str = "0.0.0.0:7878";

/// Hosts `scenario` as the options say.
fn host_scenario(scenario: Scenario, args: &HostArgs) -> Result<Ended> {
    let side = side_named(&scenario, &args.side)?;
    let code = match args.code.clone() {
        Some(c) => c,
        None => crate::net::new_code()?,
    };
    let offer = Offer {
        scenario_file: scenario.file.clone(),
        scenario: scenario.source.clone(),
        rules: scenario
            .rules
            .as_ref()
            .map(|r| (r.file.clone(), r.source.clone())),
        host_side: side,
    };
    let (peer, bound) = match Peer::host(&args.listen, &code, offer.clone()) {
        // The default port taken (another battle hosted here): any free port will do.
        Err(_) if args.listen == DEFAULT_LISTEN => Peer::host("0.0.0.0:0", &code, offer),
        other => other,
    }
    .with_context(|| format!("cannot listen on {}", args.listen))?;
    let shown = shown_address(bound);
    let lines = vec![
        format!(
            "Hosting {} as {}.",
            one_line(&scenario.name),
            one_line(&side.of(&scenario.sides).name)
        ),
        format!("listening on {bound}"),
        format!("The other player joins with:  volley join {shown} {code}"),
        "Across the internet: forward the port, or have them tunnel it (ssh -L); see the README."
            .into(),
    ];
    if args.common.headless {
        lines.iter().for_each(|l| println!("{l}"));
    }
    let host = Side::Host(Box::new(scenario));
    run(peer, host, &args.common, lines)
}

/// `volley join`: joins a battle a host opened, and plays it.
pub fn join(args: JoinArgs) -> Result<ExitCode> {
    Ok(join_with(args)?.code())
}

/// Joins as the options say.
fn join_with(args: JoinArgs) -> Result<Ended> {
    let expect = match &args.battle {
        Some(path) => Some(Scenario::load_with(path, None).map_err(|e| anyhow!("{e}"))?),
        None => None,
    };
    let dir = crate::save::data_dir(args.common.data_dir.as_deref());
    let ticket = crate::net::join::Ticket {
        address: args.address.clone(),
        code: args.code.clone(),
        scenario: expect.map(|s| crate::save::text_digest(&s.source)),
        dir,
    };
    let lines = vec![format!(
        "Joining the battle at {}.",
        one_line(&args.address)
    )];
    run(Peer::join(ticket), Side::Join, &args.common, lines)
}

/// Which end this is, with what the host brings.
pub enum Side {
    /// The host, with its scenario.
    Host(Box<Scenario>),
    /// The joining player.
    Join,
}

fn run(peer: Peer, side: Side, common: &NetArgs, lines: Vec<String>) -> Result<Ended> {
    if common.headless {
        return super::network_headless::run(peer, side, common).map(Ended::Headless);
    }
    let (exit, report) = super::network_screen::run(peer, side, common, lines)?;
    Ok(Ended::Screen(exit, report))
}

/// The side a name (or A / B) means.
fn side_named(scenario: &Scenario, name: &str) -> Result<SideId> {
    let found = scenario
        .sides
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(name));
    match (found, name.to_ascii_uppercase().as_str()) {
        (Some(0), _) | (None, "A") => Ok(SideId::A),
        (Some(_), _) | (None, "B") => Ok(SideId::B),
        _ => Err(anyhow!(
            "no side called `{}` (sides: {})",
            crate::text::escape_text(name),
            scenario
                .sides
                .iter()
                .map(|s| s.name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The address to give the other player: the one listened on, or for a listener on every
/// address, this machine's address on its network (the route to a public address, which
/// sends nothing), else `localhost`.
fn shown_address(bound: std::net::SocketAddr) -> String {
    if !bound.ip().is_unspecified() {
        return bound.to_string();
    }
    let lan = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip().to_string());
    format!(
        "{}:{}",
        lan.unwrap_or_else(|_| "localhost".into()),
        bound.port()
    )
}

fn one_line(text: &str) -> String {
    crate::text::escape_text(text).into_owned()
}

/// How long the loop sleeps when nothing happened: short, so a command from the other
/// side is on screen within milliseconds.
pub const IDLE: Duration = Duration::from_millis(2);

/// The computer for this side at `level`, seeded by the battle.
pub fn computer(level: &str, battle: &NetBattle) -> Result<Box<dyn Player + Send>> {
    let level: crate::ai::Level = level.parse().map_err(|e| anyhow!("{e}"))?;
    let aggression = [
        battle.scenario.sides[0].aggression,
        battle.scenario.sides[1].aggression,
    ];
    let budget = crate::ai::Budget::iterations(crate::ai::level::SIM_ITERATIONS);
    Ok(Box::new(crate::ai::level::sided(
        [level; 2],
        battle.seed,
        aggression,
        &budget,
    )))
}
