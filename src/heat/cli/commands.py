"""The words a person may type at the plain prompt in the language spoken, read as the English
words of the prompt's commands and of the decision text (``vaihde 3 pelaa 1 4`` is
``gear 3 play 1 4``). The English words are understood in every language; records and the
protocol keep only the English text form (``Decision.text()``)."""

from __future__ import annotations

from heat.i18n import language

COMMAND_WORDS: dict[str, dict[str, str]] = {
    "fi": {
        "lopeta": "quit",
        "ohje": "help",
        "lista": "list",
        "tila": "status",
        "tallenna": "save",
        "esikatsele": "preview",
        "vahvista": "confirm",
        "päälle": "on",
        "pois": "off",
    },
    "fr": {
        "quitter": "quit",
        "aide": "help",
        "liste": "list",
        "état": "status",
        "sauver": "save",
        "aperçu": "preview",
        "confirmer": "confirm",
        "oui": "on",
        "non": "off",
    },
    "de": {
        "beenden": "quit",
        "hilfe": "help",
        "liste": "list",
        "stand": "status",
        "speichern": "save",
        "vorschau": "preview",
        "bestätigen": "confirm",
        "an": "on",
        "aus": "off",
    },
}
"""The prompt's commands (``list``, ``save FILE``...) in each language, lower case."""

DECISION_WORDS: dict[str, dict[str, str]] = {
    "fi": {
        "vaihde": "gear",
        "pelaa": "play",
        "tehostus": "boost",
        "jäähdytys": "cooldown",
        "valmis": "done",
        "imu": "slipstream",
        "ei": "no",
        "hylkää": "discard",
        "mitään": "nothing",
        "adrenaliini": "adrenaline",
        "siirto": "move",
    },
    "fr": {
        "rapport": "gear",
        "jouer": "play",
        "refroidir": "cooldown",
        "fini": "done",
        "aspiration": "slipstream",
        "pas": "no",
        "défausser": "discard",
        "rien": "nothing",
        "adrénaline": "adrenaline",
        "avancer": "move",
        "de": "from",
    },
    "de": {
        "gang": "gear",
        "spiele": "play",
        "abkühlen": "cooldown",
        "fertig": "done",
        "windschatten": "slipstream",
        "kein": "no",
        "ablegen": "discard",
        "nichts": "nothing",
        "adrenalin": "adrenaline",
        "bewegen": "move",
        "von": "from",
    },
}
"""The keywords of the decision text in each language, lower case (card ids stay as they are)."""

YES_WORDS: dict[str, tuple[str, ...]] = {"fi": ("k", "kyllä"), "fr": ("o", "oui"), "de": ("j", "ja")}
"""Yes to a question, besides ``y`` and ``yes``."""


def english(command: str) -> str:
    """``command`` (lower case) with its first word, and the ``on``/``off`` of ``confirm``, as
    the prompt's English command words; anything else unchanged."""
    words = command.split()
    table = COMMAND_WORDS.get(language(), {})
    if not words or words[0] not in table:
        return command
    first = table[words[0]]
    rest = [table.get(word, word) for word in words[1:]] if first == "confirm" else words[1:]
    if first in ("save", "preview"):  # a file name or a decision follows: left as typed
        return " ".join([first, *words[1:]])
    return " ".join([first, *rest])


def english_decision(text: str) -> str:
    """A decision typed with the keywords of the language spoken, as the English decision text
    that ``parse_decision`` reads; English keywords and card ids pass unchanged."""
    table = DECISION_WORDS.get(language(), {})
    return " ".join(table.get(word.lower(), word) for word in text.split())


def is_yes(answer: str) -> bool:
    """Whether ``answer`` (stripped, lower case) says yes, in English or the language spoken."""
    return answer in ("y", "yes", *YES_WORDS.get(language(), ()))
