// @ts-check
// The browser table's page: which screen to show (the lobby at `/`, a room at `/r/CODE`), the
// table connection's frames, the move log, the end of the game, and the language switch.
import * as Chat from "./chat.js";
import * as Compose from "./compose.js";
import * as GameList from "./gamelist.js";
import * as Games from "./games.js";
import * as Dom from "./dom.js";
import { I18N } from "./i18n.js";
import * as Learn from "./learn.js";
import * as Lobby from "./lobby.js";
import * as Net from "./net.js";
import * as Hash from "./sha256.js";
import * as Table from "./table.js";

const { h, clear, fill } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);

/** @typedef {import("./protocol").Room} Room */
/** @typedef {import("./protocol").StateFrame} StateFrame */
/** @typedef {import("./protocol").OverFrame} OverFrame */
/** @typedef {import("./protocol").ChatFrame} ChatFrame */
/** @typedef {import("./kit.js").Pick} Pick */
/**
 * The move this seat sent last and what became of it: `at` the seq of the state it answered,
 * `seq` the state its line stays for, `picked` the cards to give back if it is refused.
 * @typedef {{text: string, ref: number, at: number, status: string, picked: Pick[], reason: string | null, by: number | null, seq: number}} Pending
 */
/** @typedef {{text: string, kind: string, replay: boolean}} LogEntry */
/** @typedef {{text: string, seat: number | null, replay: boolean}} LastEvent */
/**
 * The page's state (one object, also window.KKApp for the browser tests).
 * @typedef {Object} AppState
 * @property {string | null} code the room shown (null: the lobby)
 * @property {string | null} token this seat's token in that room
 * @property {number | null} seat
 * @property {boolean} host
 * @property {Room | null} room
 * @property {StateFrame | null} state
 * @property {number} receivedAt when the state came (performance.now())
 * @property {OverFrame | null} over
 * @property {string | null} seedText the revealed seed's exact digits
 * @property {import("./net.js").TableSocket | null} socket
 * @property {boolean} online
 * @property {(() => void) | null | undefined} callNow
 * @property {(() => void) | null | undefined} goOn
 * @property {LogEntry[]} log
 * @property {boolean} following
 * @property {{seq: number | null, picked: Pick[]}} compose
 * @property {Pending | null} pending
 * @property {LastEvent | null} last
 * @property {ChatFrame[]} chat
 * @property {Set<number>} muted
 * @property {boolean} overShown
 * @property {boolean} sound
 * @property {boolean} myTurn
 * @property {AudioContext} [audio]
 * @property {Record<number, {emoji: string, until: number}>} [reactions]
 */

/** @type {AppState} */
const App = {
  code: null, token: null, seat: null, host: false, room: null, state: null, receivedAt: 0,
  over: null, seedText: null, socket: null, online: false, callNow: null, goOn: null, log: [], following: false,
  compose: { seq: null, picked: [] }, pending: null, last: null, chat: [], muted: new Set(), overShown: false,
  sound: localStorage.getItem("kk.sound") === "on", myTurn: false,
};
const TITLE = document.title;

/** An element the page's HTML (index.html) always has. @param {string} id */
const part = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const main = () => part("app");

/** A seat's name in the page's language: its person's nickname, else its bot's (a level in words). @param {number} seat */
function seatName(seat) {
  const info = App.room && App.room.seats[seat];
  if (!info) return t("seat.n", { n: seat });
  if (info.nickname) return info.nickname;
  if (!info.bot) return t("seat.n", { n: seat });
  return t("bot", { seat, name: I18N.has("bot." + info.bot) ? t("bot." + info.bot) : info.bot });
}

// -- messages to the person ----------------------------------------------------------------
/** A short notice in the corner. @param {string} text @param {"bad" | "warn"} [kind] */
function toast(text, kind) {
  const box = part("toast");
  const item = h("div", { class: "toast-item " + (kind || "") }, text);
  box.append(item);
  while (box.firstElementChild && box.children.length > 3) box.firstElementChild.remove();  // a burst of notices never covers the table
  setTimeout(() => item.remove(), 4500);
}

/** @param {any} err an ApiError, or anything thrown */
function showError(err) {
  toast(t("error.generic", { message: err.message || String(err) }) + (err.field ? " (" + err.field + ")" : ""), "bad");
}

