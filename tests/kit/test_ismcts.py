"""The kit's information-set search (games.kit.ismcts), proved on the test game tally."""

import random
from dataclasses import replace

import pytest

from games.arena import play_table, points_of
from games.kit.ismcts import SearchBot, SearchGame, action_key, share_rewards
from games.kit.play import RandomBot
from tests.kit.tally import RULES
from tests.kit.tally.state import DECK, State


def sample_tally(view: dict, rng: random.Random) -> State:
    """A tally state consistent with ``view``: the cards the seat cannot see (the other
    hands and the undealt) shuffled among the places the view gives their counts."""
    me = view["viewer"]
    seen = set(view["hands"][me]["cards"])
    seen.update(played["card"] for played in view["table"])
    seen.update(played["card"] for played in view["last_round"])
    for line in view["history"]:  # "Seat 1 plays 17."
        if " plays " in line:
            seen.add(int(line.rsplit(" ", 1)[1].rstrip(".")))
    unseen = [card for card in DECK if card not in seen]
    rng.shuffle(unseen)
    hands, at = [], 0
    for seat, hand in enumerate(view["hands"]):
        if seat == me:
            hands.append(tuple(sorted(hand["cards"])))
        else:
            hands.append(tuple(sorted(unseen[at : at + hand["count"]])))
            at += hand["count"]
    seats = view["seats"]
    state = State.new(view["variant"], seats, RULES.deal(0, view["variant"], seats))
    return replace(
        state,
        hands=tuple(hands),
        undealt=tuple(sorted(unseen[at:])),
        to_move=view["to_move"],
        round=view["round"],
        table=tuple((p["seat"], p["card"]) for p in view["table"]),
        last_round=tuple((p["seat"], p["card"]) for p in view["last_round"]),
        points=tuple(view["points"]),
        n_actions=view["n_actions"],
    )


TALLY = SearchGame(rules=RULES, sample=sample_tally)


def test_share_rewards_give_a_lone_winner_one_and_the_last_nothing():
    assert share_rewards((1, 2), None) == [1.0, 0.0]
    assert share_rewards((1, 1), None) == [0.5, 0.5]
    assert share_rewards((2, 1, 3), None) == [0.5, 1.0, 0.0]
    # Partners share their side's result and never count each other.
    assert share_rewards((1, 2, 1, 2), ((0, 2), (1, 3))) == [1.0, 0.0, 1.0, 0.0]


def test_share_rewards_agree_with_the_arenas_points():
    sides = ((0, 3), (1, 4), (2, 5))
    for ranks in [(1, 3, 2, 1, 3, 2), (1, 1, 3, 1, 1, 3)]:
        assert share_rewards(ranks, sides) == [points_of(s, ranks, sides) for s in range(6)]


def test_action_keys_tell_actions_apart_and_match_equal_ones():
    a = {"seat": 0, "type": "lay", "cells": [1, 2]}
    assert action_key(a) == action_key({"type": "lay", "cells": [1, 2], "seat": 0})
    assert action_key(a) != action_key({**a, "cells": [2, 1]})


def test_the_search_takes_the_round_it_can_win_and_keeps_the_low_card():
    # Seat 1 plays last in the final round... of a two-card game: ahead by little, it must
    # beat seat 0's 30 with its 39 rather than throw its 3 and take -3.
    state = RULES.new(
        "duel",
        2,
        {
            "hands": [[30, 1, 2], [39, 3, 4]],
            "undealt": [c for c in DECK if c not in (30, 1, 2, 39, 3, 4)],
            "first": 0,
        },
    )
    state, _ = state.apply({"seat": 0, "type": "play", "card": 30})
    view = RULES.seat_view(state, 1)
    bot = SearchBot(TALLY, "strong", iterations=300)
    assert bot.choose(view, "t")["card"] == 39


def test_the_search_decides_from_the_view_alone():
    # Two set-ups that differ only in cards seat 0 cannot know give the same search.
    rng = random.Random(5)
    bot = SearchBot(TALLY, "strong", iterations=150)
    for table in range(6):
        setup = RULES.deal(f"twin:{table}", "open", 3)
        twin = RULES.hidden_swap(setup, 0, rng, 3)
        seat_to_move = setup["first"]
        if seat_to_move != 0:
            continue
        views = [RULES.seat_view(RULES.new("open", 3, s), 0) for s in (setup, twin)]
        assert views[0] == views[1]
        assert bot.visits(views[0], table) == bot.visits(views[1], table)


def test_the_same_view_and_seed_give_the_same_move_and_the_search_uses_its_budget():
    state = RULES.new("open", 4, RULES.deal("budget", "open", 4))
    view = RULES.seat_view(state, state.to_move)
    bot = SearchBot(TALLY, "strong", iterations=120)
    rows = bot.visits(view, 7)
    assert rows == bot.visits(view, 7)
    assert sum(visits for _action, visits, _mean in rows) == 120
    assert all(visits > 0 for _action, visits, _mean in rows)


@pytest.mark.parametrize("variant, seats, tables", [("duel", 2, 40), ("partners", 4, 15)])
def test_the_search_beats_random_play(variant, seats, tables):
    strong, weak = SearchBot(TALLY, "strong", iterations=200), RandomBot()
    sides = RULES.variants[variant].sides(seats)
    points = games = 0
    for table in range(tables):
        setup = RULES.deal(f"arena:{table}", variant, seats)
        for rotation in range(2):
            bots = [strong if (s + rotation) % 2 == 0 else weak for s in range(seats)]
            outcome, _times = play_table(RULES, variant, seats, setup, bots, f"{table}:{rotation}")
            for s in range(seats):
                if bots[s] is strong:
                    points += points_of(s, outcome.ranks, sides)
                    games += 1
    assert points / games > 0.55
