//! The hex map widget: single-width characters only, 5 columns and 2 lines per hex, odd rows
//! shifted right (R1.2's offset rows). Terrain shows as characters and colour; a unit shows
//! its side letter, formation code, uhp and markers (ready `*`, reload tokens as a digit,
//! `d` disordered, `F` fleeing), so nothing is told by colour alone.

use super::app::App;
use crate::engine::game::Cover;
use crate::engine::{Map, Status, Terrain, Unit};
use hexx::Hex;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;
use std::cell::Cell;

/// The sizes a hex can be drawn at: columns per hex (gap included), lines per row of
/// hexes, and whether outlines are drawn. Size 1 is the 80×24 layout.
const SIZES: [(u16, u16, bool); 3] = [(5, 2, false), (8, 3, false), (11, 5, true)];

/// The largest zoom level.
pub const MAX_ZOOM: u8 = SIZES.len() as u8;

/// The map view's own state: where it is scrolled, the hex size the player chose, whether
/// the terminal is too small for the battle, and where the map was last drawn. Drawing
/// takes `&App`, so the parts a drawing updates are cells.
#[derive(Debug, Default)]
pub struct MapViewState {
    /// Offset (col, row) of the top-left hex shown, kept between drawings.
    scroll: Cell<(i32, i32)>,
    /// The hex size the player chose with `+`/`-` (1 to [`MAX_ZOOM`]); `None` picks the
    /// largest that fits the map on this terminal.
    zoom: Cell<Option<u8>>,
    /// Set while the terminal is too small to draw the battle: then only quit and help
    /// work, so no key acts on a battle the player cannot see (issue 26).
    small: Cell<bool>,
    /// Where the map was last drawn, to turn a mouse click into a hex.
    geometry: Cell<MapGeometry>,
}

impl MapViewState {
    /// The hex size the player chose (1 to [`MAX_ZOOM`]); `None` fits the map to the
    /// terminal.
    pub fn chosen_zoom(&self) -> Option<u8> {
        self.zoom.get()
    }

    /// Keeps the player's hex size (`None`: fit the map to the terminal).
    pub fn choose_zoom(&self, zoom: Option<u8>) {
        self.zoom.set(zoom);
    }

    /// Whether the terminal was too small for the battle when last drawn (issue 26).
    pub fn is_small(&self) -> bool {
        self.small.get()
    }

    /// Keeps whether this drawing found the terminal too small for the battle.
    pub fn set_small(&self, small: bool) {
        self.small.set(small);
    }

    /// Where the map was last drawn: its area, scroll and hex size.
    pub fn geometry(&self) -> MapGeometry {
        self.geometry.get()
    }
}

/// Where the map was last drawn, so that a click can be turned into a hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapGeometry {
    /// The map's area on screen.
    pub area: Rect,
    /// Offset column and row of the top-left hex shown.
    pub view: (i32, i32),
    /// Zoom level drawn, 1 to [`MAX_ZOOM`].
    pub zoom: u8,
}

impl MapGeometry {
    /// The hex under screen cell `(x, y)`, if the map is drawn there.
    pub fn hex_at(&self, x: u16, y: u16) -> Option<Hex> {
        let (w, h, _) = size(self.zoom);
        let a = self.area;
        if x < a.x || y < a.y || x >= a.right() || y >= a.bottom() {
            return None;
        }
        let row = i32::from((y - a.y) / h) + self.view.1;
        let shift = if row & 1 == 1 { w / 2 } else { 0 };
        let dx = (x - a.x).checked_sub(shift)?;
        let col = i32::from(dx / w) + self.view.0;
        Some(Map::hex_at(col, row))
    }
}

