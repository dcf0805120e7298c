//! A quick battle playtested before it is handed over (issue 29). The points fit
//! ([`super::forces`]) makes the two forces about even, but a battle's own forces and
//! ground still leave some generated battles far from even for the computer at `normal`
//! against itself. So, as a designer playtests a battle before shipping it, the generator
//! plays each candidate battle a few times `normal` against `normal` (the games of
//! `volley sim`, R1–R12 as the engine plays them) and hands over the first whose side A
//! scores near enough to a half ([`Playtest::even_enough`]), or else the candidate nearest
//! to even. Each
//! candidate is the whole battle drawn again, its ground too: a ground that favours one
//! side would leave every candidate on it uneven. A large battle's games take too long to
//! play more than one candidate within a second, so its one candidate is played and the
//! side its games favour gives up a few units, as many as the points fit says would even
//! what the games found ([`even_target`], `forces::trim`). The games' dice are drawn from
//! the battle's own seed, so the same seed gives the same battle; they are not the seeds
//! `volley generate --sim` measures with.

use crate::scenario::Scenario;
use crate::sim::{simulate, PlayerKind, SimSetup};
use std::ops::Range;

use super::{Played, Size};

/// A candidate whose side A scores within this of a half is played no further, at medium
/// size.
pub const EVEN_ENOUGH: f64 = 0.1;

/// The same at small size, where a candidate's games are cheap enough to ask for nearer
/// even: 9 to 11 of 20 games (or 8½ to 11½ with draws), not 8 to 12.
pub const SMALL_EVEN_ENOUGH: f64 = 0.08;

/// How a battle of `size` is playtested: at most this many candidates, each played this
/// many games, and whether the kept one's stronger side is then trimmed ([`even_target`]).
/// Chosen so that a battle is ready within about a second on a two-core machine even when
/// every candidate is played (docs/generate.md gives the times): a game takes about 9 ms of
/// that machine's two cores at small size, 28 ms at medium and 90 ms at large. So a large
/// battle is played once, [`LARGE_GAMES`] games, and its stronger side given fewer units
/// by what those games found, instead of drawing candidates again. Smaller battles are not
/// trimmed: a unit is too much of a small force (200 small battles of 40 games, trimmed
/// after their kept candidate's 20 games, came out no more even, 87.9% against 89.5%
/// within 30–70%). A small battle instead drops a candidate plainly uneven after 10 of
/// its 20 games ([`SMALL_LOOK`]), which leaves games for more candidates within the same
/// 80, and so may ask for nearer even ([`SMALL_EVEN_ENOUGH`]). A model of the playtest
/// (candidates' true scores spread 0.18 about a half) put the share of kept battles within
/// 30–70% at 93.6% for 4 candidates of 20 games within 0.1 of a half, and 94.8% with the
/// first look and within 0.08, for 49 games on average instead of 41 (docs/generate.md).
pub fn budget(size: Size) -> Playtest {
    let (candidates, games, games_at_most, even_enough, first_look, trim) = match size {
        Size::Small => (7, 20, 80, SMALL_EVEN_ENOUGH, Some(SMALL_LOOK), None),
        Size::Medium => (3, 10, 30, EVEN_ENOUGH, None, None),
        Size::Large => (
            1,
            LARGE_GAMES,
            LARGE_GAMES,
            EVEN_ENOUGH,
            None,
            Some(LARGE_SPREAD),
        ),
    };
    Playtest {
        candidates,
        games,
        games_at_most,
        even_enough,
        first_look,
        trim,
    }
}

/// A small candidate's first look: after 10 games, one whose side A scored 2 or fewer, or
/// 8 or more, is played no further.
pub const SMALL_LOOK: FirstLook = FirstLook {
    games: 10,
    far: 0.25,
};

/// A candidate is first played this many games, and no more if its side A's score then
/// lies further than `far` from a half: it is kept only if no candidate does better.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstLook {
    /// Games of the first look.
    pub games: u32,
    /// How far from a half the first look's score may lie for the candidate to play on.
    pub far: f64,
}

