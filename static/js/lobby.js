// Lobby and "my games": show the server's refusal (400, 403, 404, 409) in place.
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
