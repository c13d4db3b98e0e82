"""Forms of the player pages, and the sign-up form."""

import functools
import zoneinfo

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.contrib.auth.hashers import make_password

from accounts.models import User
from accounts.selectors import RESULTS
from ratings.selectors import boards


def variant_choices() -> list[tuple[str, str]]:
    return [("", "All variants"), *((board.key, board.label) for board in boards())]


class HistoryFilter(forms.Form):
    """The match history's filters, read from the query string."""

    # Each variant of each game the site serves, by its board key: XIX's as before
    # games had kinds ("standard", "talon"), another game's "<kind>-<variant>".
    variant = forms.ChoiceField(choices=variant_choices, required=False, label="Variant")
    result = forms.ChoiceField(
        choices=[("", "All results"), *RESULTS.items()], required=False, label="Result"
    )

    def clean_variant(self) -> tuple[str, str] | None:
        """The chosen variant as ``(kind, variant)``, or None for all of them."""
        key = self.cleaned_data["variant"]
        return next(((b.kind, b.variant) for b in boards() if b.key == key), None)


# Names in the time zone database that are not places a person lives in.
NOT_PLACES = {"localtime", "Factory", "posixrules"}


@functools.cache
def place_zones() -> frozenset:
    """The time zone names a person may choose: UTC and the places of the zone database."""
    return frozenset(zoneinfo.available_timezones() - NOT_PLACES) | {"UTC"}


@functools.cache
def time_zone_choices() -> list:
    """UTC first, then the zones grouped by region (Africa, America, ...), then the other
    names (CET, GB, Japan, ...). Each option's label is its full name, so typing
    "Europe/P" in the list finds Europe/Paris."""
    regions: dict[str, list] = {}
    other = []
    for name in sorted(zoneinfo.available_timezones() - NOT_PLACES - {"UTC"}):
        region, slash, _ = name.partition("/")
        label = name.replace("_", " ")
        (regions.setdefault(region, []) if slash else other).append((name, label))
    return [("UTC", "UTC"), *regions.items(), ("Other", other)]


HOUR_CHOICES = [("", "Off"), *((hour, f"{hour:02d}:00") for hour in range(24))]


def _hour_field(label: str) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        choices=HOUR_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        label=label,
        error_messages={"invalid_choice": "Choose an hour from the list."},
    )


class Preferences(forms.ModelForm):
    """The signed-in player's e-mail notifications, quiet hours and time zone."""

    email_notifications = forms.ChoiceField(
        choices=User.EmailNotifications.choices,
        widget=forms.RadioSelect,
        label="E-mail notifications",
        help_text="No e-mail is sent about a game while you are looking at it.",
        error_messages={
            "required": "Choose how you want to be e-mailed.",
            "invalid_choice": "Choose one of the offered e-mail options.",
        },
    )
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        label="Time zone",
        help_text="Deadlines and dates are shown in this time zone.",
        error_messages={
            "required": "Choose a time zone.",
            "invalid_choice": "That is not a time zone in the list; choose one such as "
            "Europe/Paris.",
        },
    )

    quiet_from = _hour_field("From")
    quiet_until = _hour_field("Until")

    class Meta:
        model = User
        fields = [
            "email_notifications",
            "quiet_from",
            "quiet_until",
            "time_zone",
            "turn_sound",
            "confirm_moves",
            "auto_forced",
        ]

    def clean(self):
        data = super().clean()
        start, end = data.get("quiet_from"), data.get("quiet_until")
        if "quiet_from" in data and "quiet_until" in data:
            if (start is None) != (end is None):
                self.add_error("quiet_until", "Choose both hours of your quiet hours, or neither.")
            elif start is not None and start == end:
                self.add_error(
                    "quiet_until", "Quiet hours must end at another hour than they begin."
                )
        return data


class SignupForm(AllauthSignupForm):
    """allauth's sign-up (settings.ACCOUNT_FORMS). For an address that already has an
    account allauth creates nothing and mails the address's owner instead; that path
    skipped the password hash and so answered in a fifth of the time, telling whether the
    address has an account. It hashes the typed password too, as creating the account would
    (docs/security.md, "Sign-up timing")."""

    # Filled by static/js/signup.js with the browser's time zone; without JavaScript, or
    # with a name this server does not know, the account keeps UTC.
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput, max_length=64)

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data.get("time_zone", "").strip()
        return zone if zone in place_zones() else "UTC"

    def custom_signup(self, request, user):
        super().custom_signup(request, user)
        user.time_zone = self.cleaned_data["time_zone"]
        user.save(update_fields=["time_zone"])

    def try_save(self, request):
        if self.account_already_exists:
            make_password(self.cleaned_data["password1"])
        return super().try_save(request)


class VacationForm(forms.Form):
    """How many days of vacation to begin now (``games.vacation``)."""

    days = forms.IntegerField(
        label="Days",
        min_value=1,
        error_messages={
            "required": "Say how many days your vacation lasts.",
            "invalid": "Give the number of days as a whole number.",
            "min_value": "Choose a vacation of at least one day.",
        },
    )

    def __init__(self, *args, left: int, **kwargs):
        from games.vacation import days_text

        super().__init__(*args, **kwargs)
        # The browser's hint; games.vacation.vacation_start checks the allowance.
        self.fields["days"].widget.attrs.update({"min": 1, "max": max(left, 1)})
        self.fields["days"].help_text = f"Up to {days_text(left)} left this year."