/** The header, drawn again; a button of it that had the focus keeps it (Sound, the language). */
function header() {
  const active = document.activeElement;
  const focused = active && active.closest && active.closest("#bar") ? active.id : null;
  drawHeader();
  const again = focused ? document.getElementById(focused) : null;
  if (again) again.focus({ preventScroll: true });
}

function drawHeader() {
  const room = App.room;
  fill(part("bar"),
    h("a", { href: "/", class: "brand" }, "kakehiki ", h("span", { lang: "ja" }, "駆け引き")),
    room ? h("span", { class: "where" }, Lobby.gameTitle(room) + " · " + room.code) : null,
    room ? h("button", { type: "button", class: "small", id: "rules", onclick: () => Learn.showRules(room.game).catch(showError) }, t("learn.rules")) : null,
    App.code && App.socket ? h("span", { class: "net " + (App.online ? "up" : "down"), id: "net", title: App.online ? t("table.connected") : null },
      App.online ? "●" : t("table.reconnecting")) : null,
    App.code ? h("button", { type: "button", class: "sound small", id: "sound", title: t("sound.help"), "aria-pressed": App.sound ? "true" : "false",
      onclick: toggleSound }, t(App.sound ? "sound.on" : "sound.off")) : null,
    h("button", { type: "button", class: "lang", id: "lang", onclick: switchLanguage }, t("lang.switch")));
}

function toggleSound() {
  App.sound = !App.sound;
  localStorage.setItem("kk.sound", App.sound ? "on" : "off");
  if (App.sound) beep();
  header();
}

/** A short two-note chime (made here: no sound file to fetch). */
function beep() {
  try {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return;
    App.audio = App.audio || new Ctx();
    const ctx = App.audio;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = ctx.currentTime + i * 0.12;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.2);
    });
  } catch (err) { /* no sound here */ }
}

/** Your turn: said by the tab's title, and by a sound if the person turned it on. */
function announceTurn() {
  const s = App.state;
  // Your turn, not a call you may make (those come and go with every play; the call button pulses).
  const mine = !!(s && s.status === "playing" && App.seat !== null && s.legal.length > 0 && s.turn === App.seat);
  if (mine && !App.myTurn && App.sound) beep();
  App.myTurn = mine;
  document.title = mine ? t("table.title_turn") + " · " + TITLE : TITLE;
}

/** A line for screen readers: only new lines are spoken (the visible log is not a live region). @param {string} text */
function announce(text) {
  const box = document.getElementById("announce");
  if (!box || !text) return;
  box.append(h("p", {}, text));
  while (box.firstChild && box.childNodes.length > 3) box.firstChild.remove();
}

function switchLanguage() {
  I18N.set(I18N.lang === "ja" ? "en" : "ja");
  if (App.socket) {
    App.log = [];
    App.socket.setLang(I18N.lang);
  }
  route();
}

// -- screens -------------------------------------------------------------------------------
async function route() {
  header();
  const match = /^\/r\/([^/]+)\/?$/.exec(location.pathname);
  const root = clear(main());
  if (!match) {
    closeRoom();
    try {
      const catalog = await GameList.load();
      Lobby.renderHome(root, catalog, goToRoom, showError);
      Learn.renderHome(root, catalog, goToRoom, showError);
    } catch (err) {
      showError(err);
    }
    return;
  }
  const code = decodeURIComponent(match[1]).toUpperCase();
  if (App.code !== code) openRoom(code);
  else render();
}

/** @param {string} code */
function goToRoom(code) {
  history.pushState(null, "", "/r/" + encodeURIComponent(code));
  route();
}

/** @param {string} code */
async function openRoom(code) {
  closeRoom();
  App.code = code;
  const mine = Net.Seats.get(code);
  if (mine) return connect(code, mine.token);
  /** @type {Room} */
  let room;
  try {
    room = App.room = await Net.api("GET", "/api/rooms/" + encodeURIComponent(code));
  } catch (err) {
    fill(main(), h("p", { class: "panel bad", id: "no-room" }, t("room.no_room", { code })));
    return;
  }
  header();
  Lobby.renderJoin(clear(main()), room, () => {
    const seat = Net.Seats.get(code);  // renderJoin keeps the seat it took before it calls this
    connect(code, seat ? seat.token : null);
  }, () => connect(code, null), showError);
}

