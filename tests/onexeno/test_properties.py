"""Properties of random games at every seat count (hypothesis draws the seed and choices)."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from games.onexeno.engine import IDS, RULES
from games.onexeno.engine.state import fits

TABLES = [("basic", n) for n in range(2, 8)] + [("partners", 4), ("partners", 6)]
GAMES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_everywhere(state) -> list[int]:
    field = [card for card, _rotation, _face in state.field.values()]
    hands = [card for hand in state.hands for card in hand]
    taken = [card for pile in state.taken for card in pile]
    return sorted(field + hands + taken + list(state.stack))


@GAMES
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), data=st.data())
def test_random_games_keep_every_rule(table, seed, data):
    variant, seats = table
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    while not state.over:
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal))
        before = json.dumps(RULES.full_view(state))
        after, _events = state.apply(action)
        assert json.dumps(RULES.full_view(state)) == before  # apply never changes a state
        state = after
        assert cards_everywhere(state) == sorted(IDS)
        xs = [x for x, _y in state.field] or [0]
        ys = [y for _x, y in state.field] or [0]
        assert max(xs) - min(xs) < 5 and max(ys) - min(ys) < 5
        for (x, y), (_card, _rotation, face) in state.field.items():
            others = {cell: card for cell, card in state.field.items() if cell != (x, y)}
            assert fits(others, x, y, face)
        if state.stack:  # a hand never runs below five while the stack lasts
            assert all(len(hand) >= 5 for hand in state.hands)
    outcome = RULES.outcome(state)
    hands = [sum(card.bit_count() for card in hand) for hand in state.hands]
    taken = [sum(card.bit_count() for card in pile) for pile in state.taken]
    own = [taken[seat] - hands[seat] for seat in range(seats)]
    sides = RULES.variants[variant].sides(seats) or tuple((seat,) for seat in range(seats))
    for side in sides:
        for seat in side:
            assert outcome.scores[seat] == sum(own[member] for member in side)
    if state.reason == "went_out":
        assert any(not hand for hand in state.hands)
    else:
        assert all(state.out)
