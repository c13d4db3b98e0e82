"""Reporting a game or a player from the site (the links, the form, every refusal and the
limits) and what the reporter hears when a moderator resolves or dismisses the report."""

import re
from html import unescape

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied

from games.models import Game
from moderation import services
from moderation.models import AuditEntry, Report
from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, make_challenge, start_game

pytestmark = pytest.mark.django_db

TEXT = "They stop moving whenever they are losing."
THANKS = "Thank you: your report has gone to the moderators."


def text_of(response) -> str:
    return " ".join(unescape(response.content.decode()).split())


def game_url(game):
    return f"/games/{game.pk}/report/"


def player_url(user):
    return f"/players/{user.username}/report/"


def make_bot():
    return UserFactory(username="bot-random", is_bot=True, bot_level="random")


def bot_game(person):
    """A casual game in play between ``person`` and a bot (its move task never runs)."""
    return make_challenge(
        user=person, variant="standard", days_per_move=3, rated=False, invited=make_bot()
    )


# --- the links on the game page and the profile -------------------------------------------


def test_the_game_page_links_to_the_report_form_for_players_and_spectators(
    alice, bob, game, client_for
):
    carol = UserFactory(username="carol")
    for viewer in (alice, bob, carol):
        page = client_for(viewer).get(f"/games/{game.pk}/").content.decode()
        assert f'href="{game_url(game)}"' in page, viewer


def test_no_report_link_in_a_game_against_a_bot(alice, client_for):
    game = bot_game(alice)
    page = client_for(alice).get(f"/games/{game.pk}/").content.decode()
    assert "/report/" not in page


def test_the_profile_links_to_the_report_form_except_for_oneself_bots_and_visitors(
    alice, bob, client_for
):
    bot = make_bot()
    page = client_for(alice).get("/players/bob/").content.decode()
    assert f'href="{player_url(bob)}"' in page
    assert "/report/" not in client_for(bob).get("/players/bob/").content.decode()
    assert "/report/" not in client_for(alice).get(f"/players/{bot.username}/").content.decode()
    assert "/report/" not in client_for(None).get("/players/bob/").content.decode()


# --- filing a report ------------------------------------------------------------------------


def test_the_report_form_for_a_game(alice, bob, game, client_for):
    response = client_for(alice).get(game_url(game))
    assert response.status_code == 200
    page = text_of(response)
    assert f"Report game {game.pk}" in page
    assert "your game against bob" in page
    for value in ("abusive_name", "stalling", "cheating", "other"):
        assert f'value="{value}"' in response.content.decode()
    assert 'name="text"' in response.content.decode()


def test_a_player_reports_their_game_and_is_thanked(alice, bob, game, client_for):
    client = client_for(alice)
    response = client.post(game_url(game), {"category": "stalling", "text": TEXT})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert THANKS in text_of(client.get(response["Location"]))
    report = Report.objects.get()
    assert (report.reporter, report.game, report.reported) == (alice, game, bob)
    assert (report.category, report.text, report.status) == ("stalling", TEXT, "open")


def test_a_spectator_reports_a_game_without_naming_anyone(alice, bob, game, client_for):
    carol = UserFactory(username="carol")
    client = client_for(carol)
    form = text_of(client.get(game_url(game)))
    assert f"what is wrong with game {game.pk} (alice v bob)." in form
    response = client.post(game_url(game), {"category": "cheating", "text": TEXT})
    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.game, report.reported) == (carol, game, None)


def test_a_player_reports_a_player_from_their_profile(alice, bob, client_for):
    client = client_for(alice)
    form = client.get(player_url(bob))
    assert form.status_code == 200 and "Report bob" in text_of(form)
    response = client.post(player_url(bob), {"category": "abusive_name", "text": TEXT})
    assert response.status_code == 302 and response["Location"] == "/players/bob/"
    assert THANKS in text_of(client.get("/players/bob/"))
    report = Report.objects.get()
    assert (report.reporter, report.game, report.reported) == (alice, None, bob)


def test_the_longest_text_allowed_is_accepted(alice, bob, client_for):
    response = client_for(alice).post(player_url(bob), {"category": "other", "text": "x" * 2000})
    assert response.status_code == 302
    assert len(Report.objects.get().text) == 2000


