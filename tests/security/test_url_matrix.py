"""Who may open what: every URL of the site, for each kind of visitor, and no hidden card in
any answer to someone who may not know it.

The table below has one row per URL name (a few names have a second row for another kind
of object, e.g. the replay of a live and of a finished game) and one column per visitor:

  anon   nobody signed in            seat0  alice, seat 0 of the games
  seat1  bob, seat 1, and a moderator: a seated moderator must learn no more than a player
  spec   carol, signed in, plays in neither game
  mod    mona: staff, in the "Moderators" group the migration creates
  root   a superuser who plays in neither game

Each request is a GET, or a POST with harmless empty data where the URL takes no GET (the
"method" column); each runs in a transaction that is rolled back, so every visitor sees the
same objects. The admin and allauth are sampled (``ADMIN_SAMPLE``, the allauth rows):
the admin index, the changelist and one change page of every registered model, and the
change lists with query-string filters (``ADMIN_FILTERS``), the way to ask the admin
yes/no questions about a game.
A URL name that the table does not cover makes ``test_the_table_covers_every_url_name``
fail.

Hidden cards: in every answer to a visitor who is not seat S, none of seat S's hidden cards
(and, more broadly, none of the cards that visitor has not seen) may be drawn: as the
numeral of a card (``card-num``), a card's accessible name, in any HTML attribute whose name
speaks of cards (``data-card``, ``data-deal``...), under such a key of any JSON in the page
(attribute values, scripts), or in a run of three or more small numbers in any attribute or
JSON (a deal, a hand).
The one exception (docs/rules.md decision 26, docs/moderation.md): moderators and superusers
who do not play in the game may see every card on the admin's game pages and the replay.
"""

import copy
import json
import re
from html import escape, unescape
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from allauth.account.models import EmailAddress
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core import mail
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import Block, InviteSent
from analysis.models import Analysis
from api import tokens as api_tokens
from api.models import AccessToken, ApiRequest, RatedBotsAccepted
from chat.models import ChatMessage
from games.models import Game, GameAction
from games.selectors import game_state, game_view
from games.xix.engine import cards_of, seat_view, spectator_view
from moderation import services as moderation_services
from moderation.models import AuditEntry, Report
from notifications.models import Notification, OutboundEmail, PushSubscription
from notifications.services import mark_read, viewing_key
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, make_challenge, play, play_random, start_game
from tests.games.table_helpers import finish_table

pytestmark = pytest.mark.django_db

VISITORS = ("anon", "seat0", "seat1", "spec", "mod", "root")

# name -> (method, object, {visitor: status}); object picks the URL's arguments (see
# ``url_for``). A status of 302 means a redirect (to the log-in page for "anon").
G, P, HX = "GET", "POST", "HX-POST"  # HX-POST: a POST from htmx (HX-Request: true)
L = 302  # redirect to the log-in page, or away from a page a signed-in person has no use for


def row(method, obj, anon, seat0, seat1, spec, mod, root):
    return method, obj, dict(zip(VISITORS, (anon, seat0, seat1, spec, mod, root), strict=True))


