//! Narration ([`game_core::Narrate`]): the exact sentences of a scripted
//! game (seed 5, the seat to act plays legal move `7n mod len` at its
//! n-th move), as each viewer hears them, and the end in words.

use game_core::testkit::script::scripted_session;
use game_core::{Seat, Session, Viewer};
use moon_base_core::MoonBase;

/// The scripted game, played to its end.
fn scripted() -> Session<MoonBase> {
    scripted_session(5)
}

const ME: Viewer = Viewer::Seat(Seat(0));
const OTHER: Viewer = Viewer::Seat(Seat(1));

#[test]
fn placements_name_craters_and_supporting_rings() {
    let s = scripted();
    let said = s.narration(ME);
    assert_eq!(said[0], "a large gold ring goes onto large pile 0 (MB-1)");
    assert_eq!(said[48], "seat 1 chooses gold (MB-3)");
    // Everything is public: seat 1 hears the same, in its own words.
    assert_eq!(s.narration(OTHER)[48], "you choose gold (MB-3)");
    assert_eq!(said[49], "seat 1 stands the tower on L08 (MB-4)");
    assert_eq!(
        said[50],
        "you take the top two rings of pile 2: L gold and L silver (MB-8)"
    );
    assert_eq!(said[54], "you put S navy on crater S05 (MB-12)");
    assert_eq!(
        said[58],
        "you stack L silver on the S navy ring on S05 and the L silver ring on L09, \
         level 2 (MB-15)"
    );
    assert_eq!(
        said[61],
        "seat 1 puts S silver on crater S15 (MB-12); you build 1 settlement (MB-23, +2 points)"
    );
    assert_eq!(
        said[62],
        "seat 1 puts a resource base on L04 (MB-24); round 2 begins"
    );
}

#[test]
fn the_end_says_who_won_and_why() {
    let s = scripted();
    assert_eq!(
        s.narrate_end(ME).unwrap(),
        "you win (MB-27 to MB-31): you (silver) 9: 5 settlements, 2 bases, 3 retired = 9; \
         seat 1 (gold) 8: 2 settlements, 4 bases, 3 retired = 5 +3 tower"
    );
}

#[test]
fn a_take_names_the_two_rings_on_top_of_the_pile_of_the_size_due() {
    use game_core::{Game, Narrate};
    use moon_base_core::{Action, Phase};
    // MB-8: the first two takes of a round are from the large piles, the
    // last two from the small; MB-3: the piles are public.
    let mut s = Session::<MoonBase>::new(Default::default(), 5).unwrap();
    let mut seen = [false; 2];
    while let Some(seat) = s.to_act().seat() {
        let obs = s.game().observe(s.state(), Viewer::Seat(seat));
        if let Phase::Select { step } = obs.phase {
            let size = usize::from(step >= 2);
            let top: Vec<String> = obs.piles[size][1]
                .iter()
                .take(2)
                .map(|c| c.to_string())
                .collect();
            let words = s.game().describe(&obs, &Action::TakePair(1), "take pile 1");
            let name = ["large", "small"][size];
            if top.is_empty() {
                // An empty pile cannot be taken; its words stay plain.
                assert_eq!(words, "take the top two rings of pile 1");
            } else {
                assert_eq!(
                    words,
                    format!(
                        "take the top two rings of {name} pile 1: {}",
                        top.join(" and ")
                    )
                );
                seen[size] = true;
            }
        }
        let legal = s.legal_actions();
        s.act(seat, &legal[0]).unwrap();
    }
    assert_eq!(seen, [true, true], "both sizes were due at some take");
}
