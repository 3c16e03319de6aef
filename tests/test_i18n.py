"""Heat in four languages (issue 32): the catalogues are complete, consistent with the source and
compiled; the language is chosen by --lang or the environment; a pseudo-language run shows that
no sentence of the log bypasses the catalogue."""

from __future__ import annotations

import io
import json
import os
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from heat import i18n
from heat.bots import RandomBot, play_out
from heat.cli.main import main, requested_language
from heat.engine import HeatError, Race, RaceConfig, default_seats
from heat.narrate import describe

ROOT = Path(__file__).parent.parent
TRANSLATED = [language for language in i18n.LANGUAGES if language != "en"]
MARK_OPEN, MARK_CLOSE = "\u27e6", "\u27e7"


def po_path(language: str, domain: str) -> Path:
    return i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def catalogue(language: str, domain: str = "heat") -> Catalog:
    with po_path(language, domain).open("rb") as file:
        return read_po(file, locale=language)


def messages(language: str, domain: str = "heat") -> list[Message]:
    if not po_path(language, domain).is_file():
        return []
    return [message for message in catalogue(language, domain) if message.id]


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields and ``%(name)s``/``%s`` conversions of a message, sorted."""
    fields = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    percent = re.findall(r"%(?:\([a-z_]+\))?[srd]", text)
    return sorted(fields + percent)


def domain_keywords(domain: str) -> dict[str, object]:
    """The keywords scripts/i18n extracts with in ``domain``: Babel's, plus the errors' templates
    in the engine and in domain heat (``-k IllegalDecision``, ``-k fail:2``)."""
    keywords: dict[str, object] = dict(DEFAULT_KEYWORDS)
    if domain in ("engine", "heat"):
        script = (ROOT / "scripts" / "i18n").read_text(encoding="utf-8")
        listed = re.search(r"ERROR_KEYWORDS=\(([^)]*)\)", script)
        assert listed, "scripts/i18n lists the errors' keywords"
        keywords.update(parse_keywords(listed.group(1).split()[1::2]))
    return keywords


def source_ids(domain: str | None = None) -> set[str | tuple[str, str]]:
    """Every message id marked in src/heat (or in the files of ``domain``), extracted as
    scripts/i18n does (i18n/DOMAIN.cfg)."""
    found: set[str | tuple[str, str]] = set()
    for name in [domain] if domain else list(i18n.DOMAINS):
        with (ROOT / "i18n" / f"{name}.cfg").open(encoding="utf-8") as config:
            method_map, options_map = parse_mapping_cfg(config)
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "src" / "heat"), method_map, options_map, keywords=domain_keywords(name)
        ):
            found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_message_is_translated_with_the_same_placeholders(language: str, domain: str) -> None:
    problems = []
    for message in messages(language, domain):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
            continue
        expected = placeholders(ids[-1])
        problems.extend(
            f"placeholders {placeholders(form)} != {expected}: {form!r}"
            for form in forms
            if placeholders(form) != expected
        )
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_the_language(language: str) -> None:
    rule = get_plural(language)
    cat = catalogue(language)
    assert cat.plural_forms == rule.plural_forms
    plurals = [message for message in cat if message.id and message.pluralizable]
    assert plurals, "the catalogue has plural messages to check"
    assert all(len(message.string) == rule.num_plurals for message in plurals)


def test_french_says_one_card_for_zero_and_finnish_many_for_zero() -> None:
    """French uses the singular for 0 (plural=(n > 1)); Finnish and German the plural."""
    texts = {}
    for language in ("fr", "fi", "de", "en"):
        with i18n.speaking(language):
            texts[language] = i18n.ngettext("{who} draws {count} card", "{who} draws {count} cards", 0, who="A")
    assert texts == {
        "fr": "A pioche 0 carte",
        "fi": "A nostaa 0 korttia",
        "de": "A zieht 0 Karten",
        "en": "A draws 0 cards",
    }


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_the_catalogues_are_up_to_date_with_the_source(language: str, domain: str) -> None:
    """scripts/i18n extracts no new id and none is left over: the catalogue is what the source says."""
    in_catalogue = {message.id for message in messages(language, domain)}
    in_source = source_ids(domain)
    assert sorted(map(str, in_source - in_catalogue)) == [], "new messages: run scripts/i18n"
    assert sorted(map(str, in_catalogue - in_source)) == [], "messages no longer in the source: run scripts/i18n"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_the_compiled_catalogue_matches_its_po(language: str, domain: str) -> None:
    """DOMAIN.mo is what `pybabel compile` makes of DOMAIN.po (scripts/i18n compile after an edit)."""
    if not po_path(language, domain).is_file():
        assert not po_path(language, domain).with_suffix(".mo").exists()
        return
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language, domain))
    assert po_path(language, domain).with_suffix(".mo").read_bytes() == compiled.getvalue()


@cache
def pseudo_catalogue() -> GNUTranslations:
    """The pseudo-language ``xx``: every message of the source wrapped in ⟦ ⟧, placeholders kept
    (made once: extracting the source takes seconds)."""
    cat = Catalog(locale="en")
    for message_id in source_ids():
        if isinstance(message_id, tuple):
            cat.add(message_id, tuple(MARK_OPEN + form + MARK_CLOSE for form in message_id))
        else:
            cat.add(message_id, MARK_OPEN + message_id + MARK_CLOSE)
    compiled = io.BytesIO()
    write_mo(compiled, cat)
    compiled.seek(0)
    return GNUTranslations(compiled)


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use_catalogue("xx", pseudo_catalogue())
    yield
    i18n.set_language("en")


def module_race_log() -> tuple[list[str], Race]:
    """A race with the Garage, Legends and the weather, narrated in the language spoken."""
    config = RaceConfig(default_seats(4, legends=2), track="great-britain", laps=1, seed=11, garage="all", weather=True)
    race = Race(config)
    play_out(race, {seat: RandomBot(seat) for seat in range(2)})
    names = [car.name for car in race.cars]
    lines = [describe(event, names, race.laps) for event in race.log or []]
    return [line for line in lines if line], race


@pytest.mark.usefixtures("pseudo")
def test_every_log_sentence_goes_through_the_catalogue() -> None:
    lines, _race = module_race_log()
    assert len(lines) > 50
    bypassed = [line for line in lines if MARK_OPEN not in line]
    assert bypassed == []


def test_the_log_reads_in_each_language() -> None:
    english, _race = module_race_log()
    for language in TRANSLATED:
        with i18n.speaking(language):
            translated, _race = module_race_log()
        assert len(translated) == len(english)
        assert sum(a != b for a, b in zip(english, translated, strict=True)) > len(english) * 0.9


@pytest.mark.parametrize(
    ("argv", "language"),
    [
        (["--lang", "fi", "tracks"], "fi"),
        (["tracks", "--lang", "fr"], "fr"),
        (["tracks", "--lang=DE"], "de"),
        (["--lang", "fi", "tracks", "--lang", "de"], "de"),
        (["position", "apply", "x.json", "--", "--lang", "fi"], None),
        (["tracks"], None),
    ],
)
def test_lang_before_or_after_the_command(argv: list[str], language: str | None) -> None:
    assert requested_language(argv) == language


def run_heat(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "heat.cli.main", *argv], capture_output=True, text=True, env=environment, check=False
    )


@pytest.mark.parametrize("argv", [["--lang", "de", "race", "--help"], ["race", "--help", "--lang", "de"]])
def test_the_help_is_in_the_language_given_before_or_after_the_command(argv: list[str]) -> None:
    done = run_heat(*argv)
    assert done.returncode == 0
    assert "Aufruf: heat race" in done.stdout
    assert "Zufallssaat: gleiche Saat, gleiches Rennen" in done.stdout


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "fi_FI.UTF-8"}, "käyttö: heat"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "utilisation : heat"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "usage: heat"),
        ({"LANG": "pt_BR.UTF-8"}, "usage: heat"),
        ({}, "usage: heat"),
    ],
)
def test_the_environment_chooses_the_language(env: dict[str, str], expected: str) -> None:
    done = run_heat("--help", env=env)
    assert done.stdout.startswith(expected)


def test_lang_wins_over_the_environment() -> None:
    done = run_heat("--help", "--lang", "en", env={"LANG": "fi_FI.UTF-8"})
    assert done.stdout.startswith("usage: heat")


@pytest.mark.parametrize("argv", [["--lang", "xx", "tracks"], ["tracks", "--lang=pt"]])
def test_an_unknown_language_is_refused_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "unknown language" in captured.err
    assert "en, fi, fr, de" in captured.err


def test_a_usage_error_is_in_the_language_spoken(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "race", "--cars", "many"])
    err = capsys.readouterr().err
    assert "heat race : erreur : argument --cars : un nombre entier" in err


def test_the_language_comes_from_the_first_variable_set() -> None:
    assert i18n.language_from_environment({"LC_ALL": "de_DE.UTF-8", "LANG": "fi_FI"}) == "de"
    assert i18n.language_from_environment({"LC_MESSAGES": "fr_CA", "LANG": "fi_FI"}) == "fr"
    assert i18n.language_from_environment({"LANG": "fi"}) == "fi"
    assert i18n.language_from_environment({"LANG": "C.UTF-8"}) == "en"
    assert i18n.language_from_environment({"LC_ALL": "", "LANG": "de_AT@euro"}) == "de"
    assert i18n.language_from_environment({}) == "en"


def test_numbers_are_written_as_the_language_writes_them() -> None:
    written = {}
    for language in i18n.LANGUAGES:
        with i18n.speaking(language):
            written[language] = (i18n.decimal(2.5), i18n.decimal(3.0), i18n.decimal(0.35), i18n.percent(0.25))
    assert written["en"] == ("2.5", "3", "0.3", "25%")  # rounded as f"{x:.1f}" rounds, as before
    assert written["de"] == ("2,5", "3", "0,3", "25\xa0%")
    assert written["fr"][:3] == ("2,5", "3", "0,3")
    assert written["fi"][:3] == ("2,5", "3", "0,3")
    assert written["fr"][3] != "25%" and written["fi"][3] != "25%"  # a (narrow) no-break space before %


def test_unknown_language_is_refused_by_the_library() -> None:
    with pytest.raises(i18n.UnknownLanguage):
        i18n.set_language("xx")
    assert i18n.language() == "en"


# ------------------------------------------------------------------ the plain prompt


class Answers:
    """Scripted answers: the given lines, then the first option; yes to every question."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = iter(lines)
        self.asked: list[str] = []

    def __call__(self, question: str) -> str:
        self.asked.append(question)
        if question != "> ":  # a yes/no question, in whatever language
            return "yes"
        return next(self.lines, "1")


