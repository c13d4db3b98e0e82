from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("leaderboard/", views.leaderboard, name="leaderboard_default"),
    path("leaderboard/<str:variant>/", views.leaderboard, name="leaderboard"),
]
