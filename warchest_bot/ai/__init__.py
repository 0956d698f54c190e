"""What every game's computer players share: searches that work on any game state of the interface
(`warchest_bot.games.base.GameState`) and nothing of one game.

- `alphabeta`: iterative-deepening alpha-beta (negamax) for two-player games with no hidden information
  and no chance, to a time budget and a depth limit.

Each game's own players live in its folder (`warchest_bot.games.warchest.ai`).
"""
