"""Every game page links to the rules of its game and variant, and the link leads to a rules
page that has the section it points at (issue 32, item 13)."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory, start_game, start_table
from tests.games.fixtures_play import client_for

pytestmark = pytest.mark.django_db

CASES = [
    # kind, variant, seats, where the page's "Rules" link goes
    ("xix", "standard", 2, "/rules/xix/"),
    ("xix", "talon", 2, "/rules/xix/#differences"),
    ("xix", "v2", 2, "/rules/xix/v2/"),
    ("xeri", "classic", 4, "/rules/xeri/"),
    ("xactika", "bid", 3, "/rules/xactika/"),
    ("xactika", "lose", 3, "/rules/xactika/#variants"),
    ("onexeno", "basic", 3, "/rules/onexeno/"),
    ("onexeno", "partners", 4, "/rules/onexeno/#variants"),
]


@pytest.mark.parametrize(("kind", "variant", "seats", "expected"), CASES)
def test_the_game_page_links_to_the_rules_of_its_variant(kind, variant, seats, expected):
    users = [UserFactory() for _ in range(seats)]
    if kind == "xix":
        game = start_game(users[0], users[1], variant=variant)
    else:
        game = start_table(kind, variant, users)
    client = client_for(users[0])
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    facts = re.search(r'<p class="game-facts">(.*?)</p>', page, re.S).group(1)
    assert f'<a href="{expected}">Rules</a>' in facts

    path, _, section = expected.partition("#")
    rules = client.get(path)
    assert rules.status_code == 200
    if section:
        assert f'id="{section}"' in rules.content.decode()
