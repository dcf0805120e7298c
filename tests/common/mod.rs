//! Small builders shared by the rule tests: troop types, a clear battlefield, scripted dice.
#![allow(dead_code)]

use hexx::Hex;
use volley::engine::event::{AttackKind, Throw};
use volley::engine::types::{
    CreatureSize, DamageDice, Edge, FirearmKind, Formation, HitDice, Lock, MeleeClass, MeleeWeapon,
    MissileKind, MissileWeapon, SideId,
};
use volley::engine::{Answer, Order};
use volley::engine::{
    BattleSetup, Command, Dice, Event, Game, Map, Rules, SideSetup, TroopType, UnitId, UnitSetup,
};

/// A man-sized troop type of 1 HD, AC 0, ML 0, 11+, 90', with a 1d6 sword.
pub fn troop(formation: Formation) -> TroopType {
    TroopType {
        name: format!("{formation} test troop"),
        formation,
        size: if formation.is_mounted() {
            CreatureSize::Large
        } else {
            CreatureSize::Man
        },
        hd: HitDice { dice: 1, plus: 0 },
        armor_ac: 0,
        other_ac: 0,
        morale: 0,
        attack_throw: 11,
        speed: if formation.is_mounted() { 180 } else { 90 },
        melee: MeleeWeapon {
            name: "sword".into(),
            damage: DamageDice::new(1, 6),
            class: MeleeClass::Other,
        },
        missile: None,
        fearless: false,
    }
}

/// Pikemen: FF with pole arms.
pub fn pikemen() -> TroopType {
    let mut t = troop(Formation::FF);
    t.melee = MeleeWeapon {
        name: "pike".into(),
        damage: DamageDice::new(1, 10),
        class: MeleeClass::SpearOrPolearm,
    };
    t
}

/// Shot of a formation with a firearm.
pub fn shot(formation: Formation, lock: Lock, kind: FirearmKind) -> TroopType {
    let mut t = troop(formation);
    t.missile = Some(MissileWeapon::Firearm { lock, kind });
    t
}

/// Matchlock musketeers, DF.
pub fn musketeers() -> TroopType {
    shot(Formation::DF, Lock::Matchlock, FirearmKind::Musket)
}

/// Archers: LF with long bows.
pub fn archers() -> TroopType {
    let mut t = troop(Formation::LF);
    t.missile = Some(MissileWeapon::Missile {
        kind: MissileKind::LongBow,
        damage: DamageDice::new(1, 6),
    });
    t
}

/// Lancers: HC with lances.
pub fn lancers() -> TroopType {
    let mut t = troop(Formation::HC);
    t.melee = MeleeWeapon {
        name: "lance".into(),
        damage: DamageDice::new(1, 8),
        class: MeleeClass::Lance,
    };
    t
}

/// Axial hex of offset column `col`, row `row`.
pub fn at(col: i32, row: i32) -> Hex {
    Map::hex_at(col, row)
}

/// A unit of `creatures` of `troop` for `side` at offset `(col, row)`.
pub fn unit(side: SideId, troop: TroopType, creatures: u32, col: i32, row: i32) -> UnitSetup {
    UnitSetup {
        label: format!("{} {}", troop.name, col * 100 + row),
        plural: false,
        side,
        troop,
        creatures,
        pos: at(col, row),
        disordered: false,
        fleeing: false,
        ready: false,
        reload_tokens: 0,
        damage: 0,
        reserve: None,
        group: None,
    }
}

/// A 12×12 clear field, side A's edge south, side B's north, no turn limit.
pub fn setup(units: Vec<UnitSetup>) -> BattleSetup {
    let side = |name: &str, edge| SideSetup {
        name: name.into(),
        strategic_ability: 0,
        morale_modifier: 0,
        edge,
    };
    BattleSetup {
        rules: Rules::standard(),
        map: Map::clear(12, 12),
        sides: [side("Red", Edge::South), side("Blue", Edge::North)],
        units,
        objectives: Vec::new(),
        turn_limit: None,
        defender: SideId::B,
        orders: Vec::new(),
        events: Vec::new(),
    }
}

/// A game with scripted dice; the first two faces are turn 1's initiative (A then B).
pub fn game(units: Vec<UnitSetup>, faces: &[u32]) -> Game {
    game_with(setup(units), faces)
}

/// A game from a setup with scripted dice.
pub fn game_with(setup: BattleSetup, faces: &[u32]) -> Game {
    match Game::new(setup, Dice::scripted(faces.iter().copied())) {
        Ok(g) => g,
        Err(e) => panic!("test setup rejected: {e:?}"),
    }
}

/// Submits a command that must be legal.
pub fn ok(game: &mut Game, command: Command) -> Vec<Event> {
    match game.submit(command) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!("{command:?} refused: {e}"),
    }
}

