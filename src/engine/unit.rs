//! Troop types and the numbers derived from them (R2.2–R2.6): unit hit points, movement
//! rate, number of attacks, reload tokens and the unit-size limits. Nothing derived is ever
//! typed by hand: a [`Profile`] is computed from a [`TroopType`] and a number of creatures.

use super::rules::{Rate, Rules};
use super::types::{CreatureSize, Formation, HitDice, MeleeWeapon, MissileWeapon};
use serde::{Deserialize, Serialize};

/// A troop type as the catalog defines it (R2.2); the number of creatures is the unit's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TroopType {
    /// Catalog name (`matchlock musketeers`).
    pub name: String,
    /// FF LF IF DF SF UF LC HC (R2.1).
    pub formation: Formation,
    /// Creature size (R2.2).
    pub size: CreatureSize,
    /// Hit dice, which set uhp (R2.3).
    pub hd: HitDice,
    /// Physical protection, which firearms may ignore (R5.3).
    pub armor_ac: i32,
    /// Magic and Dexterity, never ignored (R5.3).
    pub other_ac: i32,
    /// Morale score on the ACKS scale (R9.1).
    pub morale: i32,
    /// The d20 total needed against AC 0 (`11` for `11+`).
    pub attack_throw: i32,
    /// Encounter speed in feet (60, 90, 120 …).
    pub speed: u32,
    /// The melee weapon.
    pub melee: MeleeWeapon,
    /// The missile weapon, if any.
    pub missile: Option<MissileWeapon>,
    /// Constructs and zombies make no shock roll for cavalry or smoke (R9.5).
    pub fearless: bool,
}

/// The derived numbers of a unit (R2.3–R2.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Maximum unit hit points.
    pub uhp: u32,
    /// March, hustle and charge in hexes.
    pub rate: Rate,
    /// Attacks of the melee attack sequence.
    pub melee_attacks: u32,
    /// Attacks of the missile attack sequence (0 with no missile weapon).
    pub missile_attacks: u32,
    /// Reload tokens gained each time the unit fires (R2.5).
    pub reload_tokens: u32,
}

/// Why a troop type and size cannot form a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileError {
    /// R2.6: too few or too many man-equivalents for the formation.
    SizeLimit {
        /// The unit's man-equivalents.
        man_equivalents: u32,
        /// The formation's fewest.
        min: u32,
        /// The formation's most.
        max: u32,
    },
    /// A firearm the rules' size-factor table does not list.
    UnknownFirearm(String),
    /// DF, SF and UF carry firearms (R2.1).
    FirearmFormationWithoutFirearm,
    /// A unit of no creatures.
    Empty,
}

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProfileError::SizeLimit { man_equivalents, min, max } => write!(
                f,
                "{man_equivalents} man-equivalents, outside the {min}–{max} this formation allows (R2.6)"
            ),
            ProfileError::UnknownFirearm(name) => {
                write!(f, "no size factor for a {name} in rules.ron (R2.5)")
            }
            ProfileError::FirearmFormationWithoutFirearm => {
                write!(f, "DF, SF and UF must carry a firearm (R2.1)")
            }
            ProfileError::Empty => write!(f, "a unit needs at least one creature"),
        }
    }
}

impl Profile {
    /// Derives the numbers of `creatures` of `troop` under `rules`, checking R2.6.
    pub fn derive(
        rules: &Rules,
        troop: &TroopType,
        creatures: u32,
    ) -> Result<Profile, ProfileError> {
        if creatures == 0 {
            return Err(ProfileError::Empty);
        }
        check_size(rules, troop, creatures)?;
        let (missile_attacks, reload_tokens) = match &troop.missile {
            Some(MissileWeapon::Firearm { .. }) => firearm_attacks(rules, troop, creatures)?,
            Some(MissileWeapon::Missile { damage, .. }) => {
                (attacks(rules, troop, creatures, damage.twice_average()), 0)
            }
            None if troop.formation.is_firearm_formation() => {
                return Err(ProfileError::FirearmFormationWithoutFirearm)
            }
            None => (0, 0),
        };
        Ok(Profile {
            uhp: uhp(troop.hd, creatures),
            rate: movement(rules, troop),
            melee_attacks: attacks(rules, troop, creatures, troop.melee.damage.twice_average()),
            missile_attacks,
            reload_tokens,
        })
    }
}

/// R2.3: `uhp = round(HD × N / 15)`, half up; at least 1.
pub fn uhp(hd: HitDice, creatures: u32) -> u32 {
    let num = hd.quarters() * i64::from(creatures);
    whole(round_half_up(num, 60))
}

/// A derived count as a `u32`: at least 1, and at most `u32::MAX` for numbers no loader
/// lets through (R2.8), never truncated.
fn whole(n: i64) -> u32 {
    u32::try_from(n.max(1)).unwrap_or(u32::MAX)
}

