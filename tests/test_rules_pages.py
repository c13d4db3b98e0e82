"""The rules pages: the index of the games at /rules/, one page per game at /rules/<key>/,
and the games on the home page. Each page credits the game's designer or tradition, names
the variants the engine offers, says whether the site serves the game, draws its figure in
the page itself and loads nothing from another host."""

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from games import registry
from tests.factories import UserFactory, start_game
from tests.test_security import csp_offences

pytestmark = pytest.mark.django_db

KEYS = ("xix", "xeri", "xactika", "onexeno")
NAMES = {"xix": "XIX", "xeri": "Xeri", "xactika": "Xactika", "onexeno": "ONEXENO"}

# What each page must say: its credit and the words of its central rules.
CREDITS = {
    "xix": "XIX was designed by Michael Purcell",
    "xeri": "Xeri is a traditional Greek card game; nobody owns it",
    "xactika": "Xactika was designed by Marsha J. Falco and published by Set Enterprises in 2002",
    "onexeno": "Ray Lauzzana created the ONEXENO cards and game; Penrose Press",
}
KEY_WORDS = {
    "xix": ["The 19 rule", "raise", "abandon", "draft", "trade", "strike"],
    "xeri": [
        "52 cards",
        "six cards",
        "Jack xeri",
        "worth 20 in all",
        "ten of diamonds",
        "two of clubs",
        "27 or more",
        "more rounds",
        "the match is a draw",  # the last tie-break
    ],
    "xactika": [
        "81 cards",
        "balls",
        "cubes",
        "cones",
        "stars",
        "The dealer's hook",
        "from 0 to 8",
        "played last",
        "minus one point for each trick",
        "8 rounds",
    ],
    "onexeno": [
        "70 cards",
        "five by five",
        "Along an edge",
        "At a corner",
        "five cards",
        "you take every card in it",
        "end game",
        "minus the total value of the cards still in your hand",
    ],
}
NOT_YET = "Not yet open for play on the site"


def main_of(response) -> str:
    html = response.content.decode()
    return html[html.index("<main") : html.index("</main>")]


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