/// Games of a large battle's playtest.
pub const LARGE_GAMES: u32 = 8;

/// How many candidates a battle may try, and the games each is played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playtest {
    /// Candidate battles at most.
    pub candidates: u32,
    /// Games of each candidate, `normal` against `normal`.
    pub games: u32,
    /// Games of all candidates at most: a candidate is drawn only while its `games` fit.
    pub games_at_most: u32,
    /// A candidate whose side A scores within this of a half is kept and no more played.
    pub even_enough: f64,
    /// Whether a candidate plainly uneven after its first few games is dropped then.
    pub first_look: Option<FirstLook>,
    /// Whether the kept candidate's stronger side is then given fewer units: if so, the
    /// spread of kept candidates' true scores for side A at this size, the prior
    /// [`even_target`] shrinks the playtest's score by.
    pub trim: Option<f64>,
}

/// The spread (standard deviation) of large battles' true scores for side A as the forces
/// and ground alone make them, `normal` against `normal`: 0.144, measured over 40 first
/// candidates of 40 games each (seeds 300000 to 300039, the pairings drawn at random,
/// the grounds in turn; the spread of their scores less the dice's share, docs/generate.md);
/// 280 such battles later gave 0.141.
pub const LARGE_SPREAD: f64 = 0.144;

/// The change of side A's edge, in logits, that would make even a battle whose side A
/// scored `score` over `games` games: the score shrunk towards a half by how much of its
/// spread is the dice's (with battles' true scores spread by `spread` about a half, the
/// best guess of a battle's own score), turned to logits and negated. A few games tell
/// little, so the guess stays near even and the change small.
pub fn even_target(score: f64, games: u32, spread: f64) -> f64 {
    let spread = spread * spread;
    let dice = 0.25 / f64::from(games.max(1));
    let guess = 0.5 + (score - 0.5) * spread / (spread + dice);
    let guess = guess.clamp(0.01, 0.99);
    -(guess / (1.0 - guess)).ln()
}

/// Side A's points (a win 1, a draw ½) over `games` games of `scenario`, `normal` against
/// `normal`, game `i` with dice seeded `seed + i` and side A played by the second player
/// in odd `i`, and how many games ended (a game that never ends does not count).
pub fn score(scenario: &Scenario, seed: u64, games: u32) -> (f64, u32) {
    let setup = SimSetup::new([PlayerKind::Normal, PlayerKind::Normal], seed);
    let results = simulate(scenario, games as usize, setup, &|| {});
    let ended = u32::try_from(results.len()).unwrap_or(u32::MAX);
    let points = results
        .iter()
        .map(|r| r.score(crate::engine::SideId::A))
        .sum();
    (points, ended)
}

/// The mean of `points` over `ended` games; with none, 0, as far from even as a battle gets.
fn mean(points: f64, ended: u32) -> f64 {
    points / f64::from(ended.max(1))
}

/// Plays one candidate by `score` (handed the games to play, from 0, giving side A's
/// points and the games that ended): its first look, then the rest of `budget.games`
/// unless the look found it plainly uneven. Its mean score, the games that ended, and
/// the games played.
fn play_candidate(
    budget: Playtest,
    score: &mut dyn FnMut(Range<u32>) -> (f64, u32),
) -> (f64, u32, u32) {
    let look = budget
        .first_look
        .map_or(budget.games, |l| l.games.min(budget.games));
    let (mut points, mut ended) = score(0..look);
    let far = budget
        .first_look
        .is_some_and(|l| (mean(points, ended) - 0.5).abs() > l.far);
    let played = if far || look == budget.games {
        look
    } else {
        let (more, more_ended) = score(look..budget.games);
        points += more;
        ended += more_ended;
        budget.games
    };
    (mean(points, ended), ended, played)
}

