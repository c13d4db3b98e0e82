"""``manage.py import_record``, and the admin's read-only view of games and their logs."""

import io
import json
import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games import registry
from games.models import Game, GameAction
from games.selectors import game_state
from games.xix.engine import make_record, new_game, shuffled_deal
from notifications.models import Notification
from tests.factories import UserFactory, play_random, start_game

pytestmark = pytest.mark.django_db


def random_record(seed: int, moves: int | None = None, variant: str = "standard") -> dict:
    """A legal record: random moves from a seeded deal, to the end when ``moves`` is None."""
    rng = random.Random(seed)
    deal, leader = shuffled_deal(seed)
    state = new_game(variant, deal, leader)
    actions = []
    while not state.over and (moves is None or len(actions) < moves):
        action = rng.choice(state.legal_actions())
        state, _ = state.apply(action)
        actions.append(action)
    return make_record(variant, deal, leader, actions, players=["x", "y"])


def run(tmp_path, record, *players) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    out = io.StringIO()
    call_command("import_record", str(path), "--players", *players, stdout=out)
    return out.getvalue().strip()


@pytest.fixture
def ann_bob():
    return UserFactory(username="ann"), UserFactory(username="bob")


def test_finished_record(tmp_path, ann_bob):
    ann, bob = ann_bob
    record = random_record(11, variant="talon")
    url = run(tmp_path, record, "ann", "bob")

    game = Game.objects.get()
    assert url == f"http://127.0.0.1:8000/games/{game.pk}/"  # SITE_URL + the game's page
    state = game_state(game)  # the stored log replays to the record's end
    assert state.over
    assert game.status == Game.Status.FINISHED
    assert (game.variant, game.seed, game.rated) == ("talon", "imported", False)
    assert (game.players, game.created_by) == ((ann, bob), ann)
    assert [game.scores[0], game.scores[1]] == list(state.scores)
    assert game.winner == state.winner and game.reason == state.reason
    assert game.n_actions == len(record["actions"]) == game.actions.count()
    assert game.finished_at is not None and game.deadline is None and game.to_move is None
    assert list(game.actions.values_list("action", flat=True)) == record["actions"]


def test_active_record_continues_as_a_game(tmp_path, ann_bob, client):
    ann, bob = ann_bob
    record = random_record(5, moves=6)
    run(tmp_path, record, "bob", "ann")

    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert (game.players[0], game.players[1]) == (bob, ann)
    assert game.to_move == game_state(game).to_move
    assert game.deadline is not None and game.n_actions == 6
    # It can be played on through the usual service.
    game = play_random(game, moves=2, seed=1)
    assert game.n_actions == 8


def test_an_imported_game_in_play_gets_the_clock_and_reminder_of_any_game(tmp_path, ann_bob, clock):
    """Issue 14 item 16: the import goes through games.services, so an unfinished game
    starts its turn like any other: full period, and the reminder when a fifth is left."""
    from games import services

    record = random_record(5, moves=6)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    call_command(
        "import_record", str(path), "--players", "ann", "bob", days_per_move=5, stdout=io.StringIO()
    )

    game = Game.objects.get()
    assert game.deadline == clock.now + timedelta(days=5)
    assert game.remind_at == clock.now + timedelta(days=4)
    clock.advance(days=4, minutes=1)
    assert services.deadlines_sweep()["reminded"] == 1
    mover = game.players[game.to_move]
    assert Notification.objects.filter(user=mover, kind=Notification.Kind.DEADLINE).count() == 1


def test_only_the_games_services_write_game_rows():
    """games/services/ says nothing else writes Game or GameAction rows: no other
    first-party module creates or bulk-creates them (the import command included), but
    the table services beside it (games/tables.py) and the take-back (games/takeback.py,
    which appends its one row to the log)."""
    root = Path(__file__).resolve().parents[2]
    writes = re.compile(r"\b(Game|GameAction)(\.objects\.(create|bulk_create|get_or_create)|\()")
    offenders = []
    for app in ("accounts", "games", "moderation", "notifications", "ratings", "xix_site"):
        for source in (root / app).rglob("*.py"):
            relative = source.relative_to(root).as_posix()
            if "/migrations/" in relative or relative in ("games/tables.py", "games/takeback.py"):
                continue
            if relative.startswith("games/services/"):
                continue
            text = source.read_text()
            if "models" not in text:
                continue  # a pure engine's own class of that name (its Game of a deal)
            for number, line in enumerate(text.splitlines(), 1):
                code = line.split("#")[0]
                if writes.search(code) and "(pk=" not in code and "class " not in code:
                    offenders.append(f"{relative}:{number}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda r: r["actions"].append({"seat": 0, "type": "play", "card": 99}), "is illegal"),
        (lambda r: r.update(deal=[1] * 18), "not a valid xix/1 record"),
        (lambda r: r.update(format="xix/9"), 'not a game record: "format" must be one of "xix/1"'),
        (lambda r: r.pop("actions"), "not a valid xix/1 record"),
    ],
)
def test_illegal_record_creates_nothing(tmp_path, ann_bob, spoil, message):
    record = random_record(3, moves=4)
    spoil(record)
    with pytest.raises(CommandError, match=message):
        run(tmp_path, record, "ann", "bob")
    assert not Game.objects.exists() and not GameAction.objects.exists()


def test_illegal_action_index_is_named(tmp_path, ann_bob):
    record = random_record(3, moves=4)
    record["actions"][2] = {"seat": 1 - record["actions"][2]["seat"], "type": "raise"}
    with pytest.raises(CommandError, match="action 2 of the record is illegal"):
        run(tmp_path, record, "ann", "bob")
    assert not Game.objects.exists()


