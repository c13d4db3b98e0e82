"""Turn signals and comforts (issue 19): the tab's title and icon count the games waiting
for your move; the settings for a sound, a move confirmation and forced moves; the site
plays a forced move (exactly one legal action) for a player who asked it to."""

import pytest

from games.models import Game
from games.selectors import game_state
from notifications.models import Notification
from tests.factories import UserFactory, play, start_game, start_table

pytestmark = pytest.mark.django_db


def title_of(page: str) -> str:
    return page.split("<title>", 1)[1].split("</title>", 1)[0]


def test_the_title_and_icon_count_the_games_waiting_for_your_move(client):
    alice, bob, cy = (UserFactory(username=name) for name in ("alice", "bob", "cy"))
    for seed in ("t1", "t2"):
        game = start_game(alice, bob, seed=seed)
        if game.players[game.to_move] != alice:
            play(game, [game_state(game).legal_actions()[0]])
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert title_of(page).startswith("(2) ")
    assert 'id="favicon" href="/static/favicon-turn.svg"' in page
    client.force_login(cy)
    page = client.get("/lobby/").content.decode()
    assert not title_of(page).startswith("(")
    assert 'id="favicon" href="/static/favicon.svg"' in page


def test_the_settings_page_saves_the_turn_signals_and_the_pages_carry_them(client):
    dora = UserFactory(username="dora")
    client.force_login(dora)
    page = client.get("/settings/").content.decode()
    assert "Sound on your turn" in page and "Confirm each move" in page
    assert "Play my forced moves" in page
    assert "data-turn-sound" not in page and "data-confirm-moves" not in page
    response = client.post(
        "/settings/",
        {
            "email_notifications": "each",
            "time_zone": "UTC",
            "turn_sound": "on",
            "confirm_moves": "on",
            "auto_forced": "on",
        },
    )
    assert response.status_code == 302
    dora.refresh_from_db()
    assert dora.turn_sound and dora.confirm_moves and dora.auto_forced
    page = client.get("/lobby/").content.decode()
    assert "data-turn-sound" in page and "data-confirm-moves" in page
    # Unticked boxes turn them off again.
    client.post("/settings/", {"email_notifications": "each", "time_zone": "UTC"})
    dora.refresh_from_db()
    assert not (dora.turn_sound or dora.confirm_moves or dora.auto_forced)


def tally_game(auto_forced):
    """A tally duel (3 cards each, one per round): in the last round each seat holds one
    card, its only legal action."""
    ann = UserFactory(username="ann", auto_forced=auto_forced)
    ben = UserFactory(username="ben")
    return start_table("tally", "duel", [ann, ben], seed="forced"), ann, ben


def play_round(game, capture):
    for _ in range(2):
        with capture(execute=True):
            game = play(game, [game_state(game).legal_actions()[-1]])
    return game


def test_the_site_plays_a_forced_move_for_a_player_who_asked(
    served_tally, django_capture_on_commit_callbacks
):
    game, ann, ben = tally_game(auto_forced=True)
    seat_of_ann = game.players.index(ann)
    for _ in range(2):  # rounds 1 and 2: two cards in hand, a choice: nothing is forced
        game = play_round(game, django_capture_on_commit_callbacks)
    game = Game.objects.get(pk=game.pk)
    # The last round began. ann holds one card: if she leads it, the site has played it
    # already; either way ben, who did not ask, is to move and is told so.
    led_by_ann = game.actions.filter(seat=seat_of_ann).count() == 3
    assert game.n_actions == (5 if led_by_ann else 4)
    assert game.players[game.to_move] == ben
    assert Notification.objects.filter(user=ben, game=game, kind="your_turn").exists()
    with django_capture_on_commit_callbacks(execute=True):
        play(game, [game_state(game).legal_actions()[0]])
    game = Game.objects.get(pk=game.pk)
    # ann never played her last card herself, and the game is over.
    assert game.status == Game.Status.FINISHED
    assert game.actions.filter(seat=seat_of_ann).count() == 3


def test_a_forced_move_is_not_played_for_a_player_who_did_not_ask(
    served_tally, django_capture_on_commit_callbacks
):
    game, ann, ben = tally_game(auto_forced=False)
    for _ in range(2):
        game = play_round(game, django_capture_on_commit_callbacks)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE and len(game_state(game).legal_actions()) == 1
    mover = game.players[game.to_move]
    assert game.actions.filter(seat=game.to_move).count() == 2  # still waiting for them
    assert Notification.objects.filter(user=mover, game=game, read_at__isnull=True).exists()


def test_a_player_who_asked_still_chooses_when_there_is_a_choice(
    served_tally, django_capture_on_commit_callbacks
):
    game, ann, ben = tally_game(auto_forced=True)
    assert len(game_state(game).legal_actions()) == 3
    assert game.n_actions == 0  # nothing was played for anyone at the start
