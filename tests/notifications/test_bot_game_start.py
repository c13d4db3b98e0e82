"""Issue 32, item 9: starting a game against bots sends no "Your move" e-mail; the person
is being taken to its page. Their later turns, when they have left it, are e-mailed."""

import pytest
from django.core import mail

from games import services, tables
from games.models import Game
from games.selectors import game_state
from tests.cache_keys import clear_own_cache
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def your_move_mails(to: str) -> list:
    return [m for m in mail.outbox if m.to == [to] and "Your move" in m.subject]


@pytest.mark.parametrize(
    ("kind", "variant", "seats"), [("xactika", "bid", 4), ("xeri", "classic", 4)]
)
def test_a_game_against_bots_starts_without_a_your_move_mail(
    kind, variant, seats, monkeypatch, django_capture_on_commit_callbacks
):
    ann = UserFactory(username="ann", email="ann@example.com")
    # Tables whose seats the shuffle gives a bot first: the bots move before ann's turn.
    seeds = iter(f"{n:016x}" for n in range(1000))
    monkeypatch.setattr(tables.secrets, "token_hex", lambda _n: next(seeds))
    bots_first = 0
    for _ in range(6):
        with django_capture_on_commit_callbacks(execute=True):  # the bots' moves, the mails
            game = tables.table_against_bots(
                user=ann, kind=kind, variant=variant, seats=seats, level="random", days_per_move=3
            )
        game = Game.objects.get(pk=game.pk)
        assert game.players[game.to_move] == ann  # the bots have moved up to her turn
        bots_first += game.n_actions > 0
    assert bots_first > 0, "no table began with a bot's move: the test proves nothing"
    assert your_move_mails("ann@example.com") == []

    # Once she has left the page (its mark has lapsed), her next turn is e-mailed: the
    # mails above were kept back by her being at the table, not by a rule against bots.
    clear_own_cache()
    action = game_state(game).legal_actions()[0]
    with django_capture_on_commit_callbacks(execute=True):
        services.game_act(
            user=ann,
            game_id=game.pk,
            action={"seat": game.to_move, **action},
            expected_seq=game.n_actions,
        )
    if Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        assert len(your_move_mails("ann@example.com")) == 1
