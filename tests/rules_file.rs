//! Issue 28: a changed rules file is used. A scenario names its rules file (`rules:
//! "winter.ron"`, relative to the scenario file) or `--rules FILE` names one, the command
//! line winning; `check` reports a problem in it at its own `file:line:col` and a missing
//! one by name; a save carries the rules it was played with, so it resumes with them after
//! the file is edited or removed, and its digest covers them (R3.1's initiative die and
//! R2.8's ranges are the numbers changed here).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use std::path::{Path, PathBuf};
use volley::engine::{Dice, Event, Game, SideId};
use volley::save::{resume, SaveError, SaveFile};
use volley::scenario::{Controller, Scenario, SHIPPED};

const SHIPPED_RULES: &str = include_str!("../assets/rules.ron");

/// The shipped rules with R3.1's initiative die changed to `sides`.
fn rules_with_die(sides: u32) -> String {
    let changed = SHIPPED_RULES.replace("initiative_die: 6,", &format!("initiative_die: {sides},"));
    assert!(changed.contains(&format!("initiative_die: {sides},")));
    changed
}

/// The tutorial, naming the rules file `rules` when given, written to `dir/battle.ron`
/// with `winter.ron` (initiative die d20) beside it.
fn battle_in(dir: &Path, rules: Option<&str>) -> PathBuf {
    let (_, tutorial) = SHIPPED[0];
    let named = match rules {
        Some(file) => format!("    rules: \"{file}\",\n    turn_limit: 6,"),
        None => "    turn_limit: 6,".to_string(),
    };
    let source = tutorial.replace("    turn_limit: 6,", &named);
    std::fs::write(dir.join("winter.ron"), rules_with_die(20)).unwrap();
    let path = dir.join("battle.ron");
    std::fs::write(&path, source).unwrap();
    path
}

/// Turn 1's initiative with side A's and side B's die forced to `a` and `b`.
fn first_initiative(scenario: &Scenario, a: u32, b: u32) -> Event {
    let mut dice = Dice::seeded(1);
    dice.force(a);
    dice.force(b);
    let game = Game::new(scenario.setup.clone(), dice).unwrap();
    let rolled = game
        .log()
        .iter()
        .find(|e| matches!(e, Event::InitiativeRolled { .. }));
    rolled.cloned().unwrap()
}

fn initiative(faces: Vec<(u32, u32)>, winner: SideId) -> Event {
    Event::InitiativeRolled { faces, winner }
}

#[test]
fn i28_r3_1_a_scenario_plays_with_the_rules_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = Scenario::load(&battle_in(dir.path(), Some("winter.ron"))).unwrap();
    assert_eq!(scenario.setup.rules.initiative_die, 20);
    // A 15 on a d20 stands; the shipped d6 would have made it a 6.
    assert_eq!(
        first_initiative(&scenario, 15, 3),
        initiative(vec![(15, 3)], SideId::A)
    );
    let rules = scenario.rules.as_ref().unwrap();
    assert_eq!(
        rules.file,
        dir.path().join("winter.ron").display().to_string()
    );
}

#[test]
fn i28_r3_1_a_scenario_naming_no_rules_file_plays_with_the_shipped_rules() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = Scenario::load(&battle_in(dir.path(), None)).unwrap();
    assert_eq!(scenario.rules, None);
    assert_eq!(
        first_initiative(&scenario, 15, 3),
        initiative(vec![(6, 3)], SideId::A)
    );
}

#[test]
fn i28_r3_1_the_command_lines_rules_file_wins_over_the_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let spring = dir.path().join("spring.ron");
    std::fs::write(&spring, rules_with_die(12)).unwrap();
    let scenario = Scenario::load_with(&path, Some(&spring)).unwrap();
    assert_eq!(
        first_initiative(&scenario, 15, 3),
        initiative(vec![(12, 3)], SideId::A)
    );
    // The command line reads the file it names, not the scenario's (gone here).
    std::fs::remove_file(dir.path().join("winter.ron")).unwrap();
    assert!(Scenario::load_with(&path, Some(&spring)).is_ok());
}

#[test]
fn i28_sim_with_rules_plays_with_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), None);
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, rules_with_die(0)).unwrap();
    let args = ["sim", path.to_str().unwrap(), "--games", "2", "--rules"];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .arg(&bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains(&format!(
            "{}:13:5: initiative_die 0 is outside",
            bad.display()
        )),
        "{stderr}"
    );
}

