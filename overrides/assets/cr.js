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

  function modeSwitch() {
    if (document.querySelector(".cr-modes")) { setMode(currentMode()); return; }
    var header = document.querySelector(".md-header__inner");
    if (!header) { return; }
    var group = buttonGroup("cr-modes", "显示模式 Display mode", "mode", MODES, setMode);
    var search = header.querySelector(".md-search");
    header.insertBefore(group, search || null);
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
        var cell = anchor && (anchor.tagName === "H4" ? zhCellAfter(anchor) : anchor.nextElementSibling);
        if (cell) {
          cell.innerHTML = cells[id];
          cell.lang = wanted === "hant" ? "zh-Hant" : "zh-Hans";
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

  function anchorOf(n) { return "cr" + n.section + (n.rule ? "-" + n.rule + n.sub : ""); }
  function numberOf(n) { return n.section + (n.rule ? "." + n.rule + n.sub : ""); }

  function pageInfo() { return document.querySelector(".cr-page"); }

  /* The site root, relative to this page, as Material's own configuration gives it. */
  function root() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return base.replace(/\/?$/, "/");
  }

  /* Load a script once; `done` runs when it has loaded (or failed to: callers cope with no data). */
  function loadScript(key, src, done) {
    if (CR.loaded && CR.loaded[key]) { done(); return; }
    if (waiting[key]) { waiting[key].push(done); return; }
    waiting[key] = [done];
    var script = document.createElement("script");
    script.src = src;
    function finish() {
      CR.loaded = CR.loaded || {};
      CR.loaded[key] = true;
      (waiting[key] || []).forEach(function (f) { f(); });
      delete waiting[key];
    }
    script.onload = finish;
    script.onerror = finish;
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
   * whenever the layout moves it; as soon as anything else scrolls the page (the reader, a find
   * in the page), it is left alone. */
  function settleOnTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var frames = 0, placedAt, scrolledTo;
    function place() {
      target.scrollIntoView();
      placedAt = target.getBoundingClientRect().top + window.scrollY;  /* where it is in the page */
      scrolledTo = window.scrollY;
    }
    place();
    (function check() {
      if (++frames > 60 || decodeURIComponent(location.hash.slice(1)) !== id) { return; }
      var at = target.getBoundingClientRect().top + window.scrollY;
      if (Math.abs(at - placedAt) > 1) { place(); }  /* the layout moved it */
      else if (Math.abs(window.scrollY - scrolledTo) > 1) { return; }  /* someone else scrolled */
      requestAnimationFrame(check);
    })();
  }
  window.addEventListener("load", function () { setTimeout(settleOnTarget, 0); });

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
        " 版中。Rule " + numberOf(n) + " is not in this build.";
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
      var key = function (text) {
        var m = /^(\d{3})(?:\.(\d+)([a-z]?))?$/.exec(text);
        return m ? [Number(m[1]), Number(m[2] || 0), m[3] || ""] : null;
      };
      var asked = key(numberOf(n)), before = null, after = null;
      Object.keys(rules).forEach(function (number) {
        var k = key(number);
        if (!k || k[0] !== asked[0] || !rules[number]) { return; }
        var less = k[1] < asked[1] || (k[1] === asked[1] && k[2] < asked[2]);
        if (less && (!before || compare(key(before), k) < 0)) { before = number; }
        if (!less && (!after || compare(k, key(after)) < 0)) { after = number; }
      });
      status.textContent = "规则 " + numberOf(n) + " 不在 " + config.edition + " 版中。Rule " + numberOf(n) +
        " is not in the " + config.edition + " edition. ";
      [[n.section, "章节 Section"], [before, "前一条 Before"], [after, "后一条 After"]].forEach(function (item) {
        if (!item[0] || !rules[item[0]] || (item[0] === n.section && !n.rule)) { return; }
        var number = item[0], m = key(number);
        var link = element("a", { href: url + "#cr" + m[0] + (m[1] ? "-" + m[1] + m[2] : "") }, item[1] + " " + number);
        status.appendChild(link);
        status.appendChild(document.createTextNode(" "));
      });
    }
    function compare(a, b) {
      for (var i = 0; i < 3; i++) { if (a[i] !== b[i]) { return a[i] < b[i] ? -1 : 1; } }
      return 0;
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


  /* ---- previews -------------------------------------------------------------------------- */
  var pop = null, showing = null, hideTimer = null, showTimer = null, touchOpened = null;

  function popover() {
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "cr-pop md-typeset";
      pop.id = "cr-pop";
      pop.setAttribute("role", "tooltip");
      pop.hidden = true;
      pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
      pop.addEventListener("mouseleave", scheduleHide);
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
    return here && here.tagName === "H4" && here.parentNode.classList.contains("rules") ? here : null;
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
    var langs = ["en", "zh"], cells = "";
    langs.forEach(function (lang, i) {
      cells += texts[i] === null
        ? '<div lang="' + lang + '" class="missing">' + (lang === "zh" ? "暂无中文翻译。" : "No English text.") + "</div>"
        : '<div lang="' + lang + '">' + texts[i] + "</div>";
    });
    var missing = langs.filter(function (l, i) { return texts[i] === null; }).map(function (l) { return " no-" + l; });
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
      var parts = numbers.map(function (number) {
        var body = ruleHtml(number);
        return body && '<div class="cr-pop-rule"><a class="cr-pop-n" href="' + link.getAttribute("href")
          .replace(/#.*$/, "") + "#" + anchorOf(parseAddress(number)) + '">' + number + "</a>" + body + "</div>";
      }).filter(Boolean);
      var box = popover();
      box.innerHTML = parts.length ? parts.join("") : "<p>" + numbers.join(", ") + "</p>";
      var mapName = wantedScript() === "hant" ? "s2t" : "t2s";
      if (document.documentElement.dataset.crScript && CR.maps[mapName]) { convertText(box, CR.maps[mapName]); }
      place(box, link);
    }
    showing = link;
    if (!pending.length || !page) { render(); return; }
    var left = pending.length;
    pending.forEach(function (chapter) {
      loadChapter(page.dataset.edition, chapter, function () { left -= 1; if (!left) { render(); } });
    });
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
      var box = popover();
      box.textContent = "";
      if (!term) { box.appendChild(element("p", {}, mark.textContent)); } else {
        var names = element("p", { "class": "cr-term-names" });
        if (term[0]) { names.appendChild(element("b", { lang: "en" }, term[0])); }
        var hant = wantedScript() === "hant";
        if (term[1]) { names.appendChild(element("b", { lang: "zh" }, hant ? term[5] : term[1])); }
        box.appendChild(names);
        var texts = element("div", { "class": "tx" + (term[2] ? "" : " no-en") + (term[3] ? "" : " no-zh") });
        texts.appendChild(element("div", term[2] ? { lang: "en" } : { lang: "en", "class": "missing" },
          term[2] || "No English definition."));
        texts.appendChild(element("div", term[3] ? { lang: "zh" } : { lang: "zh", "class": "missing" },
          (hant ? term[6] : term[3]) || "暂无中文释义。"));
        box.appendChild(texts);
        var more = element("a", { href: root() + term[4], "class": "cr-term-more" },
          "词汇表 Glossary →");
        box.appendChild(element("p")).appendChild(more);
      }
      var mapName = wantedScript() === "hant" ? "s2t" : "t2s";
      if (document.documentElement.dataset.crScript && CR.maps[mapName]) { convertText(box, CR.maps[mapName]); }
      place(box, mark);
    });
  }

  function place(box, anchor) {
    box.hidden = false;
    var rect = anchor.getBoundingClientRect();
    var left = Math.max(8, Math.min(rect.left + window.scrollX,
      window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 8));
    box.style.left = left + "px";
    box.style.top = (rect.bottom + window.scrollY + 6) + "px";
    anchor.setAttribute("aria-describedby", box.id);
  }

  function hide() {
    if (pop) { pop.hidden = true; }
    if (showing) { showing.removeAttribute("aria-describedby"); }
    showing = null;
    touchOpened = null;
  }

  function scheduleHide() { clearTimeout(showTimer); clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); }

  /* A link to a rule: its anchor is #cr<number> (no class on it: chapter 7 has thousands). */
  var RULE_HREF = /#cr(\d{3})(?:-(\d{1,3})([a-z]?))?$/;

  function refOf(link) {
    var m = RULE_HREF.exec(link.getAttribute("href") || "");
    return m ? m[1] + (m[2] ? "." + m[2] + m[3] : "") : null;
  }

  function xrefOf(target) {
    var link = target && target.closest ? target.closest("a[href]") : null;
    return link && refOf(link) && link.closest(".rules, .tx, .cr-pop") ? link : null;
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
      if (!target || target === showing) { return; }
      clearTimeout(hideTimer);
      clearTimeout(showTimer);
      showTimer = setTimeout(function () { show(target); }, 120);
    });
    document.addEventListener("mouseout", function (event) { if (tipTarget(event.target)) { scheduleHide(); } });
    document.addEventListener("focusin", function (event) {
      if (tipTarget(event.target)) { clearTimeout(hideTimer); show(event.target); }
    });
    document.addEventListener("focusout", function (event) { if (tipTarget(event.target)) { scheduleHide(); } });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") { hide(); } });
    /* Touch: the first tap shows the preview, a second tap on the same link follows it. */
    var lastPointer = "mouse";
    document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
    document.addEventListener("click", function (event) {
      var heading = event.target.closest && event.target.closest(".rules > h4[id]");
      if (heading) { history.replaceState(null, "", "#" + heading.id); toggleHistory(heading); return; }
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
    window.addEventListener("hashchange", function () { followHash(); settleOnTarget(); });
  }

  /* Term marks are <u> (short: chapter 7 has thousands). They become keyboard stops when the
   * reader first presses Tab (before focus moves), so that loading a page does not pay for
   * thousands of attribute changes that only keyboard users need. */
  var keyboard = false;

  function focusableTerms() {
    if (!keyboard) { return; }
    document.querySelectorAll(".rules u:not([tabindex]), .tx u:not([tabindex])").forEach(function (mark) {
      mark.tabIndex = 0;
      mark.setAttribute("role", "term");
    });
  }

  /* ---- a rule's history, opened from its number ---------------------------------------------- */
  function toggleHistory(heading) {
    var info = pageInfo();
    if (!info || !info.dataset.history) { return; }
    var open = heading.crHistory;
    if (open) { open.remove(); heading.crHistory = null; heading.setAttribute("aria-expanded", "false"); return; }
    var edition = info.dataset.edition, chapter = info.dataset.chapter, key = edition + "/" + chapter;
    loadScript("history:" + key, root() + "assets/data/" + edition + "/" + chapter + ".history.js", function () {
      var versions = (CR.histories[key] || {})[heading.textContent.trim()];
      if (!versions || heading.crHistory) { return; }
      var panel = element("div", { "class": "cr-history", role: "region",
                                   "aria-label": "历史 History of " + heading.textContent });
      panel.appendChild(element("p", { "class": "cr-history-title" }, "历史 History · " + heading.textContent));
      var list = element("ol", {});
      versions.forEach(function (v, i) {
        var item = element("li", {});
        var span = v[1] === v[2] ? v[1] : v[1] + " – " + v[2];
        item.appendChild(element("b", {}, span + " · " + v[0]));
        if (v[3]) { item.appendChild(element("span", { "class": "cr-history-change" }, " " + CHANGES[v[3]])); }
        /* the newest version's text is the rule on the page */
        var newer = i > 1 ? versions[i - 1][4] : i === 1 ? cellText(heading, "en") : null;
        item.appendChild(i ? wordDiff(v[4] || "", newer || "", { lang: "en" })
                           : element("div", { lang: "en" }, cellText(heading, "en")));
        var chinese = i ? v[5] : (v[6] ? cellText(heading, "zh") : null);
        if (chinese) {
          var zh = element("div", { lang: "zh" }, chinese);
          if (v[6] && v[6] !== v[2]) { zh.appendChild(element("span", { "class": "cr-history-zh" }, " (译自 " + v[6] + ")")); }
          item.appendChild(zh);
        }
        list.appendChild(item);
      });
      panel.appendChild(list);
      var oldest = versions[versions.length - 1];
      panel.appendChild(element("p", { "class": "cr-history-first" },
        oldest[7] ? "始于 " + oldest[7] + " 版 First in " + oldest[7] : "早于 " + oldest[1] + " 版已有 Already in " + oldest[1]));
      var next = heading.nextElementSibling;
      while (next && next.tagName !== "H4") { next = next.nextElementSibling; }
      heading.parentNode.insertBefore(panel, next);
      heading.crHistory = panel;
      heading.setAttribute("aria-expanded", "true");
    });
  }
  /* A rule's text (and examples) on the page, in one language, as plain text. */
  function cellText(heading, lang) {
    var parts = [], cell = heading.nextElementSibling;
    while (cell && cell.tagName !== "H4") {
      if (cell.lang && cell.lang.indexOf(lang) === 0 && !cell.classList.contains("missing")) {
        var copy = cell.cloneNode(true);
        copy.querySelectorAll("button, .cr-since, .stale, i").forEach(function (e) { e.remove(); });
        parts.push(copy.textContent.trim());
      }
      cell = cell.nextElementSibling;
    }
    return parts.join("\n");
  }

  /* What an older text became, word by word: removed words in <del>, added ones in <ins>
   * (the longest common subsequence of the two word lists; rule texts are short). */
  function wordDiff(older, newer, attrs) {
    var a = older.match(/\s+|[A-Za-z0-9’']+|[\s\S]/g) || [], b = newer.match(/\s+|[A-Za-z0-9’']+|[\s\S]/g) || [];
    var n = a.length, m = b.length, table = [], i, j;
    for (i = 0; i <= n; i++) { table.push(new Uint16Array(m + 1)); }
    for (i = n - 1; i >= 0; i--) {
      for (j = m - 1; j >= 0; j--) {
        table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    var out = element("div", attrs), run = null;
    function add(kind, text) {
      if (!run || run.kind !== kind) {
        run = { kind: kind, node: kind ? element(kind, {}) : document.createTextNode("") };
        out.appendChild(run.node);
      }
      run.node.textContent += text;
    }
    for (i = 0, j = 0; i < n || j < m;) {
      if (i < n && j < m && a[i] === b[j]) { add("", a[i]); i++; j++; }
      else if (j < m && (i >= n || table[i][j + 1] >= table[i + 1][j])) { add("ins", b[j]); j++; }
      else { add("del", a[i]); i++; }
    }
    return out;
  }

  var CHANGES = { edited: "改写 edited (what changed next, word by word)", moved: "改号 renumbered",
                  "moved-edited": "改号并改写 renumbered and edited", references: "引用编号更新 cited numbers updated" };

  /* A stale translation's mark shows the English change since the edition it translates. */
  document.addEventListener("click", function (event) {
    var mark = event.target.closest && event.target.closest("button.stale");
    if (!mark) { return; }
    var change = mark.nextElementSibling;
    if (!change || !change.classList.contains("cr-since")) { return; }
    change.hidden = !change.hidden;
    mark.setAttribute("aria-expanded", String(!change.hidden));
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Tab" && !keyboard) { keyboard = true; focusableTerms(); }
  }, true);

  CR.root = root;
  CR.element = element;
  CR.loadScript = loadScript;
  CR.parseAddress = parseAddress;
  CR.mode = currentMode;

  function init() {
    hide();
    focusableTerms();
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
