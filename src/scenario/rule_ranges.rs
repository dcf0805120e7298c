//! R2.8 for a rules file: every number 0 to 1,000 unless its rule gives another range.
//! Counts that divide or roll (a die's faces, a size factor, feet per hex, a movement cost)
//! are 1 to 1,000; modifiers and the totals of the shock and army-morale tables are signed,
//! −1,000 to +1,000; fractions (cleave, its hit-dice steps, the reload threshold) must be
//! finite, never NaN or infinite. Each problem is located at its field, in its table row.

use super::data::Problem;
use super::spans::{list_elements, Lines, Span};
use crate::engine::ranges::{Bounds, RULES_COUNT, RULES_NUMBER, RULES_SIGNED};
use crate::engine::Rules;
use std::collections::BTreeMap;

/// The problems found so far, with the indexed source to locate them.
struct Found<'a> {
    lines: Lines<'a>,
    problems: Vec<Problem>,
    /// Each table's rows, found once: a file of many bad rows is located in linear time.
    rows: BTreeMap<&'static str, Vec<Span>>,
}

impl Found<'_> {
    /// A top-level field (`initiative_die`), or a field of a nested struct (`modifiers`).
    fn top(&mut self, field: &str, value: impl Into<i64>, range: Bounds) {
        if let Some(problem) = range.check(field, value) {
            let source = Span {
                start: 0,
                end: self.lines.source().len(),
            };
            let (line, col) = self.lines.field_in(source, field);
            self.problems.push(Problem::new(line, col, problem));
        }
    }

    /// A field of row `i` of table `table`, shown as `table row N: field …`.
    fn row(&mut self, table: &'static str, i: usize, field: &str, problem: Option<String>) {
        let Some(problem) = problem else {
            return;
        };
        let source = self.lines.source();
        let spans = self
            .rows
            .entry(table)
            .or_insert_with(|| list_elements(source, table));
        let (line, col) = spans.get(i).map_or_else(
            || self.lines.top_field(table),
            |s| self.lines.field_in(*s, field),
        );
        let message = format!("`{table}` row {}: {problem}", i + 1);
        self.problems.push(Problem::new(line, col, message));
    }

    /// A float at the top level: finite and in range.
    fn top_float(&mut self, field: &str, value: f64, range: Bounds) {
        if let Some(problem) = range.check_float(field, value) {
            let (line, col) = self.lines.top_field(field);
            self.problems.push(Problem::new(line, col, problem));
        }
    }
}

impl Rules {
    /// R2.8: every number of the rules in its range, each problem at its field.
    pub(super) fn range_problems(&self, source: &str) -> Vec<Problem> {
        let mut f = Found {
            lines: Lines::new(source),
            problems: Vec::new(),
            rows: BTreeMap::new(),
        };
        self.top_numbers(&mut f);
        self.table_numbers(&mut f);
        self.movement_numbers(&mut f);
        f.problems
    }

    fn top_numbers(&self, f: &mut Found) {
        f.top("version", self.version, RULES_NUMBER);
        f.top("initiative_die", self.initiative_die, RULES_COUNT);
        f.top_float("cleave_otherwise", self.cleave_otherwise, RULES_NUMBER);
        f.top_float("reload_below", self.reload_below, RULES_NUMBER);
        f.top(
            "firearm_damage_sides",
            self.firearm_damage_sides,
            RULES_COUNT,
        );
        f.top("armor_penetration", self.armor_penetration, RULES_NUMBER);
        f.top(
            "mounted_feet_per_hex",
            self.mounted_feet_per_hex,
            RULES_COUNT,
        );
        f.top("works_cost", self.works_cost, RULES_NUMBER);
        f.top(
            "lance_charge_damage",
            self.lance_charge_damage,
            RULES_NUMBER,
        );
        f.top(
            "set_vs_charge_damage",
            self.set_vs_charge_damage,
            RULES_NUMBER,
        );
        f.top(
            "army_breaks_at_most",
            self.army_breaks_at_most,
            RULES_SIGNED,
        );
        let m = &self.modifiers;
        for (field, value) in [
            ("disordered", m.disordered),
            ("charging", m.charging),
            ("musket_without_rest", m.musket_without_rest),
            ("missile_into_cover", m.missile_into_cover),
            ("missile_into_works", m.missile_into_works),
            ("volley_overhead", m.volley_overhead),
            ("uphill_melee", m.uphill_melee),
            ("secured_by_formed_foot", m.secured_by_formed_foot),
            ("lotfp_double_trigger", m.lotfp_double_trigger),
        ] {
            f.top(field, value, RULES_SIGNED);
        }
        f.top(
            "unit_max_man_equivalents",
            self.unit_max_man_equivalents,
            RULES_NUMBER,
        );
    }

