//! `volley test FILE.test.ron…`: scenario tests. A test names a scenario and a seed, then
//! plays a scripted list of steps, headless: orders and answers (units by label, hexes by
//! `(col, row)` as scenarios write them), forced dice, and assertions on a unit's hex, uhp,
//! status and markers, on the events the last command caused, and on the winner. Every
//! failure is reported as `file:line:col: message`, at the step that failed.

use crate::engine::event::{EndReason, EventKind, Role};
use crate::engine::{
    Answer, Command, Dice, Event, Game, Map, Order, RuleError, SideId, Status, UnitId,
};
use crate::scenario::data::{parse_ron, DataError, Problem};
use crate::scenario::spans::{list_elements, Lines};
use crate::scenario::Scenario;
use crate::text::escape_text;
use serde::Deserialize;
use std::path::Path;
use strum::VariantNames;
use thiserror::Error;

/// Why a step of a scenario test failed; the report puts it after the step's `file:line:col`.
#[derive(Debug, Error, PartialEq)]
pub enum StepError {
    /// A forced die the engine refused.
    #[error("Dice({face}) is refused: {reason}")]
    DieRefused {
        /// The face forced.
        face: u32,
        /// The engine's reason, units named by label.
        reason: Refused,
    },
    /// An order or answer the engine refused.
    #[error("{step} is refused: {reason}")]
    StepRefused {
        /// The step as the test wrote it.
        step: String,
        /// The engine's reason, units named by label.
        reason: Refused,
    },
    /// Two or more units share the label a step names.
    #[error("{count} units are labelled `{label}`: give them labels of their own")]
    SharedLabel {
        /// The label.
        label: String,
        /// How many units carry it.
        count: usize,
    },
    /// No unit has the label a step names.
    #[error("no unit labelled `{label}` (labels: {})", labels.join(", "))]
    NoSuchLabel {
        /// The label.
        label: String,
        /// Every unit's label.
        labels: Vec<String>,
    },
    /// A check step where an order was wanted.
    #[error("{0} is not an order")]
    NotAnOrder(String),
    /// `Refused` named an order or answer the engine would take.
    #[error("{step} is not refused")]
    NotRefused {
        /// The step as the test wrote it.
        step: String,
    },
    /// `Refused` named an order or answer the engine refuses for another reason.
    #[error("{step} is refused, but because {found}, not because {expected}")]
    RefusedOtherwise {
        /// The step as the test wrote it.
        step: String,
        /// The reason the test gives.
        expected: String,
        /// The engine's reason, units named by label.
        found: String,
    },
    /// `Expect` found the unit other than the test says: each difference.
    #[error("`{unit}`: {}", wrong.join("; "))]
    Unexpected {
        /// The unit's label.
        unit: String,
        /// `uhp 3, expected 4` and the like.
        wrong: Vec<String>,
    },
    /// A misspelt event kind, with the kind meant.
    #[error("no event kind `{kind}`; did you mean `{}`?", <&str>::from(*close))]
    MisspeltKind {
        /// The kind as written.
        kind: String,
        /// The kind that differs only in case.
        close: EventKind,
    },
    /// No event has that kind: every kind is listed.
    #[error("no event kind `{kind}` (kinds: {})", EventKind::VARIANTS.join(", "))]
    UnknownKind {
        /// The kind as written.
        kind: String,
    },
    /// `Happened`: the last command caused no such event.
    #[error(
        "no {}{with} among the last command's events ({})",
        <&str>::from(*kind), names(seen)
    )]
    Missing {
        /// The kind wanted.
        kind: EventKind,
        /// The units it should have in their roles, as the report words them.
        with: String,
        /// The kinds the command did cause.
        seen: Vec<EventKind>,
    },
    /// `NotHappened`: the last command caused such an event.
    #[error(
        "{}{with} happened",
        crate::words::with_article(<&str>::from(*kind))
    )]
    Happened {
        /// The kind not wanted.
        kind: EventKind,
        /// The units it had in their roles, as the report words them.
        with: String,
    },
    /// `Winner` names a side the battle lacks.
    #[error("no side called `{name}` (sides: {})", sides.join(", "))]
    NoSuchSide {
        /// The name as written.
        name: String,
        /// Both sides' names.
        sides: Vec<String>,
    },
    /// `Winner` while the battle goes on.
    #[error("the battle is not over (turn {0})")]
    NotOver(u32),
    /// `Winner` names another winner than the battle's (`None`: a draw).
    #[error(
        "the winner is {}, expected {} ({})",
        got.as_deref().unwrap_or("nobody"), expected.as_deref().unwrap_or("nobody"),
        super::step_words::ending_words(*reason)
    )]
    WrongWinner {
        /// The battle's winner.
        got: Option<String>,
        /// The test's.
        expected: Option<String>,
        /// How the battle ended (R10).
        reason: EndReason,
    },
}

