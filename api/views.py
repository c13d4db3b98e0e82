"""The settings page's access tokens: make one (its secret shown on the answer, once),
revoke one, delete a revoked one; and whether the person accepts bot accounts in their rated
games. The list itself is drawn on the settings page by the
``access_tokens`` tag (``api/templatetags/api_tokens.py``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from api import bots, tokens


@require_POST
@login_required
@never_cache
def token_new(request):
    """A new token with the scopes ticked: the page that shows its secret, this once."""
    try:
        token, secret = tokens.token_create(
            user=request.user,
            name=request.POST.get("name", ""),
            scopes=request.POST.getlist("scopes"),
        )
    except tokens.TokenError as error:
        messages.error(request, f"No token was made: {error}")
        return redirect("players:settings")
    return render(request, "api/token_made.html", {"token": token, "secret": secret})


def _back(request, done: bool, *, yes: str, no: str):
    """To the settings page, saying ``yes`` if it was ``done``, else ``no``."""
    if done:
        messages.success(request, yes)
    else:
        messages.error(request, no)
    return redirect("players:settings")


@require_POST
@login_required
def token_revoke(request, token_id):
    done = tokens.token_revoke(user=request.user, token_id=token_id)
    yes = "The token is revoked: programs using it are refused."
    return _back(request, done, yes=yes, no="You have no such live token.")


@require_POST
@login_required
def token_delete(request, token_id):
    done = tokens.token_delete(user=request.user, token_id=token_id)
    return _back(
        request, done, yes="The revoked token is deleted.", no="You have no such revoked token."
    )


@require_POST
@login_required
def rated_bots(request):
    """Accept bot accounts in one's rated games (the box ticked), or no longer."""
    if request.user.is_api_bot or request.user.is_bot:
        messages.error(request, "This setting is for people's accounts.")
        return redirect("players:settings")
    on = request.POST.get("accept") == "on"
    bots.accepts_set(user=request.user, on=on)
    if on:
        messages.success(request, "Bot accounts may now play your rated games.")
    else:
        messages.success(request, "Bot accounts play only your casual games now.")
    return redirect("players:settings")
