//! Specification tests for R1 (scale and map) and R2 (units) of RULES.md.

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
use volley::engine::event::{AttackKind, RollCause};
use volley::engine::game::{Fate, SetupError};
use volley::engine::rules::Rate;
use volley::engine::types::{
    CreatureSize, DamageDice, FirearmKind, HitDice, Lock, MissileWeapon, SideId,
};
use volley::engine::unit::{attack_sequence_text, Profile, ProfileError};
use volley::engine::ModifierKind;
use volley::engine::Order;
use volley::engine::{
    Command, Dice, Event, Formation, Game, Map, MoveKind, Phase, RuleError, Rules, ShockResult,
    Status, Terrain, TroopType, UnitSetup,
};

fn derive(troop: &TroopType, n: u32) -> Result<Profile, ProfileError> {
    Profile::derive(&Rules::standard(), troop, n)
}

fn profile(troop: &TroopType, n: u32) -> Profile {
    derive(troop, n).unwrap_or_else(|e| panic!("{} x{n} rejected: {e}", troop.name))
}

fn with_hd(mut t: TroopType, dice: u8, plus: i8) -> TroopType {
    t.hd = HitDice { dice, plus };
    t
}

fn with_melee(mut t: TroopType, count: u8, sides: u8) -> TroopType {
    t.melee.damage = DamageDice::new(count, sides);
    t
}

fn with_speed(mut t: TroopType, speed: u32) -> TroopType {
    t.speed = speed;
    t
}

fn sized(mut t: TroopType, size: CreatureSize) -> TroopType {
    t.size = size;
    t
}

fn size_limit(me: u32, min: u32, max: u32) -> Result<Profile, ProfileError> {
    Err(ProfileError::SizeLimit {
        man_equivalents: me,
        min,
        max,
    })
}

fn tokens(lock: Lock, kind: FirearmKind, formation: Formation, n: u32) -> (u32, u32) {
    let p = profile(&shot(formation, lock, kind), n);
    (p.missile_attacks, p.reload_tokens)
}

/// The movement rate of 60 of `troop` given this `speed`.
fn rate(troop: TroopType, speed: u32) -> Rate {
    profile(&with_speed(troop, speed), 60).rate
}

/// Asserts that `n` shot of this lock, kind and formation get `expected` (attacks, reload tokens).
fn assert_tokens(
    lock: Lock,
    kind: FirearmKind,
    formation: Formation,
    n: u32,
    expected: (u32, u32),
) {
    assert_eq!(
        tokens(lock, kind, formation, n),
        expected,
        "{n} {formation} {lock:?} {kind:?}"
    );
}

/// Asserts that `troop` may field `n` creatures and that `n + 1` breaks the size limit as `refused`.
fn assert_at_most(troop: &TroopType, n: u32, refused: Result<Profile, ProfileError>) {
    assert!(derive(troop, n).is_ok(), "{} x{n}", troop.name);
    assert_eq!(derive(troop, n + 1), refused, "{} x{}", troop.name, n + 1);
}

/// Asserts that `n - 1` of `troop` break the size limit as `refused` and that `n` may be fielded.
fn assert_at_least(troop: &TroopType, n: u32, refused: Result<Profile, ProfileError>) {
    assert_eq!(derive(troop, n - 1), refused, "{} x{}", troop.name, n - 1);
    assert!(derive(troop, n).is_ok(), "{} x{n}", troop.name);
}

/// A game of these units on scripted dice, advanced to `phase`.
fn game_in(phase: Phase, units: Vec<UnitSetup>, faces: &[u32]) -> Game {
    let mut g = game(units, faces);
    to_phase(&mut g, phase);
    g
}

/// The order for unit `n` to march to offset `(col, row)`.
fn march(n: u16, col: i32, row: i32) -> Command {
    Command::Order(Order::March {
        unit: id(n),
        to: at(col, row),
    })
}

/// The order for unit `n` to charge unit `target` from offset `(col, row)`.
fn charge_from(n: u16, col: i32, row: i32, target: u16) -> Command {
    Command::Order(Order::Charge {
        unit: id(n),
        to: at(col, row),
        target: id(target),
    })
}

/// Asserts that setting up these units fails with one error, for unit 1, saying `message`.
fn assert_setup_refused(units: Vec<UnitSetup>, message: &str) {
    let err = Game::new(setup(units), Dice::scripted([6, 1])).unwrap_err();
    assert_eq!(
        err,
        vec![SetupError {
            unit: Some(1),
            message: message.into(),
        }]
    );
}

