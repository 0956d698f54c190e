"""What every command-line tool of the project shares: argument types that refuse what cannot work with
argparse's one-line usage error, a check of an output file before any work is done, and a closed standard
output (``warchest-bot legal pos.json | head``) ending the tool quietly instead of with a traceback."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

CLOSED_PIPE_EXIT = 1
"""The exit code of a tool whose standard output was closed by its reader (as Python's own docs do)."""


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return _at_least(text, 1)


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number of at least 0."""
    return _at_least(text, 0)


def _at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least {low}, not {text}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text}")
    return value


def output_problem(path: Path, suffixes: Sequence[str]) -> str | None:
    """Why ``path`` cannot take the output, or None: its suffix is not one of ``suffixes`` (the formats the
    tool writes, e.g. ``(".png",)``), its folder does not exist, or it is a folder."""
    if path.suffix.lower() not in suffixes:
        return f"{path} must end in {' or '.join(suffixes)} (the format written is chosen by the suffix)"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist; create it first"
    if path.is_dir():
        return f"{path} is a folder"
    return None


def write_output(path: Path, data: bytes) -> str | None:
    """Write ``data`` to ``path``; why it could not (one line, no traceback), or None."""
    try:
        path.write_bytes(data)
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def quiet_on_closed_pipe(run: Callable[[], int]) -> int:
    """``run()``'s exit code; when the reader of standard output went away (``| head``), the tool stops
    quietly with `CLOSED_PIPE_EXIT` (also when that is only found while flushing at the end)."""
    try:
        try:
            return run()
        finally:
            sys.stdout.flush()
    except BrokenPipeError:
        # Nothing more can be written; point stdout at /dev/null so the interpreter's last flush is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return CLOSED_PIPE_EXIT
