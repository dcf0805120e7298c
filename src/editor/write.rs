//! A scenario written back as clean RON: the battle editor's save (issue 32, "Saves clean
//! RON"). The fields come in the order [`ScenarioFile`] declares them, each optional one
//! left out while it holds its default; the map a row per line under a comment of column
//! numbers; a side, unit, objective, troop type, order or event per line; works and roads
//! several hexes a line; the description with its own line breaks, as the shipped battles
//! write it. The comments that open the file are kept; the others cannot be, and are
//! counted so that the editor can say so.

use crate::engine::rules::RuleOptions;
use crate::engine::types::{CreatureSize, MeleeClass};
use crate::scenario::catalog::{MeleeDef, MissileDef, TroopDef};
use crate::scenario::script_defs::{EffectDef, EventDef, ReserveDef, TriggerDef};
use crate::scenario::{
    Controller, Level, ObjectiveDef, OrderDef, OrderKindDef, ScenarioFile, SideDef, UnitDef,
};
use serde::Serialize;
use std::fmt::{Display, Write as _};

/// The column a line of works or roads is wrapped before.
const WRAP: usize = 96;

/// The indent of an element of a list.
const ITEM: &str = "        ";

/// A side's aggression when the file gives none (`SideDef::aggression`).
const DEFAULT_AGGRESSION: u8 = 5;

/// The text of `file` as clean RON, after the comment lines `header` (written as they are,
/// a line break added if the last lacks one): fields in the order [`ScenarioFile`] declares
/// them, defaults left out, a map row, side, unit, order or event per line.
pub fn scenario_text(file: &ScenarioFile, header: &str) -> String {
    let mut out = String::from(header);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("(\n");
    ground(&mut out, file);
    battle(&mut out, file);
    out.push_str(")\n");
    out
}

/// The comment lines (`//`...) that open `source`, before its first `(`: kept at the top of a
/// saved file.
pub fn leading_comments(source: &str) -> String {
    let lines: Vec<&str> = opening_lines(source).map(str::trim_end).collect();
    let first = lines.iter().position(|line| !line.is_empty());
    let last = lines.iter().rposition(|line| !line.is_empty());
    let kept = match (first, last) {
        (Some(first), Some(last)) => lines.get(first..=last).unwrap_or_default(),
        _ => &[],
    };
    kept.iter().map(|line| format!("{line}\n")).collect()
}

/// How many comments `source` holds past its opening ones: comments a save cannot keep (the
/// editor says so). A comment of column numbers only (`// 0 1 2`), which a save writes again
/// over the map, is not counted.
pub fn comments_lost(source: &str) -> usize {
    let opening: usize = opening_lines(source).map(str::len).sum();
    let rest = source.get(opening..).unwrap_or_default();
    comments(rest)
        .into_iter()
        .filter(|comment| !is_column_numbers(comment))
        .count()
}

/// The name, description, map, sides, units, objectives, works and roads.
fn ground(out: &mut String, file: &ScenarioFile) {
    field(out, "name", quoted(&file.name));
    if !file.description.is_empty() {
        field(out, "description", literal(&file.description, true));
    }
    map_rows(out, &file.map);
    list(out, "sides", file.sides.iter().map(side).collect());
    list(out, "units", file.units.iter().map(unit).collect());
    let objectives: Vec<String> = file.objectives.iter().map(objective).collect();
    optional_list(out, "objectives", objectives);
    hex_lines(out, "works", &file.works);
    hex_lines(out, "roads", &file.roads);
}

/// The turn limit, defender, options, rules, seed, troops, orders and events. The file is
/// taken apart whole, so that a field added to [`ScenarioFile`] fails to compile until it
/// is written here or in [`ground`].
fn battle(out: &mut String, file: &ScenarioFile) {
    let ScenarioFile {
        name: _,
        description: _,
        map: _,
        sides: _,
        units: _,
        objectives: _,
        works: _,
        roads: _,
        turn_limit,
        defender,
        options,
        rules,
        seed,
        troops,
        orders,
        events,
    } = file;
    field(out, "turn_limit", turn_limit);
    field(out, "defender", quoted(defender));
    if let Some(options) = options {
        field(out, "options", rule_options(options));
    }
    if let Some(rules) = rules {
        field(out, "rules", quoted(rules));
    }
    if let Some(seed) = seed {
        field(out, "seed", seed);
    }
    optional_list(out, "troops", troops.iter().map(troop).collect());
    optional_list(out, "orders", orders.iter().map(order).collect());
    optional_list(out, "events", events.iter().map(event).collect());
}

