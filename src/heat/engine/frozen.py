"""``Frozen``: the base of the engine's immutable records (events, decisions, content), cheaper to
create at import than frozen dataclasses.

A frozen dataclass costs about 3M instructions when its module loads: ``dataclasses`` writes the
source of six methods and compiles it, and ``import dataclasses`` loads ``inspect``. The 34 event
classes cost a fifth of the plain prompt's start (issue 28). A ``Frozen`` subclass writes its
``__init__`` (every field a parameter, in order: the constructor's signature is the dataclass's)
and names its fields in ``FIELDS``; equality, hashing, ``repr`` and pickling work from that tuple,
as a dataclass's would: ``Moved(seat=0, ...)``, equal when of the same class with equal fields,
the hash of the fields' tuple.

Assignment raises ``AttributeError`` on either build: ``Frozen.__setattr__`` refuses it, and each
``__init__`` sets its fields with ``object.__setattr__(self, "name", value)``, as a frozen
dataclass's does, which mypyc compiles to a direct store into the native field.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar, cast


class Frozen:
    """An immutable record: equality, hash, ``repr`` and pickling from the fields in ``FIELDS``."""

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The record's fields in the order of its constructor's parameters."""

    def field_values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of ``FIELDS``."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self.field_values() == other.field_values()

    def __hash__(self) -> int:
        return hash(self.field_values())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.FIELDS])
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of {type(self).__name__}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt through the constructor: mypyc's classes have no other way in (test_copies.py).
        return type(self), self.field_values()


R = TypeVar("R", bound=Frozen)


def replace(record: R, **changes: Any) -> R:
    """A copy of ``record`` with the fields named in ``changes`` changed (``dataclasses.replace``)."""
    values = dict(zip(record.FIELDS, record.field_values(), strict=True))
    unknown = sorted(changes.keys() - values.keys())
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {unknown[0]!r}")
    values.update(changes)
    rebuilt: R = cast(Any, type(record))(**values)
    return rebuilt


def as_dict(record: Frozen) -> dict[str, Any]:
    """The fields of ``record`` by name, the records in them (in tuples, lists and dicts too) as
    dicts in turn: what ``dataclasses.asdict`` gives a dataclass (tuples stay tuples)."""
    return {name: _as_plain(value) for name, value in zip(record.FIELDS, record.field_values(), strict=True)}


def _as_plain(value: Any) -> Any:
    if isinstance(value, Frozen):
        return as_dict(value)
    if type(value) is tuple:
        return tuple([_as_plain(item) for item in value])
    if type(value) is list:
        return [_as_plain(item) for item in value]
    if type(value) is dict:
        return {_as_plain(key): _as_plain(item) for key, item in value.items()}
    return value
