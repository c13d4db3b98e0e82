"""Posting actions and polling: what is applied, what is refused, and what the page shows."""

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games import services, tables
from games.models import Game
from games.selectors import game_state
from tests.factories import make_challenge, play, start_game
from tests.games.fixtures_play import (
    HX,
    act_url,
    advance_to,
    both_moved,
    client_for,
    finished_game,
    form_of,
    labels,
    log_size,
    make_people,
    poll_url,
    text,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return make_people()


@pytest.fixture
def game(people):
    alice, bob, _, _ = people
    return start_game(alice, bob, seed="act-seed")


def mover(game):
    return game.players[game_state(game).to_move]


def first_legal(game):
    return game_state(game).legal_actions()[0]


def not_in_hands(game):
    """A card number the player to move does not hold."""
    state = game_state(game)
    seat = state.to_move
    held = state.closed[seat] | state.open[seat]
    return next(c for c in range(1, 19) if not held >> c & 1)


# --- applied ----------------------------------------------------------------------------


def test_plain_post_applies_the_move_and_redirects_to_the_game(game):
    before = log_size(game)
    action = first_legal(game)
    response = client_for(mover(game)).post(act_url(game), form_of(action, 0))
    assert response.status_code == 303
    assert response["Location"] == reverse("games:game", args=[game.pk])
    assert log_size(game) == (before[0] + 1, before[1] + 1)
    assert game.actions.get(seq=0).action == action


def test_htmx_post_answers_the_updated_table(game):
    action = first_legal(game)
    response = client_for(mover(game)).post(act_url(game), form_of(action, 0), **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="game-live"')
    assert "<html" not in html
    assert 'name="type"' not in html  # now the opponent's turn: no move forms
    assert poll_url(game, 1) in html
    assert f"You led {action['card']}" in text(html)
    assert log_size(game) == (1, 1)


def test_every_kind_of_action_goes_through_the_form(game):
    """Play, raise or abandon, draft and trade, each posted as the page's forms post them."""
    kinds = set()
    for _ in range(120):
        state = game_state(game)
        if state.over:
            break
        legal = state.legal_actions()
        action = next((a for a in legal if a["type"] not in kinds), legal[0])
        response = client_for(mover(game)).post(act_url(game), form_of(action, state.n_actions))
        assert response.status_code == 303, response.content.decode()[:500]
        kinds.add(action["type"])
        game.refresh_from_db()
        if kinds >= {"play", "raise", "draft", "trade"}:
            break
    assert kinds >= {"play", "raise", "draft", "trade"}
    assert log_size(game)[0] == game.n_actions


# --- refused: nothing changes -------------------------------------------------------------


def test_illegal_move_is_400_with_the_engines_message_and_changes_nothing(game):
    card = not_in_hands(game)
    for headers in ({}, HX):
        response = client_for(mover(game)).post(
            act_url(game), {"seq": "0", "type": "play", "card": str(card)}, **headers
        )
        assert response.status_code == 400
        assert f"card {card} is not in your hands" in response.content.decode()
        assert log_size(game) == (0, 0)
    assert 'role="alert"' in response.content.decode()


def test_moving_out_of_turn_is_refused(game):
    waiting = game.players[1 - game_state(game).to_move]
    state = game_state(game)
    card = next(c for c in range(1, 19) if state.closed[1 - state.to_move] >> c & 1)
    response = client_for(waiting).post(
        act_url(game), {"seq": "0", "type": "play", "card": str(card)}, **HX
    )
    assert response.status_code == 400
    assert "it is not your turn" in response.content.decode()
    assert log_size(game) == (0, 0)


def test_wrong_kind_of_action_for_the_phase_is_refused(game):
    response = client_for(mover(game)).post(act_url(game), {"seq": "0", "type": "raise"})
    assert response.status_code == 400
    assert "you can only raise right after you take a first or second strike" in (
        response.content.decode()
    )
    assert log_size(game) == (0, 0)


def test_stale_page_is_409_with_the_fresh_table(game):
    game = play(game, [first_legal(game)])
    client = client_for(mover(game))
    action = first_legal(game)
    response = client.post(act_url(game), form_of(action, 0), **HX)
    assert response.status_code == 409
    html = response.content.decode()
    assert "The game has moved on since this page was loaded" in html
    assert 'name="seq" value="1"' in html  # the fresh table, ready for the next move
    assert log_size(game) == (1, 1)
    plain = client.post(act_url(game), form_of(action, 0))
    assert plain.status_code == 409
    assert "<html" in plain.content.decode()
    assert log_size(game) == (1, 1)


def test_double_submit_applies_once(game):
    client = client_for(mover(game))
    fields = form_of(first_legal(game), 0)
    first = client.post(act_url(game), fields, **HX)
    second = client.post(act_url(game), fields, **HX)
    assert (first.status_code, second.status_code) == (200, 409)
    assert log_size(game) == (1, 1)


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"type": "play", "card": "5"}, "The action number is missing."),
        ({"seq": "", "type": "play", "card": "5"}, "The action number is missing."),
        ({"seq": "zero", "type": "play", "card": "5"}, "The action number must be a whole number"),
        ({"seq": "-1", "type": "play", "card": "5"}, "The action number must be a whole number"),
        ({"seq": "9" * 40, "type": "play", "card": "5"}, "must be a whole number"),
        (
            {"seq": "0", "type": "cheat"},
            "Choose one of the offered actions: play, slide, raise, abandon, draft or trade.",
        ),
        ({"seq": "0"}, "Choose one of the offered actions"),
        ({"seq": "0", "type": "play"}, "Choose a card."),
        ({"seq": "0", "type": "play", "card": "abc"}, "The card must be a whole number"),
        ({"seq": "0", "type": "play", "card": "1.5"}, "The card must be a whole number"),
        ({"seq": "0", "type": "play", "card": "0"}, "The card must be from 1 to 18."),
        ({"seq": "0", "type": "play", "card": "19"}, "The card must be from 1 to 18."),
        ({"seq": "0", "type": "play", "card": "9" * 5000}, "The card must be a whole number"),
        ({"seq": "0", "type": "draft", "card": "99999999"}, "The card must be from 1 to 18."),
        ({"seq": "0", "type": "trade", "card": "5"}, "Choose a row position to trade with."),
        ({"seq": "0", "type": "trade", "card": "5", "position": "5"}, "from 1 to 5"),
    ],
)
def test_malformed_forms_are_400_with_a_clear_message(game, fields, message):
    for headers in ({}, HX):
        response = client_for(mover(game)).post(act_url(game), fields, **headers)
        assert response.status_code == 400
        assert message in text(response.content.decode())
        assert log_size(game) == (0, 0)


