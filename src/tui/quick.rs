//! The title screen's quick-battle menu (issue 29): army A, army B, the size, the ground and
//! the seed, each on a line; `←` / `→` change the line's choice, digits type the seed (left
//! empty, one drawn for the player: the clock's when the game starts, the last battle's
//! next after one), Enter generates the battle (see [`crate::generate`]) and starts it, the
//! player commanding side A against the computer at the level chosen on the title screen
//! (`normal` unless `l` changed it), and Esc goes back to the title list. Enter first only
//! marks the battle to make, so that the screen can say so while the generator playtests it
//! (about a second), and [`QuickMenu::finish`] then makes it. Its keys are the key table's
//! ([`keys::BINDINGS`], [`Context::QuickBattle`]).

use super::app::Key;
use super::keys::{self, Action, Context};
use crate::ai::Level;
use crate::generate::{self, Ground, Request, Size};
use crate::scenario::Scenario;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// Most digits a seed may have (a `u64` has 20).
const SEED_DIGITS: usize = 19;

/// The menu's lines, in order.
const LINES: [&str; 5] = [
    "Army A (you)",
    "Army B (computer)",
    "Size",
    "Ground",
    "Seed",
];

/// What the player did in the menu.
#[derive(Clone, Debug, PartialEq)]
pub enum QuickExit {
    /// Back to the title list.
    Back,
    /// The battle generated, to start.
    Start(Box<Scenario>),
}

/// The quick-battle menu's state.
#[derive(Clone, Debug)]
pub struct QuickMenu {
    armies: Vec<String>,
    chosen: [usize; 2],
    size: usize,
    ground: usize,
    seed: String,
    line: usize,
    clock_seed: u64,
    /// Enter was pressed: the battle is to be made once the screen says so.
    generating: bool,
    /// Why the last start failed, shown under the menu.
    pub message: String,
}

impl QuickMenu {
    /// The menu over the shipped army lists, the first two chosen, small and open ground;
    /// `clock_seed` is the seed when none is typed (drawn for the player: the command line
    /// read the clock, or the last battle's seed and one).
    pub fn new(clock_seed: u64) -> QuickMenu {
        let (armies, message) = match crate::armies::shipped() {
            Ok(lists) => (lists.into_iter().map(|l| l.name).collect(), String::new()),
            Err(e) => (Vec::new(), e.to_string()),
        };
        QuickMenu {
            chosen: [0, usize::from(armies.len() > 1)],
            armies,
            size: 0,
            ground: 0,
            seed: String::new(),
            line: 0,
            clock_seed,
            generating: false,
            message,
        }
    }

    /// The same menu, its choices kept, drawing `clock_seed` when no seed is typed: the
    /// menu a battle was started from, opened again after it so that the next battle
    /// differs only by a seed drawn anew (a typed seed stays, as the player chose it).
    pub fn reopened(mut self: Box<Self>, clock_seed: u64) -> Box<QuickMenu> {
        self.clock_seed = clock_seed;
        self.generating = false;
        self.message.clear();
        self
    }

    /// The battle the menu asks for now.
    pub fn request(&self) -> Request {
        let army = |k: usize| {
            let i = self.chosen.get(k).copied().unwrap_or(0);
            self.armies.get(i).cloned().unwrap_or_default()
        };
        Request {
            army_a: army(0),
            army_b: army(1),
            size: Size::ALL.get(self.size).copied().unwrap_or(Size::Small),
            ground: Ground::ALL
                .get(self.ground)
                .copied()
                .unwrap_or(Ground::Open),
            seed: self.seed.parse().unwrap_or(self.clock_seed),
        }
    }

    /// Handles one key, looked up in the key table; `Some` once the player goes back.
    /// Enter only marks the battle for [`QuickMenu::finish`]; until then keys are passed
    /// over, so that the battle made is the one Enter asked for.
    pub fn key(&mut self, key: Key) -> Option<QuickExit> {
        if self.generating {
            return None;
        }
        match keys::action(Context::QuickBattle, key)? {
            Action::Select if matches!(key, Key::Up | Key::Char('k')) => {
                self.line = self.line.checked_sub(1).unwrap_or(LINES.len() - 1);
            }
            Action::Select => self.line = (self.line + 1) % LINES.len(),
            Action::Change => self.change(key == Key::Right),
            Action::Digit => {
                if let Key::Char(c) = key {
                    self.line = LINES.len() - 1;
                    if self.seed.len() < SEED_DIGITS && !(self.seed.is_empty() && c == '0') {
                        self.seed.push(c);
                    }
                }
            }
            Action::DeleteChar => {
                self.seed.pop();
            }
            Action::Cancel => return Some(QuickExit::Back),
            Action::Play => {
                self.generating = true;
                self.message.clear();
            }
            _ => {}
        }
        None
    }

