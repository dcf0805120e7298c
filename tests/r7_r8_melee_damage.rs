//! Specification tests of the Melee phase (R7.1–R7.3) and of damage and its consequences
//! (R8.1–R8.6): charges, who attacks, advances, withdrawal, destruction, recoil, flight,
//! rout and disorder.

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
use volley::engine::event::RollCause;
use volley::engine::game::Fate;
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::Refusal;
use volley::engine::{Answer, Order};
use volley::engine::{
    AttackKind, Command, Event, Game, MoveKind, Phase, RuleError, ShockResult, Status, TroopType,
    UnitSetup,
};
use volley::engine::{Modifier, ModifierKind};

const A: SideId = SideId::A;
const B: SideId = SideId::B;
const MELEE: AttackKind = AttackKind::Melee;
const MISSILE: AttackKind = AttackKind::Missile;

/// A `ShockRolled` event of `unit` for damage with its `result` written out (common's `shock`
/// reads it from the table instead).
fn shock_with(
    unit: u16,
    dice: [u32; 2],
    modifiers: &[(ModifierKind, i32)],
    result: ShockResult,
) -> Event {
    let modifier = modifiers.iter().map(|(_, v)| v).sum::<i32>();
    Event::ShockRolled {
        unit: id(unit),
        cause: RollCause::Damage,
        dice,
        modifier,
        modifiers: modifiers
            .iter()
            .map(|&(kind, value)| Modifier { kind, value })
            .collect(),
        total: (dice[0] + dice[1]) as i32 + modifier,
        result,
    }
}

fn withdraw_asked(unit: u16, attacker: u16, options: Vec<u32>, damage: u32) -> Event {
    Event::DecisionRequested {
        decision: Decision::Withdraw {
            side: B,
            unit: id(unit),
            attacker: id(attacker),
            options,
            damage,
        },
    }
}

fn advance_asked(unit: u16, col: i32, row: i32) -> Event {
    Event::DecisionRequested {
        decision: Decision::Advance {
            side: A,
            unit: id(unit),
            hex: at(col, row),
        },
    }
}

/// A unit that has already lost `damage` uhp.
fn hurt(mut u: UnitSetup, damage: u32) -> UnitSetup {
    u.damage = damage;
    u
}

/// Formed Foot of the test troop: 1 HD, AC 0, a 1d6 sword.
fn formed_foot() -> TroopType {
    troop(Formation::FF)
}

fn status(g: &Game, n: u16) -> Option<Status> {
    g.unit(id(n)).map(|u| u.status)
}

fn pos(g: &Game, n: u16) -> Option<hexx::Hex> {
    g.unit(id(n)).map(|u| u.pos)
}

// ---------------------------------------------------------------- R7.1 charges

#[test]
fn r7_1_declared_charges_are_resolved_first_in_the_melee_phase_at_plus_2() {
    let units = vec![
        unit(A, formed_foot(), 120, 5, 6),
        unit(B, formed_foot(), 120, 5, 4),
    ];
    let mut g = game(units, &[6, 1, 9, 8]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    let charge = Command::Order(Order::Charge {
        unit: id(0),
        to: at(5, 5),
        target: id(1),
    });
    assert_eq!(
        ok(&mut g, charge),
        vec![
            Event::Moved {
                unit: id(0),
                kind: MoveKind::Charge,
                path: vec![at(5, 5)]
            },
            Event::ChargeDeclared {
                unit: id(0),
                target: id(1)
            },
        ]
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![
            Event::PhaseBegan {
                phase: Phase::Melee
            },
            rolled(
                0,
                1,
                AttackKind::Charge,
                (11, 0),
                &[(ModifierKind::Charge, 2)],
                &[(9, true), (8, false)],
                1
            ),
            damaged(1, A, 1, 7),
        ]
    );
    // The charger has made its sequence, its charge (R7.2); the charged unit may answer.
    assert_eq!(
        g.check_command(&attack(0, 1)),
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: Refusal::Charged
        })
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.check_command(&attack(1, 0)), Ok(()));
}

