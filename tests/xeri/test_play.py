"""Rulings 6-14 and 20: what a play does, checked on set-ups built by hand.

Two seats with ``first_dealer`` 1 unless said otherwise: seat 1 deals round 1, so seat 0
holds the first block of the deck and plays first.
"""

from games.xeri.engine import RULES
from games.xeri.engine.zombie import zombie_card

from .helpers import EXAMPLE_CARDS, EXAMPLE_SETUP, layout, plays, run, setup_of

# Seat 0 holds JS JC 9C 9D QH 2D, seat 1 holds JD JH 9H 3S 4S 5S; the pile is 2H 3H 4H 5H.
JACKS = layout(
    2,
    [["JS", "JC", "9C", "9D", "QH", "2D"], ["JD", "JH", "9H", "3S", "4S", "5S"]],
    ["2H", "3H", "4H", "5H"],
)
JACKS_SETUP = setup_of(2, 1, JACKS)


def test_the_worked_example_of_the_rulings_plays_as_printed():
    state, events = run(EXAMPLE_SETUP, EXAMPLE_CARDS)
    first, _five, xeri, _four, second = plays(events)
    assert first["captured"] == ["10S", "JC", "AC", "7C", "7H"] and first["xeri"] is None
    assert xeri["captured"] == ["5H", "5D"] and xeri["xeri"] == "xeri"
    assert second["captured"] == ["4H", "4D"] and second["xeri"] == "xeri"
    view = RULES.spectator_view(state)
    assert view["captured"][0]["count"] == 9 and view["captured"][0]["xeris"] == 2
    assert view["pile"] == [] and view["top"] is None and view["last_capturer"] == 0


def test_a_card_of_the_top_cards_rank_takes_the_whole_pile_not_only_that_rank():
    state, events = run(EXAMPLE_SETUP, ["7H"])
    assert plays(events)[0]["captured"] == ["10S", "JC", "AC", "7C", "7H"]
    assert state.pile == [] and sorted(state.captured[0]) == sorted(["10S", "JC", "AC", "7C", "7H"])


def test_a_card_that_matches_only_a_lower_card_of_the_pile_takes_nothing():
    # seat 0's 8S matches nothing; seat 1's AD matches the AC under the top card 8S
    state, events = run(EXAMPLE_SETUP, ["8S", "AD"])
    assert [event["captured"] for event in plays(events)] == [[], []]
    assert state.pile == ["10S", "JC", "AC", "7C", "8S", "AD"] and state.last_capturer is None


def test_a_jack_takes_a_pile_whatever_its_top_card():
    state, events = run(JACKS_SETUP, ["JS"])
    assert plays(events)[0]["captured"] == ["2H", "3H", "4H", "5H", "JS"]
    assert plays(events)[0]["xeri"] is None


def test_a_jack_on_an_empty_table_captures_nothing_and_a_jack_then_makes_a_jack_xeri():
    state, events = run(JACKS_SETUP, ["JS", "JD", "JC"])
    _take, lone, xeri = plays(events)
    assert lone["captured"] == [] and xeri["captured"] == ["JD", "JC"]
    assert xeri["xeri"] == "jack_xeri"
    assert state.xeris[0] == [0, 1] and state.last_capturer == 0


def test_a_jack_taking_a_lone_card_of_another_rank_is_an_ordinary_capture():
    state, events = run(JACKS_SETUP, ["JS", "9H", "JC"])
    assert plays(events)[2]["captured"] == ["9H", "JC"] and plays(events)[2]["xeri"] is None
    assert state.xeris[0] == [0, 0]


def test_a_matching_card_on_a_lone_card_is_a_xeri():
    state, events = run(JACKS_SETUP, ["JS", "9H", "9C"])
    assert plays(events)[2]["xeri"] == "xeri" and state.xeris[0] == [1, 0]


def test_a_xeri_needs_a_lone_card():
    # 9H on an empty table, QH on it, then 9D does not match the top card QH
    state, events = run(JACKS_SETUP, ["JS", "9H", "QH", "3S", "9D"])
    assert all(event["xeri"] is None for event in plays(events))
    assert state.pile == ["9H", "QH", "3S", "9D"]


def test_the_first_play_of_a_round_is_never_a_xeri():
    _state, events = run(EXAMPLE_SETUP, ["7H"])
    assert plays(events)[0]["xeri"] is None


