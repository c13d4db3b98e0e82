"""Who reads and who writes a game's chat: its players during play and after; everyone
who may see the game once it is over; nobody else; bots never."""

import pytest
from django.urls import reverse

from chat import services
from chat.models import ChatMessage
from games.models import Game
from tests.chat.conftest import HX, chat_url, say
from tests.factories import UserFactory, make_challenge, start_table


def test_players_write_and_read_during_play(game, alice, bob, client_for):
    answer = say(client_for(alice), game, alice, "Good luck, bob")
    assert answer.status_code == 303
    assert answer["Location"] == reverse("games:game", args=[game.pk]) + "#chat"
    page = client_for(bob).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Good luck, bob" in page and 'id="chat-form"' in page
    assert say(client_for(bob), game, bob, "Thanks!").status_code == 303
    assert list(ChatMessage.objects.values_list("author__username", "text")) == [
        ("alice", "Good luck, bob"),
        ("bob", "Thanks!"),
    ]


def test_a_spectator_neither_reads_nor_writes_during_play(game, alice, carol, client_for):
    say(client_for(alice), game, alice, "secret plan")
    spectator = client_for(carol)
    page = spectator.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "secret plan" not in page
    assert "chat opens to everyone else when the game is over" in page
    assert 'id="chat-form"' not in page
    assert spectator.get(chat_url(game)).status_code == 403
    poll = spectator.get(chat_url(game) + "?after=0&v=0-0", **HX)
    assert poll.status_code == 403 and "secret plan" not in poll.content.decode()
    answer = say(spectator, game, carol, "hello players")
    assert answer.status_code == 403
    assert "Only the players of this game" in answer.content.decode()
    assert not ChatMessage.objects.filter(author=carol).exists()


def test_a_visitor_is_sent_to_log_in_during_play(game, alice, client_for):
    say(client_for(alice), game, alice, "secret plan")
    visitor = client_for()
    answer = visitor.get(chat_url(game))
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("account_login"))
    assert say(visitor, game, alice, "sneaky", last=0).status_code == 302
    assert ChatMessage.objects.count() == 1


def test_everyone_reads_a_finished_games_chat_and_only_players_write(
    finished, alice, carol, client_for
):
    assert say(client_for(alice), finished, alice, "Good game").status_code == 303
    for reader in (client_for(carol), client_for()):
        answer = reader.get(chat_url(finished))
        assert answer.status_code == 200
        html = answer.content.decode()
        assert "Good game</span>" in html and 'id="chat-form"' not in html
    spectator_page = client_for(carol).get(reverse("games:game", args=[finished.pk]))
    assert "Good game</span>" in spectator_page.content.decode()
    assert say(client_for(carol), finished, carol, "nice").status_code == 403


def test_an_aborted_game_counts_as_over(game, alice, carol, client_for):
    say(client_for(alice), game, alice, "sorry, must go")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    assert "sorry, must go" in client_for(carol).get(chat_url(game)).content.decode()


def test_bots_never_chat(alice, client_for):
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")

    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=False, invited=bot)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    with pytest.raises(services.NotAllowed):
        services.message_post(author=bot, game=game, text="beep", last_seen=0)
    # A game against a bot has no chat at all: no panel, no page, nothing to post to.
    page = client_for(alice).get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'id="chat"' not in page
    assert client_for(alice).get(chat_url(game)).status_code == 404
    assert say(client_for(alice), game, alice, "hello?").status_code == 400
    assert not ChatMessage.objects.exists()


def test_a_waiting_challenge_has_no_chat(alice, client_for):

    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=False, invited=None
    )
    assert client_for(alice).get(chat_url(challenge)).status_code == 404
    assert say(client_for(alice), challenge, alice, "anyone?").status_code == 400


def test_every_seat_of_a_larger_table_chats(db, client_for):
    ann, ben, cyd = (UserFactory(username=n) for n in ("ann", "ben", "cyd"))
    table = start_table("tally", "open", [ann, ben, cyd])
    for user in (ann, ben, cyd):
        assert say(client_for(user), table, user, f"hi from {user.username}").status_code == 303
    html = client_for(cyd).get(chat_url(table)).content.decode()
    assert all(f"hi from {n}" in html for n in ("ann", "ben", "cyd"))