#[test]
fn r7_1_a_lance_charge_deals_2_uhp_per_hit() {
    let units = vec![
        unit(A, lancers(), 60, 5, 6),
        unit(B, formed_foot(), 120, 5, 4),
    ];
    let mut g = game(units, &[6, 1, 12, 3]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    ok(
        &mut g,
        Command::Order(Order::Charge {
            unit: id(0),
            to: at(5, 5),
            target: id(1),
        }),
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        events[1..],
        [
            rolled(
                0,
                1,
                AttackKind::Charge,
                (11, 0),
                &[(ModifierKind::Charge, 2)],
                &[(12, true), (3, false)],
                2
            ),
            damaged(1, A, 2, 6),
        ]
    );
}

// ---------------------------------------------------------------- R7.2 melee attacks

#[test]
fn r7_2_engaged_units_attack_first_side_then_second() {
    let units = vec![
        unit(A, formed_foot(), 120, 5, 6),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 12, 3, 11, 10], Phase::Melee);
    assert_eq!(
        g.check_command(&attack(1, 0)),
        Err(RuleError::NotYourUnit(id(1)))
    );
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, MELEE),
            rolled(0, 1, MELEE, (11, 0), &[], &[(12, true), (3, false)], 1),
            damaged(1, A, 1, 7),
        ]
    );
    assert_eq!(
        ok(&mut g, Command::Order(Order::EndOrders)),
        vec![Event::OrdersPassed { side: B }]
    );
    assert_eq!(
        ok(&mut g, attack(1, 0)),
        vec![
            declared(1, 0, MELEE),
            rolled(1, 0, MELEE, (11, 0), &[], &[(11, true), (10, false)], 1),
            damaged(0, B, 1, 7),
        ]
    );
}

#[test]
fn r7_2_units_that_charged_hustled_or_disengaged_do_not_attack() {
    let units = vec![
        unit(A, formed_foot(), 120, 2, 8), // hustles next to #3
        unit(A, formed_foot(), 120, 6, 6), // disengages from #4
        unit(A, formed_foot(), 120, 9, 7), // charges #5
        unit(B, formed_foot(), 120, 2, 5),
        unit(B, formed_foot(), 120, 6, 5),
        unit(B, formed_foot(), 120, 9, 5),
    ];
    let mut g = game(units, &[6, 1, 2, 2]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    ok(
        &mut g,
        Command::Order(Order::Hustle {
            unit: id(0),
            to: at(2, 6),
        }),
    );
    ok(
        &mut g,
        Command::Order(Order::Disengage {
            unit: id(1),
            to: at(6, 8),
        }),
    );
    ok(
        &mut g,
        Command::Order(Order::Charge {
            unit: id(2),
            to: at(9, 6),
            target: id(5),
        }),
    );
    while g.phase() != Phase::Melee {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    let refused = |n: u16, t: u16, why: Refusal| {
        assert_eq!(
            g.check_command(&attack(n, t)),
            Err(RuleError::CannotAttack { unit: id(n), why })
        )
    };
    refused(0, 3, Refusal::Hustled);
    refused(1, 4, Refusal::Disengaged);
    refused(2, 5, Refusal::Charged);
    assert_eq!(g.melee_targets(id(0)), vec![]);
}

#[test]
fn r7_2_undrilled_and_irregular_foot_must_attack_if_able() {
    let undrilled = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    for must in [undrilled, troop(Formation::IF)] {
        let units = vec![unit(A, must, 120, 5, 6), unit(B, formed_foot(), 120, 5, 5)];
        let mut g = at_phase(units, &[6, 1, 2, 2], Phase::Melee);
        assert_eq!(
            g.check_command(&Command::Order(Order::EndOrders)),
            Err(RuleError::MustAttack(id(0)))
        );
        assert_eq!(
            g.check_command(&Command::Order(Order::Ready { unit: id(0) })),
            Err(RuleError::CannotReady {
                unit: id(0),
                why: Refusal::UndisciplinedNeverReady
            })
        );
        ok(&mut g, attack(0, 1));
        assert_eq!(
            ok(&mut g, Command::Order(Order::EndOrders)),
            vec![Event::OrdersPassed { side: B }]
        );
    }
    // Not engaged: nothing to attack, nothing owed.
    let undrilled = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let units = vec![
        unit(A, undrilled, 120, 5, 8),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let g = at_phase(units, &[6, 1], Phase::Melee);
    assert_eq!(g.check_command(&Command::Order(Order::EndOrders)), Ok(()));
}

#[test]
fn r7_2_an_attacker_must_pick_an_enemy_not_yet_attacked_this_phase() {
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        unit(A, formed_foot(), 120, 6, 6),
        unit(B, formed_foot(), 120, 5, 5),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 2, 2], Phase::Melee);
    ok(&mut g, attack(0, 2));
    assert_eq!(
        g.check_command(&attack(1, 2)),
        Err(RuleError::PreferUnattacked(id(3)))
    );
    assert_eq!(g.melee_targets(id(1)), vec![id(3)]);
}

// ---------------------------------------------------------------- R7.3 advance

/// A (4,5) attacks B (5,5), hurt to 5 uhp; one hit leaves it at half and it rolls `dice`.
fn half_hit(attacker: TroopType, dice: [u32; 2]) -> (Game, Vec<Event>) {
    let units = vec![
        unit(A, attacker, 120, 4, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
        unit(B, formed_foot(), 120, 10, 1),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, dice[0], dice[1]], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    (g, events)
}

#[test]
fn r7_3_the_attacker_may_advance_into_the_hex_a_recoiling_target_left() {
    let (mut g, events) = half_hit(formed_foot(), [3, 2]);
    assert_eq!(
        events,
        vec![
            declared(0, 1, MELEE),
            rolled(0, 1, MELEE, (11, 0), &[], &[(15, true), (2, false)], 1),
            damaged(1, A, 1, 4),
            shock_with(1, [3, 2], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(6, 5))
            },
            advance_asked(0, 5, 5),
        ]
    );
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Advance { advance: true })),
        vec![
            Event::DecisionAnswered,
            Event::Advanced {
                unit: id(0),
                to: at(5, 5)
            }
        ]
    );
    assert_eq!(pos(&g, 0), Some(at(5, 5)));
}