/// A top-level field on its line: `    turn_limit: 6,`.
fn field(out: &mut String, name: &str, value: impl Display) {
    let _ = writeln!(out, "    {name}: {value},");
}

/// A list of a field, an element per line; `[]` if it has none.
fn list(out: &mut String, name: &str, items: Vec<String>) {
    if items.is_empty() {
        field(out, name, "[]");
        return;
    }
    let _ = writeln!(out, "    {name}: [");
    for item in items {
        let _ = writeln!(out, "{ITEM}{item},");
    }
    out.push_str("    ],\n");
}

/// As [`list`], but nothing at all for an empty list (the field's default).
fn optional_list(out: &mut String, name: &str, items: Vec<String>) {
    if !items.is_empty() {
        list(out, name, items);
    }
}

/// The map, a row per line as written, under a comment of column numbers.
fn map_rows(out: &mut String, rows: &[String]) {
    if rows.is_empty() {
        field(out, "map", "[]");
        return;
    }
    out.push_str("    map: [\n");
    if let Some(numbers) = column_numbers(rows) {
        // `      // ` puts each digit over its hex: a row's text starts after `        "`.
        let _ = writeln!(out, "      // {numbers}");
    }
    for row in rows {
        let _ = writeln!(out, "{ITEM}{},", quoted(row));
    }
    out.push_str("    ],\n");
}

/// The last digit of each column's number, each over its hex in the widest row (`0 1 2`),
/// or `None` for a map without hexes.
fn column_numbers(rows: &[String]) -> Option<String> {
    let hexes = |row: &&String| row.chars().filter(|c| !c.is_whitespace()).count();
    let widest = rows.iter().max_by_key(hexes)?;
    let mut column = 0;
    let numbers: String = widest
        .chars()
        .map(|c| {
            if c.is_whitespace() {
                return ' ';
            }
            let digit = char::from_digit(column % 10, 10).unwrap_or('0');
            column += 1;
            digit
        })
        .collect();
    let numbers = numbers.trim_end();
    (!numbers.is_empty()).then(|| numbers.to_string())
}

/// Hexes `(col, row)` several a line, on the field's own line if they fit.
fn hex_lines(out: &mut String, name: &str, hexes: &[(i32, i32)]) {
    if hexes.is_empty() {
        return;
    }
    let one_line = format!("    {name}: {},", hex_list(hexes));
    if one_line.chars().count() <= WRAP {
        out.push_str(&one_line);
        out.push('\n');
        return;
    }
    let _ = writeln!(out, "    {name}: [");
    let mut line = String::new();
    for hex in hexes.iter().map(hex) {
        if !line.is_empty() && ITEM.len() + line.len() + hex.len() + 2 > WRAP {
            let _ = writeln!(out, "{ITEM}{}", line.trim_end());
            line.clear();
        }
        let _ = write!(line, "{hex}, ");
    }
    let _ = writeln!(out, "{ITEM}{}", line.trim_end());
    out.push_str("    ],\n");
}

/// A hex: `(4, 6)`.
fn hex(&(col, row): &(i32, i32)) -> String {
    format!("({col}, {row})")
}

/// Hexes in brackets on one line: `[(9, 3), (9, 4)]`.
fn hex_list(hexes: &[(i32, i32)]) -> String {
    let hexes: Vec<String> = hexes.iter().map(hex).collect();
    format!("[{}]", hexes.join(", "))
}

/// A RON string literal of `text`, quotes, backslashes and control characters escaped.
fn quoted(text: &str) -> String {
    literal(text, false)
}

