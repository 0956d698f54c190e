"""``python -m warchest_bot.games.forthecrown.render``: draw a sample picture."""

import sys

from . import main

sys.exit(main())
