"""``copy()`` of the engine's mutable objects copies every field, and shares no list: the copies
name each field (a compiled class allows no ``__new__`` and no loop over ``__slots__``), so these
tests catch a field added to a class and forgotten in its ``copy``."""

from __future__ import annotations

from typing import Any

from heat.engine import Race, RaceConfig, default_seats
from heat.engine.car import Car, TurnState
from heat.engine.state import DraftState, RaceState


def fields_of(cls: type) -> tuple[str, ...]:
    """A class's fields: its ``__slots__``, or in the compiled engine (mypyc drops them) the
    attributes mypyc lists."""
    slots = getattr(cls, "__slots__", None) or getattr(cls, "__mypyc_attrs__", ())
    return tuple(name for name in slots if not name.startswith("__"))


def _distinct(name: str, index: int, value: Any) -> Any:
    """A value for field ``name`` unlike its default, and unlike every other field's."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return 1000 + index
    if isinstance(value, str):
        return f"{name}-{index}"
    if isinstance(value, list):
        return [index, index + 1]
    return value


def _filled(obj: Any) -> Any:
    for index, name in enumerate(fields_of(type(obj))):
        if hasattr(obj, name):
            setattr(obj, name, _distinct(name, index, getattr(obj, name)))
    return obj


SHARED = frozenset({"owns_heat_cost", "owns_direct", "owns_one_time", "owns_refresh"})
"""Race lists a copy may share: ``_update_card_caches`` replaces them whole, never changes them."""


def _assert_same_fields(original: Any, copy: Any, slots: tuple[str, ...]) -> None:
    for name in slots:
        mine, theirs = getattr(original, name), getattr(copy, name)
        assert theirs == mine, f"{type(original).__name__}.copy() loses {name}"
        if isinstance(mine, list) and mine and name not in SHARED:
            assert theirs is not mine, f"{type(original).__name__}.copy() shares the list {name}"


def test_a_turn_state_copy_copies_every_field() -> None:
    turn = _filled(TurnState(5))
    _assert_same_fields(turn, turn.copy(), fields_of(TurnState))


def test_a_car_copy_copies_every_field() -> None:
    car = _filled(Car(2, "Red", "red"))
    car.plan = [1, 2]
    _assert_same_fields(car, car.copy(), fields_of(Car))


def test_a_draft_copy_copies_every_field() -> None:
    draft = _filled(DraftState(3))
    _assert_same_fields(draft, draft.copy(), fields_of(DraftState))


def state_fields(state: RaceState) -> tuple[str, ...]:
    """The fields of a race state: those its ``__init__`` declares (in the compiled engine, the
    attributes mypyc lists)."""
    names = getattr(type(state), "__mypyc_attrs__", None) or tuple(vars(state))
    return tuple(name for name in names if not name.startswith("__"))


def test_a_race_copy_copies_every_field_but_its_caches_and_shares_its_setup() -> None:
    race = Race(RaceConfig(default_seats(3), seed=4))
    state = race.state
    objects = {"setup", "cars", "turn", "rng", "draft", "log", "decisions", "conditions", "start_position"}
    caches = {"options_decisions", "options_round", "options_turn", "options_cache"}
    fields = [name for name in state_fields(state) if name not in caches]
    assert len(fields) > 20 and "setup" in fields
    for index, name in enumerate(fields):
        if name not in objects:
            setattr(state, name, _distinct(name, index, getattr(state, name)))
    copy = race.copy()
    _assert_same_fields(state, copy.state, tuple(name for name in fields if name not in objects))
    assert copy.state.setup is state.setup, "the static setup is shared, never copied"
    assert [vars_of(car) for car in copy.cars] == [vars_of(car) for car in race.cars]
    assert copy.rng.state == race.rng.state and copy.rng is not race.rng
    assert copy.state.turn is not state.turn and copy.state.log is not state.log


def vars_of(car: Car) -> dict[str, object]:
    return {name: getattr(car, name) for name in fields_of(Car)}


def test_the_engines_values_cross_to_another_process_on_either_build() -> None:
    """The server sends a bot's view and legal decisions to a worker process by pickle: on the
    compiled engine a frozen dataclass refused mypyc's unpickling (FrozenInstanceError), which
    broke every bot of the online server (heat.engine_build.make_frozen_dataclasses_picklable)."""
    import pickle

    from heat.engine import Race, RaceConfig, default_seats, view_of
    from heat.engine.championship import Season, SeasonConfig, season_view

    race = Race(RaceConfig(default_seats(3), track="usa", seed=3, garage="all", weather=True, pro_legends=1))
    values: list[object] = [race.config, view_of(race, 0), view_of(race, None), *race.legal_decisions(0)]
    values += [*race.events(0), season_view(Season(SeasonConfig(default_seats(3), seed=1)))]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value


FRESH_PROCESS_PICKLES = """
import copyreg, dataclasses, pickle, sys
from heat.engine import Race, RaceConfig, default_seats
from heat.engine_build import engine_is_compiled

# A race whose setup a Championship event raised asks the invariants for the events' largest
# raise: they import the Event cards' module inside a function, which mypyc does itself, without
# the import hook, long after the start.
Race(RaceConfig(default_seats(3), track="usa", seed=3, heat_bonus=1))
assert "heat.engine.season_events" in sys.modules and "heat.engine.championship" not in sys.modules
book = sys.modules["heat.engine.season_events"].event_book()
same_book = pickle.loads(pickle.dumps(book)) == book
from heat.engine.championship import Season, SeasonConfig, season_view

missing = []
for name, module in sorted(sys.modules.items()):
    if name.startswith("heat.engine.") and engine_is_compiled():
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value):
                if value.__dataclass_params__.frozen and value not in copyreg.dispatch_table:
                    missing.append(f"{name}.{value.__name__}")
view = season_view(Season(SeasonConfig(default_seats(3), seed=1)))
print(missing, same_book, pickle.loads(pickle.dumps(view)) == view)
"""


def test_every_frozen_engine_class_pickles_whenever_its_module_loads() -> None:
    """Issue 33: the modules mypyc loads itself after the import hook's last load (the season
    modules, imported inside a function when a race was built) were never registered, and their
    values refused to unpickle (FrozenInstanceError). In a fresh process, so that nothing loaded
    them earlier."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS_PICKLES], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["[]", "True", "True"]
