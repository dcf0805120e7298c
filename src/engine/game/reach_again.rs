//! Reach (R4.1–R4.6) searched again when one unit is supposed away: for each unit it
//! places, a planner asks where an enemy could move if that unit of the planner's were
//! gone, and the answer differs from the reach it already has only near that unit's hex. Taking a unit
//! away only opens ground (its hex may be entered, R4.3; its zone of control no longer stops
//! a move beside it, R4.2), so no cost rises: the search starts again from the hexes around
//! the opened one, lowers what it can, and gives exactly the [`Reach`] a whole search would
//! (costs, ends in their order, and the path to every hex).

use super::reach::{clear_buckets, key, Frame, Ids, Reach, Supposing, Toward, BUCKETS};
use super::Game;
use super::Unit;
use crate::engine::event::MoveKind;
use crate::engine::map::Map;
use crate::engine::types::UnitId;
use hexx::Hex;

impl Game {
    /// [`Game::reach_supposing`] of `unit` supposing `absent` and `gone` gone and `inert`
    /// exerting no zone of control, found from `known`: the same unit's reach of the same
    /// kind supposing `absent` and `inert`, but with `gone` standing (inert as well if
    /// `gone_inert`). The result is the reach a whole search would give. Where `known`
    /// cannot be this unit's reach of this move, or `gone` stands beside the unit (its
    /// engagement, and so its move, would change), it is a whole search.
    pub fn reach_without(
        &self,
        known: &Reach,
        (unit, kind): (UnitId, MoveKind),
        (gone, gone_inert): (UnitId, bool),
        (absent, inert): (&[UnitId], &[UnitId]),
    ) -> Reach {
        let mut all_absent = absent.to_vec();
        all_absent.push(gone);
        let whole = || self.reach_supposing(unit, kind, &all_absent, inert);
        let (Some(u), Some(g)) = (self.unit(unit), self.unit(gone)) else {
            return whole();
        };
        let budget = Game::move_budget(u, kind);
        let fits = u.on_map()
            && g.on_map()
            // A disengagement may not enter an enemy's side (R4.5), so the gone unit's
            // zone of control would open hexes beyond those beside its own.
            && kind != MoveKind::Disengage
            && known.radius() == budget
            && known.frame() == Frame::around(&self.map, u.pos, budget)
            && g.pos.unsigned_distance_to(u.pos) > 1;
        if !fits || budget == 0 {
            return whole();
        }
        let (absent, inert) = (Ids::of(&all_absent), Ids::of(inert));
        let s = Supposing {
            absent: &absent,
            inert: &inert,
        };
        self.search_opened(known, (u, kind, budget), s, (g.pos, gone_inert))
    }

    /// Lowers the costs of `known` (a search from `u`'s hex within `budget`) that the hex
    /// `opened` and the hexes beside it allow under `s`, then mends the paths and ends
    /// near every lowered cost (see the module).
    fn search_opened(
        &self,
        known: &Reach,
        (u, kind, budget): (&Unit, MoveKind, u32),
        s: Supposing,
        (opened, was_inert): (Hex, bool),
    ) -> Reach {
        let mut reach = known.clone();
        let frame = reach.frame();
        let budget = self.bucket_budget(frame, budget);
        let mut found = Vec::new();
        // Every hex settled again: those beside the opened one, which gain a step (into it,
        // or out of a hex no longer in an enemy's side), and every hex whose cost fell.
        let settled = BUCKETS.with_borrow_mut(|buckets| {
            clear_buckets(buckets, budget);
            for slot in opened.range(1).filter_map(|h| frame.slot_of(h)) {
                if let Some(cost) = reach.cost_at(slot) {
                    if let Some(b) = buckets.get_mut(cost as usize) {
                        b.push(u64::from(key(frame.cell(slot))) << 32 | slot as u64);
                    }
                }
            }
            let mut settled = Vec::new();
            let into = (&mut reach, &mut found, buckets.as_mut_slice());
            let mover = (u, kind, s, Toward::ANYWHERE);
            self.settle(mover, budget, into, |slot| settled.push(slot));
            settled
        });
        let lowered = settled
            .iter()
            .filter(|&&slot| reach.cost_at(slot) != known.cost_at(slot));
        // A hex beside the opened one that no longer stands in an enemy's side (the unit
        // gone exerted a zone of control in `known`) now leads on to its neighbours.
        let freed = settled.iter().filter(|&&slot| {
            let (c, r) = frame.cell(slot);
            let near = Map::hex_at(c, r).unsigned_distance_to(opened) == 1;
            !was_inert && near && reach.cost_at(slot).is_some_and(|c| c > 0)
        });
        let leads: Vec<usize> = lowered.chain(freed).copied().collect();
        self.mend_paths(&mut reach, (u, kind, s), &leads);
        reach.merge_ends(&settled, &mut found);
        reach
    }

