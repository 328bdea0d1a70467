"""``POST /api/{system}/{verb}``: one endpoint per verb of each registered rule system (its descriptor).

Also ``GET /api/{query}`` for each system's own queries, from the same descriptors.

Each endpoint's JSON body names the parameters of the service function the CLI verb calls (less the
journal, the campaign and the actor, which the token gives), with their types: lists and objects
where the CLI has a mini-syntax (a round's declarations, initiative sides, melee fighters).
The body models are built from the functions' signatures, so the API cannot drift from the service.
Every endpoint answers ``{"events": [...]}``; a campaign of another system is refused by the
service's rule ``campaign: one rule system`` (409).
"""

import collections.abc
import inspect
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, Field, JsonValue, create_model

from journal.events.envelope import Event
from journal.service.figures import latest
from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json
from web.routes import Once, once
from web.writes import WriteRoute

#: Parameters the request does not give: the journal, and the campaign and actor (from the token).
IMPLIED = ("journal", "campaign", "actor")


def _plain(tp: Any) -> Any:
    """An annotation pydantic can validate from JSON: abstract collections become list and dict."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        plain = tuple(_plain(arg) for arg in args)
        result = plain[0]
        for arg in plain[1:]:
            result = result | arg
        return result
    if origin in (collections.abc.Sequence, collections.abc.Collection, collections.abc.Iterable, list, tuple):
        return types.GenericAlias(list, (_plain(args[0]),)) if args else list  # list[...] of a computed type
    if origin in (collections.abc.Mapping, dict):
        return types.GenericAlias(dict, (_plain(args[0]), _plain(args[1]))) if args else dict
    if _words(tp):
        return str  # the service reads the word (journal.understand); the schema keeps the values (_words)
    return tp


def _words(tp: Any) -> list[str]:
    """The values of a choice of words (``Literal["reckless", "careful"]``), else none.  The body takes any text for
    it, so that a word a player types («осторожно») reaches the service, which reads it as the CLI's does; the
    schema still lists the values, the form's options."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is typing.Literal and args and all(isinstance(arg, str) for arg in args):
        return list(args)
    return []


def _title(text: str) -> str:
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


def label(name: str) -> str:
    """A parameter's or verb's name for people (``character_name`` -> ``Character name``): the English msgid the page translates."""
    words = name.replace("_", " ").replace("-", " ").split()
    return " ".join(words).capitalize()


def body_model(system: str, verb: str, function: Callable[..., Any]) -> type[BaseModel]:
    """The request body of ``system``/``verb``: the function's parameters less the implied ones."""
    hints = typing.get_type_hints(function)
    fields: dict[str, Any] = {}
    for name, parameter in inspect.signature(function).parameters.items():
        if name in IMPLIED:
            continue
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        if isinstance(default, tuple):
            default = list(default)
        hint = hints.get(name, Any)
        values: list[JsonValue] = list(_words(hint))
        fields[name] = (_plain(hint), Field(default, title=label(name),
                                            json_schema_extra={"enum": values} if values else None))
    return create_model(f"{_title(system)}{_title(verb)}", __config__=ConfigDict(extra="ignore"),
                        __doc__=inspect.getdoc(function), **fields)


def _endpoint(system: str, verb: str, function: Callable[..., Any], model: type[BaseModel]) -> Callable[..., JSON]:
    names = list(model.model_fields)
    optional = all(not field.is_required() for field in model.model_fields.values())

    def run(request: Request, who: Bearer, key: str | None, body: BaseModel | None) -> JSON:
        given = body if body is not None else model()
        arguments = {name: getattr(given, name) for name in names}
        with once(request, key, who):
            result = function(journal_of(request), who.campaign, **arguments, actor=who.member)
        recorded = [result] if isinstance(result, Event) else list(result)
        return JSON(events_json(recorded, latest(journal_of(request), who.campaign, recorded)))

    # ``model`` is built at run time (body_model): FastAPI reads it from the annotation, mypy cannot.
    endpoint: Callable[..., JSON]
    if optional:
        def optional_body(request: Request, who: Annotated[Bearer, Depends(member)], key: Once,
                          body: Annotated[model | None, Body()] = None) -> JSON:  # type: ignore[valid-type]
            return run(request, who, key, body)

        endpoint = optional_body
    else:
        def required_body(request: Request, who: Annotated[Bearer, Depends(member)], key: Once,
                          body: Annotated[model, Body()]) -> JSON:  # type: ignore[valid-type]
            return run(request, who, key, body)

        endpoint = required_body

    endpoint.__name__ = f"{system}_{verb}".replace("-", "_")
    endpoint.__doc__ = inspect.getdoc(function)
    return endpoint


def build() -> APIRouter:
    """One POST route per verb of every system."""
    from journal.systems.registry import descriptors

    router = APIRouter(prefix="/api", route_class=WriteRoute)
    for descriptor in descriptors():
        system = descriptor.name
        for verb, name in descriptor.verbs.items():
            function = descriptor.verb_function(verb)
            model = body_model(system, verb, function)
            summary = (inspect.getdoc(function) or name).splitlines()[0]
            router.add_api_route(f"/{system}/{verb}", _endpoint(system, verb, function, model), methods=["POST"],
                                 summary=f"{system} {verb}: {summary}", tags=[system],
                                 operation_id=f"{system}_{verb}".replace("-", "_"))
    return router


def _query_endpoint(function: Callable[..., Any], me: Any, as_of_type: Any) -> Callable[..., JSON]:
    def endpoint(request: Request, who: me, as_of: as_of_type = None) -> JSON:
        return JSON(function(journal_of(request), who.campaign, as_of))

    return endpoint


def build_queries() -> APIRouter:
    """One GET route per query of every system (``/api/<query>``): ``{campaign, version, ...}`` as of a point."""
    from journal.systems.registry import descriptors
    from web.routes.reading import AsOf, Me

    router = APIRouter(prefix="/api")
    for descriptor in descriptors():
        for name, reference in descriptor.queries.items():
            function = reference.load()
            endpoint = _query_endpoint(function, Me, AsOf)
            endpoint.__name__ = name
            summary = (inspect.getdoc(function) or name).splitlines()[0]
            router.add_api_route(f"/{name}", endpoint, methods=["GET"], summary=f"{descriptor.title}: {summary}",
                                 tags=[descriptor.name], operation_id=f"query_{name}")
    return router