/// A save of the battle at `path` after turn 1's initiative (rolled on the seeded dice).
fn saved(path: &Path, save: &Path) -> Game {
    let scenario = Scenario::load(path).unwrap();
    let game = Game::new(scenario.setup.clone(), Dice::seeded(7)).unwrap();
    let players = [Controller::Human, Controller::Computer];
    SaveFile::of(&scenario, 7, players, &[], &game)
        .write(save)
        .unwrap();
    game
}

#[test]
fn i28_a_save_resumes_with_its_rules_after_the_file_is_edited_or_gone() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let save = dir.path().join("save.ron");
    let game = saved(&path, &save);
    std::fs::write(dir.path().join("winter.ron"), rules_with_die(6)).unwrap();
    let back = resume(&save).unwrap();
    assert_eq!(back.scenario.setup.rules.initiative_die, 20);
    assert_eq!(back.game.log(), game.log());
    std::fs::remove_file(dir.path().join("winter.ron")).unwrap();
    let back = resume(&save).unwrap();
    assert_eq!(back.game.log(), game.log());
    // Played on, the battle is saved again with the same rules.
    let again = SaveFile::of(&back.scenario, 7, back.controllers, &[], &back.game);
    assert_eq!(again.rules, Some(rules_with_die(20)));
}

#[test]
fn i28_a_saves_digest_covers_its_rules() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let save = dir.path().join("save.ron");
    saved(&path, &save);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("initiative_die: 20,"), "{text}");
    std::fs::write(
        &save,
        text.replace("initiative_die: 20,", "initiative_die: 2,"),
    )
    .unwrap();
    match resume(&save) {
        Err(SaveError::Edited { what, .. }) => assert_eq!(
            what,
            "its options (rules version, rules file, scenario file, seed, who plays each side, levels) do not match their digest"
        ),
        Err(e) => panic!("refused otherwise: {e}"),
        Ok(_) => panic!("an edited rules text resumed"),
    }
}

#[test]
fn i28_a_save_of_the_shipped_rules_carries_no_rules_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), None);
    let save = dir.path().join("save.ron");
    saved(&path, &save);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        !text.contains("rules_bytes") && !text.contains("rules:"),
        "{text}"
    );
}

#[test]
fn i28_r2_8_check_reports_the_named_rules_files_problems_at_its_own_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let winter = dir.path().join("winter.ron");
    std::fs::write(&winter, rules_with_die(0)).unwrap();
    let (lines, ok) = volley::commands::check_files(&[&path], false);
    assert!(!ok);
    assert_eq!(
        lines,
        [format!(
            "{}:13:5: initiative_die 0 is outside 1 to 1,000 (R2.8)",
            winter.display()
        )]
    );
}

#[test]
fn i28_check_names_a_missing_rules_file_at_the_scenarios_rules_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("sumer.ron"));
    let (lines, ok) = volley::commands::check_files(&[&path], false);
    assert!(!ok);
    assert_eq!(
        lines,
        [format!(
            "{}:35:5: rules file `{}` cannot be read: cannot open: no such file",
            path.display(),
            dir.path().join("sumer.ron").display()
        )]
    );
}

#[test]
fn i28_check_with_rules_checks_the_scenario_against_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, rules_with_die(0)).unwrap();
    let (lines, ok) = volley::commands::check_files_with(&[&path], false, Some(&bad));
    assert!(!ok);
    assert_eq!(
        lines,
        [format!(
            "{}:13:5: initiative_die 0 is outside 1 to 1,000 (R2.8)",
            bad.display()
        )]
    );
}

/// R6.4's reload timing set in the rules file applies to a scenario that gives no
/// `options`; a scenario's own `options` win over the rules file's.
#[test]
fn i28_r6_4_the_rules_files_options_apply_unless_the_scenario_gives_its_own() {
    use volley::engine::rules::ReloadTiming;
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let literal = SHIPPED_RULES.replace("reload_timing: StartOfTurn", "reload_timing: Literal");
    std::fs::write(dir.path().join("winter.ron"), literal).unwrap();
    let scenario = Scenario::load(&path).unwrap();
    assert_eq!(
        scenario.setup.rules.options.reload_timing,
        ReloadTiming::Literal
    );
    let own = std::fs::read_to_string(&path).unwrap().replace(
        "    turn_limit: 6,",
        "    options: (reload_timing: StartOfTurn),\n    turn_limit: 6,",
    );
    std::fs::write(&path, own).unwrap();
    let scenario = Scenario::load(&path).unwrap();
    assert_eq!(
        scenario.setup.rules.options.reload_timing,
        ReloadTiming::StartOfTurn
    );
}

