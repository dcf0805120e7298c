//! Where things are in a RON file: the line and column of the elements of a top-level
//! list (`units: [ (...), (...) ]`) and of a field inside one, so that problems found
//! after parsing can still be reported as `file:line:col`. The file is indexed once, so a
//! file with thousands of problems is located in time linear in its size (issue 9), and
//! nothing here slices a string off a character boundary.

/// A byte range of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset just past the last character.
    pub end: usize,
}

/// A source text with its line starts and character counts indexed, turning byte offsets
/// into 1-based `(line, col)` with columns counted in characters, in time independent of
/// the file's size: a lookup scans at most one block of [`BLOCK`] bytes.
#[derive(Debug)]
pub struct Lines<'a> {
    source: &'a str,
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
    /// Characters before the start of each block of [`BLOCK`] bytes.
    chars_before_block: Vec<usize>,
    /// Each top-level field's name and the byte offset just past it, found on first use in
    /// one pass: the check asks for a dozen lists, and each would otherwise walk the text
    /// from its start, through a large map (issue 32's editor asks after every edit).
    top_keys: std::cell::OnceCell<Vec<(&'a str, usize)>>,
}

/// Bytes per block of the character-count index.
const BLOCK: usize = 4096;

impl<'a> Lines<'a> {
    /// Indexes the line starts and character counts of `source` (one pass each).
    pub fn new(source: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let chars_before_block = std::iter::once(0)
            .chain(source.as_bytes().chunks(BLOCK).scan(0, |total, block| {
                *total += chars_in(block);
                Some(*total)
            }))
            .collect();
        Lines {
            source,
            starts,
            chars_before_block,
            top_keys: std::cell::OnceCell::new(),
        }
    }

    /// Byte offset just past top-level field `key`, if the file has it.
    fn top_key(&self, key: &str) -> Option<usize> {
        let keys = self.top_keys.get_or_init(|| top_keys(self.source));
        keys.iter().find(|(k, _)| *k == key).map(|(_, end)| *end)
    }

    /// Spans of the elements of the list under top-level field `key`, in order: as
    /// [`list_elements`], with the field found in the index of top-level fields.
    pub fn list(&self, key: &str) -> Vec<Span> {
        self.top_key(key)
            .map_or_else(Vec::new, |start| elements_from(self.source, start))
    }

    /// The text indexed.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Characters in the source before byte `offset` (a byte inside a character counts
    /// that character as before it).
    fn chars_before(&self, offset: usize) -> usize {
        let offset = offset.min(self.source.len());
        let block = offset / BLOCK;
        let counted = self.chars_before_block.get(block).copied().unwrap_or(0);
        let rest = self
            .source
            .as_bytes()
            .get(block * BLOCK..offset)
            .unwrap_or(&[]);
        counted + chars_in(rest)
    }

    /// 1-based line and column (in characters) of a byte offset; an offset past the end or
    /// inside a character counts as the nearest character start before it.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.source, offset);
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        (
            line,
            self.chars_before(offset) - self.chars_before(start) + 1,
        )
    }

    /// Line and column of `field:` inside a span (the element's own field first, else the
    /// first nested one, as `damage` inside `melee: (...)`), or of the span's start.
    pub fn field_in(&self, span: Span, field: &str) -> (usize, usize) {
        let text = self.source.get(span.start..span.end).unwrap_or("");
        let keys = || code_chars(text).filter(|&(i, _, _)| is_key(text, i, field));
        let at = keys()
            .find(|&(_, _, depth)| depth == 1)
            .or_else(|| keys().next())
            .map_or(span.start, |(i, _, _)| span.start + i);
        self.line_col(at)
    }

    /// Line and column of top-level field `key`, or 1:1.
    pub fn top_field(&self, key: &str) -> (usize, usize) {
        self.top_key(key)
            .map_or((1, 1), |i| self.line_col(i.saturating_sub(key.len())))
    }

    /// Line and column of the start of element `i` of `spans`, or 1:1.
    pub fn element(&self, spans: &[Span], i: usize) -> (usize, usize) {
        spans.get(i).map_or((1, 1), |s| self.line_col(s.start))
    }
}

