"""Setting up a race (B-10), as functions of the race state: the grid, Weather & Road
Conditions, Legends, building the cars (the Garage draft or quick start), decks, Engines and the
first hands."""

from __future__ import annotations

from collections import Counter

from heat.engine import content, mechanics, rounds
from heat.engine.car import Car
from heat.engine.cardtable import card_table
from heat.engine.config import (
    GARAGE_DECKS,
    MAX_CARS,
    MAX_LAPS,
    RaceConfig,
    check_colors,
    check_name,
    check_pro_legends,
    check_seed,
)
from heat.engine.decisions import Decision, Draft
from heat.engine.errors import ConfigError, DataError, IllegalDecision, described, is_integer, shown
from heat.engine.events import ConditionsDrawn, RaceStarted, UpgradeDrafted, UpgradesDealt
from heat.engine.invariants import box_counts, event_raises
from heat.engine.rng import Rng
from heat.engine.state import DRAFT, DraftState, RaceSetup, RaceState
from heat.engine.weather import Conditions

DRAFT_ROUNDS = 3
"""G-11: three rounds of drafting, one card each."""


def set_up(config: RaceConfig, record_events: bool) -> RaceState:
    """A race set up from ``config`` (B-10): the grid, the modules, then the Garage draft
    (G-10 to G-16) or the cars built at once, up to the first round. ConfigError for a config
    the rules refuse."""
    check_config(config)
    track = content.track(config.track)
    race = RaceState(RaceSetup(config, track), record_events=record_events)
    rng = race.rng
    count = len(config.seats)
    race.started_cars = count
    race.cars = [Car(i, seat.name, seat.color, seat.legend) for i, seat in enumerate(config.seats)]
    if config.grid is not None:
        grid_order = list(config.grid)
    else:
        grid_order = list(range(count))
        rng.shuffle(grid_order)  # B-10.9, L-5: cars (Legends too) fill the grid in random order
    for place, seat in enumerate(grid_order):
        space, lane = track.grid[place]
        car = race.cars[seat]
        car.pos = space - track.spaces
        car.lane = lane
        race.occupancy[mechanics.slot(race, car.pos, lane)] = seat
    if config.weather:
        _draw_conditions(race)  # W-3: before the cars are built
    if any(car.legend for car in race.cars):
        race.legends_deck = list(range(len(content.legends_cards())))
        rng.shuffle(race.legends_deck)  # L-4
    race.sponsor_deck = [race.setup.cards.kind(card_id) for card_id in reversed(config.sponsor_deck)]
    if race.log is not None:
        race.log.append(RaceStarted(-1, tuple(grid_order)))
    for car, seat_config in zip(race.cars, config.seats, strict=True):
        car.upgrades = [race.setup.cards.kind(card_id) for card_id in seat_config.upgrades]
    if config.garage is not None:
        players = [seat for seat in grid_order if not race.cars[seat].legend]  # OQ-G-8
        if config.draft:
            race.upgrade_pool = _upgrade_deck(race, config.garage)
            rng.shuffle(race.upgrade_pool)  # G-12
            race.draft = DraftState(DRAFT_ROUNDS)
            race.phase = DRAFT
            _open_market(race, players)
            return race
        _deal_quick_start(race, players)
    _build_cars(race)
    return race


def _upgrade_deck(race: RaceState, choice: str) -> list[int]:
    names = ("regular", "advanced") if choice == "all" else (choice,)
    decks = race.setup.cards.upgrade_decks
    return [kind for name in names for kind in decks[name]]


def _deal_quick_start(race: RaceState, players: list[int]) -> None:
    """G-18: shuffle every Regular Upgrade card and deal 3 to each player."""
    pool = _upgrade_deck(race, "regular")
    race.rng.shuffle(pool)
    for seat in sorted(players):
        dealt = [pool.pop() for _ in range(DRAFT_ROUNDS)]
        race.cars[seat].upgrades.extend(dealt)
        if race.log is not None:
            race.log.append(UpgradesDealt(seat, race.setup.cards.names(dealt)))


