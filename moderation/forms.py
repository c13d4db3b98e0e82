from django import forms

from moderation.models import Report
from moderation.services import MAX_REPORT_TEXT


class ReportForm(forms.Form):
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
