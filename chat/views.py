"""The chat panel of a game page, its poll, posting, muting and reporting a message.

Every page works without JavaScript: a plain form post is answered with a redirect to the
game's chat (or the settings page) when it succeeds, and with the chat's own page and the
reason, with a 4xx status, when it is refused. htmx requests get the panel (``#chat``) or,
for a poll, the message list.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.models import User
from chat import services
from chat.models import ChatMessage
from chat.selectors import CLOSED, chat_context, chat_stamp, news, unread_count
from games.models import Game
from games.selectors import game_for_user
from moderation.services import ModerationError
from xix_site.numbers import whole_number

PANEL = "chat/panel.html#panel"
POLL = "chat/panel.html#poll-answer"
UNREAD = "chat/panel.html#unread"
PAGE = "chat/page.html"
OUT_OF_DATE = "This form is out of date: reload the page and write again."


def _answer(request, game, seat, *, status=200, error="", draft=""):
    """The panel (htmx) or the chat's own page, for this viewer."""
    chat = chat_context(game, request.user, seat, error=error, draft=draft)
    response = render(
        request, PANEL if request.htmx else PAGE, {"chat": chat, "game": game}, status=status
    )
    patch_vary_headers(response, ["HX-Request"])
    return response


def _login_first(request, back: str) -> HttpResponse:
    login = redirect_to_login(back)
    return HttpResponseClientRedirect(login.url) if request.htmx else login


def _chat_url(game: Game) -> str:
    return game.get_absolute_url() + "#chat"


def _see_other(url: str) -> HttpResponse:
    response = HttpResponse(status=303)
    response["Location"] = url
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def chat(request, game_id):
    """GET: the chat of the game on its own page (htmx: the panel; with ``?after=ID&v=STAMP``
    the panel's poll: 204 while the stamp is unchanged, else the messages). POST: a
    message, typed (``text``) or canned (``canned``), with ``last`` (see
    ``services.message_post``)."""
    if request.method == "POST":
        return _post(request, game_id)
    game, seat = game_for_user(game_id, request.user)
    if game.status == Game.Status.WAITING or not services.has_company(game):
        raise Http404("This game has no chat.")
    if not services.may_read(game, seat):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return _answer(request, game, seat, status=403, error=CLOSED)
    if request.htmx and "v" in request.GET:
        return _poll(request, game, seat)
    return _answer(request, game, seat)


def _poll(request, game, seat) -> HttpResponse:
    after = whole_number(request.GET.get("after", ""))
    if after is None:
        return HttpResponse(
            "The message number must be a whole number.", status=400, content_type="text/plain"
        )
    if request.GET.get("v") == chat_stamp(game)[1]:
        return HttpResponse(status=204)
    chat = chat_context(game, request.user, seat)
    context = {"chat": chat, "game": game, "news": news(chat, request.user, after)}
    context["unread"] = unread_count(game, request.user, seat)
    return render(request, POLL, context)


@require_POST
@never_cache
def read(request, game_id):
    """The player has seen the chat up to message ``last`` (static/chat/chat.js posts it
    when the panel is on his screen): his unread mark, now, in answer."""
    if not request.user.is_authenticated:
        return HttpResponse("Log in first.", status=403, content_type="text/plain")
    game, seat = game_for_user(game_id, request.user)
    if unread_count(game, request.user, seat) is None:
        raise Http404("You have no unread mark in this game's chat.")
    last = whole_number(request.POST.get("last", ""))
    if last is None:
        return HttpResponse(
            "The message number must be a whole number.", status=400, content_type="text/plain"
        )
    services.chat_read(user=request.user, game=game, last=last)
    context = {"game": game, "unread": unread_count(game, request.user, seat)}
    return render(request, UNREAD, context)


