"""Previews of a turn before the player commits: Speed, landing place, corner Heat, spin-outs.

A pure module (no I/O, no state): each function takes a seat's view and a decision it is
considering, and returns a :class:`Preview` of the turn that decision leads to, computed exactly
over every order the player's draw deck may be in. The race is never touched; the rules of the
board, the reveal and the Road Conditions are the engine's own (``heat.engine.board``,
``heat.engine.reveal``, ``heat.engine.weather``), never restated here.

What the preview assumes, where the view leaves something open:

* **Flips.** Each + symbol (a Stress card played, each + of an Upgrade card, a Boost) turns up
  the next Basic card of the draw deck; other cards are discarded on the way (B-12.3, B-12.4).
  The deck's composition is ``view.me.deck_cards``; its order is unknown and every order is
  equally likely, so the values of several flips are drawn without replacement from the Basic
  cards of the deck. When the deck holds fewer Basic cards than there are flips, every one of
  them is flipped and the missing flips come from the reshuffled discard pile (B-15.1), whose
  composition a view does not give: each is taken as 1, 2, 3 or 4, equally likely. (A discard
  pile with no Basic card at all would add 0, OQ-B-3; the preview does not foresee that.)
* **Choice cards** (several Speed values, G-21) count their highest value.
* **The other cars** stay where they stand now: cars that move before this one in the round
  may change the blocking (B-3.7) the preview computes.
* **After the decision** the turn is taken to end: no further React symbol and no Slipstream
  unless the preview is of that decision. Optional React symbols are not foreseen; mandatory
  ones (Heat, Adjust Speed Limit) are, as they must be used before step 7 (G-23).

The landing place is where the car stands at the end of the turn: after a spin-out, the space
it is put back on behind the Corner Line (B-7.8, OQ-B-10).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from math import comb
from typing import Any, ClassVar

from heat.engine import Decision, EndReact, Plan, React, SeatView, Slipstream, track
from heat.engine import board as rules
from heat.engine.content import CardDef, RoadToken, Track, card_def, catalogue, weather_tokens
from heat.engine.reveal import gear_at_reveal, is_cluttered_play
from heat.engine.view import conditions_of
from heat.i18n import _, decimal, percent
from heat.record import Record

__all__ = [
    "HEAT_STEP",
    "Confirmation",
    "CornerRisk",
    "Preview",
    "confirmation_of",
    "confirmation_reason",
    "preview_decision",
    "preview_plan",
    "preview_react",
    "preview_slipstream",
    "speed_distribution",
]


class CornerRisk(Record):
    """One Corner Line the turn may cross, in crossing order."""

    corner: int
    """The corner's number."""
    limit: int
    """The Speed Limit that applies: printed + Road Conditions + Adjust Speed Limit of the cards
    (W-12, W-13, G-28, OQ-G-6)."""
    chance: float
    """Probability that the car crosses this Corner Line this turn and is checked there (a
    spin-out at an earlier corner stops it short, OQ-B-9)."""
    heat: float
    """Expected Heat paid at this corner, Overheat included (B-7.4, W-14); on a spin-out, the
    Heat left in the Engine (B-7.7)."""
    spin_chance: float
    """Probability of spinning out at this corner."""

    FIELDS: ClassVar[tuple[str, ...]] = ("corner", "limit", "chance", "heat", "spin_chance")
    __slots__ = ("chance", "corner", "heat", "limit", "spin_chance")

    def __init__(self, corner: int, limit: int, chance: float, heat: float, spin_chance: float) -> None:
        object.__setattr__(self, "corner", corner)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "chance", chance)
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "spin_chance", spin_chance)

    def field_values(self) -> tuple[Any, ...]:
        return (self.corner, self.limit, self.chance, self.heat, self.spin_chance)