function closeRoom() {
  if (App.socket) App.socket.close();
  I18N.game = null;
  Object.assign(App, { code: null, token: null, seat: null, host: false, room: null, state: null, over: null, socket: null, log: [], following: false,
    compose: { seq: null, picked: [] }, pending: null, last: null, chat: [], overShown: false, myTurn: false });
  document.title = TITLE;
}

/** Open the table connection to room `code` (App.code), as the seat of `token` or a watcher (null). @param {string} code @param {string | null} token */
function connect(code, token) {
  App.token = token;
  App.socket = new Net.TableSocket(code, token, I18N.lang, onFrame, (up) => { App.online = up; header(); });
}

/** Which control had the keyboard's focus (its `data-focus`), to give it back after a redraw. */
function focusKey() {
  const el = /** @type {HTMLInputElement | null} */ (document.activeElement);
  if (!el || el === document.body || !el.dataset) return null;
  const key = el.dataset.focus || (el.id ? "#" + el.id : null);
  return key ? { key, start: el.selectionStart, end: el.selectionEnd } : null;
}

/** Give the focus back after a redraw: to the same control, else (a card just played) to one
 * of its kind, else to the table itself, never to the page's body. */
/** @param {{key: string, start: number | null, end: number | null} | null} was what focusKey() saw */
function restoreFocus(was) {
  if (!was) return;
  const all = [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("[data-focus]"))];
  const kind = was.key.split("-")[0];
  const el = /** @type {HTMLInputElement | null} */ ((was.key.startsWith("#") ? document.getElementById(was.key.slice(1)) : all.find((x) => x.dataset.focus === was.key))
    || all.find((x) => (x.dataset.focus || "").split("-")[0] === kind && !x.disabled) || document.getElementById("table"));
  if (!el || el.disabled) return;
  el.focus({ preventScroll: true });
  if (typeof was.start === "number" && typeof el.setSelectionRange === "function") {
    try { el.setSelectionRange(was.start, was.end); } catch (err) { /* not a text box */ }
  }
}

function render() {
  const focused = focusKey();
  header();
  const root = clear(main());
  if (!App.room || !App.state) return;
  /** @type {import("./table.js").RoomCtx} */
  const ctx = { room: App.room, seat: App.seat, host: App.host, seatName, send: (m) => App.socket && App.socket.send(m) };
  const chat = Chat.panel(chatCtx());
  if (App.state.status === "lobby") {
    Lobby.renderWaiting(root, ctx);
    root.append(chat);
    restoreFocus(focused);
    return;
  }
  I18N.game = App.room.game;
  if (!Games.ready(App.room.game)) {  // the game's renderer comes from its folder, once
    loadGame(App.room.game).then(render, showError);
    return;
  }
  const tableRoot = h("div", { id: "table", tabindex: "-1" });
  // Over: the results first (on a phone they would come far below the table), then the final table.
  const over = App.over ? overPanel(App.room, App.over) : null;
  if (over) root.append(over);
  root.append(h("div", { class: "play-area" }, tableRoot, h("div", { class: "side" }, logPanel(App.room), chat)));
  if (App.compose.seq !== App.state.seq) App.compose = { seq: App.state.seq, picked: [] };
  /** @type {import("./table.js").TableCtx} */
  const tableCtx = Object.assign(ctx, {
    game: App.room.game, state: App.state, receivedAt: App.receivedAt, act,
    compose: App.compose, pending: App.pending, redraw: render, last: App.last,
    reactions: App.reactions || {},
  });
  Table.renderTable(tableRoot, tableCtx);
  Learn.decorate(root, tableCtx);
  App.callNow = tableCtx.callNow;
  App.goOn = tableCtx.goOn;
  restoreFocus(focused);
  if (over && !App.overShown) {
    App.overShown = true;
    over.scrollIntoView({ block: "start" });
    const title = over.querySelector("h2");
    if (title && !focused) title.focus({ preventScroll: true });
  }
}

/** Load a game's renderer and words (named by /api/games, asked once). @param {string} id */
async function loadGame(id) {
  const catalog = await GameList.load();
  const entry = catalog.games.find((g) => g.id === id) || { id };
  return Games.load(entry);
}

function chatCtx() {
  return { room: App.room, seat: App.seat, seatName, lines: App.chat, muted: App.muted,
    send: (/** @type {Record<string, unknown>} */ m) => App.socket && App.socket.send(m), redraw: render };
}

