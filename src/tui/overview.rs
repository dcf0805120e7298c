//! The map overview (`M`, issue 26): the whole map at one character a cell, so that a map
//! clipped by a small terminal can still be seen at once. Each cell shows a unit's side
//! letter, else `@` for an objective, else `#` for a bridge and `+` for a road over open
//! ground (R12.6), else its terrain's symbol (R1.2, R10.3); the part the
//! map view shows now is drawn bright, the rest dim. A map too large for the screen is
//! shown in blocks of hexes, each cell the first unit, objective or terrain of its block.

use super::app::App;
use crate::engine::map::Terrain;
use crate::engine::Map;
use hexx::Hex;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// The overview's lines for a popup whose inside is `cols × rows` cells: one line a row of
/// cells, odd map rows shifted by one cell when a cell is one hex, then a key line.
pub fn lines(app: &App, cols: u16, rows: u16) -> Vec<Line<'static>> {
    let map = app.game().map();
    let (w, h) = (map.width().max(1), map.height().max(1));
    // Two cells a hex (a symbol and a gap) when that fits, else blocks of hexes.
    let room_cols = u32::from(cols.saturating_sub(1)).max(1);
    let room_rows = u32::from(rows.saturating_sub(1)).max(1);
    let spaced = 2 * w < room_cols && h <= room_rows;
    let step_c = if spaced { 1 } else { w.div_ceil(room_cols) };
    let step_r = if spaced { 1 } else { h.div_ceil(room_rows) };
    let shown = shown_area(app);
    let mut out = Vec::new();
    for r in (0..h).step_by(step_r as usize) {
        let mut spans = Vec::new();
        if spaced && r % 2 == 1 {
            spans.push(Span::raw(" "));
        }
        for c in (0..w).step_by(step_c as usize) {
            let cell = cell(app, (c, r), (step_c, step_r));
            let inside = shown.contains(c, r);
            let style = if inside {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default().add_modifier(Modifier::DIM)
            };
            let text = if spaced {
                format!("{cell} ")
            } else {
                cell.to_string()
            };
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    let scale = if spaced {
        String::from("one cell a hex")
    } else {
        format!("one cell {step_c}×{step_r} hexes")
    };
    out.push(Line::raw(format!(
        "{w}×{h} hexes, {scale}; + road, # bridge; bright: what the map shows now (columns {}–{}, rows {}–{}). Any key closes.",
        shown.cols.0, shown.cols.1, shown.rows.0, shown.rows.1
    )));
    out
}

/// The first thing worth a mark in the block of `step` hexes at offset `(c, r)`: a unit's
/// side letter, then an objective's `@`, then the block's first hex: a road's mark
/// ([`road_mark`]) or its terrain's symbol.
fn cell(app: &App, (c, r): (u32, u32), (sc, sr): (u32, u32)) -> char {
    let map = app.game().map();
    let hexes = || {
        (r..(r + sr).min(map.height()))
            .flat_map(move |row| (c..(c + sc).min(map.width())).map(move |col| (col, row)))
            .map(|(col, row)| Map::hex_at(col as i32, row as i32))
    };
    if let Some(u) = hexes().find_map(|hex| app.game().unit_at(hex)) {
        return app.side_letter(u.side);
    }
    if hexes().any(|hex| app.game().objectives().iter().any(|o| o.hex == hex)) {
        return '@';
    }
    let first = Map::hex_at(c as i32, r as i32);
    road_mark(map, first).unwrap_or_else(|| map.terrain(first).map_or(' ', |t| t.symbol()))
}

/// R12.6: a road's mark at `hex`, where it tells more than the terrain: `#` a bridge
/// ([`Map::has_bridge`]), `+` a road over clear, rough or hill; a road through woods, a
/// village or a ford keeps that terrain's symbol, which matters more.
fn road_mark(map: &Map, hex: Hex) -> Option<char> {
    if map.has_bridge(hex) {
        return Some('#');
    }
    let open = matches!(
        map.terrain(hex),
        Some(Terrain::Clear | Terrain::Rough | Terrain::Hill)
    );
    (open && map.has_road(hex)).then_some('+')
}

/// The columns and rows of hexes the map view shows now, inclusive, from its last drawing.
struct Shown {
    cols: (u32, u32),
    rows: (u32, u32),
}

impl Shown {
    fn contains(&self, c: u32, r: u32) -> bool {
        (self.cols.0..=self.cols.1).contains(&c) && (self.rows.0..=self.rows.1).contains(&r)
    }
}

fn shown_area(app: &App) -> Shown {
    let g = app.map_view.geometry();
    let map = app.game().map();
    let (hw, hh) = super::map_view::hex_cells(g.zoom);
    let first = |v: i32| u32::try_from(v.max(0)).unwrap_or(0);
    let (c0, r0) = (first(g.view.0), first(g.view.1));
    let across = u32::from(g.area.width / hw.max(1)).max(1);
    let down = u32::from(g.area.height / hh.max(1)).max(1);
    let last = |start: u32, n: u32, size: u32| (start + n - 1).min(size.saturating_sub(1));
    Shown {
        cols: (c0, last(c0, across, map.width())),
        rows: (r0, last(r0, down, map.height())),
    }
}
