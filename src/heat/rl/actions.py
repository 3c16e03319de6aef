"""The action space: one fixed vocabulary of tokens, a decision as a short sequence of them.

Every index of the discrete action space is one token and means the same thing in every state
(``TOKENS[i]``): a kind of decision (``plan``, ``discard``, ``react:cooldown``...), a number
(``n:3``), a card (``card:stress``), a source (``source:adrenaline``) or ``end``. A decision of
the engine is spelled as a sequence of tokens (``spell``), cards in the engine's canonical order:

| decision | tokens |
| --- | --- |
| ``Plan(3, ("1", "4", "stress"))`` | ``plan n:3 card:1 card:4 card:stress end`` |
| ``React("cooldown", 2)`` | ``react:cooldown n:2 source:gear`` |
| ``React("heat", 1, "turbo-8")`` | ``react:heat n:1 card:turbo-8`` |
| ``React("cooldown", 1, "weather")`` | ``react:cooldown n:1 end`` |
| ``EndReact()`` | ``done`` |
| ``Slipstream(True, 4)`` / ``Slipstream(False)`` | ``slipstream n:4`` / ``no-slipstream`` |
| ``Discard(("1", "2"))`` / ``Discard(())`` | ``discard card:1 card:2 end`` / ``discard end`` |
| ``ChooseSpeed("brakes-13", 3)`` | ``speed card:brakes-13 n:3`` |
| ``Salvage(("3", "heat"), "fuel-2")`` | ``salvage card:fuel-2 card:3 card:heat end`` |
| ``Refresh(("susp-4",))`` | ``refresh card:susp-4 end`` |
| ``Draft("turbo-7")`` | ``draft card:turbo-7`` |

A ``DecisionCursor`` holds the legal decisions of one moment and their spellings: its mask
allows exactly the tokens that extend the prefix chosen so far towards some legal decision, so
the sequences the masks allow are exactly the legal decisions (a test walks them both ways). No spelling is
a strict prefix of another (card lists end with ``end``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

import numpy as np
from mypy_extensions import i64

from heat.engine import Decision, Discard, EndReact, Plan, React, Slipstream, content
from heat.engine.decisions import ChooseSpeed, Draft, Keep, Refresh, Salvage, Swap

MIN_NUMBER: Final = -9
MAX_NUMBER: Final = 30
"""The numbers a decision may hold: gears, amounts of a symbol (``adjust -1``), Slipstream
distances, Speed values. A decision with another number is refused by ``spell``."""

KINDS: Final = (
    "plan",
    "done",
    "slipstream",
    "no-slipstream",
    "discard",
    "speed",
    "salvage",
    "refresh",
    "draft",
    "swap",
    "no-swap",
    "keep",
)
SYMBOLS: Final = (
    "cooldown",
    "boost",
    "move",
    "heat",
    "scrap",
    "adjust",
    "reduce-stress",
    "salvage",
    "direct",
    "accelerate",
    "slipstream",
)
"""Every symbol a ``React`` may name (B-5, G-24 to G-37)."""
SOURCES: Final = ("gear", "adrenaline")
"""The sources of a ``React`` that are not cards (a card source is spelled as its card token)."""
WEATHER_SOURCE: Final = "weather"
"""The Weather token's own Cooldown (W-27, OQ-W-6) is spelled with ``end`` as its source: the
vocabulary was fixed (and drivers trained on it) before it was spelled, ``end`` is never a
React's last token otherwise, and a new token would have changed the size of the action space."""


@cache
def card_ids() -> tuple[str, ...]:
    """Every card id of the game's data (base cards, Upgrades, Sponsorship cards), in data order."""
    return tuple(card.id for card in content.catalogue().cards)