/// The engine's reason for refusing a command, with each unit named by label and hex and
/// the decision asked, if any.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct Refused(String);

fn names(kinds: &[EventKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|&k| k.into()).collect();
    names.join(", ")
}

/// A scenario test file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestFile {
    /// The scenario, relative to the test file (`"../kircholm.ron"`).
    pub scenario: String,
    /// The dice's seed.
    #[serde(default)]
    pub seed: u64,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// A unit's status as a test names it: the engine's three on the map (R8.3, R8.4), or its
/// fate once it has left the field (R8.2, R8.5), which is then its only status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, strum::IntoStaticStr)]
pub enum UnitStatus {
    /// In good order.
    Steady,
    /// Disordered (R8.3).
    Disordered,
    /// Fleeing (R8.4).
    Fleeing,
    /// Destroyed: lost its last uhp (R8.2).
    Destroyed,
    /// Routed off the field (R8.5).
    Routed,
}

impl UnitStatus {
    /// The status of a unit: its fate if it has left the field, else its status.
    fn of(u: &crate::engine::Unit) -> UnitStatus {
        use crate::engine::game::Fate;
        match (u.fate, u.status) {
            (Some(Fate::Destroyed), _) => UnitStatus::Destroyed,
            (Some(Fate::Routed), _) => UnitStatus::Routed,
            (None, Status::Steady) => UnitStatus::Steady,
            (None, Status::Disordered) => UnitStatus::Disordered,
            (None, Status::Fleeing) => UnitStatus::Fleeing,
        }
    }
}

/// A unit's state to check; only the fields given are checked.
#[derive(Clone, Debug, Default)]
pub struct UnitCheck {
    /// The unit's label.
    pub unit: String,
    /// Its hex, `(col, row)`.
    pub at: Option<(i32, i32)>,
    /// Its uhp.
    pub uhp: Option<u32>,
    /// `Steady`, `Disordered`, `Fleeing`, `Destroyed` or `Routed`.
    pub status: Option<UnitStatus>,
    /// Whether it is ready (R5.6).
    pub ready: Option<bool>,
    /// Its reload tokens (R6.4).
    pub reload_tokens: Option<u32>,
    /// Whether it is still on the field (not destroyed or routed).
    pub on_map: Option<bool>,
}

