//! What `volley sim` prints: wins by side name for each pairing of players with a 95%
//! Wilson interval, how battles ended (R10.1–R10.3) and on which turn, and a table per unit
//! (uhp dealt and lost, how often destroyed or routed, shock rolls made and failed), as
//! text, JSON or CSV (one row per game).

use crate::columns;
use crate::engine::event::EndReason;
use crate::engine::SideId;
use crate::scenario::Scenario;
use crate::sim::{simulate_each, wilson, GameResult, PlayerKind, SimSetup, UnitTally};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;

/// Wins of one side in one pairing, or of one player over all games.
#[derive(Clone, Debug, Serialize)]
pub struct Wins {
    /// A side's name, or a player's.
    pub name: String,
    /// Games won.
    pub wins: usize,
    /// Games played.
    pub games: usize,
    /// Percentage of games won.
    pub percent: f64,
    /// 95% Wilson interval of that percentage.
    pub ci95: [f64; 2],
}

impl Wins {
    fn new(name: &str, wins: usize, games: usize) -> Wins {
        let (lo, hi) = wilson(wins, games);
        Wins {
            name: name.to_string(),
            wins,
            games,
            percent: 100.0 * wins as f64 / games.max(1) as f64,
            ci95: [100.0 * lo, 100.0 * hi],
        }
    }
}

/// One pairing: which player commanded each side, and how each side fared.
#[derive(Clone, Debug, Serialize)]
pub struct Pairing {
    /// The players on side A and side B.
    pub players: [PlayerKind; 2],
    /// Games of this pairing.
    pub games: usize,
    /// Wins of side A and side B, by side name.
    pub sides: [Wins; 2],
    /// Games with no winner.
    pub draws: usize,
}

/// One unit's line of the table, over all games.
#[derive(Clone, Debug, Serialize)]
pub struct UnitLine {
    /// The unit's label.
    pub label: String,
    /// Its side's name.
    pub side: String,
    /// Mean uhp dealt per game.
    pub dealt: f64,
    /// Mean uhp lost to damage per game, a destroyed unit's last included.
    pub lost: f64,
    /// Mean uhp per game that left the field with it when it routed (R8.5).
    pub routed_uhp: f64,
    /// Percentage of games it was destroyed in.
    pub destroyed: f64,
    /// Percentage of games it routed in.
    pub routed: f64,
    /// Shock and morale rolls made, all games.
    pub shock_rolls: u64,
    /// Of those, the ones that did not hold.
    pub shock_failed: u64,
}

/// One side's units over all games, per game: what they dealt, lost to damage and took off
/// the field routing. A side's `lost` is the other side's `dealt`; `lost + routed_uhp` is
/// its R10.3 losses.
#[derive(Clone, Debug, Serialize)]
pub struct SideLine {
    /// The side's name.
    pub name: String,
    /// Mean uhp its units dealt per game.
    pub dealt: f64,
    /// Mean uhp its units lost to damage per game.
    pub lost: f64,
    /// Mean uhp per game that left the field with its routed units.
    pub routed_uhp: f64,
}

/// Everything `volley sim` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The battle's name.
    pub scenario: String,
    /// Games finished.
    pub games: usize,
    /// Each pairing of players, side A's player first.
    pub pairings: Vec<Pairing>,
    /// Each side's wins over all games, whoever played it.
    pub wins: [Wins; 2],
    /// Each player's wins over all games and both sides; a player that played both sides
    /// of a game (`normal` against `normal`) is left out, as it won every game.
    pub players: Vec<Wins>,
    /// How battles ended: `annihilation`, `army morale`, `objectives`, `losses`,
    /// `defender`, with the number of games.
    pub endings: Vec<(String, usize)>,
    /// Games ended on each turn, from turn 1.
    pub turns: Vec<usize>,
    /// The mean turn a battle ended on.
    pub mean_turn: f64,
    /// Each side's uhp dealt, lost and routed per game, side A first.
    pub sides: [SideLine; 2],
    /// One line per unit.
    pub units: Vec<UnitLine>,
}

