"""Determinizations: sampled full states that agree with everything the seat knows."""

import random

import pytest

from games.xix.bots import Determinizer, Knowledge, determinize
from games.xix.engine import RULES, State, seat_view
from games.xix.engine.playout import random_playout

VARIANTS = ["standard", "talon", "v2"]


def act(seat, kind, card=None, position=None) -> dict:
    action = {"seat": seat, "type": kind}
    if card is not None:
        action["card"] = card
    if position is not None:
        action["position"] = position
    return action


# Standard, seed repro:2 (seat 0 holds 3 4 7 8 15 16, seat 1 holds 1 5 6 9 10 14, the row
# 17 11 12 18 13, the discard 2). Seat 1 puts its 5 face down at position 0, seat 0 takes
# it, then trades that 5 face down to position 3 (issue 21).
REPRO_2 = [
    act(0, "play", 16), act(1, "play", 1), act(1, "abandon"),
    act(1, "draft", 16), act(0, "draft", 1), act(1, "trade", 5, 0),
    act(0, "play", 3), act(1, "play", 6), act(0, "abandon"),
    act(0, "draft", 6), act(1, "draft", 3), act(0, "trade", 1, 0),
    act(1, "play", 14), act(0, "play", 4), act(0, "abandon"),
    act(0, "draft", 14), act(1, "draft", 4), act(0, "trade", 5, 3),
]  # fmt: skip


def repro_2() -> State:
    state = RULES.new("standard", 2, RULES.deal("repro:2", "standard", 2))
    for action in REPRO_2:
        state, _ = state.apply(action)
    return state


def test_a_card_known_to_be_in_the_opponents_hand_or_at_one_position_stays_there():
    """Seat 1 saw its 5 go to seat 0's closed hand; seat 0 then traded a closed card face
    down to position 3. So the 5 is in seat 0's closed hand or at position 3: never the
    discard, never a row card dealt at the start (positions 1, 2 and 4)."""
    state = repro_2()
    view = seat_view(state, 1)
    assert 5 not in view["unseen"] and view["hands"][0]["known_closed"] == []
    know = Knowledge(view)
    assert know.lost == [5] and know.lost_places == {5: [3]}
    det = Determinizer(view)
    where = set()
    for seed in range(300):
        sample = det.deal(random.Random(seed))
        assert sample.discard != 5
        assert 5 not in (sample.row[1], sample.row[2], sample.row[4])
        where.add("closed" if sample.closed[0] >> 5 & 1 else sample.row.index(5))
    assert where == {"closed", 3}  # both places it may be are sampled
    # Seat 0 placed the 5 itself and sees it there.
    mine = Knowledge(seat_view(state, 0))
    assert mine.lost == [] and {"position": 3, "card": 5, "face_up": False, "yours": True} in (
        mine.row
    )


def trading_game(variant, seed):
    """Every position of a random game whose losers prefer closed cards in their trades
    (so cards go face down, are taken and get lost track of), with the state."""
    state = RULES.new(variant, 2, RULES.deal(f"det:{seed}", variant, 2))
    rng = random.Random(seed)
    while not state.over:
        yield state
        legal = state.legal_actions()
        if state.phase == "trade":
            closed = state.closed[state.to_move]
            down = [a for a in legal if closed >> a["card"] & 1]
            legal = down or legal
        state, _ = state.apply(rng.choice(legal))


def dealt_face_down(state: State) -> list[int]:
    """Row positions still holding the card dealt there (face down, nobody placed it)."""
    return [p for p in range(5) if not state.row_up[p] and state.row_by[p] == -1]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_determinization_shows_the_seat_the_view_it_came_from(variant):
    """Over every position of seeded games, for both seats: the determinization's view for
    the seat equals the original (all but the narrated history, which a sampled state does
    not rebuild); the discard and the row cards still from the deal are cards the seat has
    never seen; each card the seat lost track of may really be where the sampler may put
    it; all 18 cards are placed once; the engine plays on from the sample."""
    rng = random.Random(variant)
    positions = lost = 0
    for seed in range(12):
        for state in trading_game(variant, seed):
            for seat in (0, 1):
                view = seat_view(state, seat)
                know = Knowledge(view)
                sample = Determinizer(view, know).deal(rng)
                again = seat_view(sample, seat)
                assert {k: v for k, v in again.items() if k != "history"} == {
                    k: v for k, v in view.items() if k != "history"
                }
                never_seen = set(view["unseen"])
                assert sample.discard in never_seen
                dealt = [p for p in dealt_face_down(state) if not state.row_known[p] >> seat & 1]
                assert {sample.row[p] for p in dealt} <= never_seen
                for card, places in know.lost_places.items():
                    lost += 1
                    truly = (
                        "closed" if state.closed[1 - seat] >> card & 1 else state.row.index(card)
                    )
                    assert truly == "closed" or truly in places
                cards = [c for s in (0, 1) for c in range(1, 19) if sample.hand(s) >> c & 1]
                cards += [*sample.row, sample.discard]
                cards += [c for c in range(1, 19) if sample.pool >> c & 1]
                assert sorted(cards) == list(range(1, 19))
                positions += 1
            if state.n_actions % 9 == 0 and state.to_move is not None:
                sample = determinize(seat_view(state, state.to_move), variant, rng)
                assert sample.legal_tuples() == state.legal_tuples()
                after, _ = sample.apply(rng.choice(sample.legal_actions()))
                assert random_playout(after, rng.random)[1] in (0, 1, None)
    assert positions > 1000
    if variant != "talon":
        assert lost > 20  # cards lost track of were met (talon never loses one)
