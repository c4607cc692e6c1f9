/* The search data in pieces (generator/site/search_pieces.py says what each holds): the base, loaded
 * when a reader opens the search; then, for each query, only the pieces its words are in and those
 * of the texts of the results shown, each loaded once, all at the same time, as scripts (so from
 * file:// too). cr-search.js asks for them and reads them through CR.searchPieces.
 *
 * While pieces are loading, the app's worker (generator/templates/sw.js), if it is storing the
 * site at that moment, is asked to hold: what a reader waits for has the connection to itself. */
(function () {
  "use strict";
  var CR = (window.CR = window.CR || {});
  var FOLDER = "assets/data/search/";
  /* a document's kind and flags, as generator/site/search_index.py writes them; cr-search.js reads
     them here (CR.searchDocs) */
  var KIND = { RULE: 0, SECTION: 1, TERM: 2 };
  var FLAG = { HAS_EN: 1, HAS_ZH: 2, FOLDED: 4, NUMBER: 8, OUTCOME: 16, BOILERPLATE: 32, LISTS_KEYWORDS: 64, NO_LONGER: 128,
               SAME_NUMBER_TODAY: 256, VARIANT: 512, SWAPPED: 1024 };
  var TERM = KIND.TERM, HAS_EN = FLAG.HAS_EN, HAS_ZH = FLAG.HAS_ZH, FOLDED = FLAG.FOLDED;
  var base = null;  /* the base, read (below) */
  var pieces = Object.create(null);  /* a piece's name -> what it holds */
  var postings = { en: Object.create(null), zh: Object.create(null) };  /* read once asked for */
  var loading = 0;  /* pieces being loaded */
  var own = Object.prototype.hasOwnProperty;

  CR.searchDocs = { KIND: KIND, FLAG: FLAG };
  CR.searchBase = function (data) { base = read(data); CR.searchData = base; };
  CR.searchPiece = function (name, data) { pieces[name] = data; };

  /* ---- the base ------------------------------------------------------------------------------- */
  function numbers(coded) {
    var before = "";
    return coded.split(" ").map(function (step) {
      before = before.slice(0, before.length - Number(step[0])) + step.slice(1);
      return before;
    });
  }

  function anchor(kind, number, english) {
    if (kind === TERM) { return "g-" + (english || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""); }
    return "cr" + number.replace(".", "-");
  }

  /* The documents as the ranking reads them, which older documents repeat today's words, and which
   * older rules today's has under another number in other words (moved: older -> today's). */
  function read(data) {
    var d = data.docs, number = numbers(d.numbers), docs = [], same = Object.create(null), before = 0, k = 0;
    for (var i = 0; i < d.kinds.length; i++) {
      var kind = Number(d.kinds[i]);
      docs.push({ kind: kind, number: number[i], edition: d.editions[i], title: [d.en[i], d.zh[i]],
                  url: data.pages[d.pages[i]] + "#" + (own.call(d.anchors, i) ? d.anchors[i] : anchor(kind, number[i], d.en[i])),
                  length: d.lengths[i], flags: d.flags[i], variants: own.call(d.variants, i) ? d.variants[i] : [] });
      if (d.flags[i] & FOLDED) {
        var step = d.same[k++];
        if (step !== null) { before += step; same[i] = before; }
      }
    }
    var repeated = { en: Object.create(null), zh: Object.create(null) };  /* today's document -> older ones with its words */
    Object.keys(same).forEach(function (older) {
      var now = same[older];
      (repeated.en[now] = repeated.en[now] || []).push(Number(older));
      if (docs[older].title[1] || docs[older].flags & HAS_ZH) { (repeated.zh[now] = repeated.zh[now] || []).push(Number(older)); }
    });
    return { editions: data.editions, docs: docs, words: data.words, synonyms: data.synonyms, written: data.written,
             counts: data.counts, pieces: data.pieces, same: same, moved: d.moved || {}, repeated: repeated,
             untranslated: data.untranslated || 0 };
  }

  /* ---- where a key or a text is --------------------------------------------------------------- */
  /* The piece of a run of keys (or documents) that holds `key`: the last whose first is not after it. */
  function pieceOf(runs, key) {
    var low = 0, high = runs.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (runs[middle][0] <= key) { low = middle; } else { high = middle - 1; }
    }
    return runs.length && runs[low][0] <= key ? runs[low][1] : null;
  }

  /* The piece that holds a document's text (an older one repeating today's: today's), or null. */
  function textPiece(doc) {
    var at = doc in base.same ? base.same[doc] : doc;
    return pieceOf(base.pieces.texts, at);
  }

  /* ---- reading a piece ------------------------------------------------------------------------ */
  var EMPTY = Object.create(null);

  /* Where `key` stands in each document that holds it: {document: [places]}, EMPTY where none, or
   * undefined while its piece has not come. */
  function placesOf(lang, key) {
    if (own.call(postings[lang], key)) { return postings[lang][key]; }
    var piece = pieces[pieceOf(base.pieces[lang], key)];
    if (!piece) { return undefined; }
    var coded = own.call(piece[lang], key) ? piece[lang][key] : "";
    var found = coded ? Object.create(null) : EMPTY, doc = 0;
    if (coded) {
      coded.split(",").forEach(function (entry) {
        var steps = entry.split("."), at = 0;
        doc += parseInt(steps[0], 36);
        found[doc] = steps.slice(1).map(function (step) { at += parseInt(step, 36); return at; });
        (base.repeated[lang][doc] || []).forEach(function (older) { found[older] = found[doc]; });
      });
    }
    postings[lang][key] = found;
    return found;
  }

  /* A document's texts [English, Chinese] (in the languages it has), or undefined while their piece
   * has not come; null for one that has none. */
  function texts(doc) {
    var name = textPiece(doc), piece = name && pieces[name];
    if (!name) { return null; }
    if (!piece) { return undefined; }
    if (!piece.read) {
      piece.read = Object.create(null);
      piece.texts.forEach(function (row) { piece.read[row[0]] = [row[1], row[2]]; });
    }
    var at = doc in base.same ? base.same[doc] : doc, found = piece.read[at];
    if (!found) { return null; }
    var flags = base.docs[doc].flags;
    return at === doc ? found : [flags & HAS_EN ? found[0] : null, flags & HAS_ZH ? found[1] : null];
  }

  /* ---- loading -------------------------------------------------------------------------------- */
  function hold(on) {
    var workers = navigator.serviceWorker;
    if (!workers || !document.querySelector('meta[name="cr-build"]')) { return; }
    workers.getRegistration().then(function (registration) {
      var storing = registration && registration.installing;
      if (storing) { storing.postMessage({ type: on ? "hold" : "go on" }); }
    }).catch(function () {});
  }

  /* Load scripts at once; `done(failed)` with those that did not come. */
  /* A search loads in steps (the base, the places, the texts): the worker goes on only once no
     step has followed for a moment. */
  var AFTER_THE_LAST = 300, release = null;  // ms

  function loadAll(items, done) {
    var left = items.length, failed = [];
    if (!left) { done(failed); return; }
    if (loading++ === 0) {
      if (release) { clearTimeout(release); release = null; } else { hold(true); }
    }
    items.forEach(function (item) {
      CR.loadScript(item.key, item.src, function () {
        if (!item.arrived()) { failed.push(item.key); }
        if (--left === 0) {
          if (--loading === 0) {
            release = setTimeout(function () {
              release = null;
              hold(false);
              window.dispatchEvent(new Event("cr-search-idle"));
            }, AFTER_THE_LAST);
          }
          done(failed);
        }
      });
    });
  }

  function scripts(names) {
    var seen = Object.create(null), items = [];
    names.forEach(function (name) {
      if (!name || pieces[name] || seen[name]) { return; }
      seen[name] = true;
      items.push({ key: "search:" + name, src: CR.root() + FOLDER + name + ".js", arrived: function () { return Boolean(pieces[name]); } });
    });
    return items;
  }

  CR.searchPieces = {
    /* the base, and with it `others` ([key, address] of scripts the search reads besides) */
    loadBase: function (others, done) {
      var items = others.map(function (o) { return { key: o[0], src: o[1], arrived: function () { return Boolean(CR.loaded && CR.loaded[o[0]]); } }; });
      if (!base) { items.push({ key: "search", src: CR.root() + "assets/data/search.js", arrived: function () { return Boolean(base); } }); }
      loadAll(items, done);
    },
    /* the pieces not here yet of these keys ({en: [words], zh: [characters]}) and of these
       documents' texts */
    needed: function (keys, docs) {
      var names = [];
      ["en", "zh"].forEach(function (lang) {
        (keys[lang] || []).forEach(function (key) { if (placesOf(lang, key) === undefined) { names.push(pieceOf(base.pieces[lang], key)); } });
      });
      docs.forEach(function (doc) { if (texts(doc) === undefined) { names.push(textPiece(doc)); } });
      return scripts(names).map(function (item) { return item.key.slice("search:".length); });
    },
    load: function (names, done) { loadAll(scripts(names), done); },
    places: placesOf,
    texts: texts,
    busy: function () { return loading > 0 || release !== null; },
    /* for tests: as if no piece but the base had come (each query then loads only what it asks for) */
    forget: function () {
      pieces = Object.create(null);
      postings = { en: Object.create(null), zh: Object.create(null) };
      Object.keys(CR.loaded || {}).forEach(function (key) { if (key.indexOf("search:") === 0) { delete CR.loaded[key]; } });
    }
  };
})();
