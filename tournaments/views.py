"""The tournament pages: the list, one tournament, the set-up form, and the buttons
(enter, withdraw, add a bot, cancel). Thin: the services decide; a refusal is the page
again with the reason and the refusal's 4xx status, nothing changed. Every page works
without JavaScript (forms post and redirect)."""

from django.contrib import messages
from django.contrib.auth import get_user_model
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
    entry = services.entry_of(t, user)
    invitation = (
        t.entries.select_related("user").filter(partner=user, partner_confirmed=False).first()
        if user.is_authenticated and t.teams and t.status == Tournament.Status.REGISTRATION
        else None
    )
    context = selectors.tournament_page(t, user)
    moderator = user.is_authenticated and user.has_perm("games.moderate_game")
    context.update(
        t=t,
        entry=entry,
        error=error,
        invitation=invitation,
        may_enter=(
            user.is_authenticated
            and entry is None
            and invitation is None
            and (t.status == Tournament.Status.REGISTRATION or services.late_entry_open(t))
        ),
        alone=(
            list(t.entries.select_related("user").filter(partner_confirmed=False))
            if t.teams and t.status == Tournament.Status.REGISTRATION
            else []
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


def _person(name: str):
    """The active player named ``name``; a refusal (400) when there is none."""
    person = get_user_model().objects.filter(username=name.strip(), is_active=True).first()
    if person is None:
        raise services.TournamentError(f"There is no player named {name.strip()!r}.")
    return person


@require_POST
@login_required
def tournament_enter(request, tournament_id):
    name = request.POST.get("partner", "")[:150]

    def enter(t):
        partner = _person(name) if name.strip() else None
        services.tournament_enter(user=request.user, tournament_id=t.pk, partner=partner)

    done = "You have entered the tournament."
    return _act(request, tournament_id, enter, done + (" Your partner is invited." if name else ""))


@require_POST
@login_required
def tournament_partner(request, tournament_id):
    name = request.POST.get("partner", "")[:150]
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_partner_invite(
            user=request.user, tournament_id=t.pk, partner=_person(name)
        ),
        "Your partner is invited.",
    )


@require_POST
@login_required
def tournament_partner_answer(request, tournament_id):
    accept = request.POST.get("accept") == "yes"
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_partner_answer(
            user=request.user, tournament_id=t.pk, accept=accept
        ),
        "You are in, as a team." if accept else "You declined.",
    )


@require_POST
@login_required
def tournament_team(request, tournament_id):
    first, second = request.POST.get("first", ""), request.POST.get("second", "")
    return _act(
        request,
        tournament_id,
        lambda t: services.tournament_team_form(
            user=request.user, tournament_id=t.pk, first_id=first, second_id=second
        ),
        "The team is formed.",
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