/// A RON string literal of `text`; its line breaks are kept as real ones if `keep_lines`
/// (as the shipped descriptions write them), else escaped as `\n`.
fn literal(text: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    // Most text (every map row) needs no escape: copied whole, not a character at a time.
    if !text.contains(|c: char| c == '"' || c == '\\' || c.is_control()) {
        out.push_str(text);
        out.push('"');
        return out;
    }
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if keep_lines => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value RON writes as a bare word: an enum's unit variant (`South`, `HC`, `hard`).
pub fn word<T: Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

/// A RON struct written on one line, `(name: "Red", edge: South)`: its fields in the order
/// given, those that hold their default left out by the caller's choice of method.
#[derive(Default)]
struct Fields(Vec<String>);

impl Fields {
    /// Adds `name: value`.
    fn put(mut self, name: &str, value: impl Display) -> Fields {
        self.0.push(format!("{name}: {value}"));
        self
    }

    /// Adds a string field.
    fn text(self, name: &str, value: &str) -> Fields {
        self.put(name, quoted(value))
    }

    /// Adds a field written as a bare word (an enum's unit variant).
    fn word<T: Serialize>(self, name: &str, value: &T) -> Fields {
        self.put(name, word(value))
    }

    /// Adds the field if it is set (RON's implicit `Some`: `at: (5, 5)`).
    fn maybe(self, name: &str, value: Option<impl Display>) -> Fields {
        match value {
            Some(value) => self.put(name, value),
            None => self,
        }
    }

    /// Adds the field unless it holds `default`.
    fn unless<T: PartialEq + Display>(self, name: &str, value: T, default: T) -> Fields {
        if value == default {
            self
        } else {
            self.put(name, value)
        }
    }

    /// Adds the bare-word field unless it holds `default`.
    fn word_unless<T: PartialEq + Serialize>(self, name: &str, value: &T, default: &T) -> Fields {
        if value == default {
            self
        } else {
            self.word(name, value)
        }
    }

    /// The struct: `(a: 1, b: 2)`.
    fn done(self) -> String {
        format!("({})", self.0.join(", "))
    }

    /// The struct as an enum variant: `Hold(at: (5, 5))`.
    fn named(self, variant: &str) -> String {
        format!("{variant}{}", self.done())
    }
}

/// A side: `(name: "Red", commander: "Captain Hale", edge: South)`.
fn side(side: &SideDef) -> String {
    let SideDef {
        name,
        commander,
        strategic_ability,
        morale_modifier,
        edge,
        player,
        aggression,
        level,
    } = side;
    Fields::default()
        .text("name", name)
        .maybe(
            "commander",
            (!commander.is_empty()).then(|| quoted(commander)),
        )
        .unless("strategic_ability", *strategic_ability, 0)
        .unless("morale_modifier", *morale_modifier, 0)
        .word("edge", edge)
        .word_unless("player", player, &Controller::Human)
        .unless("aggression", *aggression, DEFAULT_AGGRESSION)
        .word_unless("level", level, &Level::Normal)
        .done()
}

/// A unit: `(troop: "pikemen", side: "Red", creatures: 120, at: (4, 6), label: "Red pike")`.
fn unit(unit: &UnitDef) -> String {
    let UnitDef {
        troop,
        side,
        creatures,
        at,
        label,
        plural,
        disordered,
        ready,
        fleeing,
        reload_tokens,
        damage,
        group,
        reserve,
    } = unit;
    Fields::default()
        .text("troop", troop)
        .text("side", side)
        .put("creatures", creatures)
        .maybe("at", at.as_ref().map(hex))
        .maybe("label", label.as_deref().map(quoted))
        .maybe("plural", *plural)
        .unless("disordered", *disordered, false)
        .unless("ready", *ready, false)
        .unless("fleeing", *fleeing, false)
        .unless("reload_tokens", *reload_tokens, 0)
        .unless("damage", *damage, 0)
        .maybe("group", group.as_deref().map(quoted))
        .maybe("reserve", reserve.as_ref().map(reserve_def))
        .done()
}

/// When and where a reserve arrives: `(turn: 4, hexes: [(0, 5)])`.
fn reserve_def(reserve: &ReserveDef) -> String {
    let ReserveDef { turn, event, hexes } = reserve;
    Fields::default()
        .maybe("turn", *turn)
        .maybe("event", event.as_deref().map(quoted))
        .put("hexes", hex_list(hexes))
        .done()
}

/// An objective: `(name: "Klushino", at: (8, 2), value: 2)`.
fn objective(objective: &ObjectiveDef) -> String {
    let ObjectiveDef {
        name,
        at,
        value,
        owner,
    } = objective;
    Fields::default()
        .text("name", name)
        .put("at", hex(at))
        .maybe("value", *value)
        .maybe("owner", owner.as_deref().map(quoted))
        .done()
}

/// The rule options, every one written, as the shipped battles do.
fn rule_options(options: &RuleOptions) -> String {
    let RuleOptions {
        reload_timing,
        lotfp_morale,
    } = options;
    Fields::default()
        .word("reload_timing", reload_timing)
        .put("lotfp_morale", lotfp_morale)
        .done()
}

/// A troop type of the scenario's own, defaults left out.
fn troop(troop: &TroopDef) -> String {
    let TroopDef {
        name,
        formation,
        size,
        hd,
        armor,
        other_ac,
        morale,
        throw,
        speed,
        melee,
        missile,
        fearless,
        plural,
    } = troop;
    Fields::default()
        .text("name", name)
        .word("formation", formation)
        .word_unless("size", size, &CreatureSize::Man)
        .text("hd", hd)
        .unless("armor", *armor, 0)
        .unless("other_ac", *other_ac, 0)
        .unless("morale", *morale, 0)
        .put("throw", throw)
        .put("speed", speed)
        .put("melee", melee_def(melee))
        .maybe("missile", missile.as_ref().map(missile_def))
        .unless("fearless", *fearless, false)
        .maybe("plural", *plural)
        .done()
}

/// A melee weapon: `(name: "pike", damage: "1d10", class: SpearOrPolearm)`.
fn melee_def(melee: &MeleeDef) -> String {
    let MeleeDef {
        name,
        damage,
        class,
    } = melee;
    Fields::default()
        .text("name", name)
        .text("damage", damage)
        .word_unless("class", class, &MeleeClass::Other)
        .done()
}

/// A missile weapon: `Firearm(lock: Matchlock, kind: Musket)` or `Missile(kind: LongBow,
/// damage: "1d6")`.
fn missile_def(missile: &MissileDef) -> String {
    match missile {
        MissileDef::Firearm { lock, kind } => Fields::default()
            .word("lock", lock)
            .word("kind", kind)
            .named("Firearm"),
        MissileDef::Missile { kind, damage } => Fields::default()
            .word("kind", kind)
            .text("damage", damage)
            .named("Missile"),
    }
}

/// A standing order: `(group: "reiters", order: Free)`.
fn order(order: &OrderDef) -> String {
    let OrderDef {
        group,
        unit,
        order,
        release_within,
    } = order;
    Fields::default()
        .maybe("group", group.as_deref().map(quoted))
        .maybe("unit", unit.as_deref().map(quoted))
        .put("order", order_kind(order))
        .maybe("release_within", *release_within)
        .done()
}

/// What a standing order asks: `Hold(at: (5, 5))`, `Guard(hexes: [(7, 3)])`,
/// `AdvanceFrom(turn: 5)` or `Free`.
fn order_kind(order: &OrderKindDef) -> String {
    match order {
        OrderKindDef::Hold { at, objective } => Fields::default()
            .maybe("at", at.as_ref().map(hex))
            .maybe("objective", objective.as_deref().map(quoted))
            .named("Hold"),
        OrderKindDef::Guard { hexes } => Fields::default()
            .put("hexes", hex_list(hexes))
            .named("Guard"),
        OrderKindDef::AdvanceFrom { turn } => {
            Fields::default().put("turn", turn).named("AdvanceFrom")
        }
        OrderKindDef::Free => "Free".to_string(),
    }
}

/// An event: `(name: "...", when: Turn(3), then: [Message("...")])`.
fn event(event: &EventDef) -> String {
    let EventDef {
        name,
        when,
        repeat,
        then,
    } = event;
    let effects: Vec<String> = then.iter().map(effect).collect();
    Fields::default()
        .text("name", name)
        .put("when", trigger(when))
        .unless("repeat", *repeat, false)
        .put("then", format!("[{}]", effects.join(", ")))
        .done()
}

/// The `unit` and `group` an event names, those set.
fn named_units(unit: &Option<String>, group: &Option<String>) -> Fields {
    Fields::default()
        .maybe("unit", unit.as_deref().map(quoted))
        .maybe("group", group.as_deref().map(quoted))
}

/// An event's trigger: `Turn(5)`, `Lost(group: "G")`, `Holds(side: "S", objective: "O")`.
fn trigger(when: &TriggerDef) -> String {
    match when {
        TriggerDef::Turn(turn) => format!("Turn({turn})"),
        TriggerDef::Lost { unit, group } => named_units(unit, group).named("Lost"),
        TriggerDef::Fleeing { unit, group } => named_units(unit, group).named("Fleeing"),
        TriggerDef::Holds { side, objective } => Fields::default()
            .text("side", side)
            .text("objective", objective)
            .named("Holds"),
        TriggerDef::Losses { side, percent } => Fields::default()
            .text("side", side)
            .put("percent", percent)
            .named("Losses"),
    }
}

/// An event's effect: `Message("...")`, `Release(group: "G")`, `Terrain(hexes: [(0, 3)],
/// to: Water)`.
fn effect(effect: &EffectDef) -> String {
    match effect {
        EffectDef::Message(text) => format!("Message({})", quoted(text)),
        EffectDef::Release { unit, group } => named_units(unit, group).named("Release"),
        EffectDef::Defect { unit, group } => named_units(unit, group).named("Defect"),
        EffectDef::Orders { unit, group, order } => named_units(unit, group)
            .put("order", order_kind(order))
            .named("Orders"),
        EffectDef::Terrain { hexes, to } => Fields::default()
            .put("hexes", hex_list(hexes))
            .word("to", to)
            .named("Terrain"),
        EffectDef::EndBattle { winner, reason } => Fields::default()
            .text("winner", winner)
            .text("reason", reason)
            .named("EndBattle"),
    }
}

/// The lines that open `source`, up to its first line that is neither blank nor a `//`
/// comment.
fn opening_lines(source: &str) -> impl Iterator<Item = &str> {
    source.split_inclusive('\n').take_while(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with("//")
    })
}

