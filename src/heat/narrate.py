"""Plain-language descriptions of events and public facts, for logs and terminal clients."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from heat.engine import SeatView, track
from heat.engine import events as ev
from heat.engine.content import RoadToken, WeatherToken, weather_tokens
from heat.i18n import N_, _, ngettext


def legends_deck(view: SeatView) -> str | None:
    """Which Legends cards are still in the Legends deck (public: the revealed ones lie face up,
    L-6, L-16; their order stays hidden), or None in a race without Legends on the track."""
    if not any(car.legend and car.on_track for car in view.cars):
        return None
    to_come = ", ".join(map(str, view.legends_to_come)) or _("none (all ten are reshuffled at the next reveal)")
    return _("Legends cards still in the deck: {cards}", cards=to_come)


def legends_rules(view: SeatView) -> str | None:
    """The Legends rules of this race that a player cannot see on the board: the Pro Legends
    bonus (L-17) and, on a track with chevrons, whether they let a Legend cross two Corner Lines
    (OQ-L-10); None without Legends on the track or with nothing to tell."""
    if not any(car.legend and car.on_track for car in view.cars):
        return None
    rules = []
    if view.pro_legends:
        rules.append(_("Pro Legends, Top Speed +{bonus}", bonus=view.pro_legends))
    chevrons = [str(corner.number) for corner in track(view.track).corners if corner.chevron]
    if chevrons:
        where = (
            _("{corners} or {last}", corners=", ".join(chevrons[:-1]), last=chevrons[-1])
            if len(chevrons) > 1
            else chevrons[0]
        )
        if view.aggressive_legends:
            rules.append(
                _(
                    "chevrons on: a Legend that starts on the Diamond-0 space of corner {corners} "
                    "may cross two Corner Lines",
                    corners=where,
                )
            )
        else:
            rules.append(_("chevrons off: no Legend crosses two Corner Lines"))
    return _("Legends: {rules}", rules="; ".join(rules)) if rules else None


@cache
def _weather() -> dict[str, WeatherToken]:
    return {token.id: token for token in weather_tokens()[0]}


@cache
def _road() -> dict[str, RoadToken]:
    return {token.id: token for token in weather_tokens()[1]}


def weather_words(weather: str | None) -> str:
    """``Rain (W: cooling +1)``: a Weather token's name and its effect in the sectors that hold a
    Weather token (W-17, W-18); '' for no Weather."""
    if weather is None:
        return ""
    token = _weather().get(weather)
    if token is None:
        return weather
    effects = _weather_effects(token)
    name = _(token.name)
    return _("{name} (W: {effects})", name=name, effects=", ".join(effects)) if effects else name


def _weather_effects(token: WeatherToken) -> list[str]:
    effects = []
    if token.no_cooling:
        effects.append(_("no cooling"))
    if token.no_slipstream:
        effects.append(_("no slipstream"))
    if token.slipstream_boost:
        effects.append(_("slipstream +{spaces}", spaces=token.slipstream_boost))
    if token.cooling_bonus:
        effects.append(_("cooling +{heat}", heat=token.cooling_bonus))
    return effects


def road_words(token_id: str) -> str:
    """A Road Conditions token in words: its name (``Speed Limit -1``), and ``(its sector)`` for
    a token that changes the sector after its corner (W-8)."""
    token = _road().get(token_id)
    if token is None:
        return token_id
    return _("{name} (its sector)", name=_(token.name)) if token.is_sector else _(token.name)


def sector_words(token_id: str, weather: str | None) -> str:
    """What a sector token does to the cars in its sector, with the rule: ``Heat control: a
    Boost costs no Heat (W-16)``."""
    token = _road().get(token_id)
    if token is None:
        return token_id
    name = _(token.name)
    if token.free_boost:
        return _("{name}: a Boost costs no Heat (W-16)", name=name)
    if token.slipstream_boost:
        return ngettext(
            "{name}: Slipstream up to {count} more space (W-15)",
            "{name}: Slipstream up to {count} more spaces (W-15)",
            token.slipstream_boost,
            name=name,
        )
    if token.weather:
        weather_token = _weather().get(weather or "")
        if weather_token is None:
            return _("{name}: no Weather token in this race", name=name)
        effects = ", ".join(_weather_effects(weather_token)) or _("no effect")
        return _("{name}: {weather}, {effects} (W-17)", name=name, weather=_(weather_token.name), effects=effects)
    return name


def _where(space: int, lap: int, laps: int) -> str:
    if lap <= 0:
        return _("space {space} on the grid", space=space)
    if lap > laps:
        return _("space {space} past the finish", space=space)
    return _("space {space} (lap {lap})", space=space, lap=lap)


# The reasons and sources the engine names in its events (state.py, turns.py): English shows the
# id itself; a card id (an Upgrade's, ``turbo-8``) is shown as it is in every language.
_REASONS = {
    "shift": N_("shift"),
    "boost": N_("boost"),
    "stress": N_("stress"),
    "cards": N_("cards"),
    "legend": N_("legend"),
    "slipstream": N_("slipstream"),
    "adrenaline": N_("adrenaline"),
    "weather": N_("weather"),
    "gear": N_("gear"),
}


def reason_words(reason: str) -> str:
    """A reason or source of an event in the language spoken (``corner 2``, ``boost``); an id
    the engine gives (a card's) unchanged."""
    if reason.startswith("corner ") and reason.removeprefix("corner ").isdigit():
        return _("corner {corner}", corner=reason.removeprefix("corner "))
    known = _REASONS.get(reason)
    return _(known) if known is not None else reason


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards)


