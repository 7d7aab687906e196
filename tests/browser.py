"""Driving the browser table in a real Chromium: Debian's ``chromium`` through Playwright.

Playwright's own browser download does not work here, so the browser is the system's
(``KAKEHIKI_CHROMIUM`` or ``chromium`` on the PATH), launched by ``executable_path``.
Without one these tests are skipped, except under CI (``CI=true``), where ``.ci/run``
installs it and a missing browser is a failure.

People are played by a small script put into each page (:data:`PLAYER`): it only ever
clicks what the page offers (cards, buttons, the call button, a card's menu), one answer
per table state, and records any offered move that was not in the state's ``legal`` or ``moves``
lists (a move made of picked cards is the server's to rule).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage

ARTIFACTS = Path(os.environ.get("KAKEHIKI_TEST_ARTIFACTS", Path(__file__).resolve().parents[1] / "test-artifacts"))
SCREENSHOTS = ARTIFACTS / "screenshots"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def chromium_path() -> str:
    found = os.environ.get("KAKEHIKI_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    message = "no chromium for the browser tests: apt-get install chromium (or set KAKEHIKI_CHROMIUM)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


AXE_MISSING = ("no axe-core for the accessibility checks: npm install --prefix .cache/axe axe-core@4.10 "
               "and set KAKEHIKI_AXE")


def axe_path() -> Path | None:
    """axe-core's script (``KAKEHIKI_AXE``; ``.ci/run`` fetches it from the npm registry), or None
    without it; under CI a missing axe-core is a failure."""
    found = os.environ.get("KAKEHIKI_AXE")
    if found and Path(found).is_file():
        return Path(found)
    if os.environ.get("CI"):
        pytest.fail(AXE_MISSING)
    return None


def axe_problems(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """What axe-core finds on the page as it is now, of the given impacts: one line per rule and element.
    The page runs under the server's Content-Security-Policy (``script-src 'self'``), which refuses the
    inline script Playwright injects: the page's context must be made with ``bypass_csp=True``."""
    path = axe_path()
    if path is None:
        pytest.skip(AXE_MISSING)
    page.add_script_tag(path=str(path))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ["violations"] });
      const node = (n) => n.target.join(" ") + " :: " + n.failureSummary.split("\\n").slice(1, 2).join("");
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map(node) }));
    }""")
    return [f"{v['id']} ({v['impact']}): {node}" for v in found if v["impact"] in impacts for node in v["nodes"][:5]]


# -- no English on the Japanese page (issue 30) -------------------------------------------------------
ALLOWED = {
    "kakehiki",  # the brand, next to 駆け引き
    "English",  # the language switch, in the language it switches to
    "Ann",  # a nickname typed by a person
    "JDA",  # in the title of official Dobon: ドボン（JDA制定ルール）
    "Esc",  # the key's name, on the key
}
CARD = re.compile(r"^(?:[SHDC](?:[AJQK]|10|[2-9])|JK|[AJQK])$")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("code, script, style, [hidden], .sr-only, svg, #toast, input")) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll("input[placeholder], [aria-label], button[title], option")) {
    out.push(el.getAttribute("placeholder") || el.getAttribute("aria-label") || el.title || el.textContent);
  }
  return out;
}"""


def english_words(person: Person, also: frozenset[str] = frozenset()) -> list[str]:
    """The English words the page shows now (and says to screen readers), but for the allowed ones."""
    found = []
    for text in person.page.evaluate(VISIBLE_TEXT):
        bare = re.sub(r"https?://\S+|\b[A-Z0-9]{8}\b", " ", text or "")  # links and room codes
        for word in WORD.findall(bare):
            if word in ALLOWED or word in also or CARD.match(word):
                continue
            found.append(f"{word} (in {text[:60]!r})")
    return found



def launch_chromium() -> Iterator[Any]:
    """The system's Chromium under Playwright, for as long as the caller (a session fixture) holds it."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    path = chromium_path()
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


class Person:
    """One person at the table: a browser context of its own (its own storage, so its own seat).

    The page runs under its Content-Security-Policy (no ``eval``), so ``page.wait_for_function``
    is always given a function (``"() => …"``): Playwright polls a bare expression with ``eval``."""

    def __init__(self, browser: Any, base: str, locale: str, viewport: dict[str, int],
                 bypass_csp: bool = False) -> None:
        # bypass_csp only for the accessibility checks: axe-core is injected as an inline script.
        self.context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=bypass_csp)
        self.page = self.context.new_page()
        self.base = base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def open(self, path: str = "/") -> None:
        self.page.goto(self.base + path)

    def app(self, expression: str) -> Any:
        """Evaluate ``expression`` with ``app`` bound to the page's state (``window.KKApp``)."""
        return self.page.evaluate(f"(() => {{ const app = window.KKApp; return {expression}; }})()")

    def start_playing(self, seed: int, prefer_calls: bool) -> None:
        self.page.evaluate(PLAYER, {"seed": seed, "preferCalls": prefer_calls})

    def pause(self, paused: bool) -> None:
        self.page.evaluate("(p) => { window.__kkPaused = p; }", paused)

    def played(self) -> dict[str, Any]:
        return dict(self.page.evaluate("window.__kkPlayed || {clicks: 0, violations: []}"))

    def shot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True, animations="disabled")  # a card arriving is drawn in place
        return path

    def close(self) -> None:
        self.context.close()


