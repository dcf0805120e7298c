//! Data files (rules, troops, scenarios, saves) as the loaders read them: RON parsed with
//! a size and nesting guard (hostile input), and every problem located at `file:line:col`,
//! listed up to a limit, with the file's own text escaped for the terminal.

use crate::text::escape_text;
use serde::de::DeserializeOwned;
use std::fmt;
use thiserror::Error;

/// Files larger than this are refused before parsing (hostile input).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// Most problems of one file a report lists; the rest are counted (`… and N more`).
pub const MAX_PROBLEMS_SHOWN: usize = 200;

/// One problem in a data file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// What is wrong, in one line; may quote the file's own text.
    pub message: String,
}

impl Problem {
    /// A problem at `line:col`.
    pub fn new(line: usize, col: usize, message: impl Into<String>) -> Problem {
        Problem {
            line,
            col,
            message: message.into(),
        }
    }
}

/// A data file (rules, troops, scenario) that cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DataError {
    /// RON syntax or an unknown, misspelt or missing field.
    #[error("{}:{line}:{col}: {}", escape_text(file), escape_text(message))]
    Syntax {
        /// The file as the user named it.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        col: usize,
        /// What the parser expected.
        message: String,
    },
    /// The file parsed but breaks the rules; every problem is listed, up to
    /// [`MAX_PROBLEMS_SHOWN`] and a count of the rest.
    #[error("{}", render_problems(file, problems))]
    Invalid {
        /// The file as the user named it.
        file: String,
        /// Every problem, in the order found.
        problems: Vec<Problem>,
    },
}

impl DataError {
    /// Every problem as `file:line:col: message` lines.
    pub fn lines(&self) -> Vec<String> {
        self.to_string().lines().map(str::to_string).collect()
    }
}

fn render_problems(file: &str, problems: &[Problem]) -> String {
    let file = escape_text(file);
    let mut lines: Vec<String> = problems
        .iter()
        .take(MAX_PROBLEMS_SHOWN)
        .map(|p| format!("{file}:{}:{}: {}", p.line, p.col, escape_text(&p.message)))
        .collect();
    if let Some(more) = problems
        .len()
        .checked_sub(MAX_PROBLEMS_SHOWN)
        .filter(|&n| n > 0)
    {
        lines.push(format!("{file}: … and {more} more problems"));
    }
    lines.join("\n")
}

/// Parses RON with a size and nesting guard, turning syntax errors into located errors.
pub fn parse_ron<T: DeserializeOwned>(source: &str, file: &str) -> Result<T, DataError> {
    if source.len() > MAX_FILE_BYTES {
        return Err(DataError::Syntax {
            file: file.into(),
            line: 1,
            col: 1,
            message: format!(
                "file is {} bytes, more than the {} allowed",
                source.len(),
                MAX_FILE_BYTES
            ),
        });
    }
    let options = ron::Options::default()
        .with_recursion_limit(64)
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options.from_str(source).map_err(|e| DataError::Syntax {
        file: file.into(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: super::parse_words::message(&e.code),
    })
}

/// Line and column (1-based) of the `nth` occurrence of `needle` outside `//` comments, or
/// 1:1 if it is not there.
pub fn locate(source: &str, needle: &str, nth: usize) -> (usize, usize) {
    if needle.is_empty() {
        return (1, 1);
    }
    let hits = source.lines().enumerate().flat_map(|(i, line)| {
        let code = line.split("//").next().unwrap_or("");
        code.match_indices(needle)
            .map(move |(at, _)| (i + 1, code.get(..at).map_or(0, |b| b.chars().count()) + 1))
    });
    hits.into_iter().nth(nth).unwrap_or((1, 1))
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}
