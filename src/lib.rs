pub mod ai;
pub mod commands;
pub mod engine;
pub mod save;
pub mod scenario;
pub mod tui;
