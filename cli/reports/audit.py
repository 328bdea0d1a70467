"""The audit of one event (``journal.service.audit.audit``) as plain-text lines, Markdown or one HTML file.

Every renderer takes the JSON-ready report the service returns and shows the same sections: the
envelope, who recorded it and when, the proof of each roll, the sheet fields it changed (with the
sheets just before and after), the chain check, and the disputes about it with votes and ruling.
"""

from __future__ import annotations

from html import escape
from typing import Any

import orjson

from cli.output import english_type
from journal.i18n import CLI, N_, current_language
from journal.service.report_html import page
from journal.service.report_html import table as html_table
from journal.service.words import local_time

_ = CLI.gettext

ENVELOPE_ROWS = ("id", "campaign", "version", "type", "schema", "actor", "recorded_at", "session", "causation",
                 "prev_hash", "hash", "seq")
#: What the terminal audit calls each envelope field outside English (English keeps the keys: scripts read them).
ENVELOPE_LABELS = {"id": N_("event id"), "campaign": N_("campaign"), "version": N_("version"), "type": N_("type"),
                   "schema": N_("schema"), "actor": N_("recorded by"), "recorded_at": N_("recorded at"),
                   "session": N_("session"), "causation": N_("caused by"), "prev_hash": N_("previous hash"),
                   "hash": N_("hash"), "seq": N_("sequence number"), "data": N_("payload")}
#: A member's role as the audit names it (the stored value stays English).
ROLES = {"master": N_("master"), "player": N_("player")}


def envelope_rows(report: dict[str, Any]) -> list[tuple[str, str]]:
    """Each envelope field and then the payload as (label, value), the one labelling every format shows: the key and
    its value as stored in English (scripts read them), else the field's label and the value in the reader's words
    (an event type by its label, a time in the reader's form, each payload key by the label its system gives it and
    each recorded word by its word: ``Names.payload``; a tally's lines as ``journal tally`` reads them)."""
    env = report["envelope"]
    if current_language() == "en":
        return [(name, _value(env[name])) for name in (*ENVELOPE_ROWS, "data")]
    from journal.events.tallies import TallyCommitted
    from journal.service.words import Names, local_time

    names = Names(report["system"])
    data = env["data"]
    if env["type"] == TallyCommitted.type:
        from journal.service.tallies import committed_in_words

        data = committed_in_words(report["system"], data)
    shown = {"type": names.type(env["type"]), "recorded_at": local_time(env["recorded_at"], env["recorded_at"]),
             "data": names.payload(env["type"], data)}
    return [(_(ENVELOPE_LABELS[name]), shown[name] if name in shown else _value(env[name]))
            for name in (*ENVELOPE_ROWS, "data")]


def change_rows(report: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """The sheet fields the event changed as (character, field, before, after) in the reader's words, each event id
    in them named (:func:`named`): the one rendering of the changes every format shows."""
    from journal.service.words import Names

    names = Names(report["system"])
    return [(c["character"], *(named(text, report) for text in (
                names.field(c["field"]), names.value(c["before"]), names.value(c["after"]))))
            for c in report["sheets"]["changes"]]


def change_headers() -> list[str]:
    return [_("character"), _("field"), _("before"), _("after")]


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, (dict, list)):
        return orjson.dumps(value).decode()
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def named(text: str, report: dict[str, Any]) -> str:
    """``text`` (a changed field's path or value) with each event id named as the report's ``names`` name it (a
    geis by its promise, a chance by its task): the ids stay in the envelope and the JSON."""
    from journal.service.naming import without_ids

    return without_ids(text, report.get("names", {}))


def title(report: dict[str, Any]) -> str:
    env = report["envelope"]
    from journal.service.words import Names

    shown = english_type(env["type"], Names(report["system"]).type(env["type"]))
    return _("Audit of event {version} ({type}) in '{campaign}'").format(version=env["version"], type=shown,
                                                                        campaign=report["campaign"])


