"""The readable history: what happened, told from the viewer's side, hiding hidden cards."""

import re

from hypothesis import HealthCheck, given, settings

from games.xix.engine import full_view, new_game, seat_view, spectator_view
from tests.xix.engine.helpers import (
    SPLIT,
    abandon,
    draft,
    games,
    make_deal,
    play,
    play_exchanges,
    raise_,
    run,
    trade,
)

# Seat 0 leads 12 and loses it to 7 (12 + 7 = 19), loses 3 to 8, then wins with 17 over 9.
DEAL = make_deal([12, 3, 17, 1, 2, 4], [7, 8, 9, 5, 6, 10])
EXCHANGE = [
    play(0, 12), play(1, 7), raise_(0),
    play(1, 8), play(0, 3), raise_(0),
    play(1, 9), play(0, 17), abandon(1),
]  # fmt: skip


def history(state, viewer, names=None):
    if viewer == "spectator":
        return spectator_view(state, names)["history"]
    return seat_view(state, viewer, names)["history"]


def test_seat_zero_reads_the_exchange_from_its_side():
    state = run(new_game("standard", DEAL, 0), EXCHANGE)

    assert history(state, 0) == [
        "Exchange 1: You lead the first trick",
        "You led 12",
        "Opponent played 7",
        "Opponent took the trick with 7 (12 + 7 = 19, the lower card takes it)",
        "You received strike 1 of 3; the exchange is worth 1 point",
        "You raised the stakes to 2",
        "Opponent led 8",
        "You played 3",
        "Opponent took the trick with 8 (8 is higher)",
        "You received strike 2 of 3; the exchange is worth 2 points",
        "You raised the stakes to 3",
        "Opponent led 9",
        "You played 17",
        "You took the trick with 17 (17 is higher)",
        "Opponent received strike 1 of 3; the exchange is worth 3 points",
        "Opponent abandoned the exchange",
        "You won exchange 1 and 3 points (score: You 3, Opponent 0)",
    ]


def test_seat_one_reads_the_same_exchange_from_its_side():
    state = run(new_game("standard", DEAL, 0), EXCHANGE)

    lines = history(state, 1)

    assert lines[0] == "Exchange 1: Opponent leads the first trick"
    assert lines[1:4] == [
        "Opponent led 12",
        "You played 7",
        "You took the trick with 7 (12 + 7 = 19, the lower card takes it)",
    ]
    assert lines[10] == "Opponent raised the stakes to 3"
    assert lines[-2:] == [
        "You abandoned the exchange",
        "Opponent won exchange 1 and 3 points (score: Opponent 3, You 0)",
    ]


def test_spectators_read_seat_names():
    state = run(new_game("standard", DEAL, 0), EXCHANGE[:3])

    assert history(state, "spectator")[1:4] == [
        "Player 1 led 12",
        "Player 2 played 7",
        "Player 2 took the trick with 7 (12 + 7 = 19, the lower card takes it)",
    ]
    assert history(state, "spectator", ["Ann", "Bob"])[-1] == "Ann raised the stakes to 2"
    assert history(state, 0, ["Ann", "Bob"])[3].startswith("Bob took the trick with 7")


def test_talon_history_says_the_second_card_takes_a_nineteen():
    state = run(new_game("talon", DEAL, 0), [play(0, 12), play(1, 7)])

    assert history(state, 0)[-2] == (
        "Opponent took the trick with 7 (12 + 7 = 19, the second card takes it)"
    )


def test_the_end_of_the_game_is_told_with_its_reason():
    state = play_exchanges(new_game("standard", SPLIT, 0), [(1, 8), (1, 8), (1, 3)])

    assert history(state, 0)[-2:] == [
        "Opponent won exchange 3 and 3 points (score: You 0, Opponent 19)",
        "Game over: You won, You 0, Opponent 19 "
        "(exactly 19 points were awarded in all, so the lower score wins)",
    ]
    assert history(state, 1)[-1] == (
        "Game over: Opponent won, Opponent 0, You 19 "
        "(exactly 19 points were awarded in all, so the lower score wins)"
    )


