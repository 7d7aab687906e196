"""Fixtures shared by several test modules: a browser (see ``browser.py``) and a server's database."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module: Playwright's sync API allows one per thread, and while it runs
    the thread has an event loop, so it is stopped before other modules (asyncio.run) run."""
    from browser import launch_chromium

    yield from launch_chromium()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A server's database, once a SQLite file and once the PostgreSQL that ``.ci/postgres`` starts
    (its tables dropped first: the servers of one test share it)."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    postgres = os.environ.get("KAKEHIKI_TEST_POSTGRES_URL")
    if not postgres:
        pytest.skip("set KAKEHIKI_TEST_POSTGRES_URL (.ci/postgres starts a server) to test PostgreSQL")
    from serving import drop_tables

    drop_tables(postgres)
    return postgres
