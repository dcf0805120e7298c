//! Specification tests of shock and morale rolls (R9.1–R9.6) and of the end of the battle
//! (R10.1–R10.3): the table, the triggers, Smoke and Thunder, the LotFP option, Formed Foot
//! securing Drilled Foot, fearless troops, the Morale phase, army morale and victory.

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
use volley::engine::command::Decision;
use volley::engine::event::{EndReason, RollCause};
use volley::engine::game::Outcome;
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::ModifierKind;
use volley::engine::{Answer, Order};
use volley::engine::{
    AttackKind, BattleSetup, Command, Event, Game, MoveKind, Objective, Phase, RuleError,
    ShockResult, Status, TroopType, UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;
const MISSILE: AttackKind = AttackKind::Missile;

/// A shock or morale roll of `unit` for `cause` with its total read on the table of R9.1.
fn rolls(
    unit: u16,
    cause: RollCause,
    dice: [u32; 2],
    modifiers: &[(ModifierKind, i32)],
    result: ShockResult,
) -> Event {
    let modifier = modifiers.iter().map(|(_, v)| v).sum::<i32>();
    Event::ShockRolled {
        unit: id(unit),
        cause,
        dice,
        modifier,
        modifiers: modifiers.iter().map(|&m| m.into()).collect(),
        total: (dice[0] + dice[1]) as i32 + modifier,
        result,
    }
}

/// A shock roll of `unit` for damage with its `result` written out (common's `shock` reads
/// it from the table instead).
fn shock_with(
    unit: u16,
    dice: [u32; 2],
    modifiers: &[(ModifierKind, i32)],
    result: ShockResult,
) -> Event {
    rolls(unit, RollCause::Damage, dice, modifiers, result)
}

fn hurt(mut u: UnitSetup, damage: u32) -> UnitSetup {
    u.damage = damage;
    u
}

/// Formed Foot of the test troop: 1 HD, AC 0, a 1d6 sword.
fn formed_foot() -> TroopType {
    troop(Formation::FF)
}

/// 120 DF with flintlock arquebuses: one attack, no reload token.
fn arquebusiers() -> TroopType {
    shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus)
}

fn undrilled() -> TroopType {
    shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus)
}

fn in_phase(s: BattleSetup, faces: &[u32], phase: Phase) -> Game {
    let mut g = game_with(s, faces);
    to_phase(&mut g, phase);
    g
}

fn lotfp(units: Vec<UnitSetup>) -> BattleSetup {
    let mut s = setup(units);
    s.rules.options.lotfp_morale = true;
    s
}

/// Ends orders until the Morale phase has run; returns the events of the last `EndOrders`.
fn through_morale(g: &mut Game) -> Vec<Event> {
    loop {
        let events = ok(g, Command::Order(Order::EndOrders));
        if events.contains(&Event::PhaseBegan {
            phase: Phase::Morale,
        }) {
            return events;
        }
    }
}

/// The events of a new turn's start with side A winning the initiative 6 to 1.
fn next_turn_rolled(turn: u32) -> Vec<Event> {
    vec![
        Event::TurnBegan { turn },
        Event::InitiativeRolled {
            faces: vec![(6, 1)],
            winner: A,
        },
        Event::DecisionRequested {
            decision: Decision::Initiative { side: A },
        },
    ]
}

// ---------------------------------------------------------------- R9.1 the table

#[test]
fn r9_1_one_table_rout_flee_recoil_hold() {
    let g = game(
        vec![
            unit(A, formed_foot(), 120, 1, 1),
            unit(B, formed_foot(), 120, 9, 9),
        ],
        &[6, 1],
    );
    let table: Vec<ShockResult> = (-1..=8).map(|t| g.rules().shock_result(t)).collect();
    use ShockResult::*;
    assert_eq!(
        table,
        vec![Rout, Rout, Rout, Rout, Flee, Flee, Recoil, Recoil, Hold, Hold]
    );
}

#[test]
fn r9_1_a_shock_roll_is_2d6_plus_the_morale_score() {
    let mut brave = formed_foot();
    brave.morale = 2;
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        hurt(unit(B, brave, 120, 5, 5), 3),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 2, 2, 1], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3],
        shock_with(1, [2, 1], &[(ModifierKind::Morale, 2)], ShockResult::Recoil)
    );
}

