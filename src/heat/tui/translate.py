"""The terminal app's ``_`` and ``ngettext``: the ``tui`` catalogue first (heat.i18n.Domain)."""

from __future__ import annotations

from heat.i18n import Domain

TUI = Domain("tui")
_ = TUI._
ngettext = TUI.ngettext
