/* The site's service worker: the current rules readable with no connection, one deployment at a time.
 * generator/offline_app.py writes sw.js as one line, `const BUILD = {...}`, then this file:
 *   BUILD.version       the build's version (the hash of the precache list)
 *   BUILD.edition       the English edition of the current rules; BUILD.translation, its Chinese's
 *   BUILD.files         [path from the site root, revision, "page" | "file"], see offline_app.py
 * BUILD is null in a preview (`mkdocs serve`): this worker then removes itself and its copies.
 *
 * Install: every listed file is fetched past the HTTP cache at low priority (what the reader asks
 * for meanwhile comes first), or taken from the previous build's copy when its revision is the
 * same, and checked to be of this build; the theme's assets are found in the home page. The
 * search's pieces come last. While a page loads what its reader waits for (the search's pieces,
 * cr-search-pieces.js), it asks the storing to hold: nothing new is fetched, and what was being
 * fetched is dropped and fetched again after. A fetch the network drops is tried again twice; one
 * that still fails, or one file of another build, fails the install: the site is never stored half
 * old, half new, and never used half stored. What was stored of this build is kept, each file
 * checked, so that the next try (cr-offline.js tries again) fetches only the rest: on a crowded
 * network, each try stores more. What the reader opened under the previous build (older
 * editions, histories) is fetched again of this one, so that an update keeps it readable offline;
 * what this build lacks is left out. The first worker takes over at once; a later one
 * waits until the reader presses the notice's switch (cr-offline.js), so no page changes under a
 * reader.
 * Fetch: what is stored answers first (a folder's address without its slash too, cr/7); anything
 * else of the site comes from the network and is kept (older editions, histories: stored once
 * opened); a page that is neither, or whose network does not answer in ten seconds, gives the
 * site's offline page (which sends a short link, /702.19c, to its rule). Activate: the copies of other
 * builds of this site are deleted. */
"use strict";

var SCOPE = self.registration.scope;
var SITE = "cr-site:" + new URL(SCOPE).pathname + ":";  // the caches of this site (a host may have several)
var CACHE = BUILD ? SITE + BUILD.version : null;
var REVISIONS = "__revisions";  // a stored entry of each cache: its files' revisions

var OPTIONAL = ["sitemap.xml"];  // what a builder may write and a theme may read (Material's instant navigation)

/* how the install asks for what it stores: at low priority, so that what the reader asks for
   meanwhile comes first; past the HTTP cache, but for the theme's assets, named by their content */
var STORING = { credentials: "same-origin", priority: "low" };
var STORING_PAST_CACHE = { cache: "reload", credentials: "same-origin", priority: "low" };

function address(path) { return new URL(path, SCOPE).href; }

/* ---- holding while a page loads what its reader waits for -------------------------------------- */
/* Until the page says "go on", or HOLD_AT_MOST after it asked (a page that went away says nothing). */
var HOLD_AT_MOST = 10000;  // ms
var held = { on: false, timer: null, waiting: [] };
var storing = [];  // the storing fetches under way, each an AbortController

function hold() {
  held.on = true;
  clearTimeout(held.timer);
  held.timer = setTimeout(goOn, HOLD_AT_MOST);
  storing.forEach(function (control) { control.abort(); });
}

function goOn() {
  held.on = false;
  clearTimeout(held.timer);
  var waiting = held.waiting;
  held.waiting = [];
  waiting.forEach(function (resolve) { resolve(); });
}

/* Run `job(signal)`, a storing that fetches, when no page holds it; again should a hold drop it. */
function unheld(job) {
  var wait = held.on ? new Promise(function (resolve) { held.waiting.push(resolve); }) : Promise.resolve();
  return wait.then(function () {
    var control = new AbortController();
    storing.push(control);
    function done() { storing.splice(storing.indexOf(control), 1); }
    return job(control.signal).then(function (result) { done(); return result; }, function (error) {
      done();
      if (control.signal.aborted) { return unheld(job); }
      throw error;
    });
  });
}

/* A stored copy's key: no fragment, no query on pages, and a folder's index is the folder. */
function key(url, page) {
  var u = new URL(url);
  u.hash = "";
  if (page) { u.search = ""; }
  u.pathname = u.pathname.replace(/\/index\.html$/, "/");
  return u.href;
}

function siteCaches() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(SITE) === 0; });
  });
}

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
}

