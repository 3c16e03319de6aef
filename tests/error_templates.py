"""Checks of an error built from a template (issue 32): ``heat.i18n.error_text`` translates the
template, then fills in its values, so each ``{placeholder}`` must have its value, and each
value built the same way (a ``Phrase``, a wrapped error) must be whole too."""

from __future__ import annotations

import string


def template_nodes(item: object) -> list[object]:
    """``item`` and every value inside it that carries a ``template`` and its ``values`` (an
    error, a ``Phrase``), outermost first."""
    template = getattr(item, "template", None)
    values = getattr(item, "values", None)
    if not (isinstance(template, str) and template and isinstance(values, dict)):
        return []
    return [item, *(node for value in values.values() for node in template_nodes(value))]


def template_problems(error: BaseException) -> list[str]:
    """What is wrong with ``error``'s template and the templates of its values: an error with no
    template (an f-string), a placeholder with no value, a value no placeholder uses, a brace
    left in a template given no values (it would be shown doubled, ``{{``). Empty if none."""
    nodes = template_nodes(error)
    if not nodes:
        return [f"no template: {error!r}"]
    problems = []
    for node in nodes:
        template: str = getattr(node, "template")  # noqa: B009 - the nodes are typed object
        values: dict[str, object] = getattr(node, "values")  # noqa: B009
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
        if fields != set(values):
            problems.append(f"{template!r}: placeholders {sorted(fields)}, values {sorted(values)}")
        if not values and ("{" in template or "}" in template):
            problems.append(f"{template!r}: braces but no values")
    return problems
