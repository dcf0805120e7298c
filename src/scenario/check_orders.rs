//! Checking the scenario's groups and standing orders for the computer (issue 28; the groups
//! R12.7's events also name): each order names one known group or one unit by a label no
//! other unit shares, a hex on the map that units can enter, a known objective (R12.4), a
//! turn within the turn limit (R3.3); no unit is under two orders. Every problem is at its
//! `file:line:col`, with "did you mean" for names; the orders become the engine's
//! [`OrderEntry`]s, by unit id, with no names left.

use super::check::{closest_name, hex_on, who, Checker};
use super::spans::Span;
use super::{OrderDef, OrderKindDef, ScenarioFile};
use crate::engine::map::MAX_MAP_SIDE;
use crate::engine::{Map, Objective, OrderEntry, Rules, StandingOrder, UnitId};
use crate::text::escape_text;
use hexx::Hex;
use std::collections::BTreeMap;

/// A group of units the scenario names: its name (escaped) and its units by id, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's name, control characters escaped.
    pub name: String,
    /// Its units, by id.
    pub units: Vec<UnitId>,
}

/// The groups the units name, in order of first mention; an empty group name is refused.
fn groups(c: &mut Checker, parsed: &ScenarioFile) -> Vec<Group> {
    let spans = c.lines.list("units");
    let mut out: Vec<Group> = Vec::new();
    for (i, u) in parsed.units.iter().enumerate() {
        let Some(name) = u.group.as_deref() else {
            continue;
        };
        if name.trim().is_empty() {
            let at = spans
                .get(i)
                .map_or((1, 1), |s| c.lines.field_in(*s, "group"));
            c.at(at, format!("{}: the group's name is empty", who(u)));
            continue;
        }
        let id = UnitId(u16::try_from(i).unwrap_or(u16::MAX));
        let name = escape_text(name).into_owned();
        match out.iter_mut().find(|g| g.name == name) {
            Some(g) => g.units.push(id),
            None => out.push(Group {
                name,
                units: vec![id],
            }),
        }
    }
    out
}

/// The units' groups and the `orders` list, checked (see the module).
pub(super) fn groups_and_orders(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: Option<&Map>,
    rules: &Rules,
    objectives: &[Objective],
) -> (Vec<Group>, Vec<OrderEntry>) {
    let groups = groups(c, parsed);
    let ground = Ground {
        parsed,
        map,
        rules,
        objectives,
        groups: &groups,
    };
    let orders = check(c, &ground);
    (groups, orders)
}

/// The engine's order for `kind` as written at `span` (for an event's `Orders` effect,
/// R12.7), or `None` with its problems reported: the checks of the `orders` list.
pub(super) fn resolve_order(
    c: &mut Checker,
    parsed: &ScenarioFile,
    (map, rules): (Option<&Map>, &Rules),
    objectives: &[Objective],
    kind: &OrderKindDef,
    span: Span,
) -> Option<StandingOrder> {
    let ground = Ground {
        parsed,
        map,
        rules,
        objectives,
        groups: &[],
    };
    order(c, &ground, kind, span)
}

/// What an order is checked against: the file, the checked map and objectives and groups.
struct Ground<'a> {
    parsed: &'a ScenarioFile,
    map: Option<&'a Map>,
    rules: &'a Rules,
    objectives: &'a [Objective],
    groups: &'a [Group],
}

/// Checks the `orders` list; the engine's entries if every one is sound.
fn check(c: &mut Checker, g: &Ground) -> Vec<OrderEntry> {
    let spans = c.lines.list("orders");
    let mut out = Vec::new();
    // Each unit's first order, with its place: a second order for it is refused there.
    let mut taken: BTreeMap<UnitId, (usize, usize)> = BTreeMap::new();
    for (i, o) in g.parsed.orders.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
        let units = whom(c, g, o, span);
        let order = order(c, g, &o.order, span);
        let release = release(c, o, span);
        let (Some(units), Some(order), Some(release)) = (units, order, release) else {
            continue;
        };
        let here = c
            .lines
            .field_in(span, if o.unit.is_some() { "unit" } else { "group" });
        for id in &units {
            twice(c, g, &mut taken, *id, here);
        }
        out.push(OrderEntry {
            units,
            order,
            release_within: release,
        });
    }
    out
}

