//! Issue 29, quick battles: `volley generate` and the generator behind the title screen's
//! quick battle. The same seed gives the same file; generated battles of 50 seeds per size
//! pass `volley check --deny-warnings`, have a way between the armies and no unit on
//! impassable ground (the 1,000-seed survey is `volley generate --survey 1000`, see
//! docs/generate.md); the ground is coherent and fair; the forces keep the lists' limits.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::{Map, SideId, Terrain};
use volley::generate::{self, audit, GenerateError, Ground, Request, Size, Stock};

fn request(a: &str, b: &str, size: Size, ground: Ground, seed: u64) -> Request {
    Request {
        army_a: a.into(),
        army_b: b.into(),
        size,
        ground,
        seed,
    }
}

/// The pairings of the shipped lists in turn, and the grounds in turn, by seed.
fn varied(stock: &Stock, size: Size, seed: u64) -> Request {
    let n = stock.lists.len() as u64;
    let a = &stock.lists[(seed % n) as usize].name;
    let b = &stock.lists[((seed / n) % n) as usize].name;
    let ground = Ground::ALL[(seed % 4) as usize];
    request(a, b, size, ground, seed)
}

#[test]
fn i29_the_same_arguments_and_seed_give_a_byte_identical_file() {
    for size in Size::ALL {
        for ground in Ground::ALL {
            let r = request("Swedish army", "army of flanders", size, ground, 1629);
            let first = generate::generate(&r).unwrap().text;
            let again = generate::generate(&r).unwrap().text;
            assert_eq!(first, again, "{size} {ground}");
            let other = generate::generate(&Request { seed: 1630, ..r })
                .unwrap()
                .text;
            assert_ne!(first, other, "another seed makes another battle");
        }
    }
}

/// The header says how the battle was made: the command, with the lists' own spelling and
/// the seed, which makes the file again.
#[test]
fn i29_the_header_gives_the_command_that_makes_the_file_again() {
    let r = request(
        "swedish ARMY",
        "Dutch States army",
        Size::Medium,
        Ground::River,
        77,
    );
    let text = generate::generate(&r).unwrap().text;
    let made_with = "// Made with: volley generate --army-a 'Swedish army' --army-b 'Dutch States army' --size medium --ground river --seed 77\n";
    assert!(text.contains(made_with), "{text}");
    // One map row per line under its column numbers, one unit per line.
    assert!(text.contains("      // 0 1 2 3 4 5 6 7 8 9 0 1"), "{text}");
    assert!(text.contains("\", // row 13\n"), "{text}");
    let units = text
        .lines()
        .filter(|l| l.trim_start().starts_with("(troop:"))
        .count();
    let scenario = generate::generate(&r).unwrap().scenario;
    assert_eq!(units, scenario.setup.units.len());
}

/// The CI check: 50 seeds of each size, written to files and passed through
/// `volley check --deny-warnings`'s code, each with a way between the armies and no unit
/// on impassable ground.
#[test]
fn i29_fifty_seeds_per_size_pass_the_check_and_the_audit() {
    let stock = Stock::shipped().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for size in Size::ALL {
        for seed in 1..=50 {
            let r = varied(&stock, size, seed);
            let made = generate::generate_from(&stock, &r).unwrap();
            let wrong = audit::audit(&made);
            assert!(wrong.is_empty(), "{}: {wrong:?}", r.command_line());
            assert!(audit::armies_meet(&made.scenario), "{}", r.command_line());
            let path = dir.path().join(format!("{size}-{seed}.ron"));
            std::fs::write(&path, &made.text).unwrap();
            files.push(path);
        }
    }
    let (lines, ok) = volley::commands::check_files(&files, true);
    assert!(ok, "{}", lines.join("\n"));
}

