"""Xactika's strong bot: deals consistent with a seat's view (``bots/sample.py``) and the
search over them (``bots/strong.py``), deciding from the view alone."""

import random

import pytest

from games.xactika.bots import LEVELS, make_bot
from games.xactika.bots.sample import Determinizer, HiddenDeal, _matched, sample
from games.xactika.bots.strong import LEAD_SHAPES, candidates, flat_search
from games.xactika.engine import RULES
from tests.xactika.helpers import DECK, follow, lead, setup_with, value

SHAPES = ("ball", "cube", "cone", "star")


def positions(variant, seats, seed, every):
    """Seat views along a game of random legal actions: one every ``every`` actions."""
    rng = random.Random(seed)
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    while not state.over:
        if state.n_actions % every == every - 1:
            yield state, RULES.seat_view(state, state.to_move)
        state, _events = state.apply(rng.choice(state.legal_actions()))


def known_voids(view) -> dict:
    """Per seat, the suits (shape, count) it did not follow this round, read from the
    view's tricks (written out here, not taken from the sampler)."""
    voids = {}
    tricks = list(view["tricks"]) + ([view["trick"]] if view["trick"] else [])
    for trick in tricks:
        shape, count = trick["shape"], trick["count"]
        for play_ in trick["plays"][1:]:
            if int(play_["card"][SHAPES.index(shape)]) != count:
                voids.setdefault(play_["seat"], set()).add((shape, count))
    return voids


def played_this_round(view) -> set:
    tricks = list(view["tricks"]) + ([view["trick"]] if view["trick"] else [])
    return {p["card"] for trick in tricks for p in trick["plays"]}


@pytest.mark.parametrize(
    ("variant", "seats", "every"), [("bid", 2, 7), ("win", 4, 11), ("lose", 6, 13), ("bid", 10, 17)]
)
def test_a_sampled_deal_gives_the_seat_the_very_view_it_came_from(variant, seats, every):
    count = 0
    for _state, view in positions(variant, seats, f"sample-{variant}-{seats}", every):
        me = view["viewer"]
        hidden = []
        for seed in range(3):
            state = sample(view, random.Random(seed))
            assert RULES.seat_view(state, me) == view
            RULES.check_setup(variant, seats, state.setup)  # a set-up the engine accepts
            full = RULES.full_view(state)
            hands = full["hands"]
            # The 81 cards: the hands, the set-aside ones and those played, each once.
            held = [card for hand in hands for card in hand] + full["set_aside"]
            assert sorted(held + sorted(played_this_round(view))) == DECK
            assert len(full["set_aside"]) == view["set_aside_count"]
            # No card in a suit its holder showed it has none of.
            for seat, suits in known_voids(view).items():
                for shape, count_ in suits:
                    assert not [c for c in hands[seat] if int(c[SHAPES.index(shape)]) == count_]
            hidden.append([hands[seat] for seat in range(seats) if seat != me])
            count += 1
        if any(view["hand_counts"][seat] for seat in range(seats) if seat != me):
            assert hidden[0] != hidden[1] or hidden[1] != hidden[2]
    assert count >= 12


def test_a_sampled_deal_plays_on_to_the_end_of_the_game():
    for _state, view in positions("bid", 3, "play-on", 61):
        state = sample(view, random.Random(view["n_actions"]))
        rng = random.Random(0)
        while not state.over:
            state, _events = state.apply(rng.choice(state.legal_actions()))
        assert RULES.outcome(state) is not None


def test_a_deal_tight_with_voids_is_always_found():
    # Ten seats, one card set aside: seats 1 to 3 each showed a void that leaves them
    # exactly the cards they hold, so a greedy fill may paint itself into a corner.
    cards = list(range(40))
    needs = {1: 8, 2: 8, 3: 8, 4: 8, 5: 7}
    voids = {1: sum(1 << c for c in range(8, 40)), 2: sum(1 << c for c in range(16, 40))}
    voids[3] = sum(1 << c for c in (*range(0, 8), *range(24, 40)))
    for seed in range(20):
        for hands in (HiddenDeal(cards, needs, voids).draw(random.Random(seed)), None):
            if hands is None:
                deal = HiddenDeal(cards, needs, voids)
                hands = _matched(needs, deal.pools, random.Random(seed))
            assert [hands[s].bit_count() for s in needs] == list(needs.values())
            assert all(not hands[s] & voids.get(s, 0) for s in needs)
            everything = 0
            for mask in hands.values():
                assert not everything & mask
                everything |= mask
    assert hands[1] == sum(1 << c for c in range(8))