/// A unit under a second order is refused at the second, naming the first's place.
fn twice(
    c: &mut Checker,
    g: &Ground,
    taken: &mut BTreeMap<UnitId, (usize, usize)>,
    id: UnitId,
    here: (usize, usize),
) {
    let Some(u) = g.parsed.units.get(usize::from(id.0)) else {
        return;
    };
    match taken.get(&id) {
        Some((line, col)) => {
            let message = format!(
                "{} is under two orders: this one and the one at {line}:{col}",
                who(u)
            );
            c.at(here, message);
        }
        None => {
            taken.insert(id, here);
        }
    }
}

/// The units an order names: one group or one unit by label, or its problem.
fn whom(c: &mut Checker, g: &Ground, o: &OrderDef, span: Span) -> Option<Vec<UnitId>> {
    match (&o.group, &o.unit) {
        (Some(group), None) => group_units(c, g, group, span),
        (None, Some(label)) => labelled(c, g, label, span),
        (None, None) => {
            let at = c.lines.line_col(span.start);
            c.at(
                at,
                "an order names a `group` or a `unit`: it has neither".into(),
            );
            None
        }
        (Some(_), Some(_)) => {
            let at = c.lines.field_in(span, "unit");
            c.at(at, "an order names a `group` or a `unit`, not both".into());
            None
        }
    }
}

/// The units of the group called `name`, or its problem with the nearest group's name.
fn group_units(c: &mut Checker, g: &Ground, name: &str, span: Span) -> Option<Vec<UnitId>> {
    let shown = escape_text(name);
    if let Some(found) = g.groups.iter().find(|x| x.name == shown) {
        return Some(found.units.clone());
    }
    let names = || g.groups.iter().map(|x| x.name.as_str());
    let listed: Vec<String> = names().map(|n| format!("`{n}`")).collect();
    let message = format!(
        "no unit is in group `{shown}`{}{}",
        hint(name, names()),
        if listed.is_empty() {
            " (no unit names a group)".into()
        } else {
            format!(" (groups: {})", listed.join(", "))
        }
    );
    c.at(c.lines.field_in(span, "group"), message);
    None
}

/// `; did you mean `x`?` for the name nearest `asked`, or nothing.
fn hint<'n>(asked: &str, names: impl Iterator<Item = &'n str>) -> String {
    closest_name(asked, names)
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default()
}

/// The one unit labelled `label`: no unit of it, or two, is a problem.
fn labelled(c: &mut Checker, g: &Ground, label: &str, span: Span) -> Option<Vec<UnitId>> {
    let units = &g.parsed.units;
    let found: Vec<usize> = (units.iter().enumerate())
        .filter(|(_, u)| u.label.as_deref() == Some(label))
        .map(|(i, _)| i)
        .collect();
    let at = c.lines.field_in(span, "unit");
    let shown = escape_text(label);
    match found.as_slice() {
        [i] => return Some(vec![UnitId(u16::try_from(*i).unwrap_or(u16::MAX))]),
        [] => {
            let labels = units.iter().filter_map(|u| u.label.as_deref());
            let message = format!("no unit is labelled `{shown}`{}", hint(label, labels));
            c.at(at, message);
        }
        many => {
            let whose: Vec<String> = many.iter().filter_map(|i| units.get(*i)).map(who).collect();
            let message = format!(
                "the label `{shown}` belongs to {} units ({}): an order names one unit; label them apart or give them a group",
                many.len(),
                whose.join(", ")
            );
            c.at(at, message);
        }
    }
    None
}

/// The engine's order for `kind`, or its problems.
fn order(c: &mut Checker, g: &Ground, kind: &OrderKindDef, span: Span) -> Option<StandingOrder> {
    match kind {
        OrderKindDef::Free => Some(StandingOrder::Free),
        OrderKindDef::Hold { at, objective } => hold(c, g, *at, objective.as_deref(), span),
        OrderKindDef::Guard { hexes } => guard(c, g, hexes, span),
        OrderKindDef::AdvanceFrom { turn } => {
            let limit = g.parsed.turn_limit;
            if (1..=limit).contains(turn) {
                return Some(StandingOrder::AdvanceFrom { turn: *turn });
            }
            let message = format!(
                "`AdvanceFrom` turn {turn} is not within the battle's turns, 1 to the turn limit {limit} (R3.3)"
            );
            c.at(c.lines.field_in(span, "turn"), message);
            None
        }
    }
}

