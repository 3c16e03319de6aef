"""The language a person reads: gettext message catalogues, plural forms and numbers.

One catalogue per language (``heat/locale/LANG/LC_MESSAGES/heat.po``, compiled to ``heat.mo``
beside it; docs/i18n.md says how to update them). English is the source text and the fallback.
Only what a person reads goes through here: records, saved games and the protocol keep their
one language-neutral form (``gear 3 play 1 4``, card and token ids).

Messages use named ``str.format`` placeholders (``{who} boosts +{value}``): ``_`` and
``ngettext`` translate, then fill them in. The language is one setting for the process, chosen by
``heat --lang`` or the environment (``language_from_environment``); it starts as English, so a
library user or a test gets English unless it asks otherwise.

This module loads only the standard library (``heat --help`` stays fast); Babel is loaded when a
number is first formatted.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from decimal import Decimal
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "fi", "fr", "de")
"""The languages Heat speaks, English first (the source text)."""
LANGUAGE_NAMES = {"en": "English", "fi": "suomi", "fr": "français", "de": "Deutsch"}
DOMAIN = "heat"
LOCALE_DIR = Path(__file__).parent / "locale"
ENVIRONMENT_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language comes from without ``--lang``: the first of these that is set, as POSIX says."""

_state: dict[str, object] = {"language": "en", "translations": gettext.NullTranslations()}


class UnknownLanguage(ValueError):
    """A language Heat has no catalogue for."""


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        return gettext.GNUTranslations(file)


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
    return str(_state["language"])


@contextmanager
def speaking(language_code: str) -> Iterator[None]:
    """Speak ``language_code`` inside the block, then the language spoken before (tests)."""
    before = dict(_state)
    set_language(language_code)
    try:
        yield
    finally:
        _state.update(before)


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


def N_(message: str, /) -> str:  # noqa: N802 - the gettext convention extraction looks for
    """``message`` unchanged: marks a constant for extraction, translated where it is shown."""
    return message


def decimal(number: float, digits: int = 1, *, keep_zeros: bool = False) -> str:
    """``number`` rounded to ``digits`` decimals as Python rounds it (``f"{x:.1f}"``), without
    trailing zeros unless ``keep_zeros``, written as the language writes it: ``2.5``, ``2,5``;
    no grouping."""
    from babel.numbers import format_decimal

    rounded = Decimal(f"{number:.{digits}f}")
    pattern = "0." + ("0" if keep_zeros else "#") * digits if digits else "0"
    return str(format_decimal(rounded, format=pattern, locale=_babel_locale()))


def percent(fraction: float) -> str:
    """``fraction`` (0 to 1) as a whole percentage rounded as Python rounds it (``f"{x:.0%}"``),
    written as the language writes it: ``25%``, ``25 %``."""
    from babel.numbers import format_percent

    whole = Decimal(f"{fraction:.0%}".removesuffix("%"))
    return str(format_percent(whole / 100, locale=_babel_locale()))


def _babel_locale() -> str:
    code = language()
    return code if code in LANGUAGES else "en"
