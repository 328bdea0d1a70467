"""The payload base class and the registry of event types (imported lazily through ``journal.events``).

Each rule system declares its payloads in the modules its descriptor lists (journal.systems.registry) by subclassing
:class:`Payload` with a ``type`` class variable; declaring the class registers it.  The store knows
nothing of payloads: it stores ``data`` as canonical JSON.  The service validates a payload when a
command records it, and the importer validates every imported line against the registry.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_validator
from pydantic_core import PydanticCustomError

from journal.errors import ValidationFailed
from journal.events.numbers import MAX_INT, out_of_range
from journal.events.refusals import field_refusal
from journal.i18n import _

if TYPE_CHECKING:
    from pydantic import TypeAdapter

_REGISTRY: dict[str, type[Payload]] = {}


class Payload(BaseModel):
    """Base of every event payload: frozen, no unknown fields, one registered ``type`` string each.

    ``schema_version`` is the payload version stored in the envelope's ``schema`` field; bump it
    and add an upcaster when a payload's shape changes.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    type: ClassVar[str] = ""
    schema_version: ClassVar[int] = 1
    #: The field people name this event's record by, where a sheet keeps records by the event's id (a geis by its
    #: promise, a chance by its task); None: the event is named by its summary (journal.service.naming).
    named_by: ClassVar[str | None] = None

    @field_validator("*", mode="before")
    @classmethod
    def _bounded_numbers(cls, value: Any) -> Any:
        """Refuse an integer past MAX_INT either way in any field, nested ones too (journal.events.numbers)."""
        huge = out_of_range(value)
        if huge is not None:
            raise PydanticCustomError("number_range", _("{value} is out of range (at most {limit} either way)"),
                                      {"value": huge, "limit": MAX_INT})
        return value

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.type:
            known = _REGISTRY.get(cls.type)
            if known is not None and known.__qualname__ != cls.__qualname__:
                raise TypeError(f"event type {cls.type!r} declared twice ({known.__qualname__}, {cls.__qualname__})")
            _REGISTRY[cls.type] = cls

    @classmethod
    def check_fields(cls, **values: Any) -> None:
        """Validate some fields alone, as the whole payload would (a one-line ValidationFailed naming the field).

        For a command to check its inputs before it throws the journal's dice (docs/dice.md): the payload is built
        only after the throw, and a refusal then would burn the dice for input that was never legal.
        """
        from pydantic import ValidationError

        for name, value in values.items():
            try:
                _field_adapter(cls, name).validate_python(value)
            except ValidationError as exc:
                raise ValidationFailed(field_refusal(cls.type, {**exc.errors()[0], "loc": (name,)})) from None

    def to_data(self) -> dict[str, Any]:
        """The payload as the JSON-ready dict stored in the envelope's ``data``."""
        return self.model_dump(mode="json", by_alias=True)


@functools.lru_cache(maxsize=1024)
def _field_adapter(model: type[Payload], name: str) -> TypeAdapter[Any]:
    """The validator of one field of ``model`` alone (built once per field: a TypeAdapter costs a schema build)."""
    from typing import Annotated

    from pydantic import TypeAdapter

    field = model.model_fields[name]
    shape: Any = Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
    return TypeAdapter(shape)


def payload_class(event_type: str) -> type[Payload]:
    """The payload model registered for ``event_type``; a clear error when there is none."""
    _load_all()
    try:
        return _REGISTRY[event_type]
    except KeyError:
        raise ValidationFailed(_("unknown event type '{type}'").format(type=event_type)) from None


def registered_types() -> dict[str, type[Payload]]:
    """Every registered event type, for the catalogue and the importer."""
    _load_all()
    return dict(sorted(_REGISTRY.items()))


def parse_payload(event_type: str, data: dict[str, Any]) -> Payload:
    """Validate ``data`` against the model of ``event_type``; raise a one-line ValidationFailed."""
    from pydantic import ValidationError

    model = payload_class(event_type)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ValidationFailed(field_refusal(event_type, exc.errors()[0])) from None


#: The descriptors whose payload modules :func:`_load_all` imported last (a system registered later is loaded then).
_LOADED_FOR: list[tuple[int, ...]] = [()]


def _load_all() -> None:
    """Import every module that declares payloads, so that the registry is complete (once per set of systems: it
    runs for every payload parsed, an import's every line among them)."""
    import importlib

    from journal.systems.registry import descriptors

    found = descriptors()
    key = tuple(id(descriptor) for descriptor in found)
    if key == _LOADED_FOR[0] and key:
        return
    for module in _PAYLOAD_MODULES:
        importlib.import_module(module)
    for descriptor in found:
        for module in descriptor.payloads:
            importlib.import_module(module)
    _LOADED_FOR[0] = key


_PAYLOAD_MODULES = (
    "journal.events.campaign",
    "journal.events.session",
    "journal.events.corrections",
    "journal.events.disputes",
    "journal.events.tallies",
    "journal.events.house_rules",
    "journal.events.tokens",
)
