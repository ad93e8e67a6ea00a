"""The last steps of a game in words, for the environments' text renders:
an agent's trace then reads what happened and why, not only the board.
The sentences are the engine's narration (``State.narration``), which
tells a player no more than its own log."""


def with_story(state, text, player=None, last=5):
    """``text`` followed by the last ``last`` steps in words as ``player``
    knows them (``None``: a spectator), and once over, who won and why."""
    story = state.narration(player)[-last:]
    end = state.narrate_end(player)
    if story:
        text += "\n\nwhat happened:\n" + "\n".join(story)
    if end:
        text += "\n\n" + end
    return text
