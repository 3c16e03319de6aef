"""The app's state without its screens: selections and undo, React choices held back, the
replay cursor, the table (turns, saves, resume), the setup, the track map, the launcher."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from heat.bots import RandomBot
from heat.cli.main import main
from heat.cli.parser import build_parser
from heat.engine import (
    ConfigError,
    EndReact,
    IllegalDecision,
    Plan,
    PositionError,
    Race,
    RaceConfig,
    React,
    default_seats,
    to_position,
    to_record,
    view_of,
)
from heat.engine.championship import Season
from heat.engine.rng import Rng
from heat.players import BOT, HUMAN, LEGEND, SeatRole
from heat.storage import write_json
from heat.tui import launch
from heat.tui.helptext import help_text, step_key
from heat.tui.replay_model import ReplayCursor
from heat.tui.selection import HandSelection
from heat.tui.setup_model import GameSetup, SeatChoice, build_table, resolve_seats, setup_from_args
from heat.tui.staging import ReactStage
from heat.tui.table import Table
from heat.tui.widgets.cars_table import cars_table
from heat.tui.widgets.track_map import draw_track, next_corners

ANN = SeatChoice(HUMAN, "Ann", color="red")


def random_race(seed: int, decisions: int) -> Race:
    """A 3-car practice race after ``decisions`` random legal decisions."""
    race = Race(RaceConfig(default_seats(3), track="usa", laps=1, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        seat = race.to_decide()[0]
        legal = race.legal_decisions(seat)
        race.apply(seat, legal[rng.below(len(legal))])
    return race


# ---------------------------------------------------------------------- selections


def test_a_selection_picks_cards_by_position_and_undoes_every_change() -> None:
    selection = HandSelection(("3", "stress", "3", "heat"), gear=2)
    assert selection.toggle(2) and selection.toggle(1)
    assert selection.plan() == Plan(2, ("3", "stress"))
    assert selection.set_gear(3) and not selection.set_gear(3)
    assert not selection.toggle(4)  # no fifth card: nothing changes
    assert selection.cards == ("3", "stress") and selection.gear == 3
    assert selection.undo() and selection.gear == 2
    assert selection.toggle(2)  # put the second 3 back
    assert selection.cards == ("stress",)
    assert selection.undo() and selection.cards == ("3", "stress")
    assert selection.clear() and selection.cards == ()
    assert selection.undo() and selection.cards == ("3", "stress")
    assert selection.discard().cards == ("3", "stress")
    while selection.undo():
        pass
    assert selection.cards == () and selection.gear == 2


def test_in_tournament_mode_the_number_of_cards_is_the_gear() -> None:
    selection = HandSelection(("1", "2", "4"), gear=1)
    for index in range(3):
        selection.toggle(index)
    assert selection.plan(tournament=True) == Plan(3, ("1", "2", "4"))


# ---------------------------------------------------------------------- React held back


def test_quiet_react_choices_are_held_and_undone_but_a_boost_commits_them() -> None:
    race = random_race(0, 47)
    seat = race.to_decide()[0]
    before = json.dumps(to_position(race))
    stage = ReactStage(race, seat)
    assert React("move", 1, "adrenaline") in stage.legal()
    assert stage.hold(React("move", 1, "adrenaline"))  # a move reveals nothing
    assert stage.hold(React("cooldown", 1, "adrenaline"))  # so does a Cooldown
    assert json.dumps(to_position(race)) == before  # the real race is untouched
    assert React("move", 1, "adrenaline") not in stage.legal()
    assert stage.view().cars[seat].space != view_of(race, seat).cars[seat].space
    assert stage.undo() == React("cooldown", 1, "adrenaline")
    assert stage.undo() == React("move", 1, "adrenaline")
    assert stage.held == [] and stage.legal() == race.legal_decisions(seat)
    assert stage.hold(React("move", 1, "adrenaline"))
    assert not stage.hold(React("boost"))  # a Boost flips a card: commit now
    held = stage.take()
    assert held == [React("move", 1, "adrenaline"), React("boost")]
    expected = race.copy()
    for decision in held:
        race.apply(seat, decision)
        expected.apply(seat, decision)
    assert to_position(race) == to_position(expected)


def test_an_illegal_react_choice_is_refused_and_nothing_is_held() -> None:
    race = random_race(0, 47)
    stage = ReactStage(race, race.to_decide()[0])
    with pytest.raises(IllegalDecision):
        stage.hold(React("cooldown", 3))
    assert stage.held == []
    assert not stage.hold(EndReact())  # done ends the step: commit
    assert stage.take() == [EndReact()]


# ---------------------------------------------------------------------- replay


def test_the_replay_cursor_rebuilds_any_prefix_of_the_record() -> None:
    race = random_race(4, 120)
    cursor = ReplayCursor(to_record(race))
    assert cursor.length == 120
    for position in (120, 3, 77, 0, 51, 52, 26):
        fresh = Race(race.config)
        for seat, decision in race.decisions[:position]:
            fresh.apply(seat, decision)
        assert to_position(cursor.race_at(position)) == to_position(fresh)
    starts = cursor.round_starts()
    assert starts[0] == 0 and all(isinstance(cursor.entries[k][1], Plan) for k in starts)
    cursor.go(starts[2] + 1)
    assert cursor.previous_round() and cursor.position == starts[2]
    assert cursor.previous_round() and cursor.position == starts[1]
    assert cursor.next_round() and cursor.position == starts[2]
    assert cursor.step(-1000) and cursor.position == 0 and not cursor.step(-1)
    cursor.go(10_000)
    assert cursor.position == 120 and not cursor.next_round()
    assert cursor.last_decision() == race.decisions[-1]


# ---------------------------------------------------------------------- the table


def test_bots_decide_before_humans_and_the_engine_judges_humans() -> None:
    table = build_table(GameSetup(practice=True, seed=2, seats=(ANN, SeatChoice(BOT), SeatChoice(LEGEND))))
    assert table.roles == (SeatRole(HUMAN), SeatRole(BOT, "club"), SeatRole(LEGEND))
    assert table.next_actor() == (1, True)
    seat, _ = table.next_actor() or (0, True)
    bot, view, legal = table.bot_inputs(seat)
    table.apply(seat, bot.choose(view, legal))
    assert table.next_actor() == (0, False)
    with pytest.raises(IllegalDecision, match=r"B-2\.1"):
        table.check(0, Plan(1, ()))
    assert table.take_finished() is None


def test_a_saved_table_resumes_with_its_roles(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    setup = GameSetup(practice=True, seed=5, seats=(ANN, SeatChoice(HUMAN, "Bob"), SeatChoice(BOT, level="rookie")))
    table = build_table(setup, save_path=str(path))
    assert table.hotseat
    for _ in range(12):
        seat, _ = table.next_actor() or (0, True)
        table.apply(seat, table.legal(seat)[0])
    saved = json.loads(path.read_text())  # saved after every decision
    assert saved["players"]["human"] == 0 and saved["players"]["level"] == "rookie"
    resumed = Table.load(path)
    assert resumed.roles == table.roles and resumed.bot_seed == table.bot_seed
    assert resumed.race is not None and table.race is not None
    assert to_position(resumed.race) == to_position(table.race)
    assert resumed.save_path == str(path)


def test_a_plain_client_save_resumes_in_the_app(tmp_path: Path) -> None:
    race = Race(RaceConfig(default_seats(3, legends=1), laps=1, seed=3))
    path = tmp_path / "plain.json"
    write_json(path, {**to_record(race), "players": {"human": 1, "bot_seed": 3, "level": "random"}})
    table = Table.load(path)
    assert table.roles == (SeatRole(BOT, "random"), SeatRole(HUMAN), SeatRole(LEGEND))
    assert isinstance(table.bots[0], RandomBot)


def test_mixed_levels_go_from_the_options_to_the_seats_and_back_from_a_plain_save(tmp_path: Path) -> None:
    options = build_parser().parse_args(["play", "--bots", "2", "--level", "pro,rookie", "--legends", "1"])
    setup = setup_from_args(options)
    assert [seat.level for seat in setup.seats if seat.kind == BOT] == ["pro", "rookie"]
    race = Race(RaceConfig(default_seats(5, legends=1), laps=1, seed=3))
    path = tmp_path / "plain.json"
    write_json(path, {**to_record(race), "players": {"human": 1, "bot_seed": 3, "level": "random,club,rookie"}})
    table = Table.load(path)
    assert table.roles == (
        SeatRole(BOT, "random"),
        SeatRole(HUMAN),
        SeatRole(BOT, "club"),
        SeatRole(BOT, "rookie"),
        SeatRole(LEGEND),
    )
    assert table.record()["players"]["level"] == "random,club,rookie"
    write_json(path, {**to_record(race), "players": {"human": 1, "level": "random,club"}})
    with pytest.raises(PositionError, match=r"players\.level: 2 levels for 3 bots"):
        Table.load(path)


def test_a_season_table_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "season.json"
    table = build_table(
        GameSetup(mode="season", seed=1, seats=(ANN, SeatChoice(BOT), SeatChoice(LEGEND))), save_path=str(path)
    )
    assert isinstance(table.game, Season) and table.race is None
    assert table.season_view().phase == "build"
    for _ in range(3):
        seat, _ = table.next_actor() or (0, True)
        table.apply(seat, table.legal(seat)[0])
    resumed = Table.load(path)
    assert isinstance(resumed.game, Season)
    assert resumed.game.decisions == table.game.decisions


# ---------------------------------------------------------------------- setup


def test_random_colours_come_from_the_seed_and_never_clash() -> None:
    choices = (ANN, SeatChoice(BOT), SeatChoice(LEGEND), SeatChoice("off"), SeatChoice(HUMAN))
    seats, roles = resolve_seats(choices, 9)
    assert [seat.color for seat in seats] == [seat.color for seat in resolve_seats(choices, 9)[0]]
    assert len({seat.color for seat in seats}) == 4 and seats[0].color == "red"
    assert [seat.name for seat in seats][-1] == "Player 2" and seats[2].legend
    assert [role.kind for role in roles] == [HUMAN, BOT, LEGEND, HUMAN]


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ((SeatChoice(BOT), SeatChoice(LEGEND)), "nobody is at the keyboard"),
        ((ANN, SeatChoice(BOT, color="red")), "two cars cannot both be red"),
        ((), "every seat is empty"),
    ],
)
def test_a_setup_that_cannot_be_is_refused(choices: tuple[SeatChoice, ...], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        build_table(GameSetup(seats=choices))


def test_the_command_line_options_fill_in_the_setup() -> None:
    args = build_parser().parse_args(
        ["play", "--practice", "--bots", "2", "--legends", "1", "--name", "Ann", "--level", "pro", "--weather"]
    )
    setup = setup_from_args(args)
    assert setup.practice and setup.weather
    kinds = [(choice.kind, choice.level) for choice in setup.seats if choice.kind != "off"]
    assert kinds == [(HUMAN, "club"), (BOT, "pro"), (BOT, "pro"), (LEGEND, "club")]
    assert setup.seats[0].name == "Ann"


# ---------------------------------------------------------------------- drawing


def test_the_track_map_draws_every_car_and_fits_its_width() -> None:
    race = random_race(1, 30)
    view = view_of(race, 0)
    lines = [line.plain for line in draw_track(view, 78, viewer=0)]
    assert len(lines) == 4 and all(len(line) <= 78 for line in lines)
    lanes = lines[1] + lines[2]
    for letter in "RBG":
        assert lanes.count(letter) == 1
    me = view.cars[0]
    assert "▲" in lines[3]
    for number, _ in next_corners(view, 0):
        assert str(view.corners[number - 1].speed_limit) in lines[0]
    narrow = draw_track(view, 40, viewer=0)
    assert len(narrow) == 8 and all(line.cell_len <= 40 for line in narrow)
    assert me.on_track


def test_the_cars_table_shows_public_facts_only() -> None:
    race = random_race(1, 30)
    view = view_of(race, 0)
    from rich.console import Console

    console = Console(width=40, record=True)
    console.print(cars_table(view, 0, 38))
    text = console.export_text()
    for car in view.cars:
        assert car.name in text
        assert car.hand is None or " ".join(car.hand) not in text
    assert "Played" not in text  # the narrow table


def test_help_names_the_rules_of_the_step() -> None:
    assert "B-2.1" in help_text(step_key("plan", None), cards=True)
    assert "T-1" in help_text(step_key("plan", None, tournament=True), cards=True)
    assert "B-5.6" in help_text(step_key("turn", "react"), cards=False)


# ---------------------------------------------------------------------- the launcher


def test_heat_play_falls_back_to_the_plain_prompt_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    monkeypatch.setattr(launch, "interactive", lambda: False)
    monkeypatch.setattr(launch.play_cmd, "run", lambda args: ran.append("plain") or 0)
    assert main(["play", "--practice"]) == 0
    assert ran == ["plain"]


def test_heat_play_starts_the_app_in_a_terminal_unless_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    import heat.tui.app

    started: list[object] = []
    monkeypatch.setattr(launch, "interactive", lambda: True)
    monkeypatch.setattr(heat.tui.app, "run_app", lambda app: started.append(app) or 0)
    monkeypatch.setattr(launch.play_cmd, "run", lambda args: started.append("plain") or 0)
    assert main(["play", "--practice", "--name", "Ann", "--seed", "4"]) == 0
    app = started[-1]
    assert isinstance(app, heat.tui.app.HeatApp)
    assert app.setup.practice and app.setup.seed == 4 and app.setup.seats[0].name == "Ann"
    assert main(["play", "--plain"]) == 0
    assert started[-1] == "plain"
    from heat.cli import season_cmd  # imported by launch where used (issue 28)

    monkeypatch.setattr(season_cmd, "new", lambda args: started.append("plain season") or 0)
    assert main(["season", "new", "--plain"]) == 0
    assert started[-1] == "plain season"


def test_the_replay_option_needs_a_valid_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "heat-record", "rules_version": "0"}')
    monkeypatch.setattr(launch, "interactive", lambda: True)
    assert main(["play", "--replay", str(bad)]) == 2  # a HeatError, reported as for every command


def test_the_app_uses_only_the_engines_public_face() -> None:
    """A thin client: views, decisions, events, records, content and the season's public API;
    never the engine's step machine or state."""
    import ast

    import heat.tui

    allowed = {"heat.engine", "heat.engine.content", "heat.engine.championship", "heat.engine.decisions"}
    allowed |= {"heat.engine.events", "heat.engine.record"}
    root = Path(heat.tui.__file__).parent
    for file in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            module = (node.module or "") if isinstance(node, ast.ImportFrom) else ""
            if module == "heat.engine" or module.startswith("heat.engine."):  # not heat.engine_build
                assert node.module in allowed, f"{file.name} imports {node.module}"