#[test]
fn r7_3_the_attacker_may_also_stay() {
    let (mut g, _) = half_hit(formed_foot(), [3, 2]);
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Advance { advance: false })),
        vec![
            Event::DecisionAnswered,
            Event::AdvanceDeclined { unit: id(0) }
        ]
    );
    assert_eq!(pos(&g, 0), Some(at(4, 5)));
    assert_eq!(g.unit_at(at(5, 5)).map(|u| u.id), None);
}

#[test]
fn r7_3_undrilled_foot_must_advance() {
    let undrilled = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let (g, events) = half_hit(undrilled, [3, 2]);
    assert_eq!(
        events[3..],
        [
            shock_with(1, [3, 2], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(6, 5))
            },
            Event::Advanced {
                unit: id(0),
                to: at(5, 5)
            },
        ]
    );
    assert_eq!(pos(&g, 0), Some(at(5, 5)));
}

#[test]
fn r7_3_no_advance_when_the_target_holds_or_after_missile_fire() {
    let (g, events) = half_hit(formed_foot(), [4, 3]);
    assert_eq!(
        events.last(),
        Some(&shock_with(1, [4, 3], &[], ShockResult::Hold))
    );
    assert_eq!(pos(&g, 1), Some(at(5, 5)));
    // Archers make the target recoil; nobody advances after missile fire.
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        hurt(unit(B, formed_foot(), 120, 6, 5), 3),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 3, 3], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2..],
        [
            damaged(1, A, 1, 4),
            shock_with(1, [3, 3], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(7, 5))
            },
        ]
    );
}

// ---------------------------------------------------------------- R8.1 withdrawal

/// A flintlock arquebus (1 attack, no reload token) at (2,5).
fn arquebusiers() -> TroopType {
    shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus)
}

#[test]
fn r8_1_loose_foot_withdraw_from_bows_saving_one_uhp_per_hex() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::LF), 120, 6, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 16], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled(0, 1, MISSILE, (11, 0), &[], &[(15, true), (16, true)], 1),
            withdraw_asked(1, 0, vec![0, 1, 2], 2),
        ]
    );
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 1 })),
        vec![
            Event::DecisionAnswered,
            Event::Withdrew {
                unit: id(1),
                path: vec![at(7, 4)]
            },
            Event::Disordered { unit: id(1) },
            damaged(1, A, 1, 7),
        ]
    );
    assert_eq!(status(&g, 1), Some(Status::Disordered));
}

