// @ts-check
// The room's chat: short lines and quick reactions from the seats (spectators read only), each
// shown as text (never markup), and a mute per person that this page alone keeps.
import * as Dom from "./dom.js";
import { I18N } from "./i18n.js";

const { h } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
const REACTIONS = ["👍", "👏", "😂", "😮", "😅", "🤔", "🎉", "🙏"];
const MAX = 200;
let draft = "";

/** @typedef {import("./protocol").ChatFrame} ChatFrame */
/**
 * What the chat gets from the page: the lines kept, the seats muted (this page only), this seat
 * (null: watching), a seat's name, `send(message)` (its ref, null when offline) and `redraw()`.
 * @typedef {Object} ChatCtx
 * @property {number | null} seat
 * @property {(seat: number) => string} seatName
 * @property {ChatFrame[]} lines
 * @property {Set<number>} muted
 * @property {(message: Record<string, unknown>) => number | null | undefined} send
 * @property {() => void} redraw
 */

/** One chat line: the name (a button that mutes or unmutes that person), then the text.
 * @param {ChatFrame} frame @param {ChatCtx} ctx */
function line(frame, ctx) {
  const name = ctx.seatName(frame.seat);
  const own = frame.seat === ctx.seat;
  return h("li", { class: "chat-line" + (frame.replay ? " replay" : ""), dataset: { seat: String(frame.seat) } },
    own ? h("strong", {}, name) : h("button", { type: "button", class: "link", title: t("chat.mute", { name }),
      "aria-label": t("chat.mute", { name }), onclick: () => { ctx.muted.add(frame.seat); ctx.redraw(); } }, name),
    ": ", frame.emoji ? h("span", { class: "emoji" }, frame.emoji) : frame.text);
}

/** A new line at the end of the list shown (the latest 100 kept). @param {HTMLElement} list @param {ChatFrame} frame @param {ChatCtx} ctx */
function append(list, frame, ctx) {
  list.append(line(frame, ctx));
  while (list.firstChild && list.childNodes.length > 100) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

/** The chat panel: its lines, reactions and the line being written. @param {ChatCtx} ctx */
function panel(ctx) {
  const shown = ctx.lines.filter((f) => !ctx.muted.has(f.seat));
  const list = h("ol", { class: "chat-list", id: "chat-list", tabindex: "0", "aria-label": t("chat.title") }, shown.map((f) => line(f, ctx)));
  setTimeout(() => { list.scrollTop = list.scrollHeight; }, 0);
  const muted = [...ctx.muted];
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  let form = null;
  if (seated) {
    const input = h("input", { type: "text", id: "chat-input", name: "chat", maxlength: MAX, value: draft, autocomplete: "off",
      placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"), dataset: { focus: "chat-input" },
      oninput: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => { draft = e.target.value; } });
    form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (/** @type {Event} */ e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (ctx.send({ type: "chat", text }) !== null) { draft = ""; input.value = ""; }
    } }, input, h("button", { type: "submit", class: "small", dataset: { focus: "chat-send" } }, t("chat.send")));
  }
  return h("section", { class: "chat", id: "chat", "aria-label": t("chat.title") },
    h("h3", {}, t("chat.title")),
    seated ? h("div", { class: "reactions", id: "reactions" }, REACTIONS.map((emoji, i) => h("button", { type: "button", class: "react small",
      title: t("chat.react", { emoji }), "aria-label": t("chat.react", { emoji }), dataset: { focus: "react-" + i },
      onclick: () => ctx.send({ type: "react", emoji }) }, emoji))) : null,
    list, form,
    seated ? null : h("p", { class: "help" }, t("chat.watching")),
    muted.length ? h("p", { class: "muted-list" }, t("chat.muted", { names: "" }), muted.map((seat) => h("button", { type: "button", class: "small",
      dataset: { focus: "unmute-" + seat }, onclick: () => { ctx.muted.delete(seat); ctx.redraw(); } }, t("chat.unmute", { name: ctx.seatName(seat) })))) : null);
}

export { panel, append, REACTIONS };