class Links(HTMLParser):
    """Every URL a page points to or loads: (tag, attribute, value, rel)."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "href", "srcset", "action", "data", "poster", "xlink:href"):
            if attrs.get(name):
                self.found.append((tag, name, attrs[name], attrs.get("rel") or ""))


def links_of(html: str) -> list[tuple[str, str, str, str]]:
    parser = Links()
    parser.feed(html)
    return parser.found


def test_the_index_lists_every_game_with_players_credit_and_its_page(client):
    response = client.get("/rules/")

    assert response.status_code == 200
    main = main_of(response)
    text = words(main)
    for key in KEYS:
        assert f'href="/rules/{key}/"' in main
        assert NAMES[key] in text
    assert "2 players, or 4 as partners" in text  # Xeri
    assert "2 to 10 players" in text  # Xactika
    assert "2 to 7 players, or 4 or 6 as partners" in text  # ONEXENO
    assert "Designed by Michael Purcell." in text
    assert "A traditional Greek game that nobody owns." in text
    assert "Designed by Marsha J. Falco, published by Set Enterprises (2002)." in text
    assert "Cards and game by Ray Lauzzana, published by Penrose Press." in text
    # Every game can be played on the site: none says it cannot yet.
    assert NOT_YET not in text
    assert main.count('href="/accounts/signup/">Sign up to play') == len(KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_each_game_page_explains_the_game_and_credits_it(client, key):
    response = client.get(f"/rules/{key}/")

    assert response.status_code == 200
    text = words(main_of(response))
    assert f"How to play {NAMES[key]}" in text
    assert CREDITS[key] in text
    for phrase in KEY_WORDS[key]:
        assert phrase in text, phrase
    # The variants the engine offers, by the names the lobby will use.
    for info in registry.rules(key).variants.values():
        assert info.label in text, info.label
    assert 'href="/rules/"' in main_of(response)  # back to the index


@pytest.mark.parametrize("key", ["xeri", "xactika", "onexeno"])
def test_a_game_not_served_says_so_and_links_to_no_table(
    client, django_user_model, key, monkeypatch
):
    """A game whose engine the site knows but whose tables are not open (every new game,
    until its pages land)."""
    monkeypatch.setattr(registry, "SERVED", ["xix"])
    client.force_login(UserFactory())

    main = main_of(client.get(f"/rules/{key}/"))

    assert NOT_YET in words(main)
    assert 'href="/lobby/"' not in main


def test_a_served_game_leads_to_its_tables(client):
    anonymous = main_of(client.get("/rules/xix/"))
    assert NOT_YET not in words(anonymous)
    assert 'href="/accounts/signup/"' in anonymous

    client.force_login(UserFactory())
    assert 'href="/lobby/"' in main_of(client.get("/rules/xix/"))

    # The rules page of a served game with its site object (which names its rules page)
    # leads to the lobby too.
    assert registry.site("xeri").rules_template == "xeri/rules.html"
    main = main_of(client.get("/rules/xeri/"))
    assert 'href="/lobby/"' in main
    assert NOT_YET not in words(main)


def test_rules_xix_is_the_page_the_rules_link_used_to_open(client):
    text = words(main_of(client.get("/rules/xix/")))

    assert "the rulebook is licensed CC BY 4.0" in text
    assert "Standard 1 2 3 5 8" in text
    assert "Talon 1 3 6 10 15" in text
    assert "A worked example" in text


def test_the_figures_are_drawn_in_the_page_with_words_for_screen_readers(client):
    xactika = main_of(client.get("/rules/xactika/"))
    assert 'aria-label="2132: 2 balls, 1 cube, 3 cones, 2 stars (value 8)"' in xactika
    assert xactika.count("<svg") >= 7  # the key to the shapes and six cards
    # 2132 has eight shapes: 2 balls, 1 cube, 3 cones, 2 stars.
    start = xactika.index('aria-label="2132')
    card = xactika[start : xactika.index("</svg>", start)]
    assert (card.count("xk-ball"), card.count("xk-cube")) == (2, 1)
    assert (card.count("xk-cone"), card.count("xk-star")) == (3, 2)

    onexeno = main_of(client.get("/rules/onexeno/"))
    # Card 23 has dark cells 0, 1, 2 and 4 (clockwise from the top-left).
    assert 'aria-label="Card of value 4, dark at top left, top, top right, bottom right"' in onexeno
    # Card 5 turned three quarters: its left column reads dark, light, dark.
    assert 'aria-label="Card of value 2, dark at top left, bottom left"' in onexeno

    xeri = words(main_of(client.get("/rules/xeri/")))
    assert "Nia plays 8♠ and takes the lone 8♦: a xeri" in xeri
    assert "8 of spades" in xeri  # the card's name, for screen readers


PAGES = ["/", "/rules/", *(f"/rules/{key}/" for key in KEYS), "/rules/xix/v2/"]


@pytest.mark.parametrize("path", PAGES)
def test_no_page_loads_anything_from_another_host(client, path):
    response = client.get(path)

    html = response.content.decode()
    outside = [
        found
        for found in links_of(html)
        if re.match(r"(https?:)?//", found[2]) and not found[2].startswith("http://testserver/")
    ]
    # The one link away is the licence of XIX's rulebook, which its credit must name.
    assert {found for found in outside} <= {
        ("a", "href", "https://creativecommons.org/licenses/by/4.0/", "license")
    }
    assert not [found for found in outside if found[1] != "href" or found[0] != "a"]
    assert csp_offences(html) == []


def test_an_unknown_game_is_not_found_and_the_pages_only_answer_reads(client):
    assert client.get("/rules/chess/").status_code == 404
    assert client.get("/rules/XIX/").status_code == 404
    assert client.post("/rules/").status_code == 405
    assert client.post("/rules/xeri/").status_code == 405


def test_the_home_page_presents_every_game_to_visitors(client):
    main = main_of(client.get("/"))
    text = words(main)

    for key in KEYS:
        assert f'href="/rules/{key}/"' in main
        assert f"Rules of {NAMES[key]}" in text
    assert "Sign up to play" in text
    assert NOT_YET not in text  # all four are open for play


def test_the_home_page_keeps_a_players_games_and_offers_play(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="home-games")
    mover = alice if game.to_move == 0 else bob
    client.force_login(mover)

    main = main_of(client.get("/"))
    text = words(main)

    assert f"Welcome back, {mover.username}" in text
    assert "1 game is waiting for your move" in text
    assert f'href="/games/{game.pk}/"' in main
    assert 'href="/lobby/?game=xix">Play XIX' in main
    for key in KEYS:
        assert f'href="/rules/{key}/"' in main


def test_a_page_about_another_game_credits_it_in_the_footer(client):
    """A page about another game credits that game, not XIX's designer (issue 32); XIX's
    pages, and the pages about no one game, credit XIX, the site's first game."""
    xeri = " ".join(client.get("/rules/xeri/").content.decode().split())
    footer = xeri[xeri.index('<footer class="site-footer">') :]
    assert "Xeri: a traditional Greek game that nobody owns." in footer
    assert "Michael Purcell" not in footer
    xix = " ".join(client.get("/rules/xix/").content.decode().split())
    assert '<footer class="site-footer"> <p> XIX was designed by Michael Purcell' in xix