/// A quick battle is playtested (normal against normal) and its header says how; the
/// first candidate is the battle made without the playtest, so the playtest's dice change
/// nothing else.
#[test]
fn i29_a_quick_battle_is_playtested_and_its_header_says_so() {
    let stock = Stock::shipped().unwrap();
    let mut firsts = 0;
    for seed in 1..=10 {
        let r = varied(&stock, Size::Small, seed);
        let made = generate::generate_from(&stock, &r).unwrap();
        let played = made.played.unwrap();
        let budget = generate::playtest::budget(Size::Small);
        // A candidate dropped at its first look is kept only when none did better.
        let look = budget.first_look.map(|l| l.games);
        assert!(played.games == budget.games || Some(played.games) == look);
        assert!(played.kept <= played.tried && played.tried <= budget.candidates);
        let line = made
            .text
            .lines()
            .find(|l| l.starts_with("// Playtested"))
            .unwrap();
        // It ends the header, just before the scenario opens.
        assert!(made.text.contains(&format!("{line}\n(\n")), "{}", made.text);
        assert!(
            line.contains(&format!("over {} games", played.games)),
            "{line}"
        );
        if played.kept == 1 {
            firsts += 1;
            let plain = generate::generate_unplayed(&stock, &r).unwrap();
            let made_with = r.command_line();
            assert!(plain.text.contains(&format!("{made_with} --no-playtest\n")));
            assert_eq!(
                made.text.replace(&format!("{line}\n"), ""),
                plain.text.replace(" --no-playtest\n", "\n")
            );
        }
    }
    assert!(firsts > 0, "no battle kept its first candidate");
}

/// A large battle is played once (a second buys too few games to try a second candidate),
/// and the side its games favour gives up units: the header says how many; that side's
/// force is the unplayed battle's less those units, one of a type at most, each type still
/// within its list's min; the other side, the ground, the objectives and the defender are
/// the unplayed battle's. A battle that gave up no unit (its games found it even, or no
/// loss would bring it nearer) is the unplayed battle with the playtest's line.
#[test]
fn i29_a_large_battle_is_played_once_and_the_side_it_favours_gives_up_units() {
    let stock = Stock::shipped().unwrap();
    let (mut trimmed, mut kept) = (0, 0);
    for seed in 1..=8 {
        let r = varied(&stock, Size::Large, seed);
        let made = generate::generate_from(&stock, &r).unwrap();
        let plain = generate::generate_unplayed(&stock, &r).unwrap();
        let played = made.played.unwrap();
        assert_eq!(played.games, generate::playtest::LARGE_GAMES);
        let line = made
            .text
            .lines()
            .find(|l| l.starts_with("// Playtested"))
            .unwrap();
        let [a, b] = played.trimmed;
        if a + b == 0 {
            kept += 1;
            assert!(!made.scenario.description.contains("Playtests found"));
            assert!(
                line.ends_with("with these forces, the only pair tried."),
                "{line}"
            );
            assert_eq!(
                made.text.replace(&format!("{line}\n"), ""),
                plain.text.replace(" --no-playtest\n", "\n")
            );
            continue;
        }
        trimmed += 1;
        assert!(a == 0 || b == 0, "{line}");
        let side = usize::from(a == 0);
        let n = a + b;
        assert!(n <= generate::forces::TRIM_MOST, "{line}");
        assert!(line.contains(&format!("gave up {n} unit")), "{line}");
        briefing_names_the_trim(&made, side, n);
        // Side A scored more than a half if it gave up units, less if side B did.
        assert_eq!(played.score > 0.5, side == 0, "{line}");
        let (new, old) = (&made.forces[side], &plain.forces[side]);
        assert_eq!(new.troops.len() + n as usize, old.troops.len());
        let list = stock
            .list(if side == 0 { &r.army_a } else { &r.army_b })
            .unwrap();
        for entry in &list.troops {
            let count = |f: &generate::forces::Bought| {
                f.troops.iter().filter(|t| **t == entry.troop).count() as u32
            };
            assert!(count(old) - count(new) <= 1, "{}", entry.troop);
            assert!(count(new) >= entry.min, "{}", entry.troop);
        }
        assert_eq!(made.forces[1 - side], plain.forces[1 - side]);
        let (new, old) = (&made.scenario.setup, &plain.scenario.setup);
        assert_eq!(new.map, old.map);
        assert_eq!(new.objectives, old.objectives);
        assert_eq!(new.defender, old.defender);
    }
    assert!(trimmed > 0 && kept > 0, "{trimmed} trimmed, {kept} kept");
}

/// The briefing says which side gave up `n` units, so that a player who counts the forces
/// knows why.
fn briefing_names_the_trim(made: &generate::Generated, side: usize, n: u32) {
    let briefing = &made.scenario.description;
    let name = &made.scenario.sides[side].name;
    let said = format!("Playtests found {name} the stronger side, so {n} unit");
    assert!(briefing.contains(&said), "{briefing}");
}

