"""The site conformance test: every game the site serves, at every variant and seat count,
played and refused through its pages alone, as people use them.

Parametrised over ``games.registry`` (the served games, and the test-only game ``tally``,
served for the test) and each game's variants and their seat counts, so a game is checked
as soon as it is served. The pages are read as a browser reads them: the moves a page
offers are the forms it holds, posted as they are (``Forms``). For each case:

- hidden swaps: two games whose set-ups differ only by ``RULES.hidden_swap`` for one seat,
  the same moves made at both: that seat gets the same bytes from the page, its htmx
  partial, every URL the page polls, the record download and the replay (and so does a
  spectator, at each variant's smallest table);
- refusals: malformed forms, an illegal move, a move out of turn, a stale page and a move
  by someone not seated each answer 4xx with their message and change nothing.

And for each game, one whole game by form posts to its end, at the variant and seat count
whose game is shortest (every seat count would take minutes: a ten-seat Xactika game is
900 moves): each move drawn from the legal actions of the mover's view and posted with
the form the mover's page offers for it; then the record, and a move after the end.

``start`` is the one place here that knows how the site starts a game.
"""

import itertools
import json
import random
import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from api import tokens as api_tokens
from games import registry, services, tables
from games.kit.errors import IllegalAction
from games.kit.forms import BadForm, number
from games.kit.play import is_legal
from games.models import Game, GameAction
from games.selectors import game_state
from games.views.play import SEQ
from notifications.models import Notification
from tests.factories import UserFactory
from tests.games.fixtures_play import HX, act_url, client_for, page_url, people

pytestmark = pytest.mark.django_db

GAMES = [*registry.served(), *(key for key in ("tally",) if key not in registry.served())]
CASES = [
    pytest.param(key, variant, seats, id=f"{key}-{variant}-{seats}")
    for key in GAMES
    for variant, info in registry.rules(key).variants.items()
    for seats in info.seat_counts
]
SWAP_MOVES = 4  # moves made at both twins before their pages are compared
MAX_STEPS = 40  # moves a refusal test may make to reach a position with an illegal move


def start(key, variant, users, seed, setup=None) -> Game:
    """A game of ``key`` and ``variant`` for ``users`` (one seat each), started as the site
    starts one: ``users[0]`` opens a table (public: anyone may watch), the others take its
    free seats. Positions and the set-up are drawn from ``seed``, so a test sees the same
    game every run; ``setup``: a set-up to play instead (a hidden swap of the dealt one)."""
    game = tables.table_create(
        user=users[0], kind=key, variant=variant, seats=len(users), days_per_move=3, rated=False
    )
    Game.objects.filter(pk=game.pk).update(seed=seed)  # read when the last seat is taken
    for user in users[1:]:
        tables.table_join(user=user, game_id=game.pk)
    game = Game.objects.get(pk=game.pk)
    rules = registry.rules(key)
    if setup is None:
        setup = rules.deal(seed, variant, len(users))
    if game.setup != setup:  # a set-up drawn before the seed was set, or a swapped one
        to_move = rules.new(variant, len(users), setup).to_move
        Game.objects.filter(pk=game.pk).update(setup=setup, to_move=to_move)
        game = Game.objects.get(pk=game.pk)
    return game


@pytest.fixture
def serve(request):
    """The case's game, served for the test if the site does not serve it (``tally``)."""
    key = request.node.callspec.params["key"]
    if key not in registry.served():
        request.getfixturevalue("served_tally")
    return key


# --- pages and forms ----------------------------------------------------------------------


def log_size(game) -> int:
    """The actions in the game's log, which its action counter must agree with."""
    count = GameAction.objects.filter(game=game).count()
    assert Game.objects.get(pk=game.pk).n_actions == count
    return count


def canonical(action) -> str:
    return json.dumps(action, sort_keys=True)


