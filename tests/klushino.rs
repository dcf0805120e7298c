//! Klushino, 1610 (`scenarios/klushino.ron`): the moment the scenario's events make, played
//! on the shipped battle. Once the last of the Russian horse is gone (destroyed or routed),
//! De la Gardie's mercenary foot goes over to Poland-Lithuania at the end of that phase,
//! keeping its hexes at the fence (R12.7, R12.3). The fence (R12.5) and the late Hajduk
//! foot (R12.1) are `scenarios/tests/klushino*.test.ron`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::event::Phase;
use volley::engine::{Answer, Command, Dice, Event, Game, Order, SideId};
use volley::scenario::Scenario;

const KLUSHINO: &str = include_str!("../scenarios/klushino.ron");
const RUSSIAN_HORSE: [&str; 3] = ["Golitsyn's horse", "Shuisky's horse", "Russian noble horse"];
const MERCENARIES: [&str; 4] = [
    "English and Scots shot",
    "Mercenary pike",
    "German pike",
    "German shot",
];

/// Klushino with the Russian horse units labelled `fleeing` starting to flee on the east
/// edge (so their first flight, as the Movement phase begins, takes them off the map, R8.4),
/// turn 1's initiative to Poland-Lithuania (6 + 2 against 1), which moves first; the game
/// and the events of choosing to move first.
fn klushino_with_fleeing(fleeing: &[&str]) -> (Game, Vec<Event>) {
    let scenario = fleeing_scenario(fleeing);
    let mut dice = Dice::seeded(1);
    dice.force(6);
    dice.force(1);
    let mut game = Game::new(scenario.setup, dice).unwrap();
    let events = (game.submit(Command::Answer(Answer::ChooseFirst { first: true })))
        .unwrap()
        .to_vec();
    (game, events)
}

/// Klushino with the Russian horse units labelled `fleeing` starting to flee on the east
/// edge.
fn fleeing_scenario(fleeing: &[&str]) -> Scenario {
    let mut text = KLUSHINO.to_string();
    for (label, row) in fleeing.iter().zip(7..) {
        let old = format!("label: \"{label}\", group: \"Russian horse\")");
        let new = format!("label: \"{label}\", group: \"Russian horse\", fleeing: true)");
        let line = text.lines().find(|l| l.contains(&old)).unwrap().to_string();
        let (before, rest) = line.split_once("at: (").unwrap();
        let (_, after) = rest.split_once(')').unwrap();
        let moved = format!("{before}at: (15, {row}){after}").replace(&old, &new);
        text = text.replace(&line, &moved);
    }
    Scenario::parse(&text, "klushino.ron").unwrap()
}

fn id(game: &Game, label: &str) -> volley::engine::UnitId {
    game.units().iter().find(|u| u.label == label).unwrap().id
}

/// Ends orders until the Missile phase begins; every event on the way.
fn to_missile(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while game.phase() != Phase::Missile {
        events.extend_from_slice(game.submit(Command::Order(Order::EndOrders)).unwrap());
    }
    events
}

#[test]
fn r12_3_r12_7_the_mercenaries_go_over_once_the_russian_horse_has_fled() {
    let (mut game, mut events) = klushino_with_fleeing(&RUSSIAN_HORSE);
    events.extend(to_missile(&mut game));
    for label in RUSSIAN_HORSE {
        let horse = id(&game, label);
        assert!(
            events.contains(&Event::Routed { unit: horse }),
            "{label}: {events:?}"
        );
    }
    for label in MERCENARIES {
        let unit = id(&game, label);
        assert!(
            events.contains(&Event::UnitDefected {
                unit,
                to: SideId::A
            }),
            "{label} goes over: {events:?}"
        );
        let u = game.unit(unit).unwrap();
        assert_eq!(u.side, SideId::A, "{label}");
        assert!(u.on_map(), "{label} keeps its hex at the fence");
        let free = volley::engine::StandingOrder::Free;
        assert_eq!(
            game.standing_order(unit),
            &free,
            "{label}: its orders lapse"
        );
    }
    let streltsy = id(&game, "Streltsy at the fence");
    assert_eq!(game.unit(streltsy).unwrap().side, SideId::B);
}

