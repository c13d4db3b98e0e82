"""The words every page, list and notice uses for who sits at a table and where they finished."""

import pytest

from games.models import GameSeat
from games.outcomes import company, ordinal, place_text
from tests.factories import UserFactory, start_table


def test_ordinals_read_as_people_say_them():
    assert [ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "21st", "22nd", "23rd",
        "101st", "111th",
    ]  # fmt: skip


def _users(*names):
    return [UserFactory(username=name) for name in names]


@pytest.mark.django_db
def test_company_names_the_opponent_or_the_table_or_the_partner():
    ann, bob, cy, dee, eve, fay = _users("ann", "bob", "cy", "dee", "eve", "fay")
    assert company(start_table("tally", "duel", [ann, bob], seed="a"), 0) == "against bob"
    three = start_table("tally", "open", [ann, bob, cy], seed="b")
    assert company(three, 1) == "with ann and cy"
    four = start_table("tally", "open", [ann, bob, cy, dee], seed="c")
    assert company(four, 0) == "with bob, cy and dee"
    six = start_table("tally", "open", [ann, bob, cy, dee, eve, fay], seed="d")
    assert company(six, 5) == "with ann, bob and 3 others"
    partners = start_table("tally", "partners", [ann, bob, cy, dee], seed="e")
    assert company(partners, 1) == "with your partner dee against ann and cy"
    six_partners = start_table("tally", "partners", [ann, bob, cy, dee, eve, fay], seed="f")
    assert company(six_partners, 0) == "with your partner dee against bob, cy and 2 others"


def _rank(game, ranks):
    for seat, rank in zip(game.seat_rows(), ranks, strict=True):
        seat.rank = rank
    GameSeat.objects.bulk_update(game.seat_rows(), ["rank"])
    game.forget_seats()


@pytest.mark.django_db
def test_place_text_counts_sides_and_shared_places():
    users = _users("p0", "p1", "p2", "p3", "p4")
    five = start_table("tally", "open", users, seed="g")
    assert place_text(five, 0) == ""  # not over yet
    _rank(five, [2, 1, 2, 4, 5])
    assert [place_text(five, s) for s in range(5)] == [
        "shared 2nd of 5", "1st of 5", "shared 2nd of 5", "4th of 5", "5th of 5",
    ]  # fmt: skip
    duel = start_table("tally", "duel", users[:2], seed="h")
    _rank(duel, [1, 2])
    assert (place_text(duel, 0), place_text(duel, 1)) == ("won", "lost")
    _rank(duel, [1, 1])
    assert place_text(duel, 1) == "drew"
    partners = start_table("tally", "partners", users[:4], seed="i")
    _rank(partners, [2, 1, 2, 1])
    assert [place_text(partners, s) for s in range(4)] == ["lost", "won", "lost", "won"]
