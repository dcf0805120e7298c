//! R12.1 and R12.2 reserves, R12.3 defection: a unit held off the map arrives at the start
//! of its side's Movement orders, on the first free hex of its list or delayed; it cannot
//! be charged with, targeted or counted for R10.1 before it arrives, and its uhp join its
//! side's starting uhp when it does. A small battle written in code, scripted dice.

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
use volley::engine::event::{EndReason, Event, Phase};
use volley::engine::types::SideId;
use volley::engine::{
    Answer, BattleSetup, Command, Effect, Game, Order, ReserveSetup, RuleError, ScenarioEvent,
    Trigger, UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// `u` held off the map, due on `turn` (or only by an event), arriving on `hexes`.
fn reserve(mut u: UnitSetup, turn: Option<u32>, hexes: &[(i32, i32)]) -> UnitSetup {
    u.reserve = Some(ReserveSetup {
        turn,
        hexes: hexes.iter().map(|&(c, r)| at(c, r)).collect(),
    });
    u
}

/// Initiative faces for `turns` turns, side A winning each (6 against 1).
fn a_wins(turns: usize) -> Vec<u32> {
    [6, 1].repeat(turns)
}

/// From the Movement phase with side A ordering, ends every order to the next turn, then
/// A chooses to be first; returns the events of that choice (the Movement phase opening).
fn next_turn(g: &mut Game) -> Vec<Event> {
    let turn = g.turn();
    while g.turn() == turn {
        ok(g, Command::Order(Order::EndOrders));
    }
    ok(g, Command::Answer(Answer::ChooseFirst { first: true }))
}

/// Red FF at (2, 5), Blue FF at (10, 0), and a Red FF reserve (#2) due on turn 2 at (0, 11)
/// or (1, 11).
fn red_reserve_on_turn_2() -> BattleSetup {
    setup(vec![
        ff(A, 2, 5),
        ff(B, 10, 0),
        reserve(ff(A, 0, 0), Some(2), &[(0, 11), (1, 11)]),
    ])
}

#[test]
fn r12_1_a_reserve_arrives_at_the_start_of_its_sides_movement_orders_on_its_turn() {
    let mut g = game_with(red_reserve_on_turn_2(), &a_wins(3));
    to_phase(&mut g, Phase::Movement);
    assert!(!g.unit(id(2)).unwrap().on_map());
    assert_eq!(g.unit_at(at(0, 11)), None);
    let events = next_turn(&mut g);
    assert_eq!(
        events,
        [
            Event::DecisionAnswered,
            Event::FirstSideChosen { side: A },
            phase_began(Phase::Movement),
            Event::OrdersPassed { side: A },
            Event::ReserveArrived {
                unit: id(2),
                at: at(0, 11)
            },
        ]
    );
    let u = g.unit(id(2)).unwrap();
    assert!(u.on_map());
    assert_eq!((u.pos, u.uhp, u.ready), (at(0, 11), 8, false));
    assert_eq!(g.unit_at(at(0, 11)).map(|u| u.id), Some(id(2)));
    // It may take a Movement order the phase it arrives (R12.1).
    assert_eq!(g.check_command(&march(2, at(0, 10))), Ok(()));
}

#[test]
fn r12_1_a_reserve_of_the_second_side_arrives_when_that_side_orders() {
    let units = vec![
        ff(A, 2, 5),
        ff(B, 10, 0),
        reserve(ff(B, 0, 0), Some(1), &[(11, 0)]),
    ];
    let mut g = game_with(setup(units), &a_wins(1));
    to_phase(&mut g, Phase::Movement);
    assert!(!g.unit(id(2)).unwrap().on_map());
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::OrdersPassed { side: B },
            Event::ReserveArrived {
                unit: id(2),
                at: at(11, 0)
            },
        ]
    );
}

#[test]
fn r12_1_a_reserve_takes_the_first_free_hex_of_its_list() {
    let mut s = red_reserve_on_turn_2();
    s.units[0].pos = at(0, 11);
    let mut g = game_with(s, &a_wins(3));
    to_phase(&mut g, Phase::Movement);
    let events = next_turn(&mut g);
    assert_eq!(
        events.last(),
        Some(&Event::ReserveArrived {
            unit: id(2),
            at: at(1, 11)
        })
    );
}

