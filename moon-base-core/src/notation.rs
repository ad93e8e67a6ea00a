//! Moon Base's move notation (see "Move notation" in [`crate::rules`]):
//! a ring as its size letter and colour, then where it goes, a crater by
//! its board id or two supporting rings by id and the lattice point.
//!
//! ```text
//! move  = PIECE CRATER | PIECE "on" "#"A "+" "#"B "at" X "," Y
//!       | "colour" COLOUR | "tower" CRATER | "take pile" N
//!       | "base" CRATER | "decline base" | "pass"
//! PIECE = ("L" | "S") COLOUR        COLOUR = "gold" | "silver" | "navy"
//! ```

use game_core::notation::{Scanner, Word};
use game_core::{Notation, NotationError, Seat};

use crate::{Action, Colour, CraterId, MoonBase, Piece, RingId, Size, State};

const MOVES: &str = "a ring (L gold), colour, tower, take, base, decline base or pass";
const CRATER: &str = "a crater of the board";
const COLOUR: &str = "gold, silver or navy";

/// A crater id the board lacks is written `?` and its index, so that even
/// an action naming no crater of the board has a text.
const NO_CRATER: char = '?';

fn colour_of(w: &Word<'_>) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .find(|c| w.is(c.word()) || w.is(&c.letter().to_string()))
}

fn size_of(w: &Word<'_>) -> Option<Size> {
    Size::ALL
        .into_iter()
        .find(|s| w.is(s.word()) || w.is(&s.letter().to_string()))
}

fn colour(s: &mut Scanner<'_>) -> Result<Colour, NotationError> {
    let w = s.expect(COLOUR)?;
    colour_of(&w).ok_or_else(|| w.unexpected(COLOUR))
}

const RING: &str = "a ring id such as #3";

/// `#N` as a ring id.
fn ring_id(w: &Word<'_>) -> Result<RingId, NotationError> {
    let digits = Word {
        text: w.text.strip_prefix('#').ok_or_else(|| w.unexpected(RING))?,
        at: w.at + 1,
    };
    digits.number(0..=u16::MAX, RING).map(RingId)
}

fn ring(s: &mut Scanner<'_>) -> Result<RingId, NotationError> {
    ring_id(&s.expect(RING)?)
}

fn coordinate(s: &mut Scanner<'_>) -> Result<i32, NotationError> {
    const MM: &str = "a coordinate in millimetres";
    s.expect(MM)?.number(i32::MIN..=i32::MAX, MM)
}

impl MoonBase {
    /// The crater's board id, or `?` and its index when the board has none.
    fn crater_text(&self, k: CraterId) -> String {
        self.board
            .crater(k)
            .map_or_else(|| format!("{NO_CRATER}{}", k.0), |c| c.id.clone())
    }

    /// The crater a word names: its id as written, else the one id equal
    /// to it ignoring case, else `?N`.
    fn crater_named(&self, w: &Word<'_>) -> Result<CraterId, NotationError> {
        if let Some(k) = self.board.find(w.text) {
            return Ok(k);
        }
        let mut folded = self
            .board
            .craters()
            .iter()
            .enumerate()
            .filter(|(_, c)| w.is(&c.id));
        if let (Some((i, _)), None) = (folded.next(), folded.next()) {
            return Ok(CraterId(i as u16));
        }
        if let Some(index) = w.text.strip_prefix(NO_CRATER) {
            let digits = Word {
                text: index,
                at: w.at + 1,
            };
            return digits.number(0..=u16::MAX, CRATER).map(CraterId);
        }
        Err(w.unexpected(CRATER))
    }

    fn crater(&self, s: &mut Scanner<'_>) -> Result<CraterId, NotationError> {
        let w = s.expect(CRATER)?;
        self.crater_named(&w)
    }

    /// What follows a piece: a crater, or supports and a point.
    fn placement(&self, s: &mut Scanner<'_>, piece: Piece) -> Result<Action, NotationError> {
        // `on` is optional, unless it is the crater's own name.
        let first = s.expect("a crater or #A+#B")?;
        let target = if first.is("on") {
            s.word().unwrap_or(first)
        } else {
            first
        };
        if !target.text.starts_with('#') {
            let crater = self.crater_named(&target)?;
            return Ok(Action::PlaceOnCrater { piece, crater });
        }
        let a = ring_id(&target)?;
        s.need("+", "+ and the second supporting ring")?;
        let b = ring(s)?;
        s.need("at", "at and the centre x,y")?;
        let x = coordinate(s)?;
        s.eat(",");
        let y = coordinate(s)?;
        Ok(Action::Stack { piece, a, b, x, y })
    }
}

