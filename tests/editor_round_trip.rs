//! The battle editor's save (issue 32, "Saves clean RON"): every shipped battle written back
//! as clean RON reads back to the same file and the same battle, a save of a save changes
//! nothing, the map stays a row per line under its column numbers, and the comments that
//! open the file stay at its top.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::editor::write::{comments_lost, leading_comments, scenario_text};
use volley::scenario::data::parse_ron;
use volley::scenario::{Scenario, ScenarioFile, SHIPPED};

/// The file `source` parses to, and its text as the editor saves it.
fn saved(source: &str, file: &str) -> (ScenarioFile, String) {
    let parsed: ScenarioFile = parse_ron(source, file).unwrap_or_else(|e| panic!("{e}"));
    let text = scenario_text(&parsed, &leading_comments(source));
    (parsed, text)
}

#[test]
fn saving_any_shipped_scenario_gives_the_same_file() {
    for (file, source) in SHIPPED {
        let (parsed, text) = saved(source, file);
        let back: ScenarioFile = parse_ron(&text, file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, parsed, "{file}");
    }
}

#[test]
fn saving_any_shipped_scenario_gives_the_same_battle() {
    for (file, source) in SHIPPED {
        let original = Scenario::parse(source, file).unwrap();
        let (_, text) = saved(source, file);
        let written = Scenario::parse(&text, file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(written.setup, original.setup, "{file}");
        assert_eq!(written.sides, original.sides, "{file}");
        assert_eq!(written.name, original.name, "{file}");
        assert_eq!(written.description, original.description, "{file}");
        assert_eq!(written.groups, original.groups, "{file}");
        assert_eq!(written.seed, original.seed, "{file}");
        assert_eq!(written.warnings.len(), original.warnings.len(), "{file}");
    }
}

#[test]
fn saving_a_saved_scenario_changes_nothing() {
    for (file, source) in SHIPPED {
        let (_, once) = saved(source, file);
        let (_, twice) = saved(&once, file);
        assert_eq!(twice, once, "{file}");
    }
}

#[test]
fn the_map_of_a_saved_scenario_is_a_row_per_line_under_its_column_numbers() {
    for (file, source) in SHIPPED {
        let (parsed, text) = saved(source, file);
        let block: Vec<&str> = text
            .lines()
            .skip_while(|line| *line != "    map: [")
            .skip(1)
            .take_while(|line| *line != "    ],")
            .collect();
        let (numbers, rows) = block.split_first().unwrap();
        let width = parsed.map.iter().map(|row| row.split_whitespace().count());
        let digits: String = (0..width.max().unwrap())
            .map(|col| (col % 10).to_string())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(*numbers, format!("      // {digits}"), "{file}");
        assert_eq!(rows.len(), parsed.map.len(), "{file}");
        for (line, row) in rows.iter().zip(&parsed.map) {
            assert_eq!(*line, format!("        \"{row}\","), "{file}");
            assert_eq!(
                numbers.find('0'),
                line.find(|c: char| !"\" ".contains(c)),
                "{file}"
            );
        }
    }
}

#[test]
fn a_saved_scenario_keeps_its_opening_comments_and_no_other() {
    for (file, source) in SHIPPED {
        let header = leading_comments(source);
        let (_, text) = saved(source, file);
        assert!(header.starts_with("// "), "{file} opens with no comment");
        assert!(
            text.starts_with(&format!("{header}(\n    name: ")),
            "{file}"
        );
        assert_eq!(comments_lost(&text), 0, "{file}");
    }
    let (_, klushino) = SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with("klushino.ron"))
        .unwrap();
    assert_eq!(comments_lost(klushino), 3);
}

#[test]
fn a_saved_unit_is_one_line_with_the_fields_it_sets() {
    let (file, source) = SHIPPED[0];
    let (_, text) = saved(source, file);
    assert!(text.contains(
        "\n        (troop: \"pikemen\", side: \"Red\", creatures: 120, at: (4, 6), label: \"Red pike\"),\n"
    ));
    assert!(text.contains(
        "\n        (name: \"Blue\", commander: \"Captain Voss\", edge: North, player: Computer, aggression: 6),\n"
    ));
}

