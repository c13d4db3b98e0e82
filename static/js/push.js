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
    if (fallback) {
      window.clearInterval(fallback);
      fallback = null;
    }
  }

  function pollFast() {
    if (!fallback) {
      fallback = window.setInterval(listsPoll, FALLBACK_SECONDS * 1000);
    }
  }

  function openStream() {
    var url = body.getAttribute("data-push-user");
    if (gameStreamHere()) {
      closeStream(); /* the game's stream carries this person's channel */
      return;
    }
    if (stream || !url || !window.EventSource) {
      return;
    }
    var opened = false;
    stream = new window.EventSource(url);
    stream.addEventListener("stream-open", function () {
      if (fallback) {
        window.clearInterval(fallback);
        fallback = null;
      }
      if (opened) {
        userPing(); /* pings sent while the stream was down were missed */
      }
      opened = true;
    });
    window.setTimeout(function () {
      if (!opened) {
        pollFast();
      }
    }, 10000);
    stream.addEventListener("user", userPing);
    stream.addEventListener("stream-error", function () {
      stream.close();
      pollFast();
    });
    stream.addEventListener("error", pollFast);
  }

  document.addEventListener("DOMContentLoaded", openStream);
  document.addEventListener("htmx:afterSettle", openStream);
  if (document.readyState !== "loading") {
    openStream();
  }
})();
