//! Specification tests for R3 (the turn) and R4 (the Movement phase) of RULES.md, with the
//! whole R4.4 shock-by-cavalry chain.

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
use hexx::Hex;
use volley::engine::event::{AttackKind, EndReason, RollCause};
use volley::engine::types::{FirearmKind, Lock, SideId};
use volley::engine::Refusal;
use volley::engine::{
    Actor, Command, Decision, Event, Formation, Game, MoveKind, Phase, RuleError, Status, Terrain,
    TroopType, UnitSetup,
};
use volley::engine::{Answer, Order};
use volley::engine::{CancelReason, Modifier, ModifierKind};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

fn moved(unit: u16, kind: MoveKind, path: &[Hex]) -> Event {
    Event::Moved {
        unit: id(unit),
        kind,
        path: path.to_vec(),
    }
}

fn stood(unit: u16) -> Event {
    moved(unit, MoveKind::StandFast, &[])
}

fn charged(unit: u16, target: u16) -> Event {
    Event::ChargeDeclared {
        unit: id(unit),
        target: id(target),
    }
}

fn asked(decision: Decision) -> Event {
    Event::DecisionRequested { decision }
}

fn advance_asked(unit: u16, hex: Hex) -> Event {
    asked(Decision::Advance {
        side: A,
        unit: id(unit),
        hex,
    })
}

/// An `Advanced` event of `unit` into `to`.
fn advanced(unit: u16, to: Hex) -> Event {
    Event::Advanced { unit: id(unit), to }
}

fn state(g: &Game, n: u16) -> (Hex, Status, bool) {
    let u = g.unit(id(n)).expect("unit");
    (u.pos, u.status, u.ready)
}

fn fearless(mut t: TroopType) -> TroopType {
    t.fearless = true;
    t
}

/// Movement phase of turn 1, side A ordering first.
fn movement(units: Vec<UnitSetup>, faces: &[u32]) -> Game {
    at_phase(units, faces, Phase::Movement)
}

fn far_enemy() -> UnitSetup {
    ff(B, 10, 0)
}

/// Side A's 60 HC at (5,8), two hexes south of (5,6).
fn hc_charger() -> UnitSetup {
    unit(A, troop(Formation::HC), 60, 5, 8)
}

/// Side B's 120 matchlock musketeers at offset `(col, row)`.
fn b_musketeers(col: i32, row: i32) -> UnitSetup {
    unit(B, musketeers(), 120, col, row)
}

/// Asserts that unit 0 may neither fire at unit 1 nor ready, for the reason `why`.
fn assert_may_not_fire_or_ready(g: &mut Game, why: Refusal) {
    assert_eq!(
        g.submit(fire(0, 1)),
        Err(RuleError::CannotAttack { unit: id(0), why })
    );
    assert_eq!(
        g.submit(Command::Order(Order::Ready { unit: id(0) })),
        Err(RuleError::CannotReady { unit: id(0), why })
    );
}

// ---------------------------------------------------------------- R3

#[test]
fn r3_1_initiative_ties_are_rerolled_and_the_winner_is_asked_to_choose() {
    let g = game(
        vec![unit(A, pikemen(), 120, 3, 8), far_enemy()],
        &[3, 3, 2, 5],
    );
    assert_eq!(
        g.log(),
        [
            Event::TurnBegan { turn: 1 },
            Event::InitiativeRolled {
                faces: vec![(3, 3), (2, 5)],
                winner: B,
            },
            asked(Decision::Initiative { side: B }),
        ]
    );
    assert_eq!(g.actor(), Actor::Decide(Decision::Initiative { side: B }));
    assert_eq!(g.phase(), Phase::Initiative);
}

#[test]
fn r3_1_strategic_ability_is_added_to_the_initiative_die() {
    let mut s = setup(vec![unit(A, pikemen(), 120, 3, 8), far_enemy()]);
    s.sides[0].strategic_ability = 2;
    // 2+2 ties 4, then 3+2 beats 4
    let g = game_with(s, &[2, 4, 3, 4]);
    assert_eq!(
        g.log()[1],
        Event::InitiativeRolled {
            faces: vec![(2, 4), (3, 4)],
            winner: A,
        }
    );
}

