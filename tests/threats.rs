//! Specification tests of the engine's threat and fire-range queries (R4.4, R6.1–R6.3) that
//! the terminal's threat view and fire-range marks draw: `fire_field`, `threats_to` and
//! `menace` answer from the engine's own range table, sight line and charge reach.

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
use common::*;
use volley::engine::game::{Cover, Threats};
use volley::engine::rules::Range;
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::{Game, Phase, Terrain, UnitSetup};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

fn arquebusiers() -> volley::engine::TroopType {
    shot(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus)
}

/// A game on a clear 24×12 field with some hexes changed, at side A's Movement orders;
/// side B also has pikemen far off in the corner (the last unit).
fn board(mut units: Vec<UnitSetup>, cells: &[(i32, i32, Terrain)]) -> Game {
    units.push(unit(B, pikemen(), 120, 23, 0));
    let mut s = setup(units);
    s.map = volley::engine::Map::clear(24, 12);
    for &(col, row, terrain) in cells {
        s.map.set(at(col, row), terrain);
    }
    let mut g = game_with(s, &[6, 1]);
    to_phase(&mut g, Phase::Movement);
    g
}

/// The cover of the hexes `(col, row)` in the field of unit 0.
fn covers(g: &Game, hexes: &[(i32, i32)]) -> Vec<Option<Cover>> {
    let field = g.fire_field(id(0)).unwrap();
    hexes.iter().map(|&(c, r)| field.cover(at(c, r))).collect()
}

#[test]
fn r6_3_an_arquebus_field_marks_armor_piercing_foot_and_mounted_range() {
    let g = board(vec![unit(A, arquebusiers(), 120, 2, 5)], &[]);
    let field = g.fire_field(id(0)).unwrap();
    assert_eq!(
        (field.foot, field.mounted),
        (Range { max: 3, ap: 2 }, Range { max: 4, ap: 2 })
    );
    assert_eq!(
        covers(&g, &[(3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (2, 5)]),
        [
            Some(Cover::Pierce),
            Some(Cover::Pierce),
            Some(Cover::Range),
            Some(Cover::Mounted),
            None,
            None
        ]
    );
}

#[test]
fn r6_2_woods_hide_what_lies_behind_and_a_firearm_never_fires_over_units() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(A, pikemen(), 120, 3, 5),
    ];
    // The line up the column runs along the edge between (2, 4) and (3, 4): woods on both
    // sides hide what lies behind (R6.2; one side's woods alone would not).
    let g = board(units, &[(2, 4, Terrain::Woods), (3, 4, Terrain::Woods)]);
    // Behind the friendly pike (row 5) and behind the woods (up the column): hidden.
    assert_eq!(
        covers(&g, &[(4, 5), (2, 3), (1, 5)]),
        [
            Some(Cover::Hidden),
            Some(Cover::Hidden),
            Some(Cover::Pierce)
        ]
    );
}

#[test]
fn r6_2_a_long_bow_volleys_overhead_of_units_but_not_of_woods() {
    let units = vec![unit(A, archers(), 120, 2, 5), unit(A, pikemen(), 120, 3, 5)];
    let g = board(units, &[(2, 4, Terrain::Woods), (3, 4, Terrain::Woods)]);
    let field = g.fire_field(id(0)).unwrap();
    let bow = Range { max: 7, ap: 0 };
    assert_eq!((field.foot, field.mounted), (bow, bow));
    assert_eq!(
        covers(&g, &[(4, 5), (2, 3), (9, 5), (10, 5)]),
        [
            Some(Cover::Overhead),
            Some(Cover::Hidden),
            Some(Cover::Overhead),
            None
        ]
    );
}

#[test]
fn r6_1_the_fire_field_agrees_with_the_fire_check_for_every_enemy_hex() {
    // Foot and horse of side B at every distance along the row and a column behind woods.
    let mut units = vec![unit(A, arquebusiers(), 120, 0, 5)];
    for col in 1..=5 {
        units.push(unit(B, pikemen(), 120, col, 3));
        units.push(unit(B, lancers(), 30, col, 7));
    }
    let g = board(units, &[(1, 4, Terrain::Woods)]);
    let field = g.fire_field(id(0)).unwrap();
    let shooter = g.unit(id(0)).unwrap();
    for target in g.units_of(B) {
        let max = g.missile_range(shooter, target).unwrap().max;
        let by_field = field.cover(target.pos).is_some_and(|c| {
            let in_range = target.pos.unsigned_distance_to(shooter.pos) <= max;
            c.shootable() && in_range
        });
        assert_eq!(
            by_field,
            g.fire_reach(shooter, target).is_some(),
            "{} at {:?}",
            target.label,
            volley::engine::Map::offset(target.pos)
        );
    }
}

#[test]
fn r4_4_r6_1_threats_to_a_hex_are_the_enemies_that_could_charge_or_fire_at_it() {
    let units = vec![
        unit(A, pikemen(), 120, 5, 9),
        // 6 hexes off: within its charge rate of 9 and one hex.
        unit(B, lancers(), 30, 5, 3),
        // 15 hexes off.
        unit(B, lancers(), 30, 20, 9),
        // 3 hexes off: its charge of 3 ends beside, and the arquebus reaches foot at 3.
        unit(B, arquebusiers(), 120, 5, 6),
        // 7 hexes off.
        unit(B, arquebusiers(), 120, 5, 2),
        // 6 hexes off: charge rate 4 and one hex falls short.
        unit(B, pikemen(), 120, 11, 9),
    ];
    let g = board(units, &[]);
    let threats = g.threats_to(at(5, 9), A);
    assert_eq!(
        threats,
        Threats {
            chargers: vec![id(1), id(3)],
            shooters: vec![id(3)],
        }
    );
}

#[test]
fn r4_4_a_disordered_unit_threatens_no_charge_and_menace_lists_its_hexes() {
    let mut horse = unit(B, lancers(), 30, 5, 5);
    horse.disordered = true;
    let g = board(vec![unit(A, pikemen(), 120, 5, 9), horse], &[]);
    assert_eq!(g.threats_to(at(5, 9), A), Threats::default());
    assert!(g.menace(id(1)).charge.is_empty());
    let g = board(
        vec![unit(A, pikemen(), 120, 5, 9), unit(B, lancers(), 30, 5, 5)],
        &[],
    );
    let menace = g.menace(id(1));
    assert!(menace.charge.contains(&at(5, 9)));
    assert!(!menace.charge.contains(&at(20, 5)));
    assert!(menace.fire.is_empty());
}
