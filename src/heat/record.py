"""``Record``: the pure-Python twin of ``heat.engine.frozen.Frozen``, for the immutable records of
the modules mypyc does not compile (previews, players, the planner's settings): a class compiled
by mypyc cannot be the base of an interpreted one.

The same contract as ``Frozen``: a subclass names its fields in ``FIELDS`` and ``__slots__``,
writes its ``__init__`` (every field a parameter, in order, each stored with
``object.__setattr__``) and ``field_values()``; equality, hash, ``repr``, pickling and ``replace``
work from them as a frozen dataclass's would, without the 3M instructions a frozen dataclass costs
when its module loads, nor ``import dataclasses`` (issue 28). ``tests/test_frozen.py`` checks that
both bases behave alike.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar, cast


class Record:
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
        assert isinstance(other, Record)
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
        return type(self), self.field_values()


R = TypeVar("R", bound=Record)


def replace(record: R, **changes: Any) -> R:
    """A copy of ``record`` with the fields named in ``changes`` changed (``dataclasses.replace``)."""
    values = dict(zip(record.FIELDS, record.field_values(), strict=True))
    unknown = sorted(changes.keys() - values.keys())
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {unknown[0]!r}")
    values.update(changes)
    rebuilt: R = cast(Any, type(record))(**values)
    return rebuilt
