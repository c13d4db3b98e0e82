from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("leaderboard/", views.leaderboard_default, name="leaderboard_default"),
    path("leaderboard/<str:name>/", views.leaderboard_short, name="leaderboard_short"),
    path("leaderboard/<str:kind>/<str:variant>/", views.leaderboard, name="leaderboard"),
]
