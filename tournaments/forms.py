"""The form that sets a tournament up. It reads and types what was posted; every rule on
the settings (counts, points, limits) is the service's (``tournament_create``), so a
refusal reads the same from the form and from anywhere else."""

from datetime import UTC

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import registry
from games.forms import game_choices
from games.models import DAYS_PER_MOVE
from tournaments.models import Tournament


def _optional_int(value):
    return int(value) if value not in (None, "") else None


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=80, min_length=3)
    game = forms.ChoiceField(label="Game and variant", choices=())
    seats = forms.IntegerField(label="Seats at each table", min_value=2, max_value=10, initial=2)
    format = forms.ChoiceField(choices=Tournament.Format.choices, initial="swiss")
    rounds = forms.IntegerField(
        min_value=1,
        max_value=15,
        initial=5,
        required=False,
        help_text="Swiss only; a round robin or knockout has as many as it needs.",
    )
    days_per_move = forms.TypedChoiceField(
        label="Days per move",
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in DAYS_PER_MOVE],
        coerce=int,
        initial=3,
    )
    max_days = forms.IntegerField(
        label="Longest game, in days",
        min_value=7,
        max_value=365,
        initial=60,
        help_text="A game still going then is decided by the standing of its game.",
    )
    rated = forms.BooleanField(required=False, initial=True)
    starts_at = forms.DateTimeField(
        label="Start (UTC)",
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="Leave empty to start as soon as the tournament is full.",
    )
    min_players = forms.IntegerField(label="Fewest players", min_value=2, max_value=256, initial=4)
    max_players = forms.IntegerField(label="Most players", min_value=2, max_value=256, initial=16)
    rating_min = forms.IntegerField(label="Lowest rating", required=False, min_value=0)
    rating_max = forms.IntegerField(label="Highest rating", required=False, min_value=0)
    entry = forms.ChoiceField(choices=Tournament.Entry.choices, initial="open")
    invited = forms.CharField(
        label="Invite (user names, separated by commas)", required=False, max_length=2000
    )
    bots_allowed = forms.BooleanField(label="Bots may enter", required=False)
    place_points = forms.CharField(
        label="Points by place",
        initial="1, 0",
        max_length=100,
        help_text=(
            "One number per place at a table, first place first, for example 6, 4, 2, 0 at "
            "four; in a partnership game one per side (1, 0 at Xeri's four)."
        ),
    )
    bye = forms.ChoiceField(label="A bye scores", choices=Tournament.Bye.choices)
    tie = forms.ChoiceField(label="A level knockout game", choices=Tournament.Tie.choices)
    late_entry = forms.BooleanField(
        label="Late entries (Swiss, until half the rounds are paired)", required=False
    )
    max_timeouts = forms.IntegerField(
        label="Drop a player after this many games lost on time",
        min_value=0,
        max_value=10,
        initial=0,
        required=False,
        help_text="0 or empty: never.",
    )
    rolling = forms.BooleanField(
        label="Rolling (Swiss: each player paired as soon as their game ends)", required=False
    )
    advance = forms.IntegerField(
        label="Knockout at more than two: how many go through from each table",
        min_value=1,
        max_value=9,
        required=False,
        help_text="Empty: the top half.",
    )
    official = forms.BooleanField(label="Official (staff)", required=False)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["game"].choices = game_choices()
        if user is None or not user.is_staff:
            del self.fields["official"]

    def clean_place_points(self):
        raw = self.cleaned_data["place_points"]
        try:
            return [int(part) for part in raw.replace(";", ",").split(",") if part.strip()]
        except ValueError as error:
            raise forms.ValidationError("Write whole numbers separated by commas.") from error

    def clean_invited(self):
        names = [n.strip() for n in self.cleaned_data["invited"].split(",") if n.strip()]
        found = list(get_user_model().objects.filter(username__in=names, is_active=True))
        missing = sorted(set(names) - {u.username for u in found})
        if missing:
            raise forms.ValidationError(f"No such player: {', '.join(missing)}.")
        return found

    def clean_starts_at(self):
        value = self.cleaned_data["starts_at"]
        if value is not None and timezone.is_naive(value):
            value = timezone.make_aware(value, UTC)
        return value

    def settings(self) -> dict:
        """The service's keyword arguments."""
        data = dict(self.cleaned_data)
        kind, _, variant = data.pop("game").partition("/")
        if kind not in registry.served():
            raise forms.ValidationError("Choose a game the site serves.")
        data.update(kind=kind, variant=variant)
        data["rating_min"] = _optional_int(data.get("rating_min"))
        data["rating_max"] = _optional_int(data.get("rating_max"))
        data.setdefault("official", False)
        data["max_timeouts"] = data.get("max_timeouts") or 0
        data["advance"] = _optional_int(data.get("advance"))
        return data
