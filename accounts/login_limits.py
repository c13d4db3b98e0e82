"""Failed log-ins, counted in the database.

allauth counts them in the cache, which without Redis is each web process's own memory:
with two gunicorn workers an attacker had twice the tries. Here every try is a
``LoginFailure`` row, written *before* the password is checked and counted after: a try
that the count refuses is deleted again, a successful one too, and a wrong password's row
stays. Because each try's row is committed before it counts, parallel tries cannot all
see a count under the limit: at most the limit's number of them go on to check a password.

The limits are ``ACCOUNT_RATE_LIMITS["login_failed"]`` (allauth's format, e.g.
``"10/m/ip,5/300s/key"``: 10 a minute per IP address, 5 in 5 minutes per name typed). A
refused try answers 429 with Retry-After (``templates/account/login_locked.html``).
docs/security.md, "Rate limits".
"""

import ipaddress
import math
from dataclasses import dataclass
from datetime import timedelta

from allauth.core.exceptions import ImmediateHttpResponse
from django.conf import settings
from django.shortcuts import render
from django.utils import timezone

from accounts.models import LoginFailure

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# The log-in field has no length limit; what is counted is its start.
KEY_LENGTH = LoginFailure._meta.get_field("key").max_length


@dataclass(frozen=True)
class Limit:
    amount: int
    seconds: int
    per: str  # "ip" or "key"


def parse_limits(text: str) -> list[Limit]:
    """``"10/m/ip,5/300s/key"`` as limits; the period is s, m, h, d or ``<n>s``."""
    limits = []
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        amount, period, per = part.split("/")
        if period in PERIODS:
            seconds = PERIODS[period]
        else:
            seconds = int(period[:-1]) * PERIODS[period[-1]]
        limits.append(Limit(int(amount), seconds, per))
    return limits


def limits() -> list[Limit]:
    return parse_limits(settings.ACCOUNT_RATE_LIMITS.get("login_failed", ""))


def key_of(login: str) -> str:
    """What a log-in typed is counted as: "Carol " and "carol" are one name."""
    return login.strip().lower()[:KEY_LENGTH]


def client_network(ip: str) -> str:
    """The address counted for ``ip``: itself, or for IPv6 its /64 (one subscriber's)."""
    address = ipaddress.ip_address(ip)
    if address.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(address)


def begin(request, login: str, ip: str) -> LoginFailure | None:
    """Count a log-in try by ``login`` from ``ip``; refuse it with a 429 page (raised as
    allauth's ImmediateHttpResponse) if a limit is reached. Returns the try's row, to be
    passed to ``succeeded`` if the password turns out right (None: no limit is set)."""
    now = timezone.now()
    checked = limits()
    if not checked:
        return None
    longest = max(limit.seconds for limit in checked)
    LoginFailure.objects.filter(created__lt=now - timedelta(seconds=longest)).delete()
    attempt = LoginFailure.objects.create(key=key_of(login), ip=client_network(ip))
    for limit in checked:
        # Every other try in the period, including parallel ones committed after this one.
        earlier = LoginFailure.objects.filter(
            created__gt=now - timedelta(seconds=limit.seconds)
        ).exclude(pk=attempt.pk)
        if limit.per == "ip":
            earlier = earlier.filter(ip=attempt.ip)
        else:
            earlier = earlier.filter(key=attempt.key)
        # The limit-th newest earlier failure: the lock lifts when it grows too old.
        locking = earlier.order_by("-created").values_list("created", flat=True)[
            limit.amount - 1 : limit.amount
        ]
        if locking:
            attempt.delete()
            wait = locking[0] + timedelta(seconds=limit.seconds) - timezone.now()
            raise ImmediateHttpResponse(locked_response(request, wait))
    return attempt


def succeeded(attempt: LoginFailure | None) -> None:
    """The password was right: the try was no failure."""
    if attempt is not None and attempt.pk is not None:
        attempt.delete()


def forget(*logins: str) -> None:
    """Forget the failures of these names and addresses (their password has been reset)."""
    LoginFailure.objects.filter(key__in=[key_of(login) for login in logins]).delete()


def locked_response(request, wait: timedelta):
    seconds = max(1, math.ceil(wait.total_seconds()))
    minutes = math.ceil(seconds / 60)
    response = render(
        request,
        "account/login_locked.html",
        {"seconds": seconds, "minutes": minutes},
        status=429,
    )
    response["Retry-After"] = str(seconds)
    return response
