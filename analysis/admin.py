from django.contrib import admin

from analysis.models import Analysis


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    """The analyses, to follow the queue and see why one failed (superusers only)."""

    list_display = ("game", "status", "requested_by", "chunks_done", "chunks_total", "created")
    list_filter = ("status",)
    raw_id_fields = ("game", "requested_by")
    readonly_fields = ("points", "decisions", "summary", "cpu_seconds", "error", "attempts")

    # An analysis is made by its services (a request, then the analysis queue's tasks):
    # staff read it, and may delete it so that it can be asked for again.
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
