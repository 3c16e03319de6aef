"""Hidden information at the wire: along random races, a table started from each position and
one started from the same position with every *other* seat's hidden cards (hand, deck order,
face-down plays), the Legends deck and the random state altered must send a seat, and a
spectator, exactly the same messages. (The engine's view test, tests/test_random_races.py, done
through the server.) The full state a seat gets on connecting holds everything it is ever sent
(the updates are pieces of it), so comparing full states compares every message."""

from __future__ import annotations

import json
from typing import Any

import pytest
from play import run

from heat.engine import Race, to_position
from heat.engine.rng import Rng
from heat.server.client import Http, Seat
from test_random_races import _alter_hidden_cards, make_config

VOLATILE = ("table", "at", "clocks")
"""What differs between any two tables: their ids and the times things happened."""


def normalized(message: dict[str, Any]) -> str:
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in VOLATILE}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(message), sort_keys=True)


async def messages_from(http: Http, position: dict[str, Any], viewers: list[int | None]) -> list[list[str]] | None:
    """What each of ``viewers`` (None: a spectator) is sent on connecting to a table started
    from ``position``; None if the server refuses the position."""
    seats = [{"kind": "legend" if car.get("legend") else "human"} for car in position["cars"]]
    response = await http.call("POST", "/api/tables", None, seats=seats, position=position, seconds=3600)
    if response.status_code != 201:
        return None
    made = response.json()
    for seat in made["seats"]:
        if seat["token"]:
            joined = await http.call(
                "POST", f"/api/tables/{made['table']}/join", seat["token"], name=f"P{seat['seat']}"
            )
            assert joined.status_code == 200, joined.text
    sent = []
    for viewer in viewers:
        token = made["seats"][viewer]["token"] if viewer is not None else None
        watcher = await Seat.open(made["socket"], token)
        await watcher.send(type="sync")
        await watcher.until(lambda m: m["type"] == "state" and m["full"], timeout=30)
        await watcher.close()
        if watcher.events:
            # The server took a forced decision at once: play went on past the position, with
            # the random state that the alteration changed (a new deck's shuffle...).
            return None
        sent.append([normalized(m) for m in watcher.received])
    return sent


@pytest.mark.parametrize("modules", ["base", "all"])
def test_no_message_to_a_seat_or_a_spectator_depends_on_others_hidden_cards(server, modules):
    async def body() -> int:
        http = Http(server.base)
        compared = 0
        for seed in (21,):
            race = Race(make_config("usa", 4, seed, 1, modules))
            rng = Rng(seed)
            step = 0
            while not race.is_over:
                if step % 12 == 0:
                    data = to_position(race)
                    players = [s for s, car in enumerate(race.cars) if not car.legend]
                    # each seat in turn keeps its cards while the others' change; the spectator
                    # sees everyone's change (keep -1)
                    for keep in [*players, -1]:
                        viewers: list[int | None] = [keep] if keep >= 0 else [None]
                        original = await messages_from(http, data, viewers)
                        altered = await messages_from(http, _alter_hidden_cards(data, keep=keep, rng=rng), viewers)
                        if original is None or altered is None:
                            continue  # the step was impossible after the alteration, or played on
                        assert original == altered, f"seed {seed}, step {step}, viewers {viewers}"
                        compared += len(viewers)
                mover = race.to_decide()[0]
                race.apply(mover, race.random_decision(mover, rng))
                step += 1
        await http.close()
        return compared

    assert run(body()) > 20