/// One step of a test: an order or answer (`unit` and `target` are labels, `to` a hex as
/// `(col, row)`), forced dice, or a check. Reports write it as the file does (`Display`).
#[derive(Clone, Debug, Deserialize, strum::IntoStaticStr)]
#[serde(deny_unknown_fields)]
#[allow(
    missing_docs,
    reason = "fields are labels and hexes as the enum says, or UnitCheck's"
)]
pub enum Step {
    /// R4.1: stand fast.
    StandFast { unit: String },
    /// R4.1: march to a hex.
    March { unit: String, to: (i32, i32) },
    /// R4.1: hustle to a hex.
    Hustle { unit: String, to: (i32, i32) },
    /// R4.5: disengage to a hex.
    Disengage { unit: String, to: (i32, i32) },
    /// R4.4: charge `target`, ending in `to`.
    Charge {
        unit: String,
        to: (i32, i32),
        target: String,
    },
    /// R6: fire at `target`.
    Fire { unit: String, target: String },
    /// R5.6: ready.
    Ready { unit: String },
    /// R7: attack `target`.
    Attack { unit: String, target: String },
    /// The acting side ends its orders for the phase.
    EndOrders,
    /// R3.1: the initiative winner moves first (`true`) or second.
    ChooseFirst { first: bool },
    /// R8.1: withdraw this many hexes.
    Withdraw { hexes: u32 },
    /// R4.4, R7.3: advance into the vacated hex or not.
    Advance { advance: bool },
    /// R4.4: a new target for a charge whose target left, or none.
    ChooseChargeTarget { target: Option<String> },
    /// The next dice rolled show these faces (`Command::ForceDie`).
    Dice(Vec<u32>),
    /// Checks a unit's state: only the fields given (see [`UnitCheck`]).
    Expect {
        unit: String,
        #[serde(default)]
        at: Option<(i32, i32)>,
        #[serde(default)]
        uhp: Option<u32>,
        #[serde(default)]
        status: Option<UnitStatus>,
        #[serde(default)]
        ready: Option<bool>,
        #[serde(default)]
        reload_tokens: Option<u32>,
        #[serde(default)]
        on_map: Option<bool>,
    },
    /// Checks that the last command caused an event of this kind (`"ShockRolled"`), with
    /// each unit given in the role named: `unit` the unit the event is about, `attacker`
    /// and `target` those of an attack or charge.
    Happened {
        event: String,
        #[serde(default)]
        unit: Option<String>,
        #[serde(default)]
        attacker: Option<String>,
        #[serde(default)]
        target: Option<String>,
    },
    /// Checks that the last command caused no event of this kind with those units.
    NotHappened {
        event: String,
        #[serde(default)]
        unit: Option<String>,
        #[serde(default)]
        attacker: Option<String>,
        #[serde(default)]
        target: Option<String>,
    },
    /// Checks the battle is over with this side the winner (`None`: a draw).
    Winner(Option<String>),
    /// Checks that the order or answer `step` is refused now, `because` being the engine's
    /// reason as a report words it; nothing is played (a hussar's charge on foot behind
    /// field works, R12.5).
    Refused { step: Box<Step>, because: String },
}

/// The units a `Happened` step names, each in its role (a field of the event).
#[derive(Clone, Debug, Default)]
pub struct Roles {
    /// The unit the event is about (its `unit` field).
    pub unit: Option<String>,
    /// The attacking unit (`attacker`).
    pub attacker: Option<String>,
    /// The unit attacked or charged (`target`).
    pub target: Option<String>,
}

impl Roles {
    fn new(unit: &Option<String>, attacker: &Option<String>, target: &Option<String>) -> Roles {
        Roles {
            unit: unit.clone(),
            attacker: attacker.clone(),
            target: target.clone(),
        }
    }

    /// Each role given with its label, in the order `unit`, `attacker`, `target`.
    fn given(&self) -> Vec<(Role, &str)> {
        [
            (Role::Unit, &self.unit),
            (Role::Attacker, &self.attacker),
            (Role::Target, &self.target),
        ]
        .into_iter()
        .filter_map(|(role, label)| label.as_deref().map(|l| (role, l)))
        .collect()
    }

    /// How a report names them: ` with attacker `Red lancers``, or nothing.
    fn described(&self) -> String {
        let parts: Vec<String> = (self.given().into_iter())
            .map(|(role, label)| format!("{} `{label}`", role_name(role)))
            .collect();
        match parts.is_empty() {
            true => String::new(),
            false => format!(" with {}", parts.join(" and ")),
        }
    }
}

/// A role as the test file writes it: `unit`, `attacker`, `target`.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Unit => "unit",
        Role::Attacker => "attacker",
        Role::Target => "target",
    }
}

/// The outcome of one test file: its failures as report lines (none: it passed).
pub fn run_file(path: &Path) -> Vec<String> {
    run_file_with(path, None)
}