#[test]
fn r12_1_a_reserve_whose_hexes_are_all_taken_is_delayed_and_tries_again_next_turn() {
    let mut s = red_reserve_on_turn_2();
    s.units[2].reserve.as_mut().unwrap().hexes = vec![at(2, 5)];
    let mut g = game_with(s, &a_wins(3));
    to_phase(&mut g, Phase::Movement);
    let events = next_turn(&mut g);
    assert_eq!(events.last(), Some(&Event::ReserveDelayed { unit: id(2) }));
    assert!(!g.unit(id(2)).unwrap().on_map());
    ok(&mut g, march(0, at(2, 4)));
    let events = next_turn(&mut g);
    assert_eq!(
        events.last(),
        Some(&Event::ReserveArrived {
            unit: id(2),
            at: at(2, 5)
        })
    );
}

#[test]
fn r12_1_a_reserve_may_not_charge_the_turn_it_arrives() {
    // Red lancers arrive at (5, 9), two hexes from Blue foot at (5, 7).
    let units = vec![
        ff(A, 0, 11),
        ff(B, 5, 7),
        reserve(unit(A, lancers(), 60, 0, 0), Some(1), &[(5, 9)]),
    ];
    let mut g = game_with(setup(units), &a_wins(1));
    to_phase(&mut g, Phase::Movement);
    assert!(g.unit(id(2)).unwrap().on_map());
    assert_eq!(
        g.check_command(&charge(2, at(5, 8), 1)),
        Err(RuleError::ArrivedThisTurn(id(2)))
    );
    assert!(!g.legal_commands().contains(&charge(2, at(5, 8), 1)));
    assert_eq!(g.check_command(&march(2, at(4, 9))), Ok(()));
}

#[test]
fn r12_2_a_reserve_still_to_come_cannot_be_targeted() {
    let units = vec![
        unit(A, archers(), 120, 5, 6),
        ff(B, 10, 0),
        reserve(ff(B, 0, 0), Some(2), &[(5, 4)]),
    ];
    let g = at_phase(units, &a_wins(1), Phase::Missile);
    assert_eq!(
        g.check_command(&fire(0, 2)),
        Err(RuleError::NoSuchUnit(id(2)))
    );
    assert!(g.units_of(B).all(|u| u.id != id(2)));
}

/// Blue's only unit on the map starts fleeing at its own edge: it routs in turn 1's flee.
fn blue_routs_at_once(blue_reserve: bool) -> Game {
    let mut fleeing = ff(B, 5, 0);
    fleeing.fleeing = true;
    let mut units = vec![ff(A, 5, 11), fleeing];
    if blue_reserve {
        units.push(reserve(ff(B, 0, 0), Some(3), &[(5, 0)]));
    }
    let mut g = game_with(setup(units), &a_wins(1));
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    g
}

#[test]
fn r12_2_a_side_with_a_reserve_to_come_has_not_lost_by_r10_1() {
    let without = blue_routs_at_once(false);
    assert_eq!(
        without.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(A), EndReason::Annihilated))
    );
    let with = blue_routs_at_once(true);
    assert_eq!(with.units_of(B).count(), 0);
    assert_eq!(with.outcome(), None);
}

#[test]
fn r12_2_a_reserves_uhp_join_its_sides_starting_uhp_when_it_arrives() {
    let mut g = game_with(red_reserve_on_turn_2(), &a_wins(3));
    to_phase(&mut g, Phase::Movement);
    assert_eq!((g.side(A).start_uhp, g.losses(A)), (8, 0));
    assert_eq!(g.standing().morale_mark[0], 4);
    next_turn(&mut g);
    assert_eq!((g.side(A).start_uhp, g.losses(A)), (16, 0));
    assert_eq!(g.standing().morale_mark[0], 8);
}

#[test]
fn r12_3_a_reserve_that_defects_arrives_for_its_new_side() {
    let mut s = red_reserve_on_turn_2();
    s.events = vec![ScenarioEvent {
        name: "They go over".into(),
        when: Trigger::Turn(1),
        repeat: false,
        then: vec![Effect::Defect(vec![id(2)])],
    }];
    let mut g = game_with(s, &a_wins(3));
    assert_eq!(g.unit(id(2)).unwrap().side, B);
    // Its uhp were in nobody's starting uhp: none move (R12.2, R12.3).
    assert_eq!((g.side(A).start_uhp, g.side(B).start_uhp), (8, 8));
    to_phase(&mut g, Phase::Movement);
    let turn_2 = next_turn(&mut g);
    assert!(!turn_2
        .iter()
        .any(|e| matches!(e, Event::ReserveArrived { .. })));
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        events.last(),
        Some(&Event::ReserveArrived {
            unit: id(2),
            at: at(0, 11)
        })
    );
    assert_eq!((g.side(A).start_uhp, g.side(B).start_uhp), (8, 16));
}

