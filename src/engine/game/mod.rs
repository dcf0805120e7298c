//! The battle state and its single mutating entry point, [`Game::submit`]: a command is
//! checked (pure), resolved (rolling dice) into events, and each event applied. Implements
//! the turn of R3 through the submodules: movement (R4), attacks (R5–R7), damage and
//! retreats (R8), shock and morale (R9) and the end of the battle (R10).

mod apply;
mod attack;
mod flow;
mod grid;
mod morale;
mod movement;
mod odds;
mod order_cache;
mod planner_queries;
mod query;
mod reach;
mod reach_again;
mod resolve;
mod retreat;
mod script;
mod setup;
mod standing;
mod tally;
mod threat;
mod what_if;

pub use attack::{AttackProfile, Sight};
pub use morale::{Lead, Standing};
pub use odds::{Odds, ShockOdds};
pub use planner_queries::{engaged_at_start, shared_hexes};
pub use reach::Reach;
pub use setup::{BattleSetup, Objective, SetupError, SideSetup, UnitSetup};
pub use tally::{SideTally, Tally};
pub use threat::{Cover, FireField, Menace, Threats};

use super::command::{Command, Decision};
use super::dice::Dice;
use super::error::RuleError;
use super::event::{EndReason, Event, MoveKind, Phase};
use super::map::Map;
use super::rules::Rules;
use super::types::{Edge, SideId, Status, UnitId};
use super::unit::Profile;
use super::unit::TroopType;
use hexx::Hex;
use resolve::{Pending, Step};

/// One side of the battle (R3.1, R10.2) and its running totals.
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    /// The side's name.
    pub name: String,
    /// Added to the initiative roll (R3.1).
    pub strategic_ability: i32,
    /// Added to the army morale roll (R10.2).
    pub morale_modifier: i32,
    /// Where its fleeing units run (R8.4).
    pub edge: Edge,
    /// uhp on the map at the start, for army morale (R10.2).
    pub start_uhp: u32,
}

/// Why a unit left the map (R8.2, R8.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// R8.2: lost its last uhp.
    Destroyed,
    /// R8.5: routed off the field.
    Routed,
}

/// What a unit did and suffered this turn; cleared when a turn begins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnMarks {
    /// Its movement order (R4.1), or the flee move.
    pub moved: Option<MoveKind>,
    /// It made or declared its attack sequence (R5.5).
    pub attacked: bool,
    /// It was the target of an attack sequence (R8.6).
    pub was_attacked: bool,
    /// It was the target of an attack sequence this phase (R7.2).
    pub attacked_this_phase: bool,
    /// It readied this phase.
    pub readied: bool,
    /// It rallied this Morale phase (R9.6).
    pub rallied: bool,
    /// It arrived from the reserve this turn: no charge (R12.1).
    pub arrived: bool,
}

/// A reserve still to arrive (R12.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reserve {
    /// The turn it is due, if a turn brings it.
    pub turn: Option<u32>,
    /// An event released it (R12.7): it arrives at its side's next Movement orders.
    pub released: bool,
    /// Its arrival hexes, in order of preference.
    pub hexes: Vec<Hex>,
}

impl Reserve {
    /// R12.1, R12.7: whether it arrives at its side's Movement orders of turn `turn` at the
    /// latest: an event released it, or the turn that brings it is no later.
    pub fn due_by(&self, turn: u32) -> bool {
        self.released || self.turn.is_some_and(|t| t <= turn)
    }

    /// R12.1, R12.7: turns from turn `now` until it is due (0 once due or released);
    /// `None` when only an event not yet fired would release it.
    pub fn turns_until_due(&self, now: u32) -> Option<u32> {
        if self.released {
            Some(0)
        } else {
            self.turn.map(|t| t.saturating_sub(now))
        }
    }
}

