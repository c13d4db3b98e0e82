"""A game as one of its players sees it in a list: who else sits there, the score, whose
turn and the result, for a table of any size (issue 15).

Read from the game's seats (``GameSeat``), which ``game_rows`` fetches for a whole list in
one query; the words come from ``games.outcomes`` (``company``, ``place_text``)."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Prefetch, prefetch_related_objects

from accounts.bots import level_choices
from games import registry
from games.models import Game, GameSeat
from games.outcomes import company, place_text, sides_of
from games.selectors import hidden_from
from ratings.glicko2 import PROVISIONAL_DEVIATION

MINUS = "\N{MINUS SIGN}"
# How a player who left a table before its end did it, after "you".
LEFT = {
    GameSeat.Status.RESIGNED: "resigned",
    GameSeat.Status.TIMED_OUT: "ran out of time",
    GameSeat.Status.FORFEITED: "forfeited",
}


def signed(score: int) -> str:
    """A score as the site prints it: "5", "0", "−3" (a minus sign, not a hyphen)."""
    return f"{MINUS}{-score}" if score < 0 else str(score)


def score_text(scores, seat=None) -> str:
    """A game's score as "a–b" ("a to b" when one is negative): ``seat``'s own first,
    seat order when ``seat`` is None.

    The one rule for every page (docs/rules.md): the viewer's score first when they sit in
    the game; on a page about one player, that player's; otherwise seat order."""
    first, second = (scores[0], scores[1]) if seat is None else (scores[seat], scores[1 - seat])
    # A dash beside a minus sign reads badly ("74–−26"): "74 to −26" when one is negative.
    between = " to " if min(first, second) < 0 else "–"
    return f"{signed(first)}{between}{signed(second)}"


