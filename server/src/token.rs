//! Seat tokens and match ids: random from the operating system, a token
//! shown once and kept only as its SHA-256, compared in constant time.

use sha2::{Digest, Sha256};

/// Random bytes in a seat token: 256 bits, more than the 128 a guess
/// must beat.
const TOKEN_BYTES: usize = 32;

/// Random bytes in a match id: 128 bits, so ids cannot be walked.
const ID_BYTES: usize = 16;

/// A fresh seat token (64 hex digits).
///
/// # Errors
/// The operating system has no randomness to give.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex::<TOKEN_BYTES>()
}

/// A fresh match id (32 hex digits).
///
/// # Errors
/// The operating system has no randomness to give.
pub fn new_match_id() -> Result<String, getrandom::Error> {
    random_hex::<ID_BYTES>()
}

/// A fresh session seed, so no one can know the match's draws in advance.
///
/// # Errors
/// The operating system has no randomness to give.
pub fn new_seed() -> Result<u64, getrandom::Error> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

fn random_hex<const N: usize>() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// What the database keeps of a token.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Whether `token` hashes to `stored`, taking the same time wherever the
/// two first differ (a free seat's empty hash never matches).
#[must_use]
pub fn token_matches(token: &str, stored: &str) -> bool {
    let presented = token_hash(token);
    if stored.len() != presented.len() {
        return false;
    }
    presented
        .bytes()
        .zip(stored.bytes())
        .fold(0u8, |diff, (a, b)| diff | (a ^ b))
        == 0
}

/// Whether `id` has the shape of a match id (the lobby refuses others
/// before they reach the database).
#[must_use]
pub fn is_match_id(id: &str) -> bool {
    id.len() == ID_BYTES * 2
        && id
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_hash_and_nothing_else() {
        let token = new_token().unwrap();
        assert_eq!(token.len(), 64);
        let stored = token_hash(&token);
        assert!(token_matches(&token, &stored));
        assert!(!token_matches(&new_token().unwrap(), &stored));
        assert!(!token_matches("", ""), "a free seat is nobody's");
        assert!(
            !token_matches(&token, &token),
            "the token is not its own hash"
        );
    }

    #[test]
    fn ids_and_tokens_are_fresh_each_time() {
        assert_ne!(new_token().unwrap(), new_token().unwrap());
        let id = new_match_id().unwrap();
        assert!(is_match_id(&id));
        assert!(!is_match_id("../etc/passwd"));
        assert!(!is_match_id(&id.to_uppercase()));
        assert_ne!(new_seed().unwrap(), new_seed().unwrap());
    }
}