// ---------------------------------------------------------------- R9.2 triggers

#[test]
fn r9_2_a_sequence_that_leaves_half_uhp_or_less_triggers_a_roll() {
    // 6 uhp of 8 hit once: 5 left, more than half, no roll.
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 2),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 2], Phase::Missile);
    assert_eq!(ok(&mut g, fire(0, 1))[2..], [damaged(1, A, 1, 5)]);
    // 5 uhp hit once: 4 left, half, a roll.
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 3),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 2, 4, 4], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(1, [4, 4], &[], ShockResult::Hold)
        ]
    );
}

#[test]
fn r9_2_a_unit_at_half_rolls_again_after_each_damaging_sequence_only() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(A, formed_foot(), 120, 6, 6),
        hurt(unit(B, formed_foot(), 120, 6, 5), 4),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 2, 3, 15, 2, 5, 5], Phase::Missile);
    // Two misses: no damage, no roll.
    assert_eq!(
        ok(&mut g, fire(0, 2)),
        vec![
            declared(0, 2, MISSILE),
            rolled_at_11(0, 2, MISSILE, &[], &[(2, false), (3, false)])
        ]
    );
    while g.phase() != Phase::Melee {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    assert_eq!(
        ok(&mut g, attack(1, 2))[2..],
        [
            damaged(2, A, 1, 3),
            shock_with(2, [5, 5], &[], ShockResult::Hold)
        ]
    );
}

#[test]
fn r9_2_smoke_and_thunder_firearm_damage_always_triggers_a_roll() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 3, 3], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled_at_11(0, 1, MISSILE, &[], &[(15, true)]),
            damaged(1, A, 1, 7),
            shock_with(1, [3, 3], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(6, 5))
            },
        ]
    );
    // A miss does no damage and makes no roll.
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 3], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled_at_11(0, 1, MISSILE, &[], &[(3, false)])
        ]
    );
}

#[test]
fn r9_2_several_triggers_of_one_sequence_make_one_roll() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 4, 4], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(1, [4, 4], &[], ShockResult::Hold)
        ]
    );
}

/// A's mounted `charger` at (5,6) charges B's `target` at (5,4), B's `friends` around it.
fn cavalry_charge(
    charger: TroopType,
    target: UnitSetup,
    friends: Vec<UnitSetup>,
    faces: &[u32],
) -> (Game, Vec<Event>) {
    let n = if charger.formation.is_mounted() {
        60
    } else {
        120
    };
    let mut units = vec![unit(A, charger, n, 5, 6), target];
    units.extend(friends);
    let mut g = game(units, faces);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    let events = ok(
        &mut g,
        Command::Order(Order::Charge {
            unit: id(0),
            to: at(5, 5),
            target: id(1),
        }),
    );
    (g, events)
}

fn charged() -> [Event; 2] {
    [
        Event::Moved {
            unit: id(0),
            kind: MoveKind::Charge,
            path: vec![at(5, 5)],
        },
        Event::ChargeDeclared {
            unit: id(0),
            target: id(1),
        },
    ]
}

#[test]
fn r9_2_drilled_foot_charged_by_cavalry_roll_before_any_reaction_fire() {
    let mut ready = unit(B, musketeers(), 120, 5, 4);
    ready.ready = true;
    let (_, events) = cavalry_charge(troop(Formation::LC), ready, vec![], &[6, 1, 4, 4, 2]);
    let reaction = AttackKind::Reaction {
        missile: true,
        vs_charge: true,
    };
    let [moved, declared_charge] = charged();
    assert_eq!(
        events,
        vec![
            moved,
            declared_charge,
            rolls(1, RollCause::CavalryCharge, [4, 4], &[], ShockResult::Hold),
            declared(1, 0, reaction),
            rolled_at_11(1, 0, reaction, &[], &[(2, false)]),
            Event::ReadyLost { unit: id(1) },
            Event::ReloadTokensGained {
                unit: id(1),
                tokens: 1
            },
        ]
    );
}

