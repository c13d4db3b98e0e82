/* The sign-up form: its hidden time_zone field takes the browser's time zone, so deadlines
   and dates are shown in it from the first page (the server keeps UTC for a name it does
   not know, or when this does not run). */
(function () {
  "use strict";
  var field = document.querySelector('form input[type="hidden"][name="time_zone"]');
  if (!field) {
    return;
  }
  try {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    field.value = "";
  }
})();