// ---------------------------------------------------------------- R1

#[test]
fn r1_1_a_full_foot_unit_is_120_men_and_a_full_mounted_unit_60_riders() {
    assert_at_most(&troop(Formation::FF), 120, size_limit(121, 1, 120));
    assert_at_most(&troop(Formation::HC), 60, size_limit(122, 1, 120));
    assert_at_most(&troop(Formation::LC), 60, size_limit(122, 1, 120));
}

#[test]
fn r1_1_a_hex_is_60_feet_so_riders_move_speed_over_60_hexes() {
    let lc = with_speed(troop(Formation::LC), 240);
    assert_eq!(profile(&lc, 60).rate, Rate::from((4, 8, 12)));
    let g = game_in(
        Phase::Movement,
        vec![
            unit(SideId::A, lc, 60, 5, 11),
            unit(SideId::B, troop(Formation::FF), 120, 0, 0),
        ],
        &[6, 1],
    );
    assert!(g.check_command(&march(0, 5, 7)).is_ok());
    assert_eq!(
        g.check_command(&march(0, 5, 6)),
        Err(RuleError::Unreachable(id(0)))
    );
}

#[test]
fn r1_2_hexes_are_axial_and_each_has_exactly_one_terrain() {
    assert_eq!(Map::hex_at(3, 5), Hex::new(1, 5));
    assert_eq!(Map::hex_at(3, 4), Hex::new(1, 4));
    assert_eq!(Map::offset(Hex::new(1, 5)), (3, 5));
    let mut map = Map::clear(12, 12);
    assert_eq!(map.hexes().count(), 144);
    map.set(at(3, 5), Terrain::Water);
    assert_eq!(map.terrain(at(3, 5)), Some(Terrain::Water));
    assert_eq!(map.terrain(at(4, 5)), Some(Terrain::Clear));
    assert_eq!(map.terrain(at(12, 5)), None);
    let waters = map
        .hexes()
        .filter(|h| map.terrain(*h) == Some(Terrain::Water))
        .count();
    assert_eq!(waters, 1);
}

#[test]
fn r1_2_a_move_path_is_a_chain_of_neighbouring_axial_hexes() {
    let mut g = game_in(
        Phase::Movement,
        vec![
            unit(SideId::A, troop(Formation::FF), 120, 5, 8),
            unit(SideId::B, troop(Formation::FF), 120, 0, 0),
        ],
        &[6, 1],
    );
    let events = ok(&mut g, march(0, 5, 6));
    assert_eq!(
        events,
        vec![Event::Moved {
            unit: id(0),
            kind: MoveKind::March,
            path: vec![Hex::new(1, 7), Hex::new(2, 6)],
        }]
    );
    assert_eq!(g.unit(id(0)).map(|u| u.pos), Some(Hex::new(2, 6)));
}

#[test]
fn r1_3_a_scenario_with_two_units_in_one_hex_is_rejected() {
    let units = vec![
        unit(SideId::A, troop(Formation::FF), 120, 3, 8),
        unit(SideId::B, troop(Formation::FF), 120, 3, 8),
    ];
    assert_setup_refused(
        units,
        "\"FF test troop 308\" at (3, 8) shares its hex with \"FF test troop 308\" (R1.3)",
    );
}

#[test]
fn r1_3_no_move_ends_in_an_occupied_hex() {
    let g = game_in(
        Phase::Movement,
        vec![
            unit(SideId::A, troop(Formation::LF), 120, 2, 5),
            unit(SideId::A, troop(Formation::LF), 120, 3, 5),
            unit(SideId::B, troop(Formation::FF), 120, 10, 0),
        ],
        &[6, 1],
    );
    let onto_friend = march(0, 3, 5);
    assert_eq!(
        g.check_command(&onto_friend),
        Err(RuleError::Unreachable(id(0)))
    );
    // passing through the friend is fine, ending beyond it
    assert!(g.check_command(&march(0, 4, 5)).is_ok());
}

// ---------------------------------------------------------------- R2

#[test]
fn r2_1_the_eight_formations_and_only_lc_hc_are_mounted() {
    let codes: Vec<&str> = Formation::ALL.iter().map(|f| f.code()).collect();
    assert_eq!(codes, ["FF", "LF", "IF", "DF", "SF", "UF", "LC", "HC"]);
    let mounted: Vec<Formation> = Formation::ALL
        .into_iter()
        .filter(|f| f.is_mounted())
        .collect();
    assert_eq!(mounted, [Formation::LC, Formation::HC]);
}

