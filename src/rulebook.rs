//! The rules of play as shipped (`docs/rules.md`, compiled in) and how to find a rule in
//! them: by its heading (`### R4.4 Charge`), by the line it starts on, and by the id a
//! message cites (`… (R4.4)`). `volley rules` and the in-game rules browser read the same
//! text through this module; it implements no rule itself, it only finds R1.1 to R12.8.

/// The rules of play as shipped, `docs/rules.md` read at build time.
pub const RULES_TEXT: &str = include_str!("../docs/rules.md");

/// How many near ids a refusal suggests at most.
const SUGGESTIONS: usize = 3;

/// Whether `id` is spelt as a rule id: `R`, then dot-separated numbers (`R4`, `R4.4`).
fn is_rule_id(id: &str) -> bool {
    id.strip_prefix('R').is_some_and(|digits| {
        !digits.is_empty()
            && digits
                .split('.')
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The level and id a heading line names (`### R4.4 Charge` → `(3, "R4.4")`).
fn heading_id(line: &str) -> Option<(usize, &str)> {
    let level = line.len() - line.trim_start_matches('#').len();
    let rest = line.get(level..)?.strip_prefix(' ')?;
    let id = rest.split_whitespace().next()?;
    (level > 0 && is_rule_id(id)).then_some((level, id))
}

/// Every rule id the rules text has a heading for (sections such as `R4` and rules such as
/// `R4.4`), in the order of the text.
pub fn rule_ids(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(heading_id)
        .map(|(_, id)| id)
        .collect()
}

/// The index of the line (0 the first) on which rule or section `id` begins in `text`.
pub fn heading_line(text: &str, id: &str) -> Option<usize> {
    text.lines()
        .position(|line| heading_id(line).is_some_and(|(_, found)| found == id))
}

/// The indexes of every heading line of `text` that names a rule or a section, in order.
pub fn heading_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| heading_id(line).is_some())
        .map(|(at, _)| at)
        .collect()
}

/// The text of rule or section `id` (its heading and everything up to the next heading of the
/// same or a higher level), or `None` if the text has no such heading.
pub fn rule_text(text: &str, id: &str) -> Option<String> {
    let mut lines = text.lines();
    let (heading, level) = lines.by_ref().find_map(|line| match heading_id(line) {
        Some((level, found)) if found == id => Some((line, level)),
        _ => None,
    })?;
    let mut out = String::from(heading);
    for line in lines.take_while(|line| !matches!(heading_id(line), Some((l, _)) if l <= level)) {
        out.push('\n');
        out.push_str(line);
    }
    Some(out.trim_end().to_string() + "\n")
}

/// The ids of `text` nearest to `asked` in spelling (edit distance at most 2), nearest first,
/// then those of the same section, then in the order of the text.
pub fn nearest_ids(text: &str, asked: &str) -> Vec<String> {
    let section = |id: &str| id.split('.').next().map(str::to_string);
    // Among ids as near, those of the asked section first: R4.44 means a movement rule.
    let mut scored: Vec<(usize, bool, usize, &str)> = rule_ids(text)
        .into_iter()
        .enumerate()
        .map(|(at, id)| {
            let other_section = section(id) != section(asked);
            (strsim::levenshtein(asked, id), other_section, at, id)
        })
        .filter(|(distance, ..)| *distance <= 2)
        .collect();
    scored.sort_unstable();
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(.., id)| id.to_string())
        .collect()
}

/// The last rule id `line` cites that `text` has a heading for (`… enemy (R4.2)` → `R4.2`),
/// so a message, a log line or a panel line can open the rules at its rule; `None` when
/// it cites none. A citation ends a message, so the last one is its rule.
pub fn cited_id<'t>(text: &'t str, line: &str) -> Option<&'t str> {
    let ids = rule_ids(text);
    let words = line.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '.'));
    words
        .map(|word| word.trim_end_matches('.'))
        .filter(|word| is_rule_id(word))
        .find_map(|word| ids.iter().find(|id| **id == word).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_2_a_refusal_cites_its_rule_at_its_end() {
        let refusal = "\"Red pike\" at (4, 6) is engaged: it may only stand fast (R4.2)";
        assert_eq!(cited_id(RULES_TEXT, refusal), Some("R4.2"));
    }

    #[test]
    fn r6_2_the_last_of_several_citations_is_taken() {
        assert_eq!(cited_id(RULES_TEXT, "see R4.4. and R6.2."), Some("R6.2"));
    }

    #[test]
    fn a_line_citing_no_rule_has_none() {
        assert_eq!(cited_id(RULES_TEXT, "Red pike marches to (4, 5)"), None);
        assert_eq!(cited_id(RULES_TEXT, "RDF2 R99.9 Rx"), None);
    }

    #[test]
    fn r4_4_its_heading_line_is_found() {
        let at = heading_line(RULES_TEXT, "R4.4").unwrap_or(0);
        assert_eq!(RULES_TEXT.lines().nth(at), Some("### R4.4 Charge"));
        assert!(heading_lines(RULES_TEXT).contains(&at));
    }
}
