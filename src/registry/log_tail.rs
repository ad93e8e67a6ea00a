//! The part of a viewer's log it has not been sent yet, in the three forms
//! a front end shows: entries, lines of text and sentences.

use serde_json::Value;

/// A viewer's log from some step on ([`crate::registry::AnySession::log_since`]):
/// entry `i` of each list is the same step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogTail {
    /// The entries as the protocol writes them (hidden parts `null`).
    pub entries: Vec<Value>,
    /// One line of notation each, as [`crate::registry::AnySession::log_text`].
    pub text: Vec<String>,
    /// One sentence each, as [`crate::registry::AnySession::narration`].
    pub narration: Vec<String>,
}