/**
 * Send a whole move as the answer to the state shown (`at`: its seq), and show it pending at
 * once: the cards `picked` for it are kept, to be given back if the table refuses the move.
 * @param {string} text @param {Pick[]} [picked]
 */
function act(text, picked) {
  const menu = document.getElementById("menu");
  if (menu) menu.hidden = true;
  if (!App.state || !App.socket) return;
  const at = App.state.seq;
  const ref = App.socket.send({ type: "act", action: text, at });
  if (ref === null) {
    toast(t("pending.offline"), "bad");
    return;
  }
  App.pending = { text, ref, at, status: "sent", picked: picked || [], reason: null, by: null, seq: at };
  if (picked && picked.length) App.compose = { seq: at, picked: [] };
  render();
}

/** A notice about this seat's own answer: what became of the move pending (true when it was that move's). */
/** @param {import("./protocol").NoticeFrame} frame */
function answerNotice(frame) {
  const p = App.pending;
  if (!p || frame.replay || frame.seat !== App.seat) return false;
  const ours = frame.ref !== undefined && frame.ref !== null ? frame.ref === p.ref : frame.move === p.text;
  if (!ours || !["accepted", "refused", "too_late", "lost_priority"].includes(frame.kind)) return false;
  if (frame.kind === "accepted" && p.status === "made") return true;  // told after the table already made it
  p.status = frame.kind;
  p.reason = frame.kind === "refused" ? frame.text : null;
  p.by = frame.by === undefined ? null : frame.by;
  p.seq = frame.seq;
  if (frame.kind === "refused" && p.picked.length && App.state && App.state.seq === p.at) {
    App.compose = { seq: p.at, picked: p.picked.map((x) => Object.assign({}, x)) };  // the cards come back as they were picked
  }
  return true;
}

/** A pending move is made once the table moves on past the state it answered (a lost call is told before);
 * its line stays for that one state, and so does a refusal's or a late answer's. */
function settlePending() {
  const p = App.pending;
  if (!p || !App.state) return;
  if ((p.status === "sent" || p.status === "accepted") && App.state.seq > p.at) Object.assign(p, { status: "made", seq: App.state.seq });
  else if (App.state.seq > p.seq) App.pending = null;
}

// -- frames ----------------------------------------------------------------------------------
/** @param {import("./protocol").ServerFrame} frame @param {string} raw the frame as it came (the seed's exact text) */
function onFrame(frame, raw) {
  switch (frame.type) {
    case "welcome":
      App.room = frame.room; App.seat = frame.seat; App.host = frame.host; App.log = []; App.chat = [];  // both are sent again
      if (App.seat === null && App.token) forgetSeat();
      remember(frame.room);
      return;
    case "room":
      App.room = frame.room;
      remember(frame.room);
      if (frame.room.next && App.seat !== null && App.following) follow(frame.room.next);
      break;
    case "state":
      App.state = frame; App.receivedAt = performance.now();
      settlePending();
      announceTurn();
      break;
    case "event":
      addLog(frame);
      if (frame.text) App.last = { text: frame.text, seat: frame.event && typeof frame.event.seat === "number" ? frame.event.seat : null, replay: !!frame.replay };
      return;
    case "chat":
      onChat(frame);
      return;
    case "notice": {
      const mine = answerNotice(frame);
      addLog(frame, mine);
      noticeToast(frame, mine);
      if (mine) render();
      return;
    }
    case "over":
      App.over = frame; App.seedText = Net.seedText(raw);
      break;
    case "error":
      if (frame.code === "bad_token") {
        forgetSeat();
        if (App.socket) { App.socket.token = null; App.socket.send({ type: "hello", lang: I18N.lang }); }
        return;
      }
      toast(I18N.has("error." + frame.code) ? t("error." + frame.code) : frame.message, "bad");
      return;
    default:
      return;
  }
  render();
}

