"""``GET /api/verbs``: the verbs of the token's campaign's rule system, as the page builds its forms from them.

Each verb is answered with the JSON schema of its request body (the very model ``web.routes.systems``
validates the verb's ``POST`` with, so a form cannot drift from the endpoint), a label and a help line
for people, the path to post to, and
who may use it: ``master`` when the service function refuses every player (its ``decide`` calls
``ctx.require_master`` in its own body, not under a condition), else ``members`` (the rules then check
each case, e.g. a player's own character).
The label, the help line, each field's ``title`` and the system's title are English msgids of the ``web``
catalogue, answered in the request's language (web.language); the keys and the schema's shape stay English.
A choice's options (an ``enum``) keep their values and carry ``x-labels``: each value's display word from the
system's one table of words (its descriptor's ``words``, the same the event summaries use), in that language; a free
text whose default is one of those words carries it as ``x-default-label`` (the page shows it as the field's hint and
leaves the field empty, so the default is the server's and no internal word is shown or sent).
A field picked from a list carries ``x-source``: the list's name in ``GET /api/choices`` (journal.service.choices).
Nothing here names a rule system: the verbs come from the campaign's descriptor.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from functools import cache
from typing import Any, Literal

from fastapi import APIRouter, Request

from journal.i18n import JOURNAL, WEB
from journal.service.choices import choices as choices_at
from journal.service.choices import choices_of, first, source_of
from journal.service.summaries import Words, word, words_of
from web.auth import journal_of
from web.errors import JSON
from web.routes.reading import Me
from web.routes.systems import body_model, label

router = APIRouter(prefix="/api", tags=["reading"])

Who = Literal["master", "members"]


def _opens_with_require_master(function: Callable[..., Any]) -> bool:
    """Whether ``function``'s nested ``decide`` calls ``require_master`` unconditionally (in its own body, not under an if)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "decide":
            return any(isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
                       and isinstance(statement.value.func, ast.Attribute)
                       and statement.value.func.attr == "require_master" for statement in node.body)
    return False


def who_may(function: Callable[..., Any]) -> Who:
    """``master`` when only the Master may use the verb, else ``members``."""
    return "master" if _opens_with_require_master(function) else "members"


def _help(function: Callable[..., Any]) -> str:
    """The first paragraph of the service function's docstring, on one line."""
    doc = inspect.getdoc(function) or ""
    return " ".join(doc.split("\n\n", 1)[0].split())


@cache
def verbs_of(system: str) -> tuple[dict[str, Any], ...]:
    """Every verb of ``system``: ``{verb, path, label, help, who, schema}``, in the descriptor's order."""
    from journal.systems.registry import system as descriptor_of

    descriptor = descriptor_of(system)
    found = []
    for verb in descriptor.verbs:
        function = descriptor.verb_function(verb)
        model = body_model(system, verb, function)
        found.append({"verb": verb, "path": f"/api/{system}/{verb}", "label": label(verb), "help": _help(function),
                      "who": who_may(function), "schema": _sourced(system, verb, model.model_json_schema())})
    return tuple(found)


def _sourced(system: str, verb: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with ``x-source`` on each field (of the body and of its ``$defs``) picked from a list
    (journal.service.choices)."""
    def fields(node: dict[str, Any]) -> dict[str, Any]:
        if "properties" not in node:
            return node
        found = {}
        for name, field in node["properties"].items():
            source = source_of(system, verb, name, field)
            found[name] = field if not source else {**field, "x-source": source,
                                                    **({"x-first": True} if first(system, source) else {})}
        return {**node, "properties": found}

    sourced = fields(schema)
    if "$defs" in schema:
        sourced["$defs"] = {name: fields(node) for name, node in schema["$defs"].items()}
    return sourced


def _titled(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every property's ``title`` (of the body and of its ``$defs``) in the current language."""
    def properties(node: dict[str, Any]) -> dict[str, Any]:
        if "properties" not in node:
            return node
        return {**node, "properties": {name: ({**field, "title": WEB.gettext(field["title"])} if "title" in field
                                              else field) for name, field in node["properties"].items()}}

    titled = properties(schema)
    if "$defs" in schema:
        titled["$defs"] = {name: properties(node) for name, node in schema["$defs"].items()}
    return titled


def _labelled(node: Any, words: Words) -> Any:
    """``node`` (a schema) with ``x-labels`` beside every ``enum`` whose values the system's words name, and an
    ``x-default-label`` beside a free text's default that is one of those words (VPT's party, ``players``: «игроки»)."""
    if isinstance(node, list):
        return [_labelled(item, words) for item in node]
    if not isinstance(node, dict):
        return node
    found = {key: _labelled(value, words) for key, value in node.items()}
    named = [value for value in node.get("enum", ()) if isinstance(value, str) and value in words]
    if named:
        found["x-labels"] = {value: word(words, value) for value in named}
    default = node.get("default")
    if "enum" not in node and isinstance(default, str) and default in words:
        found["x-default-label"] = word(words, default)
    return found


def said(message: str) -> str:
    """``message`` in the current language: the ``web`` catalogue's, else the ``journal`` one's (where an installed
    system's own catalogue is, journal.i18n.add_catalogue)."""
    shown = WEB.gettext(message)
    return JOURNAL.gettext(message) if shown == message else shown


def spoken(verb: dict[str, Any], words: Words | None = None) -> dict[str, Any]:
    """One verb as people read it in the current language: its label, help line, field titles and choices."""
    return {**verb, "label": said(verb["label"]), "help": said(verb["help"]) if verb["help"] else "",
            "schema": _labelled(_titled(verb["schema"]), words or {})}


@router.get("/verbs", summary="The verbs of the campaign's rule system, with their input schemas")
def verbs(request: Request, who: Me) -> JSON:
    """``{system, title, main, quick, verbs: [{verb, path, label, help, who, schema}]}`` for the token's campaign
    (``main``: the verb a player takes most, whose form the page opens first; ``quick``: the verbs a tap opens, a
    button each beside the list of verbs)."""
    from journal.systems.registry import system

    name = journal_of(request).campaign(who.campaign)["system"]
    own = choices_of(name)
    return JSON({"system": name, "title": said(system(name).title), "main": own.main, "quick": list(own.quick),
                 "verbs": [spoken(verb, words_of(name)) for verb in verbs_of(name)]})


@router.get("/choices", summary="What the verbs' fields offer: the campaign's characters, weapons, sealed geasa, words")
def choices(request: Request, who: Me) -> JSON:
    """``{version, choices: {source: [{value, text}]}}`` now, for the fields whose schema names an ``x-source``."""
    folded = journal_of(request).at(who.campaign)
    return JSON({"version": folded.version, "choices": choices_at(folded)})
