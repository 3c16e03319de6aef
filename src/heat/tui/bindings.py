"""The key bindings' descriptions (the footer's words) in the language spoken.

Textual reads a binding's description where the footer draws it, from the bindings each screen
and the app copy from their class when they are made; the class marks its descriptions with
``N_`` and ``translate_bindings`` swaps the instance's copy for translated ones, so a screen
made after ``set_language`` speaks that language."""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from heat.tui.translate import _


def translate_bindings(node: DOMNode) -> None:
    """Translate the description and tooltip of every binding of ``node`` (its own copy)."""
    # DOMNode._bindings is the instance's copy of its class's merged bindings (Textual 8.2.8):
    # replacing its lists leaves the class's bindings, shared by every instance, as they are.
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            replace(
                binding,
                description=_(binding.description) if binding.description else "",
                tooltip=_(binding.tooltip) if binding.tooltip else "",
            )
            for binding in listed
        ]


def show_bindings(node: DOMNode, keys: tuple[str, ...], *, shown: bool) -> None:
    """Show the bindings of ``keys`` in the footer, or leave them out of it (they still work)."""
    bindings = node._bindings.key_to_bindings
    for key in keys:
        bindings[key] = [replace(binding, show=shown) for binding in bindings.get(key, [])]
    node.refresh_bindings()
