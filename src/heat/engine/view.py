"""Views: what one seat may know. Never another player's hand, any deck order or the random state.

Others' committed plans stay hidden until the turns begin (OQ-B-17); a car's played cards stay
face down until its own turn (B-2.3). Discard piles show only their top card (B-0.10), except
to their owner while a Salvage symbol lets them look through it (G-34).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from heat.engine import content
from heat.engine.car import Car
from heat.engine.decisions import Plan
from heat.engine.frozen import Frozen, as_dict
from heat.engine.race import Race
from heat.engine.state import DRAFT, REACT, TURN
from heat.engine.weather import Conditions, conditions_from_ids


class CarView(Frozen):
    """Public facts about one car, plus its hand and plan when it is the viewer's own."""

    seat: int
    name: str
    color: str
    legend: bool
    on_track: bool
    finished: bool
    space: int
    lap: int
    progress: int
    """``(lap - 1) * spaces + space``: laps and spaces in one number, 0 and below on the grid
    (``heat.engine.board``)."""
    lane: int
    gear: int
    engine: int
    hand_count: int
    deck_count: int
    discard_count: int
    discard_top: str | None
    play_count: int
    play: tuple[str, ...] | None
    """The play area, or None while it lies face down."""
    committed: bool
    """In the plan phase: has this car committed its gear and cards?"""
    upgrades: tuple[str, ...]
    """The Upgrade cards the car was built with (public, G-11)."""
    hand: tuple[str, ...] | None
    plan: str | None
    discard_pile: tuple[str, ...] | None
    """The whole discard pile: only its owner, only while a Salvage symbol is open (G-34)."""
    deck_cards: tuple[str, ...] | None
    """The viewer's own draw deck, sorted: its composition, never its order. A player who
    remembers every card they drew, flipped and discarded knows it (previews use it)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "name",
        "color",
        "legend",
        "on_track",
        "finished",
        "space",
        "lap",
        "progress",
        "lane",
        "gear",
        "engine",
        "hand_count",
        "deck_count",
        "discard_count",
        "discard_top",
        "play_count",
        "play",
        "committed",
        "upgrades",
        "hand",
        "plan",
        "discard_pile",
        "deck_cards",
    )
    __slots__ = (
        "color",
        "committed",
        "deck_cards",
        "deck_count",
        "discard_count",
        "discard_pile",
        "discard_top",
        "engine",
        "finished",
        "gear",
        "hand",
        "hand_count",
        "lane",
        "lap",
        "legend",
        "name",
        "on_track",
        "plan",
        "play",
        "play_count",
        "progress",
        "seat",
        "space",
        "upgrades",
    )

    def __init__(
        self,
        seat: int,
        name: str,
        color: str,
        legend: bool,
        on_track: bool,
        finished: bool,
        space: int,
        lap: int,
        progress: int,
        lane: int,
        gear: int,
        engine: int,
        hand_count: int,
        deck_count: int,
        discard_count: int,
        discard_top: str | None,
        play_count: int,
        play: tuple[str, ...] | None,
        committed: bool,
        upgrades: tuple[str, ...],
        hand: tuple[str, ...] | None = None,
        plan: str | None = None,
        discard_pile: tuple[str, ...] | None = None,
        deck_cards: tuple[str, ...] | None = None,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "legend", legend)
        object.__setattr__(self, "on_track", on_track)
        object.__setattr__(self, "finished", finished)
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "lap", lap)
        object.__setattr__(self, "progress", progress)
        object.__setattr__(self, "lane", lane)
        object.__setattr__(self, "gear", gear)
        object.__setattr__(self, "engine", engine)
        object.__setattr__(self, "hand_count", hand_count)
        object.__setattr__(self, "deck_count", deck_count)
        object.__setattr__(self, "discard_count", discard_count)
        object.__setattr__(self, "discard_top", discard_top)
        object.__setattr__(self, "play_count", play_count)
        object.__setattr__(self, "play", play)
        object.__setattr__(self, "committed", committed)
        object.__setattr__(self, "upgrades", upgrades)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "plan", plan)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "deck_cards", deck_cards)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.name,
            self.color,
            self.legend,
            self.on_track,
            self.finished,
            self.space,
            self.lap,
            self.progress,
            self.lane,
            self.gear,
            self.engine,
            self.hand_count,
            self.deck_count,
            self.discard_count,
            self.discard_top,
            self.play_count,
            self.play,
            self.committed,
            self.upgrades,
            self.hand,
            self.plan,
            self.discard_pile,
            self.deck_cards,
        )


class TurnView(Frozen):
    """The active car's turn so far."""

    seat: int
    step: str
    speed: int
    start_space: int
    start_lap: int
    start_progress: int
    """Where the turn began, as a progress value: Corner Lines are counted from here (B-7.1)."""
    adrenaline: bool
    adrenaline_move_used: bool
    adrenaline_cooldown_used: bool
    gear_cooldown_used: bool
    boost_used: bool
    symbols: tuple[tuple[str, int, str], ...]
    """Upgrade symbols still to use: (symbol, amount, card)."""
    speed_limit_adjust: int
    slipstream_boost: int
    accelerate: int
    plus_used: int

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "step",
        "speed",
        "start_space",
        "start_lap",
        "start_progress",
        "adrenaline",
        "adrenaline_move_used",
        "adrenaline_cooldown_used",
        "gear_cooldown_used",
        "boost_used",
        "symbols",
        "speed_limit_adjust",
        "slipstream_boost",
        "accelerate",
        "plus_used",
    )
    __slots__ = (
        "accelerate",
        "adrenaline",
        "adrenaline_cooldown_used",
        "adrenaline_move_used",
        "boost_used",
        "gear_cooldown_used",
        "plus_used",
        "seat",
        "slipstream_boost",
        "speed",
        "speed_limit_adjust",
        "start_lap",
        "start_progress",
        "start_space",
        "step",
        "symbols",
    )

    def __init__(
        self,
        seat: int,
        step: str,
        speed: int,
        start_space: int,
        start_lap: int,
        start_progress: int,
        adrenaline: bool,
        adrenaline_move_used: bool,
        adrenaline_cooldown_used: bool,
        gear_cooldown_used: bool,
        boost_used: bool,
        symbols: tuple[tuple[str, int, str], ...],
        speed_limit_adjust: int,
        slipstream_boost: int,
        accelerate: int,
        plus_used: int,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "start_space", start_space)
        object.__setattr__(self, "start_lap", start_lap)
        object.__setattr__(self, "start_progress", start_progress)
        object.__setattr__(self, "adrenaline", adrenaline)
        object.__setattr__(self, "adrenaline_move_used", adrenaline_move_used)
        object.__setattr__(self, "adrenaline_cooldown_used", adrenaline_cooldown_used)
        object.__setattr__(self, "gear_cooldown_used", gear_cooldown_used)
        object.__setattr__(self, "boost_used", boost_used)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "speed_limit_adjust", speed_limit_adjust)
        object.__setattr__(self, "slipstream_boost", slipstream_boost)
        object.__setattr__(self, "accelerate", accelerate)
        object.__setattr__(self, "plus_used", plus_used)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.step,
            self.speed,
            self.start_space,
            self.start_lap,
            self.start_progress,
            self.adrenaline,
            self.adrenaline_move_used,
            self.adrenaline_cooldown_used,
            self.gear_cooldown_used,
            self.boost_used,
            self.symbols,
            self.speed_limit_adjust,
            self.slipstream_boost,
            self.accelerate,
            self.plus_used,
        )


