/* The site's search: one result per rule, section or glossary term, the answer first.
 *
 * The data (generator/site/search_data.py) comes in pieces (cr-search-pieces.js): the base when a
 * reader opens the search, never with the page; then, for each query, the places of its words and
 * the texts of its results. Each is a script, so it works from file:// too. It needs no build
 * tool's search: the dialog is ours, in Material's header or any other. The results are those the
 * whole texts give (tests/test_search_pieces.py): a document's words are read from where they stand
 * in it (its places), and what the ranking asks of its text besides is in the base (flags).
 *
 * Ranking, best first:
 *   a rule number (702.19c, 702-19c, R70219c) gives that rule;
 *   a query equal to a term, a keyword or a section title (either language, either script, any
 *   case, singular or plural) gives it: the glossary entry, then the rule, then the section (a
 *   query saying more than an entry's name puts the entry after the rules that hold the more);
 *   then documents holding every word of the query (its whole phrase, in its title, and often
 *   ranks higher); then documents holding some of them. A glossary entry of an obsolete term or a
 *   previous system (Paris Mulligan) counts half, but where the query names it.
 * The query is read as typed and in the rules' words, and each result keeps its better rank: the
 * readers' words become the rules' (ETB, CMC, 进场: docs_src/synonyms.yml and the glossary's
 * obsolete names), numbers written out are numbers (seven, 7; 第七层, seventh layer: 层7, layer 7).
 * English words are compared lower case, singular, a verb as its base where the rules write it
 * (suspected: suspect), and a word the rules never use is read as
 * the rules' words one letter away (tramle -> trample) or that it begins. Chinese is cut into the
 * termbase's words (longest first); a piece no rule holds is read as the longest pieces of it that
 * some do (磨牌: 磨, 牌), so words that occur in the rules always find something.
 * One rule is one result: an older edition's rule that is today's (folded, search_data.py) is left
 * out, except to a reader searching from that edition's pages, where that edition comes first; an
 * older rule whose words changed since comes after every rule of the edition searched within. */
