from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path("games/<int:game_id>/analysis/", views.analysis_ask, name="request"),
    path("games/<int:game_id>/analysis/retry", views.analysis_retry, name="retry"),
    path("games/<int:game_id>/analysis/progress", views.analysis_progress, name="progress"),
    path("games/<int:game_id>/play-on", views.play_on, name="play_on"),
]
