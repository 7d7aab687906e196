// @ts-check
// The table while a game is played: the seats, the field, your hand with its moves, the call
// button, the clocks and the move log.  A game whose moves take several cards (compose.js)
// lets the person pick cards and sends the whole move with one button; in the others a card
// with moves (of `state.legal`) is clickable.  Everything else is a button.
import * as Cards from "./cards.js";
import * as Compose from "./compose.js";
import * as Dom from "./dom.js";
import * as Games from "./games.js";
import { I18N } from "./i18n.js";
import * as Lobby from "./lobby.js";

const { h, fill } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
/** @type {Record<string, string>} */
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** An action text split into its verb, its card tokens and the rest (`suit=H`, `*2`, `stock`).
 * @param {string} text @returns {Action} */
function parseAction(text) {
  const tokens = text.split(" ");
  const rest = tokens.slice(1);
  return { text, verb: tokens[0], cards: rest.filter(Cards.isCard), extras: rest.filter((/** @type {string} */ x) => !Cards.isCard(x)) };
}

/** @param {string} extra a word of a move that is not a card (`suit=H`, `top=S4`, `revolution`) */
function extraLabel(extra) {
  const [key, value] = extra.split("=");
  if (key === "suit") return t("act.suit", { suit: SUIT_SIGNS[value] || value });
  if (key === "top" && value) return t("act.top_card", { card: Cards.label(value, I18N.lang) });
  if (extra === "revolution") return t("act.revolution");
  return extra;
}

/**
 * The words on a move's button, in the page's language (the game's own words where it has them).
 * @param {import("./kit.js").Renderer} game
 * @param {import("./kit.js").Action} action
 * @param {boolean} withCards
 * @param {any} view
 */
function actionLabel(game, action, withCards, view) {
  const { verb, cards, extras } = action;
  const own = game.actionLabel ? game.actionLabel(action, view) : null;
  if (own !== null) return own;
  let base;
  if (verb === "take" && extras[0] === "stock") return t("act.take_stock");
  else base = I18N.has("act." + verb) ? t("act." + verb) : verb;
  const parts = [base];
  if (withCards) parts.push(cards.map((c) => Cards.label(c, I18N.lang)).join(" "));
  return parts.concat(extras.map(extraLabel)).filter(Boolean).join(" ");
}

/** A clock's bar, kept moving by tickClocks().
 * @param {"window" | "turn"} kind @param {number | null | undefined} ms the time left when the state came @param {number} receivedAt */
function countdown(kind, ms, receivedAt) {
  if (ms === null || ms === undefined) return null;
  const bar = h("div", { class: "clock " + kind, dataset: { until: String(receivedAt + ms), total: String(Math.max(ms, 1)) } },
    h("span", { class: "clock-label" }, t(kind === "window" ? "table.window" : "table.turn_clock")),
    h("span", { class: "clock-bar" }, h("span", { class: "clock-fill" })),
    h("span", { class: "clock-text" }, (ms / 1000).toFixed(1) + "s"));
  return bar;
}

/** Keep every countdown on the page moving (the server sends the time left only with each state). */
function tickClocks() {
  const now = performance.now();
  /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".clock")).forEach((el) => {
    const left = Math.max(0, Number(el.dataset.until) - now);
    const fill = /** @type {HTMLElement} */ (el.querySelector(".clock-fill"));
    fill.style.width = Math.min(100, (100 * left) / Number(el.dataset.total)) + "%";
    // clock() builds each .clock with its .clock-text
    /** @type {HTMLElement} */ (el.querySelector(".clock-text")).textContent = (left / 1000).toFixed(1) + "s";
    el.classList.toggle("urgent", left < 1500);
  });
}
setInterval(tickClocks, 100);

/** Whether two picks are the same card of the same place (a hand may hold two copies of a face). */
const samePick = (/** @type {Pick} */ a, /** @type {Pick} */ b) => a.where === b.where && a.idx === b.idx;

/** @typedef {import("./kit.js").Pick} Pick */
/** @typedef {import("./kit.js").Action} Action */
/** @typedef {import("./protocol").StateFrame} StateFrame */
/**
 * What the table itself reads of a game's view (every game's view.d.ts has these): this seat's
 * hand (null: watching), every hand's size, and the playing order where the game reseats.
 * @typedef {{hand: string[] | null, hand_sizes: number[], order?: number[]}} TableView
 */

