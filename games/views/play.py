"""The game page: the table as one seat (or a spectator) sees it, its actions, and resigning.

Every view gets the game through ``selectors.game_for_user`` and renders only
``selectors.game_view`` for the viewer, never the full state of an active game. htmx
requests get the ``live`` partial of ``games/game.html``; plain form posts get a redirect
(success) or the whole page with the message (refusal), so the page works without
JavaScript.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import (
    HTMX_STOP_POLLING,
    HttpResponseClientRedirect,
    HttpResponseClientRefresh,
)

from games import guide, registry, services, takeback
from games.kit.errors import IllegalAction
from games.models import Game, GameSeat
from games.outcomes import partners_of, place_text, sides_of
from games.rows import score_text, table_row
from games.selectors import (
    game_for_user,
    game_view,
    history_lines,
    player_names,
)
from games.services import NOT_SEATED
from games.views.actions import BadForm, number
from games.watch import open_to_visitors
from notifications.services import mark_read, viewing_mark
from ratings.models import RatingChange
from xix_site.numbers import whole_number
from xix_site.rules_pages import credit_line

# An htmx answer: the live table, and the navigation's badges out of band when it shows
# the end of the game (the badges change then, and the page's header is not swapped).
LIVE = "games/game.html#live-answer"
PAGE = "games/game.html"
SEQ = "action number"  # the form's "seq": the action number the page was drawn at


# How a game ended when the platform ended it; the game's own endings are worded by its
# rules (``RULES.endings``).
REASON_TEXT = {
    Game.Reason.RESIGNATION: "{loser} resigned.",
    Game.Reason.TIMEOUT: "{loser} ran out of time.",
    Game.Reason.ABORT: "A moderator aborted the game: it has no result and changes no "
    "rating. Reason: {verdict}",
    Game.Reason.EARLY_ABORT: "The game was aborted before both players had made a first "
    "move: it has no result and changes no rating.",
    Game.Reason.FORFEIT: "{loser} forfeited the game: their account was suspended.",
    Game.Reason.ADJUDICATED: "A moderator decided the game. Reason: {verdict}",
    Game.Reason.ABANDONED: "Every player left the table, so the game ended there: the "
    "bots in the order of the scores at that moment, then the players who left, the last "
    "to leave first.",
}


def kind_of(game: Game) -> str:
    """The game's key in ``games.registry`` (``Game.kind``)."""
    return game.kind


def site_of(game: Game):
    """The site object of the game's kind (``games.registry.site``)."""
    return registry.site(kind_of(game))


def variant_info(game: Game):
    """The game's variant as its rules describe it (``games.kit.variants.VariantInfo``)."""
    return registry.rules(kind_of(game)).variants[game.variant]


# A seat whose player left a table where the site plays on for them (the zombie policy),
# while the game is on and once it is over.
LEFT_TEXT = {
    GameSeat.Status.RESIGNED: "resigned",
    GameSeat.Status.TIMED_OUT: "timed out",
    GameSeat.Status.FORFEITED: "forfeited",
}
PLAYS_FOR = {True: "the site plays for them", False: "the site played for them"}


def _left_seats(game: Game) -> dict[int, str]:
    """{position: how its player left} for the seats of a zombie-policy table that are no
    longer played by their player (a forfeit-policy game ends when a player leaves, and its
    reason says who: no seat rows are read for it)."""
    if variant_info(game).timeout_policy != "zombie":
        return {}
    return {
        row.position: LEFT_TEXT[row.status] for row in game.seat_rows() if row.status in LEFT_TEXT
    }