/// The name a report gives an R10 ending.
pub fn ending_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Annihilated => "annihilation",
        EndReason::ArmyBroke => "army morale",
        EndReason::Objectives => "objectives",
        EndReason::Losses => "losses",
        EndReason::Defender => "defender",
        EndReason::Conceded => "concession",
        EndReason::Scripted { .. } => "scenario event",
    }
}

/// The R10 endings in the order reports list them.
/// A scenario event's ending (R12.7) is listed only when a game ended so.
const ENDINGS: [EndReason; 6] = [
    EndReason::Annihilated,
    EndReason::ArmyBroke,
    EndReason::Objectives,
    EndReason::Losses,
    EndReason::Defender,
    EndReason::Scripted { event: 0 },
];

/// What `sim` reports, added up game by game so that no game need be kept (issue 25):
/// counts and sums only, in ordered maps so that nothing depends on hashing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    games: usize,
    /// Per pairing: its games, side A's wins and side B's.
    pairings: BTreeMap<[PlayerKind; 2], [usize; 3]>,
    /// Per player: games played and won.
    players: BTreeMap<PlayerKind, [usize; 2]>,
    /// Games per ending, in the order of [`ENDINGS`].
    endings: [usize; 6],
    /// Games per turn ended on.
    turns: BTreeMap<u32, usize>,
    turn_sum: u64,
    /// Per unit id, over all games.
    units: Vec<UnitSums>,
    /// Side A's and side B's dealt, lost and routed uhp over all games.
    sides: [[u64; 3]; 2],
}

/// One unit's sums over all games (u64: a sum of millions of games' u32 must not wrap).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct UnitSums {
    dealt: u64,
    lost: u64,
    routed_uhp: u64,
    destroyed: usize,
    routed: usize,
    shock_rolls: u64,
    shock_failed: u64,
}

impl Tally {
    /// Adds one finished game.
    pub fn add(&mut self, r: &GameResult) {
        self.games += 1;
        let pairing = self.pairings.entry(r.players).or_default();
        pairing[0] += 1;
        match r.winner {
            Some(SideId::A) => pairing[1] += 1,
            Some(SideId::B) => pairing[2] += 1,
            None => {}
        }
        // A player on both sides wins every game: no statistic (issue 28).
        let mirror = r.players[0] == r.players[1];
        for k in r.players.into_iter().filter(|_| !mirror) {
            let player = self.players.entry(k).or_default();
            player[0] += 1;
            player[1] += usize::from(r.winner.is_some_and(|w| *w.of(&r.players) == k));
        }
        // Every scenario event's ending counts as one kind (R12.7).
        let kind = std::mem::discriminant(&r.reason);
        if let Some(n) = ENDINGS
            .iter()
            .position(|e| std::mem::discriminant(e) == kind)
            .and_then(|i| self.endings.get_mut(i))
        {
            *n += 1;
        }
        *self.turns.entry(r.turns).or_default() += 1;
        self.turn_sum += u64::from(r.turns);
        self.add_units(&r.units);
        for (sum, t) in self.sides.iter_mut().zip(&r.sides) {
            for (x, v) in sum.iter_mut().zip([t.dealt, t.lost, t.routed_uhp]) {
                *x += u64::from(v);
            }
        }
    }

