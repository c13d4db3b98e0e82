"""The game page is a shell around each game's own table: the registry finds a game's site
object (``games.<key>.site``), whose templates and static files live in the game's package
and whose fields read a posted action form."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import get_template
from django.urls import reverse

from games import registry
from games.kit.forms import BadForm, Field, parse_action_form
from games.selectors import game_state, player_names
from games.xix import site as xix_site
from tests.factories import start_game
from tests.games.fixtures_play import client_for, make_people

ROOT = Path(__file__).resolve().parents[2]
XIX = ROOT / "games" / "xix"
PARTIALS = ("#table", "#panel", "#side", "#progress", "#over-line", "#score-extra")


def test_the_registry_finds_each_games_site_object_and_stays_free_of_django():
    assert registry.site("xix") is xix_site.SITE
    # The pure half (engines, rules, records) still loads no Django: site() imports the
    # game's site module only when it is called.
    code = (
        "import sys, games.registry as r; r.rules('xix'); r.check_record({});"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_xix_templates_and_static_files_are_found_in_its_package():
    site = registry.site("xix")
    names = [
        *(site.table_template + part for part in PARTIALS),
        site.replay_template + "#table",
        site.rules_template,
    ]
    for name in names:
        template = get_template(name)
        assert Path(template.origin.name).is_relative_to(XIX / "templates"), name
    for sheet in site.stylesheets:
        assert Path(finders.find(sheet)).is_relative_to(XIX / "static"), sheet


@pytest.mark.django_db
def test_the_game_page_links_the_shells_then_the_games_stylesheet_and_both_are_served():
    alice, bob, _, _ = make_people()
    game = start_game(alice, bob)
    client = client_for(alice)
    for url in (reverse("games:game", args=[game.pk]), reverse("games:replay", args=[game.pk])):
        html = client.get(url).content.decode()
        shell = html.index('<link rel="stylesheet" href="/static/css/game.css">')
        assert shell < html.index('<link rel="stylesheet" href="/static/xix/table.css">')
    served = {}
    for sheet in ("css/game.css", "xix/table.css"):
        response = client.get(f"/static/{sheet}")
        assert response.status_code == 200
        served[sheet] = b"".join(response.streaming_content).decode()
    # The felt, the cards and the strike pips are XIX's; the shell has none of them.
    for xix_class in (".felt", ".card", ".pip", ".row-cards", ".trade-form"):
        assert xix_class in served["xix/table.css"]
        assert xix_class not in served["css/game.css"]
    assert ".scoreboard" in served["css/game.css"]


BID = Field("bid", 0, 13, "Choose a bid.")
SEAT = Field("partner", 0, 9, "Choose a partner.", shown_from=1)
SCHEMA = {"bid": {"bid": BID}, "pass": {}, "call": {"partner": SEAT, "bid": BID}}


@pytest.mark.parametrize(
    "post, action",
    [
        ({"type": "pass"}, {"type": "pass"}),
        ({"type": " bid ", "bid": " 0"}, {"type": "bid", "bid": 0}),
        ({"type": "call", "partner": "9", "bid": "13"}, {"type": "call", "partner": 9, "bid": 13}),
    ],
)
def test_a_form_is_read_by_the_games_fields(post, action):
    assert parse_action_form(post, SCHEMA) == action


@pytest.mark.parametrize(
    "post, message",
    [
        ({}, "Choose one of the offered actions: bid, pass or call."),
        ({"type": "fold"}, "Choose one of the offered actions: bid, pass or call."),
        ({"type": "bid"}, "Choose a bid."),
        ({"type": "bid", "bid": ""}, "The bid is missing."),
        ({"type": "bid", "bid": "-1"}, "The bid must be a whole number, not '-1'."),
        ({"type": "bid", "bid": "14"}, "The bid must be from 0 to 13."),
        # Shown as people count them: partners 1 to 10 for the form's 0 to 9.
        ({"type": "call", "partner": "10", "bid": "1"}, "The partner must be from 1 to 10."),
        ({"type": "call", "bid": "1"}, "Choose a partner."),
    ],
)
def test_a_form_that_is_no_action_says_what_is_wrong(post, message):
    with pytest.raises(BadForm) as error:
        parse_action_form(post, SCHEMA)
    assert str(error.value) == message


@pytest.mark.django_db
def test_the_admin_rows_show_every_card_of_the_game_once():
    alice, bob, _, _ = make_people()
    game = start_game(alice, bob)
    state = game_state(game)
    names = player_names(game)
    rows = dict(xix_site.SITE.admin_rows(registry.rules("xix").full_view(state, names), names))
    assert list(rows)[:4] == [
        "alice (seat 0), closed",
        "alice (seat 0), open",
        "bob (seat 1), closed",
        "bob (seat 1), open",
    ]
    shown = " ".join(rows[k] for k in ("alice (seat 0), closed", "bob (seat 1), closed"))
    shown += " " + rows["Row"].replace("(down)", "") + " " + rows["Discard"]
    assert sorted(int(n) for n in shown.split()) == list(range(1, 19))
    assert rows["To move"] == names[state.to_move]