/* A response is of this build: a file's bytes hash to its revision; a page names the version. */
function check(response, revision, kind) {
  if (!response.ok || response.redirected) { return Promise.reject(new Error(response.url + ": HTTP " + response.status)); }
  var copy = response.clone();
  var body = kind === "page" ? copy.text().then(function (html) {
    return html.indexOf('<meta name="cr-build" content="' + BUILD.version + '"') >= 0;
  }) : copy.arrayBuffer().then(function (bytes) {
    return crypto.subtle.digest("SHA-256", bytes).then(function (hash) { return hex(hash).indexOf(revision) === 0; });
  });
  return body.then(function (same) {
    if (!same) { throw new Error(response.url + " is not of build " + BUILD.version + " (a deployment under way?)"); }
    return response;
  });
}

/* The previous builds' copies, as {url: [cache, revision]}, to take unchanged files from; what a
 * reader opened there has no revision (null). */
function previous() {
  return siteCaches().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (name) {
      return caches.open(name).then(function (cache) {
        return Promise.all([cache.match(address(REVISIONS)).then(function (r) { return r ? r.json() : {}; }), cache.keys()]);
      }).then(function (found) {
        var revisions = found[0];
        found[1].forEach(function (request) { if (!(request.url in revisions)) { revisions[request.url] = null; } });
        return [name, revisions];
      });
    }));
  }).then(function (found) {
    var known = {};
    found.forEach(function (pair) {
      Object.keys(pair[1]).forEach(function (url) { known[url] = [pair[0], pair[1][url]]; });
    });
    return known;
  });
}

/* The theme's own stylesheets and scripts, as the home page names them (their names change
 * with their content, so the address is the revision; its stylesheets are imported at the end of
 * the body, overrides/main.html), and what a builder may have written. */
