"""Site pages that belong to no app: the home page and the rules."""

from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def home(request):
    return render(request, "home.html")


@require_safe
def rules(request):
    return render(request, "rules.html")