/// Whether a comment holds nothing but single digits (`// 0 1 2`): the column numbers a
/// save writes over the map.
fn is_column_numbers(comment: &str) -> bool {
    let Some(body) = comment.strip_prefix("//") else {
        return false;
    };
    let mut digits = body.split_whitespace().peekable();
    digits.peek().is_some() && digits.all(|d| d.len() == 1 && d.chars().all(|c| c.is_ascii_digit()))
}

/// Every comment of `source` outside its strings: `//` to the end of the line, or a `/* */`
/// block (blocks nest, as in RON).
fn comments(source: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(first) = rest.chars().next() {
        let len = token_len(rest).max(first.len_utf8());
        let Some((token, tail)) = rest.split_at_checked(len) else {
            break;
        };
        if token.starts_with("//") || token.starts_with("/*") {
            found.push(token);
        }
        rest = tail;
    }
    found
}

/// The length in bytes of the token `rest` opens: a comment, a string or character literal
/// (raw strings too), else its first character.
fn token_len(rest: &str) -> usize {
    if rest.starts_with("//") {
        rest.find('\n').unwrap_or(rest.len())
    } else if rest.starts_with("/*") {
        block_comment_len(rest)
    } else if rest.starts_with('"') {
        quoted_len(rest, '"')
    } else if rest.starts_with('\'') {
        quoted_len(rest, '\'')
    } else if rest.starts_with('r') {
        raw_string_len(rest).unwrap_or(1)
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    }
}

