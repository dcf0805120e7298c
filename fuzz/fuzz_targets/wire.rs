//! The network decoder on any bytes (issue 31): a frame read from them (its length checked
//! against the limit before anything is read) and the message decoded from the frame or
//! from the bytes themselves is a named refusal or a message, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = volley::net::wire::decode(data);
    let mut reader = data;
    if let Ok(frame) = volley::net::secure::read_frame(&mut reader) {
        let _ = volley::net::wire::decode(&frame);
    }
});
