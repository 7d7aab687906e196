"""Fixtures shared by several test modules: one browser for the whole run (see ``browser.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module: Playwright's sync API allows one per thread, and while it runs
    the thread has an event loop, so it is stopped before other modules (asyncio.run) run."""
    from browser import launch_chromium

    yield from launch_chromium()
