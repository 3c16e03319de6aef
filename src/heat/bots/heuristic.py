"""HeuristicBot: plans gear and cards to reach corners at their limit, manages Heat and Stress.

It looks only at its seat's view and the legal decisions. Every plan is scored by the distance it
is expected to cover against the Heat it is expected to cost, over the distribution of the cards
its Stress and + symbols may flip; a spin-out costs a lot. React, slipstream, discards and the
Garage's choices follow simple rules that a careful player would use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from heat.engine import Decision, Discard, EndReact, Plan, React, SeatView, Slipstream, track
from heat.engine import board as rules
from heat.engine.content import CardDef, Track, card_def
from heat.engine.decisions import ChooseSpeed, Draft, Keep, Refresh, Salvage, Swap
from heat.engine.frozen import Frozen
from heat.engine.rng import Rng
from heat.engine.view import conditions_of
from heat.preview import reveal_of

if TYPE_CHECKING:  # the season code loads only for a season (issue 28)
    from heat.engine.championship import SeasonView

FLIP_VALUES = ((1, 0.25), (2, 0.25), (3, 0.25), (4, 0.25))
"""An unknown Basic card: 1 to 4, as likely each (the 12 Basic cards of a deck)."""

SPIN_PENALTY = 25.0
"""What a spin-out costs, in spaces: Heat gone, Stress in hand, 1st gear."""
CLUTTER_PENALTY = 12.0
"""What a cluttered hand costs: a round without moving (B-14)."""
CLUTTERED_PLAY = -100.0
"""The base score of a cluttered hand's play, below every play that moves (B-14.2)."""
HELD_CLEARED = 0.01
"""Worth of an Upgrade the Engine cannot pay that a cluttered hand's play clears from the hand."""
HELD_KEPT = 0.0001
"""Per point of ``upgrade_worth``, what keeping a card in hand, rather than clearing it with a
cluttered hand's play, is worth: only enough to choose between plays that clear as many."""


def card(card_id: str) -> CardDef:
    """The definition of a card."""
    return card_def(card_id)


def upgrade_worth(card_id: str) -> float:
    """A rough worth of an Upgrade card for a race, in spaces."""
    c = card(card_id)
    if c.becomes:
        return -2.0
    speed = sum(c.speeds) / len(c.speeds) if c.speeds else 0.0
    value = speed + 2.5 * c.plus - 2.0 * c.heat - 0.3 * c.scrap + 1.2 * c.cooldown + 0.6 * c.slipstream
    value += 0.7 * c.reduce_stress + 1.5 * c.adjust + 1.0 * c.refresh + 0.8 * c.salvage + 1.0 * c.direct
    value += 1.0 if len(c.speeds) > 1 else 0.0
    return value - 2.5


def held_cleared(cards: Sequence[CardDef], engine: int) -> float:
    """What a cluttered hand's play of ``cards`` gains by the cards other than Heat and Stress that
    it clears from the hand, ``engine`` being the Heat the Engine holds once the play's two-gear
    shift is paid (B-1.2; the car starts the next round with that much): ``HELD_CLEARED`` for each
    Upgrade that Engine cannot pay (OQ-G-3), so the play that clears most of those is preferred,
    less ``HELD_KEPT`` per point of each card's ``upgrade_worth``, so that among plays that clear
    as many the best cards stay in hand and no play throws away an Upgrade the Engine can pay. A
    tie-break only, small in spaces (the heuristic) or in rounds (the planners) alike."""
    cleared = [c for c in cards if c.type not in ("heat", "stress")]
    unpayable = sum(1 for c in cleared if c.heat > engine)
    return HELD_CLEARED * unpayable - HELD_KEPT * sum(upgrade_worth(c.id) for c in cleared)


