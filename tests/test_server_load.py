"""Issue 15: the load script, bounded (a few tables for a few seconds), plays real games without an error.

The figures worth quoting come from longer runs of ``benchmarks/load_server.py`` (``docs/load.md``);
this only keeps the script and the server honest under concurrent tables.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "load_server.py"


def test_issue15_many_tables_at_once_play_on_with_no_error(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("load_server", SCRIPT)
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules["load_server"] = load  # its dataclasses look their module up
    spec.loader.exec_module(load)
    assert load.main(["--tables", "8", "--seconds", "4", "--rate", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["tables"] == 8 and figures["clients"] == 32 and not figures["setup_failures"]
    assert figures["errors"] == {}, "no client got an error frame"
    assert figures["actions_per_s_per_table"] > 1.0, "every table kept playing at about the asked rate"
    assert figures["samples"] > 10 and figures["latency_ms"]["p99"] is not None
    assert figures["server_cpu_ms_per_action"] > 0 and figures["setup_server_cpu_ms_per_table"] > 0, \
        "the server's CPU read from /proc, in play and while the tables were set up"
