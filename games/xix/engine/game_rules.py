"""XIX behind the platform's game interface: ``RULES`` (``games.kit.interface.GameRules``).

Every method calls the engine's own functions; no rule is restated here. A set-up is
``{"deal": [18 cards], "first_leader": 0 | 1}`` and XIX always has two seats.
"""

from games.kit.play import StatePlay
from games.kit.variants import VariantInfo

from . import records, rules
from .deal import shuffled_deal
from .outcome import ENDINGS, outcome
from .state import InvalidSetup, State, check_setup, replay
from .views import full_view, seat_view, spectator_view

SEATS = 2
SETUP_KEYS = ("deal", "first_leader")
DISCARD = rules.DEAL_SIZE - 1  # the deal's last card is never used (ruling 1)


class XixRules(StatePlay):
    key = "xix"
    name = "XIX"
    record_format = records.FORMAT
    variants = {
        rules.STANDARD: VariantInfo(rules.STANDARD, "Standard", (SEATS,)),
        rules.TALON: VariantInfo(rules.TALON, "Talon", (SEATS,), can_draw=True),
        rules.V2: VariantInfo(rules.V2, "XIX 2.0 (2023 rules)", (SEATS,)),
    }
    endings = ENDINGS

    # --- set-up ------------------------------------------------------------------------

    def deal(self, seed, variant: str, seats: int) -> dict:
        self._check_table(variant, seats)
        deal, first_leader = shuffled_deal(seed)
        return {"deal": deal, "first_leader": first_leader}

    def check_setup(self, variant: str, seats: int, setup) -> None:
        self._check_table(variant, seats)
        if not isinstance(setup, dict) or set(setup) != set(SETUP_KEYS):
            raise InvalidSetup('an XIX set-up holds exactly "deal" and "first_leader"')
        check_setup(variant, setup["deal"], setup["first_leader"])

    def _check_table(self, variant, seats) -> None:
        check_setup(variant, list(rules.CARDS), 0)  # a valid deal: checks the variant alone
        if type(seats) is not int or seats != SEATS:
            raise InvalidSetup(f"XIX is played by {SEATS} seats, not {seats!r}")

    def new(self, variant: str, seats: int, setup: dict) -> State:
        self.check_setup(variant, seats, setup)
        return State.new(variant, setup["deal"], setup["first_leader"])

    def replay(self, variant: str, seats: int, setup: dict, actions) -> State:
        self.check_setup(variant, seats, setup)
        return replay(variant, setup["deal"], setup["first_leader"], actions)

    # --- play --------------------------------------------------------------------------

    # apply, legal_actions, is_legal and zombie_action come from StatePlay: State applies
    # its own actions. The zombie action (the first legal one) is unused by the site, whose
    # XIX policy is to forfeit.

    # --- reading -----------------------------------------------------------------------

    def seat_view(self, state: State, seat: int, names=None) -> dict:
        return seat_view(state, seat, names)

    def spectator_view(self, state: State, names=None) -> dict:
        return spectator_view(state, names)

    def full_view(self, state: State, names=None, *, you=None) -> dict:
        return full_view(state, names, you=you)

    outcome = staticmethod(outcome)

    # --- records -----------------------------------------------------------------------

    def record_header(self, variant: str, seats: int, setup: dict) -> dict:
        """The ``xix/1`` keys before "actions", in the order ``make_record`` writes them."""
        self.check_setup(variant, seats, setup)
        record = records.make_record(variant, setup["deal"], setup["first_leader"], [])
        del record["actions"]
        return record

    def read_header(self, record) -> tuple[str, int, dict]:
        records.check_header(record)
        setup = {key: record[key] for key in SETUP_KEYS}
        return record["variant"], SEATS, {**setup, "deal": list(setup["deal"])}

    def check_record(self, record) -> dict:
        return records.check_record(record)

    # --- tests -------------------------------------------------------------------------

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Swap one card of the other seat's closed hand with the unused card.

        ``seat`` can see that card only when the other seat plays or trades it, and both
        actions name it, so they are illegal from the twin set-up (in v2 too: the single
        hand is the closed hand, and ``seat`` never sees a card traded into the row).
        """
        other = 1 - seat
        deal = list(setup["deal"])
        hand = rules.HAND_SIZE * other
        pick = hand + rng.randrange(rules.HAND_SIZE)
        deal[pick], deal[DISCARD] = deal[DISCARD], deal[pick]
        return {**setup, "deal": deal}


RULES = XixRules()