TABLE = {
    # name                       method obj        anon seat0 seat1 spec  mod  root
    "home": row(G, None, 200, 200, 200, 200, 200, 200),
    "rules": row(G, None, 200, 200, 200, 200, 200, 200),
    "rules_game": row(G, "game-key", 200, 200, 200, 200, 200, 200),
    "rules_variant": row(G, "variant-page", 200, 200, 200, 200, 200, 200),
    "healthz": row(G, None, 200, 200, 200, 200, 200, 200),
    # A game's event stream (games/streams.py): 204 under the test client (WSGI, no stream).
    "game_stream": row(G, "live", L, 204, 204, 204, 204, 204),
    # A signed-in person's own stream (every other page), and the badges its pings fetch.
    "user_stream": row(G, None, L, 204, 204, 204, 204, 204),
    "badges": row(G, None, L, 200, 200, 200, 200, 200),
    # The theme switch's form: an empty one names no theme (400).
    "theme": row(P, None, 400, 400, 400, 400, 400, 400),
    # The web app manifest and the service worker, at the site's root for everyone.
    "manifest": row(G, None, 200, 200, 200, 200, 200, 200),
    "service_worker": row(G, None, 200, 200, 200, 200, 200, 200),
    "games:lobby": row(G, None, L, 200, 200, 200, 200, 200),
    # The one form's choices without a script: back to the lobby opened on them.
    "games:lobby_choose": row(P, None, L, 302, 302, 302, 302, 302),
    "games:challenge_new": row(P, None, L, 400, 400, 400, 400, 400),
    "games:challenge_accept": row(HX, "challenge", L, 400, 200, 200, 200, 200),
    "games:challenge_withdraw": row(HX, "challenge", L, 200, 403, 403, 403, 403),
    # The table URLs on a XIX challenge hand over to the challenge services.
    "games:table_new": row(P, None, L, 400, 400, 400, 400, 400),
    # "Play now" without a game: no game the site serves (400).
    "games:table_quick": row(HX, None, L, 400, 400, 400, 400, 400),
    "games:bot_game": row(P, None, L, 400, 400, 400, 400, 400),
    "games:table_join": row(HX, "challenge", L, 400, 200, 200, 200, 200),
    "games:table_leave": row(HX, "challenge", L, 200, 403, 403, 403, 403),
    "games:table_add_bot": row(HX, "challenge", L, 400, 403, 403, 403, 403),
    "games:my_games": row(G, None, L, 200, 200, 200, 200, 200),
    # "Next game": to the game waiting for one's move, or to My games when none is.
    "games:next_game": row(G, None, L, 302, 302, 302, 302, 302),
    # A visitor watches a public game as a spectator (games.watch).
    "games:game": row(G, "live", 200, 200, 200, 200, 200, 200),
    "games:game@finished": row(G, "finished", 200, 200, 200, 200, 200, 200),
    "games:watch": row(G, None, 200, 200, 200, 200, 200, 200),
    "games:act": row(P, "live", L, 400, 400, 403, 403, 403),
    "games:poll": row(G, "live-poll", 200, 200, 200, 200, 200, 200),
    "games:resign": row(G, "live", L, 200, 200, 403, 403, 403),
    # Both players have moved in the live game, so it can no longer be aborted (400).
    "games:abort": row(P, "live", L, 400, 400, 403, 403, 403),
    "games:extra_day": row(P, "live", L, 303, 400, 403, 403, 403),
    # An empty form names no guide step (400), and no action number to take back from.
    "games:guide": row(P, "live", L, 400, 400, 403, 403, 403),
    "games:takeback": row(P, "live", L, 400, 400, 403, 403, 403),
    "games:rematch": row(HX, "finished", L, 200, 200, 403, 403, 403),
    "games:replay": row(G, "live", 403, 403, 403, 403, 200, 200),
    "games:replay@finished": row(G, "finished", 200, 200, 200, 200, 200, 200),
    "games:record": row(G, "live", 403, 403, 403, 403, 403, 403),
    "games:record@finished": row(G, "finished", 200, 200, 200, 200, 200, 200),
    # The post-game analysis (analysis/): never of a game in play (409); asked for by the
    # players, or anyone signed in for a public game; its progress for whoever sees the game.
    "analysis:request": row(P, "live", L, 409, 409, 409, 409, 409),
    "analysis:request@finished": row(P, "finished", L, 302, 302, 302, 302, 302),
    "analysis:request@private-finished": row(P, "private-finished", L, 302, 302, 404, 403, 403),
    "analysis:retry": row(P, "live", L, 409, 409, 409, 409, 409),
    "analysis:retry@finished": row(P, "finished", L, 400, 400, 400, 400, 400),
    "analysis:progress": row(G, "live", 409, 409, 409, 409, 409, 409),
    "analysis:progress@finished": row(G, "finished", 200, 200, 200, 200, 200, 200),
    "analysis:progress@private-finished": row(G, "private-finished", L, 200, 200, 404, 200, 200),
    # "Play on from here": an empty form names no step (400); never from a game in play.
    "analysis:play_on": row(P, "live", L, 409, 409, 409, 409, 409),
    "analysis:play_on@finished": row(P, "finished", L, 400, 400, 400, 400, 400),
    "players:settings": row(G, None, L, 200, 200, 200, 200, 200),
    "players:vacation": row(G, None, L, 200, 200, 200, 200, 200),
    "players:profile": row(G, "username", 200, 200, 200, 200, 200, 200),
    "players:history": row(G, "username", 200, 200, 200, 200, 200, 200),
    # An empty form says neither block nor unblock (400).
    "players:block": row(P, "username", L, 400, 400, 400, 400, 400),
    # Likewise neither follow nor unfollow (400).
    "players:follow": row(P, "username", L, 400, 400, 400, 400, 400),
    "players:friends": row(G, None, L, 200, 200, 200, 200, 200),
    "players:names": row(G, None, L, 200, 200, 200, 200, 200),
    "players:guides_restart": row(P, None, L, 302, 302, 302, 302, 302),
    "ratings:leaderboard_default": row(G, None, L, L, L, L, L, L),
    "ratings:leaderboard_short": row(G, "variant", 301, 301, 301, 301, 301, 301),
    "ratings:leaderboard": row(G, "kind-variant", 200, 200, 200, 200, 200, 200),
    "notifications:list": row(G, None, L, 200, 200, 200, 200, 200),
    "notifications:read": row(P, None, L, 400, 400, 400, 400, 400),
    # Browser notifications: JSON, so no redirect to log in; 404 while the site has no
    # VAPID keys (the test settings have none; tests/notifications/test_webpush.py sets some).
    "notifications:push_subscribe": row(P, None, 403, 404, 404, 404, 404, 404),
    "notifications:push_unsubscribe": row(P, None, 403, 404, 404, 404, 404, 404),
    "moderation:report_game": row(G, "live", L, 200, 200, 200, 200, 200),
    "moderation:report_player": row(G, "username", L, 200, 400, 200, 200, 200),
    # The chat: its players read it during play, everyone once the game is over.
    "chat:chat": row(G, "live", L, 200, 200, 403, 403, 403),
    "chat:chat@finished": row(G, "finished", 200, 200, 200, 200, 200, 200),
    "chat:mute": row(P, None, L, 400, 400, 400, 400, 400),
    "chat:mute_here": row(P, "live", L, 400, 400, 400, 400, 400),
    # The unread mark's read post (no "last" here: 400): only players have a mark.
    "chat:read": row(P, "live", 403, 400, 400, 404, 404, 404),
    "chat:read@private": row(P, "private", 403, 400, 400, 404, 404, 404),
    # alice's message in the live game: not hers to report; nobody else reads the chat
    # during play, and to them the line does not exist (the answer of a missing id).
    "chat:report": row(G, "chat-message", L, 400, 200, 404, 404, 404),
    # A private table (alice invited bob), in play and over: a game that does not exist to
    # anyone but its players and the staff (games.selectors.may_see, issue 30).
    "games:game@private": row(G, "private", L, 200, 200, 404, 200, 200),
    "games:game@private-finished": row(G, "private-finished", L, 200, 200, 404, 200, 200),
    "games:poll@private": row(G, "private-poll", L, 200, 200, 404, 200, 200),
    "game_stream@private": row(G, "private", L, 204, 204, 404, 204, 204),
    # (A visitor asking for a chat gets 404, as for a missing game's chat.)
    "chat:chat@private": row(G, "private", 404, 200, 200, 404, 403, 403),
    "chat:chat@private-finished": row(G, "private-finished", 404, 200, 200, 404, 200, 200),
    "chat:report@private-finished": row(G, "private-message", L, 400, 200, 404, 200, 200),
    "games:replay@private": row(G, "private", L, 403, 403, 404, 200, 200),
    "games:replay@private-finished": row(G, "private-finished", L, 200, 200, 404, 200, 200),
    "games:record@private-finished": row(G, "private-finished", L, 200, 200, 404, 200, 200),
    "moderation:report_game@private": row(G, "private", L, 200, 200, 404, 200, 200),
    # The API (api/endpoints.py, docs/api.md): a bearer token with every scope for each
    # signed-in visitor (the table's people), none for "anon" (401). JSON and NDJSON
    # answers are searched for cards as the pages are (``leaks_in``).
    "api:account": row(G, None, 401, 200, 200, 200, 200, 200),
    "api:games_list": row(G, None, 401, 200, 200, 200, 200, 200),
    "api:player": row(G, "username", 401, 200, 200, 200, 200, 200),
    "api:player_games": row(G, "username", 401, 200, 200, 200, 200, 200),
    "api:game_record": row(G, "live", 401, 403, 403, 403, 403, 403),
    "api:game_record@finished": row(G, "finished", 401, 200, 200, 200, 200, 200),
    "api:game_record@private-finished": row(G, "private-finished", 401, 200, 200, 404, 200, 200),
    "api:leaderboard_of": row(G, "kind-variant", 401, 200, 200, 200, 200, 200),
    "api:watch": row(G, None, 401, 200, 200, 200, 200, 200),
    "api:event_stream": row(G, None, 401, 200, 200, 200, 200, 200),
    # No account here is an API bot: the bot endpoints refuse them all (403).
    "api:bot_stream": row(G, "live", 401, 403, 403, 403, 403, 403),
    "api:bot_act": row(P, "live", 401, 403, 403, 403, 403, 403),
    "api:bot_resign": row(P, "live", 401, 403, 403, 403, 403, 403),
    "api:bot_abort": row(P, "live", 401, 403, 403, 403, 403, 403),
    "api:bot_chat": row(P, "live", 401, 403, 403, 403, 403, 403),
    "api:bot_rematch": row(P, "live", 401, 403, 403, 403, 403, 403),
    # The board endpoints: the game's players only (no form body for act and chat: 400).
    "api:board_stream": row(G, "live", 401, 200, 200, 403, 403, 403),
    "api:board_stream@private": row(G, "private", 401, 200, 200, 404, 403, 403),
    "api:board_act": row(P, "live", 401, 400, 400, 400, 400, 400),
    "api:board_resign": row(P, "live", 401, 200, 200, 403, 403, 403),
    "api:board_abort": row(P, "live", 401, 400, 400, 403, 403, 403),
    "api:board_chat": row(P, "live", 401, 400, 400, 400, 400, 400),
    # A rematch once the game is over: the players are refused while it is on (400).
    "api:board_rematch": row(P, "live", 401, 400, 400, 403, 403, 403),
    "api:board_rematch@finished": row(P, "finished", 401, 200, 200, 403, 403, 403),
    # Only accounts that never played may become bots (carol, mona, root).
    "api:upgrade": row(P, None, 401, 400, 400, 200, 200, 200),
    "api:challenge_create": row(P, None, 401, 400, 400, 400, 400, 400),
    "api:challenge_accept": row(P, "challenge", 401, 400, 200, 200, 200, 200),
    "api:challenge_decline": row(P, "challenge", 401, 200, 403, 403, 403, 403),
    # The OpenAPI description and its interactive docs need no token.
    "api:openapi-json": row(G, None, 200, 200, 200, 200, 200, 200),
    "api:openapi-view": row(G, None, 200, 200, 200, 200, 200, 200),
    "api:api-root": row(G, None, 404, 404, 404, 404, 404, 404),
    # The settings page's tokens: an empty form names no token (back to the settings).
    "api_tokens:new": row(P, None, L, L, L, L, L, L),
    "api_tokens:revoke": row(P, "token", L, L, L, L, L, L),
    "api_tokens:delete": row(P, "token", L, L, L, L, L, L),
    "api_tokens:rated_bots": row(P, None, L, L, L, L, L, L),
    # Tournaments (issue 34): the live game is round 1 of a running tournament; the buttons
    # are tried on a cancelled one, where each is refused (entries closed, not the
    # organiser's, over) and nothing changes.
    "tournaments:list": row(G, None, 200, 200, 200, 200, 200, 200),
    "tournaments:new": row(G, None, L, 200, 200, 200, 200, 200),
    "tournaments:detail": row(G, "tournament", 200, 200, 200, 200, 200, 200),
    "tournaments:detail@over": row(G, "tournament-over", 200, 200, 200, 200, 200, 200),
    "tournaments:enter": row(P, "tournament-over", L, 400, 400, 400, 400, 400),
    "tournaments:withdraw": row(P, "tournament-over", L, 400, 400, 400, 400, 400),
    "tournaments:add_bot": row(P, "tournament-over", L, 403, 403, 403, 400, 403),
    "tournaments:cancel": row(P, "tournament-over", L, 403, 400, 403, 400, 400),
    "tournaments:partner": row(P, "tournament-over", L, 400, 400, 400, 400, 400),
    "tournaments:partner_answer": row(P, "tournament-over", L, 400, 400, 400, 400, 400),
    "tournaments:team": row(P, "tournament-over", L, 403, 403, 403, 400, 403),
    # allauth
    "account_login": row(G, None, 200, L, L, L, L, L),
    "account_logout": row(G, None, L, 200, 200, 200, 200, 200),
    "account_inactive": row(G, None, 200, 200, 200, 200, 200, 200),
    "account_signup": row(G, None, 200, L, L, L, L, L),
    "account_reauthenticate": row(G, None, L, 200, 200, 200, 200, 200),
    "account_email": row(G, None, L, 200, 200, 200, 200, 200),
    "account_email_verification_sent": row(G, None, 200, 200, 200, 200, 200, 200),
    "account_change_password": row(G, None, L, 200, 200, 200, 200, 200),
    "account_set_password": row(G, None, L, L, L, L, L, L),
    "account_reset_password": row(G, None, 200, 200, 200, 200, 200, 200),
    "account_confirm_login_code": row(G, None, L, L, L, L, L, L),
    "account_confirm_email": row(G, "bad-key", 200, 200, 200, 200, 200, 200),
    "account_reset_password_from_key_done": row(G, None, 200, 200, 200, 200, 200, 200),
    "account_reset_password_from_key": row(G, "bad-key", 200, 200, 200, 200, 200, 200),
    "account_reset_password_done": row(G, None, 200, 200, 200, 200, 200, 200),
}

