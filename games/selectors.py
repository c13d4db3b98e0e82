"""Reading games: the one way a view gets a game, and the seat's view of it."""

from django.db.models import Exists, F, OuterRef, Prefetch, Q, Subquery
from django.http import Http404
from django.utils import timezone

from games import registry
from games.kit.records import record_of
from games.log import line_of
from games.models import Game, GameSeat, Invitation


def game_state(game: Game):
    """The game's state, replayed from its action log (the log is the truth; ``game_line``)
    by its game's rules, from its set-up (``Game.setup``)."""
    return registry.rules(game.kind).replay(
        game.variant, game.seats_count, game.setup, game_line(game)
    )


def game_line(game: Game) -> list[dict]:
    """The actions ``game``'s state is replayed from: its log with any take-back applied
    (``games.log``)."""
    return line_of(game.actions.order_by("seq").values_list("action", flat=True))


def game_for_user(game_id, user) -> tuple[Game, int | None]:
    """The game and ``user``'s seat in it (None for a spectator).

    Its seat rows and invitations load when first used.
    Raises Http404 when the game does not exist or ``user`` may not see it
    (``may_see``): both answers are the same, so a game's existence cannot be probed.
    """
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise Http404("There is no such game.") from error
    if not may_see(game, user):
        raise Http404("There is no such game.")
    return game, game.seat_of(user)


# A private table: one set up with invitations to people (a direct challenge, a rematch;
# a bot invited makes it no more private), as a query (the watch list) and for one game.
PRIVATE_TABLE = Exists(Invitation.objects.filter(game=OuterRef("pk"), user__is_bot=False))


def _invitations(game: Game) -> dict[int, bool]:
    """Whether each invited person (bots left out) declined, by user id: the invitations
    prefetched with their users when they are (the lobby), else one query."""
    if "invitations" in getattr(game, "_prefetched_objects_cache", {}):
        return {i.user_id: i.declined for i in game.invitations.all() if not i.user.is_bot}
    rows = game.invitations.filter(user__is_bot=False).values_list("user_id", "declined")
    return dict(rows)


def is_private(game: Game) -> bool:
    """Whether ``game`` is a private table (``PRIVATE_TABLE``)."""
    return bool(_invitations(game))


def may_see(game: Game, user, *, moderators: bool = True) -> bool:
    """The one rule of who may see a game: its page and partials, its poll and event
    stream, its chat, replay and record, the report pages about it, the watch list
    (``PRIVATE_TABLE``). Everyone else is answered as for a game that does not exist.

    - A private table (``PRIVATE_TABLE``: a direct challenge, a table with invitations, a
      rematch), waiting, in play or over: its creator, its players, the people invited to
      it who have not declined, and (``moderators``) the staff. A person who declined no
      longer sees it.
    - Every other game (an open table or challenge): anyone, a visitor who is not signed in
      included (``games.watch``: once it has started).

    ``moderators=False`` leaves out the staff's exemption: the services that let someone
    act on a waiting game (accept, join, leave) ask that, so seeing a private table never
    lets a moderator sit down at it.
    """
    signed_in = user.is_authenticated
    # A player first: the seats are read for the page anyway, the invitations not.
    if signed_in and game.status != Game.Status.WAITING and user.pk in game.player_ids:
        return True
    invitations = _invitations(game)
    if not invitations:
        return True  # an open table
    # Invited and not declined (a person who declined is out), or the creator.
    allowed = signed_in and (user.pk == game.created_by_id or invitations.get(user.pk) is False)
    return allowed or (moderators and signed_in and user.is_staff)


def visible_games(user) -> Q:
    """``may_see`` as a query: the games ``user`` may see, for the lists that name games
    (a player's profile and history), so that no list names a game its page would deny."""
    if user.is_authenticated and user.is_staff:
        return Q()
    public = ~PRIVATE_TABLE
    if not user.is_authenticated:
        return public
    seated = GameSeat.objects.filter(game=OuterRef("pk"), user=user)
    invited = Invitation.objects.filter(game=OuterRef("pk"), user=user, declined=False)
    return public | Q(created_by=user) | Q(Exists(seated)) | Q(Exists(invited))


def hidden_from(game: Game, user) -> bool:
    """Whether ``user`` may not take part in ``game`` (``may_see`` without the staff's
    exemption): the services that accept, join or leave a waiting game answer such a person
    exactly as for a game that does not exist (NoSuchGame)."""
    return not may_see(game, user, moderators=False)


def can_see_every_card(user, game: Game) -> bool:
    """Whether ``user`` may see every card of ``game`` now: anyone once it is over; while
    it is in play, moderators (``games.see_hidden_cards``) who do not play in it."""
    if game.is_over:
        return True
    if game.status != Game.Status.ACTIVE or not user.is_authenticated:
        return False
    return user.has_perm("games.see_hidden_cards") and game.seat_of(user) is None


def player_names(game: Game) -> list[str]:
    """Each seat's player's name, in seat order ("?" for a seat nobody holds)."""
    return [p.username if p else "?" for p in game.players]