    fn add_units(&mut self, units: &[UnitTally]) {
        if self.units.len() < units.len() {
            self.units.resize(units.len(), UnitSums::default());
        }
        for (sum, t) in self.units.iter_mut().zip(units) {
            sum.dealt += u64::from(t.dealt);
            sum.lost += u64::from(t.lost);
            sum.routed_uhp += u64::from(t.routed_uhp);
            sum.destroyed += usize::from(t.destroyed);
            sum.routed += usize::from(t.routed);
            sum.shock_rolls += u64::from(t.shock_rolls);
            sum.shock_failed += u64::from(t.shock_failed);
        }
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games side `side` won, whoever played it.
    pub fn wins_of_side(&self, side: SideId) -> usize {
        let column = if side == SideId::A { 1 } else { 2 };
        self.pairings
            .values()
            .map(|p| p.get(column).copied().unwrap_or(0))
            .sum()
    }

    /// The summary of the games added, battles of `scenario`.
    pub fn summary(&self, scenario: &Scenario) -> Summary {
        let side_name = |s: SideId| s.of(&scenario.sides).name.as_str();
        let pairings = self
            .pairings
            .iter()
            .map(|(players, &[games, a, b])| Pairing {
                players: *players,
                games,
                sides: [
                    Wins::new(side_name(SideId::A), a, games),
                    Wins::new(side_name(SideId::B), b, games),
                ],
                draws: games - a - b,
            })
            .collect();
        let players = self
            .players
            .iter()
            .map(|(k, &[played, won])| Wins::new(k.name(), won, played))
            .collect();
        let endings = ENDINGS
            .iter()
            .zip(self.endings)
            .filter(|(e, n)| *n > 0 || !matches!(e, EndReason::Scripted { .. }))
            .map(|(e, n)| (ending_name(*e).to_string(), n))
            .collect();
        let last = self.turns.keys().next_back().copied().unwrap_or(0);
        let units = self.unit_lines(scenario);
        Summary {
            scenario: scenario.name.clone(),
            games: self.games,
            pairings,
            wins: [SideId::A, SideId::B]
                .map(|s| Wins::new(side_name(s), self.wins_of_side(s), self.games)),
            players,
            endings,
            turns: (1..=last)
                .map(|t| self.turns.get(&t).copied().unwrap_or(0))
                .collect(),
            mean_turn: self.turn_sum as f64 / self.games.max(1) as f64,
            sides: [SideId::A, SideId::B].map(|s| self.side_line(scenario, s)),
            units,
        }
    }

    /// `side`'s sums per game, divided once so that one side's `lost` and the other's
    /// `dealt` are the same number when their sums are; a defector's uhp count for the side
    /// it fought for at the moment (R12.3).
    fn side_line(&self, scenario: &Scenario, side: SideId) -> SideLine {
        let n = self.games.max(1) as f64;
        let [dealt, lost, routed] = *side.of(&self.sides);
        SideLine {
            name: side.of(&scenario.sides).name.clone(),
            dealt: dealt as f64 / n,
            lost: lost as f64 / n,
            routed_uhp: routed as f64 / n,
        }
    }

    fn unit_lines(&self, scenario: &Scenario) -> Vec<UnitLine> {
        let n = self.games.max(1) as f64;
        scenario
            .setup
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let sum = self.units.get(i).copied().unwrap_or_default();
                UnitLine {
                    label: u.label.clone(),
                    side: u.side.of(&scenario.sides).name.clone(),
                    dealt: sum.dealt as f64 / n,
                    lost: sum.lost as f64 / n,
                    routed_uhp: sum.routed_uhp as f64 / n,
                    destroyed: 100.0 * sum.destroyed as f64 / n,
                    routed: 100.0 * sum.routed as f64 / n,
                    shock_rolls: sum.shock_rolls,
                    shock_failed: sum.shock_failed,
                }
            })
            .collect()
    }
}

/// Plays `games` games of `scenario` and adds them up, keeping none.
pub fn tally_games(
    scenario: &Scenario,
    games: usize,
    setup: SimSetup,
    tick: &(dyn Fn() + Sync),
) -> Tally {
    let mut tally = Tally::default();
    simulate_each(scenario, games, setup, tick, &mut |r| {
        tally.add(&r);
        ControlFlow::Continue(())
    });
    tally
}

/// The summary of `results` of battles of `scenario`.
pub fn summarize(scenario: &Scenario, results: &[GameResult]) -> Summary {
    let mut tally = Tally::default();
    results.iter().for_each(|r| tally.add(r));
    tally.summary(scenario)
}

