/* Comprehensive Rules site, the core the other scripts share: the data scripts' readers, rule
 * numbers and addresses, the page's facts, loading a script once, and running a setup on every page.
 * One file per job, each found by its name (all plain scripts, no bundler, working from file://):
 *   cr-display.js  display modes (双语, 中文, English), the Chinese script (简, 繁), language tags
 *   cr-menu.js     the navigation drawer's menu button, reachable from the keyboard and named
 *   cr-place.js    following the address to its rule, keeping it there, Back to the exact place
 *   cr-back.js     Back closes what was opened over the page: a rule's panel, a tapped pop-up
 *   cr-pop.js      a rule's preview and a term's definition in a pop-up, and the clicks that open them
 *   cr-go.js       the go page: any form of rule number, of this edition or an older one
 *   cr-panel.js    a rule's panel: its permanent address to copy or share, its history
 *   cr-scheme.js   light or dark
 *   cr-search.js   the site's search;  cr-search-pieces.js  its data, in pieces
 *   cr-offline.js  the installable app
 * Works with Material's instant navigation (each setup runs again on every document$ emission). */
(function () {
  "use strict";
  var CR = (window.CR = window.CR || {});
  CR.data = CR.data || {};
  var waiting = {};

  /* ---- the data scripts' readers ------------------------------------------------------------
   * Each data file is one call (generator/browser_data.py writes them and describes each payload):
   *   CR.previews(edition, chapter, {"702.19c": [en HTML, zh HTML], ...})   a chapter's rules
   *   CR.terms({id: [en, zh, definition en, definition zh, glossary url, zh Traditional,
   *             definition Traditional, numbers cited, [English's, Chinese's] where they differ]},
   *             {marked form (English in lower case): id})
   *   CR.script(edition, chapter, "hans" | "hant", {anchor: Chinese cell in that script})
   *   CR.charmap("s2t" | "t2s", {character: the character in the other script})
   *   CR.searchBase({...}), CR.searchPiece(name, {...})   the search data in pieces: read by
   *              cr-search-pieces.js (generator/site/search_pieces.py describes them)
   *   CR.history(edition, chapter, {rule: [[number, since, until, change, English, Chinese,
   *              its edition, added in], ...]})   a chapter's rule histories, newest version first
   *   CR.renumber(edition, {number then: [number now] or [null, edition that dropped it]}) */
  CR.cells = CR.cells || {};
  CR.maps = CR.maps || {};
  CR.previews = function (edition, chapter, rules) { CR.data[edition + "/" + chapter] = rules; };
  CR.terms = function (terms, forms, chapters) { CR.termData = terms; CR.termForms = forms; CR.termChapters = chapters; };
  CR.script = function (edition, chapter, script, cells) { CR.cells[edition + "/" + chapter + "/" + script] = cells; };
  CR.charmap = function (name, pairs) { CR.maps[name] = pairs; };
  CR.histories = CR.histories || {};
  CR.renumbered = CR.renumbered || {};
  CR.history = function (edition, chapter, rules) { CR.histories[edition + "/" + chapter] = rules; };
  CR.renumber = function (edition, numbers) { CR.renumbered[edition] = numbers; };

  /* The script the reader chose; until they choose, every page shows its source's own script, or
   * 繁 to a browser set to Traditional Chinese (readsTraditional). */
  function wantedScript() { return askedScript() || nativeScript(); }

  /* The script the reader asked for (by choosing it, or by their browser's languages), or null. */
  function askedScript() {
    var script = null;
    try { script = localStorage.getItem("cr-script"); } catch (e) {}
    return script === "hans" || script === "hant" ? script : readsTraditional() ? "hant" : null;
  }

  /* A reader whose browser asks for Chinese in Taiwan's, Hong Kong's or Macau's script first: 繁
   * until they choose (a Traditional reader's review: a phone set to zh-TW started in Simplified). */
  function readsTraditional() {
    var asked = (navigator.languages || [navigator.language || ""]).filter(function (l) { return /^zh/i.test(l); })[0] || "";
    return /^zh-(tw|hk|mo|hant)/i.test(asked);
  }

  function nativeScript() {
    var page = pageInfo();
    return page && page.dataset.script === "hant" ? "hant" : "hans";
  }

  /* The language tag of Chinese in a script ("hans" or "hant"). */
  function zhTag(script) { return script === "hant" ? "zh-Hant" : "zh-Hans"; }

  /* ---- rule numbers and addresses ------------------------------------------------------------------------- */
  /* Our anchors are #cr702-19c; also read Yawgatog #R70219c, 702.19c, section-702-19c, rule-702-19c. */
  function parseAddress(text) {
    text = (text || "").trim().replace(/^[#/?]+/, "").replace(/^n=/, "");
    var m = /^R(\d{3})(\d{1,3})([a-z]?)$/.exec(text) ||
      /^(?:cr|section-|rule-|r)?(\d{3})(?:[.-](\d{1,3})([a-z]?))?\.?$/i.exec(text);
    if (!m) { return null; }
    return { section: m[1], rule: m[2] || "", sub: (m[3] || "").toLowerCase() };
  }

  /* A rule number as a reader types it (the search box, the go page): also written with a Chinese
   * input method (702。19c, full-width ７０２．１９ｃ), with a space before its letter (704.5 j), or
   * named ("rule 704.5j", "CR 702.19c", 规则704.5j, 第704.5j条, "see rule 702.19."); null otherwise. */
  var NAMED_NUMBER = /^(?:see\s+)?(?:rules?|cr|(?:参见|參見)?(?:规则|規則)|第)\s*|\s*(?:条|條|[。.,，;；?？])+$/gi;  /* and in Traditional */
  function readNumber(text) {
    text = fromLink(text || "").replace(/[\uff01-\uff5e]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xfee0); })
      .replace(/(\d)[。．](?=\d)/g, "$1.").replace(/(\d{3}\.\d{1,3})\s+([a-z])\s*$/i, "$1$2");
    return parseAddress(text) || parseAddress(text.trim().replace(NAMED_NUMBER, ""));
  }

  /* A number cited with its edition, as the site's own addresses and citations give it
   * ("2023-11-17:723.6", "2023-11-17/723.6", "CR 723.6 (2023-11-17)"): { date, number: the rest,
   * to be read by readNumber }; null for text with no edition. */
  function readCitation(text) {
    text = fromLink(text || "").trim().replace(/^[#/?]+/, "");
    var at = text.search(/[/:\s]/), date = isoDate(text.slice(0, Math.max(at, 0)));  /* 2023-11-17:723.6, 2023-11-17 723.6 */
    if (at > 0 && isEdition(date) && at < text.length - 1) { return { date: date, number: text.slice(at + 1) }; }
    var m = /^(.+?)\s*[(（]\s*([\d-]+)\s*[)）]$/.exec(text);
    return m && isEdition(isoDate(m[2])) ? { date: isoDate(m[2]), number: m[1] } : null;
  }

  /* A date as the official files' names write it (20240206) in the form editions are named by. */
  function isoDate(text) { return /^\d{8}$/.test(text) ? text.slice(0, 4) + "-" + text.slice(4, 6) + "-" + text.slice(6) : text; }

  /* A whole link pasted as it was received, this site's or another's: the part naming the rule,
   * its fragment (yawgatog.com/…/#R70219c, mtg.wtf/rules#section-702-19c, go/#2023-11-17:702.19c)
   * or else its last path segment (academyruins.com/cr/702.19c); other text as it is. */
  function fromLink(text) {
    var link = /^\s*(?:https?:\/\/|www\.)(\S+?)\s*$/i.exec(text);
    if (!link) { return text; }
    var hash = link[1].indexOf("#"), part = hash >= 0 && hash < link[1].length - 1 ? link[1].slice(hash + 1) :
      link[1].replace(/[?#].*$/, "").replace(/\/+$/, "").replace(/^.*\//, "");
    try { return decodeURIComponent(part); } catch (e) { return part; }
  }

  /* The part of an address after its rule's: its history (702.19c-history) or one of its examples
   * (702.19c-ex1); "" for none. */
  function partOf(address) { return (/-(history|ex\d+)$/i.exec(address) || [""])[0]; }

  /* An edition's name: its date (2023-11-17), or a year for an excerpt (2012). */
  function isEdition(text) { return /^\d{4}(?:-\d{2}-\d{2})?$/.test(text); }

  /* A rule number's place in the order of rules: [section, rule, letter] ("702.19c" -> [702, 19, 3]),
   * to compare two numbers and to tell how far apart they are; null for what is not a number. */
  function ruleKey(text) {
    var m = /^(\d{3})(?:\.(\d+)([a-z]?))?$/.exec(text || "");
    return m ? [Number(m[1]), Number(m[2] || 0), m[3] ? m[3].charCodeAt(0) - 96 : 0] : null;
  }

  function compareKeys(a, b) {
    for (var i = 0; i < 3; i++) { if (a[i] !== b[i]) { return a[i] < b[i] ? -1 : 1; } }
    return 0;
  }

  /* A rule number's chapter, "7" for 702.19c: the chapter of its page and of its data script. */
  function chapterOf(n) { return String(Math.floor(Number(n.section) / 100)); }

  function anchorOf(n) { return "cr" + n.section + (n.rule ? "-" + n.rule + n.sub : ""); }
  function numberOf(n) { return n.section + (n.rule ? "." + n.rule + n.sub : ""); }

  function pageInfo() { return document.querySelector(".cr-page"); }

  /* The site root, relative to this page, as Material's own configuration gives it. */
  function root() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return base.replace(/\/?$/, "/");
  }

  /* The address the offline page stands in for (its ?from=, which any link may set), as a URL of
   * this site; null on any other page, and for another site's address, a script or what is no
   * address at all. */
  function offlineAsked() {
    var asked = document.querySelector(".cr-offline-page") && new URLSearchParams(location.search).get("from"), url;
    if (!asked) { return null; }
    try { url = new URL(asked, location.href); } catch (e) { return null; }
    return url.href.indexOf(new URL(root(), location.href).href) === 0 ? url : null;
  }

  /* Load a script once; `done` runs when it has loaded (or failed to: callers cope with no data,
   * and a script that failed, offline say, is tried again when next asked for). */
  function loadScript(key, src, done) {
    if (CR.loaded && CR.loaded[key]) { done(); return; }
    if (waiting[key]) { waiting[key].push(done); return; }
    waiting[key] = [done];
    var script = document.createElement("script");
    script.src = src;
    function finish(loaded) {
      CR.loaded = CR.loaded || {};
      if (loaded) { CR.loaded[key] = true; } else { script.remove(); }
      (waiting[key] || []).forEach(function (f) { f(); });
      delete waiting[key];
    }
    script.onload = function () { finish(true); };
    script.onerror = function () { finish(false); };
    document.head.appendChild(script);
  }

  /* A chapter's rule texts (previews, and the rule a search asks for by number). */
  function loadChapter(edition, chapter, done) {
    loadScript("data:" + edition + "/" + chapter, root() + "assets/data/" + edition + "/" + chapter + ".js", done);
  }

  function element(tag, attrs, text) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (typeof text === "string" && text) { el.textContent = text; } else if (text) { el.appendChild(text); }
    return el;
  }

  /* A label in both languages, each half its own, so that a display mode of one language shows its
   * half alone (cr.css): "16 条结果" in 中文, "16 results" in English, both in 双语 (a new player's
   * review read "Additional…" in 中文, an English reader's "词汇表 Glossary →"). Its text is "zh en",
   * then `after`, which both share. */
  function say(zh, en, after) {
    var out = element("span");  /* one box: a flex container's item whole, its spaces kept */
    out.appendChild(element("span", { "class": "cr-zh-half" }, zh));
    out.appendChild(element("span", { "class": "cr-en-half", lang: "en" }, " " + en));
    if (after) { out.appendChild(document.createTextNode(after)); }  /* both languages': " 704 →" */
    return out;
  }

  /* The foot of the screen, where the notes stand (the word below, a new build's notice, the word
   * that the site is stored): one area, each note above the one before it, none over another. */
  function atFoot(note) {
    var foot = document.querySelector("body > .cr-foot") || document.body.appendChild(element("div", { "class": "cr-foot" }));
    return foot.appendChild(note);
  }

  /* A word about the address the reader arrived by ("719.1 of 2023-11-17 is 720.1 now"), at the foot
   * of the screen, not over the rule, until the reader taps, types or scrolls elsewhere: not for a
   * few seconds only, too short to read at a large size. `fill(note)` writes its text once it is in
   * the page, as a screen reader speaks a change of a status; a tap on its own link keeps it.
   * `kind`: its class (cr-renumbered unless said). */
  function footNote(fill, kind) {
    var note = atFoot(element("p", { "class": kind || "cr-renumbered", role: "status" }));
    requestAnimationFrame(function () { fill(note); });
    var readerActs = ["pointerdown", "keydown", "wheel"];
    function gone(event) {
      if (event && event.target && note.contains(event.target)) { return; }
      note.remove();
      readerActs.forEach(function (type) { document.removeEventListener(type, gone, true); });
    }
    readerActs.forEach(function (type) { document.addEventListener(type, gone, true); });
    return note;
  }

  /* Run `setup` on every page: each instant navigation (Material's document$), or once. */
  CR.onPage = function (setup) {
    if (window.document$ && window.document$.subscribe) {
      window.document$.subscribe(setup);
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", setup);
    } else {
      setup();
    }
  };

  /* The theme's stylesheets, imported just before the scripts, apply now: the first screen's own
     (overrides/partials/cr-first-screen.html) has done its part. Again on every page: the theme's
     instant navigation brings the next page's head, and with it that stylesheet, whose rules for
     the first screen alone (the sidebars skipped) would otherwise stay. */
  CR.onPage(function () {
    var firstScreen = document.getElementById("cr-first-screen");
    if (firstScreen) { firstScreen.remove(); }
  });

  CR.root = root;
  CR.offlineAsked = offlineAsked;
  CR.pageInfo = pageInfo;
  CR.loadScript = loadScript;
  CR.loadChapter = loadChapter;
  CR.element = element;
  CR.say = say;
  CR.footNote = footNote;
  CR.atFoot = atFoot;
  CR.parseAddress = parseAddress;
  CR.readNumber = readNumber;
  CR.anchorOf = anchorOf;
  CR.chapterOf = chapterOf;
  CR.numberOf = numberOf;
  CR.ruleKey = ruleKey;
  CR.compareKeys = compareKeys;
  CR.wantedScript = wantedScript;
  CR.askedScript = askedScript;
  CR.nativeScript = nativeScript;
  CR.zhTag = zhTag;
  CR.readCitation = readCitation;
  CR.isEdition = isEdition;
  CR.partOf = partOf;
})();
