"""The reference client (clients/python/xixbot) plays whole games through the API against
the site under uvicorn with push (Redis): every game the site serves at every seat count,
a person (her side played by the same client in board mode) at each table with API bots
in the other seats, and the bots against each other at two seats; one of the bots is the
command line (``python -m xixbot``), the others the same client in threads. Every game
ends, and its record replays to the same result. A last test plays through long-polls,
with push off.

A whole game through the streams costs the server a read of each seat's view at every
move (a table of ten at Xactika: some 900 moves, ten streams), so each run plays each game
at one seat count drawn from the run's seed (``tests/seat_counts.py``, ``drawn``), and
every variant; over runs every seat count comes, and ``XIX_SEATS_SEED=all`` plays every
one in one run."""

import logging
import os
import random
import subprocess
import sys
import threading
import time

import httpx
import pytest

from accounts.models import User
from api import bots, tokens
from games import registry
from games.models import Game
from games.selectors import game_line
from tests import seat_counts
from tests.factories import UserFactory
from tests.nodes import NODE_TEST, ROOT, web_nodes

sys.path.insert(0, str(ROOT / "clients" / "python"))
from xixbot.client import Player  # noqa: E402

pytestmark = NODE_TEST

SCOPES = ["read", "bot:play", "board:play", "challenge:write"]
# Seconds a whole set of games may take before the test gives up (on a shared machine
# every table at once takes a minute or two; every seat count at once, far longer).
PATIENCE = 1800 if seat_counts.run_seed() == seat_counts.EVERY else 420
# The limits are not what these tests test (tests/api/test_tokens.py does): every client
# here comes from one address, and a bot at every table sends far more than a bot would.
UNLIMITED = {
    "API_REQUESTS_PER_MINUTE_PER_ADDRESS": "1000000",
    "API_REQUESTS_PER_MINUTE_PER_TOKEN": "1000000",
}


@pytest.fixture(autouse=True)
def _quiet_http_log():
    """httpx logs every request at INFO: thousands of records a game, kept by pytest."""
    logger = logging.getLogger("httpx")
    level = logger.level
    logger.setLevel(logging.WARNING)
    yield
    logger.setLevel(level)


@pytest.fixture(scope="module")
def node(django_db_setup, django_db_blocker, tmp_path_factory):
    directory = tmp_path_factory.mktemp("api-nodes")
    with web_nodes(1, directory, django_db_blocker, **UNLIMITED) as nodes:
        yield nodes[0]


@pytest.fixture(scope="module")
def polling_node(django_db_setup, django_db_blocker, tmp_path_factory):
    """The site under uvicorn with push off: the API's streams long-poll."""
    directory = tmp_path_factory.mktemp("api-polling")
    extra = {"PUSH_EVENTS": "false", "API_POLL_SECONDS": "0.05", **UNLIMITED}
    with web_nodes(1, directory, django_db_blocker, **extra) as nodes:
        yield nodes[0]


def tables_to_play() -> list[tuple[str, str, int]]:
    """(game, variant, seats) of the tables this run plays: each served game at one of its
    seat counts drawn from the run's seed (``seat_counts.drawn``: every one with
    ``XIX_SEATS_SEED=all``), at a variant that offers it, also drawn; and each variant
    played in teams at some seat count (Xeri at four, ONEXENO's partners) on its own, at
    one of its seat counts, every run."""
    seed = seat_counts.run_seed()
    found = []
    for kind in registry.served():
        variants = registry.rules(kind).variants
        alone = {
            key: info for key, info in variants.items() if not info.team_of(max(info.seat_counts))
        }
        teams = {key: info for key, info in variants.items() if key not in alone}
        counts = sorted({n for info in alone.values() for n in info.seat_counts})
        for seats in seat_counts.drawn(counts, name=f"api-{kind}") if counts else ():
            offering = [key for key, info in alone.items() if seats in info.seat_counts]
            variant = random.Random(f"{seed}/api/{kind}/{seats}").choice(offering)
            found.append((kind, variant, seats))
        for variant, info in teams.items():
            for seats in seat_counts.drawn(info.seat_counts, name=f"api-{kind}-{variant}"):
                found.append((kind, variant, seats))
    return found


def shortest(seats: int) -> tuple[str, str]:
    """(game, variant) of the served game whose random game at ``seats`` seats is the
    shortest, played out by the engines here (a fraction of a second): the tests that need
    one game at that seat count play that one."""
    lengths = {}
    for kind in registry.served():
        rules, bots_of = registry.rules(kind), registry.bots(kind)
        for variant, info in rules.variants.items():
            if seats not in info.seat_counts:
                continue
            state = rules.new(variant, seats, rules.deal("shortest", variant, seats))
            while not state.over:
                view = rules.seat_view(state, state.to_move)
                action = bots_of.make_bot("random").choose(view, f"s/{state.n_actions}")
                state = state.apply({"seat": state.to_move, **action})[0]
            lengths[kind, variant] = state.n_actions
    return min(lengths, key=lengths.get)


def stream_mode(node, secret: str) -> str:
    headers = {"Authorization": f"Bearer {secret}"}
    with httpx.stream("GET", f"{node.url}/api/stream/event", headers=headers) as response:
        return response.headers["X-Stream-Mode"]


