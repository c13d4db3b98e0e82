from django.conf import settings
from django.db import models
from django.utils import timezone


class AccessToken(models.Model):
    """A personal access token: a program acts for ``user`` with ``scopes``. Only the
    SHA-256 digest of the secret is stored (``api.tokens``); its owner saw the secret once,
    when it was made. A revoked token stays listed, refused."""

    class Scope(models.TextChoices):
        READ = "read", "Read: my account, players, finished games, leaderboards"
        BOT_PLAY = "bot:play", "Play as a bot (a bot account's games)"
        BOARD_PLAY = "board:play", "Play my own games from a program (a person's account)"
        CHALLENGE_WRITE = "challenge:write", "Create, accept and decline challenges and tables"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="access_tokens"
    )
    name = models.CharField(max_length=60, help_text="What its owner calls it.")
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=12, editable=False, help_text="The secret's first characters, to tell it."
    )
    scopes = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["user", "created"], name="api_token_user")]

    def __str__(self) -> str:
        return f"{self.user} {self.prefix}… {self.name}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    def scope_labels(self) -> list[str]:
        labels = dict(self.Scope.choices)
        return [labels.get(scope, scope) for scope in self.scopes]


class ApiRequest(models.Model):
    """One request to the API, kept ``API_REQUEST_LOG_DAYS`` days for the staff (the admin's
    "API requests"): who, with which token, what, the answer's status and time. Written by
    ``api.middleware.RequestLog``; never a request's body or its secret."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=200)
    status = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="api_requests",
    )
    token = models.ForeignKey(
        AccessToken, on_delete=models.SET_NULL, null=True, blank=True, related_name="requests"
    )
    address = models.GenericIPAddressField(null=True, blank=True)
    milliseconds = models.PositiveIntegerField()

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = "API request"
        indexes = [models.Index(fields=["token", "at"], name="api_request_token")]

    def __str__(self) -> str:
        return f"{self.method} {self.path} {self.status}"


class RatedBotsAccepted(models.Model):
    """A person who accepts bot accounts (``User.is_api_bot``) in their rated games: such a
    bot may take a seat at a rated table only when every person at it accepts, and only a
    person who accepts sits down at a rated table with one (``api.bots.rated_refusal``).
    Set on the settings page; no row, no bots at one's rated tables."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="rated_bots_accepted",
    )
    since = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "person accepting bots in rated games"
        verbose_name_plural = "people accepting bots in rated games"

    def __str__(self) -> str:
        return f"{self.user} accepts bots in rated games"
