"""The tournament pages through HTTP: the list by game, the set-up form (with its
refusals as a 400 and nothing made), entering and withdrawing by plain form posts (no
JavaScript), a refused button as the page again with the reason and a 4xx, the standings,
crosstable and rounds once games have ended."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import play_out, players, tournament
from tournaments import services
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("served_tally")]


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


FORM = {
    "name": "Winter Swiss",
    "game": "tally/duel",
    "seats": "2",
    "format": "swiss",
    "rounds": "4",
    "days_per_move": "3",
    "max_days": "60",
    "rated": "on",
    "min_players": "4",
    "max_players": "16",
    "entry": "open",
    "place_points": "1, 0",
    "bye": "full",
    "tie": "seed",
}


def test_the_form_sets_up_a_tournament_and_leads_to_its_page():
    (ann,) = players(1)
    client = client_for(ann)
    page = client.get(reverse("tournaments:new"))
    assert page.status_code == 200 and "Set up a tournament" in page.content.decode()
    response = client.post(reverse("tournaments:new"), FORM)
    t = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == t.get_absolute_url()
    assert (t.kind, t.variant, t.rounds, t.place_points, t.rated) == (
        "tally",
        "duel",
        4,
        [1, 0],
        True,
    )
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Winter Swiss" in page and "Buchholz, Sonneborn-Berger, Direct encounter" in page
    assert f'action="/tournaments/{t.pk}/enter"' in page


@pytest.mark.parametrize(
    "change, words",
    [
        ({"name": ""}, "This field is required"),
        ({"game": "chess/classic"}, "Select a valid choice"),
        ({"seats": "two"}, "Enter a whole number"),
        ({"place_points": "1, x"}, "whole numbers separated by commas"),
        ({"place_points": "0, 1"}, "first more than last"),
        ({"seats": "3"}, "played by"),
        ({"min_players": "20"}, "Players"),
        ({"invited": "nobody-here"}, "No such player"),
        ({"starts_at": "yesterday"}, "Enter a valid date"),
        ({"official": "on", "rounds": "99"}, "Ensure this value"),
    ],
)
def test_bad_set_up_is_a_400_with_the_reason_and_makes_nothing(change, words):
    (ann,) = players(1)
    response = client_for(ann).post(reverse("tournaments:new"), {**FORM, **change})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Tournament.objects.exists()


def test_entering_and_withdrawing_by_plain_posts(django_capture_on_commit_callbacks):
    ann, bob = players(2)
    t = tournament(ann, max_players=4)
    client = client_for(bob)
    response = client.post(reverse("tournaments:enter", args=[t.pk]))
    assert response.status_code == 302
    assert Entry.objects.filter(tournament=t, user=bob).exists()
    page = client.get(t.get_absolute_url()).content.decode()
    assert "You have entered the tournament." in page and "Withdraw" in page
    again = client.post(reverse("tournaments:enter", args=[t.pk]))
    assert again.status_code == 400 and "entered already" in again.content.decode()
    assert Entry.objects.filter(tournament=t, user=bob).count() == 1
    client.post(reverse("tournaments:withdraw", args=[t.pk]))
    assert not Entry.objects.filter(tournament=t, user=bob).exists()


def test_buttons_refuse_what_they_must(django_capture_on_commit_callbacks):
    ann, bob = players(2)
    t = tournament(ann)
    bob_client = client_for(bob)
    assert bob_client.post(reverse("tournaments:cancel", args=[t.pk])).status_code == 403
    assert bob_client.post(reverse("tournaments:add_bot", args=[t.pk])).status_code == 403
    assert bob_client.post(reverse("tournaments:withdraw", args=[t.pk])).status_code == 403
    assert bob_client.post(reverse("tournaments:enter", args=[99999])).status_code == 404
    assert bob_client.get(reverse("tournaments:detail", args=[99999])).status_code == 404
    assert bob_client.get(reverse("tournaments:enter", args=[t.pk])).status_code == 405
    assert Client().post(reverse("tournaments:enter", args=[t.pk])).status_code == 302  # log in
    assert t.entries.count() == 0
    ann_client = client_for(ann)
    bad_level = ann_client.post(reverse("tournaments:add_bot", args=[t.pk]), {"level": "x"})
    assert bad_level.status_code == 400
    assert ann_client.post(reverse("tournaments:cancel", args=[t.pk])).status_code == 302
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED


def test_the_list_shows_tournaments_by_state_and_game(django_capture_on_commit_callbacks):
    people = players(4)
    open_one = tournament(people[0], name="Open duel", max_players=8)
    running = tournament(people[1], name="Running duel", max_players=4)
    with django_capture_on_commit_callbacks(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=running.pk)
    page = Client().get(reverse("tournaments:list")).content.decode()
    upcoming, rest = page.split('id="running-title"')
    assert open_one.name in upcoming and running.name in rest.split('id="finished-title"')[0]
    filtered = Client().get(reverse("tournaments:list"), {"game": "xeri"}).content.decode()
    assert open_one.name not in filtered and "No tournament is open for entries." in filtered
    assert Client().get(reverse("tournaments:list"), {"game": "<x>"}).status_code == 200


def test_the_page_shows_standings_crosstable_chart_and_rounds(django_capture_on_commit_callbacks):
    people = players(6)
    t = tournament(people[0], max_players=6, rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=t.pk)
    running = Client().get(t.get_absolute_url()).content.decode()
    assert "Round 1" in running and "Watch" in running and "Your game" not in running
    mine = client_for(people[0]).get(t.get_absolute_url()).content.decode()
    round_one = mine.split('id="round-1-title"')[1]
    assert round_one.count("Your game") == 1 and round_one.count(">Watch<") == 2
    t = play_out(t, random.Random(6), django_capture_on_commit_callbacks)
    page = Client().get(t.get_absolute_url()).content.decode()
    lines = services.standing_of(t)
    winner = Entry.objects.get(tournament=t, place=1).user.username
    standings = page.split('id="standings-title"')[1].split("</table>")[0]
    assert standings.index(winner) < min(
        standings.index(e.user.username) for e in t.entries.exclude(place=1)
    )
    assert "Crosstable" in page and "Round 3" in page and "<polyline" in page
    assert "Points after each round" in page
    assert str(lines[0].points.numerator) in standings


def test_htmx_redraws_the_standings_alone_and_profiles_list_tournaments(
    django_capture_on_commit_callbacks,
):
    people = players(4)
    t = tournament(people[0], max_players=4, rounds=2, name="Spring Swiss")
    with django_capture_on_commit_callbacks(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=t.pk)
    partial = Client().get(t.get_absolute_url(), HTTP_HX_REQUEST="true")
    html = partial.content.decode()
    assert html.lstrip().startswith('<div id="tournament-live"') and "<html" not in html
    assert "HX-Request" in partial["Vary"]
    profile = Client().get(reverse("players:profile", args=[people[1].username])).content.decode()
    assert "Spring Swiss" in profile and "Winner of <a" not in profile
    t = play_out(t, random.Random(4), django_capture_on_commit_callbacks)
    winner = Entry.objects.get(tournament=t, place=1).user
    profile = Client().get(reverse("players:profile", args=[winner.username])).content.decode()
    assert "Winner of <a" in profile and "1 of 4" in profile


def test_every_page_links_to_the_tournaments():
    page = Client().get(reverse("home")).content.decode()
    assert f'href="{reverse("tournaments:list")}"' in page


def test_team_buttons_invite_answer_and_form_teams_by_plain_posts(
    django_capture_on_commit_callbacks,
):
    dora, eve, finn, gus = players(4, prefix="v")
    t = tournament(
        dora, variant="partners", seats=4, max_players=2, min_players=2, place_points=[1, 0]
    )
    page = client_for(dora).get(t.get_absolute_url()).content.decode()
    assert 'name="partner"' in page  # the Enter button asks for a partner's name
    # An unknown partner: the page again with the reason, a 400, nothing entered.
    refused = client_for(dora).post(reverse("tournaments:enter", args=[t.pk]), {"partner": "zed"})
    assert refused.status_code == 400 and "no player named" in refused.content.decode()
    assert not Entry.objects.filter(tournament=t).exists()
    done = client_for(dora).post(
        reverse("tournaments:enter", args=[t.pk]), {"partner": eve.username}, follow=True
    )
    assert "Your partner is invited." in done.content.decode()
    page = client_for(eve).get(t.get_absolute_url()).content.decode()
    assert f"{dora.username} asks you to be their partner." in page and "Accept" in page
    answer = reverse("tournaments:partner_answer", args=[t.pk])
    client_for(eve).post(answer, {"accept": "yes"})
    assert Entry.objects.get(tournament=t, user=dora).partner_confirmed
    again = client_for(eve).post(answer, {"accept": "yes"})
    assert again.status_code == 400  # answered already: nothing to answer
    # Two enter alone; only the organiser may team them up (403 for anyone else).
    for person in (finn, gus):
        client_for(person).post(reverse("tournaments:enter", args=[t.pk]))
    first, second = Entry.objects.filter(tournament=t, partner__isnull=True).order_by("pk")
    team = reverse("tournaments:team", args=[t.pk])
    data = {"first": first.pk, "second": second.pk}
    assert client_for(finn).post(team, data).status_code == 403
    assert client_for(dora).post(team, {"first": first.pk, "second": "x"}).status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        client_for(dora).post(team, data)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING  # two complete teams: full
    page = Client().get(t.get_absolute_url()).content.decode()
    assert f"{finn.username} &amp; {gus.username}" in page