def describe(event: ev.Event, names: Sequence[str], laps: int) -> str | None:
    """One line about ``event`` (``names[seat]`` names each car) in the language spoken, or None
    for bookkeeping events."""
    who = names[event.seat] if 0 <= event.seat < len(names) else ""
    match event:
        case ev.RaceStarted(grid=grid):
            return _("Grid: {cars}", cars=_places(grid, names))
        case ev.RoundStarted(round=number):
            return _("--- Round {round} ---", round=number)
        case ev.GearShifted(old=old, new=new):
            return _("{who} shifts {old} -> {new}", who=who, old=old, new=new) if old != new else None
        case ev.HeatPaid(amount=amount, reason=reason):
            return _("{who} pays {amount} Heat ({reason})", who=who, amount=amount, reason=reason_words(reason))
        case ev.CardsRevealed(cards=cards):
            return _("{who} reveals {cards}", who=who, cards=_cards(cards) or _("nothing"))
        case ev.ClutteredHand():
            return _("{who} has a cluttered hand: no move, back to 1st gear", who=who)
        case ev.CardFlipped(card=card, kept=kept, reason=reason):
            if kept:
                return _("{who} flips {card} for {reason}", who=who, card=card, reason=reason_words(reason))
            return _("{who} flips {card} for {reason} (discarded)", who=who, card=card, reason=reason_words(reason))
        case ev.Moved(spaces=spaces, reason=reason, to_space=space, to_lap=lap, blocked=blocked, from_lap=from_lap):
            where = _where(space, lap, laps)
            why = reason_words(reason)
            text = _("{who} moves {spaces} ({reason}) to {where}", who=who, spaces=spaces, reason=why, where=where)
            if blocked:
                text = _("{move}, blocked", move=text)
            if 1 <= from_lap < lap <= laps:
                text = _("{move}; starts lap {lap}", move=text, lap=lap)
            return text
        case ev.AdrenalineGained():
            return _("{who} gets Adrenaline", who=who)
        case ev.CooledDown(count=count, source=source):
            return _("{who} cools down {count} Heat ({source})", who=who, count=count, source=reason_words(source))
        case ev.Boosted(value=value):
            return _("{who} boosts +{value}", who=who, value=value)
        case ev.SpeedIncreased(amount=amount, source=source):
            return _("{who} adds +{amount} Speed ({source})", who=who, amount=amount, source=reason_words(source))
        case ev.Slipstreamed():
            return _("{who} slipstreams", who=who)
        case ev.CornerChecked(corner=corner, speed=speed, limit=limit, heat=heat):
            if heat:
                return _(
                    "{who} takes corner {corner} at Speed {speed} (limit {limit}): {heat} over",
                    who=who,
                    corner=corner,
                    speed=speed,
                    limit=limit,
                    heat=heat,
                )
            return _(
                "{who} takes corner {corner} at Speed {speed} (limit {limit}): within the limit",
                who=who,
                corner=corner,
                speed=speed,
                limit=limit,
            )
        case ev.SpunOut(corner=corner, to_space=space, to_lap=lap, stress=stress):
            return _(
                "{who} SPINS OUT at corner {corner}, back to {where}, takes {stress} Stress",
                who=who,
                corner=corner,
                where=_where(space, lap, laps),
                stress=stress,
            )
        case ev.Discarded(cards=cards):
            return _("{who} discards {cards}", who=who, cards=_cards(cards))
        case ev.Shuffled(cards=cards):
            return ngettext(
                "{who} shuffles {count} card into a new draw deck",
                "{who} shuffles {count} cards into a new draw deck",
                cards,
                who=who,
            )
        case ev.Drew(count=count, cards=cards):
            if cards:
                return _("{who} draws {cards}", who=who, cards=_cards(cards))
            # "draws 3" alone would read as the card 3 (a public count must not look like a secret).
            return ngettext("{who} draws {count} card", "{who} draws {count} cards", count, who=who) if count else None
        case ev.CrossedFinish():
            return _("{who} crosses the finish line!", who=who)
        case ev.RoundEnded(finishers=finishers):
            return ", ".join(_("{who} enters the Hall of Fame", who=names[s]) for s in finishers) or None
        case ev.ConditionsDrawn(weather=weather, road=road):
            corners = ", ".join(
                _("corner {corner}: {token}", corner=i, token=road_words(token)) for i, token in enumerate(road, 1)
            )
            return _("Weather: {weather}; Road Conditions: {corners}", weather=weather_words(weather), corners=corners)
        case ev.UpgradeDrafted(card=card, round=number):
            return _("{who} drafts {card} (round {round})", who=who, card=card, round=number)
        case ev.UpgradesDealt(cards=cards):
            return _("{who} is dealt {cards}", who=who, cards=_cards(cards))
        case ev.LegendsCardRevealed(card=card):
            return _("Legends card {card} is revealed", card=card)
        case ev.SpeedChosen(card=card, value=value):
            return _("{who} sets {card} to Speed {value}", who=who, card=card, value=value)
        case ev.SymbolUsed(symbol=symbol, amount=amount, source=source, cards=cards):
            return _symbol_used(who, symbol, amount, source, cards)
        case ev.Salvaged(count=count, cards=cards, source=source):
            return _(
                "{who} salvages {cards} ({source})", who=who, cards=_cards(cards) if cards else count, source=source
            )
        case ev.Refreshed(cards=cards):
            return _("{who} puts {cards} back on the deck (Refresh)", who=who, cards=_cards(cards))
        case ev.CardsRemoved(cards=cards):
            return _("{who} removes {cards} from the game (one-time use)", who=who, cards=_cards(cards))
        case ev.RaceEnded(standings=standings):
            return _("Race over: {cars}", cars=_places(standings, names))
    return None


