//! Text fitted to terminal columns by its display width (the `unicode-width` crate), not by
//! its characters: a CJK character takes two columns and a combining mark none, so a label
//! counted in characters broke the end table's columns and right border (issue 25). Every
//! table, panel and list that pads or cuts user text goes through here.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Zero-width characters kept after one visible character: enough for any real accent, and
/// a label of 300 stacked marks cannot make one cell that terminals draw differently.
pub const MAX_MARKS: usize = 4;

/// Columns `text` takes in a terminal.
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` cut to at most `max` columns of whole characters, with at most [`MAX_MARKS`]
/// zero-width characters after each visible one.
pub fn fit(text: &str, max: usize) -> String {
    let (mut out, mut used, mut marks) = (String::new(), 0, 0);
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if w == 0 {
            marks += 1;
            if marks <= MAX_MARKS {
                out.push(c);
            }
            continue;
        }
        if used + w > max {
            break;
        }
        (used, marks) = (used + w, 0);
        out.push(c);
    }
    out
}

/// `text` padded with spaces to at least `columns` (left-aligned, as `{:<N}` would pad by
/// characters), never cut: [`fit`] it first for a fixed column.
pub fn pad(text: &str, columns: usize) -> String {
    let blank = columns.saturating_sub(width(text));
    let mut out = String::with_capacity(text.len() + blank);
    out.push_str(text);
    out.extend(std::iter::repeat_n(' ', blank));
    out
}

/// `text` if it fits in `max` columns, else cut to `max - 1` columns and ended with `…`
/// (nothing if not even that fits).
pub fn ellipsized(text: &str, max: usize) -> String {
    if width(text) <= max {
        return fit(text, max);
    }
    match max {
        0 => String::new(),
        _ => format!("{}…", fit(text, max - 1)),
    }
}

/// Hints joined by ` · ` after a space, fitted to `max` columns by dropping the least
/// needed first (the lowest `need`; of equal need, the later one), never cut mid-word: a
/// hint line must not end in `… q qui` (issue 26). Order on screen is kept.
pub fn fit_hints(hints: &[(u8, String)], max: usize) -> String {
    let mut kept: Vec<bool> = vec![true; hints.len()];
    let line = |kept: &[bool]| {
        let shown: Vec<&str> = hints
            .iter()
            .zip(kept)
            .filter(|(_, k)| **k)
            .map(|((_, h), _)| h.as_str())
            .collect();
        format!(" {}", shown.join(" · "))
    };
    // Least needed first; of equal need the later hint goes first.
    let mut order: Vec<usize> = (0..hints.len()).collect();
    order.sort_by_key(|i| (hints.get(*i).map_or(0, |h| h.0), std::cmp::Reverse(*i)));
    for i in order {
        if width(&line(&kept)) <= max {
            break;
        }
        if let Some(k) = kept.get_mut(i) {
            *k = false;
        }
    }
    fit(&line(&kept), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 26: hints that do not fit lose the least needed whole, not their end.
    #[test]
    fn issue_26_hints_drop_the_least_needed_whole() {
        let hints = [
            (3, "Enter play".to_string()),
            (1, "w watch".to_string()),
            (1, "h hot-seat".to_string()),
            (3, "q quit".to_string()),
        ];
        assert_eq!(
            fit_hints(&hints, 80),
            " Enter play · w watch · h hot-seat · q quit"
        );
        assert_eq!(fit_hints(&hints, 30), " Enter play · w watch · q quit");
        assert_eq!(fit_hints(&hints, 20), " Enter play · q quit");
    }

    #[test]
    fn issue_25_wide_characters_take_two_columns_and_marks_none() {
        assert_eq!(width("長槍兵"), 6);
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(fit("長槍兵", 5), "長槍");
        assert_eq!(pad("長槍兵", 7), "長槍兵 ");
        assert_eq!(pad("長槍兵", 5), "長槍兵");
        assert_eq!(pad(&fit("長槍兵", 5), 5), "長槍 ");
        assert_eq!(ellipsized("長槍兵長槍兵", 7), "長槍兵…");
        assert_eq!(ellipsized("pikemen", 7), "pikemen");
        assert_eq!(ellipsized("pikemen", 0), "");
    }

    #[test]
    fn issue_25_stacked_marks_are_kept_to_a_few_per_character() {
        let zalgo = format!("a{}b", "\u{301}".repeat(300));
        assert_eq!(
            fit(&zalgo, 10),
            format!("a{}b", "\u{301}".repeat(MAX_MARKS))
        );
        assert_eq!(width(&pad(&fit(&zalgo, 24), 24)), 24);
    }
}
