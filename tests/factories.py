"""Factories and helpers for tests that need users and games in the database."""

import factory
from django.core.cache import cache

from accounts.models import User
from games import services, tables
from games.models import Game, GameSeat
from games.xix.engine import shuffled_deal
from notifications.services import viewing_key

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


def make_challenge(
    user, *, invited=None, kind="xix", variant="standard", days_per_move=3, rated=True
):
    """A challenge: a waiting table of two of ``kind`` (XIX by default) set up by ``user``,
    open, or inviting ``invited`` (a bot accepts at once: the game is then in play)."""
    return tables.table_create(
        user=user,
        kind=kind,
        variant=variant,
        seats=2,
        days_per_move=days_per_move,
        rated=rated,
        invited=[invited] if invited is not None else [],
    )


def start_game(p0, p1, *, variant="standard", seed="test-seed", days_per_move=3, rated=True):
    """An active game with ``p0`` in seat 0 and ``p1`` in seat 1, dealt from ``seed``: an
    open challenge of ``p0``'s that ``p1`` accepted (a public game)."""
    game = make_challenge(user=p0, variant=variant, days_per_move=days_per_move, rated=rated)
    Game.objects.filter(pk=game.pk).update(seed=seed)  # the deal is drawn from it at the start
    game = tables.table_join(user=p1, game_id=game.pk)
    # Whoever fills a table is sent to it and counts as looking at it for a while (no
    # e-mail of their turn meanwhile); a test's game starts in the past: nobody is looking.
    cache.delete(viewing_key(p1.pk, game.pk))
    # Seats are drawn from the seed; put the players where the test asked (positions
    # freed first: a game's positions are unique).
    seats = GameSeat.objects.filter(game=game)
    seats.update(position=None)
    seats.filter(user=p0).update(position=0)
    seats.filter(user=p1).update(position=1)
    game.refresh_from_db()
    return game


def _set_up(game, deal, first_leader, **columns):
    """Give ``game`` this deal and first leader (its ``setup``)."""
    setup = {"deal": list(deal), "first_leader": first_leader}
    Game.objects.filter(pk=game.pk).update(setup=setup, **columns)


def start_game_with_deal(p0, p1, deal, first_leader, **kwargs):
    """An active game with an explicit deal (ruling 1 layout) and first leader."""
    game = start_game(p0, p1, **kwargs)
    _set_up(game, deal, first_leader, to_move=first_leader)
    game.refresh_from_db()
    return game


def play(game, actions):
    """Apply engine actions (dicts with "seat") through the service, as the players would."""
    return _play(game, actions)[0]


def _play(game, actions):
    """``play``, and the state after the last action (None when there was none)."""
    state = None
    for action in actions:
        user = game.players[action["seat"]]
        game, state, _ = services.game_act(
            user=user, game_id=game.pk, action=action, expected_seq=game.n_actions
        )
    return game, state


def random_log(variant: str, seed: str, moves=None):
    """(deal, first leader, actions, final state) of seeded random play from the deal of
    ``seed``, chosen as ``play_random`` chooses; to the end when ``moves`` is None."""
    import random

    from games.xix.engine import new_game

    deal, leader = shuffled_deal(seed)
    state, actions, rng = new_game(variant, deal, leader), [], random.Random(0)
    while not state.over and (moves is None or len(actions) < moves):
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        state, _ = state.apply(action)
        actions.append(action)
    return deal, leader, actions, state


def play_random(game, moves=None, seed=0):
    """Play ``moves`` uniformly random legal actions (all of them to the end when None)."""
    import random

    from games.selectors import game_state

    rng = random.Random(seed)
    count = 0
    state = game_state(game)
    while game.status == Game.Status.ACTIVE and (moves is None or count < moves):
        legal = state.legal_actions()
        # The service's own state after the move: the game is not read a second time.
        game, state = _play(game, [legal[int(rng.random() * len(legal))]])
        count += 1
    return game


def start_table(kind, variant, users, *, seed="test-seed", days_per_move=3, rated=False):
    """An active game of ``kind`` with ``users[i]`` in seat i, set up from ``seed`` by the
    game's rules, written straight to the database (seat rows with their teams). For
    tests of what reads tables of any size before the lobby's table services build them."""
    from datetime import timedelta

    from django.utils import timezone

    from games import registry

    rules = registry.rules(kind)
    seats = len(users)
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    now = timezone.now()
    game = Game.objects.create(
        kind=kind,
        variant=variant,
        seats_count=seats,
        setup=setup,
        seed=seed,
        created_by=users[0],
        status=Game.Status.ACTIVE,
        to_move=state.to_move,
        days_per_move=days_per_move,
        deadline=now + timedelta(days=days_per_move),
        remind_at=now + timedelta(days=days_per_move) * 0.8,
        rated=rated,
        started_at=now,
    )
    team_of = rules.variants[variant].team_of(seats)
    GameSeat.objects.bulk_create(
        GameSeat(game=game, position=position, user=user, team=team_of.get(position))
        for position, user in enumerate(users)
    )
    return game