/** A line of chat or a reaction: kept (the latest 100), shown unless its seat is muted. */
/** @param {import("./protocol").ChatFrame} frame */
function onChat(frame) {
  App.chat.push(frame);
  if (App.chat.length > 100) App.chat.shift();
  if (App.muted.has(frame.seat)) return;
  if (frame.emoji && !frame.replay) {
    /** @type {NonNullable<AppState["reactions"]>} */
    const reactions = App.reactions || {};
    App.reactions = reactions;
    reactions[frame.seat] = { emoji: frame.emoji, until: performance.now() + 4000 };
    setTimeout(() => { if (reactions[frame.seat] && reactions[frame.seat].until <= performance.now()) { delete reactions[frame.seat]; render(); } }, 4100);
  }
  if (!frame.replay) announce(frame.emoji ? t("chat.reacted", { name: seatName(frame.seat), emoji: frame.emoji }) : seatName(frame.seat) + ": " + frame.text);
  const list = document.getElementById("chat-list");
  if (list && !frame.emoji) Chat.append(list, frame, chatCtx());
  else render();
}

function forgetSeat() {
  if (App.code) Net.Seats.forget(App.code);
  App.token = null;
  toast(t("error.token"), "bad");
}

/** Remember the commitment this page first saw for the room, to check the seed against at the end. @param {Room} room */
function remember(room) {
  const key = "kk.commit." + room.code;
  if (!localStorage.getItem(key)) localStorage.setItem(key, room.commitment);
}

/** A notice about this seat's own answer in the page's words (the server words the others). */
/** @param {import("./protocol").NoticeFrame} frame */
function noticeText(frame) {
  const move = Compose.moveWords(frame.move || "");
  const by = frame.by !== undefined && frame.by !== null ? seatName(frame.by) : null;
  switch (frame.kind) {
    case "accepted": return t("pending.accepted", { move });
    case "refused": return t("pending.refused", { move, reason: frame.text || "" });
    case "too_late": return t(by ? "pending.too_late_by" : "pending.too_late", { move, by, at: App.pending && App.pending.text === frame.move ? App.pending.at : "?" });
    case "lost_priority": return t(by ? "pending.lost_priority" : "pending.lost_priority_anon", { move, by });
    case "timed_out": return frame.move ? t("pending.timed_out", { move }) : frame.text;
    default: return frame.text;
  }
}

/** @param {import("./protocol").NoticeFrame} frame @param {boolean} mine */
function noticeToast(frame, mine) {
  if (frame.replay) return;
  const own = ["refused", "too_late", "lost_priority", "timed_out"].includes(frame.kind) && frame.seat === App.seat;
  const text = own ? noticeText(frame) : frame.text;
  if (frame.kind === "lost_priority" || frame.kind === "too_late") toast(text || t("notice.lost_priority"), "warn");
  else if (frame.kind === "refused") toast(text, "bad");
  else if (frame.kind === "timed_out" && frame.seat === App.seat) toast(text, "warn");
  else if (frame.kind === "accepted" && !mine) toast(noticeText(frame));
}

// -- the move log ------------------------------------------------------------------------------
/** @param {import("./protocol").EventFrame | import("./protocol").NoticeFrame} frame @param {boolean} [mine] */
function addLog(frame, mine) {
  if (!frame.text || (frame.type === "notice" && frame.kind === "accepted" && (mine || frame.replay))) return;
  const own = frame.type === "notice" && frame.seat === App.seat && ["accepted", "refused", "too_late", "lost_priority", "timed_out"].includes(frame.kind);
  App.log.push({ text: own ? noticeText(frame) : frame.text, kind: frame.type === "notice" ? frame.kind : "event", replay: !!frame.replay });
  if (App.log.length > 300) App.log.shift();
  if (!frame.replay) announce(App.log[App.log.length - 1].text);
  const list = document.getElementById("log-list");
  if (list) {
    list.append(logLine(App.log[App.log.length - 1]));
    list.scrollTop = list.scrollHeight;
  }
}

const logLine = (/** @type {LogEntry} */ entry) => h("li", { class: entry.kind + (entry.replay ? " replay" : "") }, entry.text);

/** @param {Room} room */
function logPanel(room) {
  // Not a live region: it is drawn anew with every frame; new lines are spoken through #announce.
  const list = h("ol", { id: "log-list", class: "log-list", tabindex: "0", "aria-label": t("table.log") }, App.log.map(logLine));
  setTimeout(() => { list.scrollTop = list.scrollHeight; }, 0);
  return h("aside", { class: "log" }, h("h3", {}, t("table.log")), list, Lobby.roomFacts(room));
}

// -- the end -----------------------------------------------------------------------------------
/** The columns that say how each place was decided, from the result and the final table's view.
 * @param {Room} room @param {Partial<import("./protocol").Result>} result
 * @returns {import("./kit.js").Column[]} */
