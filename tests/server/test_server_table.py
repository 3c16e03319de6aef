"""The match logic in-process (no socket, no database): seats, sequence numbers, take-backs,
clocks and stand-ins, replay, records."""

from __future__ import annotations

import random

import orjson
import pytest

from heat.engine import replay, view_of
from heat.server.payloads import event_json, record_json
from heat.server.spec import new_spec
from heat.server.table import AUTO, BOT_ACTOR, PLAYER, STANDIN, Change, Refused, Table

TWO_HUMANS = [("human", None, None), ("human", None, None)]


def started(seats=None, seed: int = 7, **options) -> Table:
    """A table whose humans have all joined (so it has started)."""
    seats = seats or [*TWO_HUMANS, ("legend", None, None)]
    table = Table.new(new_spec(seats, seed=seed, **options))
    for index, seat in enumerate(table.seats):
        if seat.kind == "human":
            table.join(index, f"P{index}", 0.0)
    return table


def decide(table: Table, seat: int, text: str | None = None, now: float = 1.0) -> Change | Refused:
    text = text or table.legal(seat)[0].text()
    return table.decide(seat, table.asked_at[seat], text, PLAYER, now)


def snapshot(table: Table) -> bytes:
    return orjson.dumps([table.state_for(s) for s in (None, *range(len(table.seats)))], default=record_json)


def play_until(table: Table, rng: random.Random, wanted) -> None:
    """Random legal decisions until ``wanted(table)``."""
    for _ in range(5000):
        if wanted(table):
            return
        seat = rng.choice(table.to_decide())
        assert isinstance(decide(table, seat, rng.choice(table.legal(seat)).text()), Change)
    raise AssertionError("never reached")


def test_the_race_starts_when_every_human_seat_is_taken():
    table = Table.new(new_spec([*TWO_HUMANS, ("bot", "club", None)], seed=1))
    assert table.status == "waiting"
    table.join(0, "Ann", 0.0)
    assert table.status == "waiting" and table.to_decide() == ()
    assert isinstance(table.decide(0, 0, "gear 1 play 1", PLAYER, 0.0), Refused)
    table.join(1, "  Bob\n", 0.0)
    assert table.status == "playing"
    assert table.names[:2] == ["Ann", "Bob"]
    assert set(table.to_decide()) == {0, 1, 2}


def test_a_blank_name_is_refused_and_takes_no_seat():
    table = Table.new(new_spec(TWO_HUMANS, seed=1))
    refused = table.join(0, " \t ", 0.0)
    assert isinstance(refused, Refused) and refused.code == "bad_name"
    assert not table.seats[0].joined


def test_the_creator_starts_early_with_bots_in_the_open_seats():
    table = Table.new(new_spec(TWO_HUMANS, seed=1))
    table.join(0, "Ann", 0.0)
    assert isinstance(table.start(0.0), Refused)
    assert isinstance(table.start(0.0, fill=True), Change)
    assert table.status == "playing"
    assert table.seats[1].kind == "bot" and table.seats[1].level == "club"
    assert table.spec.seats[1].kind == "bot"
    assert [r.seat for r in table.bot_requests()] == [1]


def test_a_repeated_decision_is_answered_never_applied_twice():
    table = started()
    seat = 0
    plan = table.legal(seat)[0].text()
    seen = table.version
    assert isinstance(table.decide(seat, seen, plan, PLAYER, 1.0), Change)
    version = table.version
    again = table.decide(seat, seen, plan, PLAYER, 1.0)
    assert isinstance(again, Refused) and again.code == "stale"
    assert "already decided" in again.message
    assert table.version == version


def test_a_plan_made_before_another_player_commits_still_counts():
    """B-11.4: the plans are secret and independent, so Red's commit does not make Blue's stale."""
    table = started()
    seen = table.version
    assert isinstance(table.decide(0, seen, table.legal(0)[0].text(), PLAYER, 1.0), Change)
    assert isinstance(table.decide(1, seen, table.legal(1)[0].text(), PLAYER, 1.0), Change)