#[test]
fn r9_2_a_shaken_target_of_cavalry_gives_ground_disordered_and_loses_its_ready_marker() {
    let mut ready = unit(B, musketeers(), 120, 5, 4);
    ready.ready = true;
    let (g, events) = cavalry_charge(troop(Formation::HC), ready, vec![], &[6, 1, 3, 2]);
    assert_eq!(
        events[2..],
        [
            rolls(
                1,
                RollCause::CavalryCharge,
                [3, 2],
                &[],
                ShockResult::Recoil
            ),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(4, 3))
            },
            Event::DecisionRequested {
                decision: Decision::Advance {
                    side: A,
                    unit: id(0),
                    hex: at(5, 4)
                }
            },
        ]
    );
    let u = g.unit(id(1));
    assert_eq!(
        u.map(|u| (u.status, u.ready)),
        Some((Status::Disordered, false))
    );
}

#[test]
fn r9_2_undrilled_foot_roll_when_charged_by_cavalry_but_no_roll_for_other_foot_or_chargers() {
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, undrilled(), 120, 5, 4),
        vec![],
        &[6, 1, 4, 4],
    );
    assert_eq!(
        events[2..],
        [rolls(
            1,
            RollCause::CavalryCharge,
            [4, 4],
            &[],
            ShockResult::Hold
        )]
    );
    // Formed foot charged by cavalry, and drilled foot charged by foot: no roll.
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, formed_foot(), 120, 5, 4),
        vec![],
        &[6, 1],
    );
    assert_eq!(events, charged().to_vec());
    let (_, events) = cavalry_charge(
        formed_foot(),
        unit(B, musketeers(), 120, 5, 4),
        vec![],
        &[6, 1],
    );
    assert_eq!(events, charged().to_vec());
}

// ---------------------------------------------------------------- R9.3 LotFP option

#[test]
fn r9_3_lotfp_a_low_morale_unit_rolls_after_a_firearm_sequence_even_unharmed() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = in_phase(lotfp(units), &[6, 1, 3, 2, 2], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled_at_11(0, 1, MISSILE, &[], &[(3, false)]),
            shock_with(1, [2, 2], &[], ShockResult::Flee),
            Event::Fled {
                unit: id(1),
                path: vec![at(6, 4), at(6, 3), at(7, 2)]
            },
        ]
    );
    assert_eq!(g.unit(id(1)).map(|u| u.status), Some(Status::Fleeing));
}

#[test]
fn r9_3_lotfp_replaces_smoke_and_thunder_for_units_of_positive_morale() {
    let mut steady = formed_foot();
    steady.morale = 1;
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, steady, 120, 5, 5),
    ];
    let mut g = in_phase(lotfp(units), &[6, 1, 15], Phase::Missile);
    assert_eq!(ok(&mut g, fire(0, 1))[2..], [damaged(1, A, 1, 7)]);
}

#[test]
fn r9_3_lotfp_double_trigger_makes_one_roll_at_minus_2() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
    ];
    let mut g = in_phase(lotfp(units), &[6, 1, 15, 5, 4], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(
                1,
                [5, 4],
                &[(ModifierKind::DoubleTrigger, -2)],
                ShockResult::Hold
            )
        ]
    );
}

#[test]
fn r9_3_lotfp_concerns_firearms_only() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut g = in_phase(lotfp(units), &[6, 1, 2, 2], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled_at_11(0, 1, MISSILE, &[], &[(2, false), (2, false)])
        ]
    );
}

// ---------------------------------------------------------------- R9.4 secured

#[test]
fn r9_4_drilled_foot_next_to_formed_foot_get_plus_2_to_shock() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, musketeers(), 120, 5, 5),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 2, 2], Phase::Missile);
    ok(&mut g, fire(0, 1)); // drilled foot may withdraw: they take the hit in place
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 0 })),
        vec![
            Event::DecisionAnswered,
            damaged(1, A, 1, 7),
            shock_with(
                1,
                [2, 2],
                &[(ModifierKind::SecuredByFormedFoot, 2)],
                ShockResult::Recoil
            ),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(6, 4))
            },
        ]
    );
}

