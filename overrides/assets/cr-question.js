/* A query asked as a question, in a whole sentence: "what happens if ...", "can I ...", "how many
 * ...", "what does ... mean", "……会怎样", "……可以……吗", "……是多少", "……是什么意思", "谁……".
 * CR.question(text) says which words are the question's own (they neither rank nor are marked in
 * the results) and what it asks for: a number ("how many", "多少", "几") or what happens ("what
 * happens", "会怎样"); null for a query that is no question (a name, a number, the readers'
 * words), which the search reads as before.
 *
 * Loaded by the search with its data (cr-search.js), never with a page. */
(function () {
  "use strict";
  var CR = (window.CR = window.CR || {});

  /* a question in English: it opens with one of these, or ends with "?" */
  var OPENS = /^(what|whats|how|can|could|may|must|does|do|did|is|are|was|were|will|would|should|who|whom|whose|when|where|why|which|if|am)\b/i;
  /* ...or names where it is asked first: "in Archenemy, who takes the first turn" */
  var AFTER_PLACE = /^(in|during|at|on|for|with|after|before)\b[^?]*?[ ,](what|how|who|when|where|why|which|can|does|do|is|are)\b/i;
  /* the question's own words in English, wherever they stand (the search drops its stop words too) */
  var OWN = Object.create(null);
  ("what whats how can could may must does do did is are was were will would should shall who whom whose when " +
   "where why which am happen happens happened happening if then my me mine our we us they them their there " +
   "this that these those many much get gets got have has had having also still ever even just really actually " +
   "exactly allowed able possible ok okay anything something someone somebody thing things way ways " +
   "go goes going went gone work works worked working mean means meaning")
    .split(" ").forEach(function (w) { OWN[w] = true; });
  /* a question in Chinese: one of these phrases, or 吗, 呢, ？, asks; they are its own words (longest
   * first), and so are 可以, 如果, 的话 and 请问, which do not make a question of a name alone */
  var ASKING_ZH = ["是什么意思", "什么意思", "意思", "含义", "指的是", "是指什么", "指什么", "谁", "会发生什么",
                   "会怎么样", "会怎样", "怎么办", "怎么样", "怎样", "怎么", "为什么", "什么时候", "什么", "是多少", "有多少",
                   "多少", "是几[张个点次位]?", "几[张个点次位]?", "是否", "能否", "可否", "可不可以", "能不能"];
  var OWN_ZH = new RegExp(ASKING_ZH.concat(["可以", "如果", "的话", "请问"]).join("|"), "g");
  var ASKS_ZH = new RegExp(ASKING_ZH.concat(["吗", "呢", "？", "\\?"]).join("|"));
  var NUMBER = /\bhow (many|much|long|often)\b|\bwhat is the (number|total|maximum|minimum|starting|max|min)\b|多少|几/i;
  var OUTCOME = /\bwhat (happens|happened|will happen|occurs)\b|\bwhat if\b|\bthen what\b|会发生什么|会怎么样|会怎样|怎么办/i;

  CR.question = function (text) {
    var han = /[\u3400-\u9fff]/.test(text);
    var asking = han ? ASKS_ZH.test(text) : OPENS.test(text.trim()) || AFTER_PLACE.test(text.trim()) || /\?\s*$/.test(text);
    if (!asking) { return null; }
    var asks = NUMBER.test(text) ? "number" : OUTCOME.test(text) ? "outcome" : null;
    var words = text.replace(OWN_ZH, " ").replace(/[吗呢吧？?]/g, " ").split(/\s+/).filter(function (w) {
      return !(OWN[w.toLowerCase().replace(/[^a-z]/g, "")] && !/[\u3400-\u9fff\d]/.test(w));
    }).join(" ").trim();
    return words ? { text: words, asks: asks } : null;
  };
})();
