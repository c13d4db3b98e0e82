"""Game chat: the messages the players of a game write to each other, and who mutes whom.

Messages are written only by ``chat.services`` (and hidden only by
``moderation.services.message_hide``). A hidden message keeps its text for the moderators;
every page shows it as hidden.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

# The longest message, in characters (after stripping the spaces around it).
MAX_LENGTH = 280


class ChatMessage(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    text = models.CharField(max_length=MAX_LENGTH)
    created = models.DateTimeField(default=timezone.now)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chat_messages_hidden",
    )
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        permissions = [("hide_chatmessage", "Can hide chat messages")]
        indexes = [
            models.Index(fields=["game", "id"], name="chat_game_id"),
            # The rate limits count a user's messages of the last seconds and day.
            models.Index(fields=["author", "created"], name="chat_author_created"),
        ]

    def __str__(self) -> str:
        return f"Message {self.pk} by {self.author.username} in game {self.game_id}"

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class ChatMute(models.Model):
    """``user`` does not see ``muted``'s messages, in any game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_muted_by"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["muted__username"]
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once"),
            models.CheckConstraint(condition=~Q(user=F("muted")), name="chat_mute_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.user.username} mutes {self.muted.username}"


class ChatRead(models.Model):
    """How far ``user`` has read ``game``'s chat: the latest message id shown to him when
    he last looked at the panel (it was on his screen). The later messages of the others
    are his unread ones (``chat.selectors.unread_count``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reads"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_reads")
    last_read = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="chat_read_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user.username} read game {self.game_id}'s chat up to {self.last_read}"