#[test]
fn r2_1_df_sf_and_uf_are_firearm_formations() {
    for f in [Formation::DF, Formation::SF, Formation::UF] {
        assert_eq!(
            derive(&troop(f), 60),
            Err(ProfileError::FirearmFormationWithoutFirearm),
            "{f}"
        );
        assert!(derive(&shot(f, Lock::Matchlock, FirearmKind::Arquebus), 60).is_ok());
    }
}

#[test]
fn r2_2_a_plus_or_minus_on_hit_dice_counts_a_quarter_die() {
    let ff = troop(Formation::FF);
    assert_eq!(profile(&with_hd(ff.clone(), 1, 0), 120).uhp, 8);
    assert_eq!(profile(&with_hd(ff.clone(), 1, 1), 120).uhp, 10);
    assert_eq!(profile(&with_hd(ff.clone(), 1, -1), 120).uhp, 6);
    assert_eq!(profile(&with_hd(ff, 2, 2), 60).uhp, 10);
}

#[test]
fn r2_2_creature_size_counts_man_equivalents() {
    let giants = sized(troop(Formation::FF), CreatureSize::Huge);
    assert_at_most(&giants, 20, size_limit(126, 1, 120));
    let ogre_shot = sized(
        shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus),
        CreatureSize::Large,
    );
    assert_at_most(&ogre_shot, 60, size_limit(122, 20, 120));
    let elephants = sized(troop(Formation::FF), CreatureSize::Gigantic);
    assert_at_most(&elephants, 5, size_limit(144, 1, 120));
}

#[test]
fn r2_2_armor_ac_and_other_ac_are_kept_apart() {
    let mut target = troop(Formation::FF);
    target.armor_ac = 5;
    target.other_ac = 3;
    let g = game_in(
        Phase::Missile,
        vec![
            unit(SideId::A, musketeers(), 120, 2, 5),
            unit(SideId::A, archers(), 120, 2, 7),
            unit(SideId::B, target, 120, 4, 5),
        ],
        &[6, 1],
    );
    let musket = g.attack_profile(id(0), id(2), AttackKind::Missile).unwrap();
    assert_eq!((musket.effective_ac, musket.needed), (3, 14));
    let bow = g.attack_profile(id(1), id(2), AttackKind::Missile).unwrap();
    assert_eq!((bow.effective_ac, bow.needed), (8, 19));
}

#[test]
fn r2_2_the_attack_throw_is_the_number_needed_against_ac_0() {
    let mut veterans = troop(Formation::FF);
    veterans.attack_throw = 9;
    let mut target = troop(Formation::FF);
    target.armor_ac = 2;
    let g = game_in(
        Phase::Melee,
        vec![
            unit(SideId::A, veterans, 120, 5, 6),
            unit(SideId::B, target, 120, 5, 5),
        ],
        &[6, 1],
    );
    let p = g.attack_profile(id(0), id(1), AttackKind::Melee).unwrap();
    assert_eq!((p.needed, p.modifier), (11, 0));
}

#[test]
fn r2_2_the_morale_score_is_added_to_shock_rolls() {
    let mut brave = musketeers();
    brave.morale = 2;
    let mut g = game_in(
        Phase::Movement,
        vec![
            unit(SideId::A, troop(Formation::HC), 60, 5, 8),
            unit(SideId::B, brave, 120, 5, 5),
        ],
        &[6, 1, 2, 3],
    );
    let events = ok(&mut g, charge_from(0, 5, 6, 1));
    assert!(events.contains(&Event::ShockRolled {
        unit: id(1),
        cause: RollCause::CavalryCharge,
        dice: [2, 3],
        modifier: 2,
        modifiers: vec![(ModifierKind::Morale, 2).into()],
        total: 7,
        result: ShockResult::Hold,
    }));
}

#[test]
fn r2_3_unit_hit_points_are_hd_times_n_over_15() {
    let ff = troop(Formation::FF);
    assert_eq!(profile(&ff, 120).uhp, 8);
    assert_eq!(profile(&ff, 100).uhp, 7); // 6.67
    assert_eq!(profile(&ff, 20).uhp, 1); // 1.33
    assert_eq!(profile(&with_hd(ff, 3, 0), 50).uhp, 10);
}