def test_a_decision_on_an_old_position_of_the_same_turn_is_stale():
    table = started(seed=3)
    rng = random.Random(3)
    play_until(table, rng, lambda t: t.race.phase == "turn" and len(t.legal(t.to_decide()[0])) > 1)
    seat = table.to_decide()[0]
    old = table.version
    assert isinstance(decide(table, seat, table.legal(seat)[0].text()), Change)
    if seat in table.to_decide():  # still this seat's turn: its question changed
        before = snapshot(table)
        refused = table.decide(seat, old, table.legal(seat)[0].text(), PLAYER, 1.0)
        assert isinstance(refused, Refused) and refused.code == "stale"
        assert snapshot(table) == before


def test_an_illegal_decision_gets_the_engines_message_and_changes_nothing():
    table = started()
    before = snapshot(table)
    refused = table.decide(0, table.version, "gear 4 play 1 2 3 4", PLAYER, 1.0)
    assert isinstance(refused, Refused) and refused.code == "illegal"
    assert "B-1.4" in refused.message or "two gears" in refused.message
    garbage = table.decide(0, table.version, "fly to the moon", PLAYER, 1.0)
    assert isinstance(garbage, Refused) and garbage.code == "illegal"
    assert snapshot(table) == before


def test_a_decision_from_the_future_is_refused():
    table = started()
    refused = table.decide(0, table.version + 5, table.legal(0)[0].text(), PLAYER, 1.0)
    assert isinstance(refused, Refused) and refused.code == "bad_seq"


def test_a_committed_plan_can_be_taken_back_until_another_player_acts():
    table = started()
    first = table.legal(0)[0].text()
    decide(table, 0, first)
    assert table.can_undo(0)
    assert not table.can_undo(1)  # nothing of Blue's to take back
    before_version = table.version
    assert isinstance(table.undo(0, table.version, 2.0), Change)
    assert table.version == before_version + 1
    assert 0 in table.to_decide() and table.race.cars[0].plan is None
    decide(table, 0, first)
    decide(table, 1)  # Blue's plan is the last: the plans are revealed (OQ-B-17)
    refused = table.undo(0, table.version, 2.0)
    assert isinstance(refused, Refused) and refused.code == "no_undo"


def test_a_take_back_is_refused_after_another_players_commit():
    table = Table.new(new_spec([*TWO_HUMANS, ("human", None, None)], seed=2))
    for seat in range(3):
        table.join(seat, f"P{seat}", 0.0)
    decide(table, 0)
    decide(table, 1)  # Blue acted after Red: Red's plan is final
    refused = table.undo(0, table.version, 1.0)
    assert isinstance(refused, Refused) and "has decided since" in refused.message
    assert table.can_undo(1)


def test_boost_flips_a_card_so_it_is_final_and_a_cooldown_is_not():
    """A Boost flips cards from the deck (B-5.6): revealed, so final; a Cooldown draws nothing."""
    rng = random.Random(11)
    table = started(seed=11)
    checked = set()
    for _ in range(3000):
        if table.status != "playing" or checked == {"boost", "cooldown"}:
            break
        seat = rng.choice(table.to_decide())
        texts = [d.text() for d in table.legal(seat)]
        for symbol in ("boost", "cooldown"):
            option = next((t for t in texts if t.split()[0] == symbol and "from" not in t), None)
            if option and symbol not in checked:
                decide(table, seat, option)
                assert table.can_undo(seat) == (symbol == "cooldown"), symbol
                checked.add(symbol)
                break
        else:
            decide(table, seat, rng.choice(texts))
    assert checked == {"boost", "cooldown"}


def test_a_take_back_replays_to_the_same_race_as_never_deciding():
    rng = random.Random(5)
    table = started(seed=5)
    play_until(table, rng, lambda t: t.race.round >= 3 and t.race.phase == "plan")
    untouched = started(seed=5)
    for entry in table.entries:
        if entry.kind == "decision":
            untouched.decide(entry.seat, untouched.asked_at.get(entry.seat, 0), entry.text, PLAYER, 1.0)
    decide(table, 0)
    table.undo(0, table.version, 1.0)
    assert table.state_for(1)["view"] == untouched.state_for(1)["view"]
    assert table.state_for(0)["view"] == untouched.state_for(0)["view"]


