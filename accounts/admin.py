from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (*DjangoUserAdmin.fieldsets, ("Bot", {"fields": ("is_bot", "bot_level")}))
    list_display = (*DjangoUserAdmin.list_display, "is_bot", "bot_level")
    list_filter = (*DjangoUserAdmin.list_filter, "is_bot", "bot_level")
