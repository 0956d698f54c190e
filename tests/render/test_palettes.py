"""The pictures' palettes are shipped as data (``palette.rgb`` beside each renderer, made by
``scripts/make_palettes.py``): each is what the script makes from today's colours and sample pictures, and
the renderers map pictures onto it without making it (no sample pictures drawn at start-up)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from PIL import ImageFont

from warchest_bot.render import text

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_palettes", ROOT / "scripts" / "make_palettes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RENDERERS = _script().RENDERERS


def _colours(rgb: bytes) -> list[tuple[int, ...]]:
    return [tuple(rgb[i : i + 3]) for i in range(0, len(rgb), 3)]


@pytest.mark.parametrize("name", RENDERERS)
def test_the_shipped_palette_is_what_the_script_makes(name):
    module = importlib.import_module(name)
    shipped = module.PALETTE_PATH.read_bytes()
    made = module.build_palette()
    if text.LAYOUT == ImageFont.Layout.RAQM:  # as the script makes them (it refuses to without raqm)
        assert made == shipped, f"run python scripts/make_palettes.py ({module.PALETTE_PATH} is stale)"
    else:  # the sample pictures' Latin text is laid out a pixel differently: blends within a few levels
        assert len(made) == len(shipped)
        worst = max(
            min(max(abs(a - b) for a, b in zip(c, s, strict=True)) for s in _colours(shipped))
            for c in _colours(made)
        )
        assert worst <= 4, f"run python scripts/make_palettes.py ({module.PALETTE_PATH} is stale)"


@pytest.mark.parametrize("name", RENDERERS)
def test_pictures_use_the_shipped_palette_without_drawing_samples(name, monkeypatch):
    module = importlib.import_module(name)
    palette = module.shared_palette if hasattr(module, "shared_palette") else module.palette

    def no_samples() -> bytes:
        raise AssertionError("the palette was made at run time")

    monkeypatch.setattr(module, "build_palette", no_samples)
    getattr(palette, "cache_clear", lambda: None)()
    colours = (palette().getpalette() or [])[: len(module.PALETTE_PATH.read_bytes())]
    assert bytes(colours) == module.PALETTE_PATH.read_bytes()
