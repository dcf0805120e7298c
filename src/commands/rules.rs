//! `volley rules [ID]`: the rules of play (`docs/rules.md`, compiled in) printed whole, one
//! rule (`R4.4`) or one section (`R4`); an unknown id is refused with the nearest ids. The
//! text itself is every rule, R1.1 to R12.8; this module only finds a rule in it.

use crate::text::escape_text;
use std::io::Write;

/// The rules of play as shipped, `docs/rules.md` read at build time.
pub const RULES_TEXT: &str = include_str!("../../docs/rules.md");

/// How many near ids a refusal suggests at most.
const SUGGESTIONS: usize = 3;

/// An id `volley rules` cannot find in the rules text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", unknown_message(.asked, .nearest))]
pub struct UnknownRule {
    /// The id as the user typed it.
    pub asked: String,
    /// The rule ids closest to it in spelling, nearest first.
    pub nearest: Vec<String>,
}

fn unknown_message(asked: &str, nearest: &[String]) -> String {
    let asked = escape_text(asked);
    if nearest.is_empty() {
        format!("no rule {asked} in the rules; `volley rules` lists them all")
    } else {
        format!(
            "no rule {asked} in the rules; did you mean {}?",
            nearest.join(", ")
        )
    }
}

/// The id a heading line names (`### R4.4 Charge` → `R4.4`, `## R4 Movement` → `R4`).
fn heading_id(line: &str) -> Option<(usize, &str)> {
    let level = line.len() - line.trim_start_matches('#').len();
    let rest = line.get(level..)?.strip_prefix(' ')?;
    let id = rest.split_whitespace().next()?;
    let digits = id.strip_prefix('R')?;
    let is_id = !digits.is_empty()
        && digits
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    (level > 0 && is_id).then_some((level, id))
}

/// Every rule id the rules text has a heading for (sections such as `R4` and rules such as
/// `R4.4`), in the order of the text.
pub fn rule_ids(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(heading_id)
        .map(|(_, id)| id)
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

/// What `volley rules [ID]` prints: the whole rules text with no id, else that rule or
/// section; the id is read case-blind (`r4.4` is R4.4).
///
/// # Errors
/// [`UnknownRule`] when the rules have no such id, with the nearest ids.
pub fn rules_command(id: Option<&str>) -> Result<String, UnknownRule> {
    let Some(asked) = id else {
        return Ok(RULES_TEXT.to_string());
    };
    let wanted = asked.trim().to_uppercase();
    rule_text(RULES_TEXT, &wanted).ok_or_else(|| UnknownRule {
        asked: asked.to_string(),
        nearest: nearest_ids(RULES_TEXT, &wanted),
    })
}

/// Runs `volley rules [ID]`: prints the text and succeeds, or prints the refusal on standard
/// error and fails (exit status 1).
///
/// # Errors
/// Never: the `Result` is the shape every command has in `main`.
pub fn print(id: Option<&str>) -> anyhow::Result<std::process::ExitCode> {
    match rules_command(id) {
        Ok(text) => {
            // A reader that stops early (`volley rules | head`) is no failure of the rules.
            std::io::stdout().write_all(text.as_bytes()).ok();
            Ok(std::process::ExitCode::SUCCESS)
        }
        Err(refused) => {
            eprintln!("volley: {refused}");
            Ok(std::process::ExitCode::FAILURE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r4_4_is_found_with_its_text_and_stops_at_the_next_rule() {
        let text = rules_command(Some("R4.4")).unwrap_or_default();
        assert!(text.starts_with("### R4.4 Charge\n"), "{text}");
        assert!(text.contains("Shocked by cavalry"), "{text}");
        assert!(!text.contains("R4.5 Disengage"), "{text}");
    }

    #[test]
    fn a_section_id_gives_every_rule_of_the_section() {
        let text = rules_command(Some("r9")).unwrap_or_default();
        assert!(text.starts_with("## R9 Shock and morale\n"), "{text}");
        assert!(text.contains("### R9.6 Morale phase"), "{text}");
        assert!(!text.contains("## R10"), "{text}");
    }

    #[test]
    fn an_unknown_id_is_refused_with_the_nearest_ids() {
        let refused = rules_command(Some("R4.9")).err();
        let nearest = refused.map(|e| e.nearest).unwrap_or_default();
        assert_eq!(nearest, ["R4.1", "R4.2", "R4.3"]);
    }
}