/// R2.4: `a = N × (1 + cleave) × avg_damage / (size_factor × 4.5)`, half up, at least 1.
fn attacks(rules: &Rules, troop: &TroopType, creatures: u32, twice_avg: i64) -> u32 {
    let cleave = cleave_hundredths(rules, troop.hd);
    // Saturating: R2.8 keeps every factor small; a hand-built rules value may not.
    let num = i64::from(creatures)
        .saturating_mul(cleave.saturating_add(100))
        .saturating_mul(twice_avg);
    let den = 900 * i64::from(rules.size_factor(troop.size));
    whole(round_half_up(num, den))
}

fn cleave_hundredths(rules: &Rules, hd: HitDice) -> i64 {
    let quarters = hd.quarters() as f64;
    let cleave = rules
        .cleave
        .iter()
        .find(|row| quarters < row.hd_below * 4.0)
        .map_or(rules.cleave_otherwise, |row| row.cleave);
    (cleave * 100.0).round() as i64
}

/// R2.5: `a = N / size_factor`; at least 1 attack; below 0.75 the unit gains
/// `round_half_even(1/a − 1)` reload tokens.
fn firearm_attacks(rules: &Rules, troop: &TroopType, n: u32) -> Result<(u32, u32), ProfileError> {
    let Some(MissileWeapon::Firearm { lock, kind }) = &troop.missile else {
        return Ok((0, 0));
    };
    let row = rules.firearm_size(*lock, *kind).ok_or_else(|| {
        ProfileError::UnknownFirearm(troop.missile.as_ref().map(|m| m.name()).unwrap_or_default())
    })?;
    let sf = if troop.formation == Formation::UF {
        row.undrilled
    } else {
        row.drilled
    };
    let (n, sf) = (i64::from(n), i64::from(sf));
    if (n as f64) / (sf as f64) < rules.reload_below {
        Ok((1, round_half_even(sf - n, n) as u32))
    } else {
        Ok((round_half_up(n, sf).max(1) as u32, 0))
    }
}

/// R2.3: foot from GoW's movement table by formation and speed, mounted `s/2s/3s`.
pub fn movement(rules: &Rules, troop: &TroopType) -> Rate {
    if troop.formation.is_mounted() {
        let s = troop.speed / rules.mounted_feet_per_hex.max(1);
        // Saturating: R2.8 keeps speed ≤ 480', a hand-built troop type may not.
        return Rate::from((s, s.saturating_mul(2), s.saturating_mul(3)));
    }
    let rows = rules
        .foot_movement
        .iter()
        .filter(|r| r.formation == troop.formation);
    let best = rows
        .clone()
        .filter(|r| r.speed <= troop.speed)
        .max_by_key(|r| r.speed);
    best.or_else(|| rows.min_by_key(|r| r.speed))
        .map_or(Rate::from((1, 2, 3)), |r| r.rate)
}

fn check_size(rules: &Rules, troop: &TroopType, creatures: u32) -> Result<(), ProfileError> {
    let me = creatures.saturating_mul(rules.man_equivalents(troop.size));
    let limit = rules
        .unit_size_limits
        .iter()
        .find(|r| r.formation == troop.formation);
    let (min, max) = limit.map_or((1, rules.unit_max_man_equivalents), |r| (r.min, r.max));
    let one_colossus =
        troop.formation == Formation::SF && troop.size == CreatureSize::Colossal && creatures == 1;
    if (me < min || me > max) && !one_colossus {
        return Err(ProfileError::SizeLimit {
            man_equivalents: me,
            min,
            max,
        });
    }
    Ok(())
}

/// `num / den` rounded half up, for positive `den` (worked in `i128`, so no `i64` overflows).
pub fn round_half_up(num: i64, den: i64) -> i64 {
    let (num, den) = (i128::from(num), i128::from(den).max(1));
    let q = (2 * num + den).div_euclid(2 * den);
    i64::try_from(q).unwrap_or(if q < 0 { i64::MIN } else { i64::MAX })
}

/// `num / den` rounded to nearest, ties to even ("round 0.5 up if odd, down if even", R2.5).
pub fn round_half_even(num: i64, den: i64) -> i64 {
    let (q, r) = (num.div_euclid(den), num.rem_euclid(den));
    match (2 * r).cmp(&den) {
        std::cmp::Ordering::Less => q,
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal => q + (q & 1),
    }
}

/// The attack sequence as the supplement prints it: `1 matchlock arquebus, 1 reload token`.
pub fn attack_sequence_text(troop: &TroopType, profile: &Profile) -> String {
    match &troop.missile {
        Some(missile) => {
            let mut text = format!("{} {}", profile.missile_attacks, missile.name());
            match profile.reload_tokens {
                0 => {}
                1 => text.push_str(", 1 reload token"),
                k => text.push_str(&format!(", {k} reload tokens")),
            }
            text
        }
        None => format!("{} {}", profile.melee_attacks, troop.melee.name),
    }
}
