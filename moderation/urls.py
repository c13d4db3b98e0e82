from django.urls import path

from moderation import views

app_name = "moderation"

urlpatterns = [
    path("games/<int:game_id>/report/", views.report_game, name="report_game"),
    path("players/<str:username>/report/", views.report_player, name="report_player"),
]