@pytest.mark.parametrize(
    "data, message",
    [
        ({"text": TEXT}, "Choose what the report is about."),
        ({"category": "", "text": TEXT}, "Choose what the report is about."),
        ({"category": "rudeness", "text": TEXT}, "Choose one of the listed reasons."),
        ({"category": "stalling"}, "Write a few words on what happened."),
        ({"category": "stalling", "text": "   \n "}, "Write a few words on what happened."),
        (
            {"category": "stalling", "text": "x" * 2001},
            "Ensure this value has at most 2000 characters (it has 2001).",
        ),
    ],
    ids=[
        "no category",
        "empty category",
        "unknown category",
        "no text",
        "blank text",
        "text too long",
    ],
)
@pytest.mark.parametrize("target", ["game", "player"])
def test_bad_input_is_refused_with_a_message_and_nothing_is_filed(
    alice, bob, game, client_for, data, message, target
):
    url = game_url(game) if target == "game" else player_url(bob)
    response = client_for(alice).post(url, data)
    assert response.status_code == 400
    assert message in text_of(response)
    assert not Report.objects.exists()


def test_screen_readers_hear_the_text_fields_error_and_help(alice, bob, client_for):
    """The text box points (aria-describedby) at its error and help; both must exist."""
    html = client_for(alice).post(player_url(bob), {"category": "other"}).content.decode()
    textarea = re.search(r"<textarea[^>]*>", html).group(0)
    described_by = re.search(r'aria-describedby="([^"]+)"', textarea).group(1).split()
    assert len(described_by) == 2
    for target in described_by:
        assert re.search(rf'<\w+[^>]* id="{target}"[^>]*>', html), target


def test_the_sixth_report_within_an_hour_is_refused_then_allowed_later(alice, client_for, clock):
    client = client_for(alice)
    targets = [UserFactory(username=f"target{n}") for n in range(7)]
    data = {"category": "other", "text": TEXT}
    for target in targets[:5]:
        assert client.post(player_url(target), data).status_code == 302
        clock.advance(minutes=10)
    response = client.post(player_url(targets[5]), data)
    assert response.status_code == 429
    assert "You have sent 5 reports in the last hour; please wait a while." in text_of(response)
    assert Report.objects.count() == 5
    clock.advance(minutes=11)  # the first report is now over an hour old
    assert client.post(player_url(targets[5]), data).status_code == 302
    assert Report.objects.count() == 6


def test_no_more_than_twenty_reports_a_day(alice, clock):
    targets = [UserFactory(username=f"target{n}") for n in range(21)]
    for n, target in enumerate(targets[:20]):
        services.report_create(reporter=alice, category="other", text=TEXT, reported=target)
        if n % 5 == 4:
            clock.advance(hours=1, minutes=1)
    with pytest.raises(services.RateLimited, match="20 reports in the last day"):
        services.report_create(reporter=alice, category="other", text=TEXT, reported=targets[20])
    clock.advance(days=1)
    services.report_create(reporter=alice, category="other", text=TEXT, reported=targets[20])
    assert Report.objects.count() == 21


@pytest.mark.parametrize("target", ["game", "player"])
def test_a_second_open_report_about_the_same_target_is_refused_until_it_is_handled(
    moderator, alice, bob, game, client_for, target
):
    client = client_for(alice)
    url = game_url(game) if target == "game" else player_url(bob)
    assert client.post(url, {"category": "stalling", "text": TEXT}).status_code == 302
    response = client.post(url, {"category": "cheating", "text": "And now this."})
    assert response.status_code == 400
    assert f"You have already reported this {target}" in text_of(response)
    assert Report.objects.count() == 1

    services.report_dismiss(actor=moderator, report_id=Report.objects.get().pk, note="No.")
    assert client.post(url, {"category": "cheating", "text": "And now this."}).status_code == 302
    assert Report.objects.filter(status="open").count() == 1
    assert Report.objects.count() == 2


def test_a_game_report_and_a_player_report_about_the_same_person_are_separate(
    alice, bob, game, client_for
):
    client = client_for(alice)
    assert client.post(game_url(game), {"category": "stalling", "text": TEXT}).status_code == 302
    assert client.post(player_url(bob), {"category": "other", "text": TEXT}).status_code == 302
    assert Report.objects.count() == 2


def test_nobody_can_report_themselves(alice, client_for):
    response = client_for(alice).post(player_url(alice), {"category": "other", "text": TEXT})
    assert response.status_code == 400
    assert "You cannot report yourself." in text_of(response)
    assert not Report.objects.exists()


def test_bots_cannot_be_reported(alice, client_for):
    bot = make_bot()
    client = client_for(alice)
    assert client.get(player_url(bot)).status_code == 404
    assert client.post(player_url(bot), {"category": "other", "text": TEXT}).status_code == 404
    game = bot_game(alice)
    response = client.post(game_url(game), {"category": "other", "text": TEXT})
    assert response.status_code == 400
    assert "Bots are run by the site itself" in text_of(response)
    assert not Report.objects.exists()


