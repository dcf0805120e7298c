//! Quick battles (issue 29): a battle generated from two army lists, a size, a kind of
//! ground and a seed, written as a scenario file a designer can edit. The ground follows
//! Wesnoth's generator (a height map, then villages, then roads by path search; see
//! [`land`]), the forces are bought with points from the army lists ([`forces`]), placed
//! in order of battle on each side's edge ([`placement`]), with objectives of a value
//! (R12.4) and a turn limit that fits the map, and roads and bridges (R12.6), then
//! playtested ([`playtest`]). The same request and seed give the same file, byte for byte,
//! with the same version of the engine and the computer player (the playtest plays them):
//! every choice of the battle is drawn from one seeded ChaCha generator and the playtest's
//! dice from another seeded from the same seed, never from a hash map's order.

pub mod audit;
pub mod forces;
pub mod grid;
pub mod land;
pub mod placement;
pub mod playtest;
pub mod write;

use crate::armies::{self, points::PointsTable, ArmyList};
use crate::scenario::{DataError, Scenario};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// How big a quick battle is: its map and about how many units a side buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Size {
    /// About 6 units a side on a 16 × 10 map.
    Small,
    /// About 12 units a side on a 22 × 14 map.
    Medium,
    /// About 24 units a side on a 30 × 18 map.
    Large,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// The size's name on the command line and in the menu.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    /// The units a side buys with an average army list: the budget is this many times the
    /// mean points of a unit across the lists.
    pub fn units(self) -> u32 {
        match self {
            Size::Small => 6,
            Size::Medium => 12,
            Size::Large => 24,
        }
    }

    /// The size's place in [`Size::ALL`]: 0 small, 1 medium, 2 large.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The map's width and height in hexes (both even: see [`grid::Grid::turned`]).
    pub fn map(self) -> (i32, i32) {
        match self {
            Size::Small => (16, 10),
            Size::Medium => (22, 14),
            Size::Large => (30, 18),
        }
    }
}

/// The kind of ground a quick battle is fought over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ground {
    /// Mostly clear, a hill or two, a little wood.
    Open,
    /// Clusters of woods, about a quarter of the field.
    Wooded,
    /// Several hills with their slopes, some wood.
    Hilly,
    /// A river between the armies with two to four fords or bridges.
    River,
}

impl Ground {
    /// Every kind of ground.
    pub const ALL: [Ground; 4] = [Ground::Open, Ground::Wooded, Ground::Hilly, Ground::River];

    /// The `k`th ground of [`Ground::ALL`], round and round: each in turn.
    pub fn in_turn(k: u64) -> Ground {
        let all = Ground::ALL;
        all.get((k % all.len() as u64) as usize)
            .copied()
            .unwrap_or(Ground::Open)
    }

    /// The ground's name on the command line and in the menu.
    pub fn name(self) -> &'static str {
        match self {
            Ground::Open => "open",
            Ground::Wooded => "wooded",
            Ground::Hilly => "hilly",
            Ground::River => "river",
        }
    }
}

/// A word that names no size or ground, with the words that do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{given}` is not one of {}", .known.join(", "))]
pub struct UnknownWord {
    /// What was typed, control characters escaped.
    pub given: String,
    /// The words accepted.
    pub known: Vec<&'static str>,
}

fn by_name<T: Copy>(text: &str, all: &[T], name: fn(T) -> &'static str) -> Result<T, UnknownWord> {
    let text = text.trim();
    all.iter()
        .copied()
        .find(|t| name(*t).eq_ignore_ascii_case(text))
        .ok_or_else(|| UnknownWord {
            given: crate::text::escape_text(text).into_owned(),
            known: all.iter().map(|t| name(*t)).collect(),
        })
}

impl FromStr for Size {
    type Err = UnknownWord;

    fn from_str(text: &str) -> Result<Size, UnknownWord> {
        by_name(text, &Size::ALL, Size::name)
    }
}

impl FromStr for Ground {
    type Err = UnknownWord;

