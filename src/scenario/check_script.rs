//! Checking a scenario's reserves and events (R12.1, R12.3, R12.7, R2.8) and resolving
//! their names to the engine's ids: every label, group, side, objective and event name
//! known (with "did you mean"), a label an event names belonging to one unit only, a
//! reserve due within the turn limit on hexes of the map a unit can enter, and a reserve
//! released by an event that exists and releases it; each problem at its `file:line:col`.

use super::check::{closest_name, hex_on, Checker};
use super::script_defs::{EffectDef, EventDef, ReserveDef, TriggerDef};
use super::spans::Span;
use super::ScenarioFile;
use crate::engine::script::{Effect, ScenarioEvent, Trigger};
use crate::engine::types::{SideId, UnitId};
use crate::engine::{Map, Objective, Rules};
use crate::text::escape_text;
use std::collections::BTreeMap;

/// The names a scenario's events may use, each with what it stands for.
struct Names<'a> {
    /// Each label (a unit's troop type if it has none) and the units that bear it.
    labels: BTreeMap<&'a str, Vec<usize>>,
    /// Each group and its units, in scenario order.
    groups: BTreeMap<&'a str, Vec<usize>>,
    sides: Vec<&'a str>,
    objectives: Vec<&'a str>,
    events: Vec<&'a str>,
}

impl<'a> Names<'a> {
    fn of(parsed: &'a ScenarioFile) -> Names<'a> {
        let mut labels: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, u) in parsed.units.iter().enumerate() {
            let label = u.name();
            labels.entry(label).or_default().push(i);
            if let Some(g) = &u.group {
                groups.entry(g.as_str()).or_default().push(i);
            }
        }
        Names {
            labels,
            groups,
            sides: parsed.sides.iter().map(|s| s.name.as_str()).collect(),
            objectives: parsed.objectives.iter().map(|o| o.name.as_str()).collect(),
            events: parsed.events.iter().map(|e| e.name.as_str()).collect(),
        }
    }
}

/// Where a problem about `name` inside `span` is: at its quoted text, else the span's start.
fn quoted_at(c: &Checker, span: Span, name: &str) -> (usize, usize) {
    let text = c.lines.source().get(span.start..span.end).unwrap_or("");
    let quoted = format!("\"{name}\"");
    text.find(&quoted).map_or_else(
        || c.lines.line_col(span.start),
        |i| c.lines.line_col(span.start + i),
    )
}

/// Where an event is written and how problems name it (`event `Help``).
struct At {
    span: Span,
    event: String,
}

/// `; did you mean `X`?` for the nearest of `names`, or nothing.
fn hint<'n>(asked: &str, names: impl Iterator<Item = &'n str>) -> String {
    closest_name(asked, names)
        .map(|n| format!("; did you mean `{}`?", escape_text(n)))
        .unwrap_or_default()
}

/// Checks the reserves and events and returns the events in ids (R12.1, R12.7).
pub(super) fn check(
    c: &mut Checker,
    parsed: &ScenarioFile,
    (map, rules): (Option<&Map>, &Rules),
    objectives: &[Objective],
) -> Vec<ScenarioEvent> {
    let names = Names::of(parsed);
    let unit_spans = c.lines.list("units");
    for (i, u) in parsed.units.iter().enumerate() {
        if let Some(r) = &u.reserve {
            let span = unit_spans
                .get(i)
                .copied()
                .unwrap_or(Span { start: 0, end: 0 });
            check_reserve(c, parsed, &names, (i, r, span), map, rules);
        }
    }
    let spans = c.lines.list("events");
    check_event_names(c, parsed, &spans);
    let events: Vec<Option<ScenarioEvent>> = (parsed.events.iter().enumerate())
        .map(|(i, e)| {
            let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
            let ground = Ground {
                parsed,
                map,
                rules,
                objectives,
            };
            event(c, &names, e, span, &ground)
        })
        .collect();
    events.into_iter().flatten().collect()
}