/// `Hold(at: ...)` or `Hold(objective: ...)`: exactly one, a hex units can enter or an
/// objective of the battle.
fn hold(
    c: &mut Checker,
    g: &Ground,
    at: Option<(i32, i32)>,
    objective: Option<&str>,
    span: Span,
) -> Option<StandingOrder> {
    match (at, objective) {
        (Some(place), None) => {
            let hex = enterable(c, g, place, c.lines.field_in(span, "at"), "held")?;
            Some(StandingOrder::Hold { hex })
        }
        (None, Some(name)) => held_objective(c, g, name, span),
        (None, None) => {
            let message = "`Hold` needs `at: (col, row)` or `objective: \"name\"`".into();
            c.at(c.lines.field_in(span, "order"), message);
            None
        }
        (Some(_), Some(_)) => {
            let message = "`Hold` takes `at` or `objective`, not both".into();
            c.at(c.lines.field_in(span, "objective"), message);
            None
        }
    }
}

/// The objective named `name` (R12.4), or its problem with the nearest name.
fn held_objective(c: &mut Checker, g: &Ground, name: &str, span: Span) -> Option<StandingOrder> {
    let written = &g.parsed.objectives;
    if let Some(i) = written.iter().position(|o| o.name == name) {
        // An objective refused for its hex has its own problem listed already.
        let hex = written
            .get(i)
            .and_then(|o| g.map.and_then(|m| hex_on(m, o.at)))?;
        let objective = g.objectives.iter().position(|o| o.hex == hex)?;
        return Some(StandingOrder::HoldObjective { objective });
    }
    let names = written.iter().map(|o| o.name.as_str());
    let message = format!(
        "no objective is called `{}`{}",
        escape_text(name),
        hint(name, names)
    );
    c.at(c.lines.field_in(span, "objective"), message);
    None
}

/// `Guard(hexes: [...])`: at least one hex, each on the map and enterable.
fn guard(c: &mut Checker, g: &Ground, hexes: &[(i32, i32)], span: Span) -> Option<StandingOrder> {
    let at = c.lines.field_in(span, "hexes");
    if hexes.is_empty() {
        c.at(at, "`Guard` lists no hexes: give at least one".into());
        return None;
    }
    let mut out = Vec::new();
    for place in hexes {
        out.push(enterable(c, g, *place, at, "guarded"));
    }
    out.into_iter()
        .collect::<Option<Vec<Hex>>>()
        .map(|hexes| StandingOrder::Guard { hexes })
}

/// The hex of `(col, row)` if it is on the map and some unit can enter it (R4.6), else its
/// problem at `at`; unchecked (and `None`) without a sound map, whose problems come first.
fn enterable(
    c: &mut Checker,
    g: &Ground,
    (col, row): (i32, i32),
    at: (usize, usize),
    what: &str,
) -> Option<Hex> {
    let map = g.map?;
    let Some(hex) = hex_on(map, (col, row)) else {
        let (w, h) = (map.width(), map.height());
        c.at(
            at,
            format!("the hex ({col}, {row}) {what} is off the {w}×{h} map"),
        );
        return None;
    };
    match map.terrain(hex) {
        Some(t) if g.rules.terrain(t).cost.is_some() => Some(hex),
        t => {
            let name = t.map_or("?".into(), |t| format!("{t:?}").to_lowercase());
            let message =
                format!("the hex ({col}, {row}) {what} is {name}, which no unit can enter (R4.6)");
            c.at(at, message);
            None
        }
    }
}

/// `release_within`, 1 to the largest map side, if given; `Some(None)` if not.
fn release(c: &mut Checker, o: &OrderDef, span: Span) -> Option<Option<u32>> {
    match o.release_within {
        Some(n) if n == 0 || n > MAX_MAP_SIDE => {
            let message = format!(
                "`release_within` is {n} hexes; it must be 1 to {MAX_MAP_SIDE} (an enemy never stands closer than 1)"
            );
            c.at(c.lines.field_in(span, "release_within"), message);
            None
        }
        n => Some(n),
    }
}