def test_a_waiting_challenge_cannot_be_reported(alice, bob, client_for):
    challenge = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    response = client_for(bob).post(game_url(challenge), {"category": "other", "text": TEXT})
    assert response.status_code == 400
    assert "This challenge has not been accepted" in text_of(response)
    assert not Report.objects.exists()


def test_a_direct_challenge_is_not_found_by_anyone_else(alice, bob, client_for):
    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    client = client_for(UserFactory(username="carol"))
    assert client.get(game_url(challenge)).status_code == 404
    assert client.post(game_url(challenge), {"category": "other", "text": TEXT}).status_code == 404
    assert not Report.objects.exists()


def test_unknown_games_and_players_are_not_found(alice, client_for):
    client = client_for(alice)
    assert client.get("/games/987654/report/").status_code == 404
    assert client.get("/players/nobody-here/report/").status_code == 404


def test_a_name_in_another_letter_case_goes_to_the_real_name(alice, bob, client_for):
    response = client_for(alice).get("/players/BOB/report/")
    assert response.status_code == 302 and response["Location"] == "/players/bob/report/"


def test_visitors_are_sent_to_log_in(bob, game, client_for):
    client = client_for(None)
    for url in (game_url(game), player_url(bob)):
        for response in (client.get(url), client.post(url, {"category": "other", "text": TEXT})):
            assert response.status_code == 302
            assert response["Location"] == f"/accounts/login/?next={url}"
    assert not Report.objects.exists()


# --- resolving and dismissing ------------------------------------------------------------


@pytest.fixture
def player_report(alice, bob):
    return services.report_create(reporter=alice, category="abusive_name", text=TEXT, reported=bob)


@pytest.fixture
def game_report(alice, game):
    return services.report_create(reporter=alice, category="stalling", text=TEXT, game=game)


