/* ONEXENO's placing form (games/onexeno/templates/onexeno/table.html): the picked card turns
   in the hand as it would on the table, and only the field's cells where it fits at that
   turn can be pressed (each cell's data-fits lists the "card-rotation" pairs the server
   found legal there). Without this script the same form posts any choice and the server
   names the edge or corner that does not match. Keys: R turns right, Shift+R turns left.
   When the table is redrawn (a poll or a push after the others moved) and moves since the
   player's last turn appear, their sentences (the side box's data-oxt-announce, written by
   the server) are read out by a polite live region that outlives the redraws. */
(function () {
  "use strict";

  function form() {
    return document.getElementById("oxt-place");
  }

  function checked(place, name) {
    var input = place.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function update() {
    var place = form();
    if (!place) {
      return;
    }
    place.querySelector(".oxt-turn-buttons").hidden = false;
    var card = checked(place, "card");
    var turn = checked(place, "rotation") || "0";
    var picked = place.querySelector('input[name="card"]:checked');
    // the card as it lies at this turn, as the log names cards: "a 3 (dark top and right)"
    var name = picked ? (picked.dataset.names || "").split("|")[Number(turn)] || "this card" : "";
    place.querySelectorAll(".oxt-hand-card").forEach(function (label) {
      var radio = label.querySelector("input");
      var grid = label.querySelector(".ox-grid");
      for (var r = 0; r < 4; r += 1) {
        grid.classList.toggle("oxt-turn-" + r, radio.checked && String(r) === turn);
      }
      label.classList.toggle("oxt-picked", radio.checked);
    });
    var fitting = 0;
    place.querySelectorAll(".oxt-open").forEach(function (cell) {
      var fits = card !== null && (" " + cell.dataset.fits + " ").indexOf(" " + card + "-" + turn + " ") !== -1;
      cell.disabled = !fits;
      cell.classList.toggle("oxt-fits", fits);
      if (fits) {
        fitting += 1;
      }
    });
    var note = document.getElementById("oxt-fit-note");
    if (note) {
      if (card === null) {
        note.textContent = "Pick a card in your hand: the cells where it fits are marked.";
      } else if (fitting === 0) {
        note.textContent = capital(name) + " fits nowhere at this turn: turn it or pick another.";
      } else {
        note.textContent = capital(name) + " fits at " + fitting + " cell" + (fitting === 1 ? "" : "s") + " of the field, marked in gold: press one to lay it.";
      }
    }
  }

  var ANNOUNCE_ID = "oxt-announce";
  var announced = null;

  function announcer() {
    var region = document.getElementById(ANNOUNCE_ID);
    if (region) {
      return region;
    }
    region = Object.assign(document.createElement("p"), { id: ANNOUNCE_ID, className: "visually-hidden" });
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    return document.body.appendChild(region);
  }

  // What the side box says happened since the player's last turn; on a redraw, read out
  // when it changed (the first drawing of the page is read with the page itself).
  function announceMoves(redrawn) {
    var box = document.querySelector("[data-oxt-announce]");
    var text = box ? box.dataset.oxtAnnounce : "";
    if (redrawn && text && text !== announced) {
      announcer().textContent = text;
    }
    announced = text;
  }

  function turnBy(step) {
    var place = form();
    if (!place) {
      return;
    }
    var turn = Number(checked(place, "rotation") || "0");
    var next = (turn + step + 4) % 4;
    place.querySelector('input[name="rotation"][value="' + next + '"]').checked = true;
    update();
  }

  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("#oxt-place")) {
      update();
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-oxt-turn]");
    if (button) {
      turnBy(Number(button.dataset.oxtTurn));
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "r" && event.key !== "R") {
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || !form()) {
      return;
    }
    var tag = event.target.tagName;
    if (tag === "TEXTAREA" || (tag === "INPUT" && event.target.type === "text")) {
      return;
    }
    event.preventDefault();
    turnBy(event.shiftKey ? -1 : 1);
  });
  document.addEventListener("DOMContentLoaded", function () {
    announcer();
    announceMoves(false);
    update();
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "game-live") {
      announceMoves(true);
    }
    update();
  });
})();
