"""The language a person reads: gettext message catalogues, plural forms and numbers.

One set of catalogues per language (``heat/locale/LANG/LC_MESSAGES/DOMAIN.po``, compiled to
``DOMAIN.mo`` beside it; docs/i18n.md says how to update them), one catalogue per part of the
source (``DOMAINS``), read as one. English is the source text and the fallback.
Only what a person reads goes through here: records, saved games and the protocol keep their
one language-neutral form (``gear 3 play 1 4``, card and token ids).

Messages use named ``str.format`` placeholders (``{who} boosts +{value}``): ``_`` and
``ngettext`` translate, then fill them in. The language is one setting for the process, chosen by
``heat --lang`` or the environment (``language_from_environment``); it starts as English, so a
library user or a test gets English unless it asks otherwise. A server that speaks to each
player in their own language wraps the work for one player in ``using(language)``: that sets the
language of the current thread or asyncio task only.

This module loads only the standard library (``heat --help`` stays fast); Babel is loaded when a
number is first formatted.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    LOCALE_DIR: Path
    """The catalogues' folder, ``heat/locale`` (a ``Path``, made when first asked for)."""

LANGUAGES = ("en", "fi", "fr", "de")
"""The languages Heat speaks, English first (the source text)."""
LANGUAGE_NAMES = {"en": "English", "fi": "suomi", "fr": "français", "de": "Deutsch"}
DOMAINS = ("heat", "engine", "tui", "web")
"""The catalogues of each language, one per part of the source (``scripts/i18n`` extracts each
from its folders, ``i18n/DOMAIN.cfg``): ``engine`` the reasons of refused decisions and files,
``tui`` the full-screen app, ``web`` the server and the browser board, ``heat`` all the rest.
They are read as one: a message is looked up in each in turn."""
LOCALE_FOLDER = os.path.join(os.path.dirname(__file__), "locale")
"""The catalogues' folder, as text: ``pathlib`` is not loaded for it, which cost a start (issue 28)."""
ENVIRONMENT_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language comes from without ``--lang``: the first of these that is set, as POSIX says."""

_state: dict[str, object] = {"language": "en", "translations": gettext.NullTranslations()}
_speaking_here: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar("heat_language", default=None)
"""The language of ``using``: this thread or asyncio task only, before the process's."""


class UnknownLanguage(ValueError):
    """A language Heat has no catalogue for."""


@cache
def _catalogue(language: str, first: str = DOMAINS[0]) -> gettext.NullTranslations:
    """The catalogues of ``language``, chained: ``first``, then the others in the order of
    ``DOMAINS`` (a domain with no message yet has no file)."""
    chain = gettext.NullTranslations()
    if language == "en":
        return chain
    for domain in (first, *(name for name in DOMAINS if name != first)):
        path = os.path.join(LOCALE_FOLDER, language, "LC_MESSAGES", f"{domain}.mo")
        if os.path.isfile(path):
            with open(path, "rb") as file:
                chain.add_fallback(gettext.GNUTranslations(file))
    return chain


def set_language(language: str) -> None:
    """Speak ``language`` (one of ``LANGUAGES``) from now on; UnknownLanguage otherwise."""
    if language not in LANGUAGES:
        raise UnknownLanguage(language)
    use_catalogue(language, _catalogue(language))


def use_catalogue(language: str, translations: gettext.NullTranslations) -> None:
    """Speak through ``translations`` under the name ``language`` (the tests' pseudo-language)."""
    _state["language"] = language
    _state["translations"] = translations


def language() -> str:
    """The language spoken now (``en`` unless set)."""
    here = _speaking_here.get()
    return here[0] if here is not None else str(_state["language"])


@contextmanager
def speaking(language_code: str) -> Iterator[None]:
    """Speak ``language_code`` inside the block, then the language spoken before (tests)."""
    before = dict(_state)
    set_language(language_code)
    try:
        yield
    finally:
        _state.update(before)