#[test]
fn r9_4_secured_drilled_foot_are_not_shocked_by_cavalry() {
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, musketeers(), 120, 5, 4),
        vec![unit(B, pikemen(), 120, 4, 4)],
        &[6, 1],
    );
    assert_eq!(events, charged().to_vec());
    // A disordered pike block secures them as well.
    let mut shaken_pikes = unit(B, pikemen(), 120, 4, 4);
    shaken_pikes.disordered = true;
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, musketeers(), 120, 5, 4),
        vec![shaken_pikes],
        &[6, 1],
    );
    assert_eq!(events, charged().to_vec());
}

#[test]
fn r9_4_undrilled_foot_and_drilled_foot_next_to_loose_foot_are_not_secured() {
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, undrilled(), 120, 5, 4),
        vec![unit(B, pikemen(), 120, 4, 4)],
        &[6, 1, 4, 4],
    );
    assert_eq!(
        events[2..],
        [rolls(
            1,
            RollCause::CavalryCharge,
            [4, 4],
            &[],
            ShockResult::Hold
        )]
    );
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, musketeers(), 120, 5, 4),
        vec![unit(B, troop(Formation::LF), 120, 4, 4)],
        &[6, 1, 4, 4],
    );
    assert_eq!(
        events[2..],
        [rolls(
            1,
            RollCause::CavalryCharge,
            [4, 4],
            &[],
            ShockResult::Hold
        )]
    );
}

// ---------------------------------------------------------------- R9.5 fearless

fn fearless(mut t: TroopType) -> TroopType {
    t.fearless = true;
    t
}

#[test]
fn r9_5_fearless_units_are_not_shocked_by_cavalry() {
    let (_, events) = cavalry_charge(
        troop(Formation::LC),
        unit(B, fearless(musketeers()), 120, 5, 4),
        vec![],
        &[6, 1],
    );
    assert_eq!(events, charged().to_vec());
}

#[test]
fn r9_5_fearless_units_ignore_smoke_and_thunder_but_not_heavy_losses() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, fearless(formed_foot()), 120, 5, 5),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15], Phase::Missile);
    assert_eq!(ok(&mut g, fire(0, 1))[2..], [damaged(1, A, 1, 7)]);
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        hurt(unit(B, fearless(formed_foot()), 120, 5, 5), 3),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 6, 6], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(1, [6, 6], &[], ShockResult::Hold)
        ]
    );
}

// ---------------------------------------------------------------- R9.6 Morale phase

