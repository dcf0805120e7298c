//! The editor's troop picker (issue 32): the shipped catalog and the scenario's own troop
//! types (R2.2), filtered as the designer types (by name, weapons or formation), each with
//! the numbers the engine derives for it (men or riders, uhp, march/hustle/charge, attack
//! sequence; R2.3–R2.5) as `volley troops` prints them.

use crate::editor::words::{search_matches, troop_keywords, troop_line};
use crate::engine::Rules;
use crate::scenario::{Catalog, ScenarioFile};

/// The troop types on offer and the search typed so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Picker {
    /// Each type: its name and its derived numbers in one line.
    types: Vec<(String, String)>,
    /// Each type's words the search looks in, in the order of `types`.
    keywords: Vec<String>,
    /// What the designer has typed.
    pub query: String,
    /// The chosen line among those shown.
    pub selected: usize,
}

impl Picker {
    /// Every troop type `file` may use: the catalog's, then its own added or overriding.
    pub fn new(file: &ScenarioFile) -> Picker {
        let rules = Rules::standard();
        let Some(catalog) = catalog_of(file) else {
            return Picker::of(Vec::new(), Vec::new());
        };
        let own: Vec<String> = file.troops.iter().map(|t| t.name.clone()).collect();
        let (types, keywords) = catalog
            .troops()
            .iter()
            .map(|t| {
                let from = if own.contains(&t.name) {
                    " (the battle's own)"
                } else {
                    ""
                };
                let line = format!("{}{from}", troop_line(t, &rules));
                ((t.name.clone(), line), troop_keywords(t))
            })
            .unzip();
        Picker::of(types, keywords)
    }

    fn of(types: Vec<(String, String)>, keywords: Vec<String>) -> Picker {
        Picker {
            types,
            keywords,
            query: String::new(),
            selected: 0,
        }
    }

    /// The types whose name, weapons and formation hold every word typed (any case), in
    /// catalog order.
    pub fn shown(&self) -> Vec<&(String, String)> {
        (self.types.iter().zip(&self.keywords))
            .filter(|(_, keywords)| search_matches(keywords, &self.query))
            .map(|(offered, _)| offered)
            .collect()
    }

    /// The name of the chosen type, if any is shown.
    pub fn chosen(&self) -> Option<String> {
        let shown = self.shown();
        shown
            .get(self.selected.min(shown.len().saturating_sub(1)))
            .map(|(name, _)| name.clone())
    }

    /// Types a character of the search, or takes one back (`None`).
    pub fn typed(&mut self, c: Option<char>) {
        match c {
            Some(c) if !c.is_control() && self.query.chars().count() < 40 => self.query.push(c),
            Some(_) => {}
            None => {
                self.query.pop();
            }
        }
        self.selected = 0;
    }

    /// Moves the choice down (`true`) or up.
    pub fn step(&mut self, down: bool) {
        let last = self.shown().len().saturating_sub(1);
        self.selected = if down {
            (self.selected + 1).min(last)
        } else {
            self.selected.saturating_sub(1)
        };
    }
}

/// The catalog `file` may use: the shipped one with its own troop types added; a type of
/// its own with problems is left out (the checker lists them).
pub(super) fn catalog_of(file: &ScenarioFile) -> Option<Catalog> {
    let mut catalog = Catalog::standard().ok()?;
    let lines = crate::scenario::spans::Lines::new("");
    let _ = catalog.add(&file.troops, &lines, "troops");
    Some(catalog)
}

/// The names of every troop type `file` may use (R2.2).
pub fn troop_names(file: &ScenarioFile) -> Vec<String> {
    catalog_of(file).map_or_else(Vec::new, |c| {
        c.troops().iter().map(|t| t.name.clone()).collect()
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;
    use crate::editor::draft::Draft;

    #[test]
    fn typing_narrows_the_troop_types_to_those_named() {
        let d = Draft::blank(3, 3, ["Red", "Blue"]);
        let mut p = Picker::new(d.file());
        assert!(p.shown().len() > 5);
        for c in "PIKE".chars() {
            p.typed(Some(c));
        }
        assert!(p
            .shown()
            .iter()
            .all(|(n, _)| n.to_lowercase().contains("pike")));
        assert_eq!(p.chosen().as_deref(), Some("pikemen"));
        let (_, said) = p.shown()[0];
        assert!(said.contains("uhp"), "{said}");
    }
}
