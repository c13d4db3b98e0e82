"""What the chat panel shows a viewer: the messages (without those of the users he mutes
or blocked), the form if he may write, the mute buttons, and the stamp its poll compares."""

from datetime import timedelta

from django.db.models import Count, Max, Q
from django.utils import timezone

from accounts.blocks import blocked_ids
from chat import services
from chat.models import MAX_LENGTH, ChatMessage, ChatMute, ChatRead
from chat.services import CANNED, may_read, may_write
from games.models import Game

# The latest messages the panel shows (the limits keep a game's chat far shorter).
SHOWN = 200
# How often an open panel asks for news: while the game is on, and for a day after its
# end (the players' "good game", spectators reading along); later not at all.
POLL_PLAYING = "3s"
POLL_OVER = "10s"
POLL_AFTER_END = timedelta(days=1)

CLOSED = "The players' chat opens to everyone else when the game is over."


def chat_stamp(game: Game) -> tuple[int, str]:
    """(the game's latest message id, a stamp that changes with every new or hidden
    message): one query. A poll carrying another stamp has news."""
    found = ChatMessage.objects.filter(game=game).aggregate(
        last=Max("id"), hidden=Count("id", filter=Q(hidden_at__isnull=False))
    )
    last = found["last"] or 0
    return last, f"{last}-{found['hidden']}"


def muted_ids(user) -> set[int]:
    if not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def mutes_of(user) -> list:
    """The users ``user`` mutes, by name (the settings page)."""
    return [m.muted for m in ChatMute.objects.filter(user=user).select_related("muted")]


def _poll_every(game: Game) -> str | None:
    if game.status == Game.Status.ACTIVE:
        return POLL_PLAYING
    ended = game.finished_at or game.updated
    if ended is not None and ended > timezone.now() - POLL_AFTER_END:
        return POLL_OVER
    return None


def chat_context(game: Game, user, seat, *, error: str = "", draft: str = "") -> dict | None:
    """The panel's context for ``user`` at ``seat`` (None: not a player); None when the
    game has no chat (it has not started)."""
    if game.status == Game.Status.WAITING or not services.has_company(game):
        return None
    readable = may_read(game, seat)
    chat = {
        "game": game,
        "readable": readable,
        "may_write": readable and may_write(game, user, seat),
        "error": error,
        "draft": draft,
        "canned": CANNED,
        "max_length": MAX_LENGTH,
    }
    if not readable:
        chat["closed_note"] = CLOSED
        return chat
    muted = muted_ids(user)
    # Nor those of the people the viewer blocked (accounts.blocks): their posts are taken
    # as any other, so nothing tells them, but the blocker never reads them.
    blocked = blocked_ids(user)
    shown = (
        ChatMessage.objects.filter(game=game)
        .exclude(author_id__in=muted | blocked)
        .select_related("author")
        .order_by("-pk")[:SHOWN]
    )
    messages = list(shown)[::-1]
    last, stamp = chat_stamp(game)
    chat.update(messages=messages, last=last, stamp=stamp, poll_every=_poll_every(game))
    if chat["may_write"]:
        # The writer's latest message, from those shown (a mute never hides one's own)
        # unless the list was cut short before it.
        own = [m.pk for m in messages if m.author_id == user.pk]
        if own or len(messages) < SHOWN:
            chat["last_own"] = own[-1] if own else 0
        else:
            mine = ChatMessage.objects.filter(game=game, author=user).order_by("-pk")
            chat["last_own"] = mine.values_list("pk", flat=True).first() or 0
    if user.is_authenticated:
        others = [p for p in game.players if p and not p.is_bot and p.pk != user.pk]
        chat["mutable"] = [p for p in others if p.pk not in muted | blocked]
        chat["muted"] = [p for p in others if p.pk in muted]
    return chat


def news(chat: dict, user, after: int) -> list:
    """The messages of ``chat`` newer than ``after`` written by others and not hidden: what
    the panel announces to a screen reader after a poll."""
    return [
        m
        for m in chat.get("messages", ())
        if m.pk > after and m.author_id != user.pk and not m.is_hidden
    ]


def unread_count(game: Game, user, seat) -> int | None:
    """How many messages of the others (not hidden, not from a player ``user`` mutes or
    blocked) ``game``'s chat has that ``user`` has not seen (``ChatRead``); None when the
    viewer has no unread mark (not a player, or the game has no chat)."""
    if seat is None or not user.is_authenticated or user.is_bot:
        return None
    if game.status == Game.Status.WAITING or not services.has_company(game):
        return None
    read = ChatRead.objects.filter(user=user, game=game).values_list("last_read", flat=True)
    return (
        ChatMessage.objects.filter(game=game, pk__gt=read.first() or 0, hidden_at__isnull=True)
        .exclude(author=user)
        .exclude(author_id__in=muted_ids(user) | blocked_ids(user))
        .count()
    )
