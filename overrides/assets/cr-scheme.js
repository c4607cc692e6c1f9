/* The colour scheme: light, or dark (the theme's own slate scheme with the site's colours for it,
 * cr.css), following the system until the reader chooses in the display settings (文A); the
 * choice is remembered. The page starts in the right scheme before it paints (overrides/main.html
 * sets the class and the body's scheme); this file offers the choice and follows the system's
 * changes while the reader has not chosen. */
(function () {
  "use strict";
  var CR = window.CR;
  var SCHEMES = { auto: "◐", light: "☀", dark: "☾" };
  var NAMES = { auto: "跟随系统 Auto (the system's)", light: "浅色 Light", dark: "深色 Dark" };

  function apply() {
    var dark = CR.isDark(), scheme = CR.chosenScheme();  /* (overrides/main.html) */
    document.documentElement.classList.toggle("cr-dark", dark);
    document.body.setAttribute("data-md-color-scheme", dark ? "slate" : "default");
    document.querySelectorAll(".cr-schemes button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.scheme === scheme));
    });
  }

  function choose(scheme) {
    CR.scheme = scheme;
    try { localStorage.setItem("cr-scheme", scheme); } catch (e) { /* private mode: for this page only */ }
    apply();
  }

  function schemeSwitch() {
    var scripts = document.querySelector(".cr-scripts") || document.querySelector(".cr-modes");
    if (scripts && !document.querySelector(".cr-schemes")) {
      var group = CR.buttonGroup("cr-modes cr-schemes", "配色 Colour scheme", "scheme", SCHEMES, choose);
      group.querySelectorAll("button").forEach(function (b) {
        b.setAttribute("aria-label", NAMES[b.dataset.scheme]);
        b.title = NAMES[b.dataset.scheme];
      });
      scripts.parentNode.insertBefore(group, scripts.nextSibling);
    }
    apply();
  }

  if (window.matchMedia) { matchMedia("(prefers-color-scheme: dark)").addEventListener("change", apply); }
  CR.onPage(schemeSwitch);
})();
