/* The go page (go/#702.19c): a rule number in any form, of this edition or of an older one
 * (go/#2023-11-17:723.6, followed through the lineage), lands on its rule; a number the edition
 * lacks says so and offers its section, its neighbours and the search. The page for an address
 * the site lacks (overrides/404.html) sends one that is a rule number there. */
(function () {
  "use strict";
  var CR = window.CR;

  function goPage() {
    var box = document.getElementById("cr-go");
    if (!box || box.dataset.ready) { return; }
    box.dataset.ready = "1";
    var config = JSON.parse(box.dataset.go);
    var status = box.querySelector(".cr-go-status");
    /* what the page says, each language in its display mode's half (CR.say), then what it offers */
    function tell(zh, en) {
      status.textContent = "";
      status.appendChild(CR.say(zh, en, " "));
    }
    function resolve(text) {
      var cited = CR.readCitation(text);  /* 2023-11-17:723.6, or the offline bundle's CR 723.6 (2023-11-17) */
      /* an edition named by its official file's date (20240206 for the edition in effect on 2024-02-02) */
      if (cited && (config.aliases || {})[cited.date]) { cited.date = config.aliases[cited.date]; }
      if (cited && (config.apart || {})[cited.date]) { resolveApart(cited.date, cited.number); return; }
      if (cited && cited.date !== config.edition) { resolveOld(cited.date, cited.number); return; }
      if (cited) { text = cited.number; }
      var dated = !!cited;
      var chapterOnly = /^[#/?]*\s*(\d)\s*$/.exec(text || "");  /* "7": the chapter's page */
      if (chapterOnly && config.chapters[chapterOnly[1]]) { location.replace(config.chapters[chapterOnly[1]]); return; }
      var n = CR.readNumber(text);
      if (!n) { tell("不是规则编号：" + text, "Not a rule number: " + text); offerSearch(text); return; }
      var chapter = CR.chapterOf(n), url = config.chapters[chapter];
      if (url) {
        /* only to a rule the chapter has: a chapter sends an address it lacks here, so going
         * back there with it would bounce between the two for ever */
        CR.loadChapter(config.edition, chapter, function () {
          var rules = CR.data[config.edition + "/" + chapter] || {};
          if (rules[CR.numberOf(n)] !== undefined) {
            if (dated || renumbered) { arrive(url + "#" + CR.anchorOf(n)); } else { arriveUndated(url + "#" + CR.anchorOf(n), n); }
            return;
          }
          notInEdition(n, rules, url);
        });
        return;
      }
      tell("规则 " + CR.numberOf(n) + " 不在本站的 " + config.edition + " 版中。", "Rule " + CR.numberOf(n) + " is not on this site.");
      offerSearch(CR.numberOf(n));
      if (config.external) {
        var link = document.createElement("a");
        link.href = config.external.replace("{number}", CR.numberOf(n)).replace("{slug}", CR.anchorOf(n).slice(2))
          .replace("{compact}", CR.numberOf(n).replace(/\./g, ""));
        link.textContent = " → " + link.href;
        status.appendChild(link);
      }
    }
    /* A well-formed number the edition does not have: say so, and offer its section and the
     * rules around it. */
    function notInEdition(n, rules, url) {
      var asked = CR.ruleKey(CR.numberOf(n)), before = null, after = null;
      Object.keys(rules).forEach(function (number) {
        var k = CR.ruleKey(number);
        if (!k || k[0] !== asked[0] || !rules[number]) { return; }
        var less = CR.compareKeys(k, asked) < 0;
        if (less && (!before || CR.compareKeys(CR.ruleKey(before), k) < 0)) { before = number; }
        if (!less && (!after || CR.compareKeys(k, CR.ruleKey(after)) < 0)) { after = number; }
      });
      if (askedOf) {
        tell(askedOf + " 版和 " + config.edition + " 版都没有规则 " + CR.numberOf(n) + "。",
             "Neither the " + askedOf + " nor the " + config.edition + " edition has rule " + CR.numberOf(n) + ".");
      } else {
        tell("规则 " + CR.numberOf(n) + " 不在 " + config.edition + " 版中。",
             "Rule " + CR.numberOf(n) + " is not in the " + config.edition + " edition.");
      }
      [[n.section, "章节", "Section"], [before, "前一条", "Before"], [after, "后一条", "After"]].forEach(function (item) {
        if (!item[0] || !rules[item[0]] || (item[0] === n.section && !n.rule)) { return; }
        status.appendChild(CR.element("a", { href: url + "#" + CR.anchorOf(CR.parseAddress(item[0])) },
          CR.say(item[1], item[2], " " + item[0])));
        status.appendChild(document.createTextNode(" "));
      });
      offerSearch(CR.numberOf(n));
      offerOlder(CR.numberOf(n), (config.older || []).slice().sort().reverse());
    }
    /* A number the edition lacks may be an older edition's: the newest older edition that had
     * it says where that rule is now (a link, not a jump: a bare number names no edition). */
    function offerOlder(number, dates) {
      if (!dates.length) { return; }
      var date = dates[0];
      CR.loadScript("renumber:" + date, CR.root() + "assets/data/renumber/" + date + ".js", function () {
        var fate = (CR.renumbered[date] || {})[number];
        if (!fate || !fate.length) { offerOlder(number, dates.slice(1)); return; }
        var line = CR.element("p", { "class": "cr-go-older" }, fate[0] === null ?
          CR.say(date + " 版的规则 " + number + " 已于 " + fate[1] + " 版删除。", "Rule " + number + " of " + date + " was removed in " + fate[1] + ".") :
          CR.say(date + " 版的规则 " + number, "Rule " + number + " of " + date, " → "));
        if (fate[0] !== null) {
          var n = CR.parseAddress(fate[0]);
          line.appendChild(CR.element("a", { href: config.chapters[CR.chapterOf(n)] +
            "#" + CR.anchorOf(n) }, fate[0]));
        }
        status.insertBefore(line, status.firstChild);  /* first: the neighbours of today's number are other rules */
      });
    }
    /* An edition named by another date of its own (the file's, 20240206, for the edition in effect on
     * 2024-02-02; a release's day): the build's edition nearest to it, within a month, offered. */
    function offerNearEdition(date, number) {
      var day = Date.parse(date), editions = [config.edition].concat(config.older || []);
      var near = editions.filter(function (d) { return Math.abs(Date.parse(d) - day) <= 31 * 86400000; })
        .sort(function (a, b) { return Math.abs(Date.parse(a) - day) - Math.abs(Date.parse(b) - day); })[0];
      if (!near) { return; }
      /* a button, as the search's: followed here, not by a change of this page's address, which the
         theme's instant navigation would race */
      status.appendChild(CR.element("button", { type: "button" }, CR.say("本站最接近的版本：", "The nearest edition here:",
        " " + near + " · " + number))).addEventListener("click", function () { resolve(near + ":" + number); });
    }
    /* and the search, with the number already in its box */
    function offerSearch(text) {
      if (!CR.openSearch) { return; }
      var button = CR.element("button", { type: "button", "class": "cr-go-search" }, CR.say("搜索", "Search", " " + text));
      button.addEventListener("click", function () { CR.openSearch(text); });
      status.appendChild(button);
    }

    /* A number of an edition outside the lineage (an excerpt, a forum post): its chapter's page in
     * that edition (the lineage does not lead from it to today's rules); a chapter it lacks, said so. */
    function resolveApart(date, text) {
      var n = CR.readNumber(text), url = n && config.apart[date][CR.chapterOf(n)];
      if (!n) { tell("不是规则编号：" + text, "Not a rule number: " + text); return; }
      if (!url) {
        tell(date + " 版没有规则 " + CR.numberOf(n) + "。", "The " + date + " edition has no rule " + CR.numberOf(n) + ".");
        offerSearch(CR.numberOf(n));
        return;
      }
      arrive(url + "#" + CR.anchorOf(n));
    }

    /* A number of an older edition: where that rule is today, through the lineage. */
    function resolveOld(date, text) {
      var n = CR.readNumber(text);
      if (!n) { tell("不是规则编号：" + text, "Not a rule number: " + text); return; }
      if ((config.older || []).indexOf(date) < 0) {
        tell(date + " 版不在本站中。", "The edition " + date + " is not on this site.");
        offerNearEdition(date, CR.numberOf(n));
        return;
      }
      CR.loadScript("renumber:" + date, CR.root() + "assets/data/renumber/" + date + ".js", function () {
        if (!CR.loaded["renumber:" + date]) {  /* not stored, no connection: today's rule of that number may be another */
          tell("要找到 " + date + " 版规则 " + CR.numberOf(n) + " 现在的编号，需要网络连接。",
               "Finding where rule " + CR.numberOf(n) + " of " + date + " is now needs a connection.");
          offerSearch(CR.numberOf(n));
          return;
        }
        var fate = (CR.renumbered[date] || {})[CR.numberOf(n)];
        if (fate && !fate.length) {  /* a number that edition did not have: today's rule of it is another */
          var today = config.chapters[CR.chapterOf(n)];
          tell(date + " 版没有规则 " + CR.numberOf(n) + "。", "The " + date + " edition has no rule " + CR.numberOf(n) + ".");
          status.appendChild(CR.element("a", { href: today + "#" + CR.anchorOf(n) },
            CR.say("现行规则 " + CR.numberOf(n), "Today's rule " + CR.numberOf(n))));
          status.appendChild(document.createTextNode(" "));
          offerSearch(CR.numberOf(n));
          return;
        }
        if (fate && fate[0] === null) {
          tell(date + " 版的规则 " + CR.numberOf(n) + " 已于 " + fate[1] + " 版删除。",
               "Rule " + CR.numberOf(n) + " of " + date + " was removed in " + fate[1] + ".");
          var own = (config.pages || {})[date], page = own && own[CR.chapterOf(n)];
          if (page) {  /* the edition's own pages have it as it was */
            status.appendChild(CR.element("a", { href: page + "#" + CR.anchorOf(n) }, CR.say(date + " 版原文", "The rule in " + date)));
          }
          return;
        }
        if (fate && fate[0] !== CR.numberOf(n)) { renumbered = { was: CR.numberOf(n), date: date, now: fate[0] }; }
        askedOf = date;  /* a number neither edition has: said of both */
        resolve(fate ? fate[0] : CR.numberOf(n));
      });
    }
    /* a rule of an older edition now under another number: the page it lands on says so (below);
       an address of a rule's history (702.19c-history) lands on the rule's history (cr-panel.js),
       an example's (702.19c-ex1) on the example */
    var renumbered = null, toPart = "", askedOf = null;  /* askedOf: the older edition a number was asked of */
    function arrive(address) {
      if (renumbered) {
        try { sessionStorage.setItem(RENUMBERED, JSON.stringify(renumbered)); } catch (e) {}
      }
      location.replace(address + toPart);
    }
    /* A number with no edition is today's; where the edition before had another rule at that number
     * (a post of 2023 citing 719.1, Controlling Another Player, which is 720.1 since), the page says
     * so under the rule it lands on: a judge reading an older post would otherwise be answered by
     * another rule, with no word. */
    function arriveUndated(address, n) {
      var number = CR.numberOf(n), before = (config.older || []).slice().sort().reverse()[0];
      if (!before) { arrive(address); return; }
      CR.loadScript("renumber:" + before, CR.root() + "assets/data/renumber/" + before + ".js", function () {
        var fate = (CR.renumbered[before] || {})[number];
        if (fate && fate.length && fate[0] !== number) {  /* (none: a number new since, nothing to say) */
          var now = fate[0] && CR.parseAddress(fate[0]), chapter = now && config.chapters[CR.chapterOf(now)];
          renumbered = { was: number, date: before, now: fate[0], removedIn: fate[1], here: number, edition: config.edition,
                         link: chapter ? new URL(chapter + "#" + CR.anchorOf(now), location.href).href : "" };
        }
        arrive(address);
      });
    }
    box.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      toPart = "";
      askedOf = null;
      resolve(box.querySelector("input").value);
    });
    function ask(address) {
      var asked = address || location.search.slice(1);
      if (!asked) { return; }
      status.textContent = "";
      askedOf = null;
      try { asked = decodeURIComponent(asked); } catch (e) {}
      toPart = CR.partOf(asked);
      resolve(asked.slice(0, asked.length - toPart.length));
    }
    ask(location.hash.slice(1));
    /* an address edited in place (go/#999.9, then #702.19z) is asked again */
    window.addEventListener("hashchange", function () {
      if (document.getElementById("cr-go") === box) { ask(location.hash.slice(1)); }
    });
  }

  /* /702.19c, /cr/702.19c, /R70219c.html: the address's last part, read as the go page reads a
   * number; a rule or a section only (a chapter's one digit may be anything's), or its history
   * (/702.19c-history). Under an older edition's folder (editions/2023-11-17/719.1) it is that
   * edition's number, followed through the lineage as go/#2023-11-17:719.1 is: today's 719.1 is
   * another rule; so is the rule of a page of an edition the build no longer publishes
   * (editions/2022-06-10/7/#cr722-6: a history-only edition since). Online the server gives such an
   * address the page for what the site lacks; offline the worker gives it the offline page, which
   * names it (?from=): the same there. */
  function notFound() {
    var box = document.getElementById("cr-notfound"), asked = CR.offlineAsked();
    /* (a rule of a page not stored, its address with a fragment, is no short link) */
    var path = box ? location.pathname : asked && !asked.hash ? asked.pathname : null;
    if (!path) { return; }
    var parts = path.split("/").filter(Boolean), last = parts[parts.length - 1] || "";
    try { last = decodeURIComponent(last); } catch (e) {}
    if (/^404\.html$/i.test(last)) { return; }  /* the page itself, asked for by name */
    /* an edition's folder, or a shared rule's (r/2023-11-17/719.1.html: share_pages.py, a later build
       keeping none of that edition's) */
    var at = Math.max(parts.lastIndexOf("editions"), parts.lastIndexOf("r")), date = at >= 0 ? parts[at + 1] || "" : "";
    var edition = CR.isEdition(date) ? date + ":" : "";
    var anchor = box && edition ? location.hash.slice(1) : "";
    var text = /^cr\d/.test(anchor) ? anchor : last.replace(/\.html?$/i, "");
    var part = CR.partOf(text);
    var n = CR.readNumber(text.slice(0, text.length - part.length));
    if (n) { location.replace((box ? box.dataset.go : CR.root() + "go/") + "#" + edition + CR.numberOf(n) + part); }
  }

  /* On the page a permanent address of an older edition landed on: "719.1 of 2023-11-17 is 720.1
   * now" (the link said 719.1, the screen 720.1), at the foot of the screen (CR.footNote). */
  var RENUMBERED = "cr-renumbered";
  function sayRenumbered() {
    var said = null;
    try { said = JSON.parse(sessionStorage.getItem(RENUMBERED) || "null"); sessionStorage.removeItem(RENUMBERED); } catch (e) {}
    if (!said || location.hash.slice(0, location.hash.length - CR.partOf(location.hash).length) !==
        "#" + CR.anchorOf(CR.parseAddress(said.here || said.now))) { return; }
    CR.footNote(function (note) {
      if (said.here) {  /* an undated number: today's rule of that number, the older edition's elsewhere */
        var zh = note.appendChild(CR.element("span", { lang: "zh-Hans" }, "此为 " + said.edition + " 版的 " + said.here + "；" +
          said.date + " 版的规则 " + said.was + (said.now ? " 现为 " : " 已于 " + said.removedIn + " 版删除")));
        var en = note.appendChild(CR.element("span", { lang: "en" }, " This is " + said.here + " of " + said.edition + "; rule " +
          said.was + " of " + said.date + (said.now ? " is " : " was removed in " + said.removedIn)));
        if (said.now) {
          [zh, en].forEach(function (span) {
            span.appendChild(said.link ? CR.element("a", { href: said.link }, said.now) : document.createTextNode(said.now));
          });
          en.appendChild(document.createTextNode(" now"));
        }
        zh.appendChild(document.createTextNode("。"));
        en.appendChild(document.createTextNode("."));
        return;
      }
      note.appendChild(CR.element("span", { lang: "zh-Hans" }, said.date + " 版的规则 " + said.was + " 现为 " + said.now + "。"));
      note.appendChild(CR.element("span", { lang: "en" }, "Rule " + said.was + " of " + said.date + " is " + said.now + " now."));
    });
  }

  CR.onPage(goPage);
  CR.onPage(notFound);
  CR.onPage(sayRenumbered);
})();