/// From turn 1's initiative (side A won with faces 6 vs 1): A chooses to be first, then
/// both sides end orders until `phase` is reached with A ordering.
pub fn to_phase(game: &mut Game, phase: volley::engine::Phase) {
    ok(game, Command::Answer(Answer::ChooseFirst { first: true }));
    while game.phase() != phase {
        ok(game, Command::Order(Order::EndOrders));
    }
}

/// The id of the n-th unit of the setup.
pub fn id(n: u16) -> UnitId {
    UnitId(n)
}

/// An `AttackRolled` event: `needed` against effective `ac`, the named modifiers, the
/// `(face, hit)` throws and the uhp per hit.
pub fn rolled(
    attacker: u16,
    target: u16,
    kind: AttackKind,
    (needed, ac): (i32, i32),
    modifiers: &[(volley::engine::ModifierKind, i32)],
    faces: &[(u32, bool)],
    uhp_per_hit: u32,
) -> Event {
    Event::AttackRolled {
        attacker: id(attacker),
        target: id(target),
        kind,
        needed,
        ac,
        modifier: modifiers.iter().map(|(_, m)| m).sum(),
        modifiers: modifiers
            .iter()
            .map(|&(kind, value)| volley::engine::Modifier { kind, value })
            .collect(),
        throws: faces
            .iter()
            .map(|&(face, hit)| Throw { face, hit })
            .collect(),
        hits: faces.iter().filter(|(_, hit)| *hit).count() as u32,
        uhp_per_hit,
    }
}

/// An `AttackDeclared` event of `unit` against `target`.
pub fn declared(unit: u16, target: u16, kind: AttackKind) -> Event {
    Event::AttackDeclared {
        unit: id(unit),
        target: id(target),
        kind,
    }
}

/// A `Damaged` event: `unit` lost `uhp` to side `by` and has `left` uhp.
pub fn damaged(unit: u16, by: SideId, uhp: u32, left: u32) -> Event {
    Event::Damaged {
        unit: id(unit),
        by,
        uhp,
        left,
    }
}

/// An `AttackRolled` event at the test troop's 11+ against AC 0, one uhp per hit.
pub fn rolled_at_11(
    attacker: u16,
    target: u16,
    kind: AttackKind,
    modifiers: &[(volley::engine::ModifierKind, i32)],
    faces: &[(u32, bool)],
) -> Event {
    rolled(attacker, target, kind, (11, 0), modifiers, faces, 1)
}

/// The events of an unanswered, unmodified attack at 11+ v. AC 0 whose `throws` dice all show 1.
pub fn unanswered_misses(
    attacker: u16,
    target: u16,
    kind: AttackKind,
    throws: usize,
) -> Vec<Event> {
    vec![
        declared(attacker, target, kind),
        rolled_at_11(attacker, target, kind, &[], &vec![(1, false); throws]),
    ]
}

/// A `ShockRolled` event whose result is read from the table of R9.1.
pub fn shock(
    unit: u16,
    cause: volley::engine::event::RollCause,
    dice: [u32; 2],
    modifiers: &[(volley::engine::ModifierKind, i32)],
) -> Event {
    let modifier: i32 = modifiers.iter().map(|(_, v)| v).sum();
    let total = (dice[0] + dice[1]) as i32 + modifier;
    let result = match total {
        ..=2 => volley::engine::ShockResult::Rout,
        3..=4 => volley::engine::ShockResult::Flee,
        5..=6 => volley::engine::ShockResult::Recoil,
        _ => volley::engine::ShockResult::Hold,
    };
    Event::ShockRolled {
        unit: id(unit),
        cause,
        dice,
        modifier,
        modifiers: modifiers
            .iter()
            .map(|&(kind, value)| volley::engine::Modifier { kind, value })
            .collect(),
        total,
        result,
    }
}

/// A `Recoiled` event of `unit` into the hex `to`.
pub fn recoiled(unit: u16, to: Hex) -> Event {
    Event::Recoiled {
        unit: id(unit),
        to: Some(to),
    }
}

/// An `AttackCancelled` event of `unit` for `reason`.
pub fn cancelled(unit: u16, reason: volley::engine::CancelReason) -> Event {
    Event::AttackCancelled {
        unit: id(unit),
        reason,
    }
}

/// A `PhaseBegan` event of `phase`.
pub fn phase_began(phase: volley::engine::Phase) -> Event {
    Event::PhaseBegan { phase }
}

