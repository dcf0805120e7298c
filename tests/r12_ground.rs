//! R12.4 objectives with a value and an owner, R12.5 field works: the scenario fields as
//! `check` takes or refuses them, and what the engine does with them, with scripted dice.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;
use common::*;
use volley::engine::event::EndReason;
use volley::engine::types::{Formation, SideId};
use volley::engine::{
    AttackKind, BattleSetup, Command, Game, ModifierKind, MoveKind, Objective, Order, Phase,
    RuleError, Terrain, UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// A clear field with field works in the listed hexes.
fn works(units: Vec<UnitSetup>, hexes: &[(i32, i32)]) -> BattleSetup {
    let mut s = setup(units);
    for &(col, row) in hexes {
        s.map.add_works(at(col, row));
    }
    s
}

fn in_phase(setup: BattleSetup, faces: &[u32], phase: Phase) -> Game {
    let mut g = game_with(setup, faces);
    to_phase(&mut g, phase);
    g
}

// ---------------------------------------------------------------- R12.5 field works

#[test]
fn r12_5_entering_works_costs_one_more_than_the_terrain() {
    // FF march 2: (2,5) → (3,5) → (4,5) costs 2 on clear ground, 3 with works at (3,5).
    let units = || vec![ff(A, 2, 5), ff(B, 10, 0)];
    let open = in_phase(setup(units()), &[6, 1], Phase::Movement);
    assert_eq!(open.check_command(&march(0, at(4, 5))), Ok(()));
    let g = in_phase(works(units(), &[(3, 5)]), &[6, 1], Phase::Movement);
    assert_eq!(
        g.check_command(&march(0, at(4, 5))),
        Err(RuleError::Unreachable(id(0)))
    );
    assert_eq!(g.check_command(&march(0, at(3, 5))), Ok(()));
    let reach = g.reach(id(0), MoveKind::March);
    assert_eq!(reach.cost_to(at(3, 5)), Some(2));
}

#[test]
fn r12_5_works_on_rough_ground_cost_three() {
    let mut s = works(vec![ff(A, 2, 5), ff(B, 10, 0)], &[(3, 5)]);
    s.map.set(at(3, 5), Terrain::Rough);
    let g = in_phase(s, &[6, 1], Phase::Movement);
    assert_eq!(g.reach(id(0), MoveKind::Hustle).cost_to(at(3, 5)), Some(3));
}

#[test]
fn r12_5_missile_fire_at_a_unit_in_works_is_at_minus_2() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut g = in_phase(works(units, &[(6, 5)]), &[6, 1, 13, 12], Phase::Missile);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(
            0,
            1,
            AttackKind::Missile,
            (11, 0),
            &[(ModifierKind::Works, -2)],
            &[(13, true), (12, false)],
            1
        )
    );
}

#[test]
fn r12_5_works_in_woods_give_no_cover_on_top_of_the_woods() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut s = works(units, &[(6, 5)]);
    s.map.set(at(6, 5), Terrain::Woods);
    let mut g = in_phase(s, &[6, 1, 13, 12], Phase::Missile);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(
            0,
            1,
            AttackKind::Missile,
            (11, 0),
            &[(ModifierKind::Cover, -2)],
            &[(13, true), (12, false)],
            1
        )
    );
}

#[test]
fn r12_5_horse_may_not_charge_into_works_but_foot_may() {
    // (4,6) touches the enemy at (4,5); both chargers reach it.
    let units = vec![
        unit(A, troop(Formation::HC), 60, 3, 8),
        ff(A, 5, 8),
        ff(B, 4, 5),
    ];
    let g = in_phase(works(units, &[(4, 6)]), &[6, 1], Phase::Movement);
    assert_eq!(
        g.check_command(&charge(0, at(4, 6), 2)),
        Err(RuleError::ChargeIntoWorks)
    );
    assert_eq!(g.check_command(&charge(1, at(4, 6), 2)), Ok(()));
}

#[test]
fn r12_5_horse_may_not_charge_a_unit_standing_in_works() {
    let units = vec![
        unit(A, troop(Formation::HC), 60, 3, 8),
        ff(A, 5, 8),
        ff(B, 4, 5),
    ];
    let g = in_phase(works(units, &[(4, 5)]), &[6, 1], Phase::Movement);
    assert_eq!(
        g.check_command(&charge(0, at(4, 6), 2)),
        Err(RuleError::ChargeIntoWorks)
    );
    let horse_charges = g
        .unit_orders(id(0))
        .iter()
        .filter(|c| matches!(c, Command::Order(Order::Charge { .. })))
        .count();
    assert_eq!(horse_charges, 0, "the horse is offered no charge");
    assert_eq!(g.check_command(&charge(1, at(4, 6), 2)), Ok(()));
}

// ---------------------------------------------------------------- R12.4 objectives

fn objective(col: i32, row: i32, value: u32, owner: Option<SideId>) -> Objective {
    Objective {
        name: format!("post {col}{row}"),
        hex: at(col, row),
        value,
        owner,
    }
}

/// A stands on (2,5), B on (6,5).
fn holding(objectives: Vec<Objective>) -> Game {
    let mut s = setup(vec![ff(A, 2, 5), ff(B, 6, 5)]);
    s.objectives = objectives;
    s.turn_limit = Some(1);
    game_with(s, &[6, 1])
}

#[test]
fn r12_4_r10_3_the_side_holding_more_value_leads_not_more_hexes() {
    let g = holding(vec![
        objective(2, 5, 1, None),
        objective(3, 3, 1, None),
        objective(6, 5, 3, None),
    ]);
    assert_eq!((g.objectives_held(A), g.objectives_held(B)), (1, 3));
    assert_eq!(
        (g.standing().leader.side, g.standing().leader.reason),
        (B, EndReason::Objectives)
    );
}

