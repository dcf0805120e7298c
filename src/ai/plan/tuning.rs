//! The weights of the computer's judgement, in one place. Every value the planner trades
//! off (caution against danger, the bar a charge must clear, how much a ready marker or a
//! reload is worth) is a field here, so the defaults read as one table and a tuning run
//! can vary them without touching the rules code (R3.1, R4.4, R5.6, R8.1, R10.3).

/// How the side decides whether to move first after winning initiative (R3.1, R3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstRule {
    /// First when its best charges outweigh the enemy's by `theta`.
    Potential,
    /// First when its strength ratio exceeds `theta`.
    Ratio,
}

/// Planner weights; `Tuning::default()` is what the computer plays with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Weight of the log of the strength ratio in boldness.
    pub lean: f64,
    /// Threshold of the rule that picks the first side (R3.2).
    pub theta: f64,
    /// Which rule picks the first side.
    pub first_rule: FirstRule,
    /// Scale of the danger (expected uhp lost) a unit's move is charged with.
    pub caution: f64,
    /// Scale of the bar a charge must clear before it is worth it (0.6 uhp, less when bold).
    pub charge_bar: f64,
    /// Scale of a charge's expected gain.
    pub charge_gain: f64,
    /// Scale of a charge's gain when the side moves first and the enemy answers it (R3.2).
    pub first_charge: f64,
    /// Worth to Drilled Foot of standing next to pike, in uhp per enemy horse unit within
    /// charge reach (at most two counted, R9.4).
    pub secure: f64,
    /// Worth to pike of covering Drilled Foot no other pike covers, in uhp per enemy horse
    /// unit within charge reach (at most two counted, R9.4).
    pub cover: f64,
    /// Extra caution for pike while we have Drilled Foot and they have horse: its loss
    /// leaves every shot open to the shock of a charge (R4.4, R9.4).
    pub pike_worth: f64,
    /// Whether a charge's end hex counts support and drift like a move.
    pub charge_support: bool,
    /// Whether a withdrawal counts the attacks it escapes (R8.1).
    pub escape: bool,
    /// Cost in uhp of the disorder a steady unit takes when it withdraws (R8.1, R8.6).
    pub withdraw_disorder: f64,
    /// Worth in uhp of standing still to drop a reload token (R4.7, R6.4).
    pub reload: f64,
    /// Scale of the pull towards the enemy.
    pub drift: f64,
    /// Scale of a ready marker's worth (R5.6).
    pub ready: f64,
    /// Scale of the danger a ready marker takes away, against the danger itself (R5.6).
    pub ready_save: f64,
    /// Chance weight that a moved enemy strikes before we act again.
    pub next_strike: f64,
    /// Turns before the limit when the side turns bolder or warier (R10.3).
    pub horizon: u32,
    /// Boldness added near the limit when behind.
    pub behind_push: f64,
    /// Boldness taken away near the limit when ahead.
    pub ahead_hold: f64,
    /// Least worth of holding an objective hex already taken (R10.3).
    pub post_hold: f64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            lean: 0.0,
            theta: 1.0,
            first_rule: FirstRule::Potential,
            caution: 0.3,
            charge_bar: 0.0,
            charge_gain: 1.5,
            first_charge: 1.0,
            secure: 4.0,
            pike_worth: 3.0,
            cover: 1.2,
            charge_support: true,
            escape: true,
            withdraw_disorder: 0.7,
            reload: 0.3,
            drift: 1.0,
            ready: 0.8,
            ready_save: 1.0,
            next_strike: 0.6,
            horizon: 2,
            behind_push: 0.3,
            ahead_hold: 0.2,
            post_hold: 0.0,
        }
    }
}
