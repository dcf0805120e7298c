//! Checking a scenario (R1.2, R1.3, R2.6, R3.3, R10): map rows, sides, units, objectives and
//! the turn limit, collecting every problem with its line and column before giving up.

use super::spans::{field_in, line_col, list_elements, top_field, Span};
use super::{Catalog, Scenario, ScenarioFile, SideDef, UnitDef};
use crate::engine::error::{parse_ron, DataError, Problem};
use crate::engine::map::MAX_MAP_SIDE;
use crate::engine::types::SideId;
use crate::engine::unit::Profile;
use crate::engine::{BattleSetup, Map, Objective, Rules, SideSetup, Terrain, TroopType, UnitSetup};
use hexx::Hex;
use std::collections::BTreeMap;

/// Most units a scenario may hold.
pub const MAX_UNITS: usize = 400;

/// Most reload tokens a unit may start with.
const MAX_START_TOKENS: u32 = 100;

/// Highest aggression a side may be given (reckless).
pub const MAX_AGGRESSION: u8 = 10;

struct Checker<'a> {
    source: &'a str,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn at(&mut self, (line, col): (usize, usize), message: String) {
        self.problems.push(Problem::new(line, col, message));
    }
}

/// Parses and checks scenario text; every problem is reported.
pub(super) fn build(
    source: &str,
    file: &str,
    rules: &Rules,
    mut catalog: Catalog,
) -> Result<Scenario, DataError> {
    let parsed: ScenarioFile = parse_ron(source, file)?;
    let mut c = Checker {
        source,
        problems: Vec::new(),
    };
    c.problems
        .extend(catalog.add(&parsed.troops, source, "troops"));
    let map = check_map(&mut c, &parsed.map);
    let sides = check_sides(&mut c, &parsed);
    let mut rules = rules.clone();
    rules.options = parsed.options;
    let units = match (&map, &sides) {
        (Some(map), Some(_)) => check_units(&mut c, &parsed, map, &rules, &catalog),
        _ => Vec::new(),
    };
    let objectives = map
        .as_ref()
        .map(|m| check_objectives(&mut c, &parsed, m))
        .unwrap_or_default();
    check_turn_limit(&mut c, parsed.turn_limit);
    let defender = check_defender(&mut c, &parsed);
    match (c.problems.is_empty(), map, sides) {
        (true, Some(map), Some(sides)) => {
            let setup = BattleSetup {
                rules,
                map,
                sides: sides.clone().map(|s| side_setup(&s)),
                units,
                objectives,
                turn_limit: Some(parsed.turn_limit),
                defender: defender.unwrap_or(SideId::A),
            };
            Ok(Scenario {
                file: file.into(),
                source: source.into(),
                name: parsed.name,
                description: parsed.description,
                sides,
                seed: parsed.seed,
                setup,
            })
        }
        _ => Err(DataError::Invalid {
            file: file.into(),
            problems: c.problems,
        }),
    }
}

/// R3.3: the turn limit lies between 1 and 1000.
fn check_turn_limit(c: &mut Checker, limit: u32) {
    if limit == 0 || limit > 1000 {
        let at = top_field(c.source, "turn_limit");
        let message = format!("turn limit {limit} must be between 1 and 1000 (R3.3)");
        c.at(at, message);
    }
}

/// R10.3: the defender, who wins a drawn count, is one of the sides.
fn check_defender(c: &mut Checker, parsed: &ScenarioFile) -> Option<SideId> {
    match parsed.sides.iter().position(|s| s.name == parsed.defender) {
        Some(0) => Some(SideId::A),
        Some(_) => Some(SideId::B),
        None => {
            let at = top_field(c.source, "defender");
            let message = format!("defender `{}` is not one of the sides", parsed.defender);
            c.at(at, message);
            None
        }
    }
}

fn side_setup(s: &SideDef) -> SideSetup {
    SideSetup {
        name: s.name.clone(),
        strategic_ability: s.strategic_ability,
        morale_modifier: s.morale_modifier,
        edge: s.edge,
    }
}

