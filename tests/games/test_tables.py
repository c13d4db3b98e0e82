"""Table services (games/tables.py): tables of 2..10 seats for any served game. Create,
join, leave, invite several, decline, add bots, the one start with seeded positions and
teams, lapse, and refusals that change nothing. Tally (tests/kit/tally) is the game."""

import random
from datetime import timedelta

import pytest

from accounts.models import User
from games import registry, services, tables
from games.models import Game, GameSeat, Invitation
from notifications.models import Notification
from tests.at_once import at_once, failures
from tests.factories import UserFactory, make_challenge

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


def users(*names):
    return [UserFactory(username=name) for name in names]


def new_table(user, *, variant="open", seats=4, invited=(), rated=True, days=3):
    return tables.table_create(
        user=user,
        kind="tally",
        variant=variant,
        seats=seats,
        days_per_move=days,
        rated=rated,
        invited=invited,
    )


def seated(game):
    return sorted(GameSeat.objects.filter(game=game).values_list("user__username", flat=True))


def test_a_table_waits_with_its_creator_seated_and_no_positions_yet():
    (ann,) = users("ann")
    game = new_table(ann, seats=5, days=5, rated=False)

    assert (game.kind, game.variant, game.seats_count) == ("tally", "open", 5)
    assert (game.status, game.days_per_move, game.rated) == (Game.Status.WAITING, 5, False)
    assert game.setup is None and game.to_move is None
    assert list(game.seats.values_list("user__username", "position")) == [("ann", None)]
    assert timedelta(days=7) - timedelta(seconds=5) < game.expires_at - game.created


def test_the_table_starts_once_when_the_last_seat_is_filled():
    ann, bob, cy, dee = users("ann", "bob", "cy", "dee")
    game = new_table(ann, variant="partners", seats=4)
    for joiner in (bob, cy):
        assert tables.table_join(user=joiner, game_id=game.pk).status == Game.Status.WAITING

    game = tables.table_join(user=dee, game_id=game.pk)
    game.refresh_from_db()

    assert game.status == Game.Status.ACTIVE and game.started_at is not None
    # Positions: the joined users (in the order they sat down) shuffled by the seed.
    order = [ann, bob, cy, dee]
    random.Random(f"{game.seed}/seats").shuffle(order)
    assert list(game.players) == order
    # Teams from the variant: partners at 4 seats are (0, 2) and (1, 3).
    teams = dict(game.seats.values_list("position", "team"))
    assert teams == {0: 0, 1: 1, 2: 0, 3: 1}
    rules = registry.rules("tally")
    assert game.setup == rules.deal(game.seed, "partners", 4)
    assert game.to_move == rules.new("partners", 4, game.setup).to_move
    assert game.deadline is not None and game.remind_at < game.deadline
    # Everyone but the one who filled the table is told it began; the one to move is
    # told it is their turn (unless they filled it themselves).
    told = Notification.objects.filter(game=game, kind=Notification.Kind.ACCEPTED)
    assert sorted(n.user.username for n in told) == ["ann", "bob", "cy"]


def test_a_two_seat_table_of_another_game_seats_both_players_by_the_seed():
    ann, bob = users("ann", "bob")
    game = new_table(ann, variant="duel", seats=2)
    game = tables.table_join(user=bob, game_id=game.pk)
    game.refresh_from_db()

    order = [ann, bob]
    random.Random(f"{game.seed}/seats").shuffle(order)
    assert (game.players[0], game.players[1]) == tuple(order)
    assert list(game.seats.order_by("position").values_list("user", flat=True)) == [
        u.pk for u in order
    ]


def test_invite_several_holds_their_seats_and_keeps_the_table_private():
    ann, bob, cy, dee, eve = users("ann", "bob", "cy", "dee", "eve")
    game = new_table(ann, seats=4, invited=[bob, cy])

    assert sorted(game.invitations.values_list("user__username", flat=True)) == ["bob", "cy"]
    invited = Notification.objects.filter(game=game, kind=Notification.Kind.CHALLENGE)
    assert sorted(n.user.username for n in invited) == ["bob", "cy"]
    # Strangers cannot see it, let alone join.
    with pytest.raises(services.NoSuchGame):
        tables.table_join(user=eve, game_id=game.pk)
    # One free seat besides the two held ones: only a bot of the creator's may take it.
    tables.table_join(user=bob, game_id=game.pk)
    game = tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    assert game.status == Game.Status.WAITING
    with pytest.raises(tables.TableError, match="no free seat"):
        tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    game = tables.table_join(user=cy, game_id=game.pk)
    assert game.status == Game.Status.ACTIVE and game.rated is False
    assert Invitation.objects.filter(game=game, answered_at__isnull=True).count() == 0
    assert dee.pk not in game.player_ids


def test_an_invitee_who_declines_frees_the_seat_for_a_bot():
    ann, bob, cy = users("ann", "bob", "cy")
    game = new_table(ann, seats=3, invited=[bob, cy])

    assert tables.table_leave(user=bob, game_id=game.pk) == tables.DECLINED
    invitation = Invitation.objects.get(game=game, user=bob)
    assert invitation.declined and invitation.answered_at is not None
    # Having declined, bob no longer sees the private table.
    with pytest.raises(services.NoSuchGame):
        tables.table_join(user=bob, game_id=game.pk)
    tables.table_join(user=cy, game_id=game.pk)
    game = tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert sorted(p.username for p in game.players) == ["ann", "bot-random-2", "cy"]


