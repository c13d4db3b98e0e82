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