    /// Gives each hex beside one of `leads` (hexes whose cost fell, or from which the move
    /// may now go on) the path a whole search gives it: from the neighbour that settles
    /// first (by cost, then the order of `key`) among those that give the hex its cost.
    /// A hex whose cost fell has it already; one whose cost stood may now tie with a lead
    /// that settles sooner than its old neighbour on the path.
    fn mend_paths(
        &self,
        reach: &mut Reach,
        (u, kind, s): (&Unit, MoveKind, Supposing),
        leads: &[usize],
    ) {
        let frame = reach.frame();
        let start = frame.slot_of(u.pos);
        let marching = matches!(kind, MoveKind::March | MoveKind::Hustle);
        let order =
            |reach: &Reach, slot: usize| reach.cost_at(slot).map(|c| (c, key(frame.cell(slot))));
        for &from in leads {
            let (Some(lead), Some(there)) = (order(reach, from), self.index_of(frame, from)) else {
                continue;
            };
            // R4.2: a move stops on entering an enemy's side, so such a hex leads nowhere.
            if Some(from) != start && self.zone_supposing(there, u.side.other(), s) {
                continue;
            }
            let raised = self.grid.raised(there);
            let (c, r) = frame.cell(from);
            for h in Map::hex_at(c, r).all_neighbors() {
                let (Some(slot), Some(here)) = (frame.slot_of(h), self.map.index(h)) else {
                    continue;
                };
                let Some(cost) = reach.cost_at(slot).filter(|_| Some(slot) != start) else {
                    continue;
                };
                let step = self.grid.step_along(there, here, raised, marching);
                let ties = step.is_some_and(|x| lead.0 + x.max(1) == cost);
                let sooner = reach
                    .prev_at(slot)
                    .and_then(|p| order(reach, p))
                    .is_none_or(|p| lead < p);
                if ties && sooner && self.may_enter(u, kind, here, s) {
                    reach.set_prev(slot, from);
                }
            }
        }
    }

    /// The place in the map's flat arrays of frame slot `slot`'s hex.
    fn index_of(&self, frame: Frame, slot: usize) -> Option<usize> {
        let (c, r) = frame.cell(slot);
        self.map.index(Map::hex_at(c, r))
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::{ComputerPlayer, Player};
    use crate::engine::{Dice, Game, MoveKind, UnitId};
    use crate::scenario::{Scenario, SHIPPED};

    /// Every reach searched again with a unit supposed away (R4.1–R4.6) is the reach a
    /// whole search gives, paths and the order of ends included: for every unit and kind
    /// of move, every other unit supposed away, from a reach where it stood exerting its
    /// zone of control and one where it was inert, at every tenth position of computer
    /// battles on every shipped map.
    #[test]
    fn a_reach_searched_again_is_the_whole_search() {
        let mut checked = 0;
        for (file, src) in SHIPPED {
            let scenario = Scenario::parse(src, file).unwrap();
            let mut game = Game::new(scenario.setup, Dice::seeded(5)).unwrap();
            let mut player = ComputerPlayer::new(5, [5, 5]);
            let mut step = 0;
            while game.outcome().is_none() {
                if step % 10 == 0 {
                    checked += every_unit_away(&game, file);
                }
                step += 1;
                let Some(c) = player.choose(&game) else { break };
                game.submit(c).unwrap();
            }
        }
        assert!(checked > 50_000, "only {checked} reaches were checked");
    }

    fn every_unit_away(game: &Game, file: &str) -> usize {
        let on: Vec<UnitId> = game
            .units()
            .iter()
            .filter(|u| u.on_map())
            .map(|u| u.id)
            .collect();
        let mut checked = 0;
        for &unit in &on {
            for kind in [MoveKind::March, MoveKind::Hustle, MoveKind::Charge] {
                for &gone in on.iter().filter(|&&g| g != unit) {
                    let others: Vec<UnitId> = on
                        .iter()
                        .copied()
                        .filter(|&o| o != unit && o != gone && o.0 % 3 == 0)
                        .collect();
                    let whole = game.reach_supposing(unit, kind, &[gone], &others);
                    let mut with_gone = others.clone();
                    with_gone.push(gone);
                    for inert in [&others, &with_gone] {
                        let known = game.reach_supposing(unit, kind, &[], inert);
                        let was_inert = inert.contains(&gone);
                        let again = game.reach_without(
                            &known,
                            (unit, kind),
                            (gone, was_inert),
                            (&[], &others),
                        );
                        assert_eq!(again, whole, "{file}: {unit:?} {kind:?} without {gone:?}");
                        checked += 1;
                    }
                }
            }
        }
        checked
    }
}