impl MapGeometry {
    /// The screen cells `hex` is drawn in, with the mark column left of it; `None` when it
    /// is not in view.
    pub fn cell(&self, hex: Hex) -> Option<Rect> {
        let (w, h, _) = size(self.zoom);
        let (col, row) = Map::offset(hex);
        let (dc, dr) = (col - self.view.0, row - self.view.1);
        let shift = if row & 1 == 1 { i32::from(w / 2) } else { 0 };
        let x = i32::from(self.area.x) + dc * i32::from(w) + shift - 1;
        let y = i32::from(self.area.y) + dr * i32::from(h);
        let rect = Rect::new(u16::try_from(x).ok()?, u16::try_from(y).ok()?, w, h);
        (dc >= 0 && dr >= 0 && rect.bottom() <= self.area.bottom()).then_some(rect)
    }
}

/// Columns per hex, lines per row and outlines at a zoom level (clamped to 1..=MAX).
/// The screen cells of one hex at `zoom`: columns and rows.
pub fn hex_cells(zoom: u8) -> (u16, u16) {
    let (w, h, _) = size(zoom);
    (w, h)
}

fn size(zoom: u8) -> (u16, u16, bool) {
    let i = usize::from(zoom.clamp(1, MAX_ZOOM) - 1);
    SIZES.get(i).copied().unwrap_or((5, 2, false))
}

/// The zoom that fits the whole map in `area` with the largest hexes (at least 1).
pub fn auto_zoom(map: &Map, area: Rect) -> u8 {
    (1..=MAX_ZOOM)
        .rev()
        .find(|&z| {
            let (_, h, _) = size(z);
            let need_h = (map.height() as u16).saturating_mul(h);
            full_width(map, z) <= area.width && need_h <= area.height
        })
        .unwrap_or(1)
}

/// Rows the whole map takes at `zoom`.
pub fn rows_needed(map: &Map, zoom: u8) -> u16 {
    let (_, h, _) = size(zoom);
    (map.height() as u16).saturating_mul(h)
}

/// Columns the whole map takes at `zoom`: its hexes, odd rows half a hex in, and the
/// outline's last column; at [`MAX_ZOOM`] the widest the map is ever drawn.
pub fn full_width(map: &Map, zoom: u8) -> u16 {
    let (w, _, _) = size(zoom);
    (map.width() as u16)
        .saturating_mul(w)
        .saturating_add(w / 2 + 1)
}

/// What to highlight on the map.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// Hexes a move may end in, with the movement cost.
    pub reach: Vec<(Hex, u32)>,
    /// Units that may be targeted.
    pub targets: Vec<Hex>,
    /// The selected target.
    pub selected: Option<Hex>,
    /// A shooter's field of fire: each hex within its range and how it covers it (R6.2,
    /// R6.3).
    pub fire: Vec<(Hex, Cover)>,
    /// Hexes an enemy's charge could reach next Movement phase (R4.4).
    pub charge_zone: Vec<Hex>,
    /// Enemy units that could charge or fire at the cursor's hex.
    pub threats: Vec<Hex>,
    /// The hexes a pending decision is about (the unit hit and who hit it, say): marked,
    /// and kept clear of the decision's box.
    pub concerned: Vec<Hex>,
}

/// The four characters an empty hex of a field of fire shows, so range is read without
/// colour: `ap` armor-piercing, `rg` in range, `mt` only against mounted, `ov` overhead,
/// `--` out of sight.
pub fn cover_text(cover: Cover) -> &'static str {
    match cover {
        Cover::Pierce => " ap ",
        Cover::Range => " rg ",
        Cover::Mounted => " mt ",
        Cover::Overhead => " ov ",
        Cover::Hidden => " -- ",
        Cover::Engaged => " en ",
    }
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

/// The lower line of an empty hex with field works (R12.5).
pub const WORKS_LINE: &str = " ## ";

/// The lower line of an empty hex a road runs through (R12.6).
pub const ROAD_LINE: &str = "-==-";

/// The lower line of an empty hex of water a bridge carries a road over (R12.6).
pub const BRIDGE_LINE: &str = "~==~";

/// The lower line of an empty hex with both field works and a road (R12.5, R12.6).
pub const WORKS_ROAD_LINE: &str = "=##=";

