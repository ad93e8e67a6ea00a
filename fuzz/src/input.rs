//! The fuzzer's bytes, read as a stream of small choices.
//!
//! Every read succeeds: past the end the stream gives zeros, so a short
//! input is still a whole (if dull) case and the fuzzer can grow it a byte
//! at a time. [`Input::is_empty`] tells a walk when to stop.

/// A cursor over the fuzzer's bytes.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Input<'a> {
    /// Reads `data` from its start.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Input { data, pos: 0 }
    }

    /// Whether every byte has been read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte, or 0 past the end.
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos = self.pos.saturating_add(1);
        b
    }

    /// A number below `n` (0 when `n` is 0): one byte for lists up to 256
    /// long, two beyond, so one mutated byte moves one choice.
    pub fn below(&mut self, n: usize) -> usize {
        match n {
            0 => 0,
            1..=256 => usize::from(self.byte()) % n,
            _ => usize::from(u16::from_le_bytes([self.byte(), self.byte()])) % n,
        }
    }

    /// A little-endian `u64` from the next eight bytes.
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        u64::from_le_bytes(b)
    }

    /// The next `n` bytes (fewer at the end).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        let end = start.saturating_add(n).min(self.data.len());
        self.pos = self.pos.saturating_add(n);
        &self.data[start..end]
    }

    /// Every byte not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        let start = self.pos.min(self.data.len());
        self.pos = self.data.len();
        &self.data[start..]
    }
}

#[cfg(test)]
mod tests {
    use super::Input;

    #[test]
    fn reads_choices_then_zeros() {
        let mut input = Input::new(&[7, 1, 2, 3]);
        assert_eq!(input.below(5), 2);
        assert_eq!(input.below(1000), usize::from(u16::from_le_bytes([1, 2])));
        assert_eq!(input.take(4), &[3]);
        assert!(input.is_empty());
        assert_eq!(input.byte(), 0);
        assert_eq!(input.below(0), 0);
        assert_eq!(input.rest(), &[] as &[u8]);
    }
}
