"""The expert level of Xeri, Xactika and ONEXENO: the game's strong search, longer
(docs/bots.md, "Expert in every game"). XIX's expert: tests/xix/bots/test_search.py."""

import pytest

from games import registry


def a_view(kind: str) -> dict:
    """The first position with a choice of a two-seat game of heuristic bots."""
    rules = registry.rules(kind)
    variant = next(iter(rules.variants))
    state = rules.new(variant, 2, rules.deal(f"expert-{kind}", variant, 2))
    heuristic = registry.bots(kind).make_bot("heuristic")
    while True:
        view = rules.seat_view(state, state.to_move)
        if len(view["legal_actions"]) > 2:
            return view
        state, _events = state.apply(heuristic.choose(view, state.n_actions))


@pytest.mark.parametrize("kind", ["xeri", "xactika", "onexeno"])
def test_expert_searches_three_to_four_times_as_long_as_strong(kind):
    bots = registry.bots(kind)
    assert bots.LEVELS == ("random", "heuristic", "strong", "expert")
    view = a_view(kind)
    strong, expert = bots.make_bot("strong"), bots.make_bot("expert")
    chosen = expert.choose(view, "seed")
    strong.choose(view, "seed")
    assert chosen in view["legal_actions"] and chosen == expert.choose(view, "seed")
    assert expert.level == "expert" and strong.level == "strong"
    assert bots.EXPERT_FACTOR in (3, 4)
    assert expert.iterations == bots.EXPERT_FACTOR * strong.iterations


@pytest.mark.parametrize("kind", ["xeri", "xactika", "onexeno"])
def test_expert_at_strongs_budget_plays_strongs_move(kind):
    """The same search: given the same budget and seed, expert and strong agree."""
    bots = registry.bots(kind)
    view = a_view(kind)
    for seed in ("a", "b", "c"):
        expert = bots.make_bot("expert", playouts=12).choose(view, seed)
        assert expert == bots.make_bot("strong", playouts=12).choose(view, seed)