@cache
def tokens() -> tuple[str, ...]:
    """The action vocabulary: index ``i`` of the action space is ``tokens()[i]``. Fixed by the
    game's data files: a data file with a new card adds a token at the end of the cards."""
    return (
        "end",
        *KINDS,
        *(f"react:{symbol}" for symbol in SYMBOLS),
        *(f"source:{source}" for source in SOURCES),
        *(f"n:{n}" for n in range(MIN_NUMBER, MAX_NUMBER + 1)),
        *(f"card:{card}" for card in card_ids()),
    )


@cache
def index_of() -> dict[str, int]:
    """Token -> action index."""
    return {token: index for index, token in enumerate(tokens())}


def action_count() -> int:
    """The size of the discrete action space."""
    return len(tokens())


END: Final = 0


def _number(n: int) -> str:
    if not MIN_NUMBER <= n <= MAX_NUMBER:
        raise ValueError(f"the number {n} is outside the action space ({MIN_NUMBER} to {MAX_NUMBER})")
    return f"n:{n}"


def _cards(cards: Iterable[str]) -> list[str]:
    return [f"card:{card}" for card in cards]


def spell_tokens(decision: Decision) -> tuple[str, ...]:
    """The token names that spell ``decision`` (see the module's table)."""
    if isinstance(decision, Plan):
        return ("plan", _number(decision.gear), *_cards(decision.cards), "end")
    if isinstance(decision, React):
        if decision.source == WEATHER_SOURCE:
            source = "end"
        elif decision.source in SOURCES:
            source = f"source:{decision.source}"
        else:
            source = f"card:{decision.source}"
        return (f"react:{decision.symbol}", _number(decision.amount), source)
    if isinstance(decision, EndReact):
        return ("done",)
    if isinstance(decision, Slipstream):
        return ("slipstream", _number(decision.spaces)) if decision.take else ("no-slipstream",)
    if isinstance(decision, Discard):
        return ("discard", *_cards(decision.cards), "end")
    if isinstance(decision, ChooseSpeed):
        return ("speed", f"card:{decision.card}", _number(decision.value))
    if isinstance(decision, Salvage):
        return ("salvage", f"card:{decision.source}", *_cards(decision.cards), "end")
    if isinstance(decision, Refresh):
        return ("refresh", *_cards(decision.cards), "end")
    if isinstance(decision, Draft):
        return ("draft", f"card:{decision.card}")
    if isinstance(decision, Swap):
        if decision.give is None or decision.take is None:
            return ("no-swap",)
        return ("swap", f"card:{decision.give}", f"card:{decision.take}")
    if isinstance(decision, Keep):
        return ("keep", f"card:{decision.card}")
    raise TypeError(f"not a decision: {decision!r}")


# The action indices of each part of the vocabulary (``tokens()``), for ``spell``.
_PLAN: Final = 1 + KINDS.index("plan")
_DONE: Final = 1 + KINDS.index("done")
_SLIPSTREAM: Final = 1 + KINDS.index("slipstream")
_NO_SLIPSTREAM: Final = 1 + KINDS.index("no-slipstream")
_DISCARD: Final = 1 + KINDS.index("discard")
_SPEED: Final = 1 + KINDS.index("speed")
_SALVAGE: Final = 1 + KINDS.index("salvage")
_REFRESH: Final = 1 + KINDS.index("refresh")
_DRAFT: Final = 1 + KINDS.index("draft")
_SWAP: Final = 1 + KINDS.index("swap")
_NO_SWAP: Final = 1 + KINDS.index("no-swap")
_KEEP: Final = 1 + KINDS.index("keep")
_FIRST_SYMBOL: Final = 1 + len(KINDS)
_FIRST_SOURCE: Final = _FIRST_SYMBOL + len(SYMBOLS)
_FIRST_NUMBER: Final = _FIRST_SOURCE + len(SOURCES)
_FIRST_CARD: Final = _FIRST_NUMBER + MAX_NUMBER - MIN_NUMBER + 1


@cache
def _symbol_index() -> dict[str, int]:
    """React symbol -> its token's index (``react:X``)."""
    return {symbol: _FIRST_SYMBOL + at for at, symbol in enumerate(SYMBOLS)}


