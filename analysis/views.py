"""The analysis's requests from the replay page: ask for it, try it again, its progress
(polled, or fetched on a push ping), and "Play on from here". Thin: each reads the form,
calls one service and answers. The replay page itself draws the analysis
(``games.views.replay`` with ``analysis.selectors``).
"""

from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from analysis import services
from analysis.selectors import analysis_for, may_ask
from games.errors import GameError
from games.models import Game
from games.views.play import game_for_viewer

REFUSED = "analysis/refused.html"


def _refuse(request, game_id, error: GameError) -> HttpResponse:
    context = {"message": str(error), "replay_url": reverse("games:replay", args=[game_id])}
    if error.status == 404:
        context["replay_url"] = None
    return render(request, REFUSED, context, status=error.status)


def _back(request, game_id) -> str:
    """The replay at the step the page showed: the step in the address the form was sent
    from (the replay's steps change in place with htmx, which updates the address but not
    the form), else the form's own."""
    url = reverse("games:replay", args=[game_id])
    sent_from = urlsplit(request.headers.get("Referer", ""))
    raw = request.POST.get("step")
    if sent_from.path == url:
        raw = parse_qs(sent_from.query).get("step", [raw])[0]
    step = services.as_step(raw)
    return f"{url}?step={step}" if step is not None and step >= 0 else url


@require_POST
@login_required
def analysis_ask(request, game_id):
    """Ask for the game's analysis; back to the replay at the same step."""
    try:
        analysis, made = services.analysis_request(user=request.user, game_id=game_id)
    except GameError as error:
        return _refuse(request, game_id, error)
    if made:
        messages.success(request, "The analysis is queued: this page shows its progress.")
    elif analysis.status == analysis.Status.DONE:
        messages.info(request, "This game has been analysed already: here is its analysis.")
    else:
        messages.info(request, "This game's analysis was asked for already: here is its progress.")
    return redirect(_back(request, game_id), permanent=False)


@require_POST
@login_required
def analysis_retry(request, game_id):
    """Run a failed (or stalled) analysis again."""
    try:
        services.analysis_retry(user=request.user, game_id=game_id)
    except GameError as error:
        return _refuse(request, game_id, error)
    messages.success(request, "The analysis is queued again.")
    return redirect(_back(request, game_id), permanent=False)


@require_safe
@never_cache
def analysis_progress(request, game_id):
    """The progress panel: polled by the replay page while the analysis runs (and fetched
    at once on a push ping). Once it is done or has failed, an htmx request is told to
    reload the page, which then draws the analysis (or offers to try again)."""
    game, _seat = game_for_viewer(request, game_id)
    if game is None:
        return redirect_to_login(request.get_full_path())
    if game.status != Game.Status.FINISHED:
        return HttpResponse(
            "This game is not finished: it has no analysis.",
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    analysis = analysis_for(game)
    context = {
        "analysis": analysis,
        "progress_url": reverse("analysis:progress", args=[game.pk]),
        "may_ask": may_ask(game, request.user),
    }
    response = render(request, "analysis/_progress.html", context)
    if request.htmx and (analysis is None or not analysis.pending):
        response["HX-Refresh"] = "true"
    return response


@require_POST
@login_required
def play_on(request, game_id):
    """Start a casual game against bots from the step asked for."""
    step = services.as_step(request.POST.get("step"))
    seat = services.as_step(request.POST.get("seat"))
    try:
        game = services.play_on(
            user=request.user,
            game_id=game_id,
            step=step if step is not None else -1,
            seat=seat - 1 if seat is not None else None,
            level=request.POST.get("level", ""),
        )
    except GameError as error:
        return _refuse(request, game_id, error)
    messages.success(request, "Here is your game from that step: the bots play the other seats.")
    return redirect(game.get_absolute_url())
