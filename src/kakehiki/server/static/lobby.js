// @ts-check
// The lobby: make a room (game, a rule set and its house rules, seats, bots, clocks), join
// one by its code, and the waiting room before the host starts the game.
import * as Dom from "./dom.js";
import * as GameList from "./gamelist.js";
import { I18N } from "./i18n.js";
import * as Net from "./net.js";
import * as Options from "./options.js";

const { h } = Dom;
/** @type {typeof I18N.t} */
const t = (key, fields) => I18N.t(key, fields);
const ja = () => I18N.lang === "ja";
/** A field of a form this module built (so it is there), by its name. @param {Element} form @param {string} name */
const named = (form, name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.querySelector(`[name="${name}"]`));

/** @typedef {import("./catalog").Catalog} Catalog */
/** @typedef {import("./catalog").GameEntry} GameEntry */
/** @typedef {import("./protocol").Room} Room */

/** A bot's name in words: its level in the page's language, a strategy's technical name as it is. @param {string} name */
function botWord(name) {
  return I18N.has("bot." + name) ? t("bot." + name) : name;
}

/** A game's (or a room's) title in the page's language. @param {{title: string, title_ja: string}} game */
function gameTitle(game) {
  return ja() ? game.title_ja : game.title;
}

/** A labelled field. @param {string} label @param {HTMLElement} input @param {string} [help] */
function field(label, input, help) {
  return h("label", { class: "field" }, h("span", { class: "field-label" }, label), input,
    help ? h("small", { class: "help" }, help) : null);
}

/** @param {string} name @param {import("./catalog").Clock} clock */
function clockInput(name, clock) {
  return h("input", { type: "text", name: "clock-" + name, value: clock.default === null ? "" : String(clock.default),
    size: 5, inputmode: "decimal", placeholder: t("lobby.off"), dataset: { clock: name } });
}

/** Each seat: yours, open, or a bot's. @param {GameEntry} game @param {number} players @param {number} you */
function seatRows(game, players, you) {
  const bots = game.levels.concat(game.bots.filter((b) => !game.levels.includes(b)));
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const choice = seat === you
      ? h("span", { class: "you" }, t("lobby.seat_you"))
      : h("select", { name: "seat-" + seat, dataset: { seat: String(seat) }, "aria-label": t("lobby.seat_n", { n: seat + 1 }) },
        h("option", { value: "" }, t("lobby.seat_open")),
        bots.map((b) => h("option", { value: b }, "🤖 " + botWord(b))));
    rows.push(h("div", { class: "seat-row" },
      h("input", { type: "radio", name: "you", value: String(seat), checked: seat === you, "aria-label": t("lobby.seat_you") + " " + (seat + 1) }),
      h("span", { class: "seat-no" }, "#" + (seat + 1)), choice));
  }
  return rows;
}

/** The home page: make a room, or join one by code. `go(code, seat)` opens the room.
 * @param {HTMLElement} root @param {Catalog} catalog @param {(code: string) => void} go @param {(err: any) => void} showError */
