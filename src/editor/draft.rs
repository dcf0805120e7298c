//! A scenario being edited (issue 32): the file's data as written, changed only through
//! edits that each keep what they replaced, so every one undoes and redoes. Hexes are
//! `(col, row)` offset coordinates as a scenario file writes them (R1.2); terrain is the
//! map's characters (R4.6), field works and roads are hex lists (R12.5, R12.6).

use crate::engine::Terrain;
use crate::scenario::data::parse_ron;
use crate::scenario::script_defs::ReserveDef;
use crate::scenario::{DataError, ScenarioFile, SideDef, UnitDef};
use crate::scenario::{Level, ObjectiveDef};

/// Edits kept for undo: enough for a long session, bounded so a 4 MiB battle's map copies
/// never grow without end.
pub const UNDO_DEPTH: usize = 200;

/// A hex as a scenario file writes it: `(col, row)`.
pub type At = (i32, i32);

/// The part of a scenario one edit replaced, as it was: what undo puts back.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    Map(Vec<String>),
    Units(Vec<UnitDef>),
    Objectives(Vec<ObjectiveDef>),
    Works(Vec<At>),
    Roads(Vec<At>),
    /// Everything but the map, units, objectives, works and roads (those left empty).
    Rest(Box<ScenarioFile>),
    /// Several parts changed by one edit.
    Several(Vec<Part>),
}

/// A scenario under edit, with its undo and redo histories.
#[derive(Clone, Debug)]
pub struct Draft {
    file: ScenarioFile,
    undo: Vec<Part>,
    redo: Vec<Part>,
    /// Counts every change, undo and redo included: the checker's answers name the
    /// revision they are about.
    revision: u64,
    /// The map's columns and rows, kept: asked for every hex a brush or a drawing
    /// touches, and a 200 × 200 map's rows are 80,000 characters.
    size: (u32, u32),
    /// Whether the last edit was a stroke of paint that the next may join (a drag).
    stroke: bool,
}

impl Draft {
    /// A draft of `file` as it stands, with no history.
    pub fn of(file: ScenarioFile) -> Draft {
        let size = measured(&file.map);
        Draft {
            file,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
            size,
            stroke: false,
        }
    }

    /// A draft read from scenario text; errors: RON syntax or an unknown field, at the
    /// file's line and column (the rest of the checking is the checker's).
    pub fn parse(source: &str, file: &str) -> Result<Draft, DataError> {
        Ok(Draft::of(parse_ron(source, file)?))
    }

    /// A new battle on clear ground of `width` × `height` hexes between sides named `a`
    /// (south edge) and `b` (north edge, the defender), six turns long.
    pub fn blank(width: u32, height: u32, [a, b]: [&str; 2]) -> Draft {
        let row = vec![Terrain::Clear.symbol().to_string(); width as usize].join(" ");
        let side = |name: &str, edge, player| SideDef {
            name: name.into(),
            commander: String::new(),
            strategic_ability: 0,
            morale_modifier: 0,
            edge,
            player,
            aggression: 5,
            level: Level::default(),
        };
        use crate::engine::Edge;
        use crate::scenario::Controller;
        Draft::of(ScenarioFile {
            name: "A new battle".into(),
            description: String::new(),
            map: vec![row; height as usize],
            sides: vec![
                side(a, Edge::South, Controller::Human),
                side(b, Edge::North, Controller::Computer),
            ],
            units: Vec::new(),
            objectives: Vec::new(),
            works: Vec::new(),
            roads: Vec::new(),
            turn_limit: 6,
            defender: b.into(),
            options: None,
            rules: None,
            seed: None,
            troops: Vec::new(),
            orders: Vec::new(),
            events: Vec::new(),
        })
    }

    /// The scenario as it now stands.
    pub fn file(&self) -> &ScenarioFile {
        &self.file
    }

    /// How many changes (edits, undos and redos) the draft has seen.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether there is an edit to undo, and one to redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// Columns and rows of the map: the widest row's hexes, and the number of rows.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Whether `at` lies on the map.
    pub fn contains(&self, (c, r): At) -> bool {
        let (w, h) = self.size();
        (0..w as i32).contains(&c) && (0..h as i32).contains(&r)
    }

    /// The terrain character written at `at`, if the map has one there.
    pub fn symbol_at(&self, (c, r): At) -> Option<char> {
        let row = self.file.map.get(usize::try_from(r).ok()?)?;
        cells(row).nth(usize::try_from(c).ok()?)
    }