def make_room(host: Person, game: str, players: int, bots: dict[int, str], options: dict[str, str],
              clocks: dict[str, str], nickname: str, rules: str | None = None) -> str:
    """Fill in the lobby's form like a person and make the room; returns its code.  ``rules`` picks a
    rule set; each of ``options`` is set with its control (a number typed, a switch or a list's entry)."""
    page = host.page
    host.open("/")
    page.select_option('select[name="game"]', game)
    if rules is not None:
        page.select_option("#rules", rules)
    page.fill('input[name="players"]', str(players))
    page.dispatch_event('input[name="players"]', "change")
    page.fill('input[name="nickname"]', nickname)
    for seat, bot in bots.items():
        page.select_option(f'select[name="seat-{seat}"]', bot)
    if options:
        page.click("details.rules summary")
        for name, value in options.items():
            set_option(page, name, value)
    page.click("details.clocks summary")
    for name, value in clocks.items():
        page.fill(f'input[name="clock-{name}"]', value)
    page.click("#create")
    page.wait_for_selector("#invite")
    return str(host.app("app.code"))


def set_option(page: Any, name: str, value: str) -> None:
    """Set one house rule as a person does, opening the advanced ones first if it is one of them."""
    control = page.locator(f'[name="opt-{name}"]')
    if not control.is_visible():
        page.click("details.advanced summary")
    if control.get_attribute("type") == "checkbox":
        control.set_checked(value == "true")
    elif control.evaluate("el => el.tagName") == "SELECT":
        words = control.evaluate("el => [...el.options].map((o) => o.value)")
        control.select_option(value if value in words else "#number")
        if value not in words:
            page.fill(f'[name="opt-{name}-number"]', value)
            page.dispatch_event(f'[name="opt-{name}-number"]', "change")
    else:
        control.fill(value)
        control.dispatch_event("change")


def join_room(guest: Person, invite: str, nickname: str) -> None:
    guest.page.goto(invite)
    guest.page.fill('input[name="nickname"]', nickname)
    guest.page.click("#join")
    guest.page.wait_for_selector(".waiting")


PLAYER = """
({seed, preferCalls}) => {
  let s = seed >>> 0;
  const random = () => { s = (s + 0x6D2B79F5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const played = { clicks: 0, violations: [], menus: 0, calls: 0 };
  window.__kkPlayed = played;
  window.__kkPaused = false;
  let answered = null, answeredAt = 0;
  const verb = (el) => (el.dataset.action || "").split(" ")[0];
  setInterval(() => {
    const app = window.KKApp;
    if (window.__kkPaused || !app.state || app.over || app.state.status !== "playing" || !app.online) return;
    const key = app.state.seq + "|" + app.state.legal.join(",");
    if (key === answered && performance.now() - answeredAt < 1500) return;
    const menu = [...document.querySelectorAll("#menu:not([hidden]) [data-action]")];
    const offered = menu.length ? menu : [...document.querySelectorAll("#table [data-action]")];
    const cards = "#table .card.playable:not([data-action]):not(.unhinted)";
    const closed = menu.length ? [] : [...document.querySelectorAll(cards)];
    if (!offered.length && !closed.length) return;
    const call = document.getElementById("call");
    let pick = null;
    if (menu.length) pick = menu[Math.floor(random() * menu.length)];  // a menu it opened: choose in it
    else if (call && (preferCalls || random() < 0.1)) pick = call;
    // Cards picked for a move: send it when the page lets it be sent, else put them back and pick again.
    const send = menu.length ? null : document.querySelector("#table button.send[data-action]");
    const clear = document.getElementById("clear");
    if (!pick && send && random() < 0.5) pick = send;
    // Now and then let the turn go by: with many moves unlisted (Million Doubt), a random pick of
    // cards is often refused, and passing is what keeps such a game moving to its end.
    const passes = offered.filter((el) => el !== call && verb(el) === "pass");
    if (!pick && passes.length && random() < 0.25) pick = passes[0];
    if (!pick && clear && !send) { played.menus++; clear.click(); return; }
    if (!pick) {
      const but = (verbs) => offered.filter((el) => el !== call && !verbs.includes(verb(el)));
      const calm = but(["undo", "draw", "pass", "doubt", "dobon"]);
      const quiet = but(["undo", "doubt", "dobon"]);
      const pool = calm.concat(closed);
      const from = pool.length ? pool : quiet.length ? quiet : offered;
      pick = from[Math.floor(random() * from.length)];
    }
    if (!pick.dataset.action) { played.menus++; pick.click(); return; }
    const made = pick.classList.contains("send") || pick.id === "go-on";  // a whole move of picked cards, or "go on"
    const listed = app.state.legal.concat(app.state.moves || []);
    if (!made && !listed.includes(pick.dataset.action)) {
      played.violations.push(pick.dataset.action);
    }
    if (pick === call) played.calls++;
    answered = key; answeredAt = performance.now();
    played.clicks++;
    pick.click();
  }, 60);
}
"""
