/* The menu button of the theme's navigation drawer (below 76.25em wide), as a real button. The
 * theme's is a label with an icon: no name, not reachable from the keyboard. While it was closed,
 * the drawer's links were reachable anyway, off the screen; now the browser skips the closed
 * drawer (cr.css), so this button is the way in: named, its state announced, opened by Enter or
 * Space as by a tap. Opened from the keyboard or a screen reader, the focus goes to the drawer's
 * first link; Escape closes it, and the focus comes back to the button whenever the drawer
 * closes around it. The drawer itself stays the theme's (its checkbox, its change events). */
(function () {
  "use strict";
  var CR = window.CR;

  function setup() {
    var toggle = document.getElementById("__drawer");
    var label = document.querySelector(".md-header label.md-header__button[for=__drawer]");
    if (!toggle || !label || label.hidden) { return; }
    var button = CR.element("button", { type: "button", "class": label.className + " cr-menu",
      "aria-label": "导航 Navigation", "aria-expanded": String(toggle.checked) });
    while (label.firstChild) { button.appendChild(label.firstChild); }  // the theme's icon
    label.hidden = true;
    label.parentNode.insertBefore(button, label);

    function drawer() { return document.querySelector(".md-sidebar--primary"); }
    function open(wanted) {
      if (toggle.checked === wanted) { return; }
      toggle.checked = wanted;
      toggle.dispatchEvent(new Event("change"));  // the theme follows its checkbox's changes
    }
    button.addEventListener("click", function (event) {
      open(!toggle.checked);
      var first = toggle.checked && event.detail === 0 && drawer() && drawer().querySelector("a[href]");
      if (first) { first.focus(); }  // from the keyboard or a screen reader (a tap has a detail)
    });
    toggle.addEventListener("change", function () {
      button.setAttribute("aria-expanded", String(toggle.checked));
      if (!toggle.checked && drawer() && drawer().contains(document.activeElement)) { button.focus(); }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && toggle.checked) { open(false); }
    });
  }

  CR.onPage(setup);
})();
