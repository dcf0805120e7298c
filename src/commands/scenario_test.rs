//! `volley test FILE.test.ron…`: scenario tests. A test names a scenario and a seed, then
//! plays a scripted list of steps, headless: orders and answers (units by label, hexes by
//! `(col, row)` as scenarios write them), forced dice, and assertions on a unit's hex, uhp,
//! status and markers, on the events the last command caused, and on the winner. Every
//! failure is reported as `file:line:col: message`, at the step that failed.

use crate::engine::{Answer, Command, Dice, Event, Game, Map, Order, SideId, Status, UnitId};
use crate::scenario::data::parse_ron;
use crate::scenario::spans::{list_elements, Lines};
use crate::scenario::Scenario;
use crate::text::escape_text;
use serde::Deserialize;
use std::path::Path;

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

/// A unit's state to check; only the fields given are checked.
#[derive(Clone, Debug, Default)]
pub struct UnitCheck {
    /// The unit's label.
    pub unit: String,
    /// Its hex, `(col, row)`.
    pub at: Option<(i32, i32)>,
    /// Its uhp.
    pub uhp: Option<u32>,
    /// `Steady`, `Disordered` or `Fleeing`.
    pub status: Option<Status>,
    /// Whether it is ready (R5.6).
    pub ready: Option<bool>,
    /// Its reload tokens (R6.4).
    pub reload_tokens: Option<u32>,
    /// Whether it is still on the field (not destroyed or routed).
    pub on_map: Option<bool>,
}

/// One step of a test: an order or answer (`unit` and `target` are labels, `to` a hex as
/// `(col, row)`), forced dice, or a check.
#[derive(Clone, Debug, Deserialize)]
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
        status: Option<Status>,
        #[serde(default)]
        ready: Option<bool>,
        #[serde(default)]
        reload_tokens: Option<u32>,
        #[serde(default)]
        on_map: Option<bool>,
    },
    /// Checks that the last command caused an event of this kind (`"ShockRolled"`),
    /// involving `unit` if given.
    Happened {
        event: String,
        #[serde(default)]
        unit: Option<String>,
    },
    /// Checks that the last command caused no event of this kind.
    NotHappened {
        event: String,
        #[serde(default)]
        unit: Option<String>,
    },
    /// Checks the battle is over with this side the winner (`None`: a draw).
    Winner(Option<String>),
}

