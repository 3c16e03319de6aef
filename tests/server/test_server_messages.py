"""The message parser: every client message it accepts is typed, anything else a ProtocolError
with a code and a message; fuzzed with hypothesis."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from heat.server.messages import CLIENT_TYPES, Decide, Hello, ProtocolError, parse_client_message, schemas

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=6,
)


@given(st.binary(max_size=200))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_bytes_parse_or_give_a_protocol_error(raw):
    try:
        parse_client_message(raw)
    except ProtocolError as error:
        assert error.code in ("bad_json", "bad_message", "unknown_type") and error.message


@given(
    st.sampled_from(CLIENT_TYPES),
    st.dictionaries(st.sampled_from(["token", "name", "seq", "decision", "id", "x"]), JSON_VALUES, max_size=4),
)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_messages_of_every_type_with_random_fields_parse_or_say_what_is_wrong(kind, fields):
    raw = json.dumps({"type": kind, **fields})
    try:
        message = parse_client_message(raw)
    except ProtocolError as error:
        assert error.code == "bad_message"
        assert error.message.startswith(kind + ":")
    else:
        assert message.type == kind


def test_well_formed_messages_are_typed():
    assert parse_client_message('{"type":"hello","token":"abc","name":"Ann"}') == Hello(
        type="hello", token="abc", name="Ann"
    )
    decide = parse_client_message(json.dumps({"type": "decide", "seq": 3, "decision": "gear 2 play 1 3", "id": 9}))
    assert isinstance(decide, Decide) and decide.seq == 3 and decide.id == 9


@pytest.mark.parametrize(
    ("raw", "code", "words"),
    [
        ("{", "bad_json", "not valid JSON"),
        ("[]", "bad_message", "JSON object"),
        ('{"type":"fly"}', "unknown_type", "unknown message type 'fly'"),
        ('{"kind":"hello"}', "unknown_type", "types are"),
        ('{"type":"decide","seq":-1,"decision":"done"}', "bad_message", "decide: seq"),
        ('{"type":"decide","seq":1}', "bad_message", "decide: decision"),
        ('{"type":"hello","token":"x","extra":1}', "bad_message", "hello: extra"),
    ],
)
def test_bad_messages_name_what_is_wrong(raw, code, words):
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(raw)
    assert caught.value.code == code and words in caught.value.message


def test_the_protocol_has_json_schemas():
    documented = schemas()
    assert set(documented) == {"client", "server", "create"}
    assert "oneOf" in json.dumps(documented["client"]) or "anyOf" in json.dumps(documented["client"])


def _state_message(view: object, season: object = None) -> dict[str, object]:
    """A ``state`` message carrying this view (JSON-ready) and nothing else of note."""
    return {
        "type": "state", "table": "t", "full": True, "version": 0, "epoch": 0, "status": "playing", "seat": 0,
        "to_decide": [0], "legal": [], "shift_heat": None, "asked_at": None, "can_undo": False, "clocks": {},
        "standins": [], "seats": [], "view": view, "season": season, "events_from": 0, "events": [], "notices": [],
        "result": None, "rematch": None,
    }  # fmt: skip


def test_a_state_message_checks_the_engines_views_field_by_field():
    """The models of the views come from the types the engine declares, on either build (the
    compiled engine's classes carry mypyc's annotations, which pydantic cannot read)."""
    from heat.engine import Race, RaceConfig, default_seats, view_of
    from heat.engine.championship import Season, SeasonConfig, season_view
    from heat.server.messages import server_message
    from heat.server.payloads import plain

    race = Race(RaceConfig(default_seats(3), track="usa", seed=3, garage="all", weather=True))
    view = json.loads(json.dumps(plain(view_of(race, 0))))
    season = json.loads(json.dumps(plain(season_view(Season(SeasonConfig(default_seats(3), seed=1))))))
    server_message.validate_python(_state_message(view, season))
    wrong = [
        ("cars", 1, "gear", "three"),
        ("cars", 0, "hand", "not a list"),
        ("cars", 0, "seat", None),
        ("draft", None, "market", 7),
    ]
    for field, index, name, value in wrong:
        bad = json.loads(json.dumps(view))
        part = bad[field] if index is None else bad[field][index]
        part[name] = value
        with pytest.raises(ValidationError, match=name):
            server_message.validate_python(_state_message(bad))
    extra, missing = json.loads(json.dumps(view)), json.loads(json.dumps(view))
    extra["cars"][0]["secret"] = 1
    del missing["cars"][0]["engine"]
    for bad, name in ((extra, "secret"), (missing, "engine")):
        with pytest.raises(ValidationError, match=name):
            server_message.validate_python(_state_message(bad))
    with pytest.raises(ValidationError, match="totals"):
        server_message.validate_python(_state_message(view, season | {"totals": ["a"]}))


def test_the_view_is_written_alike_by_orjson_and_by_plain():
    """The server writes the views (``Frozen`` records, no longer dataclasses: issue 28) with
    ``orjson`` through ``payloads.record_json``; the models and ``plain`` read them field by field.
    Both give every field, in order, the nested views as objects, the defaults (None) included."""
    import orjson

    from heat.engine import Race, RaceConfig, default_seats, view_of
    from heat.server.payloads import plain, record_json

    race = Race(RaceConfig(default_seats(4), track="usa", seed=5, garage="all", weather=True))
    for seat in (None, 0, 3):
        view = view_of(race, seat)
        written = orjson.loads(orjson.dumps({"view": view}, default=record_json))["view"]
        assert written == plain(view) and list(written) == list(view.FIELDS)
        assert list(written["cars"][0]) == list(view.cars[0].FIELDS)
        assert (written["cars"][3]["hand"] is None) == (seat != 3)
    with pytest.raises(TypeError):
        orjson.dumps(object(), default=record_json)