    /// The first unit (in file order) placed at `at`, by its index in the unit list.
    pub fn unit_at(&self, at: At) -> Option<usize> {
        self.file.units.iter().position(|u| u.at == Some(at))
    }

    /// The objective at `at`, by its index in the objective list.
    pub fn objective_at(&self, at: At) -> Option<usize> {
        self.file.objectives.iter().position(|o| o.at == at)
    }

    /// Takes back the last edit; false if there was none.
    pub fn undo(&mut self) -> bool {
        let Some(part) = self.undo.pop() else {
            return false;
        };
        let now = self.put(part);
        self.redo.push(now);
        self.revision += 1;
        true
    }

    /// Makes again the last edit undone; false if there was none.
    pub fn redo(&mut self) -> bool {
        let Some(part) = self.redo.pop() else {
            return false;
        };
        let now = self.put(part);
        self.undo.push(now);
        self.revision += 1;
        true
    }

    /// Puts `part` into the file and gives back what it replaced.
    fn put(&mut self, part: Part) -> Part {
        self.stroke = false;
        let before = self.put_part(part);
        self.size = measured(&self.file.map);
        before
    }

    fn put_part(&mut self, part: Part) -> Part {
        let f = &mut self.file;
        match part {
            Part::Map(m) => Part::Map(std::mem::replace(&mut f.map, m)),
            Part::Units(u) => Part::Units(std::mem::replace(&mut f.units, u)),
            Part::Objectives(o) => Part::Objectives(std::mem::replace(&mut f.objectives, o)),
            Part::Works(w) => Part::Works(std::mem::replace(&mut f.works, w)),
            Part::Roads(r) => Part::Roads(std::mem::replace(&mut f.roads, r)),
            Part::Rest(mut r) => {
                // The five big parts go into `r`, then the two swap whole: the file
                // gets `r`'s rest with its own five parts back.
                std::mem::swap(&mut r.map, &mut f.map);
                std::mem::swap(&mut r.units, &mut f.units);
                std::mem::swap(&mut r.objectives, &mut f.objectives);
                std::mem::swap(&mut r.works, &mut f.works);
                std::mem::swap(&mut r.roads, &mut f.roads);
                std::mem::swap(f, &mut *r);
                Part::Rest(r)
            }
            Part::Several(parts) => {
                Part::Several(parts.into_iter().map(|p| self.put_part(p)).collect())
            }
        }
    }

    /// Records `before`, the part an edit is about to change, unless the edit changed
    /// nothing (`changed` false): an edit to undo, and no redo past it.
    fn record(&mut self, before: Part, changed: bool) -> bool {
        self.stroke = false;
        if changed {
            if self.undo.len() >= UNDO_DEPTH {
                self.undo.remove(0);
            }
            self.undo.push(before);
            self.redo.clear();
            self.revision += 1;
        }
        changed
    }

    /// Paints `terrain` on every hex of `hexes` on the map; false if none changed.
    pub fn paint(&mut self, hexes: &[At], terrain: Terrain) -> bool {
        let before = Part::Map(self.file.map.clone());
        // Row by row, each row's hexes set at once: a fill may paint the whole map.
        let mut by_row: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for &(c, r) in hexes {
            if let (Ok(c), Ok(r)) = (usize::try_from(c), usize::try_from(r)) {
                by_row.entry(r).or_default().push(c);
            }
        }
        let mut changed = false;
        for (r, mut cols) in by_row {
            cols.sort_unstable();
            if let Some(row) = self.file.map.get_mut(r) {
                changed |= set_cells(row, &cols, terrain.symbol());
            }
        }
        self.record(before, changed)
    }

    /// [`Draft::paint`] as part of a stroke (a drag of the mouse): the first paint of a
    /// stroke is an edit of its own, and each later one (`joined`) joins it, so one undo
    /// takes back the whole stroke.
    pub fn paint_stroke(&mut self, hexes: &[At], terrain: Terrain, joined: bool) -> bool {
        if !(joined && self.stroke) {
            let changed = self.paint(hexes, terrain);
            self.stroke = true;
            return changed;
        }
        let before = self.undo.pop();
        let changed = self.paint(hexes, terrain);
        if changed {
            // This paint's own undo entry goes: the stroke's first one stands for all.
            self.undo.pop();
        }
        if let Some(before) = before {
            self.undo.push(before);
        }
        self.stroke = true;
        changed
    }

