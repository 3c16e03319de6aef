"""The browser board's routes: the page and its files, a track's geometry, the cards, the
``preview`` message, a race's statistics and a finished race's replay."""

from __future__ import annotations

import math

import httpx
import pytest
from play import HUMANS_AND_LEGENDS, check_messages, join_all, new_table, play_to_the_end, run, settle

from heat.engine import HeatError, parse_decision, replay, track, view_of
from heat.engine.content import catalogue, track_ids
from heat.preview import confirmation_reason, preview_decision
from heat.server.client import Http, Seat
from heat.stats import race_stats
from heat.web.layout import geometry, parse_layout


def test_the_page_and_its_files_are_served_as_they_are(server):
    for path in ("/", "/t/anything", "/t/anything/replay"):
        page = httpx.get(server.base + path)
        assert page.status_code == 200 and "/static/js/main.js" in page.text
    script = httpx.get(server.base + "/static/js/main.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert httpx.get(server.base + "/static/css/heat.css").status_code == 200
    assert httpx.get(server.base + "/static/../pyproject.toml").status_code == 404
    # A browser that takes gzip gets the files compressed (the page's weight, issue 30).
    gzipped = httpx.get(server.base + "/static/js/race.js", headers={"accept-encoding": "gzip"})
    assert gzipped.headers["content-encoding"] == "gzip"
    assert int(gzipped.headers["content-length"]) < len(gzipped.content) / 2


@pytest.mark.parametrize("track_id", track_ids())
def test_every_track_has_a_drawing_with_every_space_corner_and_grid_spot(track_id):
    data = track(track_id)
    geo = geometry(track_id)
    assert [cell["space"] for cell in geo["cells"]] == list(range(1, data.spaces + 1))
    assert all(len(cell["spots"]) == 2 and cell["raceline"] in (1, 2) for cell in geo["cells"])
    assert [(c["number"], c["line_after"], c["speed_limit"]) for c in geo["corners"]] == [
        (c.number, c.line_after, c.speed_limit) for c in data.corners
    ]
    assert [(g["space"], g["lane"]) for g in geo["grid"]] == [tuple(spot) for spot in data.grid]
    assert [c["chevron_space"] is not None for c in geo["corners"]] == [c.chevron for c in data.corners]
    for corner in geo["corners"]:
        # the Corner Line crosses the road between its space and the next one
        middle = [(a + b) / 2 for a, b in zip(*corner["line"], strict=True)]
        before = geo["cells"][corner["line_after"] - 1]["label"]
        after = geo["cells"][corner["line_after"] % data.spaces]["label"]
        gap = math.dist(before, after)
        assert math.dist(middle, before) < gap and math.dist(middle, after) < gap
    lengths = [math.dist(a["label"], b["label"]) for a, b in zip(geo["cells"], geo["cells"][1:], strict=False)]
    assert min(lengths) > 15  # no space squeezed out of sight


def test_a_drawing_that_does_not_fit_its_track_is_refused_naming_the_file():
    usa = track("usa")
    with pytest.raises(HeatError, match=r"usa.toml: points: corners marked \[1, 2\]"):
        parse_layout("points = [[0,0,1],[10,0],[10,10,2],[0,10]]", "usa.toml", usa)
    with pytest.raises(HeatError, match=r"points\[1\]: expected \[x, y\]"):
        parse_layout('points = [[0,0],"x",[1,1],[2,2]]', "usa.toml", usa)


def test_tracks_and_cards_are_given_to_the_page(server):
    geo = httpx.get(server.base + "/api/tracks/great-britain").json()
    assert geo["name"] == "Great Britain" and len(geo["cells"]) == track("great-britain").spaces
    missing = httpx.get(server.base + "/api/tracks/mars")
    assert missing.status_code == 404 and "mars" in missing.json()["message"]
    cards = httpx.get(server.base + "/api/cards").json()
    assert set(cards["cards"]) == {card.id for card in catalogue().cards}
    assert [t["id"] for t in cards["tracks"]] == list(track_ids())


def test_the_preview_message_is_the_engines_preview_from_the_seats_own_view(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, practice=True, seed=99)
        a, b = await join_all(made)
        spectator = await Seat.open(made["socket"])
        from heat.server.spec import new_spec

        race = new_spec([("human", None, None), ("human", None, None), ("legend", None, None)], practice=True, seed=99)
        game = race.build_game([seat["name"] for seat in a.state["seats"]])
        view = view_of(game, 0)
        asked = 0
        for text in a.legal[:24]:  # within the rate limit's burst (40, with hello and join)
            await a.send(type="preview", decision=text, id=text)
            answer = await a.until(lambda m, text=text: m["type"] == "preview" and m["id"] == text)
            expected = preview_decision(view, parse_decision(text))
            assert expected is not None
            assert [tuple(pair) for pair in answer["preview"]["speeds"]] == list(expected.speeds)
            assert [tuple(place) for place in answer["preview"]["landing"]] == list(expected.landing)
            assert answer["preview"]["spin_chance"] == expected.spin_chance
            assert answer["preview"]["summary"] == expected.summary()
            assert answer["confirm"] == confirmation_reason(view, parse_decision(text))
            asked += 1
        assert asked > 5
        await a.send(type="preview", decision="gear 9 play nothing", id=1)
        nonsense = await a.until(lambda m: m["type"] == "preview" and m["id"] == 1)
        assert nonsense["preview"] is None and nonsense["confirm"] is None
        await spectator.send(type="preview", decision=a.legal[0], id=2)
        watching = await spectator.until(lambda m: m["type"] == "preview")
        assert watching["preview"] is None  # a spectator has no car to preview
        await settle([a, b])
        check_messages(a.received + spectator.received)
        await http.close()

    run(body())


def test_statistics_and_the_replay_of_a_finished_race(server):
    async def body():
        http = Http(server.base)
        made = await new_table(http, practice=True)
        players = await join_all(made)
        early = await http.call("GET", f"/api/tables/{made['table']}/replay")
        assert early.status_code == 409
        live = (await http.call("GET", f"/api/tables/{made['table']}/stats")).json()
        assert live["stats"]["over"] is False
        await play_to_the_end(players)
        record = (await http.call("GET", f"/api/tables/{made['table']}/record")).json()
        stats = (await http.call("GET", f"/api/tables/{made['table']}/stats")).json()
        expected = race_stats(replay(record))
        assert stats["stats"] == expected.to_json()
        assert stats["rows"][0]["label"] == "Place"
        frames = (await http.call("GET", f"/api/tables/{made['table']}/replay")).json()
        assert len(frames["frames"]) == len(record["decisions"]) + 1
        final = view_of(replay(record), None)
        assert [(c["space"], c["lap"], c["lane"]) for c in frames["frames"][-1]["cars"]] == [
            (c.space, c.lap, c.lane) for c in final.cars
        ]
        assert frames["frames"][-1]["standings"] == list(final.standings)
        assert any(line for frame in frames["frames"] for line in frame["log"])
        bad = await http.call("GET", f"/api/tables/{made['table']}/replay?race=x")
        assert bad.status_code == 400
        await http.close()

    run(body())


def test_the_home_page_lists_nothing_secret(server):
    made = httpx.post(server.base + "/api/tables", json={"seats": HUMANS_AND_LEGENDS, "listed": True}).json()
    page = httpx.get(server.base + "/").text
    assert made["admin_token"] not in page
    assert all(seat["token"] is None or seat["token"] not in page for seat in made["seats"])
