pub mod ai;
pub mod engine;
