"""Entry point: `python bot.py` runs the bot (same as `warchest-bot run`)."""

import sys

from warchest_bot.cli import main

if __name__ == "__main__":
    sys.exit(main(["run", *sys.argv[1:]]))
