//! R2.8's valid values: the range of every number a scenario, a troop catalog or a rules
//! file may give, so that every sum the engine makes of them stays meaningful and far from
//! overflow. Each loader checks its numbers against these and reports a value outside as
//! `<field> <value> is outside <low> to <high> (R2.8)`, at the field's `file:line:col`.

use std::fmt;

/// An inclusive range of whole numbers a field may hold (R2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The least valid value.
    pub low: i64,
    /// The greatest valid value.
    pub high: i64,
}

/// A commander's strategic ability, added to initiative (R2.8, R3.1).
pub const STRATEGIC_ABILITY: Bounds = Bounds::new(-5, 5);
/// A commander's morale modifier, added to army morale (R2.8, R10.2).
pub const MORALE_MODIFIER: Bounds = Bounds::new(-5, 5);
/// A troop's morale score ML (R2.8, R9.1).
pub const MORALE: Bounds = Bounds::new(-6, 6);
/// Armor AC (R2.8, R5.3).
pub const ARMOR_AC: Bounds = Bounds::new(0, 15);
/// Other AC: magic and Dexterity (R2.8, R5.3).
pub const OTHER_AC: Bounds = Bounds::new(0, 10);
/// The attack throw, `1+` to `30+` (R2.8, R5.1).
pub const ATTACK_THROW: Bounds = Bounds::new(1, 30);
/// Hit dice in quarters of a die: 0 to 30 HD, `1-1` and lower being ¼-HD steps (R2.8).
pub const HIT_DICE_QUARTERS: Bounds = Bounds::new(0, 120);
/// Creatures in a unit (R2.8).
pub const CREATURES: Bounds = Bounds::new(1, 1200);
/// Encounter speed in feet, in steps of [`SPEED_STEP`] (R2.8).
pub const SPEED: Bounds = Bounds::new(30, 480);
/// Encounter speeds are multiples of this many feet (R2.8).
pub const SPEED_STEP: u32 = 30;
/// Number of dice of a damage roll (R2.8, R12.8).
pub const DAMAGE_DICE: Bounds = Bounds::new(1, 10);
/// The faces a damage die may have (R2.8).
pub const DAMAGE_FACES: [u8; 8] = [2, 3, 4, 6, 8, 10, 12, 20];
/// The bonus a damage roll may carry, `1d6+1` (R2.8, R12.8).
pub const DAMAGE_BONUS: Bounds = Bounds::new(-5, 10);
/// A scenario's turn limit (R2.8, R3.3).
pub const TURN_LIMIT: Bounds = Bounds::new(1, 1000);
/// An objective's value (R2.8, R12.4).
pub const OBJECTIVE_VALUE: Bounds = Bounds::new(1, 100);
/// A side's aggression, the computer's temper: 0 cautious to 10 reckless (R2.8).
pub const AGGRESSION: Bounds = Bounds::new(0, 10);
/// An event's share of a side's starting uhp lost, in percent (R2.8, R12.7).
pub const LOSS_SHARE: Bounds = Bounds::new(1, 100);
/// Any number of a rules file whose rule gives no other range (R2.8).
pub const RULES_NUMBER: Bounds = Bounds::new(0, 1000);
/// A rules-file number that counts something and must be at least one: a die's faces, a
/// size factor, a movement cost (R2.8 within R2.4, R2.5, R3.1, R4.6).
pub const RULES_COUNT: Bounds = Bounds::new(1, 1000);
/// A signed rules-file number: an attack, shock or morale modifier or a total of the shock
/// table (R2.8 with R5.4, R9.1, R10.2), −1,000 to +1,000.
pub const RULES_SIGNED: Bounds = Bounds::new(-1000, 1000);

impl Bounds {
    /// The range `low..=high`.
    pub const fn new(low: i64, high: i64) -> Bounds {
        Bounds { low, high }
    }

    /// Whether `value` lies in the range.
    pub fn holds(self, value: impl Into<i64>) -> bool {
        (self.low..=self.high).contains(&value.into())
    }

    /// Whether a float lies in the range: finite (never NaN or infinite) and within it.
    pub fn holds_float(self, value: f64) -> bool {
        value.is_finite() && value >= self.low as f64 && value <= self.high as f64
    }

    /// `None` if `value` is valid, else the problem: `<field> <value> is outside <range>
    /// (R2.8)`.
    pub fn check(self, field: &str, value: impl Into<i64>) -> Option<String> {
        let value = value.into();
        (!self.holds(value)).then(|| format!("{field} {value} is outside {self} (R2.8)"))
    }

    /// As [`Bounds::check`] for a float, which must also be finite.
    pub fn check_float(self, field: &str, value: f64) -> Option<String> {
        // A huge float is shown as `1e308`, not as its 309 digits.
        let shown = match value.abs() {
            a if a.is_finite() && a >= 1e6 => format!("{value:e}"),
            _ => value.to_string(),
        };
        (!self.holds_float(value)).then(|| format!("{field} {shown} is outside {self} (R2.8)"))
    }
}

/// `−5 to +5` for a range below zero, `1 to 1,200` otherwise (as RULES.md writes them).
impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let signed = self.low < 0;
        write!(
            f,
            "{} to {}",
            shown(self.low, signed),
            shown(self.high, signed)
        )
    }
}

/// A number with thousands grouped by commas, a true minus sign, and a plus sign on a
/// positive number of a signed range.
fn shown(n: i64, signed: bool) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = match n {
        n if n < 0 => "−",
        n if n > 0 && signed => "+",
        _ => "",
    };
    format!("{sign}{grouped}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_8_ranges_are_shown_as_rules_md_writes_them() {
        assert_eq!(STRATEGIC_ABILITY.to_string(), "−5 to +5");
        assert_eq!(CREATURES.to_string(), "1 to 1,200");
        assert_eq!(RULES_SIGNED.to_string(), "−1,000 to +1,000");
        assert_eq!(
            STRATEGIC_ABILITY.check("strategic_ability", i32::MAX),
            Some("strategic_ability 2147483647 is outside −5 to +5 (R2.8)".into())
        );
        assert_eq!(STRATEGIC_ABILITY.check("strategic_ability", -5), None);
    }

    #[test]
    fn r2_8_a_float_must_be_finite_and_in_range() {
        for bad in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e308,
            -0.5,
            1000.5,
        ] {
            assert!(!RULES_NUMBER.holds_float(bad), "{bad}");
        }
        for good in [0.0, -0.0, 0.75, 1000.0] {
            assert!(RULES_NUMBER.holds_float(good), "{good}");
        }
    }
}
