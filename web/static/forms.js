/* The page's words and the system's forms: t() over the `web` catalogue, and one form per verb of the
 * campaign's rule system, generated from its JSON schema (GET /api/verbs), never written by hand per verb.
 *
 * t("English") is the translation of an English string in the reader's language (GET /api/i18n, chosen from
 * the address's ?lang=ru|en, else navigator.languages), or the string itself; Babel's javascript
 * extractor finds every t("...") call.
 * Labels that come from the server (a verb's or field's title, an event type, a rule's name) go through
 * t() too, as data: their Russian is in the same catalogue.
 *
 * A form validates as the player types (the schema's types and constraints: whole numbers, lists of dice,
 * required fields, choices), posts through the send function it is given (the page's queue), shows the
 * dice and the summary of what was stored, and a refusal with its rule named in the reader's language.
 * Text from the journal is only ever set with textContent.
 */
(function () {
  "use strict";

  var messages = {};
  var language = "en";

  /** The reader's translation of an English string (the string itself when the catalogue lacks it). */
  function t(english) {
    var found = messages[english];
    return typeof found === "string" && found ? found : english;
  }

  /** The language asked for in the page's address (?lang=ru or ?lang=en), or null. */
  function addressLanguage() {
    var asked = new URLSearchParams(window.location.search).get("lang");
    return asked && /^(ru|en)([-_][A-Za-z0-9]{1,8})*$/i.test(asked) ? asked : null;
  }

  /** Load the catalogue of the language asked for: ``lang``, else the address's ?lang=, else the browser's
   *  navigator.languages; resolves to the language chosen. */
  function loadLanguage(lang) {
    var wanted = lang || addressLanguage() || (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    return fetch("/api/i18n?lang=" + encodeURIComponent(wanted)).then(function (response) {
      return response.ok ? response.json() : { lang: "en", messages: {} };
    }).then(function (answer) {
      messages = answer.messages || {};
      language = answer.lang || "en";
      document.documentElement.lang = language;
      translatePage(document);
      return language;
    }, function () { return language; });
  }

  /** Translate the page's static words: elements marked data-i18n (their text), data-i18n-placeholder and
   *  data-i18n-aria-label (those attributes).  Text the server writes (an event's summary, a verb's help, a
   *  refusal's detail) sits in elements marked data-i18n-server: it is in English until the server speaks
   *  the reader's language. */
  function translatePage(root) {
    Array.prototype.forEach.call(root.querySelectorAll("[data-i18n]"), function (node) {
      if (!node.dataset.en) node.dataset.en = node.textContent;
      node.textContent = t(node.dataset.en);
    });
    Array.prototype.forEach.call(root.querySelectorAll("[data-i18n-placeholder]"), function (node) {
      if (!node.dataset.enPlaceholder) node.dataset.enPlaceholder = node.getAttribute("placeholder") || "";
      node.setAttribute("placeholder", t(node.dataset.enPlaceholder));
    });
    Array.prototype.forEach.call(root.querySelectorAll("[data-i18n-aria-label]"), function (node) {
      if (!node.dataset.enAriaLabel) node.dataset.enAriaLabel = node.getAttribute("aria-label") || "";
      node.setAttribute("aria-label", t(node.dataset.enAriaLabel));
    });
  }

  /** A name for people, as the server's web.routes.systems.label makes it: hit_bonus -> "Hit bonus". */
  function label(name) {
    var words = String(name).replace(/[_-]+/g, " ").trim().toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  /** A refusal for people: "refused by rule 'R': detail" with the rule's name translated.  What to do next is
   *  already in the page's terms (the server's web.errors answers a refusal's hint so, journal.errors.Hint). */
  function refusal(message) {
    var match = /^refused by rule '([^']+)': ([\s\S]*)$/.exec(message || "");
    if (!match) return t(message || "");
    return t("refused by the rule") + " «" + t(match[1]) + "»: " + match[2];
  }

  /** A point of the campaign's history as the page names it everywhere: its event's number, as the timeline's first
   *  column shows it ("#57", «№57»).  The page never says "version". */
  function eventNumber(version) { return t("#{number}").replace("{number}", String(version)); }

  /** An element: ``attrs`` sets its attributes (``text``: its textContent, ``className``), ``children`` (nodes or
   *  strings, as text) are appended.  The page's scripts build their nodes with it (window.JournalForms.el). */
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

  // -- a field's kind, from its schema ------------------------------------------------------------

  function resolve(schema, defs) {
    if (schema && schema.$ref) return defs[schema.$ref.split("/").pop()] || {};
    return schema || {};
  }

  /** What a property takes: {kind, nullable, choices, item} with kind one of
   *  integer, number, boolean, choice, string, text-or-number, integers, strings, pairs, document, json. */
  function kindOf(schema, defs) {
    schema = resolve(schema, defs);
    var options = schema.anyOf ? schema.anyOf.map(function (s) { return resolve(s, defs); }) : [schema];
    var nullable = options.some(function (s) { return s.type === "null"; });
    var real = options.filter(function (s) { return s.type !== "null"; });
    var types = real.map(function (s) { return s.enum ? "enum" : s.type; });
    var one = real[0] || {};
    var kind = "json";
    if (real.length === 1) {
      if (one.enum) kind = "choice";
      else if (one.type === "integer") kind = "integer";
      else if (one.type === "number") kind = "number";
      else if (one.type === "boolean") kind = "boolean";
      else if (one.type === "string") kind = "string";
      else if (one.type === "array") {
        var item = resolve(one.items, defs);
        if (item.type === "integer") kind = "integers";
        else if (item.type === "string") kind = "strings";
      } else if (one.type === "object" && one.additionalProperties === true) {
        kind = "document";  // a whole record (a carry-over's sheet): picked as the file the CLI reads, never typed
      } else if (one.type === "object" && one.additionalProperties && one.additionalProperties.type === "integer") {
        kind = "pairs";
      }
      if (kind === "json" && one.type === "array" && resolve(one.items, defs).properties) kind = "records";
      else if (kind === "json" && one.type === "object" && one.additionalProperties) kind = "map";
    } else if (types.every(function (x) { return x === "string" || x === "integer" || x === "boolean"; })) {
      kind = "text-or-number";
    } else if (types.length === 2 && types.indexOf("integer") >= 0 && types.indexOf("array") >= 0) {
      kind = "integers";
    }
    // a list that may also be typed as text ("Жулики 7; Стража 5"), read by the server
    var text = kind === "json" && types.indexOf("string") >= 0;
    return { kind: kind, nullable: nullable, choices: one.enum || null, schema: one, text: text };
  }

  var WHOLE = /^[+-]?\d+$/;

  /** Parse what was typed into a field: {value} (undefined: left out) or {error} naming what is wrong. */
  function parse(kind, raw, required) {
    var typed = typeof raw === "string" ? raw.trim() : raw;
    if (kind.kind === "boolean") return { value: !!raw };
    if (typed === "" || typed === null || typed === undefined) {
      return required ? { error: t("required") } : { value: undefined };
    }
    var s = kind.schema || {};
    if (kind.kind === "integer" || kind.kind === "number") {
      if (kind.kind === "integer" ? !WHOLE.test(typed) : isNaN(Number(typed))) return { error: t("a whole number") };
      var n = Number(typed);
      if (!Number.isSafeInteger(n) && kind.kind === "integer") return { error: t("the number is too large") };
      if (s.minimum !== undefined && n < s.minimum) return { error: t("at least") + " " + s.minimum };
      if (s.maximum !== undefined && n > s.maximum) return { error: t("at most") + " " + s.maximum };
      return { value: n };
    }
    if (kind.kind === "integers") {
      var parts = typed.split(/[\s,;]+/).filter(Boolean);
      if (!parts.every(function (p) { return WHOLE.test(p); })) return { error: t("whole numbers, e.g. 3, 5") };
      return { value: parts.map(Number) };
    }
    if (kind.kind === "strings") {
      return { value: typed.split(",").map(function (p) { return p.trim(); }).filter(Boolean) };
    }
    if (kind.kind === "pairs") {
      var pairs = {};
      var items = typed.split(",").map(function (p) { return p.trim(); }).filter(Boolean);
      for (var i = 0; i < items.length; i++) {
        var m = /^([^=]+)=\s*([+-]?\d+)$/.exec(items[i]);
        if (!m) return { error: t("name=number pairs, e.g. shield=-1") };
        pairs[m[1].trim()] = Number(m[2]);
      }
      return { value: pairs };
    }
    if (kind.kind === "text-or-number") return { value: WHOLE.test(typed) ? Number(typed) : typed };
    if (kind.kind === "document") {
      var sheet = null;
      try { sheet = JSON.parse(typed); } catch (e) { sheet = null; }
      if (!sheet || typeof sheet !== "object" || Array.isArray(sheet)) {
        return { error: t("not a sheet file: the file the table's doc shows (Bringing a running campaign)") };
      }
      return { value: sheet };
    }
    if (kind.kind === "records" || kind.kind === "map") {  // its rows' editor says what is wrong in words
      var rows = JSON.parse(typed);
      return rows.error ? { error: rows.error } : { value: rows.value };
    }
    if (kind.kind === "json") {
      if (kind.text && !/^[\[{]/.test(typed)) return { value: typed };
      try { return { value: JSON.parse(typed) }; } catch (e) { return { error: t("not valid JSON") }; }
    }
    if (s.minLength !== undefined && typed.length < s.minLength) return { error: t("too short") };
    if (s.maxLength !== undefined && typed.length > s.maxLength) return { error: t("too long") };
    if (s.pattern && !new RegExp(s.pattern).test(typed)) return { error: t("not in the expected form") };
    return { value: typed };
  }

  var HINTS = {
    integers: "whole numbers, e.g. 3, 5", strings: "separated by commas", pairs: "name=number pairs, e.g. shield=-1",
    json: "JSON", "text-or-number": "a name or a number",
  };

  /** The default a text field starts with: none when the system names it in words (``x-default-label``, shown as the
   * field's hint instead): left empty, the field sends nothing and the server's default applies. */
  function shownDefault(schema) {
    return schema["x-default-label"] !== undefined ? undefined : schema["default"];
  }

  function defaultText(kind, value) {
    if (value === undefined || value === null) return "";
    if (kind.kind === "integers" || kind.kind === "strings") return Array.isArray(value) ? value.join(", ") : String(value);
    if (kind.kind === "pairs") return Object.keys(value).map(function (k) { return k + "=" + value[k]; }).join(", ");
    if (kind.kind === "json") return JSON.stringify(value);
    return String(value);
  }

  // -- lists drawn from the campaign (GET /api/choices): characters, weapons, sealed geasa, the system's words --

  var lists = {};       // source -> [{value, text}]
  var mine = [];        // the names of the reader's own characters, which a form picks first
  var pickers = [];     // every select that offers a list, redrawn when the lists change

  /** Fill ``select`` with the ``source``'s list, keeping what was picked (an optional field starts at "—"). */
  function fillPicker(select) {
    var items = lists[select.dataset.source] || [];
    var kept = select.value;
    while (select.firstChild) select.removeChild(select.firstChild);
    if (!select.required || !items.length) select.appendChild(el("option", { value: "", text: "—" }));
    items.forEach(function (item) { select.appendChild(el("option", { value: String(item.value), text: item.text })); });
    var values = items.map(function (item) { return String(item.value); });
    if (kept && values.indexOf(kept) >= 0) select.value = kept;
    else select.value = pickFirst(select, values);
  }

  /** What a fresh picker shows: its default, else (a required one) the reader's own character, else another's. */
  function pickFirst(select, values) {
    var wanted = select.dataset.default;
    if (wanted !== undefined && values.indexOf(wanted) >= 0) return wanted;
    if (select.dataset.first === "true") return values[0] || "";
    if (!select.required) return "";
    var own = values.filter(function (v) { return mine.indexOf(v) >= 0; });
    if (select.dataset.others === "true") {
      var others = values.filter(function (v) { return mine.indexOf(v) < 0; });
      return others[0] || values[0] || "";
    }
    return own[0] || values[0] || "";
  }

  /** The campaign's lists now (``answer`` of GET /api/choices) and the reader's characters; every picker follows. */
  function setChoices(answer, own) {
    lists = (answer && answer.choices) || {};
    mine = own || [];
    pickers.forEach(function (select) {
      if (select.refill) select.refill();
      else fillPicker(select);
      select.dispatchEvent(new Event("change"));
    });
  }

  /** Named numbers ticked from a list (a checklist of modifiers: «Свежий +1», «верхом +2»): read as "name=number, …";
   *  a list of words without numbers (a checklist of words: «спас жизнь», «подарил магический предмет») as "word, …". */
  function checksOf(id, source) {
    var box = el("div", { className: "checks", id: id, "data-source": source });
    box.refill = function () {
      var kept = box.rowsText ? box.rowsText() : "";
      while (box.firstChild) box.removeChild(box.firstChild);
      (lists[source] || []).forEach(function (item) {
        var numbered = item.amount !== undefined && item.amount !== null;
        var key = numbered ? item.value + "=" + item.amount : item.value;
        var tick = el("input", { type: "checkbox", value: key,
                                 "data-test": "check-" + item.value + (numbered ? "-" + item.amount : "") });
        tick.checked = kept.split(", ").indexOf(key) >= 0;
        box.appendChild(el("label", { className: "field check" }, [tick, el("span", { text: item.text })]));
      });
    };
    box.rowsText = function () {
      return Array.prototype.filter.call(box.querySelectorAll("input"), function (i) { return i.checked; })
        .map(function (i) { return i.value; }).join(", ");
    };
    box.clearRows = function () {
      Array.prototype.forEach.call(box.querySelectorAll("input"), function (i) { i.checked = false; });
    };
    box.refill();
    return box;
  }

  /** An editor of rows: ``cells()`` gives one row's fields, each row gets a remove button, «добавить строку» adds one;
   *  the last row removed leaves an empty one.  ``read(line)`` reads a row; the box's ``rows()`` lists them. */
  function rowsBox(id, className, cells) {
    var box = el("div", { className: "rows", id: id, "data-test": "rows" });
    var list = el("div", { className: "rows-list" });
    var add = el("button", { type: "button", className: "small", "data-test": "row-add", text: t("add a row") });
    box.appendChild(list);
    box.appendChild(add);
    function row() {
      var remove = el("button", { type: "button", className: "small", "data-test": "row-remove",
                                  "aria-label": t("remove the row"), text: "✕" });
      var line = el("div", { className: className, "data-test": "row" }, cells().concat([remove]));
      remove.addEventListener("click", function () {
        list.removeChild(line);
        if (!list.children.length) list.appendChild(row());
        box.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return line;
    }
    add.addEventListener("click", function () {
      var line = row();
      list.appendChild(line);
      line.querySelector("input, select").focus();
    });
    list.appendChild(row());
    box.rows = function () { return Array.prototype.slice.call(list.children); };
    box.clearRows = function () {
      while (list.firstChild) list.removeChild(list.firstChild);
      list.appendChild(row());
    };
    return box;
  }

  function textInput(attrs) {
    return el("input", Object.assign({ type: "text", autocomplete: "off", spellcheck: "false" }, attrs));
  }

  /** Rows of a name and a number (a list of records that the server also reads as text: "Жулики 7; Стража 5");
   *  ``number`` (:func:`rowsNumber`) says what the second column takes. */
  function rowsEditor(id, number) {
    var hint = t(number.hint);
    var box = rowsBox(id, "rows-row", function () {
      var number_ = textInput({ "data-test": "row-number", "aria-label": hint, placeholder: hint });
      if (number.numeric) number_.setAttribute("inputmode", "numeric");
      return [textInput({ "data-test": "row-name", "aria-label": t("name"), placeholder: t("name") }), number_];
    });
    box.rowsText = function () {
      return box.rows().map(function (line) {
        var parts = line.querySelectorAll("input");
        return (parts[0].value.trim() + " " + parts[1].value.trim()).trim();
      }).filter(Boolean).join("; ");
    };
    return box;
  }

  /** Rows of a list of records (each combatant's declaration in a round), one small field per property: a choice
   *  as a list in the system's words, a number, a name typed or picked from the campaign's (``x-source``).  The
   *  editor reads as JSON of {value} or {error} (``parse``); an empty row is left out, a wrong number named. */
  function recordsEditor(id, item, defs) {
    var names = Object.keys(item.properties || {});
    var required = item.required || [];
    function title(name) { return t(item.properties[name].title || label(name)); }
    function cell(name) {
      var schema = item.properties[name];
      var kind = kindOf(schema, defs);
      var input;
      if (kind.kind === "choice") {
        input = el("select", {});
        if (required.indexOf(name) < 0) input.appendChild(el("option", { value: "", text: "—" }));
        var named = kind.schema["x-labels"] || {};
        kind.choices.forEach(function (choice) {
          input.appendChild(el("option", { value: choice, text: choice in named ? label(named[choice]) : t(label(choice)) }));
        });
      } else {
        input = textInput({});
        if (kind.kind === "integer") input.setAttribute("inputmode", "numeric");
        if (schema["x-source"]) input.setAttribute("list", namesList(schema["x-source"]));
      }
      input.dataset.cell = name;
      input.setAttribute("aria-label", title(name));
      return el("div", { className: "cell" }, [el("span", { className: "field-label", text: title(name) }), input]);
    }
    var box = rowsBox(id, "rows-row record", function () { return names.map(cell); });
    box.rowsText = function () {
      var found = [], error = null;
      box.rows().forEach(function (line) {
        var record = {};
        names.forEach(function (name) {
          var typed = line.querySelector("[data-cell='" + name + "']").value.trim();
          if (typed === "") return;
          if (kindOf(item.properties[name], defs).kind !== "integer") record[name] = typed;
          else if (WHOLE.test(typed)) record[name] = Number(typed);
          else error = error || title(name) + ": " + t("a whole number");
        });
        if (!Object.keys(record).length) return;
        var missing = required.filter(function (name) { return !(name in record); });
        if (missing.length) error = error || title(missing[0]) + ": " + t("required");
        found.push(record);
      });
      return found.length || error ? JSON.stringify(error ? { error: error } : { value: found }) : "";
    };
    return box;
  }

  /** Rows of a name and what it maps to (who reconsidered and whom he now protects; connections
   *  by name), read as {name: text}; an empty text is null where the schema allows it. */
  function mapEditor(id, values) {
    var nullable = (values.anyOf || [values]).some(function (s) { return s.type === "null"; });
    var box = rowsBox(id, "rows-row", function () {
      return [textInput({ "data-test": "row-name", "aria-label": t("name"), placeholder: t("name"),
                          list: namesList("characters") }),
              textInput({ "data-test": "row-value", "aria-label": t("value"), placeholder: t("value") })];
    });
    box.rowsText = function () {
      var found = {}, any = false;
      box.rows().forEach(function (line) {
        var parts = line.querySelectorAll("input");
        var name = parts[0].value.trim(), text = parts[1].value.trim();
        if (!name) return;
        found[name] = text === "" && nullable ? null : text;
        any = true;
      });
      return any ? JSON.stringify({ value: found }) : "";
    };
    return box;
  }

  /** The id of a datalist of the campaign's ``source`` list (names a row may pick or type), kept with the lists. */
  function namesList(source) {
    var id = "names-" + source;
    var found = document.getElementById(id);
    if (!found) {
      found = el("datalist", { id: id, translate: "no" });  // the group's own names, as typed
      found.dataset.source = source;
      found.refill = function () {
        while (found.firstChild) found.removeChild(found.firstChild);
        (lists[source] || []).forEach(function (item) { found.appendChild(el("option", { value: String(item.value) })); });
      };
      found.refill();
      document.body.appendChild(found);
      pickers.push(found);
    }
    return id;
  }

  /** The second column of a field of text rows, from its records' schema: the property after the name, typed as
   *  digits when it is a number; else that or the first number property after it ("weapon or initiative"). */
  function rowsNumber(item) {
    var properties = item.properties || {};
    var names = Object.keys(properties);
    function typeOf(name) {
      var options = properties[name].anyOf || [properties[name]];
      return options.map(function (s) { return s.type; }).filter(function (x) { return x !== "null"; })[0];
    }
    var second = names[1] || "value";
    if (names[1] && typeOf(second) === "integer") return { hint: second, numeric: true };
    var number = names.slice(2).filter(function (name) { return typeOf(name) === "integer"; })[0];
    return { hint: number ? second + " or " + number : second, numeric: false };
  }

  /** One input of a form, wired to validate as the reader types. */
  function field(verb, name, schema, defs, required) {
    var kind = kindOf(schema, defs);
    var id = "verb-" + verb.verb + "-" + name;
    var input;
    var source = schema["x-source"];  // picked from one of the campaign's lists (journal/service/choices.py)
    if (source && (kind.kind === "pairs" || kind.kind === "strings")) {
      input = checksOf(id, source);
      pickers.push(input);
    } else if (source && kind.kind !== "boolean" && kind.kind !== "choice") {
      input = el("select", { id: id, "data-source": source });
      if (required) input.required = true;
      if (schema["default"] !== undefined && schema["default"] !== null) input.dataset["default"] = String(schema["default"]);
      if (name === "other" || name === "defender" || name === "target") input.dataset.others = "true";
      if (schema["x-first"]) input.dataset.first = "true";  // started at the list's first entry (journal/service/choices.py)
      pickers.push(input);
      fillPicker(input);
    } else if (kind.kind === "json" && kind.text) {
      input = rowsEditor(id, rowsNumber(resolve(kind.schema.items, defs)));
    } else if (kind.kind === "records") {
      input = recordsEditor(id, resolve(kind.schema.items, defs), defs);
    } else if (kind.kind === "map") {
      input = mapEditor(id, kind.schema.additionalProperties);
    } else if (kind.kind === "document") {
      input = documentPicker(id);
    } else if (kind.kind === "boolean") {
      input = el("input", { type: "checkbox", id: id });
      input.checked = schema["default"] === true;
    } else if (kind.kind === "choice") {
      input = el("select", { id: id });
      if (!required) input.appendChild(el("option", { value: "", text: "—" }));
      var named = kind.schema["x-labels"] || {};  // the system's own words for its values (web/routes/verbs.py)
      kind.choices.forEach(function (choice) {
        input.appendChild(el("option", { value: choice, text: choice in named ? label(named[choice]) : t(label(choice)) }));
      });
      if (schema["default"] !== undefined) input.value = schema["default"];
    } else if (kind.kind === "json") {
      input = el("textarea", { id: id, rows: "3", spellcheck: "false" });
      input.value = defaultText(kind, schema["default"]);
      if (kind.text) input.setAttribute("placeholder", t("rows separated by ';', e.g. Жулики 7; Стража 5"));
    } else {
      var numeric = kind.kind === "integer";
      input = el("input", { id: id, type: "text", autocomplete: "off", spellcheck: "false" });
      if (numeric) input.setAttribute("inputmode", "numeric");
      if (kind.kind === "integers") input.setAttribute("inputmode", "numeric");
      input.value = defaultText(kind, shownDefault(schema));
      if (schema["x-default-label"] !== undefined) input.setAttribute("placeholder", schema["x-default-label"]);
      else if (HINTS[kind.kind]) input.setAttribute("placeholder", t(HINTS[kind.kind]));
    }
    input.name = name;
    input.dataset.test = "verb-field";
    input.dataset.field = name;
    if (required) input.required = true;
    var problem = el("span", { className: "field-error", "data-test": "field-error", "aria-live": "polite" });
    var title = t(schema.title || label(name)) + (required ? " *" : "");
    var wrapper = el("label", { className: kind.kind === "boolean" ? "field check" : "field", "for": id },
                     [el("span", { className: "field-label", text: title }), input, problem]);
    if (schema.description) wrapper.appendChild(el("span", { className: "field-help muted", text: t(schema.description) }));
    var touched = false;
    return {
      name: name, node: wrapper, input: input,
      read: function (show) {
        var raw = kind.kind === "boolean" ? input.checked : input.rowsText ? input.rowsText() : input.value;
        var parsed = parse(kind, raw, required);
        if (kind.kind === "boolean" && schema["default"] === parsed.value) parsed = { value: undefined };
        if (show || touched) {
          problem.textContent = parsed.error || "";
          input.setAttribute("aria-invalid", parsed.error ? "true" : "false");
        }
        return parsed;
      },
      touch: function () { touched = true; },
      /** Back to the form's first state, after the action was stored: the next one starts clean. */
      reset: function () {
        touched = false;
        problem.textContent = "";
        input.removeAttribute("aria-invalid");
        if (input.clearRows) input.clearRows();
        else if (kind.kind === "boolean") input.checked = schema["default"] === true;
        else if (input.dataset.source) { input.value = ""; fillPicker(input); }
        else if (input.tagName === "SELECT") input.value = schema["default"] !== undefined ? schema["default"] : (required ? input.options[0].value : "");
        else input.value = defaultText(kind, shownDefault(schema));
      },
    };
  }

  /** A file picker for a whole record (a carry-over's sheet file): the file's text is read when it is picked
   * (``data-loaded`` says when), and the form sends what it holds; the next form starts with none picked. */
  function documentPicker(id) {
    var box = el("input", { type: "file", id: id, accept: ".json,application/json,text/plain" });
    var text = "";
    box.dataset.loaded = "false";
    box.addEventListener("change", function () {
      var file = box.files && box.files[0];
      text = "";
      box.dataset.loaded = "false";
      if (!file) return;
      file.text().then(function (read) { text = read; box.dataset.loaded = "true"; });
    });
    box.rowsText = function () { return text; };
    box.clearRows = function () { box.value = ""; text = ""; box.dataset.loaded = "false"; };
    return box;
  }

  /** The dice chips of every roll ({sides, dice, source}) nested in an event's data. */
  function diceOf(value, found) {
    found = found || [];
    if (Array.isArray(value)) value.forEach(function (v) { diceOf(v, found); });
    else if (value && typeof value === "object") {
      if (Array.isArray(value.dice) && "sides" in value && "source" in value) found.push(value);
      else Object.keys(value).forEach(function (k) { diceOf(value[k], found); });
    }
    return found;
  }

  function showResult(box, answer) {
    box.textContent = "";
    box.className = "verb-result";
    ((answer && answer.events) || []).forEach(function (event) {
      var line = el("div", { className: "result-event", "data-test": "verb-result-event" });
      line.appendChild(el("p", { className: "summary", "data-i18n-server": "", text: event.summary }));
      var dice = el("div", { className: "dice" });
      diceOf(event.data).forEach(function (roll) {
        dice.appendChild(el("span", { className: "dice-label",
          text: "d" + roll.sides + " " + (roll.source === "server" ? t("(journal)") : t("(table)")) }));
        roll.dice.forEach(function (die) {
          dice.appendChild(el("span", { className: "die" + (roll.source === "server" ? " server" : ""),
                                        "data-test": "verb-result-die", text: String(die) }));
        });
      });
      line.appendChild(dice);
      box.appendChild(line);
    });
  }

  /** A refusal as a node: the rule's name translated, the server's detail in an element of its own. */
  function refusalNode(tag, attrs, message) {
    var match = /^refused by rule '([^']+)': ([\s\S]*)$/.exec(message || "");
    if (!match) return el(tag, Object.assign({ "data-i18n-server": "" }, attrs), [t(message || "")]);
    return el(tag, attrs, [t("refused by the rule") + " «" + t(match[1]) + "»: ",
                           el("span", { "data-i18n-server": "", text: match[2] })]);
  }

  function showRefusal(box, problem) {
    box.textContent = "";
    box.className = "verb-result refused";
    box.appendChild(refusalNode("p", { "data-test": "verb-refusal" }, problem && problem.message ? problem.message : String(problem)));
  }

  /** The form of one verb: its fields, a submit button kept disabled while a field is wrong, its result. */
  function form(verb, send) {
    var schema = verb.schema || {};
    var defs = schema.$defs || {};
    var required = schema.required || [];
    var node = el("form", { className: "verb-form", "data-test": "verb-form", "data-verb": verb.verb, autocomplete: "off",
                            novalidate: "" });
    if (verb.help) node.appendChild(el("p", { className: "muted verb-help", "data-i18n-server": "", text: t(verb.help) }));
    var fields = Object.keys(schema.properties || {}).map(function (name) {
      return field(verb, name, schema.properties[name], defs, required.indexOf(name) >= 0);
    });
    fields.forEach(function (f) { node.appendChild(f.node); });
    var button = el("button", { type: "submit", "data-test": "verb-submit", text: t(verb.label) });
    var result = el("div", { className: "verb-result", "data-test": "verb-result", "aria-live": "polite" });
    node.appendChild(button);
    node.appendChild(result);

    function check(show) {
      var body = {};
      var ok = true;
      fields.forEach(function (f) {
        var parsed = f.read(show);
        if (parsed.error) ok = false;
        else if (parsed.value !== undefined) body[f.name] = parsed.value;
      });
      return ok ? body : null;
    }
    fields.forEach(function (f) {
      ["input", "change"].forEach(function (type) {
        f.input.addEventListener(type, function () { f.touch(); check(false); });
      });
    });
    node.addEventListener("submit", function (event) {
      event.preventDefault();
      fields.forEach(function (f) { f.touch(); });
      var body = check(true);
      if (!body) return;
      result.textContent = "";
      send(verb.path, body, t(verb.label)).then(function (answer) {
        showResult(result, answer);
        fields.forEach(function (f) { f.reset(); });
        check(false);
      }, function (problem) { showRefusal(result, problem); });
    });
    return node;
  }

  /** The actions panel: a picker of the verbs the member may use and the chosen verb's form. */
  function panel(container, answer, me, send) {
    container.textContent = "";
    pickers = [];
    var mine = (answer.verbs || []).filter(function (v) { return v.who !== "master" || me.role === "master"; });
    var picker = el("select", { "data-test": "verb-picker", "aria-label": t("action") });
    mine.forEach(function (v) { picker.appendChild(el("option", { value: v.verb, text: t(v.label) })); });
    var holder = el("div", { className: "verb-holder" });
    var forms = {};
    // The verbs a player takes often (the system's quick verbs) are a button each under the list: a tap opens the form,
    // where the list takes two (open it, pick); the list still offers every verb, these included.
    var quick = (answer.quick || []).map(function (name) {
      return mine.filter(function (v) { return v.verb === name; })[0];
    }).filter(Boolean).map(function (v) {
      var button = el("button", { type: "button", "data-test": "verb-quick", "data-verb": v.verb,
                                  "aria-pressed": "false", text: t(v.label) });
      button.addEventListener("click", function () { picker.value = v.verb; show(); });
      return button;
    });
    function show() {
      var verb = mine.filter(function (v) { return v.verb === picker.value; })[0];
      quick.forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.verb === picker.value)); });
      holder.textContent = "";
      if (!verb) return;
      forms[verb.verb] = forms[verb.verb] || form(verb, send);
      holder.appendChild(forms[verb.verb]);
    }
    var main = mine.filter(function (v) { return v.verb === answer.main; })[0];
    if (main) picker.value = main.verb;  // the verb a player takes most is open first (the system's main verb)
    picker.addEventListener("change", show);
    container.appendChild(el("label", { className: "row" }, [el("span", { text: t("action") }), picker]));
    if (quick.length) container.appendChild(el("div", { className: "row quick", "data-test": "verb-quicks" }, quick));
    container.appendChild(holder);
    show();
  }

  window.t = t;
  window.JournalForms = {
    t: t, label: label, el: el, eventNumber: eventNumber, refusal: refusal, refusalNode: refusalNode, loadLanguage: loadLanguage,
    translatePage: translatePage, panel: panel, form: form, parse: parse, kindOf: kindOf, setChoices: setChoices,
    language: function () { return language; },
  };
})();