# The admin, sampled: its index, and each registered model's changelist and one change
# page. Non-staff get a 404 (xix_site/admin.py), visitors the log-in page. Moderators may
# view what moderation needs (docs/moderation.md): not ratings, rating changes or the
# outbox.
ADMIN_ANON, ADMIN_PLAYER = L, 404
MODERATOR_MAY_VIEW = {
    "accounts.user",
    "games.game",
    "games.gameaction",
    "moderation.report",
    "moderation.auditentry",
    "chat.chatmessage",
    "tournaments.tournament",
}
ADMIN_NAMESPACE = "admin"

# Pages where a moderator or superuser who does not play in the game may see every card.
EVERY_CARD_ALLOWED = {
    "games:replay",
    "games:replay@finished",
    "admin:games_game_change",
    "admin:games_gameaction_change",
    "admin:games_gameaction_changelist",
    "admin:games_gameaction_changelist@live",
}


# --- The objects ---------------------------------------------------------------------


@pytest.fixture
def world(db):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    carol = UserFactory(username="carol")
    mona = UserFactory(username="mona", is_staff=True)
    moderators = Group.objects.get(name="Moderators")
    mona.groups.add(moderators)
    bob.is_staff = True  # seat 1 is a moderator too (see the module's docstring)
    bob.save(update_fields=["is_staff"])
    bob.groups.add(moderators)
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    live = play_random(start_game(alice, bob, seed="matrix-live"), moves=7, seed=3)
    # A short random game to its end (65 moves; seed 4 took 150): built for every test here.
    finished = play_random(start_game(alice, bob, seed="matrix-done"), seed=18)
    assert finished.is_over and live.status == Game.Status.ACTIVE
    # The table's rows for resigning and the extra day assume bob (seat 1) is to move.
    assert live.to_move == 1

    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=None
    )
    report = moderation_services.report_create(
        reporter=alice, category=Report.Category.STALLING, text="bob never moves", game=live
    )
    report.refresh_from_db()
    old = moderation_services.report_create(
        reporter=bob, category=Report.Category.STALLING, text="slow", game=finished
    )
    moderation_services.report_dismiss(actor=mona, report_id=old.pk, note="Within the rules.")
    message = ChatMessage.objects.create(game=live, author=alice, text="good luck")
    ChatMessage.objects.create(game=finished, author=bob, text="good game")
    private, private_finished = (private_table(alice, bob) for _ in range(2))
    private_finished = finish_table(private_finished, [1, 0], [1, 2])
    private_message = ChatMessage.objects.create(
        game=private_finished, author=alice, text="between us"
    )
    scopes = ["read", "bot:play", "board:play", "challenge:write"]
    secrets = {
        who: api_tokens.token_create(user=user, name="matrix", scopes=scopes)[1]
        for who, user in (
            ("seat0", alice),
            ("seat1", bob),
            ("spec", carol),
            ("mod", mona),
            ("root", root),
        )
    }
    tournament, tournament_over = matrix_tournaments(mona, alice, bob, live)
    return {
        "secrets": secrets,
        "token": AccessToken.objects.filter(user=alice).get(),
        "people": {
            "anon": None,
            "seat0": alice,
            "seat1": bob,
            "spec": carol,
            "mod": mona,
            "root": root,
        },
        "live": live,
        "finished": finished,
        "challenge": challenge,
        "report": report,
        "message": message,
        "private": private,
        "private-finished": private_finished,
        "private-message": private_message,
        "tournament": tournament,
        "tournament-over": tournament_over,
    }


