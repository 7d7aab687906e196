"""The browser table makes whole moves: cards are picked by clicks (nothing sent), one button
sends the whole move with the seq of the state shown (``at``), and the page shows it pending
at once, then what became of it.

Each room: Ann plays in a real Chromium page; Bo and Cy are scripted socket clients that make
their turns at once and never answer a window (so a window stays open its whole short reaction
time, and nobody's call overtakes Ann's answer); a spectator socket records the events.  Clocks are short
(``reaction`` 1 s, bots paced 0.1 s apart) so that every test is bounded in time.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from browser import DESKTOP, Person
from serving import Client, Frame, LiveServer

CLOCKS = {"reaction": 1.0, "pace": 0.1, "turn": 30, "grace": 30}
GAP = (0.2, 0.8)
"""Seconds between a person's clicks."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(str(tmp_path_factory.mktemp("moves") / "rooms.sqlite3"), port=0).start()
    yield live
    live.stop()


class Listener(threading.Thread):
    """A socket client read in a thread of its own: every frame kept; as Bo (``plays``), it answers
    each state where it has the turn with a whole move, bound to that state (``at``)."""

    def __init__(self, client: Client, plays: bool, seed: int = 0) -> None:
        super().__init__(daemon=True)
        self.client, self.plays, self.rng = client, plays, random.Random(seed)
        self.frames: list[Frame] = []
        self.lock = threading.Lock()
        self.stopped = False
        self.answered = -1

    def run(self) -> None:
        while not self.stopped:
            try:
                frame = self.client.recv(timeout=0.1)
            except TimeoutError:
                continue
            except Exception:  # the socket closed at the end of the test
                return
            with self.lock:
                self.frames.append(frame)
            if (
                self.plays
                and frame["type"] == "state"
                and frame["legal"]
                and frame["turn"] == self.client.seat
                and frame["seq"] != self.answered
            ):
                self.answered = frame["seq"]
                self.client.send({"type": "act", "action": self.rng.choice(frame["moves"]), "at": frame["seq"]})

    def seen(self) -> list[Frame]:
        with self.lock:
            return list(self.frames)

    def state(self) -> Frame | None:
        states = [f for f in self.seen() if f["type"] == "state"]
        return states[-1] if states else None

    def stop(self) -> None:
        self.stopped = True
        self.join(2)
        with contextlib.suppress(Exception):
            self.client.close()


class Room:
    """A room of the game: Ann's page, Bo's and Cy's scripts, and a spectator that records the events."""

    def __init__(
        self, browser: Any, server: LiveServer, game: str, options: dict[str, Any], lang: str = "en-US"
    ) -> None:
        made = server.post(
            "/api/rooms", {"game": game, "players": 3, "options": options, "clocks": CLOCKS, "nickname": "Ann"}
        ).json()
        self.code: str = made["code"]
        bo = server.post(f"/api/rooms/{self.code}/join", {"nickname": "Bo"}).json()
        cy = server.post(f"/api/rooms/{self.code}/join", {"nickname": "Cy"}).json()
        self.ann = Person(browser, server.base, lang, DESKTOP)
        self.ann.page.add_init_script(
            f"localStorage.setItem('kk.seat.{self.code}', JSON.stringify({{token: '{made['token']}', seat: 0}}))"
        )
        self.ann.open("/r/" + self.code)
        self.ann.page.wait_for_selector(".waiting")
        self.bo_client = Client(server, self.code, bo["token"])
        self.bo = Listener(self.bo_client, plays=True, seed=7)
        self.cy = Listener(Client(server, self.code, cy["token"]), plays=True, seed=8)
        self.watcher = Listener(Client(server, self.code), plays=False)
        self.cy.start()
        self.bo.start()
        self.watcher.start()
        self.ann.page.click("#start")
        self.ann.page.wait_for_selector("#hand")

    def close(self) -> None:
        self.bo.stop()
        self.cy.stop()
        self.watcher.stop()
        self.ann.close()

    def wait(self, what: Callable[[], Any], timeout: float, why: str, play_on: bool = False) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if play_on:
                self.play_on()
            found = what()
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(
            f"{why}: not within {timeout} s (Ann's state: {self.ann.app('app.state && app.state.seq')}, "
            f"legal {self.ann.app('app.state && app.state.legal')})"
        )

    def play_on(self) -> None:
        """Ann's turn while a test waits for something else: she plays her first card, by clicks."""
        if self.ann_turn() and self.ann.app("app.state.legal.some((a) => a.startsWith('play '))"):
            seq = self.ann.app("app.state.seq")
            self.ann.page.locator('#hand .card[data-focus="hand-0"]').click()
            self.ann.page.locator("#send").click()
            self.wait(lambda: self.ann.app("app.state.seq") > seq, 10, "Ann's play made")

    def ann_turn(self) -> bool:
        return bool(self.ann.app("app.state && app.state.turn === 0 && app.state.legal.length > 0 && !app.pending"))

    def events_after(self, seq: int) -> list[Frame]:
        return [f for f in self.watcher.seen() if f["type"] == "event" and f["seq"] > seq]