/**
 * What a room's screens get from the page (the lobby's waiting room too): the room, this seat
 * (null: watching), whether it hosts, a seat's name, and `send(message)` (its ref, null when offline).
 * @typedef {Object} RoomCtx
 * @property {import("./protocol").Room} room
 * @property {number | null} seat
 * @property {boolean} host
 * @property {(seat: number) => string} seatName
 * @property {(message: Record<string, unknown>) => number | null} send
 */

/**
 * What the table gets besides (see renderTable); it sets `callNow` and `goOn` for the page's keys.
 * @typedef {RoomCtx & {
 *   game: string, state: StateFrame, receivedAt: number,
 *   act: (text: string, picked?: Pick[]) => void,
 *   compose: {seq: number | null, picked: Pick[]},
 *   pending: import("./app.js").Pending | null,
 *   redraw: () => void,
 *   last: import("./app.js").LastEvent | null,
 *   reactions: Record<number, {emoji: string, until: number}>,
 *   callNow?: (() => void) | null,
 *   goOn?: (() => void) | null,
 * }} TableCtx
 */

/**
 * Draw the table into `root`.  `ctx` holds the game id, the room, this seat, the last state
 * frame (and when it came), `act(text, picked)` to send a move, `compose` (the cards picked
 * for the move being made, kept by the page across redraws), `pending` (the last move sent and
 * what became of it) and `redraw()`.
 */
