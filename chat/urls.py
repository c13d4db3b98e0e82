from django.urls import path

from chat import views

app_name = "chat"

urlpatterns = [
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
    path("games/<int:game_id>/chat/read", views.read, name="read"),
    path("games/<int:game_id>/chat/mute", views.mute, name="mute_here"),
    path("chat/mute", views.mute, name="mute"),
    path("chat/messages/<int:message_id>/report/", views.report, name="report"),
]
