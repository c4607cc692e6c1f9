/* The menu button of the theme's navigation drawer (below 76.25em wide), as a real button. The
 * theme's is a label with an icon: no name, not reachable from the keyboard. While it was closed,
 * the drawer's links were reachable anyway, off the screen; now the browser skips the closed
 * drawer (cr.css), so this button is the way in: named, its state announced, opened by Enter or
 * Space as by a tap. Opened from the keyboard or a screen reader, the focus goes to a link of
 * the list the drawer shows (the one that holds this page, not the top one); Escape closes it,
 * and the focus comes back to the button whenever the drawer closes around it. The drawer itself
 * stays the theme's (its checkbox, its events). */
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
    /* The links of the list the theme shows, this page's first (on a phone the theme hides it
     * behind the label of its contents, so the next that takes the focus does). */
    function linksHere() {
      var active = drawer().querySelector(".md-nav__link--active");
      var list = (active && active.closest(".md-nav__list")) || drawer();
      var links = Array.prototype.filter.call(list.querySelectorAll("a.md-nav__link[href]"), function (a) {
        return !a.closest(".md-nav--secondary");  // not the page's own contents, a list of its own
      });
      var here = links.filter(function (a) { return a.classList.contains("md-nav__link--active"); });
      return here.concat(links);
    }
    function open(wanted) {
      if (toggle.checked === wanted) { return; }
      toggle.checked = wanted;
      toggle.dispatchEvent(new Event("change"));  // the theme follows its checkbox's changes
    }
    button.addEventListener("click", function (event) {
      open(!toggle.checked);
      // from the keyboard or a screen reader (a tap's click has a detail, and leaves the focus be)
      if (toggle.checked && event.detail === 0 && drawer()) {
        linksHere().some(function (a) { a.focus(); return document.activeElement === a; });
      }
    });
    /* Back closes the open drawer and stays on the page (cr-back.js), as it closes a rule's panel:
       an L2 candidate's review lost their place in chapter 6 to the page before. A link followed
       from the drawer leaves its entry behind the navigation. */
    var byBack = false;
    function closedByBack() { byBack = true; open(false); byBack = false; }
    if (drawer()) {
      drawer().addEventListener("click", function (event) {
        if (event.target.closest("a[href]")) { CR.forgetBack(closedByBack); }
      }, true);
    }
    toggle.addEventListener("change", function () {
      button.setAttribute("aria-expanded", String(toggle.checked));
      if (toggle.checked) { CR.holdBack(closedByBack); } else if (!byBack) { CR.releaseBack(closedByBack); }
      if (!toggle.checked && drawer() && drawer().contains(document.activeElement)) { button.focus(); }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && toggle.checked) { open(false); }
    });
  }

  CR.onPage(setup);
})();
