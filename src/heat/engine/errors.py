"""The exception family of the engine: every error a user can cause is a ``HeatError``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard, TypeVar

_Templated = TypeVar("_Templated", bound="HeatError | Phrase")


def _remade(kind: Callable[..., _Templated], template: str, values: dict[str, object]) -> _Templated:
    """``kind(template, **values)``: how a pickled error or Phrase is made again (``__reduce__``)."""
    return kind(template, **values)


class HeatError(Exception):
    """Base class of every error the engine raises on bad input.

    ``HeatError("gear {gear} does not exist", gear=5)``: the message is an English template with
    named ``{placeholders}`` and their values. ``str(error)`` is the English sentence; the
    template and ``values`` stay on the error so that a client can show it in the player's
    language (``heat.i18n.error_text``) without the engine knowing languages. A message built
    whole (an f-string) is still accepted: it has no values and is shown as it is."""

    def __init__(self, template: str = "", /, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)

    def __reduce__(self) -> tuple[Callable[..., HeatError], tuple[type[HeatError], str, dict[str, object]]]:
        """Pickled (an arena worker's or a Ray task's error) with its template and values, not
        only the English text that ``Exception`` keeps, so that ``error_text`` still translates
        it; a subclass takes the base class's arguments (``template, **values``)."""
        return _remade, (type(self), self.template, self.values)


class IllegalDecision(HeatError):
    """A decision that the rules do not allow now; the race is left unchanged."""


class DecisionSyntaxError(IllegalDecision):
    """A decision text that does not parse."""


class DataError(HeatError):
    """A malformed data file (track or cards); the message names the file and the field."""


class PositionError(HeatError):
    """A position or record that cannot be loaded; the message names the field."""


class ConfigError(HeatError):
    """A race configuration the rules do not allow (too many cars, an unknown colour...)."""


class Phrase:
    """Words that an error's sentence quotes (``the string {value}``), kept as an English template
    and its values like the error itself, so that ``heat.i18n.error_text`` translates them inside
    the sentence; ``str()`` is the English words."""

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values = values

    def __str__(self) -> str:
        return self.template.format(**self.values) if self.values else self.template

    def __reduce__(self) -> tuple[Callable[..., Phrase], tuple[type[Phrase], str, dict[str, object]]]:
        """Pickled with its template and values, like ``HeatError`` (the compiled class has no
        ``__dict__`` for pickle to copy)."""
        return _remade, (type(self), self.template, self.values)


SHOWN_CHARACTERS = 60
"""How much of a value an error message quotes: a 1 MB string in a file is not printed whole."""


def shown(value: object) -> str | Phrase:
    """``repr(value)``, cut to about ``SHOWN_CHARACTERS`` characters (the words around a cut
    value are a ``Phrase``, translated with the sentence). ``repr`` escapes control characters,
    so a value quoted in a message cannot move the cursor or colour the terminal."""
    try:
        text = repr(value)
    except RecursionError:  # a list nested deeper than Python's own limit
        return Phrase("a deeply nested {type}", type=type(value).__name__)
    except ValueError:  # Python writes no number of over 4,300 digits
        if isinstance(value, int):
            return Phrase("a number of about {digits} digits", digits=value.bit_length() * 3 // 10)
        return Phrase("a {type} holding a number too long to write", type=type(value).__name__)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return Phrase("{start}... ({length} characters)", start=text[: SHOWN_CHARACTERS - 3], length=len(text))


def described(value: object) -> Phrase | str:
    """What ``value`` is, as a message names it after "got": ``the string '1'``, ``the number
    1.5``, ``a list``, ``an object`` (a ``Phrase``, translated with the sentence), or the JSON
    words ``true``, ``false``, ``null`` (in no language)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return Phrase("the number {value}", value=shown(value))
    if isinstance(value, str):
        return Phrase("the string {value}", value=shown(value))
    if isinstance(value, list | tuple):
        return Phrase("a list ({value})", value=shown(value))
    if isinstance(value, dict):
        return Phrase("an object ({value})", value=shown(value))
    return shown(value)


def is_integer(value: object) -> TypeGuard[int]:
    """A whole number as a file states it: an int, not a bool (``true`` is not 1) or a float.
    Check a value read from a file with it before giving it a type: the compiled engine checks
    a typed variable's value at run time, and would raise TypeError, not the caller's HeatError."""
    return isinstance(value, int) and not isinstance(value, bool)