class Forms(HTMLParser):
    """The forms of a page that post to ``action``: for each, its hidden fields, its radio
    groups and its submit buttons (disabled controls left out, as a browser does)."""

    def __init__(self, action: str):
        super().__init__()
        self.action = action
        self.forms: list[dict] = []
        self.current = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            if attrs.get("method", "").lower() == "post" and attrs.get("action") == self.action:
                self.current = {"fixed": [], "radios": {}, "submits": []}
                self.forms.append(self.current)
            return
        if self.current is None or "disabled" in attrs:
            return
        kind = attrs.get("type", "submit" if tag == "button" else "text").lower()
        name, value = attrs.get("name"), attrs.get("value") or ""
        if tag == "input" and kind == "hidden" and name:
            self.current["fixed"].append((name, value))
        elif tag == "input" and kind == "radio" and name:
            self.current["radios"].setdefault(name, []).append(value)
        elif tag in ("button", "input") and kind == "submit":
            self.current["submits"].append((name, value) if name else None)

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def submissions(html: str, game) -> list[dict]:
    """Every post a browser can make to the game's act URL from ``html``: each choice of
    one value per radio group, sent by each submit button."""
    parser = Forms(act_url(game))
    parser.feed(html)
    posts = []
    for form in parser.forms:
        groups = [[(name, value) for value in values] for name, values in form["radios"].items()]
        for submit in form["submits"]:
            for chosen in itertools.product(*groups):
                posts.append(dict([*form["fixed"], *chosen, *([submit] if submit else [])]))
    return posts


def offered(html: str, game, seat: int) -> dict[str, dict]:
    """{action (canonical, with ``seat``): the post that makes it} for every post ``html``
    offers that the game's site reads as an action."""
    site = registry.site(game.kind)
    actions = {}
    for post in submissions(html, game):
        try:
            action = site.parse_action(post)
        except BadForm:
            continue
        actions.setdefault(canonical({"seat": seat, **action}), post)
    return actions


def legal_forms(html: str, game, state, seat: int) -> dict[str, dict]:
    """The posts of the legal actions of ``seat``'s view, each as the page offers it: the
    page must offer every one (a page may offer more, refused when posted)."""
    view = registry.rules(game.kind).seat_view(state, seat)
    assert view["n_actions"] == state.n_actions
    forms = offered(html, game, seat)
    legal = [canonical(action) for action in view["legal_actions"]]
    missing = [action for action in legal if action not in forms]
    assert not missing, f"the page of seat {seat} offers no form for {missing[:3]}"
    return {action: forms[action] for action in legal}


def error_text(response) -> str:
    """The message of a refused post, as the table's alert reads."""
    found = re.search(r'<p class="game-error"[^>]*>(.*?)</p>', response.content.decode(), re.S)
    assert found, f"no message in the {response.status_code} answer"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def refusal(state, action) -> str:
    """The message the table shows for ``action``, which the rules refuse."""
    try:
        state.apply(action)
    except IllegalAction as error:
        return f"That move is not allowed: {error}."
    raise AssertionError(f"{action} is legal")


# --- hidden swaps: byte-identical pages ----------------------------------------------------