@cache
def _source_index() -> dict[str, int]:
    """A React's source -> the index of the token that spells it: a card's, ``source:X``, or
    ``end`` for the Weather token's own Cooldown."""
    index = {card: _FIRST_CARD + at for at, card in enumerate(card_ids())}
    index.update({source: _FIRST_SOURCE + at for at, source in enumerate(SOURCES)})
    index[WEATHER_SOURCE] = END
    return index


@cache
def _card_index() -> dict[str, int]:
    """Card id -> its token's index (``card:X``)."""
    return {card: _FIRST_CARD + at for at, card in enumerate(card_ids())}


class _Unspellable(Exception):
    """A part of a decision the vocabulary does not hold (``spell`` then says which)."""


def _n(number: int) -> int:
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        raise _Unspellable
    return _FIRST_NUMBER + number - MIN_NUMBER


class _Speller:
    """The token indices of the vocabulary's names, looked up to spell decisions (one per
    process: ``_speller()``)."""

    def __init__(self) -> None:
        if action_count() > 2 * WORD:
            # A data file with more cards: TokenBits needs a third word.
            raise ValueError(f"{action_count()} tokens: the cursor's sets of tokens hold {2 * WORD}")
        self.cards = _card_index()
        self.symbols = _symbol_index()
        self.sources = _source_index()
        # Shared heads (``head``), made once: most legal decisions are Plans and Discards, and
        # most of them are left behind before their cards, so they need no list of their own.
        self.plan_heads = [[_PLAN, _n(gear)] for gear in range(MIN_NUMBER, MAX_NUMBER + 1)]
        """``plan_heads[_n(gear) - _FIRST_NUMBER]``: a Plan's head in that gear."""
        self.discard_head = [_DISCARD]
        self.done = [_DONE]

    def card(self, card: str) -> int:
        index = self.cards.get(card)
        if index is None:
            raise _Unspellable
        return index

    def card_list(self, head: list[int], cards: tuple[str, ...]) -> list[int]:
        """``head``, then the tokens of ``cards`` and ``end``."""
        index = self.cards
        for card in cards:
            token = index.get(card)
            if token is None:
                raise _Unspellable
            head.append(token)
        head.append(END)
        return head

    def head(self, decision: Decision) -> list[int]:
        """The action indices that spell ``decision`` up to its list of cards (a Plan's, a
        Discard's, a Salvage's, a Refresh's; the whole spelling of any other decision). The
        list may be shared: never change it."""
        # Speed (issue 34): exact types, the commonest first (a test of the exact type is one
        # comparison; a failed isinstance walks the class's bases). ``path`` takes any other
        # decision, and a subclass of one (isinstance), the same way.
        if type(decision) is Plan:
            return self.plan_heads[_n(decision.gear) - _FIRST_NUMBER]
        if type(decision) is Discard:
            return self.discard_head
        if type(decision) is React:
            return self.react(decision)
        if type(decision) is EndReact:
            return self.done
        if isinstance(decision, Plan):
            return [_PLAN, _n(decision.gear)]
        if isinstance(decision, Discard):
            return [_DISCARD]
        if isinstance(decision, Salvage):
            return [_SALVAGE, self.card(decision.source)]
        if isinstance(decision, Refresh):
            return [_REFRESH]
        return self.path(decision)

    def react(self, decision: React) -> list[int]:
        """The action indices that spell ``decision``."""
        symbol = self.symbols.get(decision.symbol)
        source = self.sources.get(decision.source)
        if symbol is None or source is None:
            raise _Unspellable
        return [symbol, _n(decision.amount), source]

    def path(self, decision: Decision) -> list[int]:
        """The action indices that spell ``decision``; _Unspellable if some part is outside the
        vocabulary or it is not a decision."""
        if isinstance(decision, Plan):
            return self.card_list([_PLAN, _n(decision.gear)], decision.cards)
        if isinstance(decision, React):
            return self.react(decision)
        if isinstance(decision, EndReact):
            return [_DONE]
        if isinstance(decision, Slipstream):
            return [_SLIPSTREAM, _n(decision.spaces)] if decision.take else [_NO_SLIPSTREAM]
        if isinstance(decision, Discard):
            return self.card_list([_DISCARD], decision.cards)
        if isinstance(decision, ChooseSpeed):
            return [_SPEED, self.card(decision.card), _n(decision.value)]
        if isinstance(decision, Salvage):
            return self.card_list([_SALVAGE, self.card(decision.source)], decision.cards)
        if isinstance(decision, Refresh):
            return self.card_list([_REFRESH], decision.cards)
        if isinstance(decision, Draft):
            return [_DRAFT, self.card(decision.card)]
        if isinstance(decision, Swap):
            if decision.give is None or decision.take is None:
                return [_NO_SWAP]
            return [_SWAP, self.card(decision.give), self.card(decision.take)]
        if isinstance(decision, Keep):
            return [_KEEP, self.card(decision.card)]
        raise _Unspellable


