"""What the API's two streams say, read from the database (synchronous; ``api.streams``
drives them). A feed's ``start()`` gives the first lines, ``update()`` the lines for what
changed since it last looked; both answer ``(lines, done)``.

- ``GameFeed``: one game as its player's seat sees it. First ``gameFull`` (the game and the
  seat's view, the one the page draws, with the legal actions when it is the seat's turn),
  then a ``gameState`` with the whole view again at each change (an action, the end, a
  new deadline). The view is ``selectors.game_view``: the seat's own view while the game
  is in play (the engines' ``seat_view``), the full one once it is over; so no line can
  carry a card the seat may not know.
- ``EventFeed``: what concerns one account: ``challenge`` (an invitation to a table of
  two) or ``tableInvitation`` (to a larger table) received, ``challengeGone`` (withdrawn,
  declined, lapsed or accepted), ``gameStart`` and ``gameFinish``. It starts with the
  invitations pending and the games in play, then tells the differences.
"""

from django.http import Http404
from django.utils import timezone

from games import registry
from games.errors import NotAPlayer
from games.models import Game, GameSeat
from games.selectors import game_for_user, game_view
from games.services import NOT_SEATED
from games.streams import release_connection


def iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def players_of(game: Game) -> list[dict]:
    return [
        {"name": user.username if user else None, "bot": bool(user and user.shown_as_bot)}
        for user in game.players
    ]


def game_summary(game: Game) -> dict:
    """A game's public facts: no card, nothing a spectator could not see."""
    return {
        "id": game.pk,
        "game": game.kind,
        "variant": game.variant,
        "seats": game.seats_count,
        "rated": game.rated,
        "days_per_move": game.days_per_move,
        "status": game.status,
    }


class GameFeed:
    def __init__(self, *, game_id, user):
        self.game_id = game_id
        self.user = user
        self.seen = None

    def _state(self) -> tuple[dict, dict, bool, bool]:
        game, seat = game_for_user(self.game_id, self.user)
        if seat is None:
            raise NotAPlayer(NOT_SEATED)
        mark = (game.n_actions, game.status, game.deadline, game.reason)
        line = {
            "n_actions": game.n_actions,
            "status": game.status,
            "reason": game.reason or None,
            "to_move": game.to_move,
            "deadline": iso(game.deadline),
            "view": game_view(game, seat) if game.status != Game.Status.WAITING else None,
        }
        if game.is_over:
            line["scores"] = game.scores
            line["ranks"] = [row.rank for row in game.seat_rows()]
        first = {**game_summary(game), "seat": seat, "players": players_of(game)}
        changed = mark != self.seen
        self.seen = mark
        return first, line, changed, game.is_over

    def start(self) -> tuple[list[dict], bool]:
        try:
            first, line, _, over = self._state()
        finally:
            release_connection()
        return [{"type": "gameFull", **first, **line}], over

    def update(self) -> tuple[list[dict], bool]:
        try:
            _, line, changed, over = self._state()
        except Http404:  # the game went (a waiting table cancelled)
            return [{"type": "gameGone", "id": self.game_id}], True
        finally:
            release_connection()
        return ([{"type": "gameState", **line}] if changed else []), over


class EventFeed:
    def __init__(self, *, user):
        self.user = user
        self.invitations: dict[int, dict] = {}
        self.playing: dict[int, dict] = {}

    def _invitations(self) -> dict[int, dict]:
        games = (
            Game.objects.filter(
                status=Game.Status.WAITING,
                expires_at__gt=timezone.now(),
                invitations__user=self.user,
                invitations__declined=False,
                invitations__answered_at__isnull=True,
            )
            .select_related("created_by")
            .prefetch_related("seats__user", "invitations__user")
        )
        found = {}
        for game in games:
            found[game.pk] = {
                "type": "challenge" if game.seats_count == 2 else "tableInvitation",
                **game_summary(game),
                "by": game.created_by.username if game.created_by else None,
                "seated": [seat.user.username for seat in game.seats.all()],
                "invited": [
                    invitation.user.username
                    for invitation in game.invitations.all()
                    if not invitation.declined
                ],
                "expires": iso(game.expires_at),
            }
        return found

    def _playing(self) -> dict[int, dict]:
        # A seat its player left (the site plays it now) is no game of theirs to play.
        seats = GameSeat.objects.filter(
            user=self.user,
            game__status=Game.Status.ACTIVE,
            position__isnull=False,
            status=GameSeat.Status.PLAYING,
        ).select_related("game")
        return {
            seat.game_id: {
                "type": "gameStart",
                **game_summary(seat.game),
                "seat": seat.position,
                "players": players_of(seat.game),
            }
            for seat in seats
        }

    def _finished(self, ids) -> list[dict]:
        lines = []
        for game in Game.objects.filter(pk__in=ids):
            if game.is_over:
                rows = game.seat_rows()
                lines.append(
                    {
                        "type": "gameFinish",
                        **game_summary(game),
                        "reason": game.reason or None,
                        "scores": game.scores,
                        "ranks": [row.rank for row in rows],
                    }
                )
        return lines

    def start(self) -> tuple[list[dict], bool]:
        try:
            self.invitations, self.playing = self._invitations(), self._playing()
        finally:
            release_connection()
        return [*self.invitations.values(), *self.playing.values()], False

    def update(self) -> tuple[list[dict], bool]:
        try:
            invitations, playing = self._invitations(), self._playing()
            lines = [line for pk, line in invitations.items() if pk not in self.invitations]
            lines += [
                {"type": "challengeGone", "id": pk}
                for pk in self.invitations
                if pk not in invitations
            ]
            lines += [line for pk, line in playing.items() if pk not in self.playing]
            lines += self._finished([pk for pk in self.playing if pk not in playing])
        finally:
            release_connection()
        self.invitations, self.playing = invitations, playing
        return lines, False


def games_catalogue() -> list[dict]:
    """The games the site serves, each with its variants and their seat counts."""
    found = []
    for key in registry.served():
        rules = registry.rules(key)
        variants = [
            {"key": variant, "label": info.label, "seat_counts": list(info.seat_counts)}
            for variant, info in rules.variants.items()
        ]
        found.append(
            {
                "key": key,
                "name": rules.name,
                "record_format": rules.record_format,
                "variants": variants,
            }
        )
    return found
