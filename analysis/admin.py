from django.contrib import admin

from analysis.models import Analysis
from xix_site.admin import ReadAndDelete


@admin.register(Analysis)
class AnalysisAdmin(ReadAndDelete, admin.ModelAdmin):
    """The analyses, to follow the queue and see why one failed (superusers only). Made by
    the analysis services; deleted, an analysis can be asked for again."""

    list_display = ("game", "status", "requested_by", "chunks_done", "chunks_total", "created")
    list_filter = ("status",)
    raw_id_fields = ("game", "requested_by")
    readonly_fields = ("points", "decisions", "summary", "cpu_seconds", "error", "attempts")
