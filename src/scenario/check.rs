//! Checking a scenario (R1.2, R1.3, R2.6, R3.3, R10): map rows, sides, units, objectives and
//! the turn limit, collecting every problem with its line and column before giving up.

use super::catalog::SUGGEST_CHARS;
use super::data::{parse_ron, DataError, Problem};
use super::spans::{Lines, Span};
use super::{Catalog, ObjectiveDef, Scenario, ScenarioFile, SideDef, UnitDef};
use crate::engine::game::{engaged_at_start, shared_hexes};
use crate::engine::map::MAX_MAP_SIDE;
use crate::engine::ranges;
use crate::engine::types::SideId;
use crate::engine::unit::Profile;
use crate::engine::{BattleSetup, Map, Objective, Rules, SideSetup, Terrain, TroopType, UnitSetup};
use crate::text::{escape_keeping_lines, escape_text};
use hexx::Hex;
use std::collections::BTreeMap;

/// Most units a scenario may hold.
pub const MAX_UNITS: usize = 400;

/// Longest turn limit a scenario may set (R3.3).
pub const MAX_TURN_LIMIT: u32 = ranges::TURN_LIMIT.high as u32;

/// Most objectives a scenario may name: more is one problem, not one per objective.
pub const MAX_OBJECTIVES: usize = 100;

/// Most reload tokens a unit may start with.
const MAX_START_TOKENS: u32 = 100;

/// Highest aggression a side may be given (reckless).
pub const MAX_AGGRESSION: u8 = ranges::AGGRESSION.high as u8;

pub(super) struct Checker<'a> {
    pub(super) lines: Lines<'a>,
    problems: Vec<Problem>,
    /// Suspicious but playable: reported, and refused only with `--deny-warnings`.
    warnings: Vec<Problem>,
}

impl Checker<'_> {
    pub(super) fn at(&mut self, (line, col): (usize, usize), message: String) {
        self.problems.push(Problem::new(line, col, message));
    }

    fn warn(&mut self, (line, col): (usize, usize), message: String) {
        self.warnings.push(Problem::new(line, col, message));
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
        lines: Lines::new(source),
        problems: Vec::new(),
        warnings: Vec::new(),
    };
    c.problems
        .extend(catalog.add(&parsed.troops, &c.lines, "troops"));
    let map = check_map(&mut c, &parsed.map);
    let sides = check_sides(&mut c, &parsed);
    let rules = with_options(rules, &parsed);
    // Units are checked even on a map with problems: only their hexes need the map.
    let units = match &sides {
        Some(_) => check_units(&mut c, &parsed, map.as_ref(), &rules, &catalog),
        None => Vec::new(),
    };
    let mut objectives = map
        .as_ref()
        .map(|m| check_objectives(&mut c, &parsed, m, &rules))
        .unwrap_or_default();
    check_battle_name(&mut c, &parsed.name);
    let mut map = map;
    super::check_ground::check(&mut c, &parsed, map.as_mut(), &rules, &mut objectives);
    check_turn_limit(&mut c, parsed.turn_limit);
    let events = super::check_script::check(&mut c, &parsed, (map.as_ref(), &rules), &objectives);
    let defender = check_defender(&mut c, &parsed);
    let (groups, orders) =
        super::check_orders::groups_and_orders(&mut c, &parsed, map.as_ref(), &rules, &objectives);
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
                orders,
                events,
            };
            Ok(Scenario {
                file: file.into(),
                source: source.into(),
                name: escape_text(&parsed.name).into_owned(),
                description: escape_keeping_lines(&parsed.description),
                sides,
                seed: parsed.seed,
                setup,
                groups,
                warnings: c.warnings,
                rules: None,
            })
        }
        _ => Err(refusal(file, c)),
    }
}