/// The events of unit 0 charging from (5,8) to (5,6) at unit 1, followed by `then`.
pub fn charged_from_5_8(then: Vec<Event>) -> Vec<Event> {
    let opening = [
        Event::Moved {
            unit: id(0),
            kind: volley::engine::MoveKind::Charge,
            path: vec![at(4, 7), at(5, 6)],
        },
        Event::ChargeDeclared {
            unit: id(0),
            target: id(1),
        },
    ];
    opening.into_iter().chain(then).collect()
}

/// The command for `unit` to fire at `target`.
pub fn fire(unit: u16, target: u16) -> Command {
    Command::Order(Order::Fire {
        unit: id(unit),
        target: id(target),
    })
}

/// The command for `unit` to attack `target` in melee.
pub fn attack(unit: u16, target: u16) -> Command {
    Command::Order(Order::Attack {
        unit: id(unit),
        target: id(target),
    })
}

/// The command for `unit` to charge `target`, ending its move at `to`.
pub fn charge(unit: u16, to: Hex, target: u16) -> Command {
    Command::Order(Order::Charge {
        unit: id(unit),
        to,
        target: id(target),
    })
}

/// A 120-creature unit of FF test troops for `side` at offset `(col, row)`.
pub fn ff(side: SideId, col: i32, row: i32) -> UnitSetup {
    unit(side, troop(Formation::FF), 120, col, row)
}

/// `u` with its ready marker set.
pub fn ready(mut u: UnitSetup) -> UnitSetup {
    u.ready = true;
    u
}

/// A game with scripted dice brought to `phase` of turn 1 as by `to_phase`.
pub fn at_phase(units: Vec<UnitSetup>, faces: &[u32], phase: volley::engine::Phase) -> Game {
    at_phase_on(units, &[], faces, phase)
}

/// As `at_phase`, on a clear field with the listed hexes set to their terrain.
pub fn at_phase_on(
    units: Vec<UnitSetup>,
    terrain: &[(Hex, volley::engine::Terrain)],
    faces: &[u32],
    phase: volley::engine::Phase,
) -> Game {
    let mut s = setup(units);
    for &(hex, ground) in terrain {
        s.map.set(hex, ground);
    }
    let mut g = game_with(s, faces);
    to_phase(&mut g, phase);
    g
}

/// From the Movement phase with side A ordering, ends orders into the Melee phase and
/// returns the events of the last end of orders.
pub fn movement_to_melee(g: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..4 {
        events = ok(g, Command::Order(Order::EndOrders));
    }
    assert_eq!(g.phase(), volley::engine::Phase::Melee);
    events
}

/// The command for `unit` to march to `to`.
pub fn march(unit: u16, to: Hex) -> Command {
    Command::Order(Order::March { unit: id(unit), to })
}

/// `u` disordered.
pub fn disordered(mut u: UnitSetup) -> UnitSetup {
    u.disordered = true;
    u
}

/// `text` with its one `old` replaced by `new`; fails the test unless `old` occurs once.
pub fn edit(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "`{old}` occurs once");
    text.replacen(old, new, 1)
}

/// The problems of scenario text that must be refused, as `check` lists them.
pub fn refused(text: &str) -> Vec<String> {
    match volley::scenario::Scenario::parse(text, "bad.ron") {
        Ok(_) => panic!("accepted, but should be refused"),
        Err(e) => e.lines(),
    }
}

