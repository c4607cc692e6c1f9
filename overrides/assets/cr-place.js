/* The address and the place: an address in another site's form is followed to its rule; the rule
 * of the address is kept under the header while a long page lays itself out; Back returns to the
 * exact place, the heading at the top of the screen at the same distance. */
(function () {
  "use strict";
  var CR = window.CR;

  /* An address the page has no element for: another site's form of a rule it has, an example it
   * lacks (cr719-1-ex2: its rule), a rule of today's edition elsewhere (the go page); on an older
   * edition's page, a rule it lacks is said, rather than leaving the reader at the top. */
  function followHash() {
    var hash = decodeURIComponent(location.hash.slice(1));
    if (!hash || document.getElementById(hash)) { return; }
    var part = CR.partOf(hash);
    if (/history/i.test(part)) { return; }  /* the rule's history: its panel opens it (cr-panel.js) */
    var n = CR.parseAddress(hash.slice(0, hash.length - part.length));
    if (!n) { return; }
    var target = document.getElementById(CR.anchorOf(n));
    if (target) {  /* a navigation in place of this address: the rule is :target, tinted and under the header */
      location.replace("#" + target.id);
      return;
    }
    var page = CR.pageInfo();
    if (page && page.dataset.go && !page.dataset.older) {
      location.replace(page.dataset.go + "#" + CR.anchorOf(n));
    } else if (page && page.dataset.older) {
      var number = CR.numberOf(n), edition = page.dataset.edition;
      CR.footNote(function (note) {
        note.appendChild(CR.element("span", { lang: "zh-Hans" }, "本页（" + edition + " 版）没有规则 " + number + "。"));
        note.appendChild(CR.element("span", { lang: "en" }, " This page, of the " + edition + " edition, has no rule " + number + "."));
      });
    }
  }

  /* A long page lays itself out after the browser has scrolled to the address's rule (blocks off
   * screen are estimated until they come near, fonts arrive late), which can move the rule away
   * from where the browser put it. So for about a second the rule is put back under the header
   * (or `offset` pixels from the top of the screen) whenever the layout moves it. The reader's own
   * wheel, touch or key ends that at once; a scroll from elsewhere in the first few frames is the
   * browser's or the theme's offset, and is undone; a later one (a find in the page) ends it too. */
  var settling = 0;  /* the latest settle; the page carries data-cr-settling while it runs */
  function settle(target, offset) {
    var seen = shown(target);
    if (seen !== target && offset === undefined) {  /* as far from the top as the theme puts a :target */
      offset = 3.6 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    }
    target = seen;
    var frames = 0, placedAt, scrolledTo, hash = location.hash, me = ++settling;
    document.documentElement.setAttribute("data-cr-settling", "");
    function done() {
      if (me !== settling) { return; }
      stopSettling();
      /* The theme's "back to top" button comes with any scroll upwards; these were not the reader's */
      var top = document.querySelector(".md-top");
      if (top) { top.hidden = true; }
    }
    function place() {
      if (offset === undefined) { target.scrollIntoView(); }
      else { window.scrollBy(0, target.getBoundingClientRect().top - offset); }
      placedAt = target.getBoundingClientRect().top + window.scrollY;  /* where it is in the page */
      scrolledTo = window.scrollY;
    }
    place();
    (function check() {
      if (!target.isConnected && document.getElementById(target.id)) {  /* its block was drawn anew: the new one */
        target = document.getElementById(target.id);
        /* the address's own, as the theme's instant navigation draws the page again after a change of
           address: followed again, so that it is the :target (tinted), not the element it replaced */
        if (location.hash === "#" + target.id) { location.replace(location.hash); }
        place();
      }
      if (++frames > 60 || location.hash !== hash || !target.isConnected || me !== settling) { done(); return; }
      var at = target.getBoundingClientRect().top + window.scrollY;
      if (Math.abs(at - placedAt) > 1) { place(); }  /* the layout moved it */
      else if (Math.abs(window.scrollY - scrolledTo) > 1) {  /* someone else scrolled: */
        if (frames > 10) { done(); return; }  /* the reader, or a find in the page */
        place();  /* the browser or the theme, putting back an offset of its own */
      }
      requestAnimationFrame(check);
    })();
  }

  /* What the reader sees of an address's element: itself, or, where the display mode hides it (an
   * example's anchor is on its English, which 中文 mode hides), the other language's text after it. */
  function shown(target) {
    if (getComputedStyle(target).display !== "none") { return target; }
    for (var near = target.nextElementSibling; near && near.tagName === "P" && !near.id; near = near.nextElementSibling) {
      if (getComputedStyle(near).display !== "none") { return near; }
    }
    return target;
  }

  /* the reader's scrolling is never undone */
  function stopSettling() { settling++; document.documentElement.removeAttribute("data-cr-settling"); }
  CR.readerInput.forEach(function (type) {  /* main.html */
    window.addEventListener(type, stopSettling, { passive: true, capture: true });
  });

  /* The reader scrolled while the page loaded, before this script ran (main.html kept the address's
   * rule in place until then): at the load the browser scrolls back to the address's rule, and the
   * theme after it, so the reader's place is taken as the page is parsed, and put back. */
  var readersPlace = null;
  document.addEventListener("DOMContentLoaded", function () { if (CR.readerMoved) { readersPlace = headingAtTop(); } });
  function keepReadersPlace() {
    var target = readersPlace && document.getElementById(readersPlace.id);
    if (target) { settle(target, readersPlace.offset); } else { stopSettling(); }
  }

  function settleOnTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target) { settle(target); }
    return !!target;
  }

  /* ---- Back returns to the exact place ---------------------------------------------------------
   * A scroll offset (the browser's own, or Material's for instant navigation) lands elsewhere on a
   * long page once the blocks above it have their real heights. So the place is kept as "this
   * heading, this far from the top of the screen", per page, and put back after Back or Forward, or
   * a reload. */
  var PLACE = "cr-place:", cameBack = null, shownPath = null, poppedAt = 0;

  /* one place per page and address: a link to a rule on the same page is a new history entry */
  function placeKey() { return PLACE + location.pathname + location.search + location.hash; }

  /* The heading at the top of the screen (the last at or above it), with how far from the top it is;
   * `onScreen`: the first heading on the screen instead, where one is (the rule the reader sees). */
  function headingAtTop(onScreen) {
    var headings = document.querySelectorAll(".rules > h3[id], .g > h3[id], .md-content h2[id]");
    var header = document.querySelector(".md-header");
    var top = (header ? Math.max(0, header.getBoundingClientRect().bottom) : 0) + 1;
    var low = 0, high = headings.length - 1, found = 0;
    while (low <= high) {  /* the last heading at or above the top of the screen (they come in page order) */
      var middle = (low + high) >> 1;
      if (headings[middle].getBoundingClientRect().top <= top) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    var heading = headings[found], next = headings[found + 1];
    if (onScreen && heading && heading.getBoundingClientRect().top < top - 1 && next &&
        next.getBoundingClientRect().top < window.innerHeight) { heading = next; }
    return heading ? { id: heading.id, offset: heading.getBoundingClientRect().top } : null;
  }

  function savePlace() {
    var place = headingAtTop();
    try { if (place) { sessionStorage.setItem(placeKey(), JSON.stringify(place)); } } catch (e) {}
  }

  /* After Back, Forward or a reload: the saved heading at its saved distance from the top; true if done. */
  function restorePlace() {
    var place = null;
    try { place = JSON.parse(sessionStorage.getItem(placeKey()) || "null"); } catch (e) {}
    var target = place && document.getElementById(place.id);
    if (!target) { return false; }
    settle(target, place.offset);
    return true;
  }

  /* A change of the page's layout by the reader (the display mode: a language shown or hidden in
   * every rule) keeps the reader's place: the first heading on the screen stays as far from its top,
   * while the blocks around it take their new heights. */
  CR.keepingPlace = function (change) {
    var place = headingAtTop(true);
    change();
    var target = place && document.getElementById(place.id);
    if (target) { settle(target, place.offset); }
  };

  var saving = null;
  window.addEventListener("scroll", function () { clearTimeout(saving); saving = setTimeout(savePlace, 150); }, { passive: true });
  window.addEventListener("click", function (event) {  /* before instant navigation changes the address */
    if (event.target.closest && event.target.closest("a[href]")) { savePlace(); }  /* not on a button: it lays out the page */
  }, true);
  window.addEventListener("pagehide", savePlace);
  /* Back within the page: the place now (the address's own rule is not where the reader was); to
   * another page with instant navigation: when that page is shown, a moment later, without a load */
  window.addEventListener("popstate", function () {
    if (location.pathname === shownPath) { if (restorePlace()) { poppedAt = Date.now(); } return; }
    cameBack = { path: location.pathname, at: Date.now() };
  });
  window.addEventListener("load", function () {
    var entry = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    document.documentElement.setAttribute("data-cr-settling", "");  /* from now, not from the timeout */
    var before = settling;
    setTimeout(function () {
      if (settling !== before) { return; }  /* the reader has already scrolled */
      if (CR.readerMoved) { keepReadersPlace(); return; }
      /* Back, Forward, and a reload (the phone's pull to refresh, an app the system closed and opens
         again): the reader's place, not the address's rule they have read on from */
      var returning = entry && (entry.type === "back_forward" || entry.type === "reload");
      if (!(returning && restorePlace()) && !settleOnTarget()) { stopSettling(); }
    }, 0);
  });


  window.addEventListener("hashchange", function () {
    followHash();
    if (Date.now() - poppedAt > 500) { settleOnTarget(); }  /* not after Back put the reader's place back */
  });

  /* The theme's skip link, first on the page, goes to the rule the reader is reading, not to the
   * chapter's top: after the header (the display mode, the search), Shift+Tab and Enter bring a
   * keyboard reader back to their rule, where it took 57 Tabs and left them at 700.1, 58,000 px
   * away (an accessibility review). Its name, and the back-to-top button's, in both languages. */
  function skipToReading() {
    var skip = document.querySelector(".md-skip"), top = document.querySelector(".md-top");
    if (top && !top.dataset.crNamed) {
      top.dataset.crNamed = "1";
      [].forEach.call(top.childNodes, function (node) {
        if (node.nodeType === 3 && node.nodeValue.trim()) { node.nodeValue = " 回到页面顶部 Back to top "; }
      });
    }
    if (!skip || skip.dataset.crNamed) { return; }
    skip.dataset.crNamed = "1";
    skip.textContent = "跳到正文 Skip to the text";
    skip.addEventListener("click", function (event) {
      var place = headingAtTop(true), heading = place && document.getElementById(place.id);
      var link = heading && heading.closest(".rules, .g") && heading.querySelector("a");
      if (!link || window.scrollY < 1) { return; }  /* at the page's top: the theme's own, the text's start */
      event.preventDefault();
      link.focus({ preventScroll: true });
    });
  }

  CR.onPage(function () {
    skipToReading();
    if (cameBack && cameBack.path === location.pathname && Date.now() - cameBack.at < 5000) { setTimeout(restorePlace, 0); }
    cameBack = null;
    shownPath = location.pathname;
    followHash();
  });
})();