/// The refusal of a file with problems: its warnings too, so a designer sees everything
/// at once, in line order.
fn refusal(file: &str, c: Checker) -> DataError {
    let warnings = c.warnings.into_iter().map(|w| Problem {
        message: format!("warning: {}", w.message),
        ..w
    });
    let mut problems: Vec<Problem> = c.problems.into_iter().chain(warnings).collect();
    problems.sort_by_key(|p| (p.line, p.col));
    DataError::Invalid {
        file: file.into(),
        problems,
    }
}

/// The battle's name heads the briefing, the header and every save: it says something.
/// The rules in force: `rules`, with the scenario's options where it gives them.
fn with_options(rules: &Rules, parsed: &ScenarioFile) -> Rules {
    let mut rules = rules.clone();
    if let Some(options) = parsed.options {
        rules.options = options;
    }
    rules
}

fn check_battle_name(c: &mut Checker, name: &str) {
    if name.trim().is_empty() {
        let at = c.lines.top_field("name");
        c.at(at, "the battle's name is empty".into());
    }
}

/// R3.3: the turn limit lies between 1 and 1000.
fn check_turn_limit(c: &mut Checker, limit: u32) {
    if limit == 0 || limit > MAX_TURN_LIMIT {
        let at = c.lines.top_field("turn_limit");
        let message = format!("turn limit {limit} must be between 1 and {MAX_TURN_LIMIT} (R3.3)");
        c.at(at, message);
    }
}

/// R10.3: the defender, who wins a drawn count, is one of the sides.
fn check_defender(c: &mut Checker, parsed: &ScenarioFile) -> Option<SideId> {
    match parsed.sides.iter().position(|s| s.name == parsed.defender) {
        Some(0) => Some(SideId::A),
        Some(_) => Some(SideId::B),
        None if twin_sides(parsed) => None,
        None => {
            let at = c.lines.top_field("defender");
            let message = format!("defender `{}` is not one of the sides", parsed.defender);
            c.at(at, message);
            None
        }
    }
}

fn side_setup(s: &SideDef) -> SideSetup {
    SideSetup {
        name: escape_text(&s.name).into_owned(),
        strategic_ability: s.strategic_ability,
        morale_modifier: s.morale_modifier,
        edge: s.edge,
    }
}