#[test]
fn r9_6_morale_phase_rallies_then_rolls_for_routed_friends_then_steadies() {
    let units = vec![
        unit(A, archers(), 120, 2, 8),
        unit(A, formed_foot(), 120, 4, 3),
        hurt(unit(B, formed_foot(), 120, 6, 8), 3), // #2 will flee
        hurt(unit(B, formed_foot(), 120, 5, 3), 3), // #3 will rout
        unit(B, formed_foot(), 120, 6, 3),          // #4 stood next to #3
        UnitSetup {
            disordered: true,
            ..unit(B, formed_foot(), 120, 10, 10) // #5 disordered, never attacked
        },
    ];
    let faces = [6, 1, 15, 2, 2, 2, 15, 2, 1, 1, 4, 3, 4, 4, 6, 1];
    let mut g = in_phase(setup(units), &faces, Phase::Missile);
    ok(&mut g, fire(0, 2));
    assert_eq!(g.unit(id(2)).map(|u| u.status), Some(Status::Fleeing));
    while g.phase() != Phase::Melee {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    ok(&mut g, attack(1, 3));
    ok(&mut g, Command::Answer(Answer::Advance { advance: false }));
    ok(&mut g, Command::Order(Order::EndOrders));
    let mut expected = vec![
        Event::PhaseBegan {
            phase: Phase::Morale,
        },
        rolls(2, RollCause::Rally, [4, 3], &[], ShockResult::Hold),
        Event::Rallied { unit: id(2) },
        rolls(4, RollCause::FriendRouted, [4, 4], &[], ShockResult::Hold),
        Event::BecameSteady { unit: id(5) },
    ];
    expected.extend(next_turn_rolled(2));
    assert_eq!(ok(&mut g, Command::Order(Order::EndOrders)), expected);
    // The rallied unit stays disordered this turn.
    assert_eq!(g.unit(id(2)).map(|u| u.status), Some(Status::Disordered));
}

#[test]
fn r9_6_a_failed_rally_keeps_the_unit_fleeing() {
    let units = vec![
        unit(A, archers(), 120, 2, 8),
        hurt(unit(B, formed_foot(), 120, 6, 8), 3),
        unit(B, formed_foot(), 120, 10, 10),
    ];
    let mut g = in_phase(
        setup(units),
        &[6, 1, 15, 2, 2, 2, 3, 3, 6, 1],
        Phase::Missile,
    );
    ok(&mut g, fire(0, 1));
    let events = through_morale(&mut g);
    assert_eq!(
        events[..2],
        [
            Event::PhaseBegan {
                phase: Phase::Morale
            },
            rolls(1, RollCause::Rally, [3, 3], &[], ShockResult::Recoil),
        ]
    );
    assert_eq!(events[2..], next_turn_rolled(2)[..]);
    assert_eq!(g.unit(id(1)).map(|u| u.status), Some(Status::Fleeing));
}

#[test]
fn r9_6_a_friend_that_routed_shakes_its_neighbours_who_may_give_ground() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 3), // routs
        unit(B, formed_foot(), 120, 7, 5),          // next to it
        unit(B, formed_foot(), 120, 10, 1),         // far away
    ];
    let faces = [6, 1, 15, 2, 1, 1, 3, 3, 6, 1];
    let mut g = in_phase(setup(units), &faces, Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(1, [1, 1], &[], ShockResult::Rout),
            Event::Routed { unit: id(1) },
        ]
    );
    let events = through_morale(&mut g);
    let mut expected = vec![
        Event::PhaseBegan {
            phase: Phase::Morale,
        },
        rolls(2, RollCause::FriendRouted, [3, 3], &[], ShockResult::Recoil),
        Event::Recoiled {
            unit: id(2),
            to: Some(at(8, 5)),
        },
        // R9.6's order: it was not attacked, so its disorder ends in the same phase.
        Event::BecameSteady { unit: id(2) },
    ];
    expected.extend(next_turn_rolled(2));
    assert_eq!(events, expected);
}

// ---------------------------------------------------------------- R10.1 annihilation

#[test]
fn r10_1_a_side_with_no_unit_on_the_map_loses() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 7),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 2], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 0),
            Event::Destroyed { unit: id(1) },
            Event::BattleEnded {
                winner: Some(A),
                reason: EndReason::Annihilated
            },
        ]
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(A),
            reason: EndReason::Annihilated
        })
    );
    assert_eq!(
        g.submit(Command::Order(Order::EndOrders)),
        Err(RuleError::BattleOver)
    );
}

#[test]
fn r10_1_routing_the_last_unit_also_ends_the_battle() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 1, 1], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[3..],
        [
            shock_with(1, [1, 1], &[], ShockResult::Rout),
            Event::Routed { unit: id(1) },
            Event::BattleEnded {
                winner: Some(A),
                reason: EndReason::Annihilated
            },
        ]
    );
}

#[test]
fn r10_1_a_side_left_without_units_in_the_morale_phase_loses_before_the_next_turn() {
    // #1 routs under fire; its neighbour #2 routs on its morale roll: B has nobody left.
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 3),
        unit(B, formed_foot(), 120, 7, 5),
    ];
    let faces = [6, 1, 15, 2, 1, 1, 1, 1, 6, 6];
    let mut g = in_phase(setup(units), &faces, Phase::Missile);
    ok(&mut g, fire(0, 1));
    let events = through_morale(&mut g);
    assert_eq!(
        events,
        vec![
            Event::PhaseBegan {
                phase: Phase::Morale
            },
            rolls(2, RollCause::FriendRouted, [1, 1], &[], ShockResult::Rout),
            Event::Routed { unit: id(2) },
            Event::ArmyMoraleRolled {
                side: B,
                dice: [6, 6],
                modifier: 0,
                total: 12,
                broke: false
            },
            ended(A, EndReason::Annihilated),
        ]
    );
    assert_eq!(g.turn(), 1);
}

// ---------------------------------------------------------------- R10.2 army morale