def test_random_races_with_take_backs_restore_from_their_log_exactly():
    rng = random.Random(9)
    for seed in range(3):
        table = started([*TWO_HUMANS, ("legend", None, None), ("legend", None, None)], seed=seed, laps=1)
        while table.status == "playing":
            seat = rng.choice(table.to_decide())
            if table.can_undo(seat) and rng.random() < 0.3:
                assert isinstance(table.undo(seat, table.version, 2.0), Change)
                continue
            decide(table, seat, rng.choice(table.legal(seat)).text())
        assert any(e.kind == "undo" for e in table.entries)
        restored = Table.restore(table.spec, table.seats, table.status, list(table.entries), table.clock_state(), 3.0)
        for seat in (None, 0, 1):
            assert {**restored.state_for(seat), "epoch": 0} == {**table.state_for(seat), "epoch": 0}
        record = table.record()
        assert record is not None
        assert replay(record).standings() == table.race.standings()


def test_the_record_is_refused_until_the_race_is_over():
    table = started()
    assert table.record() is None
    assert b'"seed"' not in orjson.dumps(table.state_for(0), default=record_json)
    assert "seed" not in table.spec.public_json()


def test_no_player_is_ever_asked_a_question_with_one_answer():
    """The engine's forced decisions are taken for the player and logged as automatic."""
    rng = random.Random(4)
    for seed in range(4):
        table = started(seed=seed, laps=1)
        while table.status == "playing":
            for seat in table.to_decide():
                assert len(table.legal(seat)) > 1
            seat = rng.choice(table.to_decide())
            decide(table, seat, rng.choice(table.legal(seat)).text())
        assert all(e.actor in (PLAYER, AUTO) for e in table.entries if e.kind == "decision")


def test_a_live_clock_runs_out_and_the_stand_in_drives_until_the_player_is_back():
    table = started(seconds=30)
    assert table.deadlines == {0: 30.0, 1: 30.0}  # started at 0.0
    decide(table, 0, now=5.0)
    assert table.check_clocks(29.0).entries == []
    change = table.check_clocks(31.0)
    assert [e.seat for e in change.entries] == [1]
    assert "ran out of time" in change.entries[0].text and "stand-in" in change.entries[0].text
    assert table.controller(1) == STANDIN
    (request,) = table.bot_requests()
    assert request.seat == 1 and request.standin and request.level == "club"
    applied = table.bot_decides(request, request.legal[0].text(), 32.0)
    assert isinstance(applied, Change) and applied.entries[0].actor == STANDIN
    back = table.seat_back(1, 40.0)
    assert "is back" in back.entries[0].text and table.controller(1) == PLAYER


def test_a_live_player_away_longer_than_the_grace_gets_the_stand_in():
    table = started(seconds=600)
    table.away_grace = 10.0
    table.seat_away(0, 100.0)
    assert table.check_clocks(105.0).entries == []
    (notice,) = table.check_clocks(111.0).entries
    assert "left the table" in notice.text


def test_a_correspondence_clock_counts_days_and_ignores_absence():
    table = started(clock="correspondence", days=2)
    assert table.deadlines[0] == 2 * 86_400
    table.seat_away(0, 0.0)
    assert table.check_clocks(3600.0).entries == []


def test_a_bots_answer_to_an_old_question_is_dropped():
    table = started([("human", None, None), ("bot", "random", None)])
    (request,) = table.bot_requests()
    assert isinstance(table.bot_decides(request, request.legal[0].text(), 1.0), Change)
    stale = table.bot_decides(request, request.legal[0].text(), 1.0)
    assert isinstance(stale, Refused) and stale.code == "stale"
    assert table.entries[-1].actor == BOT_ACTOR or table.entries[-1].actor == AUTO


def test_a_freed_seat_is_open_again_and_driven_by_the_stand_in():
    table = started()
    change = table.free_seat(1, 5.0)
    assert isinstance(change, Change)
    assert not table.seats[1].joined and table.controller(1) == STANDIN
    table.join(1, "Cleo", 6.0)
    assert table.seats[1].name == "Cleo" and table.controller(1) == PLAYER


