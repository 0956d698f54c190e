"""What every game's computer players share: searches and the arena, which work on any game of the
interface (`warchest_bot.games.base` and its facets, `warchest_bot.games.facets`) and know nothing of one
game.

- `alphabeta`: iterative-deepening alpha-beta (negamax) for two-player games with no hidden information
  and no chance, to a time budget and a depth limit.
- `review`: the review of a finished game (`/wc review`): each decision appraised from its seat's own view
  through the ``review_decision`` of the game's review facet (`Review`), the costliest moves marked.
- `arena`: records, results and their summary (Wilson intervals), and `run_game_arena`, which plays any
  registered two-player game's players against each other (``warchest-bot arena --game KIND``).

Each game's own players live in its folder (``warchest_bot/games/<kind>/``, behind its players facet,
`Players`).
"""
