"""Castles (قلعه‌ها): the game of the Persian tutorial text (docs/castles.md).

`rules` holds the fixed data (board, units, cards, numbers), `state` the immutable position values,
`engine` the rules (legal decisions, ``apply`` with its recorded chance steps), `notation` the action
text, `codec` the JSON position format and the views, and `kind` the `GameKind` (`kind.CastlesGame`) and
its `GameState` (`kind.CastlesState`).
"""
