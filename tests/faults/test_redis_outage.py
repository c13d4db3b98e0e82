"""Redis stops: moves are still accepted; the e-mail and the bot's move they owe are made
exactly once when it is back. A real gunicorn and Celery worker against a private
PostgreSQL and a private Redis; the periodic jobs through ``manage.py periodic``."""

import time
import uuid

from tests.faults.conftest import Browser, GameRow, manage, new_games, site_env, wait_until


def test_redis_stopping_loses_no_move_email_or_bot_move(
    postgres, redis_server, processes, tmp_path
):
    db = postgres.create_database("redis_outage")
    mail = tmp_path / "mail"
    mail.mkdir()
    env = site_env(
        DATABASE_URL=postgres.url(db),
        REDIS_URL=redis_server.url,
        CELERY_QUEUE=f"xix-faults-{uuid.uuid4().hex[:8]}",
        EMAIL_URL=f"filemail:///{mail}",
        BOT_NUDGE_SECONDS=1,
        NOTIFY_VIEWING_SECONDS=1,
    )
    pvp, vs_bot = new_games(env, ("alice", "bob"), ("alice", "bot-random"))
    worker = processes.worker(env, tmp_path)
    web = processes.web(env, tmp_path)
    browsers = {name: Browser(web.base).log_in(name) for name in ("alice", "bob")}
    conn = postgres.connect(db, autocommit=True)

    def game(pk) -> GameRow:
        return GameRow(conn, pk)

    def post(pk, form):
        return browsers[game(pk).mover].post(f"/games/{pk}/act", form)

    # Before the outage: alice is to move against the bot (the worker plays its lead).
    wait_until(lambda: game(vs_bot).mover == "alice", 20, "alice to move against the bot")
    # ... with a move that hands the turn to the bot (in some deals every card alice can
    # follow with wins the trick and she leads again): play on until there is one.
    while game(vs_bot).move_passing_the_turn() is None:
        g = game(vs_bot)
        assert post(vs_bot, g.any_move())[0] == 303
        wait_until(
            lambda g=g: game(vs_bot).n_actions > g.n_actions and game(vs_bot).mover == "alice",
            20,
            "alice to move against the bot again",
        )
    time.sleep(1.2)  # nobody counts as looking at a game any more

    redis_server.kill()

    # A person's move to a person: accepted, with the opponent's notification and e-mail
    # written to the outbox, to be sent later.
    g = game(pvp)
    while (form := g.move_passing_the_turn()) is None:
        assert post(pvp, g.any_move())[0] == 303
        g = game(pvp)
    opponent, seq = g.players[1 - g.to_move], g.n_actions
    started = time.monotonic()
    status, _, body = post(pvp, form)
    took = time.monotonic() - started
    assert status == 303, (status, body[:2000])
    print(f"a move with Redis down took {took:.2f} s")
    assert game(pvp).n_actions == seq + 1
    note, email = conn.execute(
        "SELECT n.id, n.email FROM notifications_notification n JOIN accounts_user u"
        " ON u.id = n.user_id WHERE n.game_id = %s AND n.seq = %s AND n.kind = 'your_turn'"
        " AND u.username = %s",
        (pvp, seq + 1, opponent),
    ).fetchone()
    assert email == "queued"
    assert conn.execute(
        "SELECT status FROM notifications_outboundemail WHERE key = %s", (f"n{note}",)
    ).fetchone() == ("pending",)

    # A move against the bot: accepted, though the bot cannot answer yet.
    g = game(vs_bot)
    form = g.move_passing_the_turn()
    assert form is not None  # found before the outage
    status, _, body = post(vs_bot, form)
    assert status == 303, (status, body[:2000])
    bot_seq = game(vs_bot).n_actions
    assert bot_seq == g.n_actions + 1 and game(vs_bot).mover == "bot-random"
    time.sleep(1.5)
    assert game(vs_bot).n_actions == bot_seq, "no bot move while Redis is down"
    assert "was not run; a periodic sweep will retry it" in web.output()

    # Redis is back (empty). The outbox flush takes e-mails 5 minutes old: make them so.
    redis_server.start()
    conn.execute("UPDATE notifications_outboundemail SET created = created - interval '10 min'")
    for _ in range(2):  # twice, as cron and beat would: the second finds nothing to add
        out = manage(env, "periodic", "--only", "outbox", "--only", "deadlines")
        print(out.strip())

    sent = wait_until(
        lambda: conn.execute(
            "SELECT sent_at FROM notifications_outboundemail WHERE key = %s AND status = 'sent'",
            (f"n{note}",),
        ).fetchone(),
        45,
        "the e-mail sent",
        every=0.2,
    )
    assert sent
    wait_until(lambda: game(vs_bot).n_actions > bot_seq, 30, "the bot's move", every=0.2)
    time.sleep(2)  # let any duplicate task run too

    # Each e-mail owed to the opponent (the move above, and any moves made before it while
    # looking for a move that hands the turn over) went out exactly once.
    owed = conn.execute(
        "SELECT status, count(*) FROM notifications_outboundemail WHERE to_address = %s"
        " GROUP BY status",
        (f"{opponent}@example.com",),
    ).fetchall()
    assert len(owed) == 1 and owed[0][0] == "sent", owed
    mails = "".join(p.read_text() for p in mail.iterdir())
    assert mails.count(f"To: {opponent}@example.com") == owed[0][1], mails
    assert (
        conn.execute(
            "SELECT count(*) FROM games_gameaction a JOIN games_gameseat s"
            " ON s.game_id = a.game_id AND s.position = a.seat"
            " WHERE a.game_id = %s AND a.seq = %s"
            " AND s.user_id = (SELECT id FROM accounts_user WHERE username = 'bot-random')",
            (vs_bot, bot_seq),
        ).fetchone()[0]
        == 1
    )
    assert worker.output().count(f"moved in game {vs_bot} at action {bot_seq}") == 1
    for pk in (pvp, vs_bot):
        game(pk).check_log()
    conn.close()