@pytest.mark.parametrize("who", ["spectator", "staff"])
def test_non_players_get_403_and_change_nothing(people, game, who):
    viewer = people[2] if who == "spectator" else people[3]
    for headers in ({}, HX):
        response = client_for(viewer).post(act_url(game), form_of(first_legal(game), 0), **headers)
        assert response.status_code == 403
        assert "You are not playing in this game." in response.content.decode()
        assert log_size(game) == (0, 0)


def test_anonymous_posts_are_sent_to_log_in(game):
    response = client_for(None).post(act_url(game), form_of(first_legal(game), 0))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    htmx = client_for(None).post(act_url(game), form_of(first_legal(game), 0), **HX)
    assert htmx["HX-Redirect"].startswith(reverse("account_login"))
    assert log_size(game) == (0, 0)


def test_moves_after_the_game_ended_are_refused(people):
    alice, bob, _, _ = people
    game = finished_game(alice, bob, seed="act-seed")
    before = log_size(game)
    response = client_for(alice).post(
        act_url(game), {"seq": str(game.n_actions), "type": "play", "card": "1"}
    )
    assert response.status_code == 400
    assert "the game is over" in response.content.decode()
    assert log_size(game) == before


def test_get_on_the_action_endpoint_is_not_allowed(game):
    assert client_for(mover(game)).get(act_url(game)).status_code == 405


