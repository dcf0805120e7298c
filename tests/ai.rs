//! The computer opponent: its planner never chooses an illegal order (checked before the
//! safety net that would hide it), and with the same seed it gives the same orders (so a
//! saved game replays exactly).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::ai::{ComputerPlayer, Player, RandomPlayer};
use volley::engine::{Actor, Command, Dice, Game};
use volley::scenario::{Scenario, SHIPPED};

fn scenarios() -> Vec<Scenario> {
    SHIPPED
        .iter()
        .map(|(file, src)| Scenario::parse(src, file).expect("shipped battle loads"))
        .collect()
}

/// Plays one battle, the computer on `computer_side` (0 or 1) and random play on the other;
/// returns the computer's commands. Panics if the computer gives an illegal order.
fn battle(scenario: &Scenario, seed: u64, computer_side: usize) -> Vec<Command> {
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).expect("valid");
    let mut computer = ComputerPlayer::new(seed, [5, 5]);
    let mut random = RandomPlayer::new(seed);
    let mut given = Vec::new();
    while let Some(side) = game.acting_side() {
        let mine = side.index() == computer_side;
        if mine {
            assert_plan_is_legal(&computer, &game, &scenario.name, seed);
        }
        let player: &mut dyn Player = if mine { &mut computer } else { &mut random };
        let Some(command) = player.choose(&game) else {
            break;
        };
        if let Err(e) = game.submit(command) {
            panic!(
                "{} seed {seed}: the computer's {command:?} was refused: {e}",
                scenario.name
            );
        }
        if mine {
            given.push(command);
        }
    }
    assert!(
        game.outcome().is_some(),
        "{} seed {seed} did not end",
        scenario.name
    );
    given
}

/// The planner's own choice, before the safety net of `choose`, is legal: an answer the
/// pending decision offers, or an order the rules accept.
fn assert_plan_is_legal(computer: &ComputerPlayer, game: &Game, battle: &str, seed: u64) {
    let Some(plan) = computer.planned(game) else {
        return;
    };
    let legal = match game.actor() {
        Actor::Decide(decision) => decision.answers().contains(&plan),
        _ => game.check_command(&plan).is_ok(),
    };
    assert!(
        legal,
        "{battle} seed {seed} turn {}: the planner chose {plan:?}, which the rules refuse: {:?}",
        game.turn(),
        game.check_command(&plan).err()
    );
}

#[test]
fn the_computer_never_gives_an_illegal_order_over_200_random_battles() {
    let all = scenarios();
    for i in 0..200u64 {
        let scenario = &all[(i % all.len() as u64) as usize];
        let orders = battle(scenario, 1000 + i, (i / 5 % 2) as usize);
        assert!(!orders.is_empty());
    }
}

#[test]
fn with_the_same_seed_the_computer_gives_the_same_orders() {
    for scenario in scenarios() {
        assert_eq!(
            battle(&scenario, 77, 0),
            battle(&scenario, 77, 0),
            "{}",
            scenario.name
        );
        assert_eq!(
            battle(&scenario, 78, 1),
            battle(&scenario, 78, 1),
            "{}",
            scenario.name
        );
    }
}

/// R10.3: over 200 random battles, whoever the engine's standing puts ahead when a battle
/// ends on points is the side the engine made winner, by the same rule. The computer plans
/// with that standing (`Game::standing`), no tally of its own, so it plans for the ending
/// the engine gives.
#[test]
fn r10_3_the_standing_the_computer_plans_for_is_the_engines_ending() {
    use volley::engine::event::EndReason;
    let all = scenarios();
    let mut on_points = 0;
    for i in 0..200u64 {
        let scenario = &all[(i % all.len() as u64) as usize];
        let mut game = Game::new(scenario.setup.clone(), Dice::seeded(5000 + i)).expect("valid");
        let mut player = RandomPlayer::new(i);
        while let Some(c) = player.choose(&game) {
            game.submit(c).expect("legal");
        }
        let outcome = game.outcome().expect("the battle ends");
        if matches!(
            outcome.reason,
            EndReason::Objectives | EndReason::Losses | EndReason::Defender
        ) {
            on_points += 1;
            let after = game.standing();
            assert_eq!(
                Some(after.leader.side),
                outcome.winner,
                "{} seed {}: the standing says {:?}, the engine ended with {:?}",
                scenario.name,
                5000 + i,
                after.leader,
                outcome
            );
            assert_eq!(after.leader.reason, outcome.reason);
        }
    }
    assert!(on_points >= 20, "only {on_points} battles ended on points");
}