@dataclass(frozen=True)
class GameRow:
    game: Game
    seat: int

    @cached_property
    def _seats(self) -> dict:
        """The game's seats by position (prefetched by ``game_rows``)."""
        return {seat.position: seat for seat in self.game.seat_rows()}

    @cached_property
    def _sides(self) -> list[list[int]]:
        return sides_of(self.game)

    @property
    def two_sided(self) -> bool:
        """Two sides: two seats, or two partnerships (a result is won, lost or drawn)."""
        return len(self._sides) == 2

    @property
    def opponent(self):
        """The other player of a game of two seats; None at a larger table."""
        if self.game.seats_count != 2:
            return None
        other = self._seats.get(1 - self.seat)
        return other.user if other is not None else None

    @property
    def others(self) -> list:
        """Everyone else at the table, in seat order."""
        return [seat.user for position, seat in self._seats.items() if position != self.seat]

    @property
    def company(self) -> str:
        """ "against bob", "with ann, bob and 3 others", "with your partner dee against
        ann and cy" (``games.outcomes.company``)."""
        return company(self.game, self.seat)

    @property
    def game_name(self) -> str:
        """The game's name ("XIX", "Xeri"), as the game page names it."""
        return registry.rules(self.game.kind).name

    @property
    def variant_label(self) -> str:
        info = registry.rules(self.game.kind).variants.get(self.game.variant)
        return info.label if info is not None else self.game.variant

    def _side_score(self, side: list[int]) -> int:
        # A partnership's seats all carry the side's score.
        return self._seats[side[0]].score

    @property
    def my_score(self) -> int:
        return self._seats[self.seat].score

    @property
    def score(self) -> str:
        """Two seats: "a–b", the viewer's first (``score_text``). Two partnerships: the
        sides' scores, the viewer's first. More sides: the viewer's score and place, "−3,
        2nd of 5". "" while a table of more than two seats is played: its seat rows get
        their scores at the end (``services.play.action_append``; the game page shows the
        running score from the engine's view)."""
        if self.game.seats_count == 2:
            return score_text([self._seats[0].score, self._seats[1].score], self.seat)
        if self.game.status == Game.Status.ACTIVE:
            return ""
        if self.two_sided:
            mine, theirs = sorted(self._sides, key=lambda side: self.seat not in side)
            return score_text([self._side_score(mine), self._side_score(theirs)])
        place = self.place
        return f"{signed(self.my_score)}, {place}" if place else signed(self.my_score)

    @property
    def my_turn(self) -> bool:
        """The viewer is to move, and still plays (a seat that left is played by the site)."""
        active = self.game.status == Game.Status.ACTIVE
        return active and self.game.to_move == self.seat and not self.left

    @property
    def to_move(self):
        """The user whose turn it is while the game is played, else None."""
        if self.game.status != Game.Status.ACTIVE or self.game.to_move is None:
            return None
        seat = self._seats.get(self.game.to_move)
        return seat.user if seat is not None else None

    @property
    def left(self) -> str:
        """How the viewer left the table ("resigned", "ran out of time", "forfeited"), or
        "" while they still play it (or finished it)."""
        return LEFT.get(self._seats[self.seat].status, "")

    @property
    def place(self) -> str:
        """ "won", "lost", "drew", "2nd of 5", "shared 1st of 4" once finished; "" before,
        or if aborted (``games.outcomes.place_text``)."""
        if self.game.status != Game.Status.FINISHED:
            return ""
        return place_text(self.game, self.seat)

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "draw" once the game is finished; "" before, or if aborted.
        At more than two sides: "won" for a first place alone, "draw" for a shared first
        place, "lost" for any lower place (as the match history's filter counts them)."""
        if self.game.status != Game.Status.FINISHED:
            return ""
        mine = self._seats[self.seat].rank
        if mine is None:
            return ""
        if mine != 1:
            return "lost"
        firsts = sum(self._seats[side[0]].rank == 1 for side in self._sides)
        return "draw" if firsts > 1 else "won"

    @property
    def result_text(self) -> str:
        """The result in the player's words: "You won", "You lost", "Draw" between two
        sides; "2nd of 5", "Shared 1st of 4" at more; the status before the end."""
        if self.game.status != Game.Status.FINISHED or not self.outcome:
            return self.game.get_status_display()
        if self.two_sided:
            return {"won": "You won", "lost": "You lost", "draw": "Draw"}[self.outcome]
        return self.place[:1].upper() + self.place[1:]


def game_rows(games, user) -> list[GameRow]:
    """``user``'s rows for ``games`` (games they do not sit in are left out); the seats
    and their users of every game come in one query, whatever the size of the tables."""
    games = list(games)
    seats = GameSeat.objects.select_related("user").order_by("position")
    prefetch_related_objects(games, Prefetch("seats", queryset=seats))
    rows = []
    for game in games:
        seat = next((s.position for s in game.seat_rows() if s.user_id == user.pk), None)
        if seat is not None:
            rows.append(GameRow(game, seat))
    return rows


def creator_rating(game: Game) -> str:
    """The creator's rating for the waiting table's game and variant as the lobby shows it
    beside their name ("1623", "1500?" while provisional or unrated), from the annotation
    of ``selectors.tables_for``; "" when the game was read without it."""
    if not hasattr(game, "creator_rating"):
        return ""
    if game.creator_rating is None:
        return "1500?"
    provisional = "?" if game.creator_deviation > PROVISIONAL_DEVIATION else ""
    return f"{game.creator_rating:.0f}{provisional}"


def table_row(game: Game, user) -> dict:
    """A waiting table as ``user`` sees it in the lobby or on its page: who sits (in the
    order they came), who is invited and has not answered, who declined, how many seats
    are free, and what ``user`` may do there (join or accept, leave, decline; the creator:
    add a bot, cancel). Its seats and invitations are prefetched in the lobby."""
    rules = registry.rules(game.kind)
    seated = [seat.user for seat in sorted(game.seats.all(), key=lambda s: (s.joined_at, s.pk))]
    seated_ids = {person.pk for person in seated}
    invitations = list(game.invitations.all())
    pending = [
        i.user
        for i in invitations
        if not i.declined and i.answered_at is None and i.user_id not in seated_ids
    ]
    mine = game.created_by_id == user.pk
    free = game.seats_count - len(seated) - len(pending)
    return {
        "game": game,
        "game_name": rules.name,
        "variant_label": rules.variants[game.variant].label,
        "creator_rating": creator_rating(game),
        "seated": seated,
        "pending": pending,
        "declined": [i.user for i in invitations if i.declined],
        "free": free,
        "mine": mine,
        # A moderator sees a private table (``selectors.may_see``) but takes no seat there.
        "can_join": user.pk not in seated_ids
        and (free > 0 or any(p.pk == user.pk for p in pending))
        and not hidden_from(game, user),
        "can_leave": user.pk in seated_ids and not mine,
        "can_decline": any(p.pk == user.pk for p in pending),
        # "Add a bot": the game's levels, easy to hard, each with its bot's rating here.
        "bot_levels": level_choices(game.kind, game.variant) if mine and free > 0 else (),
    }