#[test]
fn r3_1_the_winner_may_choose_to_be_the_second_side() {
    let mut g = game(vec![unit(A, pikemen(), 120, 3, 8), far_enemy()], &[6, 1]);
    let events = ok(
        &mut g,
        Command::Answer(Answer::ChooseFirst { first: false }),
    );
    assert_eq!(
        events,
        vec![
            Event::DecisionAnswered,
            Event::FirstSideChosen { side: B },
            phase_began(Phase::Movement),
            Event::OrdersPassed { side: B },
        ]
    );
    assert_eq!(g.first_side(), B);
    assert_eq!(g.acting_side(), Some(B));
}

#[test]
fn r3_2_first_side_orders_then_second_side_in_movement_missile_and_melee() {
    let mut g = game(
        vec![unit(A, pikemen(), 120, 3, 8), far_enemy()],
        &[6, 1, 6, 1],
    );
    ok(
        &mut g,
        Command::Answer(Answer::ChooseFirst { first: false }),
    );
    let a_stands = Command::Order(Order::StandFast { unit: id(0) });
    assert_eq!(g.submit(a_stands), Err(RuleError::NotYourUnit(id(0))));
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![stood(1), Event::OrdersPassed { side: A }]
    );
    assert_eq!(
        g.submit(Command::Order(Order::StandFast { unit: id(1) })),
        Err(RuleError::NotYourUnit(id(1)))
    );
    let next = phase_began(Phase::Missile);
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![stood(0), next]
    );
    for phase in [Phase::Missile, Phase::Melee] {
        assert_eq!(g.phase(), phase);
        assert_eq!(g.acting_side(), Some(B));
        assert_eq!(
            ok(&mut g, Command::Order(Order::EndOrders)),
            vec![Event::OrdersPassed { side: A }]
        );
        assert_eq!(g.acting_side(), Some(A));
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    assert_eq!(g.turn(), 2);
}

#[test]
fn r3_the_phases_come_in_their_fixed_order() {
    let mut g = game(
        vec![unit(A, pikemen(), 120, 3, 8), far_enemy()],
        &[6, 1, 6, 1],
    );
    to_phase(&mut g, Phase::Melee);
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    let phases: Vec<Phase> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::PhaseBegan { phase } => Some(*phase),
            _ => None,
        })
        .collect();
    assert_eq!(
        phases,
        [Phase::Movement, Phase::Missile, Phase::Melee, Phase::Morale]
    );
    assert_eq!(g.turn(), 2);
    assert_eq!(g.phase(), Phase::Initiative);
}

#[test]
fn r3_3_a_turn_limit_ends_the_battle_after_its_last_turn() {
    let mut s = setup(vec![unit(A, pikemen(), 120, 3, 8), far_enemy()]);
    s.turn_limit = Some(2);
    let mut g = game_with(s, &[6, 1, 6, 1]);
    for turn in 1..=2 {
        assert_eq!(g.turn(), turn);
        to_phase(&mut g, Phase::Melee);
        ok(&mut g, Command::Order(Order::EndOrders));
        let last = ok(&mut g, Command::Order(Order::EndOrders));
        if turn == 1 {
            assert_eq!(last[1], Event::TurnBegan { turn: 2 });
        } else {
            assert_eq!(
                last,
                vec![
                    phase_began(Phase::Morale),
                    Event::BattleEnded {
                        winner: Some(B),
                        reason: EndReason::Defender,
                    },
                ]
            );
        }
    }
    assert_eq!(
        g.submit(Command::Order(Order::EndOrders)),
        Err(RuleError::BattleOver)
    );
}

// ---------------------------------------------------------------- R4.1

#[test]
fn r4_1_march_and_hustle_go_up_to_their_rates() {
    // FF of 90' move 2/3/4
    let mut g = movement(vec![ff(A, 5, 8), far_enemy()], &[6, 1]);
    let check = |g: &Game, c| g.check_command(&c);
    assert_eq!(check(&g, march(0, at(5, 6))), Ok(()));
    assert_eq!(
        check(&g, march(0, at(5, 5))),
        Err(RuleError::Unreachable(id(0)))
    );
    let hustle = |to| Command::Order(Order::Hustle { unit: id(0), to });
    assert_eq!(check(&g, hustle(at(5, 5))), Ok(()));
    assert_eq!(
        check(&g, hustle(at(5, 4))),
        Err(RuleError::Unreachable(id(0)))
    );
    assert_eq!(
        ok(&mut g, march(0, at(5, 6))),
        vec![moved(0, MoveKind::March, &[at(4, 7), at(5, 6)])]
    );
    assert_eq!(
        g.submit(march(0, at(5, 5))),
        Err(RuleError::AlreadyOrdered {
            unit: id(0),
            phase: Phase::Movement
        })
    );
}