def test_the_app_reports_a_last_save_that_failed_and_its_exit_status_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28: the app ended with status 0 when the game's last save had failed (a full disk
    at the end of the race): the notice was gone with the screen."""
    from heat.tui.app import run_app

    folder = tmp_path / "adir"
    folder.mkdir()
    table = build_table(GameSetup(seed=3, seats=(ANN, SeatChoice(BOT))), save_path=str(folder))
    assert not table.autosave()

    class Ran:
        """What run_app reads of the app, once it has run."""

        def __init__(self, table: Table) -> None:
            self.table = table

        def run(self) -> None:
            return None

    assert run_app(Ran(table)) == 1  # type: ignore[arg-type]
    assert capsys.readouterr().err == f"heat: the game could not be saved to {folder}: it is a folder\n"
    table.save_path = str(tmp_path / "race.json")
    assert table.autosave()
    assert run_app(Ran(table)) == 0  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ann\x1b[2J", "holds a control character (\\x1b)"),
        ("Ann\r\nBob", "holds a control character (\\r)"),
        ("\u202eAnn", "holds an invisible formatting character (\\u202e)"),
        ("A" * 25, "a name has at most 24 characters, not 25"),
    ],
)
def test_the_setup_refuses_a_name_with_control_characters_or_too_long(name: str, problem: str) -> None:
    """Issue 28: names reached the terminal raw; the app's setup takes the engine's rule."""
    with pytest.raises(ConfigError, match="seat 1: ") as refused:
        build_table(GameSetup(seed=3, seats=(SeatChoice(HUMAN, name, color="red"), SeatChoice(BOT))))
    assert problem in str(refused.value)