    fn from_str(text: &str) -> Result<Ground, UnknownWord> {
        by_name(text, &Ground::ALL, Ground::name)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Ground {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a quick battle is made from: two army lists by name (any case), a size, a ground
/// and the seed every random choice is drawn from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Side A's army list (the west edge; the player in the title screen's quick battle).
    pub army_a: String,
    /// Side B's army list (the east edge; the computer).
    pub army_b: String,
    /// How big the battle is.
    pub size: Size,
    /// What ground it is fought over.
    pub ground: Ground,
    /// The seed: the same request and seed give the same file.
    pub seed: u64,
}

impl Request {
    /// The command that makes this battle again, its army names quoted for a shell.
    pub fn command_line(&self) -> String {
        let quote =
            |s: &str| shlex::try_quote(s).map_or_else(|_| format!("{s:?}"), |q| q.into_owned());
        format!(
            "volley generate --army-a {} --army-b {} --size {} --ground {} --seed {}",
            quote(&self.army_a),
            quote(&self.army_b),
            self.size,
            self.ground,
            self.seed
        )
    }
}

/// Why no battle could be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// An army name that matches no list; the names there are, and the nearest.
    #[error("unknown army `{given}`{}; the army lists are: {}", .suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default(), .names.join("; "))]
    UnknownArmy {
        /// What was typed, control characters escaped.
        given: String,
        /// Every list's name.
        names: Vec<String>,
        /// The nearest name, if one is near.
        suggestion: Option<String>,
    },
    /// A list's troop type has no points in the table.
    #[error("army list `{army}`: `{troop}` has no points in assets/points.ron")]
    NoPoints {
        /// The list.
        army: String,
        /// The troop type.
        troop: String,
    },
    /// The shipped lists, points or catalog did not load, or the battle made did not pass
    /// the scenario check (a bug in the generator).
    #[error("{0}")]
    Data(String),
}

impl From<DataError> for GenerateError {
    fn from(e: DataError) -> GenerateError {
        GenerateError::Data(e.to_string())
    }
}

/// A generated battle: its scenario text and the checked scenario.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The scenario file, as `volley generate` prints it.
    pub text: String,
    /// The battle, checked as `volley check` checks a file.
    pub scenario: Scenario,
    /// Each side's bought troop types, a name per unit, and the points spent.
    pub forces: [forces::Bought; 2],
    /// How the battle was playtested, if it was ([`playtest`]).
    pub played: Option<Played>,
}

/// What the playtest of a generated battle found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// Side A's mean score in the kept candidate's games (a win 1, a draw ½).
    pub score: f64,
    /// Games of the kept candidate that ended (those asked of each candidate, unless one
    /// never ended).
    pub games: u32,
    /// Which candidate was kept, from 1.
    pub kept: u32,
    /// Candidates played.
    pub tried: u32,
    /// Units then taken from side A and from side B to even the battle (at most one side).
    pub trimmed: [u32; 2],
}

/// The shipped army lists and points table, loaded once per call.
pub struct Stock {
    /// The army lists, in file order.
    pub lists: Vec<ArmyList>,
    /// The points of each troop type.
    pub points: PointsTable,
}

impl Stock {
    /// The shipped army lists and points.
    pub fn shipped() -> Result<Stock, GenerateError> {
        Ok(Stock {
            lists: armies::shipped()?,
            points: PointsTable::shipped()?,
        })
    }

    /// The list named `name`, in any case; refused with every name and the nearest.
    pub fn list(&self, name: &str) -> Result<&ArmyList, GenerateError> {
        let wanted = name.trim();
        if let Some(list) = self
            .lists
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(wanted))
        {
            return Ok(list);
        }
        let names: Vec<String> = self.lists.iter().map(|l| l.name.clone()).collect();
        let lower = wanted.to_lowercase();
        // A word of one list's name (`swedish`) points at it; else the nearest spelling.
        let holding: Vec<&String> = names
            .iter()
            .filter(|n| !lower.is_empty() && n.to_lowercase().contains(&lower))
            .collect();
        let suggestion = match holding.as_slice() {
            [one] => Some((*one).clone()),
            _ => crate::scenario::closest_name(wanted, names.iter().map(String::as_str))
                .map(str::to_string),
        };
        Err(GenerateError::UnknownArmy {
            given: crate::text::escape_text(wanted).into_owned(),
            names,
            suggestion,
        })
    }
}

/// Generates the battle `request` asks for from the shipped lists and points.
pub fn generate(request: &Request) -> Result<Generated, GenerateError> {
    generate_from(&Stock::shipped()?, request)
}

/// Generates the battle `request` asks for from `stock`'s lists and points: the ground,
/// the forces, their places, the objectives and the turn limit, written as a scenario and
/// checked as `volley check` would check it, and playtested ([`playtest`]): of a few
/// candidate battles, the first found near enough to even, else the nearest; a large
/// battle's one candidate then trimmed towards even.
pub fn generate_from(stock: &Stock, request: &Request) -> Result<Generated, GenerateError> {
    make(
        stock,
        request,
        1.0,
        Mode::Playtest(playtest::budget(request.size)),
    )
}

