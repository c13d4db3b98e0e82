"""Forms of the player pages."""

from django import forms

from accounts.selectors import RESULTS
from games.models import Variant


class HistoryFilter(forms.Form):
    """The match history's filters, read from the query string."""

    variant = forms.ChoiceField(
        choices=[("", "All variants"), *Variant.choices], required=False, label="Variant"
    )
    result = forms.ChoiceField(
        choices=[("", "All results"), *RESULTS.items()], required=False, label="Result"
    )
