//! Defence in depth for R2.8: a battle set up in code, past every loader, with the most
//! extreme numbers an `i32` holds in every field the engine adds (strategic ability and
//! morale modifier of the sides; armor AC, other AC, morale and attack throw of the troops)
//! plays a whole game with the computer on both sides, and its log, odds, reports and
//! drawings are made, without a panic (release builds check overflow) and without wrapping.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use volley::ai::{ComputerPlayer, Player};
use volley::engine::{AttackKind, Dice, Game, SideId, UnitId};
use volley::scenario::{Controller, Scenario, SHIPPED};

/// The file values the engine adds, in order: strategic ability, morale modifier (sides);
/// armor AC, other AC, morale, attack throw (troops).
type Values = [i32; 6];

/// The tutorial with side A's commander and troops given values `a`, side B's `b`, and
/// the LotFP option (R9.3, whose −2 adds to the morale) switched `lotfp`.
fn tutorial_with(a: Values, b: Values, lotfp: bool) -> Scenario {
    let (file, source) = SHIPPED[0];
    let mut s = Scenario::parse(source, file).expect("the tutorial loads");
    s.setup.rules.options.lotfp_morale = lotfp;
    for (side, v) in s.setup.sides.iter_mut().zip([a, b]) {
        (side.strategic_ability, side.morale_modifier) = (v[0], v[1]);
    }
    for u in &mut s.setup.units {
        let v = if u.side == SideId::A { a } else { b };
        let t = &mut u.troop;
        (t.armor_ac, t.other_ac, t.morale, t.attack_throw) = (v[2], v[3], v[4], v[5]);
    }
    s
}

/// Values of `i32::MAX` where `pattern` has a bit set, `i32::MIN` elsewhere.
fn extremes(pattern: u32) -> Values {
    std::array::from_fn(|i| {
        if pattern >> i & 1 == 1 {
            i32::MAX
        } else {
            i32::MIN
        }
    })
}

/// Every pair's odds of each kind of attack, and the shock odds of a charge: the what-ifs
/// the panels and the computer read.
fn all_odds(game: &Game) {
    let ids: Vec<UnitId> = game.units().iter().map(|u| u.id).collect();
    for &a in &ids {
        for &t in &ids {
            for kind in [AttackKind::Missile, AttackKind::Melee, AttackKind::Charge] {
                let _ = game.odds(a, t, kind);
            }
            let _ = game.charge_shock_odds(a, t);
        }
    }
}

/// Plays the battle to its end, computer against computer, describing every event as the
/// log does and asking every odds once a phase; returns the finished game.
fn play_out(scenario: &Scenario) -> Game {
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(3)).expect("the setup is valid");
    let mut players = [
        ComputerPlayer::new(3, [5, 5]),
        ComputerPlayer::new(4, [5, 5]),
    ];
    let mut described = 0;
    let mut steps = 0;
    while let Some(side) = game.acting_side() {
        all_odds(&game);
        let command = players[side.index()]
            .choose(&game)
            .expect("a command while the battle goes on");
        game.submit(command)
            .expect("the computer's command is legal");
        for event in &game.log()[described..] {
            let _ = volley::tui::describe::describe(&game, event);
        }
        described = game.log().len();
        steps += 1;
        assert!(steps < 5_000, "the battle does not end");
    }
    game
}

/// The reports and drawings of the scenario: `volley units`, `volley show` and the battle
/// screen with its unit panel.
fn reports_and_drawings(scenario: &Scenario) {
    let _ = volley::commands::units_report(scenario, false);
    let _ = volley::commands::units_report(scenario, true);
    volley::tui::show::show(scenario.clone(), 200).expect("the map is drawn");
    let mut app = App::new(scenario.clone(), 3, [Controller::Human; 2]).expect("it starts");
    app.handle_key(volley::tui::Key::Char(' ')); // past the briefing
    let mut t = Terminal::new(TestBackend::new(160, 50)).unwrap();
    for unit in app.game().units().to_vec() {
        app.put_cursor(unit.pos);
        t.draw(|f| volley::tui::draw(f, &app)).unwrap();
    }
}

use volley::tui::App;

#[test]
fn r2_8_a_battle_of_i32_max_everywhere_plays_out_and_reports_without_panic() {
    let s = tutorial_with([i32::MAX; 6], [i32::MAX; 6], false);
    reports_and_drawings(&s);
    assert!(play_out(&s).outcome().is_some());
}

#[test]
fn r2_8_a_battle_of_i32_min_everywhere_plays_out_and_reports_without_panic() {
    let s = tutorial_with([i32::MIN; 6], [i32::MIN; 6], true);
    reports_and_drawings(&s);
    assert!(play_out(&s).outcome().is_some());
}

/// Every mix of `i32::MAX` and `i32::MIN` over the six fields, side B the opposite of
/// side A, with and without LotFP: 64 battles.
#[test]
fn r2_8_every_mix_of_i32_max_and_min_plays_out_and_reports_without_panic() {
    for pattern in 0..64 {
        let s = tutorial_with(extremes(pattern), extremes(!pattern), pattern % 2 == 1);
        reports_and_drawings(&s);
        assert!(play_out(&s).outcome().is_some(), "pattern {pattern:06b}");
    }
}

/// R3.1 saturates: an ability of `i32::MAX` on one side wins every initiative roll, as
/// any ability that beats the die would; it never wraps round to lose.
#[test]
fn r3_1_an_i32_max_strategic_ability_wins_initiative_instead_of_wrapping() {
    let s = tutorial_with([i32::MAX; 6], [i32::MIN; 6], false);
    let game = Game::new(s.setup.clone(), Dice::seeded(3)).expect("valid");
    let winner = game.log().iter().find_map(|e| match e {
        volley::engine::Event::InitiativeRolled { winner, .. } => Some(*winner),
        _ => None,
    });
    assert_eq!(winner, Some(SideId::A));
}

/// R2.3 with a hand-built mounted troop of speed `u32::MAX` under rules of 1 foot a hex:
/// its hustle and charge saturate at `u32::MAX` instead of overflowing.
#[test]
fn r2_8_a_hand_built_mounted_speed_past_any_range_saturates_its_rate() {
    let s = tutorial_with([0; 6], [0; 6], false);
    let mut rules = s.setup.rules.clone();
    rules.mounted_feet_per_hex = 1;
    let mut riders = s
        .setup
        .units
        .iter()
        .find(|u| u.troop.formation.is_mounted())
        .expect("the tutorial has horse")
        .troop
        .clone();
    riders.speed = u32::MAX;
    let rate = volley::engine::unit::movement(&rules, &riders);
    assert_eq!(
        (rate.march, rate.hustle, rate.charge),
        (u32::MAX, u32::MAX, u32::MAX)
    );
}
