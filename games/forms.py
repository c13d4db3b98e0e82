"""Forms for challenges: an open challenge, or a challenge to a named player."""

from django import forms
from django.contrib.auth import get_user_model

from games.models import DAYS_PER_MOVE, Variant

RATED_CHOICES = [("rated", "Rated"), ("casual", "Casual")]


class ChallengeForm(forms.Form):
    """An open challenge: anyone may accept it."""

    variant = forms.ChoiceField(
        choices=Variant.choices, initial=Variant.STANDARD, widget=forms.RadioSelect
    )
    days_per_move = forms.TypedChoiceField(
        label="Days per move",
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in DAYS_PER_MOVE],
        coerce=int,
        initial=3,
        help_text="How long each of you has for each move.",
    )
    rated = forms.TypedChoiceField(
        label="Rated or casual",
        choices=RATED_CHOICES,
        coerce=lambda value: value == "rated",
        initial="rated",
        widget=forms.RadioSelect,
        help_text="A rated game changes both players' ratings.",
    )

    def __init__(self, *args, user=None, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def challenge_kwargs(self) -> dict:
        """The cleaned data as keyword arguments for ``services.challenge_create``."""
        data = self.cleaned_data
        return {
            "variant": data["variant"],
            "days_per_move": data["days_per_move"],
            "rated": data["rated"],
            "invited": data.get("opponent"),
        }


class DirectChallengeForm(ChallengeForm):
    """A challenge only the named player may accept (or decline)."""

    opponent = forms.CharField(
        label="Player's username",
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    field_order = ["opponent", "variant", "days_per_move", "rated"]

    BOTS_UNRATED = "Games against bots are always casual (unrated)."

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rated = self.fields["rated"]
        rated.help_text = f"{rated.help_text} {self.BOTS_UNRATED}"

    def clean_opponent(self):
        username = self.cleaned_data["opponent"].strip()
        opponent = get_user_model().objects.filter(username__iexact=username).first()
        if opponent is None or not opponent.is_active:
            raise forms.ValidationError(f"There is no player called “{username}”.")
        if self.user is not None and opponent.pk == self.user.pk:
            raise forms.ValidationError("You cannot challenge yourself.")
        return opponent

    def clean(self):
        """A rated challenge to a bot is refused with the reason, not made casual unseen."""
        data = super().clean()
        opponent = data.get("opponent")
        if opponent is not None and opponent.is_bot and data.get("rated"):
            self.add_error(
                "rated",
                f"{opponent.username} is a bot, and games against bots are unrated: "
                "choose Casual to play it.",
            )
        return data