fn check_map(c: &mut Checker, rows: &[String]) -> Option<Map> {
    let spans = list_elements(c.source, "map");
    let here = |i: usize| spans.get(i).map_or((1, 1), |s| line_col(c.source, s.start));
    let mut grid = Vec::new();
    let mut ok = true;
    if rows.is_empty() || rows.len() > MAX_MAP_SIDE as usize {
        let at = top_field(c.source, "map");
        c.at(
            at,
            format!(
                "the map has {} rows; 1 to {MAX_MAP_SIDE} are allowed",
                rows.len()
            ),
        );
        return None;
    }
    for (i, row) in rows.iter().enumerate() {
        let mut line = Vec::new();
        for ch in row.chars().filter(|ch| !ch.is_whitespace()) {
            match Terrain::from_symbol(ch) {
                Some(t) => line.push(t),
                None => {
                    let legend = ". clear  : rough  T woods  ^ hill  V village  = ford  ~ water";
                    c.at(
                        here(i),
                        format!("unknown terrain `{ch}` in map row {i} (use {legend})"),
                    );
                    ok = false;
                    break;
                }
            }
        }
        grid.push(line);
    }
    let width = grid.first().map_or(0, Vec::len);
    if ok && (width == 0 || width > MAX_MAP_SIDE as usize) {
        c.at(
            here(0),
            format!("map rows are {width} hexes wide; 1 to {MAX_MAP_SIDE} are allowed"),
        );
        return None;
    }
    for (i, line) in grid.iter().enumerate().filter(|(_, l)| l.len() != width) {
        if ok {
            c.at(
                here(i),
                format!("map row {i} has {} hexes, row 0 has {width}", line.len()),
            );
        }
        ok = false;
    }
    if ok {
        Map::from_rows(grid)
    } else {
        None
    }
}

fn check_sides(c: &mut Checker, parsed: &ScenarioFile) -> Option<[SideDef; 2]> {
    if parsed.sides.len() != 2 {
        let at = top_field(c.source, "sides");
        c.at(
            at,
            format!(
                "a battle needs exactly 2 sides, this one has {}",
                parsed.sides.len()
            ),
        );
        return None;
    }
    if parsed.sides[0].name == parsed.sides[1].name {
        let at = top_field(c.source, "sides");
        c.at(
            at,
            format!("both sides are called `{}`", parsed.sides[0].name),
        );
    }
    let spans = list_elements(c.source, "sides");
    for (i, side) in parsed.sides.iter().enumerate() {
        if !parsed.units.iter().any(|u| u.side == side.name) {
            let at = spans.get(i).map_or((1, 1), |s| line_col(c.source, s.start));
            c.at(at, format!("side `{}` has no units", side.name));
        }
        if side.aggression > MAX_AGGRESSION {
            let at = spans
                .get(i)
                .map_or((1, 1), |s| field_in(c.source, *s, "aggression"));
            c.at(
                at,
                format!(
                    "side `{}` has aggression {}; it runs from 0 (cautious) to {MAX_AGGRESSION} (reckless)",
                    side.name, side.aggression
                ),
            );
        }
    }
    Some([parsed.sides[0].clone(), parsed.sides[1].clone()])
}

fn check_units(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    rules: &Rules,
    catalog: &Catalog,
) -> Vec<UnitSetup> {
    if parsed.units.len() > MAX_UNITS {
        let at = top_field(c.source, "units");
        c.at(
            at,
            format!(
                "{} units; at most {MAX_UNITS} are allowed",
                parsed.units.len()
            ),
        );
        return Vec::new();
    }
    let spans = list_elements(c.source, "units");
    let mut taken: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, u) in parsed.units.iter().enumerate() {
        let span = spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 });
        let unit = check_unit(c, parsed, map, rules, catalog, i, span);
        // Checked even for a unit with other problems, so that every problem is listed.
        if hex_on(map, u.at).is_some() {
            if let Some(other) = taken.insert(u.at, i) {
                let at = field_in(c.source, span, "at");
                c.at(
                    at,
                    format!("unit {i} shares hex {:?} with unit {other} (R1.3)", u.at),
                );
            }
        }
        out.extend(unit);
    }
    out
}

fn check_unit(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    rules: &Rules,
    catalog: &Catalog,
    i: usize,
    span: Span,
) -> Option<UnitSetup> {
    let u = &parsed.units[i];
    let side = unit_side(c, parsed, u, i, span);
    let troop = unit_troop(c, catalog, u, i, span);
    let hex = unit_hex(c, map, rules, u, i, span);
    let troop = troop?;
    let strength = unit_strength(c, rules, troop, u, i, span);
    let tokens = unit_tokens(c, u, i, span);
    let (side, pos) = (side?, hex?);
    if !(strength && tokens) {
        return None;
    }
    Some(UnitSetup {
        label: u.label.clone().unwrap_or_else(|| u.troop.clone()),
        side,
        troop: troop.clone(),
        creatures: u.creatures,
        pos,
        disordered: u.disordered,
        ready: u.ready,
        reload_tokens: u.reload_tokens,
        damage: u.damage,
    })
}

