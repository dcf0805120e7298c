//! The editor's forms (issue 32): a list of named fields, each text typed or a choice
//! stepped through, applied all at once with Enter. Only the shape of a value is checked
//! here (a number, yes or no, hexes); whether it is within its range (R2.8) or names what
//! exists is the checker's, which lists it with the rest.

use crate::editor::draft::At;
use std::collections::BTreeMap;

/// One field of a form.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its name, as the scenario file writes it.
    pub name: String,
    /// What is typed or chosen.
    pub value: String,
    /// The values `←`/`→` step through, if it is a choice; empty if typed.
    pub choices: Vec<String>,
    /// What it takes, shown beside it (`0 to 10`, `(col, row) …`).
    pub hint: String,
    /// Where typing goes, in characters from the start; `None`: at the end.
    pub cursor: Option<usize>,
}

impl Field {
    /// A field typed as text.
    pub fn typed(
        name: impl Into<String>,
        value: impl Into<String>,
        hint: impl Into<String>,
    ) -> Field {
        Field {
            name: name.into(),
            value: value.into(),
            choices: Vec::new(),
            hint: hint.into(),
            cursor: None,
        }
    }

    /// A field chosen among `choices`, now `value`.
    pub fn choice(
        name: impl Into<String>,
        value: impl Into<String>,
        choices: Vec<String>,
    ) -> Field {
        Field {
            name: name.into(),
            value: value.into(),
            choices,
            hint: "←/→".into(),
            cursor: None,
        }
    }

    /// A yes-or-no field.
    pub fn flag(name: impl Into<String>, on: bool) -> Field {
        let words = vec!["no".to_string(), "yes".to_string()];
        Field::choice(name, if on { "yes" } else { "no" }, words)
    }
}

impl Field {
    /// The next choice after the current one, round the end, with a word beginning with
    /// `c` (any case); the value stays if none has.
    fn jump(&mut self, c: char) {
        let c: String = c.to_lowercase().collect();
        let n = self.choices.len();
        let at = self
            .choices
            .iter()
            .position(|x| *x == self.value)
            .unwrap_or(0);
        let next = (1..=n)
            .filter_map(|k| self.choices.get((at + k) % n))
            .find(|x| {
                x.split_whitespace()
                    .any(|w| w.to_lowercase().starts_with(&c))
            });
        if let Some(next) = next {
            self.value = next.clone();
        }
    }
}

/// A form over the fields of one thing: a unit, an objective, the battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Form<T> {
    /// The title of its box.
    pub title: String,
    /// What it edits.
    pub target: T,
    /// Its fields, in the file's order.
    pub fields: Vec<Field>,
    /// The field the keys go to.
    pub selected: usize,
    /// Why the last Enter was refused.
    pub error: Option<String>,
    /// Every value typed or chosen, by field name, hidden fields' too: a form whose fields
    /// hang on a choice (an event's trigger) keeps what was typed while it is open.
    pub kept: BTreeMap<String, String>,
}

impl<T> Form<T> {
    /// A form titled `title` over `target`'s `fields`.
    pub fn new(title: String, target: T, fields: Vec<Field>) -> Form<T> {
        Form {
            title,
            target,
            fields,
            selected: 0,
            error: None,
            kept: BTreeMap::new(),
        }
    }

    /// Shows the fields `build` makes of the values so far (after a choice that changes
    /// which fields there are), keeping the selected field where it still is.
    pub fn reshape(&mut self, build: impl FnOnce(&BTreeMap<String, String>) -> Vec<Field>) {
        let selected = self.fields.get(self.selected).map(|f| f.name.clone());
        for f in &self.fields {
            self.kept.insert(f.name.clone(), f.value.clone());
        }
        self.fields = build(&self.kept);
        let at = selected.and_then(|name| self.fields.iter().position(|f| f.name == name));
        // A field gone (an effect's fields hidden) leaves the cursor where it stood.
        let last = self.fields.len().saturating_sub(1);
        self.selected = at.unwrap_or(self.selected.min(last));
    }

    /// The field selected one down (`true`) or up, round the ends.
    pub fn step(&mut self, down: bool) {
        let n = self.fields.len().max(1);
        self.selected = if down {
            (self.selected + 1) % n
        } else {
            (self.selected + n - 1) % n
        };
    }

    /// The next (`true`) or previous choice of the selected field, if it is a choice.
    pub fn change(&mut self, next: bool) {
        let Some(f) = self.fields.get_mut(self.selected) else {
            return;
        };
        let n = f.choices.len();
        if n == 0 {
            return;
        }
        let at = f.choices.iter().position(|c| *c == f.value).unwrap_or(0);
        let to = if next { (at + 1) % n } else { (at + n - 1) % n };
        if let Some(c) = f.choices.get(to) {
            f.value = c.clone();
        }
    }

    /// Types `c` into the selected field (if it is typed) at its cursor, or takes back the
    /// character before the cursor (`None`). In a field of choices a letter goes to the
    /// next choice with a word that begins with it (a long list of units is not stepped
    /// through one by one).
    pub fn typed(&mut self, c: Option<char>) {
        let Some(f) = self.fields.get_mut(self.selected) else {
            return;
        };
        if !f.choices.is_empty() {
            if let Some(c) = c {
                f.jump(c);
            }
            return;
        }
        let mut chars: Vec<char> = f.value.chars().collect();
        let at = f.cursor.unwrap_or(chars.len()).min(chars.len());
        match c {
            Some(c) if !c.is_control() && chars.len() < MAX_TYPED => {
                chars.insert(at, c);
                f.cursor = Some(at + 1);
            }
            Some(_) => {}
            None if at > 0 => {
                chars.remove(at - 1);
                f.cursor = Some(at - 1);
            }
            None => {}
        }
        f.value = chars.into_iter().collect();
    }

