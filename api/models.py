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
