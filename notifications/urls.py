from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("notifications/", views.notification_list, name="list"),
    path("notifications/read/", views.notification_read, name="read"),
    path("notifications/push/subscribe", views.push_subscribe, name="push_subscribe"),
    path("notifications/push/unsubscribe", views.push_unsubscribe, name="push_unsubscribe"),
]
