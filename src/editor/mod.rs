//! The battle editor (issue 32): a scenario as a draft that edits change and undo, written back as clean RON.
pub mod checker;
pub mod draft;
pub mod preview;
pub mod renames;
pub mod words;
pub mod write;
