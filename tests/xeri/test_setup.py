"""Rulings 2, 5, 19, 32 and 33: set-ups drawn from a seed, and the set-ups refused."""

import copy
import random
from collections import Counter

import pytest

from games.kit.errors import InvalidSetup
from games.xeri.engine import RULES, pile_passes
from games.xeri.engine.setup import dealt_round

from .helpers import EXAMPLE_SETUP


@pytest.mark.parametrize("seats", [2, 4])
def test_a_seed_gives_one_set_up_with_one_deal_per_seat_by_default(seats):
    setup = RULES.deal("same", "classic", seats)
    assert setup == RULES.deal("same", "classic", seats) != RULES.deal("other", "classic", seats)
    assert len(setup["rounds"]) == seats and 0 <= setup["first_dealer"] < seats
    RULES.check_setup("classic", seats, setup)
    assert len(RULES.deal("long", "classic", seats, rounds=3 * seats)["rounds"]) == 3 * seats


@pytest.mark.parametrize("rounds", [0, 3, -2, 2.0, True])
def test_the_number_of_rounds_is_a_positive_multiple_of_the_seats(rounds):
    with pytest.raises(InvalidSetup, match="positive multiple of 2"):
        RULES.deal("x", "classic", 2, rounds=rounds)


@pytest.mark.parametrize(
    ("pile", "passes"),
    [
        (["2C", "3C", "4C", "5C"], True),
        (["JC", "3C", "4C", "5C"], True),  # a Jack lower down is allowed
        (["2C", "3C", "4C", "JC"], False),  # a Jack on top
        (["2C", "3C", "2D", "5C"], False),  # any two of the same rank, not only the top two
        (["2C", "3C", "4C", "2D"], False),
        (["JC", "3C", "4C", "JD"], False),
    ],
)
def test_a_starting_pile_fails_on_any_pair_or_a_jack_on_top(pile, passes):
    assert pile_passes(pile) is passes


def test_redeals_leave_the_hands_alone_and_reshuffle_the_stock():
    failures = 0
    for seed in range(300):
        rng = random.Random(seed)
        dealt = dealt_round(rng, 2)
        deck = dealt["deck"]
        assert pile_passes(deck[12:16])
        hands = set(deck[:12])
        for rejected in dealt["redeals"]:
            failures += 1
            assert not pile_passes(rejected) and not hands & set(rejected)
    assert failures > 100  # about 6 piles in 10 fail: the check is exercised


def test_the_final_pile_is_uniform_enough_that_every_card_can_top_it_but_a_jack():
    tops = Counter(RULES.deal(n, "classic", 2)["rounds"][0]["deck"][15] for n in range(2000))
    assert not any(card.startswith("J") for card in tops) and len(tops) == 48


def broken(change) -> dict:
    setup = copy.deepcopy(EXAMPLE_SETUP)
    change(setup)
    return setup


def set_(path, value):
    def change(setup):
        target = setup
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (set_(["first_dealer"], 2), '"first_dealer" must be a seat 0 to 1'),
        (set_(["first_dealer"], True), '"first_dealer" must be a seat 0 to 1'),
        (set_(["first_dealer"], 1.0), '"first_dealer" must be a seat 0 to 1'),
        (set_(["extra"], 1), 'a Xeri set-up holds exactly "first_dealer" and "rounds"'),
        (set_(["rounds"], {}), '"rounds" must be a list'),
        (lambda s: s["rounds"].pop(), "the number of rounds must be a positive multiple of 2"),
        (set_(["rounds"], []), "the number of rounds must be a positive multiple of 2"),
        (set_(["rounds", 0, "seed"], 1), 'round 1: a round holds exactly "deck" and "redeals"'),
        (lambda s: s["rounds"][1]["deck"].pop(), "round 2: the deck must be a list of 52"),
        (set_(["rounds", 0, "deck", 0], "7h"), "round 1: the deck must be a list of 52"),
        (set_(["rounds", 0, "deck", 0], "8S"), "round 1: the deck must hold each of the 52"),
        (set_(["rounds", 0, "redeals"], None), 'round 1: "redeals" must be a list'),
        (
            set_(["rounds", 0, "redeals", 0], ["5C", "KH", "2S"]),
            "round 1, rejected pile 1: a rejected pile is a list of 4 different card codes",
        ),
        (
            set_(["rounds", 0, "redeals", 0], ["5C", "5C", "2S", "3S"]),
            "round 1, rejected pile 1: a rejected pile is a list of 4 different card codes",
        ),
        (
            set_(["rounds", 0, "redeals", 0], ["5C", "KH", "2S", "3S"]),
            "round 1, rejected pile 1: 5C KH 2S 3S passes the check of ruling 5",
        ),
        (
            set_(["rounds", 0, "redeals", 0], ["7H", "KH", "2S", "JS"]),
            "round 1, rejected pile 1: 7H cannot be in a hand",
        ),
    ],
)
def test_a_set_up_is_refused_naming_what_is_wrong(change, message):
    with pytest.raises(InvalidSetup) as caught:
        RULES.check_setup("classic", 2, broken(change))
    assert str(caught.value).startswith(message)


def test_a_final_starting_pile_that_would_fail_is_refused():
    def pair_on_top(setup):
        deck = setup["rounds"][0]["deck"]
        at = deck.index("10H")  # a hand card; swap it onto the top of the pile (10S below)
        deck[at], deck[15] = deck[15], deck[at]

    with pytest.raises(InvalidSetup, match="fails the check of ruling 5"):
        RULES.check_setup("classic", 2, broken(pair_on_top))


def test_rejected_piles_may_share_cards_and_lie_in_the_final_pile():
    setup = broken(lambda s: s["rounds"][0]["redeals"].append(["10S", "KH", "2S", "10D"]))
    RULES.check_setup("classic", 2, setup)


@pytest.mark.parametrize(
    ("variant", "seats", "message"),
    [
        ("pisti", 2, 'Xeri has one variant, "classic"'),
        ("classic", 3, "Xeri is played by 2 seats, or 4 in two partnerships, not 3"),
        ("classic", 4.0, "Xeri is played by 2 seats"),
        ("classic", True, "Xeri is played by 2 seats"),
    ],
)
def test_only_classic_with_two_or_four_seats(variant, seats, message):
    with pytest.raises(InvalidSetup, match=message):
        RULES.check_setup(variant, seats, EXAMPLE_SETUP)
    with pytest.raises(InvalidSetup):
        RULES.deal(1, variant, seats)


def test_a_two_seat_set_up_is_not_a_four_seat_one():
    with pytest.raises(InvalidSetup, match="the number of rounds must be a positive multiple"):
        RULES.check_setup("classic", 4, EXAMPLE_SETUP)


def test_a_state_keeps_its_own_copy_of_the_set_up():
    setup = copy.deepcopy(EXAMPLE_SETUP)
    state = RULES.new("classic", 2, setup)
    setup["rounds"][0]["deck"].reverse()
    setup["rounds"][1]["redeals"].append(["2C", "2D", "3C", "4C"])
    assert RULES.full_view(state)["setup"] == EXAMPLE_SETUP