    /// `←` / `→` on the selected line: the list, size or ground before or after, round; on
    /// the seed, the seed before or after.
    fn change(&mut self, forward: bool) {
        let step = |at: &mut usize, len: usize| {
            if len > 0 {
                *at = if forward {
                    (*at + 1) % len
                } else {
                    (*at + len - 1) % len
                };
            }
        };
        let armies = self.armies.len();
        match self.line {
            0 | 1 => {
                if let Some(at) = self.chosen.get_mut(self.line) {
                    step(at, armies);
                }
            }
            2 => step(&mut self.size, Size::ALL.len()),
            3 => step(&mut self.ground, Ground::ALL.len()),
            _ => {
                // The next or last seed, kept to the digits a typed seed may have.
                let most = 10u64.pow(SEED_DIGITS as u32) - 1;
                let seed = self.request().seed.min(most);
                let next = match forward {
                    true if seed < most => seed + 1,
                    true => 1,
                    false if seed > 1 => seed - 1,
                    false => most,
                };
                self.seed = next.to_string();
            }
        }
    }

    /// Whether Enter asked for a battle that [`QuickMenu::finish`] has not made yet.
    pub fn generating(&self) -> bool {
        self.generating
    }

    /// Makes the battle Enter asked for (`None` if none was asked); a failure stays in the
    /// menu with its reason.
    pub fn finish(&mut self) -> Option<QuickExit> {
        if !std::mem::take(&mut self.generating) {
            return None;
        }
        match generate::generate(&self.request()) {
            Ok(made) => Some(QuickExit::Start(Box::new(made.scenario))),
            Err(e) => {
                self.message = crate::text::escape_text(&e.to_string()).into_owned();
                None
            }
        }
    }

    /// The value shown on line `k`.
    fn value(&self, k: usize) -> String {
        let r = self.request();
        match k {
            0 => r.army_a,
            1 => r.army_b,
            2 => {
                let (w, h) = r.size.map();
                format!(
                    "{} (about {} units' worth a side, {w} × {h} hexes)",
                    r.size,
                    r.size.units()
                )
            }
            3 => r.ground.to_string(),
            _ if self.seed.is_empty() => {
                format!("{} (drawn for you; type digits to choose)", self.clock_seed)
            }
            _ => self.seed.clone(),
        }
    }

    /// What the screen says while the battle is made: it is playtested first (issue 29),
    /// which takes about a second.
    fn making(&self) -> &'static str {
        "Generating the battle and playtesting it, normal against normal (about a second)..."
    }

    /// Draws the menu in `area`: a line per choice, the selected one marked, then what
    /// `volley generate` makes the same battle with, and the keys; the battle is to be
    /// played against the computer at `level` (the title screen's).
    pub fn draw(&self, frame: &mut Frame, area: Rect, level: Level) {
        let [menu, keys_row] =
            Layout::vertical([Constraint::Min(8), Constraint::Length(1)]).areas(area);
        let mut lines = vec![Line::raw("")];
        for (k, name) in LINES.iter().enumerate() {
            let text = format!("{name:<18} ◂ {} ▸", self.value(k));
            lines.push(if k == self.line {
                Line::styled(
                    format!("> {text}"),
                    Style::default().add_modifier(Modifier::REVERSED),
                )
            } else {
                Line::raw(format!("  {text}"))
            });
        }
        lines.push(Line::raw(""));
        lines.push(Line::raw(format!(
            "  Enter starts the battle: you command army A (west) against the computer ({}).",
            level.name()
        )));
        let dim = Style::default().add_modifier(Modifier::DIM);
        let command = format!(
            "The same battle as a file: {} > battle.ron",
            self.request().command_line()
        );
        // Inside the border, continued lines indented under the first: a long command
        // wrapped by the paragraph would run on against the border.
        let width = usize::from(menu.width).saturating_sub(2).max(20);
        let options = textwrap::Options::new(width)
            .initial_indent("  ")
            .subsequent_indent("    ")
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for row in textwrap::wrap(&command, options) {
            lines.push(Line::styled(row.into_owned(), dim));
        }
        if self.generating {
            lines.push(Line::raw(""));
            lines.push(Line::raw(format!("  {}", self.making())));
        } else if !self.message.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::raw(format!("  {}", self.message)));
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" Quick battle ");
        frame.render_widget(
            Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false }),
            menu,
        );
        let hints: Vec<String> = keys::hints(Context::QuickBattle)
            .into_iter()
            .map(|(_, h)| h)
            .collect();
        let hint = keys::fit(&hints, usize::from(keys_row.width).saturating_sub(2));
        frame.render_widget(Line::raw(format!(" {hint}")), keys_row);
    }
}

#[cfg(test)]
mod tests {
    use super::{QuickExit, QuickMenu};
    use crate::tui::app::Key;

    /// A battle that cannot be made (here: no army lists) leaves the menu open, no longer
    /// generating, with the reason under it; keys pressed while it was to be made were
    /// passed over.
    #[test]
    fn i29_a_battle_that_cannot_be_made_leaves_the_menu_with_its_reason() {
        let mut menu = QuickMenu::new(7);
        menu.armies.clear();
        menu.message.clear();
        assert_eq!(menu.key(Key::Enter), None);
        assert!(menu.generating());
        assert_eq!(menu.key(Key::Esc), None, "keys wait for the battle");
        assert_eq!(menu.finish(), None);
        assert!(!menu.generating());
        assert!(!menu.message.is_empty());
        assert_eq!(menu.finish(), None, "nothing more to make");
        assert_eq!(menu.key(Key::Esc), Some(QuickExit::Back));
    }
}
