from django import forms

from moderation.models import Report
from moderation.services import MAX_REPORT_TEXT


class ReportForm(forms.Form):
    """What a report says; at a table of more than two, which player it is about."""

    category = forms.ChoiceField(
        label="What is wrong?",
        choices=Report.Category.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose what the report is about.",
            "invalid_choice": "Choose one of the listed reasons.",
        },
    )
    text = forms.CharField(
        label="What happened",
        max_length=MAX_REPORT_TEXT,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="Only the moderators read this.",
        error_messages={"required": "Write a few words on what happened."},
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        if players:
            self.fields["player"] = forms.TypedChoiceField(
                label="Who is it about?",
                coerce=int,
                required=False,
                empty_value=None,
                choices=[("", "The game itself, not one player")]
                + [(player.pk, player.username) for player in players],
                error_messages={"invalid_choice": "Choose one of the other players."},
            )
            self.order_fields(["player", "category", "text"])