/// The odds panel's what-if offers what the prompt will: no more hexes than the damage.
#[test]
fn r8_1_withdrawal_what_if_is_limited_by_the_damage_as_the_prompt_is() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::LF), 120, 6, 5),
    ];
    let g = at_phase(units, &[6, 1], Phase::Missile);
    let reach = |damage| g.withdraw_reach(id(0), id(1), false, damage);
    assert_eq!([reach(0), reach(1), reach(2), reach(5)], [0, 1, 2, 2]);
    // The archers' two attacks (R5.2: 1 uhp a hit) can deal 2 uhp at most.
    let most = g.odds(id(0), id(1), MISSILE).map(|o| o.most_damage());
    assert_eq!(most, Some(2));
    // From a firearm's sequence loose foot could not withdraw at all.
    assert_eq!(g.withdraw_reach(id(0), id(1), true, 2), 0);
}

#[test]
fn r8_1_loose_foot_may_not_withdraw_from_firearms() {
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, troop(Formation::LF), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 4, 4], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled(0, 1, MISSILE, (11, 0), &[], &[(15, true)], 1),
            damaged(1, A, 1, 7),
            shock_with(1, [4, 4], &[], ShockResult::Hold),
        ]
    );
}

#[test]
fn r8_1_skirmishing_foot_may_withdraw_from_firearms() {
    let skirmishers = shot(Formation::SF, Lock::Flintlock, FirearmKind::Arquebus);
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, skirmishers, 60, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 15], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2],
        withdraw_asked(1, 0, vec![0, 1], 1)
    );
    // Withdrawing the whole damage away also spares the Smoke and Thunder roll (R9.2).
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 1 })),
        vec![
            Event::DecisionAnswered,
            Event::Withdrew {
                unit: id(1),
                path: vec![at(6, 4)]
            },
            Event::Disordered { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).map(|u| u.uhp), Some(4));
}

/// B's withdrawing `mover` at (6,5), hit twice by FF at (5,5), with B `friends` around.
fn withdrawal(mover: TroopType, friends: &[(TroopType, i32, i32)], faces: [u32; 2]) -> Game {
    let mut units = vec![unit(A, formed_foot(), 120, 5, 5), unit(B, mover, 120, 6, 5)];
    for (t, col, row) in friends {
        units.push(unit(B, t.clone(), 120, *col, *row));
    }
    let mut g = at_phase(units, &[6, 1, faces[0], faces[1]], Phase::Melee);
    ok(&mut g, attack(0, 1));
    g
}

fn fast_drilled() -> TroopType {
    let mut t = musketeers();
    t.speed = 120; // DF 2/3/4
    t
}

#[test]
fn r8_1_drilled_foot_withdraws_through_friends() {
    let mut g = withdrawal(fast_drilled(), &[(formed_foot(), 7, 4)], [15, 16]);
    assert_eq!(
        g.log().last(),
        Some(&withdraw_asked(1, 0, vec![0, 1, 2], 2))
    );
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 2 })),
        vec![
            Event::DecisionAnswered,
            Event::Withdrew {
                unit: id(1),
                path: vec![at(7, 4), at(7, 3)]
            },
            Event::Disordered { unit: id(1) },
        ]
    );
}

#[test]
fn r8_1_loose_foot_withdraw_around_formed_friends_but_through_drilled_ones() {
    let mut g = withdrawal(troop(Formation::LF), &[(formed_foot(), 7, 4)], [15, 16]);
    let events = ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 2 }));
    assert_eq!(
        events[1],
        Event::Withdrew {
            unit: id(1),
            path: vec![at(7, 5), at(8, 4)]
        }
    );
    let mut g = withdrawal(troop(Formation::LF), &[(musketeers(), 7, 4)], [15, 16]);
    let events = ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 2 }));
    assert_eq!(
        events[1],
        Event::Withdrew {
            unit: id(1),
            path: vec![at(7, 4), at(7, 3)]
        }
    );
}

