//! Issue 12: the designer's views of a scenario. `volley show` draws the map with the
//! game's own widget as plain text, `volley troops` lists the catalog with a scenario's own
//! troop types, and `volley units` keeps its columns aligned and shows each unit's hex.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::volley;

use volley::commands::troops::{own_troops, troops_report};
use volley::commands::units_report;
use volley::engine::Rules;
use volley::scenario::{Catalog, Scenario};

const OWN: &str = r#"(
    name: "Own troops",
    map: [". . . .", ". ^ . .", ". . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    troops: [
        (name: "winter pikemen", formation: FF, hd: "1", armor: 5, morale: 1, throw: 11, speed: 60,
            melee: (name: "pike", damage: "1d10", class: SpearOrPolearm)),
    ],
    units: [
        (troop: "winter pikemen", side: "Red", creatures: 120, at: (0, 2),
            label: "The very long label of Lord Ormonde's pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (3, 0), label: "Blue pike"),
    ],
    objectives: [(name: "the mill", at: (2, 1))],
    turn_limit: 6,
    defender: "Blue",
)
"#;

#[test]
fn show_draws_the_map_with_every_unit_and_objective_and_a_key() {
    let out = volley(&["show", "scenarios/tutorial.ron"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Tutorial: pike, shot and horse\n"));
    // The map as the game draws it: Red's pike at (4, 6) shows as `RFF` over `p 8`.
    assert!(text.contains("RFF"), "{text}");
    assert!(text.contains("p 8"), "{text}");
    assert!(text.contains("@@"), "the objective is marked: {text}");
    assert!(text.contains("  RFF p  Red pike"), "{text}");
    assert!(
        text.contains("  the crossroads                    (5, 4)"),
        "{text}"
    );
    assert!(text.contains("Terrain: . clear"), "{text}");
    assert!(!text.contains('\u{1b}'), "plain text, no escape codes");
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let shown = volley::tui::show::show(scenario, 60).unwrap();
    let too_narrow = volley::tui::show::show(Scenario::parse(OWN, "own.ron").unwrap(), 20);
    assert_eq!(
        too_narrow.unwrap_err().to_string(),
        "the map is 4 hexes wide: it needs a width of at least 25 columns"
    );
    let map_lines = shown.lines().take_while(|l| !l.starts_with("Terrain:"));
    assert!(
        map_lines.into_iter().all(|l| l.chars().count() <= 60),
        "{shown}"
    );
    // A label longer than the usual column widens it for every unit, so each line's side
    // and hex stand in line with the others'.
    let hex_at: Vec<usize> = (shown.lines())
        .skip_while(|l| !l.starts_with("Units"))
        .skip(1)
        .take_while(|l| l.starts_with("  ") && l.contains('('))
        .map(|l| l.find('(').unwrap())
        .collect();
    assert_eq!(hex_at.len(), 2, "{shown}");
    assert!(hex_at.iter().all(|c| *c == hex_at[0]), "{shown}");
}

#[test]
fn troops_lists_the_catalog_and_marks_a_scenarios_own_troop_types() {
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let standard = Catalog::standard().unwrap();
    let merged = scenario.catalog().unwrap();
    let own = own_troops(&merged, &standard);
    assert_eq!(own, ["winter pikemen"]);
    let text = troops_report("T", &merged, &own, &Rules::standard());
    let line = text
        .lines()
        .find(|l| l.starts_with("winter pikemen"))
        .unwrap();
    assert!(line.contains("scenario"), "{line}");
    assert!(line.ends_with("3 pike"), "{line}");
    let pike = text.lines().find(|l| l.starts_with("pikemen ")).unwrap();
    assert!(pike.contains("catalog") && pike.contains("2/3/4"), "{pike}");
    let cli = volley(&["troops"]);
    assert!(cli.status.success());
    assert!(String::from_utf8_lossy(&cli.stdout).contains("matchlock musketeers"));
}

#[test]
fn units_keeps_its_columns_aligned_for_long_labels_and_shows_each_hex() {
    let scenario = Scenario::parse(OWN, "own.ron").unwrap();
    let text = units_report(&scenario, false);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let column = |l: &str, what: &str| l.find(what).unwrap();
    let side_at = column(lines[0], "side");
    assert_eq!(lines[1].find(" Red ").unwrap() + 1, side_at, "{text}");
    assert_eq!(lines[2].find(" Blue ").unwrap() + 1, side_at, "{text}");
    assert!(
        lines[1].contains("(0, 2)") && lines[2].contains("(3, 0)"),
        "{text}"
    );
}

/// The map part of `show`'s text: the lines between the title and the key.
fn map_part(shown: &str) -> Vec<&str> {
    let lines = shown.lines().skip(2);
    lines.take_while(|l| !l.starts_with("Terrain:")).collect()
}

/// Issue 28: `show` numbers the columns above the map and the rows at its left, as the
/// scenario file's `at: (col, row)` counts them; here `Blue pike` at (3, 0) stands under
/// column 3 on row 0's line, and the Red pike at (0, 2) under column 0 on row 2's.
#[test]
fn i28_show_numbers_columns_above_and_rows_at_the_left() {
    for width in [26, 40, 60] {
        let shown =
            volley::tui::show::show(Scenario::parse(OWN, "own.ron").unwrap(), width).unwrap();
        let map = map_part(&shown);
        let header: Vec<&str> = map[0].split_whitespace().collect();
        assert_eq!(header, ["0", "1", "2", "3"], "at {width}:\n{shown}");
        assert!(map.iter().all(|l| l.chars().count() <= usize::from(width)));
        let row_of = |r: &str| -> Vec<usize> {
            let starts = |l: &&&str| l.split_whitespace().next() == Some(r);
            let below = map.iter().enumerate().skip(1);
            below.filter(|(_, l)| starts(l)).map(|(i, _)| i).collect()
        };
        let rows: Vec<Vec<usize>> = ["0", "1", "2"].map(row_of).to_vec();
        assert!(
            rows.iter().all(|r| r.len() == 1),
            "at {width}: {rows:?}\n{shown}"
        );
        // Each unit's tag is on its row's line (or the line below it) under its column.
        let column = |c: char| map[0].find(c).unwrap();
        for (row, col, tag) in [(0, '3', 'p'), (2, '0', 'p')] {
            let line = rows[row][0];
            let near = |l: &str| {
                let x = column(col);
                l.get(x.saturating_sub(2)..(x + 3).min(l.len()))
                    .is_some_and(|s| s.contains(tag))
            };
            assert!(
                near(map[line]) || near(map[line + 1]),
                "at {width}: tag {tag} not under column {col} on row {row}:\n{shown}"
            );
        }
    }
}

/// Issue 28: `show`'s key gives the ground under each unit (its terrain, works and road)
/// and the objective it stands on, which the map's unit hides.
#[test]
fn i28_show_names_the_terrain_and_objective_under_each_unit() {
    let own = OWN
        .replace("at: (3, 0), label", "at: (1, 1), label")
        .replace(
            "objectives: [(name: \"the mill\", at: (2, 1))]",
            "objectives: [(name: \"the mill\", at: (1, 1), value: 3)],\n    works: [(1, 1)]",
        );
    let shown = volley::tui::show::show(Scenario::parse(&own, "own.ron").unwrap(), 60).unwrap();
    let line = |label: &str| {
        shown
            .lines()
            .find(|l| l.contains(label))
            .unwrap()
            .to_string()
    };
    assert!(
        line("Blue pike").ends_with("(1, 1)  hill, field works; on the mill (worth 3)"),
        "{shown}"
    );
    assert!(line("Lord Ormonde").ends_with("(0, 2)  clear"), "{shown}");
}

/// `show` of OWN with the mill worth `value`, and with the Blue pike on it if `occupied`.
fn with_mill_worth(value: u32, occupied: bool, width: u16) -> String {
    let mut own = OWN.replace(
        "(name: \"the mill\", at: (2, 1))",
        &format!("(name: \"the mill\", at: (2, 1), value: {value})"),
    );
    if occupied {
        own = own.replace("at: (3, 0), label", "at: (2, 1), label");
    }
    volley::tui::show::show(Scenario::parse(&own, "own.ron").unwrap(), width).unwrap()
}

/// R12.4: an objective worth more than 1 shows its value by its `@@` mark at the hex sizes
/// with room for it (2 and 3), with a unit on it too; one worth 1 shows `@@` alone.
#[test]
fn r12_4_an_objectives_value_is_drawn_by_its_mark_where_there_is_room() {
    // OWN's 4 columns are drawn at hex size 1 in 26 columns, 2 in 40 and 3 in 60.
    for width in [40, 60] {
        let map = with_mill_worth(3, false, width);
        let map = map_part(&map).join("\n");
        assert!(map.contains("@@3"), "at {width}:\n{map}");
        let taken = with_mill_worth(3, true, width);
        let taken = map_part(&taken).join("\n");
        assert!(taken.contains("@@3"), "at {width}, occupied:\n{taken}");
        let plain = with_mill_worth(1, false, width);
        assert!(!map_part(&plain).join("\n").contains("@@1"), "{plain}");
    }
    let small = with_mill_worth(3, false, 26);
    assert!(map_part(&small).join("\n").contains(" @@"), "{small}");
}

/// Issue 29: `volley show` without `--width` draws a map wider than its 100 columns (a
/// generated large battle, 30 hexes) at the narrowest width that shows it all; a width
/// given too narrow is still refused with the width needed.
#[test]
fn show_without_a_width_widens_to_fit_a_large_generated_map() {
    let made = volley::generate::generate(&volley::generate::Request {
        army_a: "Swedish army".into(),
        army_b: "Saxon army".into(),
        size: volley::generate::Size::Large,
        ground: volley::generate::Ground::Open,
        seed: 3,
    })
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.ron");
    std::fs::write(&file, &made.text).unwrap();
    let path = file.to_str().unwrap();
    let out = volley(&["show", path]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!((101..=156).contains(&widest), "{widest}");
    let narrow = volley(&["show", path, "--width", "100"]);
    assert!(!narrow.status.success());
    let said = String::from_utf8(narrow.stderr).unwrap();
    assert!(said.contains("at least 156 columns"), "{said}");
}
