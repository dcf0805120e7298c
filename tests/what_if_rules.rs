//! The rule questions the computer player asks about positions not on the board, each
//! answered by the engine's own rule and checked here against what the engine does on the
//! board: reactions (R5.6), who may still attack or fire (R4.1, R6.1, R7.2), reload
//! cadence under both readings (R4.7, R6.4), who holds an objective (R10.3), march time
//! over the ground (R4.6, R12.6), pike securing shot (R9.4), charges into works (R12.5),
//! the firearm flag of a withdrawal (R8.1, R9.2) and the morale mark with reserves (R10.2).

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
use volley::engine::rules::ReloadTiming;
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::{
    Actor, AttackKind, Command, Decision, Game, Objective, Order, Phase, Refusal, Terrain, Unit,
    UnitId,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

fn u(g: &Game, n: u16) -> &Unit {
    g.unit(id(n)).expect("the unit is in the battle")
}

fn with_tokens(mut s: volley::engine::UnitSetup, tokens: u32) -> volley::engine::UnitSetup {
    s.reload_tokens = tokens;
    s
}

const FIRE_REACTION: AttackKind = AttackKind::Reaction {
    missile: true,
    vs_charge: false,
};
const MELEE_REACTION: AttackKind = AttackKind::Reaction {
    missile: false,
    vs_charge: false,
};

#[test]
fn r5_6_a_reaction_what_if_is_the_reaction_the_engine_makes_on_the_board() {
    let g = at_phase(
        vec![
            ready(unit(A, musketeers(), 120, 5, 5)),
            ready(unit(A, troop(Formation::FF), 120, 7, 5)),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ],
        &[6, 1],
        Phase::Melee,
    );
    let (shot, pike, enemy) = (u(&g, 0), u(&g, 1), u(&g, 2));
    // Loaded shot fires; pike strikes: the same answers as on the board.
    for r in [shot, pike] {
        let what_if = g.reaction_at(r, r.pos, enemy, enemy.pos, false);
        assert_eq!(what_if, g.reaction_kind(r.id, enemy.id, false));
    }
    assert_eq!(
        g.reaction_at(shot, shot.pos, enemy, enemy.pos, false),
        Some(FIRE_REACTION)
    );
    assert_eq!(
        g.reaction_at(pike, pike.pos, enemy, enemy.pos, false),
        Some(MELEE_REACTION)
    );
    // Two hexes off, shot still fires; pike cannot reach.
    let far = at(6, 8);
    assert_eq!(
        g.reaction_at(shot, shot.pos, enemy, at(5, 7), false),
        Some(FIRE_REACTION)
    );
    assert_eq!(g.reaction_at(pike, pike.pos, enemy, far, false), None);
}

#[test]
fn r5_6_a_firearm_unit_holding_reload_tokens_does_not_react_even_if_it_readied() {
    let g = at_phase(
        vec![
            // Two tokens: standing fast through the Movement phase drops one (R4.7).
            with_tokens(ready(unit(A, musketeers(), 120, 5, 5)), 2),
            unit(A, troop(Formation::FF), 120, 7, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ],
        &[6, 1],
        Phase::Melee,
    );
    let (shot, pike, enemy) = (u(&g, 0), u(&g, 1), u(&g, 2));
    assert_eq!(shot.reload_tokens, 1);
    assert_eq!(g.reaction_kind(shot.id, enemy.id, false), None);
    assert_eq!(g.reaction_at(shot, shot.pos, enemy, enemy.pos, false), None);
    assert_eq!(
        g.reaction_if_ready(shot, shot.pos, enemy, enemy.pos, false),
        None
    );
    // The pike is not ready: no reaction now, a melee one if it readied.
    assert_eq!(g.reaction_at(pike, pike.pos, enemy, enemy.pos, false), None);
    assert_eq!(
        g.reaction_if_ready(pike, pike.pos, enemy, enemy.pos, false),
        Some(MELEE_REACTION)
    );
}

#[test]
fn r4_1_r7_2_a_unit_that_hustled_may_not_attack_again_this_turn() {
    let mut g = at_phase(
        vec![ff(A, 2, 2), ff(A, 4, 2), ff(B, 9, 9)],
        &[6, 1],
        Phase::Movement,
    );
    ok(
        &mut g,
        Command::Order(Order::Hustle {
            unit: id(0),
            to: at(2, 5),
        }),
    );
    ok(&mut g, march(1, at(4, 3)));
    assert_eq!(g.may_still_attack(id(0)), Some(Refusal::Hustled));
    assert_eq!(g.may_still_attack(id(1)), None);
    assert_eq!(g.may_still_attack(id(2)), None);
}

#[test]
fn r6_1_an_engaged_shooter_may_fire_only_at_an_adjacent_hex() {
    let g = at_phase(
        vec![
            unit(A, musketeers(), 120, 5, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
            unit(B, troop(Formation::FF), 120, 5, 8),
        ],
        &[6, 1],
        Phase::Missile,
    );
    let shot = u(&g, 0);
    assert!(g.may_fire_at(shot, u(&g, 1).pos));
    assert!(!g.may_fire_at(shot, u(&g, 2).pos));
    // The board agrees: the far target is refused for the same reason.
    let mut g = g.clone();
    let far = g.submit(fire(0, 2));
    assert!(
        matches!(
            far,
            Err(volley::engine::RuleError::CannotAttack {
                why: Refusal::EngagedFiresAdjacent,
                ..
            })
        ),
        "{far:?}"
    );
}

fn loaded_in(timing: ReloadTiming, tokens: u32) -> (Option<u32>, Option<u32>) {
    let mut s = setup(vec![
        with_tokens(unit(A, musketeers(), 120, 5, 5), tokens),
        ff(B, 9, 9),
    ]);
    s.rules.options.reload_timing = timing;
    let mut g = game_with(s, &[6, 1]);
    to_phase(&mut g, Phase::Movement);
    let shot = u(&g, 0);
    (
        g.turns_until_loaded(shot, true),
        g.turns_until_loaded(shot, false),
    )
}

#[test]
fn r6_4_turns_until_loaded_follow_the_cadence_of_each_reading() {
    // R6.4: one token fires turns 1, 3, 5 — standing fast now, the next turn.
    assert_eq!(loaded_in(ReloadTiming::StartOfTurn, 0), (Some(0), Some(0)));
    assert_eq!(loaded_in(ReloadTiming::StartOfTurn, 1), (Some(1), Some(2)));
    assert_eq!(loaded_in(ReloadTiming::StartOfTurn, 2), (Some(2), Some(3)));
    // Literal: stand fast, drop the last token, fire this turn.
    assert_eq!(loaded_in(ReloadTiming::Literal, 1), (Some(0), Some(1)));
    assert_eq!(loaded_in(ReloadTiming::Literal, 2), (Some(1), Some(2)));
}

#[test]
fn r6_4_under_literal_a_unit_that_stood_fast_off_its_last_token_fires_this_turn() {
    let mut s = setup(vec![
        with_tokens(unit(A, musketeers(), 120, 5, 5), 1),
        ff(B, 5, 3),
    ]);
    s.rules.options.reload_timing = ReloadTiming::Literal;
    let mut g = game_with(s, &[6, 1]);
    to_phase(&mut g, Phase::Movement);
    assert_eq!(g.turns_until_loaded(u(&g, 0), true), Some(0));
    ok(&mut g, Command::Order(Order::StandFast { unit: id(0) }));
    assert!(g.can_fire(u(&g, 0)), "the engine agrees once it stood fast");
}

#[test]
fn r10_3_a_fleeing_unit_on_an_objective_still_holds_it() {
    let mut s = setup(vec![ff(A, 3, 3), ff(B, 9, 9)]);
    s.units[0].fleeing = true;
    s.objectives.push(Objective {
        name: "mill".into(),
        hex: at(3, 3),
        value: 2,
        owner: None,
    });
    let g = game_with(s, &[6, 1]);
    assert_eq!(g.objective_holder(0), Some(A));
    assert_eq!(g.objectives_held(A), 2);
    assert_eq!(g.objective_holder(1), None);
}

#[test]
fn r4_6_march_turns_count_the_ground_between() {
    let mut s = setup(vec![ff(A, 2, 2), ff(B, 9, 9)]);
    let clear = game_with(s.clone(), &[6, 1]);
    let rate = u(&clear, 0).profile.rate.march;
    let (from, to) = (at(2, 2), at(2, 8));
    assert_eq!(
        clear.march_turns(u(&clear, 0), from, to),
        Some(6u32.div_ceil(rate))
    );
    // A belt of woods across the way costs a point more for the hex of it crossed.
    for col in 0..12 {
        s.map.set(at(col, 5), Terrain::Woods);
    }
    let woods = game_with(s.clone(), &[6, 1]);
    assert_eq!(
        woods.march_turns(u(&woods, 0), from, to),
        Some(7u32.div_ceil(rate))
    );
    // Water across the whole field: no march gets there.
    for col in 0..12 {
        s.map.set(at(col, 5), Terrain::Water);
    }
    let water = game_with(s, &[6, 1]);
    assert_eq!(water.march_turns(u(&water, 0), from, to), None);
}

#[test]
fn r9_4_pike_secures_shot_only_from_a_hex_beside_it() {
    let g = game(
        vec![
            unit(A, musketeers(), 120, 5, 5),
            unit(A, pikemen(), 120, 2, 2),
            unit(A, lancers(), 60, 3, 2),
            ff(B, 9, 9),
        ],
        &[6, 1],
    );
    let (shot, pike, horse) = (u(&g, 0), u(&g, 1), u(&g, 2));
    assert!(g.secured_with(shot, pike, at(5, 6), &[]));
    assert!(!g.secured_with(shot, pike, at(5, 8), &[]));
    assert!(
        !g.secured_with(shot, horse, at(5, 6), &[]),
        "only Formed Foot secures"
    );
    assert!(Game::secures(pike, shot));
    assert!(!Game::secures(pike, pike));
}

#[test]
fn r12_5_horse_may_not_charge_a_hex_with_works_foot_may() {
    let mut s = setup(vec![unit(A, lancers(), 60, 2, 2), ff(A, 3, 2), ff(B, 6, 6)]);
    s.map.add_works(at(6, 6));
    let g = game_with(s, &[6, 1]);
    assert!(!g.charge_target_ok_at(u(&g, 0), at(6, 6)));
    assert!(g.charge_target_ok_at(u(&g, 0), at(6, 7)));
    assert!(g.charge_target_ok_at(u(&g, 1), at(6, 6)));
    assert_eq!(
        g.charge_target_ok_at(u(&g, 0), at(6, 6)),
        g.charge_target_ok(u(&g, 0), u(&g, 2))
    );
}

#[test]
fn r8_1_r9_2_a_pending_withdrawal_says_whether_firearms_hit() {
    let arquebusiers = shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus);
    let mut g = at_phase(
        vec![
            unit(A, arquebusiers, 120, 5, 7),
            unit(B, musketeers(), 120, 5, 5),
        ],
        &[6, 1, 20, 20, 20, 20, 20, 20],
        Phase::Missile,
    );
    assert_eq!(g.pending_withdrawal_firearm(), None);
    ok(&mut g, fire(0, 1));
    assert!(
        matches!(g.actor(), Actor::Decide(Decision::Withdraw { .. })),
        "{:?}",
        g.actor()
    );
    assert_eq!(g.pending_withdrawal_firearm(), Some(true));
}

#[test]
fn r8_1_a_pending_withdrawal_from_bows_is_not_firearm_fire() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 2, 5),
            unit(B, troop(Formation::LF), 120, 6, 5),
        ],
        &[6, 1, 15, 16],
        Phase::Missile,
    );
    ok(&mut g, fire(0, 1));
    assert_eq!(g.pending_withdrawal_firearm(), Some(false));
}

