//! Issue 27: events carry typed modifiers and reasons (R4.4, R5.4, R5.6, R9.1) and the log
//! writes the words, the same words the player read when events carried prose.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use volley::engine::event::{Event, RollCause};
use volley::engine::{CancelReason, Game, Modifier, ModifierKind, ShockResult};
use volley::tui::describe::describe;

/// The shipped battle `NAME.ron`, set up on seed 1.
fn shipped(name: &str) -> Game {
    let (file, source) = volley::scenario::SHIPPED
        .iter()
        .find(|(file, _)| file.ends_with(&format!("{name}.ron")))
        .expect("the battle ships");
    let scenario = volley::scenario::Scenario::parse(source, file).expect("it parses");
    Game::new(scenario.setup, volley::engine::Dice::seeded(1)).unwrap()
}

fn kircholm() -> Game {
    shipped("kircholm")
}

/// R9.1, R8.6, R9.3, R9.4: a shock roll's modifiers are written by name, in order.
#[test]
fn r9_1_the_log_names_each_shock_modifier_in_the_old_words() {
    let game = kircholm();
    let unit = game.units()[0].clone();
    let modifiers: Vec<Modifier> = [
        (ModifierKind::Morale, 1),
        (ModifierKind::Disordered, -2),
        (ModifierKind::SecuredByFormedFoot, 2),
        (ModifierKind::DoubleTrigger, -2),
    ]
    .into_iter()
    .map(Modifier::from)
    .collect();
    let event = Event::ShockRolled {
        unit: unit.id,
        cause: RollCause::Damage,
        dice: [3, 4],
        modifier: -1,
        modifiers,
        total: 6,
        result: ShockResult::Recoil,
    };
    assert_eq!(
        describe(&game, &event),
        [format!(
            "{}: shock 2d6 7 +1 morale -2 disordered +2 secured by FF -2 double trigger = 6: recoil",
            unit.label
        )]
    );
}

/// R4.4, R5.6: a cancelled attack says why in the sentence it always did.
#[test]
fn r4_4_the_log_says_why_an_attack_is_off_in_the_old_words() {
    let game = kircholm();
    let unit = game.units()[0].clone();
    let said = |reason| {
        describe(
            &game,
            &Event::AttackCancelled {
                unit: unit.id,
                reason,
            },
        )
    };
    let expected = [
        (
            CancelReason::AttackerGaveGround,
            "the attacker gave ground (R5.6)",
        ),
        (
            CancelReason::TargetLeftField,
            "the target has left the field",
        ),
        (
            CancelReason::TargetNotAdjacent,
            "the target is no longer adjacent",
        ),
        (CancelReason::OutOfReach, "the target is out of reach"),
        (
            CancelReason::NoEnemyAdjacent,
            "no enemy is left adjacent (R4.4)",
        ),
        (CancelReason::NoNewTarget, "no new target chosen (R4.4)"),
    ];
    for (reason, words) in expected {
        assert_eq!(
            said(reason),
            [format!("Attack by {} is off: {words}", unit.label)]
        );
    }
}

/// R3.1, R7.3, R4.4: a decision the log records is stated, not asked with keys (playtest
/// 48): the initiative, an advance and a new charge target (these two with their rule).
#[test]
fn r7_3_r4_4_decisions_are_logged_as_statements_with_their_rule() {
    use volley::engine::{Decision, SideId};
    let game = kircholm();
    let (a, b) = (&game.units()[0], &game.units()[1]);
    let said = |decision: Decision| describe(&game, &Event::DecisionRequested { decision });
    let first = said(Decision::Initiative { side: SideId::A });
    assert_eq!(
        first,
        [format!(
            "{} won the initiative and chooses who moves first",
            game.side(SideId::A).name
        )]
    );
    let side = &game.side(a.side).name;
    let advance = said(Decision::Advance {
        side: a.side,
        unit: a.id,
        hex: b.pos,
    });
    assert_eq!(advance.len(), 1);
    assert!(
        advance[0].starts_with(&format!("{side}: {} at ", a.label))
            && advance[0].ends_with(" may advance into the vacated hex (R7.3)"),
        "{advance:?}"
    );
    let retarget = said(Decision::NewChargeTarget {
        side: a.side,
        unit: a.id,
        options: vec![b.id],
    });
    assert!(
        retarget[0].contains(&format!(" may charge a new target: {} at ", b.label))
            && retarget[0].ends_with(" (R4.4)")
            && !retarget[0].contains('['),
        "{retarget:?}"
    );
}