#[test]
fn r4_1_a_unit_that_hustled_may_not_attack_or_ready() {
    let mut g = movement(vec![unit(A, archers(), 120, 5, 9), ff(B, 5, 2)], &[6, 1]);
    ok(
        &mut g,
        Command::Order(Order::Hustle {
            unit: id(0),
            to: at(5, 6),
        }),
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.phase(), Phase::Missile);
    assert_may_not_fire_or_ready(&mut g, Refusal::Hustled);
}

#[test]
fn r4_1_stand_fast_is_the_default_order() {
    let mut g = movement(vec![ff(A, 3, 8), ff(A, 6, 8), far_enemy()], &[6, 1]);
    ok(&mut g, march(1, at(6, 7)));
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![stood(0), Event::OrdersPassed { side: B }]
    );
    assert_eq!(
        g.unit(id(0)).unwrap().marks.moved,
        Some(MoveKind::StandFast)
    );
    assert_eq!(g.unit(id(1)).unwrap().marks.moved, Some(MoveKind::March));
}

#[test]
fn r4_1_fleeing_units_make_their_flee_move_instead_of_an_order() {
    // turn 1: the DF flees from a cavalry charge (2+1 = 3) and fails to rally (1+2 = 3)
    let mut g = movement(
        vec![hc_charger(), b_musketeers(5, 5)],
        &[6, 1, 2, 1, 1, 2, 6, 1],
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Answer(Answer::Advance { advance: false }));
    assert_eq!(state(&g, 1), (at(4, 3), Status::Fleeing, false));
    while g.turn() == 1 {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    let events = ok(
        &mut g,
        Command::Answer(Answer::ChooseFirst { first: false }),
    );
    assert_eq!(
        events,
        vec![
            Event::DecisionAnswered,
            Event::FirstSideChosen { side: B },
            phase_began(Phase::Movement),
            moved(1, MoveKind::Flee, &[at(4, 2), at(3, 1)]),
            Event::OrdersPassed { side: B },
        ]
    );
    assert_eq!(
        g.submit(Command::Order(Order::StandFast { unit: id(1) })),
        Err(RuleError::Fleeing(id(1)))
    );
}

// ---------------------------------------------------------------- R4.2

#[test]
fn r4_2_entering_a_hex_next_to_an_enemy_stops_the_move() {
    // LC march 3; (3,5) and (4,5) touch the enemy at (4,4), (5,5) does not
    let units = |enemy: (i32, i32)| {
        vec![
            unit(A, troop(Formation::LC), 60, 2, 5),
            ff(B, enemy.0, enemy.1),
        ]
    };
    let g = movement(units((4, 4)), &[6, 1]);
    assert_eq!(g.check_command(&march(0, at(3, 5))), Ok(()));
    assert_eq!(
        g.check_command(&march(0, at(5, 5))),
        Err(RuleError::Unreachable(id(0)))
    );
    let open = movement(units((10, 0)), &[6, 1]);
    assert_eq!(open.check_command(&march(0, at(5, 5))), Ok(()));
}

#[test]
fn r4_2_an_engaged_unit_may_only_stand_fast_disengage_or_charge_an_adjacent_enemy() {
    let mut g = movement(vec![ff(A, 5, 6), ff(B, 5, 5), ff(B, 8, 6)], &[6, 1]);
    assert!(g.is_engaged(g.unit(id(0)).unwrap()));
    assert_eq!(
        g.check_command(&march(0, at(5, 7))),
        Err(RuleError::Engaged(id(0)))
    );
    assert_eq!(
        g.check_command(&Command::Order(Order::Hustle {
            unit: id(0),
            to: at(5, 8)
        })),
        Err(RuleError::Engaged(id(0)))
    );
    assert_eq!(
        g.check_command(&charge(0, at(7, 6), 2)),
        Err(RuleError::Unreachable(id(0)))
    );
    assert_eq!(
        g.check_command(&charge(0, at(5, 6), 2)),
        Err(RuleError::TargetNotAdjacent)
    );
    assert_eq!(
        g.check_command(&Command::Order(Order::Disengage {
            unit: id(0),
            to: at(5, 8)
        })),
        Ok(())
    );
    assert_eq!(
        g.check_command(&Command::Order(Order::StandFast { unit: id(0) })),
        Ok(())
    );
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        vec![moved(0, MoveKind::Charge, &[]), charged(0, 1)]
    );
}