fn check_map(c: &mut Checker, rows: &[String]) -> Option<Map> {
    let spans = c.lines.list("map");
    let here = |c: &Checker, i: usize| c.lines.element(&spans, i);
    let mut grid = Vec::new();
    let mut ok = true;
    if rows.is_empty() || rows.len() > MAX_MAP_SIDE as usize {
        let at = c.lines.top_field("map");
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
                        here(c, i),
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
            here(c, 0),
            format!("map rows are {width} hexes wide; 1 to {MAX_MAP_SIDE} are allowed"),
        );
        return None;
    }
    for (i, line) in grid.iter().enumerate().filter(|(_, l)| l.len() != width) {
        if ok {
            c.at(
                here(c, i),
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
    let [a, b] = parsed.sides.as_slice() else {
        let at = c.lines.top_field("sides");
        let count = parsed.sides.len();
        c.at(
            at,
            format!("a battle needs exactly 2 sides, this one has {count}"),
        );
        return None;
    };
    let spans = c.lines.list("sides");
    if a.name == b.name {
        // One error: every unit of the other side and the defender follow from it.
        let at = spans
            .get(1)
            .map_or((1, 1), |s| c.lines.field_in(*s, "name"));
        let message = format!("both sides are called `{}`: give each its own name", a.name);
        c.at(at, message);
    }
    warn_same_edge(c, [a, b], spans.get(1).copied());
    for (i, side) in [a, b].into_iter().enumerate() {
        if !parsed.units.iter().any(|u| u.side == side.name) {
            let at = c.lines.element(&spans, i);
            c.at(at, format!("side `{}` has no units", side.name));
        }
        side_numbers(c, side, spans.get(i).copied());
        if side.aggression > MAX_AGGRESSION {
            let at = spans
                .get(i)
                .map_or((1, 1), |s| c.lines.field_in(*s, "aggression"));
            c.at(
                at,
                format!(
                    "side `{}` has aggression {}; it runs from 0 (cautious) to {MAX_AGGRESSION} (reckless)",
                    side.name, side.aggression
                ),
            );
        }
    }
    // Names are escaped once here, so no side name can drive the terminal when shown.
    let shown = |s: &SideDef| SideDef {
        name: escape_text(&s.name).into_owned(),
        commander: escape_text(&s.commander).into_owned(),
        ..s.clone()
    };
    Some([shown(a), shown(b)])
}

/// R8.4: each side flees towards its own edge; two sides of one edge flee the same way,
/// which a battle may mean (both armies come from one road) but is far likelier a slip.
fn warn_same_edge(c: &mut Checker, [a, b]: [&SideDef; 2], second: Option<Span>) {
    if a.edge == b.edge {
        let at = second.map_or((1, 1), |s| c.lines.field_in(s, "edge"));
        let message = format!(
            "both sides have {:?} as their home edge: their routed units flee the same way (R8.4)",
            a.edge
        );
        c.warn(at, message);
    }
}

/// R2.8: a commander's strategic ability and morale modifier, each −5 to +5.
fn side_numbers(c: &mut Checker, side: &SideDef, span: Option<Span>) {
    let checks = [
        (
            "strategic_ability",
            ranges::STRATEGIC_ABILITY.check("strategic_ability", side.strategic_ability),
        ),
        (
            "morale_modifier",
            ranges::MORALE_MODIFIER.check("morale_modifier", side.morale_modifier),
        ),
    ];
    for (field, problem) in checks {
        if let Some(problem) = problem {
            let at = span.map_or((1, 1), |s| c.lines.field_in(s, field));
            c.at(at, format!("side `{}`: {problem}", side.name));
        }
    }
}

fn check_units(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: Option<&Map>,
    rules: &Rules,
    catalog: &Catalog,
) -> Vec<UnitSetup> {
    if parsed.units.len() > MAX_UNITS {
        let at = c.lines.top_field("units");
        c.at(
            at,
            format!(
                "{} units; at most {MAX_UNITS} are allowed",
                parsed.units.len()
            ),
        );
        return Vec::new();
    }
    let spans = c.lines.list("units");
    let mut out = Vec::new();
    for (i, u) in parsed.units.iter().enumerate() {
        out.extend(check_unit(
            c,
            parsed,
            map,
            rules,
            catalog,
            u,
            span_at(&spans, i),
        ));
    }
    if let Some(map) = map {
        check_shared_hexes(c, parsed, map, &spans);
    }
    check_labels(c, parsed, &spans);
    warn_engaged(c, parsed, &spans);
    out
}

/// The span of the `i`th unit in the source, or an empty one at the start.
fn span_at(spans: &[Span], i: usize) -> Span {
    spans.get(i).copied().unwrap_or(Span { start: 0, end: 0 })
}

/// One unit per hex (R1.3), as the engine's [`shared_hexes`] finds it among the units on
/// the map; checked even for units with other problems, so that every problem is listed.
fn check_shared_hexes(c: &mut Checker, parsed: &ScenarioFile, map: &Map, spans: &[Span]) {
    let placed: Vec<(usize, &UnitDef, Hex)> = (parsed.units.iter().enumerate())
        .filter_map(|(i, u)| u.at.and_then(|at| hex_on(map, at)).map(|h| (i, u, h)))
        .collect();
    let hexes: Vec<Hex> = placed.iter().map(|(_, _, h)| *h).collect();
    for (later, earlier) in shared_hexes(&hexes) {
        let (Some((i, u, _)), Some((_, other, _))) = (placed.get(later), placed.get(earlier))
        else {
            continue;
        };
        let at = c.lines.field_in(span_at(spans, *i), "at");
        let message = format!("{} shares its hex with {} (R1.3)", who(u), who(other));
        c.at(at, message);
    }
}

/// A unit that starts beside an enemy is engaged before anyone moves (R4.2, the engine's
/// [`engaged_at_start`]): it may not march or hustle on turn 1. Playable, so a warning,
/// given once per pair.
fn warn_engaged(c: &mut Checker, parsed: &ScenarioFile, spans: &[Span]) {
    // A unit of no known side is refused already: it is nobody's enemy.
    // A reserve starts off the map: it is beside nobody (R12.2).
    let known: Vec<(usize, &UnitDef, SideId, (i32, i32))> = (parsed.units.iter().enumerate())
        .filter_map(|(i, u)| Some((i, u, side_of(parsed, u)?, u.at?)))
        .collect();
    let placed: Vec<(Hex, SideId)> = known
        .iter()
        .map(|(_, _, s, at)| (hex_on_any(*at), *s))
        .collect();
    for (i, j) in engaged_at_start(&placed) {
        let (Some((i, u, _, _)), Some((_, o, _, _))) = (known.get(i), known.get(j)) else {
            continue;
        };
        let message = format!(
            "{} starts beside the enemy {}: engaged from the first turn (R4.2)",
            who(u),
            who(o)
        );
        c.warn(c.lines.field_in(span_at(spans, *i), "at"), message);
    }
}

/// The hex of offset `(col, row)`, on a map or not (coordinates a map accepts only).
fn hex_on_any((col, row): (i32, i32)) -> Hex {
    let clamp = |v: i32| v.clamp(-(1 << 20), 1 << 20);
    crate::engine::Map::hex_at(clamp(col), clamp(row))
}

/// An empty label names nothing (refused); two units given one label are told apart only
/// by their hex: the log and `--swap` name both. A warning, since the battle still plays
/// (units left unlabelled share their troop type's name on purpose).
fn check_labels(c: &mut Checker, parsed: &ScenarioFile, spans: &[Span]) {
    let mut seen: BTreeMap<&str, &UnitDef> = BTreeMap::new();
    for (i, u) in parsed.units.iter().enumerate() {
        let Some(label) = u.label.as_deref() else {
            continue;
        };
        let at = c.lines.field_in(span_at(spans, i), "label");
        if label.trim().is_empty() {
            let message = format!(
                "the unit {} has an empty label: leave `label` out to use its troop type's name",
                whereabouts(u)
            );
            c.at(at, message);
        } else if let Some(first) = seen.get(label) {
            let message = format!(
                "{} has the same label as {}: name them apart",
                who(u),
                who(first)
            );
            c.warn(at, message);
        } else {
            seen.insert(label, u);
        }
    }
}

/// How problems name a unit: its label (or troop type) and its hex as written,
/// `"Banér's horse" at (1, 3)` (`"Late foot" in reserve` for a reserve, R12.1), never its
/// index in the list.
pub(super) fn who(u: &UnitDef) -> String {
    let name = u.name();
    format!("\"{name}\" {}", whereabouts(u))
}

/// `at (1, 3)`, `in reserve` for a reserve (R12.1), `with no hex` for a unit given none.
fn whereabouts(u: &UnitDef) -> String {
    match (u.at, &u.reserve) {
        (Some((col, row)), _) => format!("at ({col}, {row})"),
        (None, Some(_)) => "in reserve".into(),
        (None, None) => "with no hex".into(),
    }
}

/// The reserve a unit is, in hexes (R12.1); a hex beyond any map is checked elsewhere.
fn reserve_setup(u: &UnitDef) -> Option<crate::engine::ReserveSetup> {
    u.reserve.as_ref().map(|r| crate::engine::ReserveSetup {
        turn: r.turn,
        hexes: r.hexes.iter().map(|&at| hex_on_any(at)).collect(),
    })
}

fn check_unit(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: Option<&Map>,
    rules: &Rules,
    catalog: &Catalog,
    u: &UnitDef,
    span: Span,
) -> Option<UnitSetup> {
    let side = unit_side(c, parsed, u, span);
    let troop = unit_troop(c, parsed, catalog, u, span);
    // Without a valid map the hex is not checked, but the rest of the unit is; a reserve
    // has its arrival hexes instead (R12.1, `check_script`).
    let hex = match (u.at, &u.reserve) {
        (_, Some(_)) => Some(Hex::ZERO),
        (None, None) => {
            let message = format!(
                "{}: give it `at: (col, row)`, or make it a reserve (R12.1)",
                who(u)
            );
            c.at(c.lines.field_in(span, "troop"), message);
            None
        }
        (Some(at), None) => map.and_then(|m| unit_hex(c, m, rules, at, u, span)),
    };
    let troop = troop?;
    let profile = unit_strength(c, rules, troop, u, span);
    let tokens = unit_tokens(c, u, span);
    let placed = side.is_some() && hex.is_some();
    let (side, pos) = (side.unwrap_or(SideId::A), hex.unwrap_or(Hex::ZERO));
    let setup = UnitSetup {
        label: escape_text(u.name()).into_owned(),
        plural: u.plural.unwrap_or_else(|| match &u.label {
            Some(label) => crate::words::looks_plural(label),
            None => catalog
                .plural(&u.troop)
                .unwrap_or_else(|| crate::words::looks_plural(&u.troop)),
        }),
        side,
        troop: troop.clone(),
        creatures: u.creatures,
        pos,
        disordered: u.disordered,
        fleeing: u.fleeing,
        ready: u.ready,
        reload_tokens: u.reload_tokens,
        damage: u.damage,
        reserve: reserve_setup(u),
        group: u.group.as_deref().map(|g| escape_text(g).into_owned()),
    };
    let profile = profile.filter(|_| tokens)?;
    let problems = setup.start_problems(&profile);
    for (field, problem) in &problems {
        c.at(
            c.lines.field_in(span, field),
            format!("{}: {problem}", who(u)),
        );
    }
    (problems.is_empty() && placed).then_some(setup)
}

/// The side unit `u` names, if the two sides have names of their own and one is its.
fn side_of(parsed: &ScenarioFile, u: &UnitDef) -> Option<SideId> {
    match parsed.sides.as_slice() {
        [a, b] if a.name != b.name && u.side == a.name => Some(SideId::A),
        [a, b] if a.name != b.name && u.side == b.name => Some(SideId::B),
        _ => None,
    }
}

/// Whether the battle has two sides of names of their own: else units' and the
/// defender's sides are not checked, the sides' problem being the one to mend.
fn sides_named_apart(parsed: &ScenarioFile) -> bool {
    matches!(parsed.sides.as_slice(), [a, b] if a.name != b.name)
}

/// Whether the battle's two sides share one name (one problem, reported once).
fn twin_sides(parsed: &ScenarioFile) -> bool {
    matches!(parsed.sides.as_slice(), [a, b] if a.name == b.name)
}

/// The side unit `u` names, or its problem with the nearest side's name.
fn unit_side(c: &mut Checker, parsed: &ScenarioFile, u: &UnitDef, span: Span) -> Option<SideId> {
    let side = side_of(parsed, u);
    if side.is_none() && sides_named_apart(parsed) {
        let names: Vec<&str> = parsed.sides.iter().map(|s| s.name.as_str()).collect();
        let hint = closest_name(&u.side, names.iter().copied())
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        let message = format!(
            "{}: unknown side `{}`{hint} (sides: {})",
            who(u),
            u.side,
            names.join(", ")
        );
        c.at(c.lines.field_in(span, "side"), message);
    }
    side
}

/// The name of `names` nearest to `asked`, if near enough to be a slip of the keys
/// (similarity at least 0.6 over their first [`SUGGEST_CHARS`] characters, so that a long
/// hostile name costs no more than a short one).
pub fn closest_name<'n>(asked: &str, names: impl Iterator<Item = &'n str>) -> Option<&'n str> {
    let cut = |t: &str| {
        t.chars()
            .take(SUGGEST_CHARS)
            .collect::<String>()
            .to_lowercase()
    };
    let asked = cut(asked);
    names
        .map(|n| (strsim::normalized_damerau_levenshtein(&asked, &cut(n)), n))
        .filter(|(score, _)| *score >= 0.6)
        // Nearest first; of equals the first listed, so the answer never depends on order
        // of anything but the file.
        .fold(None, |best: Option<(f64, &str)>, (score, n)| match best {
            Some((b, _)) if b >= score => best,
            _ => Some((score, n)),
        })
        .map(|(_, n)| n)
}

