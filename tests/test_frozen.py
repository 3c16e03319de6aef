"""``heat.engine.frozen.Frozen``, the base of the events, decisions and content records (issue 28):
it must behave as the frozen dataclasses it replaced did, on whichever build of the engine runs
(``scripts/test`` runs this file on the compiled build and again with ``HEAT_PURE=1``)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from heat.engine.content import track
from heat.engine.decisions import EndReact, Plan, React, Salvage
from heat.engine.events import CornerChecked, Drew, Event, Moved, RoundStarted
from heat.engine.frozen import Frozen, replace


def moved(**changes: object) -> Moved:
    values: dict[str, object] = {
        "seat": 1,
        "spaces": 5,
        "reason": "plan",
        "from_space": 3,
        "from_lap": 1,
        "to_space": 8,
        "to_lap": 1,
        "to_lane": 2,
        "blocked": False,
    }
    return Moved(**(values | changes))  # type: ignore[arg-type]


def test_records_with_equal_fields_are_equal_and_hash_alike() -> None:
    assert moved() == moved()
    assert hash(moved()) == hash(moved())
    assert moved() != moved(spaces=6)
    assert len({moved(), moved(), moved(blocked=True)}) == 2
    assert Plan(2, ["b", "a"]) == Plan(2, ("a", "b"))  # cards kept sorted, whatever the order typed
    assert Salvage(("9", "3"), "fuel-2") == Salvage(("3", "9"), "fuel-2")
    assert EndReact() == EndReact() and hash(EndReact()) == hash(EndReact())


def test_the_hash_is_the_dataclass_hash_of_the_fields() -> None:
    """A frozen dataclass hashed the tuple of its fields: sets of records iterate as before."""
    assert hash(React("cooldown", 2)) == hash(("cooldown", 2, "gear"))
    assert hash(RoundStarted(-1, 3)) == hash((-1, 3))


def test_records_of_different_classes_are_never_equal() -> None:
    assert RoundStarted(0, 1) != Event(0)
    assert Event(0) != RoundStarted(0, 1)
    assert RoundStarted(0, 1) != (0, 1)
    assert (Plan(1, ()) == object()) is False


@pytest.mark.parametrize(
    "record",
    [moved(), Plan(3, ("1", "4")), track("usa"), track("usa").corners[0], EndReact()],
    ids=["event", "decision", "track", "corner", "no fields"],
)
def test_fields_cannot_be_assigned_nor_deleted(record: Frozen) -> None:
    name = record.FIELDS[0] if record.FIELDS else "gear"
    with pytest.raises(AttributeError):
        setattr(record, name, 0)
    if record.FIELDS:
        with pytest.raises(AttributeError):
            delattr(record, name)
        assert getattr(record, name) == record.field_values()[0]


def test_repr_names_the_class_and_every_field_in_order() -> None:
    assert repr(CornerChecked(2, 1, 8, 7, 1)) == (
        "CornerChecked(seat=2, corner=1, speed=8, limit=7, heat=1, overheat=0, spin_out=False)"
    )
    assert repr(React("boost")) == "React(symbol='boost', amount=0, source='gear')"
    assert repr(EndReact()) == "EndReact()"


@pytest.mark.parametrize(
    "record",
    [moved(), Drew(0, 2, ("3", "4")), Plan(3, ("1", "4")), React("boost"), track("usa"), EndReact()],
    ids=["event", "drew", "plan", "react", "track", "no fields"],
)
def test_records_pickle_through_their_constructor(record: Frozen) -> None:
    copy = pickle.loads(pickle.dumps(record))
    assert type(copy) is type(record)
    assert copy == record and copy.field_values() == record.field_values()


def test_field_values_follow_fields() -> None:
    """Each class writes its own ``field_values`` (fast) and ``__init__``: both must follow ``FIELDS``."""
    for record in (moved(), Drew(0, 2, None), CornerChecked(0, 1, 2, 3, 4), React("boost"), track("usa")):
        assert record.field_values() == tuple(getattr(record, name) for name in record.FIELDS)
        assert type(record)(*record.field_values()) == record  # the constructor's parameters, in order
        assert type(record)(**dict(zip(record.FIELDS, record.field_values(), strict=True))) == record


def test_replace_changes_the_named_fields_only() -> None:
    board = track("usa")
    changed = replace(board, heat=5, stress=2)
    assert (changed.heat, changed.stress) == (5, 2)
    assert changed.field_values()[5:] == board.field_values()[5:] and changed.id == board.id
    assert replace(Plan(2, ("1",)), cards=("9", "3")).cards == ("3", "9")  # through the constructor
    with pytest.raises(TypeError, match="no field 'speed'"):
        replace(board, speed=3)


def test_the_pure_twin_record_behaves_as_frozen() -> None:
    """``heat.record.Record``, the base of the records of modules mypyc does not compile, keeps the
    contract of ``Frozen`` (issue 28: neither creates a dataclass)."""
    from heat.bots.planner_settings import PlannerSettings
    from heat.record import Record
    from heat.record import replace as replace_record

    settings = PlannerSettings(samples=4)
    assert isinstance(settings, Record)
    assert settings == PlannerSettings(4) and hash(settings) == hash(settings.field_values())
    assert settings != PlannerSettings() and settings != settings.field_values()
    assert repr(PlannerSettings()).startswith("PlannerSettings(samples=16, draw_extra=1, overshoot=0.01, forecast=True")
    with pytest.raises(AttributeError):
        settings.samples = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del settings.samples  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(settings)) == settings
    changed = replace_record(settings, kept_hand=0.5)
    assert (changed.kept_hand, changed.samples) == (0.5, 4)
    with pytest.raises(TypeError, match="no field 'speed'"):
        replace_record(settings, speed=3)


def _definitions(path: Path, names: tuple[str, ...]) -> list[str]:
    """The source of the top-level definitions ``names`` in ``path``, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef | ast.FunctionDef)}
    shown = []
    for name in names:
        node = found[name]
        for inner in ast.walk(node):
            body = getattr(inner, "body", None)
            first = body[0] if isinstance(body, list) and body else None
            docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            if docstring and isinstance(first.value.value, str):
                inner.body = body[1:] or [ast.Pass()]
        shown.append(ast.unparse(node))
    return shown


