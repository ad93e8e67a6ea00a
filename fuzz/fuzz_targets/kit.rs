//! The conformance kit's whole-game cases (`run_case`), chosen by the fuzzer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabletop_fuzz::kit(data));
