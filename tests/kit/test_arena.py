"""The arena for any game and table size (games/arena.py, manage.py bot_arena), on the
test game tally (tests/kit/tally), which has 2 to 10 seats and partnerships."""

import io

import pytest
from django.core.management import CommandError, call_command

from games import registry
from games.arena import play_tables, points_of, report


def without_times(lines):
    return [line for line in lines if not line.startswith("time per move")]


@pytest.mark.parametrize(("variant", "seats"), [("open", 3), ("open", 5), ("partners", 4)])
def test_every_entrant_plays_every_seat_of_every_deal(variant, seats):
    levels = ["random"] * seats
    match = play_tables("tally", variant, seats, levels, "rot", range(4))
    assert match.tables == 4 and match.games == 4 * seats
    for entrant in match.entrants:
        assert entrant.games == match.games  # every game, in a different seat each rotation
        assert 1 <= entrant.mean_rank <= seats
        assert entrant.times  # its decisions were timed
    # each game shares out n/2 points: one per pair of opposing sides, over n - 1 opponents
    assert sum(e.points for e in match.entrants) == pytest.approx(match.games * seats / 2)


def test_a_match_is_reproducible_from_its_seed():
    first = play_tables("tally", "open", 4, ["random"] * 4, "same", range(3))
    again = play_tables("tally", "open", 4, ["random"] * 4, "same", range(3))
    other = play_tables("tally", "open", 4, ["random"] * 4, "other", range(3))
    assert without_times(report(first)) == without_times(report(again))
    assert [e.score_sum for e in first.entrants] != [e.score_sum for e in other.entrants]


def test_points_count_sides_not_seats_and_a_tie_is_one_half():
    assert points_of(0, (1, 2), None) == 1.0
    assert points_of(1, (1, 1), None) == 0.5
    assert points_of(0, (2, 1, 3), None) == 0.5  # beat one of two
    sides = ((0, 2), (1, 3))
    assert points_of(0, (1, 2, 1, 2), sides) == 1.0  # the partner is no opponent
    assert points_of(3, (1, 2, 1, 2), sides) == 0.0
    three = ((0, 3), (1, 4), (2, 5))
    assert points_of(1, (2, 1, 2, 2, 1, 2), three) == 1.0
    assert points_of(0, (1, 3, 1, 1, 3, 1), three) == 0.75  # one tie, one side beaten


def test_the_command_seats_a_table_of_any_size():
    out = io.StringIO()
    call_command(
        "bot_arena",
        game="tally",
        variant="open",
        bots="random,random,random,random,random,random",
        games=12,
        seed="6",
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    assert lines[0] == "Tally open, 6 seats: random, random, random, random, random, random, seed 6"
    assert (
        lines[1]
        == "games: 12 (2 deals, each played 6 times with the 6 entrants rotated round the table)"
    )
    entrant_lines = [line for line in lines if line.startswith("entrant ")]
    assert len(entrant_lines) == 6
    assert all("mean rank" in line and "95% Wilson interval" in line for line in entrant_lines)
    assert sum(1 for line in lines if line.startswith("time per move")) == 6


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game": "chess", "bots": "random,random"}, "no game 'chess'"),
        ({"game": "tally", "variant": "solo", "bots": "random,random"}, "no variant 'solo'"),
        ({"game": "tally", "variant": "duel", "bots": "random,random,random"}, "not 3"),
        (
            {"game": "tally", "variant": "open", "seats": 4, "bots": "random,random"},
            "one level per seat",
        ),
        ({"game": "tally", "variant": "duel", "bots": "random,strong"}, "no 'strong' bot"),
        (
            {"game": "tally", "variant": "open", "bots": "random,random,random", "games": 4},
            "multiple",
        ),
        ({"a": "random"}, "name the bots"),
        ({"a": "random", "b": "random", "bots": "random,random"}, "not both"),
    ],
)
def test_the_command_refuses_a_table_it_cannot_seat(options, message):
    with pytest.raises(CommandError, match=message):
        call_command("bot_arena", stdout=io.StringIO(), **options)


def test_a_game_without_bots_of_its_own_offers_the_random_level():
    assert registry.bots("tally").LEVELS == ("random",)
    assert registry.bots("xix").LEVELS == ("random", "heuristic", "strong", "expert")
    with pytest.raises(ValueError, match="no 'heuristic' bot"):
        registry.bots("tally").make_bot("heuristic")
