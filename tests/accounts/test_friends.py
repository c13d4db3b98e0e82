"""Friends (issue 32, item 17): follow players from their pages, see their games on the
Friends page, challenge them from it, and have a player's-name box suggest names as they
are typed, the people followed first."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.friends import SUGGESTIONS, name_suggestions
from accounts.models import Block, Follow
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db


def logged_in(client, user):
    client.force_login(user)
    return client


def follow(client, name, on="1", **extra):
    return client.post(reverse("players:follow", args=[name]), {"follow": on, **extra})


def test_follow_from_a_profile_then_unfollow(client):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    logged_in(client, ann)
    page = client.get(reverse("players:profile", args=["bob"])).content.decode()
    assert "Follow bob" in page and "Unfollow bob" not in page

    answer = follow(client, "bob")
    assert answer.status_code == 302 and answer.url == reverse("players:profile", args=["bob"])
    page = client.get(answer.url).content.decode()
    assert "You follow bob: they are on your" in page and "Unfollow bob" in page
    assert list(Follow.objects.values_list("follower__username", "followed__username")) == [
        ("ann", "bob")
    ]

    follow(client, "BOB")  # again, in other letters: still one row
    assert Follow.objects.count() == 1

    follow(client, "bob", on="0")
    assert not Follow.objects.exists()
    follow(client, "bob", on="0")  # again: nothing changes, no error
    assert "Follow bob" in client.get(reverse("players:profile", args=["bob"])).content.decode()
    assert ann.pk != bob.pk


@pytest.mark.parametrize(
    ("name", "data", "status", "words"),
    [
        ("ann", {"follow": "1"}, 400, "You cannot follow yourself."),
        ("bob", {"follow": "yes"}, 400, "Choose Follow or Unfollow."),
        ("bot-strong", {"follow": "1"}, 400, "Bots are not followed"),
        ("nobody", {"follow": "1"}, 404, ""),
    ],
)
def test_a_follow_that_cannot_be_is_refused_and_changes_nothing(client, name, data, status, words):
    ann = UserFactory(username="ann")
    UserFactory(username="bob")
    UserFactory(username="bot-strong", is_bot=True, bot_level="strong")
    logged_in(client, ann)
    answer = client.post(reverse("players:follow", args=[name]), data)
    assert answer.status_code == status
    assert words in answer.content.decode()
    assert not Follow.objects.exists()


def test_visitors_are_sent_to_log_in_and_get_is_not_a_follow(client):
    UserFactory(username="bob")
    answer = follow(client, "bob")
    assert answer.status_code == 302 and "/accounts/login/" in answer.url
    assert client.get(reverse("players:friends")).status_code == 302
    logged_in(client, UserFactory(username="ann"))
    assert client.get(reverse("players:follow", args=["bob"])).status_code == 405
    assert not Follow.objects.exists()


def test_the_friends_page_lists_them_their_games_and_a_challenge_each(client):
    ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
    playing = start_table("xeri", "classic", [bob, dee], seed="friends")
    start_table("xeri", "classic", [cy, dee], seed="not-friends")  # cy is not followed
    Follow.objects.create(follower=ann, followed=bob)
    Follow.objects.create(follower=ann, followed=cy)
    Follow.objects.create(follower=dee, followed=ann)  # dee's follow is not ann's business
    logged_in(client, ann)
    page = client.get(reverse("players:friends")).content.decode()

    friends = re.findall(r'<a class="friend-name" href="[^"]+">(\w+)</a>', page)
    assert friends == ["bob", "cy"]
    assert "1 game being played" in page  # bob's
    assert page.count('aria-label="Watch ') == 2  # bob's game and cy's, once each
    assert playing.get_absolute_url() in page
    lobby = reverse("games:lobby")
    assert f'href="{lobby}?opponent=bob" aria-label="Challenge bob"' in page
    assert "dee" not in re.findall(r'class="friend-name"[^>]*>(\w+)<', page)


def test_follow_by_name_on_the_friends_page(client):
    ann = UserFactory(username="ann")
    UserFactory(username="Bob")
    logged_in(client, ann)
    answer = client.post(reverse("players:friends"), {"name": " bob "})
    assert answer.status_code == 302
    assert Follow.objects.get().followed.username == "Bob"

    missing = client.post(reverse("players:friends"), {"name": "nobody"})
    assert missing.status_code == 404
    assert "There is no player called “nobody”." in missing.content.decode()
    empty = client.post(reverse("players:friends"), {"name": ""})
    assert empty.status_code == 400
    assert Follow.objects.count() == 1


def test_name_suggestions_put_the_people_followed_first(client):
    ann = UserFactory(username="ann")
    for name in ("bea", "ben", "bert", "bob"):
        UserFactory(username=name)
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    UserFactory(username="bo-gone", is_active=False)
    UserFactory(username="bo-out", suspended_at=timezone.now())
    blocker = UserFactory(username="bo-blocks-ann")
    Block.objects.create(blocker=blocker, blocked=ann)
    Follow.objects.create(follower=ann, followed=ann.__class__.objects.get(username="bob"))
    Follow.objects.create(follower=ann, followed=ann.__class__.objects.get(username="ben"))

    assert name_suggestions(ann, "") == ["ben", "bob"]  # nothing typed: the people followed
    assert name_suggestions(ann, "b") == ["ben", "bob", "bea", "bert"]
    assert name_suggestions(ann, "BO") == ["bob"]
    assert name_suggestions(ann, "zz") == []

    logged_in(client, ann)
    options = client.get(reverse("players:names"), {"name": "be"}).content.decode()
    assert re.findall(r'<option value="(\w+)">', options) == ["ben", "bea", "bert"]


def test_suggestions_stop_at_a_few(client):
    ann = UserFactory(username="ann")
    for number in range(SUGGESTIONS + 5):
        UserFactory(username=f"player{number:02}")
    assert len(name_suggestions(ann, "player")) == SUGGESTIONS


def test_the_friends_page_box_offers_the_people_followed_without_javascript(client):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    Follow.objects.create(follower=ann, followed=bob)
    logged_in(client, ann)
    page = client.get(reverse("players:friends")).content.decode()
    datalist = re.search(r'<datalist id="player-names">(.*?)</datalist>', page, re.S).group(1)
    assert re.findall(r'<option value="(\w+)">', datalist) == ["bob"]
    assert 'list="player-names"' in page
