//! The weights of the computer's judgement, in one place. Every value the planner trades
//! off (caution against danger, the worth of a charge, of pike cover, of a ready marker or
//! a reload) is a field here, so the defaults read as one table and a tuning run
//! can vary them without touching the rules code (R3.1, R4.4, R5.6, R8.1, R10.3).

/// Planner weights; `Tuning::default()` is what the computer plays with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Threshold of the rule that picks the first side (R3.2).
    pub theta: f64,
    /// Scale of the danger (expected uhp lost) a unit's move is charged with.
    pub caution: f64,
    /// Scale of a charge's expected gain.
    pub charge_gain: f64,
    /// Worth to Drilled Foot of standing next to pike, in uhp per enemy horse unit within
    /// charge reach (at most two counted, R9.4).
    pub secure: f64,
    /// Worth to pike of covering Drilled Foot no other pike covers, in uhp per enemy horse
    /// unit within charge reach (at most two counted, R9.4).
    pub cover: f64,
    /// Extra caution for pike while we have Drilled Foot and they have horse: its loss
    /// leaves every shot open to the shock of a charge (R4.4, R9.4).
    pub pike_worth: f64,
    /// Cost in uhp of the disorder a steady unit takes when it withdraws (R8.1, R8.6).
    pub withdraw_disorder: f64,
    /// Worth in uhp of standing still to drop a reload token (R4.7, R6.4).
    pub reload: f64,
    /// Scale of the pull towards the enemy.
    pub drift: f64,
    /// Scale of a ready marker's worth (R5.6).
    pub ready: f64,
    /// Chance weight that a moved enemy strikes before we act again.
    pub next_strike: f64,
    /// Turns before the limit when the side turns bolder or warier (R10.3).
    pub horizon: u32,
    /// Boldness added near the limit when behind.
    pub behind_push: f64,
    /// Boldness taken away near the limit when ahead.
    pub ahead_hold: f64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            theta: 1.0,
            caution: 0.3,
            charge_gain: 1.5,
            secure: 4.0,
            pike_worth: 3.0,
            cover: 1.2,
            withdraw_disorder: 0.7,
            reload: 0.3,
            drift: 1.0,
            ready: 0.8,
            next_strike: 0.6,
            horizon: 2,
            behind_push: 0.3,
            ahead_hold: 0.2,
        }
    }
}

impl Tuning {
    /// The same weights, each passed through `f` in the order the fields are declared
    /// (`horizon`, a number of turns, is kept): how the stranger pool is drawn.
    pub fn map_weights(self, mut f: impl FnMut(f64) -> f64) -> Tuning {
        Tuning {
            theta: f(self.theta),
            caution: f(self.caution),
            charge_gain: f(self.charge_gain),
            secure: f(self.secure),
            cover: f(self.cover),
            pike_worth: f(self.pike_worth),
            withdraw_disorder: f(self.withdraw_disorder),
            reload: f(self.reload),
            drift: f(self.drift),
            ready: f(self.ready),
            next_strike: f(self.next_strike),
            horizon: self.horizon,
            behind_push: f(self.behind_push),
            ahead_hold: f(self.ahead_hold),
        }
    }
}