class Weights(Frozen):
    """The bot's taste; difficulty levels change these."""

    heat: float
    """Spaces one Heat card is worth when the Engine is comfortable (early in the race)."""
    scarce_heat: float
    """Extra worth of Heat as the Engine empties."""
    cooldown: float
    stress: float
    """Worth of getting a Stress card out of the hand."""
    noise: float
    """Random spread added to every score (a gentler driver)."""
    foresight: float
    """Weight of what the next turn can make of where this one ends."""
    cleared_heat: float
    """Worth of a Heat card that a cluttered hand's play clears to the discard pile (B-14.4): less
    than a Cooldown's, since a Heat card kept in hand is cooled back into the Engine in 1st gear."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "heat",
        "scarce_heat",
        "cooldown",
        "stress",
        "noise",
        "foresight",
        "cleared_heat",
    )
    __slots__ = ("cleared_heat", "cooldown", "foresight", "heat", "noise", "scarce_heat", "stress")

    def __init__(
        self,
        heat: float = 0.5,
        scarce_heat: float = 1.0,
        cooldown: float = 1.1,
        stress: float = 0.8,
        noise: float = 0.0,
        foresight: float = 0.2,
        cleared_heat: float = 0.5,
    ) -> None:
        object.__setattr__(self, "heat", heat)
        object.__setattr__(self, "scarce_heat", scarce_heat)
        object.__setattr__(self, "cooldown", cooldown)
        object.__setattr__(self, "stress", stress)
        object.__setattr__(self, "noise", noise)
        object.__setattr__(self, "foresight", foresight)
        object.__setattr__(self, "cleared_heat", cleared_heat)

    def field_values(self) -> tuple[Any, ...]:
        return (self.heat, self.scarce_heat, self.cooldown, self.stress, self.noise, self.foresight, self.cleared_heat)


def progress_of(view: SeatView, seat: int) -> int:
    """A car's progress: laps and spaces in one number (0 and below on the grid)."""
    return view.cars[seat].progress


def lines_ahead(board: Track, start: int, end: int, finish: int) -> list[tuple[int, int]]:
    """Corner Lines crossed between progress ``start`` and ``end`` (before the finish), as
    (line progress, corner number): the engine's ``board.lines_crossed``."""
    corners = board.corners
    crossed = rules.lines_crossed(board.corner_lines, board.spaces, start, end, finish)
    return [(line, corners[index].number) for line, index in crossed]


def corner_bill(
    board: Track, start: int, end: int, finish: int, speed: int,
    limits: dict[int, int], extra: dict[int, int], engine: int,
) -> tuple[int, int, bool]:  # fmt: skip
    """What the Corner Lines crossed between ``start`` and ``end`` cost at ``speed`` (the
    engine's ``board.corner_cost`` over each corner's limit in ``limits``, plus its Overheat in
    ``extra``: B-7.4, W-14), paid from ``engine`` Heat cards: (Heat paid, Heat left, spun out).
    The car spins out at the first corner it cannot pay; the ones after it are not counted."""
    cost = 0
    for _, number in lines_ahead(board, start, end, finish):
        over = rules.corner_cost(speed, limits[number], extra.get(number, 0))
        if over > 0:
            if over > engine:
                return cost, engine, True
            engine -= over
            cost += over
    return cost, engine, False