/// The lower line an empty hex's overlays draw, if any: field works (R12.5), a road or a
/// bridge (R12.6).
fn overlay_line(map: &Map, hex: Hex) -> Option<&'static str> {
    match (map.has_works(hex), map.has_road(hex)) {
        (true, true) => Some(WORKS_ROAD_LINE),
        (true, false) => Some(WORKS_LINE),
        (false, true) if map.has_bridge(hex) => Some(BRIDGE_LINE),
        (false, true) => Some(ROAD_LINE),
        (false, false) => None,
    }
}

/// The lower line of an empty hex where a reserve of the side lettered `letter` will
/// arrive (R12.1): `+R+ `.
pub fn arrival_line(letter: char) -> String {
    format!("+{letter}+ ")
}

/// The side of the first reserve still to come that may arrive on `hex` (R12.1).
fn arrival_side(game: &crate::engine::Game, hex: Hex) -> Option<crate::engine::SideId> {
    (game.units().iter())
        .find(|u| u.to_come() && u.reserve.as_ref().is_some_and(|r| r.hexes.contains(&hex)))
        .map(|u| u.side)
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
    /// The zoom level in force: the player's choice, or the largest that fits the map.
    fn zoom(&self, area: Rect) -> u8 {
        self.app
            .map_view
            .chosen_zoom()
            .unwrap_or_else(|| auto_zoom(self.app.game().map(), area))
    }

    /// Visible columns and rows of hexes in an area at a zoom level.
    pub fn capacity(area: Rect, zoom: u8) -> (i32, i32) {
        let (w, h, _) = size(zoom);
        (
            (area.width.saturating_sub(w / 2) / w).max(1) as i32,
            (area.height / h).max(1) as i32,
        )
    }

    /// Scrolls the view so the cursor stays inside with a margin.
    fn scroll(&self, area: Rect, zoom: u8) -> (i32, i32) {
        let (cols, rows) = HexMap::capacity(area, zoom);
        let map = self.app.game().map();
        let (cc, cr) = Map::offset(self.app.cursor);
        let (mut vc, mut vr) = self.app.map_view.scroll.get();
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
        self.app.map_view.scroll.set((vc, vr));
        (vc, vr)
    }
}

impl Widget for HexMap<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let zoom = self.zoom(area);
        let (vc, vr) = self.scroll(area, zoom);
        self.app.map_view.geometry.set(MapGeometry {
            area,
            view: (vc, vr),
            zoom,
        });
        let (w, h, _) = size(zoom);
        let (cols, rows) = HexMap::capacity(area, zoom);
        for row in vr..vr + rows {
            for col in vc..vc + cols {
                let hex = Map::hex_at(col, row);
                let Some(terrain) = self.app.game().map().terrain(hex) else {
                    continue;
                };
                let shift = if row & 1 == 1 { w / 2 } else { 0 };
                let x = area.x + ((col - vc) as u16) * w + shift;
                let y = area.y + ((row - vr) as u16) * h;
                if x + w - 1 > area.right() || y + h > area.bottom() {
                    continue;
                }
                let left = x == area.x;
                self.draw_hex(buf, (x, y, left), zoom, hex, terrain);
            }
        }
        more_map(buf, area, self.app.game().map(), (vc, vr), (cols, rows), h);
    }
}

