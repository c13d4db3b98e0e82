/* Turn signals (issue 19). The tab's title and icon show how many games wait for your
   move: the server writes them on every page (they work without JavaScript) and this
   keeps them current when htmx brings a new navigation badge. With the settings of
   <body data-turn-sound data-confirm-moves>: a short sound when it becomes your move on an
   open game page, and a question before a move is sent, in the site's own dialog (htmx's
   "htmx:confirm" event, for the posts to a game's /act address only). */
(function () {
  "use strict";
  var body = document.body;
  var title = document.title.replace(/^\(\d+\) /, "");
  var yourMove = !!document.querySelector(".turn-you");

  function waiting() {
    var badge = document.querySelector("#nav-my-games .nav-badge");
    return badge ? parseInt(badge.textContent, 10) || 0 : 0;
  }

  function showCount() {
    var count = waiting();
    document.title = (count ? "(" + count + ") " : "") + title;
    var icon = document.getElementById("favicon");
    if (icon) {
      var href = icon.getAttribute(count ? "data-turn" : "data-plain");
      if (href && icon.getAttribute("href") !== href) {
        icon.setAttribute("href", href);
      }
    }
  }

  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      return;
    }
    var audio = new Context();
    var tone = audio.createOscillator();
    var volume = audio.createGain();
    var start = audio.currentTime;
    tone.type = "sine";
    tone.frequency.setValueAtTime(660, start);
    tone.frequency.setValueAtTime(880, start + 0.12);
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.4);
    tone.connect(volume);
    volume.connect(audio.destination);
    tone.onended = function () {
      audio.close();
    };
    tone.start(start);
    tone.stop(start + 0.45);
    // How many chimes this page has played: what a test (or a curious player) can read.
    body.dataset.chimes = String(Number(body.dataset.chimes || 0) + 1);
  }

  document.addEventListener("htmx:afterSettle", function () {
    showCount();
    var now = !!document.querySelector(".turn-you");
    if (now && !yourMove && body.hasAttribute("data-turn-sound")) {
      chime();
    }
    yourMove = now;
  });

  /* The question is the site's own dialog, not the browser's confirm() box: it names the
     move as its button does, sits over the table in the page's theme, and answers to the
     keyboard (Enter sends, Escape or Cancel keeps the move unsent). One dialog serves
     every question; a second click while it is open is not a second move. */
  var dialog = null;
  var pending = null;

  function confirmDialog() {
    if (dialog) {
      return dialog;
    }
    dialog = document.createElement("dialog");
    dialog.className = "move-confirm";
    dialog.setAttribute("aria-labelledby", "move-confirm-question");
    dialog.innerHTML =
      '<form method="dialog">' +
      '<p id="move-confirm-question"></p>' +
      '<div class="move-confirm-buttons">' +
      '<button type="submit" value="send">Send the move</button> ' +
      '<button type="submit" value="cancel" class="button-secondary">Cancel</button>' +
      "</div></form>";
    dialog.addEventListener("close", function () {
      var send = pending;
      pending = null;
      if (send && dialog.returnValue === "send") {
        send();
      }
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    if (!body.hasAttribute("data-confirm-moves") || detail.verb !== "post") {
      return;
    }
    if (!/\/games\/\d+\/act$/.test(detail.path || "")) {
      return;
    }
    var button = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var what = button && (button.getAttribute("aria-label") || button.textContent.trim());
    event.preventDefault();
    var box = confirmDialog();
    if (box.open) {
      return;
    }
    box.querySelector("#move-confirm-question").textContent = what
      ? what + "?"
      : "Send this move?";
    box.returnValue = "";
    pending = function () {
      detail.issueRequest(true);
    };
    box.showModal();
    box.querySelector('button[value="send"]').focus();
  });

  showCount();
})();
