"""PostgreSQL stops in the middle of play: 503s with a clear message, nothing half-written,
and play resumes when it is back. A real gunicorn against a private PostgreSQL."""

import threading
import time

from tests.faults.conftest import Browser, GameRow, new_games, site_env, wait_until

MESSAGE = (
    "The site cannot reach its database right now; your move was not recorded. "
    "Please try again in a minute."
)


def assert_outage_page(status, headers, body, *, htmx=False):
    assert status == 503, (status, body[:2000])
    assert headers["Retry-After"] == "60"
    assert "no-store" in headers["Cache-Control"]
    assert MESSAGE in body
    assert "Traceback" not in body and "Server Error" not in body
    if htmx:
        assert headers["Content-Type"].startswith("text/plain")
        assert body == MESSAGE
    else:
        assert headers["Content-Type"].startswith("text/html")


def test_postgres_stopping_mid_play_gives_503s_writes_nothing_half_and_play_resumes(
    postgres, processes, tmp_path
):
    db = postgres.create_database("outage")
    # Persistent connections, as in production: each gunicorn worker keeps one that the
    # outage kills under it.
    # Nobody counts as looking at the table (NOTIFY_VIEWING_SECONDS=0), so every move that
    # passes the turn writes the opponent's notice, where the outage below catches it.
    env = site_env(
        DATABASE_URL=postgres.url(db),
        CONN_MAX_AGE=60,
        EMAIL_URL=f"filemail:///{tmp_path}/mail",
        NOTIFY_VIEWING_SECONDS=0,
    )
    (game_id,) = new_games(env, ("alice", "bob"))
    web = processes.web(env, tmp_path)
    browsers = {name: Browser(web.base).log_in(name) for name in ("alice", "bob")}
    conn = postgres.connect(db, autocommit=True)

    def game() -> GameRow:
        return GameRow(conn, game_id)

    def move(form=None) -> int:
        g = game()
        status, _, body = browsers[g.mover].post(f"/games/{game_id}/act", form or g.any_move())
        assert status == 303, (status, body[:2000])
        return status

    for _ in range(3):
        move()

    # A move that hands the turn over, so that it also writes the opponent's your-turn
    # notification. Until one exists, play on.
    g = game()
    while (form := g.move_passing_the_turn()) is None:
        move()
        g = game()
    mover, before = g.mover, g.n_actions

    # The database dies in the middle of writing that move: another session holds the
    # notifications table, so the move's transaction waits there (writing the opponent's
    # "your move" notice, or bringing their unread one up to date), after its GameAction row
    # and the game's update are written and before it commits.
    holder = postgres.connect(db)
    holder.execute("LOCK TABLE notifications_notification IN EXCLUSIVE MODE")
    answer = {}
    posting = threading.Thread(
        target=lambda: answer.update(
            response=browsers[mover].post(f"/games/{game_id}/act", form, timeout=60)
        )
    )
    posting.start()
    wait_until(
        lambda: conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND (query LIKE 'INSERT INTO \"notifications_notification\"%%'"
            " OR query LIKE 'UPDATE \"notifications_notification\"%%')"
        ).fetchone()[0],
        20,
        "the move waiting inside its transaction",
    )
    postgres.stop("immediate")
    posting.join(30)
    holder.close()
    conn.close()
    assert_outage_page(*answer["response"])

    # While it is down: the game page, the move again, the htmx poll, a log-in (which
    # fails in the view, not while loading the session).
    stopped = time.monotonic()
    b = browsers[mover]
    assert_outage_page(*b.get(f"/games/{game_id}/"))
    assert_outage_page(*b.post(f"/games/{game_id}/act", form))
    other = browsers["bob" if mover == "alice" else "alice"]
    assert_outage_page(
        *other.get(f"/games/{game_id}/poll?seq={before}", headers={"HX-Request": "true"}),
        htmx=True,
    )
    visitor = Browser(web.base)
    assert visitor.get("/accounts/login/")[0] == 200  # needs no database
    assert_outage_page(*visitor.post("/accounts/login/", {"login": "bob", "password": "x"}))
    # /healthz still names the failing part (a probe has no session cookie).
    status, _, body = visitor.get("/healthz")
    assert status == 503 and '"database": "error: OperationalError' in body
    print(f"503s answered within {time.monotonic() - stopped:.2f} s")

    postgres.start()
    conn = postgres.connect(db, autocommit=True)
    g = game()
    assert g.n_actions == before, "the interrupted move left nothing behind"
    assert len(g.seqs) == before
    assert (
        conn.execute(
            "SELECT count(*) FROM notifications_notification WHERE game_id = %s AND seq > %s",
            (game_id, before),
        ).fetchone()[0]
        == 0
    )

    # Play resumes: the same move, posted again. A gunicorn worker that served no request
    # during the outage still holds a dead connection, which fails one request (a 503)
    # and is then replaced.
    tries = []
    for _ in range(4):
        status, headers, body = b.post(f"/games/{game_id}/act", form)
        tries.append(status)
        if status == 303:
            break
        assert_outage_page(status, headers, body)
    print(f"statuses of the move after the restart: {tries}")
    assert tries[-1] == 303 and len(tries) <= 3, tries
    g = game()
    assert g.n_actions == before + 1
    assert g.log[before]["type"] == form["type"]
    for _ in range(4):
        move()
    status, _, body = other.get(f"/games/{game_id}/")
    assert status == 200 and "cannot reach its database" not in body

    # The log has no gap and no duplicate, and replays to the game's stored state.
    g = game()
    g.check_log()
    assert g.n_actions == before + 5
    assert "Internal Server Error" not in web.output()
    conn.close()
