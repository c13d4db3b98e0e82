"""One table flow for every game and seat count (issue 31, item 1), as players meet it: a
challenge is a table of two, for every game; a rematch asks every person who played; a
table that waits too long lapses; the challenges' old addresses still work; a challenge
written before the change is accepted by the new flow with the deal it was made with."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from games import tables
from games.models import Game, GameSeat, Invitation
from games.selectors import game_state
from games.xix.engine import shuffled_deal
from notifications.models import Notification
from tests.factories import UserFactory, make_challenge, play_random, start_table
from tests.games.fixtures_play import client_for, text

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


FORM = "Show the choices for this variant and seats"  # the lobby form's last words


def lists(client) -> str:
    """The text of the lobby's lists of waiting tables (after the game cards and the one
    form)."""
    return page(client, "/lobby/").split(FORM)[1]


def page(client, url) -> str:
    return text(client.get(url).content.decode())


def landed(client, response) -> str:
    """The text of the page a redirect leads to (with the message it carries)."""
    assert response.status_code == 302, response.status_code
    return page(client, response["Location"])


def test_a_xeri_challenge_to_a_named_player_accepted_and_played(
    django_capture_on_commit_callbacks,
):
    ann, bob, cy = (UserFactory(username=name) for name in ("ann", "bob", "cy"))
    anns, bobs = client_for(ann), client_for(bob)
    form = {"game": "xeri/classic", "seats": "2", "invited": "Bob", "days_per_move": "2"}
    with django_capture_on_commit_callbacks(execute=True):
        response = anns.post("/tables/new", {**form, "rated": "rated"})
    assert "Your challenge is on its way to bob." in landed(anns, response)
    game = Game.objects.get()
    assert (game.kind, game.seats_count, game.status) == ("xeri", 2, Game.Status.WAITING)
    [invited] = Notification.objects.filter(user=bob, kind=Kind.CHALLENGE)
    assert invited.text.startswith("ann challenges you to a game of Xeri (classic, 2 days")

    lobby = page(bobs, "/lobby/")
    assert "Challenges and invitations to you ann" in lobby and "Xeri Classic" in lobby
    assert "Decline" in lobby
    assert "Xeri" not in lists(client_for(cy))
    assert client_for(cy).get(game.get_absolute_url()).status_code == 404  # private

    with django_capture_on_commit_callbacks(execute=True):
        response = bobs.post(f"/tables/{game.pk}/join")
    assert response["Location"] == game.get_absolute_url()
    assert "You accepted ann's challenge: the game has begun." in landed(bobs, response)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and set(game.player_ids) == {ann.pk, bob.pk}
    [accepted] = Notification.objects.filter(user=ann, kind=Kind.ACCEPTED)
    assert accepted.text.startswith("bob accepted your challenge to Xeri")

    game = play_random(game)
    assert game.status == Game.Status.FINISHED and game_state(game).over
    assert sorted(GameSeat.objects.filter(game=game).values_list("rank", flat=True)) in (
        [1, 1],
        [1, 2],
    )


def test_the_rematch_of_a_table_of_three_with_a_bot_starts_when_every_person_accepts():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    bot = User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    over = start_table("xactika", "bid", [ann, bob, bot])
    Game.objects.filter(pk=over.pk).update(
        status=Game.Status.FINISHED, finished_at=timezone.now(), to_move=None
    )
    anns, bobs = client_for(ann), client_for(bob)

    response = anns.post(f"/games/{over.pk}/rematch")
    rematch = Game.objects.get(rematch_of=over)
    assert response["Location"] == rematch.get_absolute_url()
    assert "Rematch offered: the others can take their seats" in landed(anns, response)
    # The bot sat down at once; bob is asked.
    assert rematch.status == Game.Status.WAITING and rematch.seats_count == 3
    assert set(rematch.seats.values_list("user__username", flat=True)) == {"ann", "bot-random"}
    assert list(Invitation.objects.filter(game=rematch).values_list("user", flat=True)) == [bob.pk]
    assert Notification.objects.filter(user=bob, kind=Kind.CHALLENGE, game=rematch).exists()

    offered = page(bobs, over.get_absolute_url())
    assert "ann offers a rematch." in offered and "Accept the rematch" in offered
    assert "Rematch offered: view it" in page(anns, over.get_absolute_url())

    response = bobs.post(f"/games/{over.pk}/rematch")
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE and rematch.rated is False
    assert set(rematch.player_ids) == {ann.pk, bob.pk, bot.pk}
    assert "Everyone asked for the rematch" in landed(bobs, response)
    # Every later request leads to the same game.
    assert anns.post(f"/games/{over.pk}/rematch")["Location"] == rematch.get_absolute_url()
    assert Game.objects.filter(rematch_of=over).count() == 1


def test_a_table_waiting_too_long_lapses_and_is_removed():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    table = tables.table_create(
        user=ann, kind="onexeno", variant="basic", seats=4, days_per_move=3, rated=False
    )
    challenge = make_challenge(ann)
    lifetime = table.expires_at - table.created
    assert timedelta(days=7) - timedelta(seconds=5) < lifetime <= timedelta(days=7)
    playing = make_challenge(bob)
    tables.table_join(user=ann, game_id=playing.pk)
    past = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(pk__in=[table.pk, challenge.pk, playing.pk]).update(expires_at=past)

    bobs = client_for(bob)
    assert "ONEXENO" not in lists(bobs)
    assert "This table has lapsed" in page(bobs, table.get_absolute_url())
    with pytest.raises(tables.TableError, match="no longer open"):
        tables.table_join(user=bob, game_id=table.pk)

    call_command("periodic", "--only", "challenges")  # the job's name before tables
    assert set(Game.objects.values_list("pk", flat=True)) == {playing.pk}  # in play: kept
    assert tables.tables_expire() == 0


def test_the_challenges_old_addresses_are_served_by_the_table_flow():
    ann, bob, cy = (UserFactory(username=name) for name in ("ann", "bob", "cy"))
    anns = client_for(ann)
    old_form = {"opponent": "bob", "variant": "talon", "days_per_move": "3", "rated": "rated"}
    assert anns.post("/challenges/new", old_form).status_code == 302
    direct = Game.objects.get()
    assert (direct.kind, direct.variant, direct.seats_count) == ("xix", "talon", 2)
    assert direct.invited == bob
    bobs = client_for(bob)
    response = bobs.post(f"/challenges/{direct.pk}/withdraw")
    assert "You declined the challenge." in landed(bobs, response)
    assert not Game.objects.exists()

    # Accepting through the old address takes a seat at a table of any size.
    table = tables.table_create(
        user=ann, kind="xactika", variant="bid", seats=3, days_per_move=3, rated=False
    )
    client_for(bob).post(f"/challenges/{table.pk}/accept")
    response = client_for(cy).post(f"/challenges/{table.pk}/accept")
    assert response["Location"] == table.get_absolute_url()
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE and table.seats_count == 3


def test_a_challenge_written_before_the_one_flow_is_accepted_with_its_deal():
    """The rows ``challenge_create`` wrote: the deal in ``setup`` from the start, the
    challenger's seat without a position, the invitation."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    deal, leader = shuffled_deal("before")
    game = Game.objects.create(
        kind="xix",
        variant="standard",
        seats_count=2,
        seed="before",
        created_by=ann,
        days_per_move=3,
        rated=True,
        expires_at=timezone.now() + timedelta(days=6),
        setup={"deal": list(deal), "first_leader": leader},
    )
    GameSeat.objects.create(game=game, user=ann, joined_at=game.created)
    Invitation.objects.create(game=game, user=bob)
    assert "Challenges and invitations to you ann" in page(client_for(bob), "/lobby/")

    game = tables.table_join(user=bob, game_id=game.pk)
    assert game.status == Game.Status.ACTIVE
    assert game.setup == {"deal": list(deal), "first_leader": leader}
    assert game.to_move == leader
