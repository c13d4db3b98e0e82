from django.contrib import admin

from analysis.models import Analysis, PlayOn


@admin.register(Analysis)
class AnalysisAdmin(admin.ModelAdmin):
    list_display = ("game", "status", "requested_by", "chunks_done", "chunks_total", "created")
    list_filter = ("status",)
    raw_id_fields = ("game", "requested_by")
    readonly_fields = ("points", "decisions", "summary", "cpu_seconds", "error", "attempts")


@admin.register(PlayOn)
class PlayOnAdmin(admin.ModelAdmin):
    list_display = ("game", "source", "step", "user", "created")
    raw_id_fields = ("game", "source", "user")
