"""A game's line (games.log): the log with each take-back applied in order; every other
row is an engine action and stays as it is."""

from games.log import TAKEBACK, line_of


def act(n):
    return {"type": "play", "seat": n % 2, "card": n}


def test_a_log_without_take_backs_is_its_own_line():
    log = [act(n) for n in range(5)]
    assert line_of(log) == log


def test_take_backs_cut_the_line_where_they_say_and_play_goes_on_after_them():
    log = [act(0), act(1), act(2), act(3)]
    log.append({"type": TAKEBACK, "seat": 0, "keep": 2})
    log += [act(12), act(13)]
    assert line_of(log) == [act(0), act(1), act(12), act(13)]
    log.append({"type": TAKEBACK, "seat": 0, "keep": 0})
    assert line_of(log) == []
    log.append(act(20))
    assert line_of(log) == [act(20)]
