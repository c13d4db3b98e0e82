"""Friends: a player follows others from their profile pages (docs/features.md,
"Friends").

- ``follow_set``: follow or stop following; repeating either changes nothing.
- ``followed_people``: whom a player follows, with how many public games each is playing.
- ``friends_games``: the public games in play of the people a player follows.
- ``name_suggestions``: the names a "player's name" box offers as it is typed: the people
  followed first, then other people whose names start with what was typed. Bots are left
  out (they are chosen by level, not by name), and so are closed and suspended accounts
  and anyone either side blocked (a block is never told apart from a name that is no
  player's, ``accounts.blocks``).

Following is private: only the follower sees whom they follow, and nobody is told.
"""

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone

from accounts.blocks import blocked_ids
from accounts.models import Block, Follow, User, row_set
from games.watch import games_in_play

# How many names a name box offers at once.
SUGGESTIONS = 10


class FollowError(Exception):
    """A follow or unfollow refused; the message says why. ``status`` is the HTTP status."""

    status = 400


def follow_set(*, user, other, on: bool) -> bool:
    """``user`` follows (``on``) or stops following ``other``. Repeating either, or sending
    it twice at once, changes nothing. Returns whether anything changed."""
    if other.pk == user.pk:
        raise FollowError("You cannot follow yourself.")
    if on and other.is_bot:
        raise FollowError("Bots are not followed: choose one by its level in the lobby.")
    return row_set(Follow, on=on, follower=user, followed=other)


def follows(user, other) -> bool:
    """Whether ``user`` follows ``other`` (False for a visitor)."""
    if not user.is_authenticated:
        return False
    return Follow.objects.filter(follower=user, followed=other).exists()


@dataclass(frozen=True)
class Friend:
    """A person followed, as the Friends page lists them."""

    user: User
    playing: int  # their public games in play


def followed_people(user) -> list[Friend]:
    """The people ``user`` follows, by name, each with their number of public games in
    play."""
    playing = games_in_play().values("pk")
    people = (
        User.objects.filter(followers__follower=user)
        .annotate(
            playing=Count(
                "seats__game",
                filter=Q(seats__game__in=playing, seats__position__isnull=False),
                distinct=True,
            )
        )
        .order_by("username")
    )
    return [Friend(person, person.playing) for person in people]


def friends_games(user):
    """The public games in play of the people ``user`` follows, the latest to change
    first."""
    followed = Follow.objects.filter(follower=user).values("followed")
    return (
        games_in_play().filter(seats__user__in=followed, seats__position__isnull=False).distinct()
    )


def _unwanted(user) -> set[int]:
    """The people ``user`` blocked or was blocked by, and ``user``."""
    blockers = Block.objects.filter(blocked=user).values_list("blocker_id", flat=True)
    return blocked_ids(user) | set(blockers) | {user.pk}


def name_suggestions(user, typed: str) -> list[str]:
    """The names to offer ``user`` in a player's-name box holding ``typed``: the people they
    follow whose names start with it (all of them when nothing is typed yet), then other
    people's, up to ``SUGGESTIONS`` in all, each list by name."""
    typed = typed.strip()
    suspended = Q(suspended_at__isnull=False) & (
        Q(suspended_until__isnull=True) | Q(suspended_until__gt=timezone.now())
    )
    people = User.objects.filter(is_bot=False, is_active=True).exclude(suspended)
    people = people.exclude(pk__in=_unwanted(user))
    if typed:
        people = people.filter(username__istartswith=typed)
    followed = list(
        people.filter(followers__follower=user)
        .order_by("username")
        .values_list("username", flat=True)[:SUGGESTIONS]
    )
    if not typed or len(followed) >= SUGGESTIONS:
        return followed
    others = (
        people.exclude(username__in=followed)
        .order_by("username")
        .values_list("username", flat=True)[: SUGGESTIONS - len(followed)]
    )
    return followed + list(others)