@contextmanager
def using(language_code: str, catalogue: gettext.NullTranslations | None = None) -> Iterator[None]:
    """Speak ``language_code`` inside the block in this thread or asyncio task only (a server
    answering each player in their language); UnknownLanguage for a language Heat lacks.
    ``catalogue`` speaks through that one instead, under the name ``language_code`` (a test
    server's pseudo-language)."""
    if catalogue is None and language_code not in LANGUAGES:
        raise UnknownLanguage(language_code)
    token = _speaking_here.set((language_code, catalogue if catalogue is not None else _catalogue(language_code)))
    try:
        yield
    finally:
        _speaking_here.reset(token)


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language of ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, the first one set (``fr_FR.UTF-8``
    is ``fr``); English when none is set or the one set is not a language of ours (``C``)."""
    for name in ENVIRONMENT_VARIABLES:
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def translations() -> gettext.NullTranslations:
    """The catalogue of the language spoken (for code that formats its own messages, argparse)."""
    here = _speaking_here.get()
    if here is not None:
        return here[1]
    catalogue = _state["translations"]
    assert isinstance(catalogue, gettext.NullTranslations)
    return catalogue


def _(message: str, /, **values: object) -> str:
    """``message`` in the language spoken, its ``{placeholders}`` filled in from ``values``."""
    text = translations().gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form of ``singular``/``plural`` that the language uses for ``count`` (French says
    ``0 carte``, English ``0 cards``), with ``{count}`` and ``values`` filled in."""
    return translations().ngettext(singular, plural, count).format(count=count, **values)


def error_text(error: object) -> str:
    """What ``error`` says, in the language spoken: a ``HeatError`` built from a template with
    values (``IllegalDecision("gear {gear} does not exist", gear=5)``) is translated, then
    filled in, and so is each value built the same way (a ``heat.engine.errors.Phrase`` such as
    ``the string '1'``, or the error it wraps: ``decisions[3]: {error}``); any other error (or
    a ``Phrase`` given alone) is shown as it is, or translated."""
    return str(_in_words(error))


def _in_words(item: object) -> object:
    """``item`` translated if it carries a ``template`` and its ``values`` (an error, a
    ``Phrase``), its values first; any other value as it is."""
    template = getattr(item, "template", None)
    values = getattr(item, "values", None)
    if not (isinstance(template, str) and template and isinstance(values, dict)):
        return item if not isinstance(item, BaseException) else str(item)
    try:
        return _(template, **{name: _in_words(value) for name, value in values.items()})
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return str(item)


class Domain:
    """The translation functions of the modules of one domain (``tui``, ``web``): a message is
    looked up in that domain's catalogue first, then in the others. The same English word may be
    translated differently in two parts of the game (French ``bleu`` in the app's list of
    colours, ``bleue`` for the server's "la voiture bleue"): each part reads its own first."""

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise ValueError(f"unknown domain {name!r}")
        self.name = name

    def translations(self) -> gettext.NullTranslations:
        """This domain's chain in the language spoken; a catalogue set by ``use_catalogue`` or
        ``using(..., catalogue=...)`` (the tests' pseudo-language) as it is."""
        current = translations()
        code = language()
        if code in LANGUAGES and current is _catalogue(code):
            return _catalogue(code, self.name)
        return current

    def _(self, message: str, /, **values: object) -> str:
        """``message`` in the language spoken, this domain's catalogue first (``heat.i18n._``)."""
        text = self.translations().gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """The plural form for ``count``, this domain's catalogue first (``heat.i18n.ngettext``)."""
        return self.translations().ngettext(singular, plural, count).format(count=count, **values)


def N_(message: str, /) -> str:  # noqa: N802 - the gettext convention extraction looks for
    """``message`` unchanged: marks a constant for extraction, translated where it is shown."""
    return message


def decimal(number: float, digits: int = 1, *, keep_zeros: bool = False) -> str:
    """``number`` rounded to ``digits`` decimals as Python rounds it (``f"{x:.1f}"``), without
    trailing zeros unless ``keep_zeros``, written as the language writes it: ``2.5``, ``2,5``;
    no grouping."""
    from decimal import Decimal  # here: Babel needs it, `heat --help` does not (issue 28)

    from babel.numbers import format_decimal

    rounded = Decimal(f"{number:.{digits}f}")
    pattern = "0." + ("0" if keep_zeros else "#") * digits if digits else "0"
    return str(format_decimal(rounded, format=pattern, locale=_babel_locale()))


def percent(fraction: float) -> str:
    """``fraction`` (0 to 1) as a whole percentage rounded as Python rounds it (``f"{x:.0%}"``),
    written as the language writes it: ``25%``, ``25 %``."""
    from decimal import Decimal

    from babel.numbers import format_percent

    whole = Decimal(f"{fraction:.0%}".removesuffix("%"))
    return str(format_percent(whole / 100, locale=_babel_locale()))


def _babel_locale() -> str:
    code = language()
    return code if code in LANGUAGES else "en"


if not TYPE_CHECKING:  # hidden from mypy, which would otherwise type every misspelt name as Any

    def __getattr__(name: str) -> object:
        """``LOCALE_DIR``, made on first use (PEP 562)."""
        if name == "LOCALE_DIR":
            from pathlib import Path

            return Path(LOCALE_FOLDER)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