#[test]
fn r8_1_drilled_foot_withdraw_one_extra_hex_when_only_that_ends_in_a_free_hex() {
    let ring = [
        (formed_foot(), 7, 4),
        (formed_foot(), 7, 5),
        (formed_foot(), 7, 6),
    ];
    // DF 1/2/3: one hex saves one uhp, but every hex one away is taken.
    let mut g = withdrawal(musketeers(), &ring, [15, 2]);
    assert_eq!(g.log().last(), Some(&withdraw_asked(1, 0, vec![0, 1], 1)));
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::Withdraw { hexes: 1 })),
        vec![
            Event::DecisionAnswered,
            Event::Withdrew {
                unit: id(1),
                path: vec![at(7, 4), at(7, 3)]
            },
            Event::Disordered { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).map(|u| u.uhp), Some(8));
    // Loose foot in the same ring cannot withdraw at all: no decision, the damage lands.
    let g = withdrawal(troop(Formation::LF), &ring, [15, 2]);
    assert_eq!(g.log().last(), Some(&damaged(1, A, 1, 7)));
}

#[test]
fn r8_1_withdrawal_is_limited_to_the_march_rate() {
    // DF 1/2/3 hit twice may withdraw one hex only.
    let g = withdrawal(musketeers(), &[], [15, 16]);
    assert_eq!(g.log().last(), Some(&withdraw_asked(1, 0, vec![0, 1], 2)));
}

#[test]
fn r8_1_formed_irregular_undrilled_foot_and_heavy_cavalry_never_withdraw() {
    let undrilled = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    let never = [
        (formed_foot(), 120, 8),
        (troop(Formation::IF), 120, 8),
        (undrilled, 120, 8),
        (troop(Formation::HC), 60, 4),
    ];
    for (target, n, uhp) in never {
        let name = target.name.clone();
        let units = vec![unit(A, archers(), 120, 2, 5), unit(B, target, n, 6, 5)];
        let mut g = at_phase(units, &[6, 1, 15, 2], Phase::Missile);
        let events = ok(&mut g, fire(0, 1));
        assert_eq!(events[2..], [damaged(1, A, 1, uhp - 1)], "{name}");
    }
    // Light cavalry may.
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::LC), 60, 6, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[2],
        withdraw_asked(1, 0, vec![0, 1], 1)
    );
}

// ---------------------------------------------------------------- R8.2 destroyed

#[test]
fn r8_2_a_unit_at_0_uhp_is_destroyed() {
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 7),
        unit(B, formed_foot(), 120, 10, 1),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2], Phase::Melee);
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, MELEE),
            rolled(0, 1, MELEE, (11, 0), &[], &[(15, true), (2, false)], 1),
            damaged(1, A, 1, 0),
            Event::Destroyed { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).and_then(|u| u.fate), Some(Fate::Destroyed));
    assert!(g.unit_at(at(5, 5)).is_none());
    assert_eq!(g.losses(B), 1);
}

// ---------------------------------------------------------------- R8.3 recoil

#[test]
fn r8_3_recoil_moves_one_hex_directly_away_and_disorders() {
    // Attacked from the south-west, the unit recoils north-east.
    let units = vec![
        unit(A, formed_foot(), 120, 5, 6),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 3, 3], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3..5],
        [
            shock_with(1, [3, 3], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: Some(at(6, 4))
            },
        ]
    );
    assert_eq!(pos(&g, 1), Some(at(6, 4)));
    assert_eq!(status(&g, 1), Some(Status::Disordered));
}

#[test]
fn r8_3_a_unit_with_no_free_hex_behind_stays_disordered() {
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
        unit(B, formed_foot(), 120, 6, 4),
        unit(B, formed_foot(), 120, 6, 5),
        unit(B, formed_foot(), 120, 6, 6),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 3, 3], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3..],
        [
            shock_with(1, [3, 3], &[], ShockResult::Recoil),
            Event::Recoiled {
                unit: id(1),
                to: None
            },
        ]
    );
    assert_eq!(pos(&g, 1), Some(at(5, 5)));
    assert_eq!(status(&g, 1), Some(Status::Disordered));
}

// ---------------------------------------------------------------- R8.4 flee

