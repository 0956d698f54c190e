"""War Chest rules engine."""
