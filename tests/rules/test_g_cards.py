"""Rule scenarios: every Upgrade card design of the Garage module (G-1, G-7, G-8, G-19 to G-38)
and the five Sponsorship card designs (G-29, C-31), with the rulings OQ-G-1, OQ-G-3 to OQ-G-7,
OQ-G-9 and OQ-G-10 of the rules digest.

Every design is played at least once (in the plan, and Gas Pedal cards also by Direct Play) and
checked for its Speed and for the effect of each of its symbols. The expected values come from
../shared/reference/game-data.md sections 4 and 5.3 (OQ-G-10), copied into ``DESIGNS`` below, not
from the engine's data files.

USA geometry used throughout: Corner Lines after spaces 12 (limit 7), 33 (3), 49 (3), 57 (2); the
race-line spot is lane 2 on spaces 13-57 and lane 1 elsewhere. A car alone on the track is also
the last car, so it holds Adrenaline and always stops in React.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import pytest

from heat.engine import Race, RaceConfig, SeatConfig, content, default_seats, to_position
from heat.engine.events import (
    Boosted,
    CardFlipped,
    CardsRemoved,
    CooledDown,
    CornerChecked,
    Drew,
    Event,
    HeatPaid,
    Moved,
    Refreshed,
    Salvaged,
    Slipstreamed,
    SpeedChosen,
    SymbolUsed,
    UpgradeDrafted,
)
from scenario import car, of_type, options, play, position, race_from, refused, state, turn

RED, BLUE = 0, 1


# ------------------------------------------------------------------------ the reference data


@dataclass(frozen=True)
class Design:
    """One card design as printed (game-data.md §4 and §5.3)."""

    id: str
    category: str
    deck: str
    speeds: tuple[int, ...]
    plus: int = 0
    heat: int = 0
    scrap: int = 0
    adjust: int = 0
    cooldown: int = 0
    slipstream: int = 0
    reduce_stress: int = 0
    salvage: int = 0
    refresh: bool = False
    direct: bool = False
    accelerate: bool = False

    @property
    def one_time(self) -> bool:
        return self.deck == "sponsor"

    @property
    def mandatory(self) -> set[str]:
        """The React options of the mandatory symbols (G-24, OQ-G-1), as text."""
        texts = set()
        for symbol, amount in (("heat", self.heat), ("scrap", self.scrap), ("adjust", self.adjust)):
            if amount:
                texts.add(f"{symbol} {amount} from {self.id}")
        return texts


R, A, S = "regular", "advanced", "sponsor"
DESIGNS = (
    # Regular (BGA types 1-16)
    Design("4wd-4", "4 Wheel Drive", R, (4,), plus=1),
    Design("4wd-triple", "4 Wheel Drive", R, (0,), plus=3),
    Design("4wd-cool", "4 Wheel Drive", R, (0,), plus=1, cooldown=3),
    Design("body-3", "Body", R, (3,), reduce_stress=2),
    Design("body-5", "Body", R, (5,), reduce_stress=1),
    Design("body-1", "Body", R, (1,), reduce_stress=3),
    Design("brakes-1234", "Brakes", R, (1, 2, 3, 4), heat=1),
    Design("brakes-13", "Brakes", R, (1, 3)),
    Design("brakes-24", "Brakes", R, (2, 4)),
    Design("brakes-15", "Brakes", R, (1, 5)),
    Design("cooling-6", "Cooling system", R, (6,), heat=1, cooldown=1),
    Design("cooling-1", "Cooling system", R, (1,), cooldown=2),
    Design("cooling-3", "Cooling system", R, (3,), cooldown=1),
    Design("rpm-1", "R.P.M.", R, (1,), slipstream=2),
    Design("rpm-2", "R.P.M.", R, (2,), slipstream=2),
    Design("rpm-3", "R.P.M.", R, (3,), slipstream=2),
    # Advanced (BGA types 18-47)
    Design("body-6", "Body", A, (6,), reduce_stress=3, heat=1),
    Design("body-2-scrap", "Body", A, (2,), reduce_stress=1, cooldown=1, scrap=2),
    Design("body-2-slip", "Body", A, (2,), reduce_stress=1, slipstream=1),
    Design("cooling-4", "Cooling system", A, (4,), scrap=2, cooldown=1),
    Design("fuel-2", "Fuel", A, (2,), salvage=2),
    Design("fuel-0", "Fuel", A, (0,), plus=1, salvage=2, cooldown=1),
    Design("pedal-1", "Gas Pedal", A, (1,), direct=True, scrap=1),
    Design("pedal-2", "Gas Pedal", A, (2,), direct=True, scrap=2),
    Design("pedal-3", "Gas Pedal", A, (3,), direct=True, scrap=3),
    Design("pedal-4", "Gas Pedal", A, (4,), direct=True, heat=1, cooldown=1),
    Design("pedal-accel", "Gas Pedal", A, (1,), direct=True, accelerate=True, scrap=5),
    Design("rpm-0", "R.P.M.", A, (0,), plus=1, slipstream=3),
    Design("rpm-1-heat", "R.P.M.", A, (1,), heat=1, slipstream=3),
    Design("rpm-12", "R.P.M.", A, (1, 2), slipstream=1),
    Design("susp-2-stress", "Suspension", A, (2,), refresh=True, reduce_stress=1),
    Design("susp-2-cool", "Suspension", A, (2,), refresh=True, cooldown=1),
    Design("susp-4", "Suspension", A, (4,), refresh=True),
    Design("susp-1", "Suspension", A, (1,), refresh=True, slipstream=1),
    Design("tires-2-cool", "Tires", A, (2,), adjust=-1, cooldown=3),
    Design("tires-1", "Tires", A, (1,), scrap=2, adjust=1),
    Design("tires-2-scrap", "Tires", A, (2,), scrap=2, adjust=1),
    Design("tires-3", "Tires", A, (3,), adjust=-1, cooldown=2),
    Design("tires-0", "Tires", A, (0,), plus=1, adjust=1, slipstream=1, cooldown=1),
    Design("tires-0-double", "Tires", A, (0,), plus=2, adjust=2),
    Design("turbo-7", "Turbocharger", A, (7,), heat=2, cooldown=3),
    Design("turbo-8", "Turbocharger", A, (8,), heat=1, scrap=6),
    Design("wings-4", "Wings", A, (4,), heat=1, scrap=2, adjust=2),
    Design("wings-3", "Wings", A, (3,), heat=1, scrap=2, adjust=2),
    Design("wings-6", "Wings", A, (6,), heat=2, adjust=3),
    Design("4wd-accel", "4 Wheel Drive", A, (0,), plus=1, accelerate=True),
    # Sponsorship cards (game-data.md §4): every one is One-time use (G-29, C-31)
    Design("sp-brakes", "Dramdo Brakes", S, (1, 2, 3, 4)),
    Design("sp-cooling", "Fredo&F. C.S.", S, (4,), cooldown=2),
    Design("sp-rpm", "Aperault RPM Cie", S, (1,), slipstream=2),
    Design("sp-turbo", "Lord&Co. T.B.", S, (6,)),
    Design("sp-wings", "De Angeli Wings Inc.", S, (3,), adjust=1),
)
BY_ID = {design.id: design for design in DESIGNS}
UPGRADES = [d for d in DESIGNS if d.deck != S]
SPONSORS = [d for d in DESIGNS if d.deck == S]


def ids(designs: list[Design]) -> list[str]:
    return [d.id for d in designs]


def having(attribute: str) -> list[str]:
    """Ids of the designs with that symbol."""
    return [d.id for d in DESIGNS if getattr(d, attribute)]


DECK = ["heat", "rpm-2", "3", "2", "4", "1", "4", "3", "2", "1"]
"""The draw deck (top first) of most scenarios: the + symbols turn up 3, then 2, then 4, the
Heat and the rpm-2 above the 3 being discarded (B-12.4, G-38)."""
FLIPS = (3, 2, 4)


def card_speed(design: Design, chosen: int | None = None) -> int:
    """The Speed the card adds when played alone from ``DECK``: + flips, then its value (G-19 to G-21)."""
    value = design.speeds[0] if len(design.speeds) == 1 else chosen
    assert value is not None
    return value + sum(FLIPS[: design.plus])


# ---------------------------------------------------------------------------------- helpers


def reveal(
    cards: list[str],
    *,
    space: int = 20,
    engine: int = 6,
    hand: tuple[str, ...] = (),
    deck: list[str] | None = None,
    discard: tuple[str, ...] = (),
    chosen: int | None = None,
) -> tuple[Race, list[Event]]:
    """Red, alone on the track in gear len(cards), plans ``cards`` (also holding ``hand``) and
    reveals them; a card with several Speed values gets ``chosen`` (default its lowest).
    Returns the race at the first decision after Reveal & Move and the events so far."""
    red = car(
        space=space,
        gear=len(cards),
        engine=engine,
        hand=[*cards, *hand],
        deck=list(DECK if deck is None else deck),
        discard=list(discard),
    )
    race = race_from(position([red]))
    events = play(race, f"red: gear {len(cards)} play {' '.join(cards)}")
    if race.step == "choose":
        for card_id in cards:
            design = BY_ID.get(card_id)
            if design is not None and len(design.speeds) > 1:
                value = design.speeds[0] if chosen is None else chosen
                events += play(race, f"speed {value} for {card_id}")
    return race, events


def end_react(race: Race) -> list[Event]:
    """Use the mandatory symbols left (G-23), then end the React step."""
    events: list[Event] = []
    while race.phase == "turn" and race.step == "react" and race.to_decide() == (RED,):
        mandatory = sorted(o for o in options(race) if o.split()[0] in ("heat", "scrap", "adjust"))
        events += play(race, mandatory[0] if mandatory else "done")
    return events


def finish_turn(race: Race) -> list[Event]:
    """Red ends its turn choosing nothing optional: no slipstream, discard, refresh."""
    events = end_react(race)
    answers = {"slipstream": "no slipstream", "discard": "discard nothing", "refresh": "refresh nothing"}
    while race.phase == "turn" and race.to_decide() == (RED,):
        events += end_react(race) if race.step == "react" else play(race, answers[race.step])
    return events


def private(race: Race, *entries: str) -> list[Event]:
    """``play``, returning the events as red sees them (its own cards shown)."""
    start = len(race.events())
    play(race, *entries)
    return race.events(RED)[start:]


def moves(events: list[Event], reason: str) -> list[int]:
    return [e.spaces for e in of_type(events, Moved) if e.seat == RED and e.reason == reason]


def all_cards(race: Race, seat: int = RED) -> Counter[str]:
    entry = state(race, seat)
    return Counter(entry["hand"] + entry["deck"] + entry["discard"] + entry["play"])


# ------------------------------------------------------------------- G-1, C-31: the decks


def test_G_1_regular_deck_has_34_cards_and_advanced_deck_62():
    cards = content.catalogue()
    regular, advanced = Counter(cards.deck("regular")), Counter(cards.deck("advanced"))
    assert sum(regular.values()) == 34
    assert sum(advanced.values()) == 62
    # OQ-G-10: 2 copies of every design; Extra Heat is in both decks (G-8).
    assert regular == Counter({d.id: 2 for d in UPGRADES if d.deck == R} | {"extra-heat": 2})
    assert advanced == Counter({d.id: 2 for d in UPGRADES if d.deck == A} | {"extra-heat": 2})
    assert len(regular) == 17 and len(advanced) == 31  # designs per deck, game-data.md §5.3


def test_G_29_C_31_thirty_five_sponsorship_cards_all_one_time_use():
    cards = content.catalogue()
    sponsor = Counter(cards.deck("sponsor"))
    assert sum(sponsor.values()) == 35
    assert sponsor == Counter({d.id: 7 for d in SPONSORS})
    by_id = {card.id: card for card in cards.cards}
    assert all(by_id[card_id].one_time for card_id in sponsor)
    assert not any(by_id[d.id].one_time for d in UPGRADES)  # One-time use only on Sponsorship cards


@pytest.mark.parametrize("card_id", ids(list(DESIGNS)))
def test_OQ_G_10_G_7_card_data_matches_the_reference(card_id):
    design = BY_ID[card_id]
    card = {c.id: c for c in content.catalogue().cards}[card_id]
    assert card.category == design.category
    assert card.speeds == design.speeds
    printed = (design.plus, design.heat, design.scrap, design.adjust, design.cooldown)
    assert (card.plus, card.heat, card.scrap, card.adjust, card.cooldown) == printed
    assert (card.slipstream, card.reduce_stress, card.salvage) == (
        design.slipstream,
        design.reduce_stress,
        design.salvage,
    )
    flags = (design.refresh, design.direct, design.accelerate, design.one_time)
    assert (card.refresh, card.direct, card.accelerate, card.one_time) == flags


# --------------------------------------------------------- G-19 to G-21, G-38: the Speed


FIXED = [d for d in DESIGNS if len(d.speeds) == 1 and not d.plus]
PLUS = [d for d in DESIGNS if d.plus]
CHOICE = [(d.id, value) for d in DESIGNS if len(d.speeds) > 1 for value in d.speeds]


@pytest.mark.parametrize("card_id", ids(FIXED))
def test_G_19_card_speed(card_id):
    design = BY_ID[card_id]
    race, events = reveal([card_id])
    value = design.speeds[0]
    assert of_type(events, CardFlipped) == []
    assert moves(events, "cards") == [value]
    assert turn(race)["speed"] == value
    assert state(race)["space"] == 20 + value
    assert state(race)["play"] == [card_id]


@pytest.mark.parametrize("card_id", ids(PLUS))
def test_G_20_G_38_plus_symbols_flip_for_basic_cards_at_reveal(card_id):
    design = BY_ID[card_id]
    race, events = reveal([card_id])
    flips = [(e.card, e.kept, e.reason) for e in of_type(events, CardFlipped)]
    expected = [("heat", False, "upgrade"), ("rpm-2", False, "upgrade"), ("3", True, "upgrade")]
    expected += [(str(v), True, "upgrade") for v in FLIPS[1 : design.plus]]
    assert flips == expected
    speed = card_speed(design)
    assert moves(events, "cards") == [speed]
    assert turn(race)["speed"] == speed
    red = state(race)
    assert red["space"] == 20 + speed
    # G-38: the Upgrade card (and the Heat) turned up by the + process are discarded.
    assert red["discard"] == ["heat", "rpm-2"]
    assert red["play"] == [card_id, *(str(v) for v in FLIPS[: design.plus])]
    assert red["deck"] == DECK[2 + design.plus :]


@pytest.mark.parametrize(("card_id", "value"), CHOICE, ids=[f"{c}-{v}" for c, v in CHOICE])
def test_G_21_chosen_speed_value(card_id, value):
    race, events = reveal([card_id], chosen=value)
    assert [(e.card, e.value) for e in of_type(events, SpeedChosen)] == [(card_id, value)]
    assert moves(events, "cards") == [value]
    assert turn(race)["speed"] == value
    assert state(race)["space"] == 20 + value


@pytest.mark.parametrize("card_id", [d.id for d in DESIGNS if len(d.speeds) > 1])
def test_G_21_choose_step_offers_exactly_the_printed_values(card_id):
    design = BY_ID[card_id]
    race = race_from(position([car(space=20, hand=[card_id], deck=list(DECK))]))
    play(race, f"red: gear 1 play {card_id}")
    assert race.step == "choose"
    assert options(race) == {f"speed {v} for {card_id}" for v in design.speeds}
    assert state(race)["space"] == 20  # no move before the value is chosen
    missing = max(design.speeds) + 1
    message = refused(race, f"speed {missing} for {card_id}")
    assert "G-21" in message


def test_G_20_OQ_B_20_stress_flips_come_before_upgrade_plus_symbols():
    race, events = reveal(["4wd-4", "stress"], deck=["3", "2", "1"])
    # The Stress card is flipped first although the 4wd-4 lies first in the play area.
    assert [(e.card, e.reason) for e in of_type(events, CardFlipped)] == [("3", "stress"), ("2", "upgrade")]
    assert moves(events, "cards") == [4 + 3 + 2]
    assert state(race)["play"] == ["4wd-4", "stress", "3", "2"]


def test_G_20_G_21_plus_symbols_are_resolved_before_values_are_chosen():
    race = race_from(position([car(space=20, gear=2, hand=["4wd-4", "brakes-13"], deck=["heat", "3", "2"])]))
    events = play(race, "red: gear 2 play 4wd-4 brakes-13")
    assert race.step == "choose"
    assert [(e.card, e.kept) for e in of_type(events, CardFlipped)] == [("heat", False), ("3", True)]
    assert turn(race)["speed"] == 4 + 3  # the + already counted, the Brakes value not yet
    events = play(race, "speed 3 for brakes-13")
    assert moves(events, "cards") == [4 + 3 + 3]
    assert state(race)["space"] == 30


# ------------------------------------------------------- G-22 to G-24: React symbols


@pytest.mark.parametrize("card_id", ids(list(DESIGNS)))
def test_G_23_G_24_OQ_G_1_done_only_once_mandatory_symbols_are_used(card_id):
    design = BY_ID[card_id]
    race, _ = reveal([card_id], hand=("heat", "stress"), discard=("1",))
    assert race.step == "react"
    offered = options(race)
    mandatory = {o for o in offered if o.split()[0] in ("heat", "scrap", "adjust")}
    assert mandatory == design.mandatory
    if mandatory:
        assert "done" not in offered
        message = refused(race, "done")
        assert "G-23" in message
    else:
        assert "done" in offered  # Cooldown, Slipstream boost, Reduce Stress, Refresh ... are optional
    # Optional symbols of the card are offered, not forced.
    if design.cooldown:
        assert f"cooldown 1 from {card_id}" in offered
    if design.reduce_stress:
        assert f"reduce-stress 1 from {card_id}" in offered
    if design.salvage:
        assert f"salvage 1 from {card_id}" in offered
    if design.accelerate:
        assert f"accelerate from {card_id}" in offered
    end_react(race)
    assert race.step != "react"


@pytest.mark.parametrize("order", list(itertools.permutations(["heat 1", "scrap 2", "adjust 2", "cooldown 1"])))
def test_G_22_symbols_are_used_in_any_order(order):
    # wings-4 (Heat 1, Scrap 2, Adjust +2) with cooling-4 for a Cooldown symbol (and its Scrap 2).
    race, _ = reveal(["wings-4", "cooling-4"], hand=("heat",))
    sources = {"heat 1": "wings-4", "scrap 2": "wings-4", "adjust 2": "wings-4", "cooldown 1": "cooling-4"}
    for symbol in order:
        play(race, f"{symbol} from {sources[symbol]}")
    assert options(race) >= {"scrap 2 from cooling-4"}
    play(race, "scrap 2 from cooling-4")
    red = state(race)
    assert red["engine"] == 6 - 1 + 1
    assert red["hand"] == []
    assert Counter(red["discard"]) == Counter(["heat", *DECK[:4]])
    assert turn(race)["adjust"] == 2
    assert "done" in options(race)


# --------------------------------------------------------------------- G-25 Heat


@pytest.mark.parametrize("card_id", having("heat"))
def test_G_25_heat_symbol_pays_heat_from_engine_to_discard(card_id):
    design = BY_ID[card_id]
    race, _ = reveal([card_id])
    before = state(race)
    assert f"heat {design.heat} from {card_id}" in options(race)
    assert f"heat {design.heat + 1} from {card_id}" not in options(race)
    events = play(race, f"heat {design.heat} from {card_id}")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(design.heat, card_id)]
    after = state(race)
    assert after["engine"] == 6 - design.heat
    assert after["discard"] == before["discard"] + ["heat"] * design.heat
    assert f"heat {design.heat} from {card_id}" not in options(race)  # paid once


@pytest.mark.parametrize("card_id", having("heat"))
def test_G_25_OQ_G_3_card_whose_heat_cannot_be_paid_is_refused(card_id):
    design = BY_ID[card_id]
    race = race_from(position([car(space=20, engine=design.heat - 1, hand=[card_id, "1"], deck=list(DECK))]))
    assert f"gear 1 play {card_id}" not in options(race)
    message = refused(race, f"red: gear 1 play {card_id}")
    assert "OQ-G-3" in message


@pytest.mark.parametrize("engine", [2, 3])
def test_G_26_OQ_G_2_OQ_G_3_accident_rule_never_needed_shift_and_card_heat_counted_together(engine):
    # OQ-G-3: a plan is legal only if the cards' Heat and the two-gear shift are payable, so the
    # G-26 replacement (and OQ-G-2's re-move) never happens. turbo-7 (Heat 2) + shift 1 -> 3.
    race = race_from(position([car(space=20, engine=engine, hand=["turbo-7", "1", "2"], deck=list(DECK))]))
    plans = options(race)
    assert ("gear 3 play 1 2 turbo-7" in plans) == (engine >= 3)
    assert "gear 2 play 1 turbo-7" in plans  # no shift cost: 2 Heat are enough
    if engine < 3:
        message = refused(race, "red: gear 3 play turbo-7 1 2")
        assert "OQ-G-3" in message
        return
    events = play(race, "red: gear 3 play turbo-7 1 2", "heat 2 from turbo-7")
    assert [(e.amount, e.reason) for e in of_type(events, HeatPaid)] == [(1, "shift"), (2, "turbo-7")]
    assert state(race)["engine"] == 0
    assert moves(events, "cards") == [7 + 1 + 2]  # the card played as planned, never replaced


def test_G_25_OQ_G_3_boost_cannot_spend_the_heat_owed_by_the_cards():
    race, _ = reveal(["turbo-7"], engine=2)
    assert "boost" not in options(race)
    message = refused(race, "boost")
    assert "OQ-G-3" in message
    play(race, "heat 2 from turbo-7")
    assert state(race)["engine"] == 0


# --------------------------------------------------------------------- G-27 Scrap


@pytest.mark.parametrize("card_id", having("scrap"))
def test_G_27_scrap_discards_the_top_cards_of_the_draw_deck(card_id):
    design = BY_ID[card_id]
    race, _ = reveal([card_id], discard=("stress",))
    events = play(race, f"scrap {design.scrap} from {card_id}")
    scrapped = DECK[: design.scrap]
    assert [(e.symbol, e.amount, e.cards) for e in of_type(events, SymbolUsed)] == [
        ("scrap", design.scrap, tuple(scrapped))
    ]
    red = state(race)
    assert red["deck"] == DECK[design.scrap :]
    assert red["discard"] == ["stress", *scrapped]  # the first card scrapped lies lowest
    assert red["hand"] == []


def test_G_27_B_15_1_scrap_reshuffles_the_discard_pile_when_the_deck_runs_out():
    race, _ = reveal(["turbo-8"], deck=["1", "2"], discard=("4",))
    events = play(race, "scrap 6 from turbo-8")
    # B-15.1: each time the deck is empty the discard pile (the scrapped cards too) becomes the
    # new deck: 1 and 2, then the three shuffled cards, then one more after a second shuffle.
    (used,) = of_type(events, SymbolUsed)
    assert used.amount == 6 and used.cards[:2] == ("1", "2")
    assert Counter(used.cards[2:5]) == Counter(["1", "2", "4"])
    red = state(race)
    assert len(red["deck"]) == 2 and red["discard"] == [used.cards[5]]
    assert Counter(red["deck"] + red["discard"]) == Counter(["1", "2", "4"])


def test_G_27_OQ_B_3_scrap_with_nothing_left_does_nothing():
    race, _ = reveal(["pedal-3"], deck=[])
    events = play(race, "scrap 3 from pedal-3")
    assert [(e.symbol, e.cards) for e in of_type(events, SymbolUsed)] == [("scrap", ())]
    red = state(race)
    assert red["deck"] == [] and red["discard"] == [] and red["play"] == ["pedal-3"]
    assert "done" in options(race)


# -------------------------------------------------------------- G-28 Adjust Speed Limit


ADJUST = having("adjust")


@pytest.mark.parametrize("card_id", ADJUST)
def test_G_28_OQ_G_6_adjust_speed_limit_changes_the_corner_check(card_id):
    design = BY_ID[card_id]
    # From space 10 the card and two 4s cross the Corner Line after 12 (printed limit 7).
    race, _ = reveal([card_id, "4", "4"], space=10, engine=9)
    speed = card_speed(design, design.speeds[0]) + 8
    assert f"adjust {design.adjust} from {card_id}" in options(race)
    play(race, f"adjust {design.adjust} from {card_id}")
    assert turn(race)["adjust"] == design.adjust
    events = finish_turn(race)
    limit = 7 + design.adjust
    cost = max(0, speed - limit)
    assert cost != max(0, speed - 7)  # the printed limit would cost something else
    assert [(e.corner, e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(1, speed, limit, cost)]
    assert state(race)["engine"] == 9 - design.heat - cost


def test_G_28_OQ_G_6_adjustments_add_up():
    race, _ = reveal(["wings-6", "tires-2-cool"], space=10, engine=9)
    events = finish_turn(race)
    # Speed 8 at a limit of 7 + 3 - 1 = 9: no Heat for the corner; only the 2 Heat of the Wings.
    assert [(e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(8, 9, 0)]
    assert state(race)["engine"] == 7


# ------------------------------------------------------------------------- G-30 Cooldown


@pytest.mark.parametrize("card_id", having("cooldown"))
def test_G_30_cooldown_moves_heat_from_hand_to_engine(card_id):
    design = BY_ID[card_id]
    n = design.cooldown
    race, _ = reveal([card_id], engine=4, hand=("heat",) * (n + 1))
    card_options = {o for o in options(race) if o.endswith(f"from {card_id}") and o.startswith("cooldown")}
    assert card_options == {f"cooldown {k} from {card_id}" for k in range(1, n + 1)}
    message = refused(race, f"cooldown {n + 1} from {card_id}")
    assert "G-30" in message
    events = play(race, f"cooldown {n} from {card_id}")
    assert [(e.count, e.source) for e in of_type(events, CooledDown)] == [(n, card_id)]
    red = state(race)
    assert red["engine"] == 4 + n
    assert red["hand"] == ["heat"]
    assert not any(o.endswith(f"from {card_id}") and o.startswith("cooldown") for o in options(race))


def test_G_30_cooldown_takes_up_to_the_heat_cards_in_hand():
    race, _ = reveal(["turbo-7"], hand=("heat",))
    assert {o for o in options(race) if o.endswith("from turbo-7")} >= {"cooldown 1 from turbo-7"}
    assert "cooldown 2 from turbo-7" not in options(race)


# ------------------------------------------------------------------ G-31 Slipstream boost


def before_red_moves(cards: list[str], landing: int) -> Race:
    """Blue has had its turn and stands just in front of red's landing space; red, on space 20
    in gear len(cards), reveals ``cards`` next."""
    red = car(space=20, gear=len(cards), play=cards, deck=list(DECK))
    blue = car(space=landing + 1, hand=["1"])
    return race_from(position([red, blue], phase="turn", step="discard", order=[BLUE, RED], turn_index=0))


@pytest.mark.parametrize("card_id", having("slipstream"))
def test_G_31_slipstream_boost_offers_longer_slipstreams(card_id):
    design = BY_ID[card_id]
    boost = design.slipstream
    race = before_red_moves([card_id], 20 + card_speed(design, design.speeds[0]))
    play(race, "discard nothing")
    if race.step == "choose":
        play(race, f"speed {design.speeds[0]} for {card_id}")
    end_react(race)
    assert race.step == "slipstream"
    lengths = {"slipstream" if n == 2 else f"slipstream {n}" for n in range(2, 3 + boost)}
    assert options(race) == lengths | {"no slipstream"}
    message = refused(race, f"slipstream {3 + boost}")
    assert "G-31" in message
    start = state(race)["space"]
    speed = turn(race)["speed"]
    events = play(race, f"slipstream {2 + boost}")
    assert len(of_type(events, Slipstreamed)) == 1
    assert moves(events, "slipstream") == [2 + boost]
    assert state(race)["space"] == start + 2 + boost
    assert speed == card_speed(design, design.speeds[0])  # B-6.5: Speed is unchanged


def test_G_31_without_boost_the_slipstream_is_two_spaces():
    race = before_red_moves(["4wd-4"], 20 + 4 + 3)
    play(race, "discard nothing")
    end_react(race)
    assert options(race) == {"slipstream", "no slipstream"}
    refused(race, "slipstream 3")


def test_G_31_slipstream_boosts_add_up():
    race = before_red_moves(["rpm-1", "susp-1"], 22)  # boosts 2 + 1
    play(race, "discard nothing", "done")
    assert options(race) == {"slipstream", "slipstream 3", "slipstream 4", "slipstream 5", "no slipstream"}
    play(race, "slipstream 5")
    assert state(race)["space"] == 27


# -------------------------------------------------------------------- G-32 Reduce Stress


@pytest.mark.parametrize("card_id", having("reduce_stress"))
def test_G_32_OQ_G_9_reduce_stress_discards_stress_from_hand(card_id):
    design = BY_ID[card_id]
    n = design.reduce_stress
    race, _ = reveal([card_id], hand=("stress",) * (n + 1))
    assert race.step == "react"  # OQ-G-9: in React, not at reveal
    assert state(race)["hand"] == ["stress"] * (n + 1)
    card_options = {o for o in options(race) if o.startswith("reduce-stress")}
    assert card_options == {f"reduce-stress {k} from {card_id}" for k in range(1, n + 1)}
    refused(race, f"reduce-stress {n + 1} from {card_id}")
    before = state(race)
    events = play(race, f"reduce-stress {n} from {card_id}")
    assert [(e.symbol, e.amount, e.cards) for e in of_type(events, SymbolUsed)] == [
        ("reduce-stress", n, ("stress",) * n)
    ]
    red = state(race)
    assert red["hand"] == ["stress"]
    assert red["discard"] == before["discard"] + ["stress"] * n  # an exception to B-8.3


# ------------------------------------------------------------------------- G-33 Refresh


@pytest.mark.parametrize("card_id", having("refresh"))
def test_G_33_OQ_G_7_refresh_puts_the_card_back_on_top_of_the_deck(card_id):
    race, _ = reveal([card_id], deck=["1", "2", "3", "4", "1", "2", "3", "4", "1"])
    end_react(race)
    assert race.step == "refresh"
    assert options(race) == {f"refresh {card_id}", "refresh nothing"}
    events = private(race, f"refresh {card_id}")
    assert [e.cards for e in of_type(events, Refreshed)] == [(card_id,)]
    # OQ-G-7: on the deck before drawing, so it is the first card drawn back.
    (drew,) = [e for e in of_type(events, Drew) if e.seat == RED]
    assert drew.cards == (card_id, "1", "2", "3", "4", "1", "2")
    red = state(race)
    assert red["hand"] == list(drew.cards) and card_id not in red["discard"]


@pytest.mark.parametrize("card_id", having("refresh"))
def test_G_33_refresh_is_optional(card_id):
    race, _ = reveal([card_id], deck=["1", "2", "3", "4", "1", "2", "3", "4", "1"])
    end_react(race)
    events = play(race, "refresh nothing")
    assert of_type(events, Refreshed) == []
    red = state(race)
    assert red["discard"] == [card_id] and card_id not in red["hand"]


def test_G_33_only_a_played_refresh_card_can_be_refreshed():
    race, _ = reveal(["susp-4"], hand=("susp-1",), deck=["1", "2", "3", "4", "1", "2", "3", "4", "1"])
    end_react(race)
    play(race, "discard nothing")
    message = refused(race, "refresh susp-1")
    assert "G-33" in message


# ------------------------------------------------------------------------- G-34 Salvage


@pytest.mark.parametrize("card_id", having("salvage"))
def test_G_34_salvage_shuffles_chosen_discard_cards_into_the_deck(card_id):
    race, _ = reveal([card_id], discard=("1", "heat", "4", "stress"))
    before = state(race)
    offered = {o for o in options(race) if o.startswith("salvage")}
    assert {
        f"salvage 4 from {card_id}",
        f"salvage 4 heat from {card_id}",
        f"salvage 1 stress from {card_id}",
    } <= offered
    assert not any(len(o.split()) > 5 for o in offered)  # at most 2 cards
    message = refused(race, f"salvage 1 4 heat from {card_id}")
    assert "up to its number" in message
    refused(race, f"salvage 2 from {card_id}")  # not in the discard pile
    events = private(race, f"salvage 4 heat from {card_id}")
    assert [(e.count, e.cards, e.source) for e in of_type(events, Salvaged)] == [(2, ("4", "heat"), card_id)]
    after = state(race)
    assert Counter(after["discard"]) == Counter(before["discard"]) - Counter(["4", "heat"])
    assert Counter(after["deck"]) == Counter(before["deck"]) + Counter(["4", "heat"])
    assert not any(o.startswith("salvage") for o in options(race))  # used once


def test_G_34_salvage_cards_may_be_named_in_any_order():
    race, _ = reveal(["fuel-2"], discard=("1", "heat", "4"))
    events = private(race, "salvage heat 4 from fuel-2")
    assert [Counter(e.cards) for e in of_type(events, Salvaged)] == [Counter(["4", "heat"])]
    assert state(race)["discard"] == ["1"]


# --------------------------------------------------------------------- G-35 Direct Play


@pytest.mark.parametrize("card_id", having("direct"))
def test_G_35_OQ_G_4_direct_play_moves_at_once_and_counts_for_the_corner(card_id):
    design = BY_ID[card_id]
    value = design.speeds[0]
    # The planned 4 and 4 bring red from space 4 to 12; the Gas Pedal card then crosses the line.
    race, events = reveal(["4", "4"], space=4, engine=9, hand=(card_id,))
    assert state(race)["space"] == 12
    assert f"direct from {card_id}" in options(race)
    events = play(race, f"direct from {card_id}")
    assert [(e.symbol, e.amount, e.source) for e in of_type(events, SymbolUsed)] == [("direct", value, card_id)]
    assert moves(events, "direct play") == [value]
    red = state(race)
    assert red["space"] == 12 + value
    assert card_id not in red["hand"] and card_id in red["play"]
    assert turn(race)["speed"] == 8 + value
    # Its symbols apply as if revealed in step 3: the mandatory ones are now owed.
    offered = options(race)
    assert design.mandatory <= offered and "done" not in offered
    events = finish_turn(race)
    assert [(e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(8 + value, 7, 1 + value)]
    assert state(race)["engine"] == 9 - design.heat - (1 + value)


def test_G_35_direct_play_is_optional_and_the_card_can_be_planned():
    race, _ = reveal(["3"], hand=("pedal-2",))
    play(race, "done")
    assert "pedal-2" in state(race)["hand"]


def test_G_35_OQ_G_3_direct_play_refused_when_its_heat_cannot_be_paid():
    race, _ = reveal(["3"], engine=0, hand=("pedal-4", "heat"))
    assert "direct from pedal-4" not in options(race)
    message = refused(race, "direct from pedal-4")
    assert "G-35" in message


def test_G_35_only_direct_play_cards_from_hand_can_be_played_directly():
    race, _ = reveal(["pedal-2"], hand=("cooling-3",))
    assert not any(o.startswith("direct") for o in options(race))
    refused(race, "direct from pedal-2")  # already in the play area
    refused(race, "direct from cooling-3")  # no Direct Play symbol


# --------------------------------------------------------------------- G-36, G-37 Accelerate


def test_G_36_G_37_OQ_G_5_accelerate_counts_every_plus_of_the_turn():
    # Stress flip (3) and the 4wd-accel's + (2): 2 + symbols used at reveal, Speed 5, 5 -> 10.
    race, events = reveal(["4wd-accel", "stress"], space=5, engine=9, deck=["3", "2", "4", "1"])
    assert moves(events, "cards") == [5]
    accelerate = {o for o in options(race) if o.startswith("accelerate")}
    assert accelerate == {"accelerate from 4wd-accel"}  # G-37: no partial amount to choose
    refused(race, "accelerate 1 from 4wd-accel")
    events = play(race, "accelerate from 4wd-accel")
    assert [(e.symbol, e.amount) for e in of_type(events, SymbolUsed)] == [("accelerate", 2)]
    assert moves(events, "accelerate") == [2]
    assert turn(race)["speed"] == 7
    # OQ-G-5: a + used after Accelerate counts too: the Boost flips a 4 and adds 4 + 1.
    events = play(race, "boost")
    assert [e.value for e in of_type(events, Boosted)] == [5]
    assert state(race)["space"] == 5 + 5 + 2 + 5
    events = finish_turn(race)
    # G-37: the increase counts for the corner check.
    assert [(e.speed, e.limit, e.heat) for e in of_type(events, CornerChecked)] == [(12, 7, 5)]
    assert state(race)["engine"] == 9 - 1 - 5


def test_G_36_accelerate_is_optional():
    race, _ = reveal(["4wd-accel", "stress"], deck=["3", "2", "4", "1"])
    events = play(race, "done")
    assert of_type(events, SymbolUsed) == []
    assert state(race)["space"] == 25


def test_G_36_G_35_direct_played_pedal_accelerate():
    race, _ = reveal(["stress"], hand=("pedal-accel",), deck=["heat", "3", "2", "4", "1", "1", "1", "1", "1"])
    assert state(race)["space"] == 23
    play(race, "direct from pedal-accel")
    assert "scrap 5 from pedal-accel" in options(race) and "done" not in options(race)
    events = play(race, "accelerate from pedal-accel")
    # One + used this turn (the Stress card): +1 Speed and 1 space.
    assert [(e.symbol, e.amount) for e in of_type(events, SymbolUsed)] == [("accelerate", 1)]
    assert turn(race)["speed"] == 3 + 1 + 1
    assert state(race)["space"] == 25
    events = play(race, "scrap 5 from pedal-accel", "boost")
    (boost,) = of_type(events, Boosted)
    assert boost.value == 1 + 1  # the Boost flips the next Basic card (a 1) and Accelerate adds 1


# --------------------------------------------------------------------- G-29 One-time use


@pytest.mark.parametrize("card_id", ids(SPONSORS))
def test_G_29_C_31_sponsorship_card_is_removed_from_the_game_in_step_9(card_id):
    deck = ["1", "2", "3", "4"] * 3
    race, _ = reveal([card_id], hand=("heat",), deck=deck)
    before = all_cards(race)
    events = finish_turn(race)
    assert [e.cards for e in of_type(events, CardsRemoved)] == [(card_id,)]
    after = all_cards(race)
    assert after == before - Counter([card_id])
    assert state(race)["discard"] == []


def test_G_29_upgrade_cards_are_discarded_not_removed():
    race, _ = reveal(["cooling-3"], deck=["1", "2", "3", "4"] * 3)
    events = finish_turn(race)
    assert of_type(events, CardsRemoved) == []
    assert state(race)["discard"] == ["cooling-3"]


def test_G_29_sponsorship_card_discarded_from_hand_goes_to_the_discard_pile():
    # G-29 removes the card only from the play area in step 9; discarded in step 8 it is kept.
    race, _ = reveal(["1"], hand=("sp-turbo",), deck=["1", "2", "3", "4"] * 3)
    end_react(race)
    events = play(race, "discard sp-turbo")
    assert of_type(events, CardsRemoved) == []
    assert state(race)["discard"] == ["sp-turbo", "1"]


# --------------------------------------------------------------------- G-8 Extra Heat


def test_G_8_G_9_extra_heat_upgrade_is_a_heat_card_in_the_draw_deck():
    def build(upgrades: tuple[str, ...]) -> Race:
        seats = (SeatConfig("Red", "red", upgrades=upgrades),)
        return Race(RaceConfig(seats, track="usa", seed=4, starting_upgrades=False))

    plain, extra = build(()), build(("extra-heat",))
    assert all_cards(plain)["heat"] == 0
    cards = all_cards(extra)
    assert cards["heat"] == 1 and "extra-heat" not in cards
    assert sum(cards.values()) == 12 + 3 + 1  # Basic cards, 3 Stress (USA) and the Extra Heat
    assert state(extra)["engine"] == state(plain)["engine"] == 6  # it does not come from the Engine
    assert state(extra)["upgrades"] == ["extra-heat"]


def test_G_8_drafted_extra_heat_adds_a_heat_card_to_the_deck():
    def market_has_extra_heat(seed: int) -> bool:
        race = Race(RaceConfig(default_seats(2), garage="regular", seed=seed))
        return "extra-heat" in to_position(race)["draft"]["market"]

    seed = next(s for s in range(100) if market_has_extra_heat(s))
    race = Race(RaceConfig(default_seats(2), garage="regular", seed=seed))
    (drafter,) = race.to_decide()
    race.apply(drafter, next(d for d in race.legal_decisions(drafter) if d.text() == "draft extra-heat"))
    while race.phase == "draft":
        (seat,) = race.to_decide()
        choices = race.legal_decisions(seat)
        race.apply(seat, next((d for d in choices if d.text() != "draft extra-heat"), choices[0]))
    drafted = [e for e in of_type(race.events(), UpgradeDrafted) if e.seat == drafter]
    assert drafted[0].card == "extra-heat"
    for seat in (0, 1):
        upgrades = state(race, seat)["upgrades"]
        cards = all_cards(race, seat)
        assert cards["heat"] == upgrades.count("extra-heat")
        assert "extra-heat" not in cards
        assert sum(cards.values()) == 12 + 3 + 3  # Basic cards, 3 Upgrades, 3 Stress (USA)
        assert state(race, seat)["engine"] == 6
    assert all_cards(race, drafter)["heat"] >= 1


def test_G_8_extra_heat_cannot_be_played_or_discarded_and_cools_down_like_heat():
    race = race_from(position([car(space=20, hand=["extra-heat", "1", "2"], deck=list(DECK))]))
    assert state(race)["hand"].count("heat") == 1  # an Extra Heat card in hand is a Heat card
    assert not any("heat" in o for o in options(race))
    message = refused(race, "red: gear 2 play 1 heat")
    assert "B-2.2" in message
    play(race, "red: gear 1 play 1")
    assert "cooldown 1" in options(race)  # 1st gear's Cooldown takes it back to the Engine
    play(race, "cooldown 1", "done")
    assert race.step == "discard"
    assert options(race) == {"discard nothing", "discard 2"}