#[test]
fn r8_4_a_fleeing_unit_runs_its_hustle_rate_home_then_again_each_movement_phase() {
    let units = vec![
        unit(A, formed_foot(), 120, 5, 6),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
        unit(B, formed_foot(), 120, 10, 10),
    ];
    // Hit, shock 4 (flee), rally roll 2 (fails), next initiative 6-1.
    let mut g = at_phase(units, &[6, 1, 15, 2, 2, 2, 1, 1, 6, 1], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    let flight = vec![at(5, 4), at(4, 3), at(4, 2)];
    assert_eq!(
        events[3..],
        [
            shock_with(1, [2, 2], &[], ShockResult::Flee),
            Event::Fled {
                unit: id(1),
                path: flight
            },
            advance_asked(0, 5, 5),
        ]
    );
    assert_eq!(status(&g, 1), Some(Status::Fleeing));
    ok(&mut g, Command::Answer(Answer::Advance { advance: false }));
    // A fleeing unit makes no attack and takes no order.
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        g.check_command(&attack(1, 0)),
        Err(RuleError::CannotAttack {
            unit: id(1),
            why: Refusal::Fleeing
        })
    );
    ok(&mut g, Command::Order(Order::EndOrders)); // Morale: the rally fails.
    assert_eq!(g.turn(), 2);
    // Two hexes reach the north edge, the third would leave the map: it routs.
    assert_eq!(
        ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true })),
        vec![
            Event::DecisionAnswered,
            Event::FirstSideChosen { side: A },
            Event::PhaseBegan {
                phase: Phase::Movement
            },
            Event::Moved {
                unit: id(1),
                kind: MoveKind::Flee,
                path: vec![at(3, 1), at(3, 0)]
            },
            Event::Routed { unit: id(1) },
            Event::OrdersPassed { side: A },
        ]
    );
}

#[test]
fn r8_4_a_unit_that_cannot_flee_routs() {
    // The two hexes towards B's edge hold enemies.
    let units = vec![
        unit(A, formed_foot(), 120, 5, 6),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
        unit(A, formed_foot(), 120, 5, 4),
        unit(A, formed_foot(), 120, 6, 4),
        unit(B, formed_foot(), 120, 10, 10),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 2, 2], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3..6],
        [
            shock_with(1, [2, 2], &[], ShockResult::Flee),
            Event::Fled {
                unit: id(1),
                path: vec![]
            },
            Event::Routed { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).and_then(|u| u.fate), Some(Fate::Routed));
}

#[test]
fn r8_4_a_unit_that_flees_off_the_map_routs() {
    let units = vec![
        unit(A, formed_foot(), 120, 5, 2),
        hurt(unit(B, formed_foot(), 120, 5, 1), 3),
        unit(B, formed_foot(), 120, 10, 10),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 2, 2], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3..6],
        [
            shock_with(1, [2, 2], &[], ShockResult::Flee),
            Event::Fled {
                unit: id(1),
                path: vec![at(5, 0)]
            },
            Event::Routed { unit: id(1) },
        ]
    );
}

// ---------------------------------------------------------------- R8.5 rout

#[test]
fn r8_5_a_routed_unit_leaves_the_battle_and_counts_as_lost() {
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        hurt(unit(B, formed_foot(), 120, 5, 5), 3),
        unit(B, formed_foot(), 120, 10, 10),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 1, 1], Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[3..],
        [
            shock_with(1, [1, 1], &[], ShockResult::Rout),
            Event::Routed { unit: id(1) },
            advance_asked(0, 5, 5),
        ]
    );
    assert_eq!(g.unit(id(1)).and_then(|u| u.fate), Some(Fate::Routed));
    assert!(g.unit_at(at(5, 5)).is_none());
    assert_eq!(g.units_of(B).map(|u| u.id).collect::<Vec<_>>(), vec![id(2)]);
    // Its 4 remaining uhp are lost with it, on top of the 1 uhp of damage.
    assert_eq!(g.losses(B), 5);
    assert_eq!(
        g.tallies()[0].dealt,
        1,
        "the damage dealt, not the rout, is the attacker's"
    );
}

// ---------------------------------------------------------------- R8.6 disorder