_SPELLER: Final[list[_Speller]] = []
"""The process's ``_Speller``, made at the first spelling (the card data is read then)."""


def _speller() -> _Speller:
    if not _SPELLER:
        _SPELLER.append(_Speller())
    return _SPELLER[0]


def _path(speller: _Speller, decision: Decision) -> list[int]:
    """``speller.path(decision)``, or the ValueError of ``spell`` naming the missing token."""
    try:
        return speller.path(decision)
    except _Unspellable:
        pass
    # Not a decision, or not in the vocabulary: the names say which token is missing.
    lookup = index_of()
    names = spell_tokens(decision)
    try:
        return [lookup[name] for name in names]
    except KeyError as missing:
        raise ValueError(f"{decision.text()!r}: token {missing.args[0]!r} is not in the action space") from None


def _head(speller: _Speller, decision: Decision) -> list[int]:
    """``speller.head(decision)``, or the ValueError of ``spell`` naming the missing token."""
    try:
        return speller.head(decision)
    except _Unspellable:
        return _path(speller, decision)  # raises, naming the token


def _card_list(decision: Decision) -> tuple[str, ...] | None:
    """The cards ``decision`` is spelled with as a list ending with ``end`` (a Plan's, a
    Discard's, a Salvage's, a Refresh's: ``_Speller.head`` stops before them); None for others."""
    if type(decision) is Plan or type(decision) is Discard:  # the commonest, by exact type (speed: ``head``)
        return decision.cards
    if isinstance(decision, (Plan, Discard, Salvage, Refresh)):
        return decision.cards
    return None


def spell(decision: Decision) -> tuple[int, ...]:
    """The action indices that spell ``decision`` (the indices of ``spell_tokens``). ValueError
    for a token outside the vocabulary (a symbol, card or number the action space does not hold)."""
    # Speed (issue 34): the indices are looked up directly, with no token name made and no
    # cache: a cache hashes and compares the decision, which costs more than spelling it.
    # tests/rl/test_rl_pinned.py checks it against ``spell_tokens`` for every legal decision.
    return tuple(_path(_speller(), decision))


WORD: Final = 63
"""Tokens per word of a set of tokens (``TokenBits``): two words hold the 126 tokens."""


def bit(one: i64, shift: i64) -> i64:
    """``one << shift`` in 64 bits; ``one`` is 1. (Compiled, ``1 << shift`` with ``shift`` an
    ``i64`` becomes the C expression ``1 << shift``, an ``int`` shift that loses every bit from
    32 up; a literal 1 given as an argument arrives as a 64-bit value.)"""
    return one << shift


