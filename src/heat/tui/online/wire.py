"""A seat's view as the server sends it (``SeatView.to_json``: tuples as lists) read back into the
engine's ``SeatView`` (and a championship's ``SeasonView``), so that the screens, widgets and
previews work on it unchanged. The nested views (cars, corners, the turn, the draft) are found
from the types the view classes declare (``heat.engine_build.field_types``, on either build of the
engine), so a field the engine adds is read without a change here. A value of the wrong type is a
JoinError naming the field: the compiled engine's classes would refuse it with a TypeError."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Union, get_args, get_origin

from heat.engine import SeatView
from heat.engine.championship import SeasonView
from heat.engine_build import NO_DEFAULT, field_types, is_record, record_fields
from heat.tui.online.link import JoinError


def _unreadable(why: str) -> JoinError:
    return JoinError(f"the server sent a view this client cannot read ({why})")


_SCALARS: dict[Any, tuple[type, ...]] = {int: (int,), str: (str,), bool: (bool,), float: (int, float)}
"""The scalar field types of the views, with the JSON values each takes."""


def _value(hint: Any, value: Any, where: str) -> Any:
    """``value`` as the type ``hint`` wants: nested views built, lists as tuples."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [arg for arg in get_args(hint) if arg is not type(None)][:1] or [Any]
        return _value(inner, value, where)
    if is_record(hint):
        return _build(hint, value, where)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _unreadable(f"{where} is not a list")
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], item, where) for item in value)
        return tuple(_value(arg, item, where) for arg, item in zip(args, value, strict=False))
    accepted = _SCALARS.get(hint)
    if accepted is not None and (not isinstance(value, accepted) or (hint is not bool and isinstance(value, bool))):
        raise _unreadable(f"{where} is not {getattr(hint, '__name__', hint)}")
    return value


def _build(kind: type[Any], data: Any, where: str) -> Any:
    if not isinstance(data, Mapping):
        raise _unreadable(f"{where} is not an object")
    hints = field_types(kind)
    values = {}
    for name, default in record_fields(kind):
        if name in data:
            values[name] = _value(hints[name], data[name], f"{where}.{name}")
        elif default is NO_DEFAULT:
            raise _unreadable(f"{where} has no {name}")
    return kind(**values)


def view_from_json(data: Any) -> SeatView:
    """The ``SeatView`` whose JSON is ``data``; JoinError if it is not one (a server of another
    version, say)."""
    view = _build(SeatView, data, "view")
    assert isinstance(view, SeatView)
    return view


def season_view_from_json(data: Any) -> SeasonView:
    """The ``SeasonView`` whose JSON is ``data`` (a championship's scorepad, event, market...);
    JoinError if it is not one."""
    view = _build(SeasonView, data, "season")
    assert isinstance(view, SeasonView)
    return view
