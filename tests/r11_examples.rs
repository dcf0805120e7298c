//! R11: every worked example of RULES.md, with the numbers it gives.

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
use volley::engine::event::{AttackKind, RollCause, Throw};
use volley::engine::rules::ReloadTiming;
use volley::engine::types::{DamageDice, FirearmKind, HitDice, Lock, SideId};
use volley::engine::unit::{attack_sequence_text, Profile};
use volley::engine::Order;
use volley::engine::Refusal;
use volley::engine::{
    Command, Event, Formation, Game, Phase, RuleError, Rules, ShockResult, TroopType,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

fn profile(troop: &TroopType, n: u32) -> Profile {
    Profile::derive(&Rules::standard(), troop, n)
        .unwrap_or_else(|e| panic!("{} x{n} rejected: {e}", troop.name))
}

/// The attack sequence text and reload tokens of `n` firearm troops.
fn sequence(formation: Formation, lock: Lock, kind: FirearmKind, n: u32) -> (String, u32) {
    let t = shot(formation, lock, kind);
    let p = profile(&t, n);
    (attack_sequence_text(&t, &p), p.reload_tokens)
}

fn tokens(lock: Lock, kind: FirearmKind, n: u32) -> u32 {
    sequence(Formation::DF, lock, kind, n).1
}

fn men(hd: HitDice, sides: u8) -> TroopType {
    let mut t = troop(Formation::FF);
    t.hd = hd;
    t.melee.damage = DamageDice::new(1, sides);
    t
}

fn hd(dice: u8, plus: i8) -> HitDice {
    HitDice { dice, plus }
}

#[test]
fn r11_gow_example_1_flintlock_arquebus_df_makes_one_attack_no_tokens() {
    assert_eq!(
        sequence(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus, 120),
        ("1 flintlock arquebus".to_string(), 0)
    );
}

#[test]
fn r11_gow_example_2_matchlock_arquebus_df_one_attack_one_token() {
    assert_eq!(
        sequence(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus, 120),
        ("1 matchlock arquebus, 1 reload token".to_string(), 1)
    );
}

#[test]
fn r11_gow_example_3_matchlock_rifled_musket_uf_one_attack_two_tokens() {
    assert_eq!(
        sequence(
            Formation::UF,
            Lock::Matchlock,
            FirearmKind::RifledMusket,
            120
        ),
        ("1 matchlock rifled musket, 2 reload tokens".to_string(), 2)
    );
}

#[test]
fn r11_gow_example_4_flintlock_musket_sf_one_attack_one_token() {
    assert_eq!(
        sequence(Formation::SF, Lock::Flintlock, FirearmKind::Musket, 60),
        ("1 flintlock musket, 1 reload token".to_string(), 1)
    );
}

#[test]
fn r11_edge_cases_of_reload_tokens() {
    assert_eq!(tokens(Lock::Flintlock, FirearmKind::Arquebus, 80), 0); // a = 2/3
    assert_eq!(tokens(Lock::Matchlock, FirearmKind::Arquebus, 80), 2); // a = 2/5
    assert_eq!(tokens(Lock::Flintlock, FirearmKind::Musket, 40), 2); // a = 2/7
    assert_eq!(tokens(Lock::Matchlock, FirearmKind::RifledMusket, 20), 14); // a = 1/15
    let p = profile(
        &shot(Formation::DF, Lock::Matchlock, FirearmKind::RifledMusket),
        20,
    );
    assert_eq!(p.missile_attacks, 1);
}

#[test]
fn r11_unit_hit_points() {
    let ff = |h, n| profile(&men(h, 6), n).uhp;
    assert_eq!(ff(hd(1, 0), 120), 8);
    assert_eq!(ff(hd(1, -1), 120), 6);
    assert_eq!(ff(hd(1, 1), 120), 10);
    assert_eq!(ff(hd(4, 0), 60), 16);
}

#[test]
fn r11_attacks_of_120_men_of_1_hd() {
    let d6 = men(hd(1, 0), 6);
    let d8 = men(hd(1, 0), 8);
    assert_eq!(profile(&d6, 120).melee_attacks, 2);
    assert_eq!(profile(&d8, 120).melee_attacks, 3);
    assert_eq!(attack_sequence_text(&d8, &profile(&d8, 120)), "3 sword");
}

/// The turns, among the first `turns`, in which `n` troops fire at an enemy 2 hexes away,
/// firing whenever the rules let them. Side A always wins the initiative and every die is
/// a 1, so every shot misses.
fn firing_turns(troops: TroopType, n: u32, timing: ReloadTiming, turns: u32) -> Vec<u32> {
    let mut s = setup(vec![
        unit(A, troops, n, 5, 8),
        unit(B, troop(Formation::FF), 120, 5, 6),
    ]);
    s.rules.options.reload_timing = timing;
    s.sides[0].strategic_ability = 10;
    let mut g = game_with(s, &[1; 64]);
    let mut fired = Vec::new();
    while g.turn() <= turns {
        to_phase(&mut g, Phase::Missile);
        let shoot = Command::Order(Order::Fire {
            unit: id(0),
            target: id(1),
        });
        match g.submit(shoot) {
            Ok(_) => fired.push(g.turn()),
            Err(e) => assert_eq!(
                e,
                RuleError::CannotAttack {
                    unit: id(0),
                    why: Refusal::Reloading,
                }
            ),
        }
        let turn = g.turn();
        while g.turn() == turn {
            ok(&mut g, Command::Order(Order::EndOrders));
        }
    }
    fired
}

#[test]
fn r11_cadence_one_token_fires_on_turns_1_3_5() {
    let arquebus = shot(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus);
    assert_eq!(
        firing_turns(arquebus, 120, ReloadTiming::StartOfTurn, 6),
        [1, 3, 5]
    );
}

#[test]
fn r11_cadence_two_tokens_fires_on_turns_1_4_7() {
    let arquebus = shot(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus);
    assert_eq!(
        firing_turns(arquebus, 80, ReloadTiming::StartOfTurn, 7),
        [1, 4, 7]
    );
}

#[test]
fn r11_cadence_literal_timing_one_token_fires_every_turn() {
    let arquebus = shot(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus);
    assert_eq!(
        firing_turns(arquebus, 120, ReloadTiming::Literal, 5),
        [1, 2, 3, 4, 5]
    );
}

/// A game in the Missile phase: `kind` matchlock DF 3 hexes from foot in chain and shield.
fn shooting_at_chain_and_shield(kind: FirearmKind, faces: &[u32]) -> Game {
    let mut mailed = troop(Formation::FF);
    mailed.armor_ac = 5;
    let mut g = game(
        vec![
            unit(A, shot(Formation::DF, Lock::Matchlock, kind), 120, 2, 5),
            unit(B, mailed, 120, 5, 5),
        ],
        faces,
    );
    to_phase(&mut g, Phase::Missile);
    g
}

#[test]
fn r11_armor_a_musket_at_3_hexes_needs_11_a_rifled_arquebus_16() {
    for (kind, needed) in [(FirearmKind::Musket, 11), (FirearmKind::RifledArquebus, 16)] {
        let g = shooting_at_chain_and_shield(kind, &[6, 1]);
        let p = g.attack_profile(id(0), id(1), AttackKind::Missile).unwrap();
        assert_eq!((p.needed, p.modifier), (needed, 0), "{kind:?}");
    }
}

/// The events of one musket shot at 3 hexes with d20 `face`, then 2d6 of 4 and 4.
fn musket_shot(face: u32) -> Vec<Event> {
    let mut g = shooting_at_chain_and_shield(FirearmKind::Musket, &[6, 1, face, 4, 4]);
    let events = ok(
        &mut g,
        Command::Order(Order::Fire {
            unit: id(0),
            target: id(1),
        }),
    );
    events[1..].to_vec()
}

fn musket_rolled(face: u32, hit: bool) -> Event {
    Event::AttackRolled {
        attacker: id(0),
        target: id(1),
        kind: AttackKind::Missile,
        needed: 11,
        ac: 0,
        modifier: 0,
        modifiers: vec![],
        throws: vec![Throw { face, hit }],
        hits: u32::from(hit),
        uhp_per_hit: 1,
    }
}

#[test]
fn r11_changing_one_die_turns_the_musket_shot_from_hit_to_miss() {
    let tokens = Event::ReloadTokensGained {
        unit: id(0),
        tokens: 1,
    };
    assert_eq!(
        musket_shot(11),
        vec![
            musket_rolled(11, true),
            tokens.clone(),
            Event::Damaged {
                unit: id(1),
                by: A,
                uhp: 1,
                left: 7,
            },
            // Smoke and Thunder (R9.2): firearm damage forces a shock roll
            Event::ShockRolled {
                unit: id(1),
                cause: RollCause::Damage,
                dice: [4, 4],
                modifier: 0,
                modifiers: Vec::new(),
                total: 8,
                result: ShockResult::Hold,
            },
        ]
    );
    assert_eq!(musket_shot(10), vec![musket_rolled(10, false), tokens]);
}