class CornerView(Frozen):
    """A corner as it stands in this race: printed limit, Road Conditions, effective limit."""

    number: int
    line_after: int
    printed_limit: int
    speed_limit: int
    """With Road Conditions (W-12, W-13), and for the active car its Adjust Speed Limit (G-28)."""
    road: str | None
    sector_road: str | None
    """The token on the sector after this corner, if it is a sector token (W-8)."""
    press: bool
    """A Press Corner standee stands here (C-19)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "number",
        "line_after",
        "printed_limit",
        "speed_limit",
        "road",
        "sector_road",
        "press",
    )
    __slots__ = ("line_after", "number", "press", "printed_limit", "road", "sector_road", "speed_limit")

    def __init__(
        self,
        number: int,
        line_after: int,
        printed_limit: int,
        speed_limit: int,
        road: str | None,
        sector_road: str | None,
        press: bool,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "line_after", line_after)
        object.__setattr__(self, "printed_limit", printed_limit)
        object.__setattr__(self, "speed_limit", speed_limit)
        object.__setattr__(self, "road", road)
        object.__setattr__(self, "sector_road", sector_road)
        object.__setattr__(self, "press", press)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.number,
            self.line_after,
            self.printed_limit,
            self.speed_limit,
            self.road,
            self.sector_road,
            self.press,
        )


class DraftView(Frozen):
    """The Garage draft: the market and who picks (G-12 to G-16)."""

    round: int
    rounds: int
    market: tuple[str, ...]
    order: tuple[int, ...]
    picking: int

    FIELDS: ClassVar[tuple[str, ...]] = ("round", "rounds", "market", "order", "picking")
    __slots__ = ("market", "order", "picking", "round", "rounds")

    def __init__(self, round: int, rounds: int, market: tuple[str, ...], order: tuple[int, ...], picking: int) -> None:
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "market", market)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "picking", picking)

    def field_values(self) -> tuple[Any, ...]:
        return (self.round, self.rounds, self.market, self.order, self.picking)


class SeatView(Frozen):
    """Everything ``seat`` may know now (``seat`` is None for a spectator)."""

    seat: int | None
    track: str
    laps: int
    hand_size: int
    started_cars: int
    round: int
    phase: str
    to_decide: tuple[int, ...]
    order: tuple[int, ...]
    adrenaline_seats: tuple[int, ...]
    turn: TurnView | None
    cars: tuple[CarView, ...]
    hall_of_fame: tuple[int, ...]
    standings: tuple[int, ...]
    stress_reserve: int
    corners: tuple[CornerView, ...]
    weather: str | None
    legends_card: int | None
    """The Legends card revealed this round (its number in the data file), if any (L-6)."""
    legends_to_come: tuple[int, ...]
    """The Legends cards still in the Legends deck, by number (sorted: their order is hidden).
    Public: the cards revealed since the last shuffle lie face up (L-6, L-16). Empty when the
    deck is empty or there are no Legends; an empty deck is reshuffled whole at the next reveal."""
    pro_legends: int
    aggressive_legends: bool
    """A Legend starting on a chevron space may cross one more Corner Line (OQ-L-10)."""
    draft: DraftView | None
    tournament: bool
    sponsor_deck_count: int
    eliminated: tuple[int, ...]
    spin_out_eliminates: bool
    """This race's event eliminates a car that spins out (C-21)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "track",
        "laps",
        "hand_size",
        "started_cars",
        "round",
        "phase",
        "to_decide",
        "order",
        "adrenaline_seats",
        "turn",
        "cars",
        "hall_of_fame",
        "standings",
        "stress_reserve",
        "corners",
        "weather",
        "legends_card",
        "legends_to_come",
        "pro_legends",
        "aggressive_legends",
        "draft",
        "tournament",
        "sponsor_deck_count",
        "eliminated",
        "spin_out_eliminates",
    )
    __slots__ = (
        "adrenaline_seats",
        "aggressive_legends",
        "cars",
        "corners",
        "draft",
        "eliminated",
        "hall_of_fame",
        "hand_size",
        "laps",
        "legends_card",
        "legends_to_come",
        "order",
        "phase",
        "pro_legends",
        "round",
        "seat",
        "spin_out_eliminates",
        "sponsor_deck_count",
        "standings",
        "started_cars",
        "stress_reserve",
        "to_decide",
        "tournament",
        "track",
        "turn",
        "weather",
    )

    def __init__(
        self,
        seat: int | None,
        track: str,
        laps: int,
        hand_size: int,
        started_cars: int,
        round: int,
        phase: str,
        to_decide: tuple[int, ...],
        order: tuple[int, ...],
        adrenaline_seats: tuple[int, ...],
        turn: TurnView | None,
        cars: tuple[CarView, ...],
        hall_of_fame: tuple[int, ...],
        standings: tuple[int, ...],
        stress_reserve: int,
        corners: tuple[CornerView, ...],
        weather: str | None,
        legends_card: int | None,
        legends_to_come: tuple[int, ...],
        pro_legends: int,
        aggressive_legends: bool,
        draft: DraftView | None,
        tournament: bool,
        sponsor_deck_count: int,
        eliminated: tuple[int, ...],
        spin_out_eliminates: bool,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "track", track)
        object.__setattr__(self, "laps", laps)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "started_cars", started_cars)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "to_decide", to_decide)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "adrenaline_seats", adrenaline_seats)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "cars", cars)
        object.__setattr__(self, "hall_of_fame", hall_of_fame)
        object.__setattr__(self, "standings", standings)
        object.__setattr__(self, "stress_reserve", stress_reserve)
        object.__setattr__(self, "corners", corners)
        object.__setattr__(self, "weather", weather)
        object.__setattr__(self, "legends_card", legends_card)
        object.__setattr__(self, "legends_to_come", legends_to_come)
        object.__setattr__(self, "pro_legends", pro_legends)
        object.__setattr__(self, "aggressive_legends", aggressive_legends)
        object.__setattr__(self, "draft", draft)
        object.__setattr__(self, "tournament", tournament)
        object.__setattr__(self, "sponsor_deck_count", sponsor_deck_count)
        object.__setattr__(self, "eliminated", eliminated)
        object.__setattr__(self, "spin_out_eliminates", spin_out_eliminates)

    def field_values(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.track,
            self.laps,
            self.hand_size,
            self.started_cars,
            self.round,
            self.phase,
            self.to_decide,
            self.order,
            self.adrenaline_seats,
            self.turn,
            self.cars,
            self.hall_of_fame,
            self.standings,
            self.stress_reserve,
            self.corners,
            self.weather,
            self.legends_card,
            self.legends_to_come,
            self.pro_legends,
            self.aggressive_legends,
            self.draft,
            self.tournament,
            self.sponsor_deck_count,
            self.eliminated,
            self.spin_out_eliminates,
        )

    @property
    def me(self) -> CarView | None:
        """The viewer's own car, or None for a spectator."""
        return None if self.seat is None else self.cars[self.seat]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return as_dict(self)