def test_a_championship_table_plays_race_after_race():
    rng = random.Random(1)
    table = started([("human", None, None), ("bot", "random", None)], mode="championship", season="1961")
    assert table.season is not None and table.season.phase == "build"
    races = 0
    epoch = table.epoch
    while table.status == "playing" and races < 2:
        requests = {r.seat: r for r in table.bot_requests()}
        seat = rng.choice(table.to_decide())
        if seat in requests:
            table.bot_decides(requests[seat], rng.choice(requests[seat].legal).text(), 1.0)
        else:
            decide(table, seat, rng.choice(table.legal(seat)).text())
        races = len(table.season.state.results)
    assert races == 2
    assert table.epoch > epoch  # a new race: a new event log
    state = table.state_for(0)
    assert len(state["season"].results) == 2
    assert table.record() is None  # the season goes on


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "championship", "track": "italia"}, "championship sets these"),
        ({"practice": True, "laps": 2}, "practice or laps"),
        ({"quick_upgrades": True}, "quick_upgrades"),
        ({"pro_legends": 2}, "pro_legends 2"),
        ({"clock": "live", "days": 3}, "days"),
        ({"clock": "correspondence", "seconds": 30}, "seconds"),
        ({"track": "mars"}, "mars"),
    ],
)
def test_bad_table_settings_are_refused_with_what_is_wrong(options, message):
    with pytest.raises(Exception, match=message):
        new_spec(TWO_HUMANS, **options)


def test_seats_need_a_human_and_distinct_colours():
    with pytest.raises(Exception, match="no seat is open for a human"):
        new_spec([("bot", "club", None), ("legend", None, None)])
    with pytest.raises(Exception, match="cannot both be red"):
        new_spec([("human", None, "red"), ("bot", "club", "red")])
    with pytest.raises(Exception, match="level"):
        new_spec([("human", None, None), ("bot", "genius", None)])


def test_a_finished_championships_record_and_each_of_its_races():
    from heat.engine.championship import replay_season
    from heat.server.records import season_race_records

    rng = random.Random(2)
    table = started([("human", None, None), ("bot", "random", None)], mode="championship", season="1961")
    while table.status == "playing":
        requests = {r.seat: r for r in table.bot_requests()}
        seat = rng.choice(table.to_decide())
        if seat in requests:
            table.bot_decides(requests[seat], rng.choice(requests[seat].legal).text(), 1.0)
        else:
            decide(table, seat, rng.choice(table.legal(seat)).text())
    record = table.record()
    assert record is not None and record["format"] == "heat-season"
    season = replay_season(record)
    races = season_race_records(record)
    assert len(races) == 3
    for race_record, result in zip(races, season.state.results, strict=True):
        assert tuple(replay(race_record).standings()) == result.order


def test_each_state_is_the_engines_view_events_and_legal_decisions_at_every_step():
    """The state's kept JSON (events, legal decisions) is what the engine gives now, for every
    seat and a spectator, whole or continued, also after a seat was retaken under a new name."""
    rng = random.Random(4)
    table = started([*TWO_HUMANS, ("legend", None, None), ("legend", None, None)], seed=3, laps=1)
    sent: dict[int | None, int] = {None: 0, 0: 0, 1: 0}
    renamed = False
    while table.status == "playing":
        race = table.race
        for viewer in (None, 0, 1):
            for start in (0, sent[viewer]):
                state = orjson.loads(table.state_json(viewer, start, 0, {"type": "state"}))
                events = [event_json(e, table.names, race.laps) for e in race.events(viewer)[start:]]
                assert state["events"] == orjson.loads(orjson.dumps(events))
                assert state["view"] == orjson.loads(orjson.dumps(view_of(race, viewer), default=record_json))
                deciding = viewer is not None and viewer in table.to_decide()
                assert state["legal"] == ([d.text() for d in race.legal_decisions(viewer)] if deciding else [])
                assert orjson.loads(orjson.dumps(table.state_for(viewer, start), default=record_json)) == {
                    k: v for k, v in state.items() if k != "type"
                }
            sent[viewer] = len(race.log)
        if not renamed and race.round == 3:  # the seat is freed and retaken mid-race
            table.free_seat(1, 1.0)
            table.join(1, "Zoe", 1.0)
            renamed = True
        seat = rng.choice(table.to_decide())
        decide(table, seat, rng.choice(table.legal(seat)).text())
    assert renamed
    texts = [e["text"] for e in table.state_for(None)["events"] if e["seat"] == 1 and e["text"]]
    assert texts and all("P1" not in text for text in texts)