/// As [`run_file`], the scenario played with the rules file `rules` (`--rules FILE`) in
/// place of the one it names, if given.
pub fn run_file_with(path: &Path, rules: Option<&Path>) -> Vec<String> {
    let file = path.display().to_string();
    let source = match crate::scenario::read_limited(path) {
        Ok(s) => s,
        Err(e) => return e.lines(),
    };
    let test: TestFile = match parse_ron(&source, &file) {
        Ok(t) => t,
        Err(e) => return e.lines(),
    };
    let lines = Lines::new(&source);
    let spans = list_elements(&source, "steps");
    let at = |i: usize| {
        let (l, c) = lines.element(&spans, i);
        format!("{}:{l}:{c}", escape_text(&file))
    };
    let scenario_path = path.parent().unwrap_or(Path::new(".")).join(&test.scenario);
    let scenario = match Scenario::load_with(&scenario_path, rules) {
        Ok(s) => s,
        Err(e) => {
            let (l, c) = lines.top_field("scenario");
            return vec![format!(
                "{}:{l}:{c}: the scenario does not load: {e}",
                escape_text(&file)
            )];
        }
    };
    // Dice steps before anything else force the opening's rolls: turn 1's initiative.
    let opening = test
        .steps
        .iter()
        .take_while(|s| matches!(s, Step::Dice(_)))
        .count();
    let mut dice = Dice::seeded(test.seed);
    for step in test.steps.get(..opening).unwrap_or_default() {
        if let Step::Dice(faces) = step {
            faces.iter().for_each(|&f| dice.force(f));
        }
    }
    let mut game = match Game::new(scenario.setup, dice) {
        Ok(g) => g,
        Err(e) => {
            return e
                .into_iter()
                .map(|p| format!("{file}: {}", p.message))
                .collect()
        }
    };
    // Before the first command, "the last command's events" are the battle's opening.
    let mut last = (0, game.log().len());
    let mut failures = Vec::new();
    for (i, step) in test.steps.iter().enumerate().skip(opening) {
        if let Err(message) = run_step(&mut game, step, &mut last) {
            failures.push(format!("{}: {}", at(i), escape_text(&message.to_string())));
            if is_action(step) {
                break; // later steps would only fail for this one
            }
        }
    }
    failures
}

fn is_action(step: &Step) -> bool {
    !matches!(
        step,
        Step::Expect { .. }
            | Step::Happened { .. }
            | Step::NotHappened { .. }
            | Step::Winner(_)
            | Step::Refused { .. }
    )
}

/// Plays or checks one step; `last` is the span of the log the last command caused.
fn run_step(game: &mut Game, step: &Step, last: &mut (usize, usize)) -> Result<(), StepError> {
    match step {
        Step::Dice(faces) => {
            for &face in faces {
                submit(game, Command::ForceDie { face }, last)
                    .map_err(|reason| StepError::DieRefused { face, reason })?;
            }
            Ok(())
        }
        Step::Expect {
            unit,
            at,
            uhp,
            status,
            ready,
            reload_tokens,
            on_map,
        } => expect(
            game,
            &UnitCheck {
                unit: unit.clone(),
                at: *at,
                uhp: *uhp,
                status: *status,
                ready: *ready,
                reload_tokens: *reload_tokens,
                on_map: *on_map,
            },
        ),
        Step::Happened {
            event,
            unit,
            attacker,
            target,
        } => {
            let roles = Roles::new(unit, attacker, target);
            happened(game, *last, event, &roles, true)
        }
        Step::NotHappened {
            event,
            unit,
            attacker,
            target,
        } => {
            let roles = Roles::new(unit, attacker, target);
            happened(game, *last, event, &roles, false)
        }
        Step::Winner(side) => winner(game, side.as_deref()),
        Step::Refused { step, because } => refused(game, step, because),
        action => {
            let command = command(game, action)?;
            submit(game, command, last).map_err(|reason| StepError::StepRefused {
                step: action.to_string(),
                reason,
            })
        }
    }
}

