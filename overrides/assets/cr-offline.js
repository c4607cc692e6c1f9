/* The site as an app on the phone: registers the service worker (generator/templates/sw.js) once
 * the page has loaded, tells the reader when a new deployment is stored and ready (and switches
 * only when they say so), and says what is stored, with a way to clear it: in the 文A settings,
 * on the About page and on the offline page. Only where the page names a worker (a build served
 * over HTTP; never the file:// bundle or a preview). The state is on <html data-cr-offline>:
 * storing, ready, update (a new build waits), off (the reader cleared it), failed (an install
 * failed: it goes on shortly, from what it stored), none (no worker here). */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="cr-build"]');
  var supported = !!meta && "serviceWorker" in navigator && /^https?:$/.test(location.protocol);
  var workerUrl = meta ? new URL(meta.dataset.worker, location.href).href : null;
  var scope = workerUrl ? new URL(".", workerUrl).href : null;
  var sitePrefix = scope ? "cr-site:" + new URL(scope).pathname + ":" : null;  // as sw.js names its caches
  var switching = false;
  var about = null;  // what the controlling worker says of its build

  var showing = null;  // while storing: the status shown again every few seconds, with how far it is

  function setState(state) {
    document.documentElement.dataset.crOffline = state;
    clearInterval(showing);
    if (state === "storing") { showing = setInterval(render, 2000); }
    render();
  }

  function state() { return document.documentElement.dataset.crOffline || "none"; }

  /* what the reader said: "off" (Clear), "on" (Store offline), or nothing */
  function said() {
    try { return localStorage.getItem("cr-offline"); } catch (e) { return null; }
  }

  function refused() { return said() === "off"; }

  /* The phone's data saver is on: nothing is stored (some 3 MB) until the reader asks. */
  function savingData() { return Boolean(navigator.connection && navigator.connection.saveData); }

  var element = CR.element;  /* cr.js, loaded before this file */

  /* Ask a worker a question; the answer, or null after ten seconds. A worker that is not running
     is started to answer, which on a busy phone can take more than a second: a shorter limit
     would drop the update notice, asked of the new waiting worker, without a word. */
  function ask(worker, question) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      var timer = setTimeout(function () { resolve(null); }, 10000);
      channel.port1.onmessage = function (event) { clearTimeout(timer); resolve(event.data); };
      worker.postMessage(question, [channel.port2]);
    });
  }

  function megabytes(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  /* The names of this site's copies (a host may hold several sites' caches: sw.js names ours). */
  function ourCaches() {
    return caches.keys().then(function (names) { return names.filter(function (n) { return n.indexOf(sitePrefix) === 0; }); });
  }

  /* ---- registering, and what the worker says ---------------------------------------------- */
  /* Register (which also looks for a new deployment), unless the page is stored already and
   * there is no connection to look with. */
  function start() {
    var controlled = !!navigator.serviceWorker.controller;
    if (controlled) { learn(); }
    if (!controlled || navigator.onLine) { register(); }
  }

  function register() {
    var controlled = !!navigator.serviceWorker.controller;
    if (!controlled) { setState("storing"); }
    navigator.serviceWorker.register(workerUrl, { updateViaCache: "none" }).then(function (registration) {
      watchUpdates(registration);
      /* the browser looks for a new worker after some navigations, not all (a register call for
         the same worker does not look): this page looks itself, once it watches */
      if (controlled) { registration.update().catch(function () { /* no connection: next time */ }); }
      return navigator.serviceWorker.ready;
    }).then(function () {
      if (navigator.serviceWorker.controller) { learn(); }
    }).catch(function () { if (!controlled) { failed(); } });
  }

  /* A first storing that failed (the connection dropped more than the worker's own tries, or a
   * deployment was under way) is tried again while the page is open: a while later, and when the
   * connection comes back. The worker keeps what it stored (sw.js): each try fetches the rest. */
  var AGAIN_AFTER = 15000, MOST_TRIES = 8, tries = 0, again = null;

  function failed() {
    setState("failed");
    clearTimeout(again);
    again = setTimeout(tryAgain, AGAIN_AFTER);
  }

  function tryAgain() {
    clearTimeout(again);
    if (state() !== "failed" || refused() || !navigator.onLine || tries >= MOST_TRIES) { return; }
    tries++;
    register();
  }

  function learn() {
    var controller = navigator.serviceWorker.controller;
    if (!controller) { return; }
    ask(controller, { type: "about" }).then(function (answer) {
      var was = state();
      about = answer;
      if (state() !== "update") { setState(answer ? "ready" : "none"); }
      if (answer && (was === "storing" || was === "failed")) { sayStored(); }
    });
  }

  /* Storing has finished, in this page: said for a few seconds at the foot of the screen, where
     it stands in the way of nothing (it takes no taps). */
  var STORED_SHOWN = 6000;  // ms
  function sayStored() {
    /* above a note already at the foot ("702.124h is now 702.124k", a new build), not over it: a
       friend opening a shared link stores the site on that very visit */
    /* gone at the reader's first tap or key, as the other notes at the foot (a new player's review: it
       covered the history of the rule whose number they had tapped, for six seconds) */
    var note = CR.footNote(function (note) {
      note.appendChild(CR.say("已保存到本机：没有网络也能阅读和搜索现行规则。", "Stored on this device: the current rules can be read and searched with no connection."));
    }, "cr-stored-note");
    setTimeout(function () { note.remove(); }, STORED_SHOWN);
  }

  /* A new build's worker: stored already (waiting), being stored now (the browser looks for one as
     the page opens, before this script runs), or found later. */
  function watchUpdates(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) { notify(registration.waiting); }
    if (registration.installing) { follow(registration.installing); }
    registration.addEventListener("updatefound", function () {
      if (registration.installing) { follow(registration.installing); }
    });
  }

  function follow(worker) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && navigator.serviceWorker.controller) { notify(worker); }
      if (worker.state === "redundant" && !navigator.serviceWorker.controller) { failed(); }
    });
  }

  /* ---- the update notice: the new build is stored; the reader switches when they like ------ */
  /* Its × puts the notice of that build off in this window until the app or tab is opened again
     (sessionStorage): not on every page the reader opens next. */
  var PUT_OFF = "cr-update-put-off";
  function putOff(version) { try { sessionStorage.setItem(PUT_OFF, version); } catch (e) {} }
  function putOffBefore(version) { try { return sessionStorage.getItem(PUT_OFF) === version; } catch (e) { return false; } }

  function notify(worker) {
    ask(worker, { type: "about" }).then(function (next) {
      if (!next) { return; }
      if (putOffBefore(next.version)) { setState("update"); return; }
      var old = document.querySelector(".cr-update");
      if (old) { old.remove(); }
      var here = meta.dataset.edition;
      var bar = element("div", { "class": "cr-update", role: "status" });
      var text = next.edition !== here ?
        CR.say("新版规则 " + next.edition + " 已就绪", "New rules ready (" + next.edition + ")") :
        CR.say("规则已更新 " + next.edition + (next.translation ? "（中文 " + next.translation + "）" : ""),
               "Updated rules ready (" + next.edition + (next.translation ? ", Chinese " + next.translation : "") + ")");
      bar.appendChild(text).className = "cr-update__text";
      var go = bar.appendChild(element("button", { type: "button", "class": "cr-update__switch" }, CR.say("切换", "Switch")));
      var later = bar.appendChild(element("button", { type: "button", "class": "cr-update__later", "aria-label": "稍后 Later" }, "×"));
      go.addEventListener("click", function () {
        switching = true;
        go.disabled = true;
        /* switched already from another window: this one has only to load its page again */
        if (worker.state === "activated") { location.reload(); } else { worker.postMessage({ type: "switch" }); }
      });
      later.addEventListener("click", function () { putOff(next.version); bar.remove(); });
      CR.atFoot(bar);
      setState("update");
    });
  }

  /* ---- what is stored, and clearing it ---------------------------------------------------- */
  function clearAll() {
    try { localStorage.setItem("cr-offline", "off"); } catch (e) {}
    var done = navigator.serviceWorker.getRegistration(workerUrl).then(function (r) { return r && r.unregister(); });
    return done.then(ourCaches).then(function (names) {
      return Promise.all(names.map(function (n) { return caches.delete(n); }));
    }).then(function () { about = null; setState("off"); });
  }

  /* Clearing asks first, and is offered only with a connection: cleared with none, the site could
   * not be read again until one came back (a tap beside the display buttons did it). */
  var CLEAR_ASKED = "清除本机保存的规则？没有网络时将无法阅读，直到重新保存。\n" +
    "Delete the rules stored on this device? Without a connection they cannot be read until stored again.";
  function clearAsked() {
    if (navigator.onLine && window.confirm(CLEAR_ASKED)) { clearAll(); }
  }

  function storeAgain() {
    try { localStorage.setItem("cr-offline", "on"); } catch (e) {}
    register();
  }

  /* What is stored, to `done` as its Chinese and its English (CR.say: each in its display mode) and
   * what both share. */
  function statusText(done, sized) {
    var s = state();
    if (location.protocol === "file:") { return done("这是离线包，文件就在本机。", "This is the offline bundle: its files are on this device."); }
    if (!supported) { return done("此处不能离线保存。", "This site cannot be stored for offline use here."); }
    if (s === "off") {
      return done("未保存在本机" + (savingData() ? "（省流量模式已开）" : "") + "。", "Not stored on this device" +
                  (savingData() ? " (Data Saver is on)." : "."));
    }
    if (s === "failed") {
      return done("还没有保存完，已保存的部分留着，稍后接着保存。", "Not all stored yet: what is stored is kept, and storing goes on shortly.");
    }
    if (s === "storing" || !about) {
      return stored(function (share) { done("正在保存到本机…", "Storing on this device…", share === null ? "" : " " + share + "%"); });
    }
    var zh = "离线可用：规则 " + about.edition + (about.translation ? " · 中文 " + about.translation : "");
    var en = "Available offline: rules " + about.edition + (about.translation ? " · Chinese " + about.translation : "");
    if (!sized) { return done(zh, en); }
    storedBytes().then(function (bytes) {
      done(zh + " · 已用 " + megabytes(bytes), en + " · Stored " + megabytes(bytes));
    }, function () { done(zh, en); });
  }

  /* What this site's copies hold, in bytes: not the browser's figure for the whole origin, which
   * counts every other site of a github.io address and rounds up what it stores. */
  function storedBytes() {
    return ourCaches().then(function (names) {
      return Promise.all(names.map(function (name) {
        return caches.open(name).then(function (cache) { return cache.matchAll(); }).then(function (responses) {
          return Promise.all(responses.map(function (r) { return r.blob().then(function (b) { return b.size; }); }));
        });
      }));
    }).then(function (sizes) {
      return [].concat.apply([], sizes).reduce(function (a, b) { return a + b; }, 0);
    });
  }

  /* How much of the build being stored is stored, in percent (at most 99 until it is ready), or
   * null where that is not known. */
  function stored(then) {
    navigator.serviceWorker.getRegistration(workerUrl).then(function (registration) {
      var worker = registration && registration.installing;
      return worker ? ask(worker, { type: "about" }) : null;
    }).then(function (build) {
      if (!build || !build.files) { return null; }
      return caches.open(build.caches + build.version).then(function (cache) { return cache.keys(); }).then(function (keys) {
        return Math.min(99, Math.floor(100 * keys.length / build.files));
      });
    }).then(then, function () { then(null); });
  }

  /* Every status element of the page: the one in the 文A settings, the About page's, the home
   * page's. How much is stored is read (a fifth of a second of a phone's time for the 250 files of
   * a whole edition) only while one is on screen: it is read again when one comes into view. */
  function render() {
    var boxes = document.querySelectorAll(".cr-offline-status");
    if (!boxes.length) { return; }
    statusText(function (zh, en, after) {
      boxes.forEach(function (box) {
        box.textContent = "";
        box.appendChild(CR.say(zh, en, after)).className = "cr-offline-status__text";
        if (!supported) { return; }
        var s = state();
        if (s === "off") {
          box.appendChild(element("button", { type: "button", "class": "cr-offline-status__store" }, CR.say("保存", "Store offline")))
            .addEventListener("click", storeAgain);
        } else if (s === "failed" && navigator.onLine) {
          box.appendChild(element("button", { type: "button", "class": "cr-offline-status__store" }, CR.say("现在继续", "Go on now")))
            .addEventListener("click", function () { tries = 0; tryAgain(); });
        } else if ((s === "ready" || s === "update") && navigator.onLine) {
          box.appendChild(element("button", { type: "button", "class": "cr-offline-status__clear" }, CR.say("清除", "Clear")))
            .addEventListener("click", clearAsked);
        }
      });
    }, Array.prototype.some.call(boxes, onScreen));
  }

  function onScreen(box) {
    var r = box.getBoundingClientRect();
    return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
  }

  var inView = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    if (entries.some(function (e) { return e.isIntersecting; })) { render(); }
  }) : null;

  function settingsBox() {
    var panel = document.getElementById("cr-display");
    if (panel && !panel.querySelector(".cr-offline-status")) {
      panel.appendChild(element("div", { "class": "cr-offline-status", role: "group", "aria-label": "离线 Offline" }));
    }
  }

  /* ---- the offline page: which page was asked for, and the other stored pages ------------- */
  function offlinePage() {
    var from = document.querySelector(".cr-offline-page__from");
    var list = document.querySelector(".cr-offline-page__stored");
    if (!from || !list) { return; }
    var asked = new URLSearchParams(location.search).get("from");
    var url = window.CR && CR.offlineAsked(), again = url ? url.href : null;
    if (asked) {
      from.textContent = "";
      from.appendChild(CR.say("未保存的页面：", "Not stored:", " "));
      from.appendChild(element("code", {}, asked));
      if (again) {
        from.appendChild(CR.say(" 网络恢复后会自动打开。", "It opens by itself once the connection is back.", " "));
        from.appendChild(element("a", { href: again, "class": "cr-offline-page__again" }, CR.say("再试一次", "Try again")));
        whenOnline(again);
      }
    }
    if (!supported || !window.caches) { return; }
    ourCaches().then(function (names) {
      return Promise.all(names.map(function (n) { return caches.open(n).then(function (c) { return c.keys(); }); }));
    }).then(function (lists) {
      var pages = [], paths = {};
      lists.forEach(function (requests) {
        requests.forEach(function (r) {
          var path = r.url.slice(scope.length);
          paths[path] = true;
          if (/^editions\/.+\/$/.test(path) && pages.indexOf(path) < 0) { pages.push(path); }
        });
      });
      todaysRule(asked, paths);
      if (!pages.length) { return; }
      list.textContent = "";
      pages.sort().forEach(function (path) {
        var item = list.appendChild(element("li"));
        item.appendChild(element("a", { href: scope + path }, CR.say("旧版", "Edition", " " + path.replace(/^editions\//, "").replace(/\/$/, "").replace("/", " · "))));
      });
    });
  }

  /* Once the connection is back, the page asked for. Not at the event itself: a page that is
   * leaving can be told "online" as it goes (seen in Chromium offline), and would then go to the
   * page asked for in place of the one the reader chose. */
  var BACK_FOR = 1000;  // ms
  function whenOnline(asked) {
    var here = location.href;
    window.addEventListener("online", function back() {
      setTimeout(function () {
        if (location.href !== here) { return; }
        if (navigator.onLine) { location.replace(asked); } else { window.addEventListener("online", back, { once: true }); }
      }, BACK_FOR);
    }, { once: true });
  }

  /* An older edition's rule that is not stored (a link of the changes page, one shared before
   * today's edition): today's rule it became, through the go page, where the lineage reaches that
   * edition (where its numbers are now is stored: assets/data/renumber/<date>.js). */
  function todaysRule(asked, stored) {
    var at = asked && /\/editions\/([^/]+)\/[^/]+\/#cr(\d+)(?:-(\d+[a-z]?))?$/.exec(asked);
    var box = document.querySelector(".cr-offline-page__today");
    if (!at || !box || !stored["assets/data/renumber/" + at[1] + ".js"]) { return; }
    var number = at[2] + (at[3] ? "." + at[3] : "");
    box.textContent = "";
    box.appendChild(element("a", { href: scope + "go/#" + at[1] + ":" + number },
      CR.say(at[1] + " 版的 " + number + " 在现行规则中", number + " of " + at[1] + " in today's rules")));
    box.hidden = false;
  }

  /* Storing the whole site (some 2 MB compressed, docs/benchmarks.md) begins after the page has
   * loaded and the browser is idle, so that it never slows the first page; on a first visit, also
   * once the reader pauses (PAUSE without a key, a tap, a click or the wheel; at the latest AT_MOST
   * after the load), so that it does not slow what they do first: a search right after the page
   * opened took a third longer beside it. A stored page only looks for a new deployment: at once. */
  var PAUSE = 500, AT_MOST = 10000;  // ms

  function whenReaderPauses(then) {
    var inputs = (window.CR && window.CR.readerInput) || [];  // named by the page's head (overrides/main.html)
    return function () {
      var timer = null, latest = null;
      function go() {
        clearTimeout(timer);
        clearTimeout(latest);
        inputs.forEach(function (type) { removeEventListener(type, wait, true); });
        then();
      }
      function wait() {
        clearTimeout(timer);
        timer = setTimeout(go, PAUSE);
      }
      inputs.forEach(function (type) { addEventListener(type, wait, { passive: true, capture: true }); });
      wait();
      latest = setTimeout(go, AT_MOST);
    };
  }

  /* Nor does it begin while the search loads what the reader waits for (cr-search-pieces.js): once
   * that has come. A worker already storing is asked to hold meanwhile (sw.js). */
  function afterSearch(then) {
    return function go() {
      var pieces = window.CR && window.CR.searchPieces;
      if (pieces && pieces.busy()) { window.addEventListener("cr-search-idle", go, { once: true }); } else { then(); }
    };
  }

  function setup() {
    settingsBox();
    offlinePage();
    render();
    if (inView) { document.querySelectorAll(".cr-offline-status").forEach(function (box) { inView.observe(box); }); }
    window.addEventListener("online", render);  /* Clear is offered only with a connection; Go on now too */
    window.addEventListener("offline", render);
  }

  if (supported) {
    window.addEventListener("online", tryAgain);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (switching) { location.reload(); } else { learn(); }
    });
    if (refused() || (savingData() && said() !== "on" && !navigator.serviceWorker.controller)) {
      document.documentElement.dataset.crOffline = "off";
    } else {
      /* idle first, then the pause: a pause that came before the browser was idle would let the
         storing begin on a reader who has started typing again meanwhile */
      var later = function (then) { (window.requestIdleCallback || setTimeout)(then, { timeout: 3000 }); };
      var begin = navigator.serviceWorker.controller ? function () { later(start); } :
        function () { later(whenReaderPauses(afterSearch(start))); };
      if (document.readyState === "complete") { begin(); } else { window.addEventListener("load", begin); }
    }
  }
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(setup);  // Material's instant navigation: each new page's content
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
