"""Helpers for the game page tests: players, games in a chosen phase, posting actions, and
pulling parts out of the HTML the way a reader of the page would find them."""

import random
import re
from datetime import timedelta
from html import unescape

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import registry, services
from games.models import Game, GameAction
from games.selectors import game_state
from notifications.models import Notification
from tests.factories import UserFactory, play, start_game, start_table

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


# --- tables of any game: people, moves through the service, form posts, captured answers


def people(n, prefix="p"):
    return [UserFactory(username=f"{prefix}{i}") for i in range(n)]


def page_url(game) -> str:
    return reverse("games:game", args=[game.pk])


def play_moves(game, count, seed=0):
    """``count`` random legal actions through the service, as the players would make them."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game_state(game)
        game, _, _ = services.game_act(
            user=game.players[state.to_move],
            game_id=game.pk,
            action=rng.choice(state.legal_actions()),
            expected_seq=game.n_actions,
        )
    return Game.objects.get(pk=game.pk)


def finish(game, seed=0, commits=None):
    """Play on to the end. ``commits``: pytest-django's ``django_capture_on_commit_callbacks``
    where the site plays some seats (a bot, a player who left): their tasks run when each
    move's transaction commits, eagerly in the tests (CELERY_TASK_ALWAYS_EAGER)."""
    while game.status == Game.Status.ACTIVE:
        if commits is None:
            game = play_moves(game, 1, seed + game.n_actions)
            continue
        with commits(execute=True):
            game = play_moves(game, 1, seed + game.n_actions)
        game = Game.objects.get(pk=game.pk)
    return game


def normalise(html: str, game) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF-INPUT", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "CSRF-HEADER", html)
    return html.replace(f"/games/{game.pk}/", "/games/ID/")


def captures(game, viewer) -> dict:
    client = client_for(viewer)
    url = page_url(game)
    n = game.n_actions
    answers = {
        "page": client.get(url),
        "partial": client.get(url, **HX),
        "poll unchanged": client.get(poll_url(game, n), **HX),
        "poll behind": client.get(poll_url(game, n - 1), **HX),
        "download": client.get(reverse("games:record", args=[game.pk])),
        "replay": client.get(reverse("games:replay", args=[game.pk])),
    }
    return {
        name: (response.status_code, normalise(response.content.decode(), game))
        for name, response in answers.items()
    }


def play_by_posts(game, clients, rng) -> tuple[Game, int]:
    """Play ``game`` to its end as people do: the mover's client (``clients`` by user id)
    reads its page and posts one of the card buttons it offers (``rng`` picks), every
    other post through htmx. Returns the finished game and the number of posts."""
    posts = 0
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game, posts
        client = clients[game.players[game.to_move].pk]
        html = client.get(page_url(game)).content.decode()
        seq = re.search(r'<input type="hidden" name="seq" value="(\d+)">', html).group(1)
        cards = re.findall(r'<button type="submit" name="card" value="(\d+)"', html)
        assert int(seq) == game.n_actions and cards
        form = {"seq": seq, "type": "play", "card": rng.choice(cards)}
        if posts % 2:
            answer = client.post(act_url(game), form, **HX)
            assert answer.status_code == 200 and 'id="game-live"' in answer.content.decode()
        else:
            answer = client.post(act_url(game), form)
            assert answer.status_code == 303 and answer["Location"] == page_url(game)
        posts += 1


def twin_tables(users, moves=5):
    """Two tally tables of ``users`` whose set-ups differ only by ``hidden_swap`` for seat 0
    (a card of another seat's hand traded with an undealt one), the same ``moves`` made at
    both, none of them a traded card. Returns (game_a, game_b, the seat whose hand differs,
    the traded cards)."""
    rules = registry.rules("tally")
    game_a = start_table("tally", "open", users, seed="hidden")
    setup_b = rules.hidden_swap(game_a.setup, 0, random.Random(7), game_a.seats_count)
    game_b = start_table("tally", "open", users, seed="hidden")
    Game.objects.filter(pk=game_b.pk).update(setup=setup_b)
    game_b.refresh_from_db()
    [other] = [s for s in range(len(users)) if setup_b["hands"][s] != game_a.setup["hands"][s]]
    secret = set(game_a.setup["hands"][other]) ^ set(setup_b["hands"][other])
    for seq in range(moves):
        state = game_state(game_a)
        action = next(a for a in state.legal_actions() if a["card"] not in secret)
        for game in (game_a, game_b):
            services.game_act(
                user=users[state.to_move], game_id=game.pk, action=action, expected_seq=seq
            )
    return game_a, game_b, other, secret


def same_answers(game_a, game_b, viewers) -> dict:
    """Each viewer's answers (``captures``) from two games that must look the same to
    them, compared: the page, the partial, the polls, and the download and replay, refused
    while the game is on. The two games' deadlines are made equal and the notifications
    emptied first (the navigation's unread count covers both games). A viewer None is a
    visitor who is not signed in (a spectator of a public game), refused the download and
    replay of the game in play as anyone is. Returns game_a's answers by viewer's username
    ("anonymous" for None)."""
    deadline = timezone.now() + timedelta(days=2, minutes=30)
    Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).update(deadline=deadline)
    game_a.refresh_from_db()
    game_b.refresh_from_db()
    Notification.objects.all().delete()
    seen = {}
    for viewer in viewers:
        seen_a, seen_b = captures(game_a, viewer), captures(game_b, viewer)
        for name in seen_a:
            assert seen_a[name] == seen_b[name], f"{viewer.username}'s {name} differs"
        assert seen_a["page"][0] == 200 and seen_a["poll behind"][0] == 200
        assert seen_a["poll unchanged"][0] == 204
        assert seen_a["download"][0] == 403 and seen_a["replay"][0] == 403
        seen[viewer.username if viewer is not None else "anonymous"] = seen_a
    return seen