def test_the_pure_twin_record_is_written_as_frozen_is() -> None:
    """``Record`` and its ``replace`` restate ``Frozen`` and its ``replace`` (a compiled class
    cannot be an interpreted one's base): the two must stay the same code, names aside."""
    import heat.record

    record_file = Path(heat.record.__file__ or "")
    frozen_file = record_file.parent / "engine" / "frozen.py"  # the source, on either build
    frozen = _definitions(frozen_file, ("Frozen", "replace"))
    record = _definitions(record_file, ("Record", "replace"))
    assert [text.replace("Frozen", "Record") for text in frozen] == record


def test_as_dict_gives_what_dataclasses_asdict_gave() -> None:
    """``SeatView.to_json`` (``heat position``'s output): nested records as dicts, tuples kept."""
    from heat.engine import Race, RaceConfig, default_seats, view_of
    from heat.engine.frozen import as_dict

    view = view_of(Race(RaceConfig(default_seats(3), seed=4)), 1)
    data = view.to_json()
    assert data == as_dict(view) and list(data) == list(view.FIELDS)
    assert type(data["cars"]) is tuple and data["cars"][1] == dict(
        zip(view.cars[1].FIELDS, view.cars[1].field_values(), strict=True)
    )
    assert data["corners"][0]["number"] == 1 and data["turn"] is None and data["seat"] == 1
    assert data["cars"][0]["hand"] is None and data["cars"][1]["hand"] == view.cars[1].hand


def test_record_fields_give_each_field_and_its_default_on_either_build() -> None:
    """The server's and the online client's models of the views read the fields and defaults
    through ``heat.engine_build.record_fields``: from the source on the compiled build."""
    from heat.engine.config import RaceConfig, SeatConfig
    from heat.engine.view import CarView, SeatView
    from heat.engine_build import NO_DEFAULT, is_record, record_fields

    car = dict(record_fields(CarView))
    assert list(car) == list(CarView.FIELDS)
    assert {name for name, default in car.items() if default is not NO_DEFAULT} == {
        "hand", "plan", "discard_pile", "deck_cards"
    }  # fmt: skip
    assert car["hand"] is None and car["seat"] is NO_DEFAULT
    config = dict(record_fields(RaceConfig))
    assert config.pop("seats") is NO_DEFAULT
    assert config == dict(zip(RaceConfig.FIELDS[1:], RaceConfig(()).field_values()[1:], strict=True))
    assert dict(record_fields(SeatConfig))["deck"] == ()
    assert is_record(SeatView) and is_record(CarView) and not is_record(int) and not is_record(tuple[int, ...])
