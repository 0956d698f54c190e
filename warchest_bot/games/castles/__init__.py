"""Castles (قلعه‌ها): the game of the Persian tutorial text (docs/castles.md). Rules data in `rules`,
the immutable position values in `state`; the engine and its `GameKind` follow."""