def test_a_resolved_player_report_tells_the_reporter_in_app_and_by_email(
    moderator, alice, bob, player_report, client_for, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_resolve(
            actor=moderator, report_id=player_report.pk, note="bob has been asked to rename."
        )

    report = Report.objects.get()
    assert (report.status, report.handled_by, report.note) == (
        "resolved",
        moderator,
        "bob has been asked to rename.",
    )
    assert report.handled_at is not None
    note = Notification.objects.get(user=alice)
    assert note.kind == Notification.Kind.REPORT and note.game is None
    assert note.text == (
        "The moderators looked into your report about player bob and acted on it. "
        "bob has been asked to rename."
    )
    assert note.get_absolute_url() == "/players/bob/"
    # Only the reporter hears of it.
    assert not Notification.objects.exclude(user=alice).exists()

    client = client_for(alice)
    page = client.get("/notifications/")
    assert page.status_code == 200
    assert "bob has been asked to rename." in text_of(page)
    assert "Report handled" in text_of(page)
    opened = client.post("/notifications/read/", {"id": note.pk, "open": "1"})
    assert opened.status_code == 302 and opened["Location"] == "/players/bob/"

    [message] = mail.outbox
    assert message.to == ["alice@example.com"]
    assert message.subject == "[XIX Online] Your report has been handled"
    assert "bob has been asked to rename." in message.body
    assert "http://127.0.0.1:8000/players/bob/" in message.body
    assert OutboundEmail.objects.get().status == OutboundEmail.Status.SENT

    [entry] = AuditEntry.objects.all()
    assert entry.action == AuditEntry.Action.REPORT_RESOLVED
    assert (entry.actor, entry.target_report, entry.target_user) == (moderator, report, bob)
    assert entry.reason == "bob has been asked to rename."


def test_a_dismissed_game_report_leads_to_the_game(
    moderator, alice, game, game_report, client_for, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_dismiss(actor=moderator, report_id=game_report.pk, note="Within the rules.")
    assert Report.objects.get().status == "dismissed"
    note = Notification.objects.get(user=alice, kind=Notification.Kind.REPORT)
    assert note.game == game
    assert note.text == (
        f"The moderators looked into your report about game {game.pk} and took no action. "
        "Within the rules."
    )
    assert note.get_absolute_url() == f"/games/{game.pk}/"
    assert "Within the rules." in text_of(client_for(alice).get("/notifications/"))
    [message] = mail.outbox
    assert f"http://127.0.0.1:8000/games/{game.pk}/" in message.body
    assert AuditEntry.objects.get().action == AuditEntry.Action.REPORT_DISMISSED


@pytest.mark.parametrize("preference, email", [("none", "none"), ("digest", "digest")])
def test_no_immediate_email_for_other_preferences(
    moderator, alice, player_report, django_capture_on_commit_callbacks, preference, email
):
    alice.email_notifications = preference
    alice.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.report_resolve(actor=moderator, report_id=player_report.pk, note="Done.")
    assert Notification.objects.get(user=alice).email == email
    assert mail.outbox == []


@pytest.mark.parametrize("close", [services.report_resolve, services.report_dismiss])
def test_a_closed_report_cannot_be_closed_again(moderator, superuser, player_report, close):
    services.report_resolve(actor=moderator, report_id=player_report.pk, note="Done.")
    with pytest.raises(services.ModerationError, match="was already resolved"):
        close(actor=superuser, report_id=player_report.pk, note="Again.")
    report = Report.objects.get()
    assert (report.status, report.handled_by, report.note) == ("resolved", moderator, "Done.")
    assert Notification.objects.count() == 1
    assert AuditEntry.objects.count() == 1


def reporter_mod(moderator, bob, game):
    return services.report_create(reporter=moderator, category="other", text=TEXT, reported=bob)


def reported_mod(moderator, bob, game):
    return services.report_create(reporter=bob, category="other", text=TEXT, reported=moderator)


def seated_mod(moderator, bob, game):
    """A spectator's report about a game the moderator plays in."""
    own = start_game(moderator, bob, seed="own-seed")
    spectator = UserFactory(username="carol")
    return services.report_create(reporter=spectator, category="other", text=TEXT, game=own)


@pytest.mark.parametrize("make", [reporter_mod, reported_mod, seated_mod])
@pytest.mark.parametrize("close", [services.report_resolve, services.report_dismiss])
def test_a_moderator_involved_in_the_report_cannot_handle_it(moderator, bob, game, make, close):
    report = make(moderator, bob, game)
    with pytest.raises(services.ModerationError, match="You are part of this report"):
        close(actor=moderator, report_id=report.pk, note="Nothing to see.")
    assert Report.objects.get(pk=report.pk).status == "open"
    assert not Notification.objects.filter(kind=Notification.Kind.REPORT).exists()
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("close", [services.report_resolve, services.report_dismiss])
def test_handling_needs_the_permission_and_a_note(moderator, alice, player_report, close):
    carol = UserFactory(username="carol", is_staff=True)
    with pytest.raises(PermissionDenied):
        close(actor=carol, report_id=player_report.pk, note="I decide.")
    with pytest.raises(services.ModerationError, match="Give a note for the reporter"):
        close(actor=moderator, report_id=player_report.pk, note="  ")
    with pytest.raises(services.NotFound):
        close(actor=moderator, report_id=987654, note="Gone.")
    assert Report.objects.get().status == "open"
    assert not Notification.objects.exists()
    assert not AuditEntry.objects.exists()


def test_a_close_failing_midway_writes_nothing(monkeypatch, moderator, player_report):
    def fail(**kwargs):
        raise RuntimeError("the notification could not be written")

    monkeypatch.setattr(services, "notify", fail)
    with pytest.raises(RuntimeError):
        services.report_resolve(actor=moderator, report_id=player_report.pk, note="Done.")
    report = Report.objects.get()
    assert (report.status, report.handled_by, report.note) == ("open", None, "")
    assert not AuditEntry.objects.exists()


def test_a_report_about_a_finished_or_aborted_game_can_be_filed(
    moderator, alice, bob, game, client_for
):
    services.game_abort(actor=moderator, game_id=game.pk, reason="Server trouble.")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    response = client_for(bob).post(game_url(game), {"category": "cheating", "text": TEXT})
    assert response.status_code == 302
    assert Report.objects.get().reported == alice


def test_a_report_that_cannot_be_filed_is_refused_before_anything_is_written(alice, client_for):
    """Opening the form to report yourself, or a game against a bot, says why at once
    instead of showing a form whose report would be refused."""
    client = client_for(alice)
    response = client.get(player_url(alice))
    assert response.status_code == 400
    assert "You cannot report yourself." in text_of(response)
    assert 'name="text"' not in response.content.decode()
    response = client.get(game_url(bot_game(alice)))
    assert response.status_code == 400
    assert "Bots are run by the site itself" in text_of(response)
    assert 'name="text"' not in response.content.decode()
    assert not Report.objects.exists()