def prompt_session(tmp_path: Path, lines: list[str]) -> tuple[list[str], Answers]:
    """A practice race with every module, played at the plain prompt with ``lines`` first."""
    from heat.cli.parser import build_parser
    from heat.cli.play_cmd import Session, new_session_race

    options = ["play", "--bots", "1", "--legends", "1", "--garage", "all", "--weather", "--seed", "5", "--practice"]
    race, human, meta = new_session_race(build_parser().parse_args(options))
    out: list[str] = []
    answers = Answers(lines)
    Session(race, human, {1: RandomBot(1)}, answers, out.append, str(tmp_path / "a.json"), meta, confirm=True).run()
    return out, answers


DECISION_LINE = re.compile(r"^  \d+\. \S")
"""A numbered option or standing: a decision's text (``gear 2 play 3 4``, the one form records
and the protocol use in every language) or a car's name, no sentence."""


@pytest.mark.usefixtures("pseudo")
def test_every_sentence_of_the_plain_prompt_goes_through_the_catalogue(tmp_path: Path) -> None:
    commands = ["help", "status", "list", "preview 1", "preview", "preview fly", "fly", "99", "play"]
    commands += ["confirm off", "confirm on", f"save {tmp_path / 'b.json'}", "save", "1"]
    out, answers = prompt_session(tmp_path, commands)
    shown = [line for line in out + answers.asked if line.strip() and line != "> " and not DECISION_LINE.match(line)]
    assert len(shown) > 100
    bypassed = [line for line in dict.fromkeys(shown) if MARK_OPEN not in line]
    assert bypassed == []