/// Runs the `volley` binary with `args` and no input.
pub fn volley(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Kircholm, the default battle.
pub fn kircholm() -> volley::scenario::Scenario {
    match volley::scenario::Scenario::default_battle() {
        Ok(s) => s,
        Err(e) => panic!("the default battle loads: {e}"),
    }
}

/// Runs `volley` with `args`, no terminal (stdin empty, stdout and stderr piped) and its
/// data directory in `data`; fails the test if it has not ended within a minute (a hang
/// guard, not a speed target), killing it.
pub fn volley_in(args: &[&str], data: &std::path::Path) -> std::process::Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("volley starts");
    let start = Instant::now();
    while child.try_wait().expect("status").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("volley {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A small battle of Red (south edge) against Blue (north edge) as a scenario file's text,
/// laid out as the designer tests write theirs, one field and one unit a line, so that the
/// places (`line:col`) their expected messages give stay put.
#[derive(Clone, Debug)]
pub struct RedBlue {
    name: String,
    map: Vec<String>,
    units: Vec<String>,
    objectives: Vec<String>,
}

impl RedBlue {
    /// A battle called `name` on a clear map of 6 columns and 4 rows, with no unit yet.
    pub fn new(name: &str) -> RedBlue {
        RedBlue {
            name: name.into(),
            map: vec![". . . . . .".into(); 4],
            units: Vec::new(),
            objectives: Vec::new(),
        }
    }

    /// `name` with Red's pike at (0, 3) and shot at (1, 3), and Blue's pike at (0, 0).
    pub fn pike_and_shot(name: &str) -> RedBlue {
        RedBlue::new(name)
            .unit("pikemen", "Red", (0, 3), "Red pike", "")
            .unit("matchlock musketeers", "Red", (1, 3), "Red shot", "")
            .unit("pikemen", "Blue", (0, 0), "Blue pike", "")
    }

    /// The map's rows, top first.
    pub fn map(mut self, rows: &[&str]) -> RedBlue {
        self.map = rows.iter().map(|r| r.to_string()).collect();
        self
    }

    /// A unit of 120 creatures, with `more` fields after its label (`, fleeing: true`).
    pub fn unit(
        mut self,
        troop: &str,
        side: &str,
        at: (i32, i32),
        label: &str,
        more: &str,
    ) -> RedBlue {
        let (col, row) = at;
        self.units.push(format!(
            "(troop: \"{troop}\", side: \"{side}\", creatures: 120, at: ({col}, {row}), label: \"{label}\"{more})"
        ));
        self
    }

    /// An objective at `(col, row)`.
    pub fn objective(mut self, name: &str, at: (i32, i32)) -> RedBlue {
        self.objectives
            .push(format!("(name: \"{name}\", at: ({}, {}))", at.0, at.1));
        self
    }

    /// The scenario file's text: turn limit 6, Blue defending.
    pub fn text(&self) -> String {
        let rows: Vec<String> = self.map.iter().map(|r| format!("\"{r}\"")).collect();
        let mut out = format!(
            "(\n    name: \"{}\",\n    map: [{}],\n",
            self.name,
            rows.join(", ")
        );
        out.push_str("    sides: [(name: \"Red\", edge: South), (name: \"Blue\", edge: North)],\n");
        out.push_str("    units: [\n");
        for u in &self.units {
            out.push_str(&format!("        {u},\n"));
        }
        out.push_str("    ],\n");
        if !self.objectives.is_empty() {
            out.push_str(&format!(
                "    objectives: [{}],\n",
                self.objectives.join(", ")
            ));
        }
        out + "    turn_limit: 6,\n    defender: \"Blue\",\n)\n"
    }
}

/// Writes `scenario` as `battle.ron` and a test of it (seed 1) with `steps` as
/// `t.test.ron` in a new directory; the directory (kept while it lives) and the test's path.
pub fn scenario_test(scenario: &str, steps: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("battle.ron"), scenario).unwrap();
    let text = format!(
        "(\n    scenario: \"battle.ron\",\n    seed: 1,\n    steps: [\n{steps}\n    ],\n)\n"
    );
    let path = dir.path().join("t.test.ron");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// The failures of running the scenario test at `path`, each from its `line:col` on (the
/// temporary file's name left out).
pub fn test_failures(path: &std::path::Path) -> Vec<String> {
    volley::commands::scenario_test::run_file(path)
        .into_iter()
        .map(|l| l.rsplit_once(".test.ron:").unwrap().1.to_string())
        .collect()
}

/// A battle with a group, two reserves and three events that `check` passes, for the
/// R12.1 and R12.7 check tests (`tests/r12_reserves.rs`, `tests/r12_events.rs`).
pub const R12_BATTLE: &str = r#"(
    name: "Test",
    map: [". . . . . .", ". . . . . .", ". . ~ . . .", ". . . . . ."],
    sides: [(name: "Red", edge: South), (name: "Blue", edge: North)],
    units: [
        (troop: "pikemen", side: "Red", creatures: 120, at: (0, 3), label: "Red pike", group: "left wing"),
        (troop: "matchlock musketeers", side: "Red", creatures: 120, at: (1, 3), label: "Red shot"),
        (troop: "pikemen", side: "Blue", creatures: 120, at: (0, 0), label: "Blue pike"),
        (troop: "pikemen", side: "Blue", creatures: 120, label: "Blue late", reserve: (turn: 3, hexes: [(5, 0)])),
        (troop: "pikemen", side: "Red", creatures: 120, label: "Red late", group: "late", reserve: (event: "Help", hexes: [(5, 3)])),
    ],
    objectives: [(name: "the mill", at: (4, 2))],
    events: [
        (name: "Help", when: Lost(unit: "Red pike"), then: [Message("Help comes."), Release(group: "late")]),
        (name: "Mill", when: Holds(side: "Blue", objective: "the mill"), repeat: true, then: [Defect(unit: "Red shot")]),
        (name: "Rout", when: Losses(side: "Red", percent: 50), then: [EndBattle(winner: "Blue", reason: "Red gives up.")]),
    ],
    turn_limit: 6,
    defender: "Blue",
)
"#;

/// The rows of a `w`×`h` test terminal after one draw, each as its cells' symbols.
pub fn screen(w: u16, h: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> Vec<String> {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    t.draw(draw).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}
