/* The Master's console: run a session (start, players' salts, end), review and commit its tally, house rules
 * (propose, vote, adopt) and the devices' tokens (issue with a link and its QR code, list, revoke).
 *
 * It works inside the page of app.js, which announces "journal:signedin" (with its api(), report() and the
 * token), "journal:event" for each event of the live stream and "journal:signedout".  The Master sees every
 * screen; a player sees only the house rules, to vote.  The house rules are there only where the campaign's
 * system has rules a group may change (GET /api/me's house_rules): a player whose console would hold nothing
 * has none.  A point of the history is named by its event's number, as the timeline's first column names it
 * («№57»), never by a "version".  Text from the journal is set with textContent only; a QR code is an SVG image
 * shown through <img> (it cannot run anything).  Strings go through t().
 */
(function () {
  "use strict";

  function t(s) { return window.t ? window.t(s) : s; }
  /** t() of a template, then its {placeholders} filled in. */
  function f(template, values) {
    return t(template).replace(/\{(\w+)\}/g, function (all, name) { return name in values ? String(values[name]) : all; });
  }
  /** A journal's internal word (session_xp, no_interaction) for people: words, in the page's language. */
  /** A recorded word as people say it: the campaign's system's own (VPT's ``relationship``: «Отношения», through the
   *  page's labels), else the page's catalogue. */
  function words(name) {
    if (!name) return "";
    var named = ctx.word ? ctx.word(String(name)) : name;
    return named !== name ? named : t(String(name).replace(/_/g, " "));
  }
  /** A point of the history as the whole page names it (forms.js): its event's number, «№57». */
  var eventNumber = window.JournalForms.eventNumber;

  var ctx = { me: null, api: null, report: null, word: null, clearError: null, token: null, tab: "session", timer: null, frames: 0,
              tally: { session: null, skip: [], bonuses: [], choices: {}, amounts: {}, changed: null, draft: {} },
              issued: null, qr: null,
              absent: {}, tokenMember: null, minutes: "" };

  function $(id) { return document.getElementById(id); }
  /** The page's one element builder (forms.js, loaded first): text through textContent only. */
  var el = window.JournalForms.el;
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function master() { return ctx.me && ctx.me.me.role === "master"; }
  function players() {
    var members = ctx.me.members || {};
    return Object.keys(members).filter(function (name) { return members[name] === "player"; });
  }

  /** A refusal with its rule in the page's language: "refused by rule 'X': detail". */
  function refused(problem) {
    var message = problem && problem.message ? problem.message : String(problem);
    var rule = /^refused by rule '([^']+)': ([\s\S]*)$/.exec(message);
    if (rule) message = f("refused by rule '{rule}': {detail}", { rule: t(rule[1]), detail: rule[2] });
    ctx.report({ message: message, status: problem && problem.status, kind: problem && problem.kind });
  }

  /** A write from a button: the button waits, the screen is redrawn after it (or the refusal shown).  A stored
   * write leaves its button disabled until the redraw replaces it, so a second tap cannot repeat the act. */
  function write(button, path, body) {
    button.disabled = true;
    return ctx.api(path, { method: "POST", body: body }).then(function (answer) {
      ctx.clearError();
      return answer;
    }, function (problem) { refused(problem); button.disabled = false; return null; });
  }

  function button(text, test, onClick, className) {
    var b = el("button", { type: "button", "data-test": test, text: text, className: className || "" });
    b.addEventListener("click", function () { onClick(b); });
    return b;
  }

  // -- the frame: tabs ------------------------------------------------------------------------------

  var SCREENS = [["session", "Session"], ["tally", "Tally"], ["rules", "House rules"], ["tokens", "Devices"]];

  /** The screens of this member's console: the Master's, and the house rules (a player's only screen) where the
   *  campaign's system has rules a group may change; none for a player of a system without any. */
  function screens() {
    var rules = ((ctx.me && ctx.me.house_rules) || []).length > 0;
    return SCREENS.filter(function (s) { return s[0] === "rules" ? rules : master(); });
  }

  /** Draw the current screen.  It is built aside and shown in one step once its data has come, so a tap never
   * lands on a screen half redrawn (emptied while it loads); a frame overtaken by a newer one is dropped, and one
   * whose data cannot be had leaves the shown screen as it is, with the reason.  Each screen returns the promise
   * of its data (rejected when that cannot be read). */
  function frame() {
    var box = $("console");
    var drawing = ctx.frames = ctx.frames + 1;
    var next = el("div");
    var mine = screens();
    if (!mine.length) {  // nothing this member may do here: no console at all
      box.hidden = true;
      clear(box);
      return;
    }
    if (mine.every(function (s) { return s[0] !== ctx.tab; })) ctx.tab = mine[0][0];
    next.appendChild(el("h2", { text: master() ? t("Master's console") : t("House rules") }));
    if (mine.length > 1) {
      var tabs = el("div", { className: "tabs", role: "tablist" });
      mine.forEach(function (s) {
        var tab = button(t(s[1]), "console-tab-" + s[0], function () { ctx.tab = s[0]; frame(); }, "tab");
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(s[0] === ctx.tab));
        tabs.appendChild(tab);
      });
      next.appendChild(tabs);
    }
    var body = el("div", { id: "console-body", "data-test": "console-" + ctx.tab });
    next.appendChild(body);
    var first = !box.firstChild;  // nothing shown yet (just signed in): the tabs at once, the screen as it loads
    if (first) {
      while (next.firstChild) box.appendChild(next.firstChild);
      box.hidden = false;
    }
    var drawn = ({ session: sessionScreen, tally: tallyScreen, rules: rulesScreen, tokens: tokensScreen })[ctx.tab](body);
    Promise.resolve(drawn).then(function () {
      if (first || drawing !== ctx.frames || !ctx.me) return;  // shown already, overtaken, or signed out meanwhile
      var typing = typed(box);
      clear(box);
      while (next.firstChild) box.appendChild(next.firstChild);
      box.hidden = false;
      if (typing) typing();
    }, function (problem) {  // the screen's data did not come (offline, refused): the shown screen stays, and why
      if (drawing === ctx.frames && ctx.me) refused(problem);
    });
  }

  /** The field being typed in inside ``box``, if any: a function that puts its text (where the redrawn field is
   * empty), caret and focus on the same field of the redrawn screen (same data-test, same line), so a redraw never
   * takes away what is being typed. */
  function typed(box) {
    var field = document.activeElement;
    if (!field || !box.contains(field) || !/^(INPUT|TEXTAREA)$/.test(field.tagName) || field.type === "checkbox") return null;
    var test = field.getAttribute("data-test");
    if (!test) return null;
    var line = field.closest("[data-key]");
    var key = line ? line.getAttribute("data-key") : null;
    var text = field.value, start = field.selectionStart, end = field.selectionEnd;
    return function () {
      var same = Array.prototype.filter.call(box.querySelectorAll("[data-test='" + test + "']"), function (other) {
        var otherLine = other.closest("[data-key]");
        return (otherLine ? otherLine.getAttribute("data-key") : null) === key;
      })[0];
      if (!same) return;
      if (!same.value) same.value = text;  // a field the screen fills itself (an amount, the minutes) keeps its own
      same.focus();
      try { same.setSelectionRange(start, end); } catch (e) { /* a number input has no selection */ }
    };
  }

  function refresh() {
    clearTimeout(ctx.timer);
    ctx.timer = setTimeout(function () { if (ctx.me) frame(); }, 300);
  }

  // -- the session: start (who is present), salts, end (minutes) ------------------------------------

  function sessionScreen(body) {
    return ctx.api("/api/sessions").then(function (sessions) {
      var last = sessions.length ? sessions[sessions.length - 1] : null;
      if (last && (last.end_version === null || last.end_version === undefined)) return openSession(body, last);
      clear(body);
      body.appendChild(el("p", { "data-test": "session-state", text: last
        ? f("No session is open; session {number} ended.", { number: last.number }) : t("No session yet.") }));
      var form = el("fieldset", { className: "present" }, [el("legend", { text: t("Who is present") })]);
      players().forEach(function (name) {
        // A redraw (another device's event) keeps what the Master unticked.
        var box = el("input", { type: "checkbox", value: name, "data-test": "present" });
        box.checked = !ctx.absent[name];
        box.addEventListener("change", function () { ctx.absent[name] = !box.checked; });
        form.appendChild(el("label", { className: "check" }, [box, name]));
      });
      body.appendChild(form);
      var next = (last ? last.number : 0) + 1;
      body.appendChild(button(f("Start session {number}", { number: next }), "session-start", function (b) {
        var present = Array.prototype.filter.call(form.querySelectorAll("input"), function (i) { return i.checked; })
          .map(function (i) { return i.value; });
        write(b, "/api/sessions/start", { present: present }).then(function (answer) {
          if (!answer) return;
          ctx.absent = {};
          frame();
        });
      }));
    });
  }

  function openSession(body, session) {
    var after = Math.max(0, (session.start_version || 1) - 1);
    return ctx.api("/api/events?after=" + after + "&type=session.salted").then(function (found) {
      var salted = {};
      (found.events || []).forEach(function (e) { if (e.session === session.number) salted[e.actor] = true; });
      clear(body);
      body.appendChild(el("p", { "data-test": "session-state",
        text: f("Session {number} is open.", { number: session.number }) }));
      body.appendChild(el("p", { className: "muted", text: t("Each player adds a salt to the journal's dice from their own phone, before the first roll.") }));
      var list = el("ul", { className: "salts", "data-test": "salts" });
      session.present.forEach(function (name) {
        list.appendChild(el("li", { "data-test": "salt", "data-member": name, "data-salted": String(!!salted[name]),
          className: salted[name] ? "salted" : "waiting",
          text: name + " — " + (salted[name] ? t("salted") : t("no salt yet")) }));
      });
      body.appendChild(list);
      var minutes = el("input", { type: "number", min: "0", inputmode: "numeric", "data-test": "session-minutes",
                                  placeholder: t("minutes (default: measured)"), "aria-label": t("minutes") });
      minutes.value = ctx.minutes || "";  // kept over a redraw (a salt arriving)
      minutes.addEventListener("input", function () { ctx.minutes = minutes.value; });
      body.appendChild(el("div", { className: "row" }, [minutes,
        button(f("End session {number}", { number: session.number }), "session-end", function (b) {
          var raw = minutes.value.trim();
          write(b, "/api/sessions/end", raw ? { minutes: Number(raw) } : {}).then(function (answer) {
            if (!answer) return;
            ctx.minutes = "";
            ctx.tally.session = session.number;
            ctx.tab = "tally";
            frame();
          });
        })]));
    });
  }

  // -- the tally: line by line, changed, committed ---------------------------------------------------

  /** What the Master chose: lines skipped, bonuses, the choices of the system's tally inputs (each input's list,
   *  under its name) and the amounts changed (whole numbers only). */
  function choices() {
    var amounts = {};
    Object.keys(ctx.tally.amounts).forEach(function (key) {
      var raw = String(ctx.tally.amounts[key]).trim();
      if (ctx.tally.skip.indexOf(key) < 0 && /^-?\d+$/.test(raw)) amounts[key] = Number(raw);
    });
    var body = { skip: ctx.tally.skip.slice(), bonuses: ctx.tally.bonuses.slice(), amounts: amounts };
    Object.keys(ctx.tally.choices).forEach(function (key) {
      var chosen = ctx.tally.choices[key];
      (body[chosen.input] = body[chosen.input] || []).push(chosen.body);
    });
    return body;
  }

  function resetTally(number) {
    ctx.tally = { session: number, skip: [], bonuses: [], choices: {}, amounts: {}, changed: null, draft: {},
                  characters: ctx.tally.characters };  // the campaign's characters, as last read, stay offered
  }

  /** The picker of one tally input the system declares (the server names its label, empty choice and values'
   *  words) for a line that asks for it: the choice goes in the body under the input's name. */
  function choicePicker(input, line) {
    var picker = el("select", { "data-test": "tally-choice", "data-input": input.name, "aria-label": input.label });
    picker.appendChild(el("option", { value: "", text: input.none }));
    input.values.forEach(function (v) { picker.appendChild(el("option", { value: v.value, text: v.word })); });
    var chosen = ctx.tally.choices[line.key];
    picker.value = chosen ? chosen.body[input.value] : "";
    picker.addEventListener("change", function () {
      if (picker.value) {
        var body = { character: line.character };
        body[input.item] = line.choice.item;
        body[input.value] = picker.value;
        ctx.tally.choices[line.key] = { input: input.name, body: body };
      } else delete ctx.tally.choices[line.key];
      frame();
    });
    return el("label", { className: "row" }, [input.label, picker]);
  }

  /** The tally with the choices applied; an amount the server refuses is shown, dropped, and the rest previewed. */
  function preview(number) {
    function ask() { return ctx.api("/api/tally/" + number + "/preview", { method: "POST", body: choices(), writes: false }); }
    return ask().catch(function (problem) {
      // Only a refusal (4xx) is about the amounts; a server or network failure keeps what the Master chose.
      if (!problem || !(problem.status >= 400 && problem.status < 500)) throw problem;
      var key = ctx.tally.changed;
      ctx.tally.changed = null;
      if (!Object.keys(ctx.tally.amounts).length) throw problem;
      refused(problem);
      if (key && key in ctx.tally.amounts) delete ctx.tally.amounts[key];
      else ctx.tally.amounts = {};
      return ask();
    });
  }

  function tallyScreen(body) {
    return ctx.api("/api/sessions").then(function (sessions) {
      var ended = sessions.filter(function (s) { return s.end_version !== null && s.end_version !== undefined; });
      clear(body);
      if (!ended.length) { body.appendChild(el("p", { text: t("No session has ended yet.") })); return null; }
      var numbers = ended.map(function (s) { return s.number; });
      if (numbers.indexOf(ctx.tally.session) < 0) resetTally(numbers[numbers.length - 1]);
      var pick = el("select", { "data-test": "tally-session", "aria-label": t("session") });
      numbers.slice().reverse().forEach(function (n) { pick.appendChild(el("option", { value: String(n), text: f("session {number}", { number: n }) })); });
      pick.value = String(ctx.tally.session);
      pick.addEventListener("change", function () { resetTally(Number(pick.value)); frame(); });
      body.appendChild(el("label", { className: "row" }, [t("Tally of"), pick]));
      var out = el("div", { "data-test": "tally" });
      body.appendChild(out);
      return preview(ctx.tally.session).then(function (tally) { drawTally(out, tally); });
    });
  }

  function lineText(line) {
    var who = line.character + (line.other ? " → " + line.other : "");
    var amount = signed(line.amount);
    if (line.proposed !== null && line.proposed !== undefined) {
      amount = f("{amount} (proposed {proposed})", { amount: amount, proposed: signed(line.proposed) });
    }
    return { who: who, what: words(line.kind) + (line.item ? " · " + words(line.item) : ""), amount: amount,
             why: line.reason ? words(line.reason) : "" };
  }

  function signed(value) { return (value > 0 ? "+" : "") + value; }

  /** A proposed line's amount, prefilled with the proposal; what the Master types is kept over a redraw. */
  function amountInput(line) {
    var rules = line.proposed !== null && line.proposed !== undefined ? line.proposed : line.amount;
    var input = el("input", { type: "number", step: "1", inputmode: "numeric", "data-test": "tally-amount",
                              min: String(line.range[0]), max: String(line.range[1]), "aria-label": t("amount") });
    input.value = line.key in ctx.tally.amounts ? String(ctx.tally.amounts[line.key]) : String(line.amount);
    input.addEventListener("input", function () { ctx.tally.amounts[line.key] = input.value; });
    input.addEventListener("change", function () {
      var raw = input.value.trim();
      if (raw && !/^-?\d+$/.test(raw)) {
        delete ctx.tally.amounts[line.key];
        refused({ message: t("amount: a whole number") });
      } else if (!raw || Number(raw) === rules) {
        delete ctx.tally.amounts[line.key];  // back to the rules' own amount
      } else {
        ctx.tally.amounts[line.key] = raw;
        ctx.tally.changed = line.key;
      }
      frame();
    });
    return el("label", { className: "row" }, [t("amount to record"), input]);
  }

  function drawTally(out, tally) {
    clear(out);
    out.appendChild(el("p", { className: "muted", "data-test": "tally-head", text: f("{minutes} min; present: {present}",
      { minutes: tally.minutes, present: tally.present.join(", ") }) }));
    if (tally.tallied && ctx.tally.committed === tally.session) {  // the commit just made, said where the Master looks
      out.appendChild(el("p", { className: "done", "data-test": "tally-committed", role: "status",
        text: f("The tally of session {number} is recorded.", { number: tally.session }) }));
    }
    if (tally.tallied) {
      out.appendChild(el("p", { "data-test": "tally-done",
        text: f("Tallied at {point}.", { point: eventNumber(tally.tallied.version) }) }));
    }
    var list = el("ul", { className: "lines" });
    tally.lines.forEach(function (line) {
      var shown = lineText(line);
      var item = el("li", { className: "line " + line.status, "data-test": "tally-line", "data-key": line.key,
                            "data-status": line.status }, [
        el("div", { className: "line-head" }, [el("strong", { text: shown.who }),
          el("span", { className: "amount", text: shown.amount })]),
        el("div", { text: shown.what }),
        el("div", { className: "muted", text: shown.why ? shown.why + " · " + t(line.status) : t(line.status) })]);
      if (!tally.tallied && (line.status === "proposed" || line.status === "skipped")) {
        var keep = el("input", { type: "checkbox", "data-test": "tally-keep" });
        keep.checked = line.status === "proposed";
        keep.addEventListener("change", function () {
          ctx.tally.skip = ctx.tally.skip.filter(function (k) { return k !== line.key; });
          if (!keep.checked) ctx.tally.skip.push(line.key);
          frame();
        });
        item.appendChild(el("label", { className: "check" }, [keep, t("record this line")]));
      }
      if (!tally.tallied && line.status === "proposed" && line.range) item.appendChild(amountInput(line));
      var input = !tally.tallied && line.choice && (tally.inputs || []).filter(function (i) {
        return i.name === line.choice.input; })[0];
      if (input) item.appendChild(choicePicker(input, line));
      list.appendChild(item);
    });
    if (!tally.lines.length) list.appendChild(el("li", { className: "muted", text: t("nothing to tally") }));
    out.appendChild(list);
    if (tally.tallied) return;

    if (tally.takes_bonuses) drawBonuses(out);
    out.appendChild(button(f("Commit the tally of session {number}", { number: tally.session }), "tally-commit", function (b) {
      write(b, "/api/tally/" + tally.session + "/commit", choices()).then(function (answer) {
        if (!answer) return;
        resetTally(tally.session);  // the choices are spent: the committed tally shows as recorded
        ctx.tally.committed = tally.session;
        frame();
      });
    }));
  }

  /** The Master's bonus awards, for a system whose tally takes them (the proposal's takes_bonuses): a system that
   *  keeps no experience to award is not offered them. */
  function drawBonuses(out) {
    ctx.tally.bonuses.forEach(function (bonus) {
      out.appendChild(el("div", { className: "row", "data-test": "tally-bonus" }, [
        el("span", { text: f("bonus {amount} to {character}: {reason}", bonus) }),
        button(t("remove"), "tally-bonus-remove", function () {  // this bonus, whatever the list became meanwhile
          ctx.tally.bonuses = ctx.tally.bonuses.filter(function (other) { return other !== bonus; });
          frame();
        }, "small")]));
    });
    var who = el("select", { "data-test": "bonus-character", "aria-label": t("character") });
    var amount = el("input", { type: "number", inputmode: "numeric", "data-test": "bonus-amount", placeholder: t("amount"),
                               "aria-label": t("amount") });
    var reason = el("input", { "data-test": "bonus-reason", placeholder: t("reason"), "aria-label": t("reason") });
    // What the Master has put in the bonus form so far is kept over a redraw (another device's event, the stream
    // coming back): the redrawn form starts from it, and a successful 'add' empties it.
    var draft = ctx.tally.draft;
    amount.value = draft.amount || "";
    reason.value = draft.reason || "";
    amount.addEventListener("input", function () { draft.amount = amount.value; });
    reason.addEventListener("input", function () { draft.reason = reason.value; });
    who.addEventListener("change", function () { draft.character = who.value; });
    // The characters are offered at once from the last list this console read, so a redraw (an event arriving
    // while the Master fills the form) never leaves the pick empty until the sheets come back; then from the sheets.
    function offer(names) {
      var kept = draft.character || who.value;
      while (who.firstChild) who.removeChild(who.firstChild);
      names.forEach(function (name) { who.appendChild(el("option", { value: name, text: name })); });
      if (kept && names.indexOf(kept) >= 0) who.value = kept;
    }
    offer(ctx.tally.characters || []);
    ctx.api("/api/sheets").then(function (found) {
      ctx.tally.characters = Object.keys(found.sheets || {}).sort();
      offer(ctx.tally.characters);
    }).catch(refused);
    out.appendChild(el("fieldset", { className: "bonus" }, [el("legend", { text: t("Bonus award") }), who, amount, reason,
      button(t("add"), "bonus-add", function (b) {
        if (!who.value || !/^-?\d+$/.test(amount.value.trim()) || !reason.value.trim()) {
          refused({ message: t("bonus: a character, a whole amount and a reason") });
          return;
        }
        ctx.tally.bonuses.push({ character: who.value, amount: Number(amount.value.trim()), reason: reason.value.trim() });
        ctx.tally.draft = {};  // added: the redrawn form is empty
        b.disabled = true;  // added once: a second tap before the redraw adds nothing
        frame();
      }, "small")]));
  }

  // -- house rules: in force, proposals with their votes, propose ------------------------------------

  function rulesScreen(body) {
    return ctx.api("/api/rules").then(function (found) {
      clear(body);
      var meaning = {};
      var inForce = el("ul", { className: "lines", "data-test": "rules" });
      found.rules.forEach(function (rule) {
        meaning[rule.key] = rule.meaning;
        inForce.appendChild(el("li", { className: "line", "data-test": "rule", "data-key": rule.key }, [
          el("strong", { text: t(rule.meaning) }),
          el("div", { text: f("{value} ({whence})", { value: words(rule.value),
            whence: rule.house_rule ? t("house rule") : t("as written") }) })]));
      });
      body.appendChild(inForce);
      body.appendChild(el("h3", { text: t("Proposals") }));
      var proposals = el("ul", { className: "lines", "data-test": "proposals" });
      found.proposals.slice().reverse().forEach(function (p) { proposals.appendChild(proposal(p, meaning)); });
      if (!found.proposals.length) proposals.appendChild(el("li", { className: "muted", text: t("no proposal") }));
      body.appendChild(proposals);
      body.appendChild(proposeForm(found.rules));
    });
  }

  function proposal(p, meaning) {
    var me = ctx.me.me;
    var item = el("li", { className: "line", "data-test": "proposal", "data-id": p.id }, [
      el("strong", { text: t(meaning[p.key] || p.key) }),
      el("div", { text: words(p.previous) + " → " + words(p.value) + " · " + f("proposed by {who}", { who: p.proposed_by }) }),
      el("div", { className: "muted", "data-test": "proposal-tally", text: f("{yes} in favour, {no} against of {players} players; the quorum needs {required}",
        { yes: p.in_favour, no: p.against, players: p.players, required: p.required === null ? "—" : p.required }) })]);
    var path = "/api/rules/" + encodeURIComponent(p.id);
    if (p.adopted_version !== null && p.adopted_version !== undefined) {
      item.appendChild(el("p", { "data-test": "proposal-adopted",
        text: f("adopted at {point}", { point: eventNumber(p.adopted_version) }) }));
    } else if (me.role === "player" && !(me.name in p.votes)) {
      item.appendChild(el("div", { className: "votes" }, [
        button(t("In favour"), "rule-yes", function (b) { write(b, path + "/vote", { in_favour: true }).then(refresh); }, "uphold"),
        button(t("Against"), "rule-no", function (b) { write(b, path + "/vote", { in_favour: false }).then(refresh); }, "overturn")]));
    } else if (me.role === "player") {
      item.appendChild(el("p", { text: p.votes[me.name] ? t("you voted in favour") : t("you voted against") }));
    } else if (p.quorum_reached) {
      item.appendChild(button(t("Adopt"), "rule-adopt", function (b) { write(b, path + "/adopt").then(refresh); }));
    }
    return item;
  }

  /** One radio button of a group: its label the words given (wrapping, never cut), ``checked`` as given. */
  function radio(group, value, test, text, checked, onPick) {
    var input = el("input", { type: "radio", name: group, value: value, "data-test": test });
    input.checked = checked;
    input.addEventListener("change", function () { if (input.checked) onPick(value); });
    return el("label", { className: "check choice" }, [input, el("span", { text: text })]);
  }

  /** Propose a house rule: the rule picked among radio buttons, each labelled with its meaning; its value among its
   *  words (the values' words, as words() says them) where it takes a few, else typed as a whole number in its
   *  range.  What is picked and typed is kept over a redraw (a vote arriving), as the bonus form is; a proposal
   *  that is stored empties it. */
  function proposeForm(rules) {
    var draft = ctx.proposal || (ctx.proposal = {});
    if (!rules.some(function (r) { return r.key === draft.key; })) { draft.key = rules[0].key; draft.value = ""; }
    function rule() { return rules.filter(function (r) { return r.key === draft.key; })[0]; }
    var keys = el("fieldset", { className: "choices", "data-test": "propose-key" }, [el("legend", { text: t("rule") })]);
    rules.forEach(function (r) {
      keys.appendChild(radio("propose-key", r.key, "propose-key-" + r.key, t(r.meaning), r.key === draft.key, function () {
        draft.key = r.key;
        draft.value = "";  // another rule's value means nothing for this one
        drawValue();
      }));
    });
    var value = el("div", { className: "propose-value" });
    function drawValue() {
      clear(value);
      var picked = rule();
      if (picked.choices && picked.choices.length) {
        var set = el("fieldset", { className: "choices values", "data-test": "propose-value" }, [el("legend", { text: t("value") })]);
        picked.choices.forEach(function (c) {
          set.appendChild(radio("propose-value", c, "propose-value-" + c, words(c), draft.value === c,
                                function () { draft.value = c; }));
        });
        value.appendChild(set);
        return;
      }
      var number = el("input", { type: "number", inputmode: "numeric", step: "1", "data-test": "propose-value",
                                 "aria-label": t("value"), placeholder: t("value") });
      if (picked.low !== null && picked.low !== undefined) number.min = String(picked.low);
      if (picked.high !== null && picked.high !== undefined) number.max = String(picked.high);
      number.value = draft.value || "";
      number.addEventListener("input", function () { draft.value = number.value; });
      value.appendChild(el("label", { className: "row" }, [t("value"), number]));
      value.appendChild(el("p", { className: "muted", "data-test": "propose-allowed",
                                  text: f("allowed: {allowed}", { allowed: picked.allowed }) }));
    }
    drawValue();
    return el("fieldset", { className: "propose" }, [el("legend", { text: t("Propose a house rule") }), keys, value,
      button(t("Propose"), "rule-propose", function (b) {
        var picked = rule();
        var raw = String(draft.value || "").trim();
        var choosing = picked.choices && picked.choices.length;
        var number = /^-?\d+$/.test(raw) ? Number(raw) : null;
        var fits = choosing ? picked.choices.indexOf(raw) >= 0 : number !== null &&
          !(picked.low !== null && number < picked.low) && !(picked.high !== null && number > picked.high);
        if (!fits) {  // nothing is sent: the line names the field and what it takes, in the table's words
          refused({ message: f("value: {allowed}", { allowed: choosing ? picked.choices.map(words).join(" | ")
                                                                       : picked.allowed }) });
          return;
        }
        write(b, "/api/rules", { key: picked.key, value: choosing ? raw : number }).then(function (answer) {
          if (answer) ctx.proposal = {};
          refresh();
        });
      })]);
  }

  // -- devices: tokens, a new link and its QR code, revoke -------------------------------------------

  /** A token as people name it: «телефон Ани, выдан 02.12.2026» (its member and the day it was issued), never
   *  its id. */
  function tokenName(token) {
    var day = token.issued_at ? new Date(token.issued_at).toLocaleDateString(document.documentElement.lang || undefined) : "";
    var said = token.expires_at ? t("{member}'s one-time link, issued {day}") : t("{member}'s phone, issued {day}");
    return said.replace("{member}", token.member).replace("{day}", day);
  }

  function tokensScreen(body) {
    return ctx.api("/api/tokens").then(function (tokens) {
      clear(body);
      if (ctx.issued) body.appendChild(issuedCard(ctx.issued));
      if (window.JournalSetup) {  // setup.js: add a player, then make their link
        body.appendChild(window.JournalSetup.addPlayer({ me: ctx.me, write: write, button: button,
          pick: function (name) { ctx.tokenMember = name; frame(); } }));
      }
      var who = el("select", { "data-test": "token-member", "aria-label": t("member") });
      Object.keys(ctx.me.members || {}).forEach(function (name) { who.appendChild(el("option", { value: name, text: name })); });
      if (ctx.tokenMember && ctx.tokenMember in (ctx.me.members || {})) who.value = ctx.tokenMember;  // kept over a redraw
      who.addEventListener("change", function () { ctx.tokenMember = who.value; });
      body.appendChild(el("div", { className: "row" }, [who, button(t("New link for a phone"), "token-issue", function (b) {
        write(b, "/api/tokens", { member: who.value }).then(function (answer) {
          if (!answer) return;
          ctx.issued = answer;
          frame();
        });
      })]));
      var list = el("ul", { className: "lines", "data-test": "tokens" });
      tokens.forEach(function (token) {
        var item = el("li", { className: "line", "data-test": "token", "data-token-id": token.token_id,
                              "data-revoked": String(token.revoked) }, [
          el("div", { className: "line-head" }, [el("strong", { text: token.member }),
            el("span", { className: "muted", text: token.revoked ? t("revoked") : token.expires_at ? t("one-time link") : t("in use") })]),
          el("div", { className: "muted", "data-test": "token-name", text: tokenName(token) })]);
        if (!token.revoked) {
          item.appendChild(button(t("Revoke"), "token-revoke", function (b) {
            write(b, "/api/tokens/" + encodeURIComponent(token.token_id) + "/revoke").then(refresh);
          }, "small"));
        }
        list.appendChild(item);
      });
      body.appendChild(list);
    });
  }

  function issuedCard(issued) {
    var card = el("div", { className: "issued", "data-test": "token-issued", "data-member": issued.member }, [
      el("p", { text: f("{member}'s phone: scan this code, or open the link. It is shown only now.", { member: issued.member }) })]);
    var image = el("img", { "data-test": "token-qr", alt: f("QR code of {member}'s link", { member: issued.member }),
                            width: "240", height: "240" });
    card.appendChild(image);
    var shown = el("input", { readonly: "", "data-test": "token-link", "aria-label": t("link") });
    shown.value = issued.link;
    card.appendChild(shown);
    if (issued.loopback) {  // the server says the link names this machine only (web/hosting.py): no phone opens it
      card.appendChild(el("p", { className: "warning", "data-test": "token-loopback", role: "alert",
        text: t("This link names this machine only (127.0.0.1, localhost): a phone cannot open it. Open the console at the address phones reach, or start 'journal serve --public-url'.") }));
    }
    card.appendChild(button(t("Done"), "token-done", function () { ctx.issued = null; frame(); }, "small"));
    fetch("/api/tokens/qr.svg", { method: "POST", headers: { "Authorization": "Bearer " + ctx.token,
      "Content-Type": "application/json" }, body: JSON.stringify({ token: issued.token }) }).then(function (answer) {
      if (!answer.ok) return answer.json().then(function (b) { throw { message: b.error, status: answer.status }; });
      return answer.blob();
    }).then(function (svg) {
      if (ctx.qr) URL.revokeObjectURL(ctx.qr);
      ctx.qr = URL.createObjectURL(svg);
      image.src = ctx.qr;
    }).catch(refused);
    return card;
  }

  // -- the page's signals ----------------------------------------------------------------------------

  /** The events that change each screen: a screen is redrawn only for its own (a form being filled stays). */
  var WATCHED = { session: /^session\./, tally: /^(session\.ended|tally\.)/, rules: /^rules\./, tokens: /^member\./ };
  document.addEventListener("journal:signedin", function (signal) {
    var d = signal.detail;
    ctx.me = d.me; ctx.api = d.api; ctx.report = d.report; ctx.clearError = d.clearError; ctx.token = d.token;
    ctx.word = d.word;
    ctx.issued = null; ctx.absent = {}; ctx.tokenMember = null; ctx.minutes = "";
    resetTally(null);
    ctx.tab = master() ? "session" : "rules";
    frame();
  });
  document.addEventListener("journal:event", function (signal) {
    if (ctx.me && screens().length && WATCHED[ctx.tab].test(signal.detail.type)) refresh();
  });
  document.addEventListener("journal:labelled", function () {  // the tally's lines are named by them
    if (ctx.me && screens().length && ctx.tab === "tally") refresh();
  });
  document.addEventListener("journal:signedout", function () {
    ctx.me = null; ctx.issued = null;
    $("console").hidden = true;
    clear($("console"));
  });
})();