def test_the_plain_prompt_speaks_finnish_and_takes_finnish_keywords(tmp_path: Path) -> None:
    with i18n.speaking("fi"):
        out, _answers = prompt_session(tmp_path, ["ohje", "tila", "vaihde 7 pelaa 1", "lopeta"])
    text = "\n".join(out)
    assert "Kirjoita päätös, vaihtoehdon numero tai komento:" in text  # ohje = help
    assert text.count("Ajat autoa") >= 2  # tila = status: "You drive ..." again
    assert "Ei sallittu: " in text  # vaihde 7 pelaa 1 = gear 7 play 1, refused by the engine
    assert "Tallennettu. Jatka komennolla: heat play --resume" in text  # lopeta = quit


def test_translated_keywords_read_as_the_english_decision_text() -> None:
    from heat.cli import commands
    from heat.engine import parse_decision

    cases = {
        "fi": "vaihde 3 pelaa 1 4",
        "fr": "rapport 3 jouer 1 4",
        "de": "Gang 3 spiele 1 4",
        "en": "gear 3 play 1 4",
    }
    for language, typed in cases.items():
        with i18n.speaking(language):
            assert parse_decision(commands.english_decision(typed)).text() == "gear 3 play 1 4"
            assert parse_decision(commands.english_decision("gear 3 play 1 4")).text() == "gear 3 play 1 4"
    with i18n.speaking("fr"):
        assert commands.english_decision("refroidir 1 de adrénaline") == "cooldown 1 from adrenaline"
        assert commands.is_yes("oui") and commands.is_yes("yes") and not commands.is_yes("non")