class Preview(Record):
    """What a decision leads to, over every order of the draw deck."""

    speeds: tuple[tuple[int, float], ...]
    """(Speed, probability), sorted by Speed: the turn's Speed for step 7 (B-7.2)."""
    landing: tuple[tuple[int, int, float], ...]
    """(space, lap, probability) where the car stands at the end of the turn, in race order."""
    corners: tuple[CornerRisk, ...]
    heat_now: int
    """Heat still to pay for sure before the corners are checked: a two-gear shift, the cards'
    Heat symbols, a Boost (B-1.2, G-25, B-5.6). Heat already paid this turn is not counted."""
    expected_heat: float
    """``heat_now`` plus the expected Heat of the corners."""
    spin_chance: float
    """Probability of a spin-out this turn."""
    reasons: tuple[str, ...]
    """Why a cost is not the usual one, in words with the rule: a corner's Speed Limit changed by
    Road Conditions or the cards (W-12, W-13, G-28), an Overheat corner (W-14), a free Boost in a
    Heat control sector (W-16); corners the turn may cross only."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "speeds",
        "landing",
        "corners",
        "heat_now",
        "expected_heat",
        "spin_chance",
        "reasons",
    )
    __slots__ = ("corners", "expected_heat", "heat_now", "landing", "reasons", "speeds", "spin_chance")

    def __init__(
        self,
        speeds: tuple[tuple[int, float], ...],
        landing: tuple[tuple[int, int, float], ...],
        corners: tuple[CornerRisk, ...],
        heat_now: int,
        expected_heat: float,
        spin_chance: float,
        reasons: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "speeds", speeds)
        object.__setattr__(self, "landing", landing)
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "heat_now", heat_now)
        object.__setattr__(self, "expected_heat", expected_heat)
        object.__setattr__(self, "spin_chance", spin_chance)
        object.__setattr__(self, "reasons", reasons)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.speeds,
            self.landing,
            self.corners,
            self.heat_now,
            self.expected_heat,
            self.spin_chance,
            self.reasons,
        )

    def summary(self) -> str:
        """One line, e.g. ``Speed 7-10 (7: 10%, 8: 40%, 9: 30%, 10: 20%), lands 18-21, corner 2:
        1.2 Heat, spin 10%``."""
        parts = [_speed_text(self.speeds), _landing_text(self.landing)]
        if self.heat_now:
            parts.append(_("{heat} Heat first", heat=self.heat_now))
        for risk in self.corners:
            heat = amount_text(risk.heat)
            if risk.chance >= 1.0:
                parts.append(_("corner {corner}: {heat} Heat", corner=risk.corner, heat=heat))
            else:
                chance = percent_text(risk.chance)
                parts.append(_("corner {corner} ({chance}): {heat} Heat", corner=risk.corner, chance=chance, heat=heat))
        parts.append(_("spin {chance}", chance=percent_text(self.spin_chance)))
        return ", ".join(parts)


# ------------------------------------------------------------------------------ the + process


def _card(card_id: str) -> CardDef:
    try:
        return card_def(card_id)
    except KeyError:
        raise ValueError(f"unknown card {card_id!r}") from None


@cache
def _basic_values() -> tuple[int, ...]:
    """The values a Basic card may have (1 to 4), for flips from an unknown discard pile."""
    return tuple(sorted(card.speeds[0] for card in catalogue().cards if card.is_basic))


def _flip_weights(deck_cards: Iterable[str], flips: int) -> dict[int, int]:
    """The sum of ``flips`` + flips, as {sum: weight}; the weights add up to the number of
    equally likely cases. Without replacement from the deck's Basic cards; beyond them, each
    flip is any Basic value from the reshuffled discard pile, as likely each (module doc)."""
    if flips < 0:
        raise ValueError(f"flips must be 0 or more, not {flips}")
    copies: dict[int, int] = {}
    for card_id in deck_cards:
        card = _card(card_id)
        if card.is_basic:
            copies[card.speeds[0]] = copies.get(card.speeds[0], 0) + 1
    take = min(flips, sum(copies.values()))
    # Every set of `take` Basic cards is as likely to be the first ones turned up: count the
    # sets by (cards taken, sum), value by value.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, count in copies.items():
        grown: dict[tuple[int, int], int] = {}
        for (taken, total), weight in ways.items():
            for extra in range(min(count, take - taken) + 1):
                key = (taken + extra, total + extra * value)
                grown[key] = grown.get(key, 0) + weight * comb(count, extra)
        ways = grown
    sums = {total: weight for (taken, total), weight in ways.items() if taken == take}
    for _flip in range(flips - take):  # B-15.1: from the reshuffled discard pile
        spread: dict[int, int] = {}
        for total, weight in sums.items():
            for value in _basic_values():
                spread[total + value] = spread.get(total + value, 0) + weight
        sums = spread
    return sums


def speed_distribution(deck_cards: Sequence[str], fixed: int, flips: int) -> tuple[tuple[int, float], ...]:
    """(Speed, probability) pairs, sorted by Speed, of ``fixed`` plus ``flips`` + flips from a
    draw deck of these cards in an unknown order (B-12.4; see the module doc for flips beyond
    the deck's Basic cards)."""
    weights = _flip_weights(deck_cards, flips)
    total = sum(weights.values())
    return tuple((fixed + value, weight / total) for value, weight in sorted(weights.items()))


# ------------------------------------------------------------------------------ the board


class _Board(Record):
    """What the preview needs of the race: the track, the other cars, the limits and the
    Engine when the corners come. Positions are progress values, as in the engine; every rule of
    the board is the engine's own (``heat.engine.board``)."""

    track: Track
    finish: int
    occupancy: tuple[int, ...]
    """The other cars' spots, as ``board.place`` reads them (B-3.7)."""
    limits: dict[int, int]
    """Speed Limit by corner number, with Road Conditions and Adjust Speed Limit."""
    overheat: dict[int, int]
    """Extra Heat by corner number for an Overheat token (W-14)."""
    start: int
    """Where the turn began: Corner Lines are counted from here (B-7.1)."""
    pos: int
    """Where the car stands now."""
    notes: dict[int, tuple[str, ...]]
    """Corner number -> why its limit or cost is not the printed one (``Preview.reasons``)."""
    free_boost: bool
    """The car stands in a Heat control sector: a Boost costs no Heat (W-16, OQ-W-5)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "track",
        "finish",
        "occupancy",
        "limits",
        "overheat",
        "start",
        "pos",
        "notes",
        "free_boost",
    )
    __slots__ = ("finish", "free_boost", "limits", "notes", "occupancy", "overheat", "pos", "start", "track")

    def __init__(
        self,
        track: Track,
        finish: int,
        occupancy: tuple[int, ...],
        limits: dict[int, int],
        overheat: dict[int, int],
        start: int,
        pos: int,
        notes: dict[int, tuple[str, ...]],
        free_boost: bool,
    ) -> None:
        object.__setattr__(self, "track", track)
        object.__setattr__(self, "finish", finish)
        object.__setattr__(self, "occupancy", occupancy)
        object.__setattr__(self, "limits", limits)
        object.__setattr__(self, "overheat", overheat)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "free_boost", free_boost)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.track,
            self.finish,
            self.occupancy,
            self.limits,
            self.overheat,
            self.start,
            self.pos,
            self.notes,
            self.free_boost,
        )

    def space_of(self, pos: int) -> int:
        return rules.space_of(pos, self.track.spaces)

    def _place(self, target: int, floor: int) -> int:
        track = self.track
        return rules.place(self.occupancy, track.spots_per_space, track.raceline, track.spaces, target, floor)[0]

    def move(self, start: int, spaces: int) -> int:
        """Move forward from ``start`` with blocking: the nearest space at or behind the target
        with a free spot, never back to or behind ``start`` (B-3.4 to B-3.7)."""
        return self._place(start + spaces, start)

    def spin_place(self, line: int) -> int:
        """Where a car that spun out at the Corner Line after progress ``line`` is put: the
        nearest space behind the line with a free spot (B-7.8, OQ-B-10)."""
        return self._place(line, line - self.track.spaces)

    def crossed(self, end: int) -> list[tuple[int, int]]:
        """Corner Lines crossed from the start of the turn to ``end``, in order, as (line
        progress, corner number); lines at or past the finish line are ignored (B-7.5, B-16.5).
        A car blocked back behind a line has not crossed it (OQ-B-2)."""
        track = self.track
        crossed = rules.lines_crossed(track.corner_lines, track.spaces, self.start, end, self.finish)
        return [(line, track.corners[index].number) for line, index in crossed]


@cache
def _road_token_defs() -> dict[str, RoadToken]:
    return {token.id: token for token in weather_tokens()[1]}


def _board(view: SeatView, adjust: int, *, in_turn: bool) -> _Board:
    """The board for ``view``'s own car. ``adjust`` is the Adjust Speed Limit of cards not yet
    counted in the view; ``in_turn``: the viewer's turn is under way (React, Slipstream), so it
    began at ``view.turn``'s start and its Adjust Speed Limit so far counts."""
    me = view.me
    if me is None:
        raise ValueError("a spectator has no car to preview")
    board = track(view.track)
    spaces = board.spaces
    turn = view.turn if view.turn is not None and view.turn.seat == me.seat else None
    if in_turn and turn is None:
        raise ValueError(f"it is not {me.name}'s turn: there is no React or Slipstream to preview")
    others = [(car.seat, car.space, car.lane) for car in view.cars if car.on_track and car.seat != me.seat]
    occupancy = tuple(rules.occupancy_of(spaces, board.spots_per_space, others))
    counted = turn.speed_limit_adjust if turn is not None else 0  # the view's limits hold it
    if in_turn and turn is not None:
        adjust += turn.speed_limit_adjust
    limits = {corner.number: corner.speed_limit - counted + adjust for corner in view.corners}
    conditions = conditions_of(view)
    overheat = {
        corner.number: conditions.corner_overheat[corner.number - 1] if conditions else 0 for corner in view.corners
    }
    pos = me.progress
    start = turn.start_progress if in_turn and turn is not None else pos
    free_boost = conditions is not None and conditions.free_boost[me.space]
    notes = {
        corner.number: _corner_notes(corner.number, corner.printed_limit, limits[corner.number], corner.road, adjust)
        for corner in view.corners
    }
    return _Board(board, view.laps * spaces, occupancy, limits, overheat, start, pos, notes, free_boost)


def _corner_notes(number: int, printed: int, limit: int, road: str | None, adjust: int) -> tuple[str, ...]:
    """Why corner ``number``'s limit is ``limit`` and not ``printed``, and its Overheat."""
    token = _road_token_defs().get(road or "")
    notes = []
    causes = []
    if token is not None and token.limit:
        causes.append(f"{_(token.name)} ({'W-12' if token.limit > 0 else 'W-13'})")
    if adjust:
        causes.append(_("your cards {amount} (G-28)", amount=f"{adjust:+d}"))
    if limit != printed:
        note = _("corner {corner}: limit {limit}, printed {printed}", corner=number, limit=limit, printed=printed)
        notes.append(f"{note}: {', '.join(causes)}" if causes else note)
    if token is not None and token.overheat:
        notes.append(
            _(
                "corner {corner}: Overheat, {heat} more Heat if over the limit (W-14)",
                corner=number,
                heat=token.overheat,
            )
        )
    return tuple(notes)


# ------------------------------------------------------------------------------ outcomes


def _preview(
    board: _Board,
    outcomes: Sequence[tuple[int, int, int]],
    heat_now: int,
    engine: int,
    reasons: tuple[str, ...] = (),
) -> Preview:
    """Fold (weight, Speed, progress after the moves) outcomes into a Preview. ``engine`` is the
    Heat in the Engine when the corners are checked (B-7); ``reasons`` come before the corners'."""
    total = sum(weight for weight, _, _ in outcomes)
    speeds: dict[int, int] = {}
    landing: dict[int, int] = {}
    reached: dict[tuple[int, int], int] = {}
    paid: dict[tuple[int, int], int] = {}
    spun: dict[tuple[int, int], int] = {}
    spins = 0
    for weight, speed, end in outcomes:
        speeds[speed] = speeds.get(speed, 0) + weight
        left = engine
        final = end
        for line, number in board.crossed(end):  # B-7.5: each line in the order crossed
            key = (line, number)
            reached[key] = reached.get(key, 0) + weight
            cost = rules.corner_cost(speed, board.limits[number], board.overheat[number])  # B-7.4, W-14
            if cost > left:  # B-7.7: pay what is left and spin out; later lines are not reached
                paid[key] = paid.get(key, 0) + weight * left
                spun[key] = spun.get(key, 0) + weight
                spins += weight
                final = board.spin_place(line)
                break
            left -= cost
            paid[key] = paid.get(key, 0) + weight * cost
        landing[final] = landing.get(final, 0) + weight
    corners = tuple(
        CornerRisk(
            corner=key[1],
            limit=board.limits[key[1]],
            chance=reached[key] / total,
            heat=paid.get(key, 0) / total,
            spin_chance=spun.get(key, 0) / total,
        )
        for key in sorted(reached)
    )
    spaces = board.track.spaces
    return Preview(
        speeds=tuple((speed, weight / total) for speed, weight in sorted(speeds.items())),
        landing=tuple(
            ((pos - 1) % spaces + 1, (pos - 1) // spaces + 1, weight / total) for pos, weight in sorted(landing.items())
        ),
        corners=corners,
        heat_now=heat_now,
        expected_heat=heat_now + sum(paid.values()) / total,
        spin_chance=spins / total,
        reasons=reasons + tuple(note for risk in corners for note in board.notes.get(risk.corner, ())),
    )


def _flip_outcomes(
    board: _Board, deck_cards: Sequence[str], base_speed: int, fixed: int, flips: int
) -> list[tuple[int, int, int]]:
    """One move of ``fixed`` plus ``flips`` + flips from where the car stands: (weight, turn
    Speed, progress after the move) for each sum the flips may give."""
    return [
        (weight, base_speed + fixed + value, board.move(board.pos, fixed + value))
        for value, weight in sorted(_flip_weights(deck_cards, flips).items())
    ]


def _deck(view: SeatView) -> tuple[str, ...]:
    me = view.me
    assert me is not None  # _board refused a spectator
    return me.deck_cards or ()


def reveal_of(view: SeatView, plan: Plan, cards: Sequence[CardDef] | None = None) -> tuple[int, bool]:
    """The Heat the gear change of ``plan`` (a legal plan of the viewer) costs at once, and whether
    it plays a cluttered hand (B-14: Heat cards, too few cards, Upgrades whose Heat the Engine
    cannot pay), which does not move: the engine's own rules of the reveal. ``cards`` are the
    plan's card definitions, for a caller that has already read them."""
    me = view.me
    assert me is not None
    if cards is None:
        cards = [_card(card_id) for card_id in plan.cards]
    gear, engine = gear_at_reveal(me.gear, me.engine, plan.gear, len(cards), view.tournament)  # B-1.2, T-2
    heat_cards = sum(1 for card in cards if card.type == "heat")
    cluttered = is_cluttered_play(heat_cards, len(cards), gear, sum(card.heat for card in cards), engine)
    return me.engine - engine, cluttered


def preview_plan(view: SeatView, plan: Plan) -> Preview:
    """The turn that ``plan`` leads to (steps 1 to 3 and 7), from the viewer's plan-phase view:
    the gear shift, the reveal with its Stress and + flips, the move, the corners."""
    board = _board(view, sum(_card(card_id).adjust for card_id in plan.cards), in_turn=False)
    me = view.me
    assert me is not None
    cards = [_card(card_id) for card_id in plan.cards]
    heat_now, cluttered = reveal_of(view, plan, cards)
    if cluttered:
        # B-14, OQ-B-6: a cluttered hand does not move and resolves nothing (its Upgrades'
        # Heat, which the Engine cannot pay, included).
        return _preview(board, [(1, 0, board.pos)], heat_now, max(0, me.engine - heat_now))
    fixed = 0
    flips = 0
    for card in cards:
        if card.type == "stress":
            flips += 1  # B-3.2, B-12.3
        else:
            fixed += max(card.speeds, default=0)  # G-19; G-21: the highest value of a choice card
            flips += card.plus  # G-20
            heat_now += card.heat  # G-25: mandatory, paid in React before the corners
    engine = max(0, me.engine - heat_now)
    return _preview(board, _flip_outcomes(board, _deck(view), 0, fixed, flips), heat_now, engine)


def preview_react(view: SeatView, decision: React | EndReact) -> Preview:
    """The turn if the player uses ``decision`` in step 5 and then ends React without a
    Slipstream: Boost (B-5.6), Adrenaline's +1 (B-4.4), Direct Play (G-35, OQ-G-4), Accelerate
    (G-36, OQ-G-5) move the car; a Cooldown returns Heat to the Engine first (B-5.3); anything
    else previews the turn as it stands. The mandatory Heat and Adjust Speed Limit symbols still
    to use count (G-23)."""
    me = view.me
    if me is None:
        raise ValueError("a spectator has no car to preview")
    turn = view.turn
    if turn is None or turn.seat != me.seat:
        raise ValueError(f"it is not {me.name}'s turn: there is no React to preview")
    pending_heat = sum(amount for symbol, amount, _ in turn.symbols if symbol == "heat")
    adjust = sum(amount for symbol, amount, _ in turn.symbols if symbol == "adjust")
    direct = _card(decision.source) if isinstance(decision, React) and decision.symbol == "direct" else None
    if direct is not None:
        adjust += direct.adjust
        pending_heat += direct.heat
    board = _board(view, adjust, in_turn=True)
    heat_now = pending_heat
    engine = me.engine
    outcomes = [(1, turn.speed, board.pos)]
    reasons: tuple[str, ...] = ()
    if isinstance(decision, React):
        symbol = decision.symbol
        if symbol == "boost":
            if board.free_boost:
                reasons = ("Boost: no Heat in a Heat control sector (W-16)",)
            else:
                heat_now += 1  # B-5.6; W-16: free in a Heat control sector
            # B-5.9, OQ-G-5: the Basic card flipped, +1 per Accelerate used.
            outcomes = _flip_outcomes(board, _deck(view), turn.speed, turn.accelerate, 1)
        elif symbol == "move":  # Adrenaline's +1 (B-4.4, B-4.6)
            outcomes = [(1, turn.speed + 1, board.move(board.pos, 1))]
        elif symbol == "accelerate":  # G-36, OQ-G-5: +1 Speed and space per + symbol so far
            outcomes = [(1, turn.speed + turn.plus_used, board.move(board.pos, turn.plus_used))]
        elif direct is not None:  # the engine counts a card's single Speed value
            fixed = (direct.speed or 0) + direct.plus * turn.accelerate
            outcomes = _flip_outcomes(board, _deck(view), turn.speed, fixed, direct.plus)
        elif symbol == "cooldown":
            engine += decision.amount
    return _preview(board, outcomes, heat_now, max(0, engine - heat_now), reasons)


def preview_slipstream(view: SeatView, decision: Slipstream) -> Preview:
    """The turn if the player takes (or not) the Slipstream of ``decision``: the car moves its
    spaces with blocking and the Speed stays (B-6.3 to B-6.5); every Corner Line the whole turn
    crossed is checked (B-6.7)."""
    board = _board(view, 0, in_turn=True)
    me = view.me
    turn = view.turn
    assert me is not None and turn is not None
    heat_now = sum(amount for symbol, amount, _ in turn.symbols if symbol == "heat")
    end = board.move(board.pos, decision.spaces) if decision.take else board.pos
    return _preview(board, [(1, turn.speed, end)], heat_now, max(0, me.engine - heat_now))


def preview_decision(view: SeatView, decision: Decision) -> Preview | None:
    """The preview of ``decision`` from ``view``: a plan, a React symbol or its end, a
    Slipstream; None for a decision without one, or when the view has no turn of the viewer's
    to preview it in."""
    try:
        if isinstance(decision, Plan):
            return preview_plan(view, decision)
        if isinstance(decision, React | EndReact):
            return preview_react(view, decision)
        if isinstance(decision, Slipstream):
            return preview_slipstream(view, decision)
    except ValueError:
        return None
    return None


HEAT_STEP = 0.05
"""Expected Heat below this is not worth a question: a tenth of a Heat, as previews print it."""


def _alternative(decision: Decision) -> tuple[Decision | None, str]:
    """What the player would do instead of ``decision``, for the Heat it costs, and its words:
    nothing for a plan (no Heat), ending React now for a React symbol, no Slipstream for a
    Slipstream; ending React or not slipstreaming is its own alternative."""
    if isinstance(decision, React | EndReact):
        return EndReact(), "'done'" if isinstance(decision, React) else ""
    if isinstance(decision, Slipstream):
        return Slipstream(False), "'no slipstream'" if decision.take else ""
    return None, ""


class Confirmation(Record):
    """Why a player is asked before ``decision`` is applied: every client asks on the same
    grounds (``confirmation_of``) and words the question its own way."""

    decision: Decision
    preview: Preview
    """The decision's preview (its spin-out chance and its expected Heat)."""
    extra_heat: float
    """Expected Heat it adds to the bill: all of the preview's for a plan; for a React symbol or
    a Slipstream, beyond doing nothing more instead (``alternative``); never negative."""
    alternative: str
    """Doing nothing more instead, in words (``'done'``, ``'no slipstream'``); empty for a plan
    and for a decision that is itself the alternative."""
    compared: bool
    """The bill is compared with doing nothing more (React, Slipstream), not with nothing."""

    FIELDS: ClassVar[tuple[str, ...]] = ("decision", "preview", "extra_heat", "alternative", "compared")
    __slots__ = ("alternative", "compared", "decision", "extra_heat", "preview")

    def __init__(
        self, decision: Decision, preview: Preview, extra_heat: float, alternative: str, compared: bool
    ) -> None:
        object.__setattr__(self, "decision", decision)
        object.__setattr__(self, "preview", preview)
        object.__setattr__(self, "extra_heat", extra_heat)
        object.__setattr__(self, "alternative", alternative)
        object.__setattr__(self, "compared", compared)

    def field_values(self) -> tuple[Any, ...]:
        return (self.decision, self.preview, self.extra_heat, self.alternative, self.compared)

    @property
    def certain_spin(self) -> bool:
        """The preview says the car spins out whatever the deck holds."""
        return self.preview.spin_chance >= 1

    def reason(self) -> str:
        """Why to confirm, in words: ``may spin out (12%) and costs about 1.5 Heat more than
        'done'``."""
        reasons = []
        if self.certain_spin:
            reasons.append(_("spins out"))
        elif self.preview.spin_chance > 0:
            reasons.append(_("may spin out ({chance})", chance=percent_text(self.preview.spin_chance)))
        if self.extra_heat >= HEAT_STEP:
            heat = amount_text(self.extra_heat)
            exact = float(self.extra_heat).is_integer()
            if self.alternative:
                reasons.append(
                    _("costs {heat} Heat more than {instead}", heat=heat, instead=self.alternative)
                    if exact
                    else _("costs about {heat} Heat more than {instead}", heat=heat, instead=self.alternative)
                )
            else:
                reasons.append(_("costs {heat} Heat", heat=heat) if exact else _("costs about {heat} Heat", heat=heat))
        return _(" and ").join(reasons)


def confirmation_of(view: SeatView, decision: Decision, before: SeatView | None = None) -> Confirmation | None:
    """Whether to ask before ``decision`` is applied from ``view``: when the turn it leads to may
    spin out (B-7.7) or it costs more Heat than doing nothing more (a plan: any Heat; a React
    symbol: more than ending React now; a Slipstream: more than not taking it). ``before``: the
    view from which that alternative is taken (a client that holds React choices back and
    commits them together compares with ending React before the first of them). None: nothing
    to ask, or no preview for this decision (discards, Refresh, drafts...)."""
    preview = preview_decision(view, decision)
    if preview is None:
        return None
    instead, words = _alternative(decision)
    base = preview_decision(before or view, instead) if instead is not None else None
    extra = preview.expected_heat - (base.expected_heat if base is not None else 0.0)
    if preview.spin_chance <= 0 and extra < HEAT_STEP:
        return None
    return Confirmation(decision, preview, max(0.0, extra), words, compared=instead is not None)


def confirmation_reason(view: SeatView, decision: Decision, before: SeatView | None = None) -> str | None:
    """Why a player should confirm ``decision`` before it is applied, in words, or None
    (``confirmation_of``)."""
    confirmation = confirmation_of(view, decision, before)
    return None if confirmation is None else confirmation.reason()


# ------------------------------------------------------------------------------ words


def percent_text(chance: float) -> str:
    """A chance as a whole percent; never "0%" or "100%" for a chance that is neither."""
    if 0 < chance < 0.005:
        return "<" + percent(0.01)
    if 0.995 <= chance < 1:
        return ">" + percent(0.99)
    return percent(chance)


def amount_text(value: float) -> str:
    """An amount with one decimal, without a trailing ".0"."""
    return decimal(value, 1)


def _speed_text(speeds: tuple[tuple[int, float], ...]) -> str:
    if len(speeds) == 1:
        return _("Speed {speed}", speed=speeds[0][0])
    chances = ", ".join(f"{speed}: {percent_text(chance)}" for speed, chance in speeds)
    return _("Speed {low}-{high} ({chances})", low=speeds[0][0], high=speeds[-1][0], chances=chances)


def _landing_text(landing: tuple[tuple[int, int, float], ...]) -> str:
    first, last = landing[0], landing[-1]
    if first[:2] == last[:2]:
        return _("lands {space}", space=first[0])
    if first[1] == last[1]:
        return _("lands {first}-{last}", first=first[0], last=last[0])
    return _(
        "lands {first} (lap {first_lap})-{last} (lap {last_lap})",
        first=first[0],
        first_lap=first[1],
        last=last[0],
        last_lap=last[1],
    )
