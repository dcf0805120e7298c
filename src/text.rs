//! Text shown to the player or printed: user text (names, labels, paths, file contents)
//! with its control characters escaped, so no file or argument can colour the terminal,
//! move its cursor or split a message line.

use std::borrow::Cow;

/// `text` with every character that could drive a terminal or break a line escaped as Rust
/// writes it (`\u{1b}`, `\n`): control characters, line and paragraph separators, and the
/// invisible marks that reorder or hide text. Escaping twice changes nothing more.
pub fn escape_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Like [`escape_text`] but keeping line breaks, for text meant to run over several lines
/// (a scenario's description).
pub fn escape_keeping_lines(text: &str) -> String {
    text.split('\n')
        .map(escape_text)
        .collect::<Vec<_>>()
        .join("\n")
}

fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
        )
}