/// R4.5, R7.1: a target that disengages from a declared charge is told at once that it is
/// out of it, and when the charge is called off; before, the player learned it a phase later.
#[test]
fn r4_5_a_disengage_from_a_charge_says_the_charge_is_likely_off() {
    use common::*;
    use volley::engine::{Command, Order, Phase, SideId};
    let disengage = Command::Order(Order::Disengage {
        unit: id(1),
        to: at(5, 3),
    });
    let units = vec![
        unit(SideId::A, lancers(), 60, 5, 8),
        unit(SideId::B, archers(), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1], Phase::Movement);
    ok(&mut g, charge(0, at(5, 6), 1));
    ok(&mut g, Command::Order(Order::EndOrders));
    let away = ok(&mut g, disengage);
    let said: Vec<String> = away.iter().flat_map(|e| describe(&g, e)).collect();
    let (target, charger) = (&g.units()[1].label, &g.units()[0].label);
    assert_eq!(
        said,
        [format!(
            "{target} disengages 2 hexes, out of the charge of {charger}: called off unless next \
             to it again in the Melee phase (R4.5, R7.1)"
        )]
    );
    // Disengaged from an enemy that only stands beside it, it says only the move.
    let units = vec![
        unit(SideId::A, lancers(), 60, 5, 6),
        unit(SideId::B, archers(), 120, 5, 5),
    ];
    let mut g = at_phase(units, &[6, 1], Phase::Movement);
    ok(&mut g, Command::Order(Order::EndOrders));
    let away = ok(&mut g, disengage);
    let said: Vec<String> = away.iter().flat_map(|e| describe(&g, e)).collect();
    assert_eq!(said, [format!("{target} disengages 2 hexes")]);
}

/// R9.6: a rally roll short of hold says the unit is still fleeing, not only "recoil";
/// one of hold says nothing more (the next line says it rallies).
#[test]
fn r9_6_a_failed_rally_roll_says_the_unit_still_flees() {
    let game = kircholm();
    let unit = game.units()[0].clone();
    let rally = |total, result| Event::ShockRolled {
        unit: unit.id,
        cause: RollCause::Rally,
        dice: [2, 3],
        modifier: 0,
        modifiers: vec![],
        total,
        result,
    };
    assert_eq!(
        describe(&game, &rally(5, ShockResult::Recoil)),
        [format!(
            "{}: rally 2d6 5 +0 = 5: recoil, still fleeing (R9.6)",
            unit.label
        )]
    );
    assert_eq!(
        describe(&game, &rally(9, ShockResult::Hold)),
        [format!("{}: rally 2d6 5 +0 = 9: hold", unit.label)]
    );
}

/// R3.1, R10.3: a side or unit whose name is plural takes a plural verb (found playing
/// Coutras: "Huguenots gives orders", "Shot before Soissons fire", "Gendarmes of the right
/// charges").
#[test]
fn r3_1_plural_names_take_plural_verbs_in_the_log() {
    use volley::engine::SideId;
    let game = shipped("coutras");
    let huguenots = game.side(SideId::A).name.clone();
    assert_eq!(huguenots, "Huguenots");
    assert_eq!(
        describe(&game, &Event::OrdersPassed { side: SideId::A }),
        ["Huguenots give orders"]
    );
    assert_eq!(
        describe(&game, &Event::FirstSideChosen { side: SideId::B }),
        ["Royal army is the first side this turn"]
    );
    let unit = |label: &str| {
        game.units()
            .iter()
            .find(|u| u.label == label)
            .unwrap_or_else(|| panic!("{label} is at Coutras"))
            .clone()
    };
    assert!(unit("Gendarmes of the right").plural);
    assert!(!unit("Shot before Soissons").plural);
    assert!(!unit("Shot before Condé").plural);
}

/// R5.4, R4.6: the hill's melee bonus goes to the attacker above its target, and the log
/// says so ("+1 uphill" read as if the attack went up the hill; found playing a quick
/// battle, hilly ground).
#[test]
fn r5_4_the_hill_bonus_is_written_as_higher_ground() {
    let modifiers = [
        Modifier::from((ModifierKind::Charge, 2)),
        Modifier::from((ModifierKind::Uphill, 1)),
    ];
    assert_eq!(
        volley::tui::describe::modifier_list(&modifiers),
        " +2 charge +1 higher ground"
    );
}
