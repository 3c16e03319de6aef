"""Golden transcripts: a few seeded races played by RandomBots, narrated line by line.

A rule change shows up as a readable diff. Regenerate after an intended change with:

    .venv/bin/python tests/golden/transcripts.py
"""

from __future__ import annotations

from pathlib import Path

from heat.bots import RandomBot, play_out
from heat.engine import Race, RaceConfig, default_seats
from heat.narrate import describe

HERE = Path(__file__).parent
CASES = {
    "usa-4cars-seed1": ("usa", 4, 1, 1),
    "italia-2cars-seed7": ("italia", 2, 7, 1),
    "great-britain-6cars-seed3": ("great-britain", 6, 3, 1),
    "france-3cars-seed5-full": ("france", 3, 5, None),
}


def transcript(track: str, cars: int, seed: int, laps: int | None) -> str:
    """The narrated race, with every private card shown (an omniscient log)."""
    race = Race(RaceConfig(default_seats(cars), track=track, laps=laps, seed=seed))
    play_out(race, {seat: RandomBot(seed * 100 + seat) for seat in range(cars)})
    names = [car.name for car in race.cars]
    lines = [f"# {track}, {cars} cars, seed {seed}, {race.laps} lap(s)"]
    for event in race.log or []:
        text = describe(event, names, race.laps)
        if text:
            lines.append(text)
    return "\n".join(lines) + "\n"


def main() -> None:
    for name, case in CASES.items():
        (HERE / f"{name}.txt").write_text(transcript(*case), encoding="utf-8")
        print(f"wrote {name}.txt")


if __name__ == "__main__":
    main()