/// [`generate_from`] without the playtest: the first candidate's battle, as the points
/// fit alone makes it (`--no-playtest`, and audits of many seeds, where each seed's first
/// candidate stands for the candidates the generator makes). The header's command says
/// `--no-playtest`, so that it makes this file again.
pub fn generate_unplayed(stock: &Stock, request: &Request) -> Result<Generated, GenerateError> {
    make(stock, request, 1.0, Mode::NoPlaytest)
}

/// Whether [`make`] playtests the battle, and what its header says of that.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Its first candidate, unplayed, its header silent on the playtest (a tilted battle).
    Plain,
    /// Its first candidate, unplayed (`--no-playtest`).
    NoPlaytest,
    /// Playtested within this budget.
    Playtest(playtest::Playtest),
}

/// One candidate battle: what was drawn, and the battle written and checked (a playtested
/// candidate without the note of its playtest, which [`noted`] adds to the one kept).
struct Drawn {
    land: land::Land,
    plan: placement::Plan,
    made: Generated,
}

/// The name a generated battle's file is checked under.
fn file_name(request: &Request) -> String {
    format!("quick-battle-{}.ron", request.seed)
}

/// [`generate_unplayed`] with side B's budget multiplied by `tilt`: battles of unequal points,
/// which the points fit of `volley points --fit` plays to learn what points are worth.
/// Side A buys first; side B's buy is the one of its tries the points fit says is nearest
/// to even against A's with B's points `tilt` times A's; if still uneven, the stronger
/// side buys again with fewer points ([`forces::pair`]).
pub fn generate_tilted(
    stock: &Stock,
    request: &Request,
    tilt: f64,
) -> Result<Generated, GenerateError> {
    make(stock, request, tilt, Mode::Plain)
}

/// The battle of `request` with side B's budget `tilt` times A's, playtested as `mode`
/// says.
fn make(
    stock: &Stock,
    request: &Request,
    tilt: f64,
    mode: Mode,
) -> Result<Generated, GenerateError> {
    let lists = [stock.list(&request.army_a)?, stock.list(&request.army_b)?];
    // The header's command names the lists as the file spells them.
    let request = &Request {
        army_a: lists[0].name.clone(),
        army_b: lists[1].name.clone(),
        ..request.clone()
    };
    let mut rng = Draw::new(request.seed);
    let catalog = crate::scenario::Catalog::standard()?;
    let budget = forces::budget(request.size, &stock.lists, &stock.points);
    let budget_b = (f64::from(budget) * tilt).round().clamp(1.0, 1e9) as u32;
    let units = |b: &forces::Bought| -> Vec<(u32, usize)> {
        b.troops
            .iter()
            .filter_map(|t| Some((stock.points.of(t)?, catalog.get(t)?)))
            .map(|(p, t)| (p, crate::armies::battle_fit::class_of(t.formation)))
            .collect()
    };
    let fit = stock.points.fit().and_then(|f| f.battles.as_ref());
    let size = request.size.index();
    // Side A's edge with B's points `tilt` times A's counted as even.
    let edge = |a: &forces::Bought, b: &forces::Bought| match fit {
        Some(fit) => fit.edge(&units(a), &units(b), size) + fit.weight * tilt.ln(),
        None => (f64::from(a.spent.max(1)) * tilt / f64::from(b.spent.max(1))).ln(),
    };
    // Each candidate draws its own ground as well: a ground that favours one side would
    // leave every candidate on it uneven.
    let armies = [lists[0].name.as_str(), lists[1].name.as_str()];
    let mut candidate = |note: write::Note| -> Result<Drawn, GenerateError> {
        let land = land::make(request.size, request.ground, &mut rng);
        let bought = forces::pair(lists, &stock.points, [budget, budget_b], &mut rng, &edge)?;
        let plan = placement::plan(&land, &bought, &catalog, &mut rng)?;
        written((request, armies), land, plan, bought, note)
    };
    match mode {
        Mode::Plain => Ok(candidate(write::Note::Nothing)?.made),
        Mode::NoPlaytest => Ok(candidate(write::Note::NoPlaytest)?.made),
        Mode::Playtest(budget) => {
            let candidate = || candidate(write::Note::Nothing);
            let (mut drawn, mut played) = playtested(request, budget, candidate)?;
            if let Some(spread) = budget.trim {
                let stock = (lists, &stock.points, &catalog);
                let made = (request, armies);
                drawn = evened(drawn, (&mut played, spread), stock, &edge, made)?;
            }
            noted(request, armies, drawn, played)
        }
    }
}