def _names_text(names: list[str]) -> str:
    """Names in a sentence: ann; ann and bob; ann, bob and cy."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _reason_text(game: Game, loser) -> str:
    """How the game ended, as a sentence; ``loser``: who left (resigned, ran out of time,
    forfeited), named."""
    ending = registry.rules(kind_of(game)).endings.get(game.reason)
    if ending is not None:
        text = ending.sentence.rstrip(".")
        return f"{text[:1].upper()}{text[1:]}."
    if game.reason == Game.Reason.EARLY_ABORT and game.seats_count > 2:
        return "The game was aborted before its first move: it has no result and changes no rating."
    return REASON_TEXT.get(game.reason, "").format(loser=loser, verdict=game.verdict)


def _loser(game: Game, names: list[str]) -> str | None:
    """Who ended the game by leaving it: the loser of a two-seat game, else the seats that
    left, named."""
    if game.seats_count == 2:
        return None if game.winner is None else names[1 - game.winner]
    left = [names[row.position] for row in game.seat_rows() if row.status in LEFT_TEXT]
    return _names_text(left) if left else None


def _result_context(game: Game, names: list[str], seat, seats: list[dict]) -> dict | None:
    if not game.is_over:
        return None
    text = _reason_text(game, _loser(game, names))
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    if len(seats) != 2:
        return _many_result(game, seat, seats, changes, text)
    players = []
    for s, player in enumerate(game.players):
        change = changes.get(player.pk) if player else None
        players.append({"seat": s, "user": player, "score": game.scores[s], "change": change})
    if seat is not None:
        # The site's score rule (games.rows.score_text): the viewer first.
        players.sort(key=lambda p: p["seat"] != seat)
    return {
        "score": score_text(game.scores, seat),
        "winner": None if game.winner is None else game.players[game.winner],
        "draw": game.status == Game.Status.FINISHED and game.winner is None,
        "aborted": game.status == Game.Status.ABORTED,
        "reason_text": text,
        "players": players,
    }


def _many_result(game: Game, seat, seats: list[dict], changes, text: str) -> dict:
    """The end of a table of more than two seats: each seat's place
    (``games.outcomes.place_text``), score and rating change, best place first; the title
    says the viewer's place, or who came first."""
    ranks = [row.rank for row in game.seat_rows()]
    players = [
        {
            **entry,
            "rank": ranks[entry["seat"]],
            "place": place_text(game, entry["seat"]),
            "change": changes.get(entry["user"].pk) if entry["user"] else None,
        }
        for entry in seats
    ]
    players.sort(key=lambda p: (p["rank"] is None, p["rank"] or 0, p["seat"]))
    aborted = game.status == Game.Status.ABORTED
    if aborted:
        title = "Game aborted"
    elif seat is not None:
        place = place_text(game, seat)
        title = f"You {place}" if place in ("won", "lost", "drew") else f"You finished {place}"
    elif all(p["rank"] == 1 for p in players):
        title = "A draw"
    else:
        title = f"{_names_text([p['name'] for p in players if p['rank'] == 1])} won"
    return {
        "many": True,
        "title": title,
        "aborted": aborted,
        "reason_text": text,
        "players": players,
    }


def _rematch_context(game: Game, seat) -> dict | None:
    """A pending rematch of this game, asked for by any of its players (``tables.
    table_rematch``): the game, whether the viewer asked for it (``mine``) or has taken
    their seat in it (``seated``), and who asked (``by``)."""
    if seat is None or not game.is_over:
        return None
    offer = (
        Game.objects.filter(rematch_of=game)
        .exclude(status=Game.Status.ABORTED)
        .select_related("created_by")
        .order_by("-created")
        .first()
    )
    if offer is None:
        return None
    user = game.players[seat]
    return {
        "game": offer,
        "mine": offer.created_by_id == user.pk,
        "seated": offer.seats.filter(user=user).exists(),
        "by": offer.created_by.username,
    }


def _poll_stamp(game: Game, rematch) -> str:
    """What the table shows that can change without a move: the deadline (an extra day)
    while the game is on; the rematch offer once it is over. A poll carrying another stamp
    than the game's has news (besides a new action)."""
    if game.status == Game.Status.ACTIVE:
        deadline = int(game.deadline.timestamp()) if game.deadline else 0
        return f"d{deadline}"
    if rematch is None:
        return "r0"
    return f"r{rematch['game'].pk}{rematch['game'].status[0]}"


