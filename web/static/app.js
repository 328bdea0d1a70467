/* The table page: a token, the live timeline, a sheet at any point, the system's panels and the disputes.
 *
 * Plain browser JavaScript, no build step and nothing loaded from elsewhere.  Every request carries the
 * token as a Bearer header (the event stream as ?token=, since EventSource cannot send headers); the
 * server names the campaign and the actor from it.  Text from the journal is only ever set with
 * textContent, never parsed as HTML.
 */
(function () {
  "use strict";

  var TOKEN_KEY = "journal.token";
  var CHARACTER_KEY = "journal.character";
  var HISTORY = 200;        // events of history the timeline starts with
  var KEEP = 500;           // events the timeline keeps on screen
  var FINAL = /^(campaign\.|member\.|session\.(started|ended)$|dispute\.|correction\.)/;

  var state = {
    token: null, me: null, head: 0, stream: null, asOf: null, character: null,
    seen: {}, audits: {}, timer: null, pending: {}, sheetRequest: 0, sheetShown: null, disputeNodes: {},
  };

  function $(id) { return document.getElementById(id); }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "text") node.textContent = attrs[key];
      else if (key === "className") node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  // -- errors and requests ----------------------------------------------------------------------

  function showError(message) {
    var line = $("error");
    line.textContent = message;
    line.hidden = false;
  }

  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
  }

  function ApiError(message, kind, status) {
    this.message = message; this.kind = kind; this.status = status;
  }

  function api(path, options) {
    options = options || {};
    var init = { method: options.method || "GET", headers: { "Authorization": "Bearer " + state.token } };
    if (options.body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    return fetch(path, init).then(function (response) {
      return response.text().then(function (text) {
        var body = null;
        try { body = text ? JSON.parse(text) : null; } catch (e) { body = null; }
        if (!response.ok) {
          var message = body && body.error ? body.error : "HTTP " + response.status + " " + response.statusText;
          throw new ApiError(message, body && body.kind, response.status);
        }
        return body;
      });
    }, function (problem) {
      throw new ApiError("the journal server cannot be reached (" + problem.message + ")", "network", 0);
    });
  }

  function report(problem) {
    showError(problem && problem.message ? problem.message : String(problem));
    if (problem && problem.status === 401) stopStream();
  }

  function query(params) {
    var parts = [];
    Object.keys(params).forEach(function (key) {
      if (params[key] !== null && params[key] !== undefined && params[key] !== "") {
        parts.push(encodeURIComponent(key) + "=" + encodeURIComponent(params[key]));
      }
    });
    return parts.length ? "?" + parts.join("&") : "";
  }

  // -- values for people ------------------------------------------------------------------------

  /** A value for people: lists of records one per line, a record as "field: value, ...". */
  function text(value, nested) {
    if (value === null || value === undefined) return "—";
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value)) {
      if (!value.length) return "—";
      var records = value.some(function (v) { return v && typeof v === "object"; });
      return value.map(function (v) { return text(v, records ? false : true); }).join(records && !nested ? "\n" : ", ");
    }
    if (typeof value === "object") {
      var keys = Object.keys(value);
      if (!keys.length) return "—";
      var line = keys.map(function (k) { return k + ": " + text(value[k], true); }).join(", ");
      return nested ? "(" + line + ")" : line;
    }
    return String(value);
  }

  function when(stamp) {
    if (!stamp) return "";
    var date = new Date(stamp);
    if (isNaN(date.getTime())) return stamp;
    var today = new Date().toDateString() === date.toDateString();
    return today ? date.toLocaleTimeString() : date.toLocaleString();
  }

  /** Every roll ({sides, dice, source}) nested in an event's data, with where it sits. */
  function rolls(value, path, found) {
    found = found || [];
    if (Array.isArray(value)) {
      value.forEach(function (item, i) { rolls(item, path + "[" + i + "]", found); });
    } else if (value && typeof value === "object") {
      if ("sides" in value && "dice" in value && "source" in value && Array.isArray(value.dice)) {
        found.push({ path: path || "roll", roll: value });
      } else {
        Object.keys(value).forEach(function (key) { rolls(value[key], path ? path + "." + key : key, found); });
      }
    }
    return found;
  }

  function diceChips(data) {
    var box = document.createDocumentFragment();
    rolls(data, "").forEach(function (item) {
      var roll = item.roll;
      box.appendChild(el("span", { className: "dice-label", text: "d" + roll.sides + (roll.source === "server" ? " (journal)" : " (table)") }));
      roll.dice.forEach(function (die) {
        box.appendChild(el("span", {
          className: "die" + (roll.source === "server" ? " server" : ""), "data-test": "die",
          title: item.path + ": " + (roll.source === "server" ? "the journal's verifiable dice" : "dice thrown on the table"),
          text: String(die),
        }));
      });
    });
    return box;
  }

  // -- the timeline -----------------------------------------------------------------------------

  function addEvent(event) {
    if (state.seen[event.version]) return;
    state.seen[event.version] = true;
    var item = $("event-template").content.firstElementChild.cloneNode(true);
    item.id = "event-" + event.version;
    item.dataset.version = event.version;
    item.dataset.type = event.type;
    item.dataset.id = event.id;
    item.dataset.actor = event.actor;
    item.querySelector("[data-test=event-version]").textContent = "v" + event.version + (event.session ? " · s" + event.session : "");
    item.querySelector("[data-test=event-actor]").textContent = event.actor;
    item.querySelector("[data-test=event-type]").textContent = event.type;
    var time = item.querySelector("time");
    time.textContent = when(event.recorded_at);
    time.setAttribute("datetime", event.recorded_at || "");
    item.querySelector("[data-test=event-summary]").textContent = event.summary;
    item.querySelector("[data-test=event-dice]").appendChild(diceChips(event.data));

    item.querySelector("[data-test=event-asof]").addEventListener("click", function () {
      setAsOf(String(event.version));
    });
    var disputeButton = item.querySelector("[data-test=event-dispute]");
    var form = item.querySelector("[data-test=dispute-form]");
    if (FINAL.test(event.type)) {
      disputeButton.hidden = true;
    } else {
      disputeButton.addEventListener("click", function () {
        form.hidden = !form.hidden;
        if (!form.hidden) form.querySelector("input").focus();
      });
      form.addEventListener("submit", function (submitted) {
        submitted.preventDefault();
        var reason = form.querySelector("input").value;
        var button = form.querySelector("button");
        button.disabled = true;
        api("/api/disputes", { method: "POST", body: { event: event.id, reason: reason } }).then(function () {
          clearError();
          form.hidden = true;
          form.querySelector("input").value = "";
          refreshDisputes();
        }, report).then(function () { button.disabled = false; });
      });
    }

    var list = $("timeline");
    var before = null;
    for (var node = list.firstElementChild; node; node = node.nextElementSibling) {
      if (Number(node.dataset.version) < event.version) { before = node; break; }
    }
    list.insertBefore(item, before);
    while (list.children.length > KEEP) {
      var last = list.lastElementChild;
      delete state.seen[last.dataset.version];
      list.removeChild(last);
    }
    if (event.type === "correction.voided" && event.data) {
      var target = $("event-" + event.data.target_version);
      if (target) target.classList.add("voided");
    }

    if (event.version > state.head) {
      state.head = event.version;
      var slider = $("asof-slider");
      slider.max = String(state.head);
      if (state.asOf === null) slider.value = String(state.head);
    }
    schedule(event.type);
  }

  /** Refresh what an event may have changed, at most every 300 ms (a burst of history is one refresh). */
  function schedule(type) {
    state.pending.sheet = true;
    state.pending.panels = true;
    if (/^(dispute\.|correction\.)/.test(type)) state.pending.disputes = true;
    if (/^session\./.test(type)) { state.pending.sessions = true; state.pending.disputes = true;
      state.audits = {}; state.disputeNodes = {}; }  // a session's end unseals the evidence of its rolls
    if (state.timer) return;
    state.timer = setTimeout(function () {
      state.timer = null;
      var pending = state.pending;
      state.pending = {};
      if (pending.sessions) refreshSessions();
      if (pending.disputes) refreshDisputes();
      if (state.asOf === null) {
        if (pending.sheet) refreshSheet();
        if (pending.panels) refreshPanels();
      }
    }, 300);
  }

  function startStream(after) {
    stopStream();
    var badge = $("stream-state");
    var source = new EventSource("/api/stream" + query({ after: after, token: state.token }));
    state.stream = source;
    badge.textContent = "connecting";
    badge.className = "badge";
    source.addEventListener("open", function () {
      badge.textContent = "live";
      badge.className = "badge live";
    });
    source.addEventListener("journal", function (message) {
      try { addEvent(JSON.parse(message.data)); } catch (e) { showError("a stream event could not be read: " + e.message); }
    });
    source.addEventListener("error", function () {
      if (state.stream !== source) return;
      if (source.readyState === EventSource.CLOSED) {
        badge.textContent = "closed";
        badge.className = "badge";
        // The stream was refused: ask the API why (a revoked token, a stopped server) and say so.
        api("/api/me").then(function () { startStream(state.head); }, report);
      } else {
        badge.textContent = "reconnecting";
        badge.className = "badge";
      }
    });
  }

  function stopStream() {
    if (state.stream) state.stream.close();
    state.stream = null;
  }

  // -- the sheet, as of any point ---------------------------------------------------------------

  /** Show the current point in the picker: now, a session's start or end, or "version N" for any other. */
  function syncPicker() {
    var picker = $("asof-point");
    var wanted = state.asOf || "";
    var stale = picker.querySelector("option[data-version]");
    if (stale && stale.value !== wanted) picker.removeChild(stale);
    var known = Array.prototype.some.call(picker.options, function (o) { return o.value === wanted; });
    if (!known) {
      picker.appendChild(el("option", { value: wanted, "data-version": "", text: "version " + wanted }));
    }
    picker.value = wanted;
  }

  function setAsOf(point) {
    state.asOf = point === "" || point === null ? null : String(point);
    syncPicker();
    refreshSheet();
    refreshPanels();
  }

  function renderSheet(result) {
    var list = $("sheet");
    list.dataset.version = result.version;
    // Redraw only what changed: a button or field under the reader's finger stays where it is.
    var signature = JSON.stringify([result.character, result.sheet, result.xp]);
    if (state.sheetShown === signature) return;
    state.sheetShown = signature;
    clear(list);
    var sheet = result.sheet || {};
    Object.keys(sheet).forEach(function (field) {
      list.appendChild(el("dt", { text: field }));
      list.appendChild(el("dd", { "data-field": field, text: text(sheet[field]) }));
    });
    if (result.xp) {
      list.appendChild(el("dt", { text: "xp" }));
      list.appendChild(el("dd", { "data-field": "xp",
        text: "earned " + result.xp.earned + ", spent " + result.xp.spent + ", balance " + result.xp.balance }));
    }
    list.dataset.character = result.character;
  }

  function showVersion(version) {
    var label = $("asof-label");
    label.dataset.version = version;
    if (state.asOf === null) {
      label.textContent = "now (version " + version + ")";
      $("asof-slider").value = String(state.head || version);
    } else {
      label.textContent = "as of version " + version + (/^\d+$/.test(state.asOf) ? "" : " (" + state.asOf + ")");
      $("asof-slider").value = String(version);
    }
  }

  function refreshSheet() {
    var ticket = ++state.sheetRequest;
    var point = state.asOf;
    return api("/api/sheets" + query({ as_of: point })).then(function (result) {
      if (ticket !== state.sheetRequest) return null;
      var names = Object.keys(result.sheets || {}).sort();
      var select = $("character-select");
      var current = Array.prototype.map.call(select.options, function (o) { return o.value; });
      if (names.join("\n") !== current.join("\n")) {
        clear(select);
        names.forEach(function (name) {
          var sheet = result.sheets[name];
          var owner = sheet && sheet.player ? " (" + sheet.player + ")" : "";
          select.appendChild(el("option", { value: name, text: name + owner }));
        });
      }
      if (!state.character || names.indexOf(state.character) < 0) {
        var mine = names.filter(function (n) { return result.sheets[n].player === state.me.me.name; });
        var remembered = localStorage.getItem(CHARACTER_KEY);
        state.character = names.indexOf(remembered) >= 0 ? remembered : (mine[0] || names[0] || null);
      }
      select.value = state.character || "";
      $("sheet-empty").hidden = names.length > 0;
      if (!state.character) {
        clear($("sheet"));
        state.sheetShown = null;
        showVersion(result.version);
        return null;
      }
      return api("/api/sheets/" + encodeURIComponent(state.character) + query({ as_of: point })).then(function (one) {
        if (ticket !== state.sheetRequest) return;
        renderSheet(one);  // the sheet and the label that dates it change together
        showVersion(one.version);
      });
    }).catch(report);
  }

  function refreshSessions() {
    return api("/api/sessions").then(function (sessions) {
      var picker = $("asof-point");
      clear(picker);
      picker.appendChild(el("option", { value: "", text: "now (live)" }));
      (sessions || []).slice().reverse().forEach(function (s) {
        if (s.end_version !== null && s.end_version !== undefined) {
          picker.appendChild(el("option", { value: "session:" + s.number, text: "end of session " + s.number }));
        }
        picker.appendChild(el("option", { value: "session:" + s.number + ":start", text: "start of session " + s.number }));
      });
      syncPicker();
    }).catch(report);
  }

  // -- the system's panels ----------------------------------------------------------------------

  function rows(body, items, cells) {
    clear(body);
    if (!items.length) {
      body.appendChild(el("tr", {}, [el("td", { colspan: "6", className: "muted", text: "nothing yet" })]));
      return;
    }
    items.forEach(function (item) {
      body.appendChild(el("tr", { "data-test": "row" }, cells(item).map(function (c) { return el("td", { text: text(c) }); })));
    });
  }

  function refreshPanels() {
    var queries = (state.me && state.me.queries) || [];
    var point = { as_of: state.asOf };
    var jobs = [];
    if (queries.indexOf("debts") >= 0) {
      jobs.push(api("/api/debts" + query(point)).then(function (r) {
        rows($("debts"), r.geasa || [], function (g) {
          return [g.hero, g.geis + (g.broken ? " (broken)" : ""), g.rank, g.owed, g.collected, g.vanished];
        });
      }));
    }
    if (queries.indexOf("control") >= 0) {
      jobs.push(api("/api/control" + query(point)).then(function (r) {
        rows($("control"), r.standings || [], function (s) {
          return [s.vatcha, s.hero + (s.current ? " (now)" : ""), s.control_lost, s.vatcha_dice + "/" + s.wielder_dice,
                  (s.wins ? s.wins.vatcha + "/" + s.wins.wielder : "")];
        });
      }));
    }
    if (queries.indexOf("bonds") >= 0) {
      jobs.push(api("/api/bonds" + query(point)).then(function (r) {
        rows($("bonds"), r.bonds || [], function (b) {
          return [b.character, b.bond + (b.frozen ? " (frozen)" : ""), b.other, b.points, b.statuses];
        });
      }));
    }
    return Promise.all(jobs).catch(report);
  }

  // -- disputes ---------------------------------------------------------------------------------

  function tallyLine(t) {
    return t.voted + " of " + t.eligible + " voted, quorum " + t.required + " (" + t.uphold + " uphold, " +
      t.overturn + " overturn)" + (t.reached ? "; quorum reached" : "");
  }

  function evidence(box, dispute) {
    var cached = state.audits[dispute.id];
    var load = cached ? Promise.resolve(cached) : api("/api/audit/" + encodeURIComponent(dispute.target));
    load.then(function (audit) {
      state.audits[dispute.id] = audit;
      clear(box);
      var rec = audit.recorded || {};
      box.appendChild(el("p", { "data-test": "evidence-recorded",
        text: "recorded by " + rec.by + " (" + rec.role + ") at " + when(rec.at) +
              (rec.session ? ", session " + rec.session : ", between sessions") }));
      if (audit.envelope) box.appendChild(el("p", { className: "muted", text: audit.envelope.type + " · " + audit.envelope.id }));
      (audit.rolls || []).forEach(function (proof) {
        var line = proof.path + ": d" + proof.sides + " [" + proof.dice.join(", ") + "] " +
          (proof.source === "server" ? "journal dice" : "table dice") + " — " + proof.status;
        if (proof.counter !== null && proof.counter !== undefined) line += " (counter " + proof.counter + ")";
        if (proof.problem) line += ": " + proof.problem;
        box.appendChild(el("p", { "data-test": "evidence-roll", text: line }));
      });
      var sheets = audit.sheets || {};
      var changes = sheets.changes || [];
      box.appendChild(el("p", { className: "muted", text: "sheets, version " + sheets.before_version + " -> " + sheets.after_version +
        (changes.length ? ":" : ": no field changed") }));
      changes.forEach(function (c) {
        box.appendChild(el("p", { "data-test": "evidence-change",
          text: c.character + " " + c.field + ": " + text(c.before) + " → " + text(c.after) }));
      });
      if (audit.chain) box.appendChild(el("p", { "data-test": "evidence-chain", className: "muted", text: audit.chain.summary }));
    }).catch(function (problem) {
      clear(box);
      box.appendChild(el("p", { className: "muted", text: "evidence unavailable: " + (problem.message || problem) }));
    });
  }

  function act(button, path, body) {
    var buttons = button.parentNode.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    return api(path, { method: "POST", body: body }).then(function () {
      clearError();
      refreshDisputes();
    }, function (problem) {
      report(problem);
      Array.prototype.forEach.call(buttons, function (b) { b.disabled = false; });
    });
  }

  function renderDispute(d) {
    var me = state.me.me;
    var item = el("li", { className: "dispute", id: "dispute-" + d.id, "data-test": "dispute", "data-id": d.id,
                          "data-status": d.status, "data-target-version": d.target_version });
    item.appendChild(el("h3", { text: "v" + d.target_version + " " + d.target_type + " — " + d.status }));
    item.appendChild(el("p", { text: d.opened_by + " disputes it: " + d.reason }));
    item.appendChild(el("p", { className: "muted", "data-test": "dispute-tally",
                               text: "voters: " + d.voters.join(", ") + " · " + tallyLine(d.tally) }));
    var votes = Object.keys(d.votes || {});
    if (votes.length) {
      item.appendChild(el("p", { "data-test": "dispute-votes",
        text: votes.map(function (who) { return who + ": " + d.votes[who].choice; }).join(", ") }));
    }
    if (d.status === "open") {
      var box = el("div", { className: "evidence", "data-test": "evidence" }, [el("p", { className: "muted", text: "loading the evidence…" })]);
      item.appendChild(box);
      evidence(box, d);
      var path = "/api/disputes/" + encodeURIComponent(d.id);
      var mine = d.votes && d.votes[me.name];
      if (mine) {
        item.appendChild(el("p", { "data-test": "my-vote", text: "you voted " + mine.choice }));
      } else if (me.role !== "master" && d.voters.indexOf(me.name) >= 0) {
        var up = el("button", { type: "button", className: "uphold", "data-test": "vote-uphold", text: "Uphold" });
        var over = el("button", { type: "button", className: "overturn", "data-test": "vote-overturn", text: "Overturn" });
        up.addEventListener("click", function () { act(up, path + "/vote", { choice: "uphold" }); });
        over.addEventListener("click", function () { act(over, path + "/vote", { choice: "overturn" }); });
        item.appendChild(el("div", { className: "votes" }, [up, over]));
      } else if (me.role === "master" && d.tally.reached) {
        var keep = el("button", { type: "button", className: "uphold", "data-test": "rule-uphold", text: "Rule: uphold" });
        var undo = el("button", { type: "button", className: "overturn", "data-test": "rule-overturn", text: "Rule: overturn" });
        keep.addEventListener("click", function () { act(keep, path + "/rule", { ruling: "uphold" }); });
        undo.addEventListener("click", function () { act(undo, path + "/rule", { ruling: "overturn" }); });
        item.appendChild(el("div", { className: "votes" }, [keep, undo]));
      } else {
        item.appendChild(el("p", { className: "muted", text: me.role === "master"
          ? "you rule once the quorum has voted" : "only the players present at the event vote" }));
      }
    } else if (d.ruling) {
      item.appendChild(el("p", { "data-test": "dispute-ruling",
        text: "ruled " + d.ruling.ruling + " by " + d.ruling.by + (d.ruling.reason ? ": " + d.ruling.reason : "") }));
    }
    return item;
  }

  function refreshDisputes() {
    return api("/api/disputes").then(function (result) {
      var disputes = Array.isArray(result) ? result : (result && result.disputes) || [];
      // Open ones first, newest first within each.
      disputes = disputes.slice().sort(function (a, b) {
        return (a.status === "open" ? 0 : 1) - (b.status === "open" ? 0 : 1) || b.version - a.version;
      });
      // Keep the node of a dispute that has not changed (its evidence and buttons stay put).
      var list = $("disputes");
      var kept = {};
      var nodes = disputes.map(function (d) {
        var signature = JSON.stringify(d);
        var old = state.disputeNodes[d.id];
        var node = old && old.signature === signature ? old.node : renderDispute(d);
        kept[d.id] = { signature: signature, node: node };
        return node;
      });
      state.disputeNodes = kept;
      nodes.forEach(function (node, i) {
        if (list.children[i] !== node) list.insertBefore(node, list.children[i] || null);
      });
      while (list.children.length > nodes.length) list.removeChild(list.lastElementChild);
      $("disputes-empty").hidden = disputes.length > 0;
    }).catch(report);
  }

  // -- the flow: token -> /api/me -> everything -------------------------------------------------

  function signedIn(me) {
    state.me = me;
    state.head = 0;
    state.seen = {};
    state.audits = {};
    state.asOf = null;
    state.sheetShown = null;
    state.disputeNodes = {};
    clear($("timeline"));
    clear($("disputes"));
    clear($("sheet"));
    var mine = me.me || {};
    $("title").textContent = me.campaign;
    var who = $("whoami");
    who.textContent = mine.name + " (" + (mine.role === "master" ? "Master" : "player") + ") · " + me.system;
    who.hidden = false;
    who.dataset.name = mine.name;
    who.dataset.role = mine.role;
    $("forget").hidden = false;
    $("login").hidden = true;
    $("app").hidden = false;
    ["debts", "control", "bonds"].forEach(function (name) {  // the system's own queries, from its descriptor
      $(name + "-panel").hidden = (me.queries || []).indexOf(name) < 0;
    });
    var slider = $("asof-slider");
    slider.max = String(Math.max(1, me.version));
    slider.value = slider.max;
    state.head = me.version;
    startStream(Math.max(0, me.version - HISTORY));
    refreshSessions();
    refreshSheet();
    refreshPanels();
    refreshDisputes();
  }

  function signIn(token) {
    state.token = token.trim();
    if (!state.token) { showError("paste a token first"); return Promise.resolve(); }
    return api("/api/me").then(function (me) {
      localStorage.setItem(TOKEN_KEY, state.token);
      clearError();
      signedIn(me);
    }, function (problem) {
      report(problem);
      $("login").hidden = false;
      $("app").hidden = true;
    });
  }

  function forget() {
    stopStream();
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(CHARACTER_KEY);
    state.token = null; state.me = null; state.character = null;
    $("token-input").value = "";
    $("login").hidden = false;
    $("app").hidden = true;
    $("forget").hidden = true;
    $("whoami").hidden = true;
    $("title").textContent = "campaign journal";
    clearError();
  }

  function parseDice(raw) {
    var textValue = raw.trim();
    if (!textValue) return undefined;
    return textValue.split(/[\s,]+/).filter(Boolean).map(function (d) {
      if (!/^\d+$/.test(d)) throw new ApiError("dice: '" + d + "' is not a whole number", "ValidationFailed", 0);
      return Number(d);
    });
  }

  function wire() {
    $("token-form").addEventListener("submit", function (event) {
      event.preventDefault();
      signIn($("token-input").value);
    });
    $("forget").addEventListener("click", forget);
    $("character-select").addEventListener("change", function () {
      state.character = this.value;
      localStorage.setItem(CHARACTER_KEY, this.value);
      refreshSheet();
    });
    $("asof-point").addEventListener("change", function () { setAsOf(this.value); });
    var slide = null;
    $("asof-slider").addEventListener("input", function () {
      var value = this.value;
      clearTimeout(slide);
      slide = setTimeout(function () {
        setAsOf(Number(value) >= state.head ? null : value);
      }, 150);
    });
    $("asof-live").addEventListener("click", function () { setAsOf(null); });
    $("roll-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var body;
      try {
        body = { notation: $("roll-notation").value.trim() };
        var dice = parseDice($("roll-dice").value);
        if (dice) body.dice = dice;
        if ($("roll-purpose").value.trim()) body.purpose = $("roll-purpose").value.trim();
      } catch (problem) { report(problem); return; }
      var button = $("roll-submit");
      button.disabled = true;
      api("/api/roll", { method: "POST", body: body }).then(function () {
        clearError();
        $("roll-dice").value = "";
        $("roll-purpose").value = "";
      }, report).then(function () { button.disabled = false; });
    });

    // A token may come in the address (#token=…, e.g. from a QR code): keep it and drop it from the bar.
    var hash = window.location.hash.match(/^#token=(.+)$/);
    if (hash) {
      localStorage.setItem(TOKEN_KEY, decodeURIComponent(hash[1]));
      history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    var saved = localStorage.getItem(TOKEN_KEY);
    if (saved) {
      $("token-input").value = saved;
      signIn(saved);
    }
  }

  // A page put away (another tab, the phone locked, the back/forward cache) lets go of its stream and
  // picks it up again, from the last version it showed, when it comes back.
  window.addEventListener("pagehide", stopStream);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && state.me && state.token) startStream(state.head);
  });
  document.addEventListener("DOMContentLoaded", wire);
})();
