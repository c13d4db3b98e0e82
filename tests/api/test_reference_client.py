"""The reference client (clients/python/xixbot) plays whole games through the API against
the site under uvicorn with push (Redis): a bot account with a token runs ``python -m
xixbot``; a person challenges it at every game the site serves and plays her side with the
same client in board mode; a table of three seats a person and two API bots; and one bot
challenges the other. Every game ends, and its record replays to the same result."""

import os
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
from tests.factories import UserFactory
from tests.nodes import NODE_TEST, ROOT, web_nodes

sys.path.insert(0, str(ROOT / "clients" / "python"))
from xixbot.client import Player  # noqa: E402

pytestmark = NODE_TEST

SCOPES = ["read", "bot:play", "board:play", "challenge:write"]
# Seconds a whole set of games may take before the test gives up (they take a few).
PATIENCE = 150


@pytest.fixture(scope="module")
def node(django_db_setup, django_db_blocker, tmp_path_factory):
    directory = tmp_path_factory.mktemp("api-nodes")
    # Every client here comes from one address: its limit must not be the one tested.
    with web_nodes(
        1, directory, django_db_blocker, API_REQUESTS_PER_MINUTE_PER_ADDRESS="100000"
    ) as nodes:
        yield nodes[0]


@pytest.fixture(scope="module")
def polling_node(django_db_setup, django_db_blocker, tmp_path_factory):
    """The site under uvicorn with push off: the API's streams long-poll."""
    directory = tmp_path_factory.mktemp("api-polling")
    extra = {
        "PUSH_EVENTS": "false",
        "API_POLL_SECONDS": "0.05",
        "API_REQUESTS_PER_MINUTE_PER_ADDRESS": "100000",
    }
    with web_nodes(1, directory, django_db_blocker, **extra) as nodes:
        yield nodes[0]


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


def wait_for(processes, threads, log_path) -> None:
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
        assert not thread.is_alive(), "a person's client did not finish"


def check_finished(game_ids) -> None:
    for game in Game.objects.filter(pk__in=game_ids):
        assert game.status == Game.Status.FINISHED, (game.pk, game.kind, game.status)
        rules = registry.rules(game.kind)
        state = rules.replay(game.variant, game.seats_count, game.setup, game_line(game))
        assert state.over and list(rules.outcome(state).scores) == game.scores
    assert Game.objects.filter(pk__in=game_ids).count() == len(game_ids)


def test_a_bot_plays_a_person_at_every_game_through_the_reference_client(node, tmp_path):
    _robo, robo_token = account("robo", bot=True)
    _alice, alice_token = account("alice", bot=False)
    assert stream_mode(node, robo_token) == "push"
    games = registry.served()
    log_path = tmp_path / "xixbot.log"
    with log_path.open("w") as log:
        robo = client_process(node, robo_token, len(games), log)
        alice = Player(node.url, alice_token, level="random", board=True, games=len(games))
        ids = []
        for kind in games:
            variant = next(iter(registry.rules(kind).variants))
            ids.append(alice.challenge(game=kind, variant=variant, invite=["robo"]))
        thread = in_thread(alice)
        wait_for([robo], [thread], log_path)
    assert alice.errors == []
    check_finished(ids)


def test_api_bots_play_each_other_and_a_person_at_a_table_of_three(node, tmp_path):
    _ann, ann_token = account("ann-bot", bot=True)
    _ben, ben_token = account("ben-bot", bot=True)
    _carol, carol_token = account("carol", bot=False)
    kind, variant = shortest(3)
    duel_kind, duel_variant = shortest(2)
    log_path = tmp_path / "xixbot.log"
    with log_path.open("w") as log:
        ben = client_process(node, ben_token, 2, log)
        ann = Player(node.url, ann_token, level="random", games=2)
        carol = Player(node.url, carol_token, level="random", board=True, games=1)
        duel = ann.challenge(game=duel_kind, variant=duel_variant, invite=["ben-bot"])
        table = carol.challenge(game=kind, variant=variant, seats=3, invite=["ann-bot", "ben-bot"])
        threads = [in_thread(ann), in_thread(carol)]
        wait_for([ben], threads, log_path)
    assert ann.errors == carol.errors == []
    check_finished([duel, table])


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
