//! Checking the ground a scenario lays over its map and what its objectives are worth:
//! objectives' values (1 to 100, R2.8) and owners (R12.4), and field works only on the map
//! and on passable terrain (R12.5), and roads only on the map and on passable terrain or
//! water, where they are bridges (R12.6); each problem at its `file:line:col`.

use super::check::{hex_on, Checker};
use super::ScenarioFile;
use crate::engine::types::SideId;
use crate::engine::{Map, Objective, Rules, Terrain};
use crate::text::escape_text;

/// Highest value an objective may have (R2.8, R12.4).
pub const MAX_OBJECTIVE_VALUE: u32 = crate::engine::ranges::OBJECTIVE_VALUE.high as u32;

/// Checks objectives' values and owners and the field works, setting them on the checked
/// objectives (kept in file order) and on the map, and the roads (R12.4, R12.5, R12.6).
pub(super) fn check(
    c: &mut Checker,
    parsed: &ScenarioFile,
    map: Option<&mut Map>,
    rules: &Rules,
    objectives: &mut [Objective],
) {
    check_objectives(c, parsed, objectives);
    if let Some(map) = map {
        check_works(c, parsed, map, rules);
        check_roads(c, parsed, map, rules);
    }
}

/// R12.4: each objective's value in 1 to 100 and owner a side of the battle.
fn check_objectives(c: &mut Checker, parsed: &ScenarioFile, objectives: &mut [Objective]) {
    let spans = c.lines.list("objectives");
    for (i, o) in parsed.objectives.iter().enumerate() {
        let span = spans.get(i).copied();
        let at = |c: &Checker, field: &str| span.map_or((1, 1), |s| c.lines.field_in(s, field));
        let value = o.value.unwrap_or(1);
        if !(1..=MAX_OBJECTIVE_VALUE).contains(&value) {
            let message = format!(
                "objective `{}` has value {value}; it must be 1 to {MAX_OBJECTIVE_VALUE} (R12.4)",
                escape_text(&o.name)
            );
            c.at(at(c, "value"), message);
        }
        let owner = o.owner.as_ref().map(|name| {
            let side = parsed.sides.iter().position(|s| &s.name == name);
            (name, side)
        });
        if let Some((name, None)) = owner {
            let sides: Vec<String> = parsed
                .sides
                .iter()
                .map(|s| format!("`{}`", escape_text(&s.name)))
                .collect();
            let message = format!(
                "objective `{}` belongs to `{}`, which is no side of this battle (sides: {}) (R12.4)",
                escape_text(&o.name),
                escape_text(name),
                sides.join(", ")
            );
            c.at(at(c, "owner"), message);
        }
        // Objectives are checked in file order; one refused for its hex is not in the list.
        if let Some(checked) = objectives.iter_mut().find(|x| Map::offset(x.hex) == o.at) {
            checked.value = value;
            checked.owner = owner.and_then(|(_, s)| match s {
                Some(0) => Some(SideId::A),
                Some(_) => Some(SideId::B),
                None => None,
            });
        }
    }
}

/// R12.5: field works on the map, on passable terrain, once per hex.
fn check_works(c: &mut Checker, parsed: &ScenarioFile, map: &mut Map, rules: &Rules) {
    let spans = c.lines.list("works");
    for (i, &(col, row)) in parsed.works.iter().enumerate() {
        let at = c.lines.element(&spans, i);
        let Some(hex) = hex_on(map, (col, row)) else {
            c.at(
                at,
                format!("field works at ({col}, {row}) are off the map (R12.5)"),
            );
            continue;
        };
        let terrain = map.terrain(hex);
        if terrain.is_none_or(|t| rules.terrain(t).cost.is_none()) {
            let name = terrain.map_or("?".into(), |t| format!("{t:?}").to_lowercase());
            let message = format!(
                "field works at ({col}, {row}) are on {name}, which no unit can enter: works go on passable terrain (R12.5)"
            );
            c.at(at, message);
        } else if map.has_works(hex) {
            c.at(
                at,
                format!("field works at ({col}, {row}) are listed twice (R12.5)"),
            );
        } else {
            map.add_works(hex);
        }
    }
}

/// R12.6: roads on the map, on passable terrain or on water (a bridge), once per hex.
fn check_roads(c: &mut Checker, parsed: &ScenarioFile, map: &mut Map, rules: &Rules) {
    let spans = c.lines.list("roads");
    for (i, &(col, row)) in parsed.roads.iter().enumerate() {
        let at = c.lines.element(&spans, i);
        let Some(hex) = hex_on(map, (col, row)) else {
            c.at(
                at,
                format!("the road at ({col}, {row}) is off the map (R12.6)"),
            );
            continue;
        };
        let terrain = map.terrain(hex);
        let passable = terrain.is_some_and(|t| rules.terrain(t).cost.is_some());
        if !passable && terrain != Some(Terrain::Water) {
            let name = terrain.map_or("?".into(), |t| format!("{t:?}").to_lowercase());
            let message = format!(
                "the road at ({col}, {row}) is on {name}, which no unit can enter: roads go on passable terrain, or on water as a bridge (R12.6)"
            );
            c.at(at, message);
        } else if map.has_road(hex) {
            c.at(
                at,
                format!("the road at ({col}, {row}) is listed twice (R12.6)"),
            );
        } else {
            map.add_road(hex);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Rules, Terrain};
    use crate::scenario::{check::build, data::DataError, Catalog, DEFAULT_SCENARIO};

    /// R12.6: under rules where woods are impassable, a road through woods is refused at
    /// its place (only water carries a road over impassable ground, as a bridge).
    #[test]
    fn r12_6_a_road_on_impassable_ground_but_water_is_refused_at_its_place() {
        let mut rules = Rules::standard();
        for row in rules
            .terrain
            .iter_mut()
            .filter(|r| r.terrain == Terrain::Woods)
        {
            (row.cost, row.cost_uphill) = (None, None);
        }
        let source = DEFAULT_SCENARIO.1.replace(
            "    turn_limit: 8,",
            "    roads: [(4, 0), (9, 9)],\n    turn_limit: 8,",
        );
        let catalog = Catalog::standard().unwrap_or_default();
        let Err(DataError::Invalid { problems, .. }) = build(&source, "k.ron", &rules, catalog)
        else {
            panic!("a road in impassable woods is refused");
        };
        let roads: Vec<String> = problems
            .iter()
            .map(ToString::to_string)
            .filter(|p| p.contains("road"))
            .collect();
        assert_eq!(
            roads,
            ["49:13: the road at (4, 0) is on woods, which no unit can enter: roads go on passable terrain, or on water as a bridge (R12.6)"]
        );
    }
}
