"""The page's types (issue 31): each game's ``view.d.ts`` and the frames' ``protocol.d.ts`` are generated from
the Python types (``python -m kakehiki.server.pagetypes --write``); a view changed without them fails here.
``tsc`` itself (``.ci/run``) checks the page's modules against them."""

from __future__ import annotations

from kakehiki.manifest import manifests
from kakehiki.server import pagetypes


def test_the_committed_page_types_are_the_generated_ones() -> None:
    stale = [str(path) for path, text in pagetypes.outputs().items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    assert stale == [], f"stale page types (run python -m kakehiki.server.pagetypes --write): {stale}"


def test_every_game_with_a_page_has_its_view_typed() -> None:
    written = {path.parent.name for path in pagetypes.outputs() if path.name == "view.d.ts"}
    for manifest in manifests():
        if manifest.page is not None:
            assert manifest.package.rsplit(".", 1)[1] in written, f"{manifest.id}: a page.js without view.d.ts"


def test_a_view_reads_as_its_json() -> None:
    """Cards are strings, tuples arrays, a card or nothing ``string | null``, a named tuple its interface."""
    text = pagetypes.outputs()[pagetypes.SRC / "games" / "million_doubt" / "view.d.ts"]
    assert "export interface MillionDoubtView {" in text
    assert "  hand: string[] | null;" in text
    assert "  field: SeenPlay[];" in text
    assert "  down: (string | null)[];" in text
    assert "  claim: [string[], number, boolean] | null;" in text


def test_the_frames_are_typed() -> None:
    text = pagetypes.protocol_types()
    assert "export type ServerFrame = WelcomeFrame | RoomFrame | ChangeFrame | StateFrame" in text
    assert "  window_ms?: number | null;" in text
    assert '  kind: "accepted" | "refused"' in text
