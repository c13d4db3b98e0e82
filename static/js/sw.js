/* The service worker (served at /sw.js by xix_site.webapp, scope "/"). It shows the
   browser notifications the site pushes (notifications/webpush.py): a JSON payload with
   a title, the text, the path to open, the icons and a tag (one per game, so a newer notice about a
   game replaces the older). A click focuses a tab already showing that page, else opens
   it. It caches nothing: every page comes from the site. */
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : "" };
  }
  var url = new URL(data.url || "/", self.location.origin);
  if (url.origin !== self.location.origin) {
    url = new URL("/", self.location.origin);
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "XIX Online", {
      body: data.body || "Something happened in your games.",
      tag: data.tag || undefined,
      renotify: !!data.tag,
      icon: data.icon || undefined,
      badge: data.badge || undefined,
      data: { url: url.href },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (tabs) {
      for (var i = 0; i < tabs.length; i++) {
        if (tabs[i].url === target && "focus" in tabs[i]) {
          return tabs[i].focus();
        }
      }
      return self.clients.openWindow(target);
    })
  );
});
