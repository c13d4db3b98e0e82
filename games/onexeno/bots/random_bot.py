"""The random bot: a uniformly random action among those the view lists as legal."""


def choose(view: dict, rng) -> dict:
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("this seat has no legal action: it is not its turn")
    return rng.choice(legal)