def _poll_context(game: Game, seat, rematch) -> dict:
    """How often the table polls (None: it does not) and the stamp it polls with. Active
    games every 3 s; a player's finished game every 10 s while a rematch may still be
    offered or accepted."""
    if game.status == Game.Status.ACTIVE:
        every = "3s"
    elif (
        seat is not None
        and game.status == Game.Status.FINISHED
        and (rematch is None or rematch["game"].status == Game.Status.WAITING)
    ):
        every = "10s"
    else:
        every = None
    return {"poll_every": every, "poll_stamp": _poll_stamp(game, rematch)}


def _table_context(request, game: Game, seat, *, error: str = "", state=None) -> dict:
    """Everything the page shows, from the viewer's view only. ``state``: the game's
    current state when the caller has just computed it (else it is replayed from the log)."""
    site = site_of(game)
    context = {
        "game": game,
        "site": site,
        "seat": seat,
        "error": error,
        "now": timezone.now(),
        "act_url": reverse("games:act", args=[game.pk]),
        "variant": variant_info(game),
        "game_name": registry.rules(game.kind).name,  # beside its variant
        "footer_credit": credit_line(game.kind),
    }
    if game.status == Game.Status.WAITING:
        context["table"] = _waiting_table(request, game, context["now"])
        return context
    view = game_view(game, seat, state)
    names = player_names(game)
    rematch = _rematch_context(game, seat)
    seats = _seats(game, view, seat, names)
    others = [user for s, user in enumerate(game.players) if s != seat]
    # A player whose opponents are all bots: no report link, no extra day to give, and the
    # first-game guide.
    against_bots = seat is not None and all(u and u.is_bot for u in others)
    context.update(
        {
            "view": view,
            "log": history_lines(site, view),
            "seats": seats,
            # The title's sides: partners together ("alice & carol v bob & dmitri").
            "sides": [[seats[s] for s in side] for side in sides_of(game)],
            # Not "your_turn": that is the navigation's count of games waiting (context
            # processor), which the page's header shows too.
            "your_move": seat is not None and view["to_move"] == seat,
            "against_bots": against_bots,
            "deadline_passed": game.deadline is not None and game.deadline <= context["now"],
            "result": _result_context(game, names, seat, seats),
            "rematch": rematch,
            **_poll_context(game, seat, rematch),
            "can_abort": seat is not None and services.abort_allowed(game),
            "can_take_back": takeback.may_take_back(game, seat),
            # The first-game guide's step for this moment (games.guide), if any.
            "guide": guide.step_for(
                request.user,
                game,
                view,
                seat,
                against_bots=against_bots,
            ),
            # The other player of a two-seat game (the rematch box speaks of them).
            "opponent_name": names[1 - seat] if seat is not None and len(names) == 2 else "",
            "mover_name": names[view["to_move"]] if view["to_move"] is not None else "",
            "mover_away": seats[view["to_move"]]["away_until"]
            if view["to_move"] is not None
            else None,
            **site.table_context(view, seat, seats),
        }
    )
    return context


def _waiting_table(request, game: Game, now) -> dict:
    """A table waiting for players, as the lobby shows it to this visitor (who sits, who
    is invited, the free seats, what they may do), and whether it has lapsed."""
    return {"row": table_row(game, request.user), "expired": game.expires_at <= now}


def _seats(game: Game, view: dict, seat, names: list[str]) -> list[dict]:
    """The shell's entry for each seat, in seat order: who sits there (user, name, "bot"),
    the score (the view's, else the seat row's), whether it is the viewer's or to move,
    when its player's vacation ends if they are on one, and at a table of more than two:
    the partners' names and how its player left, if they did (the site plays on for
    them)."""
    scores = view.get("scores") or game.scores
    seats = [
        {
            "seat": s,
            "user": user,
            "name": names[s],
            "score": scores[s],
            "is_you": s == seat,
            "to_move": view["to_move"] == s,
        }
        for s, user in enumerate(game.players)
    ]
    active = game.status == Game.Status.ACTIVE
    for entry in seats:  # a player on vacation (games.vacation): their clocks are stopped
        user = entry["user"]
        entry["away_until"] = user.vacation_until if active and user and user.on_vacation else None
    if len(seats) == 2:
        return seats
    left = _left_seats(game)
    for entry in seats:
        s = entry["seat"]
        partners = [names[p] for p in partners_of(game, s)]
        entry["is_bot"] = bool(entry["user"] and entry["user"].shown_as_bot)
        entry["partners"] = _names_text(partners) if partners else ""
        entry["left"] = f"{left[s]}: {PLAYS_FOR[active]}" if s in left else ""
    return seats