#[test]
fn r8_6_disordered_units_attack_at_minus_2_in_melee_and_with_missiles() {
    let units = vec![
        disordered(unit(A, formed_foot(), 120, 4, 5)),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 13, 12], Phase::Melee);
    assert_eq!(
        ok(&mut g, attack(0, 1))[1],
        rolled(
            0,
            1,
            MELEE,
            (11, 0),
            &[(ModifierKind::Disordered, -2)],
            &[(13, true), (12, false)],
            1
        )
    );
    let units = vec![
        disordered(unit(A, archers(), 120, 2, 5)),
        unit(B, formed_foot(), 120, 6, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 13, 12], Phase::Missile);
    assert_eq!(
        ok(&mut g, fire(0, 1))[1],
        rolled(
            0,
            1,
            MISSILE,
            (11, 0),
            &[(ModifierKind::Disordered, -2)],
            &[(13, true), (12, false)],
            1
        )
    );
}

/// Unit #1's shock roll of 4 and 4 at the disordered −2 (R8.6): 6, a recoil to `to`.
fn recoiled_at_minus_2(to: hexx::Hex) -> [Event; 2] {
    [
        shock_with(
            1,
            [4, 4],
            &[(ModifierKind::Disordered, -2)],
            ShockResult::Recoil,
        ),
        Event::Recoiled {
            unit: id(1),
            to: Some(to),
        },
    ]
}

#[test]
fn r8_6_disordered_units_roll_shock_at_minus_2() {
    let units = vec![
        unit(A, formed_foot(), 120, 4, 5),
        disordered(hurt(unit(B, formed_foot(), 120, 5, 5), 3)),
    ];
    let mut g = at_phase(units, &[6, 1, 15, 2, 4, 4], Phase::Melee);
    assert_eq!(
        ok(&mut g, attack(0, 1))[3..5],
        recoiled_at_minus_2(at(6, 5))
    );
}

/// R8.6 with R9.6: a fleeing unit is disordered too (a rally leaves it "disordered still"),
/// so a shock roll it makes while fleeing takes the −2; only the rally roll is spared it.
#[test]
fn r8_6_r9_6_a_fleeing_unit_rolls_shock_at_minus_2() {
    let mut fleeing = hurt(unit(B, formed_foot(), 120, 5, 10), 3);
    fleeing.fleeing = true;
    let units = vec![unit(A, archers(), 120, 5, 2), fleeing];
    let mut g = at_phase(units, &[6, 1, 15, 2, 4, 4], Phase::Missile);
    assert_eq!(ok(&mut g, fire(0, 1))[3..], recoiled_at_minus_2(at(3, 8)));
    assert_eq!(g.unit(id(1)).map(|u| u.status), Some(Status::Fleeing));
}

#[test]
fn r8_6_disordered_units_neither_ready_nor_charge() {
    let units = vec![
        disordered(unit(A, archers(), 120, 5, 6)),
        unit(B, formed_foot(), 120, 5, 4),
    ];
    let mut g = game(units, &[6, 1]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    assert_eq!(
        g.check_command(&Command::Order(Order::Charge {
            unit: id(0),
            to: at(5, 5),
            target: id(1)
        })),
        Err(RuleError::CannotCharge(id(0)))
    );
    while g.phase() != Phase::Missile {
        ok(&mut g, Command::Order(Order::EndOrders));
    }
    assert_eq!(
        g.check_command(&Command::Order(Order::Ready { unit: id(0) })),
        Err(RuleError::CannotReady {
            unit: id(0),
            why: Refusal::OnlySteadyReady
        })
    );
}

#[test]
fn r8_6_disorder_ends_in_a_morale_phase_only_if_the_unit_was_not_attacked() {
    let units = vec![
        disordered(unit(A, formed_foot(), 120, 2, 9)),
        disordered(unit(A, formed_foot(), 120, 4, 5)),
        unit(B, formed_foot(), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1, 2, 2, 6, 1], Phase::Melee);
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, attack(2, 1)); // two misses: attacked all the same
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        events[..3],
        [
            Event::PhaseBegan {
                phase: Phase::Morale
            },
            Event::BecameSteady { unit: id(0) },
            Event::TurnBegan { turn: 2 },
        ]
    );
    assert_eq!(status(&g, 0), Some(Status::Steady));
    assert_eq!(status(&g, 1), Some(Status::Disordered));
}
