"""The replay of every game reads step by step as it was played: at step k the caption tells
action k, in a player's words, and the table shows the game after action k. So the card the
caption of step k names has left its player's hand at step k and was still in it at step
k - 1 (issue 32, items 1 and 2: ONEXENO's caption was a Python dict, Xactika's table one move
behind its caption)."""

import random
import re
from html import unescape
from html.parser import HTMLParser

import pytest

from games import registry, services
from games.kit.errors import InvalidSetup
from games.kit.records import record_of
from games.onexeno.engine.cards import CANONICAL
from games.onexeno.site import card_words as onexeno_words
from games.xactika.site import card_words as xactika_words
from games.xeri.site import card_words as xeri_words
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["ann", "bob", "cyd", "dee"]


def _onexeno(action: dict) -> str:
    # the card as it lies: its pattern at the rotation the engine keeps for that face
    return onexeno_words(action["card"], CANONICAL[action["card"]][action["rotation"]])


# How the caption names the card an action plays, per game (as its log does).
CARD_WORDS = {
    "xix": lambda action: str(action["card"]),
    "xeri": lambda action: xeri_words(action["card"]),
    "xactika": lambda action: xactika_words(action["card"]),
    "onexeno": _onexeno,
    "tally": lambda action: str(action["card"]),
}

GAMES = [
    ("xix", "standard", 2),
    ("xix", "talon", 2),
    ("xix", "v2", 2),
    ("xeri", "classic", 2),
    ("xeri", "classic", 4),
    ("xactika", "bid", 4),
    ("onexeno", "basic", 3),
    ("tally", "open", 3),
]


class _Hands(HTMLParser):
    """{seat: [data-card, ...]} of every element marked ``data-replay-hand``."""

    def __init__(self):
        super().__init__()
        self.hands: dict[int, list[str]] = {}
        self.open: list[tuple[str, int | None]] = []  # (tag, seat of the hand it opens)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        inside = next((seat for _tag, seat in reversed(self.open) if seat is not None), None)
        if inside is not None and "data-card" in attrs:
            self.hands[inside].append(attrs["data-card"])
        seat = attrs.get("data-replay-hand")
        if seat is not None:
            self.hands.setdefault(int(seat), [])
        if tag not in ("br", "img", "input", "rect", "circle", "polygon"):
            self.open.append((tag, None if seat is None else int(seat)))

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break


def hands(html: str) -> dict[int, list[str]]:
    parser = _Hands()
    parser.feed(html)
    return parser.hands


def caption(html: str) -> str:
    match = re.search(r"<p[^>]*data-replay-caption[^>]*>(.*?)</p>", html, re.S)
    assert match, "no caption"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split()).replace(" :", ":")


def finished_game(kind: str, variant: str, seats: int):
    """A whole game of random legal moves, imported as a finished game between people."""
    rules = registry.rules(kind)
    setup = rules.deal(f"steps-{kind}", variant, seats)
    start = rules.new(variant, seats, setup)
    state, actions, rng = start, [], random.Random(kind + variant + str(seats))
    while not state.over:
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
    record = record_of(rules, variant, seats, setup, actions)
    players = [UserFactory(username=name) for name in NAMES[:seats]]
    return services.game_import(record=record, players=players), actions, players


@pytest.mark.parametrize(("kind", "variant", "seats"), GAMES, ids=lambda v: str(v))
def test_each_step_shows_the_table_after_the_action_its_caption_tells(client, kind, variant, seats):
    game, actions, players = finished_game(kind, variant, seats)
    client.force_login(players[0])
    last = len(actions)
    # The opening steps (Xactika's bids and first tricks, a round's end at 4 seats) and the
    # end of the game; each with the step before it.
    steps = sorted(set(range(1, min(last, 45) + 1)) | set(range(max(1, last - 3), last + 1)))
    pages = {}

    def page(step: int) -> str:
        if step not in pages:
            response = client.get(f"/games/{game.pk}/replay/?step={step}")
            assert response.status_code == 200
            pages[step] = response.content.decode()
        return pages[step]

    opening = caption(page(0))
    assert re.fullmatch(rf"Step 0 of {last}: \S.*", opening), opening  # never empty
    said = 0
    for step in steps:
        action = actions[step - 1]
        told = caption(page(step))
        assert told.startswith(f"Step {step} of {last}:")
        assert "{" not in told and "'type'" not in told, told  # sentences, never a dict
        assert not re.search(r"[.!];", told), told  # "3 stars.; ann takes the trick."
        name = NAMES[action["seat"]]
        assert re.search(rf"\b{name}\b", told), f"step {step} ({action}) reads: {told}"
        if action["type"] not in ("play", "place"):
            continue
        card = CARD_WORDS[kind](action)
        assert re.search(rf"(?<![\w-]){re.escape(card)}(?![\w])", told), (
            f"step {step} ({action}) reads: {told}"
        )
        before, after = hands(page(step - 1)), hands(page(step))
        assert str(action["card"]) in before[action["seat"]], f"step {step - 1}: {before}"
        assert str(action["card"]) not in after[action["seat"]], f"step {step}: {after}"
        said += 1
    assert said >= min(9, last)


def _tables():
    """Every (game, variant, seat count) that can be played (2 to 7 seats)."""
    for kind in ("xix", "xeri", "xactika", "onexeno", "tally"):
        rules = registry.rules(kind)
        for variant in rules.variants:
            for seats in range(2, 8):
                try:
                    rules.deal("lines", variant, seats)
                except InvalidSetup:
                    continue
                yield kind, variant, seats


VARIANTS = list(_tables())


@pytest.mark.django_db(False)
@pytest.mark.parametrize(("kind", "variant", "seats"), VARIANTS, ids=lambda v: str(v))
def test_the_replay_counts_the_log_lines_each_action_writes(kind, variant, seats):
    """The replay groups the log by the action that wrote each line (the site's
    ``lines_written``): for every game, variant and table size, that is how many lines the
    log grew by, and the log a player reads has one line for each of the engine's."""
    rules, site = registry.rules(kind), registry.site(kind)
    state = rules.new(variant, seats, rules.deal("lines", variant, seats))
    names = NAMES + [f"p{n}" for n in range(len(NAMES), seats)]
    lines_of = getattr(site, "lines_written", len)
    history = rules.full_view(state, names)["history"]
    rng = random.Random(seats)
    while not state.over:
        state, events = state.apply(rng.choice(state.legal_actions()))
        view = rules.full_view(state, names)
        assert len(view["history"]) - len(history) == lines_of(events), events
        history = view["history"]
        told = getattr(site, "history_lines", None)
        if told:
            assert len(told(view)) == len(history)
