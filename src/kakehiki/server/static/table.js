// The table while a game is played: the seats, the field, your hand with its moves, the call
// button, the clocks and the move log.  It offers exactly the actions of `state.legal` (the
// server's list for this seat): a card with moves is clickable, everything else is a button.
"use strict";
(function () {
  const { h, clear, fill } = window.KKDom;
  const t = (key, fields) => window.KKI18N.t(key, fields);
  const CALLS = ["dobon", "doubt"];
  const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  /** An action text split into its verb, its card tokens and the rest (`suit=H`, `*2`, `stock`). */
  function parseAction(text) {
    const tokens = text.split(" ");
    const rest = tokens.slice(1);
    return { text, verb: tokens[0], cards: rest.filter(window.KKCards.isCard), extras: rest.filter((x) => !window.KKCards.isCard(x)) };
  }

  function extraLabel(extra) {
    const [key, value] = extra.split("=");
    if (key === "suit") return t("act.suit", { suit: SUIT_SIGNS[value] || value });
    if (key === "top" && value) return t("act.top_card", { card: window.KKCards.label(value, window.KKI18N.lang) });
    if (extra === "revolution") return t("act.revolution");
    return extra;
  }

  /** The words on a move's button, in the page's language. */
  function actionLabel(game, action, withCards, view) {
    const { verb, cards, extras } = action;
    let base;
    if (game === "million-doubt" && verb === "play") {
      const down = extras.find((x) => x.startsWith("*"));
      const shown = view && view.laying && view.laying.length > 0;
      base = down ? t(shown ? "act.play_down" : "act.play_down_only", { n: down.slice(1) }) : t("act.play_shown");
      return [base].concat(extras.filter((x) => !x.startsWith("*")).map(extraLabel)).join(" · ");
    }
    if (game === "dhumbal" && verb === "show") base = t("act.show_hand");
    else if (verb === "take" && extras[0] === "stock") return t("act.take_stock");
    else base = window.KKI18N.has("act." + verb) ? t("act." + verb) : verb;
    const parts = [base];
    if (withCards) parts.push(cards.map((c) => window.KKCards.label(c, window.KKI18N.lang)).join(" "));
    return parts.concat(extras.map(extraLabel)).filter(Boolean).join(" ");
  }

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
    document.querySelectorAll(".clock").forEach((el) => {
      const left = Math.max(0, Number(el.dataset.until) - now);
      const fill = el.querySelector(".clock-fill");
      fill.style.width = Math.min(100, (100 * left) / Number(el.dataset.total)) + "%";
      el.querySelector(".clock-text").textContent = (left / 1000).toFixed(1) + "s";
      el.classList.toggle("urgent", left < 1500);
    });
  }
  setInterval(tickClocks, 100);

  /**
   * Draw the table into `root`.  `ctx` holds the game id, the room, this seat, the last state
   * frame (and when it came), the log lines, and `act(text)` to send a move.
   */
  function renderTable(root, ctx) {
    const frame = ctx.state;
    const view = frame.view;
    const game = window.KKGames.of(ctx.game);
    const actions = frame.legal.map(parseAction);
    const calls = actions.filter((a) => CALLS.includes(a.verb));
    const hand = view && view.hand ? view.hand : null;
    const handSet = new Set(hand || []);
    const byCard = new Map();
    const loose = [];
    for (const action of actions) {
      if (CALLS.includes(action.verb)) continue;
      if (action.cards.length === 1) {
        const list = byCard.get(action.cards[0]) || [];
        list.push(action);
        byCard.set(action.cards[0], list);
      } else loose.push(action);
    }
    const placed = new Set();
    const menu = h("div", { class: "menu", id: "menu", hidden: true, role: "menu" });

    function openMenu(anchor, list) {
      fill(menu, h("div", { class: "menu-title" }, t("table.choose")),
        ...list.map((a) => h("button", { type: "button", class: "move", dataset: { action: a.text }, onclick: () => ctx.act(a.text) }, actionLabel(ctx.game, a, true, view))),
        h("button", { type: "button", class: "cancel", onclick: () => { menu.hidden = true; } }, t("table.cancel")));
      menu.hidden = false;
      const box = anchor.getBoundingClientRect();
      menu.style.left = Math.max(4, Math.min(window.innerWidth - 240, box.left)) + "px";
      menu.style.top = Math.max(4, box.top - 8) + "px";
      const first = menu.querySelector("button");
      if (first) first.focus();
    }

    /** A card element; with moves on it (and `pick` or in the hand) it becomes a button. */
    function cardWithMoves(code, attrs, inHand) {
      const list = code && (inHand || (attrs && attrs.pick)) ? byCard.get(code) : null;
      const el = window.KKDom.card(code, { class: (attrs && attrs.class) || "card" });
      if (!list || !list.length) return el;
      placed.add(code);
      el.classList.add("playable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      if (list.length === 1) el.dataset.action = list[0].text;
      el.setAttribute("aria-label", list.map((a) => actionLabel(ctx.game, a, true, view)).join(" / "));
      const choose = () => (list.length === 1 ? ctx.act(list[0].text) : openMenu(el, list));
      el.addEventListener("click", choose);
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); choose(); } });
      return el;
    }

    const cardCtx = {
      card: (code, attrs) => cardWithMoves(code, attrs, false),
      seatName: ctx.seatName,
      official: ctx.room.options.official !== false,
    };

    const seats = h("div", { class: "seats" }, (view ? view.hand_sizes : ctx.room.seats).map((_, seat) => {
      const info = ctx.room.seats[seat];
      const turn = frame.turn === seat;
      return h("div", { class: "seat" + (turn ? " turn" : "") + (seat === ctx.seat ? " me" : "") + (info.away ? " away" : ""), dataset: { seat: String(seat) } },
        h("div", { class: "seat-name" }, ctx.seatName(seat), seat === ctx.seat ? " (" + t("table.you") + ")" : ""),
        h("div", { class: "seat-facts" },
          view ? h("span", { class: "hand-size" }, "🂠 " + t("table.cards", { n: view.hand_sizes[seat] })) : null,
          turn ? h("span", { class: "chip strong" }, t("table.turn")) : null,
          info.replaced ? h("span", { class: "chip warn" }, t("room.bot_plays")) : info.away ? h("span", { class: "chip warn" }, t("room.away")) : null,
          view ? game.seat(view, seat, cardCtx) : null));
    }));

    const centre = view ? game.centre(view, cardCtx) : h("div", { class: "field" });

    // Your hand: cards being made into a move are raised; the ones not in the hand any more are shown apart.
    const making = view && game.making ? game.making(view).slice() : [];
    const handEl = hand ? h("div", { class: "hand", id: "hand", "aria-label": t("table.hand") }, hand.map((code) => {
      const el = cardWithMoves(code, null, true);
      const i = making.indexOf(code);
      if (i >= 0) { making.splice(i, 1); el.classList.add("raised"); }
      return el;
    })) : null;
    const apart = making.length ? h("div", { class: "making" }, h("span", { class: "count" }, t("info.making")),
      h("span", { class: "card-row small" }, making.map((c) => window.KKDom.card(c)))) : null;

    const buttons = loose.concat(actions.filter((a) => a.cards.length === 1 && !placed.has(a.cards[0]) && !CALLS.includes(a.verb)));
    const bar = h("div", { class: "actions", id: "actions" }, buttons.map((a) => h("button", { type: "button", class: "move", dataset: { action: a.text },
      onclick: () => ctx.act(a.text) }, a.cards.length && !placed.has(a.cards[0]) ? [window.KKDom.card(a.cards[0], { class: "card tiny" }), " "] : null, actionLabel(ctx.game, a, !a.cards.length || placed.has(a.cards[0]), view))));

    const callButton = calls.length ? h("button", { type: "button", class: "call", id: "call", dataset: calls.length === 1 ? { action: calls[0].text } : {},
      onclick: (e) => (calls.length === 1 ? ctx.act(calls[0].text) : openMenu(e.currentTarget, calls)) },
    t("call." + calls[0].verb), h("small", {}, " " + t("call.key"))) : null;

    const prompt = h("div", { class: "prompt", id: "prompt" }, promptText(ctx, frame, calls.length > 0),
      offeredOutOfTurn(ctx, frame) ? countdown("window", frame.window_ms, ctx.receivedAt) : null,
      countdown("turn", frame.turn_ms, ctx.receivedAt));

    fill(root, h("div", { class: "table" + (calls.length ? " can-call" : "") },
      seats, h("div", { class: "centre" }, centre), prompt,
      h("div", { class: "controls" }, callButton, bar), apart, handEl, menu));
    ctx.callNow = calls.length === 1 ? () => ctx.act(calls[0].text) : calls.length ? () => callButton.click() : null;
  }

  /** A window's countdown matters to a seat only while it is offered a move out of turn (every
   * room is paced by windows, so that the pace tells nobody who could have called). */
  function offeredOutOfTurn(ctx, frame) {
    return frame.legal.length > 0 && frame.turn !== ctx.seat && frame.window_ms !== null && frame.window_ms > 0;
  }

  function promptText(ctx, frame, canCall) {
    if (frame.legal.length && frame.turn === ctx.seat) return h("strong", {}, t("table.your_turn"));
    if (canCall || frame.legal.length) return h("strong", {}, t("table.your_call"));
    if (frame.turn !== null && frame.turn !== undefined) return h("span", {}, t("table.waiting", { name: ctx.seatName(frame.turn) }));
    return h("span", {}, t("table.everyone"));
  }

  window.KKTable = { renderTable, parseAction, actionLabel };
})();