def recorded_line(report: dict[str, Any]) -> str:
    rec = report["recorded"]
    session = _("session {number}").format(number=rec["session"]) if rec["session"] is not None \
        else _("between sessions")
    role = rec["role"] if current_language() == "en" or rec["role"] not in ROLES else _(ROLES[rec["role"]])
    return _("recorded by {by} ({role}) at {at}, {session}").format(by=rec["by"], role=role,
                                                                   at=local_time(rec["at"], rec["at"]), session=session)


def roll_line(proof: dict[str, Any], report: dict[str, Any]) -> str:
    """One roll and its proof in one line, where it sits in the payload named as the payload's keys are
    (``attempt.roll`` reads «попытка · бросок»; English keeps the path)."""
    from journal.service.words import roll_place

    where = roll_place(report["system"], report["envelope"]["type"], proof["path"])
    head = f"{where}: d{proof['sides']} {proof['dice']}"
    if proof["source"] != "server":
        return _("{head}: table roll (thrown at the table; nothing to recompute)").format(head=head)
    head += _(", server dice, counter {counter}").format(counter=proof["counter"])
    if proof["status"] == "verified":
        return _("{head}: verified — the seed {seed} matches the commitment {commitment} and gives {recomputed}").format(
            head=head, seed=proof["seed"], commitment=proof["commitment"], recomputed=proof["recomputed"])
    if proof["status"] == "mismatch":
        return _("{head}: MISMATCH — {problem} (commitment {commitment}, seed {seed})").format(
            head=head, problem=proof["problem"], commitment=proof["commitment"], seed=proof["seed"])
    if proof["status"] == "sealed":
        return _("{head}: sealed — commitment {commitment}; {problem}").format(
            head=head, commitment=proof["commitment"], problem=proof["problem"])
    return f"{head}: {proof['status']} — {proof.get('problem', '')}"


def _choice(choice: str) -> str:
    """``uphold`` / ``overturn`` in the current language (the stored word stays English)."""
    return {"uphold": _("uphold"), "overturn": _("overturn")}.get(choice, choice)


def status_word(status: str) -> str:
    """A dispute's status (``open``, ``upheld``, ``overturned``) in the current language."""
    return {"open": CLI.pgettext("dispute", "open"), "upheld": CLI.pgettext("dispute", "upheld"),
            "overturned": CLI.pgettext("dispute", "overturned")}.get(status, status)


def vote_headers() -> list[str]:
    return [_("voter"), _("vote"), _("when")]


