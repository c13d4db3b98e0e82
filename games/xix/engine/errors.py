"""The engine's one exception."""

from games.kit import errors as kit_errors


class IllegalAction(kit_errors.IllegalAction):
    """An action the rules (or the action format) forbid; the message says which rule.

    A kind of ``games.kit.errors.IllegalAction``, so the platform catches every game's
    refusals alike.
    """
