"""The server's and the web board's ``_`` and ``ngettext``: the ``web`` catalogue first
(heat.i18n.Domain)."""

from __future__ import annotations

from heat.i18n import Domain

WEB = Domain("web")
_ = WEB._
ngettext = WEB.ngettext