/// B: a 5-uhp unit at (6,5) that routs under the archers' fire, and a 3-uhp unit far off.
fn army(modifier: i32, faces: &[u32]) -> Game {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 3),
        unit(B, formed_foot(), 40, 10, 1),
    ];
    let mut s = setup(units);
    s.sides[1].morale_modifier = modifier;
    let mut g = in_phase(s, faces, Phase::Missile);
    ok(&mut g, fire(0, 1));
    g
}

#[test]
fn r10_2_a_side_that_lost_more_than_half_its_uhp_breaks_on_2_to_5() {
    let mut g = army(0, &[6, 1, 15, 2, 1, 1, 2, 3]);
    assert_eq!(g.losses(B), 5);
    let events = through_morale(&mut g);
    assert_eq!(
        events,
        [
            Event::PhaseBegan {
                phase: Phase::Morale
            },
            Event::ArmyMoraleRolled {
                side: B,
                dice: [2, 3],
                modifier: 0,
                total: 5,
                broke: true
            },
            Event::BattleEnded {
                winner: Some(A),
                reason: EndReason::ArmyBroke
            },
        ]
    );
}

#[test]
fn r10_2_the_commanders_morale_modifier_can_hold_the_army() {
    let mut g = army(1, &[6, 1, 15, 2, 1, 1, 2, 3, 6, 1]);
    let events = through_morale(&mut g);
    let mut expected = vec![
        Event::PhaseBegan {
            phase: Phase::Morale,
        },
        Event::ArmyMoraleRolled {
            side: B,
            dice: [2, 3],
            modifier: 1,
            total: 6,
            broke: false,
        },
    ];
    expected.extend(next_turn_rolled(2));
    assert_eq!(events, expected);
    assert_eq!(g.outcome(), None);
}

#[test]
fn r10_2_losing_exactly_half_makes_no_army_morale_roll() {
    // Two 4-uhp units; one routs under fire: 4 of 8 lost.
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 60, 5, 5),
        unit(B, formed_foot(), 60, 10, 1),
    ];
    let mut g = in_phase(setup(units), &[6, 1, 15, 1, 1, 6, 1], Phase::Missile);
    ok(&mut g, fire(0, 1));
    assert_eq!(g.losses(B), 4);
    let events = through_morale(&mut g);
    assert_eq!(events[1..], next_turn_rolled(2)[..]);
}

// ---------------------------------------------------------------- R10.3 turn limit

fn limited(units: Vec<UnitSetup>, objectives: &[(i32, i32)], defender: SideId) -> BattleSetup {
    let mut s = setup(units);
    s.turn_limit = Some(1);
    s.defender = defender;
    s.objectives = objectives
        .iter()
        .map(|&(col, row)| Objective {
            name: format!("hill {col}{row}"),
            hex: at(col, row),
            value: 1,
            owner: None,
        })
        .collect();
    s
}

fn ended(winner: SideId, reason: EndReason) -> Event {
    Event::BattleEnded {
        winner: Some(winner),
        reason,
    }
}

#[test]
fn r10_3_at_the_turn_limit_more_objectives_win_whatever_the_losses() {
    // B's archers hit A, but A stands on the one objective.
    let units = vec![
        unit(A, formed_foot(), 120, 2, 5),
        unit(B, archers(), 120, 6, 5),
    ];
    let mut g = in_phase(
        limited(units, &[(2, 5), (9, 9)], B),
        &[6, 1, 15, 2],
        Phase::Missile,
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, fire(1, 0));
    let events = through_morale(&mut g);
    assert_eq!(events.last(), Some(&ended(A, EndReason::Objectives)));
    assert_eq!((g.objectives_held(A), g.objectives_held(B)), (1, 0));
}

#[test]
fn r10_3_with_objectives_equal_the_side_that_inflicted_more_losses_wins() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut g = in_phase(limited(units, &[(9, 9)], B), &[6, 1, 15, 2], Phase::Missile);
    ok(&mut g, fire(0, 1));
    let events = through_morale(&mut g);
    assert_eq!(
        events,
        [
            Event::PhaseBegan {
                phase: Phase::Morale
            },
            ended(A, EndReason::Losses)
        ]
    );
}

