"""The six action shapes and their validation.

An action is a JSON object with exactly these keys::

    {"seat": s, "type": "play", "card": c}
    {"seat": s, "type": "raise"}
    {"seat": s, "type": "abandon"}
    {"seat": s, "type": "draft", "card": c}
    {"seat": s, "type": "trade", "card": c, "position": p}
    {"seat": s, "type": "slide", "position": p}          (variant v2 only, ruling 19)

Seats are 0 and 1, cards 1..18, row positions 0..4. Booleans are not integers here,
even though Python says they are.
"""

from .errors import IllegalAction

PLAY = "play"
RAISE = "raise"
ABANDON = "abandon"
DRAFT = "draft"
TRADE = "trade"
SLIDE = "slide"

KEYS = {
    PLAY: ("card",),
    RAISE: (),
    ABANDON: (),
    DRAFT: ("card",),
    TRADE: ("card", "position"),
    SLIDE: ("position",),
}
RANGES = {"seat": (0, 1), "card": (1, 18), "position": (0, 4)}


def _integer(action: dict, key: str) -> int:
    value = action[key]
    low, high = RANGES[key]
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(f'"{key}" must be an integer from {low} to {high}, not {value!r}')
    return value


def parse_action(action) -> tuple[str, int, int, int]:
    """Check an action's shape; return (type, seat, card, position) with 0 for absent fields.

    Raises IllegalAction with a message naming what is wrong with the shape.
    """
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    kind = action.get("type")
    if type(kind) is not str or kind not in KEYS:
        raise IllegalAction(
            f'"type" must be one of play, raise, abandon, draft, trade, slide, not {kind!r}'
        )
    expected = {"seat", "type", *KEYS[kind]}
    keys = set(action)
    if keys != expected:
        missing = sorted(expected - keys)
        extra = sorted(str(k) for k in keys - expected)
        parts = []
        if missing:
            parts.append("missing " + ", ".join(f'"{k}"' for k in missing))
        if extra:
            parts.append("unexpected " + ", ".join(f'"{k}"' for k in extra))
        raise IllegalAction(f"a {kind} action has " + " and ".join(parts))
    seat = _integer(action, "seat")
    card = _integer(action, "card") if "card" in expected else 0
    position = _integer(action, "position") if "position" in expected else 0
    return kind, seat, card, position


def make_action(kind: str, seat: int, card: int = 0, position: int = 0) -> dict:
    """Build the JSON object for an action."""
    if kind == TRADE:
        return {"seat": seat, "type": kind, "card": card, "position": position}
    if kind in (PLAY, DRAFT):
        return {"seat": seat, "type": kind, "card": card}
    if kind == SLIDE:
        return {"seat": seat, "type": kind, "position": position}
    return {"seat": seat, "type": kind}