/// The length of the literal `rest` opens with `delimiter`, to its unescaped closing one
/// (the whole of `rest` if it is never closed).
fn quoted_len(rest: &str, delimiter: char) -> usize {
    let mut escaped = false;
    for (at, c) in rest.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            c if c == delimiter => return at + c.len_utf8(),
            _ => {}
        }
    }
    rest.len()
}

/// The length of the raw string `r#"..."#` that opens `rest`, if one does.
fn raw_string_len(rest: &str) -> Option<usize> {
    let after_r = rest.get(1..)?;
    let hashes = after_r.chars().take_while(|&c| c == '#').count();
    let body = after_r.get(hashes..)?.strip_prefix('"')?;
    let closing = format!("\"{}", "#".repeat(hashes));
    let opened = 2 + hashes;
    Some(
        body.find(&closing)
            .map_or(rest.len(), |at| opened + at + closing.len()),
    )
}

/// The length of the block comment that opens `rest`, nested blocks included (the whole of
/// `rest` if it is never closed).
fn block_comment_len(rest: &str) -> usize {
    let mut depth = 0_usize;
    let mut at = 0;
    while let Some(tail) = rest.get(at..).filter(|tail| !tail.is_empty()) {
        if tail.starts_with("/*") {
            depth += 1;
            at += 2;
        } else if tail.starts_with("*/") {
            depth = depth.saturating_sub(1);
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += tail.chars().next().map_or(1, char::len_utf8);
        }
    }
    rest.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::data::parse_ron;
    use crate::scenario::SHIPPED;

    fn tutorial() -> ScenarioFile {
        let (file, source) = SHIPPED[0];
        parse_ron(source, file).unwrap()
    }

    #[test]
    fn the_opening_comments_are_kept_up_to_the_first_parenthesis() {
        let source = "\n// Klushino, 1610.\n//\n// Sources: (many).\n\n(\n    // a field\n    name: \"K\",\n)\n";
        assert_eq!(
            leading_comments(source),
            "// Klushino, 1610.\n//\n// Sources: (many).\n"
        );
        assert_eq!(leading_comments("(name: \"K\") // late\n"), "");
        assert_eq!(leading_comments(""), "");
    }

    #[test]
    fn comments_past_the_opening_ones_are_counted_as_lost() {
        let source = "// kept\n(\n    // lost\n    name: \"http://x // not a comment\", // lost\n    /* lost /* nested */ */\n    description: r#\"a \"// raw\" b\"#,\n    rules: 'x', // lost\n)\n";
        assert_eq!(comments_lost(source), 4);
        assert_eq!(comments_lost("// only the opening\n(name: \"x\")\n"), 0);
    }

    #[test]
    fn the_column_numbers_a_save_writes_are_not_counted_as_lost() {
        let source = "(\n    map: [\n      // 0 1 2\n        \". . .\",\n    ],\n    // 1610\n)\n";
        assert_eq!(comments_lost(source), 1);
    }

    #[test]
    fn a_saved_file_loses_no_comment_when_saved_again() {
        let text = scenario_text(&tutorial(), "// A header.\n");
        assert_eq!(comments_lost(&text), 0);
        assert_eq!(leading_comments(&text), "// A header.\n");
    }

    #[test]
    fn quotes_backslashes_and_line_breaks_survive_a_save() {
        let mut file = tutorial();
        file.name = "The \"Red\" \\ Blue\nbattle\t\u{7}".into();
        file.description = "Line one, \"quoted\".\nLine two: C:\\maps\\ and r#\"raw\"#.\n".into();
        file.units[0].label = Some("Hale's \"own\"".into());
        let text = scenario_text(&file, "");
        let back: ScenarioFile = parse_ron(&text, "saved.ron").unwrap();
        assert_eq!(back, file);
        assert!(text.contains("    name: \"The \\\"Red\\\" \\\\ Blue\\nbattle\\t\\u{7}\",\n"));
        assert!(text.contains("and r#\\\"raw\\\"#.\n\",\n"), "{text}");
    }

    #[test]
    fn the_column_numbers_stand_over_the_hexes_of_a_twelve_wide_map() {
        let mut file = tutorial();
        file.map = vec![". . . . . . . . . . . .".into(); 3];
        file.map[1] = ". . T T . . . . . ^ . .".into();
        let text = scenario_text(&file, "");
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == "    map: [").unwrap();
        assert_eq!(lines[at + 1], "      // 0 1 2 3 4 5 6 7 8 9 0 1");
        assert_eq!(lines[at + 2], "        \". . . . . . . . . . . .\",");
        assert_eq!(lines[at + 1].find('0'), lines[at + 2].find('.'));
        assert_eq!(lines[at + 1].rfind('1'), lines[at + 2].rfind('.'));
    }

    #[test]
    fn long_roads_wrap_before_the_ninety_sixth_column() {
        let mut file = tutorial();
        file.roads = (0..40).map(|c| (c, 2)).collect();
        file.works = vec![(1, 1), (2, 2)];
        let text = scenario_text(&file, "");
        assert!(text.contains("    works: [(1, 1), (2, 2)],\n"));
        let roads: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "    roads: [")
            .take_while(|l| *l != "    ],")
            .collect();
        assert!(roads.len() > 2, "{text}");
        assert!(roads.iter().all(|l| l.chars().count() <= WRAP), "{text}");
        let back: ScenarioFile = parse_ron(&text, "saved.ron").unwrap();
        assert_eq!(back.roads, file.roads);
    }

    #[test]
    fn an_order_that_holds_nothing_still_reads_back() {
        let order = OrderKindDef::Hold {
            at: None,
            objective: None,
        };
        let back: OrderKindDef = parse_ron(&order_kind(&order), "x.ron").unwrap();
        assert_eq!(back, order);
    }
}
