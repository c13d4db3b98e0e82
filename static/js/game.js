/* The game page: show the server's refusals (400 illegal move, 403 not a player,
   409 stale page) in the table instead of dropping them, as htmx does with 4xx answers by
   default. The server answers those with the fresh table and the message to show. */
(function () {
  "use strict";
  var SHOWN = [400, 403, 409];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (SHOWN.indexOf(detail.xhr.status) === -1) {
      return;
    }
    if (!detail.target || detail.target.id !== "game-live") {
      return;
    }
    detail.shouldSwap = true;
    detail.isError = false;
  });

  /* When the site itself is in trouble (a 503 while the database is down, any other 5xx,
     or no answer at all) the table stays as it is, and a message above it says so until
     a request goes through again. */
  var OUTAGE_ID = "game-outage";
  var FALLBACK = "The site cannot be reached right now; nothing was recorded. " +
    "Please try again in a minute.";

  function showOutage(text) {
    var live = document.getElementById("game-live");
    if (!live) {
      return;
    }
    var note = document.getElementById(OUTAGE_ID);
    if (!note) {
      note = document.createElement("p");
      note.id = OUTAGE_ID;
      note.className = "game-error";
      note.setAttribute("role", "alert");
      live.parentNode.insertBefore(note, live);
    }
    note.textContent = text || FALLBACK;
  }

  function clearOutage() {
    var note = document.getElementById(OUTAGE_ID);
    if (note) {
      note.parentNode.removeChild(note);
    }
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status >= 500) {
      var plain = (xhr.getResponseHeader("Content-Type") || "").indexOf("text/plain") === 0;
      showOutage(plain ? xhr.responseText.trim().slice(0, 300) : "");
    }
  });
  document.addEventListener("htmx:sendError", function () {
    showOutage("");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500) {
      clearOutage();
    }
  });
})();