def conditions_of(view: SeatView) -> Conditions | None:
    """The Weather and Road Conditions of ``view``'s race as the engine's per-space and
    per-corner tables (None without the module): what a client reads sector effects from."""
    road = tuple([corner.road or corner.sector_road for corner in view.corners])
    return conditions_from_ids(view.track, view.weather, road)


def view_of(race: Race, seat: int | None) -> SeatView:
    """The view of ``seat`` (None: a spectator, who sees only public facts)."""
    return views_of(race, (seat,))[0]


def views_of(race: Race, seats: Sequence[int | None]) -> list[SeatView]:
    """``view_of(race, seat)`` for each of ``seats``, built at once (the server shows every seat
    after every decision): what they all see alike is made once and shared, since views are
    frozen. That is every car but the viewer's own, which is the spectator's view of it."""
    # The views are built with positional arguments (in the fields' declared order) and list
    # comprehensions, which cost about half of keywords and generators here.
    ids = race.cards.ids
    in_turns = race.phase == TURN
    active = race.order[race.turn_index] if in_turns else -1
    waiting = set(race.order[race.turn_index + 1 :]) if in_turns else set()
    public_cars = tuple([_car_view(race, car, car.seat in waiting) for car in race.cars])
    turn_view = None
    adjust = 0
    if in_turns:
        turn = race.turn
        adjust = turn.adjust
        turn_view = TurnView(
            seat=active,
            step=race.step,
            speed=turn.speed,
            start_space=race.space_of(turn.start),
            start_lap=race.lap_of(turn.start),
            start_progress=turn.start,
            adrenaline=turn.adrenaline,
            adrenaline_move_used=turn.adrenaline_move_used,
            adrenaline_cooldown_used=turn.adrenaline_cool_used,
            gear_cooldown_used=turn.gear_cool_used,
            boost_used=turn.boost_used,
            symbols=tuple([(symbol, amount, ids[kind]) for symbol, amount, kind in turn.symbols]),
            speed_limit_adjust=turn.adjust,
            slipstream_boost=turn.slip_boost,
            accelerate=turn.accelerate,
            plus_used=turn.plus_used,
        )
    public_corners = _corner_views(race, 0)
    conditions = race.conditions
    draft = race.draft
    legends = content.legends_cards()
    config = race.config
    to_decide = race.to_decide()
    order = tuple(race.order)
    hall_of_fame = tuple(race.hall_of_fame)
    standings = tuple(race.standings())
    weather = conditions.weather.id if conditions is not None and conditions.weather is not None else None
    legends_card = legends[race.legends_card].number if race.legends_card >= 0 else None
    legends_to_come = tuple(sorted([legends[k].number for k in race.legends_deck]))
    draft_view = (
        DraftView(
            round=draft.round,
            rounds=draft.rounds,
            market=tuple([ids[k] for k in draft.market]),
            order=tuple(draft.order),
            picking=draft.order[draft.index],
        )
        if draft is not None and race.phase == DRAFT
        else None
    )
    eliminated = tuple(race.eliminated)
    views = []
    for seat in seats:
        cars = public_cars
        for index, car in enumerate(race.cars):
            if car.seat == seat:
                # G-34: the owner looks through its discard pile while a Salvage symbol is open.
                salvaging = (
                    active == seat
                    and race.step == REACT
                    and any(symbol == "salvage" for symbol, _, _ in race.turn.symbols)
                )
                own = _car_view(race, car, car.seat in waiting, True, salvaging)
                cars = (*cars[:index], own, *cars[index + 1 :])
        views.append(
            SeatView(
                seat,
                race.track.id,
                race.laps,
                race.hand_size,
                race.started_cars,
                race.round,
                race.phase,
                to_decide,
                order,
                race.adrenaline_seats,
                turn_view,
                cars,
                hall_of_fame,
                standings,
                race.stress_reserve,
                _corner_views(race, adjust) if adjust and active == seat else public_corners,
                weather,
                legends_card,
                legends_to_come,
                config.pro_legends,
                config.aggressive_legends,
                draft_view,
                config.tournament,
                len(race.sponsor_deck),
                eliminated,
                config.spin_out_eliminates,
            )
        )
    return views


