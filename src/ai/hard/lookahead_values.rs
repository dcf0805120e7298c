//! The values of `hard`'s look-aheads (the worth of copies of the battle played to the end of the
//! turn, R3, R10) and the choice among candidates they give: the best mean, or the best lead over
//! the planner's own order that is clear of the dice's noise; and which candidates are
//! already out of the race (clearly behind), so that no more look-aheads are spent on them.

/// Each candidate's look-ahead values, by round: round `r` of every candidate was played
/// with the same dice, so values of the same round are compared on equal luck. A candidate
/// out of the race keeps its values but is never chosen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LookaheadValues {
    values: Vec<Vec<f64>>,
    out: Vec<bool>,
}

impl LookaheadValues {
    /// No looks yet at `n` candidates, all in the race.
    pub fn new(n: usize) -> LookaheadValues {
        LookaheadValues {
            values: vec![Vec::new(); n],
            out: vec![false; n],
        }
    }

    /// The candidates still in the race, in order.
    pub fn racing(&self) -> Vec<usize> {
        (0..self.values.len())
            .filter(|&i| !self.is_out(i))
            .collect()
    }

    /// Takes candidate `which` out of the race.
    pub fn drop_out(&mut self, which: usize) {
        if let Some(o) = self.out.get_mut(which) {
            *o = true;
        }
    }

    fn is_out(&self, which: usize) -> bool {
        self.out.get(which).copied().unwrap_or(true)
    }

    /// Adds the value of the next round of candidate `which`.
    pub fn add(&mut self, which: usize, value: f64) {
        if let Some(v) = self.values.get_mut(which) {
            v.push(value);
        }
    }

    /// The index of the candidate in the race of the highest mean, the first (the planner's
    /// own, or the side's own temper) on a tie, and when none was looked at.
    pub fn best_mean(&self) -> usize {
        let mut best = (0, f64::MIN);
        for (i, m) in self.means().into_iter().enumerate() {
            if m > best.1 {
                best = (i, m);
            }
        }
        best.0
    }

    /// Each candidate's mean value (`f64::MIN` for one never looked at or out of the race).
    fn means(&self) -> Vec<f64> {
        (self.values.iter().enumerate())
            .map(|(i, v)| match v.len() {
                _ if self.is_out(i) => f64::MIN,
                0 => f64::MIN,
                n => v.iter().sum::<f64>() / n as f64,
            })
            .collect()
    }

    /// The index of the candidate in the race that leads candidate 0 by the most on average
    /// over the rounds both were played, among those whose lead is more than `z` standard errors of
    /// the paired differences; 0 when none is.
    pub fn clear_lead(&self, z: f64) -> usize {
        let Some(base) = self.values.first() else {
            return 0;
        };
        let mut best = (0, 0.0);
        for (i, v) in self.values.iter().enumerate().skip(1) {
            let leads: Vec<f64> = v.iter().zip(base).map(|(a, b)| a - b).collect();
            if let Some((mean, se)) = mean_and_error(&leads) {
                if !self.is_out(i) && mean > z * se && mean > best.1 {
                    best = (i, mean);
                }
            }
        }
        best.0
    }
}

impl LookaheadValues {
    /// The candidates other than `base` whose paired difference from `base` over the
    /// rounds both were played is below zero by `z` standard errors or more: behind, so
    /// further look-aheads at them would seldom change the choice (racing, after Maron
    /// and Moore's Hoeffding races, with a looser bound). Candidates with fewer than two
    /// rounds are never behind; one that always scored the same as `base` is (it cannot
    /// lead), and so is one the rules refused (worth least in every round).
    pub fn behind(&self, base: usize, z: f64) -> Vec<usize> {
        let Some(b) = self.values.get(base) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, v) in self.values.iter().enumerate() {
            let diffs: Vec<f64> = v.iter().zip(b).map(|(a, b)| a - b).collect();
            if let Some((mean, se)) = mean_and_error(&diffs) {
                // A refused candidate's differences overflow: its mean is −∞.
                if i != base && (mean + z * se <= 0.0 || mean == f64::NEG_INFINITY) {
                    out.push(i);
                }
            }
        }
        out
    }
}

