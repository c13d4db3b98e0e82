"""Site pages that belong to no app: the home page and the rules."""

from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def home(request):
    return render(request, "home.html")


@require_GET
def rules(request):
    return render(request, "rules.html")
