"""A game's line: the actions its state is replayed from, read off its action log.

The log (``GameAction``) is append-only and the truth. Almost every row is an action of
the game's own engine; the one other kind is the platform's take-back
(``games.takeback``, casual games against bots only): ``{"type": "takeback", "keep": k,
"seat": s}`` takes the line back to its first ``k`` actions. So the line is the log with
each take-back applied in order; the engine, the replay, the record download and the
bots see only the line. Pure: no Django.
"""

TAKEBACK = "takeback"


def line_of(actions) -> list[dict]:
    """The line of a log's ``actions`` (in ``seq`` order)."""
    line: list[dict] = []
    for action in actions:
        if action.get("type") == TAKEBACK:
            del line[action["keep"] :]
        else:
            line.append(action)
    return line
