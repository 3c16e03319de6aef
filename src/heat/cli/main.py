"""``heat``: race between bots, play against them, inspect positions and records."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence

_UNPRINTABLE = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def printable(text: str) -> str:
    """``text`` with every control, formatting or separator character escaped (``\\x1b``): a
    file name or a value quoted in an error cannot move the cursor, colour the terminal, reverse
    the line or fake another one; a lone surrogate cannot fail the printing."""
    return "".join(
        character.encode("unicode_escape").decode("ascii")
        if unicodedata.category(character) in _UNPRINTABLE
        else character
        for character in text
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``heat`` command; returns the exit status. Every failure a user can
    cause is one line on standard error, never a traceback."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        # Imported here, as the rest, so that a Ctrl-C while it loads is the message below.
        from heat.i18n import LANGUAGES, UnknownLanguage, language_from_environment, set_language

        try:
            set_language(requested_language(arguments) or language_from_environment(os.environ))
        except UnknownLanguage as error:
            message = f"unknown language {str(error)!r} for --lang: choose one of {', '.join(LANGUAGES)}"
            print(printable(f"heat: {message}"), file=sys.stderr)
            return 2
        return _run(arguments)
    except KeyboardInterrupt:
        print(f"\nheat: {_interrupted()}", file=sys.stderr)
        return 130


def _interrupted() -> str:
    i18n = sys.modules.get("heat.i18n")
    return "interrupted" if i18n is None else str(i18n._("interrupted"))


def requested_language(argv: Sequence[str]) -> str | None:
    """The language of ``--lang LANG`` or ``--lang=LANG`` anywhere before a ``--`` (before or
    after the command: the help is written in it, so it is read before the command line is
    parsed), or None. The last one given counts, as with any option; a ``--lang`` without a
    value is left for the parser to refuse."""
    chosen = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            chosen = argv[index + 1]
        elif word.startswith("--lang="):
            chosen = word.removeprefix("--lang=")
    return None if chosen is None else chosen.strip().lower()


def _run(argv: Sequence[str] | None) -> int:
    # The parser loads nothing of the game: `heat --help`, `heat COMMAND --help` and a mistyped
    # option end in parse_args, in a few tens of milliseconds (benchmarks/startup_bench.py).
    # The engine is loaded once a command is known to run, here rather than at the top, so that
    # a Ctrl-C while it loads is the one-line message of `main`, not a traceback.
    from heat.cli.parser import build_parser, check

    parser = build_parser()
    args = parser.parse_args(argv)
    from heat.engine import HeatError

    try:
        check(parser, args)
        status: int = args.run(args)
    except HeatError as error:
        from heat.i18n import error_text

        print(f"heat: {printable(error_text(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except OSError as error:  # e.g. the output's disk is full: a message, not a traceback
        where = f" ({error.filename})" if error.filename else ""
        reason = error.strerror or error
        from heat.i18n import _

        message = _("could not read or write{where}: {reason}", where=where, reason=reason)
        print(printable(f"heat: {message}"), file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