class HeuristicBot:
    """A rule-based driver that plans each turn for distance against Heat."""

    def __init__(self, seed: int = 0, name: str = "heuristic", weights: Weights | None = None) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.weights = weights or Weights()
        self.eliminating = False

    # ------------------------------------------------------------------ dispatch

    def choose(self, view: SeatView | SeasonView, legal: Sequence[Decision]) -> Decision:
        """The decision this driver likes best among ``legal``."""
        if not legal:
            raise ValueError("HeuristicBot was asked to choose with no legal decision")
        if len(legal) == 1:
            return legal[0]
        if isinstance(view, SeatView):
            self.eliminating = view.spin_out_eliminates
        first = legal[0]
        if isinstance(first, Draft):
            return max(legal, key=lambda d: upgrade_worth(d.card) if isinstance(d, Draft) else 0.0)
        if isinstance(first, Swap):
            return max(legal, key=self._swap_value)
        if isinstance(first, Keep):
            return max(legal, key=lambda d: upgrade_worth(d.card) if isinstance(d, Keep) else 0.0)
        assert isinstance(view, SeatView)
        if isinstance(first, Plan):
            return self._best(legal, lambda d: self.plan_value(view, d))
        if isinstance(first, ChooseSpeed):
            return self._best(legal, lambda d: self._choice_value(view, d))
        if isinstance(first, Slipstream):
            return self._best(legal, lambda d: self._slipstream_value(view, d))
        if isinstance(first, Discard):
            return self._discard(view, legal)
        if isinstance(first, Refresh):
            return max(legal, key=lambda d: len(d.cards) if isinstance(d, Refresh) else 0)
        return self._react(view, legal)

    def _best(self, legal: Sequence[Decision], score: object) -> Decision:
        assert callable(score)
        noise = self.weights.noise
        best = legal[0]
        best_score = float("-inf")
        for decision in legal:
            value = float(score(decision))
            if noise:
                value += (self.rng.below(1000) / 1000.0 - 0.5) * noise
            if value > best_score:
                best, best_score = decision, value
        return best

    # ------------------------------------------------------------------ turn scoring

    def _heat_worth(self, engine: int, near_finish: bool, remaining: float = 1.0) -> float:
        """Spaces one Heat card is worth: less as the race nears its end, more as the Engine empties."""
        if near_finish:
            return 0.2
        return 0.3 + self.weights.heat * remaining + self.weights.scarce_heat / (engine + 1) ** 2

    def _outcome(
        self,
        view: SeatView,
        speeds: list[tuple[int, float]],
        engine: int,
        adjust: int,
        extra_move: int = 0,
        gear: int = 0,
        hand: Sequence[str] = (),
    ) -> float:
        """Expected worth of moving at each Speed in ``speeds`` (with probabilities): distance
        against the Heat the corners cost, a spin-out if the Engine cannot pay."""
        me = view.me
        assert me is not None and view.seat is not None
        gear = gear or me.gear
        board = track(view.track)
        pos = progress_of(view, view.seat)
        finish = view.laps * board.spaces
        limits = {c.number: c.speed_limit - (view.turn.speed_limit_adjust if view.turn else 0) for c in view.corners}
        extra = overheat(view)
        adjusted = {number: limit + adjust for number, limit in limits.items()}
        total = 0.0
        for speed, chance in speeds:
            end = pos + speed + extra_move
            cost, left, spun = corner_bill(board, pos, end, finish, speed, adjusted, extra, engine)
            near_finish = end > finish - 2
            worth = self._heat_worth(left, near_finish, max(0.0, (finish - pos) / finish))
            value = min(end, finish + 30) - pos - worth * cost
            if spun:
                value -= self._spin_penalty(view) + 2.0 * speed
            elif end <= finish and self.weights.foresight:
                value += self.weights.foresight * self._potential(board, end, gear, left, limits, finish, hand, extra)
            total += chance * value
        return total

    def next_turn_potential(self, view: SeatView) -> float:
        """What the viewer's next turn can make of where its car stands now (for evaluations)."""
        me = view.me
        assert me is not None and view.seat is not None
        board = track(view.track)
        limits = {c.number: c.speed_limit for c in view.corners}
        pos = progress_of(view, view.seat)
        finish = view.laps * board.spaces
        return self._potential(board, pos, me.gear, me.engine, limits, finish, me.hand or (), overheat(view))

    def _spin_penalty(self, view: SeatView) -> float:
        """A spin-out costs a lot; where it eliminates the car (C-21), nearly everything."""
        self.eliminating = view.spin_out_eliminates
        return SPIN_PENALTY * (20 if view.spin_out_eliminates else 1)

    def _potential(
        self,
        board: Track,
        pos: int,
        gear: int,
        engine: int,
        limits: dict[int, int],
        finish: int,
        hand: Sequence[str],
        extra: dict[int, int],
    ) -> float:
        """What the next turn can make of standing on ``pos`` in ``gear`` with ``hand`` left: the
        best distance less the corners' Heat, over the gears it can reach and the Speeds its
        cards (and fair draws up to 7) allow."""
        values = sorted(_hand_values(hand))
        worth = self._heat_worth(engine, False, max(0.0, (finish - pos) / finish))
        reach = 2 if engine >= 1 else 1
        # a gear needs that many playable cards; fewer would be a cluttered hand (B-14)
        gears = [g for g in range(max(1, gear - reach), min(4, gear + reach) + 1) if g <= len(values)]
        if not gears:
            return -CLUTTER_PENALTY  # a whole round without moving
        top = max(int(sum(values[-g:])) for g in gears)
        ahead = lines_ahead(board, pos, pos + top, finish)
        # the corners' Heat for each Speed, shared by every gear that reaches it
        corner_heat = []
        for speed in range(top + 1):
            cost = 0
            for line, number in ahead:
                if rules.crosses(pos, pos + speed, line):
                    cost += rules.corner_cost(speed, limits[number], extra.get(number, 0))
            corner_heat.append(cost)
        best = float("-inf")
        for next_gear in gears:
            low = int(sum(values[:next_gear]))
            high = int(sum(values[-next_gear:]))
            shift = 1 if abs(next_gear - gear) == 2 else 0
            for speed in range(low, high + 1):
                cost = shift + corner_heat[speed]
                if cost <= engine:
                    best = max(best, min(pos + speed, finish + 10) - pos - worth * cost)
        if best > float("-inf"):
            return best
        return -SPIN_PENALTY * (20 if self.eliminating else 1)

    def plan_value(self, view: SeatView, decision: Decision) -> float:
        """The expected worth of a plan: distance against Heat, with the next turn in view."""
        assert isinstance(decision, Plan)
        me = view.me
        assert me is not None
        cards = [card(c) for c in decision.cards]
        shift_heat, cluttered = reveal_of(view, decision, cards)
        if cluttered:  # B-14, OQ-G-3
            return self._cluttered_value(me.engine, shift_heat, cards)
        fixed = 0
        flips = 0
        adjust = 0
        heat = shift_heat  # B-1.2: a plan that moves fills its gear, so this is its shift's Heat
        stress = 0
        for c in cards:
            if c.type == "stress":
                flips += 1
                stress += 1
                continue
            fixed += max(c.speeds) if c.speeds else 0
            flips += c.plus
            adjust += c.adjust
            heat += c.heat
        engine = me.engine - heat
        rest = list(me.hand or ())
        for card_id in decision.cards:
            rest.remove(card_id)
        value = self._outcome(view, flip_distribution(fixed, flips), engine, adjust, gear=decision.gear, hand=rest)
        worth = self._heat_worth(me.engine, False)
        value -= worth * heat
        value += self.weights.stress * stress
        heat_in_hand = sum(1 for c in me.hand or () if c == "heat")
        cool = (3 if decision.gear == 1 else 1 if decision.gear == 2 else 0) + sum(c.cooldown for c in cards)
        value += self.weights.cooldown * min(cool, heat_in_hand)
        return value

    def _cluttered_value(self, engine: int, shift_heat: int, cards: Sequence[CardDef]) -> float:
        """A cluttered hand's play: the car stays where it is, in 1st gear (B-14.2, B-14.3), so its
        plays differ only by the Heat a two-gear shift pays (B-1.2) and by what they clear from the
        hand (B-14.4): Heat and Stress cards, and Upgrades the Engine cannot pay (OQ-G-3)."""
        heat_cards = sum(1 for c in cards if c.type == "heat")
        stress = sum(1 for c in cards if c.type == "stress")
        value = CLUTTERED_PLAY - self._heat_worth(engine, False) * shift_heat
        value += held_cleared(cards, engine - shift_heat)
        return value + self.weights.cleared_heat * heat_cards + self.weights.stress * stress

    def _choice_value(self, view: SeatView, decision: Decision) -> float:
        assert isinstance(decision, ChooseSpeed) and view.turn is not None and view.me is not None
        pending = [c for c in view.me.play or () if len(card(c).speeds) > 1]
        speed = view.turn.speed + decision.value
        # other pending choices will be set later; assume their lowest value
        rest = sum(min(card(c).speeds) for c in pending) - min(card(decision.card).speeds)
        return self._outcome(view, [(speed + max(0, rest), 1.0)], view.me.engine, 0)

    def _slipstream_value(self, view: SeatView, decision: Decision) -> float:
        assert isinstance(decision, Slipstream)
        return self._finish_value(view, [(0, 1.0)], moved=decision.spaces if decision.take else 0)

    # ------------------------------------------------------------------ React

    def _react(self, view: SeatView, legal: Sequence[Decision]) -> Decision:
        reacts = [d for d in legal if isinstance(d, React)]
        mandatory = [d for d in reacts if d.symbol in ("heat", "scrap", "adjust")]
        if mandatory:
            return next((d for d in mandatory if d.symbol == "adjust"), mandatory[0])
        cooldowns = [d for d in reacts if d.symbol == "cooldown"]
        if cooldowns:
            return max(cooldowns, key=lambda d: d.amount)
        stress = [d for d in reacts if d.symbol == "reduce-stress"]
        if stress:
            return max(stress, key=lambda d: d.amount)
        salvage = [d for d in legal if isinstance(d, Salvage)]
        if salvage:
            return max(salvage, key=lambda d: sum(max(card(c).speeds or (0,)) for c in d.cards))
        turn = view.turn
        assert turn is not None
        best: Decision = next((d for d in legal if isinstance(d, EndReact)), legal[0])
        best_value = self._finish_value(view, [(0, 1.0)])
        for decision in reacts:
            if decision.symbol == "move":
                value = self._finish_value(view, [(1, 1.0)])
            elif decision.symbol == "accelerate":
                value = self._finish_value(view, [(turn.plus_used, 1.0)])
            elif decision.symbol == "boost":
                value = self._finish_value(view, flip_distribution(0, 1), heat=0 if free_boost(view) else 1)
            elif decision.symbol == "direct":
                played = card(decision.source)
                value = self._finish_value(view, flip_distribution(max(played.speeds), played.plus), heat=played.heat)
            else:
                continue
            if value > best_value + 0.05:
                best, best_value = decision, value
        return best

    def _finish_value(self, view: SeatView, deltas: list[tuple[int, float]], heat: int = 0, moved: int = 0) -> float:
        """Expected worth of the rest of the turn if Speed and distance rise by each delta (with
        its chance), paying ``heat``, and the car then moves ``moved`` more spaces (slipstream)."""
        turn = view.turn
        me = view.me
        assert turn is not None and me is not None and view.seat is not None
        board = track(view.track)
        start = turn.start_progress
        pos = progress_of(view, view.seat)
        finish = view.laps * board.spaces
        limits = {c.number: c.speed_limit for c in view.corners}
        extra = overheat(view)
        total = 0.0
        for delta, chance in deltas:
            speed = turn.speed + delta
            end = pos + delta + moved
            cost, left, spun = corner_bill(board, start, end, finish, speed, limits, extra, me.engine - heat)
            spun = spun or left < 0  # the Heat to pay now is more than the Engine holds
            worth = self._heat_worth(max(left, 0), end > finish - 2, max(0.0, (finish - pos) / finish))
            value = min(end, finish + 30) - start - worth * (cost + heat)
            if spun:
                value -= self._spin_penalty(view) + 2.0 * speed
            elif end <= finish and self.weights.foresight:
                potential = self._potential(board, end, me.gear, left, limits, finish, me.hand or (), extra)
                value += self.weights.foresight * potential
            total += chance * value
        return total

    # ------------------------------------------------------------------ discards and the Garage

    def _discard(self, view: SeatView, legal: Sequence[Decision]) -> Decision:
        """Keep the hand that gives the best next turn (fair draws replace what goes)."""
        me = view.me
        assert me is not None and view.seat is not None
        board = track(view.track)
        pos = progress_of(view, view.seat)
        finish = view.laps * board.spaces
        limits = {c.number: c.speed_limit for c in view.corners}
        extra = overheat(view)
        options = [d for d in legal if isinstance(d, Discard)]
        if len(options) > 32:
            singles = [d for d in options if len(d.cards) <= 1]
            options = [*singles, max(options, key=lambda d: len(d.cards))]

        def score(decision: Discard) -> float:
            hand = list(me.hand or ())
            for card_id in decision.cards:
                hand.remove(card_id)
            potential = self._potential(board, pos, me.gear, me.engine, limits, finish, hand, extra)
            return potential + 0.05 * len(decision.cards)

        return max(options, key=score)

    def _swap_value(self, decision: Decision) -> float:
        assert isinstance(decision, Swap)
        if decision.give is None or decision.take is None:
            return 0.0
        return upgrade_worth(decision.take) - upgrade_worth(decision.give)


