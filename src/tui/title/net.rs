//! The title screen's way to a battle across two machines (issue 31): `N` hosts the
//! selected battle, `J` opens a form for the host's address and join code.

use super::{Choice, NetChoice, Title};
use crate::text::escape_text;
use crate::tui::keys::{self, Action, Context};
use crate::tui::Key;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// The longest address and code typed, in characters.
const MAX_FORM: usize = 200;

impl Title {
    /// `N`: the selected battle, hosted (the quick battle and the saves cannot be).
    pub(super) fn host_selected(&mut self) -> Option<Choice> {
        match self.battles.get(self.selected) {
            Some(s) => Some(Choice::Network(Box::new(NetChoice::Host(Box::new(
                s.clone(),
            ))))),
            None => {
                self.message = "only a shipped battle can be hosted from here: select one".into();
                None
            }
        }
    }

    /// A key for the join form: characters add, Backspace takes back, Enter joins with
    /// the address and code typed, Esc closes the form.
    pub(super) fn join_key(&mut self, key: Key, mut form: String) -> Option<Choice> {
        match (keys::action(Context::JoinForm, key), key) {
            (Some(Action::Confirm), _) => {
                let mut words = form.split_whitespace();
                match (words.next(), words.next(), words.next()) {
                    (Some(address), Some(code), None) => {
                        return Some(Choice::Network(Box::new(NetChoice::Join {
                            address: address.to_string(),
                            code: code.to_string(),
                        })));
                    }
                    _ => self.message = "type the address, a space and the code".into(),
                }
            }
            (Some(Action::Cancel), _) => return None,
            (Some(Action::DeleteChar), _) => {
                form.pop();
            }
            (_, Key::Char(c)) if !c.is_control() && form.chars().count() < MAX_FORM => form.push(c),
            _ => {}
        }
        self.join_form = Some(form);
        None
    }
}

/// The join form over the title screen.
pub(super) fn draw_join_form(frame: &mut Frame, area: Rect, form: &str, message: &str) {
    let text = vec![
        Line::raw("Join a battle another player hosts."),
        Line::raw(
            "Type the address and the code their screen shows, e.g.  192.168.1.20:7878 4821-0937",
        ),
        Line::raw(""),
        Line::raw(format!("> {}_", escape_text(form))),
        Line::raw(""),
        Line::raw("Enter joins, Esc goes back."),
        Line::raw(""),
        Line::raw(escape_text(message).into_owned()),
    ];
    let block = Block::bordered().title(" Join ");
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        area,
    );
}