# ------------------------------------------------------------------ the data's words


def test_every_name_of_the_data_files_is_in_the_catalogue() -> None:
    from heat import content_words
    from heat.engine.championship import event_book
    from heat.engine.content import catalogue, weather_tokens

    listed = set(
        content_words.CARD_NAMES
        + content_words.UPGRADE_NAMES
        + content_words.WEATHER_NAMES
        + content_words.ROAD_NAMES
        + content_words.EVENT_TITLES
        + content_words.EVENT_TEXTS
    )
    weather, road = weather_tokens()
    names = {card.category or card.name for card in catalogue().cards if card.type != "sponsor"}
    names |= {token.name for token in (*weather, *road)}
    names |= {event.title for event in event_book().events} | {event.text for event in event_book().events}
    assert sorted(names - listed) == []


def test_a_card_in_words_says_in_english_what_the_engine_says() -> None:
    from heat.card_words import card_words
    from heat.engine.content import catalogue

    cards = catalogue().cards
    assert [card_words(card) for card in cards] == [card.describe() for card in cards]
    with i18n.speaking("de"):
        words = {card.id: card_words(card) for card in cards}
    assert words["turbo-8"] == "Turbolader: 8, Heat 1, Verschrotten 6"


@pytest.mark.usefixtures("pseudo")
def test_every_label_of_the_statistics_goes_through_the_catalogue() -> None:
    from heat.stats import race_stats, table_rows

    _lines, race = module_race_log()
    labels = [label for label, _cells in table_rows(race_stats(race))]
    assert len(labels) > 30
    assert [label for label in labels if MARK_OPEN not in label] == []


def test_using_sets_the_language_of_one_asyncio_task_only() -> None:
    """A server answers each player in their own language: ``using`` must not leak to others."""
    import asyncio

    async def speak(language: str, ready: asyncio.Event, other: asyncio.Event) -> str:
        with i18n.using(language):
            ready.set()
            await other.wait()  # the other task is inside its own ``using`` now
            return i18n.ngettext("{who} draws {count} card", "{who} draws {count} cards", 2, who="A")

    async def both() -> list[str]:
        first, second = asyncio.Event(), asyncio.Event()
        return list(await asyncio.gather(speak("fr", first, second), speak("de", second, first)))

    assert asyncio.run(both()) == ["A pioche 2 cartes", "A zieht 2 Karten"]
    assert i18n.language() == "en"
    with pytest.raises(i18n.UnknownLanguage), i18n.using("xx"):
        pass


def test_an_error_made_of_a_template_is_translated_with_its_values() -> None:
    from heat.engine import IllegalDecision

    error = IllegalDecision("{who} boosts +{value}", who="A", value=2)
    assert str(error) == "A boosts +2"
    with i18n.speaking("de"):
        assert i18n.error_text(error) == "A boostet +2"
        assert i18n.error_text(IllegalDecision("a sentence built whole")) == "a sentence built whole"
        assert i18n.error_text(ValueError("not ours")) == "not ours"


# ------------------------------------------------------------------ the refusals (engine and heat)