@pytest.fixture
def rooms(browser: Any, server: LiveServer) -> Iterator[Callable[..., Room]]:
    made: list[Room] = []

    def make(game: str, options: dict[str, Any], lang: str = "en-US") -> Room:
        room = Room(browser, server, game, options, lang)
        made.append(room)
        return room

    yield make
    for room in made:
        assert room.ann.errors == [], room.ann.errors
        room.close()


def click_cards(person: Person, picks: list[tuple[int, int]]) -> None:
    """Click hand cards like a person, 0.2–0.8 s apart: (index in the hand, clicks on it)."""
    rng = random.Random(3)
    for index, times in picks:
        for _ in range(times):
            person.page.locator(f'#hand .card[data-focus="hand-{index}"]').click()
            time.sleep(rng.uniform(*GAP))


def hand_indexes(person: Person, cards: list[str]) -> list[int]:
    hand: list[str] = list(person.app("app.state.view.hand"))
    out: list[int] = []
    for card in cards:
        out.append(next(i for i, c in enumerate(hand) if c == card and i not in out))
    return out


def watch_pending(person: Person) -> None:
    """Record every pending line the page shows from now on (the table may move on within milliseconds)."""
    person.page.evaluate("""() => { window.__kkPending = []; const seen = window.__kkPending;
      new MutationObserver(() => { const el = document.getElementById('pending');
        if (!el || el.hidden) return; const last = seen[seen.length - 1];
        if (!last || last.status !== el.dataset.status || last.move !== el.dataset.move)
          seen.push({status: el.dataset.status, move: el.dataset.move, text: el.textContent, at: performance.now()}); })
      .observe(document.body, {subtree: true, childList: true, attributes: true}); }""")


def first_pending(person: Person) -> dict[str, Any]:
    seen = person.page.evaluate("window.__kkPending")
    assert seen, "no pending move shown"
    return dict(seen[0])


def pending(person: Person) -> dict[str, Any]:
    found = person.page.evaluate("""() => { const el = document.getElementById('pending');
      return el && !el.hidden ? {status: el.dataset.status, move: el.dataset.move, text: el.textContent} : null; }""")
    return dict(found or {})


def test_a_three_card_doubt_play_arrives_whole(rooms: Callable[..., Room]) -> None:
    room = rooms("doubt", {"max_cards_per_play": 3})
    ann = room.ann
    room.wait(room.ann_turn, 60, "Ann's turn to play")
    seq = ann.app("app.state.seq")
    three = list(ann.app("app.state.view.hand.slice(0, 3)"))
    assert ann.page.locator("#send").count() == 0, "no move button before a card is picked"
    click_cards(ann, [(i, 1) for i in hand_indexes(ann, three)])
    assert ann.app("app.state.seq") == seq, "picking cards sends nothing"
    assert ann.page.locator("#hand .card.picked").count() == 3
    button = ann.page.locator("#send")
    assert button.inner_text().startswith("Play 3 cards")
    ann.shot("moves-doubt-3-picked")
    watch_pending(ann)
    button.click()
    shown = first_pending(ann)
    assert shown["status"] == "sent" and set(shown["move"].split()[1:]) == set(three), shown
    assert shown["text"].startswith("Sent: Play ") and "waiting for the table" in shown["text"], shown
    ann.shot("moves-doubt-3-sent")
    played = room.wait(
        lambda: [f for f in room.events_after(seq - 1) if f["event"]["event"] == "Played" and f["event"]["seat"] == 0],
        10,
        "Ann's play on the table",
    )
    assert played[0]["event"]["count"] == 3, played  # the three cards went together, as one play
    room.wait(lambda: ann.app("app.state.seq") > seq, 10, "the page moving on")
    assert ann.app("app.pending.status") == "made"