class TokenBits:
    """A set of tokens as two native words (token t < 63: bit t of ``low``; else bit t - 63 of
    ``high``): built, compared and looked up without a Python object per token."""

    __slots__ = ("high", "low")

    def __init__(self, low: i64, high: i64) -> None:
        self.low = low
        self.high = high

    def tokens(self) -> list[int]:
        """The tokens, in increasing order."""
        found: list[int] = []
        for word, bits in ((0, self.low), (1, self.high)):
            token = word * WORD
            while bits:
                if bits & 1:
                    found.append(token)
                bits >>= 1
                token += 1
        return found


_MASKS: Final[dict[int, dict[int, np.ndarray]]] = {}
"""The mask of each set of allowed tokens met so far (by ``TokenBits``' low word, then its high
word): the same few sets come back at every turn (the kinds of a React step, the gears, a hand's
cards). Read-only: the same array is handed out each time."""
MASKS_KEPT: Final = 1 << 14
"""Masks kept at most (about 2 MB); the cache starts again when it is full."""
_KEPT: Final[list[int]] = [0]
"""How many masks ``_MASKS`` holds."""


def mask_of(allowed: frozenset[int]) -> np.ndarray:
    """A read-only int8 vector over the action space with 1 at each token of ``allowed``."""
    low: i64 = 0
    high: i64 = 0
    for token in allowed:
        if token < WORD:
            low |= bit(1, token)
        else:
            high |= bit(1, token - WORD)
    return _mask_of_bits(low, high)


def _mask_of_bits(low: i64, high: i64) -> np.ndarray:
    by_high = _MASKS.get(low)
    if by_high is None:
        by_high = _MASKS[low] = {}
    mask = by_high.get(high)
    if mask is None:
        if _KEPT[0] >= MASKS_KEPT:
            _MASKS.clear()
            _KEPT[0] = 0
            by_high = _MASKS[low] = {}
        ones = bytearray(action_count())
        for token in TokenBits(low, high).tokens():
            ones[token] = 1
        # read-only (made from bytes): shared by every cursor that allows the same tokens
        mask = by_high[high] = np.frombuffer(bytes(ones), np.int8)
        _KEPT[0] += 1
    return mask


