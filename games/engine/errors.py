"""The engine's one exception."""


class IllegalAction(ValueError):
    """An action the rules (or the action format) forbid; the message says which rule."""