/// Each event has a name of its own: a reserve names the event that releases it.
fn check_event_names(c: &mut Checker, parsed: &ScenarioFile, spans: &[Span]) {
    for (i, e) in parsed.events.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
        let at = c.lines.field_in(span, "name");
        let earlier = parsed.events.get(..i).unwrap_or_default();
        if e.name.trim().is_empty() {
            c.at(at, "an event has an empty name (R12.7)".into());
        } else if earlier.iter().any(|o| o.name == e.name) {
            let message = format!(
                "two events are named `{}`: name them apart (R12.7)",
                escape_text(&e.name)
            );
            c.at(at, message);
        }
    }
}

/// R12.1, R2.8: a reserve's arrival turn within the turn limit, or an event that exists
/// and releases it; its hexes on the map and passable.
fn check_reserve(
    c: &mut Checker,
    parsed: &ScenarioFile,
    names: &Names,
    (i, r, span): (usize, &ReserveDef, Span),
    map: Option<&Map>,
    rules: &Rules,
) {
    let Some(u) = parsed.units.get(i) else { return };
    let who = format!("\"{}\"", escape_text(u.name()));
    let at = |c: &Checker, field: &str| c.lines.field_in(span, field);
    if u.at.is_some() {
        let message = format!("{who} has both `at` and `reserve`: a reserve starts off the map (R12.1); leave `at` out");
        c.at(at(c, "at"), message);
    }
    match (r.turn, &r.event) {
        (Some(_), Some(_)) | (None, None) => {
            let message = format!(
                "{who}'s reserve needs either `turn` or `event`, not both or neither (R12.1)"
            );
            c.at(at(c, "reserve"), message);
        }
        (Some(turn), None) if turn == 0 || turn > parsed.turn_limit => {
            let message = format!(
                "{who} is due on turn {turn}; a reserve's arrival turn must be 1 to the turn limit, {} (R12.1, R2.8)",
                parsed.turn_limit
            );
            c.at(at(c, "turn"), message);
        }
        (None, Some(name)) => check_releasing_event(c, parsed, names, i, name, span),
        _ => {}
    }
    if r.hexes.is_empty() {
        let message = format!("{who}'s reserve lists no arrival hex (R12.1)");
        c.at(at(c, "hexes"), message);
    }
    if let Some(map) = map {
        for &(col, row) in &r.hexes {
            let bad = match hex_on(map, (col, row)).and_then(|h| map.terrain(h)) {
                None => Some("is off the map (R12.1)".to_string()),
                Some(t) if rules.terrain(t).cost.is_none() => Some(format!(
                    "is {}, which no unit can enter (R4.6, R12.1)",
                    super::check::terrain_word(t)
                )),
                Some(_) => None,
            };
            if let Some(why) = bad {
                let message = format!("{who}'s arrival hex ({col}, {row}) {why}");
                c.at(at(c, "hexes"), message);
            }
        }
    }
}

/// R12.1, R12.7: `reserve: (event: X)` names an event that exists and releases the unit,
/// by its label or its group.
fn check_releasing_event(
    c: &mut Checker,
    parsed: &ScenarioFile,
    names: &Names,
    i: usize,
    name: &str,
    span: Span,
) {
    let at = c.lines.field_in(span, "event");
    let Some(e) = parsed.events.iter().find(|e| e.name == name) else {
        let message = format!(
            "the reserve waits for the event `{}`, which the battle does not have{}",
            escape_text(name),
            hint(name, names.events.iter().copied())
        );
        c.at(at, message);
        return;
    };
    let Some(u) = parsed.units.get(i) else { return };
    let label = u.name();
    let releases = e.then.iter().any(|effect| match effect {
        EffectDef::Release { unit, group } => {
            unit.as_deref() == Some(label)
                || (group.is_some() && group.as_deref() == u.group.as_deref())
        }
        _ => false,
    });
    if !releases {
        let message = format!(
            "the reserve \"{}\" waits for the event `{}`, which has no `Release` for it (R12.1)",
            escape_text(label),
            escape_text(name)
        );
        c.at(at, message);
    }
}

/// What an event's effects are checked against: the file, its checked map, rules and
/// objectives.
struct Ground<'a> {
    parsed: &'a ScenarioFile,
    map: Option<&'a Map>,
    rules: &'a Rules,
    objectives: &'a [Objective],
}