// ---------------------------------------------------------------- R4.3

/// A march of two hexes along row 5 by `mover` through `friend`.
fn march_through(mover: TroopType, friend: TroopType) -> Result<Vec<Event>, RuleError> {
    let mut g = movement(
        vec![
            unit(A, mover, 60, 2, 5),
            unit(A, friend, 60, 3, 5),
            far_enemy(),
        ],
        &[6, 1],
    );
    g.submit(march(0, at(4, 5))).map(<[_]>::to_vec)
}

fn df120() -> TroopType {
    let mut t = shot(Formation::DF, Lock::Matchlock, FirearmKind::Musket);
    t.speed = 120; // march 2
    t
}

#[test]
fn r4_3_lf_sf_and_df_march_through_friends() {
    let through = Ok(vec![moved(0, MoveKind::March, &[at(3, 5), at(4, 5)])]);
    let sf = shot(Formation::SF, Lock::Flintlock, FirearmKind::Musket);
    assert_eq!(
        march_through(troop(Formation::LF), troop(Formation::FF)),
        through
    );
    assert_eq!(march_through(sf, troop(Formation::FF)), through);
    assert_eq!(march_through(df120(), troop(Formation::FF)), through);
}

#[test]
fn r4_3_any_friend_marches_through_lf_sf_or_df() {
    let through = Ok(vec![moved(0, MoveKind::March, &[at(3, 5), at(4, 5)])]);
    let sf = shot(Formation::SF, Lock::Flintlock, FirearmKind::Musket);
    assert_eq!(
        march_through(troop(Formation::FF), troop(Formation::LF)),
        through
    );
    assert_eq!(march_through(troop(Formation::FF), sf), through);
    assert_eq!(march_through(troop(Formation::IF), df120()), through);
}

#[test]
fn r4_3_other_formations_do_not_pass_each_other() {
    let blocked = Err(RuleError::Unreachable(id(0)));
    assert_eq!(
        march_through(troop(Formation::FF), troop(Formation::FF)),
        blocked
    );
    assert_eq!(
        march_through(troop(Formation::IF), troop(Formation::FF)),
        blocked
    );
}

#[test]
fn r4_3_no_unit_passes_through_anything_while_charging() {
    // LF of 60' charge 3; the only 3-hex path to (4,5) runs through (2,5)
    let mut slow_lf = troop(Formation::LF);
    slow_lf.speed = 60;
    let units = |friend: bool| {
        let mut u = vec![unit(A, slow_lf.clone(), 120, 1, 5), ff(B, 5, 5)];
        if friend {
            u.push(unit(A, troop(Formation::LF), 120, 2, 5));
        }
        u
    };
    let blocked = movement(units(true), &[6, 1]);
    assert_eq!(
        blocked.check_command(&charge(0, at(4, 5), 1)),
        Err(RuleError::Unreachable(id(0)))
    );
    let open = movement(units(false), &[6, 1]);
    assert_eq!(open.check_command(&charge(0, at(4, 5), 1)), Ok(()));
}

// ---------------------------------------------------------------- R4.4

#[test]
fn r4_4_a_charge_must_end_adjacent_to_its_target() {
    let g = movement(vec![ff(A, 5, 8), ff(B, 5, 5)], &[6, 1]);
    assert_eq!(
        g.check_command(&charge(0, at(5, 7), 1)),
        Err(RuleError::TargetNotAdjacent)
    );
    assert_eq!(g.check_command(&charge(0, at(5, 6), 1)), Ok(()));
}

#[test]
fn r4_4_if_uf_and_disordered_units_cannot_charge() {
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let g = movement(
        vec![
            unit(A, troop(Formation::IF), 120, 3, 8),
            unit(A, uf, 120, 5, 8),
            disordered(unit(A, troop(Formation::HC), 60, 7, 8)),
            ff(B, 5, 6),
        ],
        &[6, 1],
    );
    for (n, to) in [(0, at(4, 7)), (1, at(5, 7)), (2, at(6, 7))] {
        assert_eq!(
            g.check_command(&charge(n, to, 3)),
            Err(RuleError::CannotCharge(id(n)))
        );
    }
}

