//! R2.8 and R12.8: every number a scenario, a troop catalog or a rules file may hold has a
//! range, and every loader (`volley check` and each load path: `Scenario::parse`,
//! `Catalog::parse`/`add`, `Rules::parse`) refuses a number outside it at `file:line:col`,
//! naming the field and the range, with every problem listed at once. The crashes of
//! issue 25 (`strategic_ability: 2147483647`, `morale_modifier: 2147483647`, troops'
//! `other_ac`, `armor` and `morale`) are the first cases. Damage dice may carry a bonus.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::rules::DEFAULT_RULES_RON;
use volley::engine::{Profile, Rules};
use volley::scenario::catalog::DEFAULT_TROOPS_RON;
use volley::scenario::{Catalog, Scenario};

/// A small valid battle the tests break one number at a time.
const BASE: &str = r#"(
    name: "Test",
    map: [
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
    ],
    sides: [
        (name: "Red", edge: South),
        (name: "Blue", edge: North, player: Computer),
    ],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 2)),
        (troop: "own", side: "Blue", creatures: 120, at: (0, 0)),
    ],
    turn_limit: 6,
    defender: "Blue",
    troops: [
        (name: "own", formation: FF, hd: "1", armor: 4, other_ac: 0, morale: 0, throw: 11,
            speed: 90, melee: (name: "pike", damage: "1d10")),
    ],
)
"#;

const FILE: &str = "bad.ron";

/// `text` with `old`, which must occur exactly once, replaced by `new`.
fn edit(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "`{old}` must occur once");
    text.replacen(old, new, 1)
}

/// `file:line:col: message` with the place of `needle`, which must occur exactly once.
fn line_at(file: &str, text: &str, needle: &str, message: &str) -> String {
    assert_eq!(
        text.matches(needle).count(),
        1,
        "`{needle}` must occur once"
    );
    let before = &text[..text.find(needle).unwrap()];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    format!("{file}:{line}:{col}: {message}")
}

/// The report lines of scenario text that must be refused.
fn refused(text: &str) -> Vec<String> {
    match Scenario::parse(text, FILE) {
        Ok(s) => panic!("`{}` was accepted but should be refused", s.name),
        Err(e) => e.lines(),
    }
}

/// The scenario with the own troop type's `field: old` written `field: new`.
fn troop_with(old: &str, new: &str) -> String {
    edit(BASE, old, new)
}

#[test]
fn r2_8_strategic_ability_out_of_range_is_refused_with_its_place() {
    let text = edit(
        BASE,
        "(name: \"Red\", edge: South)",
        "(name: \"Red\", edge: South, strategic_ability: 2147483647)",
    );
    assert_eq!(
        refused(&text),
        [line_at(
            FILE,
            &text,
            "strategic_ability",
            "side `Red`: strategic_ability 2147483647 is outside −5 to +5 (R2.8)"
        )]
    );
}

#[test]
fn r2_8_morale_modifier_out_of_range_is_refused_with_its_place() {
    let text = edit(
        BASE,
        "player: Computer)",
        "player: Computer, morale_modifier: 2147483647)",
    );
    assert_eq!(
        refused(&text),
        [line_at(
            FILE,
            &text,
            "morale_modifier",
            "side `Blue`: morale_modifier 2147483647 is outside −5 to +5 (R2.8)"
        )]
    );
    let text = edit(
        BASE,
        "player: Computer)",
        "player: Computer, morale_modifier: -6)",
    );
    assert_eq!(
        refused(&text),
        [line_at(
            FILE,
            &text,
            "morale_modifier",
            "side `Blue`: morale_modifier -6 is outside −5 to +5 (R2.8)"
        )]
    );
}

#[test]
fn r2_8_a_troops_other_ac_armor_and_morale_out_of_range_are_each_refused_at_once() {
    let text = troop_with(
        "armor: 4, other_ac: 0, morale: 0,",
        "armor: 2147483647, other_ac: 2147483647, morale: -2147483648,",
    );
    assert_eq!(
        refused(&text),
        [
            line_at(
                FILE,
                &text,
                "armor:",
                "troop `own`: armor 2147483647 is outside 0 to 15 (R2.8)"
            ),
            line_at(
                FILE,
                &text,
                "other_ac:",
                "troop `own`: other_ac 2147483647 is outside 0 to 10 (R2.8)"
            ),
            line_at(
                FILE,
                &text,
                "morale:",
                "troop `own`: morale -2147483648 is outside −6 to +6 (R2.8)"
            ),
        ]
    );
}

