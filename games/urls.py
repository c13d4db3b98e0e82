from django.urls import path

from games.views import lobby, next_game, play, replay, watch

app_name = "games"

urlpatterns = [
    path("lobby/", lobby.lobby, name="lobby"),
    path("lobby/choose", lobby.lobby_choose, name="lobby_choose"),
    path("tables/new", lobby.table_new, name="table_new"),
    path("tables/quick", lobby.table_quick, name="table_quick"),
    path("bots/play", lobby.bot_game, name="bot_game"),
    path("tables/<int:game_id>/join", lobby.table_join, name="table_join"),
    path("tables/<int:game_id>/leave", lobby.table_leave, name="table_leave"),
    path("tables/<int:game_id>/bot", lobby.table_add_bot, name="table_add_bot"),
    path("games/", lobby.my_games, name="my_games"),
    path("watch/", watch.watch, name="watch"),
    path("games/next", next_game.next_game, name="next_game"),
    path("games/<int:game_id>/", play.game_page, name="game"),
    path("games/<int:game_id>/act", play.game_act, name="act"),
    path("games/<int:game_id>/poll", play.game_poll, name="poll"),
    path("games/<int:game_id>/resign", play.game_resign, name="resign"),
    path("games/<int:game_id>/abort", play.game_abort, name="abort"),
    path("games/<int:game_id>/guide", play.game_guide, name="guide"),
    path("games/<int:game_id>/takeback", play.game_takeback, name="takeback"),
    path("games/<int:game_id>/extra-day/", play.game_extra_day, name="extra_day"),
    path("games/<int:game_id>/rematch", lobby.game_rematch, name="rematch"),
    path("games/<int:game_id>/replay/", replay.game_replay, name="replay"),
    path("games/<int:game_id>/record.json", replay.game_record, name="record"),
    # The addresses of the challenges before they became tables of two, served by the one
    # flow (forms in pages loaded before, links in old e-mails): accepting a challenge is
    # taking its seat, withdrawing or declining it is leaving the table.
    path("challenges/new", lobby.challenge_new, name="challenge_new"),
    path("challenges/<int:game_id>/accept", lobby.table_join, name="challenge_accept"),
    path("challenges/<int:game_id>/withdraw", lobby.table_leave, name="challenge_withdraw"),
]
