"""Player pages: the profile and the match history, which anyone may read, and the
signed-in player's own preferences (e-mail notifications, time zone) and vacation."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.timezone import localtime
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import blocks, friends, selectors
from accounts.bots import bot_ratings
from accounts.forms import HistoryFilter, Preferences, VacationForm
from accounts.models import User
from games import aborts as rated_aborts, guide as guides
from games.selectors import visible_games
from games.watch import current_games, watch_rows
from notifications import webpush
from ratings.chart import rating_chart
from xix_site.partial_save import save_changed

RECENT_GAMES = 10
# The player's games in play listed on the profile (the newest activity first).
CURRENT_GAMES = 20
HISTORY_PAGE_SIZE = 25


def _aborts_context(player) -> dict:
    """The player's aborts of rated games and the rule they are counted by (games/aborts.py);
    nothing for a bot."""
    if player.is_bot:
        return {}
    return {
        "aborts": rated_aborts.record_of(player),
        "abort_limit": settings.RATED_ABORT_LIMIT,
        "abort_window_hours": settings.RATED_ABORT_WINDOW_HOURS,
        "abort_pause_hours": settings.RATED_ABORT_PAUSE_HOURS,
    }


@require_safe
def profile(request, username):
    player = selectors.player_by_name(username)
    if player.username != username:
        return redirect("players:profile", username=player.username, permanent=True)
    histories = selectors.rating_histories(player)
    records = [
        (record, rating_chart(histories.get((record.board.kind, record.board.variant), [])))
        for record in selectors.variant_records(player)
    ]
    finished = selectors.finished_games(player).filter(visible_games(request.user))
    recent = selectors.history_rows(finished[:RECENT_GAMES], player)
    current = current_games(player)
    return render(
        request,
        "accounts/profile.html",
        {
            "player": player,
            "records": records,
            "recent": recent,
            "current": watch_rows(current[:CURRENT_GAMES]),
            "current_count": current.count(),
            "is_self": request.user.is_authenticated and request.user.pk == player.pk,
            **_aborts_context(player),
            # A bot: its level among the four, and its rating in every game and variant.
            "bot_ratings": bot_ratings(player) if player.is_bot else (),
            "blocked": player.pk in blocks.blocked_ids(request.user),
            "following": friends.follows(request.user, player),
        },
    )


@require_POST
@login_required
def block(request, username):
    """Block (``block=1``) or unblock (``block=0``) the player ``username``: from their
    profile page, or (``back=settings``) the settings page's list, to which it goes back.
    Sent again, either changes nothing and says the same."""
    player = User.objects.filter(username__iexact=username).first()
    if player is None:
        raise Http404(f"There is no player called “{username}”.")
    on = request.POST.get("block")
    if on not in ("0", "1"):
        context = {"error": "Choose Block or Unblock.", "player": player}
        return render(request, "accounts/block_refused.html", context, status=400)
    on = on == "1"
    try:
        blocks.block_set(user=request.user, other=player, on=on)
    except blocks.BlockError as refusal:
        context = {"error": str(refusal), "player": player}
        return render(request, "accounts/block_refused.html", context, status=refusal.status)
    if on:
        messages.success(
            request,
            f"You blocked {player.username}: they cannot invite you, challenge you or join "
            "a private table with you, and you no longer see their chat messages. They are "
            "not told.",
        )
    else:
        messages.success(request, f"You unblocked {player.username}.")
    if request.POST.get("back") == "settings":
        return redirect("players:settings")
    return redirect("players:profile", username=player.username)


@require_safe
def history(request, username):
    player = selectors.player_by_name(username)
    if player.username != username:
        url = redirect("players:history", username=player.username).url
        query = request.GET.urlencode()
        return redirect(f"{url}?{query}" if query else url, permanent=True)
    form = HistoryFilter(request.GET)
    if form.is_valid():
        games = selectors.finished_games(
            player,
            game=form.cleaned_data["variant"],
            result=form.cleaned_data["result"] or None,
        ).filter(visible_games(request.user))  # a private table: only for those who see it
        status = 200
    else:
        # A filter value from a mangled link: say so instead of listing unfiltered games.
        games = selectors.finished_games(player).none()
        status = 400
    page = Paginator(games, HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    # Page links keep the filters.
    filters = request.GET.copy()
    filters.pop("page", None)
    return render(
        request,
        "accounts/history.html",
        {
            "player": player,
            "form": form,
            "page": page,
            "rows": selectors.history_rows(page.object_list, player),
            "filters": filters.urlencode(),
            "filtered": any(form.data.get(name) for name in form.fields),
        },
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@never_cache
def preferences(request):
    # The form works on its own copy of the row, so a refused POST leaves request.user (and
    # the page around the form) exactly as stored.
    player = User.objects.get(pk=request.user.pk)
    if request.method != "POST":
        form = Preferences(instance=player)
    else:
        form = Preferences(request.POST, instance=player)
        if form.is_valid():
            save_changed(form)  # not the whole row: see xix_site/partial_save.py
            quiet = (
                f"quiet hours {player.quiet_from:02d}:00 to {player.quiet_until:02d}:00"
                if player.quiet_from is not None
                else "no quiet hours"
            )
            messages.success(
                request,
                f"Preferences saved: {player.get_email_notifications_display().lower()}; "
                f"{quiet}; times are shown in {player.time_zone}.",
            )
            return redirect("players:settings")
    return render(
        request,
        "accounts/settings.html",
        {
            "form": form,
            "stored_zone": request.user.time_zone,
            # The browser notifications' opt-in, offered when the site has a VAPID key.
            "webpush_key": settings.WEBPUSH_VAPID_PUBLIC_KEY if webpush.enabled() else "",
            "player": request.user,
            "own": True,
            **_aborts_context(request.user),
            "blocked_people": blocks.blocked_people(request.user),
        },
        status=400 if form.errors else 200,
    )


@require_POST
@login_required
def guides_restart(request):
    """Every game's first-game guide starts again (the settings page's button)."""
    guides.restart(request.user)
    messages.success(
        request, "The first-game guides start again in your next game against bots of each game."
    )
    return redirect("players:settings")


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@never_cache
def vacation(request):
    """The signed-in player's vacation: the days left this year, and a form to begin one
    (or to come back early)."""
    from games import vacation as vacations

    player = User.objects.get(pk=request.user.pk)
    form = VacationForm(request.POST or None, left=vacations.days_left(player))
    status = 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "end":
                vacations.vacation_end(user=player)
                messages.success(request, "Welcome back: your clocks are running again.")
                return redirect("players:vacation")
            if form.is_valid():
                days = form.cleaned_data["days"]
                done = vacations.vacation_start(user=player, days=days)
                messages.success(
                    request,
                    f"Enjoy your vacation: your clocks are stopped for "
                    f"{vacations.days_text(days)}, "
                    f"until {localtime(done.ends_at):%a %d %b, %H:%M}.",
                )
                return redirect("players:vacation")
            status = 400
        except vacations.VacationError as error:
            messages.error(request, str(error))
            status = error.status
        player.refresh_from_db()
    return render(
        request,
        "accounts/vacation.html",
        {
            "form": form,
            "player": player,
            "left": vacations.days_left(player),
            "allowance": settings.VACATION_DAYS_PER_YEAR,
            "history": player.vacations.all()[:10],
        },
        status=status,
    )
