//! Unit building blocks of R2.1–R2.2: formations, creature sizes, hit dice, damage dice and
//! weapons, plus the identifiers of sides and units used everywhere in the engine.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a unit in the battle's unit list; stable for the whole battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitId(pub u16);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// One of the two sides of a battle (R3): `A` is listed first in the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SideId {
    /// The side listed first in the scenario.
    A,
    /// The side listed second.
    B,
}

impl SideId {
    /// The other side.
    pub fn other(self) -> SideId {
        match self {
            SideId::A => SideId::B,
            SideId::B => SideId::A,
        }
    }
    /// 0 for side A, 1 for side B, for indexing per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// This side's entry of a per-side pair (A first).
    pub fn of<T>(self, pair: &[T; 2]) -> &T {
        let [a, b] = pair;
        match self {
            SideId::A => a,
            SideId::B => b,
        }
    }

    /// This side's entry of a per-side pair, to change.
    pub fn of_mut<T>(self, pair: &mut [T; 2]) -> &mut T {
        let [a, b] = pair;
        match self {
            SideId::A => a,
            SideId::B => b,
        }
    }
}

/// Unit formations of R2.1: D@W's foot and mounted formations plus GoW's DF, SF and UF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Formation {
    /// Formed Foot: pike and heavy infantry in close order.
    FF,
    /// Light Foot: skirmishers and light infantry.
    LF,
    /// Irregular Foot: warbands that must attack when able.
    IF,
    /// Drilled Foot: shot in drilled ranks (GoW).
    DF,
    /// Skirmishing Foot: shot in open order (GoW).
    SF,
    /// Undrilled Foot: shot without drill (GoW).
    UF,
    /// Light Cavalry.
    LC,
    /// Heavy Cavalry.
    HC,
}

impl Formation {
    /// Every formation, in the order of R2.1.
    pub const ALL: [Formation; 8] = [
        Formation::FF,
        Formation::LF,
        Formation::IF,
        Formation::DF,
        Formation::SF,
        Formation::UF,
        Formation::LC,
        Formation::HC,
    ];
    /// Light or heavy cavalry: "cavalry" in GoW (R2.1).
    pub fn is_mounted(self) -> bool {
        matches!(self, Formation::LC | Formation::HC)
    }
    /// The GoW firearm formations DF, SF and UF.
    pub fn is_firearm_formation(self) -> bool {
        matches!(self, Formation::DF | Formation::SF | Formation::UF)
    }
    /// LF, SF and DF pass through friends and are passed through (R4.3).
    pub fn is_permeable(self) -> bool {
        matches!(self, Formation::LF | Formation::SF | Formation::DF)
    }
    /// IF and UF never ready, disengage or charge (R4.4, R4.5, R5.6).
    pub fn is_undisciplined(self) -> bool {
        matches!(self, Formation::IF | Formation::UF)
    }
    /// The two-letter code the supplement uses.
    pub fn code(self) -> &'static str {
        match self {
            Formation::FF => "FF",
            Formation::LF => "LF",
            Formation::IF => "IF",
            Formation::DF => "DF",
            Formation::SF => "SF",
            Formation::UF => "UF",
            Formation::LC => "LC",
            Formation::HC => "HC",
        }
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Creature size of R2.2; its man-equivalents and size factor come from `rules.ron`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CreatureSize {
    /// Man-sized: one man-equivalent.
    Man,
    /// Large: horses, ogres.
    Large,
    /// Huge.
    Huge,
    /// Gigantic.
    Gigantic,
    /// Colossal.
    Colossal,
}

impl CreatureSize {
    /// Every size, smallest first.
    pub const ALL: [CreatureSize; 5] = [
        CreatureSize::Man,
        CreatureSize::Large,
        CreatureSize::Huge,
        CreatureSize::Gigantic,
        CreatureSize::Colossal,
    ];
}

/// Hit dice as written (`1`, `1+1`, `4-1`), kept in quarters of a die: a `+1` counts 0.25 HD
/// (R2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitDice {
    /// Whole hit dice.
    pub dice: u8,
    /// The `+n`/`-n` after the dice.
    pub plus: i8,
}

