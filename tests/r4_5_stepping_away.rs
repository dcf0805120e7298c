//! R4.5 as the computer asks it: whether a charge's target may still step away (disengage)
//! before the charge strikes, and which units the log shows stepping away from a charge
//! (`Game::may_step_away`, `Game::stepped_away_from_charges`, issue 30).

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
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::{Command, Game, Order, Phase};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// Side A's horse, side B's skirmishers before it and Irregular Foot off to the side, at
/// turn 1's Movement phase with side A ordering first.
fn horse_skirmishers_and_foot() -> Game {
    let mut g = game(
        vec![
            unit(A, troop(Formation::HC), 60, 5, 9),
            unit(
                B,
                shot(Formation::SF, Lock::Matchlock, FirearmKind::Musket),
                60,
                5,
                5,
            ),
            unit(B, troop(Formation::IF), 120, 9, 7),
        ],
        &[6, 1],
    );
    to_phase(&mut g, Phase::Movement);
    g
}

#[test]
fn r4_5_a_target_may_step_away_only_while_its_side_has_still_to_order() {
    let mut g = horse_skirmishers_and_foot();
    assert!(g.may_step_away(id(1)), "skirmishers whose side orders next");
    assert!(!g.may_step_away(id(2)), "IF may not disengage");
    assert!(!g.may_step_away(id(0)), "the side ordering now");
    ok(&mut g, Command::Order(Order::EndOrders));
    assert!(
        !g.may_step_away(id(1)),
        "its side orders now: no charge can come"
    );
}

#[test]
fn r4_5_the_log_tells_which_units_stepped_away_from_a_charge() {
    let mut g = horse_skirmishers_and_foot();
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.stepped_away_from_charges(B), vec![]);
    let away = Order::Disengage {
        unit: id(1),
        to: at(5, 3),
    };
    ok(&mut g, Command::Order(away));
    assert_eq!(g.stepped_away_from_charges(B), vec![id(1)]);
    assert_eq!(g.stepped_away_from_charges(A), vec![]);
}

/// R7.2, R4.5: a charger whose target stepped away made no attack, yet may not attack this
/// turn because it charged, and that is the reason the player reads (found playing a
/// quick battle: "it made its attack sequence this turn (R5.5)" was shown, though no die
/// had been rolled).
#[test]
fn r7_2_a_charger_whose_target_stepped_away_may_not_attack_because_it_charged() {
    let mut g = horse_skirmishers_and_foot();
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Order(Order::EndOrders));
    let away = Order::Disengage {
        unit: id(1),
        to: at(5, 3),
    };
    ok(&mut g, Command::Order(away));
    assert_eq!(
        g.may_still_attack(id(0)),
        Some(volley::engine::Refusal::Charged)
    );
    assert_eq!(
        g.may_still_attack(id(0)).map(|r| r.to_string()),
        Some("it charged this turn (R7.2)".to_string())
    );
}
