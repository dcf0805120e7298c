//! A stream of commands on a running battle (see `volley_fuzz::stream`): legal orders and
//! arbitrary ones, refused or resolved, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| volley_fuzz::stream::play(data));
