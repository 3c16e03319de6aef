"""The server in the reader's language (issue 32): the page's catalogue as JSON, the language of
a request (its cookie, else Accept-Language, else English), and each connection of one table
answered in its own language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from play import run, settle

from heat import i18n
from heat.server.client import Http, Seat
from heat.server.notices import NOTICES, TAKES, notice, shown
from heat.web.catalogue import (
    accepted_language,
    cookie_value,
    page_catalogue,
    plural_categories,
    request_language,
)

ROOT = Path(__file__).resolve().parents[2]
MESSAGES_JS = ROOT / "src" / "heat" / "web" / "static" / "js" / "messages.js"


def page_source_messages() -> list[str | tuple[str, str]]:
    """The English messages messages.js marks (``N_("...")``, ``ngettext("...", "...")``)."""
    text = MESSAGES_JS.read_text(encoding="utf-8")
    marked = re.findall(r'N_\("((?:[^"\\]|\\.)*)"\)', text)
    singles: list[str | tuple[str, str]] = [json.loads(f'"{m}"') for m in marked]
    plurals = re.findall(r'ngettext\("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\)', text)
    return singles + [(one, other) for one, other in plurals]


@pytest.mark.parametrize("language", ["fi", "fr", "de"])
def test_the_page_catalogue_translates_every_text_of_the_page(language: str) -> None:
    catalogue = page_catalogue(language)
    messages = catalogue["messages"]
    source = page_source_messages()
    assert len(source) > 250
    for message in source:
        if isinstance(message, tuple):
            forms = messages[message[0]]
            assert isinstance(forms, list) and len(forms) == 2 and all(forms), message
        else:
            assert isinstance(messages[message], str) and messages[message], message
    # A text the rulebooks name is taken from them (docs/glossary.md).
    assert {"fi": "Vaihde", "fr": "Rapport", "de": "Gang"}[language] == messages["Gear"]


def test_the_pseudo_catalogue_wraps_every_text_of_the_page() -> None:
    messages = page_catalogue("xx")["messages"]
    for message in page_source_messages():
        if isinstance(message, tuple):
            assert messages[message[0]] == [f"⟦{form}⟧" for form in message]
        else:
            assert messages[message] == f"⟦{message}⟧"


def test_plural_categories_map_to_the_catalogue_forms() -> None:
    """Intl.PluralRules' category of a count picks the form gettext's rule picks: French says
    one card for 0 and 1 (plural=(n > 1)), the others for 0 say the plural."""
    assert plural_categories("fr")["one"] == 0 and plural_categories("fr")["other"] == 1
    assert set(plural_categories("fr").values()) == {0, 1}
    for language in ("en", "fi", "de"):
        assert plural_categories(language) == {"one": 0, "other": 1}


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-CH, de;q=0.9, en;q=0.8", "de"),
        ("pt-BR,pt;q=0.9,fi;q=0.5,fr;q=0.7", "fr"),
        ("fi_FI", "fi"),
        ("fr;q=0, de;q=0.1", "de"),
        ("pt-BR", None),
        ("", None),
        ("en;q=bad, fi", "fi"),
    ],
)
def test_accept_language_picks_the_first_language_heat_speaks(header: str, expected: str | None) -> None:
    assert accepted_language(header) == expected


def test_the_cookie_wins_over_accept_language_and_xx_needs_a_test_server() -> None:
    assert request_language("fi", "de") == "fi"
    assert request_language(None, "de") == "de"
    assert request_language("pt", "fr-FR") == "fr"
    assert request_language(None, None) == "en"
    assert request_language("xx", "de") == "de"
    assert request_language("xx", "de", pseudo=True) == "xx"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("a=b; heat_lang=fi", "fi"),
        ("bad key=1; heat_lang=de", "de"),
        ('x="unterminated; heat_lang=fr', "fr"),
        ("ä=1;;; heat_lang = fi ", "fi"),
        ("heat_lang", None),
        ("", None),
    ],
)
def test_the_language_cookie_is_read_whatever_other_cookies_the_site_has(header: str, expected: str | None) -> None:
    assert cookie_value(header, "heat_lang") == expected


def test_a_notice_is_stored_in_english_and_shown_in_the_language_spoken() -> None:
    stored = notice(TAKES, name="Ada takes the red car", color="red")
    assert stored == "Ada takes the red car takes the red car"
    with i18n.speaking("fr"):
        assert shown(stored) == "Ada takes the red car prend la voiture rouge"
        assert shown("a notice of an older server") == "a notice of an older server"
    with i18n.speaking("de"):
        assert shown(notice(NOTICES[0], name="Bo", color="blue")) == "Bo übernimmt das Auto in Blau"


def test_the_page_catalogue_is_served_for_each_language(server) -> None:
    finnish = httpx.get(server.base + "/i18n/fi.json")
    assert finnish.status_code == 200
    assert finnish.json()["messages"]["Race now"] == "Aja nyt"
    assert httpx.get(server.base + "/i18n/en.json").json()["messages"] == {}
    # The pseudo-language is a test server's only (heat serve --pseudo-language).
    assert httpx.get(server.base + "/i18n/xx.json").status_code == 404
    assert httpx.get(server.base + "/i18n/pt.json").status_code == 404


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({}, "there is no table 'nope'"),
        ({"accept-language": "de-DE,de;q=0.9"}, "es gibt keinen Tisch 'nope'"),
        ({"accept-language": "de-DE", "cookie": "heat_lang=fi"}, "pöytää 'nope' ei ole"),
        ({"accept-language": "pt-BR, fr;q=0.5"}, "il n'y a pas de table 'nope'"),
    ],
)
def test_an_http_answer_is_in_the_language_of_the_request(server, headers: dict[str, str], expected: str) -> None:
    answer = httpx.get(server.base + "/api/tables/nope", headers=headers)
    assert answer.status_code == 404
    assert answer.json()["message"] == expected


def test_each_connection_of_a_table_reads_its_own_language(server) -> None:
    """Two players at one table, one Finnish (cookie), one French (Accept-Language), and an
    English spectator: the same notices and log sentences reach each in their language, and a
    refusal reaches the one refused in theirs."""

    async def scenario() -> None:
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], seconds=3600, practice=True)
        await http.close()
        finn = await Seat.open(
            made["socket"], made["seats"][0]["token"], "Aino", additional_headers={"cookie": "heat_lang=fi"}
        )
        french = await Seat.open(
            made["socket"], made["seats"][1]["token"], "Zoé", additional_headers={"accept-language": "fr-FR,fr;q=0.9"}
        )
        watcher = await Seat.open(made["socket"])
        seats = [finn, french, watcher]
        await settle(seats)
        notices = [[n["text"] for n in seat.notices] for seat in seats]
        assert "Aino ottaa ohjat (punainen auto)" in notices[0]
        assert "Aino prend la voiture rouge" in notices[1]
        assert "Aino takes the red car" in notices[2]
        assert "Kilpailu alkaa" in notices[0] and "La course commence" in notices[1] and "The race starts" in notices[2]
        # The log: the same events, each sentence in the reader's language.
        logs = [[e["text"] for e in seat.events if e["text"]] for seat in seats]
        assert len(logs[0]) == len(logs[1]) == len(logs[2]) > 0
        for translated in logs[:2]:
            assert sum(a != b for a, b in zip(translated, logs[2], strict=True)) > len(logs[2]) / 2
        answer = await finn.decide("gear 1 play 1", seq=finn.version + 50)
        assert answer["type"] == "refused"
        assert answer["message"] == f"versiota {finn.version + 50} ei ole vielä (pöytä on versiossa {finn.version})"
        for seat in seats:
            await seat.close()

    run(scenario())


def test_a_refused_table_or_name_is_explained_in_the_language_of_the_request(server) -> None:
    """The settings' and the name's ConfigErrors carry templates (heat.server.spec), shown with
    error_text in the request's language; in English they read as before."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "club"}]
    german = httpx.post(
        server.base + "/api/tables", json={"seats": seats, "quick_upgrades": True}, headers={"accept-language": "de"}
    )
    assert german.status_code == 400
    assert german.json()["message"] == "quick_upgrades teilt Upgrade-Karten aus (G-18): wähle ihr Deck mit garage"
    english = httpx.post(server.base + "/api/tables", json={"seats": seats, "quick_upgrades": True})
    assert english.json()["message"] == "quick_upgrades deals Upgrade cards (G-18): choose their deck with garage"
    made = httpx.post(server.base + "/api/tables", json={"seats": seats, "seconds": 60}).json()
    blank = httpx.post(
        f"{server.base}/api/tables/{made['table']}/join",
        json={"name": "   "},
        headers={"authorization": f"Bearer {made['seats'][0]['token']}", "cookie": "heat_lang=fr"},
    )
    assert blank.status_code == 400
    assert blank.json()["message"] == "name : saisissez un nom affiché (1 à 24 caractères)"


