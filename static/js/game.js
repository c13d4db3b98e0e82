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
})();