def game_view(game: Game, seat: int | None, state=None) -> dict:
    """The view of ``seat`` by the game's rules (``registry.rules(game.kind)``): everything
    once the game is over (finished or aborted; ``you``, the reader's seat), else the
    seat's own view, else the public one."""
    state = state or game_state(game)
    rules = registry.rules(game.kind)
    names = player_names(game)
    if game.is_over:
        return rules.full_view(state, names, you=seat)
    if seat is None:
        return rules.spectator_view(state, names)
    return rules.seat_view(state, seat, names)


def record_for(game: Game, *, url: str) -> dict:
    """The record of a game that is over, in its game's format (``xix/1`` for XIX): the
    rules' header for its set-up, its line of actions, then its address ``url``, players,
    dates and result. Every card is in it: the callers refuse a game still in play (the
    record download, the API)."""
    return record_of(
        registry.rules(game.kind),
        game.variant,
        game.seats_count,
        game.setup,
        game_line(game),
        game=url,
        players=player_names(game),
        rated=game.rated,
        **({"options": game.options} if game.options else {}),  # the table options chosen
        started=game.started_at.isoformat() if game.started_at else None,
        finished=game.finished_at.isoformat() if game.finished_at else None,
        result=_record_result(game),
    )


def _record_result(game: Game) -> dict:
    """A record's ``result``: a two-seat game's winner seat (None for a draw), a table of
    more seats' ranks (1 best, ties share); the scores and how it ended."""
    if game.seats_count == 2:
        decided = {"winner": game.winner}
    else:
        decided = {"ranks": [row.rank for row in game.seat_rows()]}
    return {
        "status": game.status,
        **decided,
        "scores": game.scores,
        "reason": game.reason or None,
    }


def history_lines(site, view: dict) -> list[str]:
    """The game log's lines for ``view``: the view's ``history`` as it is, or told by the
    game's site (``site.history_lines(view)``) when its engine logs events, not sentences.
    Either way one line per logged event, which the replay's grouping counts on."""
    tell = getattr(site, "history_lines", None)
    return tell(view) if tell else view["history"]


def user_games(user):
    """A user's games: Q for the games they sit in (waiting tables have no seat position
    yet, so they are not among them). One seat row per game and user, so the join
    repeats no game."""
    return Q(seats__user=user, seats__position__isnull=False)


def games_your_turn(user):
    # The conditions in one filter(): they refer to the same seat row (one join). A seat
    # whose player has left a table is played by the site: never their move.
    return Game.objects.filter(
        status=Game.Status.ACTIVE,
        seats__user=user,
        seats__position=F("to_move"),
        seats__status=GameSeat.Status.PLAYING,
    )


# The statuses of a seat whose player has left (the site plays it).
LEFT = [status for status in GameSeat.Status.values if status != GameSeat.Status.PLAYING]


def games_their_turn(user):
    """Games in play where another seat is to move, or where ``user`` has left the table
    and the site plays their seat (never their move again)."""
    return Game.objects.filter(
        Q(seats__position__lt=F("to_move"))
        | Q(seats__position__gt=F("to_move"))
        | Q(seats__status__in=LEFT),
        status=Game.Status.ACTIVE,
        seats__user=user,
    )


def _with_creator_rating(games):
    """Annotate waiting games with their creator's rating and deviation for the game and
    variant (None when the creator has no rating for it yet)."""
    from ratings.models import Rating

    rating = Rating.objects.filter(
        user=OuterRef("created_by"), kind=OuterRef("kind"), variant=OuterRef("variant")
    )
    return games.annotate(
        creator_rating=Subquery(rating.values("rating")[:1]),
        creator_deviation=Subquery(rating.values("deviation")[:1]),
    )


def tables_for(user):
    """Waiting tables (challenges are tables of two) ``user`` may see, newest first: the
    open ones, their own, those they sit at and those they are invited to and have not
    declined; with the creator's rating, seats and invitations with their users
    prefetched."""
    visible = Q(invitations__isnull=True)
    if user.is_authenticated:
        visible |= Q(created_by=user) | Q(invitations__user=user, invitations__declined=False)
    pks = Game.objects.filter(
        visible, status=Game.Status.WAITING, expires_at__gt=timezone.now()
    ).values("pk")
    games = (
        Game.objects.filter(pk__in=pks)
        .select_related("created_by")
        .prefetch_related(
            Prefetch("seats", GameSeat.objects.select_related("user").order_by("joined_at", "pk")),
            Prefetch("invitations", Invitation.objects.select_related("user").order_by("pk")),
        )
        .order_by("-created")
    )
    return _with_creator_rating(games)


def games_finished(user):
    return Game.objects.filter(
        user_games(user), status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    ).order_by("-finished_at", "-updated")


def next_game_for(user, *, after=None) -> int | None:
    """The id of the game that has waited longest for ``user``'s move (nearest deadline
    first, then the oldest change), leaving out the game ``after``; None when no other game
    waits for them. Behind the game page's "Next game" button and ``/games/next``."""
    games = games_your_turn(user)
    if after is not None:
        games = games.exclude(pk=after)
    return (
        games.order_by(F("deadline").asc(nulls_last=True), "updated")
        .values_list("pk", flat=True)
        .first()
    )
