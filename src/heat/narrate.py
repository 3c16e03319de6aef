"""Plain-language descriptions of events and public facts, for logs and terminal clients."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from heat.engine import SeatView, track
from heat.engine import events as ev
from heat.engine.content import RoadToken, WeatherToken, weather_tokens


def legends_deck(view: SeatView) -> str | None:
    """Which Legends cards are still in the Legends deck (public: the revealed ones lie face up,
    L-6, L-16; their order stays hidden), or None in a race without Legends on the track."""
    if not any(car.legend and car.on_track for car in view.cars):
        return None
    to_come = ", ".join(map(str, view.legends_to_come)) or "none (all ten are reshuffled at the next reveal)"
    return f"Legends cards still in the deck: {to_come}"


def legends_rules(view: SeatView) -> str | None:
    """The Legends rules of this race that a player cannot see on the board: the Pro Legends
    bonus (L-17) and, on a track with chevrons, whether they let a Legend cross two Corner Lines
    (OQ-L-10); None without Legends on the track or with nothing to tell."""
    if not any(car.legend and car.on_track for car in view.cars):
        return None
    rules = []
    if view.pro_legends:
        rules.append(f"Pro Legends, Top Speed +{view.pro_legends}")
    chevrons = [str(corner.number) for corner in track(view.track).corners if corner.chevron]
    if chevrons:
        where = f"{', '.join(chevrons[:-1])} or {chevrons[-1]}" if len(chevrons) > 1 else chevrons[0]
        if view.aggressive_legends:
            start = f"a Legend that starts on the Diamond-0 space of corner {where}"
            rules.append(f"chevrons on: {start} may cross two Corner Lines")
        else:
            rules.append("chevrons off: no Legend crosses two Corner Lines")
    return "Legends: " + "; ".join(rules) if rules else None


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
    return token.name + (f" (W: {', '.join(effects)})" if effects else "")


def _weather_effects(token: WeatherToken) -> list[str]:
    effects = []
    if token.no_cooling:
        effects.append("no cooling")
    if token.no_slipstream:
        effects.append("no slipstream")
    if token.slipstream_boost:
        effects.append(f"slipstream +{token.slipstream_boost}")
    if token.cooling_bonus:
        effects.append(f"cooling +{token.cooling_bonus}")
    return effects


def road_words(token_id: str) -> str:
    """A Road Conditions token in words: its name (``Speed Limit -1``), and ``(its sector)`` for
    a token that changes the sector after its corner (W-8)."""
    token = _road().get(token_id)
    if token is None:
        return token_id
    return token.name + (" (its sector)" if token.is_sector else "")


def sector_words(token_id: str, weather: str | None) -> str:
    """What a sector token does to the cars in its sector, with the rule: ``Heat control: a
    Boost costs no Heat (W-16)``."""
    token = _road().get(token_id)
    if token is None:
        return token_id
    if token.free_boost:
        return f"{token.name}: a Boost costs no Heat (W-16)"
    if token.slipstream_boost:
        return f"{token.name}: Slipstream up to {token.slipstream_boost} more space (W-15)"
    if token.weather:
        weather_token = _weather().get(weather or "")
        if weather_token is None:
            return f"{token.name}: no Weather token in this race"
        effects = ", ".join(_weather_effects(weather_token)) or "no effect"
        return f"{token.name}: {weather_token.name}, {effects} (W-17)"
    return token.name


def _where(space: int, lap: int, laps: int) -> str:
    if lap <= 0:
        return f"space {space} on the grid"
    if lap > laps:
        return f"space {space} past the finish"
    return f"space {space} (lap {lap})"


def describe(event: ev.Event, names: Sequence[str], laps: int) -> str | None:
    """One line about ``event`` (``names[seat]`` names each car), or None for bookkeeping events."""
    who = names[event.seat] if 0 <= event.seat < len(names) else ""
    match event:
        case ev.RaceStarted(grid=grid):
            return "Grid: " + ", ".join(f"{place}. {names[seat]}" for place, seat in enumerate(grid, 1))
        case ev.RoundStarted(round=number):
            return f"--- Round {number} ---"
        case ev.GearShifted(old=old, new=new):
            return f"{who} shifts {old} -> {new}" if old != new else None
        case ev.HeatPaid(amount=amount, reason=reason):
            return f"{who} pays {amount} Heat ({reason})"
        case ev.CardsRevealed(cards=cards):
            return f"{who} reveals {' '.join(cards) or 'nothing'}"
        case ev.ClutteredHand():
            return f"{who} has a cluttered hand: no move, back to 1st gear"
        case ev.CardFlipped(card=card, kept=kept, reason=reason):
            return f"{who} flips {card} for {reason}" + ("" if kept else " (discarded)")
        case ev.Moved(spaces=spaces, reason=reason, to_space=space, to_lap=lap, blocked=blocked, from_lap=from_lap):
            text = f"{who} moves {spaces} ({reason}) to {_where(space, lap, laps)}"
            if blocked:
                text += ", blocked"
            if 1 <= from_lap < lap <= laps:
                text += f"; starts lap {lap}"
            return text
        case ev.AdrenalineGained():
            return f"{who} gets Adrenaline"
        case ev.CooledDown(count=count, source=source):
            return f"{who} cools down {count} Heat ({source})"
        case ev.Boosted(value=value):
            return f"{who} boosts +{value}"
        case ev.SpeedIncreased(amount=amount, source=source):
            return f"{who} adds +{amount} Speed ({source})"
        case ev.Slipstreamed():
            return f"{who} slipstreams"
        case ev.CornerChecked(corner=corner, speed=speed, limit=limit, heat=heat):
            over = f"{heat} over" if heat else "within the limit"
            return f"{who} takes corner {corner} at Speed {speed} (limit {limit}): {over}"
        case ev.SpunOut(corner=corner, to_space=space, to_lap=lap, stress=stress):
            return f"{who} SPINS OUT at corner {corner}, back to {_where(space, lap, laps)}, takes {stress} Stress"
        case ev.Discarded(cards=cards):
            return f"{who} discards {' '.join(cards)}"
        case ev.Shuffled(cards=cards):
            return f"{who} shuffles {cards} cards into a new draw deck"
        case ev.Drew(count=count, cards=cards):
            if cards:
                return f"{who} draws {' '.join(cards)}"
            # "draws 3" alone would read as the card 3 (a public count must not look like a secret).
            return f"{who} draws {count} card{'' if count == 1 else 's'}" if count else None
        case ev.CrossedFinish():
            return f"{who} crosses the finish line!"
        case ev.RoundEnded(finishers=finishers):
            return ", ".join(f"{names[s]} enters the Hall of Fame" for s in finishers) or None
        case ev.ConditionsDrawn(weather=weather, road=road):
            corners = ", ".join(f"corner {i}: {road_words(token)}" for i, token in enumerate(road, 1))
            return f"Weather: {weather_words(weather)}; Road Conditions: {corners}"
        case ev.UpgradeDrafted(card=card, round=number):
            return f"{who} drafts {card} (round {number})"
        case ev.UpgradesDealt(cards=cards):
            return f"{who} is dealt {' '.join(cards)}"
        case ev.LegendsCardRevealed(card=card):
            return f"Legends card {card} is revealed"
        case ev.SpeedChosen(card=card, value=value):
            return f"{who} sets {card} to Speed {value}"
        case ev.SymbolUsed(symbol=symbol, amount=amount, source=source, cards=cards):
            moved = f" ({' '.join(cards)})" if cards else ""
            if symbol == "direct":
                return f"{who} plays {source} directly for Speed {amount}"
            if symbol == "adjust":
                return f"{who} adjusts Speed Limits by {amount:+d} this turn ({source})"
            if symbol == "accelerate":
                return f"{who} accelerates +{amount} ({source})"
            return f"{who} uses {symbol} {amount} from {source}{moved}"
        case ev.Salvaged(count=count, cards=cards, source=source):
            return f"{who} salvages {' '.join(cards) if cards else count} ({source})"
        case ev.Refreshed(cards=cards):
            return f"{who} puts {' '.join(cards)} back on the deck (Refresh)"
        case ev.CardsRemoved(cards=cards):
            return f"{who} removes {' '.join(cards)} from the game (one-time use)"
        case ev.RaceEnded(standings=standings):
            return "Race over: " + ", ".join(f"{place}. {names[seat]}" for place, seat in enumerate(standings, 1))
    return None