/// Two armies of one list are named by their edges, and the briefing does not say the
/// edge twice.
#[test]
fn i29_a_battle_of_one_list_against_itself_names_each_side_once() {
    let stock = Stock::shipped().unwrap();
    let a = &stock.lists[0].name;
    let r = request(a, a, Size::Small, Ground::Open, 5);
    let made = generate::generate_unplayed(&stock, &r).unwrap();
    let briefing = &made.scenario.description;
    assert!(
        briefing.contains(&format!("{a} (west) (you) against {a} (east). Hold")),
        "{briefing}"
    );
}

/// The audit finds a battle whose armies cannot meet: a river with no crossing between.
#[test]
fn i29_the_audit_refuses_armies_that_cannot_meet() {
    let r = request(
        "Swedish army",
        "Dutch States army",
        Size::Small,
        Ground::Open,
        5,
    );
    let made = generate::generate(&r).unwrap();
    let mut text = made.text.clone();
    // A wall of water down column 8 of every row, and no road over it.
    let rows: Vec<String> = text
        .lines()
        .map(|l| {
            if l.contains("// row ") {
                let mut cells: Vec<char> = l.chars().collect();
                let at = l.find('"').unwrap() + 1 + 2 * 8;
                cells[at] = '~';
                cells.into_iter().collect()
            } else {
                l.to_string()
            }
        })
        .collect();
    text = rows.join("\n");
    let cut = text.find("    // Roads").unwrap();
    let end = text[cut..].find("    ],\n").unwrap() + cut + 7;
    text.replace_range(cut..end, "");
    let scenario = volley::scenario::Scenario::parse(&text, "walled.ron").unwrap();
    let walled = generate::Generated {
        text,
        scenario,
        forces: made.forces,
        played: made.played,
    };
    assert_eq!(
        audit::audit(&walled),
        ["no way over passable ground leads from side A's units to side B's"]
    );
}

#[test]
fn i29_an_unknown_army_is_refused_with_the_lists_and_the_nearest_name() {
    let r = request(
        "Swedish armee",
        "Dutch States army",
        Size::Small,
        Ground::Open,
        1,
    );
    let e = generate::generate(&r).unwrap_err();
    assert!(matches!(e, GenerateError::UnknownArmy { .. }));
    let names: Vec<String> = volley::armies::shipped()
        .unwrap()
        .into_iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(
        e.to_string(),
        format!(
            "unknown army `Swedish armee` (did you mean `Swedish army`?); the army lists are: {}",
            names.join("; ")
        )
    );
    let r = request("dutch", "Swedish army", Size::Small, Ground::Open, 1);
    let said = generate::generate(&r).unwrap_err().to_string();
    assert!(
        said.contains("(did you mean `Dutch States army`?)"),
        "{said}"
    );
    let r = request("\u{1b}[2J", "Swedish army", Size::Small, Ground::Open, 1);
    let said = generate::generate(&r).unwrap_err().to_string();
    assert!(!said.contains('\u{1b}'), "{said}");
}

/// The ground is the same for both sides under a half turn about the centre: terrain,
/// roads and objectives; the objectives are villages on the roads, which reach both edges.
#[test]
fn i29_the_ground_is_the_same_for_both_sides_under_a_half_turn() {
    let stock = Stock::shipped().unwrap();
    for size in Size::ALL {
        for seed in 1..=50 {
            let made = generate::generate_unplayed(&stock, &varied(&stock, size, seed)).unwrap();
            let map = &made.scenario.setup.map;
            let (w, h) = (map.width() as i32, map.height() as i32);
            for row in 0..h {
                for col in 0..w {
                    let (here, there) =
                        (Map::hex_at(col, row), Map::hex_at(w - 1 - col, h - 1 - row));
                    assert_eq!(map.terrain(here), map.terrain(there), "({col}, {row})");
                    assert_eq!(map.has_road(here), map.has_road(there), "({col}, {row})");
                }
            }
            let objectives = &made.scenario.setup.objectives;
            assert_eq!(objectives.len(), 2);
            // On villages, which the roads link (with each side's edge).
            for o in objectives {
                assert_eq!(map.terrain(o.hex), Some(Terrain::Village));
                assert!(map.has_road(o.hex), "{:?}", Map::offset(o.hex));
            }
            let edge = |col: i32| (0..h).any(|row| map.has_road(Map::hex_at(col, row)));
            assert!(edge(0) && edge(w - 1));
            let (c0, r0) = Map::offset(objectives[0].hex);
            assert_eq!(Map::offset(objectives[1].hex), (w - 1 - c0, h - 1 - r0));
        }
    }
}