function renderHome(root, catalog, go, showError) {
  const games = catalog.games;
  const form = h("form", { class: "panel new-room", id: "new-room" });
  const first = games[0];  // the catalog's first game
  /** @type {import("./options.js").RulesState & {game: GameEntry, players: number | null, you: number, nickname: string, rulesOpen: boolean}} */
  const state = { game: first, players: null, you: 0, base: first.rule_sets[0].id, values: Options.valuesOf(first),
    nickname: localStorage.getItem("kk.nickname") || "", rulesOpen: false, advancedOpen: false };

  /** @param {string} id */
  function pickGame(id) {
    const game = /** @type {GameEntry} */ (games.find((g) => g.id === id));  // the list offers only these
    Object.assign(state, { game, players: null, you: 0, base: game.rule_sets[0].id, values: Options.valuesOf(game) });
    draw();
  }

  /** @param {string} id */
  function pickRules(id) {
    Object.assign(state, { base: id, values: Options.valuesOf(state.game, id) });
    draw();
  }

  function draw() {
    const game = state.game;
    const players = state.players || game.players.default;
    const rules = h("details", { class: "rules", open: state.rulesOpen || null,
      ontoggle: (/** @type {Event} */ e) => { if (e.target === rules) state.rulesOpen = rules.open; } },
    h("summary", {}, t("lobby.rules")),
    Options.optionRows(game, state, players, (name, value) => { state.values[name] = value; redrawRuleSet(); }));
    const clocks = h("details", { class: "clocks" }, h("summary", {}, t("lobby.clocks")),
      field(t("lobby.reaction"), clockInput("reaction", catalog.clocks.reaction)),
      field(t("lobby.turn"), clockInput("turn", catalog.clocks.turn)),
      field(t("lobby.grace"), clockInput("grace", catalog.clocks.grace)),
      field(t("lobby.pace"), clockInput("pace", catalog.clocks.pace)),
      field(t("lobby.fill_bot"), h("select", { name: "fill_bot" },
        game.levels.map((b) => h("option", { value: b, selected: b === "normal" }, botWord(b))))));
    Dom.fill(form,
      h("h2", {}, t("lobby.new")),
      field(t("lobby.game"), h("select", { name: "game", onchange: (/** @type {Dom.EventOn<HTMLSelectElement>} */ e) => pickGame(e.target.value) },
        games.map((g) => h("option", { value: g.id, selected: g === game }, gameTitle(g))))),
      h("div", { class: "field rule-set", id: "rule-set" }, h("span", { class: "field-label" }, t("lobby.rule_set")),
        Options.ruleSetPicker(game, state, pickRules)),
      field(t("lobby.players"), h("input", { type: "number", name: "players", min: game.players.min, max: game.players.max,
        value: players, onchange: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => { state.players = clampPlayers(game, e.target.value); state.you = 0; draw(); } })),
      field(t("lobby.nickname"), h("input", { type: "text", name: "nickname", maxlength: 24, required: true,
        value: state.nickname, autocomplete: "nickname", oninput: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => { state.nickname = e.target.value; } })),
      // the change comes from one of its inputs (the seat radios and the bots' lists)
      h("fieldset", { class: "seat-choice", onchange: (/** @type {Dom.EventOn<HTMLInputElement | HTMLSelectElement>} */ e) => {
        if (e.target.name === "you") { state.you = Number(e.target.value); draw(); }
      } }, h("legend", {}, t("lobby.seats")), seatRows(game, players, state.you)),
      rules, clocks,
      h("button", { type: "submit", class: "primary", id: "create" }, t("lobby.create")));
  }

  /** After an option changed: the picker says which rule set this is now, or "custom". */
  function redrawRuleSet() {
    const holder = /** @type {HTMLElement} */ (form.querySelector("#rule-set"));  // draw() made it
    Dom.fill(holder, h("span", { class: "field-label" }, t("lobby.rule_set")),
      Options.ruleSetPicker(state.game, state, pickRules));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = state.game;
    const nickname = named(form, "nickname").value.trim();
    localStorage.setItem("kk.nickname", nickname);
    /** @type {Record<string, string>} */
    const bots = {};
    /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll("[data-seat]")).forEach((sel) => { if (sel.value) bots[String(sel.dataset.seat)] = sel.value; });
    /** @type {Record<string, string | number | null>} */
    const clocks = { fill_bot: named(form, "fill_bot").value };
    /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("[data-clock]")).forEach((input) => {
      const text = input.value.trim();
      clocks[String(input.dataset.clock)] = text === "" ? null : /^auto$/i.test(text) ? "auto" : Number(text);
    });
    const body = Object.assign({ game: game.id, players: state.players || game.players.default },
      Options.request(game, state), { clocks, bots, nickname, seat: state.you });
    try {
      const made = await Net.api("POST", "/api/rooms", body);
      Net.Seats.put(made.code, { token: made.token, seat: made.seat });
      go(made.code);
    } catch (err) {
      showError(err);
    }
  });

  const join = h("form", { class: "panel join-room", id: "join-room", onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    const code = named(join, "code").value.trim().toUpperCase();
    if (code) go(code);
  } }, h("h2", {}, t("lobby.join")),
  field(t("lobby.code"), h("input", { type: "text", name: "code", maxlength: 8, autocapitalize: "characters", required: true })),
  h("button", { type: "submit" }, t("lobby.join_button")));

  draw();
  root.append(h("p", { class: "tagline" }, t("app.tagline")), h("div", { class: "lobby" }, form, join));
}

/** @param {GameEntry} game @param {string} value */
function clampPlayers(game, value) {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.max(game.players.min, Math.min(game.players.max, n)) : game.players.default;
}

/** A visitor of /r/CODE with no seat here yet: take a free seat, or watch.
 * @param {HTMLElement} root @param {Room} room @param {() => void} onJoined @param {() => void} onWatch @param {(err: any) => void} showError */
function renderJoin(root, room, onJoined, onWatch, showError) {
  const free = room.status === "lobby" && room.seats.some((s) => s.nickname === null && s.bot === null);
  const form = h("form", { class: "panel", id: "join-form", onsubmit: async (/** @type {Event} */ event) => {
    event.preventDefault();
    const nickname = named(form, "nickname").value.trim();
    localStorage.setItem("kk.nickname", nickname);
    try {
      const joined = await Net.api("POST", "/api/rooms/" + room.code + "/join", { nickname });
      Net.Seats.put(room.code, { token: joined.token, seat: joined.seat });
      onJoined();
    } catch (err) {
      showError(err);
    }
  } },
  h("h2", {}, t("room.join_title", { code: room.code }) + " — " + gameTitle(room)),
  free ? [field(t("lobby.nickname"), h("input", { type: "text", name: "nickname", maxlength: 24, required: true,
    value: localStorage.getItem("kk.nickname") || "" })),
  h("button", { type: "submit", class: "primary", id: "join" }, t("lobby.join_button"))] : null,
  h("button", { type: "button", id: "watch", onclick: onWatch }, t("lobby.watch_button")));
  root.append(form);
}

