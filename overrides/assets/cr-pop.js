/* The pop-up: a rule's preview (from the chapter's data script) or a term's definition (from
 * terms.js), and the page's pointer, touch and key handling that opens and closes it. */
(function () {
  "use strict";
  var CR = window.CR;

  /* ---- the pop-up: a rule's preview or a term's definition ---------------------------------------
   * One box for the page, placed above or below its link, whichever has room, never off screen. It
   * closes with its close button, Escape, a tap or click elsewhere, or when its link scrolls away;
   * the keyboard goes into it with ArrowDown from its link (Tab goes on through the text: a term
   * or a reference is one stop, not three) and back out. On touch, the first tap on a
   * rule link previews it, with a "go to rule" action; a second tap follows the link. What a tap
   * opened, Back closes (cr-back.js). */
  var pop = null, popBody = null, showing = null, hideTimer = null, showTimer = null, touchOpened = null, quiet = false;

  function popover() {
    if (!pop) {
      pop = CR.element("div", { "class": "cr-pop md-typeset", id: "cr-pop", role: "dialog", "aria-label": "预览 Preview" });
      pop.hidden = true;
      /* what the link's description reads (aria-describedby): the text, not the dialog's name */
      popBody = pop.appendChild(CR.element("div", { "class": "cr-pop__body", id: "cr-pop-body" }));
      var close = pop.appendChild(CR.element("button", { type: "button", "class": "cr-pop__close", "aria-label": "关闭 Close" }, "×"));
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

  /* A rule's heading on this page (sections have none: their preview comes from the data). */
  function ruleOnPage(n) {
    var here = document.getElementById(CR.anchorOf(n));
    return here && here.tagName === "H3" && here.parentNode.classList.contains("rules") ? here : null;
  }

  /* The rule's text cells, the paragraphs after its heading that are not examples. */
  function ruleCells(heading) {
    var cells = [], cell = heading.nextElementSibling;
    while (cell && cell.tagName === "P" && !cell.classList.contains("ex")) { cells.push(cell); cell = cell.nextElementSibling; }
    return cells;
  }

  /* A rule's text cells for a preview: from this page, or from the data of `edition`'s chapter
   * (`elsewhere`: a rule of another edition, which the same number on this page is not). */
  function ruleHtml(number, edition, elsewhere) {
    var n = CR.parseAddress(number);
    var heading = n && !elsewhere && ruleOnPage(n);
    if (heading) {
      var cells = ruleCells(heading);
      var missing = cells.filter(function (c) { return c.classList.contains("missing"); })
        .map(function (c) { return " no-" + c.lang.slice(0, 2); }).join("");
      return '<div class="tx' + missing + '">' + cells.map(function (c) {
        return '<div lang="' + c.lang + '"' + (c.classList.contains("missing") ? ' class="missing"' : "") + ">" +
          c.innerHTML + "</div>";
      }).join("") + "</div>";
    }
    var data = n && edition && CR.data[edition + "/" + CR.chapterOf(n)];
    var texts = data && data[number];
    if (!texts) { return null; }
    var langs = ["en", CR.zhTag(CR.nativeScript())], cells = "";
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
    var page = CR.pageInfo();
    /* a link to another edition's rule (today's from an older edition's keyword, and back) names it */
    var edition = link.dataset.edition || (page && page.dataset.edition);
    var elsewhere = Boolean(page && link.dataset.edition && link.dataset.edition !== page.dataset.edition);
    var chapters = {};
    numbers.forEach(function (number) {
      var n = CR.parseAddress(number);
      if (n && (elsewhere || !ruleOnPage(n))) { chapters[CR.chapterOf(n)] = true; }
    });
    var pending = Object.keys(chapters);
    function render() {
      if (showing !== link) { return; }
      var base = link.getAttribute("href").replace(/#.*$/, "");
      var parts = numbers.map(function (number) {
        var body = ruleHtml(number, edition, elsewhere);
        return body && '<div class="cr-pop-rule"><a class="cr-pop-n" href="' + base + "#" + CR.anchorOf(CR.parseAddress(number)) +
          '">' + number + (elsewhere && /^[\d-]+$/.test(edition) ? " (" + edition + ")" : "") + "</a>" + body + "</div>";
      }).filter(Boolean);
      popover().setAttribute("aria-label", "规则 Rule " + numbers.join(", "));
      popBody.innerHTML = parts.length ? parts.join("") : "<p>" + numbers.join(", ") + "</p>";
      var go = CR.element("a", { href: link.getAttribute("href"), "class": "cr-pop__go" }, CR.say("前往规则", "Go to rule", " " + refOf(link) + " →"));
      popBody.appendChild(CR.element("p")).appendChild(go);
      place(pop, link);
    }
    showing = link;
    if (!pending.length || !page) { render(); return; }
    pending = pending.filter(function (chapter) { return !CR.data[edition + "/" + chapter]; });
    if (!pending.length) { render(); return; }
    /* another chapter's rules still to come (0.3 to 0.55 s on a slow phone): said at once */
    waiting("规则 Rule " + numbers.join(", "), numbers.join(", ") + " · 规则载入中… Loading the rule…", link);
    var left = pending.length;
    pending.forEach(function (chapter) {
      CR.loadChapter(edition, chapter, function () { left -= 1; if (!left) { render(); } });
    });
  }

  /* ---- term tooltips --------------------------------------------------------------------- */
  /* A term mark is <u>: on a page without an id (the term is found by the marked text), in the
   * chapter data (previews, the other script's cells) as <u t=ID>. */
  function termOf(target) {
    var mark = target && target.closest ? target.closest("u") : null;
    return mark && mark.closest(".rules, .tx, .cr-note") ? mark : null;  /* rules, glossary, previews, the primer */
  }

  function termId(mark) {
    var text = mark.textContent.replace(/[A-Z]+/g, function (s) { return s.toLowerCase(); });
    return mark.getAttribute("t") || CR.termForms[text];
  }

  function loadTerms(done) {
    CR.loadScript("terms", CR.root() + "assets/data/terms.js", function () {
      CR.termData = CR.termData || {};
      CR.termForms = CR.termForms || {};
      done();
    });
  }

  /* A definition's cited rule numbers (those the edition has) as links to their rules, as the
   * glossary page has them: "See rules 120.4a, 120.6" is two taps from the rule otherwise. */
  function withLinks(box, numbers) {
    if (!numbers || !numbers.length || !CR.termChapters) { return box; }
    var longestFirst = numbers.slice().sort(function (a, b) { return b.length - a.length; });  /* 120.4a before 120.4 */
    var text = box.textContent, at = 0, found = new RegExp("(^|[^\\d.])(" + longestFirst.map(function (n) {
      return n.replace(/\./g, "\\.");
    }).join("|") + ")(?![\\da-z])", "g"), match;
    box.textContent = "";
    while ((match = found.exec(text))) {
      var start = match.index + match[1].length, n = CR.parseAddress(match[2]);
      box.appendChild(document.createTextNode(text.slice(at, start)));
      box.appendChild(CR.element("a", { href: CR.root() + CR.termChapters[CR.chapterOf(n)] + "#" + CR.anchorOf(n) }, match[2]));
      at = start + match[2].length;
    }
    box.appendChild(document.createTextNode(text.slice(at)));
    return box;
  }

  function termTip(mark) {
    /* a term in the pop-up's own text: the definition takes the pop-up's place and its link's, and
       the focus, which was on the term the new content replaces, goes into it */
    var within = pop && pop.contains(mark), anchor = within && showing ? showing : mark;
    var focused = within && mark === document.activeElement;
    showing = mark;
    if (!CR.termData && !within) {  /* the glossary still to come (a first term, a slow phone: 0.85 s): said at once */
      waiting("术语 Term " + mark.textContent, mark.textContent + " · 释义载入中… Loading the definition…", anchor);
    }
    loadTerms(function () {
      if (showing !== mark) { return; }
      showing = anchor;
      var term = CR.termData[termId(mark)];
      popover().setAttribute("aria-label", "术语 Term " + mark.textContent);
      popBody.textContent = "";
      if (!term) { popBody.appendChild(CR.element("p", {}, mark.textContent)); } else {
        var names = CR.element("p", { "class": "cr-term-names" });
        if (term[0]) { names.appendChild(CR.element("b", { lang: "en" }, term[0])); }
        var hant = CR.wantedScript() === "hant", zh = CR.zhTag(CR.wantedScript());
        /* the Traditional, converted at build time phrase by phrase, is not converted again (制 is a
           character of both scripts: 強制 became 強製, a Traditional reader's review) */
        function built(text) { return hant && text ? { "data-cr-converted": "" } : {}; }
        if (term[1]) { names.appendChild(CR.element("b", Object.assign({ lang: zh }, built(term[5])), hant ? term[5] : term[1])); }
        popBody.appendChild(names);
        var texts = CR.element("div", { "class": "tx" + (term[2] ? "" : " no-en") + (term[3] ? "" : " no-zh") });
        texts.appendChild(withLinks(CR.element("div", term[2] ? { lang: "en" } : { lang: "en", "class": "missing" },
          term[2] || "No English definition."), term[7]));
        texts.appendChild(withLinks(CR.element("div", Object.assign(term[3] ? { lang: zh } : { lang: zh, "class": "missing" }, built(term[6])),
          (hant ? term[6] : term[3]) || "暂无中文释义。"), term[7]));
        popBody.appendChild(texts);
        var other = term[9] && CR.termData[term[9]];
        if (other) { popBody.appendChild(swapped(other, zh)); } else if (term[8]) { popBody.appendChild(citedApart(term[8][0], term[8][1], zh, term[7])); }
        var page = CR.pageInfo();
        if (page && page.dataset.older) {  /* an older edition's page: the glossary is today's, not that edition's */
          var today = popBody.appendChild(CR.element("p", { "class": "cr-term-today" }));
          today.appendChild(CR.element("span", { lang: zh }, "现行版词汇表的释义，所引规则为现行版的编号。"));
          today.appendChild(CR.element("span", { lang: "en" }, " Today's glossary: the rules it cites are numbered as today's."));
        }
        var more = CR.element("a", { href: CR.root() + term[4], "class": "cr-term-more cr-pop__go" }, CR.say("词汇表", "Glossary", " →"));
        popBody.appendChild(CR.element("p")).appendChild(more);
      }
      place(pop, anchor);
      if (focused) { (popBody.querySelector("a[href]") || pop.querySelector("button")).focus({ preventScroll: true }); }
    });
  }

  /* A definition whose Chinese cites other rules than its English (Provoke's and Prowess's swapped):
   * both, as the glossary page says under the entry (render.py, cited_apart_line); hidden in English
   * only (cr.css) */
  function citedApart(english, chinese, zh, cited) {
    var line = CR.element("div", { "class": "cites" });
    line.appendChild(withLinks(CR.element("span", { lang: zh }, "中文引用 " + chinese.join("、") + "，英文引用 " + english.join("、") + "。"), cited));
    line.appendChild(document.createTextNode(" "));
    line.appendChild(withLinks(CR.element("span", { lang: "en" }, "The Chinese cites " + (chinese.length > 1 ? "rules " : "rule ") +
      chinese.join(", ") + " where the English cites " + (english.length > 1 ? "rules " : "rule ") + english.join(", ") + "."), cited));
    return line;
  }

  /* A definition whose Chinese is another entry's (Provoke's and Prowess's written under each other's
   * names): whose, a link to it, as the glossary page says (pages/glossary.py, swapped_line) */
  function swapped(other, zh) {
    var line = CR.element("div", { "class": "cites swapped" }), link = function (name) {
      return CR.element("a", { href: CR.root() + other[4] }, name);
    };
    var chinese = line.appendChild(CR.element("span", { lang: zh }, "这里的中文释义是"));
    chinese.appendChild(link(other[1] || ""));
    chinese.appendChild(document.createTextNode("（" + (other[0] || "") + "）的：两个词条的中文释义写反了。"));
    line.appendChild(document.createTextNode(" "));
    var english = line.appendChild(CR.element("span", { lang: "en" }, "The Chinese definition here is that of "));
    english.appendChild(link(other[0] || ""));
    english.appendChild(document.createTextNode(" (" + (other[1] || "") + "): the two entries' Chinese definitions are swapped."));
    return line;
  }

  /* Below the link if the box fits there, else above if it fits there, else on the roomier side
   * with its height cut to the room (it scrolls); across, within the screen. */
  var placedBy = null;  /* what the pop-up was placed at last, outside it */
  function place(box, anchor) {
    /* a link inside the pop-up (a rule a definition cites) is gone with the content it replaced: the
       pop-up stays where it was (it went to the top of the screen, over the header's buttons) */
    if (!anchor.isConnected || box.contains(anchor)) { anchor = placedBy && placedBy.isConnected ? placedBy : anchor; } else { placedBy = anchor; }
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
    anchor.setAttribute("aria-describedby", popBody.id);
    anchor.setAttribute("aria-expanded", "true");
  }

  /* A pop-up a tap opened takes back its history entry (cr-back.js: Back closes it); `after` runs
   * once that is done. */
  function hide(after) {
    if (pop) { pop.hidden = true; }
    if (showing) { showing.removeAttribute("aria-describedby"); showing.setAttribute("aria-expanded", "false"); }
    showing = null;
    touchOpened = null;
    CR.releaseBack(hide, typeof after === "function" ? after : null);
  }

  /* Close at the reader's request; the keyboard goes back to the link that opened it. */
  function closePop(refocus) {
    var from = showing, inside = pop && pop.contains(document.activeElement);
    clearTimeout(showTimer);
    hide(function () {
      if (refocus && inside && from) { quiet = true; from.focus({ preventScroll: true }); quiet = false; }
    });
  }

  function scheduleHide() { clearTimeout(showTimer); clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); }

  /* A link to a rule: its anchor is #cr<number> (no class on it: chapter 7 has thousands); a rule's
   * own number (in its heading), or a glossary entry's names, open its panel, not a preview. */
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

  /* ArrowDown from the link into the open pop-up; Tab within it, and from its last control on to
   * what follows the link; Shift+Tab from its first back to the link. */
  function tabThroughPop(event) {
    if ((event.key !== "Tab" && event.key !== "ArrowDown") || !pop || pop.hidden || !showing) { return; }
    var stops = Array.prototype.filter.call(pop.querySelectorAll("a[href], button"), function (e) { return e.offsetParent; });
    var active = document.activeElement, inside = pop.contains(active);
    if (!stops.length || (!inside && active !== showing)) { return; }
    if (event.key === "ArrowDown") {
      if (!inside) { event.preventDefault(); stops[0].focus(); }
      return;
    }
    if (!inside) { return; }  /* Tab from the link: on through the text */
    if (event.shiftKey && active === stops[0]) { event.preventDefault(); showing.focus(); }
    else if (!event.shiftKey && active === stops[stops.length - 1]) {
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
    /* a tap focuses its link too: on touch, the focus moving on is not the reader leaving the link
       (a tap elsewhere, the close button, Escape or the link scrolling away close the pop-up) */
    document.addEventListener("focusout", function (event) {
      if (tipTarget(event.target) && lastPointer !== "touch" && !(pop && pop.contains(event.relatedTarget))) { scheduleHide(); }
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
      var heading = CR.panelHeading && CR.panelHeading(event.target);
      if (heading) {
        event.preventDefault();
        hide();
        history.replaceState(history.state, "", "#" + heading.id);  /* the reader chose this rule */
        if (CR.toggleRulePanel) { CR.toggleRulePanel(heading); }  /* cr-panel.js */
        return;
      }
      var mark = termOf(event.target);
      if (mark) { termTip(mark); if (lastPointer === "touch") { CR.holdBack(hide); } return; }
      var link = xrefOf(event.target);
      if (link && lastPointer === "touch" && touchOpened !== link) {  /* a first tap previews */
        event.preventDefault();
        preview(link);
        touchOpened = link;
        CR.holdBack(hide);
        return;
      }
      if (event.target.closest && event.target.closest("a[href]")) { CR.forgetBack(hide); }  /* followed: the entry stays behind */
      if (!link && pop && !pop.contains(event.target)) { hide(); }
    });
    /* a pop-up whose link has scrolled out of sight covers text for nothing */
    window.addEventListener("scroll", function () {
      if (!showing || !pop || pop.hidden) { return; }
      var rect = showing.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > document.documentElement.clientHeight) { hide(); }
    }, { passive: true });
  }

  /* Term marks are <u> (short: chapter 7 has thousands), and keyboard stops only near the focus:
   * when focus comes into a block of rules (or glossary entries), that block's marks and its
   * neighbours' become stops, so Tab reaches every mark in reading order without making thousands
   * of stops when the page loads. */
  function reachMarks(target) {
    var block = target && target.closest ? target.closest(".rules, .cr-glossary, .cr-note") : null;
    if (!block) { return; }
    [block.previousElementSibling, block, block.nextElementSibling].forEach(function (near) {
      if (!near || !near.matches(".rules, .cr-glossary, .cr-note") || near.dataset.crReach) { return; }
      near.dataset.crReach = "1";
      near.querySelectorAll("u").forEach(function (mark) {
        mark.tabIndex = 0;
        mark.setAttribute("role", "button");
        mark.setAttribute("aria-haspopup", "dialog");
      });
    });
  }


  /* Where the keyboard starts without a focus: the addressed rule or entry (Tab goes on from it),
   * and the first block (the skip link's content), their marks stops before any focus comes. */
  function reachStart() {
    var addressed = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    reachMarks(addressed);
    reachMarks(document.querySelector(".rules, .cr-glossary, .cr-note"));
  }
  window.addEventListener("hashchange", reachStart);

  /* The pop-up open at once, named, saying what it waits for: on a slow phone the data it shows
   * comes seconds after the tap. */
  function waiting(label, text, at) {
    popover().setAttribute("aria-label", label);
    popBody.textContent = "";
    popBody.appendChild(CR.element("p", { "class": "cr-pop-waiting" }, text));
    place(pop, at);
  }

  CR.hidePop = hide;

  /* A term tapped before this script came (main.html kept it): answered now. The glossary's terms,
   * where the app has stored them (a page its worker serves), are read once the page is idle, so
   * that the first term opens as fast as the next (a performance review: the first took 0.85 s on
   * a slow phone, the next 5 to 30 ms); on a first visit they still come with the first term. */
  function earlyTerms() {
    var tapped = CR.earlyTap;
    CR.earlyTap = null;
    if (tapped && tapped.isConnected) { termTip(tapped); }
    if (navigator.serviceWorker && navigator.serviceWorker.controller && !CR.termData) {
      (window.requestIdleCallback || setTimeout)(function () { loadTerms(function () {}); });
    }
  }

  CR.onPage(function () {
    hide();
    listen();
    reachStart();
    earlyTerms();
  });
})();