/// The troop type unit `i` names in the catalog, or its problem with a suggestion (none
/// for a type of the scenario's own that was refused: its problems are listed already).
fn unit_troop<'c>(
    c: &mut Checker,
    parsed: &ScenarioFile,
    catalog: &'c Catalog,
    u: &UnitDef,
    span: Span,
) -> Option<&'c TroopType> {
    let troop = catalog.get(&u.troop);
    // A type of the scenario's own `troops` that was refused has its problems listed
    // there: "unknown" would only mislead.
    let refused = || parsed.troops.iter().any(|t| t.name == u.troop);
    if troop.is_none() && !refused() {
        let hint = catalog
            .suggest(&u.troop)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        let message = format!("{}: unknown troop type `{}`{hint}", who(u), u.troop);
        c.at(c.lines.field_in(span, "troop"), message);
    }
    troop
}

/// The hex unit `i` stands on: on the map and passable (R4.6), or its problem.
fn unit_hex(
    c: &mut Checker,
    map: &Map,
    rules: &Rules,
    at: (i32, i32),
    u: &UnitDef,
    span: Span,
) -> Option<Hex> {
    let hex = hex_on(map, at);
    let problem = match hex.and_then(|h| map.terrain(h)) {
        None => {
            let (w, h) = (map.width(), map.height());
            format!("{} is off the {w}×{h} map", who(u))
        }
        Some(t) if rules.terrain(t).cost.is_none() => {
            format!("{} stands in impassable {}", who(u), terrain_word(t))
        }
        Some(_) => return hex,
    };
    c.at(c.lines.field_in(span, "at"), problem);
    None
}