/// `Refused`: the engine would refuse `step` now, for the reason `because`; nothing is
/// submitted.
fn refused(game: &Game, step: &Step, because: &str) -> Result<(), StepError> {
    let command = command(game, step)?;
    let Err(e) = game.check_command(&command) else {
        return Err(StepError::NotRefused {
            step: step.to_string(),
        });
    };
    let found = game.with_labels(e.to_string());
    if found == because {
        return Ok(());
    }
    Err(StepError::RefusedOtherwise {
        step: step.to_string(),
        expected: because.to_string(),
        found,
    })
}

/// Submits `command`; the engine's reason if refused, units named by label and hex, and
/// a decision still to answer as the steps that would answer it.
fn submit(game: &mut Game, command: Command, last: &mut (usize, usize)) -> Result<(), Refused> {
    let start = game.log().len();
    if let Err(e) = game.submit(command) {
        let reason = match e {
            RuleError::DecisionPending { .. } => "a decision must be answered first".into(),
            e => game.with_labels(e.to_string()),
        };
        let waiting = match game.actor() {
            crate::engine::Actor::Decide(d) => {
                format!(" ({})", super::step_words::decision_words(game, &d))
            }
            _ => String::new(),
        };
        return Err(Refused(format!("{reason}{waiting}")));
    }
    *last = (start, game.log().len());
    Ok(())
}

/// The unit of a label, or a message naming the labels there are; a label two units
/// share names neither, since the test could not say which it means.
fn unit(game: &Game, label: &str) -> Result<UnitId, StepError> {
    let mut named = game.units().iter().filter(|u| u.label == label);
    match (named.next(), named.count()) {
        (Some(u), 0) => Ok(u.id),
        (Some(_), more) => Err(StepError::SharedLabel {
            label: label.to_string(),
            count: more + 1,
        }),
        (None, _) => Err(StepError::NoSuchLabel {
            label: label.to_string(),
            labels: game.units().iter().map(|u| u.label.clone()).collect(),
        }),
    }
}

fn command(game: &Game, step: &Step) -> Result<Command, StepError> {
    let hex = |(c, r): (i32, i32)| Map::hex_at(c, r);
    let order = |o: Order| Ok(Command::Order(o));
    let answer = |a: Answer| Ok(Command::Answer(a));
    match step {
        Step::StandFast { unit: u } => order(Order::StandFast {
            unit: unit(game, u)?,
        }),
        Step::March { unit: u, to } => order(Order::March {
            unit: unit(game, u)?,
            to: hex(*to),
        }),
        Step::Hustle { unit: u, to } => order(Order::Hustle {
            unit: unit(game, u)?,
            to: hex(*to),
        }),
        Step::Disengage { unit: u, to } => order(Order::Disengage {
            unit: unit(game, u)?,
            to: hex(*to),
        }),
        Step::Charge {
            unit: u,
            to,
            target,
        } => order(Order::Charge {
            unit: unit(game, u)?,
            to: hex(*to),
            target: unit(game, target)?,
        }),
        Step::Fire { unit: u, target } => order(Order::Fire {
            unit: unit(game, u)?,
            target: unit(game, target)?,
        }),
        Step::Ready { unit: u } => order(Order::Ready {
            unit: unit(game, u)?,
        }),
        Step::Attack { unit: u, target } => order(Order::Attack {
            unit: unit(game, u)?,
            target: unit(game, target)?,
        }),
        Step::EndOrders => order(Order::EndOrders),
        Step::ChooseFirst { first } => answer(Answer::ChooseFirst { first: *first }),
        Step::Withdraw { hexes } => answer(Answer::Withdraw { hexes: *hexes }),
        Step::Advance { advance } => answer(Answer::Advance { advance: *advance }),
        Step::ChooseChargeTarget { target } => {
            let target = target.as_deref().map(|t| unit(game, t)).transpose()?;
            answer(Answer::ChooseChargeTarget { target })
        }
        other => Err(StepError::NotAnOrder(other.to_string())),
    }
}

