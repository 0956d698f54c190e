"""(being written)"""

MESSAGES: dict[str, str] = {}
