//! The serve protocol: lines from the bytes, one JSON object back per line.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabletop_fuzz::serve(data));
