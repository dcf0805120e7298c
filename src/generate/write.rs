//! A quick battle written as a scenario file a designer can read and edit (issue 29): a
//! header saying how it was made (the command and its seed, which make it again), the map a
//! row per line under its column numbers, a unit per line, the objectives with their values
//! (R12.4) and the roads (R12.6) hex by hex in the order they were laid.

use super::land::Land;
use super::placement::Plan;
use super::Request;
use std::fmt::Write as _;

/// What a generated battle's header says of its playtest (issue 29).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Note {
    /// Nothing: a tilted battle, or a candidate still to be playtested.
    Nothing,
    /// Made with `--no-playtest`: the header's command says so, so that it makes the file
    /// again.
    NoPlaytest,
    /// What the playtest found, in a line that ends the header.
    Played(super::Played),
}

/// The scenario text of a generated battle between the lists `armies` (A, B), its header
/// saying what `note` says of its playtest.
pub fn scenario(
    request: &Request,
    armies: [&str; 2],
    land: &Land,
    plan: &Plan,
    note: Note,
) -> String {
    let sides = side_names(armies);
    let mut out = header(request, armies, plan, note);
    out.push_str("(\n");
    let title = format!("Quick battle: {} v {}", armies[0], armies[1]);
    let _ = writeln!(out, "    name: {},", quoted(&title));
    let _ = writeln!(
        out,
        "    description: {},",
        quoted(&description(request, (armies, &sides), plan, note))
    );
    map(&mut out, land);
    let _ = writeln!(out, "    sides: [");
    for (name, edge, player) in [
        (&sides[0], "West", "Human"),
        (&sides[1], "East", "Computer"),
    ] {
        let _ = writeln!(
            out,
            "        (name: {}, edge: {edge}, player: {player}),",
            quoted(name)
        );
    }
    out.push_str("    ],\n");
    units_and_objectives(&mut out, land, plan, &sides);
    roads(&mut out, land);
    ending(&mut out, plan, &sides);
    out.push_str(")\n");
    out
}

/// The header's line saying how the battle was playtested.
fn playtest_line(played: &super::Played) -> String {
    let ordinal = match played.kept {
        1 => "first".to_string(),
        2 => "second".to_string(),
        3 => "third".to_string(),
        n => format!("{n}th"),
    };
    let which = match played.tried {
        1 => "the only pair tried".to_string(),
        n => format!("the {ordinal} of {n} pairs tried"),
    };
    let score = format!(
        "// Playtested normal against normal: side A scored {:.0}% over {} games",
        played.score * 100.0,
        played.games,
    );
    match played.trimmed {
        [0, 0] => format!("{score} with these forces, {which}.\n"),
        [a, b] => {
            let (side, n) = if a > 0 { ("A", a) } else { ("B", b) };
            let units = if n == 1 { "unit" } else { "units" };
            format!(
                "{score}, {which}; then side {side} gave up {n} {units}, the points fit's \
                 guess at what evens it.\n"
            )
        }
    }
}

/// The header's line giving the command that makes the file again.
const MADE_WITH: &str = "// Made with: ";

/// The command a generated scenario's header says makes it again (`volley generate …`), if
/// `source` has that header.
pub fn made_with_command(source: &str) -> Option<&str> {
    (source.lines().take_while(|l| l.starts_with("//")))
        .find_map(|l| l.strip_prefix(MADE_WITH))
        .filter(|c| c.starts_with("volley generate "))
}

/// The header's line giving the command that makes the file again.
fn made_with(request: &Request, note: Note) -> String {
    let flag = if note == Note::NoPlaytest {
        " --no-playtest"
    } else {
        ""
    };
    format!("{MADE_WITH}{}{flag}\n", request.command_line())
}

/// The units, a line each, and the objectives with their values (R12.4).
fn units_and_objectives(out: &mut String, land: &Land, plan: &Plan, sides: &[String; 2]) {
    out.push_str("    units: [\n");
    for u in &plan.units {
        let (col, row) = land.grid.place(u.at);
        let _ = writeln!(
            out,
            "        (troop: {}, side: {}, creatures: {}, at: ({col}, {row}), label: {}),",
            quoted(&u.troop),
            quoted(sides.get(u.side).map_or("", String::as_str)),
            u.creatures,
            quoted(&u.label)
        );
    }
    out.push_str("    ],\n    objectives: [\n");
    for o in &plan.objectives {
        let (col, row) = land.grid.place(o.at);
        let _ = writeln!(
            out,
            "        (name: {}, at: ({col}, {row}), value: {}),",
            quoted(&o.name),
            o.value
        );
    }
    out.push_str("    ],\n");
}