/// A river crosses the field from the north edge to the south between the deployment
/// zones, with two to four crossings (fords, or bridges where a road crosses: R12.6).
#[test]
fn i29_a_river_runs_edge_to_edge_between_the_armies_with_two_to_four_crossings() {
    let stock = Stock::shipped().unwrap();
    for size in Size::ALL {
        for seed in 1..=20 {
            let r = Request {
                ground: Ground::River,
                ..varied(&stock, size, seed)
            };
            let made = generate::generate_unplayed(&stock, &r).unwrap();
            let map = &made.scenario.setup.map;
            let (w, h) = (map.width() as i32, map.height() as i32);
            let wet = |col: i32, row: i32| {
                let hex = Map::hex_at(col, row);
                matches!(map.terrain(hex), Some(Terrain::Water | Terrain::Ford))
            };
            for row in [0, h - 1] {
                assert!(
                    (0..w).any(|c| wet(c, row)),
                    "{}: row {row}",
                    r.command_line()
                );
            }
            let zone = volley::generate::land::ZONE;
            let all = || (0..h).flat_map(|row| (0..w).map(move |col| (col, row)));
            assert!(all()
                .filter(|&(c, r)| wet(c, r))
                .all(|(c, _)| c > zone && c < w - 1 - zone));
            let fords =
                all().filter(|&(c, r)| map.terrain(Map::hex_at(c, r)) == Some(Terrain::Ford));
            let bridges = all().filter(|&(c, r)| map.has_bridge(Map::hex_at(c, r)));
            let crossings = fords.count() + bridges.count();
            assert!(
                (2..=4).contains(&crossings),
                "{}: {crossings}",
                r.command_line()
            );
            assert!(
                made.scenario.setup.map.hexes().any(|x| map.has_bridge(x)),
                "a road bridges it"
            );
        }
    }
}

/// Forces are bought with the same budget for both sides, within each list's min and max
/// of each type; units are labelled by army, type and number, no two alike.
#[test]
fn i29_forces_keep_each_lists_min_and_max_and_labels_are_unique() {
    let stock = Stock::shipped().unwrap();
    for size in Size::ALL {
        for seed in 1..=16 {
            let r = varied(&stock, size, seed);
            let made = generate::generate_unplayed(&stock, &r).unwrap();
            let setup = &made.scenario.setup;
            for (side, army) in [(SideId::A, &r.army_a), (SideId::B, &r.army_b)] {
                let list = stock.list(army).unwrap();
                for entry in &list.troops {
                    let n = setup
                        .units
                        .iter()
                        .filter(|u| u.side == side && u.troop.name == entry.troop)
                        .count() as u32;
                    assert!(
                        (entry.min..=entry.max).contains(&n),
                        "{}: {} {n}",
                        r.command_line(),
                        entry.troop
                    );
                }
            }
            let mut labels: Vec<&str> = setup.units.iter().map(|u| u.label.as_str()).collect();
            let all = labels.len();
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), all, "{}", r.command_line());
            assert!(setup
                .units
                .iter()
                .any(|u| u.label == "1st pikemen" || u.label.starts_with("1st ")));
            // Playtest 48: each label names its army, so the log tells the sides apart.
            for (side, army) in [(SideId::A, &r.army_a), (SideId::B, &r.army_b)] {
                let short = &stock.list(army).unwrap().short;
                assert!(!short.is_empty(), "{army} has a short name");
                for u in setup.units.iter().filter(|u| u.side == side) {
                    let (_, rest) = u.label.split_once(' ').unwrap();
                    assert!(rest.starts_with(&format!("{short} ")), "{}", u.label);
                }
            }
        }
    }
}

