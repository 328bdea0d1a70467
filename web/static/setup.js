/* The Master's set-up from the console: add a player, then make their link and QR code (console.js's Devices).
 *
 * console.js calls JournalSetup.addPlayer(hooks) on its Devices screen; hooks = { me, write, button, pick }:
 * the signed-in answer of /api/me (its members are updated here), console.js's own write and button helpers
 * (a refusal is shown as every console refusal is), and pick(name), which selects the new player for "New link
 * for a phone" and redraws.  The name is the player's as the table says it; nothing is renamed afterwards.
 */
(function () {
  "use strict";

  function t(s) { return window.t ? window.t(s) : s; }
  var el = window.JournalForms.el;

  function addPlayer(hooks) {
    var name = el("input", { type: "text", "data-test": "member-name", "aria-label": t("player's name"),
                             placeholder: t("player's name"), maxlength: "200", autocomplete: "off" });
    var add = hooks.button(t("Add player"), "member-add", function (b) {
      var wanted = name.value.trim();
      if (!wanted) { name.focus(); return; }
      hooks.write(b, "/api/members", { name: wanted }).then(function (answer) {
        if (!answer) return;
        hooks.me.members = hooks.me.members || {};
        hooks.me.members[wanted] = "player";
        hooks.pick(wanted);
      });
    });
    name.addEventListener("keydown", function (event) { if (event.key === "Enter") add.click(); });
    return el("div", { className: "row", "data-test": "member-form" }, [name, add]);
  }

  window.JournalSetup = { addPlayer: addPlayer };
})();