#[test]
fn r4_4_mounted_units_may_not_charge_into_woods_village_or_ford() {
    for ground in [Terrain::Woods, Terrain::Village, Terrain::Ford] {
        let units = vec![
            unit(A, troop(Formation::HC), 60, 3, 8),
            ff(A, 5, 8),
            ff(B, 4, 5),
        ];
        // (4,6) touches the enemy; both chargers reach it
        let g = at_phase_on(units, &[(at(4, 6), ground)], &[6, 1], Phase::Movement);
        assert_eq!(
            g.check_command(&charge(0, at(4, 6), 2)),
            Err(RuleError::ChargeIntoBadGround),
            "{ground:?}"
        );
        assert_eq!(
            g.check_command(&charge(1, at(4, 6), 2)),
            Ok(()),
            "{ground:?}"
        );
        assert_eq!(
            g.check_command(&charge(0, at(5, 6), 2)),
            Ok(()),
            "{ground:?}"
        );
    }
}

#[test]
fn r4_4_a_foot_charge_does_not_shock_drilled_foot() {
    let mut g = movement(vec![ff(A, 5, 8), b_musketeers(5, 5)], &[6, 1]);
    assert_eq!(ok(&mut g, charge(0, at(5, 6), 1)), charged_from_5_8(vec![]));
}

#[test]
fn r4_4_cavalry_charge_shocks_unsecured_drilled_foot_before_reaction_fire() {
    let mut g = movement(
        vec![hc_charger(), ready(b_musketeers(5, 5))],
        &[6, 1, 4, 4, 5],
    );
    let reaction = AttackKind::Reaction {
        missile: true,
        vs_charge: true,
    };
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        charged_from_5_8(vec![
            shock(1, RollCause::CavalryCharge, [4, 4], &[]),
            declared(1, 0, reaction),
            rolled_at_11(1, 0, reaction, &[], &[(5, false)]),
            Event::ReadyLost { unit: id(1) },
            Event::ReloadTokensGained {
                unit: id(1),
                tokens: 1,
            },
        ])
    );
}

#[test]
fn r4_4_a_shocked_target_that_recoils_is_disordered_loses_ready_and_makes_no_reaction() {
    let mut g = movement(vec![hc_charger(), ready(b_musketeers(5, 5))], &[6, 1, 3, 3]);
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        charged_from_5_8(vec![
            shock(1, RollCause::CavalryCharge, [3, 3], &[]),
            recoiled(1, at(6, 4)),
            advance_asked(0, at(5, 5)),
        ])
    );
    assert_eq!(state(&g, 1), (at(6, 4), Status::Disordered, false));
    // advancing, the charger is next to its target again: it stays the target
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Advance { advance: true })),
        vec![Event::DecisionAnswered, advanced(0, at(5, 5))]
    );
    assert_eq!(
        g.actor(),
        Actor::Orders {
            side: A,
            phase: Phase::Movement
        }
    );
}

#[test]
fn r4_4_one_shock_die_decides_between_recoil_and_hold() {
    let run = |second_die| {
        let mut g = movement(
            vec![hc_charger(), b_musketeers(5, 5)],
            &[6, 1, 3, second_die],
        );
        let events = ok(&mut g, charge(0, at(5, 6), 1));
        (events[2..].to_vec(), state(&g, 1))
    };
    assert_eq!(
        run(3),
        (
            vec![
                shock(1, RollCause::CavalryCharge, [3, 3], &[]),
                recoiled(1, at(6, 4)),
                advance_asked(0, at(5, 5)),
            ],
            (at(6, 4), Status::Disordered, false)
        )
    );
    assert_eq!(
        run(4),
        (
            vec![shock(1, RollCause::CavalryCharge, [3, 4], &[])],
            (at(5, 5), Status::Steady, false)
        )
    );
}

#[test]
fn r4_4_cavalry_chain_flee_advance_new_target_and_second_shock() {
    let mut g = movement(
        vec![hc_charger(), ready(b_musketeers(5, 5)), b_musketeers(6, 4)],
        &[6, 1, 2, 2, 3, 3],
    );
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        charged_from_5_8(vec![
            shock(1, RollCause::CavalryCharge, [2, 2], &[]),
            Event::Fled {
                unit: id(1),
                path: vec![at(5, 4), at(4, 3)],
            },
            advance_asked(0, at(5, 5)),
        ])
    );
    assert_eq!(state(&g, 1), (at(4, 3), Status::Fleeing, false));
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Advance { advance: true })),
        vec![
            Event::DecisionAnswered,
            advanced(0, at(5, 5)),
            asked(Decision::NewChargeTarget {
                side: A,
                unit: id(0),
                options: vec![id(2)],
            }),
        ]
    );
    assert_eq!(
        ok(
            &mut g,
            Command::Answer(Answer::ChooseChargeTarget {
                target: Some(id(2))
            })
        ),
        vec![
            Event::DecisionAnswered,
            charged(0, 2),
            shock(2, RollCause::CavalryCharge, [3, 3], &[]),
            recoiled(2, at(6, 3)),
            advance_asked(0, at(6, 4)),
        ]
    );
    assert_eq!(state(&g, 2), (at(6, 3), Status::Disordered, false));
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Advance { advance: false })),
        vec![
            Event::DecisionAnswered,
            Event::AdvanceDeclined { unit: id(0) },
            cancelled(0, CancelReason::NoEnemyAdjacent),
        ]
    );
    // the cancelled charge makes no charge attack in the Melee phase
    assert_eq!(movement_to_melee(&mut g), vec![phase_began(Phase::Melee)]);
}