/// A battle that sets every field and writes every kind of order, trigger, effect and
/// weapon a scenario file can hold (not a playable one: the check is not asked).
const EVERYTHING: &str = r#"// Every field at once.
(
    name: "Everything \"at once\"",
    description: "Two lines,
the second with a \\ backslash.",
    map: [". . T", ". ~ ."],
    sides: [
        (name: "Red", commander: "Hale", strategic_ability: 2, morale_modifier: -1, edge: West,
         player: Human, aggression: 0, level: easy),
        (name: "Blue", edge: East, player: Computer, aggression: 10, level: hard),
    ],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 0), label: "Pike", plural: false,
         disordered: true, ready: true, fleeing: true, reload_tokens: 2, damage: 3, group: "g"),
        (troop: "mill guard", side: "Blue", creatures: 60, reserve: (turn: 2, hexes: [(2, 1)])),
        (troop: "mill guard", side: "Blue", creatures: 60, reserve: (event: "e", hexes: [(2, 0), (2, 1)])),
    ],
    objectives: [(name: "mill", at: (1, 0), value: 3, owner: "Blue"), (name: "ford", at: (1, 1))],
    works: [(0, 1)],
    roads: [(0, 0), (1, 0)],
    turn_limit: 9,
    defender: "Red",
    options: (reload_timing: Literal, lotfp_morale: true),
    rules: "winter.ron",
    seed: 18446744073709551615,
    troops: [
        (name: "mill guard", formation: LF, size: Large, hd: "1+1", armor: 1, other_ac: 2, morale: -1,
         throw: 11, speed: 120, melee: (name: "flail", damage: "1d6+1", class: Lance),
         missile: Missile(kind: ShortBow, damage: "1d6"), fearless: true, plural: true),
        (name: "fusiliers", formation: DF, hd: "1", throw: 11, speed: 90,
         melee: (name: "sword", damage: "1d6"), missile: Firearm(lock: Flintlock, kind: Musket)),
    ],
    orders: [
        (group: "g", order: Hold(at: (5, 5)), release_within: 2),
        (unit: "Pike", order: Hold(objective: "mill")),
        (group: "g", order: Guard(hexes: [(1, 1), (2, 1)])),
        (group: "g", order: AdvanceFrom(turn: 3)),
        (unit: "Pike", order: Free),
    ],
    events: [
        (name: "e", when: Turn(2), repeat: true, then: [Message("A \"quoted\"\nmessage"), Release(group: "g")]),
        (name: "f", when: Lost(unit: "Pike"), then: [Defect(unit: "Pike"), Orders(group: "g", order: Free)]),
        (name: "g", when: Fleeing(group: "g"), then: [Orders(unit: "Pike", order: Hold(at: (1, 1)))]),
        (name: "h", when: Holds(side: "Blue", objective: "mill"), then: [Terrain(hexes: [(0, 1)], to: Water)]),
        (name: "i", when: Losses(side: "Red", percent: 50), then: [EndBattle(winner: "Blue", reason: "Red breaks")]),
    ],
)
"#;

#[test]
fn every_field_and_variant_a_scenario_can_hold_survives_a_save() {
    let (parsed, text) = saved(EVERYTHING, "everything.ron");
    let back: ScenarioFile =
        parse_ron(&text, "everything.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, parsed);
    assert_eq!(saved(&text, "everything.ron").1, text);
    assert!(text.starts_with("// Every field at once.\n(\n"));
    assert!(text.contains("missile: Missile(kind: ShortBow, damage: \"1d6\")"));
    assert!(text.contains("(group: \"g\", order: Hold(at: (5, 5)), release_within: 2)"));
    assert!(!text.contains("Some("), "{text}");
}
