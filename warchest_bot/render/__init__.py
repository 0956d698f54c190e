"""What every game's pictures share: the shipped fonts and text layout (`text`), the thread-safe memo for
static layers (`cache`), the palette PNG writer (`png`) and the animated GIF writer (`gif`).

Each game draws its own pictures in its own folder (``warchest_bot/games/<kind>/``, behind its pictures
facet, `warchest_bot.games.facets.Pictures`).
"""
