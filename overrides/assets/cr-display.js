/* The display: the mode (双语 both, 中文 Chinese, English), the Chinese script (简 Simplified,
 * 繁 Traditional) in the header's display settings (文A on a phone), and the languages of the
 * bilingual titles and menus tagged. The remembered mode is applied before the page paints
 * (overrides/main.html); this file offers the choices. */
(function () {
  "use strict";
  var CR = window.CR;

  var MODES = { both: "双语", zh: "中文", en: "English" };

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
    document.querySelectorAll(".cr-modes button[data-mode]").forEach(function (b) {  /* not the script's nor the scheme's */
      b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    });
  }

  /* A mode chosen by the reader hides or shows a language of every rule: the rule at the top of the
   * screen stays where it was (cr-place.js). */
  function chooseMode(mode) {
    CR.keepingPlace(function () { setMode(mode); });
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
    var display = CR.element("div", { "class": "cr-display" });
    var toggle = display.appendChild(CR.element("button", { type: "button", "class": "cr-display__toggle",
      "aria-expanded": "false", "aria-controls": "cr-display", "aria-label": "文A 显示设置 Display settings" }, "文A"));
    var panel = display.appendChild(CR.element("div", { "class": "cr-display__panel", id: "cr-display" }));
    panel.appendChild(buttonGroup("cr-modes", "显示模式 Display mode", "mode", MODES, chooseMode));
    /* Back closes the open settings and stays on the page (cr-back.js), as it closes a rule's panel */
    function open(yes, byBack) {
      var was = display.classList.contains("cr-display--open");
      display.classList.toggle("cr-display--open", yes);
      toggle.setAttribute("aria-expanded", String(yes));
      if (yes && !was) { CR.holdBack(closedByBack); } else if (!yes && was && !byBack) { CR.releaseBack(closedByBack); }
    }
    function closedByBack() { open(false, true); }
    toggle.addEventListener("click", function () { open(!display.classList.contains("cr-display--open")); });
    document.addEventListener("click", function (event) { if (!display.contains(event.target)) { open(false); } });
    /* the keyboard leaving the settings closes them, as a tap elsewhere does (open, they lay over the text) */
    display.addEventListener("focusout", function (event) {
      if (event.relatedTarget && !display.contains(event.relatedTarget)) { open(false); }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && display.classList.contains("cr-display--open")) { open(false); toggle.focus(); }
    });
    var search = header.querySelector(".md-search");
    header.insertBefore(display, search || null);
    setMode(currentMode());
  }

  /* ---- Chinese script: 简 (Simplified) or 繁 (Traditional: Taiwan's characters, the translation's words)
   * Rule and example texts come converted phrase by phrase at build time (OpenCC), in a script per
   * chapter loaded only when asked for; everything else (headings, navigation, glossary, previews,
   * what the scripts write) is converted in the browser with a map of the characters and pairs the
   * site uses (generator/site/traditional.py). */
  var SCRIPTS = { hans: "简", hant: "繁" };

  /* A text in the other script: three characters the map holds as three (复制可, which the pair
   * 制可 of 控制可 misread), else a pair it holds as a pair (限制 stays 限制, while 制 alone is 製,
   * for 复制), else each character (generator/site/traditional.py, as_the_browser). */
  function converted(text, map, before, after) {
    if (!/[\u3400-\u9fff]/.test(text)) { return text; }
    var out = "", i = 0, last = text.length - 1;
    var joined = before ? map[before + text[0]] : null;  /* a pair a mark splits: 限<mark>制</mark> */
    if (joined && joined.length === 2) { out = joined[1]; i = 1; }
    for (; i <= last; i++) {
      var three = i + 1 < last ? map[text.substr(i, 3)] : null;
      if (three && three.length === 3) { out += three; i += 2; continue; }
      var pair = i < last ? map[text.substr(i, 2)] : after ? map[text[i] + after] : null;
      if (pair && pair.length === 2 && i < last) { out += pair; i++; }
      else if (pair && pair.length === 2) { out += pair[0]; }
      else { out += map[text[i]] || text[i]; }
    }
    return out;
  }

  function convertText(root, map) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
    var nodes = [], node;
    while ((node = walker.nextNode())) {
      if (node.parentNode.closest && node.parentNode.closest("[data-cr-converted], script, style, input, textarea")) { continue; }
      nodes.push(node);
    }
    var texts = nodes.map(function (n) { return n.nodeValue; });  /* as they were: each node's neighbours */
    nodes.forEach(function (n, k) {
      var out = converted(texts[k], map, k ? texts[k - 1].slice(-1) : "", k + 1 < nodes.length ? texts[k + 1][0] : "");
      if (out !== n.nodeValue) { n.nodeValue = out; }
    });
    retag(root, map);
  }

  /* What was converted says its script (the glossary's entries, the search's snippets, a panel's
   * history): tagged zh-Hans, it was drawn in a Simplified font and read by a mainland voice. */
  function retag(root, map) {
    var maps = CR.maps || {}, tag = map === maps.s2t ? "zh-Hant" : map === maps.t2s ? "zh-Hans" : null;
    if (!tag || !root.querySelectorAll) { return; }
    [root].concat([].slice.call(root.querySelectorAll("[lang^=zh]"))).forEach(function (el) {
      if (/^zh/.test(el.getAttribute("lang") || "") && el.lang !== tag && !el.closest("[data-cr-converted]")) { el.lang = tag; }
    });
  }

  function zhCellAfter(element) {
    var cell = element.nextElementSibling;
    while (cell && !(cell.lang || "").startsWith("zh")) { cell = cell.nextElementSibling; }
    return cell;
  }

  /* The labels a reader sees or hears that are not text nodes. */
  var LABELS = ["placeholder", "aria-label", "title"];

  function convertLabels(root, map, alone) {
    var elements = alone ? [root] : [root].concat([].slice.call(root.querySelectorAll("[placeholder], [aria-label], [title]")));
    elements.forEach(function (e) {
      LABELS.forEach(function (name) {
        var value = e.getAttribute(name), out = value && converted(value, map);
        if (out !== value) { e.setAttribute(name, out); }  /* only a change: the observer sees it again */
      });
    });
  }

  /* What the scripts write later (a rule's panel, the search, the go page's answer, the offline
   * status) is in the script shown too: each node added to the page is converted as it comes. */
  var watching = null;
  function convertAdded(map) {
    if (watching) { return; }
    watching = new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        if (change.type === "attributes") { convertLabels(change.target, map, true); return; }
        change.addedNodes.forEach(function (node) {
          if (node.nodeType === 3 && node.parentNode) { convertText(node.parentNode, map); }
          else if (node.nodeType === 1) { convertText(node, map); convertLabels(node, map); }
        });
      });
    });
    watching.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: LABELS });
  }

  function applyScript() {
    var wanted = CR.wantedScript(), here = CR.nativeScript(), html = document.documentElement;
    document.querySelectorAll(".cr-scripts button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.script === wanted));
    });
    html.lang = CR.zhTag(wanted);
    /* marked on the page's content, which instant navigation replaces, even with the same page */
    var content = document.querySelector("[data-md-component=container]") || document.body;
    if ((wanted === here && (here !== "hant" || CR.askedScript() !== "hant")) || content.dataset.crScript === wanted) { return; }
    html.dataset.crScript = content.dataset.crScript = wanted;
    var page = CR.pageInfo(), mapName = wanted === "hant" ? "s2t" : "t2s";
    if (wanted === here) {
      /* a page whose own text is Traditional (the 2009 post), for a reader who asked for 繁: its
         text stays as written, and the site's own words (header, menus, notes, what the scripts
         write) come in Traditional too */
      content.querySelectorAll("[lang=zh-Hant]").forEach(function (el) { el.setAttribute("data-cr-converted", ""); });
      page = null;
    }
    function characters() {
      CR.loadScript("map:" + mapName, CR.root() + "assets/data/" + mapName + ".js", function () {
        var map = CR.maps[mapName] || {};
        convertText(document.body, map);
        convertLabels(document.body, map);
        document.title = converted(document.title, map);
        convertAdded(map);
      });
    }
    if (!page || !page.dataset.chapter) { characters(); return; }
    var key = page.dataset.edition + "/" + page.dataset.chapter + "/" + wanted;
    CR.loadScript("cells:" + key, CR.root() + "assets/data/" + page.dataset.edition + "/" + page.dataset.chapter + "." + wanted + ".js", function () {
      var cells = CR.cells[key] || {};
      Object.keys(cells).forEach(function (id) {
        var anchor = document.getElementById(id);
        var cell = anchor && (anchor.tagName === "H3" ? zhCellAfter(anchor) : anchor.nextElementSibling);
        if (cell) {
          cell.innerHTML = cells[id];
          cell.lang = CR.zhTag(wanted);
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

  /* Every text in its language: the page is Chinese in the script shown (applyScript tags it), and the
   * English half of the bilingual title, menus and headings ("3. 牌类别 Card Types") is English. The
   * Chinese half is marked too (cr-zh-half), which English alone hides (cr.css): "3. Card Types". */
  var ENGLISH = /[A-Za-z][A-Za-z0-9’'&:,.()\- ]*[A-Za-z0-9.)]|[A-Za-z]/g;
  /* each Chinese word before a space ("613. 持续性效应的互动 ", "2023-04-14 旧版 · 1. 游戏概念 "), with the
   * separator that follows a title's first half ("万智牌完整规则 · "); not the "开始阶段（" of a
   * Chinese text quoting English */
  var CHINESE_WORD = /[\u3400-\u9fff][^\sA-Za-z（(]*(\s·)?(?=\s)/g;  /* 咒语、异能和效应, 替代性效应和/或… */

  function withChineseHalves(out, text) {
    var last = 0;
    text.replace(CHINESE_WORD, function (word, separator, at) {
      if (separator && /[^\s\d.]/.test(text.slice(0, at))) { word = word.slice(0, -separator.length); separator = ""; }  /* one between halves */
      out.appendChild(document.createTextNode(text.slice(last, at)));
      var half = out.appendChild(CR.element("span", { "class": "cr-zh-half" }, separator ? word.slice(0, -separator.length) : word));
      /* the separator before the English half, which 中文 alone hides with it ("万智牌完整规则 ·") */
      if (separator) { half.appendChild(CR.element("span", { "class": "cr-sep" }, separator)); }
      last = at + word.length;
      return word;
    });
    out.appendChild(document.createTextNode(text.slice(last)));
  }

  /* An English half, but for a number in brackets at its end, which both languages share ("修改
   * Changed (6)", "现行规则 Current rules (2024-02-02)"). 中文 alone keeps one (cr-en-kept, cr.css)
   * that says what the Chinese does not: one that holds a number (Changes since 2023-11-17), or a
   * title after a number, which has no Chinese half ("2023-04-14 旧版 · 6. Parts of a Card": an L2
   * candidate's review read an older edition's menu as "旧版 · 1.", "旧版 · 2." …). */
  function englishHalf(out, match, afterNumber) {
    var shared = /\s*\([^()]*\d[^()]*\)$/.exec(match), words = shared ? match.slice(0, shared.index) : match;
    out.appendChild(CR.element("span", afterNumber || /\d/.test(words) ? { lang: "en", "class": "cr-en-kept" } : { lang: "en" }, words));
    if (shared) { out.appendChild(document.createTextNode(shared[0])); }
  }

  function tagLanguages() {
    document.querySelectorAll(".md-header__topic, .md-nav__title, .md-nav__link, .md-content h1, .md-content h2, .md-content li > a, .cr-changes-jumps a, " +
                              ".md-footer__title, .md-footer__direction, .cr-footer-edition").forEach(function (container) {
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
          withChineseHalves(out, value.slice(last, at));
          englishHalf(out, match, /\d\.?\s*$/.test(value.slice(last, at)));
          last = at + match.length;
          return match;
        });
        out.appendChild(document.createTextNode(value.slice(last)));
        parent.replaceChild(out, text);
      });
    });
  }


  /* A query in 繁 where the reader reads it (the site's examples ask in Simplified: a Traditional
   * reader's review), to `then` once the maps have come; through Simplified first, so that a query
   * already Traditional is not converted twice (制 is in both scripts: 強制, not 強製). */
  CR.inScript = function (text, then) {
    if (CR.wantedScript() !== "hant") { then(text); return; }
    var data = CR.root() + "assets/data/";
    CR.loadScript("map:t2s", data + "t2s.js", function () {
      CR.loadScript("map:s2t", data + "s2t.js", function () {
        var maps = CR.maps || {};
        then(maps.s2t ? converted(maps.t2s ? converted(text, maps.t2s) : text, maps.s2t) : text);
      });
    });
  };
  CR.buttonGroup = buttonGroup;
  CR.convertText = convertText;
  CR.mode = currentMode;

  CR.onPage(function () {
    tagLanguages();
    modeSwitch();
    scriptSwitch();
  });
})();