def refused_decisions() -> Iterator[HeatError]:
    """The IllegalDecision of every decision of a fixed list that each seat may not make, at
    points of races with every module (the Garage draft, Legends, the weather, a season)."""
    from heat.engine import parse_decision
    from heat.engine.championship import Season, SeasonConfig
    from heat.engine.rng import Rng

    texts = [
        "gear 7 play 1", "gear 4 play 1", "gear 1 play 1 2 3", "gear 1 play heat", "gear 2 play zz",
        "boost", "cooldown 3 from gear", "cooldown 1 from adrenaline", "move 1 from adrenaline", "done",
        "slipstream", "slipstream 9", "no slipstream", "discard heat", "discard 1 1 1 1 1 1",
        "draft zz", "swap 1 for 2", "no swap", "keep zz", "refresh 1", "salvage 1 from discard", "speed 9 for 1",
    ]  # fmt: skip
    decisions = [parse_decision(text) for text in texts]
    configs = [
        RaceConfig(default_seats(4, legends=1), track="great-britain", laps=1, seed=3, garage="all", weather=True),
        RaceConfig(default_seats(3), track="usa", laps=1, seed=4, garage="regular", draft=True, tournament=True),
    ]
    for index, config in enumerate(configs):
        race = Race(config)
        rng = Rng(index)
        for step in range(3000):  # to the end of the race: 1 lap
            if race.is_over:
                break
            if step % 8 == 0 and step < 200:
                for seat in range(-1, len(race.cars) + 1):
                    for decision in decisions:
                        try:
                            race.check(seat, decision)
                        except HeatError as error:
                            yield error
            seat = race.to_decide()[0]
            race.apply(seat, race.random_decision(seat, rng))
        for decision in decisions:  # the race is over
            with pytest.raises(HeatError) as over:
                race.check(0, decision)
            yield over.value
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1961", seed=2))
    for seat in range(-1, 4):
        legal = season.legal_decisions(seat) if seat in season.to_decide() else []
        for decision in decisions:
            if decision not in legal:
                with pytest.raises(HeatError) as season_refused:
                    season.apply(seat, decision)
                yield season_refused.value
    for text in ["", "fly\x1b[2J", "gear x", "salvage", "cooldown 1 from", "9" * 30, "gear " + "9" * 30]:
        with pytest.raises(HeatError) as syntax:
            parse_decision(text)
        yield syntax.value


def refused_files() -> Iterator[HeatError]:
    """The PositionError of positions, records and season records with one field wrong (the
    engine's readers and invariants), and the ConfigError of race configurations."""
    from heat.engine import from_position, replay, to_position, to_record
    from heat.engine.championship import Season, SeasonConfig, replay_season, season_record
    from heat.engine.rng import Rng

    race = Race(RaceConfig(default_seats(3, legends=1), track="usa", laps=1, seed=5, garage="all", weather=True))
    rng = Rng(5)
    for _ in range(30):  # into the race: cards in hands, a car in the Hall of Fame
        seat = race.to_decide()[0]
        race.apply(seat, race.random_decision(seat, rng))
    good = to_position(race)
    changes: list[dict[str, object]] = [
        {"laps": "1"}, {"laps": 1.5}, {"laps": 99}, {"format": "heat-pos"}, {"rules_version": "2"},
        {"rules_version": 3}, {"track": "moon"}, {"cars": []}, {"phase": "lunch"}, {"rng": "x"},
        {"options": {"nitro": True}}, {"weather": {"token": "snow", "road": []}}, {"legends": 3},
        {"hall_of_fame": [True]}, {"stress_reserve": 99}, {"step": "fly"}, {"eliminated": [0, 0]},
        {"cars": [{"color": "gold"}]}, {"cars": [{"name": "\x1b[2J"}, {"color": "blue"}]},
        {"cars": [{**good["cars"][0], "hand": [1]}, *good["cars"][1:]]},
        {"cars": [{**good["cars"][0], "hand": ["zz"]}, *good["cars"][1:]]},
        {"cars": [{**good["cars"][0], "gear": 9}, *good["cars"][1:]]},
        {"cars": [{**good["cars"][0], "space": 10**5000}, *good["cars"][1:]]},
        {"cars": [{**good["cars"][0], "plan": "x"}, *good["cars"][1:]]},
    ]  # fmt: skip
    for change in changes:
        with pytest.raises(HeatError) as position:
            from_position({**good, **change})
        yield position.value
    record = to_record(race)
    for change in [{"decisions": [{"seat": 0, "decision": "fly"}]}, {"decisions": "x"}, {"format": 1}, {"config": 1}]:
        with pytest.raises(HeatError) as replayed:
            replay({**record, **change})
        yield replayed.value
    season = season_record(Season(SeasonConfig(default_seats(3), season="1961", seed=2)))
    for change in [{"decisions": [{"seat": 5, "decision": "keep x"}]}, {"config": {"seats": "x"}}, {"format": None}]:
        with pytest.raises(HeatError) as season_refused:
            replay_season({**season, **change})
        yield season_refused.value
    seats = default_seats(3)
    for config in [
        RaceConfig(seats, laps=0), RaceConfig(seats, hand_size=20), RaceConfig(seats, seed=2**70),
        RaceConfig(seats, garage="gold"), RaceConfig(seats, weather_token="fog"), RaceConfig(seats, press_corners=(9,)),
        RaceConfig(seats, sponsor_deck=("zz",)), RaceConfig(default_seats(3, names=["", "B", "C"])),
        RaceConfig(seats, grid=(0, 0, 1)), RaceConfig(seats, track="usa", pro_legends=99),
    ]:  # fmt: skip
        with pytest.raises(HeatError) as config_refused:
            Race(config)
        yield config_refused.value


