"""Engine sub-commands (filled in as the engine lands)."""


def register(subparsers) -> None:  # noqa: ARG001 - placeholder until the engine commands exist
    return None
