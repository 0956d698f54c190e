"""``python -m warchest_bot.games.castles``: the Castles command line (`cli`)."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
