from django.urls import path

from accounts import views

app_name = "players"

urlpatterns = [
    path("settings/", views.preferences, name="settings"),
    path("settings/vacation/", views.vacation, name="vacation"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/history/", views.history, name="history"),
    path("players/<str:username>/block", views.block, name="block"),
]
