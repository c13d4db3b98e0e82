"""The profile's records per game and variant: XIX's standard and talon as before, other
variants (XIX 2.0's included) and other games once played."""

import re

import pytest

from ratings.models import Rating
from ratings.services import ratings_apply_outcome
from tests.factories import UserFactory, start_game
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


def cards(html):
    """(id, heading, {dt: dd}) for each record card of the profile, in page order."""
    found = []
    for key, body in re.findall(
        r'<article class="variant-record" aria-labelledby="record-([\w-]+)">(.*?)</article>',
        html,
        re.S,
    ):
        heading = re.sub(r"<[^>]+>", "", body.split("</h3>", 1)[0]).strip()
        counts = {dt: int(dd) for dt, dd in re.findall(r"<dt>(\w+)</dt><dd>(\d+)</dd>", body)}
        found.append((key, heading, counts))
    return found


def test_with_xix_alone_the_profile_reads_as_before(client, xix_alone):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=0)

    html = client.get("/players/ann/").content.decode()

    assert cards(html) == [
        ("standard", "Standard", {"Played": 1, "Won": 1, "Lost": 0}),
        ("talon", "Talon", {"Played": 0, "Won": 0, "Lost": 0, "Drawn": 0}),
    ]
    assert 'href="/players/ann/history/?variant=standard">Standard games</a>' in html


def test_a_record_for_each_game_and_variant_played(client, party):
    ann, ben, cid = (UserFactory(username=n) for n in ("ann", "ben", "cid"))
    finished_game(ann, ben, winner=1, variant="talon", scores=(9, 21))
    for seed, ranks in (("a", (1, 2, 3)), ("b", (2, 1, 3))):
        game = start_game(ben, cid, seed=seed)
        entries = [(ann, None, ranks[0]), (ben, None, ranks[1]), (cid, None, ranks[2])]
        ratings_apply_outcome(game=game, kind="party", variant="free", entries=entries)

    html = client.get("/players/ann/").content.decode()

    assert cards(html) == [
        ("standard", "XIX Standard", {"Played": 0, "Won": 0, "Lost": 0}),
        ("talon", "XIX Talon", {"Played": 1, "Won": 0, "Lost": 1, "Drawn": 0}),
        ("party-free", "Party Free for all", {"Rated": 2}),
    ]
    free = Rating.objects.get(user=ann, kind="party", variant="free")
    party_card = html.split('id="record-party-free"', 1)[1].split("</article>", 1)[0]
    assert f'<span class="rating-value">{free.display}</span>' in party_card
    assert "Rating history: 1500 to" in party_card and "over 2 games" in party_card
    # Only XIX games can be listed by variant in the match history so far.
    assert "?variant=free" not in html


def test_xix_2_0s_record_shows_once_played(client, xix_alone):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=1, variant="v2", scores=(8, 19))

    html = client.get("/players/ann/").content.decode()

    assert cards(html)[2] == ("v2", "XIX 2.0 (2023 rules)", {"Played": 1, "Won": 0, "Lost": 1})
    assert 'href="/players/ann/history/?variant=v2">XIX 2.0 (2023 rules) games</a>' in html
    assert [key for key, _, _ in cards(client.get("/players/ben/").content.decode())] == [
        "standard",
        "talon",
        "v2",
    ]
    carl = UserFactory(username="carl")
    shown = cards(client.get(f"/players/{carl.username}/").content.decode())
    assert [key for key, _, _ in shown] == ["standard", "talon"]
