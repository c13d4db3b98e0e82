"""The admin is no oracle for hidden cards (issue 14, item 1).

Django's change lists take field lookups from the query string. On a field that holds or
implies hidden cards (a model's ``HIDDEN_FIELDS``: the game's seed, deal and first leader,
an action's payload), every such lookup answers 400, as ``password__*`` does on users:
for every registered model admin, through relations, for every admin user (a moderator who
plays in the game, a superuser), whether the guess is true or false.
"""

import json
import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group
from django.db import models
from django.test import Client
from django.urls import reverse

from games.models import Game, GameAction
from tests.factories import UserFactory, play_random, start_game
from xix_site.admin import HiddenFieldsGuard, lookup_touches_hidden_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    alice = UserFactory(username="alice", is_staff=True)  # a moderator, seat 0
    alice.groups.add(Group.objects.get(name="Moderators"))
    bob = UserFactory(username="bob")
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    live = play_random(start_game(alice, bob, seed="6oracle-seed"), moves=5, seed=1)
    assert live.status == Game.Status.ACTIVE
    return {"alice": alice, "root": root, "live": live}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def first_action(game) -> str:
    return json.dumps(GameAction.objects.filter(game=game).order_by("seq").first().action)


SEED = lambda g: g.seed[0]  # noqa: E731
LEADER = lambda g: str(g.setup["first_leader"])  # noqa: E731
DEAL = lambda g: json.dumps({"deal": g.setup["deal"]})  # noqa: E731

# (change list, lookup, the true guess, a false one): each way the probe could ask.
GUESSES = [
    ("games_game", "seed__startswith", SEED, "x"),
    ("games_game", "seed__regex", lambda g: f"^{g.seed[0]}", "^x"),
    ("games_game", "seed", lambda g: g.seed, "nope"),
    ("games_game", "setup__contains", DEAL, '{"deal": [[99]]}'),
    ("games_game", "setup__icontains", lambda g: json.dumps(g.setup)[:4], "99"),
    ("games_game", "setup__first_leader", LEADER, "7"),
    ("games_game", "setup__first_leader__exact", LEADER, "7"),
    ("games_game", "actions__action__contains", first_action, "{}"),
    ("games_gameaction", "action__contains", first_action, "{}"),
    ("games_gameaction", "action__icontains", lambda g: first_action(g)[:6], "zzz"),
    ("games_gameaction", "game__seed__startswith", SEED, "x"),
    ("games_gameaction", "game__setup__contains", DEAL, '{"deal": [[99]]}'),
    ("moderation_report", "game__seed__startswith", SEED, "x"),
    ("moderation_auditentry", "target_game__seed__startswith", SEED, "x"),
    ("accounts_user", "seats__game__seed__startswith", SEED, "x"),
    ("accounts_user", "seats__game__setup__first_leader", LEADER, "7"),
]