/// Arrows on the map's frame where more map lies beyond the view (issue 26: a clipped map
/// hid rows and units with nothing to say so): `▲` `▼` at the right-hand column's ends,
/// `◀` `▶` on a line of shifted (odd) row, where the left column is blank.
fn more_map(buf: &mut Buffer, area: Rect, map: &Map, view: (i32, i32), shown: (i32, i32), h: u16) {
    let (vc, vr) = view;
    let (cols, rows) = shown;
    let style = Style::default()
        .fg(Color::Black)
        .bg(Color::LightYellow)
        .add_modifier(Modifier::BOLD);
    let right = area.right().saturating_sub(1);
    // A row of the view near its middle that is odd on the map (shifted right).
    let mut k = rows / 2;
    if (vr + k) & 1 == 0 {
        k = if k + 1 < rows { k + 1 } else { (k - 1).max(0) };
    }
    let side_y = (area.y + (k as u16) * h).min(area.bottom().saturating_sub(1));
    let marks = [
        (vr > 0, right, area.y, "▲"),
        (
            vr + rows < map.height() as i32,
            right,
            area.bottom().saturating_sub(1),
            "▼",
        ),
        (vc > 0, area.x, side_y, "◀"),
        (vc + cols < map.width() as i32, right, side_y, "▶"),
    ];
    for (more, x, y, arrow) in marks {
        if more {
            buf.set_string(x, y, arrow, style);
        }
    }
}

