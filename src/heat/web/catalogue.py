"""The browser board's language: its catalogue as JSON, the language a request asks for, and the
pseudo-language of the tests.

The page's texts are messages of the ``web`` domain (``static/js/messages.js`` marks them with
``N_`` and ``ngettext``; ``scripts/i18n`` extracts them with the server's). ``page_catalogue``
turns a language's ``web.po`` into what the page reads (``GET /i18n/LANG.json``); the ``.po`` is
what ``web.mo`` is compiled from (tests/test_i18n.py checks that they agree), so nothing is built
by hand. A request's language is its ``heat_lang`` cookie (the page sets it), else the first of
its ``Accept-Language`` that Heat speaks, else English.

The pseudo-language ``xx`` wraps every message of every catalogue in ``⟦ ⟧``: a test server
(``heat serve --pseudo-language``) speaks it to a browser that asks for it, so that a test can
see that every text shown went through a catalogue.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Any

from heat import i18n

PAGE_DOMAIN = "web"
COOKIE = "heat_lang"
"""The cookie the page keeps the chosen language in (and sends with every request)."""
PSEUDO = "xx"
PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"
_CATEGORY_SAMPLES = (*range(200), 1000, 1_000_000)
"""Numbers that show each CLDR plural category of a language (French's ``many``: 1000000)."""


def _po(language: str, domain: str) -> Path:
    return i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def _read(language: str, domain: str) -> Any:
    from babel.messages.pofile import read_po

    path = _po(language, domain)
    if not path.is_file():
        return None
    with path.open("rb") as file:
        return read_po(file, locale=language)


def plural_categories(language: str) -> dict[str, int]:
    """Which form of a plural message (its index in the catalogue) each CLDR plural category
    of ``language`` takes (what ``Intl.PluralRules.select`` says in the browser), found by
    reading both rules at sample numbers: ``{"one": 0, "other": 1}`` for French and English."""
    from babel import Locale
    from babel.messages.plurals import get_plural

    code = language if language in i18n.LANGUAGES else "en"
    category_of = Locale.parse(code).plural_form
    form_of = gettext.c2py(get_plural(code).plural_expr)
    found: dict[str, int] = {}
    for number in _CATEGORY_SAMPLES:
        found.setdefault(category_of(number), form_of(number))
    return found


@cache
def page_catalogue(language: str) -> dict[str, Any]:
    """What the page reads for ``language`` (a language of ``i18n.LANGUAGES``, or ``xx``):
    ``messages`` maps each English message to its translation (a plural message, keyed by its
    singular, to the list of its forms) and ``plural`` each plural category to a form. English
    has no messages: the page's source text is English."""
    found: dict[str, Any] = {}
    # The pseudo-language wraps the ids, which every language's catalogue holds (Finnish's here).
    source = _read("fi" if language == PSEUDO else language, PAGE_DOMAIN) if language != "en" else None
    if source is not None:
        for message in source:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                forms = [_pseudo(form) for form in message.id] if language == PSEUDO else list(message.string)
                found[message.id[0]] = forms
            elif language == PSEUDO:
                found[message.id] = _pseudo(message.id)
            elif message.string:
                found[message.id] = message.string
    return {"language": language, "plural": plural_categories(language), "messages": found}


def _pseudo(text: str) -> str:
    return PSEUDO_OPEN + text + PSEUDO_CLOSE


@cache
def pseudo_translations() -> gettext.GNUTranslations:
    """The pseudo-language ``xx`` for the server's Python messages: every message of every
    domain's catalogue (the ids ``scripts/i18n`` extracted from the source) wrapped in ⟦ ⟧."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    wrapped = Catalog(locale="en")
    for domain in i18n.DOMAINS:
        source = _read("fi", domain)
        for message in source or ():
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                wrapped.add(message.id, tuple(_pseudo(form) for form in message.id))
            else:
                wrapped.add(message.id, _pseudo(message.id))
    compiled = io.BytesIO()
    write_mo(compiled, wrapped)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def accepted_language(header: str) -> str | None:
    """The first language of an ``Accept-Language`` header that Heat speaks, by quality then
    order (``de-CH;q=0.9, fr;q=0.8``: ``de``); None if there is none."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = tag.strip().split("-")[0].split("_")[0].lower()
        if code in i18n.LANGUAGES and quality > 0:
            ranked.append((-quality, order, code))
    return min(ranked)[2] if ranked else None


def cookie_value(header: str, name: str) -> str | None:
    """The value of cookie ``name`` in a ``Cookie`` header, or None; the other cookies, however
    odd (a browser sends every cookie of the site), are skipped, never refused."""
    for part in header.split(";"):
        key, equals, value = part.strip().partition("=")
        if equals and key.strip() == name:
            return value.strip().strip('"')
    return None


def request_language(cookie: str | None, accept: str | None, *, pseudo: bool = False) -> str:
    """The language to answer a request in: its ``heat_lang`` cookie if Heat speaks it (``xx``
    only on a server with ``pseudo``), else its ``Accept-Language``, else English."""
    if cookie in i18n.LANGUAGES or (pseudo and cookie == PSEUDO):
        return str(cookie)
    return accepted_language(accept or "") or "en"
