//! The player's settings, kept between battles in `settings.ron` in the user's config
//! directory (issue 26): whether the game stops at a phase in which none of the player's
//! units has an order but stand fast, whether hot-seat play hands the keyboard over
//! with a pop-up, and the computer's level chosen on the title screen. Read when a battle
//! opens, written when a toggle or the level changes them; a missing file is the defaults,
//! a bad one is the defaults and its reason.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The longest settings file read, in bytes: a few lines are expected.
const MAX_SETTINGS_BYTES: u64 = 64 * 1024;

/// What the player chose once and keeps: each field has its default when the file lacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Stop at a phase in which none of the player's units has an order other than stand
    /// fast, instead of ending the side's orders with a line in the log (off by default).
    pub stop_at_empty_phases: bool,
    /// Hot-seat: show the handover pop-up when the keyboard passes (on by default; nothing
    /// in these rules is hidden, so it may be switched off).
    pub handovers: bool,
    /// The computer's level chosen with `l` on the title screen, for every battle opened
    /// there; `None` (as by default) leaves each battle at its scenario's level.
    pub level: Option<crate::ai::Level>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            stop_at_empty_phases: false,
            handovers: true,
            level: None,
        }
    }
}

/// The settings file: `$XDG_CONFIG_HOME/volley/settings.ron`, else
/// `$HOME/.config/volley/settings.ron`; `None` when neither variable is set.
pub fn settings_path() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("XDG_CONFIG_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".config")))
        .map(|d| d.join("volley").join("settings.ron"))
}

impl Settings {
    /// The settings in `path`: the defaults when it does not exist; the defaults and the
    /// reason (with the file's name) when it cannot be read or is not a settings file.
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        if !path.exists() {
            return (Settings::default(), None);
        }
        let shown = crate::files::shown(path);
        let text = match crate::files::read_text(path, MAX_SETTINGS_BYTES) {
            Ok(text) => text,
            Err(e) => return (Settings::default(), Some(format!("{shown}: {e}"))),
        };
        match ron::from_str::<Settings>(&text) {
            Ok(settings) => (settings, None),
            Err(e) => {
                let why = crate::text::escape_text(&e.to_string()).into_owned();
                (Settings::default(), Some(format!("{shown}: {why}")))
            }
        }
    }

    /// Writes the settings to `path` atomically, creating its directory; the reason, with
    /// the file's name, if it cannot.
    ///
    /// # Errors
    /// [`SettingsError`] when they cannot be written as RON or the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), super::error::SettingsError> {
        let pretty = ron::ser::PrettyConfig::default();
        let text = ron::ser::to_string_pretty(self, pretty)?;
        crate::files::write_atomic(path, &[text.as_bytes(), b"\n"]).map_err(|source| {
            super::error::SettingsError::Write {
                path: path.to_path_buf(),
                source,
            }
        })
    }
}
