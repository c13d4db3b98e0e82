"""Set-ups (rulings 2, 5, 19, 32, 33): every shuffle of a match, drawn before it starts.

A set-up is ``{"first_dealer": d, "rounds": [{"deck": [52 codes], "redeals": [[4 codes],
...]}, ...]}``. ``deck`` is the arrangement after the last redeal: the hands (6 per seat,
the seat to the dealer's left first), then the final starting pile (its last card on top),
then the stock, drawn from the front.
"""

import random

from games.kit.errors import InvalidSetup

from .cards import CARDS, JACK, ORDER, RANK, is_card

CARD_SET = frozenset(CARDS)

VARIANT = "classic"
SEAT_COUNTS = (2, 4)
HAND = 6  # cards per seat per deal
PILE = 4  # cards of the starting pile
DECK = len(CARDS)
PLAYS_PER_ROUND = DECK - PILE  # 48, with two seats or four (ruling 20)
SETUP_KEYS = ("first_dealer", "rounds")
ROUND_KEYS = ("deck", "redeals")
ROUND_KEY_SET = frozenset(ROUND_KEYS)


def pile_passes(pile) -> bool:
    """Ruling 5: four different ranks and no Jack on top."""
    return len({RANK[card] for card in pile}) == len(pile) and RANK[pile[-1]] != JACK


def default_rounds(seats: int) -> int:
    """Ruling 19: one deal per seat."""
    return seats


def dealt_round(rng: random.Random, seats: int) -> dict:
    """One round's deck and rejected piles: a uniform shuffle, then a uniform reshuffle of
    the stock (the rejected pile put back) for as long as the starting pile fails."""
    deck = list(CARDS)
    rng.shuffle(deck)
    hands, rest = deck[: HAND * seats], deck[HAND * seats :]
    redeals = []
    while not pile_passes(rest[:PILE]):
        redeals.append(rest[:PILE])
        rng.shuffle(rest)
    return {"deck": hands + rest, "redeals": redeals}


def deal(seed, variant: str, seats: int, rounds: int | None = None) -> dict:
    """The set-up of a match drawn from ``seed`` alone (any int, str or bytes)."""
    check_table(variant, seats)
    count = default_rounds(seats) if rounds is None else rounds
    check_round_count(count, seats)
    rng = random.Random(seed)
    first_dealer = rng.randrange(seats)
    return {
        "first_dealer": first_dealer,
        "rounds": [dealt_round(rng, seats) for _ in range(count)],
    }


def is_int(value) -> bool:
    return type(value) is int


def check_table(variant, seats) -> None:
    if variant != VARIANT:
        raise InvalidSetup(f'Xeri has one variant, "{VARIANT}", not {variant!r}')
    if not is_int(seats) or seats not in SEAT_COUNTS:
        raise InvalidSetup(
            f"Xeri is played by 2 seats, or 4 in two partnerships, not {seats!r} (ruling 24)"
        )


def check_round_count(count, seats: int) -> None:
    if not is_int(count) or count <= 0 or count % seats:
        raise InvalidSetup(
            f"the number of rounds must be a positive multiple of {seats}, so that every "
            f"seat deals equally often (ruling 19), not {count!r}"
        )


def check_setup(variant, seats, setup) -> None:
    """Raise InvalidSetup unless a match can start from this set-up (ruling 33)."""
    check_table(variant, seats)
    if not isinstance(setup, dict) or setup.keys() != set(SETUP_KEYS):
        raise InvalidSetup('a Xeri set-up holds exactly "first_dealer" and "rounds"')
    first_dealer = setup["first_dealer"]
    if not is_int(first_dealer) or not 0 <= first_dealer < seats:
        raise InvalidSetup(f'"first_dealer" must be a seat 0 to {seats - 1}, not {first_dealer!r}')
    rounds = setup["rounds"]
    if not isinstance(rounds, list):
        raise InvalidSetup('"rounds" must be a list')
    check_round_count(len(rounds), seats)
    for index, one in enumerate(rounds):
        check_round(one, seats, f"round {index + 1}")


def check_round(one, seats: int, where: str) -> None:
    if not isinstance(one, dict) or one.keys() != ROUND_KEY_SET:
        raise InvalidSetup(f'{where}: a round holds exactly "deck" and "redeals"')
    deck = one["deck"]
    if not (isinstance(deck, list) and len(deck) == DECK and _card_set(deck) == CARD_SET):
        # not every card once: say which rule it breaks
        if (
            not isinstance(deck, list)
            or len(deck) != DECK
            or set(map(type, deck)) != {str}
            or not CARD_SET.issuperset(deck)
        ):
            raise InvalidSetup(f"{where}: the deck must be a list of {DECK} card codes")
        raise InvalidSetup(f"{where}: the deck must hold each of the {DECK} cards once")
    dealt = HAND * seats
    pile = deck[dealt : dealt + PILE]
    if not pile_passes(pile):
        raise InvalidSetup(
            f"{where}: the starting pile {' '.join(pile)} fails the check of ruling 5 "
            "(a repeated rank, or a Jack on top) and would have been redealt"
        )
    redeals = one["redeals"]
    if not isinstance(redeals, list):
        raise InvalidSetup(f'{where}: "redeals" must be a list')
    hands = set(deck[:dealt]) if redeals else ()
    for number, rejected in enumerate(redeals, start=1):
        label = f"{where}, rejected pile {number}"
        if (
            not isinstance(rejected, list)
            or len(rejected) != PILE
            or not all(map(is_card, rejected))
            or len(set(rejected)) != PILE
        ):
            raise InvalidSetup(f"{label}: a rejected pile is a list of 4 different card codes")
        if pile_passes(rejected):
            raise InvalidSetup(f"{label}: {' '.join(rejected)} passes the check of ruling 5")
        inside = sorted(hands.intersection(rejected), key=ORDER.__getitem__)
        if inside:
            raise InvalidSetup(
                f"{label}: {' '.join(inside)} cannot be in a hand: the hands were dealt "
                "before the starting pile (ruling 5)"
            )


def _card_set(deck: list) -> set | None:
    """The set of ``deck``'s items, None if one cannot be in a set."""
    try:
        return set(deck)
    except TypeError:
        return None


def copy_setup(setup: dict) -> dict:
    """A copy of a (checked) set-up that shares no list with it."""
    return {
        "first_dealer": setup["first_dealer"],
        "rounds": [
            {"deck": list(one["deck"]), "redeals": [list(pile) for pile in one["redeals"]]}
            for one in setup["rounds"]
        ],
    }
