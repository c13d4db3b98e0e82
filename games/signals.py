"""What the games app tells apps built on it, without knowing them.

``game_closed`` is sent by ``services.game_close`` inside the transaction that ends a game
(finished, or aborted), with the locked ``game``. An app above the games app (tournaments)
connects a receiver in its ``AppConfig.ready`` to follow its own games; the games app
imports nothing of it, so no import circle forms (``tests/test_import_graph.py``). A
receiver must stay short and hand any real work to a task after the commit
(``xix_site.jobs.after_commit``): it runs under the game's row lock.
"""

from django.dispatch import Signal

game_closed = Signal()  # keyword argument: game
