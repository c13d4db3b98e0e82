"""XIX 2.0: a seat's views are byte-for-byte the same across deals that differ only in cards
it never learns (rulings 28-29), at the engine's level.

Twin deals: one of seat 1's cards, the discard and the card at row position 4 change places
(a three-cycle). Both games play the same actions, none naming those four cards, none trading at
position 4, and seat 0 never sliding position 4 (seat 1 slides it whenever it can, and so
sees the card there). Seat 0's and a spectator's views, as JSON, must then be equal at
every step, and seat 1's must not be (so the comparison is one that can fail).
"""

import json
import random

import pytest

from games.xix.engine import new_game, seat_view, shuffled_deal, spectator_view

HIDDEN_POSITION = 4


def twins(seed):
    deal, leader = shuffled_deal(f"v2-hidden-{seed}")
    twin = list(deal)
    # Seat 1's first card goes to the discard, the discard to row position 4, and the
    # card there to seat 1's hand.
    twin[17], twin[16], twin[6] = deal[6], deal[17], deal[16]
    hidden = {deal[6], deal[16], deal[17]}
    return new_game("v2", deal, leader), new_game("v2", twin, leader), hidden


def allowed(state, hidden):
    legal = state.legal_actions()
    if state.phase == "slide":
        positions = [a["position"] for a in legal]
        if state.to_move == 1 and HIDDEN_POSITION in positions:
            return [a for a in legal if a["position"] == HIDDEN_POSITION]
        if state.to_move == 0:
            return [a for a in legal if a["position"] != HIDDEN_POSITION]
        return legal
    return [
        a
        for a in legal
        if a.get("card") not in hidden
        and not (a["type"] == "trade" and a["position"] == HIDDEN_POSITION)
    ]


def dumped(view) -> str:
    return json.dumps(view, sort_keys=False)


@pytest.mark.parametrize("seed", range(8))
def test_seat_0_cannot_tell_the_twin_games_apart(seed):
    first, second, hidden = twins(seed)
    rng = random.Random(seed)
    seat1_differs = seat1_saw_position = 0
    while not first.over:
        for view_of in (lambda s: seat_view(s, 0), spectator_view):
            assert dumped(view_of(first)) == dumped(view_of(second))
        seat1_differs += dumped(seat_view(first, 1)) != dumped(seat_view(second, 1))
        seat1_saw_position += seat_view(first, 1)["row"][HIDDEN_POSITION]["card"] is not None
        choices = allowed(first, hidden)
        assert choices, (first.phase, first.to_move)
        action = rng.choice(choices)
        first, _ = first.apply(action)
        second, _ = second.apply(action)
    assert dumped(seat_view(first, 0)) == dumped(seat_view(second, 0))
    assert second.over and second.scores == first.scores
    assert seat1_differs == first.n_actions  # seat 1 holds another card all along
    assert seat1_saw_position > 0  # and sees the row card seat 0 never does