/// The side unit `i` names, or its problem.
fn unit_side(
    c: &mut Checker,
    parsed: &ScenarioFile,
    u: &UnitDef,
    i: usize,
    span: Span,
) -> Option<SideId> {
    match parsed.sides.iter().position(|s| s.name == u.side) {
        Some(0) => Some(SideId::A),
        Some(_) => Some(SideId::B),
        None => {
            let names: Vec<&str> = parsed.sides.iter().map(|s| s.name.as_str()).collect();
            let message = format!(
                "unit {i}: unknown side `{}` (sides: {})",
                u.side,
                names.join(", ")
            );
            c.at(field_in(c.source, span, "side"), message);
            None
        }
    }
}

/// The troop type unit `i` names in the catalog, or its problem with a suggestion.
fn unit_troop<'c>(
    c: &mut Checker,
    catalog: &'c Catalog,
    u: &UnitDef,
    i: usize,
    span: Span,
) -> Option<&'c TroopType> {
    let troop = catalog.get(&u.troop);
    if troop.is_none() {
        let hint = catalog
            .suggest(&u.troop)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        let message = format!("unit {i}: unknown troop type `{}`{hint}", u.troop);
        c.at(field_in(c.source, span, "troop"), message);
    }
    troop
}

/// The hex unit `i` stands on: on the map and passable (R4.6), or its problem.
fn unit_hex(
    c: &mut Checker,
    map: &Map,
    rules: &Rules,
    u: &UnitDef,
    i: usize,
    span: Span,
) -> Option<Hex> {
    let hex = hex_on(map, u.at);
    let problem = match hex.and_then(|h| map.terrain(h)) {
        None => {
            let (w, h) = (map.width(), map.height());
            format!("unit {i} at {:?} is off the {w}×{h} map", u.at)
        }
        Some(t) if rules.terrain(t).cost.is_none() => {
            format!("unit {i} at {:?} stands in impassable {t:?}", u.at)
        }
        Some(_) => return hex,
    };
    c.at(field_in(c.source, span, "at"), problem);
    None
}

/// Whether unit `i`'s creatures make a unit (R2) and its damage leaves it some uhp.
fn unit_strength(
    c: &mut Checker,
    rules: &Rules,
    troop: &TroopType,
    u: &UnitDef,
    i: usize,
    span: Span,
) -> bool {
    let (field, problem) = match Profile::derive(rules, troop, u.creatures) {
        Err(e) => (
            "creatures",
            format!("unit {i} ({} × {}): {e}", u.creatures, u.troop),
        ),
        Ok(p) if u.damage >= p.uhp => (
            "damage",
            format!(
                "unit {i}: damage {} leaves none of its {} uhp",
                u.damage, p.uhp
            ),
        ),
        Ok(_) => return true,
    };
    c.at(field_in(c.source, span, field), problem);
    false
}

/// Whether unit `i`'s starting reload tokens are within reason (R6.4).
fn unit_tokens(c: &mut Checker, u: &UnitDef, i: usize, span: Span) -> bool {
    if u.reload_tokens <= MAX_START_TOKENS {
        return true;
    }
    let message = format!("unit {i}: {} reload tokens is too many", u.reload_tokens);
    c.at(field_in(c.source, span, "reload_tokens"), message);
    false
}

fn check_objectives(c: &mut Checker, parsed: &ScenarioFile, map: &Map) -> Vec<Objective> {
    let spans = list_elements(c.source, "objectives");
    let mut out = Vec::new();
    for (i, o) in parsed.objectives.iter().enumerate() {
        if let Some(hex) = hex_on(map, o.at) {
            out.push(Objective {
                name: o.name.clone(),
                hex,
            });
        } else {
            let at = spans
                .get(i)
                .map_or((1, 1), |s| field_in(c.source, *s, "at"));
            c.at(
                at,
                format!("objective `{}` at {:?} is off the map", o.name, o.at),
            );
        }
    }
    out
}

/// The hex of offset `(col, row)` if it is on the map, bounds-checked before converting so
/// that hostile coordinates such as `(-2147483648, 2147483647)` cannot overflow.
fn hex_on(map: &Map, (col, row): (i32, i32)) -> Option<Hex> {
    let inside = |v: i32, size: u32| v >= 0 && (v as u32) < size;
    (inside(col, map.width()) && inside(row, map.height())).then(|| Map::hex_at(col, row))
}