/** The room before the start: who sits where (and who is here), the invite link, and the host's Start button.
 * @param {HTMLElement} root @param {import("./table.js").RoomCtx} ctx */
function renderWaiting(root, ctx) {
  const room = ctx.room;
  const link = location.origin + "/r/" + room.code;
  const linkBox = h("input", { type: "text", id: "invite-text", readonly: true, value: link, class: "invite-text",
    "aria-label": t("room.invite"), onfocus: (/** @type {Dom.EventOn<HTMLInputElement>} */ e) => e.target.select() });
  const said = h("span", { class: "copy-said", id: "copy-said", role: "status" });
  const copy = h("button", { type: "button", class: "small", id: "copy", dataset: { focus: "copy" }, onclick: async () => {
    // The clipboard API needs a secure page (https or localhost): on a LAN address, select the link for a manual copy.
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("no answer")), 1500));
        await Promise.race([navigator.clipboard.writeText(link), late]);
        done = true;
      }
    } catch (err) { done = false; }
    if (!done) {
      linkBox.focus();
      linkBox.select();
      try { done = document.execCommand("copy"); } catch (err) { done = false; }
    }
    said.textContent = done ? t("room.copied") : t("room.copy_failed");
  } }, t("room.copy"));
  root.append(h("section", { class: "panel waiting" },
    h("h2", {}, gameTitle(room) + " — " + t("room.title", { code: room.code })),
    h("p", { class: "invite" }, h("span", { class: "field-label" }, t("room.invite") + ": "), h("a", { href: link, id: "invite" }, link)),
    h("p", { class: "invite-copy" }, linkBox, " ", copy, " ", said),
    h("ol", { class: "waiting-seats" }, room.seats.map((s) => h("li", { dataset: { seat: String(s.seat) } },
      ctx.seatName(s.seat), s.seat === ctx.seat ? " (" + t("room.you") + ")" : "", " ", seatPresence(s),
      s.nickname === null && s.bot === null && ctx.seat !== null
        ? h("button", { type: "button", class: "small", dataset: { focus: "sit-" + s.seat }, onclick: () => ctx.send({ type: "sit", seat: s.seat }) }, t("room.sit")) : null))),
    ctx.host ? h("button", { type: "button", class: "primary", id: "start", dataset: { focus: "start" }, onclick: () => ctx.send({ type: "start" }) }, t("room.start"))
      : h("p", {}, ctx.seat === null ? t("room.watching") : t("room.wait_host")),
    roomFacts(room)));
}

/** Whether a seat's person is here (connected), away, or not come yet; a bot; a free seat.
 * @param {import("./protocol").Seat} s */
function seatPresence(s) {
  if (s.bot) return h("span", { class: "chip presence-chip bot" }, t("presence.bot"));
  if (s.nickname === null) return h("span", { class: "chip presence-chip free" }, t("room.free"));
  if (s.here) return h("span", { class: "chip presence-chip here" }, "● " + t("presence.here"));
  return h("span", { class: "chip presence-chip away" }, "○ " + t(s.away ? "room.away" : "presence.not_yet"));
}

/** The options and clocks in force, and the seed's commitment. @param {Room} room */
function roomFacts(room) {
  const clocks = Object.entries(room.settings).map(([k, v]) =>
    (I18N.has("lobby." + k) ? t("lobby." + k) : k) + " " + (v === null ? t("lobby.off") : v));
  const known = GameList.known();
  const game = known ? known.games.find((g) => g.id === room.game) : null;
  const set = game ? Options.matchingSet(game, room.options) : null;
  const named = game ? " — " + (set ? Options.setName(set) : t("lobby.custom")) : "";
  return h("details", { class: "facts" }, h("summary", {}, t("room.options") + named),
    h("ul", {}, Object.entries(room.options).map(([k, v]) => h("li", { dataset: { option: k } },
      game ? Options.describe(game, k, v) : h("code", {}, k + " = " + JSON.stringify(v))))),
    h("p", {}, t("room.clocks") + ": " + clocks.join(" · ")),
    h("p", { class: "commitment" }, t("room.commitment") + ": ", h("code", {}, room.commitment)));
}

export { renderHome, renderJoin, renderWaiting, roomFacts, gameTitle, botWord };
