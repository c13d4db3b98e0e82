"""The strong Xeri bot: its determinizations agree with the seat's view and nothing more,
it decides from the view alone, plays whole matches, and finds the plain best play."""

import random

import pytest

from games.xeri.bots import make_bot, strong, strong_bot
from games.xeri.bots.sample import prepared, sample, sample_round
from games.xeri.engine import RULES
from games.xeri.engine.cards import RANKS

from .helpers import EXAMPLE_SETUP, layout, play, run, setup_of, twin_views

PILE = ["AS", "2S", "3S", "KH"]


def positions(seats: int, seed, every: int = 5, rounds=None):
    """Every ``every``-th state of a match of random plays (the match not over)."""
    setup = RULES.deal(f"positions-{seed}", "classic", seats, rounds)
    rng = random.Random(seed)
    state = RULES.new("classic", seats, setup)
    while not state.over:
        if state.n_actions % every == 0:
            yield state
        state, _ = state.apply(rng.choice(state.legal_actions()))


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
    bot = strong_bot(10)
    compared = 0
    for table, view, twin in twin_views(6, random.Random(8), "twin"):
        assert bot.values(view, table) == bot.values(twin, table)
        assert bot.choose(view, table) == bot.choose(twin, table)
        compared += 1
    assert compared == 6


@pytest.mark.parametrize("seats", [2, 4])
def test_a_strong_bot_plays_whole_matches_to_a_legal_end(seats):
    searcher, heuristic = strong_bot(8), make_bot("heuristic")
    state = RULES.new("classic", seats, RULES.deal(f"whole-{seats}", "classic", seats))
    bots = [searcher if seat % 2 == 0 else heuristic for seat in range(seats)]
    while not state.over:
        seat = state.to_move
        view = RULES.seat_view(state, seat)
        action = bots[seat].choose(view, f"whole:{state.n_actions}")
        assert action in view["legal_actions"]
        state, _ = state.apply(action)
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


def left_the_pile():
    """Seat 0 drops 5H on the starting pile (top KH); seat 1 drops 7D on 5H, leaving a pile
    of six cards worth 2 (AS, KH) and 6 shares of the 3 for more cards: 2.67, enough for
    a Jack. Seat 1 held no 5 and no Jack; seat 0 is to move."""
    hands = [["5H", "2H", "3H", "6H", "7H", "8H"], ["7D", "8D", "9D", "QC", "6C", "4C"]]
    state, _ = run(setup_of(2, 1, layout(2, hands, PILE)), ["5H", "7D"])
    return RULES.seat_view(state, 0)


def test_a_seat_that_left_the_pile_is_dealt_no_card_that_would_have_taken_it():
    view = left_the_pile()
    assert view["pile"][-2:] == ["5H", "7D"] and view["to_move"] == 0
    assert prepared(view).excluded == {1: {"5", "J"}}
    held = {card for seed in range(150) for card in sample(view, random.Random(seed)).hands[1]}
    assert held and not {card for card in held if card[:-1] in ("5", "J")}
    # The fives and Jacks it cannot hold are still dealt, to the stock.
    full = sample(view, random.Random(1))
    assert {"5C", "JC"} <= set(full.deck[full.draw :])
    assert RULES.seat_view(full, 0) == view


def test_a_small_pile_left_says_nothing_of_jacks_and_the_next_deal_forgets():
    # Seat 1 leaves the starting pile and seat 0's 2H: one point (KH) and five cards'
    # shares of the 3 for more cards, 1.56, too little to spend a Jack on. It held no 2.
    hands = [["KC", "2H", "3H", "6H", "7H", "8H"], ["7D", "8D", "9D", "QC", "6C", "4C"]]
    deck = layout(2, hands, ["4S", "2S", "3S", "KH"])
    state, _ = run(setup_of(2, 1, deck), ["2H", "7D"])
    view = RULES.seat_view(state, 0)
    assert prepared(view).excluded == {1: {"2"}}
    # Seat 0 left the pile too, but a seat knows its own hand.
    cards = ["3H", "8D", "6H", "9D", "7H", "QC", "8H", "6C", "KC", "4C"]
    state, _ = run(setup_of(2, 1, deck), ["2H", "7D", *cards])
    assert state.deal_no == 2
    view = RULES.seat_view(state, 0)
    assert prepared(view).excluded == {}  # a new hand: the old one's gaps say nothing


