"""Xeri behind the platform's game interface: ``RULES`` (``games.kit.interface.GameRules``).

Every method calls the engine's own functions; no rule is restated here.
"""

from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.options import GameOption
from games.kit.play import StatePlay
from games.kit.variants import VariantInfo

from . import records, setup as setups
from .cards import CARDS
from .outcome import ENDINGS, SIDES, outcome
from .setup import HAND, PILE, VARIANT
from .state import State, replay, side_of
from .views import full_view, seat_view, spectator_view
from .zombie import zombie_card


class XeriRules(StatePlay):
    """The zombie plays ``zombie.zombie_card``."""

    key = "xeri"
    name = "Xeri"
    record_format = records.FORMAT
    variants = {
        VARIANT: VariantInfo(
            VARIANT,
            "Classic",
            setups.SEAT_COUNTS,
            teams=((4, SIDES[4]),),
            can_draw=True,
        )
    }
    endings = ENDINGS
    # The match length the rules leave to the players (rules section 4, ruling 19): any
    # whole multiple of one deal per seat. The site offers up to four deals each.
    options = (
        GameOption(
            name="deals",
            label="Match length",
            choices=(
                (1, "Each player deals once"),
                (2, "Each player deals twice"),
                (3, "Each player deals three times"),
                (4, "Each player deals four times"),
            ),
            default=1,
            help="A round is one pass through the deck and the deal passes on each round: "
            "once each is 2 rounds with 2 players, 4 rounds with 4.",
        ),
    )

    # --- set-up ------------------------------------------------------------------------

    def deal(
        self, seed, variant: str, seats: int, rounds: int | None = None, *, deals: int = 1
    ) -> dict:
        """A match's set-up from ``seed``: ``rounds`` rounds, else ``deals`` deals per
        seat (the option ``deals``: one by default, ruling 19)."""
        if rounds is None:
            setups.check_table(variant, seats)
            if type(deals) is not int or deals < 1:
                raise InvalidSetup(f"each seat deals a whole number of times, not {deals!r}")
            rounds = deals * seats
        return setups.deal(seed, variant, seats, rounds)

    def check_setup(self, variant: str, seats: int, setup) -> None:
        setups.check_setup(variant, seats, setup)

    # The state and view functions serve as they are: RULES.new(...) is State.new(...).
    new = staticmethod(State.new)
    replay = staticmethod(replay)

    # --- play --------------------------------------------------------------------------

    def zombie_action(self, state: State, seat: int) -> dict:
        """The move the site makes for an absent seat: ``zombie.zombie_card``."""
        if state.over or state.to_move != seat:
            raise IllegalAction(f"seat {seat} is not to move")
        return {"seat": seat, "type": "play", "card": zombie_card(state.hands[seat], state.pile)}

    # --- reading -----------------------------------------------------------------------

    seat_view = staticmethod(seat_view)
    spectator_view = staticmethod(spectator_view)
    full_view = staticmethod(full_view)
    outcome = staticmethod(outcome)

    # --- records -----------------------------------------------------------------------

    def record_header(self, variant: str, seats: int, setup: dict) -> dict:
        setups.check_setup(variant, seats, setup)
        record = records.make_record(variant, seats, setup, [])
        del record["actions"]
        return record

    def read_header(self, record) -> tuple[str, int, dict]:
        variant, seats, setup = records.read_header(record)
        return variant, seats, setups.copy_setup(setup)

    def check_record(self, record) -> dict:
        return records.check_record(record)

    # --- tests -------------------------------------------------------------------------

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Swap two cards that the other side receives in a round's last 24 positions,
        in two different 6-card blocks (two deals, or two opponents).

        ``seat`` sees such a card only when it is played, and the play names it. The swap
        keeps to what holds for both seat counts (``seats`` is not needed): positions
        28-51 are dealt to hands in blocks of 6 (ruling 32), and block b goes to seat
        (dealer + 1 + b) mod n, whose side is (first_dealer + round + 1 + b) mod 2.
        """
        index = rng.randrange(len(setup["rounds"]))
        one = setup["rounds"][index]
        start = len(CARDS) - LAST_BLOCKS * HAND
        theirs = [
            position
            for position in range(start, len(CARDS))
            if side_of(setup["first_dealer"] + index + 1 + _block(position)) != side_of(seat)
        ]
        a, b = rng.sample(theirs, 2)
        while _block(a) == _block(b):
            a, b = rng.sample(theirs, 2)
        deck = list(one["deck"])
        deck[a], deck[b] = deck[b], deck[a]
        rounds = list(setup["rounds"])
        rounds[index] = {"deck": deck, "redeals": one["redeals"]}
        return {**setup, "rounds": rounds}


LAST_BLOCKS = 4  # the last 24 cards: the last two deals with two seats, the last with four


def _block(position: int) -> int:
    """The 6-card block of a deck position past the starting pile, counted over all deals."""
    return (position - PILE) // HAND


RULES = XeriRules()
