"""Personal access tokens: made (the secret shown once), revoked, and read back from a
request's ``Authorization: Bearer`` secret.

The secret is ``xix_`` and 43 random URL-safe characters (256 bits), so a plain SHA-256
digest is enough to store it: nobody can guess a preimage, and a digest is looked up with
one indexed query (a slow password hash would only slow every API request).
"""

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from api.models import AccessToken

PREFIX = "xix_"
# How many tokens, revoked ones included, one person may hold.
MAX_TOKENS = 20
# ``last_used_at`` is written at most this often per token, not on every request.
USE_GRANULARITY = timedelta(minutes=1)


class TokenError(Exception):
    """A token that cannot be made as asked; the message is for its owner."""


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def scopes_valid(scopes) -> list[str]:
    """``scopes`` in the order ``AccessToken.Scope`` lists them; TokenError for an unknown
    one or none at all."""
    known = AccessToken.Scope.values
    unknown = [scope for scope in scopes if scope not in known]
    if unknown:
        raise TokenError(f"No such scope: {', '.join(unknown)}.")
    chosen = [scope for scope in known if scope in scopes]
    if not chosen:
        raise TokenError("Choose at least one scope.")
    return chosen


@transaction.atomic
def token_create(*, user, name: str, scopes) -> tuple[AccessToken, str]:
    """A new token of ``user`` with ``scopes``: (the row, the secret). The secret is not
    stored: this is the only time it exists outside its owner's hands."""
    name = name.strip()
    if not name or len(name) > 60:
        raise TokenError("Name the token (at most 60 characters).")
    scopes = scopes_valid(scopes)
    user.lock_row()  # the count below holds under parallel requests
    if AccessToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise TokenError(f"You have {MAX_TOKENS} tokens: delete a revoked one first.")
    secret = PREFIX + secrets.token_urlsafe(32)
    token = AccessToken.objects.create(
        user=user, name=name, digest=digest_of(secret), prefix=secret[:8], scopes=scopes
    )
    return token, secret


def token_revoke(*, user, token_id) -> bool:
    """Revoke ``user``'s token ``token_id``; whether it was live. Another's token, or one
    that does not exist, is left alone (False), as is a token revoked already."""
    return bool(
        AccessToken.objects.filter(user=user, pk=token_id, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
    )


def token_delete(*, user, token_id) -> bool:
    """Delete ``user``'s revoked token ``token_id`` from the list; whether it was there."""
    deleted, _ = AccessToken.objects.filter(
        user=user, pk=token_id, revoked_at__isnull=False
    ).delete()
    return bool(deleted)


def token_for(secret: str) -> AccessToken | None:
    """The live token whose secret is ``secret``, with its user; None for an unknown or
    revoked secret, or a user who may not act (inactive or suspended)."""
    if not secret.startswith(PREFIX):
        return None
    token = (
        AccessToken.objects.select_related("user")
        .filter(digest=digest_of(secret), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active or token.user.is_suspended:
        return None
    return token


def token_used(token: AccessToken) -> None:
    """Note that ``token`` was used now (at most once per ``USE_GRANULARITY``)."""
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= USE_GRANULARITY:
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now


def tokens_of(user) -> list[AccessToken]:
    return list(AccessToken.objects.filter(user=user))