/// Of at most `budget.candidates` candidates made by `make` in turn, while their games fit
/// in `budget.games_at_most`, the first whose side A scores within `budget.even_enough` of
/// a half over all its games, else the one nearest a half (the first of equals), with what
/// its playtest found; `None` if no candidate is asked for. Each is played by `score`,
/// handed the candidate's index from 0 and the games to play ([`play_candidate`]). A
/// candidate after the first that cannot be made ends the search with the best so far.
pub fn choose<T, E>(
    budget: Playtest,
    mut make: impl FnMut() -> Result<T, E>,
    mut score: impl FnMut(&T, u32, Range<u32>) -> (f64, u32),
) -> Result<Option<(T, Played)>, E> {
    let mut best: Option<(T, Played)> = None;
    let mut left = budget.games_at_most;
    for k in 0..budget.candidates {
        if left < budget.games {
            break;
        }
        let made = match make() {
            Ok(made) => made,
            Err(e) if best.is_none() => return Err(e),
            Err(_) => break,
        };
        let (score, games, played) = play_candidate(budget, &mut |r| score(&made, k, r));
        left = left.saturating_sub(played);
        let played = Played {
            score,
            games,
            kept: k + 1,
            tried: k + 1,
            trimmed: [0, 0],
        };
        let off = |p: &Played| (p.score - 0.5).abs();
        match best.as_mut() {
            Some(b) if off(&played) >= off(&b.1) => b.1.tried = k + 1,
            _ => best = Some((made, played)),
        }
        if best
            .as_ref()
            .is_some_and(|b| off(&b.1) <= budget.even_enough)
        {
            break;
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::{budget, choose, Playtest, Size, EVEN_ENOUGH};

    /// A budget of `candidates` of 16 games each, no first look.
    fn plain(candidates: u32) -> Playtest {
        Playtest {
            candidates,
            games: 16,
            games_at_most: candidates * 16,
            even_enough: EVEN_ENOUGH,
            first_look: None,
            trim: None,
        }
    }

    /// Plays candidates whose every game gives side A `scores[i]` within `budget`: the
    /// kept candidate's index, its place, how many were played, and the games played.
    fn played(budget: Playtest, scores: &[f64]) -> (usize, u32, u32, u32) {
        let mut made = 0;
        let make = || -> Result<usize, ()> {
            made += 1;
            Ok(made - 1)
        };
        let mut games = 0;
        let score = |i: &usize, k: u32, part: std::ops::Range<u32>| {
            assert_eq!(*i, k as usize, "each candidate is scored in turn");
            games += part.len() as u32;
            let n = part.len() as u32;
            (scores[*i] * f64::from(n), n)
        };
        let (i, p) = choose(budget, make, score).unwrap().unwrap();
        assert!((p.score - scores[i]).abs() < 1e-12);
        (i, p.kept, p.tried, games)
    }

    /// [`played`] of at most `candidates` candidates of 16 games, no first look.
    fn kept(candidates: u32, scores: &[f64]) -> (usize, u32, u32) {
        let (i, kept, tried, games) = played(plain(candidates), scores);
        assert_eq!(games, 16 * tried);
        (i, kept, tried)
    }

    #[test]
    fn i29_the_first_candidate_near_enough_to_even_is_kept_and_no_more_are_played() {
        assert_eq!(kept(4, &[0.5]), (0, 1, 1));
        assert_eq!(kept(4, &[0.9, 0.2, 0.5 + EVEN_ENOUGH, 0.5]), (2, 3, 3));
        assert_eq!(kept(4, &[0.1, 0.4, 0.5]), (1, 2, 2));
        assert_eq!(kept(4, &[0.1, 0.375, 0.5]), (2, 3, 3));
    }

    /// Issue 29: a small battle asks for nearer even than a medium one: 8 of 20 games
    /// stops a medium battle's playtest, not a small one's; 8½ (a draw among them) stops
    /// both.
    #[test]
    fn i29_a_small_battle_is_played_until_nearer_even() {
        let first_kept = |size: Size, scores: &[f64]| played(budget(size), scores).1;
        assert_eq!(first_kept(Size::Medium, &[0.4, 0.45]), 1);
        assert_eq!(first_kept(Size::Small, &[0.4, 0.45]), 2);
        assert_eq!(first_kept(Size::Small, &[0.6, 0.575]), 2);
    }

    /// Issue 29: a small candidate plainly uneven after 10 games (2 or fewer of them, or 8
    /// or more) plays no more, and its games go to more candidates, within 80 games in all.
    #[test]
    fn i29_a_small_candidate_plainly_uneven_at_its_first_look_is_dropped() {
        let small = budget(Size::Small);
        // Dropped at 10 games, then one of 20 kept: 30 games.
        assert_eq!(played(small, &[0.8, 0.5]), (1, 2, 2, 30));
        // 0.25 is not beyond the look's 0.25: played on to 20 games, and not kept.
        assert_eq!(played(small, &[0.25, 0.5]), (1, 2, 2, 40));
        // Seven dropped at their look: 70 games, too few left for an eighth's 20; the
        // nearest of them kept.
        let far = [0.9, 0.8, 0.1, 0.85, 0.15, 0.95, 0.05, 0.5];
        assert_eq!(played(small, &far), (1, 2, 7, 70));
        // Four played through, none near enough: no room for a fifth.
        let near = [0.65, 0.34, 0.3, 0.7, 0.5];
        assert_eq!(played(small, &near), (0, 1, 4, 80));
        // Three through and two dropped fill 80; a sixth would not fit.
        let mixed = [0.65, 0.9, 0.34, 0.1, 0.7, 0.5];
        assert_eq!(played(small, &mixed), (0, 1, 5, 80));
    }

    #[test]
    fn i29_with_no_candidate_near_enough_the_nearest_to_even_is_kept() {
        assert_eq!(kept(3, &[0.9, 0.25, 0.8]), (1, 2, 3));
        // The first of equals.
        assert_eq!(kept(2, &[0.75, 0.25]), (0, 1, 2));
        assert_eq!(kept(1, &[1.0]), (0, 1, 1));
    }

    /// Issue 29: the change a large battle's playtest asks for is the score shrunk towards
    /// even by the dice's share, in logits: none for an even score, the opposite sign of
    /// the lean, and more for the same score over more games.
    #[test]
    fn i29_even_target_shrinks_a_few_games_towards_even() {
        use super::{even_target, LARGE_SPREAD};
        // The spread of large battles' true scores: 0.144 about a half.
        let even_target = |score, games| even_target(score, games, LARGE_SPREAD);
        assert_eq!(even_target(0.5, 8), 0.0);
        let lean = even_target(0.75, 8);
        // 6 of 8 games: a true score of about 0.60 (shrunk by 0.40), about −0.41 logits.
        assert!((-0.45..-0.35).contains(&lean), "{lean}");
        assert!((even_target(0.25, 8) + lean).abs() < 1e-12);
        // Never as far as the score itself says: 8 of 8 games read as about 70%, not 100%.
        let all = even_target(1.0, 8);
        assert!((-0.90..-0.80).contains(&all), "{all}");
        assert!((even_target(0.0, 8) + all).abs() < 1e-12);
        // 80 games tell more: 60 of 80 read as about 72%.
        let many = even_target(0.75, 80);
        assert!((-0.97..-0.87).contains(&many), "{many}");
    }

    #[test]
    fn i29_no_candidate_asked_for_gives_none() {
        let budget = plain(0);
        let made = choose(budget, || Ok::<u32, ()>(1), |_, _, _| (8.0, 16)).unwrap();
        assert!(made.is_none());
    }

    #[test]
    fn i29_a_later_candidate_that_cannot_be_made_keeps_the_best_so_far() {
        let budget = plain(3);
        let mut n = 0;
        let make = || {
            n += 1;
            if n == 1 {
                Ok(n)
            } else {
                Err("no room")
            }
        };
        let (kept, played) = choose(budget, make, |_, _, _| (14.4, 16)).unwrap().unwrap();
        assert_eq!((kept, played.kept, played.tried), (1, 1, 1));
        let first_fails = choose(budget, || Err::<u32, _>("no room"), |_, _, _| (8.0, 16));
        assert!(matches!(first_fails, Err("no room")));
    }
}
