//! The words `volley test` reports in: each step as the test file writes it
//! (`March(unit: "Red pike", to: (4, 5))`), a decision asked (R3.1, R4.4, R7.3, R8.1) as
//! the unit it is about and the steps that would answer it, and an ending (R10) in words,
//! so that no internal id, hex coordinate or Rust debug form reaches a designer.

use super::scenario_test::Step;
use crate::engine::event::EndReason;
use crate::engine::{Answer, Command, Decision, Game, Map, UnitId};
use std::fmt;

/// `name(field: value, …)`, or `name` alone when no field is given, as RON writes it.
fn call(f: &mut fmt::Formatter<'_>, name: &str, fields: &[(&str, String)]) -> fmt::Result {
    let fields: Vec<String> = (fields.iter()).map(|(k, v)| format!("{k}: {v}")).collect();
    match fields.is_empty() {
        true => f.write_str(name),
        false => write!(f, "{name}({})", fields.join(", ")),
    }
}

/// A label as the file quotes it.
fn quoted(label: &str) -> String {
    format!("{label:?}")
}

fn hex((c, r): (i32, i32)) -> String {
    format!("({c}, {r})")
}

/// `Some("label")` or `None`, as RON writes an optional label.
fn some(label: Option<&str>) -> String {
    label.map_or("None".into(), |l| format!("Some({})", quoted(l)))
}

/// The fields of a step that has them, each in the file's form.
fn fields(step: &Step) -> Vec<(&'static str, String)> {
    match step {
        Step::StandFast { unit } | Step::Ready { unit } => vec![("unit", quoted(unit))],
        Step::March { unit, to } | Step::Hustle { unit, to } | Step::Disengage { unit, to } => {
            vec![("unit", quoted(unit)), ("to", hex(*to))]
        }
        Step::Charge { unit, to, target } => vec![
            ("unit", quoted(unit)),
            ("to", hex(*to)),
            ("target", quoted(target)),
        ],
        Step::Fire { unit, target } | Step::Attack { unit, target } => {
            vec![("unit", quoted(unit)), ("target", quoted(target))]
        }
        Step::ChooseFirst { first } => vec![("first", first.to_string())],
        Step::Withdraw { hexes } => vec![("hexes", hexes.to_string())],
        Step::Advance { advance } => vec![("advance", advance.to_string())],
        Step::ChooseChargeTarget { target } => vec![("target", some(target.as_deref()))],
        Step::Happened {
            event,
            unit,
            attacker,
            target,
        }
        | Step::NotHappened {
            event,
            unit,
            attacker,
            target,
        } => {
            let roles = [("unit", unit), ("attacker", attacker), ("target", target)];
            let given =
                (roles.into_iter()).filter_map(|(k, v)| v.as_deref().map(|v| (k, quoted(v))));
            std::iter::once(("event", quoted(event)))
                .chain(given)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The fields an `Expect` gives, in the file's order.
fn expect_fields(step: &Step) -> Vec<(&'static str, String)> {
    let Step::Expect {
        unit,
        at,
        uhp,
        status,
        ready,
        reload_tokens,
        on_map,
    } = step
    else {
        return Vec::new();
    };
    let given = [
        ("at", at.map(hex)),
        ("uhp", uhp.map(|v| v.to_string())),
        ("status", status.map(|s| <&str>::from(s).to_string())),
        ("ready", ready.map(|v| v.to_string())),
        ("reload_tokens", reload_tokens.map(|v| v.to_string())),
        ("on_map", on_map.map(|v| v.to_string())),
    ];
    let given = given.into_iter().filter_map(|(k, v)| v.map(|v| (k, v)));
    std::iter::once(("unit", quoted(unit)))
        .chain(given)
        .collect()
}

impl fmt::Display for Step {
    /// The step as a test file writes it: `Charge(unit: "Red lancers", to: (5, 3), target: "Blue shot")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = <&str>::from(self);
        match self {
            Step::Dice(faces) => {
                let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
                write!(f, "Dice([{}])", faces.join(", "))
            }
            Step::Winner(side) => write!(f, "Winner({})", some(side.as_deref())),
            Step::Refused { step, because } => {
                write!(f, "Refused(step: {step}, because: {})", quoted(because))
            }
            Step::Expect { .. } => call(f, name, &expect_fields(self)),
            step => call(f, name, &fields(step)),
        }
    }
}

/// A unit as a report names it: its label and hex, `"Blue shot" at (5, 2)`.
fn unit_words(game: &Game, id: UnitId) -> String {
    game.with_labels(id.to_string())
}

/// The step that gives `answer`, its units by label.
fn answer_step(game: &Game, answer: &Command) -> Option<Step> {
    let label = |id: UnitId| {
        game.units()
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.label.clone())
    };
    Some(match answer {
        Command::Answer(Answer::ChooseFirst { first }) => Step::ChooseFirst { first: *first },
        Command::Answer(Answer::Withdraw { hexes }) => Step::Withdraw { hexes: *hexes },
        Command::Answer(Answer::Advance { advance }) => Step::Advance { advance: *advance },
        Command::Answer(Answer::ChooseChargeTarget { target }) => Step::ChooseChargeTarget {
            target: target.and_then(label),
        },
        _ => return None,
    })
}

/// What a decision asks, in words: who answers, about which unit, and the steps that
/// would answer it (`Red chooses to move first or second: ChooseFirst(first: true) or …`).
pub fn decision_words(game: &Game, decision: &Decision) -> String {
    let side = &game.side(decision.side()).name;
    let asked = match decision {
        Decision::Initiative { .. } => format!(
            "{} to move first or second",
            crate::words::side_does(side, "chooses")
        ),
        Decision::Withdraw { unit, attacker, .. } => format!(
            "{side}: {}, hit by {}, may withdraw",
            unit_words(game, *unit),
            unit_words(game, *attacker)
        ),
        Decision::Advance { unit, hex, .. } => format!(
            "{side}: {} may advance into {}",
            unit_words(game, *unit),
            self::hex(Map::offset(*hex))
        ),
        Decision::NewChargeTarget { unit, .. } => format!(
            "{side}: {} may charge another adjacent enemy",
            unit_words(game, *unit)
        ),
    };
    let answers: Vec<String> = (decision.answers().iter())
        .filter_map(|a| answer_step(game, a))
        .map(|s| s.to_string())
        .collect();
    format!("{asked}: {}", or_list(&answers))
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// How a battle ended (R10), in words with the rule: `ended by annihilation, R10.1`.
pub fn ending_words(reason: EndReason) -> String {
    let rule = match reason {
        EndReason::Annihilated => "R10.1",
        EndReason::ArmyBroke => "R10.2",
        EndReason::Objectives | EndReason::Losses | EndReason::Defender => "R10.3",
        EndReason::Conceded => "R10",
        EndReason::Scripted { .. } => "R12.7",
    };
    format!(
        "ended by {}, {rule}",
        super::sim_report::ending_name(reason)
    )
}
