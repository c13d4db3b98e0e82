"""The first-game guide (issue 32, item 13): in a game against bots, each moment of the game
is explained the first time it comes; "Got it" puts a step away, "Stop the guide" the whole
game's, both remembered; the settings page brings them back. Never for spectators, never in
a game against people."""

import random
import re

import pytest
from django.urls import reverse

from games import registry
from games.kit.guide import START, GuideStep, step_now
from games.models import GuideProgress
from games.selectors import game_state
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db

GAMES = ("xix", "xeri", "xactika", "onexeno")


def guide_box(page: str) -> str | None:
    found = re.search(r'<aside class="guide".*?</aside>', page, re.S)
    return found.group(0) if found else None


def guide_title(page: str) -> str | None:
    box = guide_box(page)
    if box is None:
        return None
    return re.search(r"</span>(.*?)</h2>", box, re.S).group(1)


def bot_game(kind="xeri", variant="classic", seed="guide"):
    ann = UserFactory(username="ann")
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    return ann, start_table(kind, variant, [ann, bot], seed=seed)


def test_step_now_takes_the_first_unseen_step_that_fits_the_moment():
    steps = (
        GuideStep("hello", START, "Hello", "..."),
        GuideStep("bid", "bid", "Bid", "..."),
        GuideStep("play", "play", "Play", "..."),
        GuideStep("play-more", "play", "More", "..."),
        GuideStep("slide", "slide", "Slide", "...", frozenset({"v2"})),
    )
    bidding = {"legal_actions": [{"type": "bid", "bid": 0}]}
    playing = {"legal_actions": [{"type": "play", "card": 1}, {"type": "slide"}]}
    waiting = {"legal_actions": []}
    assert step_now(steps, waiting, "std", set()).key == "hello"
    assert step_now(steps, waiting, "std", {"hello"}) is None
    assert step_now(steps, bidding, "std", {"hello"}).key == "bid"
    assert step_now(steps, playing, "std", {"hello"}).key == "play"
    assert step_now(steps, playing, "std", {"hello", "play"}).key == "play-more"
    assert step_now(steps, playing, "std", {"hello", "play", "play-more"}) is None
    assert step_now(steps, playing, "v2", {"hello", "play", "play-more"}).key == "slide"


@pytest.mark.parametrize("kind", GAMES)
def test_every_step_of_every_guide_can_come(kind):
    """Each step's moment happens in the game: its action type is one a seat is offered in
    random games of the variants it is for, and a variant has one step per key."""
    rules, steps = registry.rules(kind), registry.site(kind).guide
    assert steps, f"{kind} has no first-game guide"
    offered = {}
    for variant, info in rules.variants.items():
        seats = info.seat_counts[0]
        types = offered.setdefault(variant, {START})
        for seed in range(3):
            state = rules.new(variant, seats, rules.deal(f"guide-{seed}", variant, seats))
            rng = random.Random(seed)
            while not state.over:
                actions = state.legal_actions()
                types.update(action["type"] for action in actions)
                state = state.apply(rng.choice(actions))[0]
    for variant in offered:
        mine = [s for s in steps if not s.variants or variant in s.variants]
        assert len({s.key for s in mine}) == len(mine), (kind, variant)
        assert any(s.when == START for s in mine), (kind, variant)
    for step in steps:
        variants = step.variants or set(offered)
        assert any(step.when in offered[v] for v in variants), (kind, step.key)
        assert step.title and len(step.text) > 60


def test_a_bot_game_explains_itself_step_by_step_and_remembers(client):
    ann, game = bot_game()
    client.force_login(ann)
    url = game.get_absolute_url()
    page = client.get(url).content.decode()
    assert guide_title(page) == "Welcome to Xeri"
    assert "Stop the guide for Xeri" in page

    answer = client.post(reverse("games:guide", args=[game.pk]), {"step": "welcome"})
    assert answer.status_code == 303
    page = client.get(url).content.decode()
    state = game_state(game)
    if state.to_move == 0:  # ann's move: how a turn goes
        assert guide_title(page) == "Your turn: play one card"
    else:
        assert guide_box(page) is None
    assert GuideProgress.objects.get(user=ann, kind="xeri").seen == ["welcome"]

    # "Got it" twice at once, or again: kept once.
    client.post(reverse("games:guide", args=[game.pk]), {"step": "welcome"})
    assert GuideProgress.objects.get(user=ann, kind="xeri").seen == ["welcome"]

    # The htmx answer is the table, with the next step (or none) in place.
    live = client.post(
        reverse("games:guide", args=[game.pk]), {"stop": "1"}, headers={"HX-Request": "true"}
    )
    assert live.status_code == 200
    assert 'id="game-live"' in live.content.decode() and guide_box(live.content.decode()) is None
    assert guide_box(client.get(url).content.decode()) is None

    # Another Xeri game against bots: still stopped. The settings bring it back.
    other = start_table("xeri", "classic", [ann, game.players[1]], seed="guide-2")
    assert guide_box(client.get(other.get_absolute_url()).content.decode()) is None
    client.post(reverse("players:guides_restart"))
    assert guide_title(client.get(other.get_absolute_url()).content.decode()) == "Welcome to Xeri"


def test_the_guide_is_per_game():
    from games import guide

    ann, game = bot_game()
    guide.answer(ann, "xeri", stop=True)
    xix = start_table("xix", "standard", [ann, game.players[1]], seed="guide-xix")
    state = game_state(xix)
    view = registry.rules("xix").seat_view(state, 0)
    assert guide.step_for(ann, xix, view, 0, against_bots=True).title == "Welcome to XIX"


def test_no_guide_against_people_for_spectators_or_visitors(client):
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    people = start_table("xeri", "classic", [ann, bob], seed="guide-people")
    client.force_login(ann)
    assert guide_box(client.get(people.get_absolute_url()).content.decode()) is None

    _, against_bot = bot_game(seed="guide-watch")
    client.force_login(cy)
    assert guide_box(client.get(against_bot.get_absolute_url()).content.decode()) is None
    refused = client.post(reverse("games:guide", args=[against_bot.pk]), {"stop": "1"})
    assert refused.status_code == 403
    client.logout()
    assert guide_box(client.get(against_bot.get_absolute_url()).content.decode()) is None
    assert not GuideProgress.objects.exists()


@pytest.mark.parametrize("data", [{}, {"step": "no-such-step"}, {"step": "x" * 500}])
def test_an_answer_naming_no_step_is_refused_and_changes_nothing(client, data):
    ann, game = bot_game(seed="guide-bad")
    client.force_login(ann)
    answer = client.post(reverse("games:guide", args=[game.pk]), data)
    assert answer.status_code == 400
    assert "That is not a step of this game&#x27;s guide." in answer.content.decode()
    assert not GuideProgress.objects.exists()
    assert client.get(reverse("games:guide", args=[game.pk])).status_code == 405