def _draw_conditions(race: RaceState) -> None:
    """W-4 to W-9: one Weather token for the race, one Road Conditions token per corner."""
    weather, road = content.weather_tokens()
    config = race.setup.config
    corners = len(race.setup.track.corners)
    by_id = {token.id: token for token in road}
    if config.weather_token is not None:
        token = next(t for t in weather if t.id == config.weather_token)
    else:
        token = weather[race.rng.below(len(weather))]
    if config.road_tokens is not None:
        placed = tuple(by_id[token_id] for token_id in config.road_tokens)
    else:
        pile = [t for t in road for _ in range(t.copies)]
        race.rng.shuffle(pile)
        placed = tuple(pile[:corners])  # W-6: as many as the track has corners
    race.conditions = Conditions(race.setup.track, token, placed)
    if race.log is not None:
        race.log.append(ConditionsDrawn(-1, token.id, tuple(t.id for t in placed)))


# ------------------------------------------------------------------ the draft


def _draft_order(race: RaceState, players: list[int], number: int) -> list[int]:
    # G-13, G-15, G-16: back to front, front to back, back to front.
    return players[::-1] if number % 2 == 1 else players[:]


def _grid_players(race: RaceState) -> list[int]:
    """Players (not Legends) from pole position back, as the cars stand before the race."""
    cars = [car for car in race.cars if not car.legend]
    cars.sort(key=lambda car: mechanics.position_key(race, car), reverse=True)
    return [car.seat for car in cars]


def _open_market(race: RaceState, players: list[int]) -> None:
    """G-12, G-14: lay out players + 3 cards for the next draft round."""
    draft = race.draft
    assert draft is not None
    draft.round += 1
    size = min(len(players) + 3, len(race.upgrade_pool))
    draft.market = [race.upgrade_pool.pop() for _ in range(size)]
    draft.order = _draft_order(race, players, draft.round)
    draft.index = 0


def _market_cards(race: RaceState) -> list[str]:
    """The cards the car picking now may draft: each card of the market once, sorted (G-12)."""
    draft = race.draft
    assert draft is not None
    ids = race.setup.cards.ids
    return sorted({ids[k] for k in draft.market})


def legal_drafts(race: RaceState) -> list[Decision]:
    """The drafts open to the car picking now: each card of the market once (G-12)."""
    return [Draft(card_id) for card_id in _market_cards(race)]


def random_draft(race: RaceState, rng: Rng) -> Draft:
    """``legal_drafts(race)[rng.below(len(...))]`` without building every ``Draft``: the same
    decision from the same draw (random play, benchmarks)."""
    market = _market_cards(race)
    return Draft(market[rng.below(len(market))])


def check_draft(race: RaceState, seat: int, decision: Draft) -> int:
    """The kind of the card ``decision`` drafts; IllegalDecision if the market lacks it."""
    draft = race.draft
    assert draft is not None
    kind = race.setup.cards.index_of.get(decision.card, -1)
    if kind not in draft.market:
        market = ", ".join(sorted({race.setup.cards.ids[k] for k in draft.market}))
        raise IllegalDecision(
            "{card} is not in the market; the market holds: {market}", card=repr(decision.card), market=market
        )
    return kind


def apply_draft(race: RaceState, seat: int, kind: int) -> None:
    """``seat`` takes ``kind`` from the market (G-13); the next car picks, the next market opens
    (G-14, G-16), or the cars are built once every round is drafted."""
    draft = race.draft
    assert draft is not None
    draft.market.remove(kind)
    race.cars[seat].upgrades.append(kind)
    if race.log is not None:
        race.log.append(UpgradeDrafted(seat, race.setup.cards.ids[kind], draft.round))
    draft.index += 1
    if draft.index < len(draft.order):
        return
    draft.market = []  # G-14, G-16, OQ-G-11: leftovers leave play for this race
    if draft.round < draft.rounds:
        _open_market(race, _grid_players(race))
        return
    race.draft = None
    race.upgrade_pool = []
    _build_cars(race)