def matrix_tournaments(organiser, alice, bob, live):
    """A running tournament whose round 1 is the live game, and a cancelled one."""
    from tournaments.models import Entry, Round, Table, TableSeat, Tournament

    settings = {
        "kind": "xix",
        "variant": "standard",
        "seats": 2,
        "format": Tournament.Format.SWISS,
        "rounds": 3,
        "min_players": 2,
        "max_players": 8,
        "place_points": [1, 0],
        "created_by": organiser,
    }
    running = Tournament.objects.create(name="Matrix cup", status="running", **settings)
    over = Tournament.objects.create(name="Matrix plate", status="cancelled", **settings)
    for t in (running, over):
        for seed, person in enumerate((alice, bob), 1):
            Entry.objects.create(tournament=t, user=person, rating=1500, seed=seed)
    table = Table.objects.create(
        round=Round.objects.create(tournament=running, number=1), board=1, game=live
    )
    for entry in running.entries.all():
        TableSeat.objects.create(table=table, entry=entry)
    return running, over


def private_table(alice, bob) -> Game:
    """A OneXeno table for two that alice set up inviting bob, who took his seat."""
    from games import tables

    table = tables.table_create(
        user=alice,
        kind="onexeno",
        variant="basic",
        seats=2,
        days_per_move=3,
        rated=False,
        invited=[bob],
    )
    return tables.table_join(user=bob, game_id=table.pk)


def url_for(name: str, obj, world) -> str:
    name = name.split("@")[0]
    if obj is None:
        return reverse(name)
    if obj in ("live", "finished", "challenge", "private", "private-finished"):
        return reverse(name, args=[world[obj].pk])
    if obj == "live-poll":
        return reverse(name, args=[world["live"].pk]) + f"?seq={world['live'].n_actions - 2}"
    if obj == "private-poll":
        return reverse(name, args=[world["private"].pk]) + "?seq=0&v=stale"
    if obj == "token":
        return reverse(name, args=[world["token"].pk])
    if obj in ("tournament", "tournament-over"):
        return reverse(name, args=[world[obj].pk])
    if obj == "chat-message":
        return reverse(name, args=[world["message"].pk])
    if obj == "private-message":
        return reverse(name, args=[world["private-message"].pk])
    if obj == "username":
        return reverse(name, args=["bob"])
    if obj == "variant":
        return reverse(name, args=["standard"])
    if obj == "game-key":
        return reverse(name, args=["xeri"])
    if obj == "kind-variant":
        return reverse(name, args=["xix", "standard"])
    if obj == "variant-page":
        return reverse(name, args=["xix", "v2"])
    if obj == "bad-key":
        if name == "account_confirm_email":
            return reverse(name, args=["not-a-key"])
        return reverse(name, args=["1", "not-a-key"])
    raise AssertionError(obj)


def admin_rows(world) -> dict:
    """name -> (url, {visitor: status}) for the sampled admin pages."""
    objects = {
        "accounts.user": world["people"]["seat1"],
        "accounts.block": Block.objects.get_or_create(
            blocker=world["people"]["seat0"], blocked=world["people"]["spec"]
        )[0],
        # alice's open challenge was written down for the hourly limits.
        "accounts.invitesent": InviteSent.objects.order_by("pk").first(),
        "games.game": world["live"],
        "games.gameaction": GameAction.objects.filter(game=world["live"]).order_by("seq").last(),
        "moderation.report": world["report"],
        "moderation.auditentry": AuditEntry.objects.order_by("pk").first(),
        "notifications.notification": Notification.objects.order_by("pk").first(),
        "notifications.outboundemail": OutboundEmail.objects.order_by("pk").first(),
        "notifications.pushsubscription": PushSubscription.objects.get_or_create(
            user=world["people"]["seat1"],
            endpoint="https://fcm.googleapis.com/fcm/send/matrix",
            defaults={"p256dh": "key", "auth": "secret"},
        )[0],
        "ratings.rating": Rating.objects.order_by("pk").first(),
        "ratings.ratingchange": RatingChange.objects.order_by("pk").first(),
        "auth.group": Group.objects.get(name="Moderators"),
        "chat.chatmessage": world["message"],
        "tournaments.tournament": world["tournament"],
        "analysis.analysis": Analysis.objects.get_or_create(
            game=world["finished"], defaults={"budget": "ci"}
        )[0],
        "api.accesstoken": world["token"],
        "api.apirequest": ApiRequest.objects.create(
            method="GET", path="/api/account", status=200, milliseconds=3
        ),
        "api.ratedbotsaccepted": RatedBotsAccepted.objects.get_or_create(
            user=world["people"]["seat1"]
        )[0],
        "account.emailaddress": EmailAddress.objects.get_or_create(
            user=world["people"]["seat1"], email="bob@example.com"
        )[0],
    }
    registered = {m._meta.label_lower for m in admin.site._registry}
    assert registered == set(objects), f"sample objects differ: {registered ^ set(objects)}"
    rows = {"admin:index": (reverse("admin:index"), staff_statuses(200, 200))}
    for label in sorted(registered):
        model = next(m for m in admin.site._registry if m._meta.label_lower == label)
        info = f"{model._meta.app_label}_{model._meta.model_name}"
        obj = objects[label]
        assert obj is not None, f"the sample has no {label} to open"
        mod = 200 if label in MODERATOR_MAY_VIEW else 403
        rows[f"admin:{info}_changelist"] = (
            reverse(f"admin:{info}_changelist"),
            staff_statuses(mod, 200),
        )
        rows[f"admin:{info}_change"] = (
            reverse(f"admin:{info}_change", args=[obj.pk]),
            staff_statuses(mod, 200),
        )
    for name, status in SEATED_MODERATOR.items():
        rows[name][1]["seat1"] = status
    for name, (changelist, query, mod, seat1) in ADMIN_FILTERS.items():
        url = reverse(f"admin:{changelist}_changelist") + "?" + urlencode(query(world["live"]))
        rows[name] = (url, {**staff_statuses(mod, mod), "seat1": seat1})
    return rows


# Where the seated moderator (seat1) is answered unlike other moderators: the sampled
# objects belong to his game in play, and the admin sends him back to its index (302).
SEATED_MODERATOR = {
    "admin:games_gameaction_change": L,  # an action of his game: the log shows hidden cards
    "admin:moderation_report_change": L,  # a report about his game: not his to read
}

