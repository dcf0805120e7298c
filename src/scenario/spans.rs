//! Where things are in a RON file: the line and column of the elements of a top-level
//! list (`units: [ (...), (...) ]`) and of a field inside one, so that problems found
//! after parsing can still be reported as `file:line:col`.

/// A byte range of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// 1-based line and column of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Byte offsets of the code characters (outside strings and comments) with their nesting
/// depth, in order.
fn code_chars(source: &str) -> Vec<(usize, char, usize)> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    let mut chars = source.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '/' if chars.peek().is_some_and(|(_, n)| *n == '/') => {
                for (_, n) in chars.by_ref() {
                    if n == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                // The opening quote stands for the string, so a list of strings has elements.
                out.push((i, c, depth));
                in_str = true;
            }
            '(' | '[' | '{' => {
                out.push((i, c, depth));
                depth += 1;
            }
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                out.push((i, c, depth));
            }
            _ => out.push((i, c, depth)),
        }
    }
    out
}

/// Spans of the elements of the list under top-level field `key` (`units`), in order.
pub fn list_elements(source: &str, key: &str) -> Vec<Span> {
    let chars = code_chars(source);
    let Some(start) = field_value_start(source, &chars, key, 1) else {
        return Vec::new();
    };
    let mut spans = Vec::new();
    let mut current: Option<usize> = None;
    for &(i, c, depth) in chars.iter().filter(|(i, _, _)| *i > start) {
        if depth == 1 && c == ']' {
            if let Some(s) = current.take() {
                spans.push(Span { start: s, end: i });
            }
            break;
        }
        if depth == 2 && c == ',' {
            if let Some(s) = current.take() {
                spans.push(Span { start: s, end: i });
            }
        } else if depth >= 2 && current.is_none() && !c.is_whitespace() {
            current = Some(i);
        }
    }
    spans
}

/// Byte offset of the `[` or value after `key:` at `depth`.
fn field_value_start(
    source: &str,
    chars: &[(usize, char, usize)],
    key: &str,
    depth: usize,
) -> Option<usize> {
    chars.iter().find_map(|&(i, _, d)| {
        let rest = &source[i..];
        let is_key = d == depth
            && rest.starts_with(key)
            && rest[key.len()..].trim_start().starts_with(':')
            && !source[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        is_key.then(|| i + key.len())
    })
}

/// Line and column of `field:` inside a span, or of the span's start.
pub fn field_in(source: &str, span: Span, field: &str) -> (usize, usize) {
    let text = &source[span.start..span.end.min(source.len())];
    let needle = format!("{field}:");
    let at = text.find(&needle).map_or(span.start, |i| span.start + i);
    line_col(source, at)
}

/// Line and column of top-level field `key`, or 1:1.
pub fn top_field(source: &str, key: &str) -> (usize, usize) {
    let chars = code_chars(source);
    field_value_start(source, &chars, key, 1).map_or((1, 1), |i| line_col(source, i - key.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_list_elements_and_fields_past_comments_and_strings() {
        let src = "(\n  // units: [fake]\n  name: \"a ( b\",\n  units: [\n    (troop: \"x\"),\n    (troop: \"y\", at: (1, 2)),\n  ],\n)";
        let spans = list_elements(src, "units");
        assert_eq!(spans.len(), 2);
        assert_eq!(line_col(src, spans[0].start), (5, 5));
        assert_eq!(field_in(src, spans[1], "at"), (6, 18));
        assert_eq!(top_field(src, "units"), (4, 3));
    }

    #[test]
    fn finds_the_elements_of_a_list_of_strings() {
        let src = "(\n  map: [\n    \". ,\",\n    \". .\",\n  ],\n)";
        let spans = list_elements(src, "map");
        assert_eq!(spans.len(), 2);
        assert_eq!(line_col(src, spans[0].start), (3, 5));
        assert_eq!(line_col(src, spans[1].start), (4, 5));
    }
}