#[test]
fn r4_4_the_charger_may_decline_a_new_target() {
    let mut g = movement(
        vec![hc_charger(), b_musketeers(5, 5), b_musketeers(6, 4)],
        &[6, 1, 2, 2],
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Answer(Answer::Advance { advance: true }));
    assert_eq!(
        ok(
            &mut g,
            Command::Answer(Answer::ChooseChargeTarget { target: None })
        ),
        vec![
            Event::DecisionAnswered,
            cancelled(0, CancelReason::NoNewTarget),
        ]
    );
    assert_eq!(state(&g, 2), (at(6, 4), Status::Steady, false));
}

#[test]
fn r4_4_drilled_foot_secured_by_formed_foot_is_not_shocked() {
    for ff_disordered in [false, true] {
        let mut ff = unit(B, pikemen(), 120, 6, 5);
        ff.disordered = ff_disordered;
        let mut g = movement(vec![hc_charger(), b_musketeers(5, 5), ff], &[6, 1]);
        assert_eq!(
            ok(&mut g, charge(0, at(5, 6), 1)),
            charged_from_5_8(vec![]),
            "FF disordered: {ff_disordered}"
        );
    }
}

#[test]
fn r4_4_undrilled_foot_is_shocked_even_beside_formed_foot() {
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let mut g = movement(
        vec![
            hc_charger(),
            unit(B, uf, 120, 5, 5),
            unit(B, pikemen(), 120, 6, 5),
        ],
        &[6, 1, 4, 3],
    );
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        charged_from_5_8(vec![shock(1, RollCause::CavalryCharge, [4, 3], &[])])
    );
}

#[test]
fn r4_4_fearless_drilled_foot_is_not_shocked_by_cavalry() {
    let mut g = movement(
        vec![hc_charger(), unit(B, fearless(musketeers()), 120, 5, 5)],
        &[6, 1],
    );
    assert_eq!(ok(&mut g, charge(0, at(5, 6), 1)), charged_from_5_8(vec![]));
}

#[test]
fn r4_4_light_cavalry_shocks_drilled_foot_too() {
    // R2.1: "cavalry" in GoW is any mounted unit
    let mut g = movement(
        vec![unit(A, troop(Formation::LC), 60, 5, 8), b_musketeers(5, 5)],
        &[6, 1, 5, 5],
    );
    let events = ok(&mut g, charge(0, at(5, 6), 1));
    assert_eq!(events[2], shock(1, RollCause::CavalryCharge, [5, 5], &[]));
    assert_eq!(events.len(), 3);
}

#[test]
fn r4_4_the_charge_attack_itself_comes_in_the_melee_phase() {
    let mut g = movement(vec![ff(A, 5, 8), ff(B, 5, 5)], &[6, 1, 10, 8]);
    ok(&mut g, charge(0, at(5, 6), 1));
    let hits = &[(10, true), (8, false)];
    assert_eq!(
        movement_to_melee(&mut g),
        vec![
            phase_began(Phase::Melee),
            rolled_at_11(0, 1, AttackKind::Charge, &[(ModifierKind::Charge, 2)], hits),
            damaged(1, A, 1, 7),
        ]
    );
}

// ---------------------------------------------------------------- R4.5

#[test]
fn r4_5_disengage_moves_up_to_march_away_from_every_enemy() {
    let mut g = movement(vec![ff(A, 5, 6), ff(B, 5, 5)], &[6, 1]);
    let disengage = |to| Command::Order(Order::Disengage { unit: id(0), to });
    assert_eq!(
        g.check_command(&disengage(at(6, 6))),
        Err(RuleError::StillEngaged)
    );
    assert_eq!(
        g.check_command(&disengage(at(5, 9))),
        Err(RuleError::Unreachable(id(0)))
    );
    assert_eq!(
        ok(&mut g, disengage(at(5, 8))),
        vec![moved(0, MoveKind::Disengage, &[at(4, 7), at(5, 8)])]
    );
    assert!(!g.is_engaged(g.unit(id(0)).unwrap()));
}

