"""Run the same work from several threads released together, for concurrency tests.

Each call runs in its own thread, so Django gives it its own database connection; the test
needs ``@pytest.mark.django_db(transaction=True)`` (the threads cannot see a test
transaction's uncommitted rows) and, to race for real, ``@pytest.mark.postgres``.
"""

import threading

from django.db import connections


def at_once(fn, n: int, *, timeout: float = 60.0) -> list:
    """Call ``fn(i)`` for ``i`` in ``range(n)``, each in its own thread, all released together
    by a barrier. Returns one entry per call in the order of ``i``: what ``fn`` returned, or
    the exception it raised (an instance of ``BaseException``; check with ``isinstance``).

    Each thread closes its database connections when done. Raises ``TimeoutError`` when a
    thread has not finished after ``timeout`` seconds, so a deadlock fails the test rather
    than hanging it.
    """
    if n < 1:
        raise ValueError("at_once needs at least one call")
    barrier = threading.Barrier(n)
    missing = object()
    results = [missing] * n

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=timeout)
            results[index] = fn(index)
        except BaseException as error:  # handed back to the test, which decides
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    unfinished = [i for i, thread in enumerate(threads) if thread.is_alive()]
    if unfinished:
        raise TimeoutError(f"calls {unfinished} of {n} still running after {timeout} s")
    return results


def failures(results: list) -> list[BaseException]:
    """The exceptions among ``at_once``'s results."""
    return [result for result in results if isinstance(result, BaseException)]
