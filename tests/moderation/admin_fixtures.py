"""People, objects and helpers for the admin tests (tests/moderation/test_admin_*.py).

Those files import the fixtures with ``from tests.moderation.admin_fixtures import *`` and
the helpers by name: a conftest.py in this folder, if there is one, belongs to the service
and report-page tests.
"""

from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from moderation import services
from moderation.models import Report
from tests.factories import UserFactory, play_random, start_game

MODERATORS = "Moderators"
# The kinds of visitor the admin tests try, from nobody to a superuser.
VISITORS = ("anonymous", "player", "staff", "moderator", "superuser")


def admin_url(name, *args):
    return reverse(f"admin:{name}", args=args)


def make_moderator(username="mona", **extra):
    """A staff member in the Moderators group, which the migration creates."""
    user = UserFactory(username=username, is_staff=True, **extra)
    user.groups.add(Group.objects.get(name=MODERATORS))
    return user


# alice, bob, moderator and superuser come from tests/moderation/conftest.py.


@pytest.fixture
def game(alice, bob):
    """A rated game in play between alice (seat 0) and bob (seat 1), a few moves in."""
    return play_random(start_game(alice, bob, seed="admin-seed"), moves=3)


@pytest.fixture
def report(alice, bob, game):
    """alice's open report about the game (so about bob)."""
    return services.report_create(
        reporter=alice, category=Report.Category.STALLING, text="bob never moves", game=game
    )


def make_people() -> dict:
    """One of each kind of visitor (None: nobody signed in)."""
    return {
        "anonymous": None,
        "player": UserFactory(username="pat"),
        "staff": UserFactory(username="stan", is_staff=True),  # no permission at all
        "moderator": make_moderator("mona"),
        "superuser": UserFactory(username="root", is_staff=True, is_superuser=True),
    }


def assert_sent_to_log_in(response, path):
    """The admin's answer to nobody signed in: its log-in, and back to ``path`` after."""
    assert response.status_code == 302
    target = urlsplit(response["Location"])
    assert target.path == admin_url("login")
    assert parse_qs(target.query)["next"] == [path]


def login_as(client, user):
    if user is not None:
        client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    """The messages shown on a page the test client followed to."""
    return [str(m) for m in response.context["messages"]] if response.context else []


def post_action(client, model, action, objects, **fields):
    """POST an admin action for ``objects`` on ``model``'s change list, as the action menu
    (or the form it opens, with ``apply=...``) does."""
    opts = model._meta
    data = {"action": action, "_selected_action": [obj.pk for obj in objects], **fields}
    return client.post(admin_url(f"{opts.app_label}_{opts.model_name}_changelist"), data)


class _FormReader(HTMLParser):
    """Every form of a page: its attributes, and the values a browser would submit."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.form = None
        self.select = None
        self.textarea = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.form = {"attrs": attrs, "data": {}, "buttons": {}}
            self.forms.append(self.form)
            return
        if self.form is None:
            return
        data = self.form["data"]
        name = attrs.get("name")
        if tag in ("input", "button"):
            kind = attrs.get("type", "text" if tag == "input" else "submit")
            if kind in ("submit", "image"):
                if name:
                    self.form["buttons"][name] = attrs.get("value", "")
            elif (
                name
                and kind not in ("button", "file", "reset")
                and (kind not in ("checkbox", "radio") or "checked" in attrs)
            ):
                default = "on" if kind in ("checkbox", "radio") else ""
                data.setdefault(name, []).append(attrs.get("value") or default)
        elif tag == "select" and name:
            self.select = name
            data.setdefault(name, [])
        elif tag == "option" and self.select and "selected" in attrs:
            data[self.select].append(attrs.get("value", ""))
        elif tag == "textarea" and name:
            self.textarea = name
            data[name] = [""]

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea:
            # Browsers drop the newline that follows <textarea>; Django writes one.
            value = self.form["data"][self.textarea][0]
            self.form["data"][self.textarea][0] = value[1:] if value.startswith("\n") else value
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.form["data"][self.textarea][0] += data


def forms_on(response) -> list[dict]:
    """The page's forms: ``attrs`` (action, id...), ``data`` (what submitting it unchanged
    posts, name -> list of values) and ``buttons`` (name -> value of its submit buttons)."""
    reader = _FormReader()
    reader.feed(response.content.decode())
    return reader.forms


def form_data(response, form_id=None, button=None) -> dict[str, list[str]]:
    """What submitting a form of the page unchanged would post: the form with id
    ``form_id``, or the one with a submit button named ``button`` (and that button)."""
    for form in forms_on(response):
        if form_id is not None and form["attrs"].get("id") == form_id:
            return dict(form["data"])
        if button is not None and button in form["buttons"]:
            return {**form["data"], button: [form["buttons"][button]]}
    raise AssertionError(f"no form {form_id or 'with a ' + button + ' button'} on the page")


# ``from tests.moderation.admin_fixtures import *`` brings in the fixtures (only).
__all__ = ["game", "report"]