/// One event in ids, or `None` after reporting its problems.
fn event(
    c: &mut Checker,
    names: &Names,
    e: &EventDef,
    span: Span,
    ground: &Ground,
) -> Option<ScenarioEvent> {
    let parsed = ground.parsed;
    let at = At {
        span,
        event: format!("event `{}`", escape_text(&e.name)),
    };
    let when = trigger(c, parsed, names, &e.when, &at);
    let then: Vec<Option<Effect>> = (e.then.iter())
        .map(|effect| self::effect(c, names, effect, &at, ground))
        .collect();
    let then: Option<Vec<Effect>> = then.into_iter().collect();
    Some(ScenarioEvent {
        name: escape_text(&e.name).into_owned(),
        when: when?,
        repeat: e.repeat,
        then: then?,
    })
}

fn trigger(
    c: &mut Checker,
    parsed: &ScenarioFile,
    names: &Names,
    t: &TriggerDef,
    at: &At,
) -> Option<Trigger> {
    let span = at.span;
    match t {
        TriggerDef::Turn(n) if *n == 0 || *n > parsed.turn_limit => {
            let message = format!(
                "{}'s turn {n} must be 1 to the turn limit, {} (R12.7, R2.8)",
                at.event, parsed.turn_limit
            );
            c.at(c.lines.field_in(span, "when"), message);
            None
        }
        TriggerDef::Turn(n) => Some(Trigger::Turn(*n)),
        TriggerDef::Lost { unit, group } => {
            units(c, names, (unit, group), (at, "when")).map(Trigger::Lost)
        }
        TriggerDef::Fleeing { unit, group } => {
            units(c, names, (unit, group), (at, "when")).map(Trigger::Fleeing)
        }
        TriggerDef::Holds { side, objective } => {
            let side = side_named(c, names, side, at);
            let objective = objective_named(c, names, objective, at);
            Some(Trigger::Holds {
                side: side?,
                objective: objective?,
            })
        }
        TriggerDef::Losses { side, percent } => {
            let side = side_named(c, names, side, at);
            if !crate::engine::ranges::LOSS_SHARE.holds(*percent) {
                let message = format!(
                    "{}'s share of losses {percent}% must be 1% to 100% (R12.7, R2.8)",
                    at.event
                );
                c.at(c.lines.field_in(span, "percent"), message);
                return None;
            }
            Some(Trigger::Losses {
                side: side?,
                percent: *percent,
            })
        }
    }
}

fn effect(
    c: &mut Checker,
    names: &Names,
    e: &EffectDef,
    at: &At,
    ground: &Ground,
) -> Option<Effect> {
    let (span, map) = (at.span, ground.map);
    match e {
        EffectDef::Message(text) => message(c, text, at),
        EffectDef::Release { unit, group } => release(c, names, (unit, group), at, ground),
        EffectDef::Defect { unit, group } => {
            units(c, names, (unit, group), (at, "then")).map(Effect::Defect)
        }
        EffectDef::Orders { unit, group, order } => {
            let units = units(c, names, (unit, group), (at, "then"));
            let (map, rules, objectives) = (ground.map, ground.rules, ground.objectives);
            let order = super::check_orders::resolve_order(
                c,
                ground.parsed,
                (map, rules),
                objectives,
                order,
                span,
            );
            Some(Effect::Orders {
                units: units?,
                order: order?,
            })
        }
        EffectDef::Terrain { hexes, to } => terrain(c, hexes, *to, at, map),
        EffectDef::EndBattle { winner, reason } => {
            let winner = side_named(c, names, winner, at)?;
            Some(Effect::EndBattle {
                winner,
                reason: escape_text(reason).into_owned(),
            })
        }
    }
}

/// A message to both players (R12.7); one that says nothing is refused.
fn message(c: &mut Checker, text: &str, at: &At) -> Option<Effect> {
    if text.trim().is_empty() {
        let message = format!("{}'s message says nothing (R12.7)", at.event);
        c.at(quoted_at(c, at.span, text), message);
        return None;
    }
    Some(Effect::Message(escape_text(text).into_owned()))
}

