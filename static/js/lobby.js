// Lobby and "my games": show the server's refusal (400, 403, 404, 409, 429) in place.
// htmx leaves error responses unswapped by default; inside an element marked
// data-swap-errors the server sends the re-rendered panel with the message in it.
document.addEventListener("htmx:beforeSwap", function (event) {
  var status = event.detail.xhr.status;
  var target = event.detail.target;
  if (status >= 400 && status < 500 && target && target.closest("[data-swap-errors]")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// The table form: inviting a bot by name turns the game casual at once, with the reason
// next to the choice (bot games are unrated; without this script the server refuses a
// rated table with a bot with the same reason).
function botInviteCheck(form) {
  var names = (form.getAttribute("data-bot-names") || "").toLowerCase().split(" ");
  var invited = form.querySelector("input[name=invited]");
  var rated = form.querySelector("input[name=rated][value=rated]");
  var casual = form.querySelector("input[name=rated][value=casual]");
  if (!invited || !rated || !casual) {
    return;
  }
  var bots = invited.value.split(/[\s,]+/).filter(function (name) {
    return name !== "" && names.indexOf(name.toLowerCase()) !== -1;
  });
  var note = form.querySelector(".bot-unrated-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "field-help bot-unrated-note";
    note.setAttribute("aria-live", "polite");
    rated.closest(".field").appendChild(note);
  }
  if (bots.length) {
    casual.checked = true;
  }
  rated.disabled = bots.length > 0;
  note.textContent = bots.length
    ? bots.join(", ") + (bots.length > 1 ? " are bots" : " is a bot") + ": bot games are casual (unrated)."
    : "";
}

document.addEventListener("input", function (event) {
  var form = event.target.closest && event.target.closest("form[data-bot-names]");
  if (form && event.target.name === "invited") {
    botInviteCheck(form);
  }
});
// A form re-rendered by the server (a refusal) keeps what was typed: check it again.
document.addEventListener("htmx:afterSettle", function () {
  document.querySelectorAll("form[data-bot-names]").forEach(botInviteCheck);
});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("form[data-bot-names]").forEach(botInviteCheck);
});

// The players' choices follow the game and variant chosen (the server renders the
// chosen one's and refuses a count the variant is not played by, next to the form).
// The counts come written short (games/forms.py _counts_code): "2-10", "4|6", "2".
function seatCounts(code) {
  var counts = [];
  (code || "").split("|").forEach(function (part) {
    var ends = part.split("-").map(Number);
    for (var n = ends[0]; n <= ends[ends.length - 1]; n += 1) {
      counts.push(n);
    }
  });
  return counts.length ? counts : null;
}

function followGame(select) {
  var counts = seatCounts(JSON.parse(select.getAttribute("data-seat-counts") || "{}")[select.value]);
  var seats = select.form && select.form.querySelector("select[name=seats]");
  if (!counts || !seats) {
    return;
  }
  var was = seats.value;
  seats.innerHTML = "";
  counts.forEach(function (n) {
    var option = document.createElement("option");
    option.value = String(n);
    option.textContent = String(n);
    option.selected = String(n) === was;
    seats.appendChild(option);
  });
}

document.addEventListener("change", function (event) {
  if (event.target.matches && event.target.matches("select[data-seat-counts]")) {
    followGame(event.target);
  }
});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("select[data-seat-counts]").forEach(followGame);
});

// A refusal re-rendered in place: bring its first error (next to the form that was sent)
// onto the screen, as the form's #address does for a page posted without the script.
document.addEventListener("htmx:afterSettle", function (event) {
  var xhr = event.detail.xhr;
  var target = event.detail.target;
  if (!xhr || xhr.status < 400 || !target || !target.closest("[data-swap-errors]")) {
    return;
  }
  var error = document.querySelector("[data-swap-errors] .errorlist");
  if (error) {
    error.scrollIntoView({ block: "center" });
  }
});