def _places(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{place}. {names[seat]}" for place, seat in enumerate(seats, 1))


def _symbol_used(who: str, symbol: str, amount: int, source: str, cards: Sequence[str]) -> str:
    if symbol == "direct":
        return _("{who} plays {card} directly for Speed {speed}", who=who, card=source, speed=amount)
    if symbol == "adjust":
        return _(
            "{who} adjusts Speed Limits by {amount} this turn ({card})", who=who, amount=f"{amount:+d}", card=source
        )
    if symbol == "accelerate":
        return _("{who} accelerates +{amount} ({card})", who=who, amount=amount, card=source)
    text = _(
        "{who} uses {symbol} {amount} from {card}", who=who, symbol=symbol_words(symbol), amount=amount, card=source
    )
    return f"{text} ({_cards(cards)})" if cards else text


# The symbols an event or a decision names (base B-4, Upgrades G-4 to G-9): English shows the id.
_SYMBOLS = {
    "boost": N_("boost"),
    "cooldown": N_("cooldown"),
    "move": N_("move"),
    "heat": N_("heat"),
    "scrap": N_("scrap"),
    "adjust": N_("adjust"),
    "direct": N_("direct"),
    "accelerate": N_("accelerate"),
    "salvage": N_("salvage"),
    "reduce-stress": N_("reduce-stress"),
    "refresh": N_("refresh"),
    "slipstream": N_("slipstream"),
}


def symbol_words(symbol: str) -> str:
    """A symbol's id (``cooldown``, ``reduce-stress``) in the language spoken."""
    known = _SYMBOLS.get(symbol)
    return _(known) if known is not None else symbol