/// The turn limit with the sum that made it, and the defender.
fn ending(out: &mut String, plan: &Plan, sides: &[String; 2]) {
    let (march, far) = plan.march_and_distance;
    let who = if plan.on_foot {
        "foot"
    } else {
        "unit (no foot)"
    };
    let hexes = if march == 1 { "hex" } else { "hexes" };
    let _ = writeln!(
        out,
        "    // The slowest {who} marches {march} {hexes} a turn and its farther objective is {far} \
         hexes from its front: ceil({far} / {march}) + {} turns to fight, at least {}.",
        super::placement::FIGHT_TURNS,
        super::placement::MIN_TURNS
    );
    let _ = writeln!(out, "    turn_limit: {},", plan.turn_limit);
    let defender = sides.get(plan.defender).map_or("", String::as_str);
    let _ = writeln!(out, "    defender: {},", quoted(defender));
}

/// Whether both sides use one list, so that their names say their edges ([`side_names`]).
fn one_list(armies: [&str; 2]) -> bool {
    armies[0] == armies[1]
}

/// The sides' names: the lists' names, told apart when both sides use one list.
fn side_names(armies: [&str; 2]) -> [String; 2] {
    if one_list(armies) {
        [
            format!("{} (west)", armies[0]),
            format!("{} (east)", armies[1]),
        ]
    } else {
        [armies[0].to_string(), armies[1].to_string()]
    }
}

fn header(request: &Request, armies: [&str; 2], plan: &Plan, note: Note) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// A quick battle generated by Volley (issue 29): {} v {}, {}, {} ground.",
        armies[0], armies[1], request.size, request.ground
    );
    out.push_str(&made_with(request, note));
    out.push_str("// The same command makes the same file, byte for byte.\n");
    let [(sa, ba), (sb, bb)] = plan.points;
    let _ = writeln!(
        out,
        "// Points (assets/points.ron): side A spent {sa} of {ba}, side B {sb} of {bb}."
    );
    out.push_str(
        "// The ground is the same for both sides under a half turn about the centre of the map.\n",
    );
    if let Note::Played(played) = &note {
        out.push_str(&playtest_line(played));
    }
    out
}

/// The briefing: the ground, who comes from which edge (the names say it already when both
/// sides use one list), the objectives, and a side that gave up units ([`trim_sentence`]).
fn description(
    request: &Request,
    (armies, sides): ([&str; 2], &[String; 2]),
    plan: &Plan,
    note: Note,
) -> String {
    let places: Vec<&str> = plan.objectives.iter().map(|o| o.name.as_str()).collect();
    let (west, east) = if one_list(armies) {
        ("(you)", "")
    } else {
        ("(you, from the west)", " (from the east)")
    };
    let mut text = format!(
        "A quick battle on {} ground: {} {west} against {}{east}. Hold {} when the turn limit comes.",
        request.ground,
        sides[0],
        sides[1],
        places.join(" and ")
    );
    text.push_str(&trim_sentence(sides, note));
    text
}

/// The briefing's word on a side that gave up units to the playtest, so that a player who
/// counts the forces knows why one is smaller; empty when neither did.
fn trim_sentence(sides: &[String; 2], note: Note) -> String {
    let Note::Played(played) = note else {
        return String::new();
    };
    let Some((side, &n)) = (sides.iter().zip(&played.trimmed)).find(|(_, &n)| n > 0) else {
        return String::new();
    };
    let (units, stay, them) = if n == 1 {
        ("unit", "stays", "it")
    } else {
        ("units", "stay", "them")
    };
    format!(
        " Playtests found {side} the stronger side, so {n} {units} of what its points bought \
         {stay} behind: the forces below are without {them}."
    )
}

