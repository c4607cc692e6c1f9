/* A stand-in for Web Workers on pages opened from file://, where Chromium refuses to start a
 * worker from a file. The worker's script runs in a hidden iframe of the same page instead, and
 * messages cross between the two as events. Enough for Material's search worker, which imports no
 * further scripts when the search language is English only, and for Zensical's.
 * (Its file name contains "iframe-worker", so Material's offline plugin adds no CDN shim.) */
(function () {
  "use strict";
  if (location.protocol !== "file:") { return; }

  function FrameWorker(url) {
    var target = document.createDocumentFragment();
    var self = this, queue = [], ready = false;
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    (document.body || document.documentElement).appendChild(frame);
    var scope = frame.contentWindow;
    /* The worker's global postMessage sends to this object's listeners. */
    /* Messages are delivered later, never inside the sender's call, as with a real worker. */
    scope.postMessage = function (data) {
      data = copy(data);
      setTimeout(function () {
        var event = new MessageEvent("message", { data: data });
        if (typeof self.onmessage === "function") { self.onmessage(event); }
        self.dispatchEvent(event);
      }, 0);
    };
    scope.importScripts = function () {
      throw new Error("importScripts is not available in the file:// worker stand-in");
    };
    var script = scope.document.createElement("script");
    script.src = new URL(url, location.href).href;
    script.onload = function () {
      ready = true;
      queue.splice(0).forEach(function (data) { self.postMessage(data); });
    };
    scope.document.head.appendChild(script);
    this.postMessage = function (data) {
      data = copy(data);
      if (!ready) { queue.push(data); return; }
      setTimeout(function () { scope.dispatchEvent(new MessageEvent("message", { data: data })); }, 0);
    };
    this.terminate = function () { frame.remove(); };
  }

  /* A real worker gets a copy of each message, never the sender's object: Zensical's search
   * changes objects it has posted, which, shared, emptied the search box while one typed. */
  function copy(data) {
    return typeof structuredClone === "function" ? structuredClone(data) : JSON.parse(JSON.stringify(data));
  }

  window.Worker = FrameWorker;
})();
