"""Properties of whole games of random legal play (hypothesis chooses table and moves)."""

import random

from hypothesis import given, settings, strategies as st

from games.xactika.engine import RULES

tables = st.tuples(
    st.sampled_from(["bid", "win", "lose"]),
    st.integers(min_value=2, max_value=10),
    st.integers(min_value=0, max_value=10**9),
)


def value(card: str) -> int:
    return sum(int(digit) for digit in card)


@settings(max_examples=25, deadline=None)
@given(tables)
def test_random_games_keep_every_rule(table):
    variant, seats, seed = table
    rng = random.Random(seed)
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    n_actions = 0
    while not state.over:
        view = RULES.seat_view(state, state.to_move)
        legal = state.legal_actions()
        assert view["legal_actions"] == legal
        if state.phase == "bidding" and state.to_move == state.dealer:
            others = sum(bid["n"] for bid in view["bids"])
            barred = 8 - others if others <= 8 else None
            assert [a["n"] for a in legal] == [n for n in range(9) if n != barred]
            assert len(legal) >= 8
        if state.phase == "play" and view["trick"] is not None:
            trick = view["trick"]
            shape = "ball cube cone star".split().index(trick["shape"])
            suited = [c for c in view["hand"] if int(c[shape]) == trick["count"]]
            assert [a["card"] for a in legal] == (suited or view["hand"])
        action = rng.choice(legal)
        state, events = state.apply(action)
        n_actions += 1
        for event in events:
            if event["type"] == "trick":
                done = RULES.spectator_view(state)
                trick = (done["past_rounds"][-1] if not done["tricks"] else done)["tricks"][-1]
                _check_winner(trick)
    rounds = 8 if seats <= 8 else seats
    assert n_actions == rounds * (9 * seats if variant == "bid" else 8 * seats)
    end = RULES.full_view(state)
    for past in end["past_rounds"]:
        assert sum(past["taken"]) == 8
        if variant == "bid":
            assert sum(bid["n"] for bid in past["bids"]) != 8
            assert min(past["scores"]) <= 0  # the hook: somebody misses every round
    outcome = RULES.outcome(state)
    best = (min if variant == "lose" else max)(outcome.scores)
    assert [rank == 1 for rank in outcome.ranks] == [s == best for s in outcome.scores]


def _check_winner(trick):
    """Ruling 11, restated: the latest of the highest cards of the suit wins."""
    shape = "ball cube cone star".split().index(trick["shape"])
    suited = [p for p in trick["plays"] if int(p["card"][shape]) == trick["count"]]
    top = max(value(p["card"]) for p in suited)
    assert trick["winner"] == [p["seat"] for p in suited if value(p["card"]) == top][-1]
    assert trick["plays"][0]["seat"] == trick["leader"]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=10), st.integers(min_value=0, max_value=10**6))
def test_any_seeded_setup_is_valid_and_deals_every_card_once_a_round(seats, seed):
    setup = RULES.deal(seed, "bid", seats)
    RULES.check_setup("bid", seats, setup)
    state = RULES.new("bid", seats, setup)
    full = RULES.full_view(state)
    dealt = [card for hand in full["hands"] for card in hand]
    assert all(len(hand) == 8 for hand in full["hands"])
    assert len(set(dealt + full["set_aside"])) == 81 and len(full["set_aside"]) == 81 - 8 * seats
