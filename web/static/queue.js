/* The phone's queue of actions: every write waits here (localStorage) until the journal has stored it.
 *
 * An action is {key, path, body, label, at}: its Idempotency-Key is drawn once, when the player acts, and
 * re-sent unchanged on every attempt, so an answer lost on the way (or a page reloaded mid-send) never
 * records an action twice.  Actions go out one at a time, in the order they were made.  A network failure
 * keeps the action (and those after it) waiting; they are sent again when the browser says it is online,
 * every few seconds, and when the page starts.  An HTTP answer ends the action: stored (2xx) or refused
 * (4xx, said once, not retried); a server that cannot answer now (5xx) is tried again later.
 * The queue is kept per campaign and member (the token's), so a phone shared by two players never sends
 * one's action with the other's token.
 */
(function () {
  "use strict";

  var RETRY_MS = 3000;

  function actionKey() {
    if (window.crypto.randomUUID) return window.crypto.randomUUID();
    return Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(16)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  function Failure(message, kind, status) { this.message = message; this.kind = kind; this.status = status; }

  /** A queue over ``storage`` under ``name``; ``token()`` gives the bearer token to send with. */
  function Queue(name, token, listener) {
    this.name = name;
    this.token = token;
    this.listener = listener || function () {};
    this.waiting = {};    // key -> {resolve, reject} of actions made in this page's life
    this.sending = false;
    this.unreachable = false;  // the last try found no server: the queue waits for the connection until one lands
    this.timer = null;
    var self = this;
    this.onOnline = function () { self.flush(); };
    window.addEventListener("online", this.onOnline);
  }

  Queue.prototype.items = function () {
    try { return JSON.parse(localStorage.getItem(this.name) || "[]"); } catch (e) { return []; }
  };

  Queue.prototype.save = function (items) {
    localStorage.setItem(this.name, JSON.stringify(items));
    this.listener("changed", items);
  };

  /** Queue one action; the promise settles when it is stored (the answer) or refused (a Failure). */
  Queue.prototype.add = function (path, body, label) {
    var item = { key: actionKey(), path: path, body: body === undefined ? null : body, label: label || path,
                 at: new Date().toISOString() };
    var self = this;
    var settled = new Promise(function (resolve, reject) { self.waiting[item.key] = { resolve: resolve, reject: reject }; });
    var items = this.items();
    items.push(item);
    this.save(items);
    this.flush();
    return settled;
  };

  Queue.prototype.remove = function (key) {
    this.save(this.items().filter(function (i) { return i.key !== key; }));
  };

  Queue.prototype.later = function () {
    var self = this;
    if (this.timer) return;
    this.timer = setTimeout(function () { self.timer = null; self.flush(); }, RETRY_MS);
  };

  /** Send the waiting actions, oldest first, until one cannot reach the server. */
  Queue.prototype.flush = function () {
    if (this.sending) return;
    var items = this.items();
    if (!items.length) return;
    var item = items[0];
    var self = this;
    this.sending = true;
    this.listener("sending", items);
    var init = { method: "POST", headers: { "Authorization": "Bearer " + this.token(), "Idempotency-Key": item.key,
                                            "Accept-Language": document.documentElement.lang || "en" } };
    if (item.body !== null) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(item.body);
    }
    fetch(item.path, init).then(function (response) {
      return response.text().then(function (text) {
        var answer = null;
        try { answer = text ? JSON.parse(text) : null; } catch (e) { answer = null; }
        if (response.status >= 500) throw new Error("HTTP " + response.status);
        self.unreachable = false;
        self.remove(item.key);
        var waiter = self.waiting[item.key];
        delete self.waiting[item.key];
        if (response.ok) {
          self.listener("stored", item, answer);
          if (waiter) waiter.resolve(answer);
        } else {
          var problem = new Failure(answer && answer.error ? answer.error : "HTTP " + response.status,
                                    answer && answer.kind, response.status);
          self.listener("refused", item, problem);
          if (waiter) waiter.reject(problem);
        }
        self.sending = false;
        self.flush();
      });
    }).catch(function () {
      self.sending = false;
      self.unreachable = true;
      self.listener("offline", self.items());
      self.later();
    });
  };

  Queue.prototype.close = function () {
    window.removeEventListener("online", this.onOnline);
    clearTimeout(this.timer);
    this.timer = null;
  };

  window.JournalQueue = { Queue: Queue, Failure: Failure };
})();
