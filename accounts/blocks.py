"""Blocking: a person blocks another from that person's profile page, and unblocks them
there or from the settings page (docs/security.md, "Blocking").

What a block does, everywhere by these functions:

- the blocked person cannot challenge or invite the blocker (``games.forms`` answers
  exactly as for a name that is no player's; the services as for an account that cannot
  be invited), nor take a seat at a private table or accept a direct challenge the
  blocker has made or sits at (answered as for a table that does not exist);
- the blocker does not see the blocked person's chat messages (``chat.selectors``): the
  blocked person's posts are taken as any other, so nothing tells them;
- the blocker cannot invite or challenge the blocked person either, and is told why.
"""

from django.db.models import Q

from accounts.models import Block, row_set

BLOCKED_BY_YOU = "You have blocked {name}: unblock them on their profile page to {verb} them."


class BlockError(Exception):
    """A block or unblock refused; the message says why. ``status`` is the HTTP status."""

    status = 400


def block_set(*, user, other, on: bool) -> bool:
    """``user`` blocks (``on``) or unblocks ``other``. Repeating either changes nothing.
    Returns whether anything changed."""
    if other.pk == user.pk:
        raise BlockError("You cannot block yourself.")
    if other.is_bot and on:
        raise BlockError("Bots never invite anyone or chat: there is nothing to block.")
    return row_set(Block, on=on, blocker=user, blocked=other)


def blocks(blocker_id, blocked_id) -> bool:
    """Whether ``blocker_id`` blocked ``blocked_id``."""
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def invite_refusal(user, person, *, verb: str = "invite") -> str:
    """Why ``user`` may not invite (or challenge: ``verb``) ``person`` because of a block;
    empty when neither blocked the other. Blocked by ``person``: the words said of an
    account that cannot be invited (suspended, closed), so the block cannot be told from
    that; having blocked ``person``: the reason, plainly."""
    found = set(
        Block.objects.filter(
            Q(blocker=user, blocked=person) | Q(blocker=person, blocked=user)
        ).values_list("blocker_id", flat=True)
    )
    if person.pk in found:
        return f"{person.username} cannot be {verb}d."
    if user.pk in found:
        return BLOCKED_BY_YOU.format(name=person.username, verb=verb)
    return ""


def blockers_among(user, user_ids) -> set[int]:
    """Those of ``user_ids`` who blocked ``user``."""
    return set(
        Block.objects.filter(blocked=user, blocker_id__in=list(user_ids)).values_list(
            "blocker_id", flat=True
        )
    )


def blocked_ids(user) -> set[int]:
    """The ids of the people ``user`` blocked."""
    if not user.is_authenticated:
        return set()
    return set(Block.objects.filter(blocker=user).values_list("blocked_id", flat=True))


def blocked_people(user) -> list:
    """The people ``user`` blocked, by name (the settings page)."""
    return [b.blocked for b in Block.objects.filter(blocker=user).select_related("blocked")]