/// A unit on (or once on) the map.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Its index in the battle's unit list.
    pub id: UnitId,
    /// The side it fights for.
    pub side: SideId,
    /// The scenario's name for it (`Tercio pike`).
    pub label: String,
    /// The name is plural (`Red lancers`): verbs in the log agree with it.
    pub plural: bool,
    /// Its troop type.
    pub troop: TroopType,
    /// Number of creatures.
    pub creatures: u32,
    /// Derived numbers (R2.3–R2.5).
    pub profile: Profile,
    /// The hex it stands in.
    pub pos: Hex,
    /// uhp left.
    pub uhp: u32,
    /// Steady, disordered or fleeing.
    pub status: Status,
    /// Ready marker (R5.6).
    pub ready: bool,
    /// Reload tokens (R6.4).
    pub reload_tokens: u32,
    /// Tokens at the start of this turn (R6.4 StartOfTurn).
    pub tokens_at_turn_start: u32,
    /// Retreats (recoil, flee, rout) suffered so far: a change cancels a pending attack (R5.6).
    pub retreats: u32,
    /// Set when it leaves the map.
    pub fate: Option<Fate>,
    /// What it did this turn.
    pub marks: TurnMarks,
    /// Set while it is a reserve still to arrive (R12.1, R12.2): it is not on the map.
    pub reserve: Option<Reserve>,
    /// The scenario's group it belongs to, if any (R12.7).
    pub group: Option<String>,
}

impl Unit {
    /// True while the unit is on the map: neither gone (R8.2, R8.5) nor a reserve still to
    /// arrive (R12.2).
    pub fn on_map(&self) -> bool {
        self.fate.is_none() && self.reserve.is_none()
    }
    /// uhp that left the field with it if it routed (R8.5: a routed unit keeps what it had
    /// left, off the map); 0 for any other unit.
    pub fn routed_uhp(&self) -> u32 {
        match self.fate {
            Some(Fate::Routed) => self.uhp,
            _ => 0,
        }
    }
    /// True for a reserve still to arrive (R12.2).
    pub fn to_come(&self) -> bool {
        self.fate.is_none() && self.reserve.is_some()
    }
    /// True for LC and HC.
    pub fn is_mounted(&self) -> bool {
        self.troop.formation.is_mounted()
    }
}

/// How the battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<SideId>,
    /// Why.
    pub reason: EndReason,
}

/// Who must submit the next command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A side answers a decision.
    Decide(Decision),
    /// A side gives its orders for the phase.
    Orders {
        /// The side giving orders.
        side: SideId,
        /// The phase the orders are for.
        phase: Phase,
    },
    /// The battle is over.
    Nobody,
}

/// A battle in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    map: Map,
    sides: [Side; 2],
    units: Vec<Unit>,
    objectives: Vec<Objective>,
    turn_limit: Option<u32>,
    defender: SideId,
    turn: u32,
    phase: Phase,
    first: SideId,
    ordering: SideId,
    pending: Option<Pending>,
    agenda: Vec<Step>,
    /// Charges declared this turn, in order (R4.4, R7.1).
    charges: Vec<DeclaredCharge>,
    routs_this_turn: Vec<(SideId, Hex)>,
    broken: [bool; 2],
    outcome: Option<Outcome>,
    dice: Dice,
    log: Vec<Event>,
    /// Who stands where, kept up to date by `apply` (derived from `units`).
    grid: grid::Grid,
    /// Each unit's legal orders once asked for, until an event changes them.
    orders: Vec<std::sync::OnceLock<std::sync::Arc<order_cache::KnownOrders>>>,
    /// For each side, the hex distance from each hex to its nearest unit, once asked for,
    /// until one of its units moves (`Game::distance_to`).
    nearest: [std::sync::OnceLock<Vec<u16>>; 2],
    /// March costs to each objective's hex from every hex (R4.6), once asked for, until
    /// the terrain changes (`Game::march_turns`).
    march_fields: std::sync::OnceLock<Vec<(Hex, what_if::MarchField)>>,
    /// The setup's standing orders for the computer, each with its release distance.
    order_entries: Vec<super::orders::OrderEntry>,
    /// Each unit's standing order now, by id.
    standing: Vec<super::orders::Standing>,
    /// The scenario's events (R12.7), in the order they are checked.
    events: Vec<crate::engine::script::ScenarioEvent>,
    /// Which of them have fired.
    fired: Vec<bool>,
}