/// Whether unit `i`'s creatures make a unit (R2) and its damage leaves it some uhp.
fn unit_strength(
    c: &mut Checker,
    rules: &Rules,
    troop: &TroopType,
    u: &UnitDef,
    span: Span,
) -> Option<Profile> {
    if let Some(problem) = ranges::CREATURES.check("creatures", u.creatures) {
        c.at(
            c.lines.field_in(span, "creatures"),
            format!("{}: {problem}", who(u)),
        );
        return None;
    }
    let (field, problem) = match Profile::derive(rules, troop, u.creatures) {
        Err(e) => (
            "creatures",
            format!("{}: {} × {}: {e}", who(u), u.creatures, u.troop),
        ),
        Ok(p) if u.damage >= p.uhp => (
            "damage",
            format!(
                "{}: damage {} leaves none of its {} uhp",
                who(u),
                u.damage,
                p.uhp
            ),
        ),
        Ok(p) => {
            warn_unmoving(c, u, &p, span);
            return Some(p);
        }
    };
    c.at(c.lines.field_in(span, field), problem);
    None
}

/// R2.8: a unit whose derived march is 0 can never move; playable (it may hold a hex), so
/// a warning. (Volley has no war machines, the one kind of unit meant to stand still.)
fn warn_unmoving(c: &mut Checker, u: &UnitDef, profile: &Profile, span: Span) {
    if profile.rate.march == 0 {
        let message = format!(
            "{}: its derived march is 0: it can never move (R2.8)",
            who(u)
        );
        c.warn(c.lines.field_in(span, "troop"), message);
    }
}

