"""Reading games: the one way a view gets a game, and the seat's view of it."""

from django.db.models import OuterRef, Q, Subquery
from django.http import Http404
from django.utils import timezone

from games.models import Game
from games.xix.engine import State, full_view, replay, seat_view, spectator_view


def game_state(game: Game) -> State:
    """The game's state, replayed from its action log (the log is the truth)."""
    actions = list(game.actions.order_by("seq").values_list("action", flat=True))
    return replay(game.variant, game.deal, game.first_leader, actions)


def game_for_user(game_id, user) -> tuple[Game, int | None]:
    """The game and ``user``'s seat in it (None for a spectator).

    Its two players come in the same query; the challenger and the invitee of a waiting
    challenge load when first used (a join costs more than the row itself).
    Raises Http404 when the game does not exist or ``user`` may not see it (a direct
    challenge is private to its two players).
    """
    try:
        game = Game.objects.select_related("player0", "player1").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise Http404("There is no such game.") from error
    if game.status == Game.Status.WAITING and game.invited_id is not None:
        if not user.is_authenticated or user.pk not in (game.created_by_id, game.invited_id):
            raise Http404("There is no such game.")
    return game, game.seat_of(user)


def can_see_every_card(user, game: Game) -> bool:
    """Whether ``user`` may see every card of ``game`` now: anyone once it is over; while
    it is in play, moderators (``games.see_hidden_cards``) who do not play in it."""
    if game.is_over:
        return True
    if game.status != Game.Status.ACTIVE or not user.is_authenticated:
        return False
    return user.has_perm("games.see_hidden_cards") and game.seat_of(user) is None


def player_names(game: Game) -> list[str]:
    return [p.username if p else "?" for p in game.players]


def game_view(game: Game, seat: int | None, state: State | None = None) -> dict:
    """The engine's view for ``seat``: everything once the game is over (finished or
    aborted), else the seat's own view, else the public one."""
    state = state or game_state(game)
    names = player_names(game)
    if game.is_over:
        return full_view(state, names, you=seat)
    if seat is None:
        return spectator_view(state, names)
    return seat_view(state, seat, names)


def user_games(user):
    """A user's games: Q for the games they sit in."""
    return Q(player0=user) | Q(player1=user)


def games_your_turn(user):
    return Game.objects.filter(
        Q(player0=user, to_move=0) | Q(player1=user, to_move=1), status=Game.Status.ACTIVE
    )


def games_their_turn(user):
    return Game.objects.filter(
        Q(player0=user, to_move=1) | Q(player1=user, to_move=0), status=Game.Status.ACTIVE
    )


def your_turn_count(user) -> int:
    if not user.is_authenticated:
        return 0
    return games_your_turn(user).count()


def open_challenges():
    return Game.objects.filter(
        status=Game.Status.WAITING, invited__isnull=True, expires_at__gt=timezone.now()
    ).select_related("created_by")


def _with_challenger_rating(games):
    """Annotate waiting games with the challenger's rating and deviation for the variant
    (None when the challenger has no rating for it yet)."""
    from ratings.models import Rating

    rating = Rating.objects.filter(user=OuterRef("created_by"), variant=OuterRef("variant"))
    return games.annotate(
        challenger_rating=Subquery(rating.values("rating")[:1]),
        challenger_deviation=Subquery(rating.values("deviation")[:1]),
    )


def open_challenges_for(user):
    """Open challenges a user could accept (everyone else's), oldest last, with ratings."""
    games = open_challenges().order_by("-created")
    if user.is_authenticated:
        games = games.exclude(created_by=user)
    return _with_challenger_rating(games)


def challenges_outgoing(user):
    """``user``'s own waiting challenges, open or direct, that have not lapsed."""
    return (
        Game.objects.filter(
            created_by=user, status=Game.Status.WAITING, expires_at__gt=timezone.now()
        )
        .select_related("invited")
        .order_by("-created")
    )


def challenges_incoming(user):
    """Direct challenges waiting for ``user``'s answer, with the challenger's rating."""
    games = Game.objects.filter(
        invited=user, status=Game.Status.WAITING, expires_at__gt=timezone.now()
    ).select_related("created_by")
    return _with_challenger_rating(games.order_by("-created"))


def games_finished(user):
    return Game.objects.filter(
        user_games(user), status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    ).order_by("-finished_at", "-updated")
