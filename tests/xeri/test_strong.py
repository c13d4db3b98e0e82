"""The strong Xeri bot: its determinizations agree with the seat's view and nothing more,
it decides from the view alone, plays whole matches, and finds the plain best play."""

import random

import pytest

from games.xeri.bots import make_bot, strong_bot
from games.xeri.bots.sample import sample, sample_round
from games.xeri.engine import RULES

from .helpers import EXAMPLE_SETUP, layout, play, run, setup_of

PILE = ["AS", "2S", "3S", "KH"]


def positions(seats: int, seed, every: int = 5, rounds=None):
    """Every ``every``-th state of a match of random plays (the match not over)."""
    setup = RULES.deal(f"positions-{seed}", "classic", seats, rounds)
    rng = random.Random(seed)
    state = RULES.new("classic", seats, setup)
    while not state.over:
        if state.n_actions % every == 0:
            yield state
        state, _ = RULES.apply(state, rng.choice(RULES.legal_actions(state)))


def hidden_of(state, seat: int) -> tuple:
    """Where the cards ``seat`` cannot see lie: the other hands, then the stock."""
    hands = tuple(tuple(hand) for s, hand in enumerate(state.hands) if s != seat)
    return hands, tuple(state.deck[state.draw :])


@pytest.mark.parametrize("seats, rounds", [(2, None), (4, None), (2, 4)])
def test_every_sample_shows_its_seat_exactly_the_view_it_was_drawn_from(seats, rounds):
    drawn = 0
    for game in range(2):
        for state in positions(seats, f"{seats}-{rounds}-{game}", every=7, rounds=rounds):
            for seat in range(seats):
                view = RULES.seat_view(state, seat)
                hidden = set()
                for seed, draw in enumerate((sample, sample, sample_round, sample_round)):
                    full = draw(view, random.Random(seed))
                    RULES.check_setup("classic", seats, full.setup)
                    assert RULES.seat_view(full, seat) == view
                    # The unseen cards, and only they, are redealt.
                    cards, stock = hidden_of(full, seat)
                    assert {*stock, *(c for hand in cards for c in hand)} == set(view["unseen"])
                    hidden.add(hidden_of(full, seat))
                    drawn += 1
                if len(view["unseen"]) >= 8:  # then the unseen cards lie in many ways
                    assert len(hidden) == 4
    assert drawn > 200


def test_samples_of_one_view_differ_and_the_same_seed_repeats():
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H", "5D"])
    view = RULES.seat_view(state, 1)
    draws = {hidden_of(sample(view, random.Random(seed)), 1) for seed in range(30)}
    assert len(draws) == 30
    again = sample(view, random.Random(4))
    assert hidden_of(again, 1) == hidden_of(sample(dict(view), random.Random(4)), 1)
    # Every card seat 1 cannot see lands in seat 0's hand in some sample, except the
    # rejected starting pile's (next test).
    held = {card for seed in range(60) for card in sample(view, random.Random(seed)).hands[0]}
    assert held == set(view["unseen"]) - {"5C", "KH", "2S", "5S"}


def test_a_rejected_starting_card_is_never_put_in_a_hand_of_the_first_deal():
    # The example's rejected pile 5C KH 2S 5S: all four are unseen by either seat at the
    # start, and during the first deal none of them can be in a hand (ruling 5).
    rejected = {"5C", "KH", "2S", "5S"}
    state, _ = run(EXAMPLE_SETUP, ["7H"])
    view = RULES.seat_view(state, 1)
    assert rejected <= set(view["unseen"])
    for seed in range(200):
        assert not rejected & set(sample(view, random.Random(seed)).hands[0])
    # From the second deal on the hands come from the stock: they may be anywhere unseen.
    cards = ["7H", "5H", "5D", "4H", "4D", "10C", "3C", "10H", "8S", "KC", "JH", "AD"]
    state, _ = run(EXAMPLE_SETUP, cards)
    assert state.deal_no == 2
    view = RULES.seat_view(state, 0)
    held = {card for seed in range(200) for card in sample(view, random.Random(seed)).hands[1]}
    assert rejected & set(view["unseen"]) <= held


def test_the_strong_bot_decides_from_the_view_alone():
    """Set-ups that differ only in cards the seat to move cannot know give one search."""
    rng = random.Random(8)
    bot = strong_bot(120)
    compared = 0
    for table in range(6):
        seats = (2, 4)[table % 2]
        setup = RULES.deal(f"twin-{table}", "classic", seats)
        seat = RULES.new("classic", seats, setup).to_move
        twin = RULES.hidden_swap(setup, seat, rng)
        assert twin != setup
        states = [RULES.new("classic", seats, s) for s in (setup, twin)]
        views = [RULES.seat_view(s, seat) for s in states]
        assert views[0] == views[1]
        assert bot.visits(views[0], table) == bot.visits(views[1], table)
        assert bot.choose(views[0], table) == bot.choose(views[1], table)
        compared += 1
    assert compared == 6


@pytest.mark.parametrize("seats", [2, 4])
def test_a_strong_bot_plays_whole_matches_to_a_legal_end(seats):
    strong, heuristic = strong_bot(25), make_bot("heuristic")
    state = RULES.new("classic", seats, RULES.deal(f"whole-{seats}", "classic", seats))
    bots = [strong if seat % 2 == 0 else heuristic for seat in range(seats)]
    while not state.over:
        seat = state.to_move
        view = RULES.seat_view(state, seat)
        action = bots[seat].choose(view, f"whole:{state.n_actions}")
        assert action in view["legal_actions"]
        state, _ = RULES.apply(state, action)
    assert state.n_actions == 48 * seats and RULES.outcome(state) is not None


def test_the_search_takes_a_xeri():
    # Seat 0 holds 8S 3C 4D JH 5D; the pile is one 5H. 5D makes a xeri (10 points), the
    # Jack only takes two cards, anything else leaves the pile to seat 1.
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H"])
    view = RULES.seat_view(state, 0)
    assert make_bot("strong").choose(view, "xeri") == play(0, "5D")


def test_the_search_takes_a_lone_jack_with_its_jack():
    # Seat 0's KC takes the starting pile, seat 1 drops JD on the empty table: seat 0's JS
    # takes it as a Jack xeri (20 points); any other card would leave two cards to seat 1.
    deck = layout(2, [["KC", "JS", "2H", "3H", "5H", "6H"], ["JD", "7D", "8D", "9D"]], PILE)
    state, _ = run(setup_of(2, 1, deck), ["KC", "JD"])
    view = RULES.seat_view(state, 0)
    assert view["pile"] == ["JD"] and "JS" in view["hand"]
    assert make_bot("strong").choose(view, "jack") == play(0, "JS")