#[test]
fn r10_3_routed_units_count_in_the_losses_inflicted() {
    // A routs a whole 4-uhp unit with one hit; B's archers deal A 2 uhp of damage.
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, formed_foot(), 60, 5, 5),
        unit(B, archers(), 120, 2, 9),
    ];
    let faces = [6, 1, 15, 1, 1, 15, 16];
    let mut g = in_phase(limited(units, &[], B), &faces, Phase::Missile);
    ok(&mut g, fire(0, 1));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, fire(2, 0));
    ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 0 }));
    assert_eq!((g.losses(A), g.losses(B)), (2, 4));
    let events = through_morale(&mut g);
    assert_eq!(events.last(), Some(&ended(A, EndReason::Losses)));
}

#[test]
fn r10_3_when_all_is_equal_the_defender_wins() {
    for defender in [A, B] {
        let units = vec![
            unit(A, formed_foot(), 120, 2, 5),
            unit(B, formed_foot(), 120, 6, 5),
        ];
        let mut g = in_phase(
            limited(units, &[(2, 5), (6, 5)], defender),
            &[6, 1],
            Phase::Missile,
        );
        let events = through_morale(&mut g);
        assert_eq!(events.last(), Some(&ended(defender, EndReason::Defender)));
    }
}

#[test]
fn r10_3_before_the_turn_limit_the_battle_goes_on() {
    let units = vec![
        unit(A, formed_foot(), 120, 2, 5),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut s = limited(units, &[(2, 5)], B);
    s.turn_limit = Some(2);
    let mut g = in_phase(s, &[6, 1, 6, 1], Phase::Missile);
    let events = through_morale(&mut g);
    assert_eq!(events[1..], next_turn_rolled(2)[..]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    let events = through_morale(&mut g);
    assert_eq!(events.last(), Some(&ended(A, EndReason::Objectives)));
}

/// R10, concede: a side that gives up ends the battle at once, the other side winning, with
/// the concession and the end in the log; nothing is accepted after it.
#[test]
fn r10_a_side_that_concedes_loses_at_once_and_the_reason_is_logged() {
    let units = vec![unit(A, pikemen(), 120, 2, 5), unit(B, pikemen(), 120, 6, 5)];
    let mut g = in_phase(setup(units), &[6, 1], Phase::Movement);
    assert_eq!(
        ok(&mut g, Command::Concede { side: B }),
        [
            Event::Conceded { side: B },
            Event::BattleEnded {
                winner: Some(A),
                reason: EndReason::Conceded
            },
        ]
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(A),
            reason: EndReason::Conceded
        })
    );
    assert_eq!(
        g.submit(Command::Concede { side: A }),
        Err(RuleError::BattleOver)
    );
}

/// R10, concede: a side may give up while the other side gives orders or answers a
/// decision (hot-seat: either player, at any moment).
#[test]
fn r10_a_side_may_concede_while_the_other_side_acts() {
    let units = vec![unit(A, pikemen(), 120, 2, 5), unit(B, pikemen(), 120, 6, 5)];
    let mut g = game(units.clone(), &[6, 1]);
    assert!(matches!(
        g.actor(),
        volley::engine::Actor::Decide(Decision::Initiative { side: A })
    ));
    ok(&mut g, Command::Concede { side: B });
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(A));
    let mut g = in_phase(setup(units), &[6, 1], Phase::Movement);
    assert_eq!(g.acting_side(), Some(A));
    ok(&mut g, Command::Concede { side: B });
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(A));
}

/// R10, concede: the concession is a command like any other, saved in the flat list and
/// replayed to the same end.
#[test]
fn r10_a_concession_is_saved_and_replays_to_the_same_end() {
    let text = ron::to_string(&vec![Command::Concede { side: A }]).unwrap();
    assert_eq!(text, "[Concede(side:A)]");
    let back: Vec<Command> = ron::from_str(&text).unwrap();
    let units = vec![unit(A, pikemen(), 120, 2, 5), unit(B, pikemen(), 120, 6, 5)];
    let mut g = game(units, &[6, 1]);
    for c in back {
        ok(&mut g, c);
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(B),
            reason: EndReason::Conceded
        })
    );
}