# The CSRF token is masked afresh in every answer: in htmx's headers and in any form (the
# header's theme switch has one).
CSRF_TOKEN = re.compile(r'"X-CSRFToken": "[^"]+"|name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.mark.parametrize("who", ["alice", "root"])
@pytest.mark.parametrize(
    ("changelist", "lookup", "true_guess", "false_guess"),
    GUESSES,
    ids=[f"{changelist}?{lookup}" for changelist, lookup, _, _ in GUESSES],
)
def test_a_lookup_on_a_hidden_field_answers_400_whatever_the_guess(
    world, who, changelist, lookup, true_guess, false_guess
):
    live = world["live"]
    client = client_for(world[who])
    url = reverse(f"admin:{changelist}_changelist")
    answers = [
        client.get(url, {"id": live.pk, lookup: value}) for value in (true_guess(live), false_guess)
    ]
    assert [a.status_code for a in answers] == [400, 400], (lookup, who)
    # Nothing tells a true guess from a false one (the page's CSRF token is masked afresh
    # for every answer, so it is left out of the comparison).
    pages = [CSRF_TOKEN.sub("", a.content.decode()) for a in answers]
    assert pages[0] == pages[1]


def test_the_guard_leaves_other_lookups_alone(world):
    live = world["live"]
    client = client_for(world["root"])
    url = reverse("admin:games_game_changelist")
    assert client.get(url, {"status__exact": "active"}).status_code == 200
    assert client.get(url, {"pk__in": str(live.pk)}).status_code == 200
    assert client.get(url, {"q": "alice"}).status_code == 200


def test_the_seed_is_no_yes_no_oracle_for_the_seated_moderator(world):
    """The probe of the issue: a moderator who plays in the game guesses the seed one
    character at a time. Every guess gets the same answer, which names no game."""
    live = world["live"]
    client = client_for(world["alice"])
    url = reverse("admin:games_game_changelist")
    bodies = set()
    for char in "0123456789abcdefghijklmnopqrstuvwxyz-":
        answer = client.get(url, {"id": live.pk, "seed__startswith": char})
        assert answer.status_code == 400
        bodies.add(CSRF_TOKEN.sub("", answer.content.decode()))
    assert len(bodies) == 1
    assert f"/{live.pk}/change/" not in bodies.pop()


def test_every_registered_model_admin_is_guarded():
    unguarded = [
        model._meta.label
        for model, model_admin in admin.site._registry.items()
        if not isinstance(model_admin, HiddenFieldsGuard)
    ]
    assert unguarded == []


@pytest.mark.parametrize(
    ("model", "lookup", "hidden"),
    [
        (Game, "seed", True),
        (Game, "pk", False),
        (Game, "setup__deal__0__1", True),
        (Game, "seats__user__seats__game__seed__regex", True),
        (Game, "seats__user__username__startswith", False),
        (Game, "rematch_of__setup__first_leader", True),
        (GameAction, "action__card", True),
        (GameAction, "seat", False),
        (GameAction, "game__actions__action", True),
        (GameAction, "no_such_field", False),
    ],
)
def test_which_lookups_touch_a_hidden_field(model, lookup, hidden):
    assert lookup_touches_hidden_field(model, lookup) is hidden


# What a field that might hold cards or a game's setup looks like: a JSON value, or a name
# that says so. A new game's model with such a field must declare it in HIDDEN_FIELDS.
LOOKS_SECRET = re.compile(
    r"(^|_)(seed|deal|leader|hands?|cards?|setup|shuffle|talon|secret|payload)(_|$)"
)
# Fields that look so but hold no card, and why.
NOT_SECRET = {
    # Who acted and why: the moderation services write only ids, counts and names here.
    ("moderation.AuditEntry", "details"),
    # The first-game guide's steps a player marked "Got it": step keys ("welcome", "bid").
    ("games.GuideProgress", "seen"),
    # A table's options as its players chose them in the lobby ({"deals": 2}): public, shown
    # on its page before a card is dealt (games.kit.options).
    ("games.Game", "options"),
    # An API token's scopes: names such as "read" and "bot:play".
    ("api.AccessToken", "scopes"),
    # A tournament's points for each place, and a player's seeding number (1 the highest
    # rated at the start): no game's set-up.
    ("tournaments.Tournament", "place_points"),
    ("tournaments.Entry", "seed"),
    # A round robin's schedule, stored at the start: tables of entry numbers per round.
    ("tournaments.Tournament", "schedule"),
    # An analysis's decision indices and per-seat counts (accuracy, mistakes): no card.
    ("analysis.Analysis", "points"),
    ("analysis.Analysis", "summary"),
}


def test_every_field_that_could_hold_cards_is_declared_hidden():
    undeclared = []
    for model in apps.get_models():
        hidden = getattr(model, "HIDDEN_FIELDS", frozenset())
        for field in model._meta.concrete_fields:
            secret_looking = isinstance(field, models.JSONField) or LOOKS_SECRET.search(field.name)
            if not secret_looking or field.name in hidden:
                continue
            if (model._meta.label, field.name) not in NOT_SECRET:
                undeclared.append(f"{model._meta.label}.{field.name}")
    assert undeclared == [], "declare these in the model's HIDDEN_FIELDS (or say why not)"
