"""A transactional test's database emptied in milliseconds instead of a second.

Django ends every transactional test (``live_server``, ``transaction=True``) with the
``flush`` command: on PostgreSQL one ``TRUNCATE`` of every table (a new file for each table
and index, written out at commit) and then ``post_migrate`` again, which writes the content
types, the permissions and (``tests/conftest.py``) the groups back. On this project that
took 0.5-1 s a test, most of it in PostgreSQL, over 130 tests a run.

After the first such flush of a run, ``install`` notes the tables that flush and
``post_migrate`` left rows in (content types, permissions, the Moderators group and its
permissions, ...) with a fingerprint of their rows. Each later transactional test then
ends with a ``DELETE`` of every other table, in one transaction, with triggers and foreign
key checks off for it (``session_replication_role = replica``: the action log's
append-only triggers refuse a ``DELETE``, as they do not refuse a ``TRUNCATE``). So the
database is left as the flush leaves it: the same rows, the same sequences (a flush does
not reset them either). When the kept tables' rows differ from their fingerprint (a test
changed a permission or a group), when the database is not PostgreSQL, or when the
connection may not change ``session_replication_role`` (a user that is not a superuser),
the test ends with Django's own flush, as before.
``tests/test_quick_flush.py`` checks both paths.
"""

from django.db import DatabaseError, connections, transaction
from django.test import testcases

_django_teardown = testcases.TransactionTestCase._fixture_teardown
# Per database alias: {table: fingerprint} of the tables a full flush leaves rows in; an
# alias is absent until its first full flush, and None when the quick way is refused.
_kept: dict[str, dict[str, tuple] | None] = {}


class _Changed(Exception):
    """The kept tables' rows differ from their fingerprint: a full flush is needed."""


def _fingerprint(connection, tables) -> dict[str, tuple]:
    """(row count, md5 of the rows in order) of each table, in one query."""
    if not tables:
        return {}
    quote = connection.ops.quote_name
    parts = [
        f"SELECT %s, count(*), md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) "
        f"FROM {quote(table)} r"
        for table in tables
    ]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), list(tables))
        return {table: (count, digest) for table, count, digest in cursor.fetchall()}


def _tables(connection) -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True))


def _note_kept(connection) -> None:
    """After a full flush: the tables it left rows in, and their fingerprint (one query
    over every table, each but those few empty)."""
    every = _fingerprint(connection, _tables(connection))
    _kept[connection.alias] = {table: mark for table, mark in every.items() if mark[0]}


def _quick_flush(connection) -> bool:
    """Empty every table but the kept ones, if they are as noted; whether it was done."""
    kept = _kept.get(connection.alias)
    if kept is None:
        return False
    quote = connection.ops.quote_name
    emptied = [table for table in _tables(connection) if table not in kept]
    try:
        with transaction.atomic(using=connection.alias):
            if _fingerprint(connection, list(kept)) != kept:
                raise _Changed
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
                cursor.execute("; ".join(f"DELETE FROM {quote(table)}" for table in emptied))
    except _Changed:
        return False
    except DatabaseError:
        # Not allowed here (not a superuser): Django's flush from now on.
        _kept[connection.alias] = None
        return False
    return True


def _fixture_teardown(self):
    plain = self.available_apps is None and not self.serialized_rollback
    aliases = list(self._databases_names(include_mirrors=False))
    postgres = all(connections[alias].vendor == "postgresql" for alias in aliases)
    if plain and postgres and all(_quick_flush(connections[alias]) for alias in aliases):
        return
    _django_teardown(self)
    if plain and postgres:
        for alias in aliases:
            if _kept.get(alias, {}) is not None:
                _note_kept(connections[alias])


def install() -> None:
    """Make every transactional test of this process end with the quick flush."""
    testcases.TransactionTestCase._fixture_teardown = _fixture_teardown
