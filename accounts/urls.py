from django.urls import path

from accounts import views

app_name = "players"

urlpatterns = [
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/history/", views.history, name="history"),
]