#[test]
fn r2_8_a_troops_throw_hit_dice_speed_and_damage_out_of_range_are_refused() {
    let cases = [
        (
            "throw: 11",
            "throw: 31",
            "throw 31 is outside 1 to 30 (R2.8)",
        ),
        ("throw: 11", "throw: 0", "throw 0 is outside 1 to 30 (R2.8)"),
        (
            "hd: \"1\"",
            "hd: \"31\"",
            "hd `31` is outside 0 to 30 hit dice (R2.8)",
        ),
        (
            "hd: \"1\"",
            "hd: \"1-5\"",
            "hd `1-5` is outside 0 to 30 hit dice (R2.8)",
        ),
        (
            "speed: 90",
            "speed: 4294967295",
            "speed 4294967295 is outside 30' to 480' in steps of 30' (R2.8)",
        ),
        (
            "speed: 90",
            "speed: 100",
            "speed 100 is outside 30' to 480' in steps of 30' (R2.8)",
        ),
        (
            "damage: \"1d10\"",
            "damage: \"11d10\"",
            "damage `11d10`: 11 dice is outside 1 to 10 (R2.8)",
        ),
        (
            "damage: \"1d10\"",
            "damage: \"1d100\"",
            "damage `1d100`: a d100 is not a die of 2, 3, 4, 6, 8, 10, 12 or 20 faces (R2.8)",
        ),
        (
            "damage: \"1d10\"",
            "damage: \"1d10+11\"",
            "damage `1d10+11`: bonus +11 is outside −5 to +10 (R2.8, R12.8)",
        ),
    ];
    for (old, new, message) in cases {
        let text = troop_with(old, new);
        let field = new.split(':').next().unwrap();
        let needle = format!("{field}: {}", new.split_once(": ").unwrap().1);
        assert_eq!(
            refused(&text),
            [line_at(
                FILE,
                &text,
                &needle,
                &format!("troop `own`: {message}")
            )],
            "{new}"
        );
    }
}

#[test]
fn r2_8_every_edge_of_a_range_is_accepted() {
    let text = edit(
        &troop_with(
            "hd: \"1\", armor: 4, other_ac: 0, morale: 0, throw: 11,\n            speed: 90, melee: (name: \"pike\", damage: \"1d10\")",
            "hd: \"1-3\", armor: 15, other_ac: 10, morale: -6, throw: 30,\n            speed: 480, melee: (name: \"pike\", damage: \"10d20+10\")",
        ),
        "(name: \"Red\", edge: South)",
        "(name: \"Red\", edge: South, strategic_ability: -5, morale_modifier: 5)",
    );
    let s = Scenario::parse(&text, FILE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.setup.sides[0].strategic_ability, -5);
    let other = troop_with(
        "hd: \"1\", armor: 4, other_ac: 0, morale: 0, throw: 11,\n            speed: 90, melee: (name: \"pike\", damage: \"1d10\")",
        "hd: \"30\", armor: 0, other_ac: 0, morale: 6, throw: 1,\n            speed: 30, melee: (name: \"pike\", damage: \"1d2-5\")",
    );
    let s = Scenario::parse(&other, FILE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.setup.units[1].troop.hd.to_string(), "30");
}

#[test]
fn r2_8_creatures_out_of_range_are_refused_naming_the_unit() {
    let text = edit(
        BASE,
        "creatures: 120, at: (0, 2)",
        "creatures: 4294967295, at: (0, 2)",
    );
    assert_eq!(
        refused(&text),
        [line_at(
            FILE,
            &text,
            "creatures: 4294967295",
            "\"pikemen\" at (0, 2): creatures 4294967295 is outside 1 to 1,200 (R2.8)"
        )]
    );
}

#[test]
fn r2_8_a_unit_whose_derived_march_is_0_is_a_warning_not_a_refusal() {
    // Mounted units move speed ÷ 60' hexes (R2.3): 30' riders march 0.
    let text = edit(
        BASE,
        "    troops: [\n",
        "    troops: [\n        (name: \"mules\", formation: LC, size: Large, hd: \"1\", throw: 11, speed: 30,\n            melee: (name: \"kick\", damage: \"1d4\")),\n",
    );
    let text = edit(
        &text,
        "(troop: \"own\", side: \"Blue\", creatures: 120, at: (0, 0)),",
        "(troop: \"own\", side: \"Blue\", creatures: 120, at: (0, 0)),\n        (troop: \"mules\", side: \"Blue\", creatures: 60, at: (3, 0)),",
    );
    let s = Scenario::parse(&text, FILE).unwrap_or_else(|e| panic!("{e}"));
    let warnings: Vec<String> = s
        .warnings
        .iter()
        .map(|w| format!("{FILE}:{}:{}: {}", w.line, w.col, w.message))
        .collect();
    assert_eq!(
        warnings,
        [line_at(
            FILE,
            &text,
            "troop: \"mules\"",
            "\"mules\" at (3, 0): its derived march is 0: it can never move (R2.8)"
        )]
    );
}

#[test]
fn r2_8_starting_reload_tokens_above_what_the_firearm_gains_are_refused() {
    // 120 matchlock musketeers gain 1 token a volley (a = 120/220, R2.5).
    let text = edit(
        BASE,
        "(troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 2)),",
        "(troop: \"pikemen\", side: \"Red\", creatures: 120, at: (0, 2)),\n        (troop: \"matchlock musketeers\", side: \"Red\", creatures: 120, at: (1, 2), reload_tokens: 2),",
    );
    assert_eq!(
        refused(&text),
        [line_at(
            FILE,
            &text,
            "reload_tokens",
            "\"matchlock musketeers\" at (1, 2): 2 reload tokens, but it never holds more than 1 (R6.4)"
        )]
    );
}

