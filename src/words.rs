//! Counts and articles in plain English for the log, the screens and the reports (issue 26):
//! `1 hit`, `3 hits`, `a Moved`, `an AttackRolled`; no `(s)` and no `a AttackRolled`.

/// `n` and the noun agreeing with it: `count(1, "hex", "hexes")` is `1 hex`.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `n` and a noun made plural with `s` when it is not 1: `counted(2, "token")` is `2 tokens`.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    count(n, noun, &format!("{noun}s"))
}

/// `word` after the indefinite article its first letter calls for: `an AttackRolled`,
/// `a Moved` (by spelling: a vowel letter takes `an`).
pub fn with_article(word: &str) -> String {
    let vowel = word
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// What a unit of `t` counts its creatures in, as the unit panel and the editor write it:
/// horse by its riders, foot by its men (R2.2).
pub fn size_word(t: &crate::engine::TroopType) -> &'static str {
    if t.formation.is_mounted() {
        "riders"
    } else {
        "men"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 26: counts agree with their number (`1 wins` was written).
    #[test]
    fn issue_26_counts_agree_with_their_number() {
        assert_eq!(counted(1u32, "win"), "1 win");
        assert_eq!(counted(0u32, "win"), "0 wins");
        assert_eq!(count(3u32, "hex", "hexes"), "3 hexes");
    }

    /// Issue 26: the article agrees with the word (`a AttackRolled` was written).
    #[test]
    fn issue_26_the_article_agrees_with_the_word() {
        assert_eq!(with_article("AttackRolled"), "an AttackRolled");
        assert_eq!(with_article("Moved"), "a Moved");
    }
}
