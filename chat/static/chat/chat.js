/* The chat panel: htmx drops 4xx answers by default; the server answers a refused message
   (400 bad text, 403 not a player, 429 too many messages) with the panel and the reason,
   which must be shown. */
(function () {
  "use strict";
  var SHOWN = [400, 403, 429];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (SHOWN.indexOf(detail.xhr.status) === -1) {
      return;
    }
    if (!detail.target || detail.target.id !== "chat") {
      return;
    }
    detail.shouldSwap = true;
    detail.isError = false;
  });
})();

/* The unread mark in the game's header ("Chat (2 new)", #chat-unread): once the chat's
   messages are on the player's screen (the tab shown, #chat-log in the window), the latest
   message id shown (data-last) is posted to the mark's data-read-url, which answers with
   the mark again, now cleared. Checked on load, scroll, resize, a return to the tab and
   after every htmx swap (a poll bringing new messages). */
(function () {
  "use strict";
  var sending = false;
  var scheduled = false;

  function token() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  function onScreen(element) {
    var box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  }

  function check() {
    scheduled = false;
    var mark = document.getElementById("chat-unread");
    var log = document.getElementById("chat-log");
    if (sending || !mark || !log || !mark.querySelector(".chat-unread-count")) {
      return;
    }
    if (document.visibilityState !== "visible" || !onScreen(log)) {
      return;
    }
    sending = true;
    fetch(mark.dataset.readUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token()},
      body: "last=" + encodeURIComponent(log.dataset.last || "0"),
    })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        var current = document.getElementById("chat-unread");
        if (html && current) {
          current.outerHTML = html;
        }
      })
      .catch(function () {})
      .finally(function () {
        sending = false;
      });
  }

  function soon() {
    if (!scheduled) {
      scheduled = true;
      window.requestAnimationFrame(check);
    }
  }

  window.addEventListener("scroll", soon, {passive: true});
  window.addEventListener("resize", soon);
  window.addEventListener("hashchange", soon);
  document.addEventListener("visibilitychange", soon);
  document.addEventListener("htmx:afterSettle", soon);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", soon);
  } else {
    soon();
  }
})();