(function () {
  "use strict";
  var CR = (window.CR = window.CR || {});
  var KIND = CR.searchDocs.KIND, RULE = KIND.RULE, SECTION = KIND.SECTION, TERM = KIND.TERM;  /* cr-search-pieces.js */
  var LIMIT = 50;
  var SCREENFUL = 10;  /* results whose texts are asked for at once, once the first are shown */
  var FIRST = 3;  /* results whose texts are asked for first: the top of the list, sooner alone */
  var HAN_RUNS = /[\u3400-\u9fff\uf900-\ufaff]+(?:\d+[a-z]?)?/g;  /* with a number the Chinese writes after a word: 层7 */
  var FLAG = CR.searchDocs.FLAG;  /* a document's flags (generator/site/search_index.py) */
  var pieces = CR.searchPieces;  /* cr-search-pieces.js, loaded before this file */
  var index = null;

  /* ---- the index: each document's words, once ------------------------------------------------ */
  /* A word's plain form, so that "cast a spell" finds 601 "Casting Spells": plurals singular,
   * "-ing" dropped where a stem of four letters or more is left (not "during", "thing"). */
  function singular(word) {
    if (word === "dies") { return word; }  /* a creature dies; a die is rolled */
    if (word.length > 4 && /ies$/.test(word)) { return word.slice(0, -3) + "y"; }
    if (word.length > 3 && /[^s]s$/.test(word)) { word = word.slice(0, -1); }
    if (word.length > 6 && /ing$/.test(word)) { return word.slice(0, -3); }
    return word;
  }

  var NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(" ");
  var ORDINALS = "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split(" ");
  var HAN_NUMERALS = "零一二三四五六七八九";

  var STOP = Object.create(null);
  "a an and are as at be by can do does for from how i in is it of on or the to vs versus what when which who why with you your"
    .split(" ").forEach(function (w) { STOP[w] = true; });

  /* a change of power and toughness is one word, "+1/+1" as p1p1 and "-1/-1" as m1m1, never the
     number 1 twice, which every "layer 1" and "1 damage" holds (search_index.py PT_CHANGE) */
  var PT_CHANGE = /(^|[^a-z0-9])([+-])([0-9]+|[a-z])\/([+-])([0-9]+|[a-z])(?![a-z0-9])/g;
  var PT_SIGN = { "+": "p", "-": "m" };
  function ptWord(all, before, s1, a, s2, b) { return before + " " + PT_SIGN[s1] + a + PT_SIGN[s2] + b + " "; }

  function plainWords(text) {
    return (text || "").toLowerCase().replace(/[’']s\b/g, "").replace(PT_CHANGE, ptWord).split(/[^a-z0-9]+/).filter(Boolean);
  }

  /* Each written word in -ed or -ing whose base the rules write too, to that base (exiled, exiling:
   * exile; tapped, tapping: tap; copied: copy), so that "suspect" finds "a suspected creature" and
   * "exiled" the rules that say "exile". Read against the words written, not by the ending alone:
   * "noted" is "note", never "not"; "during" stays. Made from the index's words (search_index.py
   * base_forms); until they have come, none. */
  var bases = Object.create(null);
  function baseForms(written) {
    var known = Object.create(null), found = Object.create(null);
    written.forEach(function (w) { known[w] = true; });
    written.forEach(function (w) {
      var base = possibleBases(w).filter(function (b) { return known[b] || known[b + "s"]; })[0];
      if (base) { found[w] = base; }
    });
    return found;
  }

  function possibleBases(word) {  /* the likeliest first: exiled, exile then exil */
    var found = [];
    if (word.length > 4 && /ied$/.test(word)) { found.push(word.slice(0, -3) + "y"); }
    [["ed", 5], ["ing", 6]].forEach(function (end) {
      if (word.length < end[1] || word.slice(-end[0].length) !== end[0] || /eed$/.test(word)) { return; }
      var stem = word.slice(0, -end[0].length);
      found.push(stem + "e", stem);
      if (stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2] && !/[ls]$/.test(stem)) { found.push(stem.slice(0, -1)); }
    });
    return found;
  }

  /* a word as the search compares it: its base, or else singular */
  function compared(word) { return bases[word] || singular(word); }
  function englishWords(text) { return plainWords(text).map(compared); }

  /* Traditional as Simplified: a pair the map holds as a pair (反覆, the site's 反复; 覆 alone stays,
   * 覆诵), else each character. */
  function toSimplified(text) {
    var map = (CR.maps && CR.maps.t2s) || {}, out = "";
    for (var i = 0; i < text.length; i++) {
      var pair = i + 1 < text.length ? map[text.substr(i, 2)] : null;
      if (pair && pair.length === 2) { out += pair; i++; } else { out += map[text[i]] || text[i]; }
    }
    return out;
  }

  function buildIndex() {
    var data = CR.searchData;
    bases = baseForms(data.written);
    var section = { en: "", zh: "" }, named = null, sectionTitle = null;
    var docs = data.docs.map(function (d, i) {
      var title = d.title;
      if (d.kind === SECTION) {
        section = { en: " " + englishWords(title[0]).join(" ") + " ", zh: title[1] || "" };
        sectionTitle = title;
      }
      if (d.kind === TERM) { section = { en: "", zh: "" }; sectionTitle = null; }
      if (d.kind === RULE && title[0]) { named = { number: d.number, name: title[0].toLowerCase(), en: englishWords(title[0]).join(" ") + " ", zh: title[1] || "", title: title }; }
      /* a rule's context: its section, and the keyword or action whose subrule it is (701.17a, of Sacrifice) */
      var context = section, keyword = null, where = d.kind === RULE ? sectionTitle : null;
      if (d.kind === RULE && named && d.number !== named.number && d.number.indexOf(named.number) === 0 &&
          /^[a-z]$/.test(d.number.slice(named.number.length))) {
        context = { en: section.en + named.en, zh: section.zh + "\n" + named.zh };
        keyword = named;
        where = named.title;
      }
      return {
        i: i, kind: d.kind, url: d.url, number: d.number, edition: d.edition, title: title,
        titleEn: englishWords(title[0]).join(" "), zhTitle: title[1] || "",
        zhStart: title[1] ? 0 : 1,  /* where its Chinese text begins: after its title and a line */
        section: context, folded: Boolean(d.flags & FLAG.FOLDED), keyword: keyword,  /* the keyword or action it is of */
        where: where,  /* the titles of its keyword or else its section, shown beside a rule's number */
        length: d.length, flags: d.flags, boilerplate: Boolean(d.flags & FLAG.BOILERPLATE), named: d.variants
      };
    });
    var total = 0;
    docs.forEach(function (doc) { total += doc.length; });
    var longest = 1;
    var chinese = Object.create(null);
    data.words.forEach(function (w) { chinese[w] = true; longest = Math.max(longest, w.length); });
    var names = Object.create(null);  /* every title, lower case: a name is never read as a question */
    docs.forEach(function (doc) { doc.title.forEach(function (t) { if (t) { names[t.toLowerCase()] = true; } }); });
    docs.forEach(function (doc) { doc.variant = variantOf(doc); });
    var keywords = keywordsOf(docs);
    var variants = variantNames(docs);
    variants.forEach(function (v) { v.zh.forEach(function (name) { chinese[name] = true; }); });  /* 双头巨人 is a word */
    /* English words as the rules write them, and as compared (base or singular) with the number of documents
       that hold each; no prototype: a reader may type "constructor" */
    var written = Object.create(null), vocabulary = Object.create(null), forms = Object.create(null);
    data.written.forEach(function (w) { written[w] = true; forms[compared(w)] = true; });
    Object.keys(forms).sort().forEach(function (w, k) { vocabulary[w] = data.counts[k]; });
    return { docs: docs, variants: variants, keywords: keywords, vocabulary: vocabulary, written: written, spellings: data.written, words: chinese, names: names,
             longest: longest, editions: data.editions, averageLength: total / Math.max(docs.length, 1),
             synonyms: synonymPatterns(data.synonyms), corrected: Object.create(null) };
  }

  /* ---- what a document holds, read from where the query's words stand in it (its places) ------ */
  function placesOf(lang, key, doc) {
    var places = pieces.places(lang, key);
    if (places === undefined) { throw new Error("search: the piece of " + JSON.stringify(key) + " has not come"); }  /* needs() missed it */
    return places[doc.i];
  }

  function has(places, at) { return Boolean(places) && places.indexOf(at) >= 0; }

  /* How many times a document holds an English word (compared form) */
  function count(doc, word) {
    var places = placesOf("en", word, doc);
    return places ? places.length : 0;
  }

  /* Where a run of English words first stands in a document's words (the first word's place), or -1:
     as the whole text's " a b " is found in " " + its words + " " */
  function phraseAt(doc, words) {
    var first = words[0] ? placesOf("en", words[0], doc) : null;
    if (!first) { return -1; }
    for (var k = 0; k < first.length; k++) {
      var at = first[k], all = true;
      for (var j = 1; j < words.length && all; j++) { all = has(placesOf("en", words[j], doc), at + j); }
      if (all) { return at; }
    }
    return -1;
  }

  function holds(doc, phrase) { return phraseAt(doc, phrase.trim().split(" ")) >= 0; }

  /* Where a Chinese string stands in a document's Chinese, left to right, no two overlapping (as
     the whole text is split by it) */
  function zhPlaces(doc, text) {
    var first = placesOf("zh", text[0], doc), found = [], after = 0;
    (first || []).forEach(function (at) {
      if (at < after) { return; }
      for (var j = 1; j < text.length; j++) { if (!has(placesOf("zh", text[j], doc), at + j)) { return; } }
      found.push(at);
      after = at + text.length;
    });
    return found;
  }

  function zhAt(doc, text) { var found = zhPlaces(doc, text); return found.length ? found[0] : -1; }

  /* Whether any document holds a Chinese string */
  function anywhere(text) {
    var first = pieces.places("zh", text[0]);
    if (first === undefined) { throw new Error("search: the piece of " + JSON.stringify(text[0]) + " has not come"); }
    return Object.keys(first).some(function (i) { return zhAt(index.docs[i], text) >= 0; });
  }

  /* A document's own words (a keyword's rule, when two keywords meet), from its texts */
  function wordsOf(doc) {
    if (!doc.words) {
      var set = Object.create(null), texts = pieces.texts(doc.i) || [null, null];
      englishWords(doc.title[0]).concat(englishWords(texts[0])).forEach(function (w) { set[w] = (set[w] || 0) + 1; });
      doc.words = set;
    }
    return doc.words;
  }

  /* What a document states, for a question that asks for it: a number (20 life, seven cards, 七张),
   * or what happens (a state-based action, a player losing, a card put somewhere or ceasing to
   * exist); read from its text when the data was written (search_index.py). */
  var ASKED_BONUS = 120;
  var CLOSEST = 10;  /* results shown for a question that no rule answers in its words */

  function states(doc, asks) { return Boolean(doc.flags & (asks === "number" ? FLAG.NUMBER : FLAG.OUTCOME)); }

  /* A question's score for a document: what the question asks for, stated; the variant it names; a
   * statement rather than a bare title (a section, a keyword's name), and today's rules rather than
   * an older edition's, whose rule is its own only to a reader on that edition's pages. */
  var TITLE_ONLY = 0.8, OLDER = 0.7;
  function answering(doc, score, asked, named, home) {
    if (asked.asks && states(doc, asked.asks)) { score += ASKED_BONUS; }
    score += variantPreference(doc, named);
    if (doc.boilerplate) { score *= BOILERPLATE; }
    if (doc.kind === SECTION || (doc.kind === RULE && !(doc.flags & (FLAG.HAS_EN | FLAG.HAS_ZH)))) { score *= TITLE_ONLY; }
    if (doc.kind !== TERM && doc.edition !== home) { score *= OLDER; }
    return Math.max(score, 1);
  }

  /* A keyword's rule that every keyword has, but for its name ("Lifelink is a static ability.", "The
   * infect rules function no matter what zone ...", "Multiple instances of flanking ... are
   * redundant."): it says nothing a question about this keyword asks, and comes after its other
   * rules. Three or more keywords share its text (search_index.py marks it). */
  var BOILERPLATE = 0.8;
  var NO_LONGER = 0.5;

  /* ---- two keywords together ------------------------------------------------------------------ */
  /* "trample deathtouch", "does lifelink work with infect": two keywords typed together ask where they
   * meet. That is, of the first keyword's rules and the second's, the two that share the rarest words
   * (702.15b and 702.90b: "damage dealt by a source", "See rule 120.3"; 702.12b and 702.2b:
   * "destroyed", "state-based action", "rule 704"); they come first. A rule that only lists
   * keywords (122.1b: "The keywords that a keyword counter can be are flying, first strike, ...")
   * holds both names and says nothing of either, and comes after. */
  var MEETING = 600, LISTED = 0.5;

  /* Each keyword ability's rules (its lettered rules: 702.2a-702.2d of Deathtouch), by its lower-case
   * name; not the keyword actions of 701, whose names are everyday verbs (cast, destroy, play). */
  function keywordsOf(docs) {
    var found = Object.create(null);
    docs.forEach(function (doc) {
      if (!doc.keyword || !/^702\./.test(doc.number)) { return; }
      var name = doc.keyword.name;
      (found[name] = found[name] || { en: " " + doc.keyword.en, zh: doc.keyword.zh, docs: [] }).docs.push(doc);
    });
    return found;
  }

  function namedKeywords(readings) {
    var typed = readings.map(function (q) { return { en: " " + q.enFullName + " ", zh: q.zhWhole }; });
    var names = Object.keys(index.keywords).filter(function (name) {
      var k = index.keywords[name];
      return typed.some(function (q) { return q.en.indexOf(k.en) >= 0 || (k.zh && q.zh.indexOf(k.zh) >= 0); });
    });
    return names.filter(function (name) {  /* "trample over planeswalkers" names that, not trample too */
      var k = index.keywords[name];
      return !names.some(function (other) {
        var o = index.keywords[other];
        return other !== name && (o.en.indexOf(k.en) >= 0 && o.en !== k.en || (k.zh && o.zh.indexOf(k.zh) >= 0 && o.zh !== k.zh));
      });
    });
  }

  /* The rarity of the words two rules share, but for the keywords' own names and stop words. */
  function shared(a, b, own) {
    var sum = 0;
    var bWords = wordsOf(b);
    Object.keys(wordsOf(a)).forEach(function (w) {
      if (bWords[w] && !STOP[w] && !own[w]) {
        sum += inverseFrequency(index.vocabulary[w] || 0);
      }
    });
    return sum;
  }

  /* Whether two keywords met: the question is then answered, whatever else it holds (一起). */
  function meeting(readings, home, results) {
    var names = namedKeywords(readings);
    if (names.length < 2) { return false; }
    var own = Object.create(null);
    names.forEach(function (name) { englishWords(name).forEach(function (w) { own[w] = true; }); });
    var meet = [];
    for (var i = 0; i < names.length; i++) {
      for (var j = i + 1; j < names.length; j++) {
        var best = null;
        meetingRules(names[i], home, readings).forEach(function (a) {
          meetingRules(names[j], home, readings).forEach(function (b) {
            var sum = shared(a, b, own);
            if (!best || sum > best.sum) { best = { sum: sum, docs: [a, b] }; }
          });
        });
        if (best && best.sum > 0) { meet = meet.concat(best.docs); }
      }
    }
    results.forEach(function (r) {
      if (meet.indexOf(r.doc) >= 0) { r.score += MEETING; }
      else if (r.score < 5000 && listsKeywords(r.doc, names)) { r.score *= LISTED; }
    });
    return meet.length > 0;
  }

  /* A keyword's own rules, of the edition searched within, but for what every keyword has. */
  function rulesOf(name, home) {
    return index.keywords[name].docs.filter(function (doc) { return doc.edition === home && !doc.boilerplate; });
  }

  /* Of a keyword's own rules, those a meeting compares: not the rule of a variant of it under a name
   * of its own (702.19c "Trample over planeswalkers is a variant of trample ..."), unless the query
   * names that variant: "deathtouch trample" asks of trample. */
  function meetingRules(name, home, readings) {
    return rulesOf(name, home).filter(function (doc) {
      if (!(doc.flags & FLAG.VARIANT)) { return true; }
      var texts = pieces.texts(doc.i) || [null, null];
      var en = englishWords((texts[0] || "").split(" is a variant of ")[0]).join(" ");
      var zh = (texts[1] || "").split("是")[0].replace(/[“”"]/g, "");
      return readings.some(function (q) {
        return (en && (" " + q.enFullName + " ").indexOf(" " + en + " ") >= 0) || (zh && q.zhWhole.indexOf(zh) >= 0);
      });
    });
  }

  /* A rule that names both keywords among many more (four or more: search_index.py marks it). */
  function listsKeywords(doc, names) {
    var named = function (name) { var k = index.keywords[name]; return holds(doc, k.en) || (k.zh && zhAt(doc, k.zh) >= 0); };
    return Boolean(doc.flags & FLAG.LISTS_KEYWORDS) && names.every(named);
  }

  /* ---- variants and formats: the sections of chapters 8 and 9 ------------------------------------ */
  /* A question that names a variant or a format ("in Archenemy", "双头巨人", "多人游戏") prefers its
   * section; one that names none prefers the rules of the ordinary game to a variant's. */
  var VARIANT_BONUS = 300;
  var OTHER_VARIANT = 150;  /* taken from a variant's rule the question does not name */
  var MULTIPLAYER = { number: "8", en: [" multiplayer ", " multi player "], zh: ["多人"] };
  var VARIANT_SUFFIX = / (variant|option)s?$|玩法$|模式$/;

  /* "810" for a rule, section or glossary entry of a variant's section; "8" for chapter 8's general rules */
  function variantOf(doc) {
    var number = doc.number.split(".")[0];  /* a glossary entry: the rule it points to */
    if (!/^[89]\d\d$/.test(number)) { return null; }
    return /00$/.test(number) ? number[0] : number;
  }

  function variantNames(docs) {
    var found = [MULTIPLAYER], seen = Object.create(null);
    docs.forEach(function (doc) {
      if (doc.kind !== SECTION || !doc.variant || doc.variant.length < 3 || seen[doc.variant]) { return; }
      seen[doc.variant] = true;
      var en = englishWords((doc.title[0] || "").toLowerCase().replace(VARIANT_SUFFIX, "")).join(" ");
      var zh = (doc.title[1] || "").replace(VARIANT_SUFFIX, "");
      found.push({ number: doc.variant, en: en ? [" " + en + " "] : [], zh: zh ? [zh] : [] });
    });
    return found;
  }

  /* The variants a query names, by its words (any reading). */
  function namedVariants(readings) {
    var named = Object.create(null), any = false;
    index.variants.forEach(function (v) {
      var hit = readings.some(function (q) {
        return v.en.some(function (name) { return (" " + q.enFullName + " ").indexOf(name) >= 0; }) ||
          v.zh.some(function (name) { return q.zhWhole.indexOf(name) >= 0; });
      });
      if (hit) { named[v.number] = true; any = true; }
    });
    return any ? named : null;
  }

  /* The variants a document is about: its section's, and those its text names ("In a Two-Headed
   * Giant game, each team's starting life total is 30": 103.4a, of 103 Starting the Game; read from
   * its text when the data was written, search_index.py). */
  function variantsOf(doc) {
    if (!doc.variants) { doc.variants = (doc.variant ? [doc.variant] : []).concat(doc.named); }
    return doc.variants;
  }

  function variantPreference(doc, named) {
    if (named) {
      return variantsOf(doc).some(function (v) { return named[v] || named[v[0]]; }) ? VARIANT_BONUS : 0;
    }
    return doc.variant && doc.variant.length === 3 ? -OTHER_VARIANT : 0;  /* a rule of a variant's own section */
  }

  /* ---- the readers' words: synonyms and numbers written out ------------------------------------ */
  function escaped(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  /* Chinese forms are found anywhere, the longest first; English ones as whole words compared as
   * the search compares words (etbs, plays first), the most words first. */
  function synonymPatterns(pairs) {
    var target = Object.create(null), han = [], latin = Object.create(null);
    pairs.forEach(function (pair) {
      if (/[\u3400-\u9fff]/.test(pair[0])) {
        target[pair[0]] = pair[1];
        han.push(pair[0]);
      } else {
        var words = englishWords(pair[0]);
        (latin[words[0]] = latin[words[0]] || []).push({ words: words, to: pair[1] });
      }
    });
    Object.keys(latin).forEach(function (first) { latin[first].sort(function (a, b) { return b.words.length - a.words.length; }); });
    han.sort(function (a, b) { return b.length - a.length || (a < b ? -1 : 1); });
    return { target: target, han: han.length ? new RegExp(han.map(escaped).join("|"), "g") : null, latin: latin };
  }

  /* 七, 十五, 二十一, or digits: the number, or null. */
  function hanNumber(text) {
    if (/^\d+$/.test(text)) { return +text; }
    var ten = text.indexOf("十");
    if (ten < 0) { return text.length === 1 && HAN_NUMERALS.indexOf(text) >= 0 ? HAN_NUMERALS.indexOf(text) : null; }
    var tens = ten === 0 ? 1 : HAN_NUMERALS.indexOf(text[0]), ones = ten === text.length - 1 ? 0 : HAN_NUMERALS.indexOf(text[ten + 1]);
    return tens < 0 || ones < 0 || text.length > ten + 2 ? null : tens * 10 + ones;
  }

  function englishNumber(word, words) {
    var plain = /^(\d+)(?:st|nd|rd|th)?$/.exec(word);
    if (plain) { return +plain[1]; }
    return words.indexOf(word) >= 0 ? words.indexOf(word) : null;
  }

  /* The layers as the rules name them: 层7 and layer 7, for 第七层, 七层, 层七, seventh layer, 7th layer, layer seven;
   * layer 7c for sublayer 7c. */
  function layers(text) {
    function zh(all, n) { var v = hanNumber(n); return v === null ? all : "层" + v; }
    function en(words) { return function (all, n) { var v = englishNumber(n, words); return v === null ? all : "layer " + v; }; }
    return text.replace(/第?([零一二三四五六七八九十\d]+)层/g, zh).replace(/层([零一二三四五六七八九十]+)/g, zh)
      .replace(/\b(?:sub-?)?layer\s*(\d+[a-d]?)\b/g, "layer $1")  /* sublayer 7c, layer7: Layer 7c, layer 7 */
      .replace(/\b([a-z]+|\d+(?:st|nd|rd|th))\s+layer\b/g, en(ORDINALS))
      .replace(/\blayer\s+([a-z]+)\b/g, en(NUMBERS));
  }

  /* The query in the rules' words, or null where it holds none of the readers' words. */
  function rulesWords(text) {
    var patterns = index.synonyms, lowered = text.toLowerCase().replace(/[’‘]/g, "'");
    var out = layers(lowered), changed = out !== lowered;
    if (patterns.han) {
      out = out.replace(patterns.han, function (form, at, whole) {
        var words = patterns.target[form], inside = words.indexOf(form);
        if (inside >= 0 && whole.substr(at - inside, words.length) === words) { return form; }  /* 坟墓 of 坟墓场 */
        changed = true;
        return /[\u3400-\u9fff]/.test(words) ? words : " " + words + " ";
      });
    }
    out = out.split(new RegExp("(" + HAN_RUNS.source + ")")).map(function (part, i) {  /* 层7 stays one word */
      if (i % 2) { return part; }
      var words = englishWords(part), read = [];
      for (var k = 0; k < words.length;) {
        var hit = (patterns.latin[words[k]] || []).filter(function (form) {
          return form.words.every(function (w, j) { return words[k + j] === w; });
        })[0];
        read.push(hit ? hit.to : words[k]);
        k += hit ? hit.words.length : 1;
        changed = changed || Boolean(hit);
      }
      return read.length ? " " + read.join(" ") + " " : part ? " " : "";  /* words apart stay apart: 磨牌 牌库 */
    }).join("");
    return changed ? out : null;
  }

  /* ---- the query --------------------------------------------------------------------------------- */
  /* Chinese runs cut into known words, longest first; what no word covers stays together. */
  function chineseWords(run) {
    var out = [], rest = "";
    for (var i = 0; i < run.length;) {
      var found = "";
      for (var n = Math.min(index.longest, run.length - i); n > 1; n--) {
        if (index.words[run.substr(i, n)]) { found = run.substr(i, n); break; }
      }
      if (found) {
        if (rest) { out.push(rest); rest = ""; }
        out.push(found);
        i += found.length;
      } else {
        rest += run[i];
        i += 1;
      }
    }
    if (rest) { out.push(rest); }
    return out.length > 1 ? out.filter(function (w) { return w.length > 1 || !FUNCTION_CHAR.test(w); }) : out;
  }
  /* A character alone between known words that only joins or qualifies (的, 在, 能, 时) is no word of
   * the query; one that names (地, 抓, 牌: 使用多个地) is. The particles among them also join a piece
   * of a query to the next (withoutParticles). */
  var PARTICLES = "的了着过和与及或在";
  var FUNCTION_CHAR = new RegExp("^[" + PARTICLES + "是把被将对从为给让也都就而但等之其此该这那个些吗呢吧啊能会可要有没不时中上下里后前到去来说用又还再很最更已每各所以如若则即]$");

  function editDistanceOne(a, b) {
    if (Math.abs(a.length - b.length) > 1 || a === b) { return false; }
    var i = 0, j = 0, edits = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { i++; j++; continue; }
      if (++edits > 1) { return false; }
      if (a.length > b.length) { i++; } else if (a.length < b.length) { j++; } else { i++; j++; }
    }
    return edits + (a.length - i) + (b.length - j) <= 1;
  }

  /* A word the rules never write, as the words they do write one letter away from it (tramle), or
   * else that it begins (mulli): their compared forms, the most used first, three at most. */
  function corrections(plain) {
    if (!index.corrected[plain]) { index.corrected[plain] = nearWords(plain); }  /* asked per word and per reading */
    return index.corrected[plain];
  }

  function nearWords(plain) {
    var near = index.spellings.filter(function (v) { return editDistanceOne(plain, v) && (plain.length > 3 || v.length > 1); });
    if (!near.length && plain.length > 2) { near = index.spellings.filter(function (v) { return v.indexOf(plain) === 0; }); }
    var found = Object.create(null);
    near.forEach(function (v) { if (index.vocabulary[compared(v)]) { found[compared(v)] = true; } });
    return Object.keys(found).sort(function (a, b) { return index.vocabulary[b] - index.vocabulary[a] || (a < b ? -1 : 1); }).slice(0, 3);
  }

  /* Words typed without the space between them (manacost, attackealone, layer7), as the longest
   * words of the rules they hold, left to right; a word that is one already, or near one, stays. */
  function unglued(plain) {
    var letters = /^([a-z]{2,})(\d+[a-z]?)$/.exec(plain);  /* layer7, sublayer7c */
    if (letters && !index.written[plain]) { return [letters[1], letters[2]]; }
    if (plain.length < 6 || index.written[plain] || /\d/.test(plain) || corrections(plain).length) { return [plain]; }
    var pieces = [];
    for (var i = 0; i < plain.length;) {
      var n = plain.length - i;
      while (n > 1 && !index.written[plain.substr(i, n)]) { n--; }
      if (n > 1) { pieces.push(plain.substr(i, n)); }
      i += n > 1 ? n : 1;
    }
    return pieces.length > 1 ? pieces : [plain];
  }

  /* Each English word with the spellings it stands for: a number in words and in digits; itself;
   * or, when the rules never use it and `exact` is not asked, its corrections. */
  function englishTerms(plain, exact) {
    return plain.map(function (p) {
      var w = compared(p), number = englishNumber(w, NUMBERS);
      if (number !== null && number < NUMBERS.length) { return [w, /\d/.test(w) ? NUMBERS[number] : String(number)]; }
      if (exact || index.vocabulary[w] || /\d/.test(w)) { return [w]; }
      var near = corrections(p).slice();
      near.guessed = true;  /* the rules' words for one they never use: no evidence that a rule answers */
      return near.length ? near : [w];
    });
  }

  /* A piece of a query no list holds, without the particles at its ends that only join it to the
   * next (双头巨人的起始生命: 双头巨人, not 双头巨人的); within it they stay (不合法的动作). */
  var PARTICLE_ENDS = new RegExp("^[" + PARTICLES + "]+|[" + PARTICLES + "]+$", "g");
  function withoutParticles(piece) { return piece.length > 2 ? piece.replace(PARTICLE_ENDS, "") || piece : piece; }

  /* A Chinese word no document holds, as the longest pieces of it that some do, left to right. A word
   * of two characters is a name (刹那): its character that only joins words elsewhere (那) is not one
   * of its pieces, or it finds every rule that says 那; in a longer run it may be (要 of 要做). */
  function chinesePieces(word) {
    word = withoutParticles(word);
    if (anywhere(word)) { return [word]; }
    var found = [];
    for (var i = 0; i < word.length;) {
      var n = word.length - i;
      while (n > 1 && !anywhere(word.substr(i, n))) { n--; }
      var piece = word.substr(i, n);
      if (anywhere(piece) && !(word.length === 2 && FUNCTION_CHAR.test(piece))) { found.push(piece); }
      i += n;
    }
    return found;
  }

  /* A query's words. Chinese is `cut` into the pieces some rule holds (chinesePieces), which needs
     the places of its characters; before they have come, a query is read uncut (whole) to know
     which characters it holds. */
  function whole(word) { return [word]; }

  function parseQuery(text, exact, cut) {
    text = toSimplified(text.trim().replace(/\s+/g, " "));
    var han = text.match(HAN_RUNS) || [];
    var zh = [];
    han.forEach(function (run) { chineseWords(run).forEach(function (w) { zh = zh.concat((cut || chinesePieces)(w)); }); });
    var plain = plainWords(text.replace(HAN_RUNS, " "));
    if (!exact) { plain = [].concat.apply([], plain.map(unglued)); }
    var typed = plain.map(compared);
    var all = englishTerms(plain, exact);  /* with the stop words, for names such as "At End of Turn" */
    var kept = all.filter(function (spellings, i) { return !STOP[typed[i]]; });
    var en = kept.length ? kept : all;
    var name = function (terms) { return terms.map(function (spellings) { return spellings[0]; }).join(" "); };
    var pairs = [];  /* neighbouring words, one of them not a stop word: "library with", "with no" */
    for (var i = 1; i < all.length; i++) {
      if (!STOP[typed[i - 1]] || !STOP[typed[i]]) { pairs.push(" " + all[i - 1][0] + " " + all[i][0] + " "); }
    }
    return { zh: zh, zhWhole: han.join(""), en: en, han: han.length > 0, enName: name(en), enFullName: name(all),
             pairs: pairs };
  }

  /* ---- ranking ----------------------------------------------------------------------------------- */
  /* A rule number as judges type it: alone, or named as one ("rule 702.19c", "CR 702.19c", "see rule
   * 704.5j", "规则702.19c", "第702.19c条", "702.19c。"). */
  function numberQuery(text) {
    var cited = CR.readCitation(text), n = CR.readNumber(cited ? cited.number : text);  /* 2024-02-02:702.19c too */
    return n ? CR.numberOf(n) : null;
  }

  /* A number cited with an older edition's date (2023-11-17:723.6, CR 723.6 (2023-11-17)): today's
     rule of that number may be another, so the one result is the go page, which follows the lineage. */
  function citedElsewhere(text) {
    var cited = CR.readCitation(text), n = cited && CR.readNumber(cited.number);
    return n && cited.date !== index.editions[homeEdition()] ? { date: cited.date, number: CR.numberOf(n) } : null;
  }

  function presentCited(cited) {
    said("条结果：" + cited.date + " 版的编号", "result: a number of the " + cited.date + " edition", "1 ");
    var item = list.appendChild(element("li", { "class": "cr-search__result" }));
    var link = item.appendChild(element("a", { href: root() + "go/#" + cited.date + ":" + cited.number, id: "cr-search-0" }));
    link.addEventListener("click", follow);
    var head = link.appendChild(element("span", { "class": "cr-search__head" }));
    head.appendChild(element("span", { "class": "cr-search__number" }, cited.number));
    head.appendChild(element("span", { "class": "cr-search__title" }, cited.date + " 版的这条规则现在何处 Where this rule of " +
      cited.date + " is now"));
    list.removeAttribute("aria-busy");
  }

  var KIND_ORDER = {};
  KIND_ORDER[TERM] = 3; KIND_ORDER[RULE] = 2; KIND_ORDER[SECTION] = 1;

  /* BM25 weight of a word of inverse frequency `idf` found `tf` times in a document of `length` words. */
  function bm25(tf, idf, length) {
    return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / index.averageLength));
  }

  /* The edition searched within: that of the page's rules (the newest elsewhere). */
  function homeEdition() {
    var page = CR.pageInfo && CR.pageInfo();
    var at = page ? index.editions.indexOf(page.getAttribute("data-edition")) : -1;
    return at < 0 ? 0 : at;
  }

  /* Another edition's rule of a number searched for is listed where the lineage makes it the same
     rule as the edition searched within's of that number (both are today's of that number), or
     where that edition has no such number (an older number, labelled): never by number alone. */
  function sameRule(doc, home) {
    if (doc.edition === home) { return true; }
    var own = homeDocs(home)[doc.kind + " " + doc.number];
    return !own || (numberedToday(doc) && numberedToday(own));
  }

  /* The home edition's document of each kind and number, made once for an index and edition. */
  var byNumber = { index: null, home: null, count: 0, docs: null };
  function homeDocs(home) {
    if (byNumber.index !== index || byNumber.home !== home || byNumber.count !== index.docs.length) {
      var docs = Object.create(null);
      index.docs.forEach(function (d) { if (d.edition === home) { docs[d.kind + " " + d.number] = d; } });
      byNumber = { index: index, home: home, count: index.docs.length, docs: docs };
    }
    return byNumber.docs;
  }

  function numberedToday(doc) { return doc.edition === 0 || Boolean(doc.flags & FLAG.SAME_NUMBER_TODAY); }

  function score(doc, q, number, idf, home, asked) {
    if (doc.folded && doc.edition !== home) { return 0; }
    var current = doc.edition === home || doc.kind === TERM ? 1 : 0;
    if (number) {
      return doc.number === number && doc.kind !== TERM && sameRule(doc, home) ? 10000 + current : 0;
    }
    if ((q.enName && !q.zh.length && (doc.titleEn === q.enFullName || doc.titleEn === q.enName)) ||
        (q.zhWhole && !q.en.length && doc.zhTitle === q.zhWhole)) {
      return 5000 + KIND_ORDER[doc.kind] * 10 + current;
    }
    var terms = q.en.length + q.zh.length;
    if (!terms) { return 0; }
    var matched = 0, weight = 0, inTitle = 0, share = 0;
    q.en.forEach(function (spellings, i) {
      var tf = 0;
      spellings.forEach(function (w) { tf += count(doc, w); });
      if (tf) {
        matched++;
        share += idf.en[i];
        weight += bm25(tf, idf.en[i], doc.length);
        if (doc.titleEn && (" " + doc.titleEn + " ").indexOf(" " + spellings[0] + " ") >= 0) { inTitle++; }
      } else if (asked && inContext(doc, spellings)) {
        matched++;
        share += idf.en[i];
        weight += bm25(1, idf.en[i], doc.length) * CONTEXT;
      }
    });
    q.zh.forEach(function (w, i) {
      var tf = zhPlaces(doc, w).length;
      if (tf) {
        matched++;
        share += idf.zh[i];
        weight += bm25(tf, idf.zh[i], doc.length);
        if (doc.zhTitle.indexOf(w) >= 0) { inTitle++; }
      } else if (asked && inContext(doc, w)) {
        matched++;
        share += idf.zh[i];
        weight += bm25(1, idf.zh[i], doc.length) * CONTEXT;
      }
    });
    if (!matched) { return 0; }
    /* a document with some of the words: for a question, as many of them as their rarity weighs (missing
       "player" or 牌手 costs less than missing "deathtouch"); a question has many words, few of them rare */
    var part = 400 * (asked ? share / idf.total : matched / terms);
    var s = (matched === terms ? 1000 : part) + weight * 20;
    if (matched === terms) {
      if (q.en.length > 1 && (holds(doc, q.enName) || holds(doc, q.enFullName))) { s += 150; }
      if (q.zh.length > 1 && zhAt(doc, q.zhWhole) >= 0) { s += 150; }
      if (inTitle === terms) { s += 200 + (doc.kind === TERM ? 50 : 0); }
      /* a rule that begins with the query ("Layer 7: ...", "层7：...") is the one that defines it */
      if (q.en.length && phraseAt(doc, q.enName.split(" ")) === 0) { s += 100; }
      if (q.zhWhole && zhAt(doc, q.zhWhole) === doc.zhStart) { s += 100; }
    }
    q.pairs.forEach(function (pair) { if (holds(doc, pair)) { s += 30; } });
    /* a rule of the section or keyword the query names (903.10a, of 903 Commander, for "commander
       damage"; 701.17a, of Sacrifice, for "sacrifice a creature") */
    var inSection = 0;
    if (doc.kind === RULE) {
      q.en.forEach(function (spellings) { if (doc.section.en.indexOf(" " + spellings[0] + " ") >= 0) { inSection++; } });
      q.zh.forEach(function (w) { if (doc.section.zh.indexOf(w) >= 0) { inSection++; } });
    }
    s += inTitle * 40 + inSection * 60 + current * 30;
    /* a glossary entry answers a query that names its term (all of the query's words in its name);
       for one that says more, it is a definition beside the rules that state the more, and counts
       as a bare title does (a short text, it would otherwise lead on a word or two of its own) */
    return doc.kind === TERM && inTitle < terms ? s * TITLE_ONLY : s;
  }

  /* ---- a question that is a name ------------------------------------------------------------------ */
  /* "how does ward work", "重生是什么意思", "when can i ninjutsu": a name and a question's own words ask
   * what the name's rules say. The rule that says it comes first, before the name's glossary entry
   * (a line, and "See rule 702.21") and its title: the name's own rule where it has a text (903.8 of
   * Commander Tax), else the first of its rules that says more than every keyword does (702.21a
   * "Ward is a triggered ability. Ward [cost] means ...", 702.11b of Hexproof, 721.1 of Monarch). */
  var STATED = 5040;  /* above a name's own documents (5000 and their kind) */
  function statementOf(number, home) {
    var docs = homeDocs(home), start = docs[RULE + " " + number] || docs[SECTION + " " + number];
    for (var i = start ? start.i : index.docs.length; i < index.docs.length; i++) {
      var doc = index.docs[i], rest = doc.number ? doc.number.slice(number.length) : null;
      if (doc.edition !== home || doc.kind === TERM || doc.number.indexOf(number) !== 0 || (rest && !/^[a-z.]/.test(rest))) { return null; }
      if (doc.kind === RULE && doc.flags & (FLAG.HAS_EN | FLAG.HAS_ZH) && !doc.boilerplate) { return doc; }
    }
    return null;
  }

  /* The statements of what a question's name names (its documents of the edition searched within,
   * and its glossary entry's rule where that edition is today's). */
  function namedStatements(named, home) {
    var found = [];
    named.forEach(function (doc) {
      var own = doc.kind === TERM ? home === 0 : doc.edition === home;
      var statement = own && doc.number ? statementOf(doc.number, home) : null;
      if (statement && found.indexOf(statement) < 0) { found.push(statement); }
    });
    return found;
  }

  function statementsFirst(results, home) {
    var named = results.filter(function (r) { return r.score >= 5000 && r.score < 10000; }).map(function (r) { return r.doc; });
    namedStatements(named, home).forEach(function (doc) {
      var found = results.filter(function (r) { return r.doc === doc; })[0];
      if (found) { found.score = Math.max(found.score, STATED); } else { results.push({ doc: doc, score: STATED, order: doc.i }); }
    });
  }

  /* A question's word that a rule does not write but its context does (its section's title, the
   * keyword it is of): 502.1 "First, all phased-in permanents ... phase out" holds "untap step" of
   * "what happens first in the untap step" by its section, 502 Untap Step. Such a word counts as
   * held, at a part of its weight. */
  var CONTEXT = 0.5;
  function inContext(doc, word) {
    if (doc.kind !== RULE) { return false; }
    if (typeof word === "string") { return doc.section.zh.indexOf(word) >= 0; }
    return word.some(function (w) { return doc.section.en.indexOf(" " + w + " ") >= 0; });
  }

  /* The share of a question's words a document holds, as the ranking counts them (in its text or its
   * context); a word read as one the rules use by its spelling is not held. */
  function held(doc, q) {
    var found = q.en.filter(function (spellings) {
      return !spellings.guessed && (spellings.some(function (w) { return count(doc, w); }) || inContext(doc, spellings));
    }).length +
      q.zh.filter(function (w) { return zhAt(doc, w) >= 0 || inContext(doc, w); }).length;
    return found / Math.max(q.en.length + q.zh.length, 1);
  }

  /* BM25's inverse document frequency of a word that `n` documents hold. */
  function inverseFrequency(n) { return Math.log(1 + (index.docs.length - n + 0.5) / (n + 0.5)); }

  /* Each word of the query's inverse document frequency (for BM25), worked out once per query, and
   * their sum. */
  function inverseFrequencies(q) {
    var df = { en: q.en.map(function () { return 0; }), zh: q.zh.map(function () { return 0; }) };
    index.docs.forEach(function (doc) {
      q.en.forEach(function (spellings, i) {
        if (spellings.some(function (w) { return count(doc, w); })) { df.en[i]++; }
      });
      q.zh.forEach(function (w, i) { if (zhAt(doc, w) >= 0) { df.zh[i]++; } });
    });
    var idf = { en: df.en.map(inverseFrequency), zh: df.zh.map(inverseFrequency) };
    idf.total = idf.en.concat(idf.zh).reduce(function (sum, x) { return sum + x; }, 0) || 1;
    return idf;
  }

  /* The query as typed and in the rules' words, its Chinese `cut` (parseQuery). */
  function readingsOf(text, cut) {
    var number = numberQuery(text), home = homeEdition();
    var typed = number || toSimplified(text), rules = number ? null : rulesWords(typed);  /* 规则702.19c: the number alone */
    /* a question is searched for without its own words and prefers what it asks for (cr-question.js);
       not a name that reads like one ("If"), nor one the readers' words make a name ("who goes first") */
    var asked = !number && CR.question && !index.names[typed.trim().toLowerCase()] ? CR.question(typed) : null;
    if (asked && rules !== null && !CR.question(rules)) { asked = null; }
    if (asked) { typed = asked.text; rules = rulesWords(typed); }
    /* where the readers' words gave the rules' words, the typed ones are not corrected (nap: tap) */
    var readings = rules !== null ? [parseQuery(typed, true, cut), parseQuery(rules, false, cut)] : [parseQuery(typed, false, cut)];
    return { number: number, home: home, asked: asked, readings: readings };
  }

  /* What ranking a query needs of the pieces: the places of its English words (and of those beside
   * them, which its pairs and its whole phrase name) and of its Chinese characters; where it names
   * two keywords, their names' and the texts of their rules, whose words the meeting compares. A
   * number needs none: the base has every number. The texts of what certainly comes first (the
   * rule of a number, the documents a name names) come with them. */
  function needs(text) {
    var read = readingsOf(text, whole), en = [], zh = [], texts = [];
    if (read.number) {  /* and its rule's text */
      index.docs.forEach(function (doc) { if (doc.number === read.number && doc.kind !== TERM) { texts.push(doc.i); } });
      return { keys: {}, texts: texts };
    }
    read.readings.forEach(function (q) {
      q.en.forEach(function (spellings) { en = en.concat(spellings); });
      q.pairs.forEach(function (pair) { en = en.concat(pair.trim().split(" ")); });
      if (q.en.length > 1) { en = en.concat(q.enFullName.split(" ")); }
      zh = zh.concat(q.zhWhole.split(""));
    });
    /* and the texts of the documents a name names, which come first (for a question, the rules that
       state what it names): with the places, not after */
    var named = [];
    read.readings.forEach(function (q) {
      index.docs.forEach(function (doc) {
        if (q.en.length && !q.zhWhole ? doc.titleEn === q.enFullName || doc.titleEn === q.enName : q.zhWhole && !q.en.length && doc.zhTitle === q.zhWhole) {
          texts.push(doc.i);
          named.push(doc);
        }
      });
    });
    if (read.asked) { namedStatements(named, read.home).forEach(function (doc) { texts.push(doc.i); }); }
    var names = namedKeywords(read.readings);
    if (names.length > 1) {
      names.forEach(function (name) {
        var k = index.keywords[name];
        en = en.concat(k.en.trim().split(" "));
        zh = zh.concat(k.zh.split(""));
        rulesOf(name, read.home).forEach(function (doc) { texts.push(doc.i); });
      });
    }
    return { keys: { en: en.filter(Boolean), zh: zh }, texts: texts };
  }

  /* The query as typed and in the rules' words; each document ranks by the better of the two. Every
   * piece `needs` names is here. */
  function find(text) {
    var read = readingsOf(text), number = read.number, home = read.home, asked = read.asked, readings = read.readings;
    var rarities = number ? [] : readings.map(inverseFrequencies);
    var results = [], named = asked ? namedVariants(readings) : null;
    index.docs.forEach(function (doc, i) {
      var best = 0;
      readings.forEach(function (q, k) {
        var s = score(doc, q, number, rarities[k], home, asked);
        if (k === 0 && readings.length > 1) {  /* as typed: first among exact names, else after the rules' words */
          s = s >= 5000 ? s + 1 : s * 0.9;
        }
        best = Math.max(best, s);
      });
      if (best > 0 && best < 5000 && asked) { best = answering(doc, best, asked, named, home); }
      /* an obsolete term or a previous system (Paris Mulligan) answers only a query that names it */
      if (best > 0 && best < 5000 && doc.flags & FLAG.NO_LONGER) { best *= NO_LONGER; }
      if (best > 0) { results.push({ doc: doc, score: best, order: i }); }
    });
    if (asked) { statementsFirst(results, home); }
    var met = !number && meeting(readings, home, results);
    var ownNumber = results.some(function (r) { return r.doc.edition === home; });
    var moved = number && home === 0 ? renumbered(number) : [];
    /* a number today's rules still have, which an older edition gave a rule now elsewhere (719.1 of
       2023-11-17, now 720.1: a judge who knew it typed it and read the Case rule with no word):
       that rule too, second */
    var elsewhere = ownNumber ? moved.filter(function (r) { return r.was && r.doc.number !== number; }) : [];
    elsewhere.forEach(function (r) { r.score = 10000; });
    if (ownNumber) { results = results.concat(elsewhere.slice(0, 1)); moved = []; } else if (moved.length) { results = moved; }
    var near = Boolean(number && !results.length);
    if (near) { results = nearest(number, home); }
    /* the edition searched within first, then an older edition's rules whose words have changed
       since (702.37c of 2023-11-17 beside today's), each labelled: never between today's answers */
    results.sort(function (a, b) { return own(b.doc, home) - own(a.doc, home) || b.score - a.score || a.order - b.order; });
    /* a question whose best rule holds not even half of its words: the closest rules, a few, and said so */
    var unanswered = Boolean(asked && !met && results.length && !readings.some(function (q) { return held(results[0].doc, q) >= 0.5; }));
    if (unanswered) { results = results.slice(0, CLOSEST); }
    return { query: readings[readings.length - 1], number: number, results: results, near: near, unanswered: unanswered,
             moved: moved.length ? moved[0].was : null, elsewhere: elsewhere.length ? elsewhere[0] : null };
  }

  /* A number today's rules no longer have, which an older edition's rule had and the lineage
     followed to today's (712.3d of 2023-04-14, now 712.3a): today's rule, and after it the older
     text where its words have changed since (723.6 of 2023-11-17, now 724.6 citing 725). */
  function renumbered(number) {
    var found = [], seen = Object.create(null), data = CR.searchData;
    index.docs.forEach(function (doc) {
      if (doc.number !== number || doc.kind !== RULE) { return; }
      var now = doc.folded ? data.same[doc.i] : data.moved[doc.i];
      if (now === undefined || seen[now]) { return; }
      seen[now] = true;
      found.push({ doc: index.docs[now], score: 10001, order: now, was: doc });
      if (!doc.folded) { found.push({ doc: doc, score: 10000, order: doc.i }); }
    });
    return found;
  }

  function own(doc, home) { return doc.kind === TERM || doc.edition === home ? 1 : 0; }

  /* A number the edition lacks (903.99, 702.19z): the rule it would belong to, its section, and
   * the rules nearest to it in that section. */
  function nearest(number, home) {
    var want = CR.ruleKey(number), found = [];
    index.docs.forEach(function (doc, i) {
      var have = doc.kind !== TERM && doc.edition === home && CR.ruleKey(doc.number);
      if (!have || !want || have[0] !== want[0]) { return; }
      var distance = have[1] === want[1] && !have[2] ? 0 : !have[1] ? 1 :
        2 + Math.abs(have[1] - want[1]) * 30 + Math.abs(have[2] - want[2]);
      found.push({ doc: doc, score: 1000 - distance, order: i });
    });
    return found.sort(function (a, b) { return b.score - a.score || a.order - b.order; }).slice(0, 8);
  }
  /* For tests and the quality bench: the ranked results as [URL, kind ("rule", "section" or
   * "term"), number, English title, Chinese title, edition date]. */
  CR.findRules = function (text) {
    return new Promise(function (resolve, reject) {
      gather(text, function (state) {
        try {
          resolve(state !== READY ? null : find(text).results.slice(0, LIMIT).map(function (r) {
            var d = r.doc;
            return [d.url, ["rule", "section", "term"][d.kind], d.number, d.title[0], d.title[1], index.editions[d.edition]];
          }));
        } catch (error) { reject(error); }
      });
    });
  };

  /* For tests (test_search_pieces.py): the English words a text is read as, which is how the
   * generator reads the rules' texts into their pieces (generator/site/search_index.py). */
  CR.searchWords = englishWords;

  /* ---- the data: the base, then what a query needs (cr-search-pieces.js) ------------------------ */
  /* what the search reads besides the base: the Traditional-to-Simplified map and the questions' reading */
  function others() {
    return [["map:t2s", CR.root() + "assets/data/t2s.js"], ["question", CR.root() + "assets/cr-question.js"]];
  }

  /* Load what ranking `text` needs, then `then(state)`: READY (at once where everything is here),
   * FAILED, or MOVED_ON where `wanted` said, once the base had come, that the query is no longer
   * wanted (a reader typing on: its pieces are not fetched). */
  var READY = "ready", FAILED = "failed", MOVED_ON = "moved on";
  function gather(text, then, wanted) {
    pieces.loadBase(others(), function (failed) {
      if (failed.length || !CR.searchData) { then(FAILED); return; }
      if (wanted && !wanted()) { then(MOVED_ON); return; }
      if (!index) { index = buildIndex(); }
      var need = needs(text), missing = pieces.needed(need.keys, need.texts);
      if (!missing.length) { then(READY); return; }
      pieces.load(missing, function (failed) { then(failed.length ? FAILED : READY); });
    });
  }

  /* ---- the dialog -------------------------------------------------------------------------------- */
  var dialog, input, meta, tips, list;
  var shown = null;  /* the query the results are for (null: none, or what it needed did not come) */

  var element = CR.element, root = CR.root;  /* cr.js, loaded before this file */

  function language(q) {
    var mode = CR.mode();
    if (mode === "en" || mode === "zh") { return mode === "zh" ? 1 : 0; }
    return q.han ? 1 : 0;
  }

  /* Where the sentence holding `at` begins (after the last full stop or semicolon before it), and
   * where the next one after `at` does; `lang` 1 for Chinese, as the snippet's. */
  var SENTENCE_ENDS = [[". ", "; "], ["。", "；"]];
  function sentenceStart(text, at, lang) {
    var before = text.slice(0, Math.max(at, 0)), start = 0;
    SENTENCE_ENDS[lang].forEach(function (end) { var i = before.lastIndexOf(end); if (i >= 0) { start = Math.max(start, i + end.length); } });
    return start;
  }

  function nextSentence(text, at, lang) {
    var next = text.length;
    SENTENCE_ENDS[lang].forEach(function (end) { var i = text.indexOf(end, at); if (i >= 0) { next = Math.min(next, i + end.length); } });
    return next;
  }

  /* A short piece of text around the first match, the query's words marked (as text, never HTML). */
  var LANGS = ["en", "zh-Hans"];  /* a result's texts, by their index (the search's Chinese is Simplified) */
  function snippet(text, q, lang) {
    var p = element("span", { "class": "cr-search__snippet", lang: LANGS[lang] });
    if (!text) { return p; }
    var needles = !q ? [] : (lang ? q.zh : [].concat.apply([], q.en)).filter(Boolean).map(escaped);
    /* an English word is marked whole where a query word begins it ("creatures" for creature), never
       inside another ("card" in "discarded"); Chinese, which has no spaces, wherever it stands */
    var pattern = needles.length ? new RegExp(lang ? "(" + needles.join("|") + ")" : "(\\b(?:" + needles.join("|") + ")[a-z]*)", "i") : null;
    var found = pattern && pattern.exec(text);
    var first = found ? found.index : -1;
    var size = lang ? 80 : 180;  /* characters shown: Chinese ones are about twice as wide */
    var start = Math.max(0, Math.min(first - (lang ? 20 : 50), text.length - size));  /* the window full */
    /* from the start of the match's sentence, where the match still shows; where the window, kept
       full, begins inside the sentence before, from that one's start if the match still shows, else
       from the next sentence's (the window then shorter) */
    var margin = lang ? 20 : 50, sentence = sentenceStart(text, first, lang);
    if (first > 0 && first - sentence <= size - margin) {
      start = Math.max(0, Math.min(sentence, text.length - size));
      var earlier = sentenceStart(text, start + 1, lang);
      if (start < sentence && start > earlier) { start = first - earlier <= size - margin ? earlier : nextSentence(text, start, lang); }
    }
    if (start > 0 && !lang) {  /* English from a word's start: not "…hat creature's" */
      var space = text.indexOf(" ", start - 1);
      if (space >= 0 && (first < 0 || space < first)) { start = space + 1; }
    }
    var piece = (start ? "…" : "") + text.slice(start, start + size) + (start + size < text.length ? "…" : "");
    if (!pattern) { p.textContent = piece; return p; }
    piece.split(pattern).forEach(function (part, i) {
      p.appendChild(i % 2 ? element("mark", {}, part) : document.createTextNode(part));
    });
    return p;
  }

  /* The line over the results, in both languages, each half its own (CR.say). */
  function said(zh, en, before) { meta.textContent = before || ""; meta.appendChild(CR.say(zh, en)); }
  var asking = 0;  /* the latest query's turn: what comes for an earlier one is not shown */
  var gathering = false;  /* a query's pieces are loading: the queries typed meanwhile wait for it */

  /* One line on what did not come: with no connection, that the data is not stored here either. */
  function unreachable() {
    shown = null;  /* searched again at the next event */
    if (navigator.onLine === false) { said("没有网络，搜索数据也未保存在本机", "No connection, and the search data is not stored here"); } else {
      said("搜索数据未能载入，请稍后再试", "The search data could not be loaded; try again later");
    }
    list.removeAttribute("aria-busy");
  }

  /* The results of a query, once its pieces are here; each is shown once its text is here too, in
   * their order: what is shown never moves, the rest comes below it. The list is busy until then.
   * One query's pieces load at a time: those typed meanwhile (a reader typing on) are skipped, but
   * for the last, which loads next. */
  function show(text) {
    var turn = ++asking;
    list.textContent = "";
    tips.hidden = Boolean(text.trim());
    if (!text.trim()) { meta.textContent = ""; list.removeAttribute("aria-busy"); return; }
    list.setAttribute("aria-busy", "true");
    said("正在载入搜索数据…", "Loading the search data…");
    if (gathering) { return; }
    gathering = true;
    gather(text, function (state) {
      gathering = false;
      if (turn !== asking) { show(input.value); return; }
      if (state === FAILED) { unreachable(); return; }
      var cited = citedElsewhere(text);
      if (cited) { presentCited(cited); return; }
      present(find(text), turn);
    }, function () { return turn === asking; });
  }

  function present(found, turn) {
    var lang = language(found.query);
    if (!found.results.length) {
      said("没有找到符合条件的结果", "No results");
      /* a Chinese query, and rules with no Chinese yet (a new release's: 嫌疑 found nothing of Suspect) */
      if (lang === 1 && CR.searchData.untranslated) {
        var n = CR.searchData.untranslated;
        meta.appendChild(document.createTextNode(" · "));
        meta.appendChild(CR.say(n + " 条新规则尚无中文，可用英文搜索", n + " new rules have no Chinese yet: try English"));
      }
      list.removeAttribute("aria-busy");
      return;
    }
    var moved = found.moved && [found.moved.number, index.editions[found.moved.edition], found.results[0].doc.number];
    var other = found.elsewhere && [found.elsewhere.was.number, index.editions[found.elsewhere.was.edition], found.elsewhere.doc.number];
    var line = moved ? [moved[0] + "（" + moved[1] + " 版）现为 " + moved[2], moved[0] + " of " + moved[1] + " is now " + moved[2] + ":"] :
      other ? [other[1] + " 版的 " + other[0] + " 现为 " + other[2] + "（第二条）",
               other[0] + " of " + other[1] + " is now " + other[2] + " (the second):"] :
      found.near ? ["没有规则 " + found.number + "，以下是最接近的规则", "No rule " + found.number + "; the nearest rules:"] :
      found.unanswered ? ["没有规则回答这个问题，以下是最接近的规则", "No rule answers this question in its words; the closest rules:"] :
      found.results.length > LIMIT ?  /* thousands hold a word: no count to read */
      ["最相关的 " + LIMIT + " 条结果", "The " + LIMIT + " most relevant results"] :
      ["条结果", found.results.length === 1 ? "result" : "results", found.results.length + " "];
    var results = found.results.slice(0, LIMIT), next = 0, asked = Object.create(null);
    function more(failed) {
      if (turn !== asking) { return; }
      if (failed && failed.length) { unreachable(); return; }
      for (var texts; next < results.length && (texts = pieces.texts(results[next].doc.i)) !== undefined; next++) {
        /* a rule asked for by number: its text from the start, nothing marked */
        list.appendChild(result(results[next].doc, next, texts, found.number ? null : found.query, lang));
      }
      if (next) { said(line[0], line[1], line[2]); }  /* with the first result */
      if (next === results.length) { list.removeAttribute("aria-busy"); return; }
      /* the texts of the first three, then of the next screenful, best first, each piece once: those
         further down are asked for as these come, and not for a query typed past */
      results.slice(next, next + (next ? SCREENFUL : FIRST)).forEach(function (r) {
        pieces.needed({}, [r.doc.i]).forEach(function (name) {
          if (!asked[name]) { asked[name] = true; pieces.load([name], more); }
        });
      });
    }
    more();
  }

  function result(doc, i, texts, query, lang) {
    var item = element("li", { "class": "cr-search__result" });
    var link = element("a", { href: root() + doc.url, id: "cr-search-" + i });
    var head = element("span", { "class": "cr-search__head" });
    if (doc.number && doc.kind !== TERM) { head.appendChild(element("span", { "class": "cr-search__number" }, doc.number)); }
    if (doc.kind === TERM) { head.appendChild(element("span", { "class": "cr-search__kind" }, CR.say("术语", "Glossary"))); }
    /* the title in the languages the reader chose, each part tagged with its language (a screen
       reader speaks it in that language's voice) */
    var mode = CR.mode(), order = mode === "zh" ? [1, 0] : [0, 1];  /* one language: the other where it has none */
    /* a rule with no title of its own is placed by its keyword's or section's (704.5m · State-Based
       Actions): a new player's review read numbers and snippets and could not tell where they were */
    var titles = doc.title[0] || doc.title[1] || !doc.where ? doc.title : doc.where;
    var parts = order.filter(function (k) { return titles[k]; }).slice(0, mode === "en" || mode === "zh" ? 1 : 2);
    if (parts.length) {
      var title = head.appendChild(element("span", { "class": titles === doc.title ? "cr-search__title" : "cr-search__where" }));
      parts.forEach(function (k, at) {
        if (at) { title.appendChild(document.createTextNode(" ")); }
        title.appendChild(element("span", { lang: LANGS[k] }, titles[k]));
      });
    }
    if (doc.edition !== 0) {
      head.appendChild(element("span", { "class": "cr-search__edition" }, index.editions[doc.edition] + " 版 edition"));
    }
    link.appendChild(head);
    var body = texts && (texts[lang] || texts[1 - lang]);
    if (body) { link.appendChild(snippet(body, query, texts[lang] ? lang : 1 - lang)); }
    /* a glossary entry whose Chinese definition is another's (Provoke's under 灵技): said where the
       Chinese is shown, as the glossary says it (an L2 candidate's review read it as the answer) */
    if (doc.flags & FLAG.SWAPPED && (texts && texts[1]) && CR.mode() !== "en") {
      link.appendChild(CR.say("这里的中文释义属于另一词条（两条写反了）", "Its Chinese definition is another entry's: the two are swapped")).className = "cr-search__warn";
    }
    link.addEventListener("click", follow);
    item.appendChild(link);
    return item;
  }

  /* A result followed: a full load, the same with every builder. It takes the place of the search's
     history entry: Back from it comes to the page the search was opened on, once (cr-back.js). */
  function follow(event) {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button) { return; }
    event.preventDefault();
    var entry = CR.forgetBack(hideSearch), href = event.currentTarget.href;
    close();
    if (entry) { location.replace(href); } else { location.href = href; }
  }

  /* Results are rebuilt only when the query changed: a `change` event as the box loses focus (a
   * tap on a result) must not replace the result being tapped, or the tap becomes no click. */
  function run() {
    if (input.value === shown) { return; }
    shown = input.value;
    remember(shown);
    show(shown);
  }

  /* The last query, for the tab's session: the search opens with it again on the next page, so that
   * Back from a result and the search give the next result (a new player typed the question again). */
  var RECALLED = "cr-search";
  function remember(text) { try { sessionStorage.setItem(RECALLED, text); } catch (e) { /* private mode */ } }
  function recalled() { try { return sessionStorage.getItem(RECALLED) || ""; } catch (e) { return ""; } }

  /* What the search takes, under an empty box: a question in either language, a term, a number (a new
   * player's review: nothing said it answers questions). Each is a tap away. */
  var EXAMPLES = ["践踏和死触怎么分配伤害", "what happens if I draw from an empty library", "召唤失调", "702.19c"];
  function examples() {
    var tips = element("p", { "class": "cr-search__tips" }, CR.say("试试", "Try:"));
    tips.appendChild(document.createTextNode(" "));
    EXAMPLES.forEach(function (example) {
      var tip = tips.appendChild(element("button", { type: "button", "class": "cr-search__tip" }, example));
      tip.addEventListener("click", function () {
        CR.inScript(example, function (query) { input.value = query; run(); input.focus(); });
      });
    });
    return tips;
  }

  var opener = null;  /* what had the focus: it has it back when the search closes */

  /* Open the search; `query` (a string) is put in its box and searched for. */
  function open(query) {
    pieces.loadBase(others(), function () {});  /* while the dialog opens and the reader types */
    build();
    if (dialog.hidden) {
      opener = document.activeElement !== document.body ? document.activeElement : null;
      /* Back closes it, as a phone's Back closes a dialog (cr-back.js); its entry once the tap that
         opened it has closed what it closes elsewhere (a rule's panel), which is not under it */
      setTimeout(function () { if (!dialog.hidden) { CR.holdBack(hideSearch); } }, 0);
    }
    /* in the script the reader reads (the home page's example asks in Simplified: a Traditional reader's review) */
    if (typeof query === "string") {
      input.value = query;
      CR.inScript(query, function (shown) { if (input.value === query && shown !== query) { input.value = shown; run(); } });
    } else if (!input.value) { input.value = recalled(); }
    dialog.hidden = false;
    document.documentElement.classList.add("cr-search-open");
    input.focus();
    input.select();
    run();
  }

  /* Closed by its ×, Escape or a tap beside it: its history entry is taken back, and the focus
     goes back once that traversal has come. */
  function close() {
    if (!dialog || dialog.hidden) { return; }
    var back = hideSearch();
    CR.releaseBack(hideSearch, back ? function () { back.focus({ preventScroll: true }); } : null);
  }

  /* Closed (by Back, its entry gone already, or by close): the focus goes back to what had it. */
  function hideSearch() {
    dialog.hidden = true;
    document.documentElement.classList.remove("cr-search-open");
    var back = opener && opener.isConnected ? opener : document.querySelector(".cr-search-button");
    opener = null;
    if (back) { back.focus({ preventScroll: true }); }
    return back;
  }

  function build() {
    if (dialog) { return; }
    dialog = element("div", { "class": "cr-search", role: "dialog", "aria-modal": "true",
                              "aria-label": "搜索规则 Search the rules" });
    dialog.hidden = true;
    var panel = element("div", { "class": "cr-search__panel" });
    var box = element("div", { "class": "cr-search__box" });
    /* what the keys do, said to a screen reader after the box's name (an accessibility review: nothing
       told that ArrowDown goes into the results) */
    var hint = element("p", { id: "cr-search-hint", hidden: "" },
      "按↓进入结果，回车打开第一个。ArrowDown goes into the results; Enter opens the first.");
    input = element("input", { type: "search", "class": "cr-search__input", autocomplete: "off", spellcheck: "false",
                               "aria-label": "搜索规则、术语或编号 Search rules, terms or numbers",
                               "aria-describedby": "cr-search-hint", "aria-controls": "cr-search-results",
                               placeholder: "搜索规则、术语或编号 Search rules, terms, 702.19c" });
    var shut = element("button", { type: "button", "class": "cr-search__close", "aria-label": "关闭搜索 Close the search" }, "×");
    meta = element("p", { "class": "cr-search__meta", role: "status" });
    list = element("ol", { "class": "cr-search__results", id: "cr-search-results", "aria-label": "搜索结果 Results" });
    box.appendChild(hint);
    box.appendChild(input);
    box.appendChild(shut);
    panel.appendChild(box);
    panel.appendChild(meta);
    tips = panel.appendChild(examples());
    panel.appendChild(list);
    dialog.appendChild(panel);
    document.body.appendChild(dialog);
    /* any way text arrives searches: typing, an input method's composition, paste, dictation */
    input.addEventListener("input", function (event) { if (!event.isComposing) { run(); } });
    input.addEventListener("compositionend", run);
    input.addEventListener("paste", function () { setTimeout(run, 0); });
    input.addEventListener("change", run);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.isComposing) {
        var first = list.querySelector("a");
        if (first) { event.preventDefault(); first.click(); }
      } else if (event.key === "ArrowDown") {
        var link = list.querySelector("a");
        if (link) { event.preventDefault(); link.focus(); }
      }
    });
    list.addEventListener("keydown", function (event) {
      var item = event.target.closest("li");
      if (!item) { return; }
      var next = event.key === "ArrowDown" ? item.nextElementSibling : event.key === "ArrowUp" ? item.previousElementSibling : undefined;
      if (next === undefined) { return; }
      event.preventDefault();
      if (next) { next.querySelector("a").focus(); } else if (event.key === "ArrowUp") { input.focus(); }
    });
    shut.addEventListener("click", close);
    dialog.addEventListener("click", function (event) { if (event.target === dialog) { close(); } });
    document.addEventListener("keydown", keepWithin, true);
  }

  /* A modal dialog: while it is open, Escape closes it wherever the focus is, and Tab goes round
   * its box, close button and results, never to the page behind it. */
  function keepWithin(event) {
    if (!dialog || dialog.hidden) { return; }
    if (event.key === "Escape") { event.preventDefault(); close(); return; }
    if (event.key !== "Tab") { return; }
    var stops = [input, dialog.querySelector(".cr-search__close")]
      .concat([].slice.call(tips.hidden ? [] : tips.querySelectorAll("button")), [].slice.call(list.querySelectorAll("a")));
    var at = stops.indexOf(document.activeElement);
    var next = at < 0 ? 0 : (at + (event.shiftKey ? stops.length - 1 : 1)) % stops.length;
    event.preventDefault();
    stops[next].focus();
  }

  function button() {
    if (document.querySelector(".cr-search-button")) { return; }
    var open_ = element("button", { type: "button", "class": "cr-search-button", "aria-haspopup": "dialog",
                                     "aria-label": "搜索 Search", title: "搜索 Search (/)" });
    open_.innerHTML = '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">' +
      '<path fill="currentColor" d="M9.5 3a6.5 6.5 0 0 1 5.2 10.4l5.4 5.4-1.4 1.4-5.4-5.4A6.5 6.5 0 1 1 9.5 3m0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"/></svg>' +
      '<span class="cr-search-button__label">搜索 Search</span>';
    open_.addEventListener("click", open);
    open_.addEventListener("pointerdown", function () { pieces.loadBase(others(), function () {}); });  /* as the tap begins */
    var header = document.querySelector(".md-header__inner");
    if (header) {
      header.insertBefore(open_, header.querySelector(":scope > .cr-display"));
    } else {
      open_.classList.add("cr-search-button--floating");
      document.body.appendChild(open_);
    }
  }

  /* "/" and Ctrl+K open the search. The theme's own single keys (n, p, comma, full stop: the next
   * or previous page; s: its search) are not kept: pressed on a link they left the reader's chapter. */
  window.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (typing || event.altKey || event.metaKey) { return; }
    if (event.key === "/" || (event.key === "k" && event.ctrlKey)) {
      event.preventDefault();
      event.stopPropagation();
      open();
    } else if (!event.ctrlKey && /^[nps,.]$/.test(event.key)) {
      event.stopPropagation();
    }
  }, true);

  /* An address with a search in it (`?q=trample`, `cr/7/?q=死触`) opens the search with those words:
   * a search a judge shares or bookmarks, or a browser's site search (…/?q=%s). */
  function init() {
    button();
    close();
    var query = askedInAddress();
    if (query) { open(query); }
  }

  function askedInAddress() {
    var asked = /[?&]q=([^&#]*)/.exec(location.search), words = asked ? asked[1].replace(/\+/g, " ") : "";
    try { words = decodeURIComponent(words); } catch (e) { /* a % not followed by a code: the words as they are */ }
    return words.trim();
  }
  CR.openSearch = open;

  CR.onPage(init);  /* cr.js, loaded before this file */
})();
