//! Points of each troop type for buying quick-battle forces (issue 29), as
//! `assets/points.ron` holds them: one unit at company scale (R1.1) of each catalog type.
//! The table is derived from what a type does in the engine, never chosen by hand.

use crate::scenario::data::{parse_ron, DataError, Problem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The shipped points table.
pub const SHIPPED_POINTS_RON: &str = include_str!("../../assets/points.ron");

/// The points file: every troop type's points per unit of [`super::standard_creatures`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsFile {
    /// How the table was made, for the reader (the command and its fit).
    #[serde(default)]
    pub made_by: String,
    /// Points per unit, by troop type name.
    pub points: BTreeMap<String, u32>,
}

/// Troop types' points per unit, by name.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PointsTable {
    points: BTreeMap<String, u32>,
}

impl PointsTable {
    /// The shipped table.
    pub fn shipped() -> Result<PointsTable, DataError> {
        PointsTable::parse(SHIPPED_POINTS_RON, "assets/points.ron")
    }

    /// Parses a points file; a type of 0 points is a problem (it could be bought without end).
    pub fn parse(source: &str, file: &str) -> Result<PointsTable, DataError> {
        let parsed: PointsFile = parse_ron(source, file)?;
        let problems: Vec<Problem> = parsed
            .points
            .iter()
            .filter(|(_, &p)| p == 0)
            .map(|(name, _)| {
                let (line, col) = crate::scenario::data::locate(source, name, 0);
                Problem::new(line, col, format!("`{name}` has 0 points"))
            })
            .collect();
        if problems.is_empty() {
            Ok(PointsTable {
                points: parsed.points,
            })
        } else {
            Err(DataError::Invalid {
                file: file.into(),
                problems,
            })
        }
    }

    /// Points of one unit of a troop type, if the table has it.
    pub fn of(&self, troop: &str) -> Option<u32> {
        self.points.get(troop).copied()
    }

    /// Every type's points, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.points.iter().map(|(n, &p)| (n.as_str(), p))
    }
}
