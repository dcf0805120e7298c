//! The planner's kept move scores through one side's Movement phase (R4.1–R4.5): each unit's
//! movement orders and their scores are kept from one order to the next. After an order, a unit
//! within its longest move and [`NEAR`] hexes of one of our units that changed scores again
//! only its orders ending within [`AFAR`] hexes of the change; anything that weighs on every
//! unit (an enemy, a die rolled, the objectives' posts, the side's boldness) makes it forget
//! all. Without it a side of n units scores about n²/2 units a phase; with it, about n and the
//! orders near each move. It also keeps the enemies' reaches ([`Reaches`]), which are exact.
//! "Near" is a judgement, not a proof: a move further off can still change an enemy's path and
//! so a unit's danger a little. `tests/ai.rs` counts the orders it changes, and
//! docs/computer.md gives the planner's strength with it, measured with `volley sim`.

use super::reaches::Reaches;
use super::view::View;
use crate::engine::game::{Fate, TurnMarks};
use crate::engine::{Command, Game, Order, Phase, SideId, Status, Unit};
use hexx::Hex;

/// Hexes beyond a unit's longest move within which another unit's move makes it score
/// again: its support and cover (R9.4), the friends that counter an enemy beside it, and
/// the occupied hexes around where it may end.
const NEAR: u32 = 3;

/// Hexes from a change beyond which an order's score is kept when its unit scores again:
/// the same reach as [`NEAR`], from the hex where the order ends.
const AFAR: u32 = 3;

/// What must be unchanged for a remembered order to stand: the phase and its side, the
/// planner's temper and every input that weighs on all units.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    turn: u32,
    phase: Phase,
    side: SideId,
    salt: u64,
    boldness: u64,
    dice_rolled: u64,
    posts: Vec<(u16, Hex)>,
}

impl Key {
    fn of(view: &View) -> Key {
        Key {
            turn: view.game.turn(),
            phase: view.game.phase(),
            side: view.side,
            salt: view.style.salt,
            boldness: view.boldness.to_bits(),
            dice_rolled: view.game.dice_rolled(),
            posts: view.posts.iter().map(|p| (p.unit.0, p.hex)).collect(),
        }
    }
}

/// A unit as the planner last saw it.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    pos: Hex,
    uhp: u32,
    status: Status,
    ready: bool,
    reload_tokens: u32,
    retreats: u32,
    fate: Option<Fate>,
    marks: TurnMarks,
    /// Its side, which a defection changes (R12.3).
    side: SideId,
    /// Still a reserve to come (R12.2): its `pos` means nothing yet.
    to_come: bool,
}

impl Seen {
    fn of(u: &Unit) -> Seen {
        Seen {
            pos: u.pos,
            uhp: u.uhp,
            status: u.status,
            ready: u.ready,
            reload_tokens: u.reload_tokens,
            retreats: u.retreats,
            fate: u.fate,
            marks: u.marks.clone(),
            side: u.side,
            to_come: u.to_come(),
        }
    }
}

/// Each unit's movement orders and their scores, as long as they stand (see the module).
#[derive(Clone, Debug, Default)]
pub struct MoveScores {
    key: Option<Key>,
    seen: Vec<Seen>,
    units: Vec<Option<Entry>>,
    /// Enemy reaches, lent to each order's [`View`] and kept between orders.
    reaches: Reaches,
    /// Threads that score units (0 or 1: this one alone); the scores are the same either way.
    threads: usize,
    /// Units scored on helper threads so far, for tests that the helpers were used.
    scored_apart: usize,
}

/// One unit's scored orders, and where things changed near it since they were scored.
#[derive(Clone, Debug)]
pub struct Entry {
    scores: Vec<(Command, f64)>,
    best: Option<(f64, Command)>,
    changed: Vec<Hex>,
}

impl Entry {
    /// What a scorer is handed of these scores: they stand for orders far from the changes.
    pub fn stale(&self) -> Stale<'_> {
        Stale {
            scores: &self.scores,
            changed: &self.changed,
            cursor: std::cell::Cell::new(0),
        }
    }
}

/// Whether `entry`'s best order stands as it is: nothing changed near `u` since, and the
/// engine still allows it.
fn stands(entry: &Entry, game: &Game, u: &Unit) -> bool {
    entry.changed.is_empty()
        && entry
            .best
            .is_none_or(|(_, c)| game.unit_orders(u.id).contains(&c))
}

/// A unit's orders scored before, and the hexes where something changed since: what
/// [`MoveScores::best`] hands its scorer so that it scores again only the orders ending near a
/// change.
pub struct Stale<'m> {
    scores: &'m [(Command, f64)],
    changed: &'m [Hex],
    /// Where the last order was found in `scores`: the next is usually just after it.
    cursor: std::cell::Cell<usize>,
}

