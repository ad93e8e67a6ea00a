//! Scratch timing (not committed).
use binary_scrabble_core::*;
use game_core::Game;
use std::time::Instant;
fn main() {
    let g = Scrabble::new(Config::default()).unwrap();
    let b1: Board = "B3 0, C3 =, D3 0, D4 =, D5 0, D6 +, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, F8 1, G8 =, H8 1, D9 x, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, H11 0, I11 =, J11 1, K11 0, D12 1".parse().unwrap();
    let b2: Board = "B2 1, B3 0, C3 =, D3 0, B4 =, D4 =, B5 1, C5 =, D5 0, E5 +, F5 1, G5 /, H5 1, I5 /, J5 NOT, K5 0, B6 0, D6 +, B7 0, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, F8 1, G8 =, H8 1, B9 1, D9 x, B10 AND, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, H11 0, I11 =, J11 1, K11 0, B12 OR, D12 1, H12 x, B13 1, C13 =, D13 1, H13 1, B14 0, H14 ?=, H15 0".parse().unwrap();
    let cases = [("b1", b1, "0 1 1 1 = + / / NOT"), ("b2", b2, "0 0 1 1 1 1 = - ?"), ("p1b", Board::new(), "0 0 1 1 1 = + x ?")];
    let mut mg = MoveGen::new(&g);
    for (name, b, r) in &cases {
        let r: KindCounts = r.parse().unwrap();
        let n = 30;
        let mut c = 0;
        let mut ct = std::time::Duration::MAX;
        for _ in 0..n { let t = Instant::now(); c = mg.count(b, &r); ct = ct.min(t.elapsed()); }
        let mut out = Vec::new();
        let mut at = std::time::Duration::MAX;
        for _ in 0..n { let t = Instant::now(); out.clear(); mg.legal_plays(b, &r, &mut out); at = at.min(t.elapsed()); }
        let mut best = None;
        let mut bt = std::time::Duration::MAX;
        for _ in 0..n { let t = Instant::now(); best = mg.best(b, &r); bt = bt.min(t.elapsed()); }
        println!("{name}: {c} plays; count {ct:?}, all {at:?}, best {bt:?} ({})", best.unwrap().score);
    }
}