/// The outcome of one test file: its failures as report lines (none: it passed).
pub fn run_file(path: &Path) -> Vec<String> {
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
    let scenario = match Scenario::load(&scenario_path) {
        Ok(s) => s,
        Err(e) => {
            let (l, c) = lines.top_field("scenario");
            return vec![format!(
                "{}:{l}:{c}: the scenario does not load: {e}",
                escape_text(&file)
            )];
        }
    };
    let mut game = match Game::new(scenario.setup, Dice::seeded(test.seed)) {
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
    for (i, step) in test.steps.iter().enumerate() {
        if let Err(message) = run_step(&mut game, step, &mut last) {
            failures.push(format!("{}: {}", at(i), escape_text(&message)));
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
        Step::Expect { .. } | Step::Happened { .. } | Step::NotHappened { .. } | Step::Winner(_)
    )
}

/// Plays or checks one step; `last` is the span of the log the last command caused.
fn run_step(game: &mut Game, step: &Step, last: &mut (usize, usize)) -> Result<(), String> {
    match step {
        Step::Dice(faces) => {
            for &face in faces {
                submit(game, Command::ForceDie { face }, last)
                    .map_err(|e| format!("Dice({face}) is refused: {e}"))?;
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
        Step::Happened { event, unit } => happened(game, *last, event, unit.as_deref(), true),
        Step::NotHappened { event, unit } => happened(game, *last, event, unit.as_deref(), false),
        Step::Winner(side) => winner(game, side.as_deref()),
        action => {
            let command = command(game, action)?;
            submit(game, command, last).map_err(|e| format!("{action:?} is refused: {e}"))
        }
    }
}

/// Submits `command`; the engine's reason if refused, units named by label.
fn submit(game: &mut Game, command: Command, last: &mut (usize, usize)) -> Result<(), String> {
    let start = game.log().len();
    if let Err(e) = game.submit(command) {
        let waiting = match game.actor() {
            crate::engine::Actor::Decide(d) => format!(" (the decision asked: {d:?})"),
            _ => String::new(),
        };
        return Err(labelled(game, format!("{e}{waiting}")));
    }
    *last = (start, game.log().len());
    Ok(())
}

/// `text` with each unit named by label and hex ([`Game::with_labels`]), the ids in a
/// decision's debug form (`UnitId(3)`) as well as in a reason's (`#3`).
fn labelled(game: &Game, mut text: String) -> String {
    for u in game.units() {
        text = text.replace(&format!("UnitId({})", u.id.0), &u.id.to_string());
    }
    game.with_labels(text)
}

/// The unit of a label, or a message naming the labels there are; a label two units
/// share names neither, since the test could not say which it means.
fn unit(game: &Game, label: &str) -> Result<UnitId, String> {
    let mut named = game.units().iter().filter(|u| u.label == label);
    match (named.next(), named.count()) {
        (Some(u), 0) => Ok(u.id),
        (Some(_), more) => Err(format!(
            "{} units are labelled `{label}`: give them labels of their own",
            more + 1
        )),
        (None, _) => {
            let labels: Vec<&str> = game.units().iter().map(|u| u.label.as_str()).collect();
            Err(format!(
                "no unit labelled `{label}` (labels: {})",
                labels.join(", ")
            ))
        }
    }
}

fn command(game: &Game, step: &Step) -> Result<Command, String> {
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
        other => Err(format!("{other:?} is not an order")),
    }
}

fn expect(game: &Game, check: &UnitCheck) -> Result<(), String> {
    let id = unit(game, &check.unit)?;
    let Some(u) = game.units().iter().find(|u| u.id == id) else {
        return Err(format!("no unit `{}`", check.unit));
    };
    let mut wrong = Vec::new();
    let mut compare = |what: &str, want: Option<String>, got: String| {
        if let Some(want) = want.filter(|w| *w != got) {
            wrong.push(format!("{what} {got}, expected {want}"));
        }
    };
    let (c, r) = Map::offset(u.pos);
    compare(
        "at",
        check.at.map(|(c, r)| format!("({c}, {r})")),
        format!("({c}, {r})"),
    );
    compare("uhp", check.uhp.map(|v| v.to_string()), u.uhp.to_string());
    compare(
        "status",
        check.status.map(|s| format!("{s:?}")),
        format!("{:?}", u.status),
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
        Err(format!("`{}`: {}", check.unit, wrong.join("; ")))
    }
}

/// The kinds of event a test may name: the variants of [`Event`].
pub const EVENT_KINDS: [&str; 32] = [
    "TurnBegan",
    "InitiativeRolled",
    "FirstSideChosen",
    "PhaseBegan",
    "OrdersPassed",
    "DecisionRequested",
    "DecisionAnswered",
    "Moved",
    "ReloadTokenRemoved",
    "ChargeDeclared",
    "AttackCancelled",
    "Readied",
    "ReadyLost",
    "AttackDeclared",
    "AttackRolled",
    "ReloadTokensGained",
    "Withdrew",
    "Damaged",
    "Destroyed",
    "ShockRolled",
    "Disordered",
    "Recoiled",
    "Fled",
    "Routed",
    "AdvanceDeclined",
    "Advanced",
    "Rallied",
    "BecameSteady",
    "ArmyMoraleRolled",
    "DieForced",
    "Conceded",
    "BattleEnded",
];

/// The variant name of an event (`ShockRolled`).
pub fn event_kind(e: &Event) -> String {
    let text = format!("{e:?}");
    text.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

/// An error naming the kinds there are unless `kind` is one of them.
fn known_kind(kind: &str) -> Result<(), String> {
    if EVENT_KINDS.contains(&kind) {
        return Ok(());
    }
    let close = EVENT_KINDS.iter().find(|k| k.eq_ignore_ascii_case(kind));
    Err(match close {
        Some(k) => format!("no event kind `{kind}`; did you mean `{k}`?"),
        None => format!("no event kind `{kind}` (kinds: {})", EVENT_KINDS.join(", ")),
    })
}

/// Whether an event is of kind `kind` (its variant name) and names unit `id`, if given.
fn matches_event(e: &Event, kind: &str, id: Option<UnitId>) -> bool {
    event_kind(e) == kind && id.is_none_or(|id| format!("{e:?}").contains(&format!("{id:?}")))
}

fn happened(
    game: &Game,
    (start, end): (usize, usize),
    kind: &str,
    label: Option<&str>,
    wanted: bool,
) -> Result<(), String> {
    known_kind(kind)?;
    let id = label.map(|l| unit(game, l)).transpose()?;
    let events = game.log().get(start..end).unwrap_or_default();
    let found = events.iter().any(|e| matches_event(e, kind, id));
    let whose = label.map(|l| format!(" of `{l}`")).unwrap_or_default();
    match (found, wanted) {
        (true, true) | (false, false) => Ok(()),
        (false, true) => {
            let kinds: Vec<String> = events
                .iter()
                .map(|e| {
                    format!("{e:?}")
                        .split([' ', '{', '('])
                        .next()
                        .unwrap_or("")
                        .to_string()
                })
                .collect();
            Err(format!(
                "no {kind}{whose} among the last command's events ({})",
                kinds.join(", ")
            ))
        }
        (true, false) => Err(format!(
            "{}{whose} happened",
            crate::words::with_article(kind)
        )),
    }
}

fn winner(game: &Game, side: Option<&str>) -> Result<(), String> {
    if let Some(name) = side {
        let names = [SideId::A, SideId::B].map(|s| game.side(s).name.clone());
        if !names.iter().any(|n| n == name) {
            return Err(format!(
                "no side called `{name}` (sides: {})",
                names.join(", ")
            ));
        }
    }
    let Some(outcome) = game.outcome() else {
        return Err(format!("the battle is not over (turn {})", game.turn()));
    };
    let got = outcome.winner.map(|w| game.side(w).name.clone());
    if got.as_deref() == side {
        Ok(())
    } else {
        Err(format!(
            "the winner is {}, expected {} ({:?})",
            got.as_deref().unwrap_or("nobody"),
            side.unwrap_or("nobody"),
            outcome.reason
        ))
    }
}
