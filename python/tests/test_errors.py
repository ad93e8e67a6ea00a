"""Illegal input raises typed exceptions, one class per kind of registry
error, that carry the kind and the rule id the game names, and nothing
changes when they are raised."""

import numpy as np
import pytest

import tabletop


def snapshot(state):
    return (
        state.to_replay(),
        state.observation_string(-1),
        state.legal_actions(),
        state.current_player(),
    )


def test_an_illegal_index_raises_with_the_rule_and_changes_nothing(game_name):
    game = tabletop.load_game(game_name)
    state = game.new_initial_state(seed=6)
    legal = set(state.legal_actions())
    before = snapshot(state)
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    with pytest.raises(tabletop.IllegalActionError) as caught:
        state.apply_action(illegal)
    assert caught.value.kind in ("Refused", "NoActionAtIndex")
    if caught.value.kind == "NoActionAtIndex":
        assert caught.value.rule is None
    if caught.value.rule is not None:
        # The game names the rule; its message cites it.
        assert caught.value.rule in str(caught.value)
    assert snapshot(state) == before


def test_moon_refusals_name_their_rule():
    # Play until some operation (indices 0..197, RULES.md "Learning view")
    # is not legal, then try it: the refusal cites its MOON rule.
    state = tabletop.load_game("moon", {"players": 2}).new_initial_state(seed=1)
    while True:
        legal = set(state.legal_actions())
        refused = [i for i in range(197) if i not in legal]
        if refused:
            break
        state.apply_action(max(legal))
    before = snapshot(state)
    with pytest.raises(tabletop.IllegalActionError) as caught:
        state.apply_action(refused[0])
    assert caught.value.rule is not None and caught.value.rule.startswith("M-")
    assert caught.value.rule in str(caught.value)
    assert snapshot(state) == before


def test_an_action_object_of_the_wrong_shape_raises_bad_json():
    state = tabletop.load_game("market-island").new_initial_state(seed=1)
    before = snapshot(state)
    with pytest.raises(tabletop.BadJsonError):
        state.apply_action_object({"Keep": "first"})
    assert snapshot(state) == before


def test_out_of_range_and_negative_indices_raise():
    state = tabletop.load_game("pig").new_initial_state(seed=1)
    before = snapshot(state)
    for bad in (2, -1, -(2**70), 2**64, 2**200, np.int64(-3), np.uint64(2**63)):
        with pytest.raises(tabletop.IllegalActionError) as caught:
            state.apply_action(bad)
        assert caught.value.kind == "NoActionAtIndex"
        assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.apply_action("roll")
    state.apply_action(np.int64(0))  # numpy ints are indices too


def test_moves_after_the_end_raise():
    state = tabletop.load_game("high-card").new_initial_state(seed=1)
    state.random_playout(1)
    with pytest.raises(tabletop.NoSeatToActError) as caught:
        state.apply_action(0)
    assert caught.value.kind == "NoSeatToAct"
    assert caught.value.rule is None
    with pytest.raises(tabletop.NoSeatToActError):
        state.apply_action_object("Check")
    with pytest.raises(tabletop.NoSeatToActError):
        state.play_bot()


def test_a_bot_move_where_no_bot_sits_raises_no_bot():
    state = tabletop.load_game("pig").new_initial_state(seed=1)
    before = snapshot(state)
    with pytest.raises(tabletop.NoBotError) as caught:
        state.play_bot()
    assert caught.value.kind == "NoBot"
    assert caught.value.rule is None
    assert not isinstance(caught.value, tabletop.IllegalActionError)
    assert snapshot(state) == before
    state.set_bot(0, "random", seed=2)
    state.play_bot()


def test_a_seat_not_at_the_table_raises_a_seat_error():
    state = tabletop.load_game("pig").new_initial_state(seed=1)
    with pytest.raises(tabletop.SeatError) as caught:
        state.set_bot(5, "random")
    assert caught.value.kind == "UnknownSeat"
    with pytest.raises(tabletop.SeatError):
        state.observation_tensor(7)
    # Still a ValueError, as before there were seat errors.
    with pytest.raises(ValueError):
        state.observation_string(2)


def test_a_chance_outcome_that_does_not_exist_raises():
    state = tabletop.load_game("pig").new_initial_state(seed=1, auto_chance=False)
    state.apply_action(0)
    before = snapshot(state)
    with pytest.raises(tabletop.IllegalActionError):
        state.apply_action(6)
    assert snapshot(state) == before


def test_configs_and_names_are_checked():
    with pytest.raises(tabletop.UnknownGameError):
        tabletop.load_game("chess")
    with pytest.raises(tabletop.BadJsonError):
        tabletop.load_game("pig", {"no_such_field": 1})
    with pytest.raises(tabletop.ConfigError) as caught:
        tabletop.load_game("pig", {"seats": 9})
    assert "seats" in str(caught.value)
    assert caught.value.kind == "Config"
    with pytest.raises(tabletop.ConfigError) as caught:
        tabletop.load_game("market-island", {"decks": {"mining": []}})
    assert caught.value.rule == "D-5"
    assert "D-5" in str(caught.value)
    state = tabletop.load_game("pig").new_initial_state()
    with pytest.raises(tabletop.UnknownBotError):
        state.set_bot(0, "deep-blue")
    with pytest.raises(tabletop.BotBudgetError):
        state.set_bot(0, "mcts:999999999")
    with pytest.raises(tabletop.BotSpecError):
        state.set_bot(0, "mcts(iters=5")
    with pytest.raises(ValueError):
        state.observation_tensor(7)


def test_every_error_is_a_tabletop_error():
    for cls in (
        tabletop.IllegalActionError,
        tabletop.NoSeatToActError,
        tabletop.GameOverError,
        tabletop.ChancePendingError,
        tabletop.NotYourTurnError,
        tabletop.SeatError,
        tabletop.NoBotError,
        tabletop.ConfigError,
        tabletop.BadJsonError,
        tabletop.UnknownGameError,
        tabletop.UnknownBotError,
        tabletop.BotBudgetError,
        tabletop.BotSpecError,
        tabletop.ReplayError,
    ):
        assert issubclass(cls, tabletop.TabletopError)


def test_game_over_and_chance_pending_are_no_seat_to_act():
    assert issubclass(tabletop.GameOverError, tabletop.NoSeatToActError)
    assert issubclass(tabletop.ChancePendingError, tabletop.NoSeatToActError)