/// A change of terrain of listed hexes (R12.7): at least one, each on the map.
fn terrain(
    c: &mut Checker,
    hexes: &[(i32, i32)],
    to: crate::engine::Terrain,
    at: &At,
    map: Option<&Map>,
) -> Option<Effect> {
    let on_map = |h: &(i32, i32)| map.is_none_or(|m| hex_on(m, *h).is_some());
    let off = hexes.iter().find(|h| !on_map(h));
    let message = match (hexes.is_empty(), off) {
        (true, _) => format!("{} changes the terrain of no hex (R12.7)", at.event),
        (false, Some((col, row))) => format!(
            "{} changes the terrain of ({col}, {row}), which is off the map (R12.7)",
            at.event
        ),
        (false, None) => {
            let hexes = hexes
                .iter()
                .map(|&(col, row)| Map::hex_at(col, row))
                .collect();
            return Some(Effect::Terrain { hexes, to });
        }
    };
    c.at(c.lines.field_in(at.span, "hexes"), message);
    None
}

/// A release of the units named (R12.1, R12.7), at least one of them a reserve: releasing
/// only units already on the field would do nothing.
fn release(
    c: &mut Checker,
    names: &Names,
    who: (&Option<String>, &Option<String>),
    at: &At,
    ground: &Ground,
) -> Option<Effect> {
    let ids = units(c, names, who, (at, "then"))?;
    let units = &ground.parsed.units;
    if ids.iter().any(|id| {
        units
            .get(usize::from(id.0))
            .is_some_and(|u| u.reserve.is_some())
    }) {
        return Some(Effect::Release(ids));
    }
    let (named, text) = match who {
        (Some(label), _) => ("the unit", label),
        (None, Some(group)) => ("the group", group),
        (None, None) => return None,
    };
    let message = format!(
        "{} releases {named} \"{}\", which holds no reserve (R12.1)",
        at.event,
        escape_text(text)
    );
    c.at(quoted_at(c, at.span, text), message);
    None
}

/// The units a `unit:` label or a `group:` names (R12.7): a label must belong to one unit.
fn units(
    c: &mut Checker,
    names: &Names,
    (unit, group): (&Option<String>, &Option<String>),
    (at, field): (&At, &str),
) -> Option<Vec<UnitId>> {
    let span = at.span;
    let ids = |list: &[usize]| list.iter().map(|&i| UnitId(i as u16)).collect();
    match (unit, group) {
        (Some(label), None) => match names.labels.get(label.as_str()).map(Vec::as_slice) {
            Some([one]) => Some(ids(&[*one])),
            Some(many) => {
                let message = format!(
                    "{} names \"{}\", a label {} units share: an event names one unit only (R12.7)",
                    at.event,
                    escape_text(label),
                    many.len()
                );
                c.at(quoted_at(c, span, label), message);
                None
            }
            None => {
                let message = format!(
                    "{} names the unit \"{}\", which the battle does not have{}",
                    at.event,
                    escape_text(label),
                    hint(label, names.labels.keys().copied())
                );
                c.at(quoted_at(c, span, label), message);
                None
            }
        },
        (None, Some(g)) => match names.groups.get(g.as_str()) {
            Some(list) => Some(ids(list)),
            None => {
                let message = format!(
                    "{} names the group `{}`, which no unit belongs to{}",
                    at.event,
                    escape_text(g),
                    hint(g, names.groups.keys().copied())
                );
                c.at(quoted_at(c, span, g), message);
                None
            }
        },
        _ => {
            let message = format!(
                "{}: name either `unit:` or `group:`, not both or neither (R12.7)",
                at.event
            );
            c.at(c.lines.field_in(span, field), message);
            None
        }
    }
}

fn side_named(c: &mut Checker, names: &Names, side: &str, at: &At) -> Option<SideId> {
    match names.sides.iter().position(|s| *s == side) {
        Some(0) => Some(SideId::A),
        Some(_) => Some(SideId::B),
        None => {
            let message = format!(
                "{} names the side `{}`, which the battle does not have{}",
                at.event,
                escape_text(side),
                hint(side, names.sides.iter().copied())
            );
            c.at(quoted_at(c, at.span, side), message);
            None
        }
    }
}

fn objective_named(c: &mut Checker, names: &Names, name: &str, at: &At) -> Option<usize> {
    let found = names.objectives.iter().position(|o| *o == name);
    if found.is_none() {
        let message = format!(
            "{} names the objective `{}`, which the battle does not have{}",
            at.event,
            escape_text(name),
            hint(name, names.objectives.iter().copied())
        );
        c.at(quoted_at(c, at.span, name), message);
    }
    found
}
