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

/// Words that end a name's head noun phrase: `Shot before Soissons` is named for its shot,
/// `Gendarmes of the right` for its gendarmes.
const AFTER_HEAD: [&str; 12] = [
    "of", "before", "under", "from", "with", "at", "in", "on", "for", "behind", "by", "near",
];

/// Whether a unit's or side's name reads as plural, by the last word of its head (the name
/// up to its first preposition): `Red lancers`, `Huguenots`, `Gendarmes of the right` and
/// `English musketmen` are plural; `Shot before Soissons`, `Royal army` are not. A scenario
/// may say otherwise for a unit (`plural`).
pub fn looks_plural(name: &str) -> bool {
    let mut head = Vec::new();
    for word in name.split_whitespace() {
        if !head.is_empty() && AFTER_HEAD.contains(&word.to_lowercase().as_str()) {
            break;
        }
        head.push(word);
    }
    let last = head
        .iter()
        .flat_map(|w| w.split(|c: char| !c.is_alphabetic()))
        .rfind(|w| !w.is_empty())
        .unwrap_or("")
        .to_lowercase();
    (last.ends_with('s') && !last.ends_with("ss")) || last.ends_with("men")
}

/// A present-tense verb given in the singular (`charges`, `is`, `rallies`) in the plural
/// when the subject is.
pub fn agree(verb: &str, plural: bool) -> String {
    if !plural {
        return verb.to_string();
    }
    match verb {
        "is" => "are".into(),
        "has" => "have".into(),
        "must" | "cannot" => verb.into(),
        v if v.ends_with("ies") => format!("{}y", v.trim_end_matches("ies")),
        v if ["ches", "shes", "sses", "xes"]
            .iter()
            .any(|e| v.ends_with(e)) =>
        {
            v.trim_end_matches("es").to_string()
        }
        v => v.strip_suffix('s').unwrap_or(v).to_string(),
    }
}

/// A side's name and a verb agreeing with it: `Red wins`, `Huguenots win`.
pub fn side_does(name: &str, verb: &str) -> String {
    format!("{name} {}", agree(verb, looks_plural(name)))
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

    /// Issue 29's playtest: a name is plural by the head of its phrase, not its last word
    /// (`Shot before Soissons fire` and `Gendarmes of the right charges` were written).
    #[test]
    fn i29_a_name_is_plural_by_the_head_of_its_phrase() {
        for plural in [
            "Gendarmes of the right",
            "Huguenots",
            "Red lancers",
            "English musketmen",
        ] {
            assert!(looks_plural(plural), "{plural}");
        }
        for one in [
            "Shot before Soissons",
            "Shot before Condé",
            "Royal army",
            "Lobsters, second troop",
        ] {
            assert!(!looks_plural(one), "{one}");
        }
        assert_eq!(side_does("Huguenots", "wins"), "Huguenots win");
        assert_eq!(side_does("Royal army", "gives"), "Royal army gives");
    }

    /// Issue 26: the article agrees with the word (`a AttackRolled` was written).
    #[test]
    fn issue_26_the_article_agrees_with_the_word() {
        assert_eq!(with_article("AttackRolled"), "an AttackRolled");
        assert_eq!(with_article("Moved"), "a Moved");
    }
}