def test_every_refusal_is_a_template_with_every_placeholder_filled() -> None:
    """Issue 32: the engine's errors are templates and values, so each can be translated."""
    from error_templates import template_problems

    errors = [*refused_decisions(), *refused_files()]
    assert len({error.template for error in errors}) > 60
    assert [problem for error in errors for problem in template_problems(error)] == []


@pytest.mark.usefixtures("pseudo")
def test_every_refusal_is_translated_whole_with_the_words_it_quotes() -> None:
    """In the pseudo-language every template of a refusal, and every Phrase inside it (``the
    string '1'``, ``a control character``...), comes out of the catalogue: one pair of marks
    each, so no English words are left inside a translated sentence."""
    from error_templates import template_nodes

    untranslated = []
    for error in [*refused_decisions(), *refused_files()]:
        text = i18n.error_text(error)
        if text.count(MARK_OPEN) != len(template_nodes(error)) or not text.startswith(MARK_OPEN):
            untranslated.append(text)
    assert untranslated == []


def test_a_refusal_reads_in_each_language_and_in_english_as_before() -> None:
    from heat.engine import IllegalDecision, PositionError, from_position

    with pytest.raises(PositionError) as error:
        from_position({"track": "usa", "laps": "1", "cars": [{}]})
    assert str(error.value) == "laps: expected an integer, got the string '1'"
    assert i18n.error_text(error.value) == str(error.value)
    expected = {
        "fi": "laps: odotettiin kokonaislukua, saatiin merkkijono '1'",
        "fr": "laps : attendu un entier, reçu : la chaîne '1'",
        "de": "laps: erwartet eine ganze Zahl, erhalten: die Zeichenkette '1'",
    }
    for language, text in expected.items():
        with i18n.speaking(language):
            assert i18n.error_text(error.value) == text
    gear = IllegalDecision("gear {gear} does not exist: gears are 1 to 4 (B-1.4)", gear=7)
    with i18n.speaking("de"):
        assert i18n.error_text(gear) == "Gang 7 gibt es nicht: die Gänge sind 1 bis 4 (B-1.4)"


def test_a_pickled_refusal_keeps_its_template_and_is_translated_as_before() -> None:
    """An error that crosses a process (an arena worker, a Ray task) is pickled: it comes back
    with its template, values and Phrases, so that ``error_text`` still translates it (on either
    build: the compiled classes have no ``__dict__`` for pickle to copy)."""
    import pickle

    from heat.engine.errors import Phrase

    errors = [*refused_decisions(), *refused_files()]
    assert any(isinstance(value, Phrase) for error in errors for value in error.values.values())
    for error in errors:
        copy = pickle.loads(pickle.dumps(error))
        assert (type(copy), copy.template, str(copy)) == (type(error), error.template, str(error))
        with i18n.speaking("fr"):
            assert i18n.error_text(copy) == i18n.error_text(error)
            assert i18n.error_text(copy) != str(copy) or not error.values


REFUSED_OPTIONS = [
    ["race", "--cars", "9"],
    ["race", "--laps", "0"],
    ["race", "--pro-legends", "2"],
    ["race", "--no-aggressive-legends"],
    ["race", "--track", "moon"],
    ["play", "--plain", "--level", "wizard"],
    ["play", "--plain", "--level", "rl:"],
    ["play", "--plain", "--bots", "2", "--level", "club,pro,rookie"],
    ["season", "new", "--plain", "--save", ""],
    ["arena", "--lineup", "club*0", "--races", "1"],
    ["arena", "--lineup", "club,wizard", "--races", "1"],
    ["arena", "--lineup", "club,pro", "--tracks", "usa,usa", "--races", "1"],
    ["position", "apply", "-", "fly"],
]


