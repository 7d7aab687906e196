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


@pytest.fixture(scope="module", params=["reference", "kernel"])
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """The engine a rulings module's transcripts run on (issue 31): the reference alone, or the
    reference with the game's compiled kernel following every deal and action in lockstep
    (``both_engines.py``).  A rulings module asks for it with ``pytestmark``; module-scoped, so
    hypothesis-driven rulings take it too."""
    from both_engines import mirrored, rulings_game

    name = rulings_game(request.module.__name__)
    if request.param == "reference" or name is None:
        yield request.param
        return
    from kakehiki import get_game

    with mirrored(get_game(name)) as mirror:
        yield request.param
    assert mirror.steps > 0, f"{name}: no action of the module's transcripts was followed on the kernel"
    if os.environ.get("KAKEHIKI_MIRROR_REPORT"):
        print(f"\n{name}: {mirror.steps} actions followed on the kernel, {mirror.twinned} states twinned")


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
