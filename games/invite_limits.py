"""The hourly limits on what one person sends: challenges and tables set up
(``TABLES_PER_HOUR``) and people invited to them (``INVITATIONS_PER_HOUR``), over a rolling
hour (docs/security.md, "Invitations and challenges").

Each challenge or table that waits for people is written down (``accounts.InviteSent``)
in the transaction that creates it, and the row stays when the challenge or table is
cancelled, declined or lapses: cancelling frees a place among the waiting challenges
(``tables.MAX_WAITING_TABLES``) at once, but not a place in the hour. The caller holds
the lock of the person's row (``User.lock_row``), so requests sent at once are counted one
after the other and never both take the last place. A game against bots alone starts at
once and tells nobody: it is not counted.
"""

import math
from datetime import timedelta

from django.conf import settings

from accounts.models import InviteSent
from games.errors import TableError

WINDOW = timedelta(hours=1)


class TooManySent(TableError):
    """Beyond an hourly limit: 429, with the seconds to wait in ``retry_after``."""

    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


def _wait_text(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{math.ceil(seconds / 60)} minutes"


def _seconds_until(when, now) -> int:
    return max(1, math.ceil((when - now).total_seconds()))


def count_and_record(user, *, invited: int, now) -> None:
    """Count what ``user`` sent in the hour before ``now``, refuse (TooManySent) when this
    challenge or table inviting ``invited`` people would pass a limit, else write it down.
    Call it inside the creating transaction, with ``user``'s row locked."""
    sent = InviteSent.objects.filter(user=user)
    sent.filter(created__lte=now - WINDOW).delete()
    recent = list(
        sent.filter(created__gt=now - WINDOW).order_by("created").values_list("created", "invited")
    )
    tables_limit = settings.TABLES_PER_HOUR
    if len(recent) >= tables_limit:
        # The oldest of the last ``tables_limit`` leaves the hour first.
        wait = _seconds_until(recent[-tables_limit][0] + WINDOW, now)
        raise TooManySent(
            f"You have set up {len(recent)} challenges or tables in the last hour, the most "
            f"the site allows (cancelled ones count too): please wait {_wait_text(wait)}.",
            retry_after=wait,
        )
    invitations_limit = settings.INVITATIONS_PER_HOUR
    total = sum(count for _when, count in recent)
    if invited and total + invited > invitations_limit:
        wait, left = 0, total
        for when, count in recent:  # the oldest leave the hour first
            left -= count
            if left + invited <= invitations_limit:
                wait = _seconds_until(when + WINDOW, now)
                break
        if wait:
            advice = f"please wait {_wait_text(wait)}"
        else:
            advice = f"invite at most {invitations_limit} at once"
        raise TooManySent(
            f"You have invited {total} players in the last hour (cancelled invitations "
            f"count too); the site allows {invitations_limit} an hour: {advice}.",
            retry_after=wait or int(WINDOW.total_seconds()),
        )
    InviteSent.objects.create(user=user, created=now, invited=invited)