impl Notation for MoonBase {
    fn write_notation(&self, _state: &State, action: &Action) -> String {
        match *action {
            Action::ChooseColour(c) => format!("colour {c}"),
            Action::PlaceTower(k) => format!("tower {}", self.crater_text(k)),
            Action::TakePair(i) => format!("take pile {i}"),
            Action::PlaceOnCrater { piece, crater } => {
                format!("{piece} {}", self.crater_text(crater))
            }
            Action::Stack { piece, a, b, x, y } => {
                format!("{piece} on #{}+#{} at {x},{y}", a.0, b.0)
            }
            Action::Pass => "pass".into(),
            Action::PlaceResourceBase(k) => format!("base {}", self.crater_text(k)),
            Action::DeclineResourceBase => "decline base".into(),
        }
    }

    fn read_notation(
        &self,
        _state: &State,
        _seat: Seat,
        text: &str,
    ) -> Result<Action, NotationError> {
        let mut s = Scanner::new(text, &['+', ',']);
        s.non_empty()?;
        let head = s.expect(MOVES)?;
        let action = if let Some(size) = size_of(&head) {
            let colour = colour(&mut s)?;
            self.placement(&mut s, Piece::new(size, colour))?
        } else if head.is("colour") || head.is("color") {
            Action::ChooseColour(colour(&mut s)?)
        } else if head.is("tower") {
            Action::PlaceTower(self.crater(&mut s)?)
        } else if head.is("take") {
            const PILE: &str = "a pile 0 to 3";
            s.eat("pile");
            Action::TakePair(s.expect(PILE)?.number(0..=u8::MAX, PILE)?)
        } else if head.is("base") {
            Action::PlaceResourceBase(self.crater(&mut s)?)
        } else if head.is("decline") || head.is("no") {
            s.need("base", "base")?;
            Action::DeclineResourceBase
        } else if head.is("pass") {
            Action::Pass
        } else {
            return Err(head.unexpected(MOVES));
        };
        s.end()?;
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Game, NotationReason};

    use super::*;
    use crate::Config;

    #[test]
    fn every_shape_reads_back() {
        let g = MoonBase::new(Config::default()).unwrap();
        let s = g.initial_state();
        let lg = Piece::new(Size::Large, Colour::Gold);
        let sn = Piece::new(Size::Small, Colour::Navy);
        let l06 = g.board().find("L06").unwrap();
        for (a, text) in [
            (Action::ChooseColour(Colour::Silver), "colour silver"),
            (Action::PlaceTower(l06), "tower L06"),
            (Action::TakePair(3), "take pile 3"),
            (
                Action::PlaceOnCrater {
                    piece: lg,
                    crater: l06,
                },
                "L gold L06",
            ),
            (
                Action::Stack {
                    piece: sn,
                    a: RingId(0),
                    b: RingId(8),
                    x: -5,
                    y: 180,
                },
                "S navy on #0+#8 at -5,180",
            ),
            (Action::Pass, "pass"),
            (Action::PlaceResourceBase(l06), "base L06"),
            (Action::DeclineResourceBase, "decline base"),
            (Action::PlaceTower(CraterId(999)), "tower ?999"),
        ] {
            assert_eq!(g.write_notation(&s, &a), text);
            assert_eq!(g.read_notation(&s, Seat(0), text), Ok(a), "{text}");
        }
        assert_eq!(
            g.read_notation(&s, Seat(0), "large G on l06"),
            Ok(Action::PlaceOnCrater {
                piece: lg,
                crater: l06
            })
        );
        assert_eq!(
            g.read_notation(&s, Seat(0), "s n #0 + #8 AT -5 , 180"),
            g.read_notation(&s, Seat(0), "S navy on #0+#8 at -5,180")
        );
    }

    #[test]
    fn errors_point_at_the_word() {
        let g = MoonBase::new(Config::default()).unwrap();
        let s = g.initial_state();
        let err = |t: &str| g.read_notation(&s, Seat(0), t).unwrap_err();
        let e = err("L gold Z99");
        assert_eq!(
            (e.at, e.reason),
            (
                7,
                NotationReason::Unexpected {
                    found: "Z99".into(),
                    expected: CRATER
                }
            )
        );
        assert_eq!(err("L gold on #1+#x at 5,5").at, 14);
        assert_eq!(err("L gold on #1+#2").at, 15);
        assert_eq!(err("L pink L06").at, 2);
        assert_eq!(err("take pile four").at, 10);
        assert_eq!(err("jump").at, 0);
    }
}