def _car_view(race: Race, car: Car, face_down: bool, own: bool = False, salvaging: bool = False) -> CarView:
    """``car`` as a seat sees it: its played cards once face up (B-2.3); to its ``own`` player
    also its hand, plan, deck's composition (never its order) and, while ``salvaging``, its whole
    discard pile (G-34)."""
    ids = race.cards.ids
    discard = car.discard
    plan = None
    if own and car.plan is not None:
        plan = Plan(car.plan_gear, tuple([ids[k] for k in car.plan])).text()
    return CarView(
        car.seat,
        car.name,
        car.color,
        car.legend,
        car.on_track,
        car.finished,
        race.space_of(car.pos),
        race.lap_of(car.pos),
        car.pos,
        car.lane,
        car.gear,
        car.engine,
        len(car.hand),
        len(car.deck),
        len(discard),
        ids[discard[-1]] if discard else None,
        len(car.play),
        None if face_down and not own else tuple([ids[k] for k in car.play]),
        car.plan is not None,
        tuple([ids[k] for k in car.upgrades]),
        tuple([ids[k] for k in car.hand]) if own else None,
        plan,
        tuple([ids[k] for k in discard]) if own and salvaging else None,
        tuple(sorted([ids[k] for k in car.deck])) if own else None,
    )


def _corner_views(race: Race, adjust: int) -> tuple[CornerView, ...]:
    """The corners as they stand (W-12, W-13), their limits moved by ``adjust`` (G-28)."""
    conditions = race.conditions
    press_corners = race.config.press_corners
    corners = []
    for corner in race.track.corners:
        token = conditions.road[corner.number - 1] if conditions is not None else None
        corners.append(
            CornerView(
                corner.number,
                corner.line_after,
                corner.speed_limit,
                race.corner_limit(corner) + adjust,
                token.id if token is not None and not token.is_sector else None,
                token.id if token is not None and token.is_sector else None,
                corner.number in press_corners,
            )
        )
    return tuple(corners)
