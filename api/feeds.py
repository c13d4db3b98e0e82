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
  two) or ``tableInvitation`` (to a larger table) received, a rematch offer among them
  (``rematch_of``: the game it follows), ``challengeGone`` (withdrawn, declined, lapsed or
  accepted), ``gameStart`` and ``gameFinish``. It starts with the invitations pending and
  the games in play, then tells the differences.
"""

from django.http import Http404
from django.utils import timezone

from accounts.blocks import blocked_ids
from chat.models import ChatMessage
from chat.selectors import muted_ids
from games import registry
from games.errors import NotAPlayer
from games.log import TAKEBACK, line_of
from games.models import Game, GameSeat
from games.push import channel_of, chat_channel_of, user_channel_of
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
    """One game as its player's seat sees it, and its chat. ``channels``: the ping
    channels it listens to (``games.push``): the game's and its chat's."""

    # A stream reads as soon as it is pinged: every move matters to a player.
    min_interval = 0.0

    def __init__(self, *, game_id, user):
        self.game_id = game_id
        self.user = user
        self.channels = (channel_of(game_id), chat_channel_of(game_id))
        self.seen = None
        self.seat = None
        # The seat rows of the game in play (they do not change while it is played).
        self.seat_rows = None
        # The game's state as of its log's first ``logged`` rows, kept between reads.
        self.state = None
        self.logged = 0
        # The chat: the last message told, and whose messages the reader does not see.
        self.chat_after = 0
        self.unseen_authors: set[int] = set()

    def _game(self) -> Game:
        """The game, one query while it is played: the first read checks that the reader
        holds a seat (``game_for_user``: 404 for a game not theirs to see, 403 for one
        they only watch) and keeps the seat rows; a read of a game waiting or over loads
        them afresh (seats taken, the final ranks)."""
        if self.seat_rows is not None:
            game = Game.objects.filter(pk=self.game_id).first()
            if game is not None and game.status == Game.Status.ACTIVE:
                game._seat_rows = self.seat_rows
                return game
        game, seat = game_for_user(self.game_id, self.user)
        if seat is None:
            raise NotAPlayer(NOT_SEATED)
        self.seat = seat
        self.seat_rows = game.seat_rows() if game.status == Game.Status.ACTIVE else None
        return game

    def _game_state(self, game: Game):
        """The game's state, carried from the last read: only the actions logged since are
        applied (a take-back among them: the line is replayed whole). So a stream that
        reads after every move costs one move's work, not a replay of the game (a table of
        ten at Xactika logs some 900 actions, read by ten streams)."""
        if self.state is not None and self.logged == game.n_actions:
            return self.state  # the log has as many rows as actions: nothing new
        rows = list(
            game.actions.filter(seq__gte=self.logged).order_by("seq").values_list("seq", "action")
        )
        if self.state is not None and not any(a.get("type") == TAKEBACK for _, a in rows):
            for _seq, action in rows:
                self.state = self.state.apply(action)[0]
        else:
            if self.state is not None:  # a take-back: the whole log again
                rows = list(game.actions.order_by("seq").values_list("seq", "action"))
            self.state = registry.rules(game.kind).replay(
                game.variant, game.seats_count, game.setup, line_of(a for _, a in rows)
            )
        if rows:
            self.logged = rows[-1][0] + 1
        return self.state

    def _lines(self, *, first: bool) -> tuple[list[dict], bool]:
        game = self._game()
        seat = self.seat
        mark = (game.n_actions, game.status, game.deadline, game.reason)
        view = None
        if game.status != Game.Status.WAITING:
            view = game_view(game, seat, self._game_state(game))
        line = {
            "n_actions": game.n_actions,
            "status": game.status,
            "reason": game.reason or None,
            "to_move": game.to_move,
            "deadline": iso(game.deadline),
            "view": view,
        }
        if game.is_over:
            line["scores"] = game.scores
            line["ranks"] = [row.rank for row in game.seat_rows()]
        if first:
            summary = {**game_summary(game), "seat": seat, "players": players_of(game)}
            lines = [{"type": "gameFull", **summary, **line}]
        else:
            lines = [{"type": "gameState", **line}] if mark != self.seen else []
        self.seen = mark
        return lines, game.is_over

    def _chat(self, *, first: bool) -> list[dict]:
        """``chatLine`` lines: the messages written since the last read (the whole chat
        on the first), as the chat panel shows them to the reader: without hidden
        messages, nor those of the players the reader mutes or blocked."""
        if first:
            self.unseen_authors = muted_ids(self.user) | blocked_ids(self.user)
        messages = (
            ChatMessage.objects.filter(
                game_id=self.game_id, pk__gt=self.chat_after, hidden_at__isnull=True
            )
            .select_related("author")
            .order_by("pk")
        )
        lines = []
        for message in messages:
            self.chat_after = message.pk
            if message.author_id in self.unseen_authors:
                continue
            lines.append(
                {
                    "type": "chatLine",
                    "id": message.pk,
                    "username": message.author.username,
                    "text": message.text,
                    "at": iso(message.created),
                }
            )
        return lines

    def start(self) -> tuple[list[dict], bool]:
        try:
            lines, over = self._lines(first=True)
            lines += self._chat(first=True)
        finally:
            release_connection()
        return lines, over

    def update(self, pinged=None) -> tuple[list[dict], bool]:
        """The lines since the last read. ``pinged``: the channels whose pings woke the
        stream (None: unknown, as in a long-poll), so a move does not read the chat and
        a chat line does not read the game."""
        game_channel, chat_channel = self.channels
        lines, over = [], False
        try:
            if pinged is None or game_channel in pinged:
                lines, over = self._lines(first=False)
            if pinged is None or chat_channel in pinged:
                lines += self._chat(first=False)
        except Http404:  # the game went (a waiting table cancelled)
            return [{"type": "gameGone", "id": self.game_id}], True
        finally:
            release_connection()
        return lines, over


class EventFeed:
    """Each read first asks for the ids only (the invitations pending, the games in play:
    two small queries), and builds lines only for what is new: an account's stream is
    woken at every move of each of its games, and a bot may play dozens at once."""

    # A bot in many games is pinged at each of their moves: reading at most once a
    # second is soon enough for invitations, starts and ends.
    min_interval = 1.0

    def __init__(self, *, user):
        self.user = user
        self.channels = (user_channel_of(user.pk),)
        self.invitations: set[int] = set()
        self.playing: set[int] = set()

    def _pending(self):
        return Game.objects.filter(
            status=Game.Status.WAITING,
            expires_at__gt=timezone.now(),
            invitations__user=self.user,
            invitations__declined=False,
            invitations__answered_at__isnull=True,
        )

    def _seats(self):
        # A seat its player left (the site plays it now) is no game of theirs to play.
        return GameSeat.objects.filter(
            user=self.user,
            game__status=Game.Status.ACTIVE,
            position__isnull=False,
            status=GameSeat.Status.PLAYING,
        )

    def _invitation_lines(self, ids) -> list[dict]:
        if not ids:
            return []
        games = (
            Game.objects.filter(pk__in=ids)
            .select_related("created_by")
            .prefetch_related("seats__user", "invitations__user")
            .order_by("pk")
        )
        return [
            {
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
                # A rematch offer: the same table again after that game.
                "rematch_of": game.rematch_of_id,
            }
            for game in games
        ]

    def _start_lines(self, ids) -> list[dict]:
        if not ids:
            return []
        seats = self._seats().filter(game_id__in=ids).select_related("game").order_by("game_id")
        return [
            {
                "type": "gameStart",
                **game_summary(seat.game),
                "seat": seat.position,
                "players": players_of(seat.game),
            }
            for seat in seats
        ]

    def _finished(self, ids) -> list[dict]:
        lines = []
        for game in Game.objects.filter(pk__in=ids).order_by("pk"):
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

    def _ids(self) -> tuple[set[int], set[int]]:
        return (
            set(self._pending().values_list("pk", flat=True)),
            set(self._seats().values_list("game_id", flat=True)),
        )

    def start(self) -> tuple[list[dict], bool]:
        try:
            self.invitations, self.playing = self._ids()
            lines = self._invitation_lines(self.invitations) + self._start_lines(self.playing)
        finally:
            release_connection()
        return lines, False

    def update(self, pinged=None) -> tuple[list[dict], bool]:
        try:
            invitations, playing = self._ids()
            lines = self._invitation_lines(invitations - self.invitations)
            lines += [
                {"type": "challengeGone", "id": pk} for pk in sorted(self.invitations - invitations)
            ]
            lines += self._start_lines(playing - self.playing)
            lines += self._finished(self.playing - playing)
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