    /// The hexes of the area of one terrain character that holds `at` (neighbours of
    /// neighbours, R1.2's hexes), `at` first; none if `at` is off the map.
    pub fn area_of(&self, at: At) -> Vec<At> {
        let grid: Vec<Vec<char>> = self.file.map.iter().map(|r| cells(r).collect()).collect();
        let get = |(c, r): At| {
            let row = grid.get(usize::try_from(r).ok()?)?;
            row.get(usize::try_from(c).ok()?).copied()
        };
        let Some(from) = get(at) else {
            return Vec::new();
        };
        let mut area = vec![at];
        let mut seen = std::collections::BTreeSet::from([at]);
        let mut i = 0;
        while let Some(&here) = area.get(i) {
            i += 1;
            let hex = crate::engine::Map::hex_at(here.0, here.1);
            for n in hex.all_neighbors().map(crate::engine::Map::offset) {
                if get(n) == Some(from) && seen.insert(n) {
                    area.push(n);
                }
            }
        }
        area
    }

    /// Adds field works on `at` if it has none, else takes them away (R12.5).
    pub fn toggle_works(&mut self, at: At) -> bool {
        let before = Part::Works(self.file.works.clone());
        toggle(&mut self.file.works, at);
        self.record(before, true)
    }

    /// Lays a road through `at` if none runs there, else takes it up (R12.6).
    pub fn toggle_road(&mut self, at: At) -> bool {
        let before = Part::Roads(self.file.roads.clone());
        toggle(&mut self.file.roads, at);
        self.record(before, true)
    }

    /// Adds `unit` at the end of the unit list.
    pub fn add_unit(&mut self, unit: UnitDef) -> bool {
        let before = Part::Units(self.file.units.clone());
        self.file.units.push(unit);
        self.record(before, true)
    }

    /// Replaces unit `index` with `unit`; false if there is no such unit or it is the
    /// same.
    pub fn set_unit(&mut self, index: usize, unit: UnitDef) -> bool {
        let before = Part::Units(self.file.units.clone());
        let changed = match self.file.units.get_mut(index) {
            Some(u) if *u != unit => {
                *u = unit;
                true
            }
            _ => false,
        };
        self.record(before, changed)
    }

    /// Takes unit `index` off the battle; false if there is none.
    pub fn remove_unit(&mut self, index: usize) -> bool {
        let before = Part::Units(self.file.units.clone());
        let changed = index < self.file.units.len();
        if changed {
            self.file.units.remove(index);
        }
        self.record(before, changed)
    }

    /// Adds an objective (R10.3, R12.4).
    pub fn add_objective(&mut self, objective: ObjectiveDef) -> bool {
        let before = Part::Objectives(self.file.objectives.clone());
        self.file.objectives.push(objective);
        self.record(before, true)
    }

    /// Replaces objective `index`; false if there is none or it is the same.
    pub fn set_objective(&mut self, index: usize, objective: ObjectiveDef) -> bool {
        let before = Part::Objectives(self.file.objectives.clone());
        let changed = match self.file.objectives.get_mut(index) {
            Some(o) if *o != objective => {
                *o = objective;
                true
            }
            _ => false,
        };
        self.record(before, changed)
    }

    /// Takes objective `index` away; false if there is none.
    pub fn remove_objective(&mut self, index: usize) -> bool {
        let before = Part::Objectives(self.file.objectives.clone());
        let changed = index < self.file.objectives.len();
        if changed {
            self.file.objectives.remove(index);
        }
        self.record(before, changed)
    }

    /// Any other change to the battle (its sides, turn limit, defender, description,
    /// events): `change` edits a copy, kept if it differs.
    pub fn change(&mut self, change: impl FnOnce(&mut ScenarioFile)) -> bool {
        let mut next = self.file.clone();
        change(&mut next);
        if next == self.file {
            return false;
        }
        let before = Part::Several(changed_parts(&mut self.file, next));
        self.size = measured(&self.file.map);
        self.record(before, true)
    }

    /// Makes unit `index` a reserve arriving on `turn` (or released by the event named
    /// `event`) at `hexes` (R12.1), off the map until then; a reserve arrives steady and
    /// not ready, so only its damage and reload tokens are kept.
    pub fn make_reserve(&mut self, index: usize, reserve: ReserveDef) -> bool {
        let Some(mut unit) = self.file.units.get(index).cloned() else {
            return false;
        };
        unit.at = None;
        (unit.disordered, unit.ready, unit.fleeing) = (false, false, false);
        unit.reserve = Some(reserve);
        self.set_unit(index, unit)
    }
}

