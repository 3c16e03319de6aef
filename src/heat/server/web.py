"""The browser board's routes: the page and its files, and the read-only facts it draws that
need the engine (a track's geometry, the cards, a race's statistics, a finished race's replay).

The page's files are served as they are in the package (``heat/web/static``): no build step.
Everything here reads; nothing changes a table.
"""

from __future__ import annotations

import html
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from heat import i18n
from heat.engine import HeatError
from heat.engine.content import catalogue, track_ids, weather_tokens
from heat.engine.content import track as engine_track
from heat.i18n import error_text
from heat.server.hub import Hub, HubError
from heat.server.translate import _
from heat.stats import race_stats, season_races, table_rows
from heat.web.catalogue import PSEUDO, page_catalogue
from heat.web.frames import replay_frames
from heat.web.layout import geometry

STATIC = Path(str(resources.files("heat.web").joinpath("static")))
"""The page's files: HTML, ES modules, styles, the message catalogue."""
NO_STORE = {"cache-control": "no-cache"}
"""The page's files are checked again on every load (a new release is picked up at once)."""


def _error(code: str, message: str) -> JSONResponse:
    status = {"not_found": 404, "unauthorized": 403, "bad_request": 400, "conflict": 409}.get(code, 400)
    return JSONResponse({"error": code, "message": message}, status_code=status)


NOSCRIPT = "<noscript>The board needs JavaScript.</noscript>"
"""The page's words for a browser that runs no script, which the page cannot translate itself:
the server puts them in the request's language."""


@cache
def _page_html() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


async def page(request: Request) -> Response:
    """``GET /``, ``/t/{id}``, ``/t/{id}/replay``: the browser board (one page; it reads the
    address and the invitation after ``#``), its ``<noscript>`` words and ``lang`` in the
    request's language (the page's script translates the rest)."""
    words = html.escape(_("The board needs JavaScript."), quote=False)
    shown = _page_html().replace(NOSCRIPT, f"<noscript>{words}</noscript>")
    shown = shown.replace('<html lang="en">', f'<html lang="{html.escape(i18n.language())}">', 1)
    return HTMLResponse(shown, headers=NO_STORE)


class _Static(StaticFiles):
    """The page's files, revalidated on each load."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = "no-cache"
        return response


def static_files() -> Mount:
    """``/static``: the page's files as they are in the package, gzipped for a browser that
    takes it (the page's code and styles: about 135 KB, 40 KB gzipped)."""
    return Mount("/static", app=GZipMiddleware(_Static(directory=STATIC), minimum_size=1000), name="static")


@cache
def _geometry(track_id: str) -> dict[str, Any]:
    return geometry(track_id)


async def track_geometry(request: Request) -> Response:
    """``GET /api/tracks/{id}``: everything the board draws of a track (heat.web.layout)."""
    track_id = request.path_params["track_id"]
    if track_id not in track_ids():
        return _error(
            "not_found",
            _("there is no track {track}; tracks: {tracks}", track=repr(track_id), tracks=", ".join(track_ids())),
        )
    return JSONResponse(_geometry(track_id))


async def page_messages(request: Request) -> Response:
    """``GET /i18n/{lang}.json``: the page's catalogue in ``lang`` (``heat.web.catalogue``);
    ``xx``, the pseudo-language, only on a test server (``--pseudo-language``)."""
    language = request.path_params["lang"]
    pseudo = getattr(request.app.state.settings, "pseudo_language", False)
    if language not in i18n.LANGUAGES and not (pseudo and language == PSEUDO):
        return _error("not_found", _("there is no language {language}", language=repr(language)))
    return JSONResponse(page_catalogue(language), headers=NO_STORE)


@cache
def _cards(language: str) -> dict[str, Any]:
    weather, road = weather_tokens()
    symbols = ("plus", "heat", "scrap", "adjust", "cooldown", "slipstream", "reduce_stress", "salvage")
    flags = ("refresh", "direct", "accelerate", "one_time")
    cards = {}
    for card in catalogue().cards:
        cards[card.id] = {
            "name": _(card.name),
            "type": card.type,
            "speeds": list(card.speeds),
            "category": card.category,
            "symbols": {name: getattr(card, name) for name in symbols if getattr(card, name)},
            "flags": [name for name in flags if getattr(card, name)],
        }
    return {
        "tracks": [{"id": track_id, "name": engine_track(track_id).name} for track_id in track_ids()],
        "cards": cards,
        "weather": {token.id: {"name": _(token.name)} for token in weather},
        "road": {token.id: {"name": _(token.name), "sector": token.is_sector} for token in road},
    }


async def cards(request: Request) -> Response:
    """``GET /api/cards``: every card's name, Speed values and symbols, the Weather and Road
    Conditions tokens' names, the tracks (data the page labels things with), the names in the
    request's language."""
    return JSONResponse(_cards(i18n.language()))


def _stats_json(race: Any, names: list[str]) -> dict[str, Any]:
    stats = race_stats(race)
    return {
        "stats": stats.to_json(),
        "rows": [{"label": label, "cells": cells} for label, cells in table_rows(stats)],
        "columns": [car.seat for car in sorted(stats.cars, key=lambda c: c.place)],
        "names": names,
    }


async def stats(request: Request) -> Response:
    """``GET /api/tables/{id}/stats``: the statistics of the race shown (``heat.stats``, read
    from the public events, so any time); ``?race=N``: race N of a finished championship."""
    hub: Hub = request.app.state.hub
    race_text = request.query_params.get("race")
    if race_text is not None and not race_text.isdigit():
        return _error("bad_request", _("race: a race number, 1 and up"))
    try:
        live = await hub.get(request.path_params["table_id"])
    except HubError as error:
        return _error(error.code, error.message)
    table = live.table
    names = table.names
    if race_text is None:
        if table.race is None:
            return _error("conflict", _("no race has started at this table yet"))
        return JSONResponse(_stats_json(table.race, names))
    record = table.record()
    if record is None or table.season is None:
        return _error("conflict", _("race: the races of a championship are given once it is over"))
    try:
        races = season_races(record)
    except HeatError as error:
        return _error("bad_request", error_text(error))
    number = int(race_text)
    if not 1 <= number <= len(races):
        return _error("not_found", _("race: the championship had races 1 to {last}", last=len(races)))
    return JSONResponse(_stats_json(races[number - 1].race, names))


async def replay(request: Request) -> Response:
    """``GET /api/tables/{id}/replay``: a finished race step by step (``heat.web.frames``);
    ``?race=N``: race N of a finished championship. 409 until the game is over."""
    hub: Hub = request.app.state.hub
    race_text = request.query_params.get("race")
    if race_text is not None and not race_text.isdigit():
        return _error("bad_request", _("race: a race number, 1 and up"))
    try:
        record = await hub.record(request.path_params["table_id"], int(race_text) if race_text else None)
        return JSONResponse(replay_frames(record))
    except HubError as error:
        return _error(error.code, error.message)
    except HeatError as error:
        return _error("bad_request", error_text(error))


WEB_ROUTES = [
    Route("/", page),
    Route("/t/{table_id}", page),
    Route("/t/{table_id}/replay", page),
    Route("/api/tracks/{track_id}", track_geometry),
    Route("/api/cards", cards),
    Route("/i18n/{lang}.json", page_messages),
    Route("/api/tables/{table_id}/stats", stats),
    Route("/api/tables/{table_id}/replay", replay),
]
