from django.urls import path

from api import views

app_name = "api_tokens"

urlpatterns = [
    path("settings/tokens/", views.token_new, name="new"),
    path("settings/tokens/<int:token_id>/revoke", views.token_revoke, name="revoke"),
    path("settings/tokens/<int:token_id>/delete", views.token_delete, name="delete"),
    path("settings/rated-bots", views.rated_bots, name="rated_bots"),
]
