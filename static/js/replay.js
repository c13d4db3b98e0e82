// The replay viewer: arrow keys, Home and End step through the game, and focus and the
// history list follow each step when htmx swaps it in. Without this file (or without
// htmx) the page still works: every control is a plain link or a GET form.
(function () {
  "use strict";

  var KEYS = {
    ArrowLeft: "previous",
    ArrowRight: "next",
    Home: "first",
    End: "last",
    n: "next-mistake",
    p: "previous-mistake"
  };
  var CONTAINER = "replay-step";
  var restoreFocus = null;

  function container() {
    return document.getElementById(CONTAINER);
  }

  function typingIn(element) {
    if (!element || element === document.body) {
      return false;
    }
    var tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable;
  }

  function navLink(key) {
    var box = container();
    return box ? box.querySelector('a[data-replay-nav="' + key + '"]') : null;
  }

  // Keep the current history line in view inside its scrolling list, not the page.
  function revealCurrentLine() {
    var box = container();
    var list = box && box.querySelector(".replay-history");
    var line = list && list.querySelector('[aria-current="step"]');
    if (!line) {
      return;
    }
    var top = line.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2 + line.offsetHeight / 2);
    }
  }

  function announce() {
    var box = container();
    var caption = box && box.querySelector("[data-replay-caption]");
    var region = document.getElementById("replay-announce");
    if (caption && region) {
      region.textContent = caption.textContent.replace(/\s+/g, " ").trim();
    }
  }

  // What had focus inside the step before a swap, so the same control has it after.
  function focusKind(element) {
    var box = container();
    if (!box || !element || !box.contains(element)) {
      return null;
    }
    if (element.dataset.replayNav) {
      return { nav: element.dataset.replayNav };
    }
    if (element.closest(".replay-history")) {
      return { history: true };
    }
    if (element.closest(".replay-jump")) {
      return { jump: true };
    }
    return { caption: true };
  }

  function putFocusBack(kind) {
    var box = container();
    if (!box || !kind) {
      return;
    }
    var target = null;
    if (kind.nav) {
      target = navLink(kind.nav);
    } else if (kind.history) {
      target = box.querySelector('.replay-history [aria-current="step"] a');
    } else if (kind.jump) {
      target = box.querySelector(".replay-jump input");
    }
    // A control that is now disabled (Next on the last step) hands focus to the caption.
    (target || box.querySelector("[data-replay-caption]")).focus({ preventScroll: true });
  }

  document.addEventListener("keydown", function (event) {
    var key = KEYS[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    if (event.defaultPrevented || typingIn(event.target)) {
      return;
    }
    var link = navLink(key);
    if (link) {
      event.preventDefault();
      link.click();
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === CONTAINER) {
      restoreFocus = focusKind(document.activeElement);
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === CONTAINER) {
      putFocusBack(restoreFocus);
      restoreFocus = null;
      revealCurrentLine();
      revealChartCursor();
      announce();
    }
  });

  // A running analysis: its progress is fetched at once on each "analysis" ping of the
  // game's stream (analysis/services.py); the progress panel polls meanwhile anyway.
  function listenToAnalysis() {
    var panel = document.querySelector("[data-analysis-stream]");
    if (!panel || !window.EventSource || !window.xixListen) {
      return;
    }
    var ping = function () {
      document.body.dispatchEvent(new CustomEvent("analysis-push", { bubbles: true }));
    };
    var nothing = function () {};
    window.xixListen(panel.getAttribute("data-analysis-stream"), { analysis: ping }, nothing, nothing, ping);
  }

  // On a phone the analysis chart scrolls sideways: keep the current step in view.
  function revealChartCursor() {
    var box = container();
    var scroller = box && box.querySelector(".analysis-chart-scroll");
    var cursor = scroller && scroller.querySelector(".analysis-cursor");
    var svg = scroller && scroller.querySelector("svg");
    if (!cursor || !svg || scroller.scrollWidth <= scroller.clientWidth) {
      return;
    }
    var width = svg.viewBox.baseVal.width || 1;
    var at = (cursor.x1.baseVal.value / width) * scroller.scrollWidth;
    scroller.scrollLeft = Math.max(0, at - scroller.clientWidth / 2);
  }

  document.addEventListener("DOMContentLoaded", listenToAnalysis);
  document.addEventListener("DOMContentLoaded", revealChartCursor);
  document.addEventListener("DOMContentLoaded", revealCurrentLine);
  document.addEventListener("htmx:historyRestore", revealCurrentLine);
})();