    /// Puts the cursor of the selected field, if it is typed, at its end (`true`) or its
    /// start.
    pub fn cursor_to(&mut self, end: bool) {
        if let Some(f) = self.fields.get_mut(self.selected) {
            f.cursor = if end { None } else { Some(0) };
        }
    }

    /// Moves the cursor of the selected field one character right (`true`) or left, if it
    /// is typed; false if it is a choice (the keys then step through its choices).
    pub fn nudge(&mut self, right: bool) -> bool {
        let Some(f) = self.fields.get_mut(self.selected) else {
            return false;
        };
        if !f.choices.is_empty() {
            return false;
        }
        let len = f.value.chars().count();
        let at = f.cursor.unwrap_or(len).min(len);
        f.cursor = Some(if right {
            (at + 1).min(len)
        } else {
            at.saturating_sub(1)
        });
        true
    }

    /// The value of the field called `name`, trimmed ("" if there is none).
    pub fn get(&self, name: &str) -> &str {
        self.raw(name).trim()
    }

    /// The value of the field called `name` as typed, spaces kept: a message's text.
    pub fn raw(&self, name: &str) -> &str {
        (self.fields.iter())
            .find(|f| f.name == name)
            .map_or("", |f| f.value.as_str())
    }
}

/// The longest value typed into a field, in characters.
pub const MAX_TYPED: usize = 2000;

/// A whole number typed in field `name`, or why not.
pub fn number<N: std::str::FromStr>(name: &str, text: &str) -> Result<N, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{name}: `{}` is not a whole number", text.trim()))
}

/// Yes or no.
pub fn yes(text: &str) -> bool {
    text.trim() == "yes"
}

/// Text, `None` if blank.
pub fn optional(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Hexes written `(col, row) (col, row) …` (commas between them optional), or why not.
pub fn hexes(name: &str, text: &str) -> Result<Vec<At>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some(open) = rest.find('(') {
        let close = rest
            .get(open..)
            .and_then(|r| r.find(')'))
            .ok_or_else(|| format!("{name}: a `(` without its `)`"))?;
        let inner = rest.get(open + 1..open + close).unwrap_or("");
        let (c, r) = inner
            .split_once(',')
            .ok_or_else(|| format!("{name}: `({inner})` is not (col, row)"))?;
        out.push((number(name, c)?, number(name, r)?));
        rest = rest.get(open + close + 1..).unwrap_or("");
    }
    if !rest.trim_matches([',', ' ']).is_empty() {
        return Err(format!("{name}: write hexes as (col, row) (col, row)"));
    }
    Ok(out)
}

/// Hexes as a field shows them: `(1, 2) (3, 4)`.
pub fn hexes_text(hexes: &[At]) -> String {
    (hexes.iter())
        .map(|(c, r)| format!("({c}, {r})"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;

    #[test]
    fn hexes_are_read_as_written_and_refused_otherwise() {
        assert_eq!(
            hexes("h", "(1, 2) (3,4), (5, 6)").unwrap(),
            [(1, 2), (3, 4), (5, 6)]
        );
        assert_eq!(hexes("h", "").unwrap(), []);
        assert!(hexes("h", "(1 2)").is_err());
        assert!(hexes("h", "(1, 2) x").is_err());
        assert!(hexes("h", "(1, 2").is_err());
        assert_eq!(hexes_text(&[(1, 2), (3, 4)]), "(1, 2) (3, 4)");
    }

    #[test]
    fn typing_goes_in_at_the_cursor_and_backspace_takes_the_character_before_it() {
        let mut f: Form<()> = Form::new("t".into(), (), vec![Field::typed("name", "Rcroi", "")]);
        assert!(
            (0..4).all(|_| f.nudge(false)),
            "a typed field's cursor moves"
        );
        f.typed(Some('o'));
        assert_eq!(f.get("name"), "Rocroi");
        f.typed(None);
        f.typed(None);
        assert_eq!(f.get("name"), "croi");
        f.typed(None);
        assert_eq!(f.get("name"), "croi", "nothing before the cursor");
        for _ in 0..9 {
            f.nudge(true);
        }
        f.typed(Some('!'));
        assert_eq!(f.get("name"), "croi!", "the cursor stops at the end");
        f.cursor_to(false);
        f.typed(Some('R'));
        f.cursor_to(true);
        f.typed(Some('?'));
        assert_eq!(f.get("name"), "Rcroi!?", "Home and End");
    }

    #[test]
    fn a_letter_in_a_field_of_choices_goes_to_the_next_with_a_word_so_begun() {
        let words = [
            "unit Red pike",
            "unit Red shot",
            "group Left",
            "unit Blue horse",
        ];
        let field = Field::choice("who", "unit Red pike", words.map(String::from).to_vec());
        let mut f: Form<()> = Form::new("t".into(), (), vec![field]);
        f.typed(Some('r'));
        assert_eq!(f.get("who"), "unit Red shot");
        f.typed(Some('R'));
        assert_eq!(f.get("who"), "unit Red pike", "round the end");
        f.typed(Some('l'));
        assert_eq!(f.get("who"), "group Left");
        f.typed(Some('z'));
        assert_eq!(f.get("who"), "group Left", "no choice so begun");
    }

    #[test]
    fn a_choice_steps_round_and_is_never_typed_into() {
        let mut f: Form<()> = Form::new("t".into(), (), vec![Field::flag("ready", false)]);
        f.change(true);
        assert_eq!(f.get("ready"), "yes");
        f.change(true);
        assert_eq!(f.get("ready"), "no");
        f.typed(Some('x'));
        assert_eq!(f.get("ready"), "no");
    }
}
