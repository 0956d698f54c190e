"""Point-Buy Chess is in the registry during these tests (see `helpers.pointbuy_registered`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .helpers import pointbuy_registered


@pytest.fixture(autouse=True)
def _pointbuy_registered() -> Iterator[None]:
    with pointbuy_registered():
        yield
