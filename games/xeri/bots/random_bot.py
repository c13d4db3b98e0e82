"""The random Xeri bot: the kit's uniformly random legal play (from a seed or a
``random.Random``)."""

from games.kit.play import RandomBot


def legal_of(view: dict) -> list[dict]:
    """The view's legal actions; a ValueError if the seat is not to move."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("the seat has no legal action")
    return legal


def choose(view: dict, rng=None) -> dict:
    return RandomBot().choose(view, rng)


__all__ = ["RandomBot", "choose", "legal_of"]