/// Whether unit `i`'s starting reload tokens are within reason (R6.4).
fn unit_tokens(c: &mut Checker, u: &UnitDef, span: Span) -> bool {
    if u.reload_tokens <= MAX_START_TOKENS {
        return true;
    }
    let message = format!("{}: {} reload tokens is too many", who(u), u.reload_tokens);
    c.at(c.lines.field_in(span, "reload_tokens"), message);
    false
}

/// Objectives (R10.3): at most [`MAX_OBJECTIVES`], each named, of a name of its own, on a
/// hex of its own on the map that some unit can enter.
fn check_objectives(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    rules: &Rules,
) -> Vec<Objective> {
    if parsed.objectives.len() > MAX_OBJECTIVES {
        let at = c.lines.top_field("objectives");
        let count = parsed.objectives.len();
        c.at(
            at,
            format!("{count} objectives; at most {MAX_OBJECTIVES} are allowed"),
        );
        return Vec::new();
    }
    let spans = c.lines.list("objectives");
    check_objective_names(c, &parsed.objectives, &spans);
    let mut out: Vec<Objective> = Vec::new();
    for (i, o) in parsed.objectives.iter().enumerate() {
        let earlier = parsed.objectives.get(..i).unwrap_or_default();
        let problem = match (earlier.iter().find(|p| p.at == o.at), hex_on(map, o.at)) {
            (Some(twin), _) => format!(
                "objective `{}` at {} is on the same hex as `{}`: one hex counts once (R10.3)",
                o.name,
                place(o.at),
                twin.name
            ),
            (None, None) => format!("objective `{}` at {} is off the map", o.name, place(o.at)),
            (None, Some(hex)) => match map.terrain(hex) {
                Some(t) if rules.terrain(t).cost.is_none() => format!(
                    "objective `{}` at {} is on {}, which no unit can enter (R4.6)",
                    o.name,
                    place(o.at),
                    terrain_word(t)
                ),
                _ => {
                    out.push(Objective {
                        name: escape_text(&o.name).into_owned(),
                        hex,
                        value: 1,
                        owner: None,
                    });
                    continue;
                }
            },
        };
        let at = spans.get(i).map_or((1, 1), |s| c.lines.field_in(*s, "at"));
        c.at(at, problem);
    }
    out
}