# ------------------------------------------------------------------ decks, Engines, hands


def _build_cars(race: RaceState) -> None:
    """B-10.5, B-10.6, B-10.11, G-17, C-22, W-19 to W-24: every player's draw deck (shuffled),
    Engine and first hand; then the first round begins."""
    cards = race.setup.cards
    config = race.setup.config
    track = race.setup.track
    weather = race.conditions.weather if race.conditions is not None else None
    starting = list(cards.starting_upgrades) if config.uses_starting_upgrades else []
    basic = list(cards.basic_deck)
    stress = max(0, track.stress + config.stress_bonus + (weather.stress if weather else 0))
    heat = track.heat + config.heat_bonus + (weather.heat if weather else 0)
    to_deck = weather.heat_to_deck if weather else 0
    to_discard = weather.heat_to_discard if weather else 0
    dealt_stress = 0
    for car, seat in zip(race.cars, config.seats, strict=True):
        if car.legend:
            continue
        engine = max(0, heat - seat.handicap)
        into_deck = min(to_deck, engine)  # OQ-W-4: out of the Engine allotment
        into_discard = min(to_discard, engine - into_deck)
        car.deck = basic + starting + [cards.becomes[k] for k in car.upgrades] + [cards.stress] * stress
        car.deck += [cards.kind(card_id) for card_id in seat.deck]  # C-22: kept Sponsorship cards
        car.deck += [cards.heat] * into_deck
        race.rng.shuffle(car.deck)
        car.engine = engine - into_deck - into_discard
        car.discard = [cards.heat] * into_discard
        car.gear = 1  # B-10.7
        car.hand = [cards.kind(card_id) for card_id in seat.sponsors]  # C-23
        dealt_stress += stress
    race.stress_reserve = max(0, cards.catalogue.box_stress - dealt_stress)  # B-10.8, OQ-B-18
    mechanics.update_card_caches(race)
    for car in race.cars:
        if not car.legend:
            mechanics.draw_to_hand_size(race, car)  # B-10.11
    rounds.start_round(race)


def _check_cards_in_the_box(config: RaceConfig) -> None:
    """ConfigError for cards the boxes cannot give: setup raises beyond any event's (C-21), an
    Upgrade card beside the Starting Upgrades (G-3), more copies of an Upgrade or Sponsorship
    card than the box holds. A race set up so could never be loaded back from its position
    (``heat.engine.invariants``)."""
    # No raise is always within an event's: the Event cards are read only for a raise (issue 28).
    if config.heat_bonus > 0 or config.stress_bonus > 0:
        heat, stress = event_raises()
        if config.heat_bonus > heat or config.stress_bonus > stress:
            raise ConfigError(
                "a Championship event adds at most {heat} Heat and {stress} Stress to a car (C-21)",
                heat=heat,
                stress=stress,
            )
    cards = card_table()
    named: Counter[int] = Counter(cards.index_of[card_id] for card_id in config.sponsor_deck)
    for seat in config.seats:
        named.update(cards.index_of[card_id] for card_id in (*seat.upgrades, *seat.sponsors, *seat.deck))
        for card_id in seat.upgrades:
            if cards.defs[cards.index_of[card_id]].type != "upgrade":
                raise ConfigError("{car}: {card} is not an Upgrade card (G-1)", car=seat.name, card=repr(card_id))
        if seat.upgrades and config.uses_starting_upgrades:
            raise ConfigError("{car}: a car built with Upgrade cards has no Starting Upgrades (G-3)", car=seat.name)
    box = box_counts(cards)
    for kind, count in named.items():
        if cards.defs[kind].type in ("upgrade", "sponsor") and count > box[kind]:
            raise ConfigError(
                "{count} cards {card} in the race; the box holds {box}",
                count=count,
                card=repr(cards.ids[kind]),
                box=box[kind],
            )


