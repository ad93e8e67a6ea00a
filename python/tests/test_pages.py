"""Pages of legal moves, counts, the best plays and move notation: what a
Binary Scrabble rack with blanks needs so that no one builds a list of a
hundred thousand moves by accident."""

import pytest

import tabletop
from conftest import ROOT

REPRO = ROOT / "binary-scrabble-core" / "tests" / "data" / "three_blanks_repro.json"


@pytest.fixture(scope="module")
def three_blanks():
    return tabletop.from_replay(REPRO.read_text())


def test_a_count_and_the_best_plays_without_the_whole_list(three_blanks):
    total = three_blanks.legal_count()
    assert total > 100_000
    counted = three_blanks.legal_page(count=True)
    assert counted == {"total": total, "next": None}
    best = three_blanks.legal_page(limit=20, sort="score")
    assert best["total"] == total and best["next"] == 20
    assert len(best["actions"]) == len(best["names"]) == len(best["scores"]) == 20
    assert best["scores"] == sorted(best["scores"], reverse=True)
    checked = three_blanks.check_action_text(best["names"][0])
    assert checked["preview"]["score"] == best["scores"][0]
    assert checked["action"] == best["actions"][0]


def test_a_filter_keeps_moves_whose_notation_holds_every_word(three_blanks):
    page = three_blanks.legal_page(filter="H8 across", limit=10)
    assert len(page["names"]) == 10
    assert all("H8 across" in name for name in page["names"])
    assert page["total"] < three_blanks.legal_count()


def test_a_seat_not_to_act_is_given_no_moves(three_blanks):
    mover = three_blanks.current_player()
    other = 1 - mover
    assert three_blanks.legal_page(player=other)["total"] == 0
    assert three_blanks.legal_page(player=-1)["total"] == 0
    assert three_blanks.legal_page(player=mover, count=True)["total"] > 0


def test_moves_are_played_and_checked_by_their_notation():
    state = tabletop.load_game("high-card").new_initial_state(seed=42)
    assert state.legal_action_names() == ["check", "bet"]
    assert state.check_action_text("BET")["preview"] == {
        "costs": [{"amount": 1, "resource": "chips"}]
    }
    with pytest.raises(tabletop.errors.IllegalActionError) as refused:
        state.check_action_text("call")
    assert refused.value.kind == "Refused"
    with pytest.raises(tabletop.errors.IllegalActionError) as unread:
        state.apply_action_text("jump")
    assert unread.value.kind == "BadNotation"
    state.apply_action_text("bet")
    assert state.current_player() == 1
    with pytest.raises(ValueError):
        state.legal_page(sort="best")