def test_turns_alternate_from_the_seat_left_of_the_dealer():
    state = RULES.new("classic", 2, EXAMPLE_SETUP)
    assert state.dealer == 1 and state.to_move == 0
    state, _ = run(EXAMPLE_SETUP, ["7H"])
    assert state.to_move == 1


def test_the_hands_and_pile_are_dealt_as_ruling_32_says_with_four_seats():
    setup = RULES.deal("four", "classic", 4)
    setup["first_dealer"] = 2
    deck = setup["rounds"][0]["deck"]
    state = RULES.new("classic", 4, setup)
    assert state.dealer == 2 and state.to_move == 3
    for j, seat in enumerate((3, 0, 1, 2)):
        assert sorted(state.hands[seat]) == sorted(deck[6 * j : 6 * j + 6])
    assert state.pile == deck[24:28] and state.stock == 24


def test_later_deals_give_six_more_cards_and_the_turn_order_carries_on():
    state = RULES.new("classic", 2, EXAMPLE_SETUP)
    deck = EXAMPLE_SETUP["rounds"][0]["deck"]
    pile_before = None
    for _ in range(12):
        pile_before = state.pile
        state, events = state.apply(state.legal_actions()[0])
    assert events[-1] == {"type": "deal", "round": 1, "deal": 2}
    assert sorted(state.hands[0]) == sorted(deck[16:22])
    assert sorted(state.hands[1]) == sorted(deck[22:28])
    assert state.stock == 24 and state.deal_no == 2
    assert state.to_move == 0  # the seat that opened the round opens every deal of it
    assert len(state.pile) in (0, len(pile_before) + 1)  # the pile is not touched


def test_four_seats_have_one_later_deal_and_every_round_has_48_plays():
    state = RULES.new("classic", 4, RULES.deal("deals", "classic", 4))
    deals = []
    while state.round == 0:
        state, events = state.apply(state.legal_actions()[0])
        deals += [event for event in events if event["type"] == "deal"]
    assert deals == [{"type": "deal", "round": 1, "deal": 2}]
    assert (
        state.n_actions == 48
        and state.round == 1
        and state.dealer == (state.setup["first_dealer"] + 1) % 4
    )


def test_the_dealer_passes_clockwise_and_the_next_round_opens_left_of_it():
    setup = RULES.deal("rotation", "classic", 4, rounds=8)
    state = RULES.new("classic", 4, setup)
    seen = []
    while not state.over:
        if state.plays == 0:
            seen.append((state.dealer, state.to_move))
        state, _ = state.apply(RULES.zombie_action(state, state.to_move))
    first = setup["first_dealer"]
    assert seen == [((first + k) % 4, (first + k + 1) % 4) for k in range(8)]


def test_the_zombie_move_takes_when_it_can_and_otherwise_gives_least():
    assert zombie_card(["3C", "7D", "JH"], ["2S", "7S"]) == "7D"  # a match
    assert zombie_card(["3C", "JH"], ["JS"]) == "JH"  # a Jack xeri
    assert zombie_card(["3C", "JH"], ["2S", "4S", "5S"]) == "JH"  # three cards are worth a Jack
    assert zombie_card(["3C", "JH"], ["AS", "KS"]) == "JH"  # two card points too
    assert zombie_card(["3C", "KD", "JH"], ["5S"]) == "3C"  # else the cheapest non-Jack
    assert zombie_card(["KD", "2C", "4H"], []) == "4H"  # the 2C is worth a point
    assert zombie_card(["JH", "JD"], []) == "JD"  # only Jacks: the first in card order


def test_a_copy_carries_every_field_and_shares_no_list_it_changes():
    state, _events = run(EXAMPLE_SETUP, EXAMPLE_CARDS[:5])
    other = state.copy()
    assert _fields(other) == _fields(state)
    seat = state.to_move
    held, pile = list(state.hands[seat]), list(state.pile)
    other.play(seat, other.hands[seat][0])
    assert state.hands[seat] == held and state.pile == pile
    assert len(other.hands[seat]) == len(held) - 1


def _fields(state) -> dict:
    """Every slot of ``state``, its tally's slots one by one (a copy has its own tally)."""
    found = {name: getattr(state, name) for name in type(state).__slots__}
    tally = found.pop("tally")
    found.update({f"tally.{name}": getattr(tally, name) for name in type(tally).__slots__})
    return found
