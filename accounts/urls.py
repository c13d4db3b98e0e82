from django.urls import path

from accounts import friend_views, views

app_name = "players"

urlpatterns = [
    path("settings/", views.preferences, name="settings"),
    path("settings/vacation/", views.vacation, name="vacation"),
    path("settings/guides", views.guides_restart, name="guides_restart"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/history/", views.history, name="history"),
    path("players/<str:username>/block", views.block, name="block"),
    path("players/<str:username>/follow", friend_views.follow, name="follow"),
    path("friends/", friend_views.friends_page, name="friends"),
    path("names/", friend_views.player_names, name="names"),
]
