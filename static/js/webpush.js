/* Browser notifications (Web Push, notifications/webpush.py). Each form[data-push-control]
   is a switch for this browser: the settings page's (status and one button) and the game
   page's one-line offer below the table (data-push-offer: shown once the player has moved, while this
   browser has neither allowed nor blocked notifications and has no subscription; "No
   thanks" is remembered here). Turning on registers the service worker (/sw.js), asks
   the browser's permission, subscribes with the site's VAPID key and posts the
   subscription; turning off posts its endpoint and unsubscribes. The settings page posts
   an existing subscription again, so the site keeps it for the account signed in now.
   Without JavaScript, the Push API or a service worker, the settings page says so and the
   offer stays hidden. */
(function () {
  "use strict";
  var DISMISSED = "xix-push-offer-dismissed";
  var controls = document.querySelectorAll("form[data-push-control]");
  if (!controls.length) {
    return;
  }
  var supported =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  var registration = null;

  function keyBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function worker(control) {
    if (!registration) {
      registration = navigator.serviceWorker
        .register(control.getAttribute("data-push-worker"), { scope: "/" })
        .then(function () {
          return navigator.serviceWorker.ready;
        });
    }
    return registration;
  }

  function current(control) {
    return worker(control).then(function (reg) {
      return reg.pushManager.getSubscription();
    });
  }

  function post(control, url, body) {
    var token = control.querySelector("input[name=csrfmiddlewaretoken]");
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(
        function (data) {
          if (!response.ok) {
            throw new Error(data.error || "The site refused (" + response.status + ").");
          }
          return data;
        },
        function () {
          throw new Error("The site did not answer as expected (" + response.status + ").");
        }
      );
    });
  }

  function say(control, text) {
    var status = control.querySelector("[data-push-status]");
    if (status) {
      status.textContent = text;
    }
  }

  function show(control, on) {
    var button = control.querySelector("[data-push-toggle]");
    control.setAttribute("data-push-on", on ? "true" : "false");
    if (control.hasAttribute("data-push-offer")) {
      return;
    }
    say(control, on ? "On for this browser." : "Off for this browser.");
    button.textContent = on ? "Turn off for this browser" : "Turn on for this browser";
    button.hidden = false;
  }

  function turnOn(control) {
    return Notification.requestPermission()
      .then(function (permission) {
        if (permission !== "granted") {
          throw new Error(
            permission === "denied"
              ? "Notifications are blocked for this site in your browser's settings."
              : "Notifications were not allowed; nothing changed."
          );
        }
        return worker(control);
      })
      .then(function (reg) {
        return reg.pushManager.getSubscription().then(function (existing) {
          if (existing) {
            return existing;
          }
          return reg.pushManager
            .subscribe({
              userVisibleOnly: true,
              applicationServerKey: keyBytes(control.getAttribute("data-push-key")),
            })
            .catch(function (error) {
              throw new Error("This browser could not subscribe (" + error.message + ").");
            });
        });
      })
      .then(function (subscription) {
        return post(control, control.getAttribute("data-push-subscribe"), subscription.toJSON());
      });
  }

  function turnOff(control) {
    return current(control).then(function (subscription) {
      if (!subscription) {
        return null;
      }
      return post(control, control.getAttribute("data-push-unsubscribe"), {
        endpoint: subscription.endpoint,
      }).then(function () {
        return subscription.unsubscribe();
      });
    });
  }

  function toggle(control) {
    var button = control.querySelector("[data-push-toggle]");
    var on = control.getAttribute("data-push-on") === "true";
    button.disabled = true;
    say(control, on ? "Turning off…" : "Turning on…");
    (on ? turnOff(control) : turnOn(control))
      .then(function () {
        show(control, !on);
        if (control.hasAttribute("data-push-offer")) {
          say(control, "Browser notifications are on; turn them off in Settings.");
          button.hidden = true;
          control.querySelector("[data-push-dismiss]").hidden = true;
        }
      })
      .catch(function (error) {
        say(control, error.message || String(error));
      })
      .then(function () {
        button.disabled = false;
      });
  }

  function offer(control) {
    var dismissed = false;
    try {
      dismissed = window.localStorage.getItem(DISMISSED) === "1";
    } catch (error) {
      dismissed = false;
    }
    if (!supported || dismissed || Notification.permission !== "default") {
      return;
    }
    function reveal() {
      current(control).then(function (subscription) {
        if (!subscription) {
          control.hidden = false;
        }
      });
    }
    if (control.hasAttribute("data-push-moved")) {
      reveal();
    } else {
      // The player's first move here, posted by htmx to the game's /act.
      document.body.addEventListener("htmx:afterRequest", function moved(event) {
        var config = event.detail && event.detail.requestConfig;
        var act = config && config.verb === "post" && /\/act$/.test(config.path);
        if (event.detail.successful && act) {
          document.body.removeEventListener("htmx:afterRequest", moved);
          reveal();
        }
      });
    }
    control.querySelector("[data-push-dismiss]").addEventListener("click", function () {
      try {
        window.localStorage.setItem(DISMISSED, "1");
      } catch (error) {
        /* private mode: hidden for this page only */
      }
      control.hidden = true;
    });
  }

  function setUp(control) {
    var button = control.querySelector("[data-push-toggle]");
    button.addEventListener("click", function () {
      toggle(control);
    });
    if (control.hasAttribute("data-push-offer")) {
      control.setAttribute("data-push-on", "false");
      offer(control);
      return;
    }
    if (!supported) {
      say(control, "This browser cannot show notifications from websites.");
      return;
    }
    if (Notification.permission === "denied") {
      say(control, "Notifications are blocked for this site in your browser's settings.");
      return;
    }
    say(control, "Checking this browser…");
    current(control)
      .then(function (subscription) {
        if (subscription && Notification.permission === "granted") {
          return post(control, control.getAttribute("data-push-subscribe"), subscription.toJSON())
            .then(function () {
              show(control, true);
            });
        }
        show(control, false);
        return null;
      })
      .catch(function (error) {
        say(control, "Browser notifications could not be set up here: " + (error.message || error));
      });
  }

  for (var i = 0; i < controls.length; i += 1) {
    setUp(controls[i]);
  }
})();