def test_reaching_nineteen_is_told():
    state = play_exchanges(new_game("standard", SPLIT, 0), [(1, 8), (1, 8), (0, 1), (1, 3)])

    assert history(state, "spectator")[-1] == (
        "Game over: Player 2 won, Player 1 1, Player 2 19 "
        "(a score reached 19, so the higher score wins)"
    )


# Seat 1 loses exchange 1 and hides its closed 5 at position 1 (taking the dealt 7);
# seat 0 loses exchange 2 and takes that 5, hiding its closed 2 there.
TWO_TRADES = [
    play(0, 16), play(1, 4), abandon(1), draft(1, 16), draft(0, 4), trade(1, 5, 0),
    play(0, 1), play(1, 6), abandon(0), draft(0, 6), draft(1, 1), trade(0, 2, 0),
]  # fmt: skip


def trade_lines(viewer, names=None):
    state = run(new_game("standard", SPLIT, 0), TWO_TRADES)
    lines = history(state, viewer, names)
    return [line for line in lines if " traded " in line]


def test_a_seat_reads_its_own_trades_in_full():
    assert trade_lines(1)[0] == (
        "You traded 5 from your closed hand for the face-down 7 at row position 1; "
        "5 now lies face down there"
    )
    assert trade_lines(0)[1] == (
        "You traded 2 from your closed hand for the face-down 5 at row position 1; "
        "2 now lies face down there"
    )


def test_the_opponents_face_down_trade_does_not_name_the_hidden_cards():
    first, second = trade_lines(0)

    assert first == (
        "Opponent traded a card from their closed hand (now face down at row position 1) "
        "for the face-down card there, now in their closed hand"
    )
    assert not re.search(r"\b(5|7)\b", first)
    # Seat 1 hid the 5 itself, so it is told the opponent took it; the 2 stays hidden.
    assert trade_lines(1)[1] == (
        "Opponent traded a card from their closed hand (now face down at row position 1) "
        "for your face-down 5, now in their closed hand"
    )


def test_spectators_are_told_no_hidden_card_and_the_full_view_every_card():
    for line in trade_lines("spectator", ["Ann", "Bob"]):
        assert not re.search(r"\b(2|5|7)\b", line)
    state = run(new_game("standard", SPLIT, 0), TWO_TRADES)
    assert full_view(state)["history"][-2] == (
        "Player 1 traded 2 from their closed hand for the face-down 5 at row position 1; "
        "2 now lies face down there"
    )


def test_an_open_hand_trade_names_the_face_up_card():
    moves = [play(0, 16), play(1, 4), abandon(1), draft(1, 16), draft(0, 4), trade(1, 16, 3)]
    state = run(new_game("standard", SPLIT, 0), moves)

    assert history(state, 0)[-2] == (
        "Opponent traded 16 from their open hand (now face up at row position 4) for the "
        "face-down card there, now in their closed hand"
    )
    assert history(state, 0)[-1] == "Exchange 2: You lead the first trick"


def numbers(line):
    """The numbers in a line, leaving out row positions (1 to 5, not cards)."""
    return {int(n) for n in re.findall(r"\d+", re.sub(r"row position \d", "", line))}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_trade_lines_name_no_card_the_reader_cannot_know(game):
    states, _ = game
    final = states[-1]
    events = final.events()
    names = ["Ann", "Bob"]  # no digits in the names
    readers = {
        0: seat_view(final, 0, names),
        1: seat_view(final, 1, names),
        "spectator": spectator_view(final, names),
    }
    for index, event in enumerate(events):
        if event[0] != "trade":
            continue
        _, seat, card, from_closed, _, taken, taken_down, placed_by = event
        for reader, view in readers.items():
            if reader == seat:
                continue
            hidden = set()
            if from_closed and final.variant == "standard":
                hidden.add(card)
            if taken_down and placed_by != reader:
                hidden.add(taken)
            assert not numbers(view["history"][index]) & hidden, view["history"][index]
