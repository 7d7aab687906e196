"""``benchmarks/doubt_ceiling.py``, the study of what the doubts are worth, kept working: its oracles
seat as the arena seats a bot, and change only the answers they say they change."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from kakehiki.arena import run_arena

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "doubt_ceiling.py"
GAMES = 8


@pytest.fixture(scope="module")
def study() -> ModuleType:
    spec = importlib.util.spec_from_file_location("doubt_ceiling", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["doubt_ceiling"] = module
    spec.loader.exec_module(module)
    return module


def wins(study: ModuleType, oracle: str, share: float = 0.0) -> list[bool]:
    return [study.play(i, i % study.SEATS, oracle, share) for i in range(GAMES)]


def test_normal_in_the_oracles_seat_wins_the_arenas_games(study: ModuleType) -> None:
    """Game ``i``, seed ``i``, the first bot seated where the arena seats it (rotation ``i``)."""
    same = run_arena("doubt", ["normal"] * 4, GAMES, seed=0)
    seat_of_first = [(-i) % 4 for i in range(GAMES)]
    expected = [seat in record.winners for seat, record in zip(seat_of_first, same.games, strict=True)]
    assert wins(study, "normal") == expected


def test_a_share_of_none_is_normal_and_every_lie_called_wins_more(study: ModuleType) -> None:
    normal = wins(study, "normal")
    assert wins(study, "share", 0.0) == normal
    assert sum(wins(study, "every-lie")) > sum(normal)
    assert sum(wins(study, "share", 1.0)) > sum(normal)


def test_the_study_prints_its_line(study: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    study.main(["--oracle", "every-lie", "--games", "4", "--seed", "0"])
    line = capsys.readouterr().out
    assert line.startswith("every-lie: ") and "/4 (" in line and "among three normals, seed 0" in line
