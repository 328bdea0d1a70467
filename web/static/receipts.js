/* The member's receipts on this device: the journal's signed chain heads, kept in localStorage and checked.
 *
 * After sign-in, and whenever the live stream shows the campaign moving (at most every few seconds), the
 * page fetches GET /api/receipt and keeps it under the campaign and the member: the first receipt for
 * ever and the last 20 (a receipt of a version already kept with the same hash adds nothing; one with
 * another hash is kept beside it, the evidence of a fork).  On sign-in and with "check my receipts" it
 * posts them to POST /api/receipts/check and says in one line "your N receipts match", or, per receipt
 * that no longer holds, what broke: truncated (the chain now ends before it), forked (this device was
 * shown two histories for its version) or rewritten.  The first receipt's public key is pinned: a later
 * receipt signed by another key is named.  What this trusts: the server answering the check
 * (docs/security.md); `journal verify --receipt` checks the downloaded receipts against a copy of the
 * database instead.  Text from the journal is set with textContent only; strings go through t().
 */
(function () {
  "use strict";

  /** The receipts kept besides the first. */
  var KEEP = 20;
  /** At least this many milliseconds between two fetches of the receipt. */
  var EVERY = 2000;

  function t(s) { return window.t ? window.t(s) : s; }
  function f(template, values) {
    return t(template).replace(/\{(\w+)\}/g, function (all, name) { return name in values ? String(values[name]) : all; });
  }
  function $(id) { return document.getElementById(id); }

  var ctx = { me: null, token: null, key: null, timer: null, last: 0, moved: false };

  function storageKey(me) { return "journal.receipts:" + me.campaign + ":" + me.me.name; }

  /** The receipts this device keeps for the signed-in member (oldest first). */
  function kept() {
    try {
      var value = JSON.parse(localStorage.getItem(ctx.key) || "[]");
      return Array.isArray(value) ? value : [];
    } catch (e) { return []; }
  }

  /** Keep ``receipt``: the first and the last KEEP; a version already kept with that hash adds nothing. */
  function keep(receipt) {
    var list = kept();
    if (list.some(function (r) { return r.version === receipt.version && r.hash === receipt.hash; })) return list;
    list.push(receipt);
    if (list.length > KEEP + 1) list = [list[0]].concat(list.slice(list.length - KEEP));
    localStorage.setItem(ctx.key, JSON.stringify(list));
    return list;
  }

  /** The page's language (forms.js chose it), which the server writes its answers in (web/language.py), as app.js sends it. */
  function language() {
    return (window.JournalForms && window.JournalForms.language()) || document.documentElement.lang || "en";
  }

  function request(path, init) {
    init.headers = Object.assign({ "Authorization": "Bearer " + ctx.token, "Accept-Language": language() },
                                 init.headers || {});
    return fetch(path, init).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error(body && body.error ? body.error : "HTTP " + response.status);
        return body;
      });
    });
  }

  /** Say when a kept receipt carries another key than the first one kept (the pinned key). */
  function showKey(list) {
    var node = $("receipts-key");
    var pinned = list.length ? list[0].public_key : null;
    var other = list.filter(function (r) { return r.public_key !== pinned; })[0];
    node.hidden = !other;
    node.textContent = other ? f("the journal's key changed: your first receipt was signed by {first}…, the one of {point} by {other}…",
      { first: pinned.slice(0, 16), point: window.JournalForms.eventNumber(other.version), other: other.public_key.slice(0, 16) }) : "";
    if (other) node.dataset.key = other.public_key; else delete node.dataset.key;
  }

  /** Fetch the campaign's current receipt and keep it. */
  function fetchReceipt() {
    ctx.last = Date.now();
    var token = ctx.token;
    return request("/api/receipt", { method: "GET" }).then(function (receipt) {
      if (token !== ctx.token) return;
      showKey(keep(receipt));
      $("receipts-panel").dataset.kept = String(kept().length);
    }, function () { /* no key yet, or offline: what is kept stays */ });
  }

  /** Fetch the receipt once the campaign moved, at most every EVERY ms (a burst of events is one fetch). */
  function moved() {
    if (ctx.timer || !ctx.token) return;
    ctx.timer = setTimeout(function () {
      ctx.timer = null;
      fetchReceipt();
    }, Math.max(300, ctx.last + EVERY - Date.now()));
  }

  /** What broke for a receipt that no longer holds: truncated, forked or rewritten. */
  function kind(receipt, list, head) {
    if (receipt.version > head) return "truncated";
    var twin = list.some(function (r) { return r.version === receipt.version && r.hash !== receipt.hash; });
    return twin ? "forked" : "rewritten";
  }

  var WORDS = { truncated: "truncated", forked: "forked", rewritten: "rewritten" };

  /** Post the kept receipts to the check and show its one line (and a line per receipt that broke). */
  function check() {
    var list = kept();
    var status = $("receipts-status");
    var broken = $("receipts-broken");
    var token = ctx.token;
    showKey(list);
    if (!list.length) {
      broken.textContent = "";
      status.dataset.state = "none";
      status.textContent = t("no receipt kept on this device yet");
      return Promise.resolve();
    }
    status.dataset.state = "checking";
    status.textContent = t("checking your receipts…");
    return Promise.all([
      request("/api/receipts/check", { method: "POST", headers: { "Content-Type": "application/json" },
                                       body: JSON.stringify(list) }),
      request("/api/events?limit=1&after=" + Math.max.apply(null, list.map(function (r) { return r.version; })), { method: "GET" }),  // the chain's head now
    ]).then(function (answers) {
      if (token !== ctx.token) return;
      var results = answers[0].results || [];
      var head = answers[1].head;
      broken.textContent = "";
      var bad = 0;
      results.forEach(function (result, i) {
        if (result.ok) return;
        bad += 1;
        var receipt = list[i] || {};
        var what = kind(receipt, list, head);
        var line = document.createElement("li");
        line.dataset.test = "receipt-broken";
        line.dataset.version = String(receipt.version);
        line.dataset.kind = what;
        line.textContent = f("your receipt of {point} no longer holds: {what}",
          { point: window.JournalForms.eventNumber(receipt.version), what: t(WORDS[what]) });
        var why = document.createElement("span");
        why.className = "muted";
        why.dataset.test = "receipt-problem";
        why.textContent = " (" + (result.problem || "") + ")";
        line.appendChild(why);
        broken.appendChild(line);
      });
      status.dataset.state = bad ? "broken" : "match";
      status.dataset.count = String(list.length);
      status.textContent = bad ? f("{bad} of your {n} receipts no longer hold", { bad: bad, n: list.length })
                               : f("your {n} receipts match", { n: list.length });
    }, function (problem) {
      if (token !== ctx.token) return;
      status.dataset.state = "error";
      status.textContent = t("your receipts could not be checked") + " (" + problem.message + ")";
    });
  }

  document.addEventListener("journal:signedin", function (signal) {
    var me = signal.detail.me;
    ctx.me = me;
    ctx.token = signal.detail.token;
    ctx.key = storageKey(me);
    clearTimeout(ctx.timer);
    ctx.timer = null;
    $("receipts-broken").textContent = "";
    fetchReceipt().then(check);  // the current receipt joins what the device kept, then all are checked
  });
  document.addEventListener("journal:event", function () { moved(); });
  document.addEventListener("journal:signedout", function () {
    clearTimeout(ctx.timer);
    ctx.timer = null;
    ctx.token = null;
    ctx.me = null;
  });
  document.addEventListener("DOMContentLoaded", function () {
    $("receipts-check").addEventListener("click", function () { if (ctx.token) check(); });
  });
})();