def test_a_pending_answer_is_shown_while_the_window_is_open(rooms: Callable[..., Room]) -> None:
    room = rooms("doubt", {"max_cards_per_play": 3})
    ann = room.ann
    fresh = "app.state.window_ms - (performance.now() - app.receivedAt) > 700"  # time enough to answer in it
    room.wait(
        lambda: ann.app(
            f"app.state && app.state.window && app.state.legal.includes('pass') && !app.pending && {fresh}"
        ),
        60,
        "a window where Ann may doubt",
        play_on=True,
    )
    go_on = ann.page.locator("#go-on")
    assert go_on.is_visible() and "Space" in go_on.inner_text()
    assert ann.page.locator("#prompt .clock.window").count() == 1
    ann.page.keyboard.press("Space")  # the page has the focus, no button: Space is "go on"
    ann.page.wait_for_function(
        "() => { const el = document.getElementById('pending'); return el && !el.hidden; }", timeout=2_000
    )
    assert pending(ann)["move"] == "pass"
    ann.page.wait_for_selector('#pending[data-status="accepted"]', timeout=2_000)
    assert ann.app("app.state.window"), "shown as accepted while the window (held by Bo and Cy) is still open"
    assert "call window closes" in pending(ann)["text"]
    ann.shot("moves-window-accepted")


def test_a_million_doubt_face_down_play_arrives_whole(rooms: Callable[..., Room]) -> None:
    room = rooms("million-doubt", {})
    ann = room.ann
    room.wait(
        lambda: (
            room.ann_turn()
            and ann.app("app.state.moves.some((m) => / down \\S+ \\S+/.test(m) && !m.endsWith('revolution'))")
        ),
        60,
        "Ann's turn with a play of face-down cards",
    )
    seq = ann.app("app.state.seq")
    move: str = ann.app("app.state.moves.find((m) => / down \\S+ \\S+/.test(m) && !m.endsWith('revolution'))")
    words = move.split()
    split = words.index("down")
    ups, downs = words[1:split], words[split + 1 :]
    up_at = hand_indexes(ann, ups)
    down_at = [i for i in hand_indexes(ann, ups + downs) if i not in up_at]
    click_cards(ann, [(i, 1) for i in up_at] + [(i, 2) for i in down_at])  # once: face up; twice: face down
    assert ann.page.locator("#hand .card.picked.down").count() == len(downs)
    ann.shot("moves-million-doubt-picked")
    watch_pending(ann)
    ann.page.locator("#send").click()
    assert first_pending(ann)["status"] == "sent"
    played = room.wait(
        lambda: [f for f in room.events_after(seq - 1) if f["event"]["event"] == "Played" and f["event"]["seat"] == 0],
        10,
        "Ann's play on the table",
    )
    event = played[0]["event"]
    assert sorted(event["up"]) == sorted(ups) and len(event["down"]) == len(downs), event


def test_a_dhumbal_pair_is_discarded_whole(rooms: Callable[..., Room]) -> None:
    room = rooms("dhumbal", {})
    ann = room.ann
    pair = "app.state.moves.find((m) => /^discard \\S+ \\S+ take stock$/.test(m))"
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "Ann never held a pair to discard"
        room.wait(room.ann_turn, 60, "Ann's turn")
        if ann.app(pair):
            break
        seq: int = ann.app("app.state.seq")  # no pair: discard one card and take from the stock, by clicks too
        single = ann.app("app.state.moves.find((m) => /^discard \\S+ take stock$/.test(m))").split()[1]
        click_cards(ann, [(hand_indexes(ann, [single])[0], 1)])
        ann.page.locator("#send").click()

        def single_made(at: int = seq) -> bool:
            return bool(ann.app("app.state.seq") > at)

        room.wait(single_made, 10, "the single discard made")
    seq = ann.app("app.state.seq")
    cards = ann.app(pair).split()[1:3]
    click_cards(ann, [(i, 1) for i in hand_indexes(ann, cards)])
    labels = ann.page.locator("#actions button.send").all_inner_texts()
    assert labels[0] == "Discard 2 and take from the stock", labels
    ann.shot("moves-dhumbal-pair-picked")
    watch_pending(ann)
    ann.page.locator("#send").click()
    assert first_pending(ann)["status"] == "sent"
    took = room.wait(
        lambda: [f for f in room.events_after(seq - 1) if f["event"]["event"] == "Drew" and f["event"]["seat"] == 0],
        10,
        "Ann's turn made",
    )
    discarded = [
        f for f in room.events_after(seq - 1) if f["event"]["event"] == "Discarded" and f["event"]["seat"] == 0
    ]
    assert sorted(f["event"]["card"] for f in discarded) == sorted(cards)
    assert {f["seq"] for f in discarded} == {took[0]["seq"]}, "the discard and the take came as one change"


