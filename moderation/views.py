"""Reporting a game or a player to the moderators (from the game page or a profile).

Works without JavaScript: a GET shows the form, a POST files the report and goes back to
the game or profile with a message; a refused report shows the form again with the reason
and a 4xx status (400, or 429 for too many reports).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from accounts.selectors import player_by_name
from games import registry
from games.outcomes import company
from games.selectors import game_for_user
from moderation import services
from moderation.forms import ReportForm

TEMPLATE = "moderation/report.html"


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def report_game(request, game_id):
    game, seat = game_for_user(game_id, request.user)
    names = " v ".join(p.username for p in game.players if p)
    choices = ()
    if seat is None:
        about = f"game {game.pk} ({names})"
    elif game.seats_count == 2:
        about = f"your game {company(game, seat)}"
    else:
        about = f"your game of {registry.rules(game.kind).name} {company(game, seat)}"
        # A report at a larger table names one of the people there (bots are the site's).
        choices = [p for s, p in enumerate(game.players) if s != seat and p and not p.is_bot]
    return _report(
        request,
        target={"game": game},
        title=f"Report game {game.pk}",
        about=about,
        back=game.get_absolute_url(),
        players=choices,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def report_player(request, username):
    player = player_by_name(username)
    if player.username != username:
        return redirect("moderation:report_player", username=player.username)
    if player.is_bot:
        raise Http404("Bots are run by the site: there is nobody to report.")
    return _report(
        request,
        target={"reported": player},
        title=f"Report {player.username}",
        about=f"the player {player.username}",
        back=reverse("players:profile", args=[player.username]),
    )


def _report(request, *, target, title, about, back, players=()):
    status, error = 200, ""
    try:
        services.report_target(reporter=request.user, **target)
    except services.ModerationError as refusal:
        # Say so at once rather than after the player has written the report.
        context = {
            "form": None,
            "title": title,
            "about": about,
            "back": back,
            "error": str(refusal),
        }
        return render(request, TEMPLATE, context, status=refusal.status)
    if request.method == "POST":
        form = ReportForm(request.POST, players=players)
        if form.is_valid():
            chosen = form.cleaned_data.get("player")
            if chosen is not None:
                target = {**target, "reported": next(p for p in players if p.pk == chosen)}
            try:
                services.report_create(
                    reporter=request.user,
                    category=form.cleaned_data["category"],
                    text=form.cleaned_data["text"],
                    **target,
                )
            except services.ModerationError as refusal:
                status, error = refusal.status, str(refusal)
            else:
                messages.success(
                    request,
                    "Thank you: your report has gone to the moderators. You will find their "
                    "answer in your notifications.",
                )
                return redirect(back)
        else:
            status = 400
    else:
        form = ReportForm(players=players)
    context = {"form": form, "title": title, "about": about, "back": back, "error": error}
    return render(request, TEMPLATE, context, status=status)
