"""tests/at_once.py: every call runs, together, and its result or exception comes back."""

import threading

import pytest

from tests.at_once import at_once, failures


def test_every_call_runs_at_the_same_time_and_results_keep_their_order():
    inside = threading.Barrier(4)  # passes only if all four calls are running together

    def call(i):
        inside.wait(timeout=5)
        return i * 10

    assert at_once(call, 4) == [0, 10, 20, 30]


def test_an_exception_is_handed_back_not_raised():
    def call(i):
        if i == 1:
            raise ValueError("refused")
        return i

    results = at_once(call, 3)

    assert results[0] == 0 and results[2] == 2
    assert [str(error) for error in failures(results)] == ["refused"]


def test_a_call_that_never_ends_fails_the_test_instead_of_hanging_it():
    stop = threading.Event()
    try:
        with pytest.raises(TimeoutError):
            at_once(lambda i: stop.wait(5), 2, timeout=0.2)
    finally:
        stop.set()
