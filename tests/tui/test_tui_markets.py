"""The Garage draft and the season hub: numbered options that the number keys take, a card the
market holds twice shown once with x2, and the highlighted card's symbols explained."""

from __future__ import annotations

import asyncio
from collections import Counter

from driver import handled, played
from textual.widgets import OptionList, Static

from heat.engine.content import catalogue
from heat.engine.decisions import Draft
from heat.tui.app import HeatApp
from heat.tui.helptext import symbol_lines
from heat.tui.screens.draft import DraftScreen
from heat.tui.screens.pick import TIMES
from heat.tui.screens.season import SeasonScreen
from heat.tui.setup_model import GameSetup, SeatChoice, build_table
from heat.tui.table import Table

ANN = SeatChoice("human", "Ann", color="red")
CLUB = SeatChoice("bot", level="club")
CARDS = {card.id: card for card in catalogue().cards}


def a_draft_with_a_card_twice() -> Table:
    """A Garage draft where Ann picks first from a market that holds a card twice."""
    for seed in range(1, 50):
        table = build_table(GameSetup(practice=True, seed=seed, garage="all", seats=(CLUB, ANN)))
        race = table.race
        assert race is not None
        played(table, lambda t: 0 not in t.to_decide())
        market = table.view(1).draft.market  # type: ignore[union-attr]
        if 1 in table.to_decide() and max(Counter(market).values()) > 1:
            return table
    raise AssertionError("no such draft in 50 seeds")


def labels(menu: OptionList) -> list[str]:
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def test_the_draft_numbers_its_cards_shows_twins_once_and_explains_the_highlighted_card() -> None:
    """The title said a market of 6 and the list showed 5, without numbers for the keys the help
    promised, and nothing said what a card's symbols do."""
    table = a_draft_with_a_card_twice()
    market = table.view(1).draft.market  # type: ignore[union-attr]
    twice = next(card for card, count in Counter(market).items() if count > 1)

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, DraftScreen)
            shown = labels(screen.query_one("#market", OptionList))
            assert [label.split(".")[0] for label in shown] == [str(n) for n in range(1, len(shown) + 1)]
            assert len(shown) == len(set(market))
            assert [label for label in shown if f"{twice} {TIMES}2" in label]
            options = screen.options
            help_text = str(screen.query_one("#card-help", Static).render())
            assert help_text == "\n".join(symbol_lines(CARDS[options[0].card]))  # type: ignore[attr-defined]
            await pilot.press("down")
            help_text = str(screen.query_one("#card-help", Static).render())
            assert help_text == "\n".join(symbol_lines(CARDS[options[1].card]))  # type: ignore[attr-defined]
            await pilot.press("3")  # the number keys take an option
            await handled(pilot)
            assert (1, options[2]) in table.race.decisions  # type: ignore[union-attr]
            await pilot.press("9")
            await handled(pilot)

    asyncio.run(scenario())


def test_the_season_hub_numbers_its_options_and_the_keys_take_them() -> None:
    table = build_table(GameSetup(mode="season", seed=7, seats=(ANN, CLUB)))
    played(table, lambda t: t.race is None and 0 in t.to_decide())

    async def scenario() -> None:
        app = HeatApp(table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await handled(pilot)
            screen = app.screen
            assert isinstance(screen, SeasonScreen)
            shown = labels(screen.query_one("#season-options", OptionList))
            assert shown[0].startswith("1. take ") and shown[1].startswith("2. take ")
            options = list(screen.options)
            assert isinstance(options[1], Draft)
            assert str(screen.query_one("#card-help", Static).render()).startswith(
                symbol_lines(CARDS[options[0].card])[0]  # type: ignore[attr-defined]
            )
            await pilot.press("2")
            await handled(pilot)
            assert (0, options[1]) in table.game.decisions

    asyncio.run(scenario())


def test_every_upgrade_symbol_is_explained_with_its_rule() -> None:
    for card in catalogue().cards:
        if card.type not in ("upgrade", "sponsor"):
            continue
        lines = symbol_lines(card)
        assert lines and all(line.endswith(")") and "(G-" in line for line in lines), card.id
        words = card.describe()
        for symbol in ("Scrap", "Cooldown", "Salvage", "Refresh", "Direct Play", "Accelerate", "One-time use"):
            if symbol in words:
                assert any(line.startswith(symbol) for line in lines), (card.id, symbol)