def account(username: str, *, bot: bool) -> tuple[User, str]:
    user = UserFactory(username=username)
    if bot:
        user = bots.account_upgrade_to_bot(user=user)
    _token, secret = tokens.token_create(user=user, name="reference client", scopes=SCOPES)
    return user, secret


def client_process(node, secret: str, games: int, log) -> subprocess.Popen:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "clients" / "python"), str(ROOT)]),
    }
    command = [sys.executable, "-m", "xixbot", "--url", node.url, "--token", secret]
    command += ["--level", "random", "--games", str(games)]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def in_thread(player: Player) -> threading.Thread:
    thread = threading.Thread(target=player.run, daemon=True)
    thread.start()
    return thread


def wait_for(processes, threads, log_path, game_ids=()) -> None:
    deadline = time.monotonic() + PATIENCE
    for process in processes:
        try:
            process.wait(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            raise AssertionError(f"the client did not finish: {log_path.read_text()}") from None
        assert process.returncode == 0, log_path.read_text()
    for thread in threads:
        thread.join(timeout=max(1, deadline - time.monotonic()))
    unfinished = (
        Game.objects.filter(pk__in=game_ids)
        .exclude(status=Game.Status.FINISHED)
        .values_list("pk", "kind", "variant", "seats_count", "status", "n_actions")
    )
    assert not any(thread.is_alive() for thread in threads), (
        f"a client did not finish; games not finished: {list(unfinished)}"
    )


def check_finished(game_ids) -> None:
    for game in Game.objects.filter(pk__in=game_ids):
        assert game.status == Game.Status.FINISHED, (game.pk, game.kind, game.status)
        rules = registry.rules(game.kind)
        state = rules.replay(game.variant, game.seats_count, game.setup, game_line(game))
        assert state.over and list(rules.outcome(state).scores) == game.scores
    assert Game.objects.filter(pk__in=game_ids).count() == len(game_ids)


def test_the_client_plays_every_game_at_every_seat_count_against_a_person_and_bots(node, tmp_path):
    """Every table at once: the person ``pat`` and the bots ``bot-1`` to ``bot-<n-1>``
    at each table of ``n`` seats (a person against bots, and bots against each other at
    three seats and more), and ``bot-1`` against ``bot-2`` at each table of two.
    The tables are set up by their players, each by the one who has set up the fewest (the
    lobby's limit on waiting tables is per creator), inviting the others, as their
    programs would."""
    plan = tables_to_play()
    largest = max(3, *(seats for _kind, _variant, seats in plan))
    _pat, pat_token = account("pat", bot=False)
    names = [f"bot-{number}" for number in range(1, largest)]
    secrets = {"pat": pat_token}
    for name in names:
        secrets[name] = account(name, bot=True)[1]
    assert stream_mode(node, secrets["bot-1"]) == "push"
    tables = [(kind, variant, ["pat", *names[: seats - 1]]) for kind, variant, seats in plan]
    # At two seats the person plays one bot: two bots play each other there too.
    tables += [(kind, variant, ["bot-1", "bot-2"]) for kind, variant, seats in plan if seats == 2]
    games = {name: sum(name in seated for *_, seated in tables) for name in secrets}
    players = {
        name: Player(node.url, secret, level="random", board=name == "pat", games=games[name])
        for name, secret in secrets.items()
        if name != "bot-1"
    }
    ids = {}
    made = dict.fromkeys(secrets, 0)
    for kind, variant, seated in tables:
        creator = min(seated, key=made.get)  # the fewest tables waiting
        made[creator] += 1
        invite = [name for name in seated if name != creator]
        maker = players.get(creator) or Player(node.url, secrets[creator], accept=False)
        game_id = maker.challenge(game=kind, variant=variant, seats=len(seated), invite=invite)
        ids[game_id] = (kind, variant, seated)
    log_path = tmp_path / "xixbot.log"
    with log_path.open("w") as log:
        command_line = client_process(node, secrets["bot-1"], games["bot-1"], log)
        threads = [in_thread(player) for player in players.values()]
        wait_for([command_line], threads, log_path, list(ids))
    assert {name: player.errors for name, player in players.items() if player.errors} == {}
    check_finished(list(ids))
    for game in Game.objects.filter(pk__in=ids).prefetch_related("seats__user"):
        kind, variant, seated = ids[game.pk]
        assert (game.kind, game.variant) == (kind, variant)
        assert sorted(player.username for player in game.players) == sorted(seated)


def test_without_push_the_client_plays_through_long_polls(polling_node, tmp_path):
    _robo, robo_token = account("polly", bot=True)
    _dora, dora_token = account("dora", bot=False)
    assert stream_mode(polling_node, robo_token) == "long-poll"
    kind, variant = shortest(2)
    log_path = tmp_path / "xixbot.log"
    with log_path.open("w") as log:
        polly = client_process(polling_node, robo_token, 1, log)
        dora = Player(polling_node.url, dora_token, level="random", board=True, games=1)
        game_id = dora.challenge(game=kind, variant=variant, invite=["polly"])
        wait_for([polly], [in_thread(dora)], log_path)
    assert dora.errors == []
    check_finished([game_id])
