"""Each game's styles live in its package (games/<key>/static/<key>/: the rules pages'
figures, XIX's variant badges) and every page still gets each style it uses: a class that
some stylesheet of the site styles is styled by a stylesheet the page links. A page that
lost a game's stylesheet would draw its figures or badges unstyled."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from tests.factories import UserFactory, make_challenge, start_game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
SHEETS = [*ROOT.glob("static/css/*.css"), *ROOT.glob("games/*/static/*/*.css")]
LINK = re.compile(r'<link rel="stylesheet" href="/static/([^"]+)"')
CLASS_ATTR = re.compile(r'class="([^"]*)"')


def styled(css: str) -> set[str]:
    """The classes a stylesheet's selectors name."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.findall(r"([^{}]*)\{", css)
    return {name for part in selectors for name in re.findall(r"\.([A-Za-z_][\w-]*)", part)}


STYLED_SOMEWHERE = set().union(*(styled(sheet.read_text()) for sheet in SHEETS))


def unstyled(html: str) -> set[str]:
    """The classes ``html`` uses that a stylesheet of the site styles but none it links."""
    linked = set()
    for name in LINK.findall(html):
        path = finders.find(name)
        assert path, f"{name} is linked but not found"
        linked |= styled(Path(path).read_text())
    used = {name for attr in CLASS_ATTR.findall(html) for name in attr.split()}
    return (used & STYLED_SOMEWHERE) - linked


RULES_PAGES = ["/", "/rules/", "/rules/xix/", "/rules/xix/v2/", "/rules/xeri/"]
RULES_PAGES += ["/rules/xactika/", "/rules/onexeno/"]


@pytest.mark.parametrize("path", RULES_PAGES)
def test_each_rules_page_links_the_styles_of_its_figures(client, path):
    html = client.get(path).content.decode()
    assert unstyled(html) == set()


def test_the_figures_styles_are_the_games_own(client):
    """Each game's figures are styled by its own stylesheet, linked from its page only."""
    pages = {"xix": "/rules/xix/v2/", "xeri": "/rules/xeri/", "xactika": "/rules/xactika/"}
    pages["onexeno"] = "/rules/onexeno/"
    for key, path in pages.items():
        links = LINK.findall(client.get(path).content.decode())
        assert f"{key}/rules.css" in links
        assert [link for link in links if link.endswith("/rules.css")] == [
            "css/rules.css",
            f"{key}/rules.css",
        ]
    index = LINK.findall(client.get("/rules/").content.decode())
    assert [link for link in index if link.endswith("/rules.css")] == ["css/rules.css"]


def test_the_variant_badges_are_styled_wherever_they_appear(client):
    """XIX's badges (games/xix/static/xix/badges.css) in the lobby, a game, My games and a
    profile: every variant's badge has its colour."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    games = [start_game(alice, bob, variant=v, seed=v) for v in ("standard", "talon", "v2")]
    make_challenge(user=bob, variant="talon", days_per_move=3, rated=True)
    client.force_login(alice)
    for path in ["/lobby/", "/games/", f"/games/{games[0].pk}/", "/players/alice/"]:
        html = client.get(path).content.decode()
        assert 'class="variant variant-' in html, path
        assert {name for name in unstyled(html) if name.startswith("variant")} == set(), path
    html = client.get("/games/").content.decode()
    for variant in ("standard", "talon", "v2"):
        assert f"variant-{variant}" in html
    assert "xix/badges.css" in LINK.findall(html)