impl HitDice {
    /// Hit dice in quarters (`1+1` → 5), at least 1.
    pub fn quarters(self) -> i64 {
        (i64::from(self.dice) * 4 + i64::from(self.plus)).max(1)
    }
    /// Parses `1`, `1+1` or `2-1`; `None` if the text is not hit dice.
    pub fn parse(text: &str) -> Option<HitDice> {
        let text = text.trim();
        let (dice, plus) = match text.find(['+', '-']) {
            Some(at) => {
                let (dice, plus) = text.split_at_checked(at)?;
                (dice, plus.trim_start_matches('+'))
            }
            None => (text, "0"),
        };
        Some(HitDice {
            dice: dice.trim().parse().ok()?,
            plus: plus.trim().parse().ok()?,
        })
    }
}

impl fmt::Display for HitDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plus {
            0 => write!(f, "{}", self.dice),
            p if p > 0 => write!(f, "{}+{}", self.dice, p),
            p => write!(f, "{}{}", self.dice, p),
        }
    }
}

/// A damage roll such as `1d8` or `1d6+1` (R12.8); only its average matters to the uhp
/// maths of R2.4, since each hit deals 1 uhp whatever it rolls (R5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageDice {
    /// Number of dice.
    pub count: u8,
    /// Sides per die.
    pub sides: u8,
    /// Added to the roll (R12.8): `+1` in `1d6+1`; 0 when the roll has none.
    #[serde(default)]
    pub bonus: i8,
}

impl DamageDice {
    /// `count` dice of `sides` faces with no bonus (`1d8`).
    pub const fn new(count: u8, sides: u8) -> DamageDice {
        DamageDice {
            count,
            sides,
            bonus: 0,
        }
    }

    /// Twice the average damage (1d6 → 7, 1d6+1 → 9, R2.4, R12.8), so that averages stay
    /// whole numbers.
    pub fn twice_average(self) -> i64 {
        i64::from(self.count) * (i64::from(self.sides) + 1) + 2 * i64::from(self.bonus)
    }

    /// Parses a damage roll in R2.8's ranges (`1d8`, `d6`, `1d6+1`, `2d4-1`); `None` if
    /// the text is not one. [`DamageDice::read`] says why.
    pub fn parse(text: &str) -> Option<DamageDice> {
        DamageDice::read(text).ok()
    }

    /// Reads a damage roll and checks it against R2.8: 1 to 10 dice of 2, 3, 4, 6, 8, 10,
    /// 12 or 20 faces, with a bonus of −5 to +10 (R12.8). Errors: [`BadDamage`], saying
    /// what is wrong.
    pub fn read(text: &str) -> Result<DamageDice, BadDamage> {
        let syntax = || BadDamage::Syntax(text.to_string());
        let (count, rest) = text.trim().split_once(['d', 'D']).ok_or_else(syntax)?;
        let (sides, bonus) = match rest.find(['+', '-']) {
            Some(at) => rest.split_at_checked(at).ok_or_else(syntax)?,
            None => (rest, "0"),
        };
        let number = |t: &str| t.trim().parse::<i64>().map_err(|_| syntax());
        let count = if count.trim().is_empty() {
            1
        } else {
            number(count)?
        };
        let (sides, bonus) = (number(sides)?, number(bonus.trim_start_matches('+'))?);
        let range = &super::ranges::DAMAGE_DICE;
        if !range.holds(count) {
            return Err(BadDamage::Count {
                text: text.to_string(),
                count,
            });
        }
        let faces = super::ranges::DAMAGE_FACES;
        let Some(sides) = faces.into_iter().find(|&f| i64::from(f) == sides) else {
            return Err(BadDamage::Faces {
                text: text.to_string(),
                sides,
            });
        };
        let range = &super::ranges::DAMAGE_BONUS;
        match (u8::try_from(count), i8::try_from(bonus)) {
            (Ok(count), Ok(bonus)) if range.holds(bonus) => Ok(DamageDice {
                count,
                sides,
                bonus,
            }),
            _ => Err(BadDamage::Bonus {
                text: text.to_string(),
                bonus,
            }),
        }
    }
}

/// Why a damage roll's text is refused (R2.8, R12.8); its words are what the designer reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadDamage {
    /// The text is not `NdS` or `NdS±B`.
    #[error("`{0}` is not a damage roll like \"1d8\" or \"1d6+1\"")]
    Syntax(String),
    /// The number of dice is outside R2.8's range.
    #[error(
        "damage `{text}`: {count} dice is outside {} (R2.8)",
        super::ranges::DAMAGE_DICE
    )]
    Count {
        /// The roll as written.
        text: String,
        /// The dice it asks for.
        count: i64,
    },
    /// The die has a number of faces no die has.
    #[error(
        "damage `{text}`: a d{sides} is not a die of 2, 3, 4, 6, 8, 10, 12 or 20 faces (R2.8)"
    )]
    Faces {
        /// The roll as written.
        text: String,
        /// The faces it asks for.
        sides: i64,
    },
    /// The bonus is outside R12.8's range.
    #[error(
        "damage `{text}`: bonus {bonus:+} is outside {} (R2.8, R12.8)",
        super::ranges::DAMAGE_BONUS
    )]
    Bonus {
        /// The roll as written.
        text: String,
        /// The bonus it asks for.
        bonus: i64,
    },
}