/// Puts `next` in place of `file`, and gives back what it replaced: only the big parts
/// that changed (map, units, objectives, works, roads), and the rest if it did, so that a
/// turn limit's undo does not keep a 4 MiB battle's map.
fn changed_parts(file: &mut ScenarioFile, next: ScenarioFile) -> Vec<Part> {
    let mut old = std::mem::replace(file, next);
    let mut parts = Vec::new();
    let mut keep = |changed: bool, part: Part| {
        if changed {
            parts.push(part);
        }
    };
    keep(old.map != file.map, Part::Map(std::mem::take(&mut old.map)));
    keep(
        old.units != file.units,
        Part::Units(std::mem::take(&mut old.units)),
    );
    let objectives = std::mem::take(&mut old.objectives);
    keep(objectives != file.objectives, Part::Objectives(objectives));
    keep(
        old.works != file.works,
        Part::Works(std::mem::take(&mut old.works)),
    );
    keep(
        old.roads != file.roads,
        Part::Roads(std::mem::take(&mut old.roads)),
    );
    if !same_rest(&old, file) {
        parts.push(Part::Rest(Box::new(old)));
    }
    parts
}

/// Whether `a` and `b` agree on everything but the map, units, objectives, works and
/// roads (every field named, so a new one must be placed here).
fn same_rest(a: &ScenarioFile, b: &ScenarioFile) -> bool {
    let ScenarioFile {
        name,
        description,
        map: _,
        sides,
        units: _,
        objectives: _,
        works: _,
        roads: _,
        turn_limit,
        defender,
        options,
        rules,
        seed,
        troops,
        orders,
        events,
    } = a;
    *name == b.name
        && *description == b.description
        && *sides == b.sides
        && *turn_limit == b.turn_limit
        && *defender == b.defender
        && *options == b.options
        && *rules == b.rules
        && *seed == b.seed
        && *troops == b.troops
        && *orders == b.orders
        && *events == b.events
}

/// Columns (the widest row's hexes) and rows of a written map.
fn measured(map: &[String]) -> (u32, u32) {
    let width = map.iter().map(|r| cells(r).count()).max();
    (width.unwrap_or(0) as u32, map.len() as u32)
}

/// The terrain characters of a map row as written (spaces between hexes ignored).
pub fn cells(row: &str) -> impl Iterator<Item = char> + '_ {
    row.chars().filter(|c| !c.is_whitespace())
}

/// Sets hexes `cols` (sorted) of a written row to `symbol`, keeping the row's spacing; false if
/// none of them changed.
fn set_cells(row: &mut String, cols: &[usize], symbol: char) -> bool {
    let mut changed = false;
    let mut hex = 0;
    let next: String = row
        .chars()
        .map(|c| {
            if c.is_whitespace() {
                return c;
            }
            let here = hex;
            hex += 1;
            if c != symbol && cols.binary_search(&here).is_ok() {
                changed = true;
                symbol
            } else {
                c
            }
        })
        .collect();
    if changed {
        *row = next;
    }
    changed
}

