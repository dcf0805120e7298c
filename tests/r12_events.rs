//! R12.7 scenario events and R12.3 defection: events checked at the start of each turn
//! (before initiative) and at the end of each phase, in the scenario's order and in one
//! pass; each trigger kind, repeating events, each effect (message, release, defection,
//! change of terrain, end of the battle), and a replay of a saved battle that gives the
//! same events. Small battles written in code with scripted dice.

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
use volley::engine::event::{EndReason, Event, MoveKind, Phase};
use volley::engine::types::SideId;
use volley::engine::{
    Answer, BattleSetup, Command, Effect, Game, Objective, Order, ReserveSetup, ScenarioEvent,
    Terrain, Trigger, UnitId, UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// An event named `name` that fires on `when` and does `then`, once.
fn on(name: &str, when: Trigger, then: Vec<Effect>) -> ScenarioEvent {
    ScenarioEvent {
        name: name.into(),
        when,
        repeat: false,
        then,
    }
}

fn say(text: &str) -> Effect {
    Effect::Message(text.into())
}

fn shown(text: &str) -> Event {
    Event::MessageShown { text: text.into() }
}

fn fired(event: u32) -> Event {
    Event::ScenarioEventFired { event }
}

/// Red FF at (2, 5) and (3, 5), Blue FF at (10, 0) and (11, 0), with `events`.
fn four_foot(events: Vec<ScenarioEvent>) -> BattleSetup {
    let mut s = setup(vec![ff(A, 2, 5), ff(A, 3, 5), ff(B, 10, 0), ff(B, 11, 0)]);
    s.events = events;
    s
}

/// Initiative faces for `turns` turns, side A winning each (6 against 1).
fn a_wins(turns: usize) -> Vec<u32> {
    [6, 1].repeat(turns)
}

/// Ends every order from the Movement phase into the next turn, then A chooses to be first.
fn next_turn(g: &mut Game) -> Vec<Event> {
    let turn = g.turn();
    let mut events = Vec::new();
    while g.turn() == turn {
        events.extend(ok(g, Command::Order(Order::EndOrders)));
    }
    events.extend(ok(g, Command::Answer(Answer::ChooseFirst { first: true })));
    events
}

fn count(log: &[Event], event: &Event) -> usize {
    log.iter().filter(|e| *e == event).count()
}

// ------------------------------------------------------------------ when events are checked

#[test]
fn r12_7_events_are_checked_at_the_start_of_turn_1_before_initiative() {
    let g = game_with(
        four_foot(vec![on("Dawn", Trigger::Turn(1), vec![say("Dawn.")])]),
        &a_wins(1),
    );
    assert_eq!(
        g.log()[..3],
        [Event::TurnBegan { turn: 1 }, fired(0), shown("Dawn.")]
    );
    assert!(matches!(g.log()[3], Event::InitiativeRolled { .. }));
}

#[test]
fn r12_7_a_turn_trigger_fires_once_as_its_turn_begins() {
    let mut g = game_with(
        four_foot(vec![on("Noon", Trigger::Turn(2), vec![say("Noon.")])]),
        &a_wins(3),
    );
    to_phase(&mut g, Phase::Movement);
    assert_eq!(count(g.log(), &fired(0)), 0);
    let events = next_turn(&mut g);
    let began = events
        .iter()
        .position(|e| *e == Event::TurnBegan { turn: 2 })
        .unwrap();
    assert_eq!(events[began + 1..began + 3], [fired(0), shown("Noon.")]);
    next_turn(&mut g);
    assert_eq!(count(g.log(), &fired(0)), 1);
}

#[test]
fn r12_7_a_repeating_event_fires_at_every_check_where_its_trigger_holds() {
    let mut event = on("Rain", Trigger::Turn(1), vec![say("It rains.")]);
    event.repeat = true;
    let mut g = game_with(four_foot(vec![event]), &a_wins(2));
    to_phase(&mut g, Phase::Movement);
    // Turn 1's start and the end of its Initiative phase.
    assert_eq!(count(g.log(), &shown("It rains.")), 2);
    next_turn(&mut g);
    // The ends of Movement, Missile, Melee and Morale, turn 2's start and Initiative's end.
    assert_eq!(count(g.log(), &shown("It rains.")), 8);
}

#[test]
fn r12_7_an_effect_fires_no_event_until_the_next_check_and_a_flooded_unit_routs() {
    // The first event floods Red's foot at (2, 5): it routs (R8.5), half of Red's uhp are
    // lost, and the second event's trigger holds, but only from the next check on.
    let flood = on(
        "The tide",
        Trigger::Turn(1),
        vec![Effect::Terrain {
            hexes: vec![at(2, 5)],
            to: Terrain::Water,
        }],
    );
    let half = on(
        "Half lost",
        Trigger::Losses {
            side: A,
            percent: 50,
        },
        vec![say("Half of Red is gone.")],
    );
    let mut g = game_with(four_foot(vec![flood, half]), &a_wins(1));
    assert_eq!(
        g.log()[..4],
        [
            Event::TurnBegan { turn: 1 },
            fired(0),
            Event::TerrainChanged {
                hexes: vec![at(2, 5)],
                to: Terrain::Water
            },
            Event::Routed { unit: id(0) },
        ]
    );
    assert!(matches!(g.log()[4], Event::InitiativeRolled { .. }));
    assert_eq!(g.map().terrain(at(2, 5)), Some(Terrain::Water));
    let events = ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    assert_eq!(
        events[..4],
        [
            Event::DecisionAnswered,
            Event::FirstSideChosen { side: A },
            fired(1),
            shown("Half of Red is gone."),
        ]
    );
}

// ------------------------------------------------------------------ each trigger

/// Blue's foot at (5, 0) starts fleeing at its own edge: it flees off the map and routs as
/// turn 1's Movement phase opens; Blue keeps a unit at (10, 0).
fn blue_flees(events: Vec<ScenarioEvent>) -> Game {
    let mut fleeing = ff(B, 5, 0);
    fleeing.fleeing = true;
    let mut s = setup(vec![ff(A, 5, 11), fleeing, ff(B, 10, 0)]);
    s.events = events;
    let mut g = game_with(s, &a_wins(2));
    to_phase(&mut g, Phase::Movement);
    g
}

#[test]
fn r12_7_a_fleeing_unit_fires_its_trigger_at_the_first_check() {
    let g = blue_flees(vec![on(
        "Panic",
        Trigger::Fleeing(vec![id(1)]),
        vec![say("They run.")],
    )]);
    assert_eq!(g.log()[1..3], [fired(0), shown("They run.")]);
}

#[test]
fn r12_7_a_lost_unit_fires_its_trigger_at_the_end_of_the_phase() {
    let mut g = blue_flees(vec![
        on("Gone", Trigger::Lost(vec![id(1)]), vec![say("Gone.")]),
        on(
            "All gone",
            Trigger::Lost(vec![id(1), id(2)]),
            vec![say("All gone.")],
        ),
    ]);
    assert_eq!(
        g.unit(id(1)).unwrap().fate,
        Some(volley::engine::game::Fate::Routed)
    );
    assert_eq!(count(g.log(), &fired(0)), 0);
    ok(&mut g, Command::Order(Order::EndOrders));
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    let n = events.len();
    assert_eq!(
        events[n - 3..],
        [fired(0), shown("Gone."), phase_began(Phase::Missile)]
    );
    assert_eq!(count(g.log(), &fired(1)), 0);
}

#[test]
fn r12_7_losses_fire_at_their_share_of_the_starting_uhp() {
    let g = |percent| {
        let mut g = blue_flees(vec![on(
            "Bled",
            Trigger::Losses { side: B, percent },
            vec![say("Bled.")],
        )]);
        ok(&mut g, Command::Order(Order::EndOrders));
        ok(&mut g, Command::Order(Order::EndOrders));
        count(g.log(), &fired(0))
    };
    // Blue lost 8 of its 16 uhp: 50% is reached, 51% is not.
    assert_eq!((g(50), g(51)), (1, 0));
}

/// Red foot #0 at (2, 10) may march onto the objective at (2, 9); Red lancers #1 at (5, 9);
/// Blue foot #2 at (5, 6). The event fires once Red holds the objective.
fn objective_battle(then: Vec<Effect>) -> Game {
    let mut s = setup(vec![
        ff(A, 2, 10),
        unit(A, lancers(), 60, 5, 9),
        ready(ff(B, 5, 6)),
    ]);
    s.objectives = vec![Objective {
        name: "the mill".into(),
        hex: at(2, 9),
        value: 1,
        owner: None,
    }];
    s.events = vec![on(
        "The mill falls",
        Trigger::Holds {
            side: A,
            objective: 0,
        },
        then,
    )];
    let mut g = game_with(s, &a_wins(2));
    to_phase(&mut g, Phase::Movement);
    g
}

#[test]
fn r12_7_holding_an_objective_fires_its_trigger() {
    let mut g = objective_battle(vec![say("The mill falls.")]);
    ok(&mut g, march(0, at(2, 9)));
    ok(&mut g, Command::Order(Order::EndOrders));
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert!(events.ends_with(&[
        fired(0),
        shown("The mill falls."),
        phase_began(Phase::Missile)
    ]));
}

// ------------------------------------------------------------------ each effect

#[test]
fn r12_3_a_defector_keeps_its_hex_uhp_and_status_and_loses_its_ready_marker() {
    let mut g = objective_battle(vec![Effect::Defect(vec![id(2)])]);
    ok(&mut g, march(0, at(2, 9)));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert!(g.unit(id(2)).unwrap().ready);
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    // Blue has no unit left then: it loses after the order (R10.1).
    assert!(events.ends_with(&[
        fired(0),
        Event::UnitDefected { unit: id(2), to: A },
        phase_began(Phase::Missile),
        Event::BattleEnded {
            winner: Some(A),
            reason: EndReason::Annihilated
        }
    ]));
    let u = g.unit(id(2)).unwrap();
    assert_eq!((u.side, u.pos, u.uhp, u.ready), (A, at(5, 6), 8, false));
    assert_eq!(u.status, volley::engine::Status::Steady);
    assert_eq!(g.unit_at(at(5, 6)).map(|u| u.side), Some(A));
    // Its 8 uhp left Blue's starting uhp and joined Red's: a loss for neither.
    let lancers = g.unit(id(1)).unwrap().uhp;
    assert_eq!(g.side(A).start_uhp, 8 + lancers + 8);
    assert_eq!((g.side(B).start_uhp, g.losses(A), g.losses(B)), (0, 0, 0));
}

/// R12.3: a defector's standing orders for the computer were its old side's; they lapse.
#[test]
fn r12_3_a_defectors_standing_orders_lapse() {
    let hold = volley::engine::StandingOrder::Hold { hex: at(10, 0) };
    let mut s = four_foot(vec![on(
        "Over",
        Trigger::Turn(2),
        vec![Effect::Defect(vec![id(2)])],
    )]);
    s.orders = vec![volley::engine::OrderEntry {
        units: vec![id(2), id(3)],
        order: hold.clone(),
        release_within: None,
    }];
    let mut g = game_with(s, &a_wins(3));
    to_phase(&mut g, Phase::Movement);
    assert_eq!(g.standing_order(id(2)), &hold);
    next_turn(&mut g);
    assert_eq!(g.unit(id(2)).unwrap().side, A);
    assert_eq!(
        g.standing_order(id(2)),
        &volley::engine::StandingOrder::Free
    );
    assert_eq!(g.standing_order(id(3)), &hold);
}

#[test]
fn r12_3_a_charge_on_a_defector_is_cancelled() {
    // Blue keeps a unit far away, so the battle goes on into the Melee phase.
    let mut s = setup(vec![
        ff(A, 2, 10),
        unit(A, lancers(), 60, 5, 9),
        ff(B, 5, 6),
        ff(B, 11, 0),
    ]);
    s.objectives = vec![Objective {
        name: "the mill".into(),
        hex: at(2, 9),
        value: 1,
        owner: None,
    }];
    s.events = vec![on(
        "The mill falls",
        Trigger::Holds {
            side: A,
            objective: 0,
        },
        vec![Effect::Defect(vec![id(2)])],
    )];
    let mut g = game_with(s, &a_wins(2));
    to_phase(&mut g, Phase::Movement);
    ok(&mut g, march(0, at(2, 9)));
    ok(&mut g, charge(1, at(5, 7), 2));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    // The Melee phase opens with no charge to strike home: no die is rolled.
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(events, [phase_began(Phase::Melee)]);
    assert_eq!(g.unit(id(1)).unwrap().marks.moved, Some(MoveKind::Charge));
}

#[test]
fn r12_7_a_release_brings_a_reserve_at_its_sides_next_movement_orders() {
    let mut waiting = ff(A, 0, 0);
    waiting.reserve = Some(ReserveSetup {
        turn: None,
        hexes: vec![at(0, 11)],
    });
    let units: Vec<UnitSetup> = vec![ff(A, 2, 5), ff(B, 10, 0), waiting];
    let release = |turn| {
        let mut s = setup(units.clone());
        s.events = vec![on(
            "Up they come",
            Trigger::Turn(turn),
            vec![Effect::Release(vec![id(2)])],
        )];
        let mut g = game_with(s, &a_wins(3));
        to_phase(&mut g, Phase::Movement);
        let events = next_turn(&mut g);
        (g, events)
    };
    let (g, events) = release(2);
    let began = events
        .iter()
        .position(|e| *e == Event::TurnBegan { turn: 2 })
        .unwrap();
    assert_eq!(
        events[began + 1..began + 3],
        [fired(0), Event::ReserveReleased { unit: id(2) }]
    );
    assert_eq!(
        events.last(),
        Some(&Event::ReserveArrived {
            unit: id(2),
            at: at(0, 11)
        })
    );
    assert!(g.unit(id(2)).unwrap().on_map());
    // Released on turn 3, it is still to come on turn 2.
    let (g, _) = release(3);
    assert!(g.unit(id(2)).unwrap().to_come());
}

#[test]
fn r12_7_an_event_ends_the_battle_with_its_winner_and_reason() {
    let end = on(
        "Nightfall",
        Trigger::Turn(2),
        vec![
            Effect::EndBattle {
                winner: B,
                reason: "Night falls; the field is Blue's.".into(),
            },
            say("Never shown."),
        ],
    );
    let mut g = game_with(four_foot(vec![end]), &a_wins(2));
    to_phase(&mut g, Phase::Movement);
    let mut events = Vec::new();
    while g.outcome().is_none() {
        events.extend(ok(&mut g, Command::Order(Order::EndOrders)));
    }
    assert!(events.ends_with(&[
        Event::TurnBegan { turn: 2 },
        fired(0),
        Event::BattleEnded {
            winner: Some(B),
            reason: EndReason::Scripted { event: 0 }
        }
    ]));
    assert_eq!(
        g.scripted_reason(0),
        Some("Night falls; the field is Blue's.")
    );
    let words = volley::tui::describe::describe(&g, events.last().unwrap());
    assert_eq!(words, ["Blue wins: Night falls; the field is Blue's."]);
}

// ------------------------------------------------------------------ the log's words

#[test]
fn r12_7_the_log_says_what_the_scenario_made_happen() {
    let mut g = objective_battle(vec![say("The mill falls.")]);
    let mut s = setup(vec![ff(A, 2, 5), ff(B, 10, 0)]);
    s.events = vec![on("Dawn", Trigger::Turn(1), vec![])];
    let dawn = game_with(s, &a_wins(1));
    ok(&mut g, march(0, at(2, 9)));
    let words = |g: &Game, e: Event| volley::tui::describe::describe(g, &e);
    assert_eq!(words(&dawn, fired(0)), ["Event: Dawn (R12.7)"]);
    assert_eq!(words(&g, shown("The mill falls.")), ["“The mill falls.”"]);
    assert_eq!(
        words(&g, Event::UnitDefected { unit: id(2), to: A }),
        ["FF test troop 506 goes over to Red (R12.3)"]
    );
    assert_eq!(
        words(
            &g,
            Event::ReserveArrived {
                unit: id(0),
                at: at(2, 9)
            }
        ),
        ["FF test troop 210 arrives from the reserve at (2, 9) (R12.1)"]
    );
    assert_eq!(
        words(&g, Event::ReserveDelayed { unit: id(0) }),
        ["FF test troop 210 is delayed: every arrival hex is taken; tries again next turn (R12.1)"]
    );
    assert_eq!(
        words(&g, Event::ReserveReleased { unit: id(0) }),
        ["FF test troop 210 is released from the reserve: arrives at the next movement orders (R12.1)"]
    );
    assert_eq!(
        words(
            &g,
            Event::TerrainChanged {
                hexes: vec![at(0, 3), at(1, 3)],
                to: Terrain::Water
            }
        ),
        ["The ground changes: (0, 3), (1, 3) now water (R12.7)"]
    );
}

// ------------------------------------------------------------------ replay

const SCRIPTED: &str = r#"(
    name: "Scripted",
    map: [". . . . . .", ". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (1, 4), label: "Red pike"),
        (troop: "matchlock musketeers", side: "Red", creatures: 120, at: (2, 4), label: "Red shot", group: "shot"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (1, 0), label: "Blue pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, label: "Blue late", reserve: (turn: 2, hexes: [(3, 0), (4, 0)])),
        (troop: "pikemen", side: "Red", creatures: 120, label: "Red late", reserve: (event: "Help", hexes: [(3, 4)])),
    ],
    events: [
        (name: "Help", when: Turn(2), then: [Message("Help comes."), Release(unit: "Red late")]),
        (name: "Turncoats", when: Turn(3), then: [Defect(group: "shot")]),
        (name: "Flood", when: Turn(4), then: [Terrain(hexes: [(0, 2)], to: Water)]),
    ],
    turn_limit: 6,
    defender: "Blue",
)
"#;

#[test]
fn r12_7_a_saved_battle_with_reserves_and_events_replays_to_the_same_events() {
    use volley::ai::{Player, RandomPlayer};
    use volley::save::SaveFile;
    let scenario = volley::scenario::Scenario::parse(SCRIPTED, "scripted.ron").unwrap();
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=3 {
        let mut game =
            Game::new(scenario.setup.clone(), volley::engine::Dice::seeded(seed)).unwrap();
        let mut player = RandomPlayer::new(seed);
        let mut commands = Vec::new();
        while let Some(c) = player.choose(&game) {
            game.submit(c).unwrap();
            commands.push(c);
        }
        let log = game.log();
        assert!(log.contains(&shown("Help comes.")), "seed {seed}");
        assert!(log.iter().any(|e| matches!(
            e,
            Event::ReserveArrived {
                unit: UnitId(3),
                ..
            }
        )));
        let path = dir.path().join(format!("scripted-{seed}.ron"));
        let controllers = [volley::scenario::Controller::Human; 2];
        SaveFile::of(&scenario, seed, controllers, &commands, &game)
            .write(&path)
            .unwrap();
        let back = volley::save::resume(&path).unwrap();
        assert_eq!(back.game.log(), game.log(), "seed {seed}");
        assert_eq!(back.game.units(), game.units(), "seed {seed}");
    }
}

#[test]
fn r12_7_a_scenario_names_units_groups_and_events_the_engine_holds_as_ids() {
    let scenario = volley::scenario::Scenario::parse(SCRIPTED, "scripted.ron").unwrap();
    let s = &scenario.setup;
    assert_eq!(s.units[1].group.as_deref(), Some("shot"));
    assert_eq!(
        s.units[3].reserve,
        Some(ReserveSetup {
            turn: Some(2),
            hexes: vec![at(3, 0), at(4, 0)]
        })
    );
    assert_eq!(
        s.events[0],
        on(
            "Help",
            Trigger::Turn(2),
            vec![say("Help comes."), Effect::Release(vec![id(4)])]
        )
    );
    assert_eq!(s.events[1].then, [Effect::Defect(vec![id(1)])]);
}

// ------------------------------------------------------------------ `check`

/// The small battle with a group, two reserves and three events that `check` passes.
const BASE: &str = R12_BATTLE;

#[test]
fn r12_7_the_base_battle_with_events_is_clean() {
    let scenario = volley::scenario::Scenario::parse(BASE, "base.ron").unwrap();
    assert!(scenario.warnings.is_empty());
    assert_eq!(scenario.setup.events.len(), 3);
}

#[test]
fn r12_7_check_an_unknown_label_is_refused_with_did_you_mean() {
    let text = edit(
        BASE,
        r#"Lost(unit: "Red pike")"#,
        r#"Lost(unit: "Red pik")"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:14:41: event `Help` names the unit \"Red pik\", which the battle does not have; did you mean `Red pike`?"]
    );
}

/// A field the trigger does not have (`disordered`) is refused at its place, not ignored:
/// the designer meant something the battle would never do.
#[test]
fn r12_7_check_an_unknown_field_in_a_trigger_is_refused_with_its_place() {
    let text = edit(
        BASE,
        r#"Lost(unit: "Red pike")"#,
        r#"Lost(unit: "Red pike", disordered: true)"#,
    );
    let refused = refused(&text);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with("bad.ron:14:") && refused[0].contains("disordered"),
        "{refused:?}"
    );
}

