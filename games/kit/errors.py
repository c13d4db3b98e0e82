"""The two refusals an engine raises."""


class IllegalAction(ValueError):
    """An action the rules refuse. The message names the rule, for a player to read.

    ``index`` is set by ``replay`` to the position of the first illegal action in the log.
    """

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


class InvalidSetup(ValueError):
    """A variant, seat count or set-up that no game can start from (record index -1)."""