def test_csrf_is_enforced_and_the_pages_token_works(game):
    client = client_for(mover(game), enforce_csrf_checks=True)
    fields = form_of(first_legal(game), 0)
    refused = client.post(act_url(game), fields)
    assert refused.status_code == 403
    assert log_size(game) == (0, 0)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    accepted = client.post(act_url(game), {**fields, "csrfmiddlewaretoken": token})
    assert accepted.status_code == 303
    assert log_size(game) == (1, 1)
    # htmx sends the token from <body hx-headers> as the X-CSRFToken header.
    other = client_for(mover(game), enforce_csrf_checks=True)
    page = other.get(reverse("games:game", args=[game.pk])).content.decode()
    header_token = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page).group(1)
    fields = form_of(first_legal(game), 1)
    assert other.post(act_url(game), fields, **HX).status_code == 403
    htmx = other.post(act_url(game), fields, HTTP_X_CSRFTOKEN=header_token, **HX)
    assert htmx.status_code == 200
    assert log_size(game) == (2, 2)


def test_the_page_carries_the_sequence_number_and_htmx_wiring(game):
    html = client_for(mover(game)).get(reverse("games:game", args=[game.pk])).content.decode()
    form = re.search(r"<form[^>]*hx-post=\"[^\"]*\"[^>]*>", html).group(0)
    assert f'action="{act_url(game)}"' in form and 'method="post"' in form
    assert 'hx-target="#game-live"' in form and 'hx-disabled-elt="#game-controls"' in form
    assert 'name="seq" value="0"' in html
    assert 'hx-trigger="every 3s"' in html and poll_url(game, 0) in html
    assert "js/game.js" in html and "<script>" not in html


# --- decisions, draft and trade through the page ------------------------------------------


def test_raise_and_abandon_buttons_post_what_they_say(game):
    game = advance_to(game, "decide")
    state = game_state(game)
    client = client_for(mover(game))
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert f">Raise to {state.stakes_next}</button>" in html
    response = client.post(act_url(game), {"seq": str(state.n_actions), "type": "raise"}, **HX)
    assert response.status_code == 200
    assert f"You raised the stakes to {state.stakes_next}" in text(response.content.decode())


def test_trade_through_the_form(game):
    game = advance_to(game, "trade")
    state = game_state(game)
    cards, positions = state.trade_options()
    fields = {
        "seq": str(state.n_actions),
        "type": "trade",
        "card": str(cards[0]),
        "position": str(positions[-1]),
    }
    response = client_for(mover(game)).post(act_url(game), fields)
    assert response.status_code == 303
    assert game.actions.order_by("-seq").first().action["position"] == positions[-1]


# --- polling ----------------------------------------------------------------------------


def test_poll_is_204_while_nothing_changed(people, game):
    for viewer in (game.players[0], game.players[1], people[2]):
        response = client_for(viewer).get(poll_url(game, 0), **HX)
        assert response.status_code == 204
        assert response.content == b""


