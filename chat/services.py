"""Every write of the chat: posting a message, muting, reporting a message.

Who may read and write: the players of a game (any seat count, bots excepted) read its chat
and write in it, during play and after the end; anyone who may see the game reads it once
the game is over (finished or aborted); a game that has not started has no chat.
"""

import math
import unicodedata
from datetime import UTC, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from chat.models import MAX_LENGTH, ChatMessage, ChatMute, ChatRead
from games import push
from games.models import Game
from moderation import services as moderation
from moderation.models import Report

# The canned phrases: one click sends one as a normal message (same limits).
CANNED = ("Good game", "Thanks", "Well played", "Good luck", "Sorry, I misclicked")

# The bidirectional controls: embeddings, overrides and isolates, the left-to-right,
# right-to-left and Arabic letter marks. They can make a line read as something else than
# it is (reorder its words), so they are taken out of every message kept.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
_NO_BIDI = str.maketrans(dict.fromkeys(map(ord, BIDI_CONTROLS)))

# Characters that draw nothing: format characters (category Cf: zero-width spaces and
# joiners, the tag characters U+E0000..., the word joiner, the byte order mark...),
# spaces and separators (Z*), and a few letters and marks that render blank (the Hangul
# fillers, the braille blank, the combining grapheme joiner, variation selectors). A
# message made of them alone would show as a blank line.
_BLANK_CATEGORIES = frozenset({"Cf", "Zs", "Zl", "Zp"})
_BLANK_CHARACTERS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f"
)


def _draws_nothing(c: str) -> bool:
    return (
        unicodedata.category(c) in _BLANK_CATEGORIES
        or c in _BLANK_CHARACTERS
        or "\ufe00" <= c <= "\ufe0f"  # variation selectors
        or "\U000e0100" <= c <= "\U000e01ef"  # variation selectors supplement
    )


# How many messages before and after a reported one go to the moderators with it.
REPORT_CONTEXT = 3


class ChatError(Exception):
    """A chat request refused; the message says why, ``status`` is the HTTP status."""

    status = 400
    retry_after = None


class NotAllowed(ChatError):
    status = 403


class RateLimited(ChatError):
    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


def has_company(game: Game) -> bool:
    """Whether the game seats at least two people (a game against bots has no chat)."""
    return sum(1 for p in game.players if p is not None and not p.is_bot) >= 2


def may_read(game: Game, seat) -> bool:
    """Whether the viewer (seat ``seat``, None for anyone else) reads the game's chat."""
    if game.status == Game.Status.WAITING:
        return False
    return seat is not None or game.is_over


def may_write(game: Game, user, seat) -> bool:
    return (
        game.status != Game.Status.WAITING
        and seat is not None
        and user.is_authenticated
        and not user.is_bot
    )


EMPTY = "Write a message first."


def clean_text(text) -> str:
    """The message as it is kept: without bidirectional controls (``BIDI_CONTROLS``),
    stripped, 1 to MAX_LENGTH characters, no control characters (category Cc), and at
    least one character that draws something (not only zero-width, format or space
    characters: ``_draws_nothing``); ChatError otherwise."""
    text = (text or "").translate(_NO_BIDI).strip()
    if all(_draws_nothing(c) for c in text):  # an empty text too
        raise ChatError(EMPTY)
    if len(text) > MAX_LENGTH:
        raise ChatError(f"A message has at most {MAX_LENGTH} characters; this one has {len(text)}.")
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise ChatError("A message cannot hold control characters (line breaks, tabs...).")
    return text


@transaction.atomic
def message_post(*, author, game: Game, text, last_seen: int) -> tuple[ChatMessage, bool]:
    """Write ``text`` in ``game``'s chat as ``author``. Returns the message and whether it
    is new.

    ``last_seen``: the id of the author's latest message in this game when the form was
    drawn (0 for none). When the author has written since, and that message says the same,
    this post is a repeat of it (a double click, a form sent again) and is applied once:
    nothing new is written and the earlier message is returned.

    Limits, per author over all games: ``CHAT_BURST`` messages in ``CHAT_BURST_SECONDS``
    and ``CHAT_PER_DAY`` in 24 hours (RateLimited, 429). The author's row is locked while
    his messages are counted, so posts sent at once are counted one after the other.
    """
    seat = game.seat_of(author)
    if author.is_bot:
        raise NotAllowed("Bots do not chat.")
    if game.status == Game.Status.WAITING:
        raise ChatError("The game has not started: its chat opens when it does.")
    if seat is None:
        raise NotAllowed("Only the players of this game write in its chat.")
    if not has_company(game):
        raise ChatError("Nobody else plays in this game: bots do not chat.")
    text = clean_text(text)
    author.lock_row()
    mine = ChatMessage.objects.filter(author=author)
    latest = mine.filter(game=game).order_by("-pk").first()
    if latest is not None and latest.pk > last_seen and latest.text == text:
        return latest, False
    now = timezone.now()
    _check_rate(mine, now)
    message = ChatMessage.objects.create(game=game, author=author, text=text, created=now)
    push.chat_changed(game.pk, ("new", message.pk))
    return message, True


