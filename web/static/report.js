/* The whole session report on the page: the document 'journal replay --format html' writes (GET
 * /api/report/K/html), shown inside the page's report panel in the reader's language.
 *
 * app.js calls JournalReport.panel(hooks) once, for the panel's "Whole report" part, and JournalReport.show(number)
 * when the session picked changes; hooks = { headers(), language(), report(problem) }.  The document is parsed
 * (DOMParser: nothing in it runs), its scripts, styles, frames and event handlers dropped, and each table put in a
 * box of its own that scrolls sideways, so a 360-px phone never scrolls the page itself (app.css: .report-doc).
 */
(function () {
  "use strict";

  function t(s) { return window.t ? window.t(s) : s; }
  var el = window.JournalForms.el;
  var state = { hooks: null, box: null, details: null, number: null, shown: null };

  function clean(doc) {
    Array.prototype.forEach.call(doc.querySelectorAll("script, style, link, iframe, object, embed, foreignObject, form"),
      function (n) { n.remove(); });
    Array.prototype.forEach.call(doc.querySelectorAll("*"), function (node) {
      Array.prototype.slice.call(node.attributes).forEach(function (a) {
        if (/^on/i.test(a.name) || /href$/i.test(a.name) || a.name === "style" || a.name === "src") node.removeAttribute(a.name);
      });
    });
    Array.prototype.forEach.call(doc.querySelectorAll("table"), function (table) {
      var wide = doc.createElement("div");
      wide.className = "wide";
      table.parentNode.insertBefore(wide, table);
      wide.appendChild(table);
    });
  }

  function load() {
    var number = state.number;
    if (!state.details || !state.details.open || !number || state.shown === number) return Promise.resolve();
    var lang = state.hooks.language();
    return fetch("/api/report/" + encodeURIComponent(number) + "/html?lang=" + encodeURIComponent(lang),
                 { headers: state.hooks.headers() }).then(function (answer) {
      return answer.text().then(function (text) {
        if (!answer.ok) {
          var body = null;
          try { body = JSON.parse(text); } catch (e) { body = null; }
          throw { message: body && body.error ? body.error : "HTTP " + answer.status, status: answer.status };
        }
        var doc = new DOMParser().parseFromString(text, "text/html");
        clean(doc);
        while (state.box.firstChild) state.box.removeChild(state.box.firstChild);
        Array.prototype.slice.call(doc.body.childNodes).forEach(function (node) {
          state.box.appendChild(document.importNode(node, true));
        });
        state.box.setAttribute("lang", doc.documentElement.getAttribute("lang") || lang);
        state.shown = number;
      });
    }).catch(state.hooks.report);
  }

  function panel(hooks) {
    state.hooks = hooks;
    state.box = el("div", { className: "report-doc", "data-test": "report-doc" });
    state.details = el("details", { "data-test": "report-full" }, [
      el("summary", { "data-test": "report-full-open", text: t("Whole report") }), state.box]);
    state.details.addEventListener("toggle", load);
    return state.details;
  }

  function show(number) {
    state.number = number;
    return load();
  }

  window.JournalReport = { panel: panel, show: show };
})();