#[test]
fn r2_3_mounted_movement_is_s_2s_3s() {
    let hc = troop(Formation::HC);
    assert_eq!(rate(hc.clone(), 240), Rate::from((4, 8, 12)));
    assert_eq!(rate(hc.clone(), 180), Rate::from((3, 6, 9)));
    assert_eq!(rate(hc, 120), Rate::from((2, 4, 6)));
}

#[test]
fn r2_3_foot_movement_follows_the_gow_table() {
    let df = || shot(Formation::DF, Lock::Matchlock, FirearmKind::Musket);
    let sf = || shot(Formation::SF, Lock::Matchlock, FirearmKind::Musket);
    assert_eq!(rate(df(), 60), Rate::from((1, 2, 3)));
    assert_eq!(rate(df(), 90), Rate::from((1, 2, 3)));
    assert_eq!(rate(df(), 120), Rate::from((2, 3, 4)));
    assert_eq!(rate(sf(), 90), Rate::from((2, 3, 4)));
    assert_eq!(rate(sf(), 120), Rate::from((2, 4, 6)));
    assert_eq!(rate(troop(Formation::FF), 60), Rate::from((1, 2, 3)));
    assert_eq!(rate(troop(Formation::FF), 90), Rate::from((2, 3, 4)));
    assert_eq!(rate(troop(Formation::FF), 120), Rate::from((2, 4, 6)));
    assert_eq!(rate(troop(Formation::LF), 120), Rate::from((2, 4, 6)));
    assert_eq!(rate(troop(Formation::IF), 90), Rate::from((2, 3, 4)));
}

#[test]
fn r2_3_a_units_profile_is_derived_never_typed() {
    let mut setup_unit = unit(SideId::A, musketeers(), 80, 5, 8);
    setup_unit.damage = 2;
    let g = game(
        vec![setup_unit, unit(SideId::B, pikemen(), 120, 5, 2)],
        &[6, 1],
    );
    let u = g.unit(id(0)).unwrap();
    assert_eq!(u.profile, profile(&musketeers(), 80));
    assert_eq!(u.profile.uhp, 5);
    assert_eq!(u.uhp, 3);
    assert_eq!(g.unit(id(1)).unwrap().profile.melee_attacks, 3);
}

#[test]
fn r2_4_attacks_of_men_of_one_hit_die() {
    let ff = troop(Formation::FF);
    assert_eq!(profile(&with_melee(ff.clone(), 1, 6), 120).melee_attacks, 2); // 2.1
    assert_eq!(profile(&with_melee(ff.clone(), 1, 8), 120).melee_attacks, 3); // 2.7
    assert_eq!(profile(&with_melee(ff.clone(), 1, 8), 100).melee_attacks, 2); // 2.25
    assert_eq!(profile(&with_melee(ff, 1, 4), 10).melee_attacks, 1); // 0.125, at least 1
}

#[test]
fn r2_4_rounds_half_up() {
    // 100 × 1.5 × 4.5 / (60 × 4.5) = 2.5 → 3
    let two_hd = with_melee(with_hd(troop(Formation::FF), 2, 0), 1, 8);
    assert_eq!(profile(&two_hd, 100).melee_attacks, 3);
    // 60 × 1.5 × 4.5 / 270 = 1.5 → 2
    assert_eq!(profile(&two_hd, 60).melee_attacks, 2);
}

#[test]
fn r2_4_cleave_steps_at_a_quarter_past_each_hit_die() {
    let ff = with_melee(troop(Formation::FF), 1, 8);
    // 1+1 HD is 1.25: cleave 0.50, 100 × 1.5 × 4.5 / 270 = 2.5 → 3 (0.35 would give 2)
    assert_eq!(profile(&with_hd(ff.clone(), 1, 1), 100).melee_attacks, 3);
    // 4 HD: cleave 0.85, 60 × 1.85 × 4.5 / 270 = 1.85 → 2
    assert_eq!(profile(&with_hd(ff.clone(), 4, 0), 60).melee_attacks, 2);
    // 11 HD: cleave 4.15, 20 × 5.15 × 4.5 / 270 = 1.72 → 2
    assert_eq!(profile(&with_hd(ff, 11, 0), 20).melee_attacks, 2);
}

