/* The preferences page: someone whose stored time zone is still the default (UTC) and
   whose browser reports another zone is offered a button that selects the browser's zone
   in the list. Nothing is saved until they press Save; without JavaScript the button
   stays hidden and the list works as it is. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-stored-zone]");
  if (!form || form.getAttribute("data-stored-zone") !== "UTC") {
    return;
  }
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  if (!zone || zone === "UTC") {
    return;
  }
  var select = form.querySelector('select[name="time_zone"]');
  var button = form.querySelector("[data-browser-zone]");
  var status = form.querySelector("[data-browser-zone-status]");
  if (!select || !button) {
    return;
  }
  // Offer only a zone the list has (a browser may know names this server does not).
  var offered = false;
  for (var i = 0; i < select.options.length; i += 1) {
    if (select.options[i].value === zone) {
      offered = true;
      break;
    }
  }
  if (!offered) {
    return;
  }
  button.textContent = "Use my browser's time zone (" + zone + ")";
  button.parentNode.hidden = false;
  button.addEventListener("click", function () {
    select.value = zone;
    select.focus();
    if (status) {
      status.textContent = zone + " is selected: press Save to keep it.";
    }
  });
})();
