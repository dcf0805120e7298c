//! `volley rules [ID]`: the rules of play (`docs/rules.md`, compiled in) printed whole, one
//! rule (`R4.4`) or one section (`R4`); an unknown id is refused with the nearest ids. The
//! text itself is every rule, R1.1 to R12.8; [`crate::rulebook`] finds a rule in it.

use crate::text::escape_text;
use std::io::Write;

pub use crate::rulebook::{nearest_ids, rule_ids, rule_text, RULES_TEXT};

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