    fn table_numbers(&self, f: &mut Found) {
        for (i, r) in self.creature_sizes.iter().enumerate() {
            let me = RULES_NUMBER.check("man_equivalents", r.man_equivalents);
            f.row("creature_sizes", i, "man_equivalents", me);
            let sf = RULES_COUNT.check("size_factor", r.size_factor);
            f.row("creature_sizes", i, "size_factor", sf);
        }
        for (i, r) in self.cleave.iter().enumerate() {
            let below = RULES_NUMBER.check_float("hd_below", r.hd_below);
            f.row("cleave", i, "hd_below", below);
            f.row(
                "cleave",
                i,
                "cleave",
                RULES_NUMBER.check_float("cleave", r.cleave),
            );
        }
        for (i, r) in self.firearm_sizes.iter().enumerate() {
            let drilled = RULES_COUNT.check("drilled", r.drilled);
            f.row("firearm_sizes", i, "drilled", drilled);
            let undrilled = RULES_COUNT.check("undrilled", r.undrilled);
            f.row("firearm_sizes", i, "undrilled", undrilled);
        }
        for (i, r) in self.firearm_ranges.iter().enumerate() {
            for (field, range) in [("foot", r.foot), ("mounted", r.mounted)] {
                let ap = RULES_NUMBER.check(&format!("{field} ap"), range.ap);
                let max = RULES_NUMBER.check(&format!("{field} max"), range.max);
                f.row("firearm_ranges", i, field, ap.or(max));
            }
        }
        for (i, r) in self.missile_ranges.iter().enumerate() {
            let range = RULES_NUMBER.check("range", r.range);
            f.row("missile_ranges", i, "range", range);
        }
        for (i, r) in self.shock_table.iter().enumerate() {
            let at_most = RULES_SIGNED.check("at_most", r.at_most);
            f.row("shock_table", i, "at_most", at_most);
        }
        for (i, r) in self.unit_size_limits.iter().enumerate() {
            f.row(
                "unit_size_limits",
                i,
                "min",
                RULES_NUMBER.check("min", r.min),
            );
            f.row(
                "unit_size_limits",
                i,
                "max",
                RULES_NUMBER.check("max", r.max),
            );
        }
    }

    fn movement_numbers(&self, f: &mut Found) {
        for (i, r) in self.foot_movement.iter().enumerate() {
            f.row(
                "foot_movement",
                i,
                "speed",
                RULES_NUMBER.check("speed", r.speed),
            );
            let (march, hustle, charge) = (r.rate.march, r.rate.hustle, r.rate.charge);
            let rate = RULES_NUMBER
                .check("march", march)
                .or_else(|| RULES_NUMBER.check("hustle", hustle))
                .or_else(|| RULES_NUMBER.check("charge", charge));
            f.row("foot_movement", i, "rate", rate);
        }
        for (i, r) in self.terrain.iter().enumerate() {
            // A cost of 0 would let a unit move without end (R4.6); `None` is impassable.
            if let Some(cost) = r.cost {
                f.row("terrain", i, "cost", RULES_COUNT.check("cost", cost));
            }
            if let Some(cost) = r.cost_uphill {
                let problem = RULES_COUNT.check("cost_uphill", cost);
                f.row("terrain", i, "cost_uphill", problem);
            }
        }
    }
}