def test_leave_gives_up_a_seat_and_the_creator_cancels():
    ann, bob, cy = users("ann", "bob", "cy")
    game = new_table(ann, seats=3)
    tables.table_join(user=bob, game_id=game.pk)

    assert tables.table_leave(user=bob, game_id=game.pk) == tables.LEFT
    assert seated(game) == ["ann"]
    with pytest.raises(services.NotAPlayer):
        tables.table_leave(user=cy, game_id=game.pk)
    assert tables.table_leave(user=ann, game_id=game.pk) == tables.CANCELLED
    assert not Game.objects.filter(pk=game.pk).exists()


def test_bots_fill_a_six_seat_table_with_an_account_each():
    ann, bob = users("ann", "bob")
    User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = new_table(ann, variant="partners", seats=6, rated=True)
    tables.table_join(user=bob, game_id=game.pk)
    for _ in range(4):
        game = tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    game.refresh_from_db()

    assert game.status == Game.Status.ACTIVE and game.rated is False
    assert sorted(u.username for u in game.players if u.is_bot) == [
        "bot-random",
        "bot-random-2",
        "bot-random-3",
        "bot-random-4",
    ]
    # A second table reuses the accounts made for the first.
    other = new_table(bob, seats=3)
    tables.table_add_bot(user=bob, game_id=other.pk, level="random")
    assert User.objects.filter(is_bot=True).count() == 4


def test_only_the_creator_adds_bots_of_a_level_the_game_has():
    ann, bob = users("ann", "bob")
    game = new_table(ann, seats=3)
    tables.table_join(user=bob, game_id=game.pk)
    with pytest.raises(services.NotAPlayer, match="creator"):
        tables.table_add_bot(user=bob, game_id=game.pk, level="random")
    # Tally's bots have one level; the site's other levels are refused for it.
    with pytest.raises(tables.TableError, match="bot level: Beginner"):
        tables.table_add_bot(user=ann, game_id=game.pk, level="strong")
    game.refresh_from_db()
    assert game.rated is True and seated(game) == ["ann", "bob"]


def test_an_invited_bot_sits_down_at_once_and_makes_the_table_casual():
    (ann,) = users("ann")
    bot = User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = new_table(ann, seats=2, variant="duel", invited=[bot], rated=True)

    assert game.status == Game.Status.ACTIVE and game.rated is False
    assert set(game.player_ids) == {ann.pk, bot.pk}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "chess"}, "games the site serves"),
        ({"variant": "solo"}, "no such variant"),
        ({"seats": 11}, "played by 3, 4, 5"),
        ({"variant": "partners", "seats": 5}, "played by 4, 6"),
        ({"seats": "4"}, "played by"),
        ({"days_per_move": 4}, "1, 2, 3, 5, 7 or 14"),
    ],
)
def test_bad_table_settings_are_refused(fields, message):
    (ann,) = users("ann")
    settings = {"kind": "tally", "variant": "open", "seats": 4, "days_per_move": 3, **fields}
    with pytest.raises(tables.TableError, match=message) as refused:
        tables.table_create(user=ann, rated=True, **settings)
    assert refused.value.status == 400
    assert not Game.objects.exists()


def test_bad_invitations_are_refused():
    ann, bob, cy, dee = users("ann", "bob", "cy", "dee")
    gone = User.objects.create(username="gone", is_active=False)
    for invited, message in [
        ([ann], "yourself"),
        ([bob, bob], "once"),
        ([gone], "gone cannot be invited"),
        ([bob, cy, dee], "room for 2 more"),
    ]:
        with pytest.raises(tables.TableError, match=message):
            new_table(ann, seats=3, invited=invited)
    assert not Game.objects.exists() and not Invitation.objects.exists()


def test_a_game_the_site_does_not_serve_gets_no_table(served_tally):
    (ann,) = users("ann")
    registry.SERVED.remove("tally")
    try:
        with pytest.raises(tables.TableError, match="serves"):
            new_table(ann)
    finally:
        registry.SERVED.append("tally")


def test_join_refusals_change_nothing():
    ann, bob = users("ann", "bob")
    bot = User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = new_table(ann, seats=3)
    for user, error, message in [
        (ann, tables.TableError, "already have a seat"),
        (bot, tables.TableError, "Bots sit down only"),
    ]:
        with pytest.raises(error, match=message):
            tables.table_join(user=user, game_id=game.pk)
    with pytest.raises(services.NoSuchGame):
        tables.table_join(user=bob, game_id=987654)
    assert seated(game) == ["ann"]


def test_a_table_that_does_not_fill_lapses(clock):
    ann, bob = users("ann", "bob")
    game = new_table(ann, seats=3)
    clock.advance(days=tables.TABLE_LIFETIME.days)

    with pytest.raises(tables.TableError, match="no longer open"):
        tables.table_join(user=bob, game_id=game.pk)
    assert tables.tables_expire() == 1
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not GameSeat.objects.exists()


