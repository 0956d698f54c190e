"""English words of `/wc play`'s autocomplete labels in other languages (``warchest_bot.games.unit_names``).

An English user sees the notation alone (``Ar deploy e2``); a user of another language sees the names of
the units an action involves before it: ``{units}`` those names, ``{action}`` the notation. A group of the
Play menus named by a unit (``completion.group``): ``{unit}`` its name, ``{key}`` the group's notation
(``Sw``, ``Kn b1``).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "completion.label": "{units} · {action}",
    "completion.group": "{unit} ({key})",
    "completion.label.separator": ", ",
}
