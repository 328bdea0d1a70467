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
  var EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  var FINAL = /^(campaign\.|member\.|session\.(started|ended)$|dispute\.|correction\.)/;

  var state = {
    token: null, me: null, head: 0, stream: null, asOf: null, character: null,
    seen: {}, audits: {}, timer: null, pending: {}, sheetRequest: 0, sheetShown: null, disputeNodes: {},
    queue: null, summaries: {}, session: null, verbs: null, mine: [], versions: {},
    labels: { types: {}, fields: {}, keys: {}, words: {} },  // GET /api/labels: the campaign's system's names for people
    labelled: false,  // the labels of the campaign signed in to have come: the sheet, the panels and disputes wait
  };
  var t = window.JournalForms.t;
  var label = window.JournalForms.label;
  var el = window.JournalForms.el;
  var eventNumber = window.JournalForms.eventNumber;  // a point of the history as the page names it: «№57»

  function $(id) { return document.getElementById(id); }

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

  /** The page's language (forms.js chose it: ?lang=, else the browser's), which the server writes its text in. */
  function pageLanguage() {
    return window.JournalForms.language() || document.documentElement.lang || "en";
  }

  /** The headers of every API request: the token and the page's language (web/language.py reads it). */
  function apiHeaders() {
    return { "Authorization": "Bearer " + state.token, "Accept-Language": pageLanguage() };
  }

  function api(path, options) {
    options = options || {};
    var init = { method: options.method || "GET", headers: apiHeaders() };
    if (options.body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    if (init.method !== "GET" && options.writes !== false) {
      // Every write waits in the phone's queue (queue.js) under one Idempotency-Key until it is stored.
      return state.queue.add(path, options.body, options.label);
    }
    // A read (and a POST that writes nothing, such as a tally's preview) goes straight out: it must not wait
    // behind the queued writes, nor be kept and sent again later.
    return send(path, init, 1);
  }

  function send(path, init, attempts) {
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
      if (attempts > 1) {
        return new Promise(function (resolve) { setTimeout(resolve, 500); }).then(function () {
          return send(path, init, attempts - 1);
        });
      }
      throw new ApiError(t("the journal server cannot be reached") + " (" + problem.message + ")", "network", 0);
    });
  }

  function report(problem) {
    showError(window.JournalForms.refusal(problem && problem.message ? problem.message : String(problem)));
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

  /** What an event type is called (the server's tables, in the page's language); an unknown type as it is. */
  function typeLabel(type) { return state.labels.types[type] || type; }

  /** What a sheet's key is called; a key no table names (a character's name, a skill) as it is. */
  /** A sheet key's name: the sheet's field, else the payloads' key (a Wield condition's ``effect``: «эффект»). */
  function fieldLabel(key) { return state.labels.fields[key] || state.labels.keys[key] || key; }

  /** A changed field's path (a record, a key of it, a field) with each key named; an event's id (a record keyed by
   *  the event that made it) is left out: it says nothing to people. */
  function pathLabel(path, names) {
    return String(path).split(".").filter(function (key) { return !EVENT_ID.test(key) || (names && names[key]); })
      .map(function (key) { return EVENT_ID.test(key) ? names[key] : fieldLabel(key); }).join(" · ");
  }

  var ANY_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

  /** A line of the server's with each event id in it (a dispute's, a proposal's) named by its number, as the
   *  timeline shows it («№57»); an event the page has not seen is "…". */
  function withoutIds(line) {
    return String(line || "").replace(ANY_ID, function (id) {
      return state.versions[id] ? eventNumber(state.versions[id]) : "…";
    });
  }

  /** A line with each event id in it named as ``names`` (the audit's: a geis by its promise, a chance by its task)
   *  name it; an id they lack is "…". */
  function named(line, names) {
    return String(line).replace(ANY_ID, function (id) { return (names && names[id]) || "…"; });
  }

  /** A recorded value's word (comfortable -> "комфортный"); any other text as it is. */
  function wordOf(value) {
    return Object.prototype.hasOwnProperty.call(state.labels.words, value) ? state.labels.words[value] : value;
  }

  /** The labels of the campaign's system in the page's language (empty tables when they cannot be read). */
  function loadLabels() {
    return api("/api/labels").then(function (answer) {
      state.labels = { types: answer.types || {}, fields: answer.fields || {}, keys: answer.keys || {},
                       words: answer.words || {} };
    }, function () { state.labels = { types: {}, fields: {}, keys: {}, words: {} }; });
  }

  /** Name again what was drawn before the labels came: the timeline's types, the sheet, the panels, the disputes. */
  function relabel() {
    Array.prototype.forEach.call(document.querySelectorAll("#timeline [data-test=event-type]"), function (node) {
      var item = node.closest("[data-type]");
      if (item) node.textContent = typeLabel(item.dataset.type);
    });
    state.sheetShown = null;
    state.disputeNodes = {};
    refreshSheet();
    refreshPanels();
    refreshDisputes();
    document.dispatchEvent(new CustomEvent("journal:labelled"));  // the console names its lines again (console.js)
  }

  /** A value for people: lists of records one per line, a record as "field: value, ...", words named, an event's id
   *  named by the event's number as the timeline names it («№15»). */
  function text(value, nested) {
    if (value === null || value === undefined) return "—";
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (Array.isArray(value)) {
      if (!value.length) return "—";
      var records = value.some(function (v) { return v && typeof v === "object"; });
      return value.map(function (v) { return text(v, records ? false : true); }).join(records && !nested ? "\n" : ", ");
    }
    if (typeof value === "object") {
      var keys = Object.keys(value);
      if (!keys.length) return "—";
      // Records keyed by event ids read as their list: the ids say nothing to people.
      if (keys.every(function (k) { return EVENT_ID.test(k); })) return text(keys.map(function (k) { return value[k]; }), nested);
      // A record's version is the point of the history it happened at: named as the timeline names it («№12»).
      var line = keys.map(function (k) {
        if (k === "version" && typeof value[k] === "number") return eventNumber(value[k]);
        return fieldLabel(k) + ": " + text(value[k], true);
      }).join(", ");
      return nested ? "(" + line + ")" : line;
    }
    if (typeof value === "string" && EVENT_ID.test(value)) return withoutIds(value);  // an event (a geis's seal): «№15»
    return typeof value === "string" ? wordOf(value) : String(value);
  }

  function when(stamp) {
    if (!stamp) return "";
    var date = new Date(stamp);
    if (isNaN(date.getTime())) return stamp;
    var today = new Date().toDateString() === date.toDateString();
    return today ? date.toLocaleTimeString(pageLanguage()) : date.toLocaleString(pageLanguage());  // 13:37, not 1:37 PM
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
      box.appendChild(el("span", { className: "dice-label", text: "d" + roll.sides + " " + (roll.source === "server" ? t("(journal)") : t("(table)")) }));
      roll.dice.forEach(function (die) {
        box.appendChild(el("span", {
          className: "die" + (roll.source === "server" ? " server" : ""), "data-test": "die",
          title: roll.source === "server" ? t("the journal's verifiable dice") : t("dice thrown on the table"),
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
    item.querySelector("[data-test=event-version]").textContent = eventNumber(event.version) +
      (event.session ? " · " + t("session {number}").replace("{number}", event.session) : "");
    item.querySelector("[data-test=event-actor]").textContent = event.actor;
    item.querySelector("[data-test=event-type]").textContent = typeLabel(event.type);
    state.versions[event.id] = event.version;
    state.summaries[event.version] = withoutIds(event.summary);
    window.JournalForms.translatePage(item);
    followSession(event);
    var time = item.querySelector("time");
    time.textContent = when(event.recorded_at);
    time.setAttribute("datetime", event.recorded_at || "");
    item.querySelector("[data-test=event-summary]").textContent = withoutIds(event.summary);
    item.querySelector("[data-test=event-dice]").appendChild(diceChips(event.data));

    item.querySelector("[data-test=event-asof]").addEventListener("click", function () {
      setAsOf(String(event.version));
      $("sheet-panel").scrollIntoView({ block: "start" });  // the sheet that changed, not the timeline's button
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
    document.dispatchEvent(new CustomEvent("journal:event", { detail: event }));
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
      if (pending.panels) refreshChoices();
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
    var source = new EventSource("/api/stream" + query({ after: after, token: state.token, lang: pageLanguage() }));
    state.stream = source;
    badge.textContent = t("connecting");
    badge.className = "badge";
    source.addEventListener("open", function () {
      badge.textContent = t("live");
      badge.className = "badge live";
    });
    source.addEventListener("journal", function (message) {
      try { addEvent(JSON.parse(message.data)); } catch (e) { showError(t("a stream event could not be read:") + " " + e.message); }
    });
    source.addEventListener("closed", function (message) {
      // The token no longer opens the campaign (revoked): say so and stop; EventSource would reconnect.
      if (state.stream !== source) return;
      var why = "";
      try { why = JSON.parse(message.data).error || ""; } catch (e) { why = ""; }
      stopStream();
      badge.textContent = t("closed");
      badge.className = "badge";
      badge.dataset.closed = "revoked";
      showError(t("This device's access to the campaign has ended; ask the Master for a new token.") + (why ? " (" + why + ")" : ""));
    });
    source.addEventListener("error", function () {
      if (state.stream !== source) return;
      if (source.readyState === EventSource.CLOSED) {
        badge.textContent = t("closed");
        badge.className = "badge";
        // The stream was refused: ask the API why (a revoked token, a stopped server) and say so.
        api("/api/me").then(function () { startStream(state.head); }, report);
      } else {
        badge.textContent = t("reconnecting");
        badge.className = "badge";
      }
    });
  }

  function stopStream() {
    if (state.stream) state.stream.close();
    state.stream = null;
  }

  // -- the sheet, as of any point ---------------------------------------------------------------

  /** Show the current point in the picker: now, a session's start or end, or what happened («на момент «…»»), else
   *  its event's number («№57»), for any other. */
  function syncPicker() {
    var picker = $("asof-point");
    var wanted = state.asOf || "";
    var stale = picker.querySelector("option[data-version]");
    if (stale && stale.value !== wanted) picker.removeChild(stale);
    var known = Array.prototype.some.call(picker.options, function (o) { return o.value === wanted; });
    if (!known) {
      var named = state.summaries[Number(wanted)];
      picker.appendChild(el("option", { value: wanted, "data-version": "", text: named
        ? t("as of “{event}”").replace("{event}", named) : eventNumber(wanted) }));
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
    var sheet = result.sheet || {};
    var shown = Object.keys(sheet).filter(function (field) { return !(field === "xp" && result.xp); })  // the ledger says it
      .map(function (field) { return [field, fieldLabel(field), text(sheet[field])]; });
    // Redraw only what changed as read: a button or field under the reader's finger stays where it is, and an event
    // the sheet names («№15») is named again once the timeline has it.
    var signature = JSON.stringify([result.character, shown, result.xp]);
    if (state.sheetShown === signature) return;
    state.sheetShown = signature;
    clear(list);
    shown.forEach(function (line) {
      list.appendChild(el("dt", { text: line[1] }));
      list.appendChild(el("dd", { "data-field": line[0], "data-i18n-server": "", text: line[2] }));
    });
    if (result.xp) {
      list.appendChild(el("dt", { text: t("Experience") }));
      list.appendChild(el("dd", { "data-field": "xp",
        text: t("earned") + " " + result.xp.earned + ", " + t("spent") + " " + result.xp.spent + ", " + t("balance") + " " + result.xp.balance }));
    }
    list.dataset.character = result.character;
  }

  /** What happened at a point of the timeline, as people say it: «на момент: начало сессии 1» for a session's
   *  start or end, «на момент «…»» (the event's summary) for an event; a point the page cannot name (a time)
   *  by its event's number, «на момент: №57». */
  function pointLabel(point, version) {
    var session = /^session:(\d+)(:start)?$/.exec(point || "");
    if (session) {
      var what = session[2] ? t("start of session {number}") : t("end of session {number}");
      return t("as of: {point}").replace("{point}", what.replace("{number}", session[1]));
    }
    var at = /^\d+$/.test(point || "") ? Number(point) : null;
    if (at !== null && state.summaries[at]) return t("as of “{event}”").replace("{event}", state.summaries[at]);
    return t("as of: {point}").replace("{point}", eventNumber(version));
  }

  function showVersion(version) {
    var label = $("asof-label");
    label.dataset.version = version;
    if (state.asOf === null) {
      label.textContent = t("now ({point})").replace("{point}", eventNumber(version));
      $("asof-slider").value = String(state.head || version);
    } else {
      label.textContent = pointLabel(state.asOf, version);
      $("asof-slider").value = String(version);
    }
  }

  function refreshSheet() {
    if (!state.labelled) return Promise.resolve(null);  // drawn once the labels come (signedIn): never a raw key
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
      var mine = names.filter(function (n) { return result.sheets[n].player === state.me.me.name; });
      if (point === null && mine.join("\n") !== state.mine.join("\n")) { state.mine = mine; refreshChoices(); }
      if (!state.character || names.indexOf(state.character) < 0) {
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
      picker.appendChild(el("option", { value: "", text: t("now (live)") }));
      (sessions || []).slice().reverse().forEach(function (s) {
        if (s.end_version !== null && s.end_version !== undefined) {
          picker.appendChild(el("option", { value: "session:" + s.number, text: t("end of session {number}").replace("{number}", s.number) }));
        }
        picker.appendChild(el("option", { value: "session:" + s.number + ":start", text: t("start of session {number}").replace("{number}", s.number) }));
      });
      syncPicker();
      reportSessions(sessions || []);
    }).catch(report);
  }

  // -- the session report: the system's charts and the dice, drawn by the server (GET /api/report/K) -------------

  /** The report panel (made once): a session picker and the figures of the session picked. */
  function reportPanel() {
    var panel = $("report-panel");
    if (panel) return panel;
    var picker = el("select", { id: "report-session", "data-test": "report-session", "aria-label": t("Session") });
    picker.addEventListener("change", function () { refreshReport(this.value); });
    panel = el("section", { id: "report-panel", className: "panel", "data-test": "report-panel" }, [
      el("h2", { text: t("Session") }), el("label", { className: "row" }, [picker]),
      el("div", { id: "report-figures", "data-test": "report-figures", className: "figures" })]);
    if (window.JournalReport) {  // report.js: the whole report, as 'journal replay --format html' writes it
      panel.appendChild(window.JournalReport.panel({ headers: apiHeaders, language: pageLanguage, report: report }));
    }
    $("app").appendChild(panel);
    return panel;
  }

  function reportSessions(sessions) {
    var panel = reportPanel();
    var picker = $("report-session");
    var wanted = picker.value;
    clear(picker);
    sessions.slice().reverse().forEach(function (s) {
      picker.appendChild(el("option", { value: String(s.number), text: t("session {number}").replace("{number}", s.number) }));
    });
    panel.hidden = !sessions.length;
    if (!sessions.length) return;
    picker.value = wanted && picker.querySelector("option[value='" + wanted + "']") ? wanted : picker.options[0].value;
    refreshReport(picker.value);
  }

  /** An SVG of the journal's server as a node of this page: parsed as XML (never as HTML), scripts and
   *  event handlers dropped, so a figure can only draw. */
  function svgNode(markup) {
    var parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
    if (parsed.nodeName !== "svg") return el("p", { className: "muted", text: "?" });
    Array.prototype.forEach.call(parsed.querySelectorAll("script, foreignObject"), function (n) { n.remove(); });
    [parsed].concat(Array.prototype.slice.call(parsed.querySelectorAll("*"))).forEach(function (node) {
      Array.prototype.slice.call(node.attributes).forEach(function (a) {
        if (/^on/i.test(a.name) || /href$/i.test(a.name)) node.removeAttribute(a.name);
      });
    });
    return document.importNode(parsed, true);
  }

  function refreshReport(number) {
    if (!number) return Promise.resolve();
    if (window.JournalReport) window.JournalReport.show(number);
    var lang = pageLanguage();
    return api("/api/report/" + encodeURIComponent(number) + query({ lang: lang })).then(function (answer) {
      var box = $("report-figures");
      clear(box);
      (answer.figures || []).forEach(function (figure) {
        box.appendChild(el("figure", { "data-chart": figure.name }, [svgNode(figure.svg),
          el("figcaption", { text: figure.title })]));
      });
    }).catch(report);
  }

  // -- the system's panels ----------------------------------------------------------------------
  // Whatever panels the campaign's system declares (GET /api/me's "panels"), each drawn the same way from
  // GET /api/panels/<name>: a table whose rows a phone shows as cards (app.css), in a <details> that folds.
  // The server writes every title, label and cell in the reader's language; the page names no panel.

  function buildPanels(me) {
    var box = $("system-panels");
    clear(box);
    (me.panels || []).forEach(function (declared) {
      box.appendChild(el("details", { className: "panel", id: "panel-" + declared.name, "data-test": "panel",
                                      "data-panel": declared.name, open: "" }, [
        el("summary", {}, [el("h2", { "data-test": "panel-title", text: declared.title })]),
        el("table", {}, [el("thead", {}, [el("tr", { "data-test": "panel-head" })]),
                         el("tbody", { "data-test": "panel-rows" })])]));
    });
  }

  function drawPanel(node, answer) {
    var head = node.querySelector("[data-test=panel-head]");
    var body = node.querySelector("[data-test=panel-rows]");
    var labels = (answer.columns || []).map(function (c) { return c.label; });
    node.querySelector("[data-test=panel-title]").textContent = answer.title;  // in the page's language, as it is now
    clear(head);
    labels.forEach(function (text) { head.appendChild(el("th", { text: text })); });
    clear(body);
    if (!answer.rows.length) {
      body.appendChild(el("tr", {}, [el("td", { colspan: String(labels.length || 1), className: "muted", text: t("nothing yet") })]));
      return;
    }
    answer.rows.forEach(function (cells) {  // each cell names its column: a phone shows the row as a card (app.css)
      body.appendChild(el("tr", { "data-test": "row" }, cells.map(function (c, i) {
        var kind = (answer.columns[i] || {}).kind || "text";
        return el("td", { text: c, "data-label": labels[i] || "", "data-kind": kind });
      })));
    });
  }

  function refreshPanels() {
    if (!state.labelled) return Promise.resolve(null);
    var point = { as_of: state.asOf };
    var jobs = ((state.me && state.me.panels) || []).map(function (declared) {
      return api("/api/panels/" + encodeURIComponent(declared.name) + query(point)).then(function (answer) {
        var node = $("panel-" + declared.name);
        if (node) drawPanel(node, answer);
      });
    });
    return Promise.all(jobs).catch(report);
  }

  // -- disputes ---------------------------------------------------------------------------------

  function tallyLine(tally) {
    return t("{voted} of {eligible} voted, quorum {required} ({uphold} uphold, {overturn} overturn)")
      .replace("{voted}", tally.voted).replace("{eligible}", tally.eligible).replace("{required}", tally.required)
      .replace("{uphold}", tally.uphold).replace("{overturn}", tally.overturn) + (tally.reached ? "; " + t("quorum reached") : "");
  }

  function evidence(box, dispute) {
    var cached = state.audits[dispute.id];
    var load = cached ? Promise.resolve(cached) : api("/api/audit/" + encodeURIComponent(dispute.target));
    load.then(function (audit) {
      state.audits[dispute.id] = audit;
      clear(box);
      var rec = audit.recorded || {};
      box.appendChild(el("p", { "data-test": "evidence-recorded",
        text: t("recorded by {who} ({role}) at {when}").replace("{who}", rec.by).replace("{role}", t(rec.role))
              .replace("{when}", when(rec.at)) +
              (rec.session ? ", " + t("session {number}").replace("{number}", rec.session) : ", " + t("between sessions")) }));
      if (audit.envelope) box.appendChild(el("p", { className: "muted", "data-test": "evidence-envelope" }, [
        typeLabel(audit.envelope.type) + " · ", el("span", { translate: "no", text: audit.envelope.id })]));
      (audit.rolls || []).forEach(function (proof) {
        var line = (proof.where || proof.path) + ": d" + proof.sides + " [" + proof.dice.join(", ") + "] " +
          (proof.source === "server" ? t("journal dice") : t("table dice")) + " — " + t(proof.status);
        if (proof.counter !== null && proof.counter !== undefined) line += " (" + t("counter") + " " + proof.counter + ")";
        if (proof.problem) line += ": " + proof.problem;
        box.appendChild(el("p", { "data-test": "evidence-roll", text: line }));
      });
      var sheets = audit.sheets || {};
      var changes = sheets.changes || [];
      box.appendChild(el("p", { className: "muted", text: t("sheets, {before} -> {after}")
        .replace("{before}", eventNumber(sheets.before_version)).replace("{after}", eventNumber(sheets.after_version)) +
        (changes.length ? ":" : ": " + t("no field changed")) }));
      changes.forEach(function (c) {
        box.appendChild(el("p", { "data-test": "evidence-change",
          text: c.character + " " + pathLabel(c.field, audit.names) + ": " + named(text(c.before), audit.names) + " → " +
                named(text(c.after), audit.names) }));
      });
      if (audit.chain) box.appendChild(el("p", { "data-test": "evidence-chain", className: "muted", "data-i18n-server": "", text: withoutIds(audit.chain.summary) }));
    }).catch(function (problem) {
      clear(box);
      box.appendChild(el("p", { className: "muted", text: t("evidence unavailable:") + " " + (problem.message || problem) }));
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
    // «спор №3 о «Питер получает 1 Ранение»»: the server names it by its number and the disputed event's summary.
    var about = d.name || state.summaries[d.target_version] || typeLabel(d.target_type);
    item.appendChild(el("h3", { "data-test": "dispute-about" }, [
      el("span", { "data-i18n-server": "", text: about }), " — " + (d.status === "open" ? t("under dispute") : t(d.status))]));
    item.appendChild(el("p", { text: d.opened_by + " " + t("disputes it:") + " " + d.reason }));
    item.appendChild(el("p", { className: "muted", "data-test": "dispute-tally",
                               text: t("voters:") + " " + d.voters.join(", ") + " · " + tallyLine(d.tally) }));
    var votes = Object.keys(d.votes || {});
    if (votes.length) {
      item.appendChild(el("p", { "data-test": "dispute-votes",
        text: votes.map(function (who) { return who + ": " + t(d.votes[who].choice); }).join(", ") }));
    }
    if (d.status === "open") {
      var box = el("div", { className: "evidence", "data-test": "evidence" }, [el("p", { className: "muted", text: t("loading the evidence…") })]);
      item.appendChild(box);
      evidence(box, d);
      var path = "/api/disputes/" + encodeURIComponent(d.id);
      var mine = d.votes && d.votes[me.name];
      if (mine) {
        item.appendChild(el("p", { "data-test": "my-vote",
          text: mine.choice === "uphold" ? t("you voted uphold") : t("you voted overturn") }));
      } else if (me.role !== "master" && d.voters.indexOf(me.name) >= 0) {
        var up = el("button", { type: "button", className: "uphold", "data-test": "vote-uphold", text: t("Uphold") });
        var over = el("button", { type: "button", className: "overturn", "data-test": "vote-overturn", text: t("Overturn") });
        up.addEventListener("click", function () { act(up, path + "/vote", { choice: "uphold" }); });
        over.addEventListener("click", function () { act(over, path + "/vote", { choice: "overturn" }); });
        item.appendChild(el("div", { className: "votes" }, [up, over]));
      } else if (me.role === "master" && d.tally.reached) {
        var keep = el("button", { type: "button", className: "uphold", "data-test": "rule-uphold", text: t("Rule: uphold") });
        var undo = el("button", { type: "button", className: "overturn", "data-test": "rule-overturn", text: t("Rule: overturn") });
        keep.addEventListener("click", function () { act(keep, path + "/rule", { ruling: "uphold" }); });
        undo.addEventListener("click", function () { act(undo, path + "/rule", { ruling: "overturn" }); });
        item.appendChild(el("div", { className: "votes" }, [keep, undo]));
      } else {
        item.appendChild(el("p", { className: "muted", text: me.role === "master"
          ? t("you rule once the quorum has voted") : t("only the players present at the event vote") }));
      }
    } else if (d.ruling) {
      item.appendChild(el("p", { "data-test": "dispute-ruling",
        text: t("ruled {ruling} by {who}").replace("{ruling}", t(d.ruling.ruling)).replace("{who}", d.ruling.by) +
              (d.ruling.reason ? ": " + d.ruling.reason : "") }));
    }
    return item;
  }

  function refreshDisputes() {
    if (!state.labelled) return Promise.resolve(null);
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

  // -- the phone's queue, the system's forms, the session's salt ---------------------------------

  /** Show the actions waiting in the queue (made offline, or on their way), each until it is stored. */
  function renderPending(items, offline) {
    var list = $("pending");
    clear(list);
    (items || []).forEach(function (item) {
      list.appendChild(el("li", { className: "pending-item", "data-test": "pending-item", "data-key": item.key }, [
        el("span", { className: "badge", text: offline ? t("waiting for the connection") : t("sending") }),
        " ", item.label]));
    });
  }

  function openQueue(me) {
    if (state.queue) state.queue.close();
    state.queue = new window.JournalQueue.Queue("journal.queue:" + me.campaign + ":" + me.me.name,
      function () { return state.token; },
      function (what, item, answer) {
        if (what === "refused") { report(answer); return; }
        if (what === "stored") { clearError(); return; }
        // Waiting while the last try found no server, a retry in flight included: the badge does not flicker to
        // «sending» on each retry while the phone is offline.
        renderPending(state.queue ? state.queue.items() : item,
                      what === "offline" || (state.queue !== null && state.queue.unreachable));
      });
    renderPending(state.queue.items(), false);
    state.queue.flush();  // what an earlier visit left waiting goes out now
  }

  /** Follow the open session from the timeline: who is present and who has salted its dice. */
  function followSession(event) {
    var data = event.data || {};
    if (event.type === "session.started") state.session = { number: data.number, present: data.present || [], salted: {} };
    else if (event.type === "session.salted" && state.session) state.session.salted[event.actor] = true;
    else if (event.type === "session.ended") state.session = null;
    var me = state.me && state.me.me;
    var s = state.session;
    $("salt-row").hidden = !(me && s && me.role !== "master" && s.present.indexOf(me.name) >= 0 && !s.salted[me.name]);
  }

  /** A salt drawn on this device: 16 random bytes in hex. */
  function drawSalt() {
    return Array.prototype.map.call(window.crypto.getRandomValues(new Uint8Array(16)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  function loadVerbs(me) {
    return send("/api/verbs", { method: "GET", headers: apiHeaders() }, 1).then(function (answer) {
      state.verbs = answer;
      $("verbs-title").textContent = t("Actions") + " · " + t(answer.title);
      window.JournalForms.panel($("verbs"), answer, me.me, function (path, body, name) {
        return api(path, { method: "POST", body: body, label: name });
      });
      $("verbs-panel").hidden = false;
      return refreshChoices();
    }).catch(report);
  }

  /** Trade a one-time link for this device's token (web/routes/links.py) and keep it; a refusal is said. */
  function claimLink(link) {
    var init = { method: "POST", headers: { "Authorization": "Bearer " + link, "Accept-Language": pageLanguage() } };
    return send("/api/link/claim", init, 1).then(function (answer) {
      localStorage.setItem(TOKEN_KEY, answer.token);
    });
  }

  /** The lists the forms offer (GET /api/choices), now: the campaign's characters, weapons, sealed geasa. */
  function refreshChoices() {
    if (!state.verbs) return Promise.resolve();
    return api("/api/choices").then(function (answer) {
      window.JournalForms.setChoices(answer, state.mine);
    }, function () { return null; });
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
    state.summaries = {};
    state.versions = {};
    state.session = null;
    state.verbs = null;
    state.mine = [];
    $("salt-row").hidden = true;
    openQueue(me);
    loadVerbs(me);
    clear($("timeline"));
    clear($("disputes"));
    clear($("sheet"));
    var mine = me.me || {};
    $("title").textContent = me.campaign;
    var who = $("whoami");
    who.textContent = mine.name + " (" + (mine.role === "master" ? t("Master") : t("player")) + ")";
    who.hidden = false;
    who.dataset.name = mine.name;
    who.dataset.role = mine.role;
    $("forget").hidden = false;
    $("login").hidden = true;
    $("app").hidden = false;
    buildPanels(me);  // the system's own panels, from its descriptor
    var slider = $("asof-slider");
    slider.max = String(Math.max(1, me.version));
    slider.value = slider.max;
    state.head = me.version;
    startStream(Math.max(0, me.version - HISTORY));
    refreshSessions();
    // The sheet, the panels and the disputes are drawn once the system's labels have come, so that no screen
    // shows a field's key before its name («Бонус Попадания»); the timeline is named again then.
    state.labelled = false;
    loadLabels().then(function () {
      if (state.me !== me) return;  // signed in again meanwhile: that sign-in draws
      state.labelled = true;
      relabel();
    });
    // The Master's console (console.js) and any other part of the page start from here, with the page's requests.
    document.dispatchEvent(new CustomEvent("journal:signedin", { detail: {
      me: me, token: state.token, api: api, report: report, clearError: clearError, word: wordOf } }));
  }

  function signIn(token) {
    state.token = token.trim();
    if (!state.token) { showError(t("paste a token first")); return Promise.resolve(); }
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
    if (state.queue) state.queue.close();  // what it holds stays for that member's next sign-in
    state.queue = null;
    $("verbs-panel").hidden = true;
    clear($("pending"));
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(CHARACTER_KEY);
    state.token = null; state.me = null; state.character = null;
    $("token-input").value = "";
    $("login").hidden = false;
    $("app").hidden = true;
    $("forget").hidden = true;
    $("whoami").hidden = true;
    $("title").textContent = t("campaign journal");
    clearError();
    document.dispatchEvent(new CustomEvent("journal:signedout"));
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
      // Queued at once (shown as pending until stored): the form is free for the next roll, online or not.
      api("/api/roll", { method: "POST", body: body, label: t("roll") + " " + body.notation }).then(clearError, report);
      $("roll-notation").value = "";  // the next roll starts clean: «2к6» typed next is not appended to 2d6
      $("roll-dice").value = "";
      $("roll-purpose").value = "";
    });
    $("salt-add").addEventListener("click", function () {
      $("salt-row").hidden = true;
      api("/api/sessions/salt", { method: "POST", body: { salt: drawSalt() }, label: t("add my salt") })
        .then(clearError, function (problem) { report(problem); followSession({ type: "", data: {} }); });
    });

    // A token may come in the address (#token=…, e.g. from a QR code): keep it and drop it from the bar.
    var hash = window.location.hash.match(/^#token=(.+)$/);
    if (hash) {
      localStorage.setItem(TOKEN_KEY, decodeURIComponent(hash[1]));
      history.replaceState(null, "", window.location.pathname + window.location.search);
    }
    // A one-time link (#link=…, printed by 'journal serve'): claimed once for this device's own token.
    var link = window.location.hash.match(/^#link=(.+)$/);
    if (link) history.replaceState(null, "", window.location.pathname + window.location.search);
    window.JournalForms.loadLanguage().then(function () {
      return link ? claimLink(decodeURIComponent(link[1])) : null;
    }).then(function () {
      var saved = localStorage.getItem(TOKEN_KEY);
      if (saved) {
        $("token-input").value = saved;
        signIn(saved);
      }
    }, report);
  }

  // A page put away (another tab, the phone locked, the back/forward cache) lets go of its stream and
  // picks it up again, from the last version it showed, when it comes back.
  window.addEventListener("pagehide", stopStream);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && state.me && state.token) startStream(state.head);
  });
  document.addEventListener("DOMContentLoaded", wire);
})();