/// Plays `commands` on `game` in order, each rolling the dice of its shared draw if it has
/// one (a battle across two machines, issue 31); the index of the first refused command
/// and why.
///
/// # Errors
/// The index of the command the engine refused, with its reason.
pub fn replay(
    game: &mut Game,
    commands: &[Command],
    draws: &[crate::engine::SharedDraw],
) -> Result<(), (usize, RuleError)> {
    for (index, command) in commands.iter().enumerate() {
        let draw = crate::engine::dice::draw_of(draws, index);
        game.submit_drawn(*command, draw).map_err(|e| (index, e))?;
    }
    Ok(())
}

impl Game {
    /// Submits a command: checks it, resolves it with the game's dice and returns the events
    /// it caused, borrowed from the log (no copy is made; `to_vec` one to keep it).
    pub fn submit(&mut self, command: Command) -> Result<&[Event], RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::BattleOver);
        }
        let start = self.log.len();
        // An order among the unit's remembered orders was checked when they were worked out.
        if !self.remembered(&command) {
            self.check(&command)?;
        }
        self.execute(command);
        self.run_agenda();
        Ok(self.log.get(start..).unwrap_or_default())
    }

    /// Records and applies one event; the only way state changes.
    fn emit(&mut self, event: Event) {
        self.apply(&event);
        self.forget_orders(&event);
        self.log.push(event);
    }

    /// Who must act next.
    pub fn actor(&self) -> Actor {
        if self.outcome.is_some() {
            return Actor::Nobody;
        }
        match &self.pending {
            Some(p) => Actor::Decide(p.decision.clone()),
            None => Actor::Orders {
                side: self.ordering,
                phase: self.phase,
            },
        }
    }

    /// The side that must submit the next command, if any.
    pub fn acting_side(&self) -> Option<SideId> {
        match self.actor() {
            Actor::Decide(d) => Some(d.side()),
            Actor::Orders { side, .. } => Some(side),
            Actor::Nobody => None,
        }
    }

    /// The rules data this battle is played under (`rules.ron` with the scenario's options).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The battlefield.
    pub fn map(&self) -> &Map {
        &self.map
    }
    /// A side's name, commander's modifiers, home edge and totals.
    pub fn side(&self, side: SideId) -> &Side {
        side.of(&self.sides)
    }
    /// Every unit ever in the battle, on the map or not, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// A unit by id.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.0 as usize)
    }
    /// The unit standing in a hex.
    pub fn unit_at(&self, hex: Hex) -> Option<&Unit> {
        let index = self.map.index(hex)?;
        self.grid.occupant(index).and_then(|id| self.unit(id))
    }
    /// Units on the map of one side, by id.
    pub fn units_of(&self, side: SideId) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.on_map() && u.side == side)
    }
    /// The named objective hexes (R10.3).
    pub fn objectives(&self) -> &[Objective] {
        &self.objectives
    }
    /// The scenario's events, in the order they are checked (R12.7).
    pub fn scenario_events(&self) -> &[crate::engine::script::ScenarioEvent] {
        &self.events
    }
    /// The reason the scenario event at `event` gives for ending the battle (R10, R12.7).
    pub fn scripted_reason(&self, event: u32) -> Option<&str> {
        self.events.get(event as usize)?.end_reason()
    }
    /// Whether the scenario event at `index` has fired (R12.7).
    pub fn has_fired(&self, index: usize) -> bool {
        self.fired.get(index).copied().unwrap_or(false)
    }
    /// The current turn, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The last turn, if the scenario sets one (R3.3).
    pub fn turn_limit(&self) -> Option<u32> {
        self.turn_limit
    }
    /// The current phase (R3).
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The first side of this turn (R3.2).
    pub fn first_side(&self) -> SideId {
        self.first
    }
    /// The side that wins when everything else is equal (R10.3).
    pub fn defender(&self) -> SideId {
        self.defender
    }
    /// The result, once the battle is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// Every event so far.
    pub fn log(&self) -> &[Event] {
        &self.log
    }
    /// Gives this game new dice seeded `seed`: for a planner's copy, so that a look-ahead
    /// draws its own dice (a forked generator) and never sees the battle's dice to come.
    pub fn reseed(&mut self, seed: u64) {
        self.dice = Dice::seeded(seed);
    }

    /// [`Game::submit`] with the command's shared dice first, if it has a draw (a battle
    /// across two machines, issue 31; a replay of one).
    ///
    /// # Errors
    /// The engine's refusal of `command`.
    pub fn submit_drawn(
        &mut self,
        command: Command,
        draw: Option<&crate::engine::SharedDraw>,
    ) -> Result<&[Event], RuleError> {
        if let Some(draw) = draw {
            self.draw_dice(draw);
        }
        self.submit(command)
    }

    /// Whether `command`, just given when `rolled_before` dice had been rolled, may be taken
    /// back: a Movement-phase order with no die rolled since (the undo rule).
    pub fn may_take_back(&self, command: &Command, rolled_before: u64) -> bool {
        command.is_movement_order() && self.dice_rolled() == rolled_before
    }

    /// Rolls the next command's dice from a draw both players of a battle across two
    /// machines took part in (issue 31); the count of dice rolled goes on.
    pub fn draw_dice(&mut self, draw: &crate::engine::SharedDraw) {
        self.dice = Dice::shared(draw, self.dice.rolled());
    }

    /// Dice rolled so far.
    pub fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }
    /// uhp a side has lost: damage, destroyed and routed units (R10.2).
    pub fn losses(&self, side: SideId) -> u32 {
        let left: u32 = self.units_of(side).map(|u| u.uhp).sum();
        side.of(&self.sides).start_uhp.saturating_sub(left)
    }

    /// The unit of an id the game itself handed out: ids come from the game's own unit
    /// list, events it emitted, or commands `check` accepted (`NoSuchUnit` otherwise).
    #[allow(
        clippy::indexing_slicing,
        reason = "ids are indices of `units`, which never shrinks, checked on entry"
    )]
    fn at(&self, id: UnitId) -> &Unit {
        &self.units[usize::from(id.0)]
    }

    /// [`Game::at`], to change.
    #[allow(
        clippy::indexing_slicing,
        reason = "ids are indices of `units`, which never shrinks, checked on entry"
    )]
    fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[usize::from(id.0)]
    }

    fn roll(&mut self, sides: u32) -> u32 {
        self.dice.roll(sides)
    }
}

