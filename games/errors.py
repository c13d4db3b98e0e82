"""The refusals of the game services, for every layer that raises or answers them.

A service raises one of these with a message for the user; a view answers it with
``status`` as the HTTP code. They live below the services (``games.services``,
``games.tables``, ``games.aborts``, ``games.invite_limits``) so that each of those can
raise them without importing another (docs/architecture.md, "Layers").
"""


class GameError(Exception):
    """A request the site refuses; the message is for the user. ``status`` is the HTTP code."""

    status = 400


class NotAPlayer(GameError):
    status = 403


class StaleSequence(GameError):
    """The page was rendered at another action number than the game now has."""

    status = 409

    def __init__(self, current: int):
        super().__init__(
            "The game has moved on since this page was loaded; here is the current table."
        )
        self.current = current


class TableError(GameError):
    """A refusal in the lobby: setting up, joining, leaving a table or asking for a rematch."""


class RatedPlayPaused(TableError):
    """A player who aborted too many rated games lately may not start or join one yet
    (games/aborts.py); the message says until when."""

    status = 403


class NoSuchGame(GameError):
    status = 404

    def __init__(self, message="There is no such game or challenge."):
        super().__init__(message)