function themeAssets(html) {
  var found = {}, pattern = /(?:<(?:link|script)\b[^>]*?\b(?:href|src)=|@import url\()"([^"#?]+)"/g, m;
  while ((m = pattern.exec(html))) {
    var url = new URL(m[1], SCOPE);
    if (url.href.indexOf(SCOPE) === 0 && /\/assets\/.+\.(?:css|js|png|svg)$/.test(url.pathname)) { found[url.href] = url.href; }
  }
  return Object.keys(found);
}

/* Fetch for storing; a request the network drops, or a server's passing failure, is tried again
 * after a second, then after three (an abort, a hold, is not: unheld fetches it again). */
var AGAIN_AFTER = [1000, 3000];  // ms
var PASSING = [408, 429, 500, 502, 503, 504];

function fetchStoring(url, options, tries) {
  tries = tries || 0;
  function again(failure) {
    if (options.signal && options.signal.aborted || tries >= AGAIN_AFTER.length) { return failure(); }
    return new Promise(function (resolve) { setTimeout(resolve, AGAIN_AFTER[tries]); })
      .then(function () { return fetchStoring(url, options, tries + 1); });
  }
  return fetch(url, options).then(function (r) {
    return PASSING.indexOf(r.status) < 0 ? r : again(function () { return r; });
  }, function (error) {
    return again(function () { throw error; });
  });
}

/* Run jobs a few at a time (a phone on a crowded network). */
function inTurn(items, job, width) {
  var next = 0;
  function worker() {
    if (next >= items.length) { return Promise.resolve(); }
    var item = items[next++];
    return job(item).then(worker);
  }
  var workers = [];
  for (var i = 0; i < width; i++) { workers.push(worker()); }
  return Promise.all(workers);
}

/* What the reader opened and a previous build stored (older editions, histories): its address
 * in this build, so that an update keeps what was read offline before. */
function opened(known, listed) {
  return Object.keys(known).filter(function (url) {
    return !listed[url] && known[url][1] === null && url !== address(REVISIONS);
  }).sort();
}

/* Store a file that may not be there (a builder's optional file, a page an update dropped): nothing
 * is stored for it then, and the install goes on. A page must be of this build. */
function storeIfThere(cache, url, signal) {
  return fetchStoring(url, Object.assign({ signal: signal }, STORING_PAST_CACHE)).then(function (r) {
    if (!r.ok || r.redirected) { return null; }
    var page = /^text\/html/.test(r.headers.get("Content-Type") || "");
    return (page ? check(r, null, "page") : Promise.resolve(r)).then(function (response) { return cache.put(url, response); },
      function () { /* of another build: fetched when next opened */ });
  }, function (error) { if (signal.aborted) { throw error; } /* not there: nothing to store */ });
}

function precache() {
  var revisions = {};
  return Promise.all([caches.open(CACHE), previous()]).then(function (found) {
    var cache = found[0], known = found[1];
    function store(url, revision, kind, signal) {
      revisions[url] = revision;
      var before = known[url];
      return cache.match(url).then(function (stored) {  // an earlier try of this build stored it
        if (stored) { return null; }
        var copy = before && before[1] === revision ?
          caches.open(before[0]).then(function (old) { return old.match(url); }) : Promise.resolve(null);
        return copy.then(function (response) {
          return response || fetchStoring(url, Object.assign({ signal: signal }, STORING_PAST_CACHE)).then(function (r) {
            return check(r, revision, kind);
          });
        }).then(function (response) { return cache.put(url, response); });
      });
    }
    return inTurn(BUILD.files, function (entry) {
      return unheld(function (signal) { return store(address(entry[0]), entry[1], entry[2], signal); });
    }, 6).then(function () {
      return cache.match(address("")).then(function (home) { return home.text(); });
    }).then(function (html) {
      var listed = {};
      BUILD.files.forEach(function (entry) { listed[address(entry[0])] = true; });
      var theme = themeAssets(html).filter(function (url) { return !listed[url]; });
      var optional = OPTIONAL.map(address);
      return inTurn(theme, function (url) {
        return unheld(function (signal) {
          revisions[url] = url;
          return cache.match(url).then(function (stored) {  // an earlier try of this build stored it
            if (stored) { return null; }
            return (known[url] ? caches.open(known[url][0]).then(function (old) { return old.match(url); }) : Promise.resolve(null))
              .then(function (response) {
                return response || fetchStoring(url, Object.assign({ signal: signal }, STORING)).then(function (r) {
                  if (!r.ok) { throw new Error(url + ": HTTP " + r.status); }
                  return r;
                });
              }).then(function (response) { return cache.put(url, response); });
          });
        });
      }, 4).then(function () {
        var asked = optional.concat(opened(known, listed).filter(function (url) { return optional.indexOf(url) < 0; }));
        return inTurn(asked, function (url) {
          return unheld(function (signal) { return storeIfThere(cache, url, signal); });
        }, 2);
      });
    }).then(function () {
      return cache.put(address(REVISIONS), new Response(JSON.stringify(revisions), { headers: { "Content-Type": "application/json" } }));
    });
  });
}

self.addEventListener("install", function (event) {
  if (!BUILD) { event.waitUntil(self.skipWaiting()); return; }
  event.waitUntil(precache().then(function () {
    if (!self.registration.active) { return self.skipWaiting(); }  // the first worker takes over at once
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(siteCaches().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () {
    if (BUILD) { return self.clients.claim(); }
    // a preview: go, and reload the pages this worker was serving, from the preview server
    return self.registration.unregister().then(function () { return self.clients.matchAll({ type: "window" }); })
      .then(function (pages) { pages.forEach(function (page) { page.navigate(page.url); }); });
  }));
});

self.addEventListener("message", function (event) {
  var ask = event.data || {};
  if (ask.type === "about" && event.ports[0]) {
    event.ports[0].postMessage(BUILD ? { version: BUILD.version, edition: BUILD.edition, translation: BUILD.translation,
      files: BUILD.files.length, caches: SITE } : null);
  } else if (ask.type === "switch") {
    self.skipWaiting();
  } else if (ask.type === "hold") {
    hold();
  } else if (ask.type === "go on") {
    goOn();
  } else if (ask.type === "first-frame" && event.source && onFirstFrame[event.source.id]) {
    onFirstFrame[event.source.id]();
  }
});

function offlinePage(request) {
  var from = new URL(request.url);
  return caches.open(CACHE).then(function (cache) { return cache.match(address("offline/")); }).then(function (page) {
    if (!page) { return Response.error(); }
    return Response.redirect(address("offline/") + "?from=" + encodeURIComponent(from.pathname + from.search + from.hash), 302);
  });
}

/* A stored page, given in parts as the network would give it, for the browser paints what has come
 * while the rest is on its way; a page that arrives whole (chapter 7 is 740 kB) is parsed a long
 * way before its first paint.
 * 1. Its head and header: the browser paints the header at once.
 * 2. Its first rules (up to FIRST_PART), once the page paints its header (its head's script posts
 *    "first-frame" in the first frame that has it), or HEADER_ALONE_AT_MOST ms after at the latest.
 *    Not after a fixed time: the browser commits a page some 30 to 170 ms after the worker answers
 *    (traces of the throttled phone), and a part that has come by then is parsed before the first
 *    paint.
 * 3. The rest, REST_AFTER ms later: sent at once, all of it was decoded before the first rules
 *    were laid out. It comes while the first screen is laid out, long before a reader scrolls.
 * On the phone the load waits longer for the stylesheets anyway (bench/phone_offline.py); a fast
 * desktop's load, and its scripts, come some 60 ms later (docs/benchmarks.md). */
var FIRST_PART = 65536;
var REST_AFTER = 150;  // ms
var HEADER_ALONE_AT_MOST = 1000;  // ms
var onFirstFrame = {};  // the id of a page being given -> what to send once it paints

/* Where the page's header ends, in bytes (the first part's end should it have none). */
function headerEnd(bytes) {
  var start = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(0, FIRST_PART));
  var end = start.indexOf("</header>");
  return end < 0 ? FIRST_PART : new TextEncoder().encode(start.slice(0, end + "</header>".length)).length;
}

function inParts(response, client) {
  if (typeof ReadableStream === "undefined") { return response; }
  var init = { status: response.status, statusText: response.statusText, headers: response.headers };
  return response.arrayBuffer().then(function (buffer) {
    var bytes = new Uint8Array(buffer);
    if (bytes.length <= FIRST_PART) { return new Response(bytes, init); }
    var header = headerEnd(bytes);
    return new Response(new ReadableStream({ start: function (controller) {
      var sent = false;
      function firstRules() {
        if (sent) { return; }
        sent = true;
        delete onFirstFrame[client];
        controller.enqueue(bytes.subarray(header, FIRST_PART));
        setTimeout(function () { controller.enqueue(bytes.subarray(FIRST_PART)); controller.close(); }, REST_AFTER);
      }
      if (client) { onFirstFrame[client] = firstRules; }
      setTimeout(firstRules, client ? HEADER_ALONE_AT_MOST : REST_AFTER);  // a browser that names no page: after a while
      controller.enqueue(bytes.subarray(0, header));
    } }), init);
  });
}

/* What is not stored comes from the network, unless it has not begun to answer after
 * NETWORK_AT_MOST: a crowded venue's Wi-Fi can take a request and never answer, and the reader
 * would wait with no word; they get the offline page (or the page's own "needs a connection"). */
var NETWORK_AT_MOST = 10000;  // ms

function fromNetwork(request) {
  var timer;
  var late = new Promise(function (resolve, reject) {
    timer = setTimeout(function () { reject(new Error(request.url + ": no answer")); }, NETWORK_AT_MOST);
  });
  return Promise.race([fetch(request), late]).then(function (response) { clearTimeout(timer); return response; },
    function (error) { clearTimeout(timer); throw error; });
}

/* A folder's address without its slash (cr/7, as a reader types it): the stored folder, as the
 * server would send it there. */
function folderOf(url, page, cache) {
  var folder = new URL(url), search = folder.search;
  if (!page || /\/$/.test(folder.pathname)) { return Promise.resolve(null); }
  folder.pathname += "/";
  folder.search = folder.hash = "";
  return cache.match(folder.href).then(function (stored) {
    return stored ? Response.redirect(folder.href + search, 301) : null;
  });
}

function respond(request, client) {
  var page = request.mode === "navigate";
  var url = key(request.url, page);
  return caches.open(CACHE).then(function (cache) {
    return cache.match(url).then(function (stored) {
      if (stored) { return page ? inParts(stored, client) : stored; }
      return folderOf(request.url, page, cache);
    }).then(function (answer) {
      if (answer) { return answer; }
      return fromNetwork(request).then(function (response) {
        if (response.ok && !response.redirected && response.type === "basic") { cache.put(url, response.clone()); }
        return response;
      }, function (error) {
        return page ? offlinePage(request) : Promise.reject(error);
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (!BUILD || request.method !== "GET" || request.url.indexOf(SCOPE) !== 0) { return; }
  if (new URL(request.url).pathname === new URL(address("sw.js")).pathname) { return; }
  event.respondWith(respond(request, event.resultingClientId));
});