#[test]
fn r12_4_an_objective_held_by_the_side_it_does_not_belong_to_counts_for_nobody() {
    let g = holding(vec![objective(2, 5, 1, None), objective(6, 5, 5, Some(A))]);
    assert_eq!((g.objectives_held(A), g.objectives_held(B)), (1, 0));
    assert_eq!(
        (g.standing().leader.side, g.standing().leader.reason),
        (A, EndReason::Objectives)
    );
}

// ---------------------------------------------------------------- check (R2.8, R12.4, R12.5)

fn kircholm_text() -> String {
    kircholm().source
}

#[test]
fn r12_4_values_and_owners_load_onto_the_objectives() {
    let text = edit(
        &kircholm_text(),
        r#"(name: "the Riga road", at: (6, 5)),"#,
        r#"(name: "the Riga road", at: (6, 5), value: 3, owner: "Sweden"),"#,
    );
    let s = volley::scenario::Scenario::parse(&text, "k.ron").unwrap();
    let o = &s.setup.objectives[1];
    assert_eq!((o.value, o.owner), (3, Some(A)));
    assert_eq!(s.setup.objectives[0].value, 1);
}

#[test]
fn r12_4_r2_8_a_value_out_of_1_to_100_and_an_unknown_owner_are_refused_at_their_place() {
    let text = edit(
        &kircholm_text(),
        r#"(name: "the Riga road", at: (6, 5)),"#,
        r#"(name: "the Riga road", at: (6, 5), value: 101, owner: "Swden"),"#,
    );
    assert_eq!(
        refused(&text),
        [
            "bad.ron:47:45: objective `the Riga road` has value 101; it must be 1 to 100 (R12.4)",
            "bad.ron:47:57: objective `the Riga road` belongs to `Swden`, which is no side of this battle (sides: `Sweden`, `Poland-Lithuania`) (R12.4)",
        ]
    );
    let zero = edit(&kircholm_text(), "at: (6, 5)),", "at: (6, 5), value: 0),");
    assert_eq!(
        refused(&zero),
        ["bad.ron:47:45: objective `the Riga road` has value 0; it must be 1 to 100 (R12.4)"]
    );
}

#[test]
fn r12_5_works_load_onto_the_map_and_only_on_passable_ground_on_the_map() {
    let with = |works: &str| {
        edit(
            &kircholm_text(),
            "    turn_limit: 8,",
            &format!("    works: {works},\n    turn_limit: 8,"),
        )
    };
    let s = volley::scenario::Scenario::parse(&with("[(3, 3), (6, 4)]"), "k.ron").unwrap();
    let map = &s.setup.map;
    assert!(map.has_works(at(3, 3)) && map.has_works(at(6, 4)));
    assert!(!map.has_works(at(4, 3)));
    assert_eq!(
        refused(&with("[(9, 9), (12, 0), (3, 3), (3, 3)]")),
        [
            "bad.ron:49:13: field works at (9, 9) are on water, which no unit can enter: works go on passable terrain (R12.5)",
            "bad.ron:49:21: field works at (12, 0) are off the map (R12.5)",
            "bad.ron:49:38: field works at (3, 3) are listed twice (R12.5)",
        ]
    );
}

// ---------------------------------------------------------------- drawing (R12.4, R12.5)

#[test]
fn r12_4_r12_5_show_draws_works_and_names_objective_values_and_owners() {
    let text = edit(
        &kircholm_text(),
        r#"(name: "the Riga road", at: (6, 5)),"#,
        r#"(name: "the Riga road", at: (6, 5), value: 3, owner: "Sweden"),"#,
    );
    let text = edit(
        &text,
        "    turn_limit: 8,",
        "    works: [(0, 0)],\n    turn_limit: 8,",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.ron");
    std::fs::write(&file, text).unwrap();
    let out = volley(&["show", file.to_str().unwrap()]);
    let shown = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains("## field works (R12.5)"), "{shown}");
    assert!(shown.contains("(6, 5) (worth 3, Sweden's only)"), "{shown}");
    // The top-left hex, empty but for its works: ` .  ` over ` ## `.
    let lower: Vec<&str> = shown.lines().filter(|l| l.contains(" ## ")).collect();
    assert!(!lower.is_empty(), "{shown}");
}

/// docs/designers.md's example of R12.4 and R12.5, put into Kircholm, passes `check`.
#[test]
fn r12_4_r12_5_the_designers_guide_example_passes_check() {
    let guide = std::fs::read_to_string("docs/designers.md").unwrap();
    let (_, after) = guide
        .split_once("**Objectives' values and owners, field works (R12.4, R12.5).**")
        .unwrap();
    let (_, block) = after.split_once("```ron\n").unwrap();
    let (example, _) = block.split_once("```").unwrap();
    let text = kircholm_text();
    let (head, rest) = text.split_once("    objectives: [").unwrap();
    let (_, tail) = rest.split_once("    ],\n").unwrap();
    let text = format!("{head}{example}{tail}");
    let s = volley::scenario::Scenario::parse(&text, "example.ron").unwrap();
    assert_eq!(
        s.setup
            .objectives
            .iter()
            .map(|o| (o.value, o.owner))
            .collect::<Vec<_>>(),
        [(2, None), (3, Some(B))]
    );
    assert!(s.setup.map.has_works(at(3, 3)) && s.setup.map.has_works(at(4, 3)));
}