def test_a_stale_answer_from_the_page_is_too_late(rooms: Callable[..., Room]) -> None:
    room = rooms("doubt", {"max_cards_per_play": 3}, "ja-JP")
    ann = room.ann
    room.wait(
        lambda: ann.app("app.state && app.state.turn === null && app.state.legal.includes('doubt') && !app.pending"),
        60,
        "a doubt Ann may call",
        play_on=True,
    )
    seen = ann.app("app.state.seq")
    # The page keeps showing this state (its state frames held back) while the table moves on.
    ann.page.evaluate("""() => { const socket = window.KKApp.socket;
      window.__held = []; window.__onFrame = socket.onFrame;
      socket.onFrame = (f, raw) => (f.type === 'state' ? window.__held.push([f, raw]) : window.__onFrame(f, raw)); }""")
    room.wait(lambda: (room.watcher.state() or {}).get("seq", 0) > seen, 10, "the table moving on")
    moved = room.watcher.state()["seq"]  # type: ignore[index]
    ann.page.locator("#call").click()
    ann.page.wait_for_selector('#pending[data-status="too_late"]', timeout=5_000)
    text = pending(ann)["text"]
    assert "間に合いません" in text and f"局面{seen}" in text, text
    ann.shot("moves-too-late-ja")
    time.sleep(0.5)
    assert not [f for f in room.events_after(moved - 1) if f["event"]["event"] == "Doubted"], (
        "a stale doubt changes nothing"
    )
    ann.page.evaluate("""() => { const socket = window.KKApp.socket; socket.onFrame = window.__onFrame;
      window.__held.forEach(([f, raw]) => socket.onFrame(f, raw)); }""")
    visible = ann.page.inner_text("#table")
    assert not any(word in visible for word in ("Sent", "Accepted", "Too late", "Refused")), visible


def test_a_stale_answer_from_a_script_is_too_late(rooms: Callable[..., Room]) -> None:
    room = rooms("doubt", {"max_cards_per_play": 3})
    room.wait(lambda: (room.bo.state() or {}).get("seq", 0) >= 2, 60, "the table moving on twice", play_on=True)
    state = room.bo.state()
    assert state is not None
    now = state["seq"]
    count = len(room.bo.seen())
    room.bo_client.send({"type": "act", "action": "doubt", "at": now - 1, "ref": "stale"})
    notice = room.wait(
        lambda: [f for f in room.bo.seen()[count:] if f["type"] == "notice" and f.get("ref") == "stale"],
        5,
        "the answer to the stale doubt",
    )[0]
    assert notice["kind"] == "too_late" and notice["move"] == "doubt", notice
    assert not [
        f for f in room.events_after(now - 1) if f["event"]["event"] == "Doubted" and f["event"].get("seat") == 1
    ]


def test_a_refused_move_gives_the_cards_back(rooms: Callable[..., Room]) -> None:
    room = rooms("doubt", {"max_cards_per_play": 3})
    ann = room.ann
    room.wait(room.ann_turn, 60, "Ann's turn to play")
    four = list(ann.app("app.state.view.hand.slice(0, 4)"))  # one more than a play may hold
    click_cards(ann, [(i, 1) for i in hand_indexes(ann, four)])
    ann.page.locator("#send").click()
    ann.page.wait_for_selector('#pending[data-status="refused"]', timeout=5_000)
    assert ann.page.locator("#hand .card.picked").count() == 4, "the cards picked come back to be changed"
    ann.shot("moves-refused")