/// Each side forms up on its own edge: side A in the west zone, side B in the east, the
/// foot's middle nearer the centre row than the horse's.
#[test]
fn i29_each_side_forms_up_on_its_own_edge_foot_in_the_centre_horse_on_the_wings() {
    let r = request(
        "Swedish army",
        "Army of Flanders",
        Size::Large,
        Ground::Open,
        11,
    );
    let made = generate::generate(&r).unwrap();
    let setup = &made.scenario.setup;
    let (w, h) = (setup.map.width() as i32, setup.map.height() as i32);
    let zone = volley::generate::land::ZONE;
    let mut spread = [(0.0, 0), (0.0, 0)];
    for u in &setup.units {
        let (col, row) = Map::offset(u.pos);
        match u.side {
            SideId::A => assert!(col < zone, "{} at ({col}, {row})", u.label),
            SideId::B => assert!(col >= w - zone, "{} at ({col}, {row})", u.label),
        }
        let off = f64::from((2 * row - (h - 1)).abs());
        let k = usize::from(u.troop.formation.is_mounted());
        spread[k].0 += off;
        spread[k].1 += 1;
    }
    let mean = |(sum, n): (f64, i32)| sum / f64::from(n.max(1));
    assert!(mean(spread[0]) < mean(spread[1]), "{spread:?}");
}

/// The turn limit lets the slowest foot march to the farther objective and leaves four
/// turns to fight: `ceil(distance / march) + 4`, at least 8; the file says the sum.
#[test]
fn i29_the_turn_limit_fits_the_map_and_the_slowest_foot() {
    let r = request(
        "Swedish army",
        "Dutch States army",
        Size::Large,
        Ground::Open,
        3,
    );
    let made = generate::generate(&r).unwrap();
    let setup = &made.scenario.setup;
    // Side A's front: the front line's middle hex.
    let front = Map::hex_at(volley::generate::land::ZONE - 1, 9);
    let far = setup
        .objectives
        .iter()
        .map(|o| front.unsigned_distance_to(o.hex))
        .max()
        .unwrap();
    // Pikemen and musketeers march 1 hex a turn (R2.3, FF and DF at 90').
    assert_eq!(setup.turn_limit, Some((far + 4).max(8)));
    let said = format!(
        "    // The slowest foot marches 1 hex a turn and its farther objective is {far} hexes from its front: ceil({far} / 1) + 4 turns to fight, at least 8.\n    turn_limit: {},\n",
        far + 4
    );
    assert!(made.text.contains(&said), "{}", made.text);
}

fn volley(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .output()
        .unwrap()
}

/// `volley generate` on the command line: the same arguments and seed print the same
/// bytes, which `volley check --deny-warnings` passes.
#[test]
fn i29_volley_generate_prints_a_battle_check_passes_and_lists_what_it_is_made_of() {
    let args = [
        "generate",
        "--army-a",
        "swedish army",
        "--army-b",
        "Polish-Lithuanian Commonwealth",
        "--size",
        "MEDIUM",
        "--ground",
        "hilly",
        "--seed",
        "42",
    ];
    let first = volley(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_eq!(first.stdout, volley(&args).stdout);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("battle.ron");
    std::fs::write(&file, &first.stdout).unwrap();
    let checked = volley(&["check", "--deny-warnings", file.to_str().unwrap()]);
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stdout)
    );
}

/// `volley generate` with no army lists the army lists, sizes and grounds; an unknown army
/// is refused with the lists; without `--seed` the clock's seed is in the header.
#[test]
fn i29_volley_generate_lists_refuses_and_takes_the_clocks_seed() {
    let listed = String::from_utf8(volley(&["generate"]).stdout).unwrap();
    assert!(listed.contains("  Swedish army (1600-1660)\n"), "{listed}");
    assert!(
        listed.contains("  large   about 24 units' worth a side, 30 × 18 hexes\n"),
        "{listed}"
    );
    assert!(
        listed.contains("Grounds: open, wooded, hilly, river\n"),
        "{listed}"
    );

    let refused = volley(&["generate", "--army-a", "Swedes", "--army-b", "Swedish army"]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.starts_with("volley: unknown army `Swedes`"), "{said}");
    assert!(
        said.contains("the army lists are: Army of Flanders;"),
        "{said}"
    );

    let clocked = volley(&[
        "generate",
        "--army-a",
        "Swedish army",
        "--army-b",
        "Swedish army",
    ]);
    let text = String::from_utf8(clocked.stdout).unwrap();
    let command = text.lines().nth(1).unwrap();
    assert!(command.starts_with("// Made with: volley generate --army-a 'Swedish army' --army-b 'Swedish army' --size small --ground open --seed "), "{command}");
    assert!(
        text.contains("(name: \"Swedish army (west)\", edge: West, player: Human)"),
        "{text}"
    );
}
