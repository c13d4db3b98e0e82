"""ONEXENO behind the platform's game interface: ``RULES`` (``games.kit.interface.GameRules``).

A set-up is ``{"first_dealer": d, "deck": [70 card ids]}`` (``onexeno-rulings.md``,
"Records"); every method calls the engine's own functions.
"""

import random

from games.kit.play import StatePlay
from games.kit.variants import VariantInfo

from . import records
from .cards import IDS
from .outcome import ENDINGS, outcome
from .state import (
    BASIC,
    HAND,
    PARTNERS,
    SEAT_COUNTS,
    State,
    check_setup,
    check_table,
    replay,
    sides_of,
)
from .views import full_view, seat_view, spectator_view


class OnexenoRules(StatePlay):
    key = "onexeno"
    name = "ONEXENO"
    record_format = records.FORMAT
    variants = {
        BASIC: VariantInfo(
            BASIC, "Basic", SEAT_COUNTS[BASIC], can_draw=True, timeout_policy="zombie"
        ),
        PARTNERS: VariantInfo(
            PARTNERS,
            "Partners",
            SEAT_COUNTS[PARTNERS],
            teams=tuple((seats, sides_of(PARTNERS, seats)) for seats in SEAT_COUNTS[PARTNERS]),
            can_draw=True,
            timeout_policy="zombie",
        ),
    }
    endings = ENDINGS

    # --- set-up ------------------------------------------------------------------------

    def deal(self, seed, variant: str, seats: int) -> dict:
        """A random first dealer and a shuffled deck, from ``seed`` alone (R21, R26)."""
        check_table(variant, seats)
        rng = random.Random(f"onexeno:{seed}")
        dealer = rng.randrange(seats)
        deck = list(IDS)
        rng.shuffle(deck)
        return {"first_dealer": dealer, "deck": deck}

    def check_setup(self, variant: str, seats: int, setup) -> None:
        check_setup(variant, seats, setup)

    def new(self, variant: str, seats: int, setup: dict) -> State:
        return State.new(variant, seats, setup)

    def replay(self, variant: str, seats: int, setup: dict, actions) -> State:
        return replay(variant, seats, setup, list(actions))

    # --- play --------------------------------------------------------------------------

    def zombie_action(self, state: State, seat: int) -> dict:
        """An absent seat passes (for good in the end game); on an empty field, where it
        may not pass, it lays its first legal placement."""
        first = super().zombie_action(state, seat)  # refuses a seat that is not to move
        last = state.legal_actions()[-1]
        return last if last["type"] == "pass" else first

    # --- reading -----------------------------------------------------------------------

    def seat_view(self, state: State, seat: int, names=None) -> dict:
        return seat_view(state, seat, names)

    def spectator_view(self, state: State, names=None) -> dict:
        return spectator_view(state, names)

    def full_view(self, state: State, names=None, *, you=None) -> dict:
        return full_view(state, names, you=you)

    def outcome(self, state: State):
        return outcome(state)

    # --- records -----------------------------------------------------------------------

    def record_header(self, variant: str, seats: int, setup: dict) -> dict:
        return records.record_header(variant, seats, setup)

    def read_header(self, record) -> tuple[str, int, dict]:
        return records.read_header(record)

    def check_record(self, record) -> dict:
        return records.check_record(record)

    # --- tests -------------------------------------------------------------------------

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Swap a card dealt to another seat with a stack card that same seat will draw.

        While the stack lasts every seat takes its turn in order, so stack card k goes to
        seat (dealer + 1 + k) % n. ``seat`` sees neither card until their owner lays one
        (the action names it, and is illegal in the twin while the card is not yet held
        there) or the game ends, when both are in that hand in either game.
        """
        deck, dealer = list(setup["deck"]), setup["first_dealer"]
        owner = rng.choice([other for other in range(seats) if other != seat])
        dealt = HAND * ((owner - dealer - 1) % seats) + rng.randrange(HAND)
        stack = HAND * seats + 1
        # not k = 0: the first stack card is drawn before the first action, into the same hand
        draws = [
            stack + k for k in range(1, len(deck) - stack) if (dealer + 1 + k) % seats == owner
        ]
        later = rng.choice(draws)
        deck[dealt], deck[later] = deck[later], deck[dealt]
        return {**setup, "deck": deck}


RULES = OnexenoRules()