def test_not_json_and_missing_file(tmp_path, ann_bob):
    with pytest.raises(CommandError, match="not valid JSON"):
        run(tmp_path, "{nope", "ann", "bob")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_record", str(tmp_path / "absent.json"), "--players", "ann", "bob")


def test_unknown_or_same_users(tmp_path, ann_bob):
    record = random_record(4)
    with pytest.raises(CommandError, match="There is no user called 'zed'"):
        run(tmp_path, record, "ann", "zed")
    with pytest.raises(CommandError, match="must be different"):
        run(tmp_path, record, "ann", "ANN")
    assert not Game.objects.exists()


def table_record(kind: str, variant: str, seats: int, seed: str, moves=None) -> dict:
    """A legal record of any registered game: seeded random play from its seeded set-up."""
    rules = registry.rules(kind)
    setup = rules.deal(seed, variant, seats)
    state, actions, rng = rules.new(variant, seats, setup), [], random.Random(seed)
    while not state.over and (moves is None or len(actions) < moves):
        action = rng.choice(state.legal_actions())
        state, _ = state.apply(action)
        actions.append(action)
    return {**rules.record_header(variant, seats, setup), "actions": actions}


@pytest.mark.parametrize(
    ("kind", "variant", "seats"),
    [
        ("xix", "v2", 2),
        ("xactika", "bid", 4),
        ("xeri", "classic", 4),
        ("xeri", "classic", 2),
        ("onexeno", "basic", 3),
        ("onexeno", "partners", 4),
    ],
)
def test_a_record_of_any_game_imports_with_a_player_per_seat(tmp_path, kind, variant, seats):
    """Finished: every seat's score and place are the engine's outcome and the replay of the
    imported log gives it again; nobody is told and nothing is rated."""
    rules = registry.rules(kind)
    names = [f"u{seat}" for seat in range(seats)]
    for name in names:
        UserFactory(username=name)
    record = table_record(kind, variant, seats, seed=f"import-{kind}")
    url = run(tmp_path, record, *names)
    game = Game.objects.get()
    assert url.endswith(game.get_absolute_url())
    assert (game.kind, game.variant, game.seats_count, game.rated) == (kind, variant, seats, False)
    assert game.status == Game.Status.FINISHED
    assert [player.username for player in game.players] == names
    outcome = rules.outcome(game_state(game))
    rows = list(game.seats.order_by("position"))
    assert [row.rank for row in rows] == list(outcome.ranks)
    assert [row.score for row in rows] == list(outcome.scores)
    sides = rules.variants[variant].sides(seats)
    if sides:
        assert [row.team for row in rows] == [
            next(t for t, side in enumerate(sides) if seat in side) for seat in range(seats)
        ]
    assert (
        list(GameAction.objects.order_by("seq").values_list("action", flat=True))
        == record["actions"]
    )
    assert not Notification.objects.exists()


def test_a_table_record_in_play_goes_on_with_the_clock_for_the_seat_to_move(tmp_path):
    names = ["u0", "u1", "u2", "u3", "u4"]
    for name in names:
        UserFactory(username=name)
    record = table_record("tally", "open", 5, seed="import-tally", moves=7)
    run(tmp_path, record, *names)
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and game.n_actions == 7
    assert game.to_move == game_state(game).to_move and game.deadline is not None
    assert all(row.rank is None for row in game.seat_rows())


def test_a_record_needs_one_player_per_seat(tmp_path):
    for name in ("u0", "u1", "u2", "u3"):
        UserFactory(username=name)
    record = table_record("tally", "open", 3, seed="count")
    with pytest.raises(CommandError, match="a game of 3 seats: give --players 3 usernames, not 2"):
        run(tmp_path, record, "u0", "u1")
    with pytest.raises(CommandError, match="not 4"):
        run(tmp_path, record, "u0", "u1", "u2", "u3")
    with pytest.raises(CommandError, match="The 3 players must be different users"):
        run(tmp_path, record, "u0", "u1", "U0")
    assert not Game.objects.exists()


# --- admin ------------------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    boss = User.objects.create_superuser("boss", "boss@example.com", "a-long-password-9")
    client.force_login(boss)
    return client


def test_admin_lists_and_searches_games(admin_client, ann_bob):
    ann, bob = ann_bob
    game = start_game(ann, bob, seed="admin")
    cat, dan = UserFactory(username="cat"), UserFactory(username="dan")
    start_game(cat, dan, seed="other")

    response = admin_client.get("/admin/games/game/", {"q": "bob"})
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [game]
    response = admin_client.get("/admin/games/game/", {"status__exact": "finished"})
    assert list(response.context["cl"].result_list) == []


def test_admin_cannot_change_or_delete_game_actions(admin_client, ann_bob):
    ann, bob = ann_bob
    game = play_random(start_game(ann, bob, seed="log"), moves=3)
    action = game.actions.first()

    page = admin_client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200  # view only
    html = page.content.decode()
    assert 'name="actions-0-seat"' not in html  # the inline shows the log without inputs
    assert str(action.action["type"]) in html

    before = list(GameAction.objects.values_list("seq", "seat", "action"))
    change = admin_client.post(
        f"/admin/games/gameaction/{action.pk}/change/",
        {"game": game.pk, "seq": 0, "seat": 1 - action.seat, "action": "{}"},
    )
    delete = admin_client.post(f"/admin/games/gameaction/{action.pk}/delete/", {"post": "yes"})
    add = admin_client.get("/admin/games/gameaction/add/")
    bulk = admin_client.post(
        "/admin/games/gameaction/",
        {"action": "delete_selected", "_selected_action": [action.pk], "post": "yes"},
    )
    assert change.status_code == 403 and delete.status_code == 403 and add.status_code == 403
    assert bulk.status_code in (200, 302)
    assert list(GameAction.objects.values_list("seq", "seat", "action")) == before