/// The summary as text for a terminal.
pub fn text(s: &Summary) -> String {
    let mut out = format!("{}: {}\n", s.scenario, games(s.games));
    let width = s
        .pairings
        .iter()
        .flat_map(|p| p.sides.iter().map(|w| columns::width(&w.name)))
        .chain(s.players.iter().map(|w| columns::width(&w.name)))
        .max()
        .unwrap_or(0);
    for p in &s.pairings {
        let [a, b] = &p.sides;
        let [pa, pb] = p.players.map(PlayerKind::name);
        let _ = writeln!(
            out,
            "\n{pa} as {} against {pb} as {}: {}",
            a.name,
            b.name,
            games(p.games)
        );
        for w in &p.sides {
            out.push_str(&wins_line(w, width));
        }
        let _ = writeln!(out, "  draws {}", p.draws);
    }
    if s.pairings.len() > 1 {
        out.push_str("\nBy player, both sides:\n");
        for w in &s.players {
            out.push_str(&wins_line(w, width));
        }
    }
    out.push_str(&endings_text(s));
    out.push_str(&sides_text(&s.sides, width.max(4)));
    out.push_str(&units_text(&s.units));
    out
}

/// `1 game` or `12 games`.
fn games(n: usize) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

fn wins_line(w: &Wins, width: usize) -> String {
    format!(
        "  {}  {:>5} {:4}  {:5.1}%  (95% CI {:5.1}%–{:5.1}%)\n",
        columns::pad(&w.name, width),
        w.wins,
        if w.wins == 1 { "win" } else { "wins" },
        w.percent,
        w.ci95[0],
        w.ci95[1]
    )
}

fn endings_text(s: &Summary) -> String {
    let n = s.games.max(1) as f64;
    let parts: Vec<String> = s
        .endings
        .iter()
        .map(|(name, k)| format!("{name} {k} ({:.1}%)", 100.0 * *k as f64 / n))
        .collect();
    let first = s.turns.iter().position(|&k| k > 0).map_or(0, |t| t + 1);
    format!(
        "\nHow battles ended: {}\nTurn ended: mean {:.1}, earliest {first}, latest {}\n",
        parts.join(", "),
        s.mean_turn,
        s.turns.len()
    )
}

/// The side table: a side's `lost` is the other's `dealt`; `lost + routed` its losses.
fn sides_text(sides: &[SideLine; 2], width: usize) -> String {
    let mut out = format!(
        "\nSides: uhp per game dealt, lost to damage, and routed off the field (lost + routed = losses)\n\
         \x20 {}  {:>6}  {:>6}  {:>6}\n",
        columns::pad("side", width),
        "dealt",
        "lost",
        "routed"
    );
    for s in sides {
        let _ = writeln!(
            out,
            "  {}  {:>6.1}  {:>6.1}  {:>6.1}",
            columns::pad(&s.name, width),
            s.dealt,
            s.lost,
            s.routed_uhp
        );
    }
    out
}

fn units_text(units: &[UnitLine]) -> String {
    units_table("Units", units)
}

/// The table of units headed `{title}: uhp per game dealt, …`, as the report prints it.
pub fn units_table(title: &str, units: &[UnitLine]) -> String {
    let lw = units
        .iter()
        .map(|u| columns::width(&u.label))
        .max()
        .unwrap_or(4)
        .max(4);
    let sw = units
        .iter()
        .map(|u| columns::width(&u.side))
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "\n{title}: uhp per game dealt, lost to damage and routed off; % of games destroyed and routed; shock rolls\n\
         \x20 {}  {}  {:>6}  {:>6}  {:>6}  {:>9}  {:>7}  {:>6}  {:>6}\n",
        columns::pad("unit", lw),
        columns::pad("side", sw),
        "dealt",
        "lost",
        "routed",
        "destroyed",
        "routed",
        "shock",
        "failed"
    );
    for u in units {
        let _ = writeln!(
            out,
            "  {}  {}  {:>6.1}  {:>6.1}  {:>6.1}  {:>8.1}%  {:>6.1}%  {:>6}  {:>6}",
            columns::pad(&u.label, lw),
            columns::pad(&u.side, sw),
            u.dealt,
            u.lost,
            u.routed_uhp,
            u.destroyed,
            u.routed,
            u.shock_rolls,
            u.shock_failed
        );
    }
    out
}