/// `drawn` with its stronger side given fewer units ([`forces::trim`]) by as much as the
/// points fit says would even the battle its playtest found ([`playtest::even_target`],
/// kept candidates' true scores spread by `spread`),
/// formed up again on the same ground with the same objectives; `played` notes the units
/// taken. Unchanged when taking a unit would not bring it nearer to even.
fn evened(
    drawn: Drawn,
    (played, spread): (&mut Played, f64),
    (lists, points, catalog): ([&ArmyList; 2], &PointsTable, &crate::scenario::Catalog),
    edge: &dyn Fn(&forces::Bought, &forces::Bought) -> f64,
    (request, armies): (&Request, [&str; 2]),
) -> Result<Drawn, GenerateError> {
    // A playtest in which no game ended found nothing to even.
    if played.games == 0 {
        return Ok(drawn);
    }
    let shift = playtest::even_target(played.score, played.games, spread);
    let [a, b] = &drawn.made.forces;
    let target = edge(a, b) + shift;
    let stronger = usize::from(shift > 0.0);
    let forces = drawn.made.forces.clone();
    let (forces, taken) = forces::trim(lists, points, forces, (stronger, target), edge);
    if taken == 0 {
        return Ok(drawn);
    }
    if let Some(t) = played.trimmed.get_mut(stronger) {
        *t = taken;
    }
    let Drawn { land, plan, .. } = drawn;
    let plan = placement::plan_again(&land, &forces, catalog, &plan)?;
    written((request, armies), land, plan, forces, write::Note::Nothing)
}

/// The battle drawn as `land`, `plan` and `forces`, written with `note` in its header and
/// checked as `volley check` checks a file.
fn written(
    (request, armies): (&Request, [&str; 2]),
    land: land::Land,
    plan: placement::Plan,
    forces: [forces::Bought; 2],
    note: write::Note,
) -> Result<Drawn, GenerateError> {
    let text = write::scenario(request, armies, &land, &plan, note);
    let scenario = Scenario::parse(&text, &file_name(request))?;
    let made = Generated {
        text,
        scenario,
        forces,
        played: None,
    };
    Ok(Drawn { land, plan, made })
}

/// The kept candidate `drawn` written again, its header saying what its playtest found.
fn noted(
    request: &Request,
    armies: [&str; 2],
    drawn: Drawn,
    played: Played,
) -> Result<Generated, GenerateError> {
    let Drawn { land, plan, made } = drawn;
    let text = write::scenario(request, armies, &land, &plan, write::Note::Played(played));
    let scenario = Scenario::parse(&text, &file_name(request))?;
    Ok(Generated {
        text,
        scenario,
        played: Some(played),
        ..made
    })
}

/// Of the candidates `candidate` makes, the one the playtest keeps ([`playtest::choose`]),
/// and what its playtest found.
fn playtested(
    request: &Request,
    budget: playtest::Playtest,
    candidate: impl FnMut() -> Result<Drawn, GenerateError>,
) -> Result<(Drawn, Played), GenerateError> {
    // The playtests' dice come from the seed but not from the generator's own draws, so
    // every candidate is made as it would be without them. Kept within 2^62..2^63, they
    // never meet the small seeds `volley generate --sim` and `volley sim` measure with.
    let dice = (Draw::new(request.seed ^ PLAYTEST_SALT).0.next_u64() >> 2) | 1 << 62;
    // Candidate `k`'s game `i` has the dice of seed `dice + k·games + i`, whether its games
    // are played at once or in two parts.
    let games = budget.games;
    let score = |drawn: &Drawn, k: u32, part: std::ops::Range<u32>| {
        let first = u64::from(k) * u64::from(games) + u64::from(part.start);
        let seed = dice.wrapping_add(first);
        playtest::score(&drawn.made.scenario, seed, part.len() as u32)
    };
    playtest::choose(budget, candidate, score)?
        .ok_or_else(|| GenerateError::Data("no candidate battle was made".into()))
}

/// Mixed into the seed for the playtests' dice.
const PLAYTEST_SALT: u64 = 0x706c_6179_7465_7374;

/// The generator's source of chance for the battle's choices: ChaCha8 from the seed, the
/// same on every machine.
pub struct Draw(ChaCha8Rng);

impl Draw {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Draw {
        Draw(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A whole number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        (self.0.next_u64() % u64::from(n)) as u32
    }

    /// A whole number in `lo..=hi` (`lo` if the range is empty).
    pub fn between(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        let span = (i64::from(hi) - i64::from(lo) + 1) as u32;
        lo + self.below(span) as i32
    }
}
