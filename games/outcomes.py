"""Words for a seat's place in a game of any size, shared by every page, list and notice.

``company`` names who else sits at a table ("Ann", "Ann and Bob", "Ann, Bob and 3 others")
with a partner named first as such; ``place_text`` says a finishing place ("won", "2nd of
5", "shared 1st of 4"). They read the seat rows (``Game.seat_rows``) and the game's
variant (its sides), never a rule of a game."""

from games import registry

NAMED = 2  # others named before "and N others"


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def partners_of(game, position: int) -> list[int]:
    """The other seats of ``position``'s side ([] when every seat plays alone)."""
    for side in sides_of(game):
        if position in side:
            return [seat for seat in side if seat != position]
    return []


def join_names(names: list[str]) -> str:
    if len(names) <= NAMED + 1:
        return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    rest = len(names) - NAMED
    return f"{', '.join(names[:NAMED])} and {rest} others"


def company(game, position: int) -> str:
    """Who ``position`` plays with, for a sentence: "against Ann" at a table of two,
    "with Ann, Bob and 3 others" at a larger one, "with your partner Cy against Dee and
    Eve" in a partnership."""
    users = game.players
    partners = partners_of(game, position)
    others = [
        users[seat].username
        for seat in range(len(users))
        if seat != position and seat not in partners and users[seat] is not None
    ]
    if not partners:
        if len(users) == 2:
            return f"against {others[0]}" if others else ""
        return f"with {join_names(others)}" if others else ""
    mates = join_names([users[seat].username for seat in partners])
    word = "partner" if len(partners) == 1 else "partners"
    return f"with your {word} {mates} against {join_names(others)}"


def sides_of(game) -> list[list[int]]:
    """The game's sides: its partnerships, or each seat alone."""
    sides = registry.rules(game.kind).variants[game.variant].sides(game.seats_count)
    return [list(side) for side in sides] if sides else [[s] for s in range(game.seats_count)]


def place_text(game, position: int) -> str:
    """``position``'s finishing place: "won", "lost" or "drew" when two sides play; "1st
    of 5" or "shared 2nd of 5" (of the sides: partners count once) at more. "" before the
    end or when the game has no ranks (aborted)."""
    ranks = [seat.rank for seat in game.seat_rows()]
    if position >= len(ranks) or ranks[position] is None:
        return ""
    rank = ranks[position]
    side_ranks = [ranks[side[0]] for side in sides_of(game)]
    if len(side_ranks) == 2:
        if side_ranks[0] == side_ranks[1]:
            return "drew"
        return "won" if rank == 1 else "lost"
    shared = side_ranks.count(rank) > 1
    return f"{'shared ' if shared else ''}{ordinal(rank)} of {len(side_ranks)}"