def check_config(config: RaceConfig) -> None:
    """Raise ConfigError naming the first option the rules do not allow."""
    count = len(config.seats)
    if not 1 <= count <= MAX_CARS:
        raise ConfigError("a race has 1 to {most} cars, not {count} (B-0.6)", most=MAX_CARS, count=count)
    track = content.track(config.track)
    if count > len(track.grid):
        raise ConfigError(
            "{track} has {places} grid places, not {count}", track=track.name, places=len(track.grid), count=count
        )
    check_colors(config.seats)
    if not any(not seat.legend for seat in config.seats) and config.garage is not None and config.draft:
        raise ConfigError("a draft needs at least one player who is not a Legend")
    for field in ("laps", "hand_size", "pro_legends", "heat_bonus", "stress_bonus"):
        value = getattr(config, field)
        if value is not None and not is_integer(value):  # True is not 1 lap
            raise ConfigError("{field}: expected a whole number, got {got}", field=field, got=described(value))
    check_seed(config.seed)
    for index, seat in enumerate(config.seats):
        check_name(seat.name, f"seat {index + 1}")
    known = card_table().index_of  # every card id of the catalogue
    for seat in config.seats:
        if not is_integer(seat.handicap) or not 0 <= seat.handicap <= 2:
            raise ConfigError(
                "{car}: the handicap removes 0 to 2 Heat cards, not {handicap} (B-10.12)",
                car=seat.name,
                handicap=shown(seat.handicap),
            )
        if seat.legend and (seat.upgrades or seat.sponsors or seat.deck or seat.handicap):
            raise ConfigError("{car} is a Legend: Legends have no cards (L-14)", car=seat.name)
        for card_id in (*seat.upgrades, *seat.sponsors, *seat.deck):
            if card_id not in known:
                raise ConfigError("{car}: unknown card {card}", car=seat.name, card=shown(card_id))
    if config.laps is not None and not 1 <= config.laps <= MAX_LAPS:
        raise ConfigError("laps must be 1 to {most}, not {laps}", most=MAX_LAPS, laps=shown(config.laps))
    if not 1 <= config.hand_size <= 12:
        raise ConfigError("hand size must be 1 to 12, not {size}", size=shown(config.hand_size))
    if config.garage is not None and config.garage not in GARAGE_DECKS:
        raise ConfigError(
            "the Garage deck is one of {decks}, not {deck}", decks=", ".join(GARAGE_DECKS), deck=shown(config.garage)
        )
    check_pro_legends(config.pro_legends)
    if config.grid is not None and sorted(config.grid) != list(range(count)):
        raise ConfigError(
            "the grid must list every seat 0..{last} once, not {grid}", last=count - 1, grid=shown(list(config.grid))
        )
    weather, road = content.weather_tokens()
    if not config.weather and (config.weather_token is not None or config.road_tokens is not None):
        raise ConfigError("weather_token and road_tokens need the Weather & Road Conditions module (weather=True)")
    if config.weather_token is not None and config.weather_token not in {t.id for t in weather}:
        raise ConfigError("unknown Weather token {token}", token=shown(config.weather_token))
    if config.road_tokens is not None:
        ids = {t.id for t in road}
        if len(config.road_tokens) != len(track.corners) or any(t not in ids for t in config.road_tokens):
            raise ConfigError(
                "give one Road Conditions token per corner ({corners}) from: {tokens}",
                corners=len(track.corners),
                tokens=", ".join(sorted(ids)),
            )
    for number in config.press_corners:
        if not 1 <= number <= len(track.corners):
            raise ConfigError(
                "{track} has corners 1 to {last}, not {number} (C-19)",
                track=track.name,
                last=len(track.corners),
                number=shown(number),
            )
    for card_id in config.sponsor_deck:
        if card_id not in known:
            raise ConfigError("unknown Sponsorship card {card}", card=shown(card_id))
    _check_cards_in_the_box(config)
    try:
        content.legends_cards()
    except DataError as error:  # pragma: no cover - shipped data is checked by the tests
        raise ConfigError(error.template, **error.values) from None
