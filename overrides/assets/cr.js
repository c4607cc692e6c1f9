/* Comprehensive Rules site: display modes, rule addresses, hover previews, the go page.
 * Works with Material's instant navigation (re-initialised on every document$ emission) and
 * from file:// (preview data comes as scripts, never as fetched JSON). */
(function () {
  "use strict";
  var MODES = { both: "双语", zh: "中文", en: "English" };
  var CR = (window.CR = window.CR || {});
  CR.data = CR.data || {};
  var waiting = {};

  /* ---- the data scripts' readers ------------------------------------------------------------
   * Each data file is one call (generator/browser_data.py writes them and describes each payload):
   *   CR.previews(edition, chapter, {"702.19c": [en HTML, zh HTML], ...})   a chapter's rules
   *   CR.terms({id: [en, zh, definition en, definition zh, glossary url, zh Traditional,
   *             definition Traditional]}, {marked form (English in lower case): id})
   *   CR.script(edition, chapter, "hans" | "hant", {anchor: Chinese cell in that script})
   *   CR.charmap("s2t" | "t2s", {character: the character in the other script})
   *   CR.search(editions, docs, words)   the search data: read by cr-search.js
   *   CR.history(edition, chapter, {rule: [[number, since, until, change, English, Chinese,
   *              its edition, added in], ...]})   a chapter's rule histories, newest version first
   *   CR.renumber(edition, {number then: [number now] or [null, edition that dropped it]}) */
  CR.cells = CR.cells || {};
  CR.maps = CR.maps || {};
  CR.previews = function (edition, chapter, rules) { CR.data[edition + "/" + chapter] = rules; };
  CR.terms = function (terms, forms) { CR.termData = terms; CR.termForms = forms; };
  CR.script = function (edition, chapter, script, cells) { CR.cells[edition + "/" + chapter + "/" + script] = cells; };
  CR.charmap = function (name, pairs) { CR.maps[name] = pairs; };
  CR.histories = CR.histories || {};
  CR.renumbered = CR.renumbered || {};
  CR.history = function (edition, chapter, rules) { CR.histories[edition + "/" + chapter] = rules; };
  CR.renumber = function (edition, numbers) { CR.renumbered[edition] = numbers; };

  /* ---- display mode ---------------------------------------------------------------------- */
  function currentMode() {
    var cls = document.documentElement.classList;
    return Object.keys(MODES).filter(function (m) { return cls.contains("cr-mode-" + m); })[0] || "both";
  }

  function setMode(mode) {
    var cls = document.documentElement.classList;
    Object.keys(MODES).forEach(function (m) { cls.remove("cr-mode-" + m); });
    cls.add("cr-mode-" + mode);
    try { localStorage.setItem("cr-mode", mode); } catch (e) { /* private mode: not remembered */ }
    document.querySelectorAll(".cr-modes button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    });
  }

  /* A row of toggle buttons for the header: options {key: label}, data-<name>=key on each. */
  function buttonGroup(className, label, name, options, choose) {
    var group = document.createElement("div");
    group.className = className;
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", label);
    Object.keys(options).forEach(function (key) {
      var button = document.createElement("button");
      button.type = "button";
      button.dataset[name] = key;
      button.textContent = options[key];
      button.addEventListener("click", function () { choose(key); });
      group.appendChild(button);
    });
    return group;
  }

  /* The header's display settings: the mode and the script. On a wide screen they stand in the
   * header; on a phone one button opens them (the title keeps its room, every target is 44 px). */
  function modeSwitch() {
    if (document.querySelector(".cr-modes")) { setMode(currentMode()); return; }
    var header = document.querySelector(".md-header__inner");
    if (!header) { return; }
    var display = element("div", { "class": "cr-display" });
    var toggle = display.appendChild(element("button", { type: "button", "class": "cr-display__toggle",
      "aria-expanded": "false", "aria-controls": "cr-display", "aria-label": "文A 显示设置 Display settings" }, "文A"));
    var panel = display.appendChild(element("div", { "class": "cr-display__panel", id: "cr-display" }));
    panel.appendChild(buttonGroup("cr-modes", "显示模式 Display mode", "mode", MODES, setMode));
    function open(yes) {
      display.classList.toggle("cr-display--open", yes);
      toggle.setAttribute("aria-expanded", String(yes));
    }
    toggle.addEventListener("click", function () { open(!display.classList.contains("cr-display--open")); });
    document.addEventListener("click", function (event) { if (!display.contains(event.target)) { open(false); } });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && display.classList.contains("cr-display--open")) { open(false); toggle.focus(); }
    });
    var search = header.querySelector(".md-search");
    header.insertBefore(display, search || null);
    setMode(currentMode());
  }

  /* ---- Chinese script: 简 (Simplified) or 繁 (Traditional, Taiwan phrasing) ------------------------
   * Rule and example texts come converted phrase by phrase at build time (OpenCC), in a script per
   * chapter loaded only when asked for; everything else (headings, navigation, glossary, previews)
   * is converted character by character with a map of the characters the site uses. */
  var SCRIPTS = { hans: "简", hant: "繁" };

  /* The script the reader chose; until they choose, every page shows its source's own script. */
  function wantedScript() {
    var script = null;
    try { script = localStorage.getItem("cr-script"); } catch (e) {}
    return SCRIPTS[script] ? script : nativeScript();
  }

  function nativeScript() {
    var page = pageInfo();
    return page && page.dataset.script === "hant" ? "hant" : "hans";
  }

  /* The language tag of Chinese in a script ("hans" or "hant"). */
  function zhTag(script) { return script === "hant" ? "zh-Hant" : "zh-Hans"; }

  function convertText(root, map) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
    var node;
    while ((node = walker.nextNode())) {
      if (node.parentNode.closest && node.parentNode.closest("[data-cr-converted], script, style, input, textarea")) { continue; }
      var text = node.nodeValue, out = "";
      if (!/[\u3400-\u9fff]/.test(text)) { continue; }
      for (var i = 0; i < text.length; i++) { out += map[text[i]] || text[i]; }
      if (out !== text) { node.nodeValue = out; }
    }
  }

  function zhCellAfter(element) {
    var cell = element.nextElementSibling;
    while (cell && !(cell.lang || "").startsWith("zh")) { cell = cell.nextElementSibling; }
    return cell;
  }

  function applyScript() {
    var wanted = wantedScript(), here = nativeScript(), html = document.documentElement;
    document.querySelectorAll(".cr-scripts button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.script === wanted));
    });
    html.lang = zhTag(wanted);
    if (wanted === here || html.dataset.crScript === wanted) { return; }
    html.dataset.crScript = wanted;
    var page = pageInfo(), mapName = wanted === "hant" ? "s2t" : "t2s";
    function characters() {
      loadScript("map:" + mapName, root() + "assets/data/" + mapName + ".js", function () {
        convertText(document.body, CR.maps[mapName] || {});
      });
    }
    if (!page || !page.dataset.chapter) { characters(); return; }
    var key = page.dataset.edition + "/" + page.dataset.chapter + "/" + wanted;
    loadScript("cells:" + key, root() + "assets/data/" + page.dataset.edition + "/" + page.dataset.chapter + "." + wanted + ".js", function () {
      var cells = CR.cells[key] || {};
      Object.keys(cells).forEach(function (id) {
        var anchor = document.getElementById(id);
        var cell = anchor && (anchor.tagName === "H3" ? zhCellAfter(anchor) : anchor.nextElementSibling);
        if (cell) {
          cell.innerHTML = cells[id];
          cell.lang = zhTag(wanted);
          cell.setAttribute("data-cr-converted", "");
        }
      });
      characters();
    });
  }

  function scriptSwitch() {
    var modes = document.querySelector(".cr-modes");
    if (!modes || document.querySelector(".cr-scripts")) { applyScript(); return; }
    var group = buttonGroup("cr-modes cr-scripts", "中文字体 Chinese script", "script", SCRIPTS, function (script) {
      try { localStorage.setItem("cr-script", script); } catch (e) {}
      var applied = document.documentElement.dataset.crScript;
      if (applied && applied !== script) { location.reload(); return; }  /* undo a conversion */
      applyScript();
    });
    modes.parentNode.insertBefore(group, modes.nextSibling);
    applyScript();
  }

  /* ---- addresses ------------------------------------------------------------------------- */
  /* Our anchors are #cr702-19c; also read Yawgatog #R70219c, 702.19c, section-702-19c, rule-702-19c. */
  function parseAddress(text) {
    text = (text || "").trim().replace(/^[#/?]+/, "").replace(/^n=/, "");
    var m = /^R(\d{3})(\d{1,3})([a-z]?)$/.exec(text) ||
      /^(?:cr|section-|rule-|r)?(\d{3})(?:[.-](\d{1,3})([a-z]?))?\.?$/i.exec(text);
    if (!m) { return null; }
    return { section: m[1], rule: m[2] || "", sub: (m[3] || "").toLowerCase() };
  }

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

  function anchorOf(n) { return "cr" + n.section + (n.rule ? "-" + n.rule + n.sub : ""); }
  function numberOf(n) { return n.section + (n.rule ? "." + n.rule + n.sub : ""); }

  function pageInfo() { return document.querySelector(".cr-page"); }

  /* The site root, relative to this page, as Material's own configuration gives it. */
  function root() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return base.replace(/\/?$/, "/");
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

  function followHash() {
    var hash = decodeURIComponent(location.hash.slice(1));
    if (!hash || document.getElementById(hash)) { return; }
    var n = parseAddress(hash);
    if (!n) { return; }
    var target = document.getElementById(anchorOf(n));
    if (target) {
      history.replaceState(null, "", "#" + target.id);
      target.scrollIntoView();
      return;
    }
    var page = pageInfo();
    if (page && page.dataset.go && !page.dataset.older) {
      location.replace(page.dataset.go + "#" + anchorOf(n));
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
    var frames = 0, placedAt, scrolledTo, hash = location.hash, me = ++settling;
    document.documentElement.setAttribute("data-cr-settling", "");
    function done() { if (me === settling) { stopSettling(); } }
    function place() {
      if (offset === undefined) { target.scrollIntoView(); }
      else { window.scrollBy(0, target.getBoundingClientRect().top - offset); }
      placedAt = target.getBoundingClientRect().top + window.scrollY;  /* where it is in the page */
      scrolledTo = window.scrollY;
    }
    place();
    (function check() {
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

  /* the reader's scrolling is never undone */
  function stopSettling() { settling++; document.documentElement.removeAttribute("data-cr-settling"); }
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
    window.addEventListener(type, stopSettling, { passive: true, capture: true });
  });

  function settleOnTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target) { settle(target); }
    return !!target;
  }

  /* ---- Back returns to the exact place ---------------------------------------------------------
   * A scroll offset (the browser's own, or Material's for instant navigation) lands elsewhere on a
   * long page once the blocks above it have their real heights. So the place is kept as "this
   * heading, this far from the top of the screen", per page, and put back after Back or Forward. */
  var PLACE = "cr-place:", cameBack = null, shownPath = null, poppedAt = 0;

  /* one place per page and address: a link to a rule on the same page is a new history entry */
  function placeKey() { return PLACE + location.pathname + location.search + location.hash; }

  function headingAtTop() {
    var headings = document.querySelectorAll(".rules > h3[id], .g > h3[id], .md-content h2[id]");
    var header = document.querySelector(".md-header");
    var top = (header ? Math.max(0, header.getBoundingClientRect().bottom) : 0) + 1;
    var low = 0, high = headings.length - 1, found = 0;
    while (low <= high) {  /* the last heading at or above the top of the screen (they come in page order) */
      var middle = (low + high) >> 1;
      if (headings[middle].getBoundingClientRect().top <= top) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    var heading = headings[found];
    return heading ? { id: heading.id, offset: heading.getBoundingClientRect().top } : null;
  }

  function savePlace() {
    var place = headingAtTop();
    try { if (place) { sessionStorage.setItem(placeKey(), JSON.stringify(place)); } } catch (e) {}
  }

  /* After Back or Forward: the saved heading at its saved distance from the top; true if done. */
  function restorePlace() {
    var place = null;
    try { place = JSON.parse(sessionStorage.getItem(placeKey()) || "null"); } catch (e) {}
    var target = place && document.getElementById(place.id);
    if (!target) { return false; }
    settle(target, place.offset);
    return true;
  }

  var saving = null;
  window.addEventListener("scroll", function () { clearTimeout(saving); saving = setTimeout(savePlace, 150); }, { passive: true });
  window.addEventListener("click", savePlace, true);  /* before instant navigation changes the address */
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
      if (!(entry && entry.type === "back_forward" && restorePlace()) && !settleOnTarget()) { stopSettling(); }
    }, 0);
  });

  function goPage() {
    var box = document.getElementById("cr-go");
    if (!box || box.dataset.ready) { return; }
    box.dataset.ready = "1";
    var config = JSON.parse(box.dataset.go);
    var status = box.querySelector(".cr-go-status");
    function resolve(text) {
      var old = /^(\d{4}-\d{2}-\d{2})[/:](.+)$/.exec((text || "").trim().replace(/^[#/?]+/, ""));
      if (old && old[1] !== config.edition) { resolveOld(old[1], old[2]); return; }
      if (old) { text = old[2]; }
      var n = parseAddress(text);
      if (!n) { status.textContent = "不是规则编号 Not a rule number: " + text; return; }
      var chapter = String(Math.floor(Number(n.section) / 100)), url = config.chapters[chapter];
      if (url) {
        /* only to a rule the chapter has: a chapter sends an address it lacks here, so going
         * back there with it would bounce between the two for ever */
        loadChapter(config.edition, chapter, function () {
          var rules = CR.data[config.edition + "/" + chapter] || {};
          if (rules[numberOf(n)] !== undefined) { location.replace(url + "#" + anchorOf(n)); return; }
          notInEdition(n, rules, url);
        });
        return;
      }
      status.textContent = "规则 " + numberOf(n) + " 不在本站的 " + config.edition +
        " 版中。Rule " + numberOf(n) + " is not in this build. ";
      offerSearch(numberOf(n));
      if (config.external) {
        var link = document.createElement("a");
        link.href = config.external.replace("{number}", numberOf(n)).replace("{slug}", anchorOf(n).slice(2))
          .replace("{compact}", numberOf(n).replace(/\./g, ""));
        link.textContent = " → " + link.href;
        status.appendChild(link);
      }
    }
    /* A well-formed number the edition does not have: say so, and offer its section and the
     * rules around it. */
    function notInEdition(n, rules, url) {
      var asked = ruleKey(numberOf(n)), before = null, after = null;
      Object.keys(rules).forEach(function (number) {
        var k = ruleKey(number);
        if (!k || k[0] !== asked[0] || !rules[number]) { return; }
        var less = compareKeys(k, asked) < 0;
        if (less && (!before || compareKeys(ruleKey(before), k) < 0)) { before = number; }
        if (!less && (!after || compareKeys(k, ruleKey(after)) < 0)) { after = number; }
      });
      status.textContent = "规则 " + numberOf(n) + " 不在 " + config.edition + " 版中。Rule " + numberOf(n) +
        " is not in the " + config.edition + " edition. ";
      [[n.section, "章节 Section"], [before, "前一条 Before"], [after, "后一条 After"]].forEach(function (item) {
        if (!item[0] || !rules[item[0]] || (item[0] === n.section && !n.rule)) { return; }
        status.appendChild(element("a", { href: url + "#" + anchorOf(parseAddress(item[0])) }, item[1] + " " + item[0]));
        status.appendChild(document.createTextNode(" "));
      });
      offerSearch(numberOf(n));
    }
    /* and the search, with the number already in its box */
    function offerSearch(text) {
      if (!CR.openSearch) { return; }
      var button = element("button", { type: "button", "class": "cr-go-search" }, "搜索 Search " + text);
      button.addEventListener("click", function () { CR.openSearch(text); });
      status.appendChild(button);
    }

    /* A number of an older edition: where that rule is today, through the lineage. */
    function resolveOld(date, text) {
      var n = parseAddress(text);
      if (!n) { status.textContent = "不是规则编号 Not a rule number: " + text; return; }
      if ((config.older || []).indexOf(date) < 0) {
        status.textContent = date + " 版不在本站中。The edition " + date + " is not in this build.";
        return;
      }
      loadScript("renumber:" + date, root() + "assets/data/renumber/" + date + ".js", function () {
        var fate = (CR.renumbered[date] || {})[numberOf(n)];
        if (fate && fate[0] === null) {
          status.textContent = date + " 版的规则 " + numberOf(n) + " 已于 " + fate[1] + " 版删除。Rule " + numberOf(n) +
            " of " + date + " was removed in " + fate[1] + ".";
          return;
        }
        resolve(fate ? fate[0] : numberOf(n));
      });
    }
    box.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      resolve(box.querySelector("input").value);
    });
    var asked = location.hash.slice(1) || location.search.slice(1);
    if (asked) { resolve(decodeURIComponent(asked)); }
  }


  /* ---- the pop-up: a rule's preview or a term's definition ---------------------------------------
   * One box for the page, placed above or below its link, whichever has room, never off screen. It
   * closes with its close button, Escape, a tap or click elsewhere, or when its link scrolls away;
   * the keyboard goes into it with Tab from its link and back out. On touch, the first tap on a
   * rule link previews it, with a "go to rule" action; a second tap follows the link. */
  var pop = null, popBody = null, showing = null, hideTimer = null, showTimer = null, touchOpened = null, quiet = false;

  function popover() {
    if (!pop) {
      pop = element("div", { "class": "cr-pop md-typeset", id: "cr-pop", role: "dialog", "aria-label": "预览 Preview" });
      pop.hidden = true;
      popBody = pop.appendChild(element("div", { "class": "cr-pop__body" }));
      var close = pop.appendChild(element("button", { type: "button", "class": "cr-pop__close", "aria-label": "关闭 Close" }, "×"));
      close.addEventListener("click", function () { closePop(true); });
      pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
      pop.addEventListener("mouseleave", scheduleHide);
      pop.addEventListener("focusout", function (event) {
        if (!pop.contains(event.relatedTarget) && event.relatedTarget !== showing) { scheduleHide(); }
      });
      document.body.appendChild(pop);
    }
    return pop;
  }

  /* A chapter's rule texts (previews, and the rule a search asks for by number). */
  function loadChapter(edition, chapter, done) {
    loadScript("data:" + edition + "/" + chapter, root() + "assets/data/" + edition + "/" + chapter + ".js", done);
  }

  /* A rule's heading on this page (sections have none: their preview comes from the data). */
  function ruleOnPage(n) {
    var here = document.getElementById(anchorOf(n));
    return here && here.tagName === "H3" && here.parentNode.classList.contains("rules") ? here : null;
  }

  /* The rule's text cells, the paragraphs after its heading that are not examples. */
  function ruleCells(heading) {
    var cells = [], cell = heading.nextElementSibling;
    while (cell && cell.tagName === "P" && !cell.classList.contains("ex")) { cells.push(cell); cell = cell.nextElementSibling; }
    return cells;
  }

  function ruleHtml(number) {
    var n = parseAddress(number);
    var heading = n && ruleOnPage(n);
    if (heading) {
      var cells = ruleCells(heading);
      var missing = cells.filter(function (c) { return c.classList.contains("missing"); })
        .map(function (c) { return " no-" + c.lang.slice(0, 2); }).join("");
      return '<div class="tx' + missing + '">' + cells.map(function (c) {
        return '<div lang="' + c.lang + '"' + (c.classList.contains("missing") ? ' class="missing"' : "") + ">" +
          c.innerHTML + "</div>";
      }).join("") + "</div>";
    }
    var page = pageInfo();
    var data = page && CR.data[page.dataset.edition + "/" + Math.floor(Number(n.section) / 100)];
    var texts = data && data[number];
    if (!texts) { return null; }
    var langs = ["en", zhTag(nativeScript())], cells = "";
    langs.forEach(function (lang, i) {
      cells += texts[i] === null
        ? '<div lang="' + lang + '" class="missing">' + (i ? "暂无中文翻译。" : "No English text.") + "</div>"
        : '<div lang="' + lang + '">' + texts[i] + "</div>";
    });
    var missing = langs.filter(function (l, i) { return texts[i] === null; }).map(function (l) { return " no-" + l.slice(0, 2); });
    return '<div class="tx' + missing.join("") + '">' + cells + "</div>";
  }

  function preview(link) {
    var numbers = (link.dataset.g || refOf(link)).split(" ");
    var page = pageInfo();
    var chapters = {};
    numbers.forEach(function (number) {
      var n = parseAddress(number);
      if (n && !ruleOnPage(n)) { chapters[Math.floor(Number(n.section) / 100)] = true; }
    });
    var pending = Object.keys(chapters);
    function render() {
      if (showing !== link) { return; }
      var base = link.getAttribute("href").replace(/#.*$/, "");
      var parts = numbers.map(function (number) {
        var body = ruleHtml(number);
        return body && '<div class="cr-pop-rule"><a class="cr-pop-n" href="' + base + "#" + anchorOf(parseAddress(number)) +
          '">' + number + "</a>" + body + "</div>";
      }).filter(Boolean);
      popover().setAttribute("aria-label", "规则 Rule " + numbers.join(", "));
      popBody.innerHTML = parts.length ? parts.join("") : "<p>" + numbers.join(", ") + "</p>";
      var go = element("a", { href: link.getAttribute("href"), "class": "cr-pop__go" }, "前往规则 Go to rule " + refOf(link) + " →");
      popBody.appendChild(element("p")).appendChild(go);
      inWantedScript(popBody);
      place(pop, link);
    }
    showing = link;
    if (!pending.length || !page) { render(); return; }
    var left = pending.length;
    pending.forEach(function (chapter) {
      loadChapter(page.dataset.edition, chapter, function () { left -= 1; if (!left) { render(); } });
    });
  }

  /* The pop-up's text in the script the reader chose (previews come in the page's own). */
  function inWantedScript(box) {
    var mapName = wantedScript() === "hant" ? "s2t" : "t2s";
    if (document.documentElement.dataset.crScript && CR.maps[mapName]) { convertText(box, CR.maps[mapName]); }
  }

  /* ---- term tooltips --------------------------------------------------------------------- */
  /* A term mark is <u>: on a page without an id (the term is found by the marked text), in the
   * chapter data (previews, the other script's cells) as <u t=ID>. */
  function termOf(target) {
    var mark = target && target.closest ? target.closest("u") : null;
    return mark && mark.closest(".rules, .tx") ? mark : null;  /* rules, glossary, previews */
  }

  function termId(mark) {
    var text = mark.textContent.replace(/[A-Z]+/g, function (s) { return s.toLowerCase(); });
    return mark.getAttribute("t") || CR.termForms[text];
  }

  function loadTerms(done) {
    loadScript("terms", root() + "assets/data/terms.js", function () {
      CR.termData = CR.termData || {};
      CR.termForms = CR.termForms || {};
      done();
    });
  }

  function element(tag, attrs, text) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (text) { el.textContent = text; }
    return el;
  }

  function termTip(mark) {
    showing = mark;
    loadTerms(function () {
      if (showing !== mark) { return; }
      var term = CR.termData[termId(mark)];
      popover().setAttribute("aria-label", "术语 Term " + mark.textContent);
      popBody.textContent = "";
      if (!term) { popBody.appendChild(element("p", {}, mark.textContent)); } else {
        var names = element("p", { "class": "cr-term-names" });
        if (term[0]) { names.appendChild(element("b", { lang: "en" }, term[0])); }
        var hant = wantedScript() === "hant", zh = zhTag(wantedScript());
        if (term[1]) { names.appendChild(element("b", { lang: zh }, hant ? term[5] : term[1])); }
        popBody.appendChild(names);
        var texts = element("div", { "class": "tx" + (term[2] ? "" : " no-en") + (term[3] ? "" : " no-zh") });
        texts.appendChild(element("div", term[2] ? { lang: "en" } : { lang: "en", "class": "missing" },
          term[2] || "No English definition."));
        texts.appendChild(element("div", term[3] ? { lang: zh } : { lang: zh, "class": "missing" },
          (hant ? term[6] : term[3]) || "暂无中文释义。"));
        popBody.appendChild(texts);
        var more = element("a", { href: root() + term[4], "class": "cr-term-more cr-pop__go" }, "词汇表 Glossary →");
        popBody.appendChild(element("p")).appendChild(more);
      }
      inWantedScript(popBody);
      place(pop, mark);
    });
  }

  /* Below the link if the box fits there, else above if it fits there, else on the roomier side
   * with its height cut to the room (it scrolls); across, within the screen. */
  function place(box, anchor) {
    clearTimeout(hideTimer);  /* a hide asked for before (the focus leaving the last link) is not for this one */
    box.hidden = false;
    box.style.maxHeight = "";
    var rect = anchor.getBoundingClientRect(), view = document.documentElement, gap = 6, margin = 8;
    var header = document.querySelector(".md-header");
    var top = Math.max(0, header ? header.getBoundingClientRect().bottom : 0);
    var below = view.clientHeight - rect.bottom - gap - margin, above = rect.top - top - gap - margin;
    var natural = box.offsetHeight, downward = natural <= below || below >= above;
    var room = Math.max(downward ? below : above, 60);
    if (natural > room) { box.style.maxHeight = room + "px"; }
    var y = downward ? rect.bottom + gap : rect.top - gap - box.offsetHeight;
    var x = Math.max(margin, Math.min(rect.left, view.clientWidth - box.offsetWidth - margin));
    box.style.left = (x + window.scrollX) + "px";
    box.style.top = (y + window.scrollY) + "px";
    box.dataset.side = downward ? "below" : "above";
    anchor.setAttribute("aria-describedby", box.id);
    anchor.setAttribute("aria-expanded", "true");
  }

  function hide() {
    if (pop) { pop.hidden = true; }
    if (showing) { showing.removeAttribute("aria-describedby"); showing.removeAttribute("aria-expanded"); }
    showing = null;
    touchOpened = null;
  }

  /* Close at the reader's request; the keyboard goes back to the link that opened it. */
  function closePop(refocus) {
    var from = showing, inside = pop && pop.contains(document.activeElement);
    clearTimeout(showTimer);
    hide();
    if (refocus && inside && from) { quiet = true; from.focus({ preventScroll: true }); quiet = false; }
  }

  function scheduleHide() { clearTimeout(showTimer); clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); }

  /* A link to a rule: its anchor is #cr<number> (no class on it: chapter 7 has thousands); a rule's
   * own number (in its heading) opens the rule's panel, not a preview. */
  var RULE_HREF = /#cr(\d{3})(?:-(\d{1,3})([a-z]?))?$/;

  function refOf(link) {
    var m = RULE_HREF.exec(link.getAttribute("href") || "");
    return m ? m[1] + (m[2] ? "." + m[2] + m[3] : "") : null;
  }

  function xrefOf(target) {
    var link = target && target.closest ? target.closest("a[href]") : null;
    return link && refOf(link) && link.closest(".rules, .tx, .cr-pop") && link.parentNode.tagName !== "H3" &&
      !link.classList.contains("cr-pop__go") ? link : null;
  }

  /* Tab from the link into the open pop-up, and from its last control on to what follows the link. */
  function tabThroughPop(event) {
    if (event.key !== "Tab" || !pop || pop.hidden || !showing) { return; }
    var stops = Array.prototype.filter.call(pop.querySelectorAll("a[href], button"), function (e) { return e.offsetParent; });
    var active = document.activeElement, inside = pop.contains(active);
    if (!stops.length || (!inside && active !== showing)) { return; }
    if (!inside && !event.shiftKey) { event.preventDefault(); stops[0].focus(); }
    else if (inside && event.shiftKey && active === stops[0]) { event.preventDefault(); showing.focus(); }
    else if (inside && !event.shiftKey && active === stops[stops.length - 1]) {
      event.preventDefault();
      var from = showing;
      hide();
      focusAfter(from);
    }
  }

  function focusAfter(from) {
    var all = document.querySelectorAll("a[href], button, input, [tabindex='0']");
    var found = false;
    for (var i = 0; i < all.length; i++) {
      if (found && all[i].offsetParent && !(pop && pop.contains(all[i]))) { all[i].focus(); return; }
      if (all[i] === from) { found = true; }
    }
  }

  function listen() {
    if (CR.listening) { return; }
    CR.listening = true;
    function show(target) {
      var link = xrefOf(target);
      if (link) { preview(link); return true; }
      var mark = termOf(target);
      if (mark) { termTip(mark); return true; }
      return false;
    }
    function tipTarget(target) { return xrefOf(target) || termOf(target); }
    document.addEventListener("mouseover", function (event) {
      var target = tipTarget(event.target);
      if (!target || target === showing || lastPointer === "touch") { return; }
      clearTimeout(hideTimer);
      clearTimeout(showTimer);
      showTimer = setTimeout(function () { show(target); }, 120);
    });
    document.addEventListener("mouseout", function (event) {
      if (tipTarget(event.target) && lastPointer !== "touch") { scheduleHide(); }
    });
    document.addEventListener("focusin", function (event) {
      reachMarks(event.target);
      if (pop && pop.contains(event.target)) { clearTimeout(hideTimer); return; }  /* moving within the pop-up */
      if (!quiet && tipTarget(event.target) && lastPointer !== "touch") { clearTimeout(hideTimer); show(event.target); }
    });
    document.addEventListener("focusout", function (event) {
      if (tipTarget(event.target) && !(pop && pop.contains(event.relatedTarget))) { scheduleHide(); }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { closePop(true); }
      tabThroughPop(event);
      if ((event.key === "Enter" || event.key === " ") && termOf(event.target)) { event.preventDefault(); termTip(event.target); }
    });
    var lastPointer = "mouse";
    document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
    document.addEventListener("keydown", function () { lastPointer = "keyboard"; }, true);
    document.addEventListener("click", function (event) {
      var heading = event.target.closest && event.target.closest(".rules > h3[id]");
      if (heading) {
        event.preventDefault();
        hide();
        history.replaceState(history.state, "", "#" + heading.id);  /* the reader chose this rule */
        if (CR.toggleRulePanel) { CR.toggleRulePanel(heading); }  /* cr-panel.js */
        return;
      }
      var mark = termOf(event.target);
      if (mark) { termTip(mark); return; }
      var link = xrefOf(event.target);
      if (!link) { if (pop && !pop.contains(event.target)) { hide(); } return; }
      if (lastPointer === "touch" && touchOpened !== link) {
        event.preventDefault();
        preview(link);
        touchOpened = link;
      }
    });
    /* a pop-up whose link has scrolled out of sight covers text for nothing */
    window.addEventListener("scroll", function () {
      if (!showing || !pop || pop.hidden) { return; }
      var rect = showing.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > document.documentElement.clientHeight) { hide(); }
    }, { passive: true });
    window.addEventListener("hashchange", function () {
      followHash();
      if (Date.now() - poppedAt > 500) { settleOnTarget(); }  /* not after Back put the reader's place back */
    });
  }

  /* Term marks are <u> (short: chapter 7 has thousands), and keyboard stops only near the focus:
   * when focus comes into a block of rules (or glossary entries), that block's marks and its
   * neighbours' become stops, so Tab reaches every mark in reading order without making thousands
   * of stops when the page loads. */
  function reachMarks(target) {
    var block = target && target.closest ? target.closest(".rules, .cr-glossary") : null;
    if (!block) { return; }
    [block.previousElementSibling, block, block.nextElementSibling].forEach(function (near) {
      if (!near || !near.matches(".rules, .cr-glossary") || near.dataset.crReach) { return; }
      near.dataset.crReach = "1";
      near.querySelectorAll("u").forEach(function (mark) {
        mark.tabIndex = 0;
        mark.setAttribute("role", "button");
        mark.setAttribute("aria-haspopup", "dialog");
      });
    });
  }

  /* Every text in its language: the page is Chinese in the script shown (applyScript tags it), and the
   * English half of the bilingual title, menus and headings ("3. 牌类别 Card Types") is English. */
  var ENGLISH = /[A-Za-z][A-Za-z0-9’'&:,.()\- ]*[A-Za-z0-9.)]|[A-Za-z]/g;

  function tagLanguages() {
    document.querySelectorAll(".md-header__topic, .md-nav__link, .md-content h1, .md-content h2, .md-footer__title, " +
                              ".md-footer__direction, .cr-footer-edition").forEach(function (container) {
      if (container.dataset.crTagged) { return; }
      container.dataset.crTagged = "1";
      var walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT, null), nodes = [], node;
      while ((node = walker.nextNode())) { nodes.push(node); }
      nodes.forEach(function (text) {
        var value = text.nodeValue, parent = text.parentNode;
        if (!/[\u3400-\u9fff]/.test(value) || !/[A-Za-z]{2}/.test(value) || parent.closest("[lang]") !== document.documentElement) { return; }
        var out = document.createDocumentFragment(), last = 0;
        value.replace(ENGLISH, function (match, at) {
          if (!/[A-Za-z]{2}/.test(match)) { return match; }
          out.appendChild(document.createTextNode(value.slice(last, at)));
          out.appendChild(element("span", { lang: "en" }, match));
          last = at + match.length;
          return match;
        });
        out.appendChild(document.createTextNode(value.slice(last)));
        parent.replaceChild(out, text);
      });
    });
  }

  CR.root = root;
  CR.buttonGroup = buttonGroup;
  CR.pageInfo = pageInfo;
  CR.zhTag = zhTag;
  CR.nativeScript = nativeScript;
  CR.hidePop = hide;
  CR.element = element;
  CR.loadScript = loadScript;
  CR.parseAddress = parseAddress;
  CR.numberOf = numberOf;
  CR.ruleKey = ruleKey;
  CR.mode = currentMode;

  function init() {
    hide();
    if (cameBack && cameBack.path === location.pathname && Date.now() - cameBack.at < 5000) { setTimeout(restorePlace, 0); }
    cameBack = null;
    shownPath = location.pathname;
    tagLanguages();
    modeSwitch();
    scriptSwitch();
    listen();
    goPage();
    followHash();
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
  CR.onPage(init);
})();