/** @param {HTMLElement} root @param {TableCtx} ctx */
function renderTable(root, ctx) {
  const frame = ctx.state;
  const view = /** @type {TableView | null} */ (frame.view);  // the frame types it unknown: it is the game's
  const game = Games.of(ctx.game);
  const offer = Compose.offer(game, frame);
  const CALLS = game.calls || [];
  const composer = offer.game;
  const composing = composer !== null && offer.composing;  // offer.composing: composer is not null
  const actions = frame.legal.map(parseAction);
  const calls = actions.filter((a) => CALLS.includes(a.verb));
  const hand = view && view.hand ? view.hand : null;
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const picked = composing ? ctx.compose.picked : [];
  const pending = ctx.pending && ctx.pending.at === frame.seq && (ctx.pending.status === "sent" || ctx.pending.status === "accepted") ? ctx.pending : null;
  const pickable = offer.pickable();
  const hints = composing ? offer.hints(picked) : null;
  // The Go on answer to a window: every person may send it, with a call of their own or none.
  const goOn = seated && frame.window === true && frame.status === "playing" && (frame.legal.length === 0 || frame.legal.includes("pass"));

  // The single actions of the games whose moves are single actions (Dobon): a card with moves is clickable.
  /** @type {Map<string, Action[]>} */
  const byCard = new Map();
  /** @type {Action[]} */
  const loose = [];
  if (!offer.game) {
    for (const action of actions) {
      if (CALLS.includes(action.verb) || (goOn && action.text === "pass")) continue;
      if (action.cards.length === 1) {
        const list = byCard.get(action.cards[0]) || [];
        list.push(action);
        byCard.set(action.cards[0], list);
      } else loose.push(action);
    }
  }
  /** @type {Set<string>} */
  const placed = new Set();
  const menu = h("div", { class: "menu", id: "menu", hidden: true, role: "menu" });

  /** The menu of a card's moves. @param {Element} anchor @param {Action[]} list */
  function openMenu(anchor, list) {
    fill(menu, h("div", { class: "menu-title" }, t("table.choose")),
      ...list.map((a) => h("button", { type: "button", class: "move", dataset: { action: a.text }, onclick: () => ctx.act(a.text) }, actionLabel(game, a, true, view))),
      h("button", { type: "button", class: "cancel", onclick: () => { menu.hidden = true; } }, t("table.cancel")));
    menu.hidden = false;
    const box = anchor.getBoundingClientRect();
    menu.style.left = Math.max(4, Math.min(window.innerWidth - 240, box.left)) + "px";
    menu.style.top = Math.max(4, box.top - 8) + "px";
    const first = menu.querySelector("button");
    if (first) first.focus();
  }

  /** Pick a card for the move being made, or put it back (Million Doubt: face up, face down, back). */
  /** @param {Pick} pick */
  function toggle(pick) {
    const list = ctx.compose.picked;
    const at = list.findIndex((p) => samePick(p, pick));
    if (at < 0) list.push(Object.assign({ how: "up" }, pick));
    else if (composer !== null && composer.cycle && pick.where === "hand" && list[at].how === "up") list[at].how = "down";
    else list.splice(at, 1);
    ctx.redraw();
  }

  /** @param {HTMLElement} el @param {string} label @param {() => void} choose */
  function asButton(el, label, choose) {
    el.classList.add("playable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.addEventListener("click", choose);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); choose(); } });
    return el;
  }

  /** A card element: picked for the move being made (composing games), or with its moves on it (Dobon).
   * @param {string | null} code @param {{class?: string, pick?: boolean} | null | undefined} attrs
   * @param {string} where `hand`, `field` or `pool` @param {number | string} [idx] */
  function cardWithMoves(code, attrs, where, idx) {
    const el = Dom.card(code, { class: (attrs && attrs.class) || "card" });
    if (!code || idx === undefined) return el;
    el.dataset.focus = where + "-" + idx;
    if (composing) {
      const fromPool = composer.fromPool && composer.fromPool(frame);
      if ((where === "pool") !== !!fromPool) return el;
      if (pickable && !pickable.has(code)) return el;
      const pick = { where, idx, code };
      const mine = picked.find((p) => samePick(p, pick));
      if (pending && pending.picked.some((p) => samePick(p, pick))) el.classList.add("pending");
      if (mine) {
        el.classList.add("picked", mine.how === "down" ? "down" : "up");
        if (composer.cycle && where === "hand") el.append(h("span", { class: "badge" }, t(mine.how === "down" ? "move.badge_down" : "move.badge_up")));
      } else if (hints && hints.has(code)) el.classList.add("hint");
      else if (hints && picked.length) el.classList.add("unhinted");
      const name = Cards.label(code, I18N.lang);
      asButton(el, mine ? t("move.unpick", { card: name }) : t("move.pick", { card: name }), () => toggle(pick));
      el.setAttribute("aria-pressed", mine ? "true" : "false");
      return el;
    }
    const list = where === "hand" || (attrs && attrs.pick) ? byCard.get(code) : null;
    if (!list || !list.length) return el;
    placed.add(code);
    if (list.length === 1) el.dataset.action = list[0].text;
    return asButton(el, list.map((a) => actionLabel(game, a, true, view)).join(" / "),
      () => (list.length === 1 ? ctx.act(list[0].text) : openMenu(el, list)));
  }

  /** @type {Map<string | null, number>} */
  const poolSeen = new Map();
  /** @type {import("./kit.js").CardCtx} */
  const cardCtx = {
    card: (code, attrs) => {
      if (!(attrs && attrs.pick)) return cardWithMoves(code, attrs, "field");
      const n = poolSeen.get(code) || 0;  // the n-th copy of this face among the picked-from cards
      poolSeen.set(code, n + 1);
      return cardWithMoves(code, attrs, "pool", code + "." + n);
    },
    seatName: ctx.seatName,
    official: ctx.room.options.official !== false,
  };

  // The seats in playing order where the game has one (official Dobon reseats the table).
  const count = view ? view.hand_sizes.length : ctx.room.seats.length;
  const order = view && Array.isArray(view.order) && view.order.length === count ? view.order : [...Array(count).keys()];
  const last = ctx.last && ctx.last.seat !== null ? ctx.last.seat : null;
  const seats = h("div", { class: "seats", id: "seats" }, order.map((seat) => {
    const info = ctx.room.seats[seat];
    const turn = frame.turn === seat;
    const n = view ? view.hand_sizes[seat] : null;
    const reaction = ctx.reactions && ctx.reactions[seat];
    return h("div", { class: "seat" + (turn ? " turn" : "") + (seat === ctx.seat ? " me" : "") + (info.away ? " away" : "") + (seat === last ? " last" : ""),
      dataset: { seat: String(seat) } },
    h("div", { class: "seat-name" }, presence(info), ctx.seatName(seat), seat === ctx.seat ? " (" + t("table.you") + ")" : ""),
    h("div", { class: "seat-facts" },
      view ? h("span", { class: "hand-size" }, (n === 1 ? t("table.cards_one") : t("table.cards", { n }))) : null,
      turn ? h("span", { class: "chip strong" }, t("table.turn")) : null,
      seat === last ? h("span", { class: "chip last-chip" }, t("table.last_mark")) : null,
      info.replaced ? h("span", { class: "chip warn" }, t("room.bot_plays", { level: Lobby.botWord(String(ctx.room.settings.fill_bot)) })) : info.away ? h("span", { class: "chip warn" }, t("room.away")) : null,
      view ? game.seat(view, seat, cardCtx) : null),
    reaction ? h("span", { class: "reaction", "aria-hidden": "true" }, reaction.emoji) : null);
  }));
  const centre = view ? game.centre(view, cardCtx) : h("div", { class: "field" });
  const lastLine = ctx.last ? h("p", { class: "last-move", id: "last-move" }, t("table.last", { text: ctx.last.text })) : null;
  const total = typeof frame.hand_total === "number"
    ? h("span", { class: "chip total", id: "hand-total" }, I18N.tIn(ctx.game, game.totalKey || "table.total", { n: frame.hand_total })) : null;

  // Your hand: cards picked for the move are raised; the ones a move in the making set apart (older views) are shown apart.
  const making = view && game.making ? game.making(view).slice() : [];
  const handEl = hand ? h("div", { class: "hand" + (composing ? " composing" : ""), id: "hand", role: "group", "aria-label": t("table.hand") }, hand.map((code, i) => {
    const el = cardWithMoves(code, null, "hand", i);
    const j = making.indexOf(code);
    if (j >= 0) { making.splice(j, 1); el.classList.add("raised"); }
    return el;
  })) : null;
  const apart = making.length ? h("div", { class: "making" }, h("span", { class: "count" }, t("info.making")),
    h("span", { class: "card-row small" }, making.map((c) => Dom.card(c)))) : null;

  // The whole move made of the cards picked: one button per way to end it (take the stock or a card, a suit…).
  const proposals = composing ? composer.proposals(picked, view, frame) : [];
  const sendButtons = proposals.map((p, i) => {
    const ok = offer.complete ? offer.composed(p.text) : p.guess !== false;
    if (!ok && !p.primary) return null;
    return h("button", { type: "button", class: "send" + (p.primary ? " primary" : ""), id: i === 0 ? "send" : null, disabled: !ok,
      title: Compose.moveWords(p.text), dataset: Object.assign({ focus: "send-" + i }, ok ? { action: p.text } : {}),
      onclick: () => ctx.act(p.text, picked.slice()) }, p.label);
  });
  const clearButton = picked.length ? h("button", { type: "button", class: "small clear", id: "clear", dataset: { focus: "clear" },
    onclick: () => { ctx.compose.picked = []; ctx.redraw(); } }, t("move.clear")) : null;
  const composeHint = composing ? h("div", { class: "compose-hint", id: "compose-hint" },
    picked.length ? Compose.moveWords(proposals[0].text) : t(composer.fromPool && composer.fromPool(frame) ? "move.hint_pool" : composer.cycle ? "move.hint_cycle" : "move.hint_pick")) : null;

  const singleTexts = offer.game ? offer.singles.filter((m) => !CALLS.includes(m.split(" ")[0]) && !(goOn && m === "pass")) : [];
  const singles = offer.game ? singleTexts.map(parseAction) : loose.concat(actions.filter((a) => a.cards.length === 1 && !placed.has(a.cards[0]) && !CALLS.includes(a.verb) && !(goOn && a.text === "pass")));
  const bar = h("div", { class: "actions", id: "actions" }, sendButtons, clearButton, singles.map((a) => h("button", { type: "button", class: "move",
    dataset: { action: a.text, focus: "act-" + a.text }, onclick: () => ctx.act(a.text) },
  a.cards.length && !placed.has(a.cards[0]) ? [Dom.card(a.cards[0], { class: "card tiny" }), " "] : null,
  actionLabel(game, a, !a.cards.length || placed.has(a.cards[0]), view))));

  const callButton = calls.length ? h("button", { type: "button", class: "call", id: "call", dataset: Object.assign({ focus: "call" }, calls.length === 1 ? { action: calls[0].text } : {}),
    onclick: (/** @type {MouseEvent & {currentTarget: HTMLElement}} */ e) => (calls.length === 1 ? ctx.act(calls[0].text) : openMenu(e.currentTarget, calls)) },
  t("call." + calls[0].verb), h("small", {}, " " + t("call.key"))) : null;
  const goOnButton = goOn ? h("button", { type: "button", class: "go-on", id: "go-on", dataset: { action: "pass", focus: "go-on" },
    onclick: () => ctx.act("pass") }, t("move.go_on"), h("small", {}, " " + t("move.go_on_key"))) : null;

  const prompt = h("div", { class: "prompt", id: "prompt" }, promptText(ctx, frame, calls.length > 0),
    goOn || offeredOutOfTurn(ctx, frame) ? countdown("window", frame.window_ms, ctx.receivedAt) : null,
    countdown("turn", frame.turn_ms, ctx.receivedAt));

  fill(root, h("div", { class: "table" + (calls.length ? " can-call" : "") },
    seats, h("div", { class: "centre" }, centre, lastLine), prompt, pendingLine(ctx),
    h("div", { class: "controls" }, callButton, goOnButton, bar), composeHint,
    seated && frame.status === "playing" ? h("p", { class: "key-hint", id: "key-hint" }, t(CALLS.length ? "table.key_hint" : "table.key_hint_plain")) : null, apart,
    total ? h("div", { class: "hand-head" }, total) : null, handEl, menu));
  markArrivals(root, frame);
  ctx.callNow = calls.length === 1 ? () => ctx.act(calls[0].text) : calls.length && callButton ? () => callButton.click() : null;
  ctx.goOn = goOn ? () => ctx.act("pass") : null;
}

/** A seat's presence: a person here or away, a bot. @param {import("./protocol").Seat} info */
function presence(info) {
  if (info.bot) return null;
  const away = info.away || info.replaced;
  return h("span", { class: "presence " + (away ? "away" : "here"), title: t(away ? "room.away" : "presence.here"),
    "aria-label": t(away ? "room.away" : "presence.here"), role: "img" }, "● ");
}

/** The cards that came onto the field since the last state drawn are shown moving in. */
/** @type {{seq: number | null, cards: (string | undefined)[]}} */
let seen = { seq: null, cards: [] };
/** @param {HTMLElement} root @param {StateFrame} frame */
function markArrivals(root, frame) {
  const els = [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".centre [data-card]"))];
  const codes = els.map((el) => el.dataset.card);
  if (seen.seq !== null && frame.seq !== seen.seq) {
    const before = seen.cards.slice();
    els.forEach((el, i) => {
      const at = before.indexOf(codes[i]);
      if (at >= 0) before.splice(at, 1);
      else el.classList.add("arrived");
    });
  }
  if (seen.seq !== frame.seq) seen = { seq: frame.seq, cards: codes };
}