#[test]
fn r4_5_a_disengaged_unit_may_not_attack_or_ready() {
    let mut g = movement(vec![unit(A, archers(), 120, 5, 6), ff(B, 5, 5)], &[6, 1]);
    ok(
        &mut g,
        Command::Order(Order::Disengage {
            unit: id(0),
            to: at(5, 8),
        }),
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_may_not_fire_or_ready(&mut g, Refusal::Disengaged);
}

#[test]
fn r4_5_only_engaged_units_other_than_if_and_uf_disengage() {
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let g = movement(
        vec![
            unit(A, troop(Formation::IF), 120, 4, 5),
            unit(A, uf, 120, 6, 5),
            ff(A, 5, 9),
            ff(B, 5, 5),
        ],
        &[6, 1],
    );
    for (n, to) in [(0, at(2, 5)), (1, at(8, 5)), (2, at(5, 10))] {
        assert_eq!(
            g.check_command(&Command::Order(Order::Disengage { unit: id(n), to })),
            Err(RuleError::CannotDisengage(id(n)))
        );
    }
}

// ---------------------------------------------------------------- R4.6

#[test]
fn r4_6_terrain_costs_per_hex_entered() {
    // the six neighbours of (5,8)
    let terrain = [
        (at(4, 8), Terrain::Rough),
        (at(6, 8), Terrain::Woods),
        (at(4, 7), Terrain::Village),
        (at(5, 7), Terrain::Ford),
        (at(4, 9), Terrain::Water),
        (at(5, 9), Terrain::Clear),
    ];
    let units = vec![ff(A, 5, 8), far_enemy()];
    let g = at_phase_on(units, &terrain, &[6, 1], Phase::Movement);
    let reach = g.reach(id(0), MoveKind::March);
    let costs: Vec<Option<u32>> = terrain.iter().map(|(h, _)| reach.cost_to(*h)).collect();
    assert_eq!(costs, [Some(2), Some(2), Some(2), Some(2), None, Some(1)]);
    assert_eq!(
        g.check_command(&march(0, at(4, 9))),
        Err(RuleError::Unreachable(id(0)))
    );
}

#[test]
fn r4_6_hills_cost_2_going_up_and_1_otherwise() {
    let terrain = [
        (at(5, 8), Terrain::Hill),
        (at(5, 7), Terrain::Hill),
        (at(2, 7), Terrain::Hill),
    ];
    let units = vec![ff(A, 5, 8), ff(A, 2, 8), far_enemy()];
    let g = at_phase_on(units, &terrain, &[6, 1], Phase::Movement);
    let on_hill = g.reach(id(0), MoveKind::March);
    assert_eq!(on_hill.cost_to(at(5, 7)), Some(1)); // along the hill
    assert_eq!(on_hill.cost_to(at(4, 7)), Some(1)); // down
    let below = g.reach(id(1), MoveKind::March);
    assert_eq!(below.cost_to(at(2, 7)), Some(2)); // up
    assert_eq!(below.cost_to(at(1, 7)), Some(1));
}

#[test]
fn r4_6_woods_and_villages_give_cover_against_missiles() {
    for (ground, cover) in [
        (Terrain::Woods, true),
        (Terrain::Village, true),
        (Terrain::Rough, false),
        (Terrain::Ford, false),
    ] {
        let units = vec![unit(A, archers(), 120, 5, 8), ff(B, 5, 5)];
        let g = at_phase_on(units, &[(at(5, 5), ground)], &[6, 1], Phase::Missile);
        let p = g.attack_profile(id(0), id(1), AttackKind::Missile).unwrap();
        let expected: Vec<Modifier> = if cover {
            vec![(ModifierKind::Cover, -2).into()]
        } else {
            vec![]
        };
        assert_eq!(p.modifiers, expected, "{ground:?}");
    }
}

#[test]
fn r4_6_woods_villages_and_hills_between_lower_hexes_block_sight() {
    for (ground, blocks) in [
        (Terrain::Woods, true),
        (Terrain::Village, true),
        (Terrain::Hill, true),
        (Terrain::Rough, false),
        (Terrain::Water, false),
    ] {
        let units = vec![unit(A, archers(), 120, 2, 5), ff(B, 6, 5)];
        let g = at_phase_on(units, &[(at(4, 5), ground)], &[6, 1], Phase::Missile);
        let expected = if blocks {
            Err(RuleError::CannotAttack {
                unit: id(0),
                why: Refusal::OutOfRangeOrSight,
            })
        } else {
            Ok(())
        };
        assert_eq!(g.check_command(&fire(0, 1)), expected, "{ground:?}");
    }
}

#[test]
fn r4_6_melee_from_a_hill_gets_plus_1_against_a_lower_enemy() {
    let units = vec![ff(A, 5, 6), ff(B, 5, 5)];
    let g = at_phase_on(units, &[(at(5, 6), Terrain::Hill)], &[6, 1], Phase::Melee);
    let down = g.attack_profile(id(0), id(1), AttackKind::Melee).unwrap();
    assert_eq!(down.modifiers, vec![(ModifierKind::Uphill, 1).into()]);
    let up = g.attack_profile(id(1), id(0), AttackKind::Melee).unwrap();
    assert_eq!(up.modifier, 0);
}

// ---------------------------------------------------------------- R4.7

fn reloading(tokens: u32) -> Game {
    let mut shot = unit(A, musketeers(), 120, 5, 8);
    shot.reload_tokens = tokens;
    movement(vec![shot, far_enemy()], &[6, 1])
}

#[test]
fn r4_7_standing_fast_removes_one_reload_token() {
    let mut g = reloading(2);
    assert_eq!(
        ok(&mut g, Command::Order(Order::StandFast { unit: id(0) })),
        vec![
            stood(0),
            Event::ReloadTokenRemoved {
                unit: id(0),
                left: 1,
            },
        ]
    );
    assert_eq!(g.unit(id(0)).unwrap().reload_tokens, 1);
}

#[test]
fn r4_7_the_default_stand_fast_removes_a_token_too() {
    let mut g = reloading(1);
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![
            stood(0),
            Event::ReloadTokenRemoved {
                unit: id(0),
                left: 0,
            },
            Event::OrdersPassed { side: B },
        ]
    );
}

