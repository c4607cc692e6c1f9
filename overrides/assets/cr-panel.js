/* A rule's panel, opened by tapping or clicking its number (cr-pop.js calls CR.toggleRulePanel): the
 * rule's permanent address to copy or share, and its history. A section's number (702.) and a
 * glossary entry's names open one too, with their addresses. On a phone it is a sheet at the
 * bottom of the screen, over the page, the tapped rule in view above it; on a wider screen it
 * opens directly under the number and is brought fully on screen. One panel at a time; it closes
 * with its × button, Escape, a tap outside it, or Back (cr-back.js: Back closes it and leaves the
 * reader where they were). */
(function () {
  "use strict";
  var CR = window.CR;
  var open = null;  /* { heading, panel } */

  var SHEET = "screen and (max-width: 44.9375em)";  /* a phone: the theme's own breakpoint for its drawer */

  function element(tag, attrs, text) { return CR.element(tag, attrs, text); }
  function numberLink(heading) { return heading.querySelector("a"); }
  function numberOf(heading) { return numberLink(heading).textContent.trim().replace(/\.$/, ""); }  /* a section's 702. is 702 */

  CR.toggleRulePanel = function (heading) {
    if (open && open.heading === heading) { close({ back: true }); return; }
    if (open) { close({ back: false }); }  /* the new panel takes over the old one's history entry */
    var built = build(heading), panel = built.panel, sheet = matchMedia(SHEET).matches;
    if (sheet) {  /* outside the rules' blocks, whose containment would hold a fixed box */
      panel.classList.add("md-typeset", "cr-panel--sheet");
      document.body.appendChild(panel);
    } else {
      heading.parentNode.insertBefore(panel, heading.nextSibling);
    }
    open = { heading: heading, panel: panel };
    CR.holdBack(closedByBack);
    var link = numberLink(heading);
    if (link) { link.setAttribute("aria-expanded", "true"); }
    if (sheet) {  /* a rule the sheet would cover goes to the top, under the header, its text below it in view */
      var info = CR.pageInfo();
      /* as tall as it grows when the rule's history comes (addHistory), not as it opens */
      var tallest = info && info.dataset.history && isRule(heading) ? Math.max(panel.offsetHeight, parseFloat(getComputedStyle(panel).maxHeight) || 0) : panel.offsetHeight;
      if (heading.getBoundingClientRect().bottom + 8 > innerHeight - tallest) { toTop(heading); }
    } else {
      panel.scrollIntoView({ block: "nearest" });
    }
    addHistory(heading, panel, built.copy);
  };

  /* the heading at the top of the screen, under the header */
  function toTop(heading) {
    var header = document.querySelector(".md-header");
    window.scrollBy(0, heading.getBoundingClientRect().top - (header ? header.getBoundingClientRect().bottom : 0) - 8);
  }

  /* options.back: also take back the panel's history entry (false: a new panel takes it over, or
   * the reader follows a link, and the navigation leaves it behind: cr-back.js); options.refocus:
   * the keyboard goes back to the number */
  function close(options) {
    if (!open) { return; }
    var was = open;
    open = null;
    was.panel.remove();
    var link = numberLink(was.heading), refocus = options.refocus && link;
    if (link) { link.setAttribute("aria-expanded", "false"); }
    if (refocus) { link.focus({ preventScroll: true }); }
    if (options.back) {  /* the browser's traversal takes the focus away: it goes back to the number */
      CR.releaseBack(closedByBack, refocus ? function () { link.focus({ preventScroll: true }); } : null);
    }
  }

  function closedByBack() { close({ back: false }); }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !open) { return; }
    var pop = document.getElementById("cr-pop");
    if (pop && !pop.hidden) { return; }  /* Escape closes the preview over the panel first */
    close({ back: true, refocus: true });
  }, true);

  /* A tap outside the panel closes it; a tap on a link outside it still follows the link (and
   * leaves the panel's history entry, which is harmless, rather than racing the navigation). */
  document.addEventListener("click", function (event) {
    if (!open || open.panel.contains(event.target)) { return; }
    if (CR.panelHeading(event.target)) { return; }  /* CR.toggleRulePanel */
    var pop = document.getElementById("cr-pop");
    if (pop && pop.contains(event.target)) { return; }
    close({ back: !(event.target.closest && event.target.closest("a[href]")) });
  });

  /* The heading whose panel a tap on `target` opens: a rule's or a section's (its number), or a
   * glossary entry's (its names); cr-pop.js's clicks open it. */
  CR.panelHeading = function (target) { return target.closest ? target.closest(".rules > h3[id], .g > h3[id], h2.cr-section") : null; };
  function isRule(heading) { return heading.tagName === "H3" && /^cr\d/.test(heading.id); }
  function isSection(heading) { return heading.tagName === "H2"; }
  /* [Chinese, English, English as a label begins] */
  function kindOf(heading) {
    return isRule(heading) ? ["规则 ", "rule ", "Rule "] : isSection(heading) ? ["节 ", "section ", "Section "] : ["术语 ", "term ", "Term "];
  }

  function build(heading) {
    var number = numberOf(heading), kind = kindOf(heading);
    var panel = element("div", { "class": "cr-panel", role: "region", "aria-label": kind[0] + kind[2] + number });
    var shut = panel.appendChild(element("button", { type: "button", "class": "cr-panel__close",
                                                     "aria-label": "关闭 Close" }, "×"));
    shut.addEventListener("click", function () { close({ back: true, refocus: true }); });
    var address = permanentAddress(heading), cited = location.protocol === "file:";  /* the offline bundle: a citation */
    var row = panel.appendChild(element("p", { "class": "cr-copy" }));
    var field = row.appendChild(element("input", { type: "text", readonly: "", value: address, "aria-label": cited ?
      kind[0] + number + " 的引用 Citation of " + kind[1] + number : kind[0] + number + " 的永久链接 Permanent link to " + kind[1] + number }));
    var said = element("span", { "class": "cr-copy__said", role: "status" });
    function copy(text) {  /* the field shows what is copied (and is what the browser copies without a clipboard) */
      field.value = text;
      copyText(text, field, function (done) {
        said.textContent = "";
        said.appendChild(done ? CR.say("已复制", "Copied") : CR.say("请手动复制", "Select and copy"));
      });
    }
    field.addEventListener("focus", function () { field.select(); });
    row.appendChild(element("button", { type: "button", "class": "cr-copy__copy" }, cited ? CR.say("复制引用", "Copy citation") : CR.say("复制链接", "Copy link")))
      .addEventListener("click", function () { copy(address); });
    if (navigator.share) {  /* the system's share sheet (phones, some desktops) */
      row.appendChild(element("button", { type: "button", "class": "cr-copy__share" }, CR.say("分享", "Share")))
        .addEventListener("click", function () {
          navigator.share(shareData(heading, number, sharedAddress(heading, number) || address)).catch(function (error) {
            if (!error || error.name !== "AbortError") { copy(address); }  /* the reader's own cancel is not a failure */
          });
        });
    }
    if (!isSection(heading)) {  /* the rule's words with its citation and address, to quote in a chat or a forum */
      row.appendChild(element("button", { type: "button", "class": "cr-copy__quote" }, CR.say("复制条文", "Copy text")))
        .addEventListener("click", function () { copy(quoteText(heading, number, address, cited)); });
    }
    row.appendChild(said);
    /* an example's own address: the rule's with its example's part (go/#2024-02-02:702.19c-ex1,
       which finds it after a renumbering as the rule's does; an older page's anchor, cr702-19c-ex1) */
    var examples = cited || !isRule(heading) ? [] : exampleIds(heading);
    if (examples.length) {
      var line = panel.appendChild(element("p", { "class": "cr-copy-examples" }, CR.say("复制例子的链接", "Copy an example's link:", " ")));
      examples.forEach(function (id, i) {
        line.appendChild(element("button", { type: "button", "aria-label": "复制例 " + (i + 1) + " 的链接 Copy example " + (i + 1) +
          "'s link" }, "例 " + (i + 1))).addEventListener("click", function () { copy(address + id.slice(heading.id.length)); });
      });
    }
    return { panel: panel, copy: copy };  /* the history's own address is copied the same way (addHistory) */
  }

  function exampleIds(heading) {
    var ids = [];
    for (var cell = heading.nextElementSibling; cell && cell.tagName !== "H3"; cell = cell.nextElementSibling) {
      if (cell.classList.contains("ex") && cell.id) { ids.push(cell.id); }
    }
    return ids;
  }

  /* What a chat shows of a shared rule (many show the text and the address, not the title): its
   * number and edition, the section it is in, the start of its text in the language the reader
   * reads (中文 mode: the Chinese). */
  function shareData(heading, number, address) {
    /* a rule's section; a glossary entry's heading is its letter, nothing to say */
    var own = isSection(heading), section = isRule(heading) ? sectionTitle(heading) : "", page = CR.pageInfo(), edition = page && page.dataset.edition;
    /* the Chinese in 中文 mode, and in both languages on a phone set to Chinese (a judge's review:
       a zh-CN phone sent the English) */
    var mode = CR.mode ? CR.mode() : "both", zh = mode === "zh" || (mode === "both" && /^zh/i.test(navigator.language || ""));
    var text = own ? heading.textContent.trim() :
      (zh ? parts(heading, "zh")[0] || parts(heading, "en")[0] : parts(heading, "en")[0] || parts(heading, "zh")[0]) || "";
    var chinese = /[\u3400-\u9fff]/.test(text.slice(0, 20)), most = chinese ? 70 : 140;  /* a Chinese character is two wide */
    if (text.length > most) { text = (chinese ? text.slice(0, most - 1) : text.slice(0, most - 1).replace(/\s+\S*$/, "")) + "…"; }
    var cited = number + (edition ? " (" + edition + ")" : "");
    /* Chinese made for older English says so, as on the page: a chat reads the share as today's rule */
    var stale = chinese && !own ? staleMark(heading) : "";
    var site = CR.wantedScript && CR.wantedScript() === "hant" ? "萬智牌完整規則" : "万智牌完整规则";  /* the reader's script */
    return { title: site + " Comprehensive Rules " + cited,
             text: cited + (stale ? "（" + stale + "）" : "") + (section ? " · " + section : "") + "\n" + text, url: address };
  }

  /* "CR 702.19c (2024-02-02)", the text in each language the page shows (a Chinese made for older
   * English labelled), then the permanent address; from file://, the citation is the address. */
  function quoteText(heading, number, address, cited) {
    var page = CR.pageInfo(), edition = page && page.dataset.edition, mode = CR.mode ? CR.mode() : "both";
    var lines = [cited ? address : (isRule(heading) ? "CR " : "") + number + (edition ? " (" + edition + ")" : "")];
    (mode === "both" ? ["en", "zh"] : [mode]).forEach(function (lang) {
      var text = parts(heading, lang)[0], stale = lang === "zh" && isRule(heading) ? staleMark(heading) : "";
      if (text) { lines.push(text + (stale ? "（" + stale + "）" : "")); }
    });
    if (!cited) { lines.push(address); }
    return lines.join("\n");
  }

  /* The label of a rule's Chinese made for other English ("英文已改 English changed · 译自 2023-11-17"), or "". */
  function staleMark(heading) {
    for (var next = heading.nextElementSibling; next && next.tagName !== "H3"; next = next.nextElementSibling) {
      var mark = next.lang && next.lang.indexOf("zh") === 0 && !next.classList.contains("ex") && next.querySelector(".stale");
      if (mark) { return mark.textContent.trim(); }
    }
    return "";
  }

  function sectionTitle(heading) {
    var headings = document.querySelectorAll(".md-content h2"), title = "";
    for (var i = 0; i < headings.length; i++) {
      if (headings[i].compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING) { title = headings[i].textContent.trim(); }
    }
    return title;
  }

  /* A rule of the current edition shared in a chat: its own page (r/2024-02-02/702.19c.html,
   * share_pages.py), whose title and text a chat's preview shows, and which goes on to the go page;
   * null elsewhere (the permanent address is then shared). */
  function sharedAddress(heading, number) {
    var page = currentPage();
    if (!isRule(heading) || !page || location.protocol === "file:") { return null; }
    return new URL(CR.root() + "r/" + page.dataset.edition + "/" + number + ".html", location.href).href;
  }

  /* The page's information where it is a page of the current edition, whose numbers the go page
   * resolves; null on an older edition's page or a page of no edition. */
  function currentPage() {
    var page = CR.pageInfo();
    return page && !page.dataset.older && page.dataset.go && page.dataset.edition ? page : null;
  }

  /* The address that keeps finding this rule: a rule of the current edition through the go page
   * with its edition (go/#2023-11-17:702.19c follows the rule when a later edition renumbers it);
   * a rule of an older edition at its page, which never changes. */
  function permanentAddress(heading) {
    var page = CR.pageInfo(), here = location.href.replace(/#.*$/, "");
    if (location.protocol === "file:") {  /* the offline bundle: a path on this machine is no link to send */
      var name = numberOf(heading);
      return "CR " + (isRule(heading) || isSection(heading) ? name : "词汇表 Glossary: " + name) + (page && page.dataset.edition ? " (" + page.dataset.edition + ")" : "");
    }
    page = currentPage();
    if (!page || !(isRule(heading) || isSection(heading))) { return here + "#" + heading.id; }
    return new URL(page.dataset.go, here).href.replace(/#.*$/, "") + "#" + page.dataset.edition + ":" + numberOf(heading);
  }

  /* The clipboard where the browser offers it (a secure page); else the selected field and the
   * browser's copy command; `done(false)` leaves the address selected to copy by hand. */
  function copyText(text, field, done) {
    function byCommand() {
      field.focus();
      field.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) {}
      done(copied);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, byCommand);
    } else {
      byCommand();
    }
  }

  /* ---- the history: each version's rule text and examples apart, what changed word by word ---- */
  var CHANGES = { edited: "改写 edited（下一版的改动逐词标出 what changed next, word by word）", moved: "改号 renumbered",
                  "moved-edited": "改号并改写 renumbered and edited", references: "引用编号更新 cited numbers updated" };
  var EXAMPLE = { en: "Example:", zh: "例如：" };

  function addHistory(heading, panel, copy) {
    var info = CR.pageInfo();
    if (info && info.dataset.followed && isRule(heading) && location.protocol !== "file:") {
      /* an older edition's rule: its history is that of the rule it became, read on today's page
         (the go page follows it there, or says it was removed) */
      var link = element("a", { href: info.dataset.go + "#" + info.dataset.edition + ":" + heading.textContent.trim() +
        HISTORY_SUFFIX }, "在现行规则中的历史 Its history, in today's rules");
      panel.appendChild(element("p", { "class": "cr-history-elsewhere" })).appendChild(link);
      return;
    }
    if (!info || !info.dataset.history || !isRule(heading)) { return; }
    var edition = info.dataset.edition, chapter = info.dataset.chapter, key = edition + "/" + chapter;
    var number = heading.textContent.trim();
    CR.loadScript("history:" + key, CR.root() + "assets/data/" + edition + "/" + chapter + ".history.js", function () {
      if (!open || open.panel !== panel) { return; }
      if (!CR.histories[key]) {  /* not stored yet, and no connection */
        panel.appendChild(element("p", { "class": "cr-history-offline" },
          "规则历史需要网络，打开一次后离线也能看。The history needs a connection; once opened, it is stored."));
        return;
      }
      var versions = CR.histories[key][number];
      if (versions) { panel.appendChild(historyList(heading, number, versions, copy)); }
    });
  }

  /* versions: [number, since, until, change, English parts, Chinese parts, its edition, added in],
   * newest first; the newest version's text is the rule on the page. Parts: the text, then examples. */
  function historyList(heading, number, versions, copy) {
    var part = element("div", { "class": "cr-history" });
    var title = part.appendChild(element("p", { "class": "cr-history-title" }, CR.say("历史", "History", " · " + number)));
    if (location.protocol !== "file:") {  /* the history's own address (HISTORY_SUFFIX, below): the panel's and -history */
      title.appendChild(element("button", { type: "button", "class": "cr-history-copy" }, CR.say("复制历史链接", "Copy history link")))
        .addEventListener("click", function () { copy(permanentAddress(heading) + HISTORY_SUFFIX); });
    }
    var list = element("ol", {}), chineseFirst = CR.mode && CR.mode() === "zh";
    versions.forEach(function (v, i) {
      var item = element("li", {});
      var span = v[1] === v[2] ? v[1] : v[1] + " – " + v[2];
      item.appendChild(element("b", {}, span + " · " + v[0]));
      if (v[3]) { item.appendChild(element("span", { "class": "cr-history-change" }, " " + CHANGES[v[3]])); }
      var english = i ? v[4] || [""] : parts(heading, "en");
      var newer = i > 1 ? versions[i - 1][4] || [""] : i === 1 ? parts(heading, "en") : null;
      var en = item.appendChild(partsBlock(english, newer, "en"));
      var chinese = i ? v[5] : (v[6] ? parts(heading, "zh") : null);
      if (chinese) {
        var zh = partsBlock(chinese, null, CR.zhTag(CR.nativeScript()));
        if (v[6] && v[6] !== v[2]) { zh.appendChild(element("span", { "class": "cr-history-zh" }, " (译自 " + v[6] + ")")); }
        item.insertBefore(zh, chineseFirst ? en : null);  /* 中文 mode: the Chinese first, as on the page */
      }
      list.appendChild(item);
    });
    part.appendChild(list);
    var oldest = versions[versions.length - 1];
    part.appendChild(element("p", { "class": "cr-history-first" },
      /* new since the build's edition before, first here in the next: editions between may be missing
         from the build (a historian's review read "First in 2023-11-17" of rules 2023-10-13 had) */
      /* or in the build's oldest edition already, which says nothing of editions before it (an L2
         candidate's review read "早于 2023-04-14 版已有", earlier than, of rules new in it) */
      oldest[7] ? CR.say(oldest[8] + " 版之后新增，本站首见于 " + oldest[7] + " 版", "New since " + oldest[8] + "; first here in " + oldest[7]) :
        CR.say("本站最早的 " + oldest[1] + " 版已有", "Already in " + oldest[1] + ", the oldest edition here")));
    return part;
  }

  /* A version's text and each example in a block of its own, examples labelled; against `newer`
   * (the next version's parts), each part shows what it became, the text against the text and
   * each example against the example in its place. */
  function partsBlock(texts, newer, lang) {
    var block = element("div", { lang: lang, "class": "cr-history-text" });
    var label = EXAMPLE[lang.slice(0, 2)];
    var count = newer ? Math.max(texts.length, newer.length) : texts.length;
    for (var k = 0; k < count; k++) {
      var older = texts[k] || "";
      var shown = newer ? wordDiff(older, newer[k] || "") : element("div", {}, older);
      if (k) {
        shown.classList.add("cr-history-example");
        shown.insertBefore(element("i", { "class": "cr-history-example__label" }, label + (lang === "en" ? " " : "")), shown.firstChild);
      }
      block.appendChild(shown);
    }
    return block;
  }

  /* A rule's text on the page in one language, then its examples, as plain text (a glossary
   * entry's: its definition). */
  function parts(heading, lang) {
    var text = "", examples = [], cells = [];
    for (var next = heading.nextElementSibling; next && next.tagName !== "H3"; next = next.nextElementSibling) {
      cells = cells.concat(next.classList.contains("tx") ? [].slice.call(next.children) : [next]);  /* a glossary entry's */
    }
    cells.forEach(function (cell) {
      if (cell.lang && cell.lang.indexOf(lang) === 0 && !cell.classList.contains("missing")) {
        var copy = cell.cloneNode(true);
        copy.querySelectorAll("button, .cr-since, .stale").forEach(function (e) { e.remove(); });
        if (cell.classList.contains("ex")) {
          var label = copy.querySelector("i");
          if (label && label === copy.firstElementChild) { label.remove(); }
          examples.push(copy.textContent.trim());
        } else {
          text = copy.textContent.trim();
        }
      }
    });
    return [text].concat(examples);
  }

  /* What an older text became, word by word: removed words in <del>, added ones in <ins>, the old
   * before the new where words were replaced (the longest common subsequence of the two word
   * lists; rule texts are short). */
  function wordDiff(older, newer) {
    var a = older.match(/\s+|[A-Za-z0-9’']+|[\s\S]/g) || [], b = newer.match(/\s+|[A-Za-z0-9’']+|[\s\S]/g) || [];
    var n = a.length, m = b.length, table = [], i, j;
    for (i = 0; i <= n; i++) { table.push(new Uint16Array(m + 1)); }
    for (i = n - 1; i >= 0; i--) {
      for (j = m - 1; j >= 0; j--) {
        table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    var out = element("div", {}), run = null;
    function add(kind, text) {
      if (!run || run.kind !== kind) {
        run = { kind: kind, node: kind ? element(kind, {}) : document.createTextNode("") };
        out.appendChild(run.node);
      }
      run.node.textContent += text;
    }
    for (i = 0, j = 0; i < n || j < m;) {
      if (i < n && j < m && a[i] === b[j]) { add("", a[i]); i++; j++; }
      else if (i < n && (j >= m || table[i + 1][j] >= table[i][j + 1])) { add("del", a[i]); i++; }
      else { add("ins", b[j]); j++; }
    }
    return out;
  }

  /* A stale translation's mark shows the English change since the edition it translates; so does a
   * tap on a sentence marked stale (mark.cr-stale-s), anywhere but on a link in it. */
  document.addEventListener("click", function (event) {
    if (!event.target.closest) { return; }
    var mark = event.target.closest("button.stale"), sentence = event.target.closest("mark.cr-stale-s");
    if (!mark && sentence && !event.target.closest("a")) { mark = sentence.parentElement.querySelector("button.stale"); }
    if (!mark) { return; }
    var change = mark.nextElementSibling;
    if (!change || !change.classList.contains("cr-since")) { return; }
    change.hidden = !change.hidden;
    mark.setAttribute("aria-expanded", String(!change.hidden));
  });

  /* ---- a history's own address: the rule's and -history (cr/7/#cr702-19c-history, or through the
   * go page, go/#2023-11-17:702.19c-history): the page at its rule, the rule's panel open on it ---- */
  var HISTORY_SUFFIX = "-history";
  function openHistoryOfAddress() {
    var hash = "";
    try { hash = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    if (hash.slice(-HISTORY_SUFFIX.length) !== HISTORY_SUFFIX || document.getElementById(hash)) { return; }
    var n = CR.parseAddress(hash.slice(0, -HISTORY_SUFFIX.length)), heading = n && document.getElementById(CR.anchorOf(n));
    if (!heading || !heading.matches(".rules > h3")) {
      var page = CR.pageInfo();  /* a rule of another chapter, or one this edition renumbered */
      if (n && page && page.dataset.go && !page.dataset.older) { location.replace(page.dataset.go + "#" + CR.numberOf(n) + HISTORY_SUFFIX); }
      return;
    }
    /* the rule's own address in place of this one, not a change of address: the theme's instant
       navigation would draw the page anew after one, and the panel with it (cr-place.js puts the
       rule under the header once the page has loaded) */
    history.replaceState(history.state, "", "#" + heading.id);
    toTop(heading);
    if (!open || open.heading !== heading) { CR.toggleRulePanel(heading); }
  }
  window.addEventListener("hashchange", openHistoryOfAddress);

  /* a page shown by instant navigation has no panel open; each rule's number says it opens one (said
     here, where the panel is: in the pages, 1,287 times in chapter 7, it was 26 kB of its HTML) */
  CR.onPage(function () {
    open = null;
    sectionNumbers();
    document.querySelectorAll(".rules > h3 > a, h2.cr-section > a").forEach(function (a) { a.setAttribute("aria-expanded", "false"); });
    openHistoryOfAddress();
  });

  /* A section's heading (<h2 id=cr702>702. Keyword Abilities) gets its number as a rule's has it, a
     link to itself that opens its panel: the section's address to copy or share. */
  function sectionNumbers() {
    document.querySelectorAll(".md-content h2[id]").forEach(function (heading) {
      var first = heading.firstChild, at = /^\d+\./.exec(first && first.nodeType === 3 ? first.nodeValue : "");
      if (!at || !/^cr\d+$/.test(heading.id) || heading.id !== "cr" + at[0].slice(0, -1)) { return; }
      first.nodeValue = first.nodeValue.slice(at[0].length);
      heading.insertBefore(element("a", { href: "#" + heading.id }, at[0]), first);
      heading.classList.add("cr-section");
    });
  }
})();
