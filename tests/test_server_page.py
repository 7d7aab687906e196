"""The browser table's page: ``/`` and every invitation ``/r/{code}`` give ``index.html``, and
``/static/...`` the files beside it, from a real ``kakehiki serve`` on loopback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

import httpx

from serving import ANNOUNCED, SRC, LiveServer, running

STATIC = SRC / "kakehiki" / "server" / "static"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(str(tmp_path_factory.mktemp("serve") / "rooms.sqlite3")) as live:
        yield live


def the_page(answer: httpx.Response) -> None:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.content == (STATIC / "index.html").read_bytes()


def test_the_page_is_at_the_root(server: LiveServer) -> None:
    the_page(server.get("/"))


def test_an_invitation_gives_the_same_page(server: LiveServer) -> None:
    made = server.post("/api/rooms", {"game": "dobon", "players": 2, "nickname": "Ann"}).json()
    assert made["invite"] == f"/r/{made['code']}"
    the_page(server.get(made["invite"]))


def test_an_invitation_to_no_room_still_gives_the_page_which_shows_the_error(server: LiveServer) -> None:
    the_page(server.get("/r/NOSUCH00"))
    the_page(server.get("/r/not%20a%20code"))


def test_the_page_takes_no_origin_check(server: LiveServer) -> None:
    answer = httpx.get(server.base + "/", headers={"origin": "https://elsewhere.example"}, timeout=10)
    the_page(answer)


@pytest.mark.parametrize(("name", "kind"), [
    ("app.js", "text/javascript; charset=utf-8"),
    ("cards.js", "text/javascript; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("index.html", "text/html; charset=utf-8"),
])
def test_the_pages_files_are_served_with_their_types_and_checked_again_before_reuse(
        server: LiveServer, name: str, kind: str) -> None:
    answer = server.get(f"/static/{name}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == kind
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.content == (STATIC / name).read_bytes()
    again = httpx.get(server.base + f"/static/{name}", headers={"if-none-match": answer.headers["etag"]}, timeout=10)
    assert again.status_code == 304, "unchanged: the browser reuses its copy"


def test_each_games_renderer_is_served_from_its_folder_through_its_manifest(server: LiveServer) -> None:
    """``/games/<id>/page.js``: the module the manifest names (issue 31), as the page's own files are served."""
    from kakehiki.manifest import manifests

    catalog = {game["id"]: game for game in server.get("/api/games").json()["games"]}
    served = 0
    for manifest in manifests():
        entry = catalog[manifest.id]
        if manifest.page is None:
            assert entry["page"] is None
            continue
        assert entry["page"] == f"/games/{manifest.id}/page.js"
        words = entry["page_text"]
        assert set(words) == {"en", "ja"} and set(words["en"]) == set(words["ja"])
        answer = server.get(entry["page"])
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        assert answer.headers["cache-control"] == "no-cache"
        folder = Path(str(manifest.module().__file__)).parent
        assert answer.content == (folder / manifest.page).read_bytes()
        again = httpx.get(server.base + entry["page"], headers={"if-none-match": answer.headers["etag"]}, timeout=10)
        assert again.status_code == 304
        served += 1
    assert served >= 5


@pytest.mark.parametrize(
    "path", ["/games/nothing/page.js", "/games/doubt/rules/view.py", "/games/doubt/../__init__.py"]
)
def test_a_game_serves_nothing_but_its_page(server: LiveServer, path: str) -> None:
    answer = server.get(path)
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"
    assert "Traceback" not in server.output()


@pytest.mark.parametrize("path", ["/static/nothing.js", "/static/", "/static/../app.py", "/static/%2e%2e/app.py"])
def test_a_missing_file_is_the_json_404(server: LiveServer, path: str) -> None:
    answer = server.get(path)
    assert answer.status_code == 404
    assert answer.json() == {"error": {"code": "not_found", "message": "Not Found"}}
    assert "Traceback" not in server.output()


def test_the_api_keeps_its_json_errors(server: LiveServer) -> None:
    assert server.get("/api/nothing").json()["error"]["code"] == "not_found"
    assert server.get("/api/rooms").json()["error"]["code"] == "bad_method"
    refused = server.post("/", {})
    assert refused.status_code == 405 and refused.json()["error"]["code"] == "bad_method"


def test_images_get_their_types(tmp_path: Path) -> None:
    """The page has no image yet: the same file server's answer for a folder holding one of each."""
    from kakehiki.server.app import PageFiles

    files = PageFiles(directory=tmp_path)
    (tmp_path / "back.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    (tmp_path / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    for name, kind in (("back.svg", "image/svg+xml"), ("icon.png", "image/png")):
        path = tmp_path / name
        answer = files.file_response(path, path.stat(), {"type": "http", "headers": []})
        assert answer.headers["content-type"] == kind and answer.headers["cache-control"] == "no-cache"


# -- the address printed -------------------------------------------------------------------------------
def test_the_address_to_open_is_printed_once_the_server_listens(server: LiveServer) -> None:
    found = ANNOUNCED.search(server.output())
    assert found is not None, server.output()
    assert found[1] == f"http://127.0.0.1:{server.port}/"


def test_with_port_0_the_port_the_system_gave_is_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # the command line speaks the locale's language
    server = LiveServer(str(tmp_path / "rooms.sqlite3"), port=0)
    try:
        server.start()
        assert server.port != 0
        line = next(line for line in server.output().splitlines() if line.startswith("kakehiki serve"))
        assert line.startswith(f"kakehiki serve: open http://127.0.0.1:{server.port}/ in your browser ("), line
        the_page(server.get("/"))
    finally:
        server.stop()


def test_a_taken_port_prints_no_address(server: LiveServer, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "kakehiki.cli.main", "serve", "--host", "127.0.0.1",
               "--port", str(server.port), "--db", str(tmp_path / "rooms.sqlite3")]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert ANNOUNCED.search(done.stdout + done.stderr) is None, "nothing listens: no address to open"