def test_play_that_contradicts_the_inference_does_not_stop_the_sampler():
    view = left_the_pile()
    ready = prepared(view)
    # As if seat 1 had shown it holds none of the unseen ranks: no deal fits, so the
    # sampler drops the inference rather than fail.
    ready.excluded = {1: set(RANKS)}
    ready.jackless = {1: set(RANKS) - {"J"}}
    full = ready.sample(random.Random(3))
    assert len(full.hands[1]) == 5 and RULES.seat_view(full, 0) == view


def test_the_rollout_plays_as_the_heuristic_bot_would():
    gone = dict.fromkeys(RANKS, 0)
    never = lambda: 0.99  # noqa: E731 - no whim: always the safest card
    # A card of the top's rank takes the pile (the one worth more), before a Jack.
    assert strong._pick(["JC", "10S", "10D"], ["3C", "10H"], gone, 20, never) == "10D"
    # A Jack takes a lone Jack, or a pile worth a Jack, but not two plain small cards.
    assert strong._pick(["JC", "3S"], ["JH"], gone, 20, never) == "JC"
    assert strong._pick(["JC", "3S"], ["AH", "KH", "QH"], gone, 20, never) == "JC"
    assert strong._pick(["JC", "3S"], ["4H", "5H"], gone, 20, never) == "3S"
    # On an empty table: the King, whose three others are gone, rather than a 7 that
    # could be taken as a xeri.
    gone["K"] = 3
    assert strong._pick(["7D", "KC", "JS"], [], gone, 20, never) == "KC"
    # Once in a while, a random card that is not a Jack.
    assert strong._pick(["7D", "KC", "JS"], [], gone, 20, lambda: 0.0) == "7D"


def test_a_card_is_scored_by_the_round_and_in_the_last_round_by_the_match():
    setup = RULES.deal("score", "classic", 2)
    state = RULES.new("classic", 2, setup)
    rng = random.Random(5)
    while state.round == 0:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    sides = state.sheets[-1]["sides"]
    lead = sides[0]["total"] - sides[1]["total"]
    sign = (lead > 0) - (lead < 0)
    assert strong.score(state, 0) == lead + strong.ROUND * sign == -strong.score(state, 1)
    while not state.over:
        state, _ = state.apply(rng.choice(state.legal_actions()))
    sides = state.sheets[-1]["sides"]
    lead = sides[0]["total"] - sides[1]["total"]
    won = RULES.outcome(state).ranks[0] < RULES.outcome(state).ranks[1]
    lost = RULES.outcome(state).ranks[0] > RULES.outcome(state).ranks[1]
    assert strong.score(state, 0) == lead + strong.MATCH * (won - lost)


def test_the_search_drops_the_card_the_next_seat_cannot_take():
    # Seat 0 drops 5H on the starting pile (top KH), seat 1 drops 7D without taking: it
    # holds no 5 and no Jack. Seat 0 cannot take the pile (worth 2.8); of its cards only
    # the 5D is sure not to hand it to seat 1. The heuristic bot, counting every unseen
    # 5 and Jack, finds the 5D no safer than the 2H and drops that.
    hands = [["5H", "5D", "2H", "3H", "6H", "8H"], ["7D", "8D", "9D", "QC", "6C", "4C"]]
    state, _ = run(setup_of(2, 1, layout(2, hands, PILE)), ["5H", "7D"])
    view = RULES.seat_view(state, 0)
    assert make_bot("heuristic").choose(view) == play(0, "2H")
    assert strong_bot(60).choose(view, "safe") == play(0, "5D")


def test_a_strong_bot_on_a_cpu_budget_plays_legal_cards_and_refuses_no_time():
    # ``seconds`` (equal-time matches) replaces the sample count; at least one is drawn.
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H"])
    view = RULES.seat_view(state, 0)
    bot = make_bot("strong", seconds=0.001)
    assert bot.choose(view, "budget") in view["legal_actions"]
    assert set(bot.values(view, "budget")) == set(view["hand"])
    with pytest.raises(ValueError):
        strong_bot(seconds=0)
