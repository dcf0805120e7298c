//! `volley show FILE`: a scenario's map with its units and objectives as plain text, drawn
//! by the game's own map widget into an off-screen buffer, with a key of the units
//! (tag, side, label, hex) and objectives, so a designer sees the layout without playing.

use super::app::App;
use super::map_view::{auto_zoom, full_width, hex_cells, HexMap, Highlights, MAX_ZOOM};
use crate::columns;
use crate::engine::Map;
use crate::scenario::{Controller, Scenario};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The scenario drawn `width` columns wide at most (the zoom is the largest that fits the
/// whole map; a width past the largest hexes' drawing is taken as that), followed by its
/// key. Errors: a width too narrow for the whole map at the
/// smallest hexes, and the engine's setup problems.
pub fn show(scenario: Scenario, width: u16) -> Result<String, super::error::GameError> {
    let app = App::new(scenario, 0, [Controller::Human; 2])?;
    let map = app.game().map();
    // Row numbers take the left margin: the last row's digits and a space.
    let margin = (map.height().saturating_sub(1).to_string().len() + 1) as u16;
    // The smallest hexes are 5 columns, odd rows half a hex in: no narrower fits the map.
    let need = full_width(map, 1).saturating_add(margin);
    if width < need {
        return Err(super::error::GameError::TooNarrow {
            hexes: map.width(),
            need,
        });
    }
    // Wider than the largest hexes' drawing changes nothing but the work: a 200×200 map
    // drawn 65,535 columns wide took 36 s and 3 GB for the same text (issue 25).
    let width = width.min(full_width(map, MAX_ZOOM).saturating_add(margin));
    // Tall enough for any zoom, under the line of column numbers; what is left blank is
    // trimmed below.
    let rows = (map.height() as u16).saturating_mul(5).max(1);
    let area = Rect::new(margin, 1, width - margin, rows);
    app.map_view.choose_zoom(Some(auto_zoom(map, area)));
    // No cursor on the map: put it off the board.
    let mut app = app;
    app.cursor = Map::hex_at(-10, -10);
    let mut buf = Buffer::empty(Rect::new(0, 0, width, rows.saturating_add(1)));
    HexMap {
        app: &app,
        highlights: Highlights::default(),
    }
    .render(area, &mut buf);
    number_hexes(&app, &mut buf);
    let mut out = format!("{}\n\n", app.scenario.name);
    out.push_str(&text_of(&buf));
    out.push_str(&key(&app));
    Ok(out)
}

/// Column numbers on the top line over row 0's hexes, row numbers in the left margin on
/// the line of each row's unit marks: the `(col, row)` a scenario file writes.
fn number_hexes(app: &App, buf: &mut Buffer) {
    let geometry = app.map_view.geometry();
    let map = app.game().map();
    let (w, h) = hex_cells(geometry.zoom);
    let style = ratatui::style::Style::default();
    for col in 0..map.width() as i32 {
        // `cell` starts at the mark column left of the hex; the number goes over its middle.
        if let Some(cell) = geometry.cell(Map::hex_at(col, 0)) {
            let text = col.to_string();
            let x = cell.x + 1 + (w - 2) / 2 - (text.len() as u16).saturating_sub(1) / 2;
            buf.set_string(x, 0, text, style);
        }
    }
    for row in 0..map.height() as i32 {
        if let Some(cell) = geometry.cell(Map::hex_at(0, row)) {
            let text = format!("{row:>pad$}", pad = usize::from(geometry.area.x) - 1);
            buf.set_string(0, cell.y + (h / 2).saturating_sub(1), text, style);
        }
    }
}

/// What a unit at `hex` hides on the map: the terrain, its works and road (R12.5, R12.6),
/// and the objective there with its worth (R12.4): `hill, field works; on the mill`.
fn ground(game: &crate::engine::Game, hex: hexx::Hex) -> String {
    let map = game.map();
    let mut parts: Vec<String> = map
        .terrain(hex)
        .map(|t| format!("{t:?}").to_lowercase())
        .into_iter()
        .collect();
    if map.has_works(hex) {
        parts.push("field works".into());
    }
    match (map.has_road(hex), map.has_bridge(hex)) {
        (true, true) => parts.push("bridge".into()),
        (true, false) => parts.push("road".into()),
        _ => {}
    }
    let mut text = parts.join(", ");
    for o in game.objectives().iter().filter(|o| o.hex == hex) {
        let worth = super::describe::objective_worth(game, o);
        text.push_str(&format!("; on {}{worth}", o.name));
    }
    text
}

/// The buffer's characters, trailing blanks and blank lines at the end left out.
fn text_of(buf: &Buffer) -> String {
    let area = buf.area;
    let mut lines: Vec<String> = (area.top()..area.bottom())
        .map(|y| {
            let line: String = (area.left()..area.right())
                .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()).to_string())
                .collect();
            line.trim_end().to_string()
        })
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.join("\n") + "\n"
}