/// R4.4, R7.1: the engine answers which charges are still to strike home, and the answer
/// follows the battle: declared in Movement, gone once struck in Melee.
#[test]
fn r7_1_the_engine_says_which_declared_charges_are_still_to_strike() {
    let all = scenarios();
    let mut seen = 0;
    for (i, scenario) in all.iter().enumerate() {
        let mut game =
            Game::new(scenario.setup.clone(), Dice::seeded(40 + i as u64)).expect("valid");
        let mut computer = ComputerPlayer::new(40, [8, 8]);
        while let Some(c) = computer.choose(&game) {
            let events = game.submit(c).expect("legal").to_vec();
            for (k, e) in events.iter().enumerate() {
                let ended_later = |u| {
                    events.iter().skip(k + 1).any(|l| match l {
                        volley::engine::Event::AttackCancelled { unit, .. } => *unit == u,
                        volley::engine::Event::AttackRolled { attacker, .. } => *attacker == u,
                        volley::engine::Event::ChargeDeclared { unit, .. } => *unit == u,
                        _ => false,
                    })
                };
                if let volley::engine::Event::ChargeDeclared { unit, target } = e {
                    if !ended_later(*unit) {
                        assert_eq!(game.charge_target(*unit), Some(*target));
                        seen += 1;
                    }
                }
                if let volley::engine::Event::AttackRolled {
                    attacker,
                    kind: volley::engine::AttackKind::Charge,
                    ..
                } = e
                {
                    assert_eq!(game.charge_target(*attacker), None, "struck home");
                }
            }
        }
    }
    assert!(seen > 0, "some charges were declared");
}

/// Issue 11: the planner's memory of the phase (each unit's best movement order, scored
/// again only when something near it changes) is a judgement, not a proof, so it must
/// agree with a planner that starts afresh at every order on nearly every order of the
/// shipped battles, computer against computer.
#[test]
fn the_planners_memory_gives_the_orders_a_fresh_planner_gives() {
    let (mut orders, mut differ) = (0, 0);
    for scenario in scenarios() {
        for seed in 1..=2 {
            let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).unwrap();
            let mut remembering = ComputerPlayer::new(seed, [5, 5]);
            while game.acting_side().is_some() {
                let kept = remembering.choose(&game).unwrap();
                if ComputerPlayer::new(seed, [5, 5]).choose(&game) != Some(kept) {
                    differ += 1;
                }
                orders += 1;
                game.submit(kept).unwrap();
            }
        }
    }
    assert!(orders > 1000, "only {orders} orders were given");
    assert!(differ * 100 <= orders, "{differ} of {orders} orders differ");
    eprintln!("{differ} of {orders} orders differ");
}

/// Issue 30: the planner may score its units on several threads (in play, so a big battle
/// is planned sooner), and must then choose exactly as on one: every order of computer
/// battles on every shipped map and on a large quick battle (24 units a side, where many
/// units are scored again after each order) is the same on one, two and four threads.
#[test]
fn the_planner_on_several_threads_gives_the_orders_it_gives_on_one() {
    use volley::generate::{self, Ground, Request, Size};
    let large = generate::generate_unplayed(
        &generate::Stock::shipped().unwrap(),
        &Request {
            army_a: "Swedish army".into(),
            army_b: "Army of Flanders".into(),
            size: Size::Large,
            ground: Ground::Open,
            seed: 5,
        },
    )
    .unwrap()
    .scenario;
    let mut orders = 0;
    let mut players = [1, 2, 4].map(|t| ComputerPlayer::new(1, [5, 5]).with_threads(t));
    for scenario in scenarios().into_iter().chain([large]) {
        let mut game = Game::new(scenario.setup.clone(), Dice::seeded(1)).unwrap();
        while game.acting_side().is_some() {
            let [one, two, four] = &mut players;
            let c = one.choose(&game).unwrap();
            assert_eq!(two.choose(&game), Some(c), "{}", scenario.name);
            assert_eq!(four.choose(&game), Some(c), "{}", scenario.name);
            game.submit(c).unwrap();
            orders += 1;
        }
    }
    assert!(orders > 1000, "only {orders} orders were given");
    // The helpers did score units: the orders above are not one thread's three times.
    let apart = players.map(|p| p.scored_apart());
    assert_eq!(apart[0], 0);
    assert!(apart[1] > 100 && apart[2] > apart[1], "{apart:?}");
}
