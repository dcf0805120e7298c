//! A parse error in the file's own words: where the RON reader names the Rust type it was
//! reading (`UnitDef`, `ScenarioFile`, `enum Edge`), the message names what the designer
//! wrote instead (a unit, the scenario, an edge). The rules themselves are not involved.

use ron::error::Error;

/// What the file calls the thing a Rust type reads: `UnitDef` is "a unit"; a type without
/// a name of its own is its name in words (`FirearmKind` is "a firearm kind").
fn thing(type_name: &str) -> String {
    let known = match type_name {
        "ScenarioFile" => "the scenario",
        "UnitDef" => "a unit",
        "ObjectiveDef" => "an objective",
        "SideDef" => "a side",
        "RuleOptions" => "the options",
        "CatalogFile" => "the troop catalog",
        "TroopDef" => "a troop type",
        "MeleeDef" => "a melee weapon",
        "MissileDef" => "a missile weapon",
        "Rules" => "the rules",
        "TestFile" => "the test file",
        "Step" => "a step",
        "UnitStatus" => "a status",
        _ => return crate::words::with_article(&words_of(type_name)),
    };
    known.to_string()
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
            thing(outer),
            one_of(expected, "fields")
        ),
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer: Some(outer),
        } => format!(
            "Unexpected variant named `{found}` for {}{}",
            thing(outer),
            one_of(expected, "variants")
        ),
        Error::MissingStructField {
            field,
            outer: Some(outer),
        } => format!("missing field `{field}` in {}", thing(outer)),
        Error::DuplicateStructField {
            field,
            outer: Some(outer),
        } => format!("field `{field}` given twice in {}", thing(outer)),
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
    fn a_type_without_a_name_of_its_own_is_named_in_words() {
        assert_eq!(thing("FirearmKind"), "a firearm kind");
        assert_eq!(thing("Edge"), "an edge");
        assert_eq!(thing("ShockRow"), "a shock row");
        assert_eq!(thing("UnitDef"), "a unit");
    }
}