fn toggle(list: &mut Vec<At>, at: At) {
    match list.iter().position(|h| *h == at) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(at),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::*;

    fn pike(at: At) -> UnitDef {
        UnitDef::new("pikemen", "Red", 120, Some(at))
    }

    #[test]
    fn a_blank_battle_is_clear_ground_of_the_size_asked() {
        let d = Draft::blank(4, 3, ["Red", "Blue"]);
        assert_eq!(d.size(), (4, 3));
        assert_eq!(d.file().map[0], ". . . .");
        assert_eq!(d.file().defender, "Blue");
    }

    #[test]
    fn painting_changes_only_the_hexes_named_and_undoes() {
        let mut d = Draft::blank(4, 3, ["Red", "Blue"]);
        assert!(d.paint(&[(1, 0), (3, 2), (9, 9)], Terrain::Woods));
        assert_eq!(d.file().map, [". T . .", ". . . .", ". . . T"]);
        assert!(!d.paint(&[(1, 0)], Terrain::Woods), "nothing new: no edit");
        assert!(d.undo());
        assert_eq!(d.file().map[0], ". . . .");
        assert!(d.redo());
        assert_eq!(d.symbol_at((3, 2)), Some('T'));
        assert!(!d.redo());
    }

    #[test]
    fn the_size_follows_the_map_through_undo() {
        let mut d = Draft::blank(4, 3, ["Red", "Blue"]);
        assert!(d.change(|f| f.map.push(". . . . . .".into())));
        assert_eq!(d.size(), (6, 4));
        assert!(d.undo());
        assert_eq!(d.size(), (4, 3));
        assert!(d.redo());
        assert_eq!(d.size(), (6, 4));
    }

    #[test]
    fn a_fill_takes_the_area_of_one_terrain_and_no_more() {
        let mut d = Draft::blank(4, 3, ["Red", "Blue"]);
        d.paint(&[(0, 1), (1, 1), (2, 1), (3, 1)], Terrain::Water);
        let north = d.area_of((2, 0));
        assert_eq!(north.len(), 4, "the river parts the clear ground");
        assert!(d.paint(&north, Terrain::Woods));
        assert_eq!(d.file().map, ["T T T T", "~ ~ ~ ~", ". . . ."]);
        assert!(d.area_of((9, 9)).is_empty());
    }

    #[test]
    fn a_stroke_of_the_mouse_undoes_as_one_edit() {
        let mut d = Draft::blank(4, 1, ["Red", "Blue"]);
        d.toggle_road((0, 0));
        assert!(d.paint_stroke(&[(0, 0)], Terrain::Woods, false));
        assert!(d.paint_stroke(&[(1, 0)], Terrain::Woods, true));
        assert!(!d.paint_stroke(&[(1, 0)], Terrain::Woods, true));
        assert!(d.paint_stroke(&[(2, 0)], Terrain::Woods, true));
        assert_eq!(d.file().map, ["T T T ."]);
        assert!(d.undo());
        assert_eq!(d.file().map, [". . . ."]);
        assert_eq!(d.file().roads, [(0, 0)], "the edit before the stroke stays");
        assert!(d.redo());
        assert_eq!(d.file().map, ["T T T ."]);
        // After a redo, a drag starts a stroke of its own.
        assert!(d.paint_stroke(&[(3, 0)], Terrain::Woods, true));
        assert!(d.undo());
        assert_eq!(d.file().map, ["T T T ."]);
    }

    #[test]
    fn a_change_of_the_battle_keeps_only_what_it_changed_and_undoes_it() {
        let mut d = Draft::blank(4, 3, ["Red", "Blue"]);
        d.add_unit(pike((1, 1)));
        let start = d.file().clone();
        assert!(d.change(|f| {
            f.turn_limit = 9;
            f.units[0].side = "Blue".into();
        }));
        let Some(Part::Several(parts)) = d.undo.last() else {
            panic!("one edit of several parts");
        };
        assert!(matches!(parts.as_slice(), [Part::Units(_), Part::Rest(r)] if r.map.is_empty()));
        let changed = d.file().clone();
        assert!(d.undo());
        assert_eq!(*d.file(), start);
        assert!(d.redo());
        assert_eq!(*d.file(), changed);
    }

    #[test]
    fn a_new_edit_clears_what_could_be_redone() {
        let mut d = Draft::blank(3, 3, ["Red", "Blue"]);
        d.add_unit(pike((0, 0)));
        d.undo();
        assert_eq!(d.can_undo_redo(), (false, true));
        d.toggle_road((1, 1));
        assert_eq!(d.can_undo_redo(), (true, false));
        assert_eq!(d.file().roads, [(1, 1)]);
        d.toggle_road((1, 1));
        assert!(d.file().roads.is_empty());
    }

    #[test]
    fn r12_1_a_reserve_leaves_the_map_steady_and_not_ready() {
        let mut d = Draft::blank(3, 3, ["Red", "Blue"]);
        let mut u = pike((1, 1));
        (u.ready, u.damage) = (true, 2);
        d.add_unit(u);
        let reserve = ReserveDef {
            turn: Some(3),
            event: None,
            hexes: vec![(0, 2)],
        };
        assert!(d.make_reserve(0, reserve));
        let u = &d.file().units[0];
        assert_eq!((u.at, u.ready, u.damage), (None, false, 2));
        assert_eq!(d.unit_at((1, 1)), None);
    }

    #[test]
    fn undo_keeps_at_most_its_depth() {
        let mut d = Draft::blank(3, 3, ["Red", "Blue"]);
        for i in 0..UNDO_DEPTH + 5 {
            d.toggle_works((i as i32 % 3, 0));
        }
        let mut undone = 0;
        while d.undo() {
            undone += 1;
        }
        assert_eq!(undone, UNDO_DEPTH);
    }
}
