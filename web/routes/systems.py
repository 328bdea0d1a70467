"""``POST /api/{system}/{verb}``: one endpoint per CLI verb of each rule system.

Each endpoint's JSON body names the parameters of the service function the CLI verb calls (less the
journal, the campaign and the actor, which the token gives), with their types: lists and objects
where the CLI has a mini-syntax (Wield round declarations, VPT initiative sides and melee fighters).
The body models are built from the functions' signatures, so the API cannot drift from the service.
Every endpoint answers ``{"events": [...]}``; a campaign of another system is refused by the
service's rule ``campaign: one rule system`` (409).
"""

import collections.abc
import importlib
import inspect
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Request
from pydantic import BaseModel, ConfigDict, create_model

from journal.service.tokens import Bearer
from web.auth import journal_of, member
from web.errors import JSON
from web.render import events_json

#: The service module of each system, as the URL names the system.
MODULES = {
    "wield": "journal.systems.wield.commands",
    "stone-wheel": "journal.systems.stone_wheel.commands",
    "dichotomy": "journal.systems.dichotomy.commands",
    "vpt": "journal.systems.vpt.commands",
}

#: verb (the CLI's, sub-groups joined by '-') -> the service function it calls.
VERBS: dict[str, dict[str, str]] = {
    "wield": {
        "vatcha": "record_vatcha", "hero": "record_hero", "power": "record_power", "condition": "record_condition",
        "lift": "remove_condition", "death": "record_death", "chance": "record_chance",
        "round": "record_combat_round", "risk": "record_control_risk", "reroll": "reroll_control_risk",
        "offer": "offer_geis", "refuse": "refuse_geis", "counter": "counter_geis", "seal": "seal_geis",
        "breach": "breach_geis", "collect": "collect_failure",
    },
    "stone-wheel": {
        "character": "create_character", "request": "record_request", "exchange": "record_exchange",
        "damage": "record_damage", "turn-start": "start_turn_mode", "turn-end": "end_turn_mode",
        "violation": "record_violation", "sleep": "record_sleep", "effect": "record_effect",
        "recover": "record_recovery", "revive": "record_revival", "xp-session": "award_session_xp",
        "xp-bonus": "award_bonus_xp", "xp-spend": "spend_xp",
    },
    "dichotomy": {
        "new": "create_character", "check": "record_check", "ability": "gain_ability",
        "adventure-start": "start_adventure", "adventure-end": "end_adventure", "motive": "record_motive",
        "new-motive": "choose_motive", "swap": "swap_motive", "renown": "record_renown", "damage": "apply_damage",
        "dive": "take_dive", "fight-end": "end_fight", "recover": "recover_hits", "heal": "heal_injury",
        "wealth": "change_wealth", "spend": "spend_xp", "pack": "pack_equipment",
    },
    "vpt": {
        "char": "create_character", "initiative": "roll_initiative", "weapon": "set_weapon",
        "melee": "set_melee_order", "hit": "record_hit", "wound": "record_wounds", "death": "check_death",
        "morale": "check_morale", "tick": "tick_relationship", "revenge": "choose_revenge",
        "revenge-tick": "tick_revenge", "forgive": "renounce_revenge", "status": "gain_status",
        "status-renounce": "renounce_status", "spend": "spend_points",
    },
}

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
        return list[_plain(args[0])] if args else list
    if origin in (collections.abc.Mapping, dict):
        return dict[_plain(args[0]), _plain(args[1])] if args else dict
    return tp


def _title(text: str) -> str:
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


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
        fields[name] = (_plain(hints.get(name, Any)), default)
    return create_model(f"{_title(system)}{_title(verb)}", __config__=ConfigDict(extra="ignore"),
                        __doc__=inspect.getdoc(function), **fields)


def _endpoint(system: str, verb: str, function: Callable[..., Any], model: type[BaseModel]) -> Callable[..., JSON]:
    names = list(model.model_fields)
    optional = all(not field.is_required() for field in model.model_fields.values())

    def run(request: Request, who: Bearer, body: BaseModel | None) -> JSON:
        given = body if body is not None else model()
        arguments = {name: getattr(given, name) for name in names}
        result = (function(journal_of(request), who.campaign, **arguments, actor=who.member))
        return JSON(events_json(result))

    if optional:
        def endpoint(request: Request, who: Annotated[Bearer, Depends(member)],
                     body: Annotated[model | None, Body()] = None) -> JSON:  # type: ignore[valid-type]
            return run(request, who, body)
    else:
        def endpoint(request: Request, who: Annotated[Bearer, Depends(member)],
                     body: Annotated[model, Body()]) -> JSON:  # type: ignore[valid-type]
            return run(request, who, body)

    endpoint.__name__ = f"{system}_{verb}".replace("-", "_")
    endpoint.__doc__ = inspect.getdoc(function)
    return endpoint


def build() -> APIRouter:
    """One POST route per verb of every system."""
    router = APIRouter(prefix="/api")
    for system, verbs in VERBS.items():
        module = importlib.import_module(MODULES[system])
        for verb, name in verbs.items():
            function = getattr(module, name)
            model = body_model(system, verb, function)
            summary = (inspect.getdoc(function) or name).splitlines()[0]
            router.add_api_route(f"/{system}/{verb}", _endpoint(system, verb, function, model), methods=["POST"],
                                 summary=f"{system} {verb}: {summary}", tags=[system],
                                 operation_id=f"{system}_{verb}".replace("-", "_"))
    return router
