"""Factories and helpers for tests that need users and games in the database."""

import factory

from accounts.models import User
from games import services
from games.models import Game
from games.xix.engine import shuffled_deal

PASSWORD = "xix-test-pass"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")

    @factory.post_generation
    def password(user, create, extracted, **kwargs):
        user.set_password(extracted or PASSWORD)
        if create:
            user.save(update_fields=["password"])


def start_game(p0, p1, *, variant="standard", seed="test-seed", days_per_move=3, rated=True):
    """An active game with ``p0`` in seat 0 and ``p1`` in seat 1, dealt from ``seed``."""
    game = services.challenge_create(
        user=p0, variant=variant, days_per_move=days_per_move, rated=rated, invited=p1
    )
    deal, first_leader = shuffled_deal(seed)
    Game.objects.filter(pk=game.pk).update(seed=seed, deal=deal, first_leader=first_leader)
    game = services.challenge_accept(user=p1, game_id=game.pk)
    # Seats are drawn from the seed; put the players where the test asked.
    Game.objects.filter(pk=game.pk).update(player0=p0, player1=p1)
    game.refresh_from_db()
    return game


def start_game_with_deal(p0, p1, deal, first_leader, **kwargs):
    """An active game with an explicit deal (ruling 1 layout) and first leader."""
    game = start_game(p0, p1, **kwargs)
    Game.objects.filter(pk=game.pk).update(
        deal=list(deal), first_leader=first_leader, to_move=first_leader
    )
    game.refresh_from_db()
    return game


def play(game, actions):
    """Apply engine actions (dicts with "seat") through the service, as the players would."""
    for action in actions:
        user = game.players[action["seat"]]
        game, _, _ = services.game_act(
            user=user, game_id=game.pk, action=action, expected_seq=game.n_actions
        )
    return game


def play_random(game, moves=None, seed=0):
    """Play ``moves`` uniformly random legal actions (all of them to the end when None)."""
    import random

    from games.selectors import game_state

    rng = random.Random(seed)
    count = 0
    while game.status == Game.Status.ACTIVE and (moves is None or count < moves):
        legal = game_state(game).legal_actions()
        game = play(game, [legal[int(rng.random() * len(legal))]])
        count += 1
    return game
