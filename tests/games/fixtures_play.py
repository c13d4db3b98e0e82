"""Helpers for the game page tests: players, games in a chosen phase, posting actions, and
pulling parts out of the HTML the way a reader of the page would find them."""

import re
from html import unescape

from django.test import Client
from django.urls import reverse

from games.models import Game, GameAction
from games.selectors import game_state
from tests.factories import UserFactory, play, start_game

HX = {"HTTP_HX_REQUEST": "true"}


def make_people():
    """alice (seat 0), bob (seat 1), carol (a spectator) and staff (a non-playing admin)."""
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    carol = UserFactory(username="carol")
    staff = UserFactory(username="staffer", is_staff=True, is_superuser=True)
    return alice, bob, carol, staff


def client_for(user=None, **kwargs) -> Client:
    client = Client(**kwargs)
    if user is not None:
        client.force_login(user)
    return client


def advance_to(game: Game, phase: str, *, limit: int = 200) -> Game:
    """Play the first legal action until the game reaches ``phase`` (engine phase name)."""
    for _ in range(limit):
        state = game_state(game)
        if state.phase == phase:
            return game
        if state.over:
            break
        game = play(game, [state.legal_actions()[0]])
    raise AssertionError(f"the game never reached the {phase} phase")


def finished_game(p0, p1, **kwargs) -> Game:
    game = start_game(p0, p1, **kwargs)
    for _ in range(500):
        state = game_state(game)
        if state.over:
            return game
        game = play(game, [state.legal_actions()[0]])
    raise AssertionError("the game did not end")


def both_moved(game: Game) -> Game:
    """Play first legal actions until each seat has made a first move: from then on a
    resignation counts (before, it aborts the game: docs/rules.md, decision 29)."""
    acted = set()
    while len(acted) < 2:
        action = game_state(game).legal_actions()[0]
        acted.add(action["seat"])
        game = play(game, [action])
    return game


def form_of(action: dict, seq: int) -> dict:
    """The form fields the page posts for an engine action."""
    fields = {"seq": str(seq), "type": action["type"]}
    for key in ("card", "position"):
        if key in action:
            fields[key] = str(action[key])
    return fields


def act_url(game) -> str:
    return reverse("games:act", args=[game.pk])


def poll_url(game, seq) -> str:
    return reverse("games:poll", args=[game.pk]) + f"?seq={seq}"


def log_size(game) -> tuple[int, int]:
    """(rows in the action log, the game's action counter): both must move together."""
    game.refresh_from_db()
    return GameAction.objects.filter(game=game).count(), game.n_actions


def element(html: str, marker: str) -> str:
    """The outer HTML of the element whose start tag contains ``marker``, nested tags of the
    same name included."""
    start = html.index(marker)
    start = html.rindex("<", 0, start)
    name = re.match(r"<(\w+)", html[start:]).group(1)
    depth = 0
    for tag in re.finditer(rf"<(/?){name}\b[^>]*>", html[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return html[start : start + tag.end()]
    raise AssertionError(f"unclosed <{name}> at {marker!r}")


def text(html: str) -> str:
    """Visible text, tags removed, whitespace collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def labels(html: str, prefix: str) -> list[str]:
    """The accessible names (aria-label) of the buttons starting with ``prefix``."""
    return re.findall(rf'<button[^>]*aria-label="({re.escape(prefix)}[^"]*)"', html)


def card_numbers(html: str) -> set[int]:
    """Card numbers drawn in a piece of HTML (the numerals on face-up cards)."""
    return {int(n) for n in re.findall(r'<span class="card-num"[^>]*>(\d+)</span>', html)}
