"""``python -m warchest_bot.games.castles.render out.png``: a sample picture (`main`)."""

import sys

from . import main

sys.exit(main())