impl fmt::Display for DamageDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b => write!(f, "{b:+}"),
        }
    }
}

/// What a melee weapon is, for the doubled damage of R5.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeClass {
    /// Lances: 2 uhp per hit when a mounted unit charges.
    Lance,
    /// Spears and pole arms: 2 uhp per hit when ready FF react to charging mounted units.
    SpearOrPolearm,
    /// Anything else.
    Other,
}

impl MeleeClass {
    /// Every class, in the order above.
    pub const ALL: [MeleeClass; 3] = [
        MeleeClass::Lance,
        MeleeClass::SpearOrPolearm,
        MeleeClass::Other,
    ];
}

/// A melee weapon: a name for the attack sequence, its damage and class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeWeapon {
    /// Name as printed in the attack sequence (`pike`).
    pub name: String,
    /// Damage roll, for the number of attacks (R2.4).
    pub damage: DamageDice,
    /// Lance, spear or other (R5.2).
    pub class: MeleeClass,
}

/// Bows, slings and other non-firearm missiles of R6.2; ranges live in `rules.ron`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MissileKind {
    /// Thrown javelins.
    Javelin,
    /// Slings.
    Sling,
    /// Short bows.
    ShortBow,
    /// Crossbows.
    Crossbow,
    /// Long bows.
    LongBow,
}

impl MissileKind {
    /// Every kind, in the order of R6.2.
    pub const ALL: [MissileKind; 5] = [
        MissileKind::Javelin,
        MissileKind::Sling,
        MissileKind::ShortBow,
        MissileKind::Crossbow,
        MissileKind::LongBow,
    ];
    /// Bows and slings may volley overhead (R6.2).
    pub fn volleys_overhead(self) -> bool {
        matches!(
            self,
            MissileKind::Sling | MissileKind::ShortBow | MissileKind::LongBow
        )
    }
}

/// Firearm locks of GoW's size-factor table (R2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Lock {
    /// Flintlock.
    Flintlock,
    /// Wheellock.
    Wheellock,
    /// Matchlock.
    Matchlock,
}

impl Lock {
    /// Every lock, the oldest and commonest in the period first.
    pub const ALL: [Lock; 3] = [Lock::Matchlock, Lock::Wheellock, Lock::Flintlock];
}

/// Firearm types of GoW's range and size-factor tables (R2.5, R6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FirearmKind {
    /// Pistol.
    Pistol,
    /// Arquebus.
    Arquebus,
    /// Musket: needs a fork rest (R5.4).
    Musket,
    /// Rifled arquebus.
    RifledArquebus,
    /// Rifled musket.
    RifledMusket,
}

impl FirearmKind {
    /// Every firearm type, in the order of R6.3's table (reversed).
    pub const ALL: [FirearmKind; 5] = [
        FirearmKind::Pistol,
        FirearmKind::Arquebus,
        FirearmKind::Musket,
        FirearmKind::RifledArquebus,
        FirearmKind::RifledMusket,
    ];
    /// Muskets, rifled or not, suffer without their fork rests (R5.4).
    pub fn is_musket(self) -> bool {
        matches!(self, FirearmKind::Musket | FirearmKind::RifledMusket)
    }
    fn name(self) -> &'static str {
        match self {
            FirearmKind::Pistol => "pistol",
            FirearmKind::Arquebus => "arquebus",
            FirearmKind::Musket => "musket",
            FirearmKind::RifledArquebus => "rifled arquebus",
            FirearmKind::RifledMusket => "rifled musket",
        }
    }
}

/// A missile weapon: a bow-like weapon with its damage, or a firearm (always 1d8, R2.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissileWeapon {
    /// Bows, crossbows, slings and javelins.
    Missile {
        /// The weapon, which sets its range.
        kind: MissileKind,
        /// Damage per hit.
        damage: DamageDice,
    },
    /// A GoW firearm.
    Firearm {
        /// Its lock.
        lock: Lock,
        /// Its kind, which sets ranges and size factor.
        kind: FirearmKind,
    },
}

