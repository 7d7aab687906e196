"""Fixtures shared by several test modules: one browser for the whole run (see ``browser.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for every browser test (Playwright's sync API allows one per thread)."""
    from browser import launch_chromium

    yield from launch_chromium()