def test_the_state_gives_the_heat_of_shifting_to_each_gear_in_the_plan_phase():
    """B-1.2: a two-gear shift costs 1 Heat; the page shows it on the gear buttons from the
    state's ``shift_heat`` (the engine's judgement), never working it out itself."""
    rng = random.Random(3)
    table = started()
    seen_two_gear_shift = False
    for _ in range(40):
        play_until(table, rng, lambda t: t.race is not None and t.race.phase == "plan" and 0 in t.to_decide())
        state = table.state_for(0)
        car = state["view"].me
        shift = state["shift_heat"]
        assert {int(g) for g in shift} >= {plan.gear for plan in table.legal(0)}
        for gear, heat in shift.items():
            assert heat == (1 if abs(int(gear) - car.gear) == 2 else 0)
            seen_two_gear_shift |= heat == 1
        assert table.state_for(None)["shift_heat"] is None  # a spectator plans nothing
        decide(table, 0, rng.choice(table.legal(0)).text())
        if table.race is None or table.race.is_over:
            break
    assert seen_two_gear_shift
    play_until(table, rng, lambda t: t.race is not None and t.race.phase != "plan" and t.to_decide())
    assert all(table.state_for(seat)["shift_heat"] is None for seat in table.to_decide())


def test_a_table_restored_just_after_its_start_asks_its_bots_as_the_live_one_did():
    # Restored before any decision, the seats asked at the start were asked at no version: a
    # bot's request crashed (KeyError) and a player's stale decisions went unchecked.
    table = Table.new(new_spec([("human", None, None), ("bot", "club", None)], seed=1))
    table.join(0, "Ann", 0.0)
    restored = Table.restore(table.spec, table.seats, table.status, table.entries, table.clock_state(), 1.0)
    assert restored.asked_at == table.asked_at
    assert [(r.seat, r.asked_at) for r in restored.bot_requests()] == [
        (r.seat, r.asked_at) for r in table.bot_requests()
    ]


def test_a_copy_catches_up_with_the_entries_another_process_logged():
    rng = random.Random(4)
    table = started()
    copy = Table.restore(table.spec, table.seats, table.status, list(table.entries), table.clock_state(), 1.0)
    copy.away.clear()  # who is connected is each process's own knowledge (the hub sets it)
    for _ in range(60):
        if table.status != "playing":
            break
        seat = rng.choice(table.to_decide())
        change = decide(table, seat, rng.choice(table.legal(seat)).text())
        assert isinstance(change, Change)
        assert copy.catch_up(change.entries, table.status, table.clock_state())
        assert copy.version == table.version and copy.asked_at == table.asked_at
        assert snapshot(copy) == snapshot(table)


def test_a_copy_refuses_a_gap_or_a_take_back_and_changes_nothing():
    table = started()
    copy = Table.restore(table.spec, table.seats, table.status, list(table.entries), table.clock_state(), 1.0)
    first = decide(table, 0)
    second = decide(table, 1)
    assert isinstance(first, Change) and isinstance(second, Change)
    before = snapshot(copy)
    assert not copy.catch_up(second.entries, table.status, table.clock_state())  # the first is missing
    assert snapshot(copy) == before
    assert copy.catch_up(first.entries + second.entries, table.status, table.clock_state())
    taken_back = table.undo(1, table.version, 2.0)
    if isinstance(taken_back, Change):
        assert not copy.catch_up(taken_back.entries, table.status, table.clock_state())
