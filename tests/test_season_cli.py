"""``heat season new|resume|status`` and the season prompt, driven by scripted input."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from heat.bots import RandomBot
from heat.cli.main import main
from heat.cli.season_cmd import SeasonSession
from heat.engine import Plan, default_seats
from heat.engine.championship import Season, SeasonConfig, replay_season, season_record, season_view
from heat.engine.rng import Rng
from heat.storage import read_json


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def answers(monkeypatch: pytest.MonkeyPatch, lines: list[str], then: str | None = "1") -> list[str]:
    """Feed ``lines`` to ``input()``, then ``then`` for ever (None: end of input). Returns the
    prompts shown."""
    feed: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        line = next(feed, then)
        if line is None:
            raise EOFError
        return line

    monkeypatch.setattr("builtins.input", read)
    return prompts


class Typist:
    """Answers every prompt with the number of a random option (like a RandomBot, so races end),
    reading the options printed so far from ``capsys``; keeps the output in ``out``."""

    def __init__(self, capsys: pytest.CaptureFixture[str], seed: int = 0) -> None:
        self.capsys = capsys
        self.rng = Rng(seed)
        self.out = ""
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        assert self.calls < 5000, "the season does not end"
        shown = self.capsys.readouterr().out
        self.out += shown
        last = shown.rsplit("Options:", 1)[-1]
        many = re.findall(r"(\d+) legal decisions; type 'list'", last)
        count = int(many[-1]) if many else len(re.findall(r"^\s+\d+\. ", last, flags=re.MULTILINE))
        return str(1 + self.rng.below(count)) if count else "1"

    def rest(self) -> str:
        self.out += self.capsys.readouterr().out
        return self.out


NEW = ("season", "new", "--season", "1961", "--bots", "1", "--legends", "1", "--seed", "3", "--name", "Ann")


def option(out: str, number: int) -> str:
    """The decision shown as option ``number`` in the first list of options in ``out``."""
    listed = out.split("Options:\n", 1)[1].splitlines()
    return next(line.split(". ", 1)[1] for line in listed if line.strip().startswith(f"{number}. "))


# ---------------------------------------------------------------------------------- new, resume, status


def test_a_season_seats_one_level_per_bot(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "season.json"
    answers(monkeypatch, ["quit"])
    new = ("season", "new", "--bots", "2", "--level", "champion,rookie", "--seed", "3", "--plain")
    status, _, err = run(capsys, *new, "--save", str(save))
    assert (status, err) == (0, "")
    saved = read_json(save)
    assert saved["players"]["level"] == "champion,rookie"
    assert season_view(replay_season(saved)).names[1:] == ("Champion Blue", "Rookie Green")
    status, _, err = run(capsys, "season", "new", "--bots", "3", "--level", "pro,club", "--save", str(save))
    assert status == 2
    assert "2 levels for 3 bots" in err


def test_new_quit_resume_finish_and_status(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "season.json"
    answers(monkeypatch, ["2", "quit"])
    status, out, err = run(capsys, *NEW, "--save", str(save))
    assert (status, err) == (0, "")
    assert "Championship 1961, seed 3." in out
    assert "Build your car: take one Upgrade card" in out
    drafted = option(out.split("Build your car")[1], 2)
    assert drafted.startswith("draft ")
    assert f"Saved. Resume with: heat season resume {save}" in out
    saved = read_json(save)
    assert saved["players"] == {"human": 0, "level": "club"}
    assert saved["config"]["season"] == "1961"
    assert {"seat": 0, "decision": drafted} in saved["decisions"]
    season = replay_season(saved)
    assert season_view(season).upgrades[0] == (drafted.split()[1],)
    assert season_view(season).names[0] == "Ann"
    assert not season.is_over

    # status: the scorepad and the next race, and the file is not touched
    before = save.read_bytes()
    status, out, err = run(capsys, "season", "status", str(save))
    assert (status, err) == (0, "")
    assert "Championship 1961" in out
    assert "Ann" in out
    assert "Legend Green (L)" in out
    assert "Next: race 1 of 3, Great Britain: New grandstand inauguration" in out
    assert save.read_bytes() == before

    # resume and finish (answering a random option to everything)
    typist = Typist(capsys)
    monkeypatch.setattr("builtins.input", typist)
    status = main(["season", "resume", str(save)])
    out = typist.rest()
    assert status == 0
    assert "Resumed championship 1961, race 1 of 3 (Great Britain)." in out
    assert out.count("Race 1 is over.") == 1
    assert "Race 3 is over." in out
    finished = replay_season(read_json(save))
    assert finished.is_over
    assert season_record(finished)["decisions"][: len(saved["decisions"])] == saved["decisions"]
    champion = finished.config.seats[finished.standings()[0]].name
    assert f"Champion: {champion}" in out

    # status of a finished season
    status, out, _ = run(capsys, "season", "status", str(save))
    assert status == 0
    assert f"Season over. Champion: {champion}" in out
    totals = finished.totals()
    for place, seat in enumerate(finished.standings(), 1):
        row = next(line for line in out.splitlines() if line.startswith(f"{place:>2}. "))
        assert finished.config.seats[seat].name in row
        assert row.split()[-1] == str(totals[seat])
        assert [int(x) for x in row.split()[-4:-1]] == [r.points[seat] for r in finished.state.results]


def test_end_of_input_quits_and_keeps_the_season(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "s.json"
    answers(monkeypatch, [], then=None)
    status, out, _ = run(capsys, *NEW, "--save", str(save))
    assert status == 0
    assert "Saved. Resume with" in out
    season = replay_season(read_json(save))
    assert season.phase == "build"
    assert season.to_decide() == (0,)  # waiting for the player


def test_season_new_with_bad_options_is_a_clear_error(capsys, tmp_path: Path):
    status, _, err = run(capsys, "season", "new", "--bots", "9", "--save", str(tmp_path / "a.json"))
    assert status == 2
    assert "--bots must be 0 to 5" in err
    status, _, err = run(capsys, "season", "new", "--color", "pink", "--save", str(tmp_path / "b.json"))
    assert status == 2
    assert "unknown colour 'pink'" in err
    status, _, err = run(capsys, "season", "new", "--bots", "0", "--legends", "1", "--pro-legends", "12")
    assert status == 2
    assert "Pro Legends" in err
    with pytest.raises(SystemExit) as error:  # argparse refuses an unknown season name
        main(["season", "new", "--season", "1964"])
    assert error.value.code == 2
    assert "invalid choice: '1964'" in capsys.readouterr().err
    assert not (tmp_path / "a.json").exists()


# ---------------------------------------------------------------------------------- corrupt saves


def _saved(tmp_path: Path) -> Path:
    season = Season(SeasonConfig(default_seats(2, legends=1), season="1961", seed=1))
    season.apply(0, season.legal_decisions(0)[0])
    path = tmp_path / "good.json"
    path.write_text(json.dumps({**season_record(season), "players": {"human": 0}}))
    return path


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[]", "a season record must be a JSON object"),
        ('{"format": "heat-record"}', "is a single race, not a championship season: resume it with 'heat play"),
        ('{"format": "heat-ssn"}', "format: expected 'heat-season', got the string 'heat-ssn'"),
        (lambda r: {**r, "rules_version": "0"}, "made with rules version '0'"),
        (lambda r: {**r, "decisions": [{"seat": 0, "decision": "draft wings-9"}]}, "decisions[0] ('draft wings-9')"),
        (lambda r: {**r, "config": {**r["config"], "season": "1999"}}, "the season is one of"),
        (lambda r: {**r, "players": {"human": "x"}}, "players.human: expected a seat number, got the string 'x'"),
        (lambda r: {**r, "players": {"human": 5}}, "players.human: expected a seat number, got the number 5"),
        (lambda r: {**r, "players": {"human": 1}}, "seat 1 is a Legend"),
    ],
)
@pytest.mark.parametrize("command", ["resume", "status"])
def test_a_corrupt_save_file_is_a_clear_error(tmp_path: Path, capsys, monkeypatch, command, content, message):
    good = _saved(tmp_path)
    bad = tmp_path / "bad.json"
    if callable(content):
        bad.write_text(json.dumps(content(json.loads(good.read_text()))))
    else:
        bad.write_text(content)
    answers(monkeypatch, [], then=None)
    status, out, err = run(capsys, "season", command, str(bad))
    if command == "status" and ("players" in message or "Legend" in message):
        assert status == 0  # status does not care who plays which seat
        return
    assert status == 2
    assert err.startswith(f"heat: {bad}")
    assert message in err
    assert "Traceback" not in err
    assert "Resumed" not in out


def test_a_missing_save_file_is_a_clear_error(tmp_path: Path, capsys):
    for command in ("resume", "status"):
        status, _, err = run(capsys, "season", command, str(tmp_path / "nowhere.json"))
        assert status == 2
        assert "cannot read" in err


# ---------------------------------------------------------------------------------- the prompt


class Reader:
    """Answers the prompt: scripted lines while ``when(season)`` holds, else a random legal
    decision as text (so the answers are parsed like a person's)."""

    def __init__(self, season: Season, lines: list[str], when: Callable[[Season], bool], seed: int = 0) -> None:
        self.season = season
        self.lines = iter(lines)
        self.when = when
        self.bot = RandomBot(seed)
        self.scripted: list[str] = []

    def __call__(self, prompt: str) -> str:
        if self.when(self.season):
            line = next(self.lines, None)
            if line is not None:
                self.scripted.append(line)
                return line
        legal = self.season.legal_decisions(0)
        return self.bot.choose(season_view(self.season), legal).text()


def session(season: Season, read: Callable[[str], str], save: Path | None = None) -> tuple[SeasonSession, list[str]]:
    out: list[str] = []
    bots = {
        seat: RandomBot(seat) for seat in range(1, len(season.config.seats)) if not season.config.seats[seat].legend
    }
    return SeasonSession(season, 0, bots, read, out.append, str(save) if save else None, {"human": 0}), out


def test_bad_input_at_the_build_prompt_gets_a_message_and_changes_nothing(tmp_path: Path):
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1961", seed=5))
    lines = ["draft nonsense", "no swap", "keep body-1", "99", "fly", "", "help", "list", "status", "quit"]
    reader = Reader(season, lines, lambda s: s.phase == "build")
    save = tmp_path / "s.json"
    runner, out = session(season, reader, save)
    assert runner.run() == 0
    text = "\n".join(out)
    assert "Not allowed: 'nonsense' is not in the market" in text
    assert "Not allowed: build your car: take one Upgrade card from the market" in text
    assert "There is no option 99" in text
    assert "Type a decision, the number of an option, or a command" in text  # help
    assert reader.scripted == lines
    # Nothing the player typed was applied: seat 0 has not drafted; only bots decided.
    assert season.phase == "build"
    assert season.to_decide() == (0,)
    assert all(seat != 0 for seat, _ in season.decisions)
    assert season.state.upgrades[0] == []
    assert replay_season(read_json(save)).state == season.state


def test_bad_input_at_a_race_prompt_gets_a_message_and_changes_nothing():
    season = Season(SeasonConfig(default_seats(2), season="1961", seed=6))
    in_race = lambda s: s.phase == "race"  # noqa: E731
    reader = Reader(season, ["gear 7 play 1", "draft body-1", "play", "999", "quit"], in_race)
    runner, out = session(season, reader)
    assert runner.run() == 0
    text = "\n".join(out)
    assert "Not allowed: gear 7 does not exist" in text
    assert "Not allowed: Red must choose a gear and cards now" in text
    assert "Not allowed: 'play' needs the cards to play. Steps 1-2: choose your gear and cards" in text
    assert "gear 0" not in text  # 'play' alone was a Plan of gear 0
    assert "There is no option 999" in text
    assert "Abandoned (give a save file to be able to resume)." in text
    race = season.race
    assert race is not None
    assert race.round == 1
    assert race.cars[0].plan is None
    assert all(seat != 0 for seat, _ in race.decisions)


def test_a_tournament_season_takes_play_cards_at_the_prompt():
    season = Season(SeasonConfig(default_seats(2, legends=1), season="1961", seed=7, tournament=True))

    def first_plan(s: Season) -> str:
        plan = s.legal_decisions(0)[-1]
        assert isinstance(plan, Plan)
        return "play " + " ".join(plan.cards)

    typed: list[str] = []

    def read(prompt: str) -> str:
        if season.phase == "race" and season.race is not None and season.race.phase == "plan":
            if len(typed) == 1:
                return "quit"
            typed.append(first_plan(season))
            return typed[-1]
        return season.legal_decisions(0)[0].text()

    runner, out = session(season, read)
    runner.run()
    text = "\n".join(out)
    assert "Step 2 (Tournament mode): play 1 to 4 cards; their number is your new gear" in text
    race = season.race
    assert race is not None
    assert race.config.tournament
    (mine,) = [d for seat, d in race.decisions if seat == 0 and isinstance(d, Plan)]
    assert isinstance(mine, Plan)
    assert "play " + " ".join(mine.cards) == typed[0]
    assert mine.gear == len(mine.cards)


def test_the_session_saves_after_every_decision(tmp_path: Path):
    season = Season(SeasonConfig(default_seats(2, legends=1), season="1962", seed=9))
    save = tmp_path / "s.json"
    count = {"n": 0}

    def read(prompt: str) -> str:
        count["n"] += 1
        if count["n"] > 30:
            return "quit"
        saved = read_json(save) if save.exists() else {"decisions": []}
        assert len(saved["decisions"]) == len(season.decisions)  # saved before asking again
        return season.legal_decisions(0)[0].text()

    runner, out = session(season, read, save)
    runner.run()
    assert len(read_json(save)["decisions"]) == len(season.decisions) >= 30
    assert replay_season(read_json(save)).state == season.state
    assert f"Saved. Resume with: heat season resume {save}" in out


def test_an_automatic_save_that_fails_is_told_and_the_season_goes_on(tmp_path: Path):
    """The bots' first decisions were saved to a folder: IsADirectoryError before any input."""
    season = Season(SeasonConfig(default_seats(3, legends=1), season="1961", seed=5))
    folder = tmp_path / "adir"
    folder.mkdir()
    answers = iter(["1", "1", "quit", "quit"])
    runner, out = session(season, lambda prompt: next(answers), folder)
    assert runner.run() == 0
    text = "\n".join(out)
    assert [seat for seat, _ in season.decisions].count(0) == 2  # the season went on
    assert len(season.decisions) > 2  # the bots decided too, their saves failing as well
    assert text.count(f"Could not save the game to {folder}: it is a folder. The game goes on unsaved") == 1
    assert text.endswith(f"Abandoned: the game is not saved (saving to {folder} failed).")
    assert "Saved." not in text
    assert list(folder.iterdir()) == []


def test_a_final_save_that_fails_is_reported_and_the_exit_status_says_so(tmp_path: Path):
    """Issue 28: the end of a season was saved without a word when that failed, and the
    session ended with status 0."""
    played = Season(SeasonConfig(default_seats(2), season="1961", seed=3))
    rng = Rng(3)
    while not played.is_over:
        seat = played.to_decide()[0]
        legal = played.legal_decisions(seat)
        played.apply(seat, legal[rng.below(len(legal))])
    record = season_record(played)
    season = replay_season({**record, "decisions": record["decisions"][:-1]})  # up to its last decision
    folder = tmp_path / "adir"
    folder.mkdir()
    runner, out = session(season, lambda prompt: "1", folder)
    runner.bots = {1: RandomBot(1)} if season.to_decide() == (1,) else {}
    assert runner.run() == 1
    assert season.is_over
    assert out[-1] == f"Could not save the finished season to {folder}: it is a folder."
