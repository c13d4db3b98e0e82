from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from api.endpoints import api
from games import streams

from . import health, theme, views, webapp

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:key>/", views.rules_game, name="rules_game"),
    path("rules/<slug:key>/<slug:variant>/", views.rules_variant, name="rules_variant"),
    path("healthz", health.healthz, name="healthz"),
    path("events/games/<int:game_id>/", streams.game_stream, name="game_stream"),
    path("events/me/", streams.user_stream, name="user_stream"),
    path("badges", streams.badges, name="badges"),
    path("theme", theme.set_theme, name="theme"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("accounts/", include("allauth.urls")),
    path("api/", api.urls),
    path("", include("api.urls")),
    path("", include("games.urls")),
    path("", include("accounts.urls")),
    path("", include("ratings.urls")),
    path("", include("notifications.urls")),
    path("", include("moderation.urls")),
    path("", include("chat.urls")),
    path("", include("tournaments.urls")),
    path("", include("analysis.urls")),
    path(settings.ADMIN_URL, admin.site.urls),
]
