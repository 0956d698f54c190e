"""For the Crown (2nd edition), the deck-building game on the 8×8 board with the 24 units of Point-Buy
Chess: the card table (`card_table`, data in ``cards/``) and the pure rules engine (`engine`).

Rules: ``shared/rules/for-the-crown.md`` §3–§5; docs/for-the-crown.md says what is built. The game is not
registered yet (no `GameKind` entry), so players cannot start one.
"""