def _render(request, game, seat, *, status=200, error="", partial=None, state=None):
    partial = request.htmx if partial is None else partial
    context = _table_context(request, game, seat, error=error, state=state)
    response = render(request, LIVE if partial else PAGE, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    response.polls = context.get("poll_every") is not None
    return response


@require_safe
@never_cache
def game_page(request, game_id):
    """The table as the viewer's seat sees it, or as a spectator does: anyone signed in,
    and a visitor who is not, for a public game that has started (``games.watch``)."""
    game, seat = game_for_viewer(request, game_id)
    if game is None:
        return redirect_to_login(request.get_full_path())
    _looking(request, game, seat, read=True)
    return _render(request, game, seat)


def game_for_viewer(request, game_id) -> tuple[Game | None, int | None]:
    """``game_for_user`` for someone signed in; for a visitor, the game if they may watch
    it (a public game that has started), else (None, None): sign in first, whether the
    game is private, waiting or not there at all (a visitor cannot tell them apart)."""
    if request.user.is_authenticated:
        return game_for_user(game_id, request.user)
    try:
        game, _ = game_for_user(game_id, request.user)
    except Http404:
        return None, None
    return (game, None) if open_to_visitors(game) else (None, None)


def _looking(request, game: Game, seat, *, read: bool) -> None:
    """The player has this game on screen: no e-mails about it for now (see
    notifications.services.notify) and, when the page shows the news, it has been read."""
    if not request.user.is_authenticated:
        return  # a visitor watching: nobody to mark
    if seat is not None:
        viewing_mark(request.user.pk, game.pk)
    if read:
        mark_read(user=request.user, game_id=game.pk)


def _login_first(request, game_id) -> HttpResponse:
    """A visitor's POST: the log-in page, coming back to the game."""
    login = redirect_to_login(Game(pk=game_id).get_absolute_url())
    return HttpResponseClientRedirect(login.url) if request.htmx else login


def _player_post(request, game_id):
    """(refusal, game, seat) for a POST only a seated player may make: refusal is the
    log-in redirect for visitors, 403 for someone not seated, else None."""
    if not request.user.is_authenticated:
        return _login_first(request, game_id), None, None
    game, seat = game_for_user(game_id, request.user)
    if seat is None:
        return _render(request, game, seat, status=403, error=NOT_SEATED), game, seat
    return None, game, seat


@require_POST
def game_act(request, game_id):
    """Apply one action from the form: fields ``seq``, ``type``, ``card``, ``position``.

    The service locks the game and checks the seat, so a move that is accepted reads the
    game once; the refusals read it again to show the table with the message."""
    if not request.user.is_authenticated:
        return _login_first(request, game_id)
    try:
        seq = number(request.POST, "seq", SEQ)
        # The form is read before the game (the service reads and locks it once), by the
        # game's kind, which is all read here.
        kind = Game.objects.filter(pk=game_id).values_list("kind", flat=True).first()
        if kind is None:
            raise Http404("There is no such game.")
        action = registry.site(kind).parse_action(request.POST)
    except BadForm as error:
        return _refuse(request, game_id, status=400, error=str(error))
    # The player is at the table: a bot's reply (in-process, or soon from a worker) is
    # seen there, so it is neither notified nor e-mailed.
    viewing_mark(request.user.pk, game_id)
    site_moves = services.site_moves_made_here()
    try:
        game, state, _ = services.game_act(
            user=request.user, game_id=game_id, action=action, expected_seq=seq
        )
    except services.GameError as error:  # NotAPlayer (403) and StaleSequence (409) among them
        return _refuse(request, game_id, status=error.status, error=str(error))
    except IllegalAction as error:
        message = f"That move is not allowed: {error}."
        return _refuse(request, game_id, status=400, error=message)
    if not request.htmx:
        return _see_other(game)  # the game page marks its notices read
    # The answer shows the table as it is now: the game's notices are read.
    mark_read(user=request.user, game_id=game.pk)
    if services.site_moves_made_here() != site_moves:
        # The site moved in this request (tasks in-process): the table shows its reply.
        # (With a worker, the state the service computed is the latest this request saw;
        # the page's poll brings the reply.)
        game, seat = game_for_user(game_id, request.user)
        return _render(request, game, seat)
    return _render(request, game, game.seat_of(request.user), state=state)


def _refuse(request, game_id, *, status: int, error: str) -> HttpResponse:
    """The table with ``error``, read afresh; 403 instead for someone not seated (404: no
    such game)."""
    game, seat = game_for_user(game_id, request.user)
    if seat is None:
        status, error = 403, NOT_SEATED
    return _render(request, game, seat, status=status, error=error)


@require_POST
def game_takeback(request, game_id):
    """Take back the player's last move (casual games against bots only): field ``seq``,
    the action number the page was drawn at. Answered with the table (htmx) or back to the
    game's page; a refusal with the table and its reason."""
    refusal, game, seat = _player_post(request, game_id)
    if refusal is not None:
        return refusal
    try:
        seq = number(request.POST, "seq", SEQ)
        takeback.game_takeback(user=request.user, game_id=game.pk, expected_seq=seq)
    except BadForm as error:
        return _render(request, game, seat, status=400, error=str(error))
    except services.GameError as error:
        game.refresh_from_db()
        return _render(request, game, seat, status=error.status, error=str(error))
    game.refresh_from_db()
    if request.htmx:
        return _render(request, game, seat)
    messages.info(request, "Your last move was taken back: it is your move again.")
    return _see_other(game)


@require_POST
def game_guide(request, game_id):
    """The first-game guide's answers: ``step`` (its key): "Got it"; ``stop``: "Stop the
    guide" for this game. Answered with the table (htmx) or back to the game's page."""
    refusal, game, seat = _player_post(request, game_id)
    if refusal is not None:
        return refusal
    try:
        guide.answer(
            request.user,
            game.kind,
            step=request.POST.get("step", ""),
            stop=request.POST.get("stop") == "1",
        )
    except guide.GuideError as error:
        return _render(request, game, seat, status=error.status, error=str(error))
    if request.htmx:
        return _render(request, game, seat)
    return _see_other(game)


def _see_other(game: Game) -> HttpResponse:
    response = HttpResponse(status=303)
    response["Location"] = game.get_absolute_url()
    return response


@require_safe
@never_cache
def game_poll(request, game_id):
    """``?seq=N&v=STAMP``: 204 while the game is at N actions and its stamp (deadline, or
    rematch offer once over: ``_poll_stamp``) is unchanged, else the fresh table (286 when
    nothing more can change, which stops htmx polling). ``&waiting=1`` from a challenge
    page: 204 while it waits, then a full refresh. A visitor who is not signed in polls a
    game they may watch, as a spectator; any other, as the game page answers them."""
    waiting_page = request.GET.get("waiting") == "1"
    try:
        game, seat = game_for_viewer(request, game_id)
        if game is None:
            return redirect_to_login(request.get_full_path())
    except Http404:
        if waiting_page:
            # The challenge was withdrawn or declined: reload to show why the page is gone.
            return HttpResponseClientRefresh()
        raise
    if game.status == Game.Status.WAITING:
        return HttpResponse(status=204)
    if waiting_page:
        return HttpResponseClientRefresh()
    raw = request.GET.get("seq", "")
    seq = whole_number(raw)
    if seq is None:
        return HttpResponse(
            "The action number must be a whole number.", status=400, content_type="text/plain"
        )
    # No stamp (a page drawn before stamps): only a new action is news.
    if seq == game.n_actions and _quiet(game, seat, request.GET.get("v")):
        if game.status == Game.Status.ACTIVE:
            _looking(request, game, seat, read=False)
        return HttpResponse(status=204)
    _looking(request, game, seat, read=True)
    response = _render(request, game, seat, partial=True)
    if not response.polls:
        response.status_code = HTMX_STOP_POLLING  # nothing more can change on this table
    return response


def _quiet(game: Game, seat, stamp) -> bool:
    """No news for a poll at the game's action number carrying ``stamp``."""
    if game.status == Game.Status.ACTIVE:
        return stamp is None or stamp == _poll_stamp(game, None)
    return stamp == _poll_stamp(game, _rematch_context(game, seat))


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def game_resign(request, game_id):
    game, seat = game_for_user(game_id, request.user)
    if seat is None:
        return _resign_page(request, game, status=403, error=NOT_SEATED)
    if game.status != Game.Status.ACTIVE:
        return _resign_page(request, game, status=400, error="The game is already over.")
    if request.method != "POST":
        return _resign_page(request, game)
    try:
        ended = services.game_resign(user=request.user, game_id=game.pk)
    except services.GameError as error:
        return _resign_page(request, game, status=error.status, error=str(error))
    if ended.status == Game.Status.ABORTED:  # no first move from each player yet
        messages.info(request, ABORTED_MESSAGE)
    else:
        messages.info(request, "You resigned. The game is over.")
    return _see_other(game)


ABORTED_MESSAGE = "You aborted the game: it has no result and changes no rating."


@require_POST
def game_abort(request, game_id):
    """A player aborts the game while neither result nor rating is at stake yet (until each
    player has made a first move). A plain form post; the table with the reason if not."""
    refusal, game, seat = _player_post(request, game_id)
    if refusal is not None:
        return refusal
    try:
        services.game_abort_by_player(user=request.user, game_id=game.pk)
    except services.GameError as error:
        return _refuse(request, game_id, status=error.status, error=str(error))
    messages.info(request, ABORTED_MESSAGE)
    return _see_other(game)


def _resign_page(request, game, *, status=200, error=""):
    seat = game.seat_of(request.user)
    two = game.seats_count == 2
    opponent = game.players[1 - seat] if seat is not None and two else None
    site = site_of(game)
    context = {
        "game": game,
        "site": site,
        "seat": seat,
        "opponent": opponent,
        "error": error,
        "score": score_text(game.scores, seat) if two else "",
        "aborts": seat is not None and services.abort_allowed(game),
        # A table where the site plays on for a seat whose player leaves.
        "plays_on": variant_info(game).timeout_policy == "zombie",
    }
    return render(request, "games/resign_confirm.html", context, status=status)


@require_POST
def game_extra_day(request, game_id):
    """The player waiting for their opponent gives them one more day for this move."""
    refusal, game, seat = _player_post(request, game_id)
    if refusal is not None:
        return refusal
    try:
        # The action number the page was drawn at (a form from before it was sent: none).
        seq = number(request.POST, "seq", SEQ) if "seq" in request.POST else None
    except BadForm as error:
        return _refuse(request, game_id, status=400, error=str(error))
    try:
        game = services.game_extra_day(user=request.user, game_id=game.pk, expected_seq=seq)
    except services.GameError as error:
        return _refuse(request, game_id, status=error.status, error=str(error))
    game, seat = game_for_user(game_id, request.user)
    if request.htmx:
        # The table itself says so (and shows the new deadline): no message for later.
        return _render(request, game, seat)
    due = dateformat.format(timezone.localtime(game.deadline), "D j M, H:i")
    messages.success(
        request,
        f"You gave {game.players[game.to_move].username} one more day: their move is now due "
        f"{due} ({timezone.get_current_timezone_name()}).",
    )
    return _see_other(game)