#[test]
fn r2_8_a_catalog_file_refuses_other_ac_out_of_range_at_its_place() {
    let text = edit(
        DEFAULT_TROOPS_RON,
        "(name: \"pikemen\", formation: FF, hd: \"1\", armor: 4,",
        "(name: \"pikemen\", formation: FF, hd: \"1\", armor: 4, other_ac: 2147483647,",
    );
    let lines = Catalog::parse(&text, "troops.ron").unwrap_err().lines();
    assert_eq!(
        lines,
        [line_at(
            "troops.ron",
            &text,
            "other_ac: 2147483647",
            "troop `pikemen`: other_ac 2147483647 is outside 0 to 10 (R2.8)"
        )]
    );
}

/// The rules file's problems, which must be refused.
fn rules_refused(text: &str) -> Vec<String> {
    Rules::parse(text, "rules.ron").unwrap_err().lines()
}

#[test]
fn r2_8_a_rules_number_out_of_0_to_1000_is_refused_at_its_row() {
    let text = edit(
        DEFAULT_RULES_RON,
        "(size: Huge, man_equivalents: 6, size_factor: 30)",
        "(size: Huge, man_equivalents: 6, size_factor: 4294967295)",
    );
    assert_eq!(
        rules_refused(&text),
        [line_at(
            "rules.ron",
            &text,
            "size_factor: 4294967295",
            "`creature_sizes` row 3: size_factor 4294967295 is outside 1 to 1,000 (R2.8)"
        )]
    );
    let text = edit(DEFAULT_RULES_RON, "initiative_die: 6", "initiative_die: 0");
    assert_eq!(
        rules_refused(&text),
        [line_at(
            "rules.ron",
            &text,
            "initiative_die: 0",
            "initiative_die 0 is outside 1 to 1,000 (R2.8)"
        )]
    );
}

#[test]
fn r2_8_rules_modifiers_and_shock_totals_are_signed_within_1000() {
    let text = edit(
        DEFAULT_RULES_RON,
        "disordered: -2,",
        "disordered: -2147483648,",
    );
    let text = edit(
        &text,
        "(at_most: 2, result: Rout)",
        "(at_most: -1001, result: Rout)",
    );
    assert_eq!(
        rules_refused(&text),
        [
            line_at(
                "rules.ron",
                &text,
                "disordered: -2147483648",
                "disordered -2147483648 is outside −1,000 to +1,000 (R2.8)"
            ),
            line_at(
                "rules.ron",
                &text,
                "at_most: -1001",
                "`shock_table` row 1: at_most -1001 is outside −1,000 to +1,000 (R2.8)"
            ),
        ]
    );
    let text = edit(
        DEFAULT_RULES_RON,
        "uphill_melee: 1,",
        "uphill_melee: -1000,",
    );
    assert!(Rules::parse(&text, "rules.ron").is_ok());
}

#[test]
fn r2_8_rules_fractions_must_be_finite_and_in_range() {
    for (old, new, message) in [
        (
            "reload_below: 0.75",
            "reload_below: NaN",
            "reload_below NaN is outside 0 to 1,000 (R2.8)",
        ),
        (
            "cleave_otherwise: 4.15",
            "cleave_otherwise: inf",
            "cleave_otherwise inf is outside 0 to 1,000 (R2.8)",
        ),
        (
            "(hd_below: 1.25, cleave: 0.35)",
            "(hd_below: 1.25, cleave: 1e308)",
            "`cleave` row 1: cleave 1e308 is outside 0 to 1,000 (R2.8)",
        ),
    ] {
        let text = edit(DEFAULT_RULES_RON, old, new);
        let needle = new
            .rsplit(", ")
            .next()
            .unwrap()
            .trim_start_matches('(')
            .trim_end_matches(')');
        assert_eq!(
            rules_refused(&text),
            [line_at("rules.ron", &text, needle, message)],
            "{new}"
        );
    }
}

#[test]
fn r12_8_a_damage_bonus_counts_in_r2_4s_average_and_shows_in_the_troop() {
    // 120 men of 1 HD: 1d6 averages 3.5 → 2 attacks; 1d6+1 averages 4.5 → 120 × 1.35 ×
    // 4.5 / 270 = 2.7 → 3 attacks (R2.4, R12.8).
    let text = troop_with("damage: \"1d10\"", "damage: \"1d6+1\"");
    let s = Scenario::parse(&text, FILE).unwrap_or_else(|e| panic!("{e}"));
    let u = &s.setup.units[1];
    assert_eq!(u.troop.melee.damage.to_string(), "1d6+1");
    let p = Profile::derive(&s.setup.rules, &u.troop, 120).unwrap();
    assert_eq!(p.melee_attacks, 3);
    let plain = troop_with("damage: \"1d10\"", "damage: \"1d6\"");
    let s = Scenario::parse(&plain, FILE).unwrap();
    let u = &s.setup.units[1];
    assert_eq!(
        Profile::derive(&s.setup.rules, &u.troop, 120)
            .unwrap()
            .melee_attacks,
        2
    );
}
