//! A parse error in the file's own words: where the RON reader names the Rust type it was
//! reading (`UnitDef`, `ScenarioFile`, `enum Edge`), the message names what the designer
//! wrote instead (a unit, the scenario, an edge). The rules themselves are not involved.

use ron::error::Error;

/// What the file calls the thing a Rust type reads (`UnitDef` is "a unit"), if the type
/// is one a file holds.
fn known(type_name: &str) -> Option<&'static str> {
    Some(match type_name {
        "ScenarioFile" => "the scenario",
        "UnitDef" => "a unit",
        "ObjectiveDef" => "an objective",
        "ReserveDef" => "a reserve",
        "EventDef" => "an event",
        "TriggerDef" => "an event's trigger",
        "EffectDef" => "an event's effect",
        "SideDef" => "a side",
        "RuleOptions" => "the options",
        "CatalogFile" => "the troop catalog",
        "TroopDef" | "TroopType" => "a troop type",
        "MeleeDef" | "MeleeWeapon" => "a melee weapon",
        "MissileDef" => "a missile weapon",
        "Rules" => "the rules",
        "Modifiers" => "the modifiers",
        "Modifier" => "a modifier",
        "Range" => "a range",
        "Rate" => "a rate",
        "Map" => "the map",
        "TestFile" => "the test file",
        "Step" => "a step",
        "UnitStatus" => "a status",
        "Settings" => "the settings",
        "SaveFile" => "the save",
        "SaveHeader" => "the save's header",
        _ => return None,
    })
}

/// What holds a misspelt, missing or doubled field: a struct the file writes as `( … )`
/// by what the file calls it, a row of the rules' tables in words (`a shock row`), and a
/// variant the file names itself (`March( … )`) by that name.
fn holder(type_name: &str) -> String {
    match (known(type_name), type_name.ends_with("Row")) {
        (Some(words), _) => words.to_string(),
        (None, true) => crate::words::with_article(&words_of(type_name)),
        (None, false) => format!("`{type_name}`"),
    }
}

/// What an enum stands for: `Edge` is "an edge", `FirearmKind` "a firearm kind".
fn choice(type_name: &str) -> String {
    known(type_name).map_or_else(
        || crate::words::with_article(&words_of(type_name)),
        str::to_string,
    )
}

/// `FirearmKind` as `firearm kind`, a trailing `Def` dropped.
fn words_of(type_name: &str) -> String {
    let name = type_name.strip_suffix("Def").unwrap_or(type_name);
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// `, expected one of `a`, `b`, or `c` instead`, as the RON reader lists the choices.
fn one_of(expected: &[&str], none: &str) -> String {
    let quoted: Vec<String> = expected.iter().map(|e| format!("`{e}`")).collect();
    match quoted.split_last() {
        None => format!(", there are no {none}"),
        Some((only, [])) => format!(", expected only {only}"),
        Some((last, [first])) => format!(", expected either {first} or {last} instead"),
        Some((last, rest)) => format!(", expected one of {}, or {last} instead", rest.join(", ")),
    }
}

/// The message of a RON parse error, the Rust types it names put in the file's words.
pub fn message(error: &Error) -> String {
    match error {
        Error::NoSuchStructField {
            expected,
            found,
            outer: Some(outer),
        } => format!(
            "Unexpected field named `{found}` in {}{}",
            holder(outer),
            one_of(expected, "fields")
        ),
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer: Some(outer),
        } => format!(
            "Unexpected variant named `{found}` for {}{}",
            choice(outer),
            one_of(expected, "variants")
        ),
        Error::MissingStructField {
            field,
            outer: Some(outer),
        } => format!("missing field `{field}` in {}", holder(outer)),
        Error::DuplicateStructField {
            field,
            outer: Some(outer),
        } => format!("field `{field}` given twice in {}", holder(outer)),
        Error::ExpectedDifferentStructName { found, .. } => {
            format!("`{found}` is not a name this file takes here")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_type_the_file_never_writes_is_named_in_words_and_a_variant_by_its_name() {
        assert_eq!(choice("FirearmKind"), "a firearm kind");
        assert_eq!(choice("Edge"), "an edge");
        assert_eq!(holder("ShockRow"), "a shock row");
        assert_eq!(holder("UnitDef"), "a unit");
        assert_eq!(holder("March"), "`March`");
    }
}