/// Every shipped map's battle set up with dice seeded 1 to 4, for tests that play battles
/// out: `visit` gets the map's file, the seed and the game before its first command.
#[cfg(test)]
pub(crate) fn each_shipped_battle(mut visit: impl FnMut(&str, u64, Game)) {
    use crate::scenario::{Scenario, SHIPPED};
    for (file, src) in SHIPPED {
        let Ok(scenario) = Scenario::parse(src, file) else {
            panic!("{file} parses");
        };
        for seed in 1..=4 {
            let Ok(game) = Game::new(scenario.setup.clone(), Dice::seeded(seed)) else {
                panic!("{file} sets up");
            };
            visit(file, seed, game);
        }
    }
}

/// Every position of random battles on every shipped map, for tests of what the engine
/// keeps up to date: `visit` sees the map's file and the game before the first command and
/// after each, with the command just given (`None` at the start).
#[cfg(test)]
pub(super) fn each_random_position(mut visit: impl FnMut(&str, &Game, Option<Command>)) {
    use crate::ai::{Player, RandomPlayer};
    each_shipped_battle(|file, seed, mut game| {
        visit(file, &game, None);
        let mut player = RandomPlayer::new(seed);
        while let Some(command) = player.choose(&game) {
            if let Err(e) = game.submit(command) {
                panic!("{file} seed {seed}: {command:?} refused: {e}");
            }
            visit(file, &game, Some(command));
        }
    });
}

/// A charge declared this turn and still to strike home (R4.4, R7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DeclaredCharge {
    /// The charging unit.
    charger: UnitId,
    /// The unit it charges.
    target: UnitId,
    /// The charger's retreats at declaration: a charger that gave ground since strikes no
    /// more (R5.6).
    guard: u32,
}