#[test]
fn r2_4_size_factor_by_creature_size() {
    // 60 large riders of 1 HD with 1d8: 60 × 1.35 × 4.5 / (40 × 4.5) = 2.03 → 2
    let riders = with_melee(troop(Formation::HC), 1, 8);
    assert_eq!(profile(&riders, 60).melee_attacks, 2);
    // 20 giants of 8 HD with 2d8: 20 × 3.15 × 9 / (30 × 4.5) = 4.2 → 4
    let giants = with_melee(
        with_hd(sized(troop(Formation::FF), CreatureSize::Huge), 8, 0),
        2,
        8,
    );
    assert_eq!(profile(&giants, 20).melee_attacks, 4);
    // one colossal 20 HD creature with 4d10: 1 × 5.15 × 22 / (10 × 4.5) = 2.52 → 3
    let colossus = with_melee(
        with_hd(sized(troop(Formation::FF), CreatureSize::Colossal), 20, 0),
        4,
        10,
    );
    assert_eq!(profile(&colossus, 1).melee_attacks, 3);
}

#[test]
fn r2_4_bows_use_the_same_attack_formula() {
    let p = profile(&archers(), 120);
    assert_eq!((p.missile_attacks, p.reload_tokens), (2, 0));
    assert_eq!(attack_sequence_text(&archers(), &p), "2 long bow");
}

#[test]
fn r2_5_firearms_have_no_cleave() {
    let veteran_shot = with_hd(
        shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus),
        4,
        0,
    );
    let p = profile(&veteran_shot, 120);
    assert_eq!((p.missile_attacks, p.reload_tokens), (1, 0));
}

#[test]
fn r2_5_undrilled_foot_use_the_uf_column() {
    let (lock, kind) = (Lock::Matchlock, FirearmKind::RifledArquebus);
    // DF 280: a = 0.43, 1/a − 1 = 1.33 → 1; UF 340: a = 0.35, 1.83 → 2
    assert_tokens(lock, kind, Formation::DF, 120, (1, 1));
    assert_tokens(lock, kind, Formation::UF, 120, (1, 2));
}

#[test]
fn r2_5_tokens_only_below_three_quarters_of_an_attack() {
    use {FirearmKind::*, Lock::*};
    // UF flintlock musket: 120 / 160 = 0.75 exactly: no tokens
    assert_tokens(Flintlock, Musket, Formation::UF, 120, (1, 0));
    // 119 / 160 < 0.75: 1/a − 1 = 0.34 → 0 tokens still
    assert_tokens(Flintlock, Musket, Formation::UF, 119, (1, 0));
    // UF flintlock rifled arquebus 200: a = 0.6 → 0.67 → 1
    assert_tokens(Flintlock, RifledArquebus, Formation::UF, 120, (1, 1));
}

#[test]
fn r2_5_tokens_round_half_to_even() {
    use {FirearmKind::*, Lock::*};
    // 1/a − 1 = 0.5 → 0, 1.5 → 2, 2.5 → 2, 3.5 → 4
    assert_tokens(Flintlock, Arquebus, Formation::DF, 80, (1, 0));
    assert_tokens(Matchlock, Arquebus, Formation::DF, 80, (1, 2));
    assert_tokens(Flintlock, Musket, Formation::DF, 40, (1, 2));
    assert_tokens(Flintlock, RifledMusket, Formation::DF, 40, (1, 4));
}

#[test]
fn r2_5_mounted_firearms_use_the_df_column() {
    // 60 pistoleers with wheellock pistols: DF 200 → a = 0.3, 2.33 → 2 (UF 240 would give 3)
    let mut pistoleers = troop(Formation::HC);
    pistoleers.missile = Some(MissileWeapon::Firearm {
        lock: Lock::Wheellock,
        kind: FirearmKind::Pistol,
    });
    let p = profile(&pistoleers, 60);
    assert_eq!((p.missile_attacks, p.reload_tokens), (1, 2));
    assert_eq!(
        attack_sequence_text(&pistoleers, &p),
        "1 wheellock pistol, 2 reload tokens"
    );
}

#[test]
fn r2_6_drilled_and_undrilled_foot_hold_20_to_120_men() {
    for f in [Formation::DF, Formation::UF] {
        let t = shot(f, Lock::Matchlock, FirearmKind::Musket);
        assert_at_least(&t, 20, size_limit(19, 20, 120));
        assert_at_most(&t, 120, size_limit(121, 20, 120));
    }
}

