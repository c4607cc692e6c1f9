/* Back closes what the reader opened over the page (a rule's panel, cr-panel.js; a preview or a
 * term's definition opened by a tap, cr-pop.js) and leaves them where they were, as a phone's
 * Back closes a sheet or a dialog. Opening one adds a history entry at the same address; Back
 * then closes it, and closing it another way (its ×, Escape, a tap elsewhere) takes that entry
 * back. Each thing open has an entry of its own, so Back closes the preview over a panel first,
 * then the panel. A link followed from one leaves its entry: going back would race the navigation.
 * The traversals are the page's own, not navigations: overrides/main.html's first popstate
 * listener asks CR.backTakesPop and stops the event before the theme and cr-place.js see it. */
(function () {
  "use strict";
  var CR = window.CR;
  var held = [];  /* the close functions of what has an entry, the last opened last */
  var own = null;  /* our own traversal on its way: { after: what to do once it has come, adds: entries to add then, then: the next release } */

  /* The page's scroll stays as it is when an entry is taken back (the reader may have scrolled
   * since it was added): the browser restores a place only on an entry that asks for it. */
  function addEntry() {
    try { history.scrollRestoration = "manual"; } catch (e) {}  /* on the entry under it, which its removal returns to */
    history.pushState(history.state, "", location.href);
  }

  /* `close` opened: give it an entry, unless it has one (opened again, with new content); after
   * a traversal of ours on its way, once it has come. */
  CR.holdBack = function (close) {
    if (held.indexOf(close) >= 0) { return; }
    held.push(close);
    if (own) { own.adds += 1; } else { addEntry(); }
  };

  /* `close` closed by itself: take its entry back, and those of what was open over it (closed
   * with it); `after` runs once the traversal has come. Nothing if it had no entry. */
  CR.releaseBack = function (close, after) {
    var at = held.indexOf(close);
    if (at < 0) { if (after) { after(); } return; }
    if (own) {  /* one traversal at a time: this one once the last has come */
      var then = own.then;
      own.then = function () { if (then) { then(); } CR.releaseBack(close, after); };
      return;
    }
    var over = held.splice(at);
    over.slice(1).forEach(function (other) { other(); });
    own = { after: after || null, adds: 0 };
    history.go(-over.length);
  };

  /* `close` closed as the reader followed a link: its entry stays, behind the navigation (or the
   * navigation takes its place, where the caller replaces it). True where it had one. */
  CR.forgetBack = function (close) {
    var at = held.indexOf(close);
    if (at >= 0) { held.splice(at, 1); }
    return at >= 0;
  };

  /* A popstate: ours (the traversal of a close, or Back closing the last thing opened), true; or
   * a navigation, false. */
  CR.backTakesPop = function () {
    if (own) {
      var came = own;
      own = null;
      for (var i = 0; i < came.adds; i++) { addEntry(); }
      if (came.after) { setTimeout(came.after, 0); }  /* the browser's traversal has moved the focus: after it */
      if (came.then) { came.then(); }
      return true;
    }
    if (held.length) { held.pop()(); return true; }
    return false;
  };

  /* A link followed within the page, or a new page (the theme's instant navigation): the entries
   * are behind it, and what was open over the page no longer has one. */
  window.addEventListener("hashchange", function () { held = []; });
  CR.onPage(function () { held = []; });
})();