def normalise(html: str, game) -> str:
    """An answer without what differs between any two requests or between two games by
    their number alone: the masked CSRF token (masked anew in each response) and the
    game's number in its own URLs and file name."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF-INPUT", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "CSRF-HEADER", html)
    html = re.sub(rf"/{game.pk}(?=[/?])", "/ID", html)
    html = html.replace(f'"id":{game.pk},', '"id":ID,')  # the API's JSON
    return html.replace(f"-game-{game.pk}.", "-game-ID.")


def answers(game, viewer) -> dict:
    """What ``viewer`` gets from the game: the page, its partial, each URL the page polls
    (``hx-get``; and the poll one action behind, answered with the table), the record
    download and the replay, as (status, normalised body)."""
    client = client_for(viewer)
    page = client.get(page_url(game))
    got = {"page": page, "partial": client.get(page_url(game), **HX)}
    polls = [unescape(url) for url in re.findall(r'hx-get="([^"]+)"', page.content.decode())]
    assert polls, "the game page polls nothing"
    for n, url in enumerate(polls):
        got[f"poll {n}"] = client.get(url, **HX)
        behind = re.sub(r"\bseq=(\d+)", lambda seq: f"seq={int(seq[1]) - 1}", url)
        if behind != url:
            got[f"poll {n} behind"] = client.get(behind, **HX)
    got["download"] = client.get(reverse("games:record", args=[game.pk]))
    got["replay"] = client.get(reverse("games:replay", args=[game.pk]))
    got.update(api_answers(game, viewer))
    return {
        name: (response.status_code, normalise(body_of(response), game))
        for name, response in got.items()
    }


def body_of(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def api_answers(game, viewer) -> dict:
    """What ``viewer``'s program gets from the API about the game: the game stream's first
    lines (the board API: people's accounts), the record and the viewer's finished games."""
    _token, secret = api_tokens.token_create(
        user=viewer, name="twin", scopes=["read", "board:play"]
    )
    client = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return {
        "api stream": client.get(reverse("api:board_stream", args=[game.pk])),
        "api record": client.get(reverse("api:game_record", args=[game.pk])),
        "api games": client.get(reverse("api:player_games", args=[viewer.username])),
    }


@pytest.mark.parametrize(("key", "variant", "seats"), CASES)
def test_a_seats_pages_polls_and_downloads_do_not_depend_on_cards_it_cannot_know(
    key, variant, seats, serve, clock, settings
):
    """Twin games, set-ups differing by ``hidden_swap`` for one seat, the same moves at
    both while they stay legal at both and the games differ: the seat (and, at the
    variant's smallest table, a spectator) gets the same bytes from both, from the pages
    and from the API."""
    settings.API_LONG_POLL_SECONDS = 0  # the API's stream answers its first lines and ends
    rules = registry.rules(key)
    users, spectator = people(seats), UserFactory(username="watcher")
    seed = f"swap-{key}-{variant}-{seats}"
    game_a = start(key, variant, users, seed)
    rng = random.Random(seed)
    seat = rng.randrange(seats)
    game_b = start(key, variant, users, seed, rules.hidden_swap(game_a.setup, seat, rng, seats))
    by_seat = game_a.players
    assert game_b.players == by_seat
    state_a, state_b = game_state(game_a), game_state(game_b)
    for _ in range(SWAP_MOVES):
        both = [action for action in state_a.legal_actions() if is_legal(state_b, action)]
        if not both:
            break
        action = rng.choice(both)
        next_a, next_b = state_a.apply(action)[0], state_b.apply(action)[0]
        if rules.full_view(next_a) == rules.full_view(next_b):
            break  # the swapped cards met again: nothing left hidden to compare
        for game in (game_a, game_b):
            services.game_act(
                user=by_seat[action["seat"]],
                game_id=game.pk,
                action=action,
                expected_seq=state_a.n_actions,
            )
        state_a, state_b = next_a, next_b
    assert rules.full_view(state_a) != rules.full_view(state_b), "the twins are the same game"
    assert rules.seat_view(state_a, seat) == rules.seat_view(state_b, seat)
    # The navigation counts each viewer's unread notices, and reading a game's page marks
    # that game's read: none for either twin, so the order of the reads does not matter.
    Notification.objects.all().delete()
    viewers = [by_seat[seat]]
    if seats == min(rules.variants[variant].seat_counts):
        viewers.append(spectator)
    for viewer in viewers:
        seen_a, seen_b = answers(game_a, viewer), answers(game_b, viewer)
        assert seen_a.keys() == seen_b.keys()
        for name in seen_a:
            assert seen_a[name] == seen_b[name], f"{viewer.username}'s {name} differs"
        assert seen_a["page"][0] == seen_a["partial"][0] == 200
        assert seen_a["download"][0] == seen_a["replay"][0] == 403  # not while in play
        assert seen_a["api record"][0] == 403
        stream = seen_a["api stream"]
        assert stream[0] == (200 if viewer != spectator else 403)
        if viewer != spectator:
            assert '"type":"gameFull"' in stream[1] and '"view":{' in stream[1]


# --- refusals ------------------------------------------------------------------------------


def malformed(post: dict, site, rng) -> list[tuple[str, dict, str]]:
    """(what, post, message) for posts of no action at all, made from a legal ``post``:
    the action number missing or garbled, the type missing or unknown, one of the action's
    own fields missing, garbled or out of range; each message as the view words it."""
    fields = [name for name in post if name not in ("seq", "type", "csrfmiddlewaretoken")]
    bad = [
        ("no action number", {k: v for k, v in post.items() if k != "seq"}),
        ("a garbled action number", {**post, "seq": "x1"}),
        ("no type", {k: v for k, v in post.items() if k != "type"}),
        ("an unknown type", {**post, "type": "no-such-action"}),
    ]
    if fields:
        field = rng.choice(fields)
        bad.append((f"no {field}", {k: v for k, v in post.items() if k != field}))
        bad.append((f"a garbled {field}", {**post, field: "x1"}))
        bad.append((f"an out-of-range {field}", {**post, field: "999999999"}))
    refused = []
    for what, form in bad:
        try:
            number(form, "seq", SEQ)
            site.parse_action(form)
        except BadForm as error:
            refused.append((what, form, str(error)))
            continue
        raise AssertionError(f"{what} is read as an action: {form}")
    return refused


def an_illegal_post(earlier: list[dict], game, state):
    """(post, message): a form offered to an earlier mover, posted now by the seat to
    move, that the rules refuse (a card it does not hold, a bid it may not make...);
    (None, None) if there is none."""
    site, seat, seq = registry.site(game.kind), state.to_move, str(state.n_actions)
    for post in earlier:
        post = {**post, "seq": seq}
        action = {"seat": seat, **site.parse_action(post)}
        if not is_legal(state, action):
            return post, refusal(state, action)
    return None, None


@pytest.mark.parametrize(("key", "variant", "seats"), CASES)
def test_every_refused_post_answers_4xx_with_its_message_and_changes_nothing(
    key, variant, seats, serve
):
    rules, site = registry.rules(key), registry.site(key)
    users, spectator = people(seats), UserFactory(username="watcher")
    seed = f"refuse-{key}-{variant}-{seats}"
    game = start(key, variant, users, seed)
    rng = random.Random(seed)
    by_seat = game.players
    clients = [client_for(user) for user in by_seat]
    state = game_state(game)
    html = clients[state.to_move].get(page_url(game), **HX).content.decode()
    first = list(legal_forms(html, game, state, state.to_move).values())
    # Moves until a form the first mover was offered is illegal for the seat to move.
    for _ in range(MAX_STEPS):
        illegal, illegal_message = an_illegal_post(first, game, state)
        if illegal is not None:
            break
        action = rng.choice(state.legal_actions())
        services.game_act(
            user=by_seat[action["seat"]],
            game_id=game.pk,
            action=action,
            expected_seq=state.n_actions,
        )
        state = state.apply(action)[0]
    else:
        raise AssertionError(f"the first mover's forms are all legal after {MAX_STEPS} moves")
    html = clients[state.to_move].get(page_url(game), **HX).content.decode()
    forms = legal_forms(html, game, state, state.to_move)
    n, mover = state.n_actions, state.to_move
    # The legal post with the most fields, to garble them.
    action, post = max(forms.items(), key=lambda item: len(item[1]))
    action = json.loads(action)
    waiting = rng.choice([seat for seat in range(seats) if seat != mover])
    refused = [
        ("an illegal move", clients[mover], illegal, 400, illegal_message),
        (
            "a move out of turn",
            clients[waiting],
            post,
            400,
            refusal(state, {**action, "seat": waiting}),
        ),
        ("a move by a spectator", client_for(spectator), post, 403, services.NOT_SEATED),
        (
            "a stale page",
            clients[mover],
            {**post, "seq": str(n + 1)},
            409,
            str(services.StaleSequence(n)),
        ),
    ]
    refused += [
        (what, clients[mover], form, 400, message)
        for what, form, message in malformed(post, site, rng)
    ]
    for i, (what, client, form, status, message) in enumerate(refused):
        answer = client.post(act_url(game), form, **(HX if i % 2 else {}))
        assert (answer.status_code, error_text(answer)) == (status, message), what
        assert log_size(game) == n, what
        assert Game.objects.get(pk=game.pk).to_move == mover, what
    # The refusals left the game as it was: the legal post is accepted.
    assert clients[mover].post(act_url(game), post).status_code == 303
    assert log_size(game) == n + 1
    assert rules.seat_view(game_state(game), mover) == rules.seat_view(
        state.apply(action)[0], mover
    )


# --- a whole game by form posts ------------------------------------------------------------


def shortest(key) -> tuple[str, int]:
    """The variant and seat count of the game's shortest game: a seeded random game at
    each, the fewest actions (then the fewest seats) first."""
    rules = registry.rules(key)
    best = None
    for variant, info in rules.variants.items():
        for seats in info.seat_counts:
            state = rules.new(variant, seats, rules.deal(f"short-{seats}", variant, seats))
            rng = random.Random(seats)
            while not state.over and (best is None or state.n_actions < best[0]):
                state = state.apply(rng.choice(state.legal_actions()))[0]
            if state.over and (best is None or (state.n_actions, seats) < best[:2]):
                best = (state.n_actions, seats, variant)
    return best[2], best[1]


@pytest.mark.parametrize("key", GAMES)
def test_a_whole_game_is_played_by_form_posts_to_its_record(key, serve):
    """Each move drawn from the legal actions of the mover's view, posted with the form
    its page offers for it: plain posts are sent back to the table, htmx posts answered
    with it; the log grows by one each; at the end the record is the game's and a post
    after the end is refused."""
    rules = registry.rules(key)
    variant, seats = shortest(key)
    seed = f"whole-{key}-{variant}-{seats}"
    game = start(key, variant, people(seats), seed)
    rng = random.Random(seed)
    clients = [client_for(user) for user in game.players]
    state, played, html = game_state(game), [], None
    while not state.over:
        mover = state.to_move
        if html is None:
            html = clients[mover].get(page_url(game), **HX).content.decode()
        forms = legal_forms(html, game, state, mover)
        action = rng.choice(rules.seat_view(state, mover)["legal_actions"])
        post = forms[canonical(action)]
        state = state.apply(action)[0]
        played.append(action)
        # htmx when the mover moves again (its answer is the table it moves from), and
        # now and then besides; otherwise a plain post and its redirect.
        if state.to_move == mover or len(played) % 7 == 0:
            answer = clients[mover].post(act_url(game), post, **HX)
            assert answer.status_code == 200 and 'id="game-live"' in answer.content.decode()
            html = answer.content.decode()
        else:
            answer = clients[mover].post(act_url(game), post)
            assert (answer.status_code, answer["Location"]) == (303, page_url(game))
            html = None
        assert log_size(game) == len(played)
        if state.to_move != mover:
            html = None
    game = Game.objects.get(pk=game.pk)
    outcome = rules.outcome(state)
    assert game.status == Game.Status.FINISHED and game.reason == outcome.reason
    assert [row.rank for row in game.seat_rows()] == list(outcome.ranks)
    download = clients[0].get(reverse("games:record", args=[game.pk]))
    assert download.status_code == 200
    record = json.loads(download.content)
    assert record["actions"] == played
    assert rules.read_header(record) == (variant, seats, game.setup)
    verdict = registry.check_record(record)
    assert verdict["ok"] and verdict["scores"] == list(outcome.scores)
    # Over: no seat is offered a move, and the last move posted again is refused.
    for client in clients:
        assert submissions(client.get(page_url(game)).content.decode(), game) == []
    last = {**post, "seq": str(len(played))}
    answer = clients[played[-1]["seat"]].post(act_url(game), last)
    assert answer.status_code == 400
    assert error_text(answer) == "That move is not allowed: the game is over."
    assert log_size(game) == len(played)
