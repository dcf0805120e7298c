//! The log panel's own state: how far the player has scrolled it back and the page it
//! showed when last drawn, so PgUp and PgDn move a page and stop at the oldest entry.
//! No rule of play here: the log only tells what the engine's events said.

use super::app::Key;
use std::cell::Cell;

/// Where the log panel is scrolled to, and its page as last drawn.
#[derive(Debug)]
pub struct LogScroll {
    /// Entries scrolled back from the log's end.
    back: usize,
    /// The entries one page shows and the largest scroll back, as last drawn.
    paging: Cell<(usize, usize)>,
}

impl Default for LogScroll {
    fn default() -> LogScroll {
        // Before the first drawing a page is 5 entries and nothing limits the scroll but
        // the log's length.
        LogScroll {
            back: 0,
            paging: Cell::new((5, usize::MAX)),
        }
    }
}

impl LogScroll {
    /// Entries scrolled back from the log's end.
    pub fn back(&self) -> usize {
        self.back
    }

    /// The entries one page shows and the largest scroll back, as last drawn.
    pub fn paging(&self) -> (usize, usize) {
        self.paging.get()
    }

    /// Keeps what a drawing found: the page's size and the largest scroll back.
    pub fn drawn(&self, page: usize, top: usize) {
        self.paging.set((page, top));
    }

    /// Back to the log's end, as a new entry does.
    pub fn to_end(&mut self) {
        self.back = 0;
    }

    /// Scrolled back `back` entries from the end.
    pub fn set_back(&mut self, back: usize) {
        self.back = back;
    }

    /// PgUp / PgDn a page, the arrows (or `k` / `j`) an entry, in a log of `len` entries;
    /// back stops where the oldest entry is at the top.
    pub fn key(&mut self, key: Key, len: usize) {
        let (page, top) = self.paging.get();
        let top = top.min(len);
        self.back = match key {
            Key::PageUp => (self.back + page).min(top),
            Key::Up | Key::Char('k') => (self.back + 1).min(top),
            Key::Down | Key::Char('j') => self.back.saturating_sub(1),
            _ => self.back.saturating_sub(page),
        };
    }

    /// The mouse wheel: one entry back (`up`) or forward, in a log of `len` entries.
    pub fn wheel(&mut self, up: bool, len: usize) {
        self.key(if up { Key::Up } else { Key::Down }, len);
    }
}