def free_boost(view: SeatView) -> bool:
    """Is the viewer's car in a Heat control sector, where a Boost costs no Heat (W-16)?"""
    me = view.me
    assert me is not None
    conditions = conditions_of(view)
    return conditions is not None and conditions.free_boost[me.space]


def overheat(view: SeatView) -> dict[int, int]:
    """Corners whose Road Conditions token adds Heat when taken too fast, by corner number, with
    that Heat (W-14): the engine's tables."""
    conditions = conditions_of(view)
    if conditions is None:
        return {}
    return {
        c.number: conditions.corner_overheat[c.number - 1]
        for c in view.corners
        if conditions.corner_overheat[c.number - 1]
    }


def _hand_values(hand: Sequence[str]) -> list[float]:
    """The Speed values a hand offers next turn, padded with fair draws up to 7 cards."""
    values: list[float] = []
    for card_id in hand:
        definition = card(card_id)
        if definition.type == "stress":
            values.append(2.5)
        elif definition.speeds:
            values.append(float(max(definition.speeds)))
    draws = max(0, 7 - len(hand))
    values.extend(([2.0, 3.0] * ((draws + 1) // 2))[:draws])
    return values


def flip_distribution(fixed: int, flips: int) -> list[tuple[int, float]]:
    """The Speeds a play may reach: ``fixed`` plus ``flips`` unknown Basic cards."""
    outcomes = {fixed: 1.0}
    for _ in range(flips):
        nxt: dict[int, float] = {}
        for total, chance in outcomes.items():
            for value, p in FLIP_VALUES:
                nxt[total + value] = nxt.get(total + value, 0.0) + chance * p
        outcomes = nxt
    return sorted(outcomes.items())