/// The summary and every game as JSON: `{"games": [...], "summary": {...}}`.
pub fn json(s: &Summary, results: &[GameResult]) -> String {
    let mut out = JSON_HEAD.to_string();
    for (i, r) in results.iter().enumerate() {
        out.push_str(&json_game(i == 0, r));
    }
    out + &json_tail(s)
}

/// What `--format json` opens with; each game follows as it finishes ([`json_game`]), the
/// summary last ([`json_tail`]), so no game need be kept.
pub const JSON_HEAD: &str = "{\n  \"games\": [";

/// One game of the `games` array, pretty and indented; `first` leaves out the comma.
pub fn json_game(first: bool, r: &GameResult) -> String {
    let text = serde_json::to_string_pretty(r).unwrap_or_default();
    format!("{}\n{}", if first { "" } else { "," }, indented(&text))
}

/// The end of the `games` array and the summary.
pub fn json_tail(s: &Summary) -> String {
    let text = serde_json::to_string_pretty(s).unwrap_or_default();
    format!(
        "\n  ],\n  \"summary\": {}\n}}\n",
        indented(&text).trim_start()
    )
}

/// `text` with every line indented four spaces, as an element of the top-level object's
/// array.
fn indented(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(|l| format!("    {l}")).collect();
    lines.join("\n")
}

/// The CSV header line.
pub const CSV_HEAD: &str = "seed,player_a,player_b,winner,ending,turn,losses_a,losses_b\n";

/// One CSV row per game: seed, players, winner's side name, ending, turn and losses.
pub fn csv(scenario: &Scenario, results: &[GameResult]) -> String {
    let mut out = String::from(CSV_HEAD);
    results
        .iter()
        .for_each(|r| out.push_str(&csv_row(scenario, r)));
    out
}

/// One game's CSV row, with its line break.
pub fn csv_row(scenario: &Scenario, r: &GameResult) -> String {
    let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
    let side = |s: SideId| quote(&s.of(&scenario.sides).name);
    format!(
        "{},{},{},{},{},{},{},{}\n",
        r.seed,
        r.players[0].name(),
        r.players[1].name(),
        r.winner.map(side).unwrap_or_default(),
        ending_name(r.reason),
        r.turns,
        r.losses[0],
        r.losses[1]
    )
}

/// How `volley sim` prints: text for people, json or csv for tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SimFormat {
    /// The summary as text.
    Text,
    /// Every game, then the summary, as one JSON object.
    Json,
    /// A row per game (an ablation: a row per side).
    Csv,
}

/// Plays `games` games of `scenario` and writes the report in `format` to `out` as they
/// finish: csv rows and json games as they come, summaries at the end, so memory does not
/// grow with the games (issue 25). Errors: a failed write (a closed pipe) stops the games.
pub fn write_report(
    scenario: &Scenario,
    games: usize,
    setup: SimSetup,
    format: SimFormat,
    tick: &(dyn Fn() + Sync),
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut tally = Tally::default();
    let mut failed = None;
    out.write_all(
        match format {
            SimFormat::Text => "",
            SimFormat::Json => JSON_HEAD,
            SimFormat::Csv => CSV_HEAD,
        }
        .as_bytes(),
    )?;
    simulate_each(scenario, games, setup, tick, &mut |r| {
        let line = match format {
            SimFormat::Text => String::new(),
            SimFormat::Json => json_game(tally.games() == 0, &r),
            SimFormat::Csv => csv_row(scenario, &r),
        };
        tally.add(&r);
        match out.write_all(line.as_bytes()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let summary = tally.summary(scenario);
    let end = match format {
        SimFormat::Text => text(&summary),
        SimFormat::Json => json_tail(&summary),
        SimFormat::Csv => String::new(),
    };
    out.write_all(end.as_bytes())?;
    out.flush()
}