function standingColumns(room, result) {
  const view = App.state && App.state.view ? App.state.view : {};
  const game = Games.of(room.game);
  const own = game.standings ? game.standings(view, result) : null;
  if (own) return own;
  const wins = (/** @type {number} */ seat) => (result.rounds || []).filter((r) => (r.winners || []).includes(seat)).length;
  const score = (/** @type {number} */ seat) => (result.scores ? String(result.scores[seat]) : "");
  return [[t("over.score"), score], [t("over.rounds"), (s) => String(wins(s))]];
}

/** The results, once the game is over. @param {Room} room @param {OverFrame} over */
function overPanel(room, over) {
  /** @type {Partial<import("./protocol").Result>} */
  const result = over.result || {};
  const ranks = result.ranks || [];
  const order = ranks.map((r, seat) => seat).sort((a, b) => ranks[a] - ranks[b]);
  const columns = standingColumns(room, result);
  const verdict = h("p", { class: "verdict", id: "verdict" }, t("over.checking"));
  checkSeed(verdict, room, over);
  const reveal = over.reveal;
  const game = room.game;
  return h("section", { class: "panel over", id: "over", "aria-labelledby": "over-title" },
    h("h2", { id: "over-title", tabindex: "-1" }, t("over.title")),
    h("p", { class: "winners" }, result.draw ? t("over.draw") : t("over.winner", { names: (result.winners || []).map(seatName).join(", ") })),
    I18N.hasIn(game, "over.how") ? h("p", { class: "how", id: "how" }, t("over.how")) : null,
    h("div", { class: "standings-wrap" }, h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, [t("over.rank"), t("over.seat")].concat(columns.map((c) => c[0])).map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, order.map((seat) => h("tr", { class: seat === App.seat ? "me" : "" },
        h("td", {}, String(ranks[seat])), h("th", { scope: "row" }, seatName(seat)),
        columns.map((c) => h("td", {}, c[1](seat)))))))),
    h("p", { class: "seed" }, t("over.seed", { seed: App.seedText || "?" }), " · " + t("over.salt") + " ", h("code", {}, reveal.salt)),
    verdict,
    h("div", { class: "over-actions" },
      h("a", { class: "button", id: "record", href: over.record, download: "kakehiki-" + App.code + ".json" }, t("over.record")),
      App.seat !== null ? h("button", { type: "button", class: "primary", id: "again", onclick: playAgain }, t("over.again")) : null,
      h("a", { class: "button", href: "/" }, t("over.lobby"))));
}

/** Whether the seed revealed is the one committed to when this page first saw the room.
 * @param {HTMLElement} verdict @param {Room} room @param {OverFrame} over */
function checkSeed(verdict, room, over) {
  const published = localStorage.getItem("kk.commit." + App.code) || room.commitment;
  const reveal = over.reveal;
  const ok = App.seedText !== null && Hash.commitment(App.seedText, reveal.salt) === published;
  verdict.textContent = ok ? t("over.fair") : t("over.unfair");
  verdict.classList.add(ok ? "good" : "bad");
  verdict.title = published;
}

function playAgain() {
  App.following = true;
  if (App.room && App.room.next) return follow(App.room.next);
  if (App.socket) App.socket.send({ type: "again" });
  toast(t("over.again_wait"));
}

/** Move to the next room of the same people: this seat's token is valid there too. @param {string} next */
function follow(next) {
  Net.Seats.put(next, { token: App.token, seat: App.seat });
  goToRoom(next);
}

// -- keys ----------------------------------------------------------------------------------------
document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement;
  if (typing || document.querySelector("dialog[open]")) return;  // the rules dialog: its own keys
  if (event.key === "Escape") {
    const menu = document.getElementById("menu");
    if (menu) menu.hidden = true;
  } else if (event.target instanceof HTMLButtonElement || (event.target instanceof Element && event.target.getAttribute("role") === "button")) {
    // a focused button or card answers its own keys
  } else if ((event.key === " " || event.code === "Space") && App.goOn) {
    event.preventDefault();
    App.goOn();
  } else if ((event.key === "d" || event.key === "D") && App.callNow && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    App.callNow();
  }
});

window.addEventListener("popstate", route);
window.KKApp = App;  // the page's state, for the browser tests and a curious person's console
export { App };
route();
