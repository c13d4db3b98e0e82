"""Run a callable from several threads at the same moment, each with its own database
connection: what parallel requests do to a count-then-insert or a read-then-write."""

import threading

from django.db import connection


def at_once(fn, n: int, *, timeout: float = 60) -> list:
    """Call ``fn(i)`` for i in 0..n-1, each in its own thread, all released together by a
    barrier. Returns what each call returned or raised, in the order of i. Every thread
    closes its database connection when done."""
    barrier = threading.Barrier(n)
    outcomes: list = [None] * n

    def run(i):
        try:
            barrier.wait(timeout=timeout)
            outcomes[i] = fn(i)
        except BaseException as error:  # kept for the test to look at
            outcomes[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish"
    return outcomes