// ------------------------------------------------------------------ `check`

/// The small battle with a group, two reserves and three events that `check` passes.
const BASE: &str = R12_BATTLE;

#[test]
fn r12_1_check_a_reserve_due_after_the_turn_limit_is_refused() {
    let text = edit(BASE, "reserve: (turn: 3,", "reserve: (turn: 7,");
    assert_eq!(
        refused(&text),
        ["bad.ron:9:88: \"Blue late\" is due on turn 7; a reserve's arrival turn must be 1 to the turn limit, 6 (R12.1, R2.8)"]
    );
}

#[test]
fn r12_1_check_a_reserves_hexes_must_be_on_the_map_and_passable() {
    let text = edit(BASE, "hexes: [(5, 0)]", "hexes: [(2, 2), (9, 0)]");
    assert_eq!(
        refused(&text),
        [
            "bad.ron:9:97: \"Blue late\"'s arrival hex (2, 2) is water, which no unit can enter (R4.6, R12.1)",
            "bad.ron:9:97: \"Blue late\"'s arrival hex (9, 0) is off the map (R12.1)",
        ]
    );
}

#[test]
fn r12_1_check_a_reserve_waiting_for_an_unknown_event_is_refused_with_did_you_mean() {
    let text = edit(
        BASE,
        r#"reserve: (event: "Help","#,
        r#"reserve: (event: "Hlep","#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:10:101: the reserve waits for the event `Hlep`, which the battle does not have; did you mean `Help`?"]
    );
}

#[test]
fn r12_1_check_a_reserve_whose_event_does_not_release_it_is_refused() {
    let text = edit(BASE, r#"Release(group: "late")"#, r#"Message("x")"#);
    assert_eq!(
        refused(&text),
        ["bad.ron:10:101: the reserve \"Red late\" waits for the event `Help`, which has no `Release` for it (R12.1)"]
    );
}

#[test]
fn r12_1_check_a_unit_needs_a_hex_or_a_reserve_not_both() {
    let text = edit(
        BASE,
        r#"at: (0, 0), label: "Blue pike""#,
        r#"label: "Blue pike""#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:8:10: \"Blue pike\" with no hex: give it `at: (col, row)`, or make it a reserve (R12.1)"]
    );
    let text = edit(
        BASE,
        r#"label: "Blue late", reserve"#,
        r#"at: (4, 0), label: "Blue late", reserve"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:9:58: \"Blue late\" has both `at` and `reserve`: a reserve starts off the map (R12.1); leave `at` out"]
    );
    let text = edit(
        BASE,
        "reserve: (turn: 3, hexes",
        r#"reserve: (turn: 3, event: "Help", hexes"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:9:78: \"Blue late\"'s reserve needs either `turn` or `event`, not both or neither (R12.1)"]
    );
}

/// R12.1, R12.7: when a reserve is due, as the computer asks it: by its turn, or at once
/// when an event released it, and not at all while only an unfired event would.
#[test]
fn r12_1_a_reserve_is_due_by_its_turn_and_its_uhp_counts_from_then() {
    let mut setup = red_reserve_on_turn_2();
    setup.units.push(reserve(ff(A, 1, 0), None, &[(1, 11)]));
    let g = game_with(setup, &a_wins(3));
    let by_turn = g.unit(id(2)).unwrap().reserve.clone().unwrap();
    assert_eq!((by_turn.due_by(1), by_turn.due_by(2)), (false, true));
    assert_eq!(by_turn.turns_until_due(g.turn()), Some(1));
    let mut by_event = g.unit(id(3)).unwrap().reserve.clone().unwrap();
    assert_eq!(
        (by_event.due_by(10), by_event.turns_until_due(1)),
        (false, None)
    );
    by_event.released = true;
    assert_eq!(
        (by_event.due_by(1), by_event.turns_until_due(1)),
        (true, Some(0))
    );
    // Eight uhp due on turn 2; the reserve waiting on an event is never counted.
    let due = [Some(1), Some(2), None].map(|last| g.uhp_due_by(A, last));
    assert_eq!(due, [0, 8, 8]);
    assert_eq!(g.uhp_due_by(B, None), 0);
}
