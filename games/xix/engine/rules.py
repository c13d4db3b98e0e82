"""Constants and the small rules that differ between the variants.

Rulings are numbered as in ``shared/rules/RULINGS.md``: 1-15 for standard and talon,
16-29 for v2 (XIX 2.0, the 2023 rulebook).
"""

STANDARD = "standard"
TALON = "talon"
V2 = "v2"
VARIANTS = (STANDARD, TALON, V2)

CARDS = tuple(range(1, 19))
ALL_CARDS = sum(1 << c for c in CARDS)
HAND_SIZE = 6
ROW_SIZE = 5
DEAL_SIZE = 18

# Ruling 4: points for 1..5 strikes in the exchange (index 0 is "no strike yet").
STAKES = {
    STANDARD: (0, 1, 2, 3, 5, 8),
    TALON: (0, 1, 3, 6, 10, 15),
    # Ruling 21: an exchange ends at a third strike, worth 3, 5 or 8 for 3, 4 or 5 strikes
    # in all. It cannot end sooner, so before the third strike it is worth at least 3.
    V2: (3, 3, 3, 3, 5, 8),
}
MAX_STRIKES_PER_SEAT = 3
TARGET = 19

# Phases of a game.
PLAY = "play"  # a seat must play a card to the trick
DECIDE = "decide"  # the seat that just took a first or second strike must raise or abandon
SLIDE = "slide"  # v2: the seat that just took a strike must slide a row card (ruling 19)
DRAFT = "draft"  # the cards of the last exchange are being drafted
TRADE = "trade"  # the exchange loser must trade a hand card for a row card
OVER = "over"

# Why a game ended (the engine's reasons; the site adds resignation, timeout, abort).
EXACT_19 = "exact 19"
REACHED_19 = "reached 19"
TALON_END = "talon end"


def trick_taker(variant: str, leader: int, led: int, followed: int) -> int:
    """The seat that takes a trick (rulings 9, 12 and 18)."""
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


def v2_game_end(scores) -> tuple[bool, int | None]:
    """Ruling 22, checked when an exchange is scored: (over, winner). Only the exchange
    winner scores, so at most one seat can have reached 19."""
    a, b = scores
    if a >= TARGET or b >= TARGET:
        return True, (0 if a > b else 1)
    return False, None