/// Characters whose first byte is in `bytes`: every byte but UTF-8's continuation bytes.
fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The largest character boundary at or before `offset`, within the text.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The code characters of `source` (outside strings and comments) as `(byte offset, char,
/// nesting depth)`, in order, without collecting them: a 4 MiB file is walked, not copied.
fn code_chars(source: &str) -> impl Iterator<Item = (usize, char, usize)> + '_ {
    let mut chars = source.char_indices().peekable();
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    std::iter::from_fn(move || loop {
        let (i, c) = chars.next()?;
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
            '/' if chars.peek().is_some_and(|(_, n)| *n == '*') => skip_block_comment(&mut chars),
            // The opening quote stands for the string, so a list of strings has elements.
            '"' => {
                in_str = true;
                return Some((i, c, depth));
            }
            '(' | '[' | '{' => {
                depth += 1;
                return Some((i, c, depth - 1));
            }
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                return Some((i, c, depth));
            }
            _ => return Some((i, c, depth)),
        }
    })
}

/// Skips a block comment, nested ones included, after its opening `/`.
fn skip_block_comment(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>) {
    chars.next(); // The `*` of the opening.
    let (mut depth, mut last) = (1usize, ' ');
    for (_, c) in chars.by_ref() {
        match (last, c) {
            ('/', '*') => {
                depth += 1;
                last = ' ';
                continue;
            }
            ('*', '/') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return;
                }
                last = ' ';
                continue;
            }
            _ => {}
        }
        last = c;
    }
}

/// Spans of the elements of the list under top-level field `key` (`units`), in order.
pub fn list_elements(source: &str, key: &str) -> Vec<Span> {
    field_value_start(source, key, 1).map_or_else(Vec::new, |start| elements_from(source, start))
}

/// Every top-level field `name:` of `source` and the byte offset just past its name, in
/// one pass of the text.
fn top_keys(source: &str) -> Vec<(&str, usize)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code_chars(source)
        .filter(|&(i, c, d)| {
            d == 1
                && (c.is_alphabetic() || c == '_')
                && !source.get(..i).unwrap_or("").ends_with(ident)
        })
        .filter_map(|(i, _, _)| {
            let rest = source.get(i..)?;
            let name = rest.get(..rest.find(|c: char| !ident(c)).unwrap_or(rest.len()))?;
            let after = rest.get(name.len()..)?;
            after
                .trim_start()
                .starts_with(':')
                .then_some((name, i + name.len()))
        })
        .collect()
}

/// The code characters of `source` from byte `start`, a place at depth 1 outside strings
/// and comments (just past a top-level field's name), with their depths.
fn code_chars_from(source: &str, start: usize) -> impl Iterator<Item = (usize, char, usize)> + '_ {
    let rest = source.get(start..).unwrap_or("");
    code_chars(rest).map(move |(i, c, d)| (i + start, c, d + 1))
}