#[test]
fn r12_7_the_mercenaries_stay_while_any_russian_horse_is_left() {
    let (mut game, mut events) = klushino_with_fleeing(&RUSSIAN_HORSE[..2]);
    events.extend(to_missile(&mut game));
    assert_eq!(
        (events.iter())
            .filter(|e| matches!(e, Event::Routed { .. }))
            .count(),
        2
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::UnitDefected { .. })),
        "{events:?}"
    );
    let pike = id(&game, "Mercenary pike");
    assert_eq!(game.unit(pike).unwrap().side, SideId::B);
}

/// Issue 28, R12.3: `sim`'s side table counts a defector's uhp for the side it fought for
/// at the moment, so with the mercenaries going over on turn 1 of every game, each side's
/// `lost` is still the other's `dealt`, and `lost + routed` its R10.3 losses.
#[test]
fn r12_3_sims_sides_add_up_when_units_defect() {
    use volley::sim::{simulate, PlayerKind, SimSetup};
    let scenario = fleeing_scenario(&RUSSIAN_HORSE);
    let kinds = [PlayerKind::Normal, PlayerKind::Normal];
    let results = simulate(&scenario, 6, SimSetup::new(kinds, 3), &|| {});
    assert_eq!(results.len(), 6);
    for r in &results {
        let [a, b] = r.sides;
        assert_eq!((a.lost, b.lost), (b.dealt, a.dealt), "seed {}", r.seed);
        assert_eq!(a.lost + a.routed_uhp, r.losses[0], "seed {}", r.seed);
        assert_eq!(b.lost + b.routed_uhp, r.losses[1], "seed {}", r.seed);
    }
    // The mercenaries fought after going over: the scenario's sides would not add up.
    let by_start_side = |r: &volley::sim::GameResult, side: SideId| -> u32 {
        (scenario.setup.units.iter().zip(&r.units))
            .filter(|(u, _)| u.side == side)
            .map(|(_, t)| t.dealt)
            .sum()
    };
    assert!(
        results
            .iter()
            .any(|r| by_start_side(r, SideId::B) != r.sides[1].dealt),
        "no defector dealt a blow: the test shows nothing"
    );
}

/// R12.3: after the mercenaries go over, no two units of one side share a map tag; the
/// units that did not change sides keep theirs.
#[test]
fn r12_3_a_defector_takes_a_tag_its_new_side_has_free() {
    let (mut game, _) = klushino_with_fleeing(&RUSSIAN_HORSE);
    let before = volley::tui::tags::tags(&game);
    to_missile(&mut game);
    let after = volley::tui::tags::after_defection(&game, &before);
    for side in [SideId::A, SideId::B] {
        let mut seen: Vec<char> = (game.units().iter().zip(&after))
            .filter(|(u, _)| u.side == side)
            .map(|(_, t)| *t)
            .collect();
        let all = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), all, "{side:?}: {after:?}");
    }
    let stayed = |i: usize| !MERCENARIES.contains(&game.units()[i].label.as_str());
    for i in (0..after.len()).filter(|i| stayed(*i)) {
        assert_eq!(after[i], before[i], "{}", game.units()[i].label);
    }
    // Without the change a defector would share its tag (the test shows something).
    let clash = (game.units().iter().zip(&before)).any(|(u, t)| {
        MERCENARIES.contains(&u.label.as_str())
            && (game.units().iter().zip(&before)).any(|(o, s)| {
                o.id != u.id
                    && o.side == SideId::A
                    && s == t
                    && !MERCENARIES.contains(&o.label.as_str())
            })
    });
    assert!(clash, "no defector's tag clashed: {before:?}");
}