impl LookaheadValues {
    /// The candidates other than `base` that scored exactly as `base` in every round so
    /// far (at least two): most often orders that come to the same position by the end
    /// of the turn, which more rounds would not tell apart.
    pub fn same_as(&self, base: usize) -> Vec<usize> {
        let Some(b) = self.values.get(base) else {
            return Vec::new();
        };
        let same = |v: &Vec<f64>| v.len() >= 2 && b.get(..v.len()) == Some(v.as_slice());
        (0..self.values.len())
            .filter(|&i| i != base && self.values.get(i).is_some_and(same))
            .collect()
    }
}

/// The mean of `xs` and its standard error; `None` with fewer than two values.
fn mean_and_error(xs: &[f64]) -> Option<(f64, f64)> {
    if xs.len() < 2 {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some((mean, (variance / n).sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn looks(values: &[&[f64]]) -> LookaheadValues {
        let mut l = LookaheadValues::new(values.len());
        for (i, v) in values.iter().enumerate() {
            for x in *v {
                l.add(i, *x);
            }
        }
        l
    }

    #[test]
    fn means_of_each_candidate_and_none_looked_at() {
        let l = looks(&[&[1.0, 0.0], &[0.5], &[]]);
        assert_eq!(l.means(), vec![0.5, 0.5, f64::MIN]);
        // A tie goes to the first; one never looked at is never the best.
        assert_eq!(l.best_mean(), 0);
        assert_eq!(looks(&[&[], &[-1.0]]).best_mean(), 1);
        assert_eq!(LookaheadValues::new(0).best_mean(), 0);
    }

    #[test]
    fn a_clear_lead_beats_the_planners_order() {
        // Candidate 1 leads by 0.1 every round: no noise, so any margin is cleared.
        let l = looks(&[&[0.0, 0.5, -0.2], &[0.1, 0.6, -0.1], &[-1.0, -1.0, -1.0]]);
        assert_eq!(l.clear_lead(2.0), 1);
    }

    #[test]
    fn a_lead_within_the_noise_keeps_the_planners_order() {
        // Candidate 1 leads on average (0.1) but by +1 and -0.8 in turn: mean 0.1, standard
        // error about 0.52, so the best mean would take it and the margin does not.
        let l = looks(&[&[0.0, 0.0, 0.0, 0.0], &[1.0, -0.8, 1.0, -0.8]]);
        assert_eq!(l.best_mean(), 1);
        assert_eq!(l.clear_lead(2.0), 0);
        assert_eq!(l.clear_lead(0.1), 1);
    }

    #[test]
    fn a_candidate_clearly_behind_is_out_of_the_race() {
        // 1 trails by 1 every round; 2 trails on average but within its noise; 3 always
        // scores as the base (no lead possible); 4 has one round only.
        let l = looks(&[
            &[0.0, 0.0, 0.0],
            &[-1.0, -1.0, -1.0],
            &[1.0, -1.5, 0.2],
            &[0.0, 0.0, 0.0],
            &[-9.0],
        ]);
        assert_eq!(l.behind(0, 0.5), vec![1, 3]);
        // A candidate the rules refused is worth least in every round.
        let refused = looks(&[&[0.1, 0.2, 0.3], &[f64::MIN, f64::MIN, f64::MIN]]);
        assert_eq!(refused.behind(0, 0.5), vec![1]);
        // Against another base, the base itself is never out.
        assert_eq!(l.behind(2, 0.0), vec![1]);
        assert!(l.behind(9, 0.5).is_empty());
    }

    #[test]
    fn a_candidate_out_of_the_race_is_never_chosen() {
        let mut l = looks(&[&[0.0, 0.0], &[0.1, 0.1], &[0.3, 0.3]]);
        l.drop_out(2);
        assert_eq!(l.racing(), vec![0, 1]);
        assert_eq!(l.best_mean(), 1);
        assert_eq!(l.clear_lead(2.0), 1);
    }

    #[test]
    fn a_candidate_that_always_scored_as_the_base_is_the_same() {
        let l = looks(&[&[0.5, 0.25], &[0.5, 0.25], &[0.5, 0.3], &[0.5]]);
        assert_eq!(l.same_as(0), vec![1]);
        assert_eq!(l.same_as(1), vec![0]);
        assert!(l.same_as(2).is_empty());
    }

    #[test]
    fn the_largest_clear_lead_wins_and_one_round_is_not_enough() {
        let l = looks(&[&[0.0, 0.0], &[0.1, 0.1], &[0.3, 0.3]]);
        assert_eq!(l.clear_lead(2.0), 2);
        assert_eq!(looks(&[&[0.0], &[5.0]]).clear_lead(2.0), 0);
    }
}
