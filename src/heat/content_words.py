"""The names and texts of the game's data files (src/heat/data) as messages, so that the
catalogues hold them: the data keep the English words and the ids records use; a client shows
``_(name)`` (``heat.i18n``). ``tests/test_i18n.py`` checks that every name of the data is here.
Sponsorship card makers (``Dramdo Brakes``...) are brand names and stay as they are."""

from __future__ import annotations

from heat.i18n import N_

CARD_NAMES = (
    N_("Heat"),
    N_("Stress"),
    N_("Speed 1"),
    N_("Speed 2"),
    N_("Speed 3"),
    N_("Speed 4"),
    N_("Starting Upgrade 0"),
    N_("Starting Upgrade 5"),
)
"""The base game's cards (base.toml)."""

UPGRADE_NAMES = (
    N_("4 Wheel Drive"),
    N_("Body"),
    N_("Brakes"),
    N_("Cooling system"),
    N_("Extra Heat"),
    N_("Fuel"),
    N_("Gas Pedal"),
    N_("R.P.M."),
    N_("Suspension"),
    N_("Tires"),
    N_("Turbocharger"),
    N_("Wings"),
)
"""The Garage's Upgrade cards (upgrades.toml, G-4 to G-9)."""

WEATHER_NAMES = (
    N_("Cloudy"),
    N_("Fog"),
    N_("Freezing"),
    N_("Heavy rain"),
    N_("Rain"),
    N_("Sunny"),
)
"""The Weather tokens (weather.toml, W-4)."""

ROAD_NAMES = (
    N_("Speed Limit +1"),
    N_("Speed Limit -1"),
    N_("Overheat"),
    N_("Heat control"),
    N_("Slipstream boost +1"),
    N_("Weather"),
)
"""The Road Conditions tokens (weather.toml, W-8 to W-17)."""

EVENT_TITLES = (
    N_("Corruption in rules committee"),
    N_("Drivers' strike"),
    N_("Engine restrictions lifted"),
    N_("First live televised race"),
    N_("New grandstand inauguration"),
    N_("New safety regulations"),
    N_("New speed record!"),
    N_("New title sponsor"),
    N_("Record crowds"),
    N_("Title sponsor withdraws, future unknown"),
)
"""The Championship's event cards (events.toml, C-10)."""

EVENT_TEXTS = (
    N_(
        "All drivers start the race with 2 less Heat cards and 1 less Stress card than usual. "
        "Hand size is reduced to 6 cards."
    ),
    N_("All drivers start the race with an extra Heat card from the reserve in their Engine spot."),
    N_(
        "All drivers start the race with an extra Stress card from the reserve in their Deck. "
        "If you spin out, you are eliminated from the race and score 0 Championship points."
    ),
    N_("Each time you reach a Speed of 15 or more, immediately gain a Sponsorship card."),
    N_("First three drivers to cross the Finish Line on the 1st lap immediately gain a Sponsorship card."),
    N_("If you pass 3 cars in a single round, immediately gain a Sponsorship card."),
    N_("No special rules."),
    N_("The top 3 finishers of this race are awarded an extra Championship point."),
    N_("This race is one lap longer than usual and hand size is increased to 8 cards."),
    N_("This race is one lap shorter than usual. The winner of this race is awarded 2 extra Championship points."),
)
"""What each event card does (events.toml)."""