impl Stale<'_> {
    /// The score `c` had, if it ends (at `end`) more than [`AFAR`] hexes from every change.
    pub fn kept(&self, c: &Command, end: Hex) -> Option<f64> {
        if self
            .changed
            .iter()
            .any(|h| h.unsigned_distance_to(end) <= AFAR)
        {
            return None;
        }
        self.find(c)
    }

    /// The score `c` had, looked for from just after the last order found.
    fn find(&self, c: &Command) -> Option<f64> {
        let n = self.scores.len();
        let from = self.cursor.get();
        let found = (0..n)
            .map(|i| (from + i) % n)
            .find(|&i| self.scores.get(i).is_some_and(|(old, _)| old == c))?;
        self.cursor.set(found + 1);
        self.scores.get(found).map(|(_, v)| *v)
    }
}

impl MoveScores {
    /// A memory whose units are scored on up to `threads` threads at once (at least one).
    pub fn with_threads(threads: usize) -> MoveScores {
        MoveScores {
            threads,
            ..MoveScores::default()
        }
    }

    /// Threads that score units at once, at least one.
    pub fn threads(&self) -> usize {
        self.threads.max(1)
    }

    /// Counts `n` more units scored on helper threads.
    pub fn note_scored_apart(&mut self, n: usize) {
        self.scored_apart += n;
    }

    /// Units scored on helper threads so far.
    pub fn scored_apart(&self) -> usize {
        self.scored_apart
    }

    /// Brings the memory up to `view`: marks the units near any change, or forgets all.
    pub fn sync(&mut self, view: &View) {
        let game = view.game;
        let key = Key::of(view);
        let now: Vec<Seen> = game.units().iter().map(Seen::of).collect();
        let same = self.key.as_ref() == Some(&key) && self.seen.len() == now.len();
        match same.then(|| changed_hexes(game, view.side, &self.seen, &now)) {
            Some(Some(hexes)) => {
                self.mark_near(game, &hexes);
                view.reaches().forget_near(game, &hexes);
            }
            _ => {
                self.units = vec![None; now.len()];
                view.reaches().clear();
            }
        }
        self.key = Some(key);
        self.seen = now;
    }

    /// The enemy reaches kept from the last order, for the next order's [`View`]: not yet
    /// brought up to date, which [`MoveScores::sync`] does.
    pub fn lend_reaches(&mut self) -> Reaches {
        std::mem::take(&mut self.reaches)
    }

    /// Keeps the enemy reaches of this order's view for the next.
    pub fn keep_reaches(&mut self, reaches: Reaches) {
        self.reaches = reaches;
    }

    /// [`MoveScores::best`] for the question whether `u`'s best order is a charge: a unit whose
    /// remembered best and charges all end more than [`AFAR`] hexes from every change
    /// since is not scored yet (only its other orders could change, and none of them can
    /// become a charge or unseat one); it is scored when its turn to move comes.
    pub fn best_for_charges(
        &mut self,
        game: &Game,
        u: &Unit,
        score: impl FnOnce(Option<&Stale>) -> Vec<(Command, f64)>,
    ) -> Option<(f64, Command)> {
        if let Some(entry) = self.entry(u).filter(|e| unaffected(e, game, u)) {
            return entry.best;
        }
        self.best(game, u, score)
    }

    /// Whether [`MoveScores::best_for_charges`] would score `u` again now.
    pub fn due_for_charges(&self, game: &Game, u: &Unit) -> bool {
        self.entry(u)
            .is_none_or(|e| !unaffected(e, game, u) && !stands(e, game, u))
    }

    /// The best order of `u` and its score: remembered while nothing changed near it and
    /// the engine still allows it, else from the scores `score` gives its orders (in the
    /// engine's order), handed what it scored before and where things changed since.
    pub fn best(
        &mut self,
        game: &Game,
        u: &Unit,
        score: impl FnOnce(Option<&Stale>) -> Vec<(Command, f64)>,
    ) -> Option<(f64, Command)> {
        if let Some(entry) = self.entry(u).filter(|e| stands(e, game, u)) {
            return entry.best;
        }
        let old = self.take(u);
        let scores = score(old.as_ref().map(Entry::stale).as_ref());
        self.keep(u, scores)
    }

    /// Takes out what `u` scored before, to score it again elsewhere (another thread) and
    /// hand the scores back with [`MoveScores::keep`].
    pub fn take(&mut self, u: &Unit) -> Option<Entry> {
        self.units
            .get_mut(usize::from(u.id.0))
            .and_then(Option::take)
    }

    /// Keeps `scores` as `u`'s orders scored now, in the engine's order, and gives the best.
    pub fn keep(&mut self, u: &Unit, scores: Vec<(Command, f64)>) -> Option<(f64, Command)> {
        // The last of equal scores, as `Iterator::max_by` gives it.
        let best = scores
            .iter()
            .map(|(c, v)| (*v, *c))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some(cell) = self.units.get_mut(usize::from(u.id.0)) {
            *cell = Some(Entry {
                scores,
                best,
                changed: Vec::new(),
            });
        }
        best
    }

    fn entry(&self, u: &Unit) -> Option<&Entry> {
        self.units.get(usize::from(u.id.0)).and_then(Option::as_ref)
    }

