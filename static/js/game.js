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
    // Only the table's own requests say the site answers again (the chat panel polls
    // on its own, and its answers must not hide the table's outage note).
    var target = event.detail.target;
    if (!target || target.id !== "game-live") {
      return;
    }
    if (xhr && xhr.status > 0 && xhr.status < 500) {
      clearOutage();
    }
  });

  /* Keyboard play: an htmx swap replaces the table, and with it the focused button, so the
     browser would send the focus back to the top of the page. When the focus was in the
     table (or already lost), put it back: on the control the player used if it is still
     there and enabled, else on the first thing they can play now, else on the table. A
     poll's swap while the player is elsewhere on the page leaves the focus alone. */
  var focusWanted = null;

  function controlKey(element) {
    if (!element || !element.form) {
      return null;
    }
    var type = element.form.querySelector("input[name=type]");
    return {
      type: type ? type.value : "",
      name: element.name || "",
      value: element.value || ""
    };
  }

  function sameControl(live, key) {
    if (!key) {
      return null;
    }
    var candidates = live.querySelectorAll(
      "#game-controls button, #game-controls input:not([type=hidden])"
    );
    for (var i = 0; i < candidates.length; i++) {
      var c = candidates[i];
      var k = controlKey(c);
      if (k && !c.disabled && k.type === key.type && k.name === key.name &&
          k.value === key.value) {
        return c;
      }
    }
    return null;
  }

  function firstPlayable(live) {
    return live.querySelector(
      "#game-controls button.card-button:not([disabled]), " +
      "#game-controls .action-panel button:not([disabled]), " +
      "#game-controls .action-panel input:not([type=hidden]):not([disabled])"
    );
  }

  /* The request starts before htmx disables the table's controls (which drops the focus):
     note the control the player used then. */
  var usedFromTable = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var live = document.getElementById("game-live");
    var active = document.activeElement;
    if (live && live.contains(event.target) && active && live.contains(active)) {
      usedFromTable = { key: controlKey(active) };
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "game-live") {
      return;
    }
    var active = document.activeElement;
    if (usedFromTable) {
      focusWanted = usedFromTable;
    } else if (active && target.contains(active)) {
      focusWanted = { key: controlKey(active) };
    } else {
      focusWanted = null;
    }
    usedFromTable = null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!focusWanted) {
      return;
    }
    var live = document.getElementById("game-live");
    var wanted = focusWanted;
    focusWanted = null;
    if (!live) {
      return;
    }
    var element = sameControl(live, wanted.key) || firstPlayable(live);
    if (!element) {
      element = live;
      live.setAttribute("tabindex", "-1");
    }
    element.focus();
  });

  /* Push updates (games/push.py): when the table carries its event stream's address
     (data-push), a ping from the stream ("game 12 changed", never any content) makes the
     table poll at once, the same request as its timed poll. The timed poll stays as a slow
     safety net; while the stream is down (or refused) the table polls at its usual pace
     (data-poll), and when the stream reopens it polls once to catch up. The same stream
     carries the game's chat ("chat": the chat panel polls at once) and the viewer's own
     channel ("user": static/js/push.js fetches the badges, unless the ping is about this
     game, whose poll brings them). The stream's life (open, lost, reopened) is push.js's
     ``xixListen``, shared with every other page's stream. */
  var stream = null;
  var fallback = null;

  function table() {
    var live = document.getElementById("game-live");
    return live && live.hasAttribute("data-push") ? live : null;
  }

  function ping() {
    var live = table();
    if (live && window.htmx) {
      window.htmx.trigger(live, "game-push");
    }
  }

  function chatPing() {
    var log = document.getElementById("chat-log");
    if (log && log.hasAttribute("hx-get") && window.htmx) {
      window.htmx.trigger(log, "chat-push");
    }
  }

  function userPing(event) {
    var live = table();
    var data = {};
    try {
      data = JSON.parse(event.data) || {};
    } catch (ignored) {
      data = {};
    }
    /* The stream's address ends with this page's game id. */
    var id = live && (live.getAttribute("data-push").match(/(\d+)\/?$/) || [])[1];
    var here = !!id && id === String(data.game);
    if (!here && window.xixUserPing) {
      window.xixUserPing();
    }
  }

  function pingAll() {
    ping();
    chatPing();
  }

  function pollFast() {
    var live = table();
    if (fallback || !live) {
      return;
    }
    var seconds = parseFloat(live.getAttribute("data-poll")) || 3;
    fallback = window.setInterval(pingAll, seconds * 1000);
  }

  function pollSlow() {
    if (fallback) {
      window.clearInterval(fallback);
      fallback = null;
    }
  }

  function openStream() {
    var live = table();
    if (stream || !live || !window.EventSource) {
      return;
    }
    if (!window.xixListen) {
      pollFast(); /* static/js/push.js, which holds streams, did not load: poll */
      return;
    }
    stream = window.xixListen(
      live.getAttribute("data-push"),
      { game: ping, chat: chatPing, user: userPing },
      pollFast,
      pollSlow,
      pingAll
    );
  }

  /* A table that starts carrying the address after a swap (a game that began) opens it. */
  document.addEventListener("DOMContentLoaded", openStream);
  document.addEventListener("htmx:afterSettle", openStream);
  if (document.readyState !== "loading") {
    openStream();
  }
})();

/* A message of the site above the table ("You accepted alice's challenge: the game has
   begun.") is news of the moment the page opened: once the table changes (a move, answered
   or seen by a poll) it goes, instead of staying above the table for the whole game. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "game-live") {
      return;
    }
    var main = document.getElementById("main");
    var list = main && main.querySelector(":scope > .messages");
    if (list) {
      list.parentNode.removeChild(list);
    }
  });
})();

/* "Next game": the key N follows the page's "Next game" link, when there is one and the
   player is not typing (a chat line, a form field) or holding a modifier. */
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "n" && event.key !== "N") {
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) {
      return;
    }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
      return;
    }
    var link = document.getElementById("next-game");
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
})();
