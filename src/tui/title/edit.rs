//! The title screen's way into the battle editor (issue 32): `E` edits the selected
//! battle (a shipped battle not on disk as a copy in the current folder, written when it is
//! first saved) or, on the quick-battle row or a save, a new battle.

use super::{Choice, Title};
use std::path::{Path, PathBuf};

impl Title {
    /// The editor's file and starting text for the selected row.
    pub(super) fn edit_selected(&self) -> Choice {
        let seed = self.quick_seed;
        let Some(s) = self.battles.get(self.selected) else {
            let path = crate::commands::edit::fresh_name(Path::new("."));
            return Choice::Edit(path, None, seed);
        };
        let on_disk = PathBuf::from(&s.file);
        if std::fs::read_to_string(&on_disk).is_ok_and(|t| t == s.source) {
            return Choice::Edit(on_disk, None, seed);
        }
        let name = on_disk
            .file_name()
            .map_or_else(|| PathBuf::from("battle.ron"), PathBuf::from);
        let copy = Path::new(".").join(name);
        let text = (!copy.exists()).then(|| s.source.clone());
        Choice::Edit(copy, text, seed)
    }
}