/// Each objective is named (the header and the log show it), and by a name of its own:
/// the standing and the log, and anything that names an objective, must tell them apart.
fn check_objective_names(c: &mut Checker, objectives: &[ObjectiveDef], spans: &[Span]) {
    let mut seen: BTreeMap<&str, (&ObjectiveDef, (usize, usize))> = BTreeMap::new();
    for (i, o) in objectives.iter().enumerate() {
        let at = c.lines.field_in(span_at(spans, i), "name");
        if o.name.trim().is_empty() {
            let message = format!("the objective at {} has an empty name", place(o.at));
            c.at(at, message);
        } else if let Some((first, (line, col))) = seen.get(o.name.as_str()) {
            let message = format!(
                "objective `{}` at {} has the same name as the one at {} (first at {line}:{col})",
                o.name,
                place(o.at),
                place(first.at)
            );
            c.at(at, message);
        } else {
            seen.insert(&o.name, (o, at));
        }
    }
}

/// A hex as the file writes it: `(col, row)`.
fn place((col, row): (i32, i32)) -> String {
    format!("({col}, {row})")
}

/// A terrain in a designer's words: `water`, `woods`.
pub(super) fn terrain_word(t: Terrain) -> String {
    format!("{t:?}").to_lowercase()
}

/// The hex of offset `(col, row)` if it is on the map, bounds-checked before converting so
/// that hostile coordinates such as `(-2147483648, 2147483647)` cannot overflow.
pub(super) fn hex_on(map: &Map, (col, row): (i32, i32)) -> Option<Hex> {
    let inside = |v: i32, size: u32| v >= 0 && (v as u32) < size;
    (inside(col, map.width()) && inside(row, map.height())).then(|| Map::hex_at(col, row))
}