impl HexMap<'_> {
    /// The text and style of a hex's content at size 1 (4 × 2 characters).
    fn content(&self, hex: Hex, terrain: Terrain) -> ([String; 2], Style) {
        let game = &self.app.game();
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
        let empty = game.unit_at(hex).is_none() && !objective;
        // R12.5, R12.6: works and roads show on an empty hex's lower line, at every size.
        if let Some(line) = overlay_line(game.map(), hex).filter(|_| empty) {
            lines[1] = line.into();
        }
        // R12.1: where a reserve still to come will arrive, in its side's colour.
        if let Some(side) = arrival_side(game, hex).filter(|_| empty) {
            lines[1] = arrival_line(self.app.side_letter(side));
            style = style.fg(side_color(side.index()));
        }
        if let Some((_, cover)) = self.highlights.fire.iter().find(|(h, _)| *h == hex) {
            if empty {
                lines[1] = cover_text(*cover).into();
            }
            style = match cover {
                Cover::Pierce => style.bg(Color::Yellow).fg(Color::Black),
                Cover::Hidden | Cover::Engaged => style,
                _ => style.bg(Color::Gray).fg(Color::Black),
            };
        }
        if self.highlights.charge_zone.contains(&hex) {
            if empty {
                lines[1] = " ch ".into();
            }
            style = style.bg(Color::Red).fg(Color::White);
        }
        if let Some((_, cost)) = self.highlights.reach.iter().find(|(h, _)| *h == hex) {
            // The cost takes the terrain's line: a unit keeps its tag (the moving unit
            // stands in its own reach) and an objective its `@@` (issue 26).
            let label = format!("{}+{:<2}", terrain.symbol(), cost);
            match game.unit_at(hex) {
                Some(_) => {}
                None if objective => lines[0] = label,
                None => lines[1] = label,
            }
            // A named colour, so 16-colour terminals show it too; the cost says it anyway.
            style = style.bg(Color::Green).fg(Color::Black);
        }
        if self.highlights.targets.contains(&hex) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if hex == self.app.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        (lines, style)
    }

    /// The lines of a hex at a zoom level: size 1's content as it is; larger sizes spread it
    /// with the terrain's name below, and the largest draws an outline around it.
    fn lines(&self, zoom: u8, hex: Hex, terrain: Terrain) -> (Vec<String>, Style) {
        let ([top, bottom], style) = self.content(hex, terrain);
        let (w, h, outline) = size(zoom);
        if zoom <= 1 {
            return (vec![top, bottom], style);
        }
        let inner = usize::from(w) - if outline { 3 } else { 1 };
        let pad = |t: &str| format!("{:^inner$}", t.trim_end());
        // The terrain by name where it matters; open ground stays quiet but for a road, and
        // water under a bridge is named by its bridge (R12.6).
        let map = self.app.game().map();
        let name = match terrain {
            Terrain::Water if map.has_bridge(hex) => "bridge".into(),
            Terrain::Clear if map.has_road(hex) => "road".into(),
            Terrain::Clear => String::new(),
            t => format!("{t:?}").to_lowercase(),
        };
        let name = match (self.app.game().map().has_works(hex), name.is_empty()) {
            (false, _) => name,
            (true, true) => "works".into(),
            (true, false) => format!("{name} works"),
        };
        let (bottom, name) = self.with_worth(hex, (bottom, name), inner);
        let mut body = vec![pad(&top), pad(&bottom), pad(&name)];
        body.truncate(usize::from(h) - if outline { 2 } else { 0 });
        if !outline {
            return (body, style);
        }
        let edge = "-".repeat(inner.saturating_sub(2));
        let mut out = vec![format!(" /{edge}\\ ")];
        out.extend(body.iter().map(|l| format!("|{l}|")));
        out.push(format!(" \\{edge}/ "));
        (out, style)
    }

    /// An objective worth more than 1 shows its value by its mark (R12.4): `@@3` for the
    /// empty hex's `@@`, or before the terrain's name (in its place if both do not fit
    /// in `inner` columns) when a unit stands on it.
    fn with_worth(
        &self,
        hex: Hex,
        (bottom, name): (String, String),
        inner: usize,
    ) -> (String, String) {
        let game = self.app.game();
        let worth = (game.objectives().iter())
            .find(|o| o.hex == hex && o.value > 1)
            .map(|o| format!("@@{}", o.value));
        match worth {
            Some(mark) if bottom.trim() == "@@" => (mark, name),
            Some(mark) if game.unit_at(hex).is_some() => match name.is_empty() {
                true => (bottom, mark),
                false if mark.len() + 1 + name.chars().count() <= inner => {
                    (bottom, format!("{mark} {name}"))
                }
                false => (bottom, mark),
            },
            _ => (bottom, name),
        }
    }

    /// Draws a hex at `(x, y)`; `left` when it starts at the map's left edge, where its
    /// marks go on its right so they neither cover its side letter nor leave the map.
    fn draw_hex(&self, buf: &mut Buffer, at: (u16, u16, bool), zoom: u8, hex: Hex, t: Terrain) {
        let (x, y, left) = at;
        let (lines, style) = self.lines(zoom, hex, t);
        for (dy, line) in (0u16..).zip(&lines) {
            buf.set_string(x, y + dy, line, style);
        }
        let width = lines.first().map_or(4, |l| l.chars().count() as u16);
        let mark_x = if left { x + width } else { x - 1 };
        let middle = y + (lines.len() as u16).saturating_sub(1) / 2;
        if let (Some(mark), false) = (
            self.app.traces.mark(hex, self.app.viewer()),
            self.highlights.targets.contains(&hex),
        ) {
            let style = Style::default()
                .fg(Color::LightMagenta)
                .add_modifier(Modifier::BOLD);
            buf.set_string(mark_x, y, mark.to_string(), style);
        }
        if self.highlights.concerned.contains(&hex) {
            let yellow = Style::default()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD);
            buf.set_string(x.saturating_sub(1), y, "?", yellow);
        }
        if self.highlights.threats.contains(&hex) {
            let red = Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD);
            buf.set_string(x.saturating_sub(1), y, "!", red);
        }
        if self.highlights.targets.contains(&hex) {
            let mark = if self.highlights.selected == Some(hex) {
                ">"
            } else {
                "!"
            };
            let bold = Style::default()
                .fg(Color::LightYellow)
                .add_modifier(Modifier::BOLD);
            buf.set_string(mark_x, y, mark, bold);
        }
        // Outlined hexes show the cursor by their reversed colours alone: brackets would
        // fall on the neighbours' outlines.
        if hex == self.app.cursor && !left && !size(zoom).2 {
            let white = Style::default().fg(Color::White);
            buf.set_string(
                x - 1,
                middle.max(y + 1).min(y + lines.len() as u16 - 1),
                "[",
                white,
            );
            buf.set_string(
                x + width,
                middle.max(y + 1).min(y + lines.len() as u16 - 1),
                "]",
                white,
            );
        }
    }
}