/// Spans of the elements of the list that follows byte `start` (just past a top-level
/// field's name), up to its closing `]`.
fn elements_from(source: &str, start: usize) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut current: Option<usize> = None;
    for (i, c, depth) in code_chars_from(source, start) {
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

/// Whether `key:` starts at byte `i` of `source` as a whole word.
fn is_key(source: &str, i: usize, key: &str) -> bool {
    let rest = source.get(i..).unwrap_or("");
    let before = source.get(..i).unwrap_or("");
    rest.strip_prefix(key)
        .is_some_and(|after| after.trim_start().starts_with(':'))
        && !before.ends_with(|c: char| c.is_alphanumeric() || c == '_')
}

/// Byte offset just past `key` where `key:` stands at `depth`.
fn field_value_start(source: &str, key: &str, depth: usize) -> Option<usize> {
    code_chars(source)
        .find_map(|(i, _, d)| (d == depth && is_key(source, i, key)).then(|| i + key.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_of_top_level_fields_finds_the_lists_a_scan_finds() {
        let src = "(\n  // units: [fake]\n  name: \"units: [x]\",\n  sides: [(name: \"a\", units: [1])],\n  /* map: [] */ map: [\"..\", \"..\"],\n  units: [\n    (troop: \"x\"),\n    (troop: \"y\", at: (1, 2)),\n  ],\n  objectives: [],\n)";
        let lines = Lines::new(src);
        for key in ["units", "sides", "map", "objectives", "name", "events"] {
            assert_eq!(lines.list(key), list_elements(src, key), "{key}");
        }
        assert_eq!(lines.list("units").len(), 2);
        assert_eq!(lines.list("map").len(), 2);
        assert_eq!(lines.top_field("units"), (6, 3));
        assert_eq!(lines.top_field("events"), (1, 1));
    }

    #[test]
    fn finds_list_elements_and_fields_past_comments_and_strings() {
        let src = "(\n  // units: [fake]\n  name: \"a ( b\",\n  units: [\n    (troop: \"x\"),\n    (troop: \"y\", at: (1, 2)),\n  ],\n)";
        let lines = Lines::new(src);
        let spans = list_elements(src, "units");
        assert_eq!(spans.len(), 2);
        assert_eq!(lines.line_col(spans[0].start), (5, 5));
        assert_eq!(lines.field_in(spans[1], "at"), (6, 18));
        assert_eq!(lines.top_field("units"), (4, 3));
    }

    #[test]
    fn block_comments_nested_or_not_hide_what_they_hold() {
        let src = "(/* units: [(x)] /* \" */ ( */\n units: [(at: 1), /* , */ (at: 2)])";
        let lines = Lines::new(src);
        let spans = list_elements(src, "units");
        assert_eq!(spans.len(), 2);
        assert_eq!(lines.top_field("units"), (2, 2));
        assert_eq!(lines.field_in(spans[1], "at"), (2, 28));
    }

    #[test]
    fn finds_the_elements_of_a_list_of_strings() {
        let src = "(\n  map: [\n    \". ,\",\n    \". .\",\n  ],\n)";
        let lines = Lines::new(src);
        let spans = list_elements(src, "map");
        assert_eq!(spans.len(), 2);
        assert_eq!(lines.line_col(spans[0].start), (3, 5));
        assert_eq!(lines.line_col(spans[1].start), (4, 5));
    }

    #[test]
    fn columns_count_characters_in_any_order_of_lookups() {
        let src = "ab\néé:x é\n";
        let lines = Lines::new(src);
        let x = src.find('x').unwrap();
        assert_eq!(lines.line_col(x), (2, 4));
        assert_eq!(lines.line_col(1), (1, 2));
        assert_eq!(lines.line_col(x + 3), (2, 6));
        // Inside `é`, past the end: the nearest character start before it.
        assert_eq!(lines.line_col(4), (2, 1));
        assert_eq!(lines.line_col(1000), (3, 1));
    }

    #[test]
    fn columns_of_a_long_line_of_wide_characters_cross_index_blocks() {
        let src = format!("é\n{}x", "中".repeat(3 * BLOCK));
        let lines = Lines::new(&src);
        assert_eq!(lines.line_col(src.len() - 1), (2, 3 * BLOCK + 1));
        assert_eq!(lines.line_col(3 + 3 * 1000 + 1), (2, 1001));
    }

    #[test]
    fn a_field_inside_a_string_or_a_nested_value_is_not_the_field() {
        let src = "(units: [(label: \"at: here\", x: (at: 1), at: (3, 4))])";
        let lines = Lines::new(src);
        let spans = list_elements(src, "units");
        assert_eq!(lines.field_in(spans[0], "at"), (1, 42));
    }
}