def _check_rate(mine, now) -> None:
    for limit, window, words in (
        (settings.CHAT_BURST, timedelta(seconds=settings.CHAT_BURST_SECONDS), None),
        (settings.CHAT_PER_DAY, timedelta(days=1), "in the last 24 hours"),
    ):
        recent = mine.filter(created__gt=now - window).order_by("-created")
        times = list(recent.values_list("created", flat=True)[:limit])
        if len(times) < limit:
            continue
        # The oldest of the last ``limit`` messages leaves the window first.
        wait = max(1, math.ceil((times[-1] + window - now).total_seconds()))
        span = words or f"in the last {settings.CHAT_BURST_SECONDS} seconds"
        raise RateLimited(
            f"You have sent {limit} messages {span}: please wait {_duration(wait)} "
            "before the next one.",
            retry_after=wait,
        )


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    if minutes < 120:
        return f"{minutes} minutes"
    return f"{math.ceil(minutes / 60)} hours"


def chat_read(*, user, game: Game, last: int) -> int:
    """``user`` (a player of ``game``) has seen its chat up to message ``last``: his unread
    mark counts from there. A ``last`` beyond the game's latest message counts as that one;
    an older one than already read changes nothing. Returns how far he has read."""
    latest = ChatMessage.objects.filter(game=game, pk__lte=last).order_by("-pk")
    upto = latest.values_list("pk", flat=True).first() or 0
    read, _ = ChatRead.objects.get_or_create(user=user, game=game)
    if upto > read.last_read:
        ChatRead.objects.filter(pk=read.pk, last_read__lt=upto).update(last_read=upto)
        return upto
    return read.last_read


def mute_set(*, user, muted, on: bool) -> None:
    """``user`` mutes (``on``) or unmutes ``muted`` in every game's chat. Repeating either
    changes nothing."""
    if muted.pk == user.pk:
        raise ChatError("You cannot mute yourself.")
    if muted.is_bot:
        raise ChatError("Bots do not chat: there is nothing to mute.")
    if not on:
        ChatMute.objects.filter(user=user, muted=muted).delete()
        return
    try:
        with transaction.atomic():
            ChatMute.objects.get_or_create(user=user, muted=muted)
    except IntegrityError:  # the same mute sent twice at once: it is there
        pass


def report_refusal(*, reporter, message: ChatMessage) -> str:
    """Why ``reporter`` cannot report ``message`` (empty: he can)."""
    if message.author_id == reporter.pk:
        return "You cannot report your own message."
    if message.is_hidden:
        return "A moderator has already hidden this message."
    return ""


def report_context(message: ChatMessage) -> str:
    """The reported message and the few around it, one line each, as the moderators read
    it in the report: time (UTC), author, text; the reported line marked ">>"."""
    around = ChatMessage.objects.filter(game_id=message.game_id).select_related("author")
    before = list(around.filter(pk__lt=message.pk).order_by("-pk")[:REPORT_CONTEXT])
    after = list(around.filter(pk__gt=message.pk).order_by("pk")[:REPORT_CONTEXT])
    lines = []
    for line in [*reversed(before), message, *after]:
        mark = ">>" if line.pk == message.pk else "  "
        when = line.created.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
        hidden = " (hidden by a moderator)" if line.is_hidden else ""
        lines.append(f"{mark} {when} UTC {line.author.username}: {line.text}{hidden}")
    return "\n".join(lines)


def message_report(*, reporter, message: ChatMessage, text: str):
    """Send ``message`` to the moderators' queue: a report about its game naming its
    author, with the message and the messages around it. The limits of every report apply
    (``moderation.services.report_create``: one open report per message, 5 an hour, 20 a
    day); ModerationError otherwise."""
    refusal = report_refusal(reporter=reporter, message=message)
    if refusal:
        raise moderation.ModerationError(refusal)
    return moderation.report_create(
        reporter=reporter,
        category=Report.Category.CHAT,
        text=text,
        game=message.game,
        reported=message.author,
        chat_message=message,
        context=report_context(message),
    )
