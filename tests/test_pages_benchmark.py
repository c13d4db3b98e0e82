"""The open-pages load test (benchmarks/load/pages.py) reads the site's pages as a browser's
htmx does: these checks keep its patterns in step with the templates, so a change to the
game page cannot leave the benchmark silently polling nothing or never moving. No server
is started here (the benchmark itself is run by hand: docs/performance.md)."""

import asyncio
from pathlib import Path

import pytest

from tests import file_module
from tests.factories import start_game
from tests.games.fixtures_play import client_for, make_people

pytestmark = pytest.mark.django_db

PAGES = Path(__file__).resolve().parents[1] / "benchmarks" / "load" / "pages.py"


@pytest.fixture(scope="module")
def pages():
    module = file_module.load("load_pages", PAGES)
    return module


class FakeRun:
    def __init__(self):
        self.seen_at, self.badges, self.pings = [], [], 0
        self.port = 1

    def seen(self, page, seq):
        self.seen_at.append(seq)

    def badges_wanted(self, page):
        self.badges.append(page.game)


def test_the_benchmark_finds_the_polls_and_the_moves_of_a_game_page(pages, settings):
    alice, bob, *_ = make_people()
    game = start_game(alice, bob, seed="pages-benchmark")
    mover = game.players[game.to_move]
    other = game.players[1 - game.to_move]
    settings.PUSH_EVENTS = True
    run = FakeRun()
    for user, playable in ((mover, True), (other, False)):
        page = pages.Page(run, {"game": game.pk, "session": "x"}, "sessionid")
        text = client_for(user).get(game.get_absolute_url()).content.decode()
        page.take_table(text)
        page.take_chat(text)
        assert page.game_url.startswith(f"/games/{game.pk}/poll?seq=0&v=")
        assert page.chat_url.startswith(f"/games/{game.pk}/chat/?after=0&v=")
        assert bool(page.moves) is playable
    # The mover's forms are complete posts (hidden fields and a button's value), which the
    # site takes as htmx's, answering with the new table.
    browser = client_for(mover)
    act = f"/games/{game.pk}/act"
    move = pages.legal_moves(browser.get(game.get_absolute_url()).content.decode(), act)[0]
    posted = browser.post(act, move, headers={"HX-Request": "true"})
    assert posted.status_code == 200
    game.refresh_from_db()
    assert game.n_actions == 1
    page.take_table(posted.content.decode())
    assert page.seq == 1 and run.seen_at[-1] == 1


def test_the_benchmark_reads_the_streams_events(pages):
    run = FakeRun()
    page = pages.Page(run, {"game": 12, "session": "x"}, "sessionid")
    run.streams = 0
    page.on_event("event: stream-open\ndata: {}")
    assert page.stream_open and run.streams == 1
    page.on_event('event: game\ndata: {"game": 12, "seq": 3}')
    assert page.game_wanted.is_set() and run.pings == 1
    page.on_event('event: chat\ndata: {"game": 12}')
    assert page.chat_wanted.is_set()
    page.on_event('event: user\ndata: {"game": 12}')  # this page's game: its poll will do
    page.on_event('event: user\ndata: {"game": 13}')
    assert run.badges == [12]


def test_the_benchmarks_http_client_reads_chunked_and_sized_answers(pages):
    async def scenario():
        answers = [
            b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
            b"Set-Cookie: csrftoken=abc; Path=/\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
            b"HTTP/1.1 204 No Content\r\n\r\n",
        ]

        async def serve(reader, writer):
            for answer in answers:
                await reader.readuntil(b"\r\n\r\n")
                writer.write(answer)
                await writer.drain()
            writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        cookies = {"sessionid": "s"}
        conn = pages.Connection(port, cookies)
        got = [await conn.request("GET", "/") for _ in answers]
        conn.close()
        server.close()
        await server.wait_closed()
        return got, cookies

    got, cookies = asyncio.run(scenario())
    assert got == [(200, b"hello"), (200, b"abcde"), (204, b"")]
    assert cookies == {"sessionid": "s", "csrftoken": "abc"}


def test_summary_quotes_the_median_and_the_95th_percentile(pages):
    figures = pages.summary([float(n) for n in range(1, 101)])
    assert figures == {"n": 100, "p50": 51.0, "p95": 96.0, "max": 100.0}
    assert pages.summary([]) == {"n": 0}


@pytest.mark.parametrize("variant", ["standard", "talon", "v2"])
def test_the_load_tests_players_can_play_a_whole_game_from_the_forms_alone(pages, variant):
    """The load tests (this one and the Locust one, which share ``forms.legal_moves``)
    play each variant they challenge in to the end, moving only by what the page offers."""
    import random

    from games.models import Game

    alice, bob, *_ = make_people()
    game = start_game(alice, bob, variant=variant, seed=f"forms-{variant}")
    clients = {user.pk: client_for(user) for user in (alice, bob)}
    act = f"/games/{game.pk}/act"
    random.seed(variant)
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        mover = clients[game.players[game.to_move].pk]
        moves = pages.legal_moves(mover.get(game.get_absolute_url()).content.decode(), act)
        assert moves, f"no move offered to the player to move after {game.n_actions} actions"
        answer = mover.post(act, random.choice(moves), headers={"HX-Request": "true"})
        assert answer.status_code == 200, answer.content[:300]
    assert game.status == Game.Status.FINISHED
    if variant == "v2":
        assert game.winner is not None  # ruling 22: a v2 game always has a winner