impl MissileWeapon {
    /// True for firearms (R2.5, R5.3, R6.3, R9.2).
    pub fn is_firearm(&self) -> bool {
        matches!(self, MissileWeapon::Firearm { .. })
    }
    /// True for muskets and rifled muskets (R5.4).
    pub fn is_musket(&self) -> bool {
        matches!(self, MissileWeapon::Firearm { kind, .. } if kind.is_musket())
    }
    /// The weapon's name as the supplement prints it (`matchlock arquebus`, `long bow`).
    pub fn name(&self) -> String {
        match self {
            MissileWeapon::Firearm { lock, kind } => {
                format!("{} {}", format!("{lock:?}").to_lowercase(), kind.name())
            }
            MissileWeapon::Missile { kind, .. } => match kind {
                MissileKind::Javelin => "javelin".into(),
                MissileKind::Sling => "sling".into(),
                MissileKind::ShortBow => "short bow".into(),
                MissileKind::Crossbow => "crossbow".into(),
                MissileKind::LongBow => "long bow".into(),
            },
        }
    }
}

/// A unit's status of R2.7; a routed or destroyed unit is off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// In good order.
    Steady,
    /// Disordered (R8.3): worse throws and shock rolls, no charge.
    Disordered,
    /// Fleeing (R8.4): runs for its edge and takes no orders.
    Fleeing,
}

impl Status {
    /// Whether the disordered modifiers apply (R8.6): a fleeing unit is disordered too, as
    /// R9.6 shows by leaving a rallied unit disordered still.
    pub fn is_disordered(self) -> bool {
        matches!(self, Status::Disordered | Status::Fleeing)
    }
}

/// A map edge, the home of a side: where its fleeing units run (R8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    /// The top edge.
    North,
    /// The bottom edge.
    South,
    /// The left edge.
    West,
    /// The right edge.
    East,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_2_hit_dice_parse_plus_and_minus_as_quarters() {
        assert_eq!(HitDice::parse("1").map(HitDice::quarters), Some(4));
        assert_eq!(HitDice::parse("1+1").map(HitDice::quarters), Some(5));
        assert_eq!(HitDice::parse("1-1").map(HitDice::quarters), Some(3));
        assert_eq!(HitDice::parse("x"), None);
    }

    #[test]
    fn r2_4_damage_dice_average_is_kept_doubled() {
        assert_eq!(
            DamageDice::parse("1d6").map(DamageDice::twice_average),
            Some(7)
        );
        assert_eq!(
            DamageDice::parse("2d4").map(DamageDice::twice_average),
            Some(10)
        );
        assert_eq!(DamageDice::parse("d0"), None);
    }

    #[test]
    fn r12_8_a_damage_roll_may_carry_a_bonus_that_counts_in_the_average() {
        let read = |t: &str| DamageDice::parse(t).map(|d| (d.twice_average(), d.to_string()));
        assert_eq!(read("1d6+1"), Some((9, "1d6+1".into())));
        assert_eq!(read("2d4-1"), Some((8, "2d4-1".into())));
        assert_eq!(read(" 1d6 + 1 "), Some((9, "1d6+1".into())));
        assert_eq!(read("d8"), Some((9, "1d8".into())));
        assert_eq!(read("1d6+0"), Some((7, "1d6".into())));
    }

    #[test]
    fn r2_8_damage_dice_outside_their_ranges_are_refused_saying_why() {
        let why = |t: &str| DamageDice::read(t).err().map(|e| e.to_string());
        assert_eq!(
            why("11d6").as_deref(),
            Some("damage `11d6`: 11 dice is outside 1 to 10 (R2.8)")
        );
        assert_eq!(
            why("1d7").as_deref(),
            Some("damage `1d7`: a d7 is not a die of 2, 3, 4, 6, 8, 10, 12 or 20 faces (R2.8)")
        );
        assert_eq!(
            why("1d6+11").as_deref(),
            Some("damage `1d6+11`: bonus +11 is outside −5 to +10 (R2.8, R12.8)")
        );
        assert_eq!(
            why("1d6-6").as_deref(),
            Some("damage `1d6-6`: bonus -6 is outside −5 to +10 (R2.8, R12.8)")
        );
        assert_eq!(
            why("1d6+99999999999999999999").as_deref(),
            Some("`1d6+99999999999999999999` is not a damage roll like \"1d8\" or \"1d6+1\"")
        );
        for bad in ["zz", "1d", "0d6", "1d6+", "1d6+1+1", "-1d6", "1d-6"] {
            assert!(why(bad).is_some(), "{bad}");
        }
    }
}