#[test]
fn r10_2_the_morale_mark_rises_by_half_the_reserves_that_arrive() {
    let g = game(vec![ff(A, 2, 2), ff(B, 9, 9)], &[6, 1]);
    let start = g.morale_mark(A);
    assert_eq!(g.morale_mark_with(A, 0), start);
    let uhp = u(&g, 0).uhp;
    assert_eq!(g.morale_mark_with(A, uhp), (2 * uhp) / 2);
}

#[test]
fn r7_2_a_unit_that_readied_in_the_missile_phase_may_still_strike_in_the_melee_phase() {
    let mut g = at_phase(
        vec![unit(A, musketeers(), 120, 5, 5), ff(B, 5, 4)],
        &[6, 1],
        Phase::Missile,
    );
    ok(&mut g, Command::Order(Order::Ready { unit: id(0) }));
    assert_eq!(g.may_still_attack(id(0)), None);
    // The engine agrees: in the Melee phase it attacks.
    while g.phase() != Phase::Melee {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    assert!(g
        .unit_orders(id(0))
        .iter()
        .any(|c| matches!(c, Command::Order(Order::Attack { .. }))));
    assert_eq!(
        g.may_still_attack(UnitId(99)),
        Some(Refusal::Fleeing),
        "no such unit"
    );
}

#[test]
fn r4_7_in_the_initiative_phase_this_turns_stand_fast_is_still_to_come() {
    let g = game(
        vec![
            with_tokens(unit(A, musketeers(), 120, 5, 5), 1),
            ff(B, 9, 9),
        ],
        &[6, 1],
    );
    assert_eq!(g.phase(), Phase::Initiative);
    assert_eq!(g.turns_until_loaded(u(&g, 0), true), Some(1));
    assert_eq!(g.turns_until_loaded(u(&g, 0), false), Some(2));
}

#[test]
fn r9_4_a_pike_supposed_elsewhere_no_longer_secures_from_where_it_stands() {
    let g = game(
        vec![
            unit(A, musketeers(), 120, 5, 5),
            unit(A, pikemen(), 120, 5, 6),
            ff(B, 9, 9),
        ],
        &[6, 1],
    );
    let (shot, pike) = (u(&g, 0), u(&g, 1));
    assert!(g.secured_by_formed_foot(shot));
    assert!(g.secured_with(shot, pike, at(5, 6), &[]));
    assert!(
        !g.secured_with(shot, pike, at(9, 1), &[]),
        "moved away, it secures nothing"
    );
}

#[test]
fn r6_2_a_what_if_line_is_not_blocked_by_where_the_two_units_stand_now() {
    // The shot would stand at (5, 7) and shoot the foot at (5, 4); the foot stands now at
    // (5, 5), on that line, and does not block it from there.
    let g = game(vec![unit(A, musketeers(), 120, 2, 9), ff(B, 5, 5)], &[6, 1]);
    let (shot, foot) = (u(&g, 0), u(&g, 1));
    assert!(g.fire_reach_from(shot, at(5, 7), foot, at(5, 4)).is_some());
}
