/* Push updates for a signed-in person (games/push.py): pings on their own channel say that
   something in their badges or lists changed (a game waiting for their move, a challenge
   received or accepted, a table filling, a rematch offer, a notification). On each ping
   the page fetches the navigation's badges (/badges, swapped in out of band) and fires
   "user-push" on <body>, which the lobby's and "My games"' lists poll on. A game page
   holds its game's stream, which carries this channel too (static/js/game.js hands its
   "user" pings here); every other page opens <body data-push-user> itself. While that
   stream is down, the lists poll every few seconds, as they do without push. */
(function () {
  "use strict";
  var body = document.body;
  var stream = null;
  var fallback = null;
  var FALLBACK_SECONDS = 5;

  function listsPoll() {
    body.dispatchEvent(new CustomEvent("user-push", { bubbles: true }));
  }

  function userPing() {
    var badges = body.getAttribute("data-badges");
    if (badges && window.htmx) {
      window.htmx.ajax("GET", badges, { target: body, swap: "none" });
    }
    listsPoll();
  }
  window.xixUserPing = userPing;

  function gameStreamHere() {
    return !!document.querySelector("#game-live[data-push]");
  }

  function closeStream() {
    if (stream) {
      stream.close();
      stream = null;
    }
    pollSlow();
  }

  function pollFast() {
    if (!fallback) {
      fallback = window.setInterval(listsPoll, FALLBACK_SECONDS * 1000);
    }
  }

  function pollSlow() {
    if (fallback) {
      window.clearInterval(fallback);
      fallback = null;
    }
  }

  /* One event stream's life, for this page's stream and a game page's (static/js/game.js):
     ``handlers`` by event type; ``pollFast`` while the stream is down or has not opened,
     ``pollSlow`` once it is open, and ``catchUp`` when it opens again (pings sent while it
     was down were missed). Returns the EventSource. */
  function listen(url, handlers, pollFast, pollSlow, catchUp) {
    var opened = false;
    var source = new window.EventSource(url);
    source.addEventListener("stream-open", function () {
      pollSlow();
      if (opened) {
        catchUp();
      }
      opened = true;
    });
    /* A stream held up on the way (a buffering proxy) never opens: poll meanwhile. */
    window.setTimeout(function () {
      if (!opened) {
        pollFast();
      }
    }, 10000);
    Object.keys(handlers).forEach(function (type) {
      source.addEventListener(type, handlers[type]);
    });
    source.addEventListener("stream-error", function () {
      source.close();
      pollFast();
    });
    source.addEventListener("error", function () {
      /* The browser retries by itself unless the answer was final (a 204, a 404). */
      pollFast();
    });
    return source;
  }
  window.xixListen = listen;

  function openStream() {
    var url = body.getAttribute("data-push-user");
    if (gameStreamHere()) {
      closeStream(); /* the game's stream carries this person's channel */
      return;
    }
    if (stream || !url || !window.EventSource) {
      return;
    }
    stream = listen(url, { user: userPing }, pollFast, pollSlow, userPing);
  }

  document.addEventListener("DOMContentLoaded", openStream);
  document.addEventListener("htmx:afterSettle", openStream);
  if (document.readyState !== "loading") {
    openStream();
  }
})();