def test_xix_2_0_has_its_own_page_in_our_words_with_a_worked_example(client):
    """Players who come with the designer's rulebook 2.0 (2023) find their game: the XIX
    page leads to it, and it explains the rules that differ, credits the designer and
    works through an exchange (a 19 sum, strikes and slides, stakes, draft, trade)."""
    xix = main_of(client.get("/rules/xix/"))
    assert 'href="/rules/xix/v2/"' in xix
    assert "XIX 2.0 (2023 rules)" in words(xix)

    response = client.get("/rules/xix/v2/")

    assert response.status_code == 200
    main = main_of(response)
    text = words(main)
    assert "How to play XIX 2.0 (2023 rules)" in text
    assert "Rules › XIX › XIX 2.0 (2023 rules)" in text  # the breadcrumb
    assert "XIX was designed by Michael Purcell" in text
    assert "rulebook 2.0 (October 2023)" in text
    assert 'href="https://creativecommons.org/licenses/by/4.0/"' in main
    assert "Points 3 5 8" in text  # the stakes table
    for phrase in [
        "no open hand, nobody raises or abandons",
        "the lower card takes it",
        "slide a row card",
        "Your third strike in an exchange ends it",
        "the loser of the exchange picks one first",
        "You cannot put back the strike card you have just taken",
        "a player with 19 points or more has won",
        # The worked example, step by step.
        "Ann leads 15, Ben answers 4. That makes 19",
        "slides position 3: she sees the 10",
        "Ben wins the exchange and scores 8 at once",
        "Ann 17, Ben 16, Ann 15, Ben 14",
        "She takes the 18 from position 5 and puts her 4 face down there",
    ]:
        assert phrase in text, phrase
    # The slid row is drawn in the page, with words for screen readers.
    assert 'aria-label="The strike row after three strikes' in main
    assert main.count('class="v2-slot v2-slid-') == 3
    assert csp_offences(response.content.decode()) == []


def test_only_a_variant_with_its_own_rules_has_a_page(client):
    assert client.get("/rules/xix/standard/").status_code == 404
    assert client.get("/rules/xix/v3/").status_code == 404
    assert client.get("/rules/xeri/v2/").status_code == 404
    assert client.post("/rules/xix/v2/").status_code == 405