#[test]
fn r12_7_check_an_event_naming_a_label_two_units_share_is_refused() {
    let text = edit(BASE, r#"label: "Blue pike""#, r#"label: "Red pike""#);
    assert_eq!(
        refused(&text),
        [
            "bad.ron:8:70: warning: \"Red pike\" at (0, 0) has the same label as \"Red pike\" at (0, 3): name them apart",
            "bad.ron:14:41: event `Help` names \"Red pike\", a label 2 units share: an event names one unit only (R12.7)",
        ]
    );
}

#[test]
fn r12_7_check_an_unknown_group_is_refused_with_did_you_mean() {
    let text = edit(
        BASE,
        r#"Release(group: "late")"#,
        r#"Release(group: "lat")"#,
    );
    assert_eq!(
        refused(&text),
        [
            "bad.ron:10:101: the reserve \"Red late\" waits for the event `Help`, which has no `Release` for it (R12.1)",
            "bad.ron:14:100: event `Help` names the group `lat`, which no unit belongs to; did you mean `late`?",
        ]
    );
}

#[test]
fn r12_7_check_an_unknown_side_and_objective_are_refused_with_did_you_mean() {
    let text = edit(
        BASE,
        r#"Holds(side: "Blue", objective: "the mill")"#,
        r#"Holds(side: "Bleu", objective: "the mil")"#,
    );
    assert_eq!(
        refused(&text),
        [
            "bad.ron:15:42: event `Mill` names the side `Bleu`, which the battle does not have; did you mean `Blue`?",
            "bad.ron:15:61: event `Mill` names the objective `the mil`, which the battle does not have; did you mean `the mill`?",
        ]
    );
}

#[test]
fn r12_7_check_a_unit_and_a_group_at_once_are_refused() {
    let text = edit(
        BASE,
        r#"Defect(unit: "Red shot")"#,
        r#"Defect(unit: "Red shot", group: "late")"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:15:88: event `Mill`: name either `unit:` or `group:`, not both or neither (R12.7)"]
    );
}

#[test]
fn r12_7_check_a_share_of_losses_or_a_turn_out_of_range_is_refused() {
    let text = edit(BASE, "percent: 50", "percent: 0");
    assert_eq!(
        refused(&text),
        ["bad.ron:16:50: event `Rout`'s share of losses 0% must be 1% to 100% (R12.7, R2.8)"]
    );
    let text = edit(
        BASE,
        r#"when: Losses(side: "Red", percent: 50)"#,
        "when: Turn(9)",
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:16:24: event `Rout`'s turn 9 must be 1 to the turn limit, 6 (R12.7, R2.8)"]
    );
}

#[test]
fn r12_7_check_two_events_of_one_name_are_refused() {
    let text = edit(BASE, r#"(name: "Mill","#, r#"(name: "Help","#);
    assert_eq!(
        refused(&text),
        ["bad.ron:15:10: two events are named `Help`: name them apart (R12.7)"]
    );
}

#[test]
fn r12_7_check_a_terrain_change_off_the_map_is_refused() {
    let text = edit(
        BASE,
        r#"Message("Help comes."),"#,
        r#"Message("Help comes."), Terrain(hexes: [(0, 9)], to: Water),"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:14:93: event `Help` changes the terrain of (0, 9), which is off the map (R12.7)"]
    );
}

#[test]
fn r12_7_check_a_misspelt_trigger_names_an_events_trigger_not_a_rust_type() {
    let text = edit(
        BASE,
        r#"Lost(unit: "Red pike")"#,
        r#"Lots(unit: "Red pike")"#,
    );
    assert_eq!(
        refused(&text),
        ["bad.ron:14:30: Unexpected variant named `Lots` for an event's trigger, expected one of `Turn`, `Lost`, `Fleeing`, `Holds`, or `Losses` instead"]
    );
}

// ------------------------------------------------------------------ new computer orders

/// R12.7: an event's `Orders` effect gives the named units a new standing order, logged as
/// `OrdersChanged` after the event fired, and the engine holds it from then on.
#[test]
fn r12_7_an_orders_effect_gives_new_standing_orders() {
    let order = volley::engine::StandingOrder::Hold { hex: at(2, 4) };
    let then = vec![Effect::Orders {
        units: vec![id(0), id(1)],
        order: order.clone(),
    }];
    let mut g = game_with(
        four_foot(vec![on("Stand", Trigger::Turn(2), then)]),
        &a_wins(3),
    );
    to_phase(&mut g, Phase::Movement);
    assert_eq!(
        g.standing_order(id(0)),
        &volley::engine::StandingOrder::Free
    );
    let log = next_turn(&mut g);
    let changed = Event::OrdersChanged {
        units: vec![id(0), id(1)],
        order: order.clone(),
    };
    let at_fire = log.iter().position(|e| *e == fired(0)).unwrap();
    assert_eq!(log.get(at_fire + 1), Some(&changed));
    assert_eq!(g.standing_order(id(1)), &order);
    assert_eq!(
        g.standing_order(id(2)),
        &volley::engine::StandingOrder::Free
    );
}

/// R12.7: `Orders(group: …, order: …)` in a file resolves to the group's units and the
/// order in the engine's terms, and a misspelt objective in it is refused at its place.
#[test]
fn r12_7_an_orders_effect_in_a_file_is_checked_as_the_orders_list_is() {
    let text = edit(
        BASE,
        r#"Release(group: "late")]"#,
        r#"Release(group: "late"), Orders(group: "left wing", order: Hold(objective: "the mill"))]"#,
    );
    let scenario = volley::scenario::Scenario::parse(&text, "good.ron").unwrap();
    assert_eq!(
        scenario.setup.events[0].then.get(2),
        Some(&Effect::Orders {
            units: vec![id(0)],
            order: volley::engine::StandingOrder::HoldObjective { objective: 0 }
        })
    );
    let text = edit(
        &text,
        r#"Hold(objective: "the mill")"#,
        r#"Hold(objective: "the mil")"#,
    );
    let problems = refused(&text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("bad.ron:14:") && problems[0].contains("the mil"),
        "{problems:?}"
    );
}

/// R12.1, R12.7: a release of units none of which is a reserve, a terrain change of no hex
/// and a message that says nothing would each do nothing, so `check` refuses them.
#[test]
fn r12_7_check_an_effect_that_would_do_nothing_is_refused() {
    let text = edit(
        BASE,
        r#"then: [Message("Help comes."), Release(group: "late")]"#,
        r#"then: [Message(" "), Release(group: "late"), Release(unit: "Red shot"), Terrain(hexes: [], to: Water)]"#,
    );
    assert_eq!(
        refused(&text),
        [
            "bad.ron:14:69: event `Help`'s message says nothing (R12.7)",
            "bad.ron:14:113: event `Help` releases the unit \"Red shot\", which holds no reserve (R12.1)",
            "bad.ron:14:134: event `Help` changes the terrain of no hex (R12.7)",
        ]
    );
}

/// R12.7, R4.6: march time over the ground follows the terrain as events change it: a
/// tide that floods the only way to an objective leaves no march there.
#[test]
fn r12_7_march_time_to_an_objective_follows_a_change_of_terrain() {
    // Water everywhere on row 3 but column 6; the tide floods (6, 3) on turn 2.
    let tide = on(
        "The tide",
        Trigger::Turn(2),
        vec![Effect::Terrain {
            hexes: vec![at(6, 3)],
            to: Terrain::Water,
        }],
    );
    let mut s = four_foot(vec![tide]);
    for col in (0..12).filter(|c| *c != 6) {
        s.map.set(at(col, 3), Terrain::Water);
    }
    s.objectives.push(Objective {
        name: "the mill".into(),
        hex: at(6, 0),
        value: 1,
        owner: None,
    });
    let mut g = game_with(s, &a_wins(2));
    let red = g.unit(id(0)).unwrap().clone();
    assert!(g.march_turns(&red, red.pos, at(6, 0)).is_some());
    to_phase(&mut g, Phase::Movement);
    next_turn(&mut g);
    assert_eq!(g.map().terrain(at(6, 3)), Some(Terrain::Water));
    let red = g.unit(id(0)).unwrap().clone();
    assert_eq!(g.march_turns(&red, red.pos, at(6, 0)), None);
}