def test_a_started_table_cannot_be_joined_or_left():
    ann, bob, cy = users("ann", "bob", "cy")
    game = new_table(ann, variant="duel", seats=2)
    tables.table_join(user=bob, game_id=game.pk)
    with pytest.raises(tables.TableError, match="no longer open"):
        tables.table_join(user=cy, game_id=game.pk)
    with pytest.raises(tables.TableError, match="resign"):
        tables.table_leave(user=bob, game_id=game.pk)


def test_an_xix_challenge_is_a_table_of_two_dealt_when_it_starts():
    ann, bob = users("ann", "bob")
    game = tables.table_create(
        user=ann, kind="xix", variant="talon", seats=2, days_per_move=3, rated=True
    )
    assert (game.kind, game.seats_count, game.invited, game.setup) == ("xix", 2, None, None)
    game = tables.table_join(user=bob, game_id=game.pk)
    assert game.status == Game.Status.ACTIVE and set(game.player_ids) == {ann.pk, bob.pk}
    assert game.setup["deal"] and game.to_move == game.setup["first_leader"]
    with pytest.raises(tables.TableError, match="played by 2"):
        tables.table_create(
            user=ann, kind="xix", variant="standard", seats=3, days_per_move=3, rated=True
        )


def test_a_bot_takes_an_open_xix_challenge_and_it_becomes_casual():
    (ann,) = users("ann")
    User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = make_challenge(user=ann, variant="standard", days_per_move=3, rated=True)
    game = tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    assert game.status == Game.Status.ACTIVE and game.rated is False
    assert sorted(player.username for player in game.players) == ["ann", "bot-random"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_people_taking_the_last_seat_at_once_one_gets_it():
    ann, bob, cy, dee = users("ann", "bob", "cy", "dee")
    game = new_table(ann, seats=3)
    tables.table_join(user=bob, game_id=game.pk)
    rivals = [cy, dee]

    results = at_once(lambda i: tables.table_join(user=rivals[i], game_id=game.pk), 2)

    refused = failures(results)
    assert len(refused) == 1 and isinstance(refused[0], tables.TableError)
    assert "no longer open" in str(refused[0]) and refused[0].status == 400
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert GameSeat.objects.filter(game=game).count() == 3
    assert sorted(GameSeat.objects.filter(game=game).values_list("position", flat=True)) == [
        0,
        1,
        2,
    ]
    winner = next(r for r in results if not isinstance(r, BaseException))
    assert winner.pk == game.pk
    # Started once: ann and bob are told once each, the one who filled it not at all.
    told = Notification.objects.filter(game=game, kind=Notification.Kind.ACCEPTED)
    assert sorted(told.values_list("user__username", flat=True)) == ["ann", "bob"]


def finished_table(users_, variant="open"):
    """A tally table of ``users_`` played to its end through the services."""
    from games.selectors import game_state
    from tests.factories import play

    game = new_table(users_[0], variant=variant, seats=len(users_), rated=False)
    for person in users_[1:]:
        if person.is_bot:
            tables.table_add_bot(user=users_[0], game_id=game.pk, level=person.bot_level)
        else:
            tables.table_join(user=person, game_id=game.pk)
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE:
        game = play(game, [game_state(game).legal_actions()[0]])
        game.refresh_from_db()
    return game


def test_a_rematch_invites_every_other_player_and_starts_when_all_have_asked():
    ann, bob, cy = users("ann", "bob", "cy")
    old = finished_table([ann, bob, cy])
    assert old.status == Game.Status.FINISHED

    rematch = tables.table_rematch(user=bob, game_id=old.pk)
    assert rematch.status == Game.Status.WAITING and rematch.rematch_of_id == old.pk
    assert (rematch.kind, rematch.variant, rematch.seats_count) == ("tally", "open", 3)
    assert sorted(rematch.invitations.values_list("user__username", flat=True)) == ["ann", "cy"]
    assert tables.table_rematch(user=bob, game_id=old.pk).pk == rematch.pk
    assert tables.table_rematch(user=cy, game_id=old.pk).status == Game.Status.WAITING
    started = tables.table_rematch(user=ann, game_id=old.pk)
    assert started.pk == rematch.pk and started.status == Game.Status.ACTIVE
    assert tables.table_rematch(user=cy, game_id=old.pk).pk == rematch.pk


def test_accepting_and_declining_at_a_table_of_three():
    ann, bob, cy = users("ann", "bob", "cy")
    game = new_table(ann, seats=3, invited=[bob, cy])
    assert tables.table_join(user=bob, game_id=game.pk).status == Game.Status.WAITING
    assert seated(game) == ["ann", "bob"]
    assert tables.table_leave(user=cy, game_id=game.pk) == tables.DECLINED
    assert Invitation.objects.get(game=game, user=cy).declined  # the table waits on
    assert tables.table_leave(user=ann, game_id=game.pk) == tables.CANCELLED
    assert not Game.objects.filter(pk=game.pk).exists()