def test_the_sampler_refuses_a_view_it_cannot_deal_from():
    state = RULES.new("bid", 3, RULES.deal("x", "bid", 3))
    with pytest.raises(ValueError, match="seat's view"):
        Determinizer(RULES.spectator_view(state))


# --- the bot ------------------------------------------------------------------------------


def test_strong_is_a_level_and_takes_a_budget():
    assert LEVELS == ("random", "heuristic", "strong", "expert")
    assert make_bot("strong", playouts=50).fixed == 50
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("heuristic", playouts=3)


def test_the_strong_bot_decides_from_the_view_alone():
    """Two set-ups differing only in cards the seat cannot know (a hidden hand's card
    traded with a set-aside one), the same moves made at both: where the seat's views are
    equal, so are its choices."""
    setup = RULES.deal("twin-bot", "bid", 3)
    bot = make_bot("strong", playouts=60)
    rng = random.Random(3)
    compared = 0
    for seat in range(3):
        twin = RULES.hidden_swap(setup, seat, rng, 3)
        a, b = RULES.new("bid", 3, setup), RULES.new("bid", 3, twin)
        assert RULES.full_view(a) != RULES.full_view(b)
        for _ in range(14):
            both = [x for x in a.legal_actions() if x in b.legal_actions()]
            if not both:  # the traded card is played: the seat now tells them apart
                break
            if a.to_move == seat and RULES.seat_view(a, seat) == RULES.seat_view(b, seat):
                assert bot.choose(RULES.seat_view(a, seat), "twin") == bot.choose(
                    RULES.seat_view(b, seat), "twin"
                )
                compared += 1
            a, _ = a.apply(both[0])
            b, _ = b.apply(both[0])
    assert compared >= 6


def test_the_strong_bot_is_reproducible_by_seed_and_takes_a_random():
    view = next(v for _s, v in positions("win", 4, "repro", 9))
    bot = make_bot("strong", playouts=80)
    assert bot.choose(view, "s") == bot.choose(view, "s")
    assert bot.choose(view, random.Random(5)) == bot.choose(view, random.Random(5))
    assert bot.choose(view, "s") in view["legal_actions"]


@pytest.mark.parametrize(("variant", "seats"), [("bid", 2), ("lose", 4)])
def test_the_strong_bot_plays_whole_games_to_a_legal_end(variant, seats):
    bots = [make_bot("strong", playouts=12)] + [make_bot("heuristic")] * (seats - 1)
    setup = RULES.deal(f"whole-{variant}", variant, seats)
    state, actions = RULES.new(variant, seats, setup), []
    while not state.over:
        action = bots[state.to_move].choose(RULES.seat_view(state, state.to_move), "g")
        state, _events = state.apply(action)
        actions.append(action)
    verdict = RULES.check_record({**RULES.record_header(variant, seats, setup), "actions": actions})
    assert verdict["ok"] is True and verdict["over"] is True


# Seat 0 leads six tricks of "2 balls" (seat 1 holds none and throws away), then 2223
# calling stars: "3 stars". Seat 1 holds 3333 (the 12: it takes any trick of its suits)
# and 1113 (a 6 that cannot beat 2223), both 3 stars; seat 0's last card, 2222, shares no
# suit with 1113 and none with 3333.
LEADS = ["2111", "2112", "2121", "2211", "2122", "2212"]
THROWN = ["1111", "1112", "1121", "1211", "3111", "1122"]
ENDGAME = setup_with(2, 1, {0: [*LEADS, "2223", "2222"], 1: [*THROWN, "3333", "1113"]})


