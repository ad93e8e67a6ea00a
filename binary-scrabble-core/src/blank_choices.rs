//! How many plays one run of new tiles stands for: the move generator
//! puts a natural tile while the rack has one and a blank only after, so
//! a run it finds is a play for every choice of which of its tiles are the
//! blanks (R-9: a blank shows any face and scores nothing).

use crate::action::MAX_TILES;
use crate::tile::Kind;

/// In how many ways tiles showing the faces `counts` (5 bits a face) can
/// come from `rack`: for each face, which of the tiles showing it are
/// blanks, with natural tiles no more than the rack holds and blanks no
/// more in all.
pub(crate) fn choices(counts: u64, rack: &[u8; 12]) -> usize {
    let blanks = usize::from(rack[Kind::Blank.index()]).min(MAX_TILES);
    // ways[b]: the choices so far that use b blanks.
    let mut ways = [0usize; MAX_TILES + 1];
    ways[0] = 1;
    let mut rest = counts;
    while rest != 0 {
        let f = rest.trailing_zeros() as usize / 5;
        let c = ((rest >> (5 * f)) & 31) as usize;
        rest &= !(31 << (5 * f));
        let least = c.saturating_sub(usize::from(rack[f]));
        let mut next = [0usize; MAX_TILES + 1];
        for used in 0..=blanks {
            let w = ways[used];
            if w == 0 {
                continue;
            }
            // b of the c tiles are blanks, the rest natural.
            for b in least..=c.min(blanks - used) {
                next[used + b] += w * BINOMIAL[c][b];
            }
        }
        ways = next;
    }
    ways[..=blanks].iter().sum()
}

/// Slots of the memory of [`choices`] (a power of two, indexed by the top
/// bits of a hash).
pub(crate) const CHOICES_SLOTS: usize = 1 << 10;

/// C(n, k) for n, k up to nine.
const BINOMIAL: [[usize; MAX_TILES + 1]; MAX_TILES + 1] = {
    let mut t = [[0usize; MAX_TILES + 1]; MAX_TILES + 1];
    let mut n = 0;
    while n <= MAX_TILES {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Face, KindCounts};

    /// Face counts packed 5 bits a face, as the search keeps them.
    fn counts(faces: &[(Face, u64)]) -> u64 {
        faces.iter().map(|&(f, c)| c << (5 * f.index())).sum()
    }

    #[test]
    fn r9_every_choice_of_blanks_is_a_play() {
        let rack: KindCounts = "1 0 ? ?".parse().unwrap();
        // Two 1s, one natural: one or both of them are blanks.
        assert_eq!(choices(counts(&[(Face::One, 2)]), &rack.0), 3);
        // And a 0: natural or a blank, within two blanks in all.
        assert_eq!(
            choices(counts(&[(Face::One, 2), (Face::Zero, 1)]), &rack.0),
            5
        );
        // Three 1s need both blanks.
        assert_eq!(choices(counts(&[(Face::One, 3)]), &rack.0), 3);
        // An `=` with no natural one: a blank, in one way.
        assert_eq!(choices(counts(&[(Face::Equals, 1)]), &rack.0), 1);
        let none: KindCounts = "1 0".parse().unwrap();
        assert_eq!(choices(counts(&[(Face::One, 1)]), &none.0), 1);
    }

    #[test]
    fn binomials() {
        assert_eq!(BINOMIAL[9], [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]);
        assert_eq!(BINOMIAL[3][2], 3);
    }
}
