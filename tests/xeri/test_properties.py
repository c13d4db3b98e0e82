"""Properties of every Xeri match, over seeds and plays chosen by hypothesis."""

import json
import random

from hypothesis import given, settings, strategies as st

from games.xeri.engine import RULES, pile_passes
from games.xeri.engine.cards import CARDS, RANK

SEATS = st.sampled_from([2, 4])
SEEDS = st.integers(min_value=0, max_value=2**32)


def where_is_every_card(state) -> list[str]:
    stock = state.deck[state.draw :]
    return [*(c for hand in state.hands for c in hand), *state.pile, *state.captured[0],
            *state.captured[1], *stock]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(seats=SEATS, seed=SEEDS)
def test_a_set_up_from_any_seed_is_valid_and_its_redeals_were_real(seats, seed):
    setup = RULES.deal(seed, "classic", seats)
    RULES.check_setup("classic", seats, setup)
    for one in setup["rounds"]:
        deck = one["deck"]
        assert sorted(deck) == sorted(CARDS) and pile_passes(deck[6 * seats : 6 * seats + 4])
        for rejected in one["redeals"]:
            assert not pile_passes(rejected) and not set(rejected) & set(deck[: 6 * seats])


@settings(max_examples=25, deadline=None)
@given(seats=SEATS, seed=SEEDS, choices=st.randoms(use_true_random=False))
def test_every_card_is_somewhere_once_and_a_xeri_is_a_lone_card_matched(seats, seed, choices):
    state = RULES.new("classic", seats, RULES.deal(seed, "classic", seats))
    while not state.over:
        assert sorted(where_is_every_card(state)) == sorted(CARDS)
        counts = [len(hand) for hand in state.hands]
        assert counts[state.to_move] == max(counts) and max(counts) - min(counts) <= 1
        pile = list(state.pile)
        action = choices.choice(state.legal_actions())
        state, events = state.apply(action)
        played = events[0]
        card = action["card"]
        matches = bool(pile) and (RANK[card] == "J" or RANK[card] == RANK[pile[-1]])
        assert played["captured"] == ([*pile, card] if matches else [])
        lone_match = len(pile) == 1 and RANK[card] == RANK[pile[0]]
        assert (played["xeri"] is not None) == lone_match
    assert all(sum(side["cards"] for side in sheet["sides"]) == 52 for sheet in state.sheets)


@settings(max_examples=20, deadline=None)
@given(seats=SEATS, seed=SEEDS, choices=st.randoms(use_true_random=False))
def test_apply_never_changes_the_state_it_is_given(seats, seed, choices):
    state = RULES.new("classic", seats, RULES.deal(seed, "classic", seats))
    for _ in range(70):
        before = json.dumps(RULES.full_view(state))
        legal = state.legal_actions()
        branch, _ = state.apply(legal[-1])  # a branch grows the shared log first
        after, _ = state.apply(choices.choice(legal))
        assert json.dumps(RULES.full_view(state)) == before
        assert branch.n_actions == after.n_actions == state.n_actions + 1
        state = after


@settings(max_examples=20, deadline=None)
@given(seats=SEATS, seed=SEEDS)
def test_a_match_of_zombie_moves_is_legal_and_the_same_every_time(seats, seed):
    setup = RULES.deal(seed, "classic", seats)
    ends = []
    for _ in range(2):
        state = RULES.new("classic", seats, setup)
        while not state.over:
            state, _ = state.apply(RULES.zombie_action(state, state.to_move))
        ends.append(RULES.full_view(state))
    assert ends[0] == ends[1] and ends[0]["result"] is not None


@settings(max_examples=20, deadline=None)
@given(seats=SEATS, seed=SEEDS, cut=st.integers(min_value=0, max_value=10**6))
def test_a_seat_knows_every_card_by_elimination_and_branches_do_not_mix(seats, seed, cut):
    rng = random.Random(seed)
    state = RULES.new("classic", seats, RULES.deal(seed, "classic", seats))
    states = [state]
    while not state.over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    middle = states[cut % len(states)]
    if not middle.over:
        history = RULES.spectator_view(middle)["history"]
        middle.apply(middle.legal_actions()[-1])  # a branch off an old state
        assert RULES.spectator_view(middle)["history"] == history
        seat = middle.to_move
        view = RULES.seat_view(middle, seat)
        table = view["pile"] + view["captured"][0]["cards"] + view["captured"][1]["cards"]
        assert sorted(view["unseen"] + view["hand"] + table) == sorted(CARDS)
        assert len(view["unseen"]) == sum(view["hand_counts"]) - len(view["hand"]) + view["stock"]
    final = RULES.replay("classic", seats, states[0].setup, [])
    assert RULES.full_view(final) == RULES.full_view(states[0])
