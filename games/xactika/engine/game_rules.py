"""Xactika behind the platform's game interface: ``RULES`` (``games.kit.interface.GameRules``).

Every method calls the engine's own functions; no rule is restated here. A set-up is
``{"first_dealer": d, "rounds": [[81 card codes] per round]}`` (``xactika/1``).
"""

from games.kit.errors import IllegalAction
from games.kit.outcome import Outcome
from games.kit.play import StatePlay
from games.kit.variants import VariantInfo

from . import records
from .cards import CODES, VALUES, bits
from .outcome import ENDINGS, outcome
from .state import (
    HAND,
    LABELS,
    MAX_SEATS,
    MIN_SEATS,
    PLAY,
    VARIANTS,
    State,
    check_setup,
    check_table,
    draw_setup,
    ranks,
    replay,
)
from .views import full_view, seat_view, spectator_view

SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


class XactikaRules(StatePlay):
    key = "xactika"
    name = "Xactika"
    record_format = records.FORMAT
    variants = {
        variant: VariantInfo(
            variant, LABELS[variant], SEAT_COUNTS, can_draw=True, timeout_policy="zombie"
        )
        for variant in VARIANTS
    }
    endings = ENDINGS

    # --- set-up ------------------------------------------------------------------------

    def deal(self, seed, variant: str, seats: int) -> dict:
        check_table(variant, seats)
        return draw_setup(seed, seats)

    check_setup = staticmethod(check_setup)
    new = staticmethod(State.new)
    replay = staticmethod(replay)

    # --- play (apply, legal_actions, is_legal: StatePlay) ------------------------------

    def zombie_action(self, state: State, seat: int) -> dict:
        """For an absent seat: the lowest bid allowed, then the lowest card it may play
        (lowest face value, then lowest code), calling its first shape when it leads."""
        if state.over or state.to_move != seat:
            raise IllegalAction(f"seat {seat} is not to move")
        legal = state.legal_actions()
        if state.phase != PLAY:
            return legal[0]
        card = min(bits(state.follow_cards(seat)), key=lambda card: (VALUES[card], card))
        return next(action for action in legal if action["card"] == CODES[card])

    # --- reading -----------------------------------------------------------------------

    seat_view = staticmethod(seat_view)
    spectator_view = staticmethod(spectator_view)
    full_view = staticmethod(full_view)

    outcome = staticmethod(outcome)

    def standing(self, state: State) -> Outcome:
        """The totals and places as they stand now, in play or over: how the site ranks
        the seats of a table every player has left (docs/rules.md, site decisions)."""
        return Outcome(tuple(state.totals), ranks(state.variant, state.totals), "rounds_played")

    # --- records -----------------------------------------------------------------------

    record_header = staticmethod(records.make_header)
    read_header = staticmethod(records.read_header)
    check_record = staticmethod(records.check_record)

    # --- tests -------------------------------------------------------------------------

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Swap a card of another seat's hand with a set-aside card, in one of the first
        three rounds and in one later round, each drawn at random.

        ``seat`` sees neither card until the other seat plays it, and that action names
        it, so it is illegal from the twin set-up: the kit's check ends in the earlier
        round, having shown meanwhile that no view leaks a shuffle of a later round
        either. The set-aside card is the shuffle's last, set aside at any count.
        """
        rounds = [list(deck) for deck in setup["rounds"]]
        counts = (seats,)
        first = rng.randrange(min(3, len(rounds) - 1))
        for number in (first, rng.randrange(first + 1, len(rounds))):
            places = _hidden_places(setup, number, seat, counts)
            position = places[rng.randrange(len(places))]
            deck = rounds[number]
            deck[position], deck[-1] = deck[-1], deck[position]
        return {**setup, "rounds": rounds}


def _hidden_places(setup: dict, number: int, seat: int, counts) -> list[int]:
    """Positions of round ``number`` never dealt to ``seat`` and dealt for most counts."""
    best, places = 0, []
    for position in range(HAND * max(counts)):
        owners = [_owner(setup, number, position, n) for n in counts]
        if seat in owners:
            continue
        dealt = sum(owner is not None for owner in owners)
        if dealt > best:
            best, places = dealt, []
        if dealt == best:
            places.append(position)
    return places


def _owner(setup: dict, number: int, position: int, seats: int) -> int | None:
    """The seat dealt ``position`` of round ``number``'s shuffle, None if set aside."""
    if position >= HAND * seats:
        return None
    dealer = (setup["first_dealer"] + number) % seats
    return (dealer + 1 + position // HAND) % seats


RULES = XactikaRules()