def test_poll_brings_the_opponents_move(game):
    waiting = game.players[1 - game_state(game).to_move]
    action = first_legal(game)
    game = play(game, [action])
    response = client_for(waiting).get(poll_url(game, 0), **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="game-live"')
    assert "Your turn" in text(html)
    assert f"led {action['card']}" in text(html)
    assert labels(html, "Play ")
    assert poll_url(game, 1) in html


def test_poll_answers_with_the_final_table_once_over(people, game):
    """A player's finished table polls on, slower, for a rematch offer (tests/games/
    test_live_changes.py); a spectator's stops (286)."""
    alice, bob, carol, _ = people
    game = both_moved(game)  # before that, resigning aborts the game
    services.game_resign(user=bob, game_id=game.pk)
    response = client_for(alice).get(poll_url(game, 0), **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "You won" in text(html) and "bob resigned." in text(html)
    assert 'hx-trigger="every 3s"' not in html and 'hx-trigger="every 10s"' in html
    response = client_for(carol).get(poll_url(game, 0), **HX)
    assert response.status_code == 286
    assert "hx-trigger" not in response.content.decode().split("</section>")[0]


def test_poll_refuses_a_garbled_sequence_number(game):
    response = client_for(game.players[0]).get(
        reverse("games:poll", args=[game.pk]) + "?seq=abc", **HX
    )
    assert response.status_code == 400


def test_poll_needs_a_login_but_for_a_public_game_in_play(game):
    # A visitor watches a public game as a spectator (tests/watch/); a waiting one is not.
    assert client_for(None).get(poll_url(game, 0)).status_code == 204  # no move yet
    waiting = make_challenge(user=game.players[0], variant="standard", days_per_move=3, rated=True)
    assert client_for(None).get(poll_url(waiting, 0)).status_code == 302


def test_waiting_page_polls_until_the_challenge_is_taken(people):
    alice, bob, _, _ = people
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    url = reverse("games:poll", args=[game.pk]) + "?waiting=1"
    client = client_for(alice)
    assert client.get(url, **HX).status_code == 204
    tables.table_join(user=bob, game_id=game.pk)
    response = client.get(url, **HX)
    assert response["HX-Refresh"] == "true"


@pytest.mark.django_db(transaction=True)
def test_htmx_move_against_a_bot_shows_its_reply_when_tasks_run_in_process():
    """With tasks run in-process (the dev site, CELERY_TASK_ALWAYS_EAGER), the bot accepts
    and answers as each change commits: the table sent back after a move is the one after
    the bot's reply, not a stale one that waits for the next poll."""
    alice = make_people()[0]
    bot = User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=False, invited=bot)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE, "the bot accepted at once"
    seat = game.seat_of(alice)
    # A move after which the bot is to move (after some, such as taking a trick, alice
    # moves again); until the deal offers one, alice plays on through the service.
    for _ in range(20):
        assert game.to_move == seat, "the bot's moves, if any, are made"
        state = game_state(game)
        replies = [
            a for a in state.legal_actions()
            if not (after := state.apply(a)[0]).over and after.to_move != seat
        ]  # fmt: skip
        if replies:
            break
        services.game_act(
            user=alice, game_id=game.pk, action=state.legal_actions()[0],
            expected_seq=game.n_actions,
        )  # fmt: skip
        game.refresh_from_db()
    before = game.n_actions
    action = replies[0]

    response = client_for(alice).post(act_url(game), form_of(action, before), **HX)

    game.refresh_from_db()
    assert game.n_actions >= before + 2, "the bot replied in the same request"
    html = response.content.decode()
    assert response.status_code == 200
    assert poll_url(game, game.n_actions) in html
    assert poll_url(game, before + 1) not in html
    if game.to_move == seat and game.status == Game.Status.ACTIVE:
        assert 'name="seq"' in html  # alice's forms are on the table again


def test_htmx_move_with_a_worker_shows_the_table_after_it_without_reading_the_log_again(
    game, django_assert_max_num_queries
):
    """In production tasks go to a worker (here: nothing runs in the request, as the test's
    transaction never commits): the table sent back is the one the move made, computed
    once (the log is read once, under the game's lock)."""
    action = first_legal(game)
    client = client_for(mover(game))
    client.get(reverse("games:game", args=[game.pk]))  # session and caches warm

    # The seats (players and scores) come in a query of their own, after the locked row.
    # 17: the opponent's first "your move" notice of this game is written here (a savepoint,
    # the update that finds none, the insert and its outbox e-mail): the game was started
    # by the table flow, whose seat draw gave the start's notice to the other player.
    with django_assert_max_num_queries(17) as queries:
        response = client.post(act_url(game), form_of(action, 0), **HX)

    assert response.status_code == 200
    html = response.content.decode()
    assert poll_url(game, 1) in html
    assert f"You led {action['card']}" in text(html)
    assert 'name="type"' not in html  # the opponent's turn now: no move forms
    sql = [q["sql"] for q in queries.captured_queries]
    assert sum('"games_gameaction"."action"' in q for q in sql) == 1, "the log is read once"