def test_the_page_without_script_is_in_the_language_of_the_request(server) -> None:
    """A browser that runs no script reads the page's <noscript> words, which the page cannot
    translate itself: the server writes them, and the page's lang, in the request's language."""
    from heat.server.translate import _

    for headers, language in [({}, "en"), ({"accept-language": "fr-FR"}, "fr"), ({"cookie": "heat_lang=fi"}, "fi")]:
        page = httpx.get(server.base + "/", headers=headers)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        with i18n.speaking(language):
            words = _("The board needs JavaScript.")
        assert f"<noscript>{words}</noscript>" in page.text
        assert f'<html lang="{language}">' in page.text
        assert (words == "The board needs JavaScript.") == (language == "en")


def test_an_unknown_address_or_method_is_refused_in_the_language_of_the_request(server) -> None:
    german = {"accept-language": "de"}
    missing = httpx.get(server.base + "/api/nothing", headers=german)
    assert missing.status_code == 404
    assert missing.json() == {"error": "not_found", "message": "unter '/api/nothing' gibt es nichts"}
    assert httpx.get(server.base + "/static/nothing.js").json()["message"] == "there is nothing at '/static/nothing.js'"
    wrong = httpx.delete(server.base + "/api/tables", headers=german)
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    assert wrong.json()["message"] == "'/api/tables' nimmt kein DELETE an"


