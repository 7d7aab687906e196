// @ts-check
// Learning on the page: each game's rules (the server's text, in the page's language) in a
// dialog; on the home page a guided first game for every game; and at a learn room's table
// the guide's panel: the step, why, the move it points at, that move's controls highlighted.
import * as Compose from "./compose.js";
import * as Dom from "./dom.js";
import { I18N } from "./i18n.js";
import * as Net from "./net.js";

const { h } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
const lang = () => I18N.lang;
const inLang = (/** @type {import("./protocol").Words | undefined} */ words) => (words && ((lang() === "ja" ? words.ja : words.en) || words.en)) || "";

/** The rules of `gameId` in a dialog over the page. @param {string} gameId */
async function showRules(gameId) {
  const page = await Net.api("GET", "/api/games/" + encodeURIComponent(gameId) + "/rules?lang=" + lang());
  const old = document.getElementById("rules-dialog");
  if (old) old.remove();
  const title = t("learn.rules_of", { game: page.title });
  const dialog = h("dialog", { id: "rules-dialog", class: "rules-dialog", "aria-label": title },
    h("div", { class: "rules-head" }, h("strong", {}, title),
      page.learn ? h("a", { class: "button small primary", id: "rules-learn", href: "/?learn=" + encodeURIComponent(page.game),
        target: "_blank", rel: "noopener" }, t("learn.start")) : null,
      h("button", { type: "button", id: "rules-close", onclick: () => dialog.close() }, t("learn.close"))),
    h("article", { class: "rules-text", id: "rules-text", lang: page.lang, html: page.html }));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

/** Make a learn room for `gameId` (the learner's name: the one last used, else "You") and open it.
 * @param {string} gameId @param {(code: string) => void} go @param {(err: any) => void} showError */
async function startLearning(gameId, go, showError) {
  const nickname = (localStorage.getItem("kk.nickname") || "").trim() || t("learn.you");
  try {
    const made = await Net.api("POST", "/api/rooms", { learn: true, game: gameId, nickname });
    Net.Seats.put(made.code, { token: made.token, seat: made.seat });
    go(made.code);
  } catch (err) {
    showError(err);
  }
}

/** The home page's panel: every game's rules and its guided first game.  `/?learn=GAME` (the rules
 * dialog's link, opened beside a room's page) starts that game's guided first game at once.
 * @param {HTMLElement} root @param {import("./catalog").Catalog} catalog
 * @param {(code: string) => void} go @param {(err: any) => void} showError */
function renderHome(root, catalog, go, showError) {
  const title = (/** @type {import("./catalog").GameEntry} */ game) => (lang() === "ja" ? game.title_ja : game.title);
  const asked = new URLSearchParams(location.search).get("learn");
  if (asked && catalog.games.some((game) => game.id === asked)) {
    history.replaceState(null, "", "/");
    startLearning(asked, go, showError);
  }
  root.append(h("section", { class: "panel learn", id: "learn" },
    h("h2", {}, t("learn.title")), h("p", {}, t("learn.blurb")),
    h("ul", { class: "learn-games" }, catalog.games.map((game) => h("li", { dataset: { game: game.id } },
      h("span", { class: "learn-game" }, title(game)),
      h("button", { type: "button", class: "small", dataset: { rules: game.id },
        onclick: () => showRules(game.id).catch(showError) }, t("learn.rules")),
      h("button", { type: "button", class: "small primary", dataset: { learn: game.id },
        onclick: () => startLearning(game.id, go, showError) }, t("learn.start")))))));
}

/** The guide's panel over a learn room's table (`ctx.state.learn`), and the move's controls marked.
 * @param {HTMLElement} root
 * @param {import("./table.js").TableCtx} ctx */
function decorate(root, ctx) {
  const guide = ctx.state && ctx.state.learn;
  if (!guide) return;
  const rules = h("button", { type: "button", class: "small", id: "guide-rules", onclick: () => showRules(ctx.game) }, t("learn.rules"));
  const move = guide.move || "";  // a step always comes with its move
  let body;
  if (guide.step) {
    body = [h("p", { class: "guide-step", id: "guide-step" }, t("learn.step", { n: guide.step, of: guide.steps })),
      guide.step === 1 ? h("p", { class: "guide-intro" }, inLang(guide.intro)) : null,
      h("p", { class: "guide-why", id: "guide-why" }, inLang(guide.why)),
      h("p", { class: "guide-point" }, t("learn.point", { move: Compose.moveWords(move) }), " ",
        h("button", { type: "button", class: "primary", id: "guide-do", onclick: () => ctx.act(move) }, t("learn.do")))];
  } else if (guide.over) {
    body = h("p", { class: "guide-handover", id: "guide-handover" }, inLang(guide.handover));
  } else {
    body = [h("p", { class: "guide-intro" }, inLang(guide.intro)), h("p", { class: "guide-wait" }, t("learn.wait"))];
  }
  root.prepend(h("section", { class: "panel guide" + (guide.over ? " handover" : ""), id: "guide", "aria-live": "polite" }, body, rules));
  if (guide.step) mark(root, move);
}

/** Mark the table's controls for `move`: its button, or the cards it is made of that may be picked.
 * @param {HTMLElement} root @param {string} move */
function mark(root, move) {
  const table = root.querySelector("#table") || root;
  const buttons = [.../** @type {NodeListOf<HTMLElement>} */ (table.querySelectorAll("[data-action]"))].filter((el) => el.dataset.action === move);
  buttons.forEach((el) => el.classList.add("guide-target"));
  if (buttons.length) return;
  const cards = Compose.cardsIn(move);
  /** @type {NodeListOf<HTMLElement>} */ (table.querySelectorAll('[data-card][role="button"]')).forEach((el) => {
    if (cards.includes(el.dataset.card || "")) el.classList.add("guide-target");
  });
}

export { renderHome, decorate, showRules };
