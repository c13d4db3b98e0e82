"""``python -m games.xix.bots.speed``: the strong bot's CPU time per move (the figures are
in docs/bots.md; here only what it measures, at a tiny budget)."""

import json

from games.xix.bots import make_bot, speed


def test_speed_times_real_decisions_spread_over_the_phases(monkeypatch, capsys):
    monkeypatch.setattr(speed, "make_bot", lambda level: make_bot(level, iterations=10))
    figures = speed.main(["--variant", "v2", "--moves", "12"])
    assert json.loads(capsys.readouterr().out) == figures
    assert figures["iterations"] == 10 and figures["moves"] == 12
    assert sum(figures["phases"].values()) == 12
    assert set(figures["phases"]) <= {"play", "slide", "draft", "trade"}
    assert "play" in figures["phases"] and "slide" in figures["phases"]
    assert 0 <= figures["cpu_median_ms"] <= figures["cpu_p95_ms"] <= figures["cpu_max_ms"]
    views = speed.decisions("v2", 30)
    assert len(views) >= 30 and all(len(v["legal_actions"]) > 1 for v in views)