@pytest.fixture
def pseudo_cli(pseudo: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pseudo-language for ``heat`` itself: ``main`` would set the environment's language."""
    monkeypatch.setattr(i18n, "set_language", lambda language: None)


@pytest.mark.parametrize("argv", REFUSED_OPTIONS, ids=" ".join)
def test_a_refused_option_is_said_in_the_language_spoken(
    argv: list[str], pseudo_cli: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"format": "heat-position", "rules_version": "3", "cars": [{}]}'))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"heat: {MARK_OPEN}") and err.endswith(f"{MARK_CLOSE}\n"), err


def refused_file_cases(tmp_path: Path) -> list[tuple[list[str], str]]:
    """(argv, file content) of commands given a file they refuse: not JSON, another kind of game
    file, a record with an illegal decision, a folder, a file that is not there."""
    race_record = (
        '{"format": "heat-record", "rules_version": "3", "config": {"seats": [{"name": "A", "color": "red"}]}}'
    )
    bad_decision = race_record[:-1] + ', "decisions": [{"seat": 0, "decision": "gear 9 play 1"}]}'
    position = '{"format": "heat-position", "rules_version": "3", "laps": true, "cars": [{}]}'
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return [
        (["play", "--plain", "--resume", "FILE"], "{not json"),
        (["play", "--plain", "--resume", "FILE"], bad_decision),
        (["play", "--plain", "--resume", str(folder)], ""),
        (["play", "--plain", "--resume", str(tmp_path / "absent.json")], ""),
        (["season", "resume", "--plain", "FILE"], race_record),
        (["season", "status", "FILE"], '{"format": "heat-season", "rules_version": "3", "config": 1}'),
        (["replay", "FILE"], position),
        (["position", "apply", "FILE", "gear 1 play 1"], position),
        (["stats", "FILE"], '{"format": "heat-record", "rules_version": "2"}'),
        (["play", "--plain", "--save", "FILE"], '{"not": "a save"}'),
        (["play", "--plain", "--save", str(folder)], ""),
        (["position", "apply", "FILE", "fly"], json.dumps({"format": "heat-position", "cars": [{"gear": 9}]})),
    ]


@pytest.mark.usefixtures("pseudo_cli")
def test_a_refused_file_is_said_in_the_language_spoken(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown = []
    for index, (argv, content) in enumerate(refused_file_cases(tmp_path)):
        file = tmp_path / f"file{index}.json"
        file.write_text(content, encoding="utf-8")
        assert main([str(file) if word == "FILE" else word for word in argv]) == 2, argv
        shown.append(capsys.readouterr().err)
    bypassed = [err for err in shown if not (err.startswith(f"heat: {MARK_OPEN}") and err.endswith(f"{MARK_CLOSE}\n"))]
    assert bypassed == []


@pytest.mark.usefixtures("pseudo")
def test_the_prompt_says_why_a_decision_is_not_allowed_in_the_language_spoken(tmp_path: Path) -> None:
    out, _answers = prompt_session(tmp_path, ["gear 7 play 1", "fly", "boost", "preview gear x", "quit"])
    refusals = [line for line in out if "Not allowed" in line]
    assert len(refusals) == 4
    # The prompt's words, then the engine's reason, each from the catalogue.
    assert all(line.count(MARK_OPEN) >= 2 for line in refusals), refusals


def test_each_part_reads_its_own_catalogue_first() -> None:
    """The same English word may be translated differently by two parts of the game: the server's
    notice says "das Auto in Blau", the app's list of colours "blau"; French "la voiture bleue"
    but "bleu" in the app. Each part reads its own domain first (heat.i18n.Domain)."""
    from heat.server.translate import _ as web_
    from heat.tui.translate import _ as tui_

    with i18n.speaking("de"):
        assert (web_("blue"), tui_("blue")) == ("Blau", "blau")
    with i18n.speaking("fr"):
        assert (web_("blue"), tui_("blue")) == ("bleue", "bleu")
    assert (web_("blue"), tui_("blue")) == ("blue", "blue")
    with pytest.raises(ValueError, match="unknown domain"):
        i18n.Domain("nowhere")


def test_the_version_says_which_engine_runs_in_the_language_asked() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from heat.cli.main import main; main()", "--lang", "de", "--version"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "HEAT_PURE": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "Regel-Engine: reines Python (HEAT_PURE ist gesetzt)"