# The change lists, filtered as a moderator might to ask about the live game: name ->
# (change list, query for the live game, status for mod and root, status for seat1, the
# seated moderator). Lookups on fields that imply hidden cards answer 400 to everyone.
ADMIN_FILTERS = {
    "admin:games_game_changelist@seed": (
        "games_game",
        lambda g: {"id": g.pk, "seed__startswith": g.seed[0]},
        400,
        400,
    ),
    "admin:games_game_changelist@deal": (
        "games_game",
        lambda g: {"id": g.pk, "setup__deal__contains": json.dumps(g.setup["deal"])},
        400,
        400,
    ),
    "admin:games_game_changelist@first_leader": (
        "games_game",
        lambda g: {"id": g.pk, "setup__first_leader": g.setup["first_leader"]},
        400,
        400,
    ),
    "admin:games_game_changelist@status": (
        "games_game",
        lambda g: {"id": g.pk, "status__exact": "active"},
        200,
        200,
    ),
    "admin:games_gameaction_changelist@live": (
        "games_gameaction",
        lambda g: {"game__id__exact": g.pk},
        200,
        200,
    ),
    "admin:games_gameaction_changelist@action": (
        "games_gameaction",
        lambda g: {"game__id__exact": g.pk, "action__contains": "{}"},
        400,
        400,
    ),
    "admin:games_gameaction_changelist@game_seed": (
        "games_gameaction",
        lambda g: {"game__seed__startswith": g.seed[0]},
        400,
        400,
    ),
    "admin:moderation_report_changelist@game": (
        "moderation_report",
        lambda g: {"game__id__exact": g.pk},
        200,
        200,
    ),
    "admin:accounts_user_changelist@seed": (
        "accounts_user",
        lambda g: {"seats__game__seed__startswith": g.seed[0]},
        400,
        400,
    ),
}


def staff_statuses(mod, root) -> dict:
    return {
        "anon": ADMIN_ANON,
        "seat0": ADMIN_PLAYER,
        "seat1": mod,
        "spec": ADMIN_PLAYER,
        "mod": mod,
        "root": root,
    }


# The signed-in clients of the test running: (client, its cookies just after signing in)
# per user, so that a visitor is signed in once per test, not once per request.
_SIGNED_IN: dict = {}


@pytest.fixture(autouse=True)
def _signed_in_clients():
    _SIGNED_IN.clear()
    yield
    _SIGNED_IN.clear()


def client_for(user) -> Client:
    """``user``'s client (anonymous for None) as it was just after signing in: the cookies
    a former request set (a message, a log-out's empty session cookie) are gone, and the
    session row is the one signing in wrote (every ``fetch`` is rolled back)."""
    if user is None:
        return Client()
    if user.pk not in _SIGNED_IN:
        client = Client()
        client.force_login(user)
        _SIGNED_IN[user.pk] = (client, copy.deepcopy(client.cookies))
    client, cookies = _SIGNED_IN[user.pk]
    client.cookies = copy.deepcopy(cookies)
    return client


def visitor(world, who, name: str) -> Client:
    """``who``'s client for the URL ``name``: signed in; for the API, with ``who``'s token
    (none for "anon") and no session."""
    if not name.startswith("api:"):
        return client_for(world["people"][who])
    secret = world["secrets"].get(who)
    return Client(HTTP_AUTHORIZATION=f"Bearer {secret}") if secret else Client()


@pytest.fixture(autouse=True)
def _api_streams_answer_their_first_lines(settings):
    # The test client serves the API's streams as long-polls: each ends after its first read.
    settings.API_LONG_POLL_SECONDS = 0


def fetch(client, method, url, **headers):
    """One request in a transaction that is rolled back: visitors all see the same rows."""
    with transaction.atomic():
        if method == HX:
            headers["HTTP_HX_REQUEST"] = "true"
        if method == G:
            response = client.get(url, **headers)
        else:
            response = client.post(url, {}, **headers)
        if response.streaming:  # an API stream: read to its end, before the rollback
            body = b"".join(response.streaming_content)
            response = HttpResponse(body, status=response.status_code, headers=response.headers)
        response.content  # noqa: B018 - render it before the rollback
        transaction.set_rollback(True)
    return response


# --- Finding cards in an answer ------------------------------------------------------

CARD_PATTERNS = (
    r'<span class="card-num"[^>]*>\s*(\d+)\s*</span>',
    r'data-card="(\d+)"',
    r'aria-label="(?:Play |Draft |Trade |Position \d+: )?(\d+)[",]',
    r'<span class="card-corner"[^>]*>\s*(\d+)\s*</span>',
)


# The admin shows cards as text: the action log's JSON, the deal, the "Every card" table.
ACTION_CARD = r'(?:&quot;|&#x27;|")card(?:&quot;|&#x27;|"): (\d+)'
DEAL = r'<div class="readonly">[^<]*?\[((?:\d+, ){17}\d+)\][^<]*</div>'
FULL_TABLE = r'<table class="xix-full-table">(.*?)</table>'
FULL_TABLE_ROW = r"<tr><th>(.*?)</th><td>(.*?)</td></tr>"


# An attribute or JSON key that speaks of cards; a run of three or more small numbers.
CARD_WORDS = re.compile(
    r"card|deal|hand|closed|open|row|pool|discard|trick|talon|seed|unseen|known|leader", re.I
)
NUMBER_RUN = re.compile(r"(?<![\w.:/-])\d{1,2}(?:[\s,;\[\]]+\d{1,2}){2,}(?![\w.:/-])")
SMALL_NUMBER = re.compile(r"(?<![\w.:/-])\d{1,2}(?![\w.:/-])")
# Drawing geometry (the admin's SVG icons): runs of numbers that are coordinates.
SVG_GEOMETRY = {"d", "viewbox", "points", "transform", "width", "height", "x", "y", "r"}


