"""Constants and the two small rules that differ between the variants.

Rulings are numbered as in ``shared/rules/RULINGS.md``.
"""

STANDARD = "standard"
TALON = "talon"
VARIANTS = (STANDARD, TALON)

CARDS = tuple(range(1, 19))
ALL_CARDS = sum(1 << c for c in CARDS)
HAND_SIZE = 6
ROW_SIZE = 5
DEAL_SIZE = 18

# Ruling 4: points for 1..5 strikes in the exchange (index 0 is "no strike yet").
STAKES = {
    STANDARD: (0, 1, 2, 3, 5, 8),
    TALON: (0, 1, 3, 6, 10, 15),
}
MAX_STRIKES_PER_SEAT = 3
TARGET = 19

# Phases of a game.
PLAY = "play"  # a seat must play a card to the trick
DECIDE = "decide"  # the seat that just took a first or second strike must raise or abandon
DRAFT = "draft"  # the cards of the last exchange are being drafted
TRADE = "trade"  # the exchange loser must trade a hand card for a row card
OVER = "over"

# Why a game ended (the engine's reasons; the site adds resignation, timeout, abort).
EXACT_19 = "exact 19"
REACHED_19 = "reached 19"
TALON_END = "talon end"


def trick_taker(variant: str, leader: int, led: int, followed: int) -> int:
    """The seat that takes a trick (rulings 9 and 12)."""
    if led + followed == TARGET:
        if variant == TALON:
            return 1 - leader  # ruling 12: the follower takes it
        return leader if led < followed else 1 - leader  # ruling 9: the lower card
    return leader if led > followed else 1 - leader


def standard_game_end(scores) -> tuple[bool, int | None, str | None]:
    """Ruling 11, checked after each exchange is scored: (over, winner, reason)."""
    a, b = scores
    if a + b == TARGET:
        return True, (0 if a < b else 1), EXACT_19
    if a >= TARGET or b >= TARGET:
        return True, (0 if a > b else 1), REACHED_19
    return False, None, None


def talon_winner(scores) -> int | None:
    """Ruling 14: more points wins; equal points is a draw (None)."""
    a, b = scores
    if a == b:
        return None
    return 0 if a > b else 1