/// One line per unit (side letter and formation, tag, label, hex as the scenario writes
/// it) and per objective.
fn key(app: &App) -> String {
    let game = &app.game();
    let map = game.map();
    let present: Vec<String> = crate::engine::Terrain::ALL
        .into_iter()
        .filter(|t| map.hexes().any(|h| map.terrain(h) == Some(*t)))
        .map(|t| format!("{} {}", t.symbol(), format!("{t:?}").to_lowercase()))
        .collect();
    let mut present = present;
    if map.hexes().any(|h| map.has_works(h)) {
        present.push(format!(
            "{} field works (R12.5)",
            super::map_view::WORKS_LINE.trim()
        ));
    }
    let roads = [
        (super::map_view::ROAD_LINE, "road", false),
        (super::map_view::BRIDGE_LINE, "bridge", true),
    ];
    for (line, name, bridge) in roads {
        if map
            .hexes()
            .any(|h| map.has_road(h) && map.has_bridge(h) == bridge)
        {
            present.push(format!("{line} {name} (R12.6)"));
        }
    }
    let mut out = format!("\nTerrain: {}\n", present.join(", "));
    out.push_str("Units (side and formation, tag, uhp on the map):\n");
    let widths = Widths::of(game);
    for u in game.units().iter().filter(|u| !u.to_come()) {
        let (col, row) = Map::offset(u.pos);
        out.push_str(&format!(
            "{}({col}, {row})  {}\n",
            widths.unit(app, u),
            ground(game, u.pos),
        ));
    }
    out.push_str(&reserves(app, widths));
    if !game.objectives().is_empty() {
        out.push_str("Objectives (@@ on the map):\n");
        for o in game.objectives() {
            let (col, row) = Map::offset(o.hex);
            let worth = super::describe::objective_worth(game, o);
            let place = format!("({col}, {row})");
            out.push_str(&format!("  {} {place}{worth}\n", columns::pad(&o.name, 33)));
        }
    }
    out
}

/// The widths of the unit lines' label and side columns: each as wide as its longest in
/// the battle (at least 28 and 18 columns), so a long generated name does not push its
/// line's hex out of line with the others.
#[derive(Clone, Copy)]
struct Widths {
    label: usize,
    side: usize,
}

impl Widths {
    fn of(game: &crate::engine::Game) -> Widths {
        let widest = |f: &dyn Fn(&crate::engine::Unit) -> usize, least: usize| {
            (game.units().iter()).map(f).fold(least, usize::max)
        };
        Widths {
            label: widest(&|u| columns::width(&u.label), 28),
            side: widest(&|u| columns::width(&game.side(u.side).name), 18),
        }
    }

    /// A unit's first columns: side and formation, tag, label, side's name.
    fn unit(self, app: &App, u: &crate::engine::Unit) -> String {
        format!(
            "  {}{} {}  {} {} ",
            app.side_letter(u.side),
            u.troop.formation.code(),
            app.tag(u.id),
            columns::pad(&u.label, self.label),
            columns::pad(&app.game().side(u.side).name, self.side),
        )
    }
}

/// The reserves still to come, each with its side, tag, and when and where it arrives
/// (R12.1); nothing for a battle without.
fn reserves(app: &App, widths: Widths) -> String {
    let game = app.game();
    let lines: Vec<String> = (game.units().iter())
        .filter_map(|u| {
            let when = super::script_words::reserve_words(game, u)?;
            Some(format!("{}{when}\n", widths.unit(app, u)))
        })
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "Reserves (off the map until they arrive, R12.1; +R+ marks where):\n{}",
        lines.concat()
    )
}