def test_a_message_the_socket_cannot_read_is_refused_in_the_readers_language(server) -> None:
    """The socket's refusals of a message it cannot read, and the notice of a removed player, in
    the language of that player's connection (its cookie here), not the creator's."""

    async def scenario() -> None:
        http = Http(server.base)
        made = await http.create(seats=[{"kind": "human"}, {"kind": "human"}], seconds=3600, practice=True)
        french = await Seat.open(
            made["socket"], made["seats"][0]["token"], "Zoé", additional_headers={"cookie": "heat_lang=fr"}
        )
        answers = []
        for raw in ("{nope", "[1, 2]", '{"type": "teleport"}'):
            await french.socket.send(raw)
            answers.append(await french.until(lambda m: m["type"] == "error"))
        assert [answer["code"] for answer in answers] == ["bad_json", "bad_message", "unknown_type"]
        assert answers[0]["message"].startswith("JSON non valide : ")
        assert answers[1]["message"] == "un message est un objet JSON avec un 'type', pas list"
        assert answers[2]["message"].startswith("type de message inconnu 'teleport' ; les types sont : hello, ")
        freed = await http.call("POST", f"/api/tables/{made['table']}/free", made["admin_token"], seat=0)
        assert freed.status_code == 200
        removed = await french.until(lambda m: m["type"] == "error" and m["code"] == "removed")
        assert removed["message"] == "le créateur de la table vous a retiré de cette place"
        await french.close()
        await http.close()

    run(scenario())
