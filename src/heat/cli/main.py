"""``heat``: race between bots, play against them, inspect positions and records."""

from __future__ import annotations

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
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("\nheat: interrupted", file=sys.stderr)
        return 130


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
        print(f"heat: {printable(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except OSError as error:  # e.g. the output's disk is full: a message, not a traceback
        where = f" ({error.filename})" if error.filename else ""
        print(printable(f"heat: could not read or write{where}: {error.strerror or error}"), file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
