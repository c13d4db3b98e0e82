from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # A game's end reaches the tournament through the games app's signal, so the games
        # app never names this one (tests/test_import_graph.py).
        from games.signals import game_closed
        from tournaments.receivers import on_game_closed

        game_closed.connect(on_game_closed, dispatch_uid="tournaments.game_closed")