class DecisionCursor:
    """The legal decisions of one moment, their spellings, and the prefix chosen so far.
    ``mask()`` allows exactly the tokens that lead on to a legal decision; ``choose(token)``
    returns the decision once its spelling is complete. (The spellings that still match the
    prefix are kept in a list and filtered at each token: cheaper than building a prefix tree
    for the few tokens a decision takes. A list of cards is spelled when the prefix first
    reaches it, and the tokens allowed next are worked out when first asked, as two words of
    bits, and kept until the prefix grows.) A decision outside the action space raises
    ``spell``'s ValueError when it is met."""

    __slots__ = ("_bits_depth", "_decisions", "_high", "_live", "_low", "_paths", "prefix")

    def __init__(self, legal: Sequence[Decision]) -> None:
        if not legal:
            raise ValueError("a cursor needs at least one legal decision")
        speller = _speller()
        self._decisions = list(legal)
        # Speed (issue 34): a Plan's or a Discard's cards are spelled only for the decisions
        # still candidates when the prefix reaches them (most are left behind at the gear).
        self._paths = [_head(speller, decision) for decision in self._decisions]
        self._live = len(self._paths)
        """The candidates still matching the prefix: the first ``_live`` of the two lists."""
        self.prefix: list[int] = []
        self._bits_depth: i64 = -1
        """The length of the prefix ``_low`` and ``_high`` are the allowed tokens of (-1: none
        yet): the candidates change only as the prefix grows."""
        self._low: i64 = 0
        self._high: i64 = 0

    def _spelled(self, index: int) -> list[int]:
        """Candidate ``index``'s whole spelling (its list of cards spelled now if it was not)."""
        path = self._paths[index]
        decision = self._decisions[index]
        if path[-1] != END:  # whole spellings with cards end with end; a head never does
            cards = _card_list(decision)
            if cards is not None:
                try:
                    path = _speller().card_list(path.copy(), cards)  # a head may be shared
                except _Unspellable:
                    _path(_speller(), decision)  # raises, naming the token
                self._paths[index] = path
        return path

    def _next_bits(self) -> tuple[i64, i64]:
        """The tokens allowed now, the next token of every spelling left (none once complete),
        as ``TokenBits``' two words (a pair of native ints: nothing is allocated). Worked out
        once per prefix (speed, issue 34: the forced tokens' check, the mask and ``allowed``
        share them)."""
        depth = len(self.prefix)
        if self._bits_depth == depth:
            return self._low, self._high
        low: i64 = 0
        high: i64 = 0
        paths = self._paths
        for index in range(self._live):
            path = paths[index]
            if depth >= len(path):
                path = self._spelled(index)
            token: i64 = path[depth]
            if token < WORD:
                low |= bit(1, token)
            else:
                high |= bit(1, token - WORD)
        self._low, self._high, self._bits_depth = low, high, depth
        return low, high

    def mask(self) -> np.ndarray:
        """An int8 vector over the action space: 1 for each token allowed now. Read-only (the
        same array for the same allowed tokens: speed, issue 34); ``.copy()`` one to change it."""
        low, high = self._next_bits()
        return _mask_of_bits(low, high)

    def allowed(self) -> list[int]:
        """The tokens allowed now, in increasing order."""
        low, high = self._next_bits()
        return TokenBits(low, high).tokens()

    def choose(self, token: int) -> Decision | None:
        """Take ``token``: the decision if it completes one, else None (the prefix grows).
        ValueError naming the token if the mask does not allow it; the cursor is then unchanged."""
        depth = len(self.prefix)
        paths = self._paths
        decisions = self._decisions
        # Speed (issue 34): the candidates that take ``token`` are moved to the front of the
        # cursor's own lists (``_live`` of them count), instead of being appended to new ones.
        # Nothing moves until one matches, so a refused token leaves the cursor as it was.
        kept = 0
        for index in range(self._live):
            path = paths[index]
            if depth >= len(path):
                path = self._spelled(index)
            if path[depth] == token:
                if kept != index:
                    paths[kept] = path
                    decisions[kept] = decisions[index]
                kept += 1
        if kept == 0:
            name = tokens()[token] if 0 <= token < action_count() else str(token)
            allowed = ", ".join(tokens()[t] for t in self.allowed())
            raise ValueError(f"action {token} ({name}) is not allowed now; allowed: {allowed}")
        self._live = kept
        self.prefix.append(token)
        depth += 1
        first = paths[0]
        if kept == 1 and len(first) == depth and (first[-1] == END or _card_list(decisions[0]) is None):
            self._live = 0  # complete: nothing is allowed any more
            return decisions[0]
        # No spelling is a strict prefix of another (card lists end with ``end``), so a spelling
        # complete here is the only candidate left; were it not, _next_bits would raise IndexError.
        return None

    def _forced(self) -> int:
        """The one token every spelling left takes next, or -1 if they differ (or none is left)."""
        if self._live == 0:
            return -1
        low, high = self._next_bits()
        if (low == 0) == (high == 0) or low & (low - 1) != 0 or high & (high - 1) != 0:
            return -1  # none, or more than one bit
        return self._paths[0][len(self.prefix)]  # spelled that far by _next_bits

    def advance_forced(self) -> Decision | None:
        """Take tokens while exactly one is allowed; the decision if that completes it."""
        while True:
            if self._live == 1:  # one decision left: every token still to come is forced
                path = self._spelled(0)
                self.prefix.extend(path[len(self.prefix) :])
                self._live = 0
                return self._decisions[0]
            token = self._forced()
            if token < 0:
                return None
            # Every spelling left takes it, and none ends with it (no spelling is a strict prefix
            # of another, and there are several): the candidates stay as they are.
            self.prefix.append(token)