fn expect(game: &Game, check: &UnitCheck) -> Result<(), StepError> {
    let id = unit(game, &check.unit)?;
    let Some(u) = game.units().iter().find(|u| u.id == id) else {
        return Err(StepError::NoSuchLabel {
            label: check.unit.clone(),
            labels: Vec::new(),
        });
    };
    let mut wrong = Vec::new();
    let mut compare = |what: &str, want: Option<String>, got: String| {
        if let Some(want) = want.filter(|w| *w != got) {
            wrong.push(format!("{what} {got}, expected {want}"));
        }
    };
    let status = UnitStatus::of(u);
    // A unit off the field has no hex (R8.2, R8.5): its last one is no answer.
    let hex = match (u.on_map(), Map::offset(u.pos)) {
        (true, (c, r)) => format!("({c}, {r})"),
        // R12.2: a reserve still to come is off the map too.
        (false, _) if u.to_come() => "nowhere (a reserve still to come)".into(),
        (false, _) => format!("nowhere ({})", <&str>::from(status).to_lowercase()),
    };
    compare("at", check.at.map(|(c, r)| format!("({c}, {r})")), hex);
    compare("uhp", check.uhp.map(|v| v.to_string()), u.uhp.to_string());
    compare(
        "status",
        check.status.map(|s| <&str>::from(s).to_string()),
        <&str>::from(status).to_string(),
    );
    compare(
        "ready",
        check.ready.map(|v| v.to_string()),
        u.ready.to_string(),
    );
    let tokens = u.reload_tokens.to_string();
    compare(
        "reload tokens",
        check.reload_tokens.map(|v| v.to_string()),
        tokens,
    );
    compare(
        "on map",
        check.on_map.map(|v| v.to_string()),
        u.on_map().to_string(),
    );
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(StepError::Unexpected {
            unit: check.unit.clone(),
            wrong,
        })
    }
}

/// The kind a test names, or an error naming the kinds there are (the variants of
/// [`Event`], so a new event is a kind a test may name without more ado).
fn known_kind(kind: &str) -> Result<EventKind, StepError> {
    if let Ok(k) = kind.parse() {
        return Ok(k);
    }
    let close = EventKind::VARIANTS
        .iter()
        .find(|k| k.eq_ignore_ascii_case(kind))
        .and_then(|k| k.parse().ok());
    Err(match close {
        Some(close) => StepError::MisspeltKind {
            kind: kind.to_string(),
            close,
        },
        None => StepError::UnknownKind {
            kind: kind.to_string(),
        },
    })
}

/// Whether an event is of `kind` and has each unit in its role: the field of that name
/// holds it (`attacker: UnitId(3)` in its debug form, the closing parenthesis keeping
/// `UnitId(31)` apart).
fn matches_event(e: &Event, kind: EventKind, roles: &[(Role, UnitId)]) -> bool {
    EventKind::from(e) == kind && roles.iter().all(|&(role, id)| e.unit_in(role) == Some(id))
}

fn happened(
    game: &Game,
    (start, end): (usize, usize),
    kind: &str,
    roles: &Roles,
    wanted: bool,
) -> Result<(), StepError> {
    let kind = known_kind(kind)?;
    let ids = (roles.given().into_iter())
        .map(|(role, label)| unit(game, label).map(|id| (role, id)))
        .collect::<Result<Vec<_>, _>>()?;
    let events = game.log().get(start..end).unwrap_or_default();
    let found = events.iter().any(|e| matches_event(e, kind, &ids));
    let with = roles.described();
    match (found, wanted) {
        (true, true) | (false, false) => Ok(()),
        (false, true) => Err(StepError::Missing {
            kind,
            with,
            seen: events.iter().map(EventKind::from).collect(),
        }),
        (true, false) => Err(StepError::Happened { kind, with }),
    }
}

fn winner(game: &Game, side: Option<&str>) -> Result<(), StepError> {
    if let Some(name) = side {
        let sides = [SideId::A, SideId::B].map(|s| game.side(s).name.clone());
        if !sides.iter().any(|n| n == name) {
            return Err(StepError::NoSuchSide {
                name: name.to_string(),
                sides: sides.to_vec(),
            });
        }
    }
    let Some(outcome) = game.outcome() else {
        return Err(StepError::NotOver(game.turn()));
    };
    let got = outcome.winner.map(|w| game.side(w).name.clone());
    if got.as_deref() == side {
        Ok(())
    } else {
        Err(StepError::WrongWinner {
            got,
            expected: side.map(str::to_string),
            reason: outcome.reason,
        })
    }
}

