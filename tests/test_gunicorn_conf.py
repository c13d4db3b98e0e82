"""The production web server's settings file, xix_site/gunicorn_conf.py, as gunicorn reads it."""

import runpy
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parents[1] / "xix_site" / "gunicorn_conf.py"
VARIABLES = (
    "GUNICORN_BIND",
    "WEB_CONCURRENCY",
    "GUNICORN_THREADS",
    "GUNICORN_TIMEOUT",
    "GUNICORN_GRACEFUL_TIMEOUT",
    "GUNICORN_ACCESS_LOG",
)


@pytest.fixture
def conf(monkeypatch):
    """Read the file with the given environment variables (and none of the real ones)."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def read(**variables):
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(CONF))

    return read


def test_defaults_are_two_threaded_workers_on_port_8000_with_an_access_log(conf):
    c = conf()
    assert c["wsgi_app"] == "xix_site.wsgi"
    assert c["bind"] == "0.0.0.0:8000"
    assert (c["workers"], c["threads"], c["worker_class"]) == (2, 4, "gthread")
    assert (c["timeout"], c["graceful_timeout"]) == (30, 30)
    assert c["accesslog"] == "-"


def test_every_value_comes_from_the_environment(conf):
    c = conf(
        GUNICORN_BIND="127.0.0.1:9000",
        WEB_CONCURRENCY="3",
        GUNICORN_THREADS="8",
        GUNICORN_TIMEOUT="60",
        GUNICORN_GRACEFUL_TIMEOUT="5",
        GUNICORN_ACCESS_LOG="",
    )
    assert c["bind"] == "127.0.0.1:9000"
    assert (c["workers"], c["threads"], c["timeout"], c["graceful_timeout"]) == (3, 8, 60, 5)
    assert c["accesslog"] is None


def test_one_thread_means_plain_sync_workers(conf):
    assert conf(GUNICORN_THREADS="1")["worker_class"] == "sync"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("WEB_CONCURRENCY", "two", "WEB_CONCURRENCY must be a whole number, not 'two'"),
        ("GUNICORN_THREADS", "0", "GUNICORN_THREADS must be at least 1, not 0"),
        ("GUNICORN_TIMEOUT", "-5", "GUNICORN_TIMEOUT must be at least 1, not -5"),
    ],
)
def test_a_bad_value_stops_gunicorn_naming_the_variable(conf, name, value, message):
    with pytest.raises(SystemExit) as stopped:
        conf(**{name: value})
    assert str(stopped.value) == message
