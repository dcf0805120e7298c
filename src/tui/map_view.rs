//! The hex map widget: single-width characters only, 5 columns and 2 lines per hex, odd rows
//! shifted right (R1.2's offset rows). Terrain shows as characters and colour; a unit shows
//! its side letter, formation code, uhp and markers (ready `*`, reload tokens as a digit,
//! `d` disordered, `F` fleeing), so nothing is told by colour alone.

use super::app::App;
use crate::engine::{Map, Status, Terrain, Unit};
use hexx::Hex;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// Columns per hex, gap included.
pub const CELL_W: u16 = 5;
/// Lines per row of hexes.
pub const ROW_H: u16 = 2;

/// What to highlight on the map.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// Hexes a move may end in, with the movement cost.
    pub reach: Vec<(Hex, u32)>,
    /// Units that may be targeted.
    pub targets: Vec<Hex>,
    /// The selected target.
    pub selected: Option<Hex>,
}

/// The map of a battle as a widget.
pub struct HexMap<'a> {
    /// The game drawn.
    pub app: &'a App,
    /// What the current mode marks.
    pub highlights: Highlights,
}

/// Colour of a side: side A red, side B blue.
pub fn side_color(index: usize) -> Color {
    if index == 0 {
        Color::LightRed
    } else {
        Color::LightCyan
    }
}

fn terrain_style(t: Terrain) -> Style {
    let fg = match t {
        Terrain::Clear => Color::DarkGray,
        Terrain::Rough => Color::Yellow,
        Terrain::Woods => Color::Green,
        Terrain::Hill => Color::LightYellow,
        Terrain::Village => Color::Magenta,
        Terrain::Ford => Color::Cyan,
        Terrain::Water => Color::Blue,
    };
    Style::default().fg(fg)
}

/// The two 4-character lines of an empty hex.
fn terrain_lines(t: Terrain) -> [String; 2] {
    let g = t.symbol();
    match t {
        Terrain::Clear => [" .  ".into(), "    ".into()],
        Terrain::Water => ["~~~~".into(), "~~~~".into()],
        _ => [format!(" {g}{g} "), format!(" {g}{g} ")],
    }
}

/// The two 4-character lines of a unit: side letter, formation and reload tokens (or `@`
/// on an objective) over its tag, uhp and state (`d` disordered, `F` fleeing, `*` ready):
/// `SDF2` / `p 8*`. A ready unit is never disordered or fleeing, so the marks never clash.
pub fn unit_lines(app: &App, u: &Unit, on_objective: bool) -> [String; 2] {
    let marker = match u.reload_tokens {
        k if k > 0 => char::from_digit(k.min(9), 10).unwrap_or('9'),
        _ if on_objective => '@',
        _ => ' ',
    };
    let state = match (u.status, u.ready) {
        (Status::Disordered, _) => 'd',
        (Status::Fleeing, _) => 'F',
        (Status::Steady, true) => '*',
        (Status::Steady, false) => ' ',
    };
    let letter = app.side_letter(u.side);
    let tag = app.tag(u.id);
    [
        format!("{letter}{}{marker}", u.troop.formation.code()),
        format!("{tag}{:>2}{state}", u.uhp.min(99)),
    ]
}

impl HexMap<'_> {
    /// Visible columns and rows of hexes in an area.
    pub fn capacity(area: Rect) -> (i32, i32) {
        (
            ((area.width.saturating_sub(2)) / CELL_W).max(1) as i32,
            (area.height / ROW_H).max(1) as i32,
        )
    }

    /// Scrolls the view so the cursor stays inside with a margin.
    fn scroll(&self, area: Rect) -> (i32, i32) {
        let (cols, rows) = HexMap::capacity(area);
        let map = self.app.game.map();
        let (cc, cr) = Map::offset(self.app.cursor);
        let (mut vc, mut vr) = self.app.view.get();
        let fit = |v: i32, c: i32, span: i32, size: i32| -> i32 {
            let margin = if span > 4 { 1 } else { 0 };
            let mut v = v;
            if c < v + margin {
                v = c - margin;
            }
            if c >= v + span - margin {
                v = c - span + margin + 1;
            }
            v.clamp(0, (size - span).max(0))
        };
        vc = fit(vc, cc, cols, map.width() as i32);
        vr = fit(vr, cr, rows, map.height() as i32);
        self.app.view.set((vc, vr));
        (vc, vr)
    }
}

impl Widget for HexMap<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (vc, vr) = self.scroll(area);
        let (cols, rows) = HexMap::capacity(area);
        for row in vr..vr + rows {
            for col in vc..vc + cols {
                let hex = Map::hex_at(col, row);
                let Some(terrain) = self.app.game.map().terrain(hex) else {
                    continue;
                };
                let x = area.x + ((col - vc) as u16) * CELL_W + if row & 1 == 1 { 2 } else { 0 };
                let y = area.y + ((row - vr) as u16) * ROW_H;
                if x + 4 > area.right() || y + 2 > area.bottom() {
                    continue;
                }
                self.draw_hex(buf, x, y, hex, terrain);
            }
        }
    }
}

impl HexMap<'_> {
    fn draw_hex(&self, buf: &mut Buffer, x: u16, y: u16, hex: Hex, terrain: Terrain) {
        let game = &self.app.game;
        let objective = game.objectives().iter().any(|o| o.hex == hex);
        let (mut lines, mut style) = match game.unit_at(hex) {
            Some(u) => {
                let s = Style::default()
                    .fg(side_color(u.side.index()))
                    .add_modifier(Modifier::BOLD);
                (unit_lines(self.app, u, objective), s)
            }
            None if objective => {
                let s = Style::default()
                    .fg(Color::White)
                    .add_modifier(Modifier::BOLD);
                ([terrain_lines(terrain)[0].clone(), " @@ ".into()], s)
            }
            None => (terrain_lines(terrain), terrain_style(terrain)),
        };
        if let Some((_, cost)) = self.highlights.reach.iter().find(|(h, _)| *h == hex) {
            lines[1] = format!("{}+{:<2}", terrain.symbol(), cost);
            style = style.bg(Color::Rgb(40, 60, 40)).fg(Color::White);
        }
        let target = self.highlights.targets.contains(&hex);
        if target {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if hex == self.app.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        buf.set_string(x, y, &lines[0], style);
        buf.set_string(x, y + 1, &lines[1], style);
        if target {
            let mark = if self.highlights.selected == Some(hex) {
                ">"
            } else {
                "!"
            };
            buf.set_string(
                x.saturating_sub(1),
                y,
                mark,
                Style::default()
                    .fg(Color::LightYellow)
                    .add_modifier(Modifier::BOLD),
            );
        }
        if hex == self.app.cursor && x > 0 {
            buf.set_string(x - 1, y + 1, "[", Style::default().fg(Color::White));
            buf.set_string(x + 4, y + 1, "]", Style::default().fg(Color::White));
        }
    }
}