/// The map, a row per line, under two comment lines of column numbers (tens, then ones)
/// and each row followed by its number.
fn map(out: &mut String, land: &Land) {
    let width = land.grid.width;
    let digits = |f: fn(i32) -> String| (0..width).map(f).collect::<Vec<_>>().join(" ");
    out.push_str("    map: [\n");
    let tens = digits(|c| {
        if c < 10 {
            " ".into()
        } else {
            (c / 10).to_string()
        }
    });
    let _ = writeln!(out, "      // {}", tens.trim_end());
    let _ = writeln!(out, "      // {}", digits(|c| (c % 10).to_string()));
    for row in 0..land.grid.height {
        let cells: Vec<String> = (0..width)
            .filter_map(|col| land.grid.index((col, row)))
            .map(|i| land.at(i).symbol().to_string())
            .collect();
        let _ = writeln!(out, "        \"{}\", // row {row}", cells.join(" "));
    }
    out.push_str("    ],\n");
}

/// The roads, ten hexes a line.
fn roads(out: &mut String, land: &Land) {
    if land.roads.is_empty() {
        return;
    }
    out.push_str("    // Roads, hex by hex; a road hex on water (`~`) is a bridge (R12.6).\n");
    out.push_str("    roads: [\n");
    for chunk in land.roads.chunks(10) {
        let hexes: Vec<String> = chunk
            .iter()
            .map(|&i| {
                let (c, r) = land.grid.place(i);
                format!("({c}, {r})")
            })
            .collect();
        let _ = writeln!(out, "        {},", hexes.join(", "));
    }
    out.push_str("    ],\n");
}

/// A RON string of `text`.
fn quoted(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

#[cfg(test)]
mod tests {
    use super::{made_with, playtest_line, trim_sentence, Note};
    use crate::generate::{Ground, Played, Request, Size};

    #[test]
    fn i29_the_playtest_line_says_which_pair_was_kept() {
        let played = Played {
            score: 0.55,
            games: 20,
            kept: 2,
            tried: 3,
            trimmed: [0, 0],
        };
        assert_eq!(
            playtest_line(&played),
            "// Playtested normal against normal: side A scored 55% over 20 games with \
             these forces, the second of 3 pairs tried.\n"
        );
        let only = playtest_line(&Played {
            kept: 1,
            tried: 1,
            ..played
        });
        assert!(
            only.ends_with("with these forces, the only pair tried.\n"),
            "{only}"
        );
        let trimmed = playtest_line(&Played {
            score: 0.75,
            games: 8,
            kept: 1,
            tried: 1,
            trimmed: [2, 0],
        });
        assert_eq!(
            trimmed,
            "// Playtested normal against normal: side A scored 75% over 8 games, the only \
             pair tried; then side A gave up 2 units, the points fit's guess at what evens \
             it.\n"
        );
    }

    #[test]
    fn i29_an_unplayed_battle_names_the_command_that_makes_it_again() {
        let request = Request {
            army_a: "Swedish army".into(),
            army_b: "Saxon army".into(),
            size: Size::Small,
            ground: Ground::Open,
            seed: 7,
        };
        let line = made_with(&request, Note::NoPlaytest);
        assert!(line.ends_with(" --seed 7 --no-playtest\n"), "{line}");
        let played = Played {
            score: 0.5,
            games: 20,
            kept: 1,
            tried: 1,
            trimmed: [0, 0],
        };
        for note in [Note::Nothing, Note::Played(played)] {
            let line = made_with(&request, note);
            assert!(line.ends_with(" --seed 7\n"), "{line}");
        }
    }

    #[test]
    fn i29_the_briefing_says_which_side_gave_up_units() {
        let sides = ["Swedes".to_string(), "Saxons".to_string()];
        let played = |trimmed| {
            Note::Played(Played {
                score: 0.25,
                games: 8,
                kept: 1,
                tried: 1,
                trimmed,
            })
        };
        let cases = [
            (
                played([0, 2]),
                " Playtests found Saxons the stronger side, so 2 units of what its points \
                 bought stay behind: the forces below are without them.",
            ),
            (
                played([1, 0]),
                " Playtests found Swedes the stronger side, so 1 unit of what its points \
                 bought stays behind: the forces below are without it.",
            ),
            (played([0, 0]), ""),
            (Note::NoPlaytest, ""),
        ];
        for (note, said) in cases {
            assert_eq!(trim_sentence(&sides, note), said, "{note:?}");
        }
    }
}
