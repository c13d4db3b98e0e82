"""The tournament pages: the list, one tournament, the set-up form, and the buttons
(enter, withdraw, add a bot, cancel). Thin: the services decide; a refusal is the page
again with the reason and the refusal's 4xx status, nothing changed. Every page works
without JavaScript (forms post and redirect)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.bots import level_label
from games import registry
from games.errors import GameError
from tournaments import selectors, services
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def _tournament(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_related("created_by").get(pk=tournament_id)
    except Tournament.DoesNotExist as error:
        raise services.NoSuchTournament() from error


@require_safe
def tournament_list(request):
    kind = request.GET.get("game", "")
    context = selectors.tournament_lists(kind)
    context["games"] = [(key, registry.rules(key).name) for key in registry.served()]
    context["game"] = kind if kind in registry.served() else ""
    return render(request, "tournaments/list.html", context)


def _detail(request, t: Tournament, *, status=200, error=""):
    user = request.user
    entry = t.entries.filter(user=user).first() if user.is_authenticated else None
    context = selectors.tournament_page(t, user)
    moderator = user.is_authenticated and user.has_perm("games.moderate_game")
    context.update(
        t=t,
        entry=entry,
        error=error,
        may_enter=(
            user.is_authenticated
            and entry is None
            and (t.status == Tournament.Status.REGISTRATION or services.late_entry_open(t))
        ),
        may_withdraw=(
            entry is not None
            and entry.active
            and t.status in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
        ),
        organiser=user.is_authenticated and user.pk == t.created_by_id,
        moderator=moderator,
        may_cancel=(
            t.status in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
            and (moderator or (user.pk == t.created_by_id and t.status == "registration"))
        ),
        bot_levels=[(level, level_label(level)) for level in registry.bots(t.kind).LEVELS],
    )
    template = "tournaments/detail.html"
    if request.htmx and status == 200:
        template += "#live"  # the standings and rounds, redrawn on a ping or a poll
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
def tournament_detail(request, tournament_id):
    try:
        t = _tournament(tournament_id)
    except GameError as error:
        raise Http404(str(error)) from error
    return _detail(request, t)


def _act(request, tournament_id, call, done: str):
    """Run a service for the page's button; the page again with the reason on a refusal."""
    try:
        t = _tournament(tournament_id)
        call(t)
    except services.NoSuchTournament as error:
        raise Http404(str(error)) from error
    except GameError as error:
        return _detail(request, _tournament(tournament_id), status=error.status, error=str(error))
    messages.success(request, done)
    return redirect("tournaments:detail", tournament_id)


@require_POST
@login_required
def tournament_enter(request, tournament_id):
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_enter(user=request.user, tournament_id=t.pk),
        "You have entered the tournament.",
    )


@require_POST
@login_required
def tournament_withdraw(request, tournament_id):
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_withdraw(user=request.user, tournament_id=t.pk),
        "You have withdrawn from the tournament.",
    )


@require_POST
@login_required
def tournament_add_bot(request, tournament_id):
    level = request.POST.get("level", "")
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_add_bot(user=request.user, tournament_id=t.pk, level=level),
        "The bot has entered.",
    )


@require_POST
@login_required
def tournament_cancel(request, tournament_id):
    reason = request.POST.get("reason", "")
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_cancel(actor=request.user, tournament_id=t.pk, reason=reason),
        "The tournament is cancelled.",
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def tournament_new(request):
    if request.method != "POST":
        form = TournamentForm(user=request.user)
        return render(request, "tournaments/new.html", {"form": form, "limits": _limits()})
    form = TournamentForm(request.POST, user=request.user)
    if form.is_valid():
        try:
            t = services.tournament_create(user=request.user, **form.settings())
        except GameError as error:
            form.add_error(None, str(error))
            status = error.status
        else:
            messages.success(request, "Your tournament is open for entries.")
            return redirect("tournaments:detail", t.pk)
    else:
        status = 400
    return render(
        request, "tournaments/new.html", {"form": form, "limits": _limits()}, status=status
    )


def _limits() -> dict:
    return {
        "open": services.MAX_OPEN_PER_USER,
        "players": services.MAX_PLAYERS,
        "robin": services.MAX_ROUND_ROBIN,
        "rounds": services.MAX_SWISS_ROUNDS,
    }
