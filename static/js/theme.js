// The header's theme switch without a reload (xix_site/theme.py does the same for a page
// without JavaScript): the chosen theme goes on <html data-theme> and into the "theme"
// cookie that the server reads on the next page; "system" removes both.
(function () {
  "use strict";

  var COOKIE_AGE = 365 * 24 * 3600;

  function remember(value) {
    var secure = window.location.protocol === "https:" ? "; secure" : "";
    var age = value === "system" ? 0 : COOKIE_AGE;
    document.cookie =
      "theme=" + (value === "system" ? "" : value) + "; path=/; max-age=" + age + "; samesite=lax" + secure;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    if (!form.classList.contains("theme-switch") || !button || button.name !== "theme") {
      return;
    }
    event.preventDefault();
    var value = button.value;
    if (value === "system") {
      delete document.documentElement.dataset.theme;
    } else {
      document.documentElement.dataset.theme = value;
    }
    remember(value);
    form.querySelectorAll('button[name="theme"]').forEach(function (choice) {
      choice.setAttribute("aria-pressed", String(choice === button));
    });
  });
})();
