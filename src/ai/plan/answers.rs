//! Answers the planner works out once and looks up after, for as long as the game state
//! they were worked out on stands: within one order's view (counters, missile sequences,
//! the danger at a hex) or, kept up to date, through a phase (enemy reaches). No rule
//! lives here; it only spares asking the engine the same question twice.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::hash::Hash;

/// Answers by question. Only looked up, cleared or thinned, never iterated for a
/// decision, so the map's order decides nothing. The keys are small and the planner's
/// own, never an adversary's, so a fast hash (rustc's Fx) serves instead of SipHash.
#[derive(Clone, Debug)]
pub struct Answers<K, V>(RefCell<FxHashMap<K, V>>);

impl<K, V> Default for Answers<K, V> {
    fn default() -> Answers<K, V> {
        Answers(RefCell::new(FxHashMap::default()))
    }
}

impl<K: Eq + Hash, V: Clone> Answers<K, V> {
    /// The answer to `key`, worked out by `work` the first time it is asked. `work` may ask
    /// this same store other questions.
    pub fn get(&self, key: K, work: impl FnOnce() -> V) -> V {
        if let Some(v) = self.0.borrow().get(&key) {
            return v.clone();
        }
        let v = work();
        self.0.borrow_mut().insert(key, v.clone());
        v
    }

    /// Adds the answers of `other` to the questions not answered here yet.
    pub fn absorb(&self, other: Answers<K, V>) {
        let mut mine = self.0.borrow_mut();
        for (k, v) in other.0.into_inner() {
            mine.entry(k).or_insert(v);
        }
    }

    /// Forgets every answer.
    pub fn clear(&self) {
        self.0.borrow_mut().clear();
    }

    /// Keeps only the answers `keep` vouches for.
    pub fn retain(&self, keep: impl FnMut(&K, &mut V) -> bool) {
        self.0.borrow_mut().retain(keep);
    }
}

#[cfg(test)]
impl<K: Clone, V: Clone> Answers<K, V> {
    /// Every answer kept, in no particular order (for tests that check each one).
    pub fn answers(&self) -> Vec<(K, V)> {
        self.0
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
}