class _AttributesAndScripts(HTMLParser):
    """Every attribute (name, value) of a page, and the text of its scripts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.attributes: list[tuple[str, str]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.attributes += [(name, value or "") for name, value in attrs]
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def _json_cards(value, carded=False) -> set[int]:
    """Numbers under a key that speaks of cards, anywhere in a JSON value, and runs of
    numbers in its lists."""
    if isinstance(value, dict):
        return set().union(
            *(_json_cards(v, carded or bool(CARD_WORDS.search(str(k)))) for k, v in value.items())
        )
    if isinstance(value, list):
        numbers = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
        found = set(numbers) if carded or len(numbers) >= 3 else set()
        return found.union(*(_json_cards(v, carded) for v in value))
    if isinstance(value, int) and not isinstance(value, bool) and carded:
        return {value}
    return set()


def _loose_json(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None


def hidden_place_cards(html: str) -> set[int]:
    """Cards in the places a reader does not see: any HTML attribute (all the numbers of one
    whose name speaks of cards, runs of numbers in any other), and any JSON in an attribute
    or a script (numbers under a card key, runs of numbers)."""
    reader = _AttributesAndScripts()
    reader.feed(html)
    cards = set()
    for name, value in reader.attributes:
        if CARD_WORDS.search(name):
            cards |= {int(n) for n in SMALL_NUMBER.findall(value)}
        if name in SVG_GEOMETRY:
            continue
        for run in NUMBER_RUN.findall(value):
            cards |= {int(n) for n in SMALL_NUMBER.findall(run)}
        cards |= _json_cards(_loose_json(value))
    for script in reader.scripts:
        cards |= _json_cards(_loose_json(script.strip()))
        for run in NUMBER_RUN.findall(script):
            cards |= {int(n) for n in SMALL_NUMBER.findall(run)}
    return cards


def _without_unseen(value):
    """A JSON value without its ``unseen`` lists: a view's list of the cards its reader has
    not seen (every card less those seen: nothing a reader could not count)."""
    if isinstance(value, dict):
        return {k: _without_unseen(v) for k, v in value.items() if k != "unseen"}
    if isinstance(value, list):
        return [_without_unseen(v) for v in value]
    return value


def _views_checked(value, expected: dict, wrong: list):
    """``value`` without its ``view`` entries, each of which must be ``expected`` (the
    reader's own view of the live game, ``selectors.game_view``: what the page draws,
    proven by the hidden-swap tests to carry nothing the seat may not know); ``wrong``
    collects those that are not."""
    if isinstance(value, dict):
        if "view" in value and value["view"] != expected:
            wrong.append(value["view"])
        return {k: _views_checked(v, expected, wrong) for k, v in value.items() if k != "view"}
    if isinstance(value, list):
        return [_views_checked(v, expected, wrong) for v in value]
    return value


def api_cards(body: str, expected_view: dict) -> tuple[set[int], list]:
    """Cards in an API answer, JSON or NDJSON (one JSON value a line), outside its views of
    the game (each checked to be the reader's own view), searched as the JSON of the pages
    is (``_json_cards``: numbers under a key that speaks of cards, runs of numbers);
    ``unseen`` lists left out. Returns (the cards, the views that are not the reader's)."""
    cards, wrong = set(), []
    for line in body.splitlines():
        if line.strip():
            rest = _views_checked(json.loads(line), expected_view, wrong)
            cards |= _json_cards(_without_unseen(rest))
    return cards, wrong


def drawn_cards(html: str) -> set[int]:
    """Cards shown in the HTML as cards (not as numbers in text: scores, ids, the list of
    cards the viewer has not seen), or hidden in its attributes and JSON."""
    cards = {int(n) for pattern in CARD_PATTERNS for n in re.findall(pattern, html)}
    cards |= hidden_place_cards(html)
    cards |= {int(n) for n in re.findall(ACTION_CARD, html)}
    for deal in re.findall(DEAL, html):
        cards |= {int(n) for n in deal.split(", ")}
    for table in re.findall(FULL_TABLE, html, re.DOTALL):
        for label, cell in re.findall(FULL_TABLE_ROW, table, re.DOTALL):
            if not label.startswith(("Scores", "To move")):
                cards |= {int(n) for n in re.findall(r"\b(\d+)\b", cell)}
    return {card for card in cards if 1 <= card <= 18}


def hidden_from(game: Game, viewer_seat) -> set[int]:
    """Cards the viewer may not know: those it has not seen (engine's ``unseen``: the
    opponent's closed cards it does not know, face-down row cards, the discard)."""
    state = game_state(game)
    if game.is_over:
        return set()
    view = spectator_view(state) if viewer_seat is None else seat_view(state, viewer_seat)
    hidden = set(view["unseen"])
    for seat in (0, 1):
        if seat != viewer_seat:
            hidden |= set(cards_of(state.closed[seat])) - set(view["hands"][seat]["known_closed"])
    return hidden


def seat_of(world, who):
    return {"seat0": 0, "seat1": 1}.get(who)


# --- Tests ---------------------------------------------------------------------------


def all_url_names() -> set[str]:
    names = set()

    def walk(patterns, namespace):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = ":".join(n for n in (namespace, pattern.namespace) if n)
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)

    walk(get_resolver().url_patterns, "")
    return names


def test_the_table_covers_every_url_name():
    names = all_url_names()
    covered = {name.split("@")[0] for name in TABLE}
    outside_admin = {n for n in names if not n.startswith(f"{ADMIN_NAMESPACE}:")}
    assert outside_admin - covered == set(), "URL names missing from the table"
    assert covered - names == set(), "the table names URLs that do not exist"
    unnamed = [
        str(p.pattern)
        for p in get_resolver().url_patterns
        if isinstance(p, URLPattern) and not p.name
    ]
    assert unnamed == []


def test_every_visitor_gets_the_expected_status(world):
    failures = []
    for name, (method, obj, expected) in TABLE.items():
        url = url_for(name, obj, world)
        for who in VISITORS:
            response = fetch(visitor(world, who, name), method, url)
            got = response.status_code
            if got != expected[who]:
                failures.append(f"{name} {method} {url} as {who}: {got}, expected {expected[who]}")
            elif got == L and who == "anon" and expected["seat0"] != L and name != "account_logout":
                if not response["Location"].startswith(reverse("account_login")):
                    failures.append(f"{name} as anon: sent to {response['Location']}")
    assert failures == [], "\n".join(failures)


def test_admin_pages_sampled(world):
    failures = []
    for name, (url, expected) in admin_rows(world).items():
        for who in VISITORS:
            got = fetch(client_for(world["people"][who]), G, url).status_code
            if got != expected[who]:
                failures.append(f"{name} {url} as {who}: {got}, expected {expected[who]}")
    assert failures == [], "\n".join(failures)


def answers_about_the_live_game(world):
    """(label, visitor, response) for every page and partial, the admin's included."""
    pages = [(name, method, url_for(name, obj, world)) for name, (method, obj, _) in TABLE.items()]
    pages += [(name, G, url) for name, (url, _) in admin_rows(world).items()]
    live = world["live"]
    for who in VISITORS:
        client = client_for(world["people"][who])
        for name, method, url in pages:
            yield (
                name,
                who,
                fetch(
                    visitor(world, who, name) if name.startswith("api:") else client, method, url
                ),
            )
        for label, url, headers in (
            ("game partial", reverse("games:game", args=[live.pk]), {"HTTP_HX_REQUEST": "true"}),
            (
                "poll partial",
                reverse("games:poll", args=[live.pk]) + "?seq=0",
                {"HTTP_HX_REQUEST": "true"},
            ),
            (
                "replay partial",
                reverse("games:replay", args=[live.pk]) + "?step=7",
                {"HTTP_HX_REQUEST": "true"},
            ),
        ):
            yield label, who, fetch(client, G, url, **headers)


# Answers about finished games only (a player's finished games as records: the live game is
# never among them, tests/api/test_read.py), whose every card anyone may now see.
FINISHED_GAMES_ONLY = {"api:player_games"}

# API answers that name no game: the games' catalogue (seat counts are small numbers) and
# the OpenAPI description (the numbers of its schemas).
NAMES_NO_GAME = {"api:games_list", "api:openapi-json"}

# Pages that list the logs of several games (the finished one's too, which anyone may see):
# for a seat there, what counts is that no row of the live game is listed.
MANY_GAMES_LOGS = {"admin:games_gameaction_changelist"}


def leaks_in(name, who, response, world) -> list[str]:
    """What ``response`` (to ``who``, for the page ``name``) shows of the live game that
    ``who`` may not know."""
    live = world["live"]
    html = response.content.decode(errors="replace")
    leaks = []
    if name in MANY_GAMES_LOGS and seat_of(world, who) is not None:
        listed = [
            pk
            for pk in GameAction.objects.filter(game=live).values_list("pk", flat=True)
            if f"/gameaction/{pk}/change/" in html
        ]
        if listed:
            leaks.append(f"{name} as {who}: lists the live game's actions {listed}")
    else:
        found = drawn_cards(html)
        if "json" in response.get("Content-Type", "") and name not in NAMES_NO_GAME:
            expected = game_view(live, seat_of(world, who))
            cards, wrong = api_cards(html, json.loads(json.dumps(expected)))
            found |= {card for card in cards if 1 <= card <= 18}
            if wrong:
                leaks.append(f"{name} as {who}: a view that is not the reader's own")
        shown = found & hidden_from(live, seat_of(world, who))
        if shown:
            leaks.append(f"{name} as {who}: shows {sorted(shown)}")
    if live.seed in html:  # the deal is shuffled from the seed
        leaks.append(f"{name} as {who}: shows the seed of the deal")
    return leaks


def test_no_answer_shows_a_card_the_visitor_may_not_know(world):
    leaks = []
    checked = 0
    for name, who, response in answers_about_the_live_game(world):
        if 300 <= response.status_code < 400 or response.status_code == 204:
            continue  # no body to look at
        if who in ("mod", "root") and (name in EVERY_CARD_ALLOWED or name == "replay partial"):
            continue
        if TABLE.get(name, (None, None))[1] == "finished" or name in FINISHED_GAMES_ONLY:
            continue  # about the finished game, whose every card anyone may now see
        if str(TABLE.get(name, (None, None))[1]).startswith("private"):
            continue  # about another game (its statuses are what is checked there)
        checked += 1
        leaks += leaks_in(name, who, response, world)
    assert leaks == [], "\n".join(leaks)
    assert checked > 250, "the answers should have been looked at"


def _plant(monkeypatch, template_name: str, snippet: str):
    """Render ``template_name`` with ``snippet`` added before ``</body>``."""
    from django.template.backends.django import Template

    render = Template.render

    def planted(self, context=None, request=None):
        html = render(self, context, request)
        if self.template.name == template_name:
            html = html.replace("</body>", snippet + "</body>", 1)
        return html

    monkeypatch.setattr(Template, "render", planted)


PLANTS = {
    "data-deal attribute": lambda deal, hand: f'<div data-deal="{escape(json.dumps(deal))}">',
    "run of numbers in an attribute": lambda deal, hand: (
        f'<div title="{" ".join(map(str, hand))}"></div>'
    ),
    "JSON key in hx-vals": lambda deal, hand: (
        f"<button hx-vals='{json.dumps({'hand': hand})}'>x</button>"
    ),
    "JSON in a script": lambda deal, hand: (
        f'<script type="application/json">{json.dumps({"closed": hand})}</script>'
    ),
}


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_check_finds_cards_planted_in_attributes_and_json(world, monkeypatch, plant):
    """The detector is not blind to cards outside the drawn cards: the game page of seat 0
    with the deal (or seat 1's closed hand) planted where no reader sees it is a leak."""
    live = world["live"]
    alice = world["people"]["seat0"]
    url = reverse("games:game", args=[live.pk])
    assert leaks_in("games:game", "seat0", fetch(client_for(alice), G, url), world) == []
    hand = sorted(cards_of(game_state(live).closed[1]))
    assert set(hand) & hidden_from(live, 0), "seat 1 should hold cards seat 0 does not know"
    snippet = PLANTS[plant](live.setup["deal"], hand)
    _plant(monkeypatch, "games/game.html", snippet)

    response = fetch(client_for(alice), G, url)

    assert snippet in response.content.decode()
    assert leaks_in("games:game", "seat0", response, world) != []


def test_the_check_finds_cards_where_they_are_allowed(world):
    """The detector is not blind: the moderator's replay of the live game and a seat's own
    page draw cards the others may not know."""
    live = world["live"]
    mona, alice = world["people"]["mod"], world["people"]["seat0"]
    replay = fetch(client_for(mona), G, reverse("games:replay", args=[live.pk]) + "?step=7")
    assert drawn_cards(replay.content.decode()) >= hidden_from(live, None) - {
        game_state(live).discard
    }
    page = fetch(client_for(alice), G, reverse("games:game", args=[live.pk]))
    assert drawn_cards(page.content.decode()) & hidden_from(live, 1)
    admin_page = fetch(client_for(mona), G, reverse("admin:games_game_change", args=[live.pk]))
    html = admin_page.content.decode()
    assert live.seed in html
    assert drawn_cards(html) >= hidden_from(live, 0) | hidden_from(live, 1)
    # Each of the admin's ways of showing cards is seen on its own.
    table = re.search(FULL_TABLE, html, re.DOTALL).group(0)
    assert drawn_cards(table) >= hidden_from(live, 0) - {game_state(live).discard}
    assert drawn_cards(re.search(DEAL, html).group(0)) == set(range(1, 19))
    log = fetch(client_for(mona), G, reverse("admin:games_gameaction_changelist"))
    assert drawn_cards(log.content.decode())


def mentioned_numbers(text: str) -> set[int]:
    """Whole numbers in a text once links are taken out."""
    text = re.sub(r"https?://\S+", " ", unescape(re.sub(r"<[^>]+>", " ", text)))
    return {int(n) for n in re.findall(r"(?<![\w.:/-])(\d{1,2})(?![\w.:/-])", text)}


def test_the_opponents_email_and_notifications_show_none_of_the_movers_cards(
    world, django_capture_on_commit_callbacks
):
    live = world["live"]
    alice, bob = world["people"]["seat0"], world["people"]["seat1"]
    # An unread "your move" notice is updated without a second e-mail: start from read.
    Notification.objects.filter(game=live).update(read_at=timezone.now())
    mail.outbox.clear()
    # A player seen looking at the game, or with a "your move" notice for it still unread,
    # gets no second "your turn" e-mail (issue 14 item 17): both have read their notices
    # and left the page.
    for player in (alice, bob):
        cache.delete(viewing_key(player.pk, live.pk))
        mark_read(user=player, game_id=live.pk)
    for _ in range(6):  # until a move hands the turn to the other seat (an e-mail goes out)
        mover = live.to_move
        with django_capture_on_commit_callbacks(execute=True):
            live = play(live, [game_state(live).legal_actions()[-1]])
        if live.to_move != mover:
            break
    opponent = live.players[live.to_move]
    mover_seat = 1 - live.to_move
    sent = [m for m in mail.outbox if opponent.email in m.to]
    assert sent, "the opponent should have been e-mailed about their turn"
    secret = hidden_from(live, live.to_move) & set(cards_of(game_state(live).closed[mover_seat]))
    assert secret
    for message in sent:
        bodies = [message.body] + [content for content, _ in getattr(message, "alternatives", [])]
        for body in bodies:
            assert drawn_cards(body) & secret == set()
            assert mentioned_numbers(body) & secret == set(), body
    page = client_for(opponent).get(reverse("notifications:list")).content.decode()
    assert drawn_cards(page) & secret == set()
    for text in Notification.objects.filter(user=opponent).values_list("text", flat=True):
        assert mentioned_numbers(text) & secret == set(), text
    assert {alice, bob} == set(live.players)


# --- Odd numbers and tokens (issue 30 item 5) ------------------------------------------

# Values no URL may answer 500 to, wherever it reads a number or a token: digits of other
# scripts ("²" and "①" pass str.isdigit but not int(); int() took "٣" and "３"), a number
# too long for any column, a sign, a word, nothing.
ODD_VALUES = ["²", "①", "٣", "３", "9" * 40, ""]
# Every name under which a URL of the site reads a number or a token: in the query string
# (the action number, replay step, chat line, page, the event streams' es-meta, recover and
# lastEventId) or in a form (a notification's id, an action's fields, the chat's last line
# seen, vacation days, a table's seats and days per move).
NUMBER_AND_TOKEN_NAMES = (
    "seq",
    "step",
    "after",
    "v",
    "page",
    "id",
    "last",
    "card",
    "position",
    "cell",
    "days",
    "days_per_move",
    "seats",
    "es-meta",
    "recover",
    "lastEventId",
)
# The POST URLs that read one of those numbers: an odd value is refused (4xx), never used.
POSTS_READING_A_NUMBER = {"games:act", "games:extra_day", "notifications:read"}


def site_state() -> tuple:
    """What a request could change, read in the request's own transaction."""
    from chat.models import ChatMute
    from games.models import GameSeat, Invitation

    return (
        list(
            Game.objects.order_by("pk").values_list(
                "pk", "status", "n_actions", "to_move", "rated", "deadline", "extra_day_seq"
            )
        ),
        list(GameSeat.objects.order_by("pk").values_list("pk", "user_id", "status")),
        list(Invitation.objects.order_by("pk").values_list("pk", "declined", "answered_at")),
        GameAction.objects.count(),
        list(Notification.objects.order_by("pk").values_list("pk", "read_at")),
        list(ChatMessage.objects.order_by("pk").values_list("pk", "hidden_at")),
        ChatMute.objects.count(),
        Report.objects.count(),
        list(
            get_user_model()
            .objects.order_by("pk")
            .values_list("pk", "first_name", "time_zone", "vacation_until", "email_notifications")
        ),
        OutboundEmail.objects.count(),
    )


def fetch_unchanged(client, method, url, data=None, *, before, **extra):
    """``fetch`` in a transaction that is rolled back, and whether the request changed the
    site's state (``before``: ``site_state()`` outside it, which every such request leaves
    as it found it). Read for a refusal or a POST; None for a GET that is not refused (no
    test asks whether one changed the site)."""
    with transaction.atomic():
        if method == HX:
            extra["HTTP_HX_REQUEST"] = "true"
        if method == G:
            response = client.get(url, data or {}, **extra)
        elif "content_type" in extra:
            response = client.generic("POST", url, data, **extra)
        else:
            response = client.post(url, data or {}, **extra)
        response.content  # noqa: B018 - render it before the rollback
        unchanged = None
        if method != G or response.status_code >= 400:
            unchanged = site_state() == before
        transaction.set_rollback(True)
    return response, unchanged


def test_no_url_answers_500_to_odd_numbers_and_tokens_or_changes_state_refusing_them(world):
    """Every URL of the table, for a player (who may do the most), with every number and
    token name set to each odd value: never a 500; a refusal changes nothing; a POST that
    reads a number refuses an odd one."""
    failures = []
    before = site_state()  # before every request, each rolled back
    for who in ("seat0",):
        client = client_for(world["people"][who])
        for name, (method, obj, _expected) in TABLE.items():
            url = url_for(name, obj, world)
            for value in ODD_VALUES:
                data = dict.fromkeys(NUMBER_AND_TOKEN_NAMES, value)
                response, unchanged = fetch_unchanged(client, method, url, data, before=before)
                status = response.status_code
                where = f"{name} {method} {value[:8]!r} as {who}: {status}"
                if status >= 500:
                    failures.append(f"{where}, a server error")
                elif status >= 400 and not unchanged:
                    failures.append(f"{where}, refused but changed the site")
                elif method != G and name.split("@")[0] in POSTS_READING_A_NUMBER:
                    if status < 400 or not unchanged:
                        failures.append(f"{where}, an odd number was taken")
    assert failures == [], "\n".join(failures)


def test_the_event_streams_refuse_odd_tokens_under_asgi(world, settings):
    """The streams under the ASGI handler (as uvicorn runs them), where django-eventstream
    read es-meta and recover: 400, whatever the value."""
    from asgiref.sync import async_to_sync
    from django.test import AsyncClient

    settings.PUSH_EVENTS = True
    client = AsyncClient()
    client.force_login(world["people"]["seat0"])
    for url in (reverse("user_stream"), reverse("game_stream", args=[world["live"].pk])):
        for value in [*ODD_VALUES, "garbage", "x", "true"]:
            for name in ("es-meta", "recover"):
                response = async_to_sync(client.get)(url, {name: value})
                assert response.status_code == 400, (url, name, value)


def test_every_post_in_another_charset_is_a_clear_400_and_changes_nothing(world):
    """Every URL a form is posted to, with the form in UTF-16, from a client checked for
    CSRF as a browser is (the check used to read the form and crash): 400 with a message,
    and nothing changes."""
    failures = []
    before = site_state()  # before every request, each rolled back
    for who in ("seat0", "spec"):
        client = Client(enforce_csrf_checks=True)
        client.force_login(world["people"][who])
        client.get(reverse("notifications:list"))
        token = client.cookies["csrftoken"].value
        for name, (method, obj, _expected) in TABLE.items():
            if method == G:
                continue
            url = url_for(name, obj, world)
            body = "&".join(f"{key}=1" for key in NUMBER_AND_TOKEN_NAMES).encode("utf-16")
            response, unchanged = fetch_unchanged(
                client,
                P,
                url,
                body,
                content_type="application/x-www-form-urlencoded; charset=utf-16",
                HTTP_X_CSRFTOKEN=token,
                before=before,
            )
            text = response.content.decode(errors="replace")
            if response.status_code != 400 or "reads forms in UTF-8 only" not in text:
                failures.append(f"{name} as {who}: {response.status_code} {text[:80]!r}")
            elif not unchanged:
                failures.append(f"{name} as {who}: changed the site")
    assert failures == [], "\n".join(failures)


def test_the_check_finds_a_view_of_another_seat_in_an_api_answer(world, monkeypatch):
    """The API's game stream made to send the other seat's view: the check says so."""
    from api import feeds

    real = feeds.game_view
    monkeypatch.setattr(
        feeds, "game_view", lambda game, seat, state=None: real(game, 1 - seat, state)
    )
    name, url = "api:board_stream", url_for("api:board_stream", "live", world)
    response = fetch(visitor(world, "seat0", name), G, url)
    assert response.status_code == 200
    leaks = leaks_in(name, "seat0", response, world)
    assert any("not the reader's own" in leak for leak in leaks), leaks
