"""Tally behind the platform's game interface: ``RULES`` (``games.kit.interface.GameRules``).

Every method is one of the engine's functions; ``apply``, ``legal_actions``, ``is_legal``
and ``zombie_action`` come from the kit's ``StatePlay`` (an absent seat plays its lowest
card, its first legal action).
"""

from games.kit.play import RandomBot, StatePlay

from . import records, state as rules, views


class TallyRules(StatePlay):
    key = "tally"
    name = "Tally"
    record_format = records.FORMAT
    variants = rules.VARIANTS
    endings = rules.ENDINGS
    bots = {RandomBot.level: RandomBot()}  # level -> a bot with ``choose(view, seed)``

    deal = staticmethod(rules.deal)
    check_setup = staticmethod(rules.check_setup)
    new = staticmethod(rules.State.new)
    replay = staticmethod(rules.replay)
    seat_view = staticmethod(views.seat_view)
    spectator_view = staticmethod(views.spectator_view)
    full_view = staticmethod(views.full_view)
    record_header = staticmethod(records.record_header)
    read_header = staticmethod(records.read_header)
    check_record = staticmethod(records.check_record)

    def outcome(self, state):
        return state.outcome()

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Swap a card of another seat's hand with an undealt card: ``seat`` sees neither
        until that card is played, and the play names it."""
        hands = [list(hand) for hand in setup["hands"]]
        undealt = list(setup["undealt"])
        other = rng.choice([s for s in range(len(hands)) if s != seat])
        held, spare = rng.randrange(len(hands[other])), rng.randrange(len(undealt))
        hands[other][held], undealt[spare] = undealt[spare], hands[other][held]
        return {**setup, "hands": [sorted(h) for h in hands], "undealt": sorted(undealt)}


RULES = TallyRules()