def vote_rows(dispute: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(voter, vote, when it was cast in the reader's time) of each voter: the vote's version stays in --json."""
    rows = []
    for voter in dispute["voters"]:
        cast = dispute["votes"].get(voter)
        rows.append((voter, _choice(cast["choice"]) if cast else _("(no vote)"),
                     local_time(cast["at"], cast["at"]) if cast else ""))
    return rows


def ruling_line(dispute: dict[str, Any]) -> str:
    ruling = dispute["ruling"]
    t = dispute["tally"]
    count = _("{voted} of {eligible} voted (quorum {required}): {uphold} uphold, {overturn} overturn").format(
        voted=t["voted"], eligible=t["eligible"], required=t["required"], uphold=t["uphold"], overturn=t["overturn"])
    if ruling is None:
        return _("open, not ruled yet; {count}").format(count=count) + (
            _("; quorum reached") if t["reached"] else _("; no quorum yet"))
    followed = {True: _("following the majority"), False: _("against the majority"), None: _("on a tied vote")}
    text = _("{ruling} by {by} ({at}), {followed}; {count}").format(
        ruling=_choice(ruling["ruling"]), by=ruling["by"], at=local_time(ruling["at"], ruling["at"]),
        followed=followed[ruling["followed_majority"]], count=count)
    if ruling["reason"]:
        text += _("; reason: {reason}").format(reason=ruling["reason"])
    if ruling["void"]:
        text += _("; the event voided")
    if ruling["corrected"]:
        text += _("; a corrected event recorded")
    return text


def dispute_head(dispute: dict[str, Any]) -> str:
    """The human line of a dispute: «dispute №3 about «…» (open), opened by Аня: reason» (no id: see
    :func:`dispute_ids`)."""
    return _("{dispute} ({status}), opened by {by}: {reason}").format(
        dispute=dispute["name"], status=status_word(dispute["status"]), by=dispute["opened_by"], reason=dispute["reason"])


def dispute_ids(dispute: dict[str, Any]) -> str:
    """The evidence below a dispute's human line: the ids of its opening, its ruling, void and correction."""
    ruling = dispute["ruling"] or {}
    parts = [_("dispute {id} (version {version})").format(id=dispute["id"], version=dispute["version"])]
    if ruling:
        parts.append(_("ruling {id} (version {version})").format(id=ruling["id"], version=ruling["version"]))
    if ruling.get("void"):
        parts.append(_("void {id}").format(id=ruling["void"]))
    if ruling.get("corrected"):
        parts.append(_("corrected event {id}").format(id=ruling["corrected"]))
    return _("ids: {ids}").format(ids="; ".join(parts))


def void_line(void: dict[str, Any]) -> str:
    """A void of the event: by which dispute (its name) and why; a void no dispute ruled by its version."""
    if void.get("dispute_number"):
        return _("voided by dispute #{number}: {reason}").format(number=void["dispute_number"],
                                                                  reason=void["reason"])
    return _("voided at version {version}: {reason}").format(version=void["version"], reason=void["reason"])


def text_lines(report: dict[str, Any]) -> list[str]:
    """The audit for a terminal, without the tables (the CLI prints the sheet changes as one)."""
    lines = [title(report), recorded_line(report)]
    lines += [f"  {label}: {value}" for label, value in envelope_rows(report)]
    lines.append(_("rolls:") if report["rolls"] else _("rolls: none in this event"))
    lines += [f"  {roll_line(p, report)}" for p in report["rolls"]]
    lines.append(_("chain: {summary}").format(summary=report["chain"]["summary"]))
    if not report["disputes"]:
        lines.append(_("disputes: none about this event"))
    for dispute in report["disputes"]:
        lines.append(dispute_head(dispute))
        lines.append("  " + dispute_ids(dispute))
        lines += ["  " + _("vote: {voter}: {choice}").format(voter=voter, choice=choice) + (f" ({when})" if when else "")
                  for voter, choice, when in vote_rows(dispute)]
        lines.append("  " + _("ruling: {ruling}").format(ruling=ruling_line(dispute)))
    for void in report["voided"]:
        lines.append(void_line(void))
        lines.append("  " + _("ids: {ids}").format(ids=_("void {id}").format(id=void["id"])))
    return lines


def _changed_characters(report: dict[str, Any]) -> list[str]:
    return sorted({c["character"] for c in report["sheets"]["changes"]})


def _md_cell(value: Any) -> str:
    return _value(value).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: list[str], rows: list[tuple[Any, ...]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in rows]
    return out


def markdown(report: dict[str, Any]) -> str:
    """The audit as a Markdown document."""
    sheets = report["sheets"]
    out = [f"# {title(report)}", "", recorded_line(report) + ".", "", "## " + _("Envelope"), ""]
    out += _md_table([_("field"), _("value")], envelope_rows(report))
    out += ["", "## " + _("Rolls"), ""]
    out += [f"- {roll_line(p, report)}" for p in report["rolls"]] or [_("No roll in this event.")]
    out += ["", "## " + _sheets_heading(sheets), ""]
    if sheets["changes"]:
        out += _md_table(change_headers(), change_rows(report))
    else:
        out.append(_("No sheet field changed."))
    out += ["", "## " + _("Chain"), "", report["chain"]["summary"] + ".", "", "## " + _("Disputes"), ""]
    if not report["disputes"]:
        out.append(_("None about this event."))
    for dispute in report["disputes"]:
        out += [f"### {dispute_head(dispute)}", "", dispute_ids(dispute), ""]
        out += _md_table(vote_headers(), vote_rows(dispute))
        out += ["", _("Ruling: {ruling}.").format(ruling=ruling_line(dispute)), ""]
    for void in report["voided"]:
        out += [void_line(void) + ".", "", _("ids: {ids}").format(ids=_("void {id}").format(id=void["id"])), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _sheets_heading(sheets: dict[str, Any]) -> str:
    return _("Sheets (version {before} → {after})").format(before=sheets["before_version"],
                                                          after=sheets["after_version"])


def _sheet_rows(report: dict[str, Any], sheet: dict[str, Any] | None) -> list[tuple[str, str]]:
    """A whole sheet (just before or after the event) as (field, value), named as :func:`change_rows` names them."""
    from journal.service.words import Names

    if not sheet:
        return [("—", _("no sheet"))]
    names = Names(report["system"])
    rows = [(names.field(key), named(names.value(value), report)) for key, value in (sheet.get("sheet") or {}).items()]
    if sheet.get("xp"):
        xp = sheet["xp"]
        rows.append((names.field("xp"), _("earned {earned}, spent {spent}, balance {balance}").format(
            earned=xp["earned"], spent=xp["spent"], balance=xp["balance"])))
    return rows


def _tag(name: str, text: str, css: str | None = None) -> str:
    """``<name class="css">text</name>``, the text escaped."""
    attribute = f' class="{css}"' if css else ""
    return f"<{name}{attribute}>{escape(text)}</{name}>"


def html(report: dict[str, Any]) -> str:
    """The audit as one self-contained HTML page (inline CSS, no scripts, no links out)."""
    sheets = report["sheets"]
    chain = report["chain"]
    parts = [f"<h1>{escape(title(report))}</h1>", f"<p class=\"meta\">{escape(recorded_line(report))}</p>",
             _tag("h2", _("Envelope")),
             html_table([_("field"), _("value")], envelope_rows(report)),
             _tag("h2", _("Rolls"))]
    if report["rolls"]:
        for proof in report["rolls"]:
            css = {"verified": "ok", "mismatch": "bad"}.get(proof["status"], "muted")
            parts.append(f"<p class=\"{css}\">{escape(roll_line(proof, report))}</p>")
    else:
        parts.append(_tag("p", _("No roll in this event."), "muted"))
    parts.append(f"<h2>{escape(_sheets_heading(sheets))}</h2>")
    if sheets["changes"]:
        parts.append(html_table(change_headers(), change_rows(report)))
        for name in _changed_characters(report):
            headers = [_("field"), _("value")]
            summary = _("{character}: the sheet just before and just after").format(character=name)
            parts.append(f"<details>{_tag('summary', summary)}"
                         + _tag("h3", _("before")) + html_table(headers, _sheet_rows(report, sheets["before"].get(name)))
                         + _tag("h3", _("after")) + html_table(headers, _sheet_rows(report, sheets["after"].get(name)))
                         + "</details>")
    else:
        parts.append(_tag("p", _("No sheet field changed."), "muted"))
    css = "ok" if chain["ok"] or chain["status"] == "broken after this event" else "bad"
    parts += [_tag("h2", _("Chain")), f"<p class=\"{css}\">{escape(chain['summary'])}</p>",
              _tag("h2", _("Disputes"))]
    if not report["disputes"]:
        parts.append(_tag("p", _("None about this event."), "muted"))
    for dispute in report["disputes"]:
        parts += [f"<h3>{escape(dispute_head(dispute))}</h3>", _tag("p", dispute_ids(dispute), "muted"),
                  html_table(vote_headers(), vote_rows(dispute)),
                  _tag("p", _("Ruling: {ruling}").format(ruling=ruling_line(dispute)))]
    for void in report["voided"]:
        parts.append("<p class=\"bad\">" + escape(void_line(void)) + "</p>")
        parts.append(_tag("p", _("ids: {ids}").format(ids=_("void {id}").format(id=void["id"])), "muted"))
    return page(title(report), "\n".join(parts), lang=current_language())