/** The last move sent and what became of it, in the page's words. @param {TableCtx} ctx */
function pendingLine(ctx) {
  const p = ctx.pending;
  if (!p) return h("div", { class: "pending", id: "pending", hidden: true });
  const move = Compose.moveWords(p.text);
  const by = p.by !== null && p.by !== undefined ? ctx.seatName(p.by) : null;
  let text;
  if (p.status === "sent") text = t("pending.sent", { move });
  else if (p.status === "accepted") text = t(ctx.state.window ? "pending.accepted_window" : "pending.accepted", { move });
  else if (p.status === "made") text = t("pending.made", { move });
  else if (p.status === "refused") text = t("pending.refused", { move, reason: p.reason || "" });
  else if (p.status === "too_late") text = t(by ? "pending.too_late_by" : "pending.too_late", { move, at: p.at, by });
  else if (p.status === "lost_priority") text = t(by ? "pending.lost_priority" : "pending.lost_priority_anon", { move, by });
  else text = move;
  return h("div", { class: "pending " + p.status, id: "pending", role: "status", dataset: { status: p.status, move: p.text } }, text);
}

/** A window's countdown matters to a seat only while it is offered a move out of turn (every
 * room is paced by windows, so that the pace tells nobody who could have called).
 * @param {TableCtx} ctx @param {StateFrame} frame */
function offeredOutOfTurn(ctx, frame) {
  return frame.legal.length > 0 && frame.turn !== ctx.seat && typeof frame.window_ms === "number" && frame.window_ms > 0;
}

/** @param {TableCtx} ctx @param {StateFrame} frame @param {boolean} canCall */
function promptText(ctx, frame, canCall) {
  if (frame.status === "over") return h("strong", {}, t("table.game_over"));
  if (frame.legal.length && frame.turn === ctx.seat) return h("strong", {}, t("table.your_turn"));
  if (canCall || frame.legal.length) return h("strong", {}, t("table.your_call"));
  if (frame.turn !== null && frame.turn !== undefined) return h("span", {}, t("table.waiting", { name: ctx.seatName(frame.turn) }));
  return h("span", {}, t("table.everyone"));
}

export { renderTable, parseAction, actionLabel };
