"""Legends (L-*): an automated Legends car's turn, and where it moves this round."""

from __future__ import annotations

from heat.engine import board, content, mechanics
from heat.engine.car import Car
from heat.engine.content import LegendsCard, Track
from heat.engine.events import LegendsCardRevealed
from heat.engine.state import RaceState


def legend_target(
    track: Track,
    pos: int,
    finish: int,
    card: LegendsCard,
    color: str,
    pro: int,
    corner_limits: list[int],
    aggressive: bool,
) -> int:
    """The progress a Legend at ``pos`` aims for with ``card`` (before blocking).

    ``corner_limits`` are the Speed Limits with Road Conditions (OQ-L-4). Movement A past the
    Legends Line: Speed Limit + Diamond, never across a second Corner Line (L-9, L-10), or a third
    when it starts on a chevron space and ``aggressive`` (OQ-L-10). Movement B: Top Speed if it
    stays short of the Corner Line, else the Diamond space before it (L-12, L-13); on the last
    lap a finish line before the corner lets it run its Top Speed (OQ-L-3)."""
    spaces = track.spaces
    corners = track.corners
    lines = board.lines_ahead(tuple(corner.line_after for corner in corners), spaces, pos, 3)
    (first_line, first_index), (second_line, _), (third_line, _) = lines
    first = corners[first_index]
    diamond = card.diamond_of(color)
    legends_line = first_line - (first.line_after - first.legends_line_after)
    if pos > legends_line:  # A: between the Legends Line and the Corner Line (OQ-L-6)
        target = pos + corner_limits[first.number - 1] + diamond
        on_chevron = aggressive and first.chevron and (pos - 1) % spaces + 1 == first.line_after
        cap = third_line if on_chevron else second_line
        return min(target, cap)
    top = card.top(color) + pro  # L-17, OQ-L-9
    if pos + top <= first_line or first_line > finish:
        return pos + top
    return max(pos, first_line - diamond)


def legend_turn(race: RaceState, car: Car) -> None:
    """L-6 to L-16: reveal the round's Legends card if needed, then move A or B."""
    start = car.pos
    legends = content.legends_cards()
    if race.legends_card < 0:
        if not race.legends_deck:  # L-16
            race.legends_deck = list(range(len(legends)))
            race.rng.shuffle(race.legends_deck)
        race.legends_card = race.legends_deck.pop()
        if race.log is not None:
            race.log.append(LegendsCardRevealed(car.seat, legends[race.legends_card].number))
    limits = [mechanics.corner_limit(race, corner) for corner in race.setup.track.corners]
    target = legend_target(
        race.setup.track,
        car.pos,
        race.setup.finish,
        legends[race.legends_card],
        car.color,
        race.setup.config.pro_legends,
        limits,
        race.setup.config.aggressive_legends,
    )
    mechanics.move_to(race, car, target, "legend")
    if race.setup.config.first_lap_sponsors and race.lap_of(start) <= 1 < race.lap_of(car.pos):
        race.first_lap_count += 1  # a Legend takes its place in the line but no card (OQ-L-7)
