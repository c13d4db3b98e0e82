"""Friends' pages (``accounts.friends``): follow or stop following a player, the Friends
page, and the names a player's-name box offers as it is typed."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import friends
from accounts.models import User
from games.watch import watch_rows

# The friends' games in play listed on the Friends page (the latest to change first).
FRIENDS_GAMES = 30


def _player(username: str) -> User | None:
    return User.objects.filter(username__iexact=username.strip()).first()


def _back(request, player):
    """Back where the follow was asked from: the Friends page or the player's profile."""
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}):
        return redirect(back)
    return redirect("players:profile", username=player.username)


def _refused(request, error: str, status: int, name: str = ""):
    context = _friends_context(request.user)
    context.update(error=error, name=name)
    return render(request, "accounts/friends.html", context, status=status)


@require_POST
@login_required
def follow(request, username):
    """Follow (``follow=1``) or stop following (``follow=0``) ``username``, from their
    profile or the Friends page. Sent again, either changes nothing and says the same."""
    player = _player(username)
    if player is None:
        raise Http404(f"There is no player called “{username}”.")
    on = request.POST.get("follow")
    if on not in ("0", "1"):
        return _refused(request, "Choose Follow or Unfollow.", 400)
    try:
        friends.follow_set(user=request.user, other=player, on=on == "1")
    except friends.FollowError as refusal:
        return _refused(request, str(refusal), refusal.status)
    if on == "1":
        messages.success(request, f"You follow {player.username}: they are on your Friends page.")
    else:
        messages.success(request, f"You no longer follow {player.username}.")
    return _back(request, player)


def _friends_context(user) -> dict:
    games = friends.friends_games(user)
    return {
        "friends": friends.followed_people(user),
        "games": watch_rows(games[:FRIENDS_GAMES]),
        "games_count": games.count(),
        "followed_names": friends.name_suggestions(user, ""),
        "name": "",
        "error": "",
    }


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@never_cache
def friends_page(request):
    """The people the player follows, with their games in play and a Challenge button each;
    a POST of ``name`` follows that player (the form at the top of the page)."""
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        if not name:
            return _refused(request, "Type the name of the player to follow.", 400)
        player = _player(name)
        if player is None or not player.is_active:
            return _refused(request, f"There is no player called “{name}”.", 404, name)
        try:
            friends.follow_set(user=request.user, other=player, on=True)
        except friends.FollowError as refusal:
            return _refused(request, str(refusal), refusal.status, name)
        messages.success(request, f"You follow {player.username}.")
        return redirect("players:friends")
    return render(request, "accounts/friends.html", _friends_context(request.user))


@require_safe
@login_required
def player_names(request):
    """The ``<option>`` list of a player's-name box's ``<datalist>`` for what was typed:
    ``q``, or else the box's own value under its own name (what htmx sends for the box),
    as the name is typed; without JavaScript the box keeps the people followed, written
    into the page."""
    typed = request.GET.get("q")
    if typed is None:
        typed = next(iter(request.GET.values()), "")
    names = friends.name_suggestions(request.user, typed[:150])
    return render(request, "accounts/_player_names.html", {"names": names})
