"""Push updates beyond the table (games/push.py): each person's own channel (their badges
and lists: a game waiting for their move, a challenge received, withdrawn or declined, a
table filling, a rematch offer) and each game's chat channel (a new or hidden line). Pings
name a game at most, never a card, a chat line or any HTML; a person's channel is theirs
alone, a chat's is read only by whoever reads that chat."""

import json

import pytest
from django.urls import reverse

from chat import services as chat_services
from games import services, streams, tables
from games.models import Game
from games.selectors import game_state
from moderation import services as moderation_services
from tests.factories import UserFactory, make_challenge, play, start_game
from tests.games.fixtures_play import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob, seed="push-people")


def own(user, game_id) -> tuple:
    return (f"user-{user.pk}", "user", {"game": game_id})


def one_move(game) -> Game:
    return play(game, [game_state(game).legal_actions()[0]])


def test_a_move_pings_both_players_once_each(
    game, alice, bob, user_sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = one_move(game)
    # The mover's "My games" badge loses the game, the other's gains it (and a "your move"
    # notification, which asks for the same ping: one per person).
    assert sorted(user_sent) == sorted([own(alice, game.pk), own(bob, game.pk)])


def test_a_challenge_received_and_declined_ping_the_people_it_concerns(
    alice, bob, carol, user_sent, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        challenge = make_challenge(
            user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
        )
    assert list(user_sent) == [own(bob, challenge.pk)]  # bob's lobby and badges
    challenge_id = challenge.pk
    user_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_leave(user=bob, game_id=challenge_id)  # bob declines
    assert not Game.objects.filter(pk=challenge_id).exists()
    assert sorted(user_sent) == sorted([own(alice, challenge_id), own(bob, challenge_id)])
    # alice's waiting page learns it too, though the row is gone.
    assert list(sent) == [(f"game-{challenge_id}", "game", {"game": challenge_id, "seq": 0})]
    assert own(carol, challenge_id) not in list(user_sent)


def test_a_table_filling_pings_everyone_at_it_and_invited(
    alice, bob, carol, served_tally, user_sent, sent, django_capture_on_commit_callbacks
):
    dave = UserFactory(username="dave")
    table = tables.table_create(
        user=alice,
        kind="tally",
        variant="open",
        seats=4,
        days_per_move=3,
        rated=False,
        invited=[bob, dave],
    )
    user_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_join(user=bob, game_id=table.pk)  # bob takes his seat: 2 of 4
    assert sorted(user_sent) == sorted(own(u, table.pk) for u in (alice, bob, dave))
    assert list(sent) == [(f"game-{table.pk}", "game", {"game": table.pk, "seq": 0})]
    user_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_leave(user=dave, game_id=table.pk)  # dave declines
    assert sorted(user_sent) == sorted(own(u, table.pk) for u in (alice, bob, dave))
    assert own(carol, table.pk) not in list(user_sent)


def test_a_person_who_declined_a_table_gets_no_ping_naming_it_after(
    alice, bob, carol, served_tally, user_sent, django_capture_on_commit_callbacks
):
    """carol declines alice's private table: her own decline updates her lists (one ping),
    and from then on nothing about that table reaches her channel, neither another
    invitee sitting down, nor a bot added, nor the start (issue 30, item 9)."""
    dave = UserFactory(username="dave")
    table = tables.table_create(
        user=alice,
        kind="tally",
        variant="open",
        seats=4,
        days_per_move=3,
        rated=False,
        invited=[bob, carol, dave],
    )
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_leave(user=carol, game_id=table.pk)  # carol declines
    assert own(carol, table.pk) in list(user_sent)
    user_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_join(user=bob, game_id=table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_add_bot(user=alice, game_id=table.pk, level="random")
    with django_capture_on_commit_callbacks(execute=True):
        game = tables.table_join(user=dave, game_id=table.pk)  # the last seat: it starts
    assert game.status == Game.Status.ACTIVE
    pinged = {channel for channel, _, _ in user_sent}
    assert {f"user-{u.pk}" for u in (alice, bob, dave)} <= pinged
    assert f"user-{carol.pk}" not in pinged


def test_a_rematch_offer_pings_both_players(
    game, alice, bob, user_sent, django_capture_on_commit_callbacks
):
    game = one_move(game)
    services.game_resign(user=alice, game_id=game.pk)
    user_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_rematch(user=alice, game_id=game.pk)
    assert own(bob, game.pk) in list(user_sent) and own(alice, game.pk) in list(user_sent)


def test_a_chat_line_pings_the_chat_channel_only_and_carries_no_text(
    game, alice, chat_sent, sent, user_sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        chat_services.message_post(author=alice, game=game, text="secret words", last_seen=0)
    assert list(chat_sent) == [(f"chat-{game.pk}", "chat", {"game": game.pk})]
    assert list(sent) == [] and list(user_sent) == []
    assert "secret" not in json.dumps(list(chat_sent))
    chat_sent.clear()
    # The same line sent again from the same form (a double click) is written once: no ping.
    with django_capture_on_commit_callbacks(execute=True):
        chat_services.message_post(author=alice, game=game, text="secret words", last_seen=0)
    assert list(chat_sent) == []


def test_a_line_hidden_by_a_moderator_pings_the_chat(
    game, alice, people, chat_sent, django_capture_on_commit_callbacks
):
    staff = people[3]
    message, _ = chat_services.message_post(author=alice, game=game, text="rude", last_seen=0)
    chat_sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        moderation_services.message_hide(actor=staff, message_id=message.pk, reason="rude")
    assert list(chat_sent) == [(f"chat-{game.pk}", "chat", {"game": game.pk})]


def test_who_may_read_each_channel(game, alice, bob, carol):
    channels = streams.GameChannels()
    # A person's own channel: theirs alone.
    assert channels.can_read_channel(alice, f"user-{alice.pk}")
    assert not channels.can_read_channel(bob, f"user-{alice.pk}")
    assert not channels.can_read_channel(None, f"user-{alice.pk}")
    # A game's chat: its players during play; a spectator only once it is over.
    chat = f"chat-{game.pk}"
    assert channels.can_read_channel(alice, chat) and channels.can_read_channel(bob, chat)
    assert not channels.can_read_channel(carol, chat)
    assert channels.can_read_channel(carol, f"game-{game.pk}")  # the table: yes
    services.game_resign(user=alice, game_id=game.pk)
    assert channels.can_read_channel(carol, chat)
    assert not channels.can_read_channel(carol, "chat-999999")
    assert not channels.can_read_channel(carol, "chat-x")
    assert not channels.can_read_channel(carol, "other-1")


def test_a_private_challenges_chat_channel_is_refused_to_others(alice, bob, carol):
    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    channels = streams.GameChannels()
    # Not started: no chat for anyone; not the challenge's business: as if it did not exist.
    assert not channels.can_read_channel(bob, f"chat-{challenge.pk}")
    assert not channels.can_read_channel(carol, f"chat-{challenge.pk}")
    assert not channels.can_read_channel(carol, f"game-{challenge.pk}")


def test_the_badges_answer_both_navigation_links_out_of_band(game, alice, bob):
    to_move = game.players[game.to_move]
    answer = client_for(to_move).get(reverse("badges"))
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.count('hx-swap-oob="true"') == 2
    assert 'id="nav-my-games"' in html and 'id="nav-notifications"' in html
    assert '<span class="nav-badge" aria-hidden="true">1</span>' in html
    assert answer["Cache-Control"].startswith("max-age=0")
    other = game.players[1 - game.to_move]
    assert 'aria-label="My games' not in client_for(other).get(reverse("badges")).content.decode()


def test_pages_listen_to_their_own_channel_only_with_push_updates_on(game, alice, settings):
    browser = client_for(alice)
    pages = [reverse("games:lobby"), reverse("games:my_games"), reverse("home")]
    settings.PUSH_EVENTS = False
    for url in pages:
        html = browser.get(url).content.decode()
        assert "data-push-user" not in html and "js/push.js" not in html
        assert "user-push" not in html
    chat_log = browser.get(game.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 3s" hx-swap="outerHTML"' in chat_log and "chat-push" not in chat_log
    settings.PUSH_EVENTS = True
    for url in pages:
        html = browser.get(url).content.decode()
        assert f'data-push-user="{reverse("user_stream")}"' in html
        assert f'data-badges="{reverse("badges")}"' in html and "js/push.js" in html
    assert "every 60s, user-push from:body" in browser.get(pages[0]).content.decode()
    assert "every 60s, user-push from:body" in browser.get(pages[1]).content.decode()
    chat_log = browser.get(game.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 120s, chat-push"' in chat_log
    # Under WSGI the person's stream answers 204: the browser stops asking.
    assert browser.get(reverse("user_stream")).status_code == 204
