"""Append-only records: rows that are written once and never changed or deleted (a
game's logged actions, the moderators' audit trail). On PostgreSQL a trigger enforces the
same below the ORM (migration moderation/0002)."""

from django.db import models


class AppendOnlyQuerySet(models.QuerySet):
    """Bulk updates and deletes are refused."""

    def update(self, **kwargs):
        raise PermissionError(f"{self.model.RECORD_NAME} are append-only: not updated")

    def delete(self):
        raise PermissionError(f"{self.model.RECORD_NAME} are append-only: not deleted")


class AppendOnly(models.Model):
    """A model whose rows are saved once and never changed or deleted."""

    # Plural, for the messages: "game actions", "audit entries".
    RECORD_NAME = "records"

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise PermissionError(f"{self.RECORD_NAME} are append-only: they cannot be changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError(f"{self.RECORD_NAME} are append-only: they cannot be deleted")