/// `volley check` on a test file: everything `volley test` resolves before it plays, each
/// problem at its step: the scenario loads, every label names one unit (with "did you
/// mean"), every side exists, and every forced die is a d20's face.
pub fn check_file(
    path: &Path,
    source: &str,
    rules: Option<&Path>,
) -> Result<Vec<Problem>, DataError> {
    let file = path.display().to_string();
    let test: TestFile = parse_ron(source, &file)?;
    let lines = Lines::new(source);
    let scenario_path = path.parent().unwrap_or(Path::new(".")).join(&test.scenario);
    let scenario = Scenario::load_with(&scenario_path, rules).map_err(|e| {
        let (l, c) = lines.top_field("scenario");
        let message = format!("the scenario does not load: {e}");
        DataError::Invalid {
            file: file.clone(),
            problems: vec![Problem::new(l, c, message)],
        }
    })?;
    let labels: Vec<&str> = (scenario.setup.units.iter())
        .map(|u| u.label.as_str())
        .collect();
    let sides: Vec<&str> = scenario.sides.iter().map(|s| s.name.as_str()).collect();
    let spans = list_elements(source, "steps");
    let mut problems = Vec::new();
    for (i, step) in test.steps.iter().enumerate() {
        let (l, c) = lines.element(&spans, i);
        for message in step_problems(step, &labels, &sides) {
            problems.push(Problem::new(l, c, message));
        }
    }
    match problems.is_empty() {
        true => Ok(Vec::new()),
        false => Err(DataError::Invalid { file, problems }),
    }
}

/// What `volley test` would refuse in one step before playing it.
fn step_problems(step: &Step, labels: &[&str], sides: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    if let Step::Dice(faces) = step {
        let bad = faces.iter().filter(|f| !(1..=20).contains(*f));
        out.extend(bad.map(|f| format!("Dice({f}): a d20 shows 1 to 20")));
    }
    if let Step::Winner(Some(name)) = step {
        if !sides.contains(&name.as_str()) {
            let hint = did_you_mean(name, sides);
            out.push(format!(
                "no side called `{name}`{hint} (sides: {})",
                sides.join(", ")
            ));
        }
    }
    for label in step_labels(step) {
        match labels.iter().filter(|l| **l == label).count() {
            1 => {}
            0 => out.push(format!(
                "no unit labelled `{label}`{}",
                did_you_mean(label, labels)
            )),
            count => out.push(
                StepError::SharedLabel {
                    label: label.to_string(),
                    count,
                }
                .to_string(),
            ),
        }
    }
    out
}

/// `; did you mean `X`?` for the nearest of `names`, or nothing.
fn did_you_mean(asked: &str, names: &[&str]) -> String {
    crate::scenario::closest_name(asked, names.iter().copied())
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default()
}

/// Every unit label a step names.
fn step_labels(step: &Step) -> Vec<&str> {
    let labels: Vec<&Option<String>> = match step {
        Step::StandFast { unit }
        | Step::March { unit, .. }
        | Step::Hustle { unit, .. }
        | Step::Disengage { unit, .. }
        | Step::Ready { unit } => return vec![unit.as_str()],
        Step::Expect { unit, .. } => return vec![unit.as_str()],
        Step::Charge { unit, target, .. }
        | Step::Fire { unit, target }
        | Step::Attack { unit, target } => return vec![unit.as_str(), target.as_str()],
        Step::ChooseChargeTarget { target } => vec![target],
        Step::Happened {
            unit,
            attacker,
            target,
            ..
        }
        | Step::NotHappened {
            unit,
            attacker,
            target,
            ..
        } => vec![unit, attacker, target],
        Step::Refused { step, .. } => return step_labels(step),
        _ => Vec::new(),
    };
    labels.into_iter().filter_map(|l| l.as_deref()).collect()
}
