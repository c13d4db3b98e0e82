"""Xactika's bots play legal games to the end from their seat's view alone."""

import random

import pytest

from games.xactika.bots import LEVELS, make_bot
from games.xactika.bots.arena import compare, play
from games.xactika.bots.heuristic import Table
from games.xactika.engine import RULES
from tests.xactika.test_rulings import EXAMPLE, EXAMPLE_ACTIONS


@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize("variant", ["bid", "win", "lose"])
def test_every_level_plays_legal_games_to_the_end_at_every_seat_count(variant, seats):
    levels = [LEVELS[seat % len(LEVELS)] for seat in range(seats)]
    outcome, actions = play(levels, variant, f"legal-{seats}")
    record = {
        **RULES.record_header(variant, seats, RULES.deal(f"arena-legal-{seats}", variant, seats))
    }
    verdict = RULES.check_record({**record, "actions": actions})
    assert verdict["ok"] is True and verdict["over"] is True
    assert verdict["scores"] == list(outcome.scores)


def test_a_bot_answers_the_same_view_and_seed_the_same_way():
    state = RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    view = RULES.seat_view(state, 0)
    for level in LEVELS:
        first = make_bot(level).choose(view, random.Random("s"))
        assert first in view["legal_actions"]
        assert make_bot(level).choose(view, random.Random("s")) == first


def test_a_bot_refuses_a_view_without_legal_actions():
    view = RULES.seat_view(RULES.new("bid", 3, EXAMPLE), 1)
    for level in LEVELS:
        with pytest.raises(ValueError, match="no legal action"):
            make_bot(level).choose(view, random.Random(0))


def test_the_heuristic_bot_bids_its_sure_tricks_and_avoids_the_hook():
    # Seat 0 holds 3333 (12: no card beats it) and low cards: it bids 1.
    state = RULES.new("bid", 3, EXAMPLE)
    assert make_bot("heuristic").choose(RULES.seat_view(state, 0), random.Random(0))["n"] >= 1
    state = RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:2])
    view = RULES.seat_view(state, 2)
    assert make_bot("heuristic").choose(view, random.Random(0))["n"] != view["barred_bid"]


def test_the_heuristic_bot_reads_only_unseen_cards_from_its_view():
    state = RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:5])
    table = Table(RULES.seat_view(state, 2))
    assert len(table.unseen) == 81 - 8 - 2  # its hand and the two cards on the table
    assert table.share == 14 / 71  # seats 0 and 1 hold 7 each of the 71 unseen


def test_the_heuristic_bot_beats_random_play():
    result = compare(24, 4, "bid")
    assert result["heuristic"]["mean_total"] > result["random"]["mean_total"]
    assert result["heuristic"]["first_share_95"][0] > result["even_share"]