fn volley(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// `volley test --rules FILE` plays each test's scenario with that file: the test passes
/// with a good one, and with one whose initiative die (R3.1) is out of range it fails,
/// naming that file's problem at its own place.
#[test]
fn i28_r3_1_test_with_rules_plays_the_scenario_with_that_file() {
    let dir = tempfile::tempdir().unwrap();
    battle_in(dir.path(), None);
    let test = dir.path().join("battle.test.ron");
    let steps = "Dice([15, 3]),\n        Happened(event: \"InitiativeRolled\"),";
    let text = format!("(\n    scenario: \"battle.ron\",\n    seed: 1,\n    steps: [\n        {steps}\n    ],\n)\n");
    std::fs::write(&test, text).unwrap();
    let test = test.to_str().unwrap();
    assert!(volley(&["test", test]).status.success());
    let winter = dir.path().join("winter.ron");
    let out = volley(&["test", test, "--rules", winter.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let spring = dir.path().join("spring.ron");
    std::fs::write(&spring, rules_with_die(0)).unwrap();
    let out = volley(&["test", test, "--rules", spring.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(stdout.contains("the scenario does not load: "), "{stdout}");
    assert!(
        stdout.contains("spring.ron:13:5: initiative_die 0 is outside 1 to 1,000 (R2.8)"),
        "{stdout}"
    );
}

/// `volley play FILE --rules MISSING` is refused before any terminal is needed, naming
/// the rules file.
#[test]
fn i28_play_with_a_missing_rules_file_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), None);
    let missing = dir.path().join("missing.ron");
    let out = volley(&[
        "play",
        path.to_str().unwrap(),
        "--rules",
        missing.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        format!(
            "volley: cannot open the battle: {}:1:1: cannot open: no such file",
            missing.display()
        )
    );
}

/// The header gives the size of the rules text a save carries (its bound on the save's
/// size counts it); a header that says otherwise is refused as edited.
#[test]
fn i28_a_saves_header_gives_the_size_of_its_rules() {
    let dir = tempfile::tempdir().unwrap();
    let path = battle_in(dir.path(), Some("winter.ron"));
    let save = dir.path().join("save.ron");
    saved(&path, &save);
    let text = std::fs::read_to_string(&save).unwrap();
    let bytes = rules_with_die(20).len();
    let line = format!("\n    rules_bytes: {bytes},\n");
    assert!(text.contains(&line), "{text}");
    let header = volley::save::SaveHeader::parse(&text).unwrap();
    assert_eq!(header.rules_bytes, bytes);
    let more = format!("\n    rules_bytes: {},\n", bytes + 1);
    std::fs::write(&save, text.replace(&line, &more)).unwrap();
    match resume(&save) {
        Err(SaveError::Edited { what, .. }) => assert_eq!(
            what,
            format!(
                "its header says the rules have {} bytes, but they have {bytes}",
                bytes + 1
            )
        ),
        Err(e) => panic!("refused otherwise: {e}"),
        Ok(_) => panic!("an edited header resumed"),
    }
}

/// The briefing's lines as text.
fn briefing(app: &volley::tui::App) -> Vec<String> {
    volley::tui::briefing::lines(app)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

/// The briefing says when a battle is played with a rules file of its own, naming it; a
/// battle of the shipped rules says nothing of it.
#[test]
fn i28_the_briefing_names_the_battles_own_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let humans = [Controller::Human, Controller::Human];
    let scenario = Scenario::load(&battle_in(dir.path(), Some("winter.ron"))).unwrap();
    let app = volley::tui::App::new(scenario, 1, humans).unwrap();
    let winter = dir.path().join("winter.ron");
    let line = format!(
        "Rules: this battle is played with its own rules file, {}, not the shipped rules.",
        winter.display()
    );
    assert!(briefing(&app).contains(&line), "{:#?}", briefing(&app));
    let scenario = Scenario::load(&battle_in(dir.path(), None)).unwrap();
    let app = volley::tui::App::new(scenario, 1, humans).unwrap();
    assert!(!briefing(&app).iter().any(|l| l.starts_with("Rules: ")));
}
