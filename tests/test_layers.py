"""Each game lives wholly in its folder: the layers that drive games (service, storage, Discord adapter,
pictures, AI runners, shared words) reach a game only through the registry and its facets, never by
importing a game's package or naming its kind or its catalogue keys in code (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import warchest_bot
from warchest_bot.games import game_kinds
from warchest_bot.i18n.catalogue import SHARED, catalogues

PACKAGE = Path(warchest_bot.__file__).parent
LAYERS = ("service", "storage", "discord", "render", "ai", "i18n", "web")
SHARED_GAME_LIBRARIES = {"units"}
"""Folders under games/ that are libraries for several games, not a game (the 24 units' movement)."""
GAME_PACKAGES = sorted(
    p.name
    for p in (PACKAGE / "games").iterdir()
    if p.is_dir() and (p / "__init__.py").exists() and p.name not in SHARED_GAME_LIBRARIES
)


def _layer_files() -> list[Path]:
    return sorted(
        f for layer in LAYERS if (PACKAGE / layer).is_dir() for f in (PACKAGE / layer).rglob("*.py")
    )


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, source: str | None = None) -> list[str]:
    """Every module ``path`` (or ``source`` as if it were that file) imports, relative imports resolved."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    package = _module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append(module)
            found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def _code_strings(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """The string constants of ``path`` (or ``source``) that are not docstrings, with their line numbers."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
        if isinstance(node, ast.Module | ast.ClassDef):  # attribute docstrings: a string after an assignment
            for before, after in zip(node.body, node.body[1:], strict=False):
                after_value = after.value if isinstance(after, ast.Expr) else None
                if isinstance(before, ast.Assign | ast.AnnAssign) and isinstance(after_value, ast.Constant):
                    docstrings.add(id(after_value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_the_layers_exist_and_the_game_packages_are_found() -> None:
    """The check below has something to look at (it would pass vacuously on a moved tree)."""
    assert len(_layer_files()) > 100
    assert {"warchest", "pointbuy", "forthecrown"} <= set(GAME_PACKAGES)


@pytest.mark.parametrize("path", _layer_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_layer_imports_a_game_package(path: Path) -> None:
    wrong = [
        m for m in _imports(path) for game in GAME_PACKAGES if m.startswith(f"warchest_bot.games.{game}")
    ]
    assert not wrong, f"{path.relative_to(PACKAGE)} imports a game's own modules: {sorted(set(wrong))}"


def _games_own_keys() -> set[str]:
    """The message ids of every game's own catalogue (its folder's words)."""
    return {key for c in catalogues() if c.owner != SHARED.owner for key in c.messages["en"]}


def test_no_layer_names_a_game_kind_or_a_games_messages_in_code() -> None:
    named = set(game_kinds()) | _games_own_keys()
    assert "forthecrown.admin.table_loaded" in named  # the games' catalogues were found
    wrong = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for path in _layer_files()
        for line, text in _code_strings(path)
        if text in named
    ]
    assert not wrong, "game kinds or a game's own message ids outside its folder:\n" + "\n".join(wrong)


def test_the_checks_see_a_game_import_and_a_kind() -> None:
    """The checks find what they look for, in a source written for the test, and skip docstrings."""
    where = PACKAGE / "discord" / "example.py"
    source = (
        '"""Point-Buy Chess: "pointbuy"."""\n'
        "from ..games.pointbuy.record import RECORDS\n"
        "import warchest_bot.games.forthecrown.kind\n"
        'KIND = "pointbuy"\n'
        '"""The kind, "forthecrown" (an attribute docstring)."""\n'
        'KEY = "forthecrown.admin.table_loaded"\n'
    )
    assert "warchest_bot.games.pointbuy.record" in _imports(where, source)
    assert "warchest_bot.games.forthecrown.kind" in _imports(where, source)
    assert _code_strings(where, source) == [(4, "pointbuy"), (6, "forthecrown.admin.table_loaded")]