#[test]
fn r4_7_a_unit_that_moves_keeps_its_tokens() {
    let mut g = reloading(2);
    assert_eq!(
        ok(&mut g, march(0, at(5, 7))),
        vec![moved(0, MoveKind::March, &[at(5, 7)])]
    );
    assert_eq!(g.unit(id(0)).unwrap().reload_tokens, 2);
}

#[test]
fn r4_7_no_token_no_removal() {
    let mut g = reloading(0);
    assert_eq!(
        ok(&mut g, Command::Order(Order::StandFast { unit: id(0) })),
        vec![stood(0)]
    );
}

#[test]
fn r4_4_after_a_new_target_the_charge_attack_falls_on_it() {
    let mut g = movement(
        vec![hc_charger(), b_musketeers(5, 5), b_musketeers(6, 4)],
        &[6, 1, 2, 2, 4, 4, 1, 1],
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Answer(Answer::Advance { advance: true }));
    let events = ok(
        &mut g,
        Command::Answer(Answer::ChooseChargeTarget {
            target: Some(id(2)),
        }),
    );
    assert_eq!(
        events[1..],
        [
            charged(0, 2),
            shock(2, RollCause::CavalryCharge, [4, 4], &[])
        ]
    );
    let misses = &[(1, false); 2];
    assert_eq!(
        movement_to_melee(&mut g),
        vec![
            phase_began(Phase::Melee),
            rolled_at_11(
                0,
                2,
                AttackKind::Charge,
                &[(ModifierKind::Charge, 2)],
                misses
            ),
        ]
    );
}

#[test]
fn r4_4_a_charger_driven_back_by_reaction_fire_loses_its_charge_attack() {
    let mut g = movement(
        vec![hc_charger(), ready(b_musketeers(5, 5))],
        &[6, 1, 4, 4, 15, 2, 3],
    );
    let events = ok(&mut g, charge(0, at(5, 6), 1));
    assert_eq!(
        events[7..],
        [
            damaged(0, B, 1, 3),
            shock(0, RollCause::Damage, [2, 3], &[]),
            recoiled(0, at(4, 7)),
        ]
    );
    assert_eq!(
        movement_to_melee(&mut g),
        vec![
            phase_began(Phase::Melee),
            cancelled(0, CancelReason::AttackerGaveGround),
        ]
    );
}