    /// Notes `hexes` in every unit whose orders could end near them; a unit that itself
    /// changed is forgotten.
    fn mark_near(&mut self, game: &Game, hexes: &[Hex]) {
        for (cell, u) in self.units.iter_mut().zip(game.units()) {
            let Some(entry) = cell else { continue };
            let radius = super::danger::span(u) + NEAR;
            let near: Vec<Hex> = hexes
                .iter()
                .copied()
                .filter(|h| h.unsigned_distance_to(u.pos) <= radius)
                .collect();
            if near.contains(&u.pos) {
                *cell = None;
            } else {
                entry.changed.extend(near);
            }
        }
    }
}

/// Whether `entry`'s best order, and every charge `u` may make now, were scored and end
/// more than [`AFAR`] hexes from each change since.
fn unaffected(entry: &Entry, game: &Game, u: &Unit) -> bool {
    let far = |c: &Command| {
        let end = end_of(c, u);
        entry
            .changed
            .iter()
            .all(|h| h.unsigned_distance_to(end) > AFAR)
    };
    let orders = game.unit_orders(u.id);
    let best_stands = entry
        .best
        .is_none_or(|(_, c)| far(&c) && orders.contains(&c));
    // Both lists are in the engine's order, so each charge is looked for from just after
    // the last one found.
    let scored = Stale {
        scores: &entry.scores,
        changed: &[],
        cursor: std::cell::Cell::new(0),
    };
    best_stands
        && orders
            .iter()
            .filter(|c| matches!(c, Command::Order(Order::Charge { .. })))
            .all(|c| far(c) && scored.find(c).is_some())
}

/// Where a movement order leaves its unit.
pub fn end_of(c: &Command, u: &Unit) -> Hex {
    match *c {
        Command::Order(
            Order::March { to, .. }
            | Order::Hustle { to, .. }
            | Order::Disengage { to, .. }
            | Order::Charge { to, .. },
        ) => to,
        _ => u.pos,
    }
}

/// Where our units changed between `before` and `now` (both hexes of a move), or `None`
/// when an enemy changed, which may weigh on every unit.
fn changed_hexes(game: &Game, side: SideId, before: &[Seen], now: &[Seen]) -> Option<Vec<Hex>> {
    let mut hexes = Vec::new();
    for ((old, new), u) in before.iter().zip(now).zip(game.units()) {
        if old == new {
            continue;
        }
        // A defector weighs on every unit of both sides (R12.3).
        if u.side != side || old.side != side {
            return None;
        }
        hexes.extend([old.pos, new.pos]);
    }
    Some(hexes)
}

#[cfg(test)]
mod tests {
    use super::MoveScores;
    use crate::ai::plan::view::View;
    use crate::ai::plan::{next_order, Style, Tuning};
    use crate::ai::{ComputerPlayer, Player};
    use crate::engine::{Actor, Command, Dice, Game, Order, Phase};
    use crate::scenario::{Scenario, SHIPPED};

    /// The enemy reaches the memory keeps through a phase are shared between suppositions
    /// and kept across orders on an argument, not a measurement (`view::out_of_the_way`):
    /// at every movement order of computer battles on every shipped map, each kept reach
    /// must equal the engine's reach (R4.1–R4.6) searched afresh.
    #[test]
    fn every_kept_reach_is_the_engines_reach_searched_afresh() {
        let (mut checked, mut apart) = (0, 0);
        // On two threads too: reaches the helpers found are added to the kept ones.
        for ((file, src), threads) in SHIPPED.iter().flat_map(|s| [(s, 1), (s, 2)]) {
            let scenario = Scenario::parse(src, file).unwrap();
            let mut game = Game::new(scenario.setup, Dice::seeded(3)).unwrap();
            let mut memo = MoveScores::with_threads(threads);
            let mut others = ComputerPlayer::new(3, [5, 5]);
            let style = Style {
                aggression: 0.5,
                salt: 3,
                tuning: Tuning::default(),
                noise: 0.0,
            };
            while game.outcome().is_none() {
                let command = match game.actor() {
                    Actor::Orders {
                        side,
                        phase: Phase::Movement,
                    } => {
                        let c = next_order(&game, side, Phase::Movement, &style, &mut memo);
                        let fresh = View::new(&game, side, style);
                        for ((s, id), kept) in memo.reaches.all() {
                            let e = game.unit(id).unwrap();
                            assert_eq!(*kept, fresh.afresh(s, e), "{file}: {s:?} of {id:?}");
                            checked += 1;
                        }
                        c.filter(|c| game.check_command(c).is_ok())
                            .unwrap_or(Command::Order(Order::EndOrders))
                    }
                    _ => match others.choose(&game) {
                        Some(c) => c,
                        None => break,
                    },
                };
                game.submit(command).unwrap();
            }
            apart += memo.scored_apart();
        }
        assert!(checked > 5_000, "only {checked} reaches were checked");
        assert!(apart > 0, "no unit was scored on a helper thread");
    }
}