def _post(request, game_id) -> HttpResponse:
    if not request.user.is_authenticated:
        return _login_first(request, reverse("games:game", args=[game_id]))
    game, seat = game_for_user(game_id, request.user)
    typed = request.POST.get("text", "")
    canned = request.POST.get("canned")
    try:
        if canned is not None and canned not in services.CANNED:
            raise services.ChatError("Choose one of the quick messages.")
        last = whole_number(request.POST.get("last", ""))
        if last is None:
            raise services.ChatError(OUT_OF_DATE)
        services.message_post(
            author=request.user,
            game=game,
            text=typed if canned is None else canned,
            last_seen=last,
        )
    except services.ChatError as refusal:
        response = _answer(
            request, game, seat, status=refusal.status, error=str(refusal), draft=typed
        )
        if refusal.retry_after:
            response["Retry-After"] = str(refusal.retry_after)
        return response
    if request.htmx:
        # A canned phrase leaves what was being typed in the box.
        return _answer(request, game, seat, draft=typed if canned is not None else "")
    return _see_other(_chat_url(game))


@require_POST
def mute(request, game_id=None):
    """Mute (``mute=1``) or unmute (``mute=0``) the player ``username`` in every chat.
    From a game's panel (``game_id``): the panel again (htmx) or the game; else (the
    settings page) back to the settings."""
    if not request.user.is_authenticated:
        back = reverse("games:game", args=[game_id]) if game_id else reverse("players:settings")
        return _login_first(request, back)
    game = seat = None
    if game_id is not None:
        game, seat = game_for_user(game_id, request.user)
        if game.status == Game.Status.WAITING or not services.has_company(game):
            raise Http404("This game has no chat.")
    on = request.POST.get("mute") != "0"
    name = request.POST.get("username", "")
    try:
        target = User.objects.filter(username=name).first()
        if target is None:
            raise services.ChatError("There is no player of that name.")
        services.mute_set(user=request.user, muted=target, on=on)
    except services.ChatError as refusal:
        return _mute_refused(request, game, seat, refusal)
    if game is not None and request.htmx:
        return _answer(request, game, seat)
    if on:
        messages.success(request, f"You muted {target.username}: you no longer see their messages.")
    else:
        messages.success(request, f"You unmuted {target.username}: you see their messages again.")
    return _see_other(_chat_url(game) if game is not None else reverse("players:settings"))


def _mute_refused(request, game, seat, refusal) -> HttpResponse:
    if game is not None:
        return _answer(request, game, seat, status=refusal.status, error=str(refusal))
    context = {"error": str(refusal)}
    return render(request, "chat/mute_refused.html", context, status=refusal.status)


NO_MESSAGE = "There is no such message."


def _readable_message(message_id, user) -> tuple[ChatMessage, Game, int | None]:
    """(the message, its game, ``user``'s seat there) when ``user`` reads that game's chat
    now; else Http404 with the very answer a message id that does not exist gets, so a
    line's author, game and text (or its existence) reach nobody who may not read it."""
    message = (
        ChatMessage.objects.select_related("author", "hidden_by").filter(pk=message_id).first()
    )
    if message is None:
        raise Http404(NO_MESSAGE)
    try:
        game, seat = game_for_user(message.game_id, user)
    except Http404:
        raise Http404(NO_MESSAGE) from None
    if not services.may_read(game, seat):
        raise Http404(NO_MESSAGE)
    return message, game, seat


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def report(request, message_id):
    """Report a message to the moderators: a GET shows it and asks for a few (optional)
    words, a POST files the report and goes back to the game. A message its viewer may not
    read (``services.may_read``) answers as one that does not exist (404, the same body)."""
    message, game, seat = _readable_message(message_id, request.user)
    context = {"message": message, "game": game, "back": _chat_url(game), "text": ""}
    refusal = services.report_refusal(reporter=request.user, message=message)
    if refusal:
        context.update(error=refusal, refused=True)
        return render(request, "chat/report.html", context, status=400)
    status = 200
    if request.method == "POST":
        context["text"] = request.POST.get("text", "")
        try:
            services.message_report(reporter=request.user, message=message, text=context["text"])
        except ModerationError as refused:
            status, context["error"] = refused.status, str(refused)
        else:
            messages.success(
                request,
                "Thank you: the message has gone to the moderators. You will find their answer "
                "in your notifications.",
            )
            return _see_other(context["back"])
    return render(request, "chat/report.html", context, status=status)
