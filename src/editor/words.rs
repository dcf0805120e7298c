//! What the editor says (issue 32): the hint it opens with, the troop picker's line of
//! derived numbers and what its search matches (R2.2–R2.5), and the message each edit of a
//! unit or objective leaves. Names from the file are escaped, so a label holding control
//! characters cannot move the terminal's cursor.

use super::draft::At;
use crate::commands::troops::derived;
use crate::engine::{Rules, TroopType};
use crate::text::escape_text;

/// The editor opens with no tool that changes the map: this says how to take one.
pub const START_HINT: &str = "1-7 paint terrain · a place a troop · Enter opens the form here";

/// The picker's line for `t`: formation, then the first unit size R2.6 allows and its uhp,
/// move and attack sequence (R2.3–R2.5), each number with its unit (`FF 120 men, 8 uhp,
/// move 3/6/9, 2 pike`), as `volley troops` derives them.
pub fn troop_line(t: &TroopType, rules: &Rules) -> String {
    let d = derived(t, rules);
    let code = t.formation.code();
    if d.men == "-" {
        // No size is legal: the sequence says so, and there are no numbers to give.
        return format!("{code} {}", d.sequence);
    }
    format!(
        "{code} {} {}, {} uhp, move {}, {}",
        d.men,
        crate::words::size_word(t),
        d.uhp,
        d.rate,
        d.sequence
    )
}

/// The words the picker's search looks in for `t`, in lower case: its name, its melee
/// and missile weapons' names and its formation's code, so that `lanc` finds lancers by
/// their lance and `hc` the heavy horse.
pub fn troop_keywords(t: &TroopType) -> String {
    let missile = t.missile.as_ref().map(|m| m.name()).unwrap_or_default();
    let words = [t.name.as_str(), &t.melee.name, &missile, t.formation.code()];
    words.join(" ").to_lowercase()
}

/// Whether `keywords` (from [`troop_keywords`]) hold every word of `query`, in any case.
pub fn search_matches(keywords: &str, query: &str) -> bool {
    let keywords = keywords.to_lowercase();
    (query.split_whitespace()).all(|w| keywords.contains(&w.to_lowercase()))
}

/// `(3, 4)`, as a scenario file and the panel write a hex.
fn hex(at: At) -> String {
    format!("({}, {})", at.0, at.1)
}

/// The message after a unit named `name` is placed at `at`.
pub fn placed(name: &str, at: At) -> String {
    format!("placed {} at {}", escape_text(name), hex(at))
}

/// The message after `m` picks up the unit named `name`.
pub fn picked_up(name: &str) -> String {
    format!(
        "picked up {}: Enter puts it down, Esc leaves it",
        escape_text(name)
    )
}

/// The message after the unit named `name` is put down at `at`.
pub fn moved(name: &str, at: At) -> String {
    format!("moved {} to {}", escape_text(name), hex(at))
}

/// The message after `x` deletes the unit named `name` (`u` brings it back).
pub fn removed_unit(name: &str) -> String {
    format!("removed {} (`u` undoes)", escape_text(name))
}

/// The message after `x` deletes the objective named `name` (`u` brings it back).
pub fn removed_objective(name: &str) -> String {
    format!("removed objective {} (`u` undoes)", escape_text(name))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, reason = "tests")]
    use super::*;
    use crate::scenario::Catalog;

    fn troop(name: &str) -> TroopType {
        let catalog = Catalog::standard().unwrap();
        let found = catalog.troops().iter().find(|t| t.name == name);
        found.cloned().expect(name)
    }

    #[test]
    fn a_troop_line_names_each_number_as_the_unit_panel_does() {
        let rules = Rules::standard();
        let pike = troop_line(&troop("pikemen"), &rules);
        assert_eq!(pike, "FF 120 men, 8 uhp, move 2/3/4, 3 pike");
        assert!(pike.contains(" uhp, move "), "{pike}");
        let horse = troop_line(&troop("cossack horse"), &rules);
        assert!(horse.starts_with("LC 60 riders, "), "{horse}");
    }

    #[test]
    fn the_search_finds_weapons_and_formations_in_any_case() {
        let cossacks = troop_keywords(&troop("cossack horse"));
        for query in ["lanc", "LANCE", "short bow", "lc", "Cossack"] {
            assert!(search_matches(&cossacks, query), "{query}");
        }
        assert!(!search_matches(&cossacks, "pike"));
        let reiters = troop_keywords(&troop("reiters"));
        assert!(search_matches(&reiters, "HC wheellock"));
        assert!(search_matches(&reiters, ""), "an empty search shows all");
    }

    #[test]
    fn a_message_escapes_the_name_it_gives() {
        assert_eq!(
            placed("Red\u{1b}[2J", (3, 4)),
            "placed Red\\u{1b}[2J at (3, 4)"
        );
        assert_eq!(moved("pike", (0, 1)), "moved pike to (0, 1)");
        assert!(removed_unit("a\nb").starts_with("removed a\\nb"));
    }
}
