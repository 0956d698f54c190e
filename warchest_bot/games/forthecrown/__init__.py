"""For the Crown (2nd edition), the deck-building game on the 8×8 board with the 24 units of Point-Buy
Chess: the card table (`card_table`, data in ``cards/``), the pure rules engine (`engine`, `effects`), the
game interface's entry (`kind`, `face`, registered as ``"forthecrown"`` by `entry`).

Rules: ``shared/rules/for-the-crown.md`` §3–§5; docs/for-the-crown.md says what is built.
"""