#[test]
fn r2_6_skirmishing_foot_hold_10_to_60_men_or_one_colossus() {
    let sf = shot(Formation::SF, Lock::Flintlock, FirearmKind::Musket);
    assert_at_least(&sf, 10, size_limit(9, 10, 60));
    assert_at_most(&sf, 60, size_limit(61, 10, 60));
    let large = sized(sf.clone(), CreatureSize::Large);
    assert_at_most(&large, 30, size_limit(62, 10, 60));
    let colossus = sized(sf, CreatureSize::Colossal);
    assert_at_most(&colossus, 1, size_limit(240, 10, 60));
}

#[test]
fn r2_6_undrilled_foot_move_1_2_3() {
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus);
    for speed in [60, 90, 120] {
        assert_eq!(rate(uf.clone(), speed), Rate::from((1, 2, 3)));
    }
}

#[test]
fn r2_6_a_scenario_breaking_a_size_limit_names_the_unit() {
    let units = vec![
        unit(SideId::A, troop(Formation::FF), 120, 3, 8),
        unit(SideId::A, musketeers(), 121, 3, 5),
        unit(SideId::B, troop(Formation::FF), 120, 3, 2),
    ];
    assert_setup_refused(
        units,
        "\"DF test troop 305\" at (3, 5): 121 man-equivalents, outside the 20–120 this \
         formation allows (R2.6)",
    );
}

#[test]
fn r2_7_units_start_steady_or_disordered_with_their_markers() {
    let mut ready_shot = unit(SideId::A, musketeers(), 120, 3, 8);
    ready_shot.ready = true;
    ready_shot.reload_tokens = 2;
    let mut shaken = unit(SideId::A, troop(Formation::FF), 120, 5, 8);
    shaken.disordered = true;
    shaken.ready = true;
    let mut rabble = unit(
        SideId::B,
        shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus),
        120,
        3,
        2,
    );
    rabble.ready = true;
    let g = game(vec![ready_shot, shaken, rabble], &[6, 1]);
    let state = |n| {
        let u = g.unit(id(n)).unwrap();
        (u.status, u.ready, u.reload_tokens)
    };
    assert_eq!(state(0), (Status::Steady, true, 2));
    assert_eq!(state(1), (Status::Disordered, false, 0));
    assert_eq!(state(2), (Status::Steady, false, 0));
}

#[test]
fn r2_7_a_destroyed_unit_leaves_the_map() {
    let mut battered = unit(SideId::B, troop(Formation::FF), 120, 5, 4);
    battered.damage = 7;
    let mut g = game_in(
        Phase::Missile,
        vec![
            unit(SideId::A, archers(), 120, 5, 8),
            battered,
            unit(SideId::B, troop(Formation::FF), 120, 10, 0),
        ],
        &[6, 1, 12, 3],
    );
    let events = ok(
        &mut g,
        Command::Order(Order::Fire {
            unit: id(0),
            target: id(1),
        }),
    );
    assert_eq!(
        events,
        vec![
            Event::AttackDeclared {
                unit: id(0),
                target: id(1),
                kind: AttackKind::Missile,
            },
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(12, true), (3, false)],
                1
            ),
            Event::Damaged {
                unit: id(1),
                by: SideId::A,
                uhp: 1,
                left: 0,
            },
            Event::Destroyed { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).unwrap().fate, Some(Fate::Destroyed));
    assert!(g.unit_at(at(5, 4)).is_none());
    assert_eq!(g.units_of(SideId::B).count(), 1);
    assert_eq!(g.outcome(), None);
}

#[test]
fn r2_7_a_routed_unit_leaves_the_map() {
    let mut g = game_in(
        Phase::Movement,
        vec![
            unit(SideId::A, troop(Formation::HC), 60, 5, 8),
            unit(SideId::B, musketeers(), 120, 5, 5),
            unit(SideId::B, troop(Formation::FF), 120, 10, 0),
        ],
        &[6, 1, 1, 1],
    );
    let events = ok(&mut g, charge_from(0, 5, 6, 1));
    assert_eq!(
        events[2..4],
        [
            Event::ShockRolled {
                unit: id(1),
                cause: RollCause::CavalryCharge,
                dice: [1, 1],
                modifier: 0,
                modifiers: Vec::new(),
                total: 2,
                result: ShockResult::Rout,
            },
            Event::Routed { unit: id(1) },
        ]
    );
    assert_eq!(g.unit(id(1)).unwrap().fate, Some(Fate::Routed));
    assert!(g.unit_at(at(5, 5)).is_none());
    assert_eq!(g.units_of(SideId::B).count(), 1);
}