@pytest.mark.parametrize(("variant", "card"), [("win", "3333"), ("lose", "1113")])
def test_the_search_takes_the_trick_it_wants_and_ducks_the_one_it_does_not(variant, card):
    """Play to Win: 3333 now takes this trick for sure, and 1113 may take the last; kept
    back, 3333 takes at most the last. Play to Lose: 1113 ducks under 2223 and 3333, in no
    suit of 2222, takes nothing."""
    state = RULES.new(variant, 2, ENDGAME)
    for led, thrown in zip(LEADS, THROWN, strict=True):
        state, _ = state.apply(lead(0, led, "ball"))
        state, _ = state.apply(follow(1, thrown))
    state, _ = state.apply(lead(0, "2223", "star"))
    view = RULES.seat_view(state, 1)
    assert {a["card"] for a in view["legal_actions"]} == {"3333", "1113"}
    assert make_bot("strong", playouts=200).choose(view, "endgame")["card"] == card


# --- Play to Win and Play to Lose: every candidate weighed on the same deals ---------------


def threats_seen(view, card: str, shape: str) -> int:
    """Written out from the view: the cards the seat cannot see that are of the suit
    ``card`` makes calling ``shape`` and as high or higher (they would take it)."""
    unseen = set(DECK) - set(view["hand"]) - played_this_round(view)
    at = SHAPES.index(shape)
    return sum(
        1
        for other in unseen
        if other != card and other[at] == card[at] and value(other) >= value(card)
    )


@pytest.mark.parametrize(("variant", "seats"), [("win", 2), ("lose", 2), ("win", 4), ("lose", 4)])
def test_a_lead_is_weighed_with_the_shapes_fewest_cards_beat_or_most(variant, seats):
    """Leading, the candidates are each card of the hand with the ``LEAD_SHAPES`` shapes
    that the fewest unseen cards beat (Play to Win) or the most (Play to Lose); they are
    legal and the same whatever hidden cards are drawn."""
    checked = 0
    for _state, view in positions(variant, seats, f"leads-{variant}-{seats}", 5):
        if view["trick"] is not None or not view["legal_actions"]:
            continue
        me = view["viewer"]
        drawn = [candidates(Determinizer(view).draw(random.Random(s)), me) for s in range(3)]
        assert drawn[0] == drawn[1] == drawn[2]
        moves = drawn[0]
        assert all(move in view["legal_actions"] for move in moves)
        assert len(moves) == len(set(map(str, moves))) == LEAD_SHAPES * len(view["hand"])
        for card in view["hand"]:
            mine = {move["shape"] for move in moves if move["card"] == card}
            counts = {shape: threats_seen(view, card, shape) for shape in SHAPES}
            worst_kept = (max if variant == "win" else min)(counts[s] for s in mine)
            for shape in set(SHAPES) - mine:
                if variant == "win":
                    assert counts[shape] >= worst_kept
                else:
                    assert counts[shape] <= worst_kept
        checked += 1
    assert checked >= 3


def test_a_follow_weighs_every_card_the_seat_may_play():
    checked = 0
    for _state, view in positions("win", 3, "follows", 4):
        if view["trick"] is None or not view["legal_actions"]:
            continue
        moves = candidates(Determinizer(view).draw(random.Random(1)), view["viewer"])
        assert sorted(m["card"] for m in moves) == sorted(a["card"] for a in view["legal_actions"])
        checked += 1
    assert checked >= 3


def test_the_paired_search_counts_the_tricks_each_move_takes_over_its_deals():
    """``flat_search`` plays every candidate out on each deal drawn: with a budget of 5
    deals per candidate, a total is between 0 and 5 rounds' worth of tricks, it is
    reproducible by seed, and the bot plays the move with most tricks (fewest in Lose)."""
    view = next(v for _s, v in positions("lose", 2, "paired", 6) if v["legal_actions"])
    tricks_left = 8 - len(view["tricks"])
    moves = candidates(Determinizer(view).draw(random.Random(0)), view["viewer"])
    rows = flat_search(view, "p", 5 * len(moves))
    assert rows == flat_search(view, "p", 5 * len(moves))
    assert [move for move, _total in rows] == moves
    taken = view["taken"][view["viewer"]]
    for _move, total in rows:
        assert 5 * taken <= total <= 5 * (taken + tricks_left)
    fewest = min(total for _move, total in rows)
    chosen = make_bot("strong", playouts=5 * len(moves)).choose(view, "p")
    assert any(move == chosen and total == fewest for move, total in rows)
