from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new", views.tournament_new, name="new"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("tournaments/<int:tournament_id>/enter", views.tournament_enter, name="enter"),
    path("tournaments/<int:tournament_id>/withdraw", views.tournament_withdraw, name="withdraw"),
    path("tournaments/<int:tournament_id>/bot", views.tournament_add_bot, name="add_bot"),
    path("tournaments/<int:tournament_id>/partner", views.tournament_partner, name="partner"),
    path(
        "tournaments/<int:tournament_id>/partner/answer",
        views.tournament_partner_answer,
        name="partner_answer",
    ),
    path("tournaments/<int:tournament_id>/team", views.tournament_team, name="team"),
    path("tournaments/<int:tournament_id>/cancel", views.tournament_cancel, name="cancel"),
]
